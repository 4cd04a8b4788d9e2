import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { fixStacking, moveSide } from '../../src/rules/aor/battle/ai.js';
import { recordEliminations } from '../../src/rules/aor/battle/losses.js';
import { allowance, closingDistance, enterCost, mayLeaveZoc, moveContext, reachable, stepCost } from '../../src/rules/aor/battle/movement.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { BRIDGE, CREST, FORTIFIED, RIVER, STREAM, streamCost } from '../../src/rules/aor/map.js';
import { battle, CLEAR_ROWS, collector, hexName, ScriptedDice, type Built } from './helpers.js';

/** Cost of the single step between two adjacent hexes for a unit, as the engine prices it. */
function step(t: Built, id: string, from: string, to: string, night = false): number {
  const ctx = moveContext(t.b, t.u(id), night);
  if (!ctx) throw new Error(`${id} may not move`);
  const a = t.h(from), b = t.h(to);
  const d = t.grid.directionTo(a, b);
  if (d < 0) throw new Error(`${from} and ${to} are not adjacent`);
  return stepCost(ctx, a, d, b);
}

describe('5.2 movement costs (Terrain Effects "Movement" column)', () => {
  const TERRAIN = `
    . W F C T X .
     . . . . . . .
    . . . . . . .`;

  it('enterCost: woods and forest 2 for infantry, 4 for others; chateau 2; clear, town and fort 1', () => {
    // HEX_TERRAIN indexes: clear 0, town 1, chateau 2, woods 3, forest 4, fort 5
    expect([0, 1, 2, 3, 4, 5].map((t) => enterCost(t, true))).toEqual([1, 1, 2, 2, 2, 1]);
    expect([0, 1, 2, 3, 4, 5].map((t) => enterCost(t, false))).toEqual([1, 1, 2, 4, 4, 1]);
  });

  it('woods cost 2 for infantry and 4 for cavalry and artillery on the map', () => {
    const t = battle({
      map: TERRAIN,
      units: [
        { id: 'I', side: 0, at: '0,0', movement: 6 },
        { id: 'K', side: 0, kind: 'cavalry', at: '0,1', movement: 6 },
        { id: 'G', side: 0, kind: 'artillery', at: '0,2', movement: 6 },
        { id: 'E', side: 1, at: '6,2' },
      ],
    });
    expect(step(t, 'I', '0,0', '1,0')).toBe(2);
    expect(step(t, 'K', '0,1', '1,0')).toBe(4); // 0,1 is odd: its NE neighbour is 1,0
    expect(step(t, 'G', '0,2', '0,1')).toBe(1);
    const r = reachable(t.b, t.u('I'), false)!;
    expect(r[t.h('1,0')]).toBe(2);
    expect(r[t.h('2,0')]).toBe(4); // forest moves as woods
    const rk = reachable(t.b, t.u('K'), false)!;
    expect(rk[t.h('1,0')]).toBe(4);
  });

  it('a stream hexside costs +2 to cross; a bridge over it costs nothing extra', () => {
    const t = battle({
      map: CLEAR_ROWS(6, 3),
      streams: ['1,1/E', '3,1/E'],
      bridges: ['3,1/E'],
      units: [
        { id: 'I', side: 0, at: '1,1' },
        { id: 'J', side: 0, at: '3,1' },
        { id: 'E', side: 1, at: '5,0' },
      ],
    });
    expect(step(t, 'I', '1,1', '2,1')).toBe(3);
    expect(step(t, 'I', '1,1', '1,0')).toBe(1); // not across the stream
    expect(step(t, 'J', '3,1', '4,1')).toBe(1);
  });

  it('5.2: streamCost, the one rule every cost table and trace reads: +2 over a stream, nothing over a bridged stream, a river or a plain hexside', () => {
    expect(streamCost(STREAM)).toBe(2);
    expect(streamCost(STREAM | CREST | FORTIFIED)).toBe(2);
    expect(streamCost(STREAM | BRIDGE)).toBe(0);
    expect(streamCost(RIVER)).toBe(0);
    expect(streamCost(RIVER | BRIDGE)).toBe(0);
    expect(streamCost(0)).toBe(0);
  });

  it('a river hexside without a bridge is impassable; with a bridge it is not', () => {
    const t = battle({
      map: CLEAR_ROWS(6, 3),
      rivers: ['1,1/E', '3,1/E'],
      bridges: ['3,1/E'],
      units: [
        { id: 'I', side: 0, at: '1,1' },
        { id: 'J', side: 0, at: '3,1' },
        { id: 'E', side: 1, at: '5,0' },
      ],
    });
    expect(step(t, 'I', '1,1', '2,1')).toBe(Infinity);
    expect(step(t, 'J', '3,1', '4,1')).toBe(1);
  });

  it('a river along a whole column edge cuts the map: nothing beyond it is reachable', () => {
    // The hexsides between columns 2 and 3 on rows 0..2 (odd row 1 is shifted right).
    const t = battle({
      map: CLEAR_ROWS(6, 3),
      rivers: ['2,0/E', '2,0/SE', '2,1/W', '2,1/SW', '2,2/E'],
      units: [
        { id: 'I', side: 0, at: '0,1', movement: 10 },
        { id: 'E', side: 1, at: '5,0' },
      ],
    });
    const r = reachable(t.b, t.u('I'), false)!;
    for (let i = 0; i < t.grid.size; i++) {
      const west = t.grid.col(i) <= 2 - (t.grid.row(i) % 2);
      expect(r[i] < Infinity, hexName(t.grid, i)).toBe(west);
    }
  });

  const ROAD = {
    map: `
      . . W . . .
       . . . . . .
      . . . . . .`,
    roads: ['0,0 1,0 2,0 3,0 4,0 5,0'],
  };

  it('road hexes cost 1/2 MP under March orders (whatever the terrain), moving into an empty hex', () => {
    const t = battle({
      ...ROAD,
      units: [
        { id: 'M', side: 0, at: '0,0', orders: 'march' },
        { id: 'E', side: 1, at: '5,2' },
      ],
    });
    const r = reachable(t.b, t.u('M'), false)!;
    expect(r[t.h('1,0')]).toBe(0.5);
    expect(r[t.h('2,0')]).toBe(1); // woods on the road
    expect(r[t.h('4,0')]).toBe(2);
    expect(step(t, 'M', '0,0', '0,1')).toBe(1); // off the road: normal cost
  });

  it('road costs are for March orders only: under Attack orders the road hex costs its terrain', () => {
    const t = battle({
      ...ROAD,
      units: [
        { id: 'A', side: 0, at: '1,0', orders: 'attack' },
        { id: 'E', side: 1, at: '5,2' },
      ],
    });
    expect(step(t, 'A', '1,0', '2,0')).toBe(2);
    expect(step(t, 'A', '0,0', '1,0')).toBe(1);
  });

  it('no road rate into an occupied hex: a March unit entering an occupied road hex pays more than 1/2', () => {
    const t = battle({
      ...ROAD,
      units: [
        { id: 'M', side: 0, at: '0,0', orders: 'march' },
        { id: 'F', side: 0, at: '1,0', orders: 'reserve' },
        { id: 'E', side: 1, at: '5,2' },
      ],
    });
    expect(step(t, 'M', '0,0', '1,0')).toBe(1);
  });

  it('12.2: into an occupied road hex a March unit pays the terrain cost (woods 2), not a flat 1', () => {
    // Road or track rates apply only to a unit moving alone into a hex no unit occupies (12.2 March):
    // otherwise the normal cost, which for woods is 2.
    const t = battle({
      ...ROAD,
      units: [
        { id: 'M', side: 0, at: '1,0', orders: 'march' },
        { id: 'F', side: 0, at: '2,0', orders: 'reserve' },
        { id: 'E', side: 1, at: '5,2' },
      ],
    });
    expect(step(t, 'M', '1,0', '2,0')).toBe(2);
  });

  it('12.2: the same holds for a trail ("road or track"): 1 MP through woods into an empty hex, the woods\' 2 into an occupied one', () => {
    const trail = (occupied: boolean) =>
      battle({
        map: ROAD.map,
        trails: ['0,0 1,0 2,0 3,0 4,0 5,0'],
        units: [
          { id: 'M', side: 0, at: '1,0', orders: 'march' },
          ...(occupied ? [{ id: 'F', side: 0 as const, at: '2,0', orders: 'reserve' as const }] : []),
          { id: 'E', side: 1, at: '5,2' },
        ],
      });
    expect(step(trail(false), 'M', '1,0', '2,0')).toBe(1);
    expect(step(trail(true), 'M', '1,0', '2,0')).toBe(2);
    // The search's march tables agree with the step rule.
    const t = trail(true);
    expect(reachable(t.b, t.u('M'), false)![t.h('3,0')]).toBe(3); // 2 into occupied woods, 1 on
  });
});

describe('14.1 a demoralized formation moves 1 MP less', () => {
  it('the allowance drops by one once the formation is demoralized by an elimination', () => {
    const t = battle({
      map: CLEAR_ROWS(8, 3),
      formations: [{ id: 'Div', demoralization: 4 }],
      units: [
        { id: 'A', side: 0, at: '0,1', formation: 'Div', orders: 'attack', movement: 4 },
        { id: 'B', side: 0, at: '0,0', formation: 'Div', orders: 'attack', strength: 4 },
        { id: 'E', side: 1, at: '7,0' },
      ],
    });
    const a = t.u('A');
    expect(allowance(t.b, a)).toBe(4);
    expect(reachable(t.b, a, false)![t.h('4,1')]).toBe(4);
    t.b.st.steps[t.u('B')] = 0; // B is eliminated: 4 full strength reaches the limit of 4
    recordEliminations(t.b, t.res());
    expect(t.b.formationDemoralized[0]).toBe(1);
    expect(allowance(t.b, a)).toBe(3);
    const r = reachable(t.b, a, false)!;
    expect(r[t.h('3,1')]).toBe(3);
    expect(r[t.h('4,1')]).toBe(Infinity);
  });
});

describe('5.5 night: no unit may enter an enemy ZOC', () => {
  const units = [
    { id: 'A', side: 0 as const, at: '0,2', movement: 6 },
    { id: 'K', side: 0 as const, kind: 'cavalry' as const, at: '0,0', movement: 6 },
    { id: 'D', side: 0 as const, at: '4,3', orders: 'defend' as const },
    { id: 'E', side: 1 as const, at: '4,2' },
  ];

  it('by day an Attack-order unit may enter the ZOC hex; at night it may not', () => {
    const t = battle({ map: CLEAR_ROWS(8, 5), units });
    expect(reachable(t.b, t.u('A'), false)![t.h('3,2')]).toBe(3);
    expect(reachable(t.b, t.u('A'), true)![t.h('3,2')]).toBe(Infinity);
    expect(reachable(t.b, t.u('A'), true)![t.h('2,2')]).toBe(2); // short of the ZOC it still moves
  });

  it('not even cavalry enters a ZOC at night (16)', () => {
    const t = battle({ map: CLEAR_ROWS(8, 5), units });
    expect(reachable(t.b, t.u('K'), false)![t.h('3,1')]).toBe(4);
    const night = reachable(t.b, t.u('K'), true)!;
    for (const n of ['3,1', '4,1', '3,2', '5,2', '3,3', '4,3']) expect(night[t.h(n)], n).toBe(Infinity);
  });

  it('units can leave ZOCs at night (Defend orders)', () => {
    const t = battle({ map: CLEAR_ROWS(8, 5), units });
    expect(t.b.inEnemyZoc(0, t.h('4,3'))).toBe(true);
    const r = reachable(t.b, t.u('D'), true)!;
    expect(r).not.toBeNull();
    expect(r[t.h('4,4')]).toBe(2); // 1 + 1 for the last unit out
  });
});

describe('5.5, 16 night turns: no combat and no bombardment', () => {
  const desc = (night: number[]) => ({
    map: CLEAR_ROWS(8, 5),
    turns: 1,
    night,
    units: [
      { id: 'A', side: 0 as const, at: '2,2' },
      { id: 'G', side: 0 as const, kind: 'artillery' as const, at: '1,2' },
      { id: 'D', side: 1 as const, at: '3,2' },
      { id: 'H', side: 1 as const, kind: 'artillery' as const, at: '5,2' },
    ],
  });

  it('an Attack-order stack in contact does not attack and guns do not bombard at night', () => {
    const dice = new ScriptedDice({}); // any roll throws
    const res = playBattle(battle(desc([1])).c, dice);
    expect(res.extras.assaults).toBe(0);
    expect(res.extras['bombardments.0'] + res.extras['bombardments.1']).toBe(0);
    expect(dice.used.fire).toEqual([0, 0]);
  });

  it('by day the same position is fought', () => {
    const res = playBattle(battle(desc([])).c, new EngagementDice('day'));
    expect(res.extras.assaults).toBeGreaterThan(0);
    expect(res.extras['bombardments.0']).toBeGreaterThan(0);
  });
});

describe('5.3 stacking: no more than two units in a hex at the end of movement', () => {
  it('three units heading for one objective: planning never puts a third unit in a hex', () => {
    const t = battle({
      map: CLEAR_ROWS(16, 3),
      formations: [{ id: 'Div', objective: '6,1' }],
      units: [
        { id: 'A1', side: 0, at: '2,0', formation: 'Div', orders: 'attack', movement: 6 },
        { id: 'A2', side: 0, at: '2,1', formation: 'Div', orders: 'attack', movement: 6 },
        { id: 'A3', side: 0, at: '2,2', formation: 'Div', orders: 'attack', movement: 6 },
        // Far beyond the objective: only the objective is a goal, and heading for it closes on E (12.2).
        { id: 'E', side: 1, at: '15,1' },
      ],
    });
    moveSide(t.b, 0, false, new EngagementDice('moves'), t.res());
    const obj = t.h('6,1');
    expect(t.b.count[obj]).toBe(2); // two reached it...
    for (let i = 0; i < t.grid.size; i++) expect(t.b.count[i], hexName(t.grid, i)).toBeLessThanOrEqual(2);
    const third = ['A1', 'A2', 'A3'].find((id) => t.pos(id) !== obj)!;
    expect(t.grid.distance(t.pos(third), obj)).toBe(1); // ...and the third stopped next to it
  });

  it('5.3, 5.4, 12.2: of a stack overstacked in an enemy ZOC, the unit free to leave it goes (cavalry), not one its Attack orders hold there', () => {
    // A and B (Attack orders) stand in E's ZOC at 2,2; cavalry C retreats onto them (7.4 allows the overstack).
    const t = battle({
      map: CLEAR_ROWS(9, 5),
      units: [
        { id: 'A', side: 0, at: '2,2' },
        { id: 'B', side: 0, at: '2,2' },
        { id: 'C', side: 0, at: '1,2', kind: 'cavalry' },
        { id: 'E', side: 1, at: '3,2' },
      ],
    });
    t.b.moveTo(t.u('C'), t.h('2,2'));
    const { sink, events } = collector();
    fixStacking(t.b, 0, t.res(), sink);
    expect([t.pos('A'), t.pos('B')]).toEqual([t.h('2,2'), t.h('2,2')]);
    expect(t.b.inEnemyZoc(0, t.pos('C'))).toBe(false);
    expect(events).toEqual([expect.objectContaining({ type: 'relocate', unit: 'C', from: t.h('2,2'), why: 'stacking' })]);
  });

  it('aor.heldOverstack (5.3, 5.4, 7.4): when every unit of the stack is held in the ZOC, the excess moves out (movesOut) or is eliminated, the weakest (eliminated)', () => {
    // A, B and C (infantry, Attack orders: 5.4 and 12.2 hold them in E's ZOC) end up three in 2,2; C,
    // the weakest, retreated onto the others (7.4 allows the overstack). 1,2 is free and out of E's ZOC.
    const overstacked = (rule: string) => {
      const t = battle({
        map: CLEAR_ROWS(9, 5),
        units: [
          { id: 'A', side: 0, at: '2,2' },
          { id: 'B', side: 0, at: '2,2' },
          { id: 'C', side: 0, at: '0,0', strength: 2 },
          { id: 'E', side: 1, at: '3,2' },
        ],
        options: { 'aor.heldOverstack': rule },
      });
      t.b.moveTo(t.u('C'), t.h('2,2'));
      for (const id of ['A', 'B', 'C']) expect(mayLeaveZoc(t.b, t.u(id)), id).toBe(false);
      const res = t.res();
      const { sink, events } = collector();
      fixStacking(t.b, 0, res, sink);
      return { t, res, events };
    };
    const out = overstacked('movesOut');
    expect(out.res.sides[0].unitsEliminated).toBe(0);
    expect([out.t.pos('B'), out.t.pos('C')]).toEqual([out.t.h('2,2'), out.t.h('2,2')]);
    expect(out.t.b.inEnemyZoc(0, out.t.pos('A'))).toBe(false);
    expect(out.t.grid.distance(out.t.pos('A'), out.t.h('2,2'))).toBe(1);
    expect(out.events).toEqual([expect.objectContaining({ type: 'relocate', unit: 'A', from: out.t.h('2,2'), why: 'stacking' })]);
    const gone = overstacked('eliminated');
    expect(gone.res.sides[0].unitsEliminated).toBe(1);
    expect([gone.t.pos('A'), gone.t.pos('B'), gone.t.pos('C')]).toEqual([gone.t.h('2,2'), gone.t.h('2,2'), -1]);
    expect(gone.events.filter((e) => e.type === 'relocate')).toEqual([]);
  });

  it('5.3: with no free hex out of enemy ZOC beside it, only the unit beyond the limit is eliminated', () => {
    // 0,0's neighbours on the map, 1,0 and 0,1, are both in E's ZOC; 0,0 itself is not.
    const t = battle({
      map: CLEAR_ROWS(9, 5),
      units: [
        { id: 'A', side: 0, at: '0,0' },
        { id: 'B', side: 0, at: '0,0' },
        { id: 'C', side: 0, at: '4,4' },
        { id: 'E', side: 1, at: '1,1' },
      ],
    });
    t.b.moveTo(t.u('C'), t.h('0,0'));
    const res = t.res();
    fixStacking(t.b, 0, res);
    expect(res.sides[0].unitsEliminated).toBe(1);
    expect([t.pos('A'), t.pos('B'), t.pos('C')]).toEqual([-1, t.h('0,0'), t.h('0,0')]);
  });

  it('10.1: the stacking limit of a fort is 1 unit; movement never puts a second unit in a fort', () => {
    const t = battle({
      map: `
        . . . . . . . . .
         . . . . . . X . .
        . . . . . . . . .`,
      formations: [{ id: 'Div', objective: '6,1' }],
      units: [
        { id: 'A1', side: 0, at: '2,0', formation: 'Div', orders: 'attack', movement: 6 },
        { id: 'A2', side: 0, at: '2,1', formation: 'Div', orders: 'attack', movement: 6 },
        { id: 'E', side: 1, at: '0,0' },
      ],
    });
    moveSide(t.b, 0, false, new EngagementDice('moves'), t.res());
    expect(t.b.count[t.h('6,1')]).toBe(1);
  });
});

// 7.12 passing fire during movement (a stack moving from one ZOC hex of an enemy stack into another)
// is not played yet: with non-cavalry units stopping in the first ZOC hex it arises only for cavalry,
// and comes with the cavalry rules.

describe('12.2 Attack: units close on the closest enemy unit until within artillery range', () => {
  /** F (Attack) heads for its objective 1,2 behind it; a at `aAt`; the enemy E at 14,2, the only one. */
  const pulled = (aAt: string, more: Record<string, unknown> = {}, cells = '') =>
    battle({
      map: cells || CLEAR_ROWS(16, 5),
      formations: [{ id: 'F', objective: '1,2' }],
      units: [
        { id: 'a', side: 0, at: aAt, formation: 'F', orders: 'attack', movement: 4, ...more },
        { id: 'E', side: 1, at: '14,2' },
      ],
    });

  it('closingDistance: more than two hexes off, the distance to the closest enemy and its hex; else, or on other orders, 0', () => {
    const targets: number[] = [];
    const far = pulled('8,2');
    expect(closingDistance(far.b, far.u('a'), 'attack', targets)).toBe(6);
    expect(targets).toEqual([far.h('14,2')]);
    expect(closingDistance(far.b, far.u('a'), 'defend', targets)).toBe(0);
    const near = pulled('12,2');
    expect(closingDistance(near.b, near.u('a'), 'attack', targets)).toBe(0); // within artillery range (8.1)
    far.b.inCommand[far.u('a')] = 0;
    expect(closingDistance(far.b, far.u('a'), 'attack', targets)).toBe(0); // out of range it moves as 12.1 says
  });

  it('10.1: a fort\'s garrison is not bound to close in: heading for its objective, it leaves the fort that way', () => {
    const t = pulled('8,2', {}, CLEAR_ROWS(16, 5).split('\n').map((l, r) => (r === 2 ? l.replace(/^(\s*(?:\. ){8})\./, '$1X') : l)).join('\n'));
    expect(t.map.terrain[t.h('8,2')]).toBe(5);
    expect(closingDistance(t.b, t.u('a'), 'attack', [])).toBe(0);
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res());
    expect(t.grid.distance(t.pos('a'), t.h('14,2'))).toBeGreaterThan(6);
  });

  it('12.2: the duties last until the target is occupied: a unit of the formation on its objective frees the others', () => {
    const t = battle({
      map: CLEAR_ROWS(16, 5),
      formations: [{ id: 'F', objective: '1,2' }],
      units: [
        { id: 'a', side: 0, at: '8,2', formation: 'F', orders: 'attack', movement: 4 },
        { id: 'b', side: 0, at: '1,2', formation: 'F', orders: 'attack', movement: 4 },
        { id: 'E', side: 1, at: '14,2' },
      ],
    });
    expect(closingDistance(t.b, t.u('a'), 'attack', [])).toBe(0);
    expect(closingDistance(t.b, t.u('b'), 'attack', [])).toBe(0);
    t.b.moveTo(t.u('b'), t.h('2,2'));
    expect(closingDistance(t.b, t.u('a'), 'attack', [])).toBe(6);
  });

  it('six hexes off, it may not walk back to its objective: it ends at least one hex closer to E', () => {
    const t = pulled('8,2');
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res());
    const d = t.grid.distance(t.pos('a'), t.h('14,2'));
    expect(d).toBeLessThan(6);
    // Of the hexes that close in, the one nearest its objective: a single hex closer.
    expect(d).toBe(5);
  });

  it('within artillery range (two hexes) the obligation ends: it heads back for its objective', () => {
    const t = pulled('12,2');
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res());
    expect(t.grid.distance(t.pos('a'), t.h('1,2'))).toBeLessThan(11);
  });

  it('cavalry, which otherwise keeps out of enemy ZOCs, steps into one when only such a hex closes in', () => {
    // Two rows: K (2 MP) at 1,0, three hexes from E at 4,0. Of the hexes two off E within its reach, 2,0
    // and 2,1 are full (two friends each, within two hexes of E: no duty of their own), so only 3,0 and
    // 3,1 close in, in E's ZOC.
    const t = battle({
      map: CLEAR_ROWS(8, 2),
      formations: [{ id: 'F', objective: '0,0' }],
      units: [
        { id: 'K', side: 0, at: '1,0', kind: 'cavalry', formation: 'F', orders: 'attack', movement: 2 },
        { id: 'f1', side: 0, at: '2,0', formation: 'F', orders: 'attack', movement: 0 },
        { id: 'f2', side: 0, at: '2,0', formation: 'F', orders: 'attack', movement: 0 },
        { id: 'f3', side: 0, at: '2,1', formation: 'F', orders: 'attack', movement: 0 },
        { id: 'f4', side: 0, at: '2,1', formation: 'F', orders: 'attack', movement: 0 },
        { id: 'E', side: 1, at: '4,0' },
      ],
      supply: [['0,0'], ['7,0']],
      supplyRule: false,
    });
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res());
    expect(t.grid.distance(t.pos('K'), t.h('4,0'))).toBe(1);
    expect(t.b.inEnemyZoc(0, t.pos('K'))).toBe(true);
  });

  it('the random-legal baseline is bound too: it never ends where it started or farther off', () => {
    for (let i = 0; i < 20; i++) {
      const t = pulled('8,2');
      t.c.sides[0].battle = { ...t.c.sides[0].battle, random: true };
      t.b.dice = new EngagementDice(`close-${i}`);
      moveSide(t.b, 0, false, t.b.dice, t.res());
      expect(t.grid.distance(t.pos('a'), t.h('14,2'))).toBeLessThan(6);
    }
  });
});
