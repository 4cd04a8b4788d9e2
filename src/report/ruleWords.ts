/**
 * The report's sentences that cite the rules, from the results' vocabulary (`vocabulary.report`), so
 * that each system's report speaks its own rules. Results written before the vocabulary carried them
 * get a wording that cites no rule.
 */
import type { ReportWords } from '../core/vocabulary.js';
import type { Results } from '../results/results.js';
import { plural } from './words.js';

export const PLAIN_WORDS: ReportWords = {
  objectiveHolder: 'as its rule system decides who holds it',
  formations: 'each formation and each whole army',
  army: 'Whole army',
  retreats: {
    forced: 'Forced',
    voluntary: 'Voluntary',
    definition: 'forced retreats are those the rules impose, voluntary ones the side’s own choice to fall back.',
  },
  strengthLost: 'in the rule system’s own units',
  eliminated: 'removed from play, as its rule system has it',
};

export function reportWords(r: Pick<Results, 'vocabulary'>): ReportWords {
  return r.vocabulary.report ?? PLAIN_WORDS;
}

/** What the rule system's strength is counted in, in the plural: "strength points", "figures", "units". */
export function strengthUnits(r: Pick<Results, 'scale'>): string {
  return plural(r.scale?.strengthUnit ?? 'strength point', 2);
}
