/**
 * The extended die (6: "here and elsewhere", so every target roll: to hit, to save, morale). A score
 * above 6 needs a 6 and then more dice (burt.extendedDie); 10 or more can never be reached. The
 * required score is the base plus the modifiers that add to it (fire, melee) or the class score less
 * the modifiers added to the roll (morale).
 */
import { d6, type Uniform } from '../../core/dice.js';
import type { ExtendedDieMode, NaturalOne } from './options.js';

/** 6: no roll, however extended, reaches 10. */
export const IMPOSSIBLE_SCORE = 10;

/**
 * 6, 8: what a test's score asks of the die, in words (the trace and the odds answer say it alike),
 * under the readings of the extended die and of a natural 1 (burt.extendedDie, burt.naturalOne).
 */
export function scoreNeeded(target: number, mode: ExtendedDieMode, naturalOne: NaturalOne): string {
  if (target <= 1) return naturalOne === 'alwaysFails' ? 'any roll but a 1 passes' : 'any roll passes';
  if (!reachable(target, mode)) return target >= IMPOSSIBLE_SCORE ? 'no roll passes (6: 10 or more)' : 'no roll passes (6 at most: burt.extendedDie none)';
  return `needs ${target}+`;
}

/** 6: whether an extended roll can reach the score at all under the reading of the extended die. */
export function reachable(target: number, mode: ExtendedDieMode): boolean {
  return target < IMPOSSIBLE_SCORE && (target <= 6 || mode !== 'none');
}

/**
 * 6, 9: a to-hit or saving score in words, as "N+" after "on" (the odds answer's worked line and the
 * story's fire): one no roll reaches says so, and one of 1 or less is any roll, a 1 apart under
 * burt.naturalOne alwaysFails.
 */
export function scoreOn(target: number, mode: ExtendedDieMode, naturalOne: NaturalOne): string {
  if (!reachable(target, mode)) return target >= IMPOSSIBLE_SCORE ? 'never (6: 10 or more)' : 'never (6 at most: burt.extendedDie none)';
  if (target <= 1) return naturalOne === 'alwaysFails' ? 'any roll but a 1' : 'any roll';
  return `${target}+`;
}

/** 6, 9: the score a die must reach, the base (5) plus every modifier that adds to it. */
export function requiredScore(base: number, modifier: number): number {
  return base + modifier;
}

/** 8: the score a morale die must reach: the class score less the modifiers added to the roll. */
export function moraleRequired(classTarget: number, rollModifier: number): number {
  return classTarget - rollModifier;
}

/** The highest score the die can show under each reading. */
export function maxScore(mode: ExtendedDieMode): number {
  return mode === 'none' ? 6 : IMPOSSIBLE_SCORE - 1;
}

/**
 * Exact probability that one extended roll reaches `required`.
 * - up to 6: (7 - required) / 6; required 1 or less always succeeds, unless burt.naturalOne
 *   alwaysFails, when a first die of 1 fails (5/6);
 * - stepped: 7, 8, 9 need a 6 then a 4, 5, 6 or better: (10 - required) / 36;
 * - chained: 6 + k needs a 6 then k rolls of 4+: (1/6) (1/2)^k;
 * - none, or 10 and above: 0.
 */
export function reachProbability(required: number, mode: ExtendedDieMode, naturalOne: NaturalOne): number {
  if (required <= 1) return naturalOne === 'alwaysFails' ? 5 / 6 : 1;
  if (required <= 6) return (7 - required) / 6;
  if (required >= IMPOSSIBLE_SCORE || mode === 'none') return 0;
  if (mode === 'stepped') return (IMPOSSIBLE_SCORE - required) / 36;
  return Math.pow(0.5, required - 6) / 6;
}

/**
 * One roll against `required`, from a Uniform. The first die is always rolled (so readings that
 * change the required score leave the dice stream aligned); later dice only when a 6 must be extended.
 */
export function rollReaches(required: number, mode: ExtendedDieMode, naturalOne: NaturalOne, u: Uniform): boolean {
  const first = d6(u);
  if (first === 1 && naturalOne === 'alwaysFails') return false;
  if (required <= 6) return first >= required;
  if (first < 6 || mode === 'none' || required >= IMPOSSIBLE_SCORE) return false;
  if (mode === 'stepped') return d6(u) >= required - 3; // 7, 8, 9 from a second 4, 5, 6
  for (let k = required - 6; k > 0; k--) if (d6(u) < 4) return false;
  return true;
}

/**
 * A full extended score, 1..9 (1..6 under none): for display and for tests. A stepped 6 is followed
 * by one more die (4, 5, 6 give 7, 8, 9; 1-3 leave 6); a chained 6 grows by one for each 4+ in a row,
 * stopping at 9.
 */
export function rollExtended(mode: ExtendedDieMode, u: Uniform): number {
  const first = d6(u);
  if (first < 6 || mode === 'none') return first;
  if (mode === 'stepped') {
    const second = d6(u);
    return second >= 4 ? second + 3 : 6;
  }
  let score = 6;
  while (score < IMPOSSIBLE_SCORE - 1 && d6(u) >= 4) score++;
  return score;
}

/** Exact distribution of rollExtended: element s is P(score = s), s = 0..9. */
export function extendedScoreDistribution(mode: ExtendedDieMode): number[] {
  const dist = [0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 0, 0, 0, 0];
  if (mode === 'none') dist[6] = 1 / 6;
  else if (mode === 'stepped') {
    dist[6] = 1 / 12;
    dist[7] = dist[8] = dist[9] = 1 / 36;
  } else {
    dist[6] = 1 / 12;
    dist[7] = 1 / 24;
    dist[8] = 1 / 48;
    dist[9] = 1 / 48;
  }
  return dist;
}
