import { describe, expect, it } from 'vitest';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import { collapsed, leavesSectorAfterMelee, mayEnterSector, sectorCover, structureAfterDamage } from '../../src/rules/nagb/village.js';

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
