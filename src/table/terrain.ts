/**
 * Terrain on the lane: intervals of the axis with a kind. The kind is an opaque string (village,
 * woods, stream, rough, crest, hedge, wall...): the rule system says what each kind does, through the
 * callbacks it passes (movement costs, what blocks sight) and through what it does with the intervals
 * a body is in or has crossed.
 *
 * An area is an interval [from, to) of positive length; a line (a hedge, wall or stream drawn as a
 * line) has from === to. Each reaches across the whole lane unless yMin/yMax narrow it. Intervals may
 * overlap (a wall along a village's front edge, a stream through woods).
 *
 * Boundaries. A point query (terrainAt) takes areas as half-open [from, to). Everything about bodies
 * and moves is independent of which way the lane runs, so mirroring the lane mirrors every answer:
 * - a body's front edge is in an area when the ground just behind the front edge is (frontIn): a
 *   body whose front stands on the village's edge, facing out of it, holds the edge; one touching the
 *   same edge from outside is not in the village;
 * - an edge moving from x1 to x2 meets an area when its path and the area overlap by more than EPS,
 *   and crosses a line lying on its path from its start (inclusive: the body is behind its edge) to
 *   its end (exclusive: arriving at a hedge is not crossing it) (passage, terrainMet).
 */
import { type Body, EPS, axialMax, axialMin, lateralMax, lateralMin, rangeOverlap } from './body.js';

export interface TerrainInterval {
  readonly kind: string;
  /** Low x of the interval. */
  readonly from: number;
  /** High x; equal to from for a line. */
  readonly to: number;
  /** Lateral extent, by default the whole width of the lane. */
  readonly yMin?: number;
  readonly yMax?: number;
}

/** How an edge moving from x1 to x2 meets an interval (see passage). */
export type Passage = 'none' | 'within' | 'entered' | 'left' | 'crossed';

/** A terrain interval, checked: from <= to, yMin < yMax. */
export function terrainInterval(kind: string, from: number, to: number, yMin?: number, yMax?: number): TerrainInterval {
  if (!(from <= to)) throw new RangeError(`terrain ${kind}: from must not exceed to, got ${from} and ${to}`);
  const out: { kind: string; from: number; to: number; yMin?: number; yMax?: number } = { kind, from, to };
  if (yMin !== undefined || yMax !== undefined) {
    const lo = yMin ?? -Infinity;
    const hi = yMax ?? Infinity;
    if (!(lo < hi)) throw new RangeError(`terrain ${kind}: yMin must be below yMax, got ${lo} and ${hi}`);
    if (yMin !== undefined) out.yMin = yMin;
    if (yMax !== undefined) out.yMax = yMax;
  }
  return out;
}

/** A line (zero depth): a hedge, wall or stream met by crossing it. */
export function isLine(t: TerrainInterval): boolean {
  return t.from === t.to;
}

/**
 * The interval reaches across the lateral span [y0, y1]: overlaps it by more than EPS, or for a point
 * span (y0 === y1) contains it.
 */
export function spansLaterally(t: TerrainInterval, y0: number, y1: number): boolean {
  const lo = t.yMin ?? -Infinity;
  const hi = t.yMax ?? Infinity;
  if (y1 - y0 <= 0) return y0 >= lo && y0 <= hi;
  return rangeOverlap(y0, y1, lo, hi) > EPS;
}

/**
 * Index of the first interval holding the point (x, y): an area with from <= x < to, or a line within
 * EPS of x; -1 if none. Without y, lateral extents are ignored.
 */
export function terrainAt(terrain: readonly TerrainInterval[], x: number, y?: number): number {
  for (let i = 0; i < terrain.length; i++) {
    const t = terrain[i];
    const hit = t.from === t.to ? Math.abs(x - t.from) <= EPS : x >= t.from && x < t.to;
    if (hit && (y === undefined || spansLaterally(t, y, y))) return i;
  }
  return -1;
}

/**
 * How an edge moving from x1 to x2 meets the interval (lateral extent not considered): 'none';
 * 'within' an area it starts and ends in; 'entered' an area it ends in; 'left' an area it starts in;
 * 'crossed' an area it passes through, or a line it crosses.
 */
export function passage(t: TerrainInterval, x1: number, x2: number): Passage {
  const length = Math.abs(x2 - x1);
  if (length <= EPS) return 'none';
  const dir = x2 > x1 ? 1 : -1;
  if (t.from === t.to) {
    const d = (t.from - x1) * dir;
    return d >= -EPS && d < length - EPS ? 'crossed' : 'none';
  }
  if (rangeOverlap(Math.min(x1, x2), Math.max(x1, x2), t.from, t.to) <= EPS) return 'none';
  // Start inside: the ground just ahead of x1 is in the area; end inside: the ground just short of x2.
  const startIn = dir > 0 ? x1 >= t.from - EPS && x1 < t.to - EPS : x1 > t.from + EPS && x1 <= t.to + EPS;
  const endIn = dir > 0 ? x2 > t.from + EPS && x2 <= t.to + EPS : x2 >= t.from - EPS && x2 < t.to - EPS;
  return startIn ? (endIn ? 'within' : 'left') : endIn ? 'entered' : 'crossed';
}

/** Distance along the path from x1 (direction dir) at which an edge first meets the interval. */
function entryDistance(t: TerrainInterval, x1: number, dir: number): number {
  const near = dir > 0 ? t.from : t.to;
  return Math.max(0, (near - x1) * dir);
}

/** Sort key order: by entry distance (EPS ties), lines before areas, then index. */
function metBefore(terrain: readonly TerrainInterval[], i: number, j: number, x1: number, dir: number): boolean {
  const di = entryDistance(terrain[i], x1, dir);
  const dj = entryDistance(terrain[j], x1, dir);
  if (Math.abs(di - dj) > EPS) return di < dj;
  const li = terrain[i].from === terrain[i].to;
  const lj = terrain[j].from === terrain[j].to;
  if (li !== lj) return li;
  return i < j;
}

/**
 * The intervals reaching across [y0, y1] that an edge moving from x1 to x2 meets (passage not
 * 'none'), in the order it meets them, written into `out` (cleared first). Returns how many.
 */
export function terrainMet(
  terrain: readonly TerrainInterval[],
  x1: number,
  x2: number,
  y0: number,
  y1: number,
  out: number[],
): number {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime and drops the backing store)
  const dir = x2 >= x1 ? 1 : -1;
  for (let i = 0; i < terrain.length; i++) {
    if (!spansLaterally(terrain[i], y0, y1) || passage(terrain[i], x1, x2) === 'none') continue;
    let k = out.length;
    out.push(i);
    while (k > 0 && metBefore(terrain, i, out[k - 1], x1, dir)) {
      out[k] = out[k - 1];
      k--;
    }
    out[k] = i;
  }
  return out.length;
}

/** Fraction (0..1) of the body's footprint area inside an area interval; 0 for a line. */
export function fractionIn(b: Body, t: TerrainInterval): number {
  if (t.from === t.to || !(b.depth > 0) || !(b.frontage > 0)) return 0;
  const ax = rangeOverlap(axialMin(b), axialMax(b), t.from, t.to);
  const ay = rangeOverlap(lateralMin(b), lateralMax(b), t.yMin ?? -Infinity, t.yMax ?? Infinity);
  return Math.min(1, (ax * ay) / (b.depth * b.frontage));
}

/** The whole footprint lies inside an area interval (edges within EPS count); never inside a line. */
export function footprintIn(b: Body, t: TerrainInterval): boolean {
  if (t.from === t.to) return false;
  return (
    axialMin(b) >= t.from - EPS &&
    axialMax(b) <= t.to + EPS &&
    lateralMin(b) >= (t.yMin ?? -Infinity) - EPS &&
    lateralMax(b) <= (t.yMax ?? Infinity) + EPS
  );
}

/**
 * The body's front edge is in the interval (for cover): for an area, the ground just behind the front
 * edge is in it; for a line, the front edge stands on it (the body lines the hedge or wall). The
 * interval must reach across part of the body's frontage.
 */
export function frontIn(b: Body, t: TerrainInterval): boolean {
  if (!spansLaterally(t, lateralMin(b), lateralMax(b))) return false;
  const f = b.front;
  if (t.from === t.to) return Math.abs(f - t.from) <= EPS;
  return b.facing > 0 ? f > t.from + EPS && f <= t.to + EPS : f >= t.from - EPS && f < t.to - EPS;
}

/**
 * Decides whether an interval on a line of sight blocks it: `depth` is the length of the sight line
 * inside the interval (0 for a line), so a rule can let sight run a short way into woods.
 */
export type SightBlock = (kind: string, depth: number, index: number) => boolean;

/**
 * Sight between x1 and x2 across the lateral span [y0, y1] is blocked: an interval reaching across
 * the whole span lies on the open segment between them (an area overlapping it by more than EPS, a
 * line strictly inside it) and `blocks` says it blocks. Observer and target standing at an area's
 * edge are not inside it.
 */
export function sightBlocked(
  terrain: readonly TerrainInterval[],
  x1: number,
  x2: number,
  y0: number,
  y1: number,
  blocks: SightBlock,
): boolean {
  const lo = Math.min(x1, x2);
  const hi = Math.max(x1, x2);
  for (let i = 0; i < terrain.length; i++) {
    const t = terrain[i];
    if ((t.yMin ?? -Infinity) > y0 + EPS || (t.yMax ?? Infinity) < y1 - EPS) continue;
    if (t.from === t.to) {
      if (t.from > lo + EPS && t.from < hi - EPS && blocks(t.kind, 0, i)) return true;
    } else {
      const depth = rangeOverlap(lo, hi, t.from, t.to);
      if (depth > EPS && blocks(t.kind, depth, i)) return true;
    }
  }
  return false;
}

/** The terrain mirrored along the axis about x = about (each [from, to] becomes [2 about - to, 2 about - from]). */
export function mirrorTerrain(terrain: readonly TerrainInterval[], about = 0): TerrainInterval[] {
  return terrain.map((t) => ({ ...t, from: 2 * about - t.to, to: 2 * about - t.from }));
}

/** The terrain mirrored across the lane's centre line (y -> -y). */
export function flipTerrain(terrain: readonly TerrainInterval[]): TerrainInterval[] {
  return terrain.map((t) => {
    const out: { kind: string; from: number; to: number; yMin?: number; yMax?: number } = { kind: t.kind, from: t.from, to: t.to };
    if (t.yMax !== undefined) out.yMin = -t.yMax;
    if (t.yMin !== undefined) out.yMax = -t.yMin;
    return out;
  });
}
