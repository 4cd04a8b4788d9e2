/**
 * Supports: friends standing behind a body, for rules such as "supported by a unit within 6 inches
 * behind" or "rear support: a friend directly behind". Which friends qualify (not shaken, not engaged,
 * same facing) is the rule system's: callers pass the list.
 */
import { type Body, EPS, axialMax, axialMin, overlapsLaterally, rear } from './body.js';

/**
 * Axial distance from a's rear edge back to the nearest edge of f: positive when f lies wholly behind
 * a, negative when f reaches forward past a's rear. Lateral position is not considered.
 */
export function gapBehind(a: Body, f: Body): number {
  const nearest = a.facing > 0 ? axialMax(f) : axialMin(f);
  return (rear(a) - nearest) * a.facing;
}

/** f stands behind a within `within` of its rear (touching counts) and overlaps it laterally. */
export function supports(a: Body, f: Body, within: number): boolean {
  if (f === a || !overlapsLaterally(a, f)) return false;
  const g = gapBehind(a, f);
  return g >= -EPS && g <= within + EPS;
}

/** Indices of the friends supporting a (see supports), in list order, written into `out` (cleared). */
export function supportsBehind(a: Body, friends: readonly Body[], within: number, out: number[] = []): number[] {
  out.length = 0;
  for (let i = 0; i < friends.length; i++) if (supports(a, friends[i], within)) out.push(i);
  return out;
}

/** Index of the nearest supporting friend (ties to the lower index), -1 if none. */
export function nearestSupport(a: Body, friends: readonly Body[], within: number): number {
  let best = -1;
  let bestGap = Infinity;
  for (let i = 0; i < friends.length; i++) {
    if (!supports(a, friends[i], within)) continue;
    const g = gapBehind(a, friends[i]);
    if (g < bestGap) {
      bestGap = g;
      best = i;
    }
  }
  return best;
}
