/**
 * Flanks and rear by geometry. A body's left or right flank is secure when a friend stands beside it
 * on that side (centred beyond its side edge, within `tol` of it, and overlapping it axially: roughly
 * in line) or when its side edge touches an anchored lane edge; otherwise it is open. An enemy can
 * strike an open flank when it reaches beyond the body's side edge and the part of its front beyond
 * that edge is within `reach` of the flank; it can strike the rear when it stands behind the body
 * facing the same way, overlapping it laterally, its front within `reach` of the rear.
 *
 * Which friends count (same facing, formation, not engaged...) and what a body that faces every way
 * (a square) makes of its flanks are the rule system's: callers pass the list of friends that count.
 */
import {
  type Body,
  EPS,
  type Side,
  axialMax,
  axialMin,
  axialOverlap,
  hypot2,
  lateralMax,
  lateralMin,
  overlapsLaterally,
  rear,
  sideEdge,
  sideSign,
} from './body.js';
import { type Lane, anchoredSide } from './lane.js';

/**
 * Index of the first friend standing beside a on `side`: its lateral centre beyond a's side edge, its
 * near side edge within `tol` of that edge (a little overlap is allowed), and overlapping a axially by
 * more than EPS. a itself, if listed, is skipped. -1 if none.
 */
export function friendBeside(a: Body, side: Side, friends: readonly Body[], tol: number): number {
  const s = sideSign(a, side);
  const edge = sideEdge(a, side);
  for (let i = 0; i < friends.length; i++) {
    const f = friends[i];
    if (f === a) continue;
    const near = s > 0 ? lateralMin(f) : lateralMax(f);
    if ((near - edge) * s > tol + EPS) continue;
    if ((f.offset - edge) * s <= 0) continue;
    if (axialOverlap(a, f) <= EPS) continue;
    return i;
  }
  return -1;
}

/** a's flank on `side` is secure: a friend beside it within tol, or an anchored lane edge within tol. */
export function flankSecure(a: Body, side: Side, friends: readonly Body[], lane: Lane, tol: number): boolean {
  return anchoredSide(lane, a, side, tol) || friendBeside(a, side, friends, tol) >= 0;
}

/** a's flank on `side` is open (not secure). */
export function flankOpen(a: Body, side: Side, friends: readonly Body[], lane: Lane, tol: number): boolean {
  return !flankSecure(a, side, friends, lane, tol);
}

/** How many of a's flanks are secure (0, 1 or 2). */
export function secureFlanks(a: Body, friends: readonly Body[], lane: Lane, tol: number): number {
  return (flankSecure(a, 'left', friends, lane, tol) ? 1 : 0) + (flankSecure(a, 'right', friends, lane, tol) ? 1 : 0);
}

/**
 * Distance e's front must cover to reach a's flank on `side`: from the part of e's front edge lying
 * beyond a's side edge to a's side (the segment from a's front to its rear). Infinity when e does not
 * reach beyond that edge, or when the whole flank lies behind e's front.
 */
export function flankReach(a: Body, side: Side, e: Body): number {
  const s = sideSign(a, side);
  const edge = sideEdge(a, side);
  const far = s > 0 ? lateralMax(e) : lateralMin(e);
  if ((far - edge) * s <= EPS) return Infinity;
  const near = s > 0 ? lateralMin(e) : lateralMax(e);
  const dy = Math.max(0, (near - edge) * s);
  const x0 = axialMin(a);
  const x1 = axialMax(a);
  // The flank must lie (at least partly) ahead of e's front.
  if (Math.max((x0 - e.front) * e.facing, (x1 - e.front) * e.facing) < -EPS) return Infinity;
  const dx = e.front < x0 ? x0 - e.front : e.front > x1 ? e.front - x1 : 0;
  return dy === 0 ? dx : dx === 0 ? dy : hypot2(dx, dy);
}

/**
 * The side on which e can strike a's flank: open, and e within `reach` of it (the nearer side if
 * both); null if neither.
 */
export function canStrikeFlank(
  a: Body,
  e: Body,
  reach: number,
  friends: readonly Body[],
  lane: Lane,
  tol: number,
): Side | null {
  const dl = flankOpen(a, 'left', friends, lane, tol) ? flankReach(a, 'left', e) : Infinity;
  const dr = flankOpen(a, 'right', friends, lane, tol) ? flankReach(a, 'right', e) : Infinity;
  const d = Math.min(dl, dr);
  if (!(d <= reach + EPS)) return null;
  return dl <= dr ? 'left' : 'right';
}

/**
 * Distance from e's front to a's rear edge when e stands behind a facing the same way and overlapping
 * it laterally (so its advance meets a's rear); Infinity otherwise.
 */
export function rearReach(a: Body, e: Body): number {
  if (e.facing !== a.facing || !overlapsLaterally(a, e)) return Infinity;
  const gap = (rear(a) - e.front) * e.facing;
  return gap >= -EPS ? Math.max(0, gap) : Infinity;
}

/** e can strike a's rear: behind it facing the same way, overlapping laterally, within `reach`. */
export function canStrikeRear(a: Body, e: Body, reach: number): boolean {
  return rearReach(a, e) <= reach + EPS;
}
