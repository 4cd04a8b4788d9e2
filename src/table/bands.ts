/**
 * Range bands: a weapon's bands are given by their outer edges, ascending (musket 3, 6, 9: short up
 * to 3, medium up to 6, long up to 9). A band includes its outer edge.
 */
import { EPS } from './body.js';

/**
 * Index of the band a distance falls in: the first edge it does not exceed (an edge itself belongs to
 * the nearer band; within EPS of an edge counts as on it), or -1 beyond the last edge. A negative
 * distance (bodies that have passed into each other) is in band 0. `edges` must be ascending.
 */
export function bandOf(distance: number, edges: readonly number[]): number {
  for (let i = 0; i < edges.length; i++) if (distance <= edges[i] + EPS) return i;
  return -1;
}

/** The distance is at most `range` (within EPS): a one-band bandOf. */
export function withinRange(distance: number, range: number): boolean {
  return distance <= range + EPS;
}
