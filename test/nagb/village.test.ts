import { describe, expect, it } from 'vitest';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import { collapsed, leavesSectorAfterMelee, mayEnterSector, roomBeforeSector, sectorCover, structureAfterDamage } from '../../src/rules/nagb/village.js';

describe('Village sectors (p30-31)', () => {
  it('p31 (nagb.villageCover): hard cover by default, soft by option; a collapse drops it one step', () => {
    expect(sectorCover(false, O)).toBe('hard');
    expect(sectorCover(true, O)).toBe('soft');
    expect(sectorCover(false, withOptions({ villageCover: 'soft' }))).toBe('soft');
    expect(sectorCover(true, withOptions({ villageCover: 'soft' }))).toBe('none');
  });
  it('p30: entered from its edge, never in the reserve phase', () => {
    expect(mayEnterSector(true, false)).toBe(true);
    expect(mayEnterSector(false, false)).toBe(false);
    expect(mayEnterSector(true, true)).toBe(false);
  });
  it('p30-31: a move stops at the near edge of a sector it does not hold (entering is an order of its own); its own sector, one behind it or beside it does not stop it', () => {
    // Scenario A's two sectors, x 32 to 38, north y 0..10 and south y -10..0; and a road (not a sector).
    const terrain = [
      { from: 32, to: 38, yMin: 0, yMax: 10 },
      { from: 32, to: 38, yMin: -10, yMax: 0 },
      { from: 0, to: 48 },
    ];
    const sectors = [0, 1];
    // A column's front at 26.2 going up the lane (+x), 8.2 to 1.8 right of the centre: 5.8" to the south sector.
    expect(roomBeforeSector(terrain, sectors, -1, 26.2, 1, -8.2, -1.8)).toBeCloseTo(5.8, 12);
    expect(roomBeforeSector(terrain, sectors, -1, 32, 1, -8.2, -1.8)).toBe(0);
    // Its own sector (it holds the south one), one it has entered or passed, and one beside it: no stop.
    expect(roomBeforeSector(terrain, sectors, 1, 26.2, 1, -8.2, -1.8)).toBe(Infinity);
    expect(roomBeforeSector(terrain, sectors, -1, 33, 1, -8.2, -1.8)).toBe(Infinity);
    expect(roomBeforeSector(terrain, sectors, -1, 26.2, 1, -20, -10)).toBe(Infinity);
    // Going down the lane (-x) from beyond the village: the near edge is at 38; straddling both sectors, the nearer.
    expect(roomBeforeSector(terrain, sectors, -1, 44, -1, -2, 2)).toBe(6);
  });
  it('rulings 3.12: a defender that draws, falls back or breaks leaves the sector', () => {
    expect(leavesSectorAfterMelee('won')).toBe(false);
    expect(leavesSectorAfterMelee('draw')).toBe(true);
    expect(leavesSectorAfterMelee('fellBack')).toBe(true);
  });
  it('p31 (nagb.buildingDamage): off, damage changes nothing; on, hit points fall to 0 and it collapses', () => {
    expect(structureAfterDamage(10, 4, O)).toBe(10);
    const on = withOptions({ buildingDamage: true });
    expect(structureAfterDamage(10, 4, on)).toBe(6);
    expect(structureAfterDamage(3, 4, on)).toBe(0);
    expect(collapsed(0)).toBe(true);
  });
});
