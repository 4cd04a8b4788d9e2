/**
 * Bodies on the engagement lane: a unit's footprint as a rectangle aligned with the lane.
 *
 * Frame (docs/table.md): x runs along the lane, the axis on which the two forces face each other; y
 * runs across it, 0 on the lane's centre line. Both are in the rule system's own ground unit (inches,
 * centimetres): nothing here knows which. A body faces +x (facing 1) or -x (facing -1); its left is the
 * +y side when it faces +x, so a body's left and right are always relative to its own facing, and
 * mirroring the lane along x (x -> -x, facing -> -facing) swaps them.
 *
 * Nothing here knows of units, formations or rules.
 */

/**
 * Tolerance for every comparison of positions, in ground units. Moves and offsets add and subtract
 * floats, so a body that should stop exactly at 20 may stand at 20.000000000000004; one millionth of an
 * inch or centimetre is far below anything a rule measures.
 */
export const EPS = 1e-6;

/** +1: the body's front faces increasing x; -1: decreasing x. */
export type Facing = 1 | -1;

/** A body's side, relative to its own facing. */
export type Side = 'left' | 'right';

export interface Body {
  /** x of the front edge. */
  front: number;
  facing: Facing;
  /** Lateral width of the front edge (> 0). */
  frontage: number;
  /** Extent along the axis, from the front edge back (> 0). */
  depth: number;
  /** Lateral centre y. */
  offset: number;
}

/** A body from its five numbers. */
export function body(front: number, facing: Facing, frontage: number, depth: number, offset = 0): Body {
  return { front, facing, frontage, depth, offset };
}

/** x of the rear edge: the front, depth units back against the facing. */
export function rear(b: Body): number {
  return b.front - b.facing * b.depth;
}

/** Lowest x of the footprint. */
export function axialMin(b: Body): number {
  return b.facing > 0 ? b.front - b.depth : b.front;
}

/** Highest x of the footprint. */
export function axialMax(b: Body): number {
  return b.facing > 0 ? b.front : b.front + b.depth;
}

/** The footprint's x range [min, max]. */
export function axialExtent(b: Body): [number, number] {
  return [axialMin(b), axialMax(b)];
}

/** x of the middle of the footprint. */
export function axialCentre(b: Body): number {
  return b.front - (b.facing * b.depth) / 2;
}

/** Lowest y of the footprint. */
export function lateralMin(b: Body): number {
  return b.offset - b.frontage / 2;
}

/** Highest y of the footprint. */
export function lateralMax(b: Body): number {
  return b.offset + b.frontage / 2;
}

/** The footprint's y range [min, max]. */
export function lateralExtent(b: Body): [number, number] {
  return [lateralMin(b), lateralMax(b)];
}

/**
 * Math.hypot(x, y), bit for bit, without the builtin's call: V8 computes it as below (Infinity before
 * NaN, both normalised to the larger magnitude and summed with Kahan's compensation), and so does this,
 * inlined where it is called.
 */
export function hypot2(x: number, y: number): number {
  x = Math.abs(x);
  y = Math.abs(y);
  let max = 0;
  if (x > max) max = x;
  if (y > max) max = y;
  if (max === Infinity) return Infinity;
  if (x !== x || y !== y) return NaN;
  if (max === 0) return 0;
  const a = x / max;
  const b = y / max;
  let sum = 0;
  let comp = 0;
  let summand = a * a - comp;
  let prelim = sum + summand;
  comp = prelim - sum - summand;
  sum = prelim;
  summand = b * b - comp;
  prelim = sum + summand;
  sum = prelim;
  return Math.sqrt(sum) * max;
}

/** Length of the overlap of two closed ranges, 0 when they are apart or only touch. */
export function rangeOverlap(lo1: number, hi1: number, lo2: number, hi2: number): number {
  const d = Math.min(hi1, hi2) - Math.max(lo1, lo2);
  return d > 0 ? d : 0;
}

/** Length of the gap between two closed ranges, 0 when they touch or overlap. */
export function rangeGap(lo1: number, hi1: number, lo2: number, hi2: number): number {
  const d = Math.max(lo1, lo2) - Math.min(hi1, hi2);
  return d > 0 ? d : 0;
}

/** Width over which the two bodies' lateral extents overlap (0 when apart or edge to edge). */
export function lateralOverlap(a: Body, b: Body): number {
  return rangeOverlap(lateralMin(a), lateralMax(a), lateralMin(b), lateralMax(b));
}

/** The bodies share more than EPS of lateral extent; edge to edge is not overlapping. */
export function overlapsLaterally(a: Body, b: Body): boolean {
  return lateralOverlap(a, b) > EPS;
}

/** Lateral distance between the bodies' nearest side edges, 0 when they touch or overlap. */
export function lateralGap(a: Body, b: Body): number {
  return rangeGap(lateralMin(a), lateralMax(a), lateralMin(b), lateralMax(b));
}

/** Length over which the bodies' x ranges overlap (0 when apart or end to end). */
export function axialOverlap(a: Body, b: Body): number {
  return rangeOverlap(axialMin(a), axialMax(a), axialMin(b), axialMax(b));
}

/** Lateral direction (+1: +y, -1: -y) of a body's side: its left is toward +y when it faces +x. */
export function sideSign(b: Body, side: Side): number {
  return side === 'left' ? b.facing : -b.facing;
}

/** y of a body's left or right side edge. */
export function sideEdge(b: Body, side: Side): number {
  return b.offset + (sideSign(b, side) * b.frontage) / 2;
}

/** The side of b on which lateral position y lies, measured from b's centre; null on the centre line. */
export function sideOf(b: Body, y: number): Side | null {
  const s = (y - b.offset) * b.facing;
  return s > 0 ? 'left' : s < 0 ? 'right' : null;
}

/** The other side. */
export function otherSide(side: Side): Side {
  return side === 'left' ? 'right' : 'left';
}

/** The same footprint facing the other way (an about face): the old rear edge becomes the front. */
export function turnAbout(b: Body): Body {
  return { front: rear(b), facing: b.facing > 0 ? -1 : 1, frontage: b.frontage, depth: b.depth, offset: b.offset };
}

/**
 * The same footprint fronting toward x (for bodies that face every way, such as a square or a
 * built-up area, whose front is whichever face the threat comes from). Unchanged when x is level
 * with its centre.
 */
export function faceToward(b: Body, x: number): Body {
  const s = (x - axialCentre(b)) * b.facing;
  return s < 0 ? turnAbout(b) : { ...b };
}

/** b mirrored along the axis about x = about: x -> 2 about - x, facing reversed; left and right swap. */
export function mirrorBody(b: Body, about = 0): Body {
  return { front: 2 * about - b.front, facing: b.facing > 0 ? -1 : 1, frontage: b.frontage, depth: b.depth, offset: b.offset };
}

/** b mirrored across the lane about y = about: y -> 2 about - y; left and right swap. */
export function flipBody(b: Body, about = 0): Body {
  return { front: b.front, facing: b.facing, frontage: b.frontage, depth: b.depth, offset: 2 * about - b.offset };
}
