/**
 * The straight line between the centres of two hexes, traced exactly (for line of sight, 8.3: hexes
 * and hexsides crossed, crest end points touched, lines running along a hexside).
 *
 * Method. Everything is affine, so we work in cube coordinates (q, r, s = -q-r), where the three
 * functions f1 = q - r, f2 = r - s, f3 = s - q are integers on every grid line of the triangular
 * subdivision of the hex tiling: each hex is six triangles around its centre, hex edges lie on those
 * lines, and so do the three long diagonals of each hex. The segment from centre A to centre B is
 * P(t) = A + t (B - A); it meets line family i where f_i(P(t)) is an integer, i.e. at t = j / |Δf_i|.
 * With M = lcm of the non-zero |Δf_i| all those breakpoints are integers T = t M, so every point we
 * look at has integer cube coordinates over a common denominator and is classified exactly:
 *  - the open piece between two breakpoints lies inside one triangle, hence inside one hex, unless it
 *    lies on a grid line, in which case it is either a diagonal inside one hex or a hex edge (an "along");
 *  - a breakpoint is in a hex interior (a diagonal or a centre: nothing to report), on a hex edge
 *    (the line crosses that hexside through its interior) or at a vertex (passes exactly through it).
 *
 * Cases. A line in one of the six "vertex directions" (axial multiples of (1,1), (-2,1), (1,-2) and
 * their negatives, i.e. Δf_i = 0 for some i, e.g. (0,0) to (1,1) at distance 2) runs along hexsides:
 * from a centre it reaches a vertex, runs along the hexside between the two hexes flanking it, reaches
 * the next vertex, then crosses the next hex through its centre. Its `hexes` are only the hexes it
 * passes through the interior of (every second hex step), the flanking hexes are in `alongs`.
 * Other lines run along no hexside, but pass exactly through vertices when, with h = gcd(Dq, Dr) of
 * the axial difference, (Dq - Dr) / h is a multiple of 3: then they meet 2h vertices (at every third of
 * each of the h equal steps between the centres they also pass through). E.g. axial (0,0) to (4,1)
 * goes from (1,0) into (2,0) through corner 5 of (1,0), an end point of their shared hexside, without
 * crossing that hexside's interior, and later from (2,1) into (3,1) through corner 2 of (3,1).
 * When (Dq - Dr) / h is not a multiple of 3 the line meets no vertex and every change of hex crosses
 * one hexside.
 * A line from a hex to itself is just that hex.
 */
import { DIR_Q, DIR_R } from './coords.js';
import type { HexGrid } from './grid.js';

/** Kinds of events reported by walkLine, in order along the line. */
export const LINE_HEX = 0;
export const LINE_SIDE = 1;
export const LINE_VERTEX = 2;
export const LINE_ALONG = 3;
export type LineEventKind = typeof LINE_HEX | typeof LINE_SIDE | typeof LINE_VERTEX | typeof LINE_ALONG;

/**
 * One event along the line:
 *  - LINE_HEX (hex index, -, -): the line passes through the interior of that hex (-1 if off the map);
 *  - LINE_SIDE (hexside id, hex exited, hex entered): crosses that hexside through its interior;
 *  - LINE_VERTEX (vertex id, -, -): passes exactly through that vertex;
 *  - LINE_ALONG (hexside id, hex on the left, hex on the right): runs exactly along that hexside;
 *    left and right as seen walking from `from` to `to` on a map drawn north up (-1 off the map).
 * Return false to stop the walk.
 */
export type LineVisitor = (kind: LineEventKind, a: number, b: number, c: number) => boolean | void;

export interface LineAlong {
  side: number;
  left: number;
  right: number;
}

export interface LineTrace {
  /** Hexes whose interior the line passes through, in order, both end points included. */
  hexes: number[];
  /** Hexside ids crossed through their interior, in order. */
  sides: number[];
  /** Vertex ids the line passes exactly through, in order. */
  vertices: number[];
  /** Hexsides the line runs exactly along, in order, with the hexes on its left and right (-1 off map). */
  alongs: LineAlong[];
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** floor(a / b) for safe integers, b > 0, exact. */
function floorDiv(a: number, b: number): number {
  let f = Math.floor(a / b);
  if (f * b > a) f--;
  else if ((f + 1) * b <= a) f++;
  return f;
}

/** round(a / b), b > 0, halves up (only reached on boundaries, where either answer is fine). */
function roundDiv(a: number, b: number): number {
  return floorDiv(2 * a + b, 2 * b);
}

// The point being classified, written by classify(): what it is and the hex (axial) it belongs to.
const AT_INTERIOR = 0;
const AT_EDGE = 1;
const AT_VERTEX = 2;
interface Where {
  kind: number;
  q: number;
  r: number;
  /** Edge direction from (q, r) for AT_EDGE, corner number for AT_VERTEX. */
  k: number;
}

// Which hex edge of the nearest centre a point lies on when g_i = ±S (see classify): [g1+, g1-, g2+, g2-, g3+, g3-].
const EDGE_DIR = [1, 4, 5, 2, 3, 0];

/**
 * Classify the point with cube coordinates (xq, xr, xs) / den exactly: inside a hex, on an edge, or at
 * a vertex. Cube rounding gives a hex whose closure holds the point; offsets from its centre measured
 * by g1 = dq - dr, g2 = dr - ds, g3 = ds - dq lie in [-den, den], and each |g_i| = den puts the point
 * on one edge (see EDGE_DIR); two at once make a corner.
 */
function classify(xq: number, xr: number, xs: number, den: number, out: Where): void {
  let q = roundDiv(xq, den);
  let r = roundDiv(xr, den);
  let s = roundDiv(xs, den);
  const eq = Math.abs(xq - q * den);
  const er = Math.abs(xr - r * den);
  const es = Math.abs(xs - s * den);
  if (eq > er && eq > es) q = -r - s;
  else if (er > es) r = -q - s;
  else s = -q - r;
  const dq = xq - q * den;
  const dr = xr - r * den;
  const ds = xs - s * den;
  const g1 = dq - dr;
  const g2 = dr - ds;
  const g3 = ds - dq;
  if (Math.abs(g1) > den || Math.abs(g2) > den || Math.abs(g3) > den) {
    throw new Error(`traceLine: rounding left the hex at (${xq},${xr},${xs})/${den}`);
  }
  let first = -1;
  let second = -1;
  for (let i = 0; i < 3; i++) {
    const g = i === 0 ? g1 : i === 1 ? g2 : g3;
    if (g === den || g === -den) {
      const e = EDGE_DIR[i * 2 + (g > 0 ? 0 : 1)];
      if (first < 0) first = e;
      else second = e;
    }
  }
  out.q = q;
  out.r = r;
  if (first < 0) {
    out.kind = AT_INTERIOR;
    out.k = -1;
  } else if (second < 0) {
    out.kind = AT_EDGE;
    out.k = first;
  } else {
    out.kind = AT_VERTEX;
    // The two edges are adjacent directions; the corner between sides k and k+1 is k.
    out.k = (first + 1) % 6 === second ? first : second;
  }
}

/**
 * Walk the line from the centre of hex `from` to the centre of hex `to`, reporting events in order
 * (see LineVisitor). Returns false if the visitor stopped it, true otherwise.
 */
export function walkLine(grid: HexGrid, from: number, to: number, visit: LineVisitor): boolean {
  if (from === to) return visit(LINE_HEX, from, -1, -1) !== false;
  const aq = grid.qs[from];
  const ar = grid.rs[from];
  const as = -aq - ar;
  const bq = grid.qs[to];
  const br = grid.rs[to];
  const Dq = bq - aq;
  const Dr = br - ar;
  const Ds = -Dq - Dr;
  const deltas = [Math.abs(Dq - Dr), Math.abs(Dr - Ds), Math.abs(Ds - Dq)];
  let M = 1;
  for (const d of deltas) if (d !== 0) M = (M / gcd(M, d)) * d;
  const limit = 4 * M * (Math.abs(aq) + Math.abs(ar) + Math.abs(bq) + Math.abs(br) + 2);
  if (!Number.isSafeInteger(limit)) throw new RangeError('traceLine: line too long for exact arithmetic');

  // Breakpoints T in [0, M] where some f_i is an integer.
  const ts: number[] = [];
  for (const d of deltas) if (d !== 0) for (let j = 0, step = M / d; j <= d; j++) ts.push(j * step);
  ts.sort((x, y) => x - y);
  let n = 0;
  for (let i = 0; i < ts.length; i++) if (i === 0 || ts[i] !== ts[n - 1]) ts[n++] = ts[i];
  ts.length = n;

  const piece: Where = { kind: 0, q: 0, r: 0, k: 0 };
  const point: Where = { kind: 0, q: 0, r: 0, k: 0 };
  const S = 2 * M;
  let lastHex = -2; // hex of the last interior piece reported, -2 after an along
  for (let k = 0; k + 1 < n; k++) {
    // The open piece between breakpoints k and k + 1, classified at its midpoint.
    const T2 = ts[k] + ts[k + 1];
    classify(S * aq + T2 * Dq, S * ar + T2 * Dr, S * as + T2 * Ds, S, piece);
    const pieceHex = piece.kind === AT_INTERIOR ? grid.indexOfAxial(piece.q, piece.r) : -2;
    // The breakpoint opening this piece (not the start centre).
    if (k > 0) {
      const T = ts[k];
      classify(M * aq + T * Dq, M * ar + T * Dr, M * as + T * Ds, M, point);
      if (point.kind === AT_VERTEX) {
        if (visit(LINE_VERTEX, grid.vertexIdAxial(point.q, point.r, point.k), -1, -1) === false) return false;
      } else if (point.kind === AT_EDGE) {
        const side = grid.hexsideIdAxial(point.q, point.r, point.k);
        if (visit(LINE_SIDE, side, lastHex, pieceHex) === false) return false;
      }
    }
    if (piece.kind === AT_INTERIOR) {
      if (pieceHex !== lastHex) {
        if (visit(LINE_HEX, pieceHex, -1, -1) === false) return false;
        lastHex = pieceHex;
      }
    } else if (piece.kind === AT_EDGE) {
      const side = grid.hexsideIdAxial(piece.q, piece.r, piece.k);
      const here = grid.indexOfAxial(piece.q, piece.r);
      const there = grid.indexOfAxial(piece.q + DIR_Q[piece.k], piece.r + DIR_R[piece.k]);
      // Left of travel on a north-up map is where the axial cross product is negative (the axial to
      // pixel map keeps orientation, and y grows downward).
      const cross = Dq * (piece.r - ar) - Dr * (piece.q - aq);
      if (cross < 0) {
        if (visit(LINE_ALONG, side, here, there) === false) return false;
      } else if (visit(LINE_ALONG, side, there, here) === false) return false;
      lastHex = -2;
    } else {
      throw new Error('traceLine: a piece of line cannot be a single vertex');
    }
  }
  return true;
}

/** The hexes, hexsides and vertices met by the line between the centres of two hexes (see walkLine). */
export function traceLine(grid: HexGrid, from: number, to: number): LineTrace {
  const out: LineTrace = { hexes: [], sides: [], vertices: [], alongs: [] };
  walkLine(grid, from, to, (kind, a, b, c) => {
    if (kind === LINE_HEX) out.hexes.push(a);
    else if (kind === LINE_SIDE) out.sides.push(a);
    else if (kind === LINE_VERTEX) out.vertices.push(a);
    else out.alongs.push({ side: a, left: b, right: c });
  });
  return out;
}
