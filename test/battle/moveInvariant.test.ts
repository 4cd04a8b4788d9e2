/**
 * The zone of control invariant of every move (checkMove, src/rules/aor/battle/invariants.ts; 5.4, 5.5,
 * 12.1, 12.2, 16), checked under checkInvariants: legal moves pass, each kind of illegal move is caught,
 * and a battle played with the checks on plays exactly as without them.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { checkMove, InvariantError } from '../../src/rules/aor/battle/invariants.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { battle, CLEAR_ROWS } from './helpers.js';

// Red's infantry at 5,2 projects a ZOC into 4,2 (west) among others; 3,2 and 2,2 are outside it.
function setUp(orders: 'attack' | 'defend' | 'march', kind: 'infantry' | 'cavalry' = 'infantry', options: Record<string, string> = {}) {
  return battle({
    map: CLEAR_ROWS(9, 5),
    options,
    units: [
      { id: 'M', side: 0, at: '2,2', kind, orders },
      { id: 'E', side: 1, at: '5,2' },
    ],
  });
}
const path = (t: ReturnType<typeof setUp>, ...hexes: string[]) => hexes.map((h) => t.h(h));

describe('checkMove: zones of control respected by every move', () => {
  it('an Attack-order move that ends on entering the ZOC passes', () => {
    const t = setUp('attack');
    expect(() => checkMove(t.b, t.u('M'), path(t, '2,2', '3,2', '4,2'), false)).not.toThrow();
  });

  it('moving on from an enemy ZOC hex is caught under aor.zocMovement = entryStops (5.4)', () => {
    const t = setUp('attack', 'infantry', { 'aor.zocMovement': 'entryStops' });
    expect(() => checkMove(t.b, t.u('M'), path(t, '2,2', '3,2', '4,2', '4,1'), false)).toThrow(/moved on from the enemy ZOC hex/);
  });

  it('moving on from an enemy ZOC hex is legal under aor.zocMovement = moveThrough (5.4: "units that move through a ZOC hex")', () => {
    const t = setUp('attack');
    expect(() => checkMove(t.b, t.u('M'), path(t, '2,2', '3,2', '4,2', '4,1'), false)).not.toThrow();
  });

  it('cavalry under Defend orders entering an enemy ZOC passes (5.4), and is caught under aor.cavalryZocOrders = apply (12.2)', () => {
    const k = setUp('defend', 'cavalry');
    expect(() => checkMove(k.b, k.u('M'), path(k, '2,2', '3,2', '4,2'), false)).not.toThrow();
    const bound = setUp('defend', 'cavalry', { 'aor.cavalryZocOrders': 'apply' });
    expect(() => checkMove(bound.b, bound.u('M'), path(bound, '2,2', '3,2', '4,2'), false)).toThrow(/under orders that forbid it/);
  });

  it('entering a ZOC at night (16), under March orders (12.2) or out of command range (12.1) is caught', () => {
    const t = setUp('attack');
    expect(() => checkMove(t.b, t.u('M'), path(t, '2,2', '3,2', '4,2'), true)).toThrow(InvariantError);
    expect(() => checkMove(t.b, t.u('M'), path(t, '2,2', '3,2', '4,2'), true)).toThrow(/at night/);
    const m = setUp('march');
    expect(() => checkMove(m.b, m.u('M'), path(m, '2,2', '3,2', '4,2'), false)).toThrow(/under orders that forbid it/);
    const o = setUp('attack');
    o.b.inCommand[o.u('M')] = 0;
    expect(() => checkMove(o.b, o.u('M'), path(o, '2,2', '3,2', '4,2'), false)).toThrow(/out of command range/);
  });

  it('leaving a ZOC the orders hold the unit in is caught; Defend orders and cavalry may leave', () => {
    const t = setUp('attack');
    expect(() => checkMove(t.b, t.u('M'), path(t, '4,2', '3,2'), false)).toThrow(/left an enemy ZOC/);
    const d = setUp('defend');
    expect(() => checkMove(d.b, d.u('M'), path(d, '4,2', '3,2'), false)).not.toThrow();
    const k = setUp('attack', 'cavalry');
    expect(() => checkMove(k.b, k.u('M'), path(k, '4,2', '4,1', '3,1'), false)).not.toThrow();
  });

  it('a fort is in no ZOC (10.1): a marching unit may enter one next to the enemy, and leave it again', () => {
    const rows = CLEAR_ROWS(9, 5).split('\n');
    rows[2] = rows[2].replace(/^(\s*(?:\S\s+){4})\S/, '$1X'); // 4,2: a fort west of E
    const t = battle({ map: rows.join('\n'), units: [{ id: 'M', side: 0, at: '2,2', orders: 'march' }, { id: 'E', side: 1, at: '5,2' }] });
    expect(t.b.zoc[1][t.h('4,2')]).toBeGreaterThan(0);
    expect(() => checkMove(t.b, t.u('M'), path(t, '2,2', '3,2', '4,2'), false)).not.toThrow();
    expect(() => checkMove(t.b, t.u('M'), path(t, '4,2', '3,2'), false)).not.toThrow();
  });

  it('a battle with the checks on plays as without them', () => {
    const t = setUp('attack');
    const plain = JSON.stringify(playBattle(t.c, new EngagementDice('moves')));
    const checked = JSON.stringify(playBattle(t.c, new EngagementDice('moves'), { checkInvariants: true }));
    expect(checked).toBe(plain);
  });
});
