/**
 * The common quality ladder (DESIGN.md, "Cross-system studies") in Age of Eagles terms (rulings 7): a
 * unit's common `quality` rung sets its own `troops` field (the text's troop quality, p1, p2):
 * conscript = Conscript (March -1, Bayonet & Sabre 0); line = Regular (0, +1); veteran = Elite (+1,
 * +2); guard = guard (Elite, with one more on each under aoe.guardStep extraPlusOne). The ladder's
 * `elite` rung has nothing between Elite and guard in this system, so it is the guard rung too (units.ts
 * TROOPS_FROM_LADDER; docs/rules/aoe.md).
 */
import type { Quality, QualitySupport } from '../../core/ruleset.js';
import { TROOPS_FROM_LADDER } from './units.js';

const WORDS: Readonly<Record<Quality, string>> = {
  conscript: 'troops conscript (March Table -1, Bayonet & Sabre 0)',
  line: 'troops regular (March Table 0, Bayonet & Sabre +1)',
  veteran: 'troops elite (March Table +1, Bayonet & Sabre +2)',
  elite: 'troops guard: Elite, +1 more on the March Table and in Bayonet & Sabre under aoe.guardStep extraPlusOne',
  guard: 'troops guard: Elite, +1 more on the March Table and in Bayonet & Sabre under aoe.guardStep extraPlusOne',
};

export const AOE_QUALITY: QualitySupport = {
  describe: WORDS,
  fields: (quality) => ({ troops: TROOPS_FROM_LADDER[quality] }),
};
