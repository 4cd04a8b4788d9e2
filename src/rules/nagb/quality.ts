/**
 * The common quality ladder (DESIGN.md, "Cross-system studies") in NAGB classes (rulings 7): conscript
 * is Conscripts (Ld 7, raw), line Line (8), veteran Veteran (9, drilled; veteran cavalry by nagb.veteranCavalryDrilled, p38 vs p40), elite Elite (10, drilled,
 * stubborn), guard Guard (11 or nagb.guardLeadership's 10; drilled, stubborn). Cavalry and batteries use
 * the same class names; elite cavalry is drilled but not stubborn (p40). docs/rules/nagb.md gives the
 * reasoning.
 */
import type { Quality, QualitySupport } from '../../core/ruleset.js';

const LADDER: Readonly<Record<Quality, { cls: string; words: string }>> = {
  conscript: { cls: 'conscripts', words: 'Conscripts: Ld 7, raw (tests at any casualty, -1 to hit, a whole move to change formation)' },
  line: { cls: 'line', words: 'Line: Ld 8, tests at 10% casualties' },
  veteran: { cls: 'veteran', words: 'Veteran: Ld 9, drilled (cavalry: not, p40; nagb.veteranCavalryDrilled), tests at 25%, +1 to hit' },
  elite: { cls: 'elite', words: 'Elite: Ld 10, drilled and stubborn (cavalry: drilled only, p40), tests at 25% unmodified by casualties' },
  guard: { cls: 'guard', words: 'Guard: Ld 11 (nagb.guardLeadership), drilled and stubborn' },
};

/** The class of a rung. */
export function classOfQuality(q: Quality): string {
  return LADDER[q].cls;
}

export const NAGB_QUALITY: QualitySupport = {
  describe: Object.fromEntries(Object.entries(LADDER).map(([q, v]) => [q, v.words])) as Record<Quality, string>,
  fields: (quality) => ({ class: LADDER[quality].cls }),
};
