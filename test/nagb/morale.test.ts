import { describe, expect, it } from 'vitest';
import {
  actsDisordered,
  afterRally,
  battalionCommanderKilled,
  burstThroughTestRequired,
  flowGap,
  isShaken,
  isShattered,
  jubilanceAfter,
  proximityTestRequired,
  rallyLd,
  removedForLostColours,
  routerMoveDice,
  surrenders,
  worsen,
} from '../../src/rules/nagb/morale.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';

describe('Morale states (p27-28)', () => {
  it('p28: a failed test drops one state: good order to disordered, disordered to broken', () => {
    expect(worsen('good')).toBe('disordered');
    expect(worsen('disordered')).toBe('broken');
  });
  it('p27: over 50% lost is shaken (24 figures: 11 left, not 12); colours lost too', () => {
    expect(isShaken(12, 24, false)).toBe(false);
    expect(isShaken(11, 24, false)).toBe(true);
    expect(isShaken(24, 24, true)).toBe(true);
  });
  it('p27: over 75% lost is shattered (24 figures: 5 left, not 6)', () => {
    expect(isShattered(6, 24)).toBe(false);
    expect(isShattered(5, 24)).toBe(true);
  });
  it('p28 (nagb.lostColours): without colours a unit is removed below 50%, or at once', () => {
    expect(removedForLostColours(12, 24, true, O)).toBe(false);
    expect(removedForLostColours(11, 24, true, O)).toBe(true);
    expect(removedForLostColours(20, 24, true, withOptions({ lostColours: 'removed' }))).toBe(true);
    expect(removedForLostColours(5, 24, false, O)).toBe(false);
  });
  it('p27: shaken, blown and silenced units count as disordered', () => {
    expect(actsDisordered('good', true)).toBe(true);
    expect(actsDisordered('good', false)).toBe(false);
    expect(actsDisordered('broken', false)).toBe(true);
  });
});

describe('Rally (p2, p27, p28)', () => {
  it('p2 (nagb.rallyModifier): rally tests at Ld -1 by default, or unmodified; influence adds', () => {
    expect(rallyLd(8, 0, O)).toBe(7);
    expect(rallyLd(8, 1, withOptions({ rallyModifier: 0 }))).toBe(9);
  });
  it('p2, p27: rallying moves one level up; broken rallies to disordered; shaken stays disordered', () => {
    expect(afterRally('broken', false)).toBe('disordered');
    expect(afterRally('disordered', false)).toBe('good');
    expect(afterRally('disordered', true)).toBe('disordered');
  });
  it('p28 (nagb.routerMove): routers failing to rally flee 2d6 (cavalry 3d6), or stay', () => {
    expect(routerMoveDice('infantry', O)).toBe(2);
    expect(routerMoveDice('cavalry', O)).toBe(3);
    expect(routerMoveDice('infantry', withOptions({ routerMove: 'stay' }))).toBe(0);
  });
});

describe('Proximity, burst-through, jubilance, surrender (p5, p28)', () => {
  it('p28: friends within 6" test; formed units ignore breaking skirmishers', () => {
    expect(proximityTestRequired(6, false, false)).toBe(true);
    expect(proximityTestRequired(6.5, false, false)).toBe(false);
    expect(proximityTestRequired(3, true, false)).toBe(false);
    expect(proximityTestRequired(3, true, true)).toBe(true);
  });
  it('p28 (nagb.routerGap): a gap among the units across a flight of at least a base width lets the router flow through: one its path reaches (reached), or one within its path (inPath)', () => {
    // A router over [-4.8, 4.8] on a 40"-wide lane (-20 to 20), a foot base 3.2" wide.
    const at = (blocks: [number, number][], where: 'reached' | 'inPath') => flowGap(-4.8, 4.8, blocks, -20, 20, 3.2, where);
    // A friend over its left part, open to 4.2 where another stands: 4.8" open, all within its path.
    expect(at([[-5.4, -0.6], [4.2, 9]], 'reached')).toBe(true);
    expect(at([[-5.4, -0.6], [4.2, 9]], 'inPath')).toBe(true);
    // A gap of 3.4" (2.8 to 6.2), 2" of it within the path: reached only.
    expect(at([[-6.8, 2.8], [6.2, 15.8]], 'reached')).toBe(true);
    expect(at([[-6.8, 2.8], [6.2, 15.8]], 'inPath')).toBe(false);
    // A gap of 2.4" (2.8 to 5.2): too narrow either way.
    expect(at([[-6.8, 2.8], [5.2, 14.8]], 'reached')).toBe(false);
    // A gap of exactly a base width (2.8 to 6.0) is enough.
    expect(at([[-6.8, 2.8], [6, 14.8]], 'reached')).toBe(true);
    // p28, p15: a wide gap whose edge meets the path (at 4.8, beside a friend squarely behind) is reached:
    // the router flows around the friend.
    expect(at([[-6, 4.8], [12, 20]], 'reached')).toBe(true);
    expect(at([[-4.8, 4.8]], 'reached')).toBe(true);
    expect(at([[-4.8, 4.8]], 'inPath')).toBe(false);
    // A wide gap its path does not reach (it begins 0.1" beyond the path's edge): none.
    expect(at([[-6, 4.9], [12, 20]], 'reached')).toBe(false);
    // The lane's edge bounds a gap: a friend to 17.5 leaves 2.5" to the edge at 20.
    expect(flowGap(15, 19, [[10, 17.5]], -20, 20, 3.2, 'reached')).toBe(false);
    expect(flowGap(15, 19, [[10, 16.5]], -20, 20, 3.2, 'reached')).toBe(true);
    // Blocks overlapping one another leave no gap between them.
    expect(at([[-10, 1], [0, 10]], 'reached')).toBe(false);
  });
  it('p28: squares are immune to burst-through; a gap of a base width lets routers pass', () => {
    expect(burstThroughTestRequired(true, false)).toBe(false);
    expect(burstThroughTestRequired(false, true)).toBe(false);
    expect(burstThroughTestRequired(false, false)).toBe(true);
  });
  it('p28: a good-order unit making the enemy run becomes jubilant, cumulatively; disorder ends it', () => {
    expect(jubilanceAfter(0, true, true)).toBe(1);
    expect(jubilanceAfter(1, true, true)).toBe(2);
    expect(jubilanceAfter(2, false, true)).toBe(0);
    expect(jubilanceAfter(1, true, false)).toBe(1);
  });
  it('p28: breaking with no line of retreat surrenders', () => {
    expect(surrenders(true, false)).toBe(true);
    expect(surrenders(true, true)).toBe(false);
  });
  it('p5 (optional): a battalion commander dies on a 1', () => {
    expect([1, 2, 6].map(battalionCommanderKilled)).toEqual([true, false, false]);
  });
});
