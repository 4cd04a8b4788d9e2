/**
 * The common quality ladder (DESIGN.md, "Cross-system studies") in Burt's terms: the morale class of 8
 * (rulings, "The common order of battle"): conscript D, line C, veteran B, elite A, guard A. E is
 * left for militia, below the ladder; the text has no rating above A, so elite and guard share it.
 */
import type { Quality, QualitySupport } from '../../core/ruleset.js';
import type { MoraleClass } from './tables.js';

export const QUALITY_CLASS: Readonly<Record<Quality, MoraleClass>> = {
  conscript: 'D',
  line: 'C',
  veteran: 'B',
  elite: 'A',
  guard: 'A',
};

export const BURT_QUALITY: QualitySupport = {
  describe: {
    conscript: 'class D (5 to pass)',
    line: 'class C (4 to pass)',
    veteran: 'class B (3 to pass)',
    elite: 'class A (2 to pass)',
    guard: 'class A (2 to pass; the text has nothing above A)',
  },
  fields: (quality) => ({ class: QUALITY_CLASS[quality] }),
};
