/**
 * Reinforcements (9): units arrive on their entry hexes, stacked if need be, and when that hex is
 * blocked or in a ZOC, on the nearest hex out of any ZOC. Scenario field: unit `arrives`
 * (src/rules/aor/battleSchema.ts).
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { bringOnReinforcements, entryHex } from '../../src/rules/aor/battle/arrivals.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { battle, CLEAR_ROWS, collector, mapWith, type BattleDesc, type Built, type UnitDesc } from './helpers.js';

function setUp(units: UnitDesc[], extra: Partial<BattleDesc> = {}): Built {
  return battle({ map: CLEAR_ROWS(9, 5), supply: [['0,2'], ['8,2']], supplyRule: false, turns: 4, ...extra, units });
}

/** Bring side 0's reinforcements on at turn `turn`. */
function arrive(t: Built, turn: number, side: 0 | 1 = 0): number {
  t.b.turn = turn;
  return bringOnReinforcements(t.b, side);
}

describe('9 reinforcements', () => {
  it('a unit with arrives: 3 is off the map until turn 3, then enters at its hex', () => {
    const t = setUp([
      { id: 'S', side: 0, at: '0,0', orders: 'reserve' },
      { id: 'R', side: 0, at: '1,2', orders: 'reserve', arrives: 3 },
      { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
    ]);
    expect(t.pos('R')).toBe(-1);
    expect(t.b.pending(t.u('R'))).toBe(true);
    expect(t.b.count[t.h('1,2')]).toBe(0);
    expect(arrive(t, 1)).toBe(0);
    expect(arrive(t, 2)).toBe(0);
    expect(t.pos('R')).toBe(-1);
    expect(arrive(t, 3)).toBe(1);
    expect(t.pos('R')).toBe(t.h('1,2'));
    expect(t.b.pending(t.u('R'))).toBe(false);
    expect(arrive(t, 4)).toBe(0); // once only
  });

  it("in a played battle it enters in its own side's player turn of turn 3, in the movement segment", () => {
    for (const side of [0, 1] as const) {
      const t = setUp([
        { id: 'S', side: 0, at: '0,0', orders: 'reserve' },
        { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
        { id: 'R', side, at: side === 0 ? '1,2' : '7,2', orders: 'reserve', arrives: 3 },
      ]);
      const { sink, events } = collector();
      playBattle(t.c, new EngagementDice(`arrive/${side}`), { sink });
      const i = events.findIndex((e) => e.type === 'relocate' && e.why === 'arrival');
      expect(i, `side ${side}`).toBeGreaterThan(0);
      expect(events[i]).toMatchObject({ side, unit: 'R', from: -1, to: t.h(side === 0 ? '1,2' : '7,2') });
      const before = events.slice(0, i);
      const turn = before.filter((e): e is Extract<VolleyEvent, { type: 'playerTurn' }> => e.type === 'playerTurn').at(-1)!;
      expect(turn).toMatchObject({ turn: 3, side });
      const phase = before.filter((e): e is Extract<VolleyEvent, { type: 'phase' }> => e.type === 'phase').at(-1)!;
      expect(phase.phase).toBe('movement');
      expect(events.filter((e) => e.type === 'relocate' && e.why === 'arrival').length).toBe(1);
    }
  });

  it('a side whose only units have yet to arrive is not destroyed', () => {
    const t = setUp([
      { id: 'R', side: 0, at: '1,2', orders: 'reserve', arrives: 2 },
      { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
    ], { turns: 2 });
    const res = playBattle(t.c, new EngagementDice('pending'));
    expect(res.reason).not.toBe('destroyed');
    expect(res.turns).toBe(2);
  });

  it('several units due at the same hex enter stacked', () => {
    const t = setUp([
      { id: 'S', side: 0, at: '0,0', orders: 'reserve' },
      { id: 'R1', side: 0, at: '2,2', orders: 'reserve', arrives: 2 },
      { id: 'R2', side: 0, at: '2,2', orders: 'reserve', arrives: 2 },
      { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
    ]);
    expect(arrive(t, 2)).toBe(2);
    expect(t.pos('R1')).toBe(t.h('2,2'));
    expect(t.pos('R2')).toBe(t.h('2,2'));
  });

  it('entry hex held by the enemy: the nearest hex that is neither enemy-held, full nor in enemy ZOC', () => {
    const t = setUp([
      { id: 'S', side: 0, at: '0,0', orders: 'reserve' },
      { id: 'R', side: 0, at: '4,2', orders: 'reserve', arrives: 2 },
      { id: 'E', side: 1, at: '4,2', orders: 'reserve' },
    ]);
    expect(arrive(t, 2)).toBe(1);
    const at = t.pos('R');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(t.grid.distance(at, t.h('4,2'))).toBe(2); // every neighbour is in E's ZOC
    expect(t.b.inEnemyZoc(0, at)).toBe(false);
  });

  it('entry hex full (two friendly units): the nearest free hex out of enemy ZOC, one hex off', () => {
    const t = setUp([
      { id: 'S1', side: 0, at: '4,2', orders: 'reserve' },
      { id: 'S2', side: 0, at: '4,2', orders: 'reserve' },
      { id: 'R', side: 0, at: '4,2', orders: 'reserve', arrives: 2 },
      { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
    ]);
    expect(arrive(t, 2)).toBe(1);
    expect(t.grid.distance(t.pos('R'), t.h('4,2'))).toBe(1);
    expect(t.b.count[t.h('4,2')]).toBe(2);
  });

  it('a hex with one friendly unit is not full: the reinforcement stacks there', () => {
    const t = setUp([
      { id: 'S', side: 0, at: '4,2', orders: 'reserve' },
      { id: 'R', side: 0, at: '4,2', orders: 'reserve', arrives: 2 },
      { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
    ]);
    arrive(t, 2);
    expect(t.pos('R')).toBe(t.h('4,2'));
  });

  it('entry hex in enemy ZOC: the nearest hex out of it', () => {
    // E at 5,2 puts 4,2 (and 4,1, 4,3) in its ZOC; 3,1, 3,2 and 3,3 are one hex off and free.
    const t = setUp([
      { id: 'S', side: 0, at: '0,0', orders: 'reserve' },
      { id: 'R', side: 0, at: '4,2', orders: 'reserve', arrives: 2 },
      { id: 'E', side: 1, at: '5,2', orders: 'reserve' },
    ]);
    expect(t.b.inEnemyZoc(0, t.h('4,2'))).toBe(true);
    arrive(t, 2);
    const at = t.pos('R');
    expect(t.grid.distance(at, t.h('4,2'))).toBe(1);
    expect(t.b.inEnemyZoc(0, at)).toBe(false);
    expect(['3,1', '3,2', '3,3'].map((h) => t.h(h))).toContain(at);
  });

  it('entryHex: a fort holding one unit is full (10.1)', () => {
    const t = battle({
      map: mapWith(9, 5, { '4,2': 'X' }),
      supply: [['0,2'], ['8,2']],
      supplyRule: false,
      units: [
        { id: 'S', side: 0, at: '4,2', orders: 'reserve' },
        { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
      ],
    });
    expect(t.map.terrain[t.h('4,2')]).toBe(5);
    const to = entryHex(t.b, 0, t.h('4,2'));
    expect(to).not.toBe(t.h('4,2'));
    expect(t.grid.distance(to, t.h('4,2'))).toBe(1);
  });
});
