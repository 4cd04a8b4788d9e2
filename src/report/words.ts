/**
 * How every report and console line writes numbers and words: one interval form, `value [lo, hi]`
 * with the level said once per table or block; counts with the noun in the right number; side names
 * with the verb in the right number; rule identifiers as words.
 */
import { fixed } from '../core/words.js';
import type { Proportion } from '../stats/intervals.js';

/** The level of every interval volley prints; said once per table or block of lines. */
export const LEVEL = 0.95;
/** The note that says it, for the end of a block of lines or a table's definition. */
export const LEVEL_NOTE = `in brackets: ${LEVEL * 100}% intervals`;

export { count, counted, fixed, namesMany, num, playedOn, plural, possessive, sideVerb, signed } from '../core/words.js';

/** An interval as volley writes it everywhere: "[lo, hi]", both ends with `f`. */
export function interval(lo: number, hi: number, f: (x: number) => string = (x) => fixed(x, 2)): string {
  return `[${f(lo)}, ${f(hi)}]`;
}

/** A share with its interval: "23.4% [22.6, 24.2]" (the unit on the estimate only). */
export function shareText(p: Pick<Proportion, 'p' | 'lo' | 'hi'>, digits = 1): string {
  const f = (x: number) => fixed(100 * x, digits);
  return `${f(p.p)}% ${interval(p.lo, p.hi, f)}`;
}

/** A mean with its interval: "24.64 [23.70, 25.58]". */
export function meanText(m: { mean: number; lo: number; hi: number }, f: (x: number) => string = (x) => fixed(x, 2)): string {
  return `${f(m.mean)} ${interval(m.lo, m.hi, f)}`;
}

/** "armyDemoralized" -> "army demoralized", "bothRetreated" -> "both retreated": an identifier as words. */
export function identifierWords(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
}

/** "spent" -> "Spent": a word at the head of a title. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
