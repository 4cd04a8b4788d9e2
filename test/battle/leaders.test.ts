/**
 * Leaders (11) on small battles built with ./helpers.ts. What section 11 says of them, in short: a
 * leader is no combat unit, has no zone of control, is costed as cavalry when he moves, is not counted
 * against the stacking limit, may not go alone into a hex in an enemy ZOC (one holding a friendly unit
 * is allowed), and when an enemy unit comes into a hex where he stands alone he is put with the
 * nearest friendly unit. (Dying on a 1 when left alone, and the return rated 1, are in
 * command.test.ts.)
 *
 * In the engine: leaderStepCost and the leaderEnter mask of commandMasks (command.ts) are his step
 * costs, moveLeaders takes a formation leader up to LEADER_MOVEMENT (6) MP toward the unit hex in the
 * middle of his formation, and checkLeaders puts a leader found with the enemy on the nearest friendly
 * unit with no die roll. Overall and wing commanders never move (the project's abstraction of the
 * halved movement on a turn he gives orders, docs/rules/age-of-rifles.md).
 */
import { describe, expect, it } from 'vitest';
import { fixStacking } from '../../src/rules/aor/battle/ai.js';
import { checkLeaders, LEADER_MOVEMENT, leaderStepCost, moveLeaders } from '../../src/rules/aor/battle/command.js';
import { checkBattleInvariants } from '../../src/rules/aor/battle/invariants.js';
import { enterCost, reachable } from '../../src/rules/aor/battle/movement.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { compileBattle } from '../../src/rules/aor/battle/compile.js';
import { AOR_OPTIONS, aorOptions } from '../../src/rules/aor/options.js';
import { battleScenarioSchema } from '../helpers.js';
import { battle, CLEAR_ROWS, hexName, mapWith, scenarioData, ScriptedDice, type BattleDesc, type Built } from './helpers.js';

const WOODS = 3; // HEX_TERRAIN index (movement.ts)

/** A woods belt down column 2 of a 9 x 5 map: every way from column 1 to column 3 enters a woods hex. */
const WOODS_BELT = mapWith(9, 5, Object.fromEntries([0, 1, 2, 3, 4].map((r) => [`2,${r}`, 'W'])));

/** The index (in c.leaders) of the leader with this id. */
const leader = (t: Built, id: string) => {
  const i = t.c.leaders.findIndex((l) => l.id === id);
  if (i < 0) throw new Error(`no leader ${id}`);
  return i;
};

/** Step cost for a leader of `side` from one hex to the adjacent one. */
function stepOf(t: Built, side: 0 | 1, from: string, to: string): number {
  const d = t.grid.directionTo(t.h(from), t.h(to));
  expect(d).toBeGreaterThanOrEqual(0);
  return leaderStepCost(t.b, side)(t.h(from), d, t.h(to));
}

describe('11 a leader moves as cavalry', () => {
  it('entering woods costs him 4 MP, as it costs cavalry (infantry pays 2); clear costs 1', () => {
    const t = battle({
      map: WOODS_BELT,
      formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '1,2' } }],
      units: [
        { id: 'a', side: 0, at: '1,2', orders: 'defend', formation: 'F' },
        { id: 'z', side: 1, at: '8,0' },
      ],
    });
    expect(t.map.terrain[t.h('2,2')]).toBe(WOODS);
    expect(stepOf(t, 0, '1,2', '2,2')).toBe(4);
    expect(enterCost(WOODS, false)).toBe(4);
    expect(enterCost(WOODS, true)).toBe(2);
    expect(stepOf(t, 0, '1,2', '1,1')).toBe(1);
    expect(LEADER_MOVEMENT).toBe(6); // a cavalry allowance
  });

  it('5.2: along a road he pays 1/2 MP a hex, and a stream crossed without a bridge +2 on top (a bridge nothing)', () => {
    const desc = (bridged: boolean) =>
      battle({
        map: CLEAR_ROWS(9, 5),
        roads: ['1,2 2,2 3,2'],
        streams: ['2,2/E'],
        bridges: bridged ? ['2,2/E'] : [],
        formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '1,2' } }],
        units: [
          { id: 'a', side: 0, at: '1,2', orders: 'defend', formation: 'F' },
          { id: 'z', side: 1, at: '8,0' },
        ],
      });
    const ford = desc(false);
    expect(stepOf(ford, 0, '1,2', '2,2')).toBe(0.5);
    expect(stepOf(ford, 0, '2,2', '3,2')).toBe(2.5);
    // The table the range and move fields read says the same.
    const d = ford.grid.directionTo(ford.h('2,2'), ford.h('3,2'));
    expect(ford.map.leaderSteps[ford.h('2,2') * 6 + d]).toBe(2.5);
    expect(stepOf(desc(true), 0, '2,2', '3,2')).toBe(0.5);
  });

  const fourHexesOff = (map: string) =>
    battle({
      map,
      formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '0,2' } }],
      units: [
        { id: 'a', side: 0, at: '4,2', orders: 'defend', formation: 'F' },
        { id: 'z', side: 1, at: '8,0' },
      ],
    });

  it('on clear ground he joins his unit four hexes away in one move (4 MP of his 6)', () => {
    const t = fourHexesOff(CLEAR_ROWS(9, 5));
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('4,2');
  });

  it('across the woods belt the same move costs him 1 + 4 + 1 + 1 = 7 MP, over his 6 (infantry costs would make it 5): he stays', () => {
    const t = fourHexesOff(WOODS_BELT);
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('0,2');
  });

  it('a road through the woods is paid at the road rate whatever the orders (5.2): he gets through', () => {
    const t = battle({
      map: WOODS_BELT,
      roads: ['0,2 1,2 2,2 3,2 4,2'],
      formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '0,2' } }],
      units: [
        { id: 'a', side: 0, at: '4,2', orders: 'defend', formation: 'F' },
        { id: 'z', side: 1, at: '8,0' },
      ],
    });
    expect(stepOf(t, 0, '1,2', '2,2')).toBe(0.5);
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('4,2');
  });
});

describe('11 a leader projects no zone of control', () => {
  const desc = (friendAt: string | null): BattleDesc => ({
    map: CLEAR_ROWS(9, 5),
    formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '3,2' } }],
    units: [
      { id: 'a', side: 0, at: friendAt ?? '0,0', orders: 'defend', formation: 'F' },
      // Defend orders: E may not enter an enemy ZOC (12.2), so any ZOC around 3,2 would stop it.
      { id: 'E', side: 1, at: '6,2', orders: 'defend' },
    ],
  });

  it('the ZOC counts around a lone leader are all 0', () => {
    const t = battle(desc(null));
    for (let d = 0; d < 6; d++) {
      const n = t.grid.neighbor(t.h('3,2'), d);
      expect(t.b.zoc[0][n], hexName(t.grid, n)).toBe(0);
      expect(t.b.inEnemyZoc(1, n)).toBe(false);
    }
  });

  it('an enemy unit barred from ZOCs walks up to him and on past his hex as if he were not there', () => {
    const t = battle(desc(null));
    const reach = reachable(t.b, t.u('E'), false)!;
    expect(reach[t.h('4,2')]).toBe(2); // next to the leader
    expect(reach[t.h('3,2')]).toBe(3); // his own hex
    expect(reach[t.h('2,2')]).toBe(4); // beyond him
  });

  it('a combat unit in his place would stop it: the hexes next to it are closed to E', () => {
    const t = battle(desc('3,2'));
    expect(t.b.zoc[0][t.h('4,2')]).toBe(1);
    const reach = reachable(t.b, t.u('E'), false)!;
    expect(reach[t.h('4,2')]).toBe(Infinity);
  });
});

describe('11 a leader does not count for stacking', () => {
  const stack: BattleDesc = {
    map: CLEAR_ROWS(7, 5),
    formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '2,2' } }],
    units: [
      { id: 'a', side: 0, at: '2,2', orders: 'defend', formation: 'F' },
      { id: 'b', side: 0, at: '2,2', orders: 'defend', formation: 'F' },
      { id: 'z', side: 1, at: '6,2' },
    ],
  };

  it('two units and their leader in one hex is a legal set-up and a legal end of movement (5.3)', () => {
    const t = battle(stack);
    expect(t.b.count[t.h('2,2')]).toBe(2);
    expect(t.b.leaderPos[leader(t, 'L')]).toBe(t.h('2,2'));
    t.b.phasing = 0;
    expect(() => checkBattleInvariants(t.b, t.res(), 'after movement')).not.toThrow();
    const res = t.res();
    fixStacking(t.b, 0, res);
    expect([t.pos('a'), t.pos('b')]).toEqual([t.h('2,2'), t.h('2,2')]);
    expect(res.sides[0].unitsEliminated).toBe(0);
  });

  it('a third unit is what breaks the limit: the scenario check refuses it', () => {
    const bad = { ...stack, units: [...stack.units, { id: 'c', side: 0 as const, at: '2,2', orders: 'defend' as const, formation: 'F' }] };
    expect(() => battle(bad)).toThrow(/stacking limit is 2/);
  });

  it('moving onto a hex that already holds two units is open to him', () => {
    const t = battle({ ...stack, formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '0,2' } }] });
    moveLeaders(t.b, 0);
    expect(t.b.leaderPos[leader(t, 'L')]).toBe(t.h('2,2'));
    expect(t.b.count[t.h('2,2')]).toBe(2);
  });
});

describe('11 a leader never moves alone into an enemy ZOC', () => {
  /**
   * A 9 x 3 map. Enemy units at 3,0 and 3,2 close column 3 (3,1 lies in both their ZOCs): every way from
   * the west half to the east half enters a hex of their ZOC. The leader L starts at 0,1; his unit a
   * stands six clear hexes east along row 1, at 6,1: a full move of 6 MP when nothing is in the way.
   */
  const barrier = (extra: BattleDesc['units'] = [], enemy = true): BattleDesc => ({
    map: CLEAR_ROWS(9, 3),
    formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '0,1' } }],
    units: [
      { id: 'a', side: 0, at: '6,1', orders: 'defend', formation: 'F' },
      ...extra,
      ...(enemy
        ? [
            { id: 'E1', side: 1 as const, at: '3,0' },
            { id: 'E2', side: 1 as const, at: '3,2' },
          ]
        : [{ id: 'E', side: 1 as const, at: '8,0' }]),
    ],
  });

  it('his step into an empty hex in enemy ZOC costs Infinity; into one a friendly unit holds, the usual 1', () => {
    const t = battle(barrier([{ id: 'f', side: 0, at: '2,1', orders: 'defend', formation: 'G' }]));
    expect(t.b.inEnemyZoc(0, t.h('2,0'))).toBe(true);
    expect(stepOf(t, 0, '1,0', '2,0')).toBe(Infinity); // empty
    expect(t.b.inEnemyZoc(0, t.h('2,1'))).toBe(true);
    expect(stepOf(t, 0, '1,1', '2,1')).toBe(1); // held by f
    expect(stepOf(t, 0, '0,1', '1,1')).toBe(1); // out of any ZOC
  });

  it('without the enemy the six hexes to his unit are one move (6 MP): he joins it', () => {
    const t = battle(barrier([], false));
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('6,1');
  });

  it('with the way through 3,1 closed by enemy ZOC he does not move at all (no friendly hex nearer his unit is open to him)', () => {
    const t = battle(barrier());
    expect(t.b.inEnemyZoc(0, t.h('3,1'))).toBe(true);
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('0,1');
  });

  it('friendly units holding 2,1 and 3,1 open the way: he goes through their ZOC hexes and joins his unit', () => {
    const t = battle(
      barrier([
        { id: 'f', side: 0, at: '2,1', orders: 'defend', formation: 'G' },
        { id: 'g', side: 0, at: '3,1', orders: 'defend', formation: 'G' },
      ]),
    );
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('6,1');
  });

  it('he may enter a ZOC hex a friendly unit holds: his own unit in contact with the enemy', () => {
    const t = battle({
      map: CLEAR_ROWS(9, 5),
      formations: [{ id: 'F', leader: { id: 'L', rating: 2, at: '0,2' } }],
      units: [
        { id: 'a', side: 0, at: '3,2', orders: 'defend', formation: 'F' },
        { id: 'E', side: 1, at: '4,2' },
      ],
    });
    expect(t.b.inEnemyZoc(0, t.h('3,2'))).toBe(true);
    moveLeaders(t.b, 0);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('3,2');
  });

  it('overall and wing commanders stay where they start (commanders do not move)', () => {
    const data = scenarioData({
      map: CLEAR_ROWS(9, 5),
      units: [
        { id: 'a', side: 0, at: '6,2', orders: 'defend', formation: 'F' },
        { id: 'z', side: 1, at: '8,4' },
      ],
    }) as { sides: Record<string, unknown>[] };
    data.sides[0].commanders = [
      { id: 'OC', rating: 3, at: '0,2', role: 'oc' },
      { id: 'WC', rating: 2, at: '0,4', role: 'wc', formations: ['F'] },
    ];
    const sc = battleScenarioSchema.parse(data) as unknown as BattleScenario & { options: Record<string, unknown> };
    const c = compileBattle(sc, aorOptions(resolveOptions(AOR_OPTIONS, sc.options)));
    c.workspace.reset();
    moveLeaders(c.workspace, 0);
    expect(Array.from(c.workspace.leaderPos)).toEqual([c.map.grid.index(0, 2), c.map.grid.index(0, 4)]);
  });
});

describe('11 a lone leader whose hex an enemy unit enters goes to the nearest friendly unit', () => {
  /** L alone at 4,2; his formation's units at 2,2 (two hexes off) and 0,0; enemy z at 7,2. */
  const lone = (): BattleDesc => ({
    map: CLEAR_ROWS(9, 5),
    supplyRule: false,
    first: 1,
    formations: [
      { id: 'F', leader: { id: 'L', rating: 2, at: '4,2' } },
      { id: 'G', objective: '4,2' },
    ],
    units: [
      // Reserve: L himself cannot move (12.2), so only the enemy can change where he is.
      { id: 'a', side: 0, at: '2,2', orders: 'reserve', formation: 'F' },
      { id: 'b', side: 0, at: '0,0', orders: 'reserve', formation: 'F' },
      // March orders toward the leader's hex: z walks in and does not fight.
      { id: 'z', side: 1, at: '7,2', orders: 'march', formation: 'G' },
    ],
  });

  it('checkLeaders: put with the nearest friendly unit, no die rolled, not lost', () => {
    const t = battle(lone());
    const L = leader(t, 'L');
    t.b.moveTo(t.u('z'), t.h('4,2'));
    t.b.computeZoc();
    const res = t.res();
    checkLeaders(t.b, new ScriptedDice({}), res); // any die would throw
    expect(hexName(t.grid, t.b.leaderPos[L])).toBe('2,2');
    expect(t.b.leaderLeftAlone[L]).toBe(0);
    expect(res.sides[0].leadersLost).toBe(0);
  });

  it('the nearest friendly unit is any formation\'s: a unit of another formation one hex off comes before his own two off', () => {
    const desc = lone();
    desc.formations!.push({ id: 'H' });
    desc.units.push({ id: 'c', side: 0, at: '5,2', orders: 'reserve', formation: 'H' }, { id: 'd', side: 0, at: '3,3', orders: 'reserve', formation: 'H' });
    const t = battle(desc);
    const L = leader(t, 'L');
    t.b.moveTo(t.u('z'), t.h('4,2'));
    t.b.computeZoc();
    checkLeaders(t.b, new ScriptedDice({}), t.res());
    // 3,3 and 5,2 are both one hex off, both H's: the lower hex on the tie.
    expect(hexName(t.grid, t.b.leaderPos[L])).toBe(hexName(t.grid, Math.min(t.h('5,2'), t.h('3,3'))));
  });

  it('of friendly units equally near, one of his own formation', () => {
    const desc = lone();
    desc.formations!.push({ id: 'H' });
    // H's c at 4,0 and F's a at 2,2 are both two hexes from 4,2, and c's hex is the lower: only the tie rule puts him with a.
    desc.units.push({ id: 'c', side: 0, at: '4,0', orders: 'reserve', formation: 'H' });
    const t = battle(desc);
    const L = leader(t, 'L');
    expect(t.grid.distance(t.h('4,2'), t.h('4,0'))).toBe(2);
    expect(t.h('4,0')).toBeLessThan(t.h('2,2'));
    t.b.moveTo(t.u('z'), t.h('4,2'));
    t.b.computeZoc();
    checkLeaders(t.b, new ScriptedDice({}), t.res());
    expect(hexName(t.grid, t.b.leaderPos[L])).toBe('2,2');
  });

  it('a leader alone with no enemy in his hex is left where he is (he was never with troops: no roll)', () => {
    const t = battle(lone());
    const res = t.res();
    checkLeaders(t.b, new ScriptedDice({}), res);
    expect(hexName(t.grid, t.b.leaderPos[leader(t, 'L')])).toBe('4,2');
  });

  it('in play: the enemy marches into his hex, and by the end of that player turn he stands with the nearest unit', () => {
    const t = battle(lone());
    const dice = new ScriptedDice({});
    const L = leader(t, 'L');
    // Where L stands as side 1's Turn End segment opens (its movement and combat done).
    let atTurnEnd = '';
    const sink = (e: VolleyEvent) => {
      if (e.type === 'phase' && e.phase === 'turnEnd' && e.side === 1) atTurnEnd = hexName(t.grid, t.b.leaderPos[L]);
    };
    const res = playBattle(t.c, dice, { sink });
    expect(hexName(t.grid, t.pos('z'))).toBe('4,2');
    expect(atTurnEnd).toBe('2,2');
    expect(hexName(t.grid, t.b.leaderPos[L])).toBe('2,2');
    expect(res.sides[0].leadersLost).toBe(0);
    expect(dice.used.morale).toEqual([0, 0]);
  });
});
