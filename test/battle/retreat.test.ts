import { describe, expect, it } from 'vitest';
import { newRoundOutcome } from '../../src/rules/aor/assault.js';
import { chooseAdvancers } from '../../src/rules/aor/battle/ai.js';
import { combatSegment } from '../../src/rules/aor/battle/combat.js';
import { carryOutRetreat, retreatHex } from '../../src/rules/aor/battle/retreat.js';
import { recordEliminations } from '../../src/rules/aor/battle/losses.js';
import { commandPhase } from '../../src/rules/aor/battle/command.js';
import { battle, CLEAR_ROWS, collector, mapWith, roll, ScriptedDice, type BattleDesc, type Built, type UnitDesc } from './helpers.js';

// The attacker A at 2,2 fights the defender D at 3,2 (its W neighbour). The hexes around 3,2 farther
// from 2,2 are 4,2 (E), 3,1 (NE) and 3,3 (SE). Side 1 draws supply from 6,2.

function mapWithAt(cells: Record<string, string>): string {
  const rows = CLEAR_ROWS(7, 5).split('\n').map((l) => l.trim().split(' '));
  for (const [at, tok] of Object.entries(cells)) {
    const [c, r] = at.split(',').map(Number);
    rows[r][c] = tok;
  }
  return rows.map((r, i) => (i % 2 ? ' ' : '') + r.join(' ')).join('\n');
}

function setUp(units: UnitDesc[], extra: Partial<BattleDesc> = {}, cells: Record<string, string> = {}): Built {
  return battle({
    map: mapWithAt(cells),
    supply: [['0,2'], ['6,2']],
    units: [{ id: 'A', side: 0, at: '2,2', orders: 'attack' }, ...units],
    ...extra,
  });
}

/** Mark units as retreating (as the kernel does) and carry the retreat out on the map. */
function retreat(t: Built, ids: string[], from: string, enemies: string[], dice = new ScriptedDice({}), sink?: Parameters<typeof carryOutRetreat>[5]) {
  for (const id of ids) {
    t.b.st.retreated[t.u(id)] = 1;
    t.b.st.disrupted[t.u(id)] = 1;
  }
  const res = t.res();
  carryOutRetreat(t.b, t.h(from), enemies.map((e) => t.h(e)), dice, res, sink);
  return res;
}

/** The assault A -> D with scripted dice: A's roll, D's roll, then morale faces per side. */
function assault(t: Built, attackerRoll: number, defenderRoll: number, morale: [number[], number[]], attackHexes = ['2,2'], advance?: (d: number, a: readonly number[]) => readonly number[]) {
  const plan = new Map(attackHexes.map((h) => [t.h(h), t.h('3,2')]));
  const res = t.res();
  const round = newRoundOutcome();
  const dice = new ScriptedDice({ fire: [roll(attackerRoll), roll(defenderRoll)], morale });
  combatSegment(t.b, 0, plan, advance ?? ((d, a) => chooseAdvancers(t.b, d, a)), dice, res, round);
  return { res, round, dice };
}

describe('7.4 retreats on the map', () => {
  it('one hex away from the enemy it fought, out of enemy ZOC, toward its supply', () => {
    const t = setUp([{ id: 'D', side: 1, at: '3,2' }]);
    const to = retreatHex(t.b, 1, t.h('3,2'), [t.h('2,2')], 1);
    expect(t.grid.distance(to, t.h('2,2'))).toBe(2);
    expect(to).toBe(t.h('4,2'));
    const north = setUp([{ id: 'D', side: 1, at: '3,2' }], { supply: [['0,2'], ['3,0']] });
    expect(north.grid.distance(retreatHex(north.b, 1, north.h('3,2'), [north.h('2,2')], 1), north.h('2,2'))).toBe(2);
    expect(retreatHex(north.b, 1, north.h('3,2'), [north.h('2,2')], 1)).toBe(north.h('3,1'));
  });

  it('a defender that fails its check after a hit retreats one hex, disrupted, and the attacker advances (7.5)', () => {
    const t = setUp([{ id: 'D', side: 1, at: '3,2' }]);
    const { res, round } = assault(t, 7, 2, [[], [6]]); // 4 at 7: 1 hit; D (morale 3 after the hit) rolls 6
    expect(round.defenderRetreat).not.toBe(0);
    const d = t.u('D');
    expect(t.b.pos[d]).toBe(t.h('4,2'));
    expect(t.b.st.disrupted[d]).toBe(1);
    expect(t.b.st.steps[d]).toBe(1);
    expect(res.sides[1].retreatsForced).toBe(1);
    expect(t.pos('A')).toBe(t.h('3,2'));
  });

  it('a blocked retreat eliminates the unit (aor.blockedRetreat = eliminate, the default)', () => {
    const t = setUp([{ id: 'D', side: 1, at: '3,2' }], { rivers: ['3,2/NE', '3,2/E', '3,2/SE'] });
    expect(retreatHex(t.b, 1, t.h('3,2'), [t.h('2,2')], 1)).toBe(-1);
    const res = retreat(t, ['D'], '3,2', ['2,2']);
    expect(t.b.st.steps[t.u('D')]).toBe(0);
    expect(t.pos('D')).toBe(-1);
    expect(res.sides[1].unitsEliminated).toBe(1);
    expect(res.sides[1].strengthLost).toBe(4);
  });

  it('a retreat blocked by enemy units also eliminates', () => {
    const t = setUp([
      { id: 'D', side: 1, at: '3,2' },
      { id: 'B1', side: 0, at: '4,2', orders: 'defend' },
      { id: 'B2', side: 0, at: '3,1', orders: 'defend' },
      { id: 'B3', side: 0, at: '3,3', orders: 'defend' },
    ]);
    expect(retreatHex(t.b, 1, t.h('3,2'), [t.h('2,2')], 1)).toBe(-1);
    retreat(t, ['D'], '3,2', ['2,2']);
    expect(t.pos('D')).toBe(-1);
  });

  it('a blocked retreat costs one step instead under aor.blockedRetreat = stepLoss', () => {
    const t = setUp([{ id: 'D', side: 1, at: '3,2' }], { rivers: ['3,2/NE', '3,2/E', '3,2/SE'], options: { 'aor.blockedRetreat': 'stepLoss' } });
    const res = retreat(t, ['D'], '3,2', ['2,2']);
    expect(t.b.st.steps[t.u('D')]).toBe(1);
    expect(t.pos('D')).toBe(t.h('3,2'));
    expect(res.sides[1].stepsLost).toBe(1);
    expect(t.b.st.retreated[t.u('D')]).toBe(0);
  });

  it('5.6: with nowhere to go on the map it leaves the map, which counts as eliminated', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      rivers: ['6,2/NE', '6,2/SE'],
      units: [
        { id: 'A', side: 0, at: '5,2', orders: 'attack' },
        { id: 'D', side: 1, at: '6,2', strength: 5 },
      ],
    });
    expect(retreatHex(t.b, 1, t.h('6,2'), [t.h('5,2')], 1)).toBe(-2);
    const res = retreat(t, ['D'], '6,2', ['5,2']);
    expect(t.pos('D')).toBe(-1);
    expect(t.b.exited[t.u('D')]).toBe(1);
    expect(res.sides[1].unitsEliminated).toBe(1);
    expect(t.b.armyLoss[1]).toBe(5);
  });

  it('5.6, 15: a unit that retreated off the map is not reorganized (it re-enters only where the game allows it)', () => {
    const t = battle({
      map: mapWith(7, 5),
      supply: [['0,2'], ['6,2']],
      units: [
        { id: 'A', side: 0, at: '5,2', orders: 'attack' },
        { id: 'D', side: 1, at: '6,2', formation: 'F', orders: 'reserve' },
        { id: 'D2', side: 1, at: '6,4', formation: 'F', orders: 'reserve' },
      ],
      formations: [{ id: 'F', leader: { id: 'L', rating: 3, at: '6,4' } }],
      turns: 3,
      night: [2],
      rivers: ['6,2/NE', '6,2/SE', '6,2/NW', '6,2/SW'],
      supplyRule: false,
    });
    t.b.turn = 1;
    const res = retreat(t, ['D'], '6,2', ['5,2']);
    expect(t.b.exited[t.u('D')]).toBe(1);
    t.b.remove(t.u('A')); // nobody left to see the leader (15)
    t.b.computeZoc();
    t.b.turn = 2; // the first night turn after
    commandPhase(t.b, new ScriptedDice({ morale: [[], [6, 6, 6]], ai: [[], []] }), res);
    expect(t.pos('D')).toBe(-1);
    expect(res.extras['unitsReorganized.1']).toBe(0);
  });

  it('10.1: no retreat into an occupied fort (its stacking limit is 1): the retreat is blocked', () => {
    const t = setUp(
      [
        { id: 'D', side: 1, at: '3,2' },
        { id: 'F', side: 1, at: '4,2' },
      ],
      { rivers: ['3,2/NE', '3,2/SE'] },
      { '4,2': 'X' },
    );
    expect(retreatHex(t.b, 1, t.h('3,2'), [t.h('2,2')], 1)).toBe(-1);
  });

  it('a retreat into a hex where it breaks stacking disrupts every unit there', () => {
    const t = setUp([
      { id: 'D', side: 1, at: '3,2' },
      { id: 'F1', side: 1, at: '4,2' },
      { id: 'F2', side: 1, at: '4,2' },
    ], { rivers: ['3,2/NE', '3,2/SE'] });
    retreat(t, ['D'], '3,2', ['2,2']);
    expect(t.pos('D')).toBe(t.h('4,2'));
    expect(t.b.count[t.h('4,2')]).toBe(3);
    for (const id of ['D', 'F1', 'F2']) expect(t.b.st.disrupted[t.u(id)], id).toBe(1);
  });

  it('with room elsewhere it does not overstack', () => {
    const t = setUp([
      { id: 'D', side: 1, at: '3,2' },
      { id: 'F1', side: 1, at: '4,2' },
      { id: 'F2', side: 1, at: '4,2' },
    ]);
    retreat(t, ['D'], '3,2', ['2,2']);
    expect(t.pos('D')).not.toBe(t.h('4,2'));
    expect(t.b.st.disrupted[t.u('F1')]).toBe(0);
  });

  it('aor.retreatRoom: a full stack toward supply is passed over for a hex with room (preferRoom), or entered and overstacked (ignoreRoom)', () => {
    const full = (rule: string) =>
      setUp(
        [
          { id: 'D', side: 1, at: '3,2' },
          { id: 'F1', side: 1, at: '4,2' },
          { id: 'F2', side: 1, at: '4,2' },
        ],
        { options: { 'aor.retreatRoom': rule } },
      );
    const room = full('preferRoom');
    expect(retreatHex(room.b, 1, room.h('3,2'), [room.h('2,2')], 1)).not.toBe(room.h('4,2'));
    const crowd = full('ignoreRoom');
    expect(retreatHex(crowd.b, 1, crowd.h('3,2'), [crowd.h('2,2')], 1)).toBe(crowd.h('4,2'));
    retreat(crowd, ['D'], '3,2', ['2,2']);
    expect(crowd.pos('D')).toBe(crowd.h('4,2'));
    for (const id of ['F1', 'F2']) expect(crowd.b.st.disrupted[crowd.u(id)], id).toBe(1); // 7.4: all in the hex disrupted
  });

  it('a retreat into an enemy ZOC draws passing fire at half strength (7.12)', () => {
    const t = setUp([
      { id: 'D', side: 1, at: '3,2' },
      { id: 'E', side: 0, at: '5,2', strength: 6, orders: 'defend' },
    ], { rivers: ['3,2/NE', '3,2/SE'] });
    const { sink, events } = collector();
    const dice = new ScriptedDice({ fire: [roll(2), []] });
    retreat(t, ['D'], '3,2', ['2,2'], dice, sink);
    expect(t.pos('D')).toBe(t.h('4,2'));
    const fire = events.filter((e) => e.type === 'fire');
    expect(fire.length).toBe(1);
    expect(fire[0].type === 'fire' && [fire[0].side, fire[0].rawStrength, fire[0].strength]).toEqual([0, 3, 3]);
    expect(fire[0].type === 'fire' && fire[0].modifiers).toEqual(['passing fire at half strength on the retreat into 4,2 (7.12)']);
  });

  it('7.6 Armament in passing fire on a retreat: repeating weapons +50% against rifled muskets or artillery, not against repeating infantry', () => {
    const rawAt = (kind: 'infantry' | 'horseArtillery', flags: 'repeating'[]) => {
      const t = setUp([
        { id: 'D', side: 1, at: '3,2', kind, flags },
        { id: 'E', side: 0, at: '5,2', strength: 6, orders: 'defend', flags: ['repeating'] },
      ], { rivers: ['3,2/NE', '3,2/SE'] });
      const { sink, events } = collector();
      retreat(t, ['D'], '3,2', ['2,2'], new ScriptedDice({ fire: [roll(2), []] }), sink);
      const fire = events.find((e) => e.type === 'fire');
      return fire?.type === 'fire' ? fire.rawStrength : NaN;
    };
    expect(rawAt('infantry', [])).toBe(4.5); // 6 x 1.5 x 1/2
    expect(rawAt('horseArtillery', ['repeating'])).toBe(4.5); // a battery is artillery whatever its flags
    expect(rawAt('infantry', ['repeating'])).toBe(3);
  });

  it('aor.cavalryPassingFire = ignored: cavalry retreating into an enemy ZOC draws no fire (5.4)', () => {
    const t = setUp(
      [
        { id: 'D', side: 1, at: '3,2', kind: 'cavalry' },
        { id: 'E', side: 0, at: '5,2', strength: 6, orders: 'defend' },
      ],
      { rivers: ['3,2/NE', '3,2/SE'], options: { 'aor.cavalryPassingFire': 'ignored' } },
    );
    const { sink, events } = collector();
    retreat(t, ['D'], '3,2', ['2,2'], new ScriptedDice({}), sink); // any die would throw
    expect(t.pos('D')).toBe(t.h('4,2'));
    expect(events.filter((e) => e.type === 'fire')).toEqual([]);
  });

  it('7.12 passing fire follows the Terrain Effects table: into a town -25% (6 x 1/2 x 3/4 = 2.25 -> 2)', () => {
    const t = setUp(
      [
        { id: 'D', side: 1, at: '3,2' },
        { id: 'E', side: 0, at: '5,2', strength: 6, orders: 'defend' },
      ],
      { rivers: ['3,2/NE', '3,2/SE'] },
      { '4,2': 'T' },
    );
    const { sink, events } = collector();
    retreat(t, ['D'], '3,2', ['2,2'], new ScriptedDice({ fire: [roll(2), []] }), sink);
    expect(t.pos('D')).toBe(t.h('4,2'));
    const fire = events.filter((e) => e.type === 'fire');
    expect(fire.length).toBe(1);
    expect(fire[0].type === 'fire' && [fire[0].rawStrength, fire[0].strength]).toEqual([2.25, 2]);
  });

  it('a passing-fire hit makes it check morale as in 7.4; failing, it retreats again', () => {
    const t = setUp([
      { id: 'D', side: 1, at: '3,2' },
      { id: 'E', side: 0, at: '5,2', strength: 8, orders: 'defend' },
    ], { rivers: ['3,2/NE', '3,2/SE'] });
    const dice = new ScriptedDice({ fire: [roll(7), []], morale: [[], [6]] }); // 4 at 7: 1 hit; check fails
    retreat(t, ['D'], '3,2', ['2,2'], dice);
    const d = t.u('D');
    expect(t.b.st.steps[d]).toBe(1);
    expect(dice.used.morale[1]).toBe(1);
    expect(t.b.pos[d]).not.toBe(t.h('4,2'));
    expect(t.grid.distance(t.b.pos[d], t.h('5,2'))).toBe(2);
  });

  it('passing fire comes only from stacks whose ZOC the hex is in: not from a chateau stack (5.4)', () => {
    const t = setUp(
      [
        { id: 'D', side: 1, at: '3,2' },
        { id: 'E', side: 0, at: '5,2', strength: 6, orders: 'defend' },
        { id: 'G', side: 0, at: '4,1', strength: 6, orders: 'defend' }, // in a chateau: no ZOC into 4,2
      ],
      { rivers: ['3,2/NE', '3,2/SE'] },
      { '4,1': 'C' },
    );
    const { sink, events } = collector();
    const dice = new ScriptedDice({ fire: [[...roll(2), ...roll(2)], []] });
    retreat(t, ['D'], '3,2', ['2,2'], dice, sink);
    expect(t.b.zoc[0][t.h('4,2')]).toBe(1); // E's ZOC only
    expect(events.filter((e) => e.type === 'fire').length).toBe(1);
  });

  it('foot artillery that must retreat is destroyed, permanently once an enemy advances into its hex', () => {
    const units: UnitDesc[] = [
      { id: 'DI', side: 1, at: '3,2' },
      { id: 'DA', side: 1, kind: 'artillery', strength: 2, at: '3,2' },
    ];
    const t = setUp(units);
    assault(t, 7, 2, [[], [6]]); // 1 hit on the infantry; the check fails
    const da = t.u('DA');
    expect(t.b.st.steps[da]).toBe(0);
    expect(t.pos('DA')).toBe(-1);
    expect(t.pos('DI')).toBe(t.h('4,2'));
    expect(t.pos('A')).toBe(t.h('3,2'));
    expect(t.b.permanent[da]).toBe(1);

    const held = setUp(units);
    assault(held, 7, 2, [[], [6]], ['2,2'], () => []); // nobody advances
    expect(held.b.st.steps[held.u('DA')]).toBe(0);
    expect(held.b.permanent[held.u('DA')]).toBe(0);
  });

  it('horse artillery retreats like other units', () => {
    const t = setUp([
      { id: 'DI', side: 1, at: '3,2' },
      { id: 'DH', side: 1, kind: 'horseArtillery', strength: 2, at: '3,2' },
    ]);
    assault(t, 7, 2, [[], [6]]);
    expect(t.pos('DH')).toBe(t.h('4,2'));
    expect(t.b.st.disrupted[t.u('DH')]).toBe(1);
  });

  it("an advance marks only the enemy's destroyed foot artillery as permanent, not the advancing side's own", () => {
    // OA (side 0) was destroyed in 3,2 earlier; side 1 later moved in; now side 0 takes the hex back.
    const t = setUp([
      { id: 'OA', side: 0, kind: 'artillery', at: '3,2', orders: 'defend' },
      { id: 'D', side: 1, at: '5,2' },
    ]);
    const oa = t.u('OA');
    t.b.st.steps[oa] = 0;
    recordEliminations(t.b, t.res());
    expect(t.b.lostAt[oa]).toBe(t.h('3,2'));
    t.b.moveTo(t.u('D'), t.h('3,2'));
    t.b.computeZoc();
    assault(t, 7, 2, [[], [6]]);
    expect(t.pos('A')).toBe(t.h('3,2'));
    expect(t.b.permanent[oa]).toBe(0);
  });
});

describe('7.5 advance after combat', () => {
  it('one attacking unit advances into the vacated hex; its stack-mate stays', () => {
    const t = setUp([
      { id: 'A2', side: 0, at: '2,2', orders: 'attack' },
      { id: 'D', side: 1, at: '3,2' },
    ], { objectives: [{ at: '3,2', vp: 5, holder: 1 }] });
    const { res } = assault(t, 7, 2, [[], [6]]); // 8 at 7: 1 hit
    expect(t.b.count[t.h('3,2')]).toBe(1);
    expect(t.b.count[t.h('2,2')]).toBe(1);
    expect(t.b.sideAt[t.h('3,2')]).toBe(0);
    expect(res.extras.advances).toBe(1);
    expect(t.b.holder[0]).toBe(0); // 18: the last side to move a unit into it
  });

  it('a leader in the attacking hex with two units: both units and the leader advance', () => {
    const t = setUp(
      [
        { id: 'A2', side: 0, at: '2,2', orders: 'attack', formation: 'F' },
        { id: 'D', side: 1, at: '3,2' },
      ],
      { formations: [{ id: 'F', leader: { id: 'L', rating: 3, at: '2,2' } }] },
    );
    const { res } = assault(t, 7, 2, [[], [6]]);
    expect(t.b.count[t.h('3,2')]).toBe(2);
    expect(t.b.count[t.h('2,2')]).toBe(0);
    expect(t.b.leaderPos[t.c.leaders.findIndex((l) => l.id === 'L')]).toBe(t.h('3,2'));
    expect(res.extras.advances).toBe(2);
  });

  it('a leader with one unit, or two units without a leader: one unit advances, the leader stays', () => {
    const one = setUp([{ id: 'D', side: 1, at: '3,2' }], { formations: [{ id: '0-attack', leader: { id: 'L', rating: 3, at: '2,2' } }] });
    assault(one, 7, 2, [[], [6]]);
    expect(one.pos('A')).toBe(one.h('3,2'));
    expect(one.b.leaderPos[0]).toBe(one.h('2,2'));
  });

  it('only a stack-mate under a leader may go with the advancing unit', () => {
    const t = setUp([
      { id: 'A2', side: 0, at: '2,2', orders: 'attack' },
      { id: 'D', side: 1, at: '3,2' },
    ]);
    expect(() => assault(t, 7, 2, [[], [6]], ['2,2'], () => [t.u('A'), t.u('A2')])).toThrow(/may not advance together \(7\.5\)/);
  });

  it('no advance when the attackers retreated too', () => {
    const t = setUp([{ id: 'D', side: 1, at: '3,2' }]);
    const a = t.u('A');
    const { round } = assault(t, 7, 7, [[6], [6]], ['2,2'], () => [a]); // both lose a step and fail
    expect(round.attackerRetreat).not.toBe(0);
    expect(round.defenderRetreat).not.toBe(0);
    expect(t.b.count[t.h('3,2')]).toBe(0);
    expect(t.grid.distance(t.pos('A'), t.h('3,2'))).toBe(2);
  });

  it('no advance when the defender held', () => {
    const t = setUp([{ id: 'D', side: 1, at: '3,2' }]);
    assault(t, 7, 2, [[], [1]], ['2,2'], () => [t.u('A')]);
    expect(t.pos('D')).toBe(t.h('3,2'));
    expect(t.pos('A')).toBe(t.h('2,2'));
  });
});
