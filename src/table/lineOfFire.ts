/**
 * Lines of fire on the lane: the straight segment between the nearest points of a firer's front edge
 * and its target's footprint, and whether a third body stands across it ("no firing through units").
 * isBetween (distance.ts) asks whether a body stands in the whole corridor between two bodies; for
 * bodies that do not overlap laterally that corridor is wider than any line of fire, so a unit beside
 * the line would block it. These functions follow the line itself.
 */
import { type Body, EPS, axialMax, axialMin, lateralMax, lateralMin } from './body.js';

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/**
 * The two ends of a's line of fire at b, written into `out` as [x0, y0, x1, y1]: the point of a's
 * front edge nearest b's lateral centre, and the point of b's footprint nearest that point.
 */
export function fireLine(a: Body, b: Body, out: number[] = [0, 0, 0, 0]): number[] {
  const x0 = a.front;
  const y0 = clamp(b.offset, lateralMin(a), lateralMax(a));
  out[0] = x0;
  out[1] = y0;
  out[2] = clamp(x0, axialMin(b), axialMax(b));
  out[3] = clamp(y0, lateralMin(b), lateralMax(b));
  return out;
}

/**
 * The open segment from (x0, y0) to (x1, y1) passes through the inside of c's footprint (more than
 * EPS inside: running along an edge or touching a corner does not count). Liang-Barsky clipping.
 */
export function segmentCrosses(x0: number, y0: number, x1: number, y1: number, c: Body): boolean {
  const xmin = axialMin(c) + EPS;
  const xmax = axialMax(c) - EPS;
  const ymin = lateralMin(c) + EPS;
  const ymax = lateralMax(c) - EPS;
  if (xmin >= xmax || ymin >= ymax) return false;
  // Bounding boxes apart: no crossing (the common case, answered without clipping).
  if (Math.max(x0, x1) <= xmin || Math.min(x0, x1) >= xmax || Math.max(y0, y1) <= ymin || Math.min(y0, y1) >= ymax) return false;
  // Liang-Barsky: clip the parameter range [0, 1] against the four edges in turn.
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q = k === 0 ? x0 - xmin : k === 1 ? xmax - x0 : k === 2 ? y0 - ymin : ymax - y0;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return t1 - t0 > 0;
}

const LINE = [0, 0, 0, 0];

/** c stands across a's line of fire at b (fireLine). */
export function lineOfFireBlocked(a: Body, b: Body, c: Body): boolean {
  fireLine(a, b, LINE);
  return segmentCrosses(LINE[0], LINE[1], LINE[2], LINE[3], c);
}
