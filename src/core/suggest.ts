/**
 * "Did you mean": the known name nearest a misspelt one (a field, an option, a flag, a rule system),
 * by edit distance. Pure; the messages that use it say what was not found and add the suggestion.
 */

/**
 * Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`, case ignored: the
 * optimal string alignment distance. A swap counts one, as "engagments" for "engagements" is one
 * letter left out and "hti" for "hit" one pair of letters typed the wrong way round.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // d[i][j]: the distance between the first i characters of s and the first j of t.
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[s.length][t.length];
}

/**
 * The most edits a name may be away from a known one and still be taken for a slip: one for names of
 * up to five letters, then one more for every three (a short word two edits away is another word).
 */
export const slipAllowance = (word: string): number => Math.max(1, Math.floor(word.length / 3));

/**
 * The known name nearest `word` (case ignored), or undefined when none is near enough to be a slip.
 * Of names equally near, the first listed wins; a name equal but for case is always nearest.
 */
export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    if (k === word) continue;
    const d = editDistance(word, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= slipAllowance(word) ? best : undefined;
}

/** "; did you mean 'morale'?" for the nearest known name, or '' when there is none near enough. */
export function didYouMean(word: string, known: Iterable<string>, quote = (s: string) => `'${s}'`): string {
  const k = closest(word, known);
  return k === undefined ? '' : `; did you mean ${quote(k)}?`;
}
