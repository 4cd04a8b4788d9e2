import { EngagementDice } from '../../src/core/dice.js';
import { describe, expect, it } from 'vitest';
import { newRoundOutcome, resolveAssaultRound } from '../../src/rules/aor/assault.js';
import { moveSide } from '../../src/rules/aor/battle/ai.js';
import { assaultTargets, combatSegment, movedAdjacentInLos, mustAttack, planAttacks, situationFor } from '../../src/rules/aor/battle/combat.js';
import { battle, CLEAR_ROWS, collector, mapWith, roll, ScriptedDice, type Built, type UnitDesc } from './helpers.js';

const never = () => false;
const always = () => true;

// Neighbours of 3,2 (an even row) by direction: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
const AROUND_3_2 = ['4,2', '3,1', '2,1', '2,2', '2,3', '3,3'];

function mapWithAt(cells: Record<string, string>): string {
  const rows = CLEAR_ROWS(7, 5).split('\n').map((l) => l.trim().split(' '));
  for (const [at, tok] of Object.entries(cells)) {
    const [c, r] = at.split(',').map(Number);
    rows[r][c] = tok;
  }
  return rows.map((r, i) => (i % 2 ? ' ' : '') + r.join(' ')).join('\n');
}

/** One round against D at 3,2 by one strength-4 infantry stack per given direction; no hits either way. */
function roundFrom(dirs: number[], defTerrain = '.', march?: { road: boolean; options?: Record<string, string> }) {
  const t = battle({
    map: mapWithAt({ '3,2': defTerrain }),
    units: [
      { id: 'D', side: 1, at: '3,2', strength: 4, ...(march ? { orders: 'march' as const } : {}) },
      ...dirs.map((d, i): UnitDesc => ({ id: `A${i}`, side: 0, at: AROUND_3_2[d], strength: 4 })),
    ],
    ...(march?.road ? { roads: ['3,0 3,1 3,2 3,3 3,4'] } : {}),
    ...(march?.options ? { options: march.options } : {}),
  });
  const sit = situationFor(t.b, 0, t.h('3,2'), dirs.map((d) => t.h(AROUND_3_2[d])));
  expect(sit.stacks.map((s) => s.direction)).toEqual(dirs); // the real hexsides used
  const dice = new ScriptedDice({ fire: [roll(2), roll(2)] });
  const out = resolveAssaultRound(t.b.st, sit, t.c.options, [t.c.sides[0].doctrine, t.c.sides[1].doctrine], dice, t.res(), newRoundOutcome());
  return out;
}

describe('7.3/7.6 flank attacks on the map', () => {
  it('two stacks attacking through hexsides with one hexside between them flank: +50%', () => {
    const out = roundFrom([0, 2]);
    expect(out.flanked).toBe(true);
    expect(out.attackerStrength).toBe(12);
  });

  it('opposite hexsides flank', () => {
    expect(roundFrom([0, 3]).flanked).toBe(true);
    expect(roundFrom([1, 4]).flanked).toBe(true);
  });

  it('stacks on adjacent hexsides do not flank', () => {
    const out = roundFrom([0, 1]);
    expect(out.flanked).toBe(false);
    expect(out.attackerStrength).toBe(8);
    expect(roundFrom([5, 0]).flanked).toBe(false); // across the 5/0 wrap
    expect(roundFrom([2]).flanked).toBe(false);
  });

  it('a defender in a town cannot be flanked', () => {
    const out = roundFrom([0, 3], 'T');
    expect(out.flanked).toBe(false);
    expect(out.attackerStrength).toBe(6); // 8 less 25% for the town
  });
});

describe('12.2 March orders: flanked when attacked on a road or trail hex', () => {
  it('a marching defender on a road is flanked by a single stack: +50%', () => {
    const out = roundFrom([0], '.', { road: true });
    expect(out.flanked).toBe(true);
    expect(out.attackerStrength).toBe(6);
  });

  it('off the road, or under other orders, one stack does not flank', () => {
    expect(roundFrom([0], '.', { road: false }).flanked).toBe(false);
    expect(roundFrom([0]).flanked).toBe(false);
  });

  it('aor.marchFlank: a town on the road still protects (7.6) by default; inTowns flanks there too', () => {
    expect(roundFrom([0], 'T', { road: true }).flanked).toBe(false);
    const over = roundFrom([0], 'T', { road: true, options: { 'aor.marchFlank': 'inTowns' } });
    expect(over.flanked).toBe(true);
    expect(over.attackerStrength).toBe(5); // 4 * 1.5 = 6, less 25% for the town: 4.5 -> 5
  });
});

describe('7.3 who must attack', () => {
  it('an Attack-order stack in an enemy ZOC must attack even if it would not volunteer', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'A', side: 0, at: '2,2', orders: 'attack' },
        { id: 'D', side: 1, at: '3,2' },
      ],
    });
    expect(mustAttack(t.b, t.h('2,2'), 0)).toBe(true);
    expect(planAttacks(t.b, 0, (_h, o) => o[0], never).get(t.h('2,2'))).toBe(t.h('3,2'));
  });

  it('even cavalry with Attack orders must attack', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'K', side: 0, kind: 'cavalry', at: '2,2', orders: 'attack' },
        { id: 'D', side: 1, at: '3,2' },
      ],
    });
    expect(planAttacks(t.b, 0, (_h, o) => o[0], never).get(t.h('2,2'))).toBe(t.h('3,2'));
  });

  it('12.2: cavalry that charged this turn need not attack again ("cavalry charges satisfy the attack requirement"); infantry with Attack orders beside it still must', () => {
    const units = (withInfantry: boolean): UnitDesc[] => [
      { id: 'K', side: 0, kind: 'cavalry', at: '2,2', orders: 'attack' },
      ...(withInfantry ? [{ id: 'A', side: 0 as const, at: '2,2', orders: 'attack' as const }] : []),
      { id: 'D', side: 1, at: '3,2' },
    ];
    const t = battle({ map: CLEAR_ROWS(7, 5), units: units(false) });
    t.b.charged[t.u('K')] = 1; // it charged in this turn's charge segment (7.6)
    expect(mustAttack(t.b, t.h('2,2'), 0)).toBe(false);
    expect(planAttacks(t.b, 0, (_h, o) => o[0], never).size).toBe(0);
    // It may still attack by choice.
    expect(planAttacks(t.b, 0, (_h, o) => o[0], always).get(t.h('2,2'))).toBe(t.h('3,2'));
    const mixed = battle({ map: CLEAR_ROWS(7, 5), units: units(true) });
    mixed.b.charged[mixed.u('K')] = 1;
    expect(mustAttack(mixed.b, mixed.h('2,2'), 0)).toBe(true);
  });

  it('attacking is voluntary under Defend orders', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'A', side: 0, at: '2,2', orders: 'defend' },
        { id: 'D', side: 1, at: '3,2' },
      ],
    });
    expect(mustAttack(t.b, t.h('2,2'), 0)).toBe(false);
    expect(planAttacks(t.b, 0, (_h, o) => o[0], never).size).toBe(0);
    expect(planAttacks(t.b, 0, (_h, o) => o[0], always).get(t.h('2,2'))).toBe(t.h('3,2'));
  });

  it('Reserve and March orders never attack (12.2)', () => {
    for (const orders of ['reserve', 'march'] as const) {
      const t = battle({
        map: CLEAR_ROWS(7, 5),
        units: [
          { id: 'A', side: 0, at: '2,2', orders },
          { id: 'D', side: 1, at: '3,2' },
        ],
      });
      expect(planAttacks(t.b, 0, (_h, o) => o[0], always).size, orders).toBe(0);
    }
  });

  it('no assault across a river hexside without a bridge; across a bridge, yes', () => {
    const units: UnitDesc[] = [
      { id: 'A', side: 0, at: '2,2', orders: 'attack' },
      { id: 'D', side: 1, at: '3,2' },
    ];
    const river = battle({ map: CLEAR_ROWS(7, 5), rivers: ['2,2/E'], units });
    expect(assaultTargets(river.b, river.h('2,2'), 0)).toEqual([]);
    expect(planAttacks(river.b, 0, (_h, o) => o[0], always).size).toBe(0);
    const bridge = battle({ map: CLEAR_ROWS(7, 5), rivers: ['2,2/E'], bridges: ['2,2/E'], units });
    expect(assaultTargets(bridge.b, bridge.h('2,2'), 0)).toEqual([bridge.h('3,2')]);
    expect(planAttacks(bridge.b, 0, (_h, o) => o[0], never).get(bridge.h('2,2'))).toBe(bridge.h('3,2'));
  });
});

describe('7.3 distribution of attacks', () => {
  // E1 at 3,2 and E2 at 3,0; S2 at 3,1 is adjacent to both, S1 at 2,2 to E1 only.
  function twoOnTwo(orders: 'attack' | 'defend'): Built {
    return battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'S1', side: 0, at: '2,2', orders },
        { id: 'S2', side: 0, at: '3,1', orders },
        { id: 'E1', side: 1, at: '3,2' },
        { id: 'E2', side: 1, at: '3,0' },
      ],
    });
  }

  it('an Attack-order stack does not pile onto an already attacked stack while another adjacent enemy stack is unattacked', () => {
    const t = twoOnTwo('attack');
    const e1 = t.h('3,2'), e2 = t.h('3,0');
    const preferE1 = (_h: number, o: number[]) => (o.includes(e1) ? e1 : o[0]);
    const plan = planAttacks(t.b, 0, preferE1, never);
    expect(plan.get(t.h('2,2'))).toBe(e1);
    expect(plan.get(t.h('3,1'))).toBe(e2);
  });

  it('also when both stacks could attack either enemy stack', () => {
    // 2,1 (odd row) is adjacent to 3,0 (NE) and 3,2 (SE), as is 3,1.
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'S1', side: 0, at: '2,1', orders: 'attack' },
        { id: 'S2', side: 0, at: '3,1', orders: 'attack' },
        { id: 'E1', side: 1, at: '3,2' },
        { id: 'E2', side: 1, at: '3,0' },
      ],
    });
    const e1 = t.h('3,2');
    const plan = planAttacks(t.b, 0, (_h, o) => (o.includes(e1) ? e1 : o[0]), never);
    expect([...plan.values()].sort()).toEqual([t.h('3,0'), e1].sort());
  });

  it('the restriction is for Attack orders: volunteers under Defend orders may pile on', () => {
    const t = twoOnTwo('defend');
    const e1 = t.h('3,2');
    const plan = planAttacks(t.b, 0, (_h, o) => (o.includes(e1) ? e1 : o[0]), always);
    expect(plan.get(t.h('2,2'))).toBe(e1);
    expect(plan.get(t.h('3,1'))).toBe(e1);
  });

  it('one stack attacks one defending stack', () => {
    const t = twoOnTwo('attack');
    const plan = planAttacks(t.b, 0, (_h, o) => o[o.length - 1], always);
    expect(plan.size).toBe(2);
    for (const def of plan.values()) expect([t.h('3,2'), t.h('3,0')]).toContain(def);
  });
});

describe('7.3 target priority of a stack containing infantry', () => {
  // The attacker at 3,1 is adjacent to 3,0 and 3,2; the doctrine would pick `prefer`.
  function pick(attacker: UnitDesc['kind'], north: UnitDesc['kind'], south: UnitDesc['kind'], prefer: 'north' | 'south', cells: Record<string, string> = {}) {
    const t = battle({
      map: mapWithAt(cells),
      units: [
        { id: 'S', side: 0, kind: attacker, at: '3,1', orders: 'defend' },
        { id: 'N', side: 1, kind: north, at: '3,0' },
        { id: 'X', side: 1, kind: south, at: '3,2' },
      ],
    });
    const want = t.h(prefer === 'north' ? '3,0' : '3,2');
    const got = planAttacks(t.b, 0, (_h, o) => (o.includes(want) ? want : o[0]), always).get(t.h('3,1'));
    return got === t.h('3,0') ? 'north' : got === t.h('3,2') ? 'south' : 'none';
  }

  it('infantry before artillery', () => {
    expect(pick('infantry', 'artillery', 'infantry', 'north')).toBe('south');
  });

  it('infantry before cavalry, cavalry before artillery', () => {
    expect(pick('infantry', 'cavalry', 'infantry', 'north')).toBe('south');
    expect(pick('infantry', 'artillery', 'cavalry', 'north')).toBe('south');
  });

  it('a chateau before infantry in the open', () => {
    expect(pick('infantry', 'infantry', 'infantry', 'south', { '3,0': 'C' })).toBe('north');
  });

  it('a stack without infantry is free to choose', () => {
    expect(pick('cavalry', 'artillery', 'infantry', 'north')).toBe('north');
  });

  it('the priority also binds Attack-order stacks', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'S', side: 0, at: '3,1', orders: 'attack' },
        { id: 'N', side: 1, kind: 'artillery', at: '3,0' },
        { id: 'X', side: 1, at: '3,2' },
      ],
    });
    const art = t.h('3,0');
    expect(planAttacks(t.b, 0, (_h, o) => (o.includes(art) ? art : o[0]), never).get(t.h('3,1'))).toBe(t.h('3,2'));
  });
});

describe('7.3 the defender fires first at stacks that moved adjacent out of a non-adjacent hex in its LOS', () => {
  function moved(from: string | null, extra: { crests?: string[] } = {}) {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      ...extra,
      units: [
        { id: 'A', side: 0, at: '3,2' },
        { id: 'D', side: 1, at: '4,2' },
      ],
    });
    if (from) t.b.enteredFrom[t.u('A')] = t.h(from);
    return movedAdjacentInLos(t.b, [t.u('A')], t.h('4,2'));
  }

  it('out of a non-adjacent hex in LOS: yes', () => {
    expect(moved('2,2')).toBe(true);
  });

  it('out of an adjacent hex, or not moved at all: no', () => {
    expect(moved('3,1')).toBe(false); // 3,1 is adjacent to 4,2
    expect(moved(null)).toBe(false);
  });

  it('a unit that stepped adjacent out of a non-adjacent hex and went on along the front: yes (its whole path counts)', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'A', side: 0, at: '3,2' },
        { id: 'D', side: 1, at: '4,2' },
      ],
    });
    const a = t.u('A');
    t.b.enteredFrom[a] = t.h('3,1'); // its last step came from a hex adjacent to 4,2
    t.b.movePath[a] = ['2,1', '3,1', '3,2'].map((h) => t.h(h)); // but it came into 3,1 from 2,1, two hexes off
    expect(movedAdjacentInLos(t.b, [a], t.h('4,2'))).toBe(true);
    t.b.movePath[a] = ['3,1', '3,2'].map((h) => t.h(h)); // only along the front
    expect(movedAdjacentInLos(t.b, [a], t.h('4,2'))).toBe(false);
  });

  it('a stack where only one unit moved up names that unit, for aor.fireFirstTargets = movedUnits ("these units")', () => {
    const mixed = (fireFirstTargets: string) => {
      const t = battle({
        map: CLEAR_ROWS(7, 5),
        units: [
          { id: 'A', side: 0, at: '3,2' },
          { id: 'B', side: 0, at: '3,2' },
          { id: 'D', side: 1, at: '4,2' },
        ],
        options: { 'aor.fireFirstTargets': fireFirstTargets },
      });
      t.b.enteredFrom[t.u('A')] = t.h('2,2'); // A came up out of 2,2; B stood at 3,2 from the start
      return t;
    };
    const t = mixed('movedUnits');
    const [stack] = situationFor(t.b, 0, t.h('4,2'), [t.h('3,2')]).stacks;
    expect(stack.movedAdjacentInLos).toBe(true);
    expect(stack.movedUnits).toEqual([t.u('A')]);
    t.b.enteredFrom[t.u('B')] = t.h('2,2'); // both came up: the stack is named whole
    expect(situationFor(t.b, 0, t.h('4,2'), [t.h('3,2')]).stacks[0].movedUnits).toBeUndefined();
    // Under the default the stack is fired on whole: nobody is picked out.
    const whole = mixed('movedStacks');
    expect(situationFor(whole.b, 0, whole.h('4,2'), [whole.h('3,2')]).stacks[0]).toMatchObject({ movedAdjacentInLos: true, movedUnits: undefined });
  });

  it('out of a hex the defender cannot see: no', () => {
    expect(moved('2,2', { crests: ['2,2/E'] })).toBe(false);
  });

  it('on the map: a unit that moves up two hexes in the open is fired on first', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'A', side: 0, at: '1,2', orders: 'attack' },
        { id: 'D', side: 1, at: '4,2' },
      ],
    });
    moveSide(t.b, 0, false, new EngagementDice('moves'), t.res());
    t.b.computeZoc();
    const a = t.u('A');
    expect(t.grid.distance(t.b.pos[a], t.h('4,2'))).toBe(1);
    expect(t.grid.distance(t.b.enteredFrom[a], t.h('4,2'))).toBe(2);
    const plan = planAttacks(t.b, 0, (_h, o) => o[0], never);
    expect(plan.get(t.b.pos[a])).toBe(t.h('4,2'));
    const sit = situationFor(t.b, 0, t.h('4,2'), [t.b.pos[a]]);
    expect(sit.stacks[0].movedAdjacentInLos).toBe(true);
    const round = newRoundOutcome();
    combatSegment(t.b, 0, plan, () => [], new ScriptedDice({ fire: [roll(2), roll(2)] }), t.res(), round);
    expect(round.defenderFiredFirst).toBe(true);
  });
});

describe('7.6 Disruption: fire is halved for units disrupted when the combat segment began', () => {
  it('a defender disrupted by its retreat from an earlier assault of the segment fires at full strength when attacked again', () => {
    // A1 beats D1 at 3,0, which retreats (disrupted, 7.4) into D2's hex at 4,0; A2 then attacks 4,0.
    const t = battle({
      map: CLEAR_ROWS(7, 2),
      units: [
        { id: 'A1', side: 0, at: '2,0' },
        { id: 'D1', side: 1, at: '3,0' },
        { id: 'D2', side: 1, at: '4,0' },
        { id: 'A2', side: 0, at: '5,0' },
        { id: 'B', side: 0, at: '3,1', orders: 'defend' }, // closes the retreat south; does not attack
      ],
    });
    const plan = planAttacks(t.b, 0, (_h, o) => o[0], (h) => h !== t.h('3,1'));
    expect([...plan]).toEqual([[t.h('2,0'), t.h('3,0')], [t.h('5,0'), t.h('4,0')]]);
    const { sink, events } = collector();
    const dice = new ScriptedDice({
      // A1 rolls 8 (one hit on strength 4), two passing fires at D1 and A2's fire miss; D1 and D2 roll 2.
      fire: [[...roll(8), ...roll(2), ...roll(2), ...roll(2)], [...roll(2), ...roll(2)]],
      morale: [[], [6]], // D1 fails its check and retreats
    });
    const round = newRoundOutcome();
    combatSegment(t.b, 0, plan, () => [], dice, t.res(), round, sink);
    expect(t.b.pos[t.u('D1')]).toBe(t.h('4,0'));
    expect(t.b.st.disrupted[t.u('D1')]).toBe(1);
    // The second assault: D1 (reduced, 2) and D2 (4) fire unhalved: 6, not 5.
    const fires = events.filter((e) => e.type === 'fire' && e.side === 1);
    expect(fires.map((e) => (e as { rawStrength: number }).rawStrength)).toEqual([4, 6]);
    expect(round.defenderStrength).toBe(6);
  });
});

describe('7.3: a unit attacks once a combat segment', () => {
  it('an attacker that retreated into another attacking hex does not attack again with it', () => {
    // A1 (2,2) attacks D1 (3,2) and fails its check; rivers west and north-west of 2,2 leave it the retreat
    // into A2's hex 1,3, which then attacks D2 (1,4): A2 alone fires there, not A1 again.
    const t = battle({
      map: mapWith(7, 7),
      supply: [['0,6'], ['6,2']],
      units: [
        { id: 'A1', side: 0, at: '2,2', orders: 'attack' },
        { id: 'A2', side: 0, at: '1,3', orders: 'attack' },
        { id: 'D1', side: 1, at: '3,2' },
        { id: 'D2', side: 1, at: '1,4' },
      ],
      rivers: ['2,2/W', '2,2/NW'],
      supplyRule: false,
    });
    const { sink, events } = collector();
    // A1 rolls 2 (no hit), D1 7 (one hit on A1); A1 fails its check (6) and retreats into 1,3, under D2's
    // passing fire (2); then A2 and D2 roll 2.
    const dice = new ScriptedDice({ fire: [[...roll(2), ...roll(2)], [...roll(7), ...roll(2), ...roll(2)]], morale: [[6], []] });
    const plan = new Map([[t.h('2,2'), t.h('3,2')], [t.h('1,3'), t.h('1,4')]]);
    combatSegment(t.b, 0, plan, () => [], dice, t.res(), newRoundOutcome(), sink);
    expect(t.b.pos[t.u('A1')]).toBe(t.h('1,3'));
    const assaults = events.filter((e) => e.type === 'assault');
    expect(assaults.map((e) => e.type === 'assault' && e.firing)).toEqual([[['A1']], [['A2']]]);
    const second = events.filter((e) => e.type === 'fire' && e.side === 0).at(-1) as { rawStrength: number };
    expect(second.rawStrength).toBe(4);
  });
});

describe('7.4: foot artillery lost for good', () => {
  it('a battery eliminated by the attackers\' hits is not lost for good when they advance: only one that could not retreat is', () => {
    // A (24) rolls 12: nine hits eliminate D (two steps) and the one-step battery G; A advances into 3,2.
    const t = battle({
      map: mapWith(7, 5),
      supply: [['0,2'], ['6,2']],
      units: [
        { id: 'A', side: 0, at: '2,2', orders: 'attack', strength: 24 },
        { id: 'D', side: 1, at: '3,2', strength: 4 },
        { id: 'G', side: 1, at: '3,2', kind: 'artillery', strength: 2, steps: 1 },
      ],
      supplyRule: false,
    });
    const dice = new ScriptedDice({ fire: [roll(12), roll(2)], morale: [[], []] });
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), () => [t.u('A')], dice, t.res(), newRoundOutcome());
    expect(t.b.st.steps[t.u('G')]).toBe(0);
    expect(t.pos('A')).toBe(t.h('3,2'));
    expect(t.b.permanent[t.u('G')]).toBe(0);
  });
});
