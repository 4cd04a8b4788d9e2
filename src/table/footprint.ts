/**
 * Footprints from formations, generically: a count of figures (or bases, or stands) arranged in files
 * and ranks, each figure `width` wide and each rank `rankDepth` deep. Rule systems pass their own
 * widths (0.5" a foot figure, a 1" stand, a base of 4 figures) and decide how many files a formation
 * has; this module only multiplies.
 */

export interface Footprint {
  /** Lateral width of the front rank. */
  frontage: number;
  /** Extent along the axis. */
  depth: number;
  /** Figures (or bases) in the front rank. */
  files: number;
  /** Ranks, the last possibly incomplete. */
  ranks: number;
}

function checkCount(count: number, what: string): void {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`${what} must be a whole number >= 0, got ${count}`);
}

/**
 * `count` figures in ranks of at most `perRank`: the front rank is full (or holds them all), the last
 * rank takes what is left. No figures: no frontage, no depth.
 */
export function footprintByFiles(count: number, perRank: number, width: number, rankDepth: number): Footprint {
  checkCount(count, 'figures');
  if (!Number.isInteger(perRank) || perRank < 1) throw new RangeError(`figures per rank must be a whole number >= 1, got ${perRank}`);
  const files = Math.min(count, perRank);
  const ranks = Math.ceil(count / perRank);
  return { frontage: files * width, depth: ranks * rankDepth, files, ranks };
}

/**
 * `count` figures in `ranks` ranks: ceil(count / ranks) to a rank (a 25-figure line in two ranks has
 * 13 files). Fewer figures than ranks: one file of `count` ranks.
 */
export function footprintByRanks(count: number, ranks: number, width: number, rankDepth: number): Footprint {
  checkCount(count, 'figures');
  if (!Number.isInteger(ranks) || ranks < 1) throw new RangeError(`ranks must be a whole number >= 1, got ${ranks}`);
  return footprintByFiles(count, Math.max(1, Math.ceil(count / ranks)), width, rankDepth);
}

/**
 * Whole units (figures or bases) shared among the four faces of a square as evenly as possible:
 * [front, right, rear, left]. The odd ones go to the front, then the rear, then the right (6 bases give
 * [2, 1, 2, 1]; 7 give [2, 2, 2, 1]).
 */
export function squareFaces(units: number): [number, number, number, number] {
  checkCount(units, 'units');
  const q = Math.floor(units / 4);
  const r = units % 4;
  return [q + (r >= 1 ? 1 : 0), q + (r >= 3 ? 1 : 0), q + (r >= 2 ? 1 : 0), q];
}

/**
 * The footprint of a body facing every way, from the units on each face ([front, right, rear, left],
 * e.g. from squareFaces): frontage the longer of front and rear faces, depth the longer of the side
 * faces but at least the front and rear faces' own ranks (`ranksPerFace` each). `files` is the front
 * face's units, `ranks` the ranks of one face.
 */
export function squareFootprint(
  faces: readonly [number, number, number, number],
  width: number,
  rankDepth: number,
  ranksPerFace = 1,
): Footprint {
  const [front, right, rearFace, left] = faces;
  for (const n of faces) checkCount(n, 'units on a face');
  const files = Math.max(front, rearFace);
  const side = Math.max(right, left) * width;
  return { frontage: files * width, depth: Math.max(side, 2 * ranksPerFace * rankDepth), files, ranks: ranksPerFace };
}

/**
 * Whole figures of `figureWidth` that fit in a lateral `width` (e.g. the contact width of two bodies:
 * the figures of a front rank that are in contact). A width short of a whole figure by less than a
 * millionth of one still counts it, so float noise in the overlap does not drop a figure.
 */
export function wholeFiguresIn(width: number, figureWidth: number): number {
  if (!(figureWidth > 0)) throw new RangeError(`figure width must be positive, got ${figureWidth}`);
  if (!(width > 0)) return 0;
  return Math.floor(width / figureWidth + 1e-6);
}
