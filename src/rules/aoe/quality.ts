/**
 * The common quality ladder (DESIGN.md, "Cross-system studies") in Age of Eagles terms (rulings 7):
 * conscript = Conscript (March -1, Bayonet & Sabre 0); line = Regular (0, +1); veteran = Elite (+1,
 * +2); guard = Elite, with one more on each under aoe.guardStep extraPlusOne. The ladder's `elite`
 * rung has nothing between Elite and guard in this system, so it is the guard rung too (units.ts
 * QUALITY_FROM_LADDER; docs/rules/aoe.md).
 */
import type { Quality, QualitySupport } from '../../core/ruleset.js';
import { QUALITY_FROM_LADDER } from './units.js';

const WORDS: Readonly<Record<Quality, string>> = {
  conscript: 'Conscript (March Table -1, Bayonet & Sabre 0)',
  line: 'Regular (March Table 0, Bayonet & Sabre +1)',
  veteran: 'Elite (March Table +1, Bayonet & Sabre +2)',
  elite: 'guard: Elite, +1 more on the March Table and in Bayonet & Sabre under aoe.guardStep extraPlusOne',
  guard: 'guard: Elite, +1 more on the March Table and in Bayonet & Sabre under aoe.guardStep extraPlusOne',
};

export const AOE_QUALITY: QualitySupport = {
  describe: WORDS,
  fields: (quality) => ({ quality: QUALITY_FROM_LADDER[quality] }),
};
