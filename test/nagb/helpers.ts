/** Shared helpers of the NAGB tests: scripted dice and plain unit profiles. */
import type { Uniform } from '../../src/core/dice.js';
import type { UnitProfile } from '../../src/rules/nagb/odds.js';

/** A uniform source that shows the given d6 faces in turn, and fails when they run out. */
export function faces(...f: number[]): Uniform & { used: () => number } {
  let i = 0;
  const u = (() => {
    if (i >= f.length) throw new Error(`only ${f.length} faces scripted`);
    return (f[i++] - 0.5) / 6;
  }) as Uniform & { used: () => number };
  u.used = () => i;
  return u;
}

/** A fresh line battalion of 24 figures in line (12 x 2), Ld 8, muskets. */
export function battalion(over: Partial<UnitProfile> = {}): UnitProfile {
  return {
    arm: 'infantry',
    cls: 'line',
    formation: 'line',
    figures: 24,
    startFigures: 24,
    front: 12,
    disordered: false,
    jubilant: 0,
    influence: 0,
    weapon: 'musket',
    ...over,
  };
}

/** A fresh regiment of 16 cuirassiers in line, two deep (8 in front). */
export function cuirassiers(over: Partial<UnitProfile> = {}): UnitProfile {
  return {
    arm: 'cavalry',
    cls: 'line',
    formation: 'line',
    figures: 16,
    startFigures: 16,
    front: 8,
    disordered: false,
    jubilant: 0,
    influence: 0,
    // p40: no carbines or pistols unless a scenario gives them (as play compiles a regiment).
    weapon: null,
    cavalryType: 'cuirassier',
    cavalryWeapon: 'sabre',
    ...over,
  };
}
