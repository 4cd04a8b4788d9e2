import { describe, expect, it } from 'vitest';
import { ARMY_BROKEN_LEVEL, armyBroken, cohesionLevel, cohesionMarchDrm } from '../../src/rules/aoe/cohesion.js';

describe('Army cohesion levels (p1 Tactical Movement Modifiers; aoe.cohesion) [gap]', () => {
  it('aoe.cohesion quarters: level = floor(4 x removed / starting foot and horse units)', () => {
    // Four units: each removal is a quarter.
    expect([0, 1, 2, 3, 4].map((r) => cohesionLevel(r, 4, 'quarters'))).toEqual([0, 1, 2, 3, 4]);
    // Two units (the French brigade of rulings 7): one removed is half the army, level 2.
    expect(cohesionLevel(1, 2, 'quarters')).toBe(2);
    // Three units: 1 of 3 is floor(4/3) = 1; 2 of 3 is floor(8/3) = 2.
    expect(cohesionLevel(1, 3, 'quarters')).toBe(1);
    expect(cohesionLevel(2, 3, 'quarters')).toBe(2);
  });
  it('aoe.cohesion quarters: level 2 breaks the army', () => {
    expect(ARMY_BROKEN_LEVEL).toBe(2);
    expect(armyBroken(1, 'quarters')).toBe(false);
    expect(armyBroken(2, 'quarters')).toBe(true);
  });
  it('aoe.cohesion quartersNoBreak: the same levels, but the army never breaks', () => {
    expect(cohesionLevel(1, 2, 'quartersNoBreak')).toBe(2);
    expect(armyBroken(4, 'quartersNoBreak')).toBe(false);
  });
  it('aoe.cohesion none: always level 0, never broken', () => {
    expect(cohesionLevel(2, 2, 'none')).toBe(0);
    expect(armyBroken(0, 'none')).toBe(false);
  });
  it('aoe.cohesion: a side with no foot or horse units has level 0', () => expect(cohesionLevel(0, 0, 'quarters')).toBe(0));
  it('p1: -1 on the March Table per level', () => expect([0, 1, 3].map(cohesionMarchDrm)).toEqual([-0, -1, -3]));
});
