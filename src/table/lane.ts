/**
 * The lane: the strip of table on which an engagement is fought. Two ends (the table edges behind
 * each force) at xMin and xMax, and a width across, y running from -width/2 to +width/2. A lateral
 * edge may be anchored (impassable ground or friends beyond it): a body touching an anchored edge has
 * a secure flank on that side (flanks.ts).
 */
import { type Body, EPS, type Side, axialMax, axialMin, lateralMax, lateralMin, sideEdge, sideSign } from './body.js';

export interface Lane {
  /** x of the low end (a table edge). */
  xMin: number;
  /** x of the high end. */
  xMax: number;
  /** Lateral extent; y runs from -width/2 to +width/2. */
  width: number;
  /** The edge at y = -width/2 is anchored. */
  anchoredLow: boolean;
  /** The edge at y = +width/2 is anchored. */
  anchoredHigh: boolean;
}

/** A lane, checked: xMin < xMax and a positive width. */
export function makeLane(xMin: number, xMax: number, width: number, anchoredLow = false, anchoredHigh = false): Lane {
  if (!(xMin < xMax)) throw new RangeError(`a lane needs xMin < xMax, got ${xMin} and ${xMax}`);
  if (!(width > 0)) throw new RangeError(`a lane needs a positive width, got ${width}`);
  return { xMin, xMax, width, anchoredLow, anchoredHigh };
}

/** x of the lane end ahead of a body (the one its front faces). */
export function laneEndAhead(lane: Lane, b: Body): number {
  return b.facing > 0 ? lane.xMax : lane.xMin;
}

/** x of the lane end behind a body (the one routers leave by when they face away). */
export function laneEndBehind(lane: Lane, b: Body): number {
  return b.facing > 0 ? lane.xMin : lane.xMax;
}

/** The whole footprint lies between the lane's ends (touching an end counts as on). */
export function onLane(lane: Lane, b: Body): boolean {
  return axialMin(b) >= lane.xMin - EPS && axialMax(b) <= lane.xMax + EPS;
}

/** The whole footprint lies across the lane's width (touching an edge counts as within). */
export function withinWidth(lane: Lane, b: Body): boolean {
  return lateralMin(b) >= -lane.width / 2 - EPS && lateralMax(b) <= lane.width / 2 + EPS;
}

/** The body's side edge lies within tol of an anchored lateral edge of the lane on that side (or beyond it). */
export function anchoredSide(lane: Lane, b: Body, side: Side, tol = EPS): boolean {
  const edge = sideEdge(b, side);
  return sideSign(b, side) > 0
    ? lane.anchoredHigh && edge >= lane.width / 2 - tol
    : lane.anchoredLow && edge <= -lane.width / 2 + tol;
}

/** The lane mirrored along the axis about x = about (ends swap; the lateral edges keep their anchors). */
export function mirrorLane(lane: Lane, about = 0): Lane {
  return { xMin: 2 * about - lane.xMax, xMax: 2 * about - lane.xMin, width: lane.width, anchoredLow: lane.anchoredLow, anchoredHigh: lane.anchoredHigh };
}

/** The lane mirrored across its centre line (y -> -y): the anchored edges swap. */
export function flipLane(lane: Lane): Lane {
  return { xMin: lane.xMin, xMax: lane.xMax, width: lane.width, anchoredLow: lane.anchoredHigh, anchoredHigh: lane.anchoredLow };
}

/** A stretch of ground a scenario places on the lane (terrain, an objective): along it from..to, across it yMin..yMax (default the lane's width). */
export interface Zone {
  from: number;
  to: number;
  yMin?: number;
  yMax?: number;
}

/**
 * Why a zone does not lie on the lane, with the field at fault, or null when it does: it lies between
 * the lane's ends, and across at least part of its width (a wood may reach past the lane's side, as
 * the ground goes on; one wholly beside it is a slip). `what` names it ("the village"); `unit` follows
 * each number (" cm").
 */
export function zoneOffLane(lane: Pick<Lane, 'xMin' | 'xMax' | 'width'>, z: Zone, what: string, unit = ''): { field: 'from' | 'to' | 'yMin' | 'yMax'; message: string } | null {
  const ends = `the lane's ends (${lane.xMin} to ${lane.xMax}${unit})`;
  if (z.from < lane.xMin - EPS || z.from > lane.xMax + EPS) return { field: 'from', message: `${what} starts at ${z.from}${unit}, beyond ${ends}` };
  if (z.to > lane.xMax + EPS) return { field: 'to', message: `${what} ends at ${z.to}${unit}, beyond ${ends}` };
  const half = lane.width / 2;
  const spans = `the lane spans ${-half} to ${half}${unit}`;
  if (z.yMin !== undefined && z.yMin >= half) return { field: 'yMin', message: `${what} lies wholly beside the lane (yMin ${z.yMin}${unit}; ${spans})` };
  if (z.yMax !== undefined && z.yMax <= -half) return { field: 'yMax', message: `${what} lies wholly beside the lane (yMax ${z.yMax}${unit}; ${spans})` };
  return null;
}
