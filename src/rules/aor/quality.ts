/**
 * The common quality ladder (DESIGN.md, "Cross-system studies") in Age of Rifles terms: the morale
 * rating of 2.2 (the default 4 is line troops) and the refit flags of the Morale Modifiers table.
 * - conscript: morale 3 (the raw and second-line troops refits rate below the default);
 * - line: morale 4, the default of 2.2;
 * - veteran: morale 5;
 * - elite: morale 5 and steadfast (no -1 for a lost step, the table's British and KGL exception);
 * - guard: morale 6 and oldGuard (its attack costs the defender -1).
 * docs/rules/age-of-rifles.md gives the reasoning.
 */
import type { Quality, QualitySupport } from '../../core/ruleset.js';

const LADDER: Readonly<Record<Quality, { morale: number; flags: readonly string[]; words: string }>> = {
  conscript: { morale: 3, flags: [], words: 'morale 3' },
  line: { morale: 4, flags: [], words: 'morale 4 (the default of 2.2)' },
  veteran: { morale: 5, flags: [], words: 'morale 5' },
  elite: { morale: 5, flags: ['steadfast'], words: 'morale 5, steadfast' },
  guard: { morale: 6, flags: ['oldGuard'], words: 'morale 6, oldGuard' },
};

export const AOR_QUALITY: QualitySupport = {
  describe: Object.fromEntries(Object.entries(LADDER).map(([q, v]) => [q, v.words])) as Record<Quality, string>,
  fields: (quality) => ({ morale: LADDER[quality].morale, flags: [...LADDER[quality].flags] }),
};
