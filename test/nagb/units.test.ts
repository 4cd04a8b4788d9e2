/**
 * Units on the lane (src/rules/nagb/units.ts; rulings 6): front ranks and footprints by formation, an
 * infantry figure 0.8" a side, a cavalry figure 1" wide and 2" deep, casualties from the rear ranks (p8).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import { frontRank, unitFootprint } from '../../src/rules/nagb/units.js';

describe('footprints on the lane (rulings 6)', () => {
  it('rulings 3.2, 6: a 24-figure line is 12 x 2 (9.6" by 1.6"), an attack column 8 x 3 (6.4" by 2.4"; nagb.attackColumnWidth 4: 4 x 6), a march column 2 wide', () => {
    expect(unitFootprint('infantry', 'line', 24, 24, 0, false, O)).toMatchObject({ front: 12, ranks: 2 });
    expect(unitFootprint('infantry', 'line', 24, 24, 0, false, O).frontage).toBeCloseTo(9.6, 9);
    const c = unitFootprint('infantry', 'attackColumn', 24, 24, 0, false, O);
    expect([c.front, c.ranks]).toEqual([8, 3]);
    expect([c.frontage, c.depth].map((x) => Math.round(x * 10) / 10)).toEqual([6.4, 2.4]);
    expect(unitFootprint('infantry', 'attackColumn', 24, 24, 0, false, withOptions({ attackColumnWidth: 4 })).front).toBe(4);
    expect(unitFootprint('infantry', 'marchColumn', 24, 24, 0, false, O).front).toBe(2);
  });

  it('p8, p14 (nagb.squareFace): a square of 24 fights with a face of a quarter of its 12-figure line front: 3 figures; a quarter of all figures: 6', () => {
    expect(unitFootprint('infantry', 'square', 24, 24, 0, false, O).front).toBe(3);
    expect(unitFootprint('infantry', 'square', 24, 24, 0, false, withOptions({ squareFace: 'figuresQuarter' })).front).toBe(6);
  });

  it('rulings 6, 7: 16 cuirassiers in line two deep are 8" wide and 4" deep; a battery of three guns 6" by 3"', () => {
    const cav = unitFootprint('cavalry', 'line', 16, 16, 0, false, O);
    expect([cav.front, cav.frontage, cav.depth]).toEqual([8, 8, 4]);
    const bty = unitFootprint('artillery', 'battery', 12, 12, 3, false, O);
    expect([bty.frontage, bty.depth]).toEqual([6, 3]);
  });

  it('p8 (nagb.casualtyRemoval): casualties come off the rear ranks, so a line keeps its 12 files down to 12 figures; under proportional the files thin at once', () => {
    expect(frontRank('infantry', 'line', 24, 13, false, O)).toBe(12);
    expect(frontRank('infantry', 'line', 24, 9, false, O)).toBe(9);
    expect(frontRank('infantry', 'line', 24, 20, false, withOptions({ casualtyRemoval: 'proportional' }))).toBe(10);
  });
});
