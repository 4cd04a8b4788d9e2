/**
 * Distances and relative positions of bodies on the lane. Ranges in the miniatures rules are measured
 * front edge to front edge; on the lane that is the axial gap when the bodies overlap laterally, and
 * the straight line between the nearest ends of their front edges when they do not.
 */
import {
  type Body,
  EPS,
  axialCentre,
  axialMax,
  axialMin,
  hypot2,
  lateralGap,
  lateralMax,
  lateralMin,
  rangeGap,
  rangeOverlap,
} from './body.js';

/** Signed axial distance from a's front edge to x, positive ahead of a (in its facing direction). */
export function aheadOf(a: Body, x: number): number {
  return (x - a.front) * a.facing;
}

/**
 * The axial gap from a's front to b's front, measured in a's facing direction: for two bodies facing
 * each other, the distance between their fronts (the same from either side), negative when they
 * have passed into each other.
 */
export function frontGap(a: Body, b: Body): number {
  return (b.front - a.front) * a.facing;
}

/**
 * Distance between the nearest points of the two front edges: the axial gap when the bodies overlap
 * laterally, else the straight line over the lateral gap and the axial gap.
 */
export function frontEdgeDistance(a: Body, b: Body): number {
  const dx = Math.abs(b.front - a.front);
  const dy = lateralGap(a, b);
  return dy === 0 ? dx : hypot2(dx, dy);
}

/** Distance from a's front edge (a segment across the lane) to the point (x, y). */
export function frontToPoint(a: Body, x: number, y: number): number {
  const dx = Math.abs(x - a.front);
  const dy = Math.max(0, Math.abs(y - a.offset) - a.frontage / 2);
  return dy === 0 ? dx : hypot2(dx, dy);
}

/**
 * Signed axial distance from a's front to the nearest point of the interval [from, to] (either order):
 * 0 when the front is inside it, positive when it lies ahead of a, negative when behind.
 */
export function frontToInterval(a: Body, from: number, to: number): number {
  const d1 = aheadOf(a, from);
  const d2 = aheadOf(a, to);
  if (d1 <= 0 && d2 >= 0) return 0;
  if (d2 <= 0 && d1 >= 0) return 0;
  return d1 > 0 ? Math.min(d1, d2) : Math.max(d1, d2);
}

/** No part of b lies behind a's front edge (b may touch it): b is in front of a. Lateral position is not considered. */
export function isInFront(a: Body, b: Body): boolean {
  return Math.min(aheadOf(a, axialMin(b)), aheadOf(a, axialMax(b))) >= -EPS;
}

/** No part of b lies ahead of a's rear edge (b may touch it): b is behind a. Lateral position is not considered. */
export function isBehind(a: Body, b: Body): boolean {
  return Math.max(aheadOf(a, axialMin(b)), aheadOf(a, axialMax(b))) <= -a.depth + EPS;
}

/** b's front faces toward a: a's centre lies ahead of b's centre in b's facing direction. */
export function facesToward(b: Body, a: Body): boolean {
  return (axialCentre(a) - axialCentre(b)) * b.facing > EPS;
}

/** b faces away from a: a's centre lies behind b's centre. */
export function facesAway(b: Body, a: Body): boolean {
  return (axialCentre(a) - axialCentre(b)) * b.facing < -EPS;
}

/** a and b face opposite ways and toward each other. */
export function faceToFace(a: Body, b: Body): boolean {
  return a.facing !== b.facing && facesToward(a, b);
}

/**
 * c stands between a and b: its footprint overlaps the open axial gap between their fronts, and
 * laterally it overlaps the corridor between them (their common lateral extent, or the gap between
 * them when they do not overlap). For rules such as "no firing through units".
 */
export function isBetween(a: Body, b: Body, c: Body): boolean {
  const x0 = Math.min(a.front, b.front);
  const x1 = Math.max(a.front, b.front);
  if (rangeOverlap(x0, x1, axialMin(c), axialMax(c)) <= EPS) return false;
  let y0 = Math.max(lateralMin(a), lateralMin(b));
  let y1 = Math.min(lateralMax(a), lateralMax(b));
  if (y0 > y1) {
    const t = y0;
    y0 = y1;
    y1 = t;
  }
  const cy0 = lateralMin(c);
  const cy1 = lateralMax(c);
  // A corridor of no width (edge to edge) is crossed only by a body straddling it.
  if (y1 - y0 <= EPS) return cy0 < y0 - EPS && cy1 > y1 + EPS;
  return rangeOverlap(y0, y1, cy0, cy1) > EPS;
}

/** Distance from the point (x, y) to the nearest point of b's footprint: 0 on or inside it. */
export function pointToBody(b: Body, x: number, y: number): number {
  const dx = rangeGap(x, x, axialMin(b), axialMax(b));
  const dy = rangeGap(y, y, lateralMin(b), lateralMax(b));
  return dx === 0 ? dy : dy === 0 ? dx : hypot2(dx, dy);
}

/**
 * Width of a's front edge from which b lies within a half-arc of `slope` (the tangent of the half-angle:
 * 1 for 45 degrees to either side, 0.414 for 22.5): the points of the front whose lateral distance to b
 * is at most slope times the axial distance from a's front to b's nearer end. 0 when b is not wholly in
 * front of a. For rules where only the figures with the target in their arc fire.
 */
export function frontWithinArc(a: Body, b: Body, slope: number): number {
  if (!isInFront(a, b)) return 0;
  const near = Math.max(0, Math.min(aheadOf(a, axialMin(b)), aheadOf(a, axialMax(b))));
  const reach = slope * near;
  return rangeOverlap(lateralMin(a), lateralMax(a), lateralMin(b) - reach, lateralMax(b) + reach);
}
