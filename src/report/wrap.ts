/**
 * Wide tables wrapped like a line of text: a table with more cells than fit across the page is printed
 * as several tables one under the other, each with its own row labels and at most `most` of the cells.
 */

/** At most this many cells side by side: with the row labels, six columns of a figure and its interval fit 1,040 px. */
export const CELLS_ACROSS = 6;

/**
 * The columns 0..n-1 in runs of at most `most`, as even as can be (9 by 6 is 5 + 4, not 6 + 3, so the
 * last table is not a stub). One run when n fits.
 */
export function columnRuns(n: number, most = CELLS_ACROSS): number[][] {
  if (!Number.isInteger(most) || most < 1) throw new Error(`columnRuns: at most ${most} columns`);
  const runs = Math.max(1, Math.ceil(n / most));
  const out: number[][] = [];
  let start = 0;
  for (let k = 0; k < runs; k++) {
    // The first n % runs runs take one column more.
    const size = Math.floor(n / runs) + (k < n % runs ? 1 : 0);
    out.push(Array.from({ length: size }, (_, i) => start + i));
    start += size;
  }
  return out;
}

/** The caption of one run: "Key numbers per cell" alone, or "…, cells 1-5 of 9". */
export function runCaption(caption: string, run: readonly number[], n: number): string {
  if (run.length === n) return caption;
  const [a, b] = [run[0] + 1, run[run.length - 1] + 1];
  return `${caption}, ${a === b ? `cell ${a}` : `cells ${a}-${b}`} of ${n}`;
}

/**
 * Escaped text with each interval "[lo, hi]" and each "< 0.001" kept on one line, so a narrow column
 * breaks a figure from its interval but never an interval in two.
 */
export function unbroken(html: string): string {
  return html.replace(/\[[^\]]*\]|&lt; [\d.]+/g, (m) => `<span class="nobr">${m}</span>`);
}
