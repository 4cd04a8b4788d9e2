/**
 * A rectangular odd-r map of `width` x `height` hexes, each known by its index row * width + col.
 * Neighbours, axial coordinates and canonical hexside and vertex ids are precomputed into typed
 * arrays; every query after construction is allocation-free except the small tuple helpers
 * (hexsideHexes, hexsideVertices, vertexHexes, vertexHexsides), whose typed-array forms are public.
 *
 * Hexside ids: one per distinct edge of an on-map hex, border edges included (their other hex is off
 * the map), numbered 0..hexsideCount-1 in order of first appearance scanning hexes by index and then
 * directions 0..5. Vertex ids: likewise one per distinct corner of an on-map hex, numbered in order of
 * first appearance scanning hexes by index and then vertices 0..5.
 * Hexside d of a hex runs from its vertex (d+5)%6 to its vertex d (see coords.ts).
 */
import { DIR_Q, DIR_R, type Hex } from './coords.js';

/** Where vertex k of hex A is named canonically: as vertex (0 or 1) of A + VERTEX_OWNER_DIR[k] (-1: A itself). */
const VERTEX_OWNER_DIR = [-1, -1, 3, 4, 4, 5];
const VERTEX_CLASS = [0, 1, 0, 1, 0, 1];

export class HexGrid {
  readonly width: number;
  readonly height: number;
  /** Number of hexes. */
  readonly size: number;
  /** neighbors[i * 6 + d]: the hex in direction d of hex i, -1 off the map. */
  readonly neighbors: Int32Array;
  /** Axial q and r of each hex. */
  readonly qs: Int32Array;
  readonly rs: Int32Array;
  /** sides[i * 6 + d]: hexside id of side d of hex i. */
  readonly sides: Int32Array;
  /** vertices[i * 6 + k]: vertex id of corner k of hex i. */
  readonly vertices: Int32Array;
  readonly hexsideCount: number;
  readonly vertexCount: number;
  /** sideHexes[id * 3 ..+3] = [i, d, j]: i the lowest-index on-map hex of the side, d its direction from i, j the hex across (-1 off map). */
  readonly sideHexes: Int32Array;
  /** sideVertices[id * 2 ..+2] = vertex ids at its ends: corner (d+5)%6 then corner d of hex i (as in sideHexes). */
  readonly sideVertices: Int32Array;
  /** vertexHexes3[id * 3 ..+3] = the 3 hexes meeting at the vertex: i, its neighbour in direction k, in direction k+1 (-1 off map), where (i, k) is the lowest-index hex having it. */
  readonly vertexHexes3: Int32Array;
  /** vertexSides3[id * 3 ..+3] = the 3 edges meeting at the vertex: side k of i, side k+1 of i, and the edge between the other two hexes (-1 if both are off the map). */
  readonly vertexSides3: Int32Array;

  private readonly minQ: Int32Array;

  constructor(width: number, height: number) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`HexGrid needs positive integer width and height, got ${width} x ${height}`);
    }
    this.width = width;
    this.height = height;
    const n = width * height;
    this.size = n;
    this.qs = new Int32Array(n);
    this.rs = new Int32Array(n);
    this.minQ = new Int32Array(height);
    for (let row = 0; row < height; row++) this.minQ[row] = -(row - (row & 1)) / 2;
    for (let i = 0; i < n; i++) {
      const row = (i / width) | 0;
      this.qs[i] = (i % width) + this.minQ[row];
      this.rs[i] = row;
    }
    this.neighbors = new Int32Array(n * 6);
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 6; d++) this.neighbors[i * 6 + d] = this.indexOfAxial(this.qs[i] + DIR_Q[d], this.rs[i] + DIR_R[d]);
    }

    // Canonical edges: side d < 3 of hex A is named (A, d); side d >= 3 is (A + dir d, d - 3).
    // Canonical corners: every corner is corner 0 or corner 1 of exactly one (possibly off-map) hex.
    // Keys use offset coordinates shifted so that owners just off the map stay non-negative.
    const keyOf = (q: number, r: number, slot: number, slots: number) => {
      const col = q + (r - (r & 1)) / 2;
      return ((r + 2) * (width + 4) + (col + 2)) * slots + slot;
    };
    const sideIds = new Map<number, number>();
    const vertexIds = new Map<number, number>();
    this.sides = new Int32Array(n * 6);
    this.vertices = new Int32Array(n * 6);
    const sideFirst: number[] = [];
    const vertexFirst: number[] = [];
    for (let i = 0; i < n; i++) {
      const q = this.qs[i];
      const r = this.rs[i];
      for (let d = 0; d < 6; d++) {
        const key = d < 3 ? keyOf(q, r, d, 3) : keyOf(q + DIR_Q[d], r + DIR_R[d], d - 3, 3);
        let id = sideIds.get(key);
        if (id === undefined) {
          id = sideFirst.length / 2;
          sideIds.set(key, id);
          sideFirst.push(i, d);
        }
        this.sides[i * 6 + d] = id;
      }
      for (let k = 0; k < 6; k++) {
        const od = VERTEX_OWNER_DIR[k];
        const key = od < 0 ? keyOf(q, r, VERTEX_CLASS[k], 2) : keyOf(q + DIR_Q[od], r + DIR_R[od], VERTEX_CLASS[k], 2);
        let id = vertexIds.get(key);
        if (id === undefined) {
          id = vertexFirst.length / 2;
          vertexIds.set(key, id);
          vertexFirst.push(i, k);
        }
        this.vertices[i * 6 + k] = id;
      }
    }
    this.hexsideCount = sideFirst.length / 2;
    this.vertexCount = vertexFirst.length / 2;

    this.sideHexes = new Int32Array(this.hexsideCount * 3);
    this.sideVertices = new Int32Array(this.hexsideCount * 2);
    for (let id = 0; id < this.hexsideCount; id++) {
      const i = sideFirst[id * 2];
      const d = sideFirst[id * 2 + 1];
      this.sideHexes[id * 3] = i;
      this.sideHexes[id * 3 + 1] = d;
      this.sideHexes[id * 3 + 2] = this.neighbors[i * 6 + d];
      this.sideVertices[id * 2] = this.vertices[i * 6 + ((d + 5) % 6)];
      this.sideVertices[id * 2 + 1] = this.vertices[i * 6 + d];
    }
    this.vertexHexes3 = new Int32Array(this.vertexCount * 3);
    this.vertexSides3 = new Int32Array(this.vertexCount * 3);
    for (let id = 0; id < this.vertexCount; id++) {
      const i = vertexFirst[id * 2];
      const k = vertexFirst[id * 2 + 1];
      const k1 = (k + 1) % 6;
      const b = this.neighbors[i * 6 + k];
      this.vertexHexes3[id * 3] = i;
      this.vertexHexes3[id * 3 + 1] = b;
      this.vertexHexes3[id * 3 + 2] = this.neighbors[i * 6 + k1];
      this.vertexSides3[id * 3] = this.sides[i * 6 + k];
      this.vertexSides3[id * 3 + 1] = this.sides[i * 6 + k1];
      // The hex in direction k+1 is the one in direction k+2 of the hex in direction k.
      this.vertexSides3[id * 3 + 2] = this.hexsideIdAxial(this.qs[i] + DIR_Q[k], this.rs[i] + DIR_R[k], (k + 2) % 6);
    }
  }

  /** Index of (col, row), -1 off the map. */
  index(col: number, row: number): number {
    if (col < 0 || row < 0 || col >= this.width || row >= this.height) return -1;
    return row * this.width + col;
  }

  /** Index of axial (q, r), -1 off the map. */
  indexOfAxial(q: number, r: number): number {
    if (r < 0 || r >= this.height) return -1;
    const col = q - this.minQ[r];
    if (col < 0 || col >= this.width) return -1;
    return r * this.width + col;
  }

  col(i: number): number {
    return i % this.width;
  }

  row(i: number): number {
    return (i / this.width) | 0;
  }

  axial(i: number): Hex {
    return { q: this.qs[i], r: this.rs[i] };
  }

  neighbor(i: number, d: number): number {
    return this.neighbors[i * 6 + d];
  }

  distance(i: number, j: number): number {
    const dq = this.qs[i] - this.qs[j];
    const dr = this.rs[i] - this.rs[j];
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }

  /** The direction from i to j when adjacent, else -1. */
  directionTo(i: number, j: number): number {
    for (let d = 0; d < 6; d++) if (this.neighbors[i * 6 + d] === j && j >= 0) return d;
    return -1;
  }

  hexsideId(i: number, d: number): number {
    return this.sides[i * 6 + d];
  }

  /** Hexside d of the hex at axial (q, r), which may be off the map if the hex across is on it; -1 if neither is. */
  hexsideIdAxial(q: number, r: number, d: number): number {
    const i = this.indexOfAxial(q, r);
    if (i >= 0) return this.sides[i * 6 + d];
    const j = this.indexOfAxial(q + DIR_Q[d], r + DIR_R[d]);
    return j >= 0 ? this.sides[j * 6 + ((d + 3) % 6)] : -1;
  }

  /** [i, d, j]: see sideHexes. */
  hexsideHexes(id: number): [number, number, number] {
    const s = this.sideHexes;
    return [s[id * 3], s[id * 3 + 1], s[id * 3 + 2]];
  }

  /** The two vertex ids at the ends of a hexside. */
  hexsideVertices(id: number): [number, number] {
    return [this.sideVertices[id * 2], this.sideVertices[id * 2 + 1]];
  }

  vertexId(i: number, k: number): number {
    return this.vertices[i * 6 + k];
  }

  /** Vertex k of the hex at axial (q, r), which may be off the map if another hex at the vertex is on it; -1 if none is. */
  vertexIdAxial(q: number, r: number, k: number): number {
    const i = this.indexOfAxial(q, r);
    if (i >= 0) return this.vertices[i * 6 + k];
    // Corner k of A is corner k+2 of A + dir k and corner k+4 of A + dir (k+1).
    const k1 = (k + 1) % 6;
    const b = this.indexOfAxial(q + DIR_Q[k], r + DIR_R[k]);
    if (b >= 0) return this.vertices[b * 6 + ((k + 2) % 6)];
    const c = this.indexOfAxial(q + DIR_Q[k1], r + DIR_R[k1]);
    return c >= 0 ? this.vertices[c * 6 + ((k + 4) % 6)] : -1;
  }

  /** The three hexes meeting at a vertex (-1 off the map). */
  vertexHexes(id: number): [number, number, number] {
    const v = this.vertexHexes3;
    return [v[id * 3], v[id * 3 + 1], v[id * 3 + 2]];
  }

  /** The three hexsides meeting at a vertex (-1 for an edge between two off-map hexes). */
  vertexHexsides(id: number): [number, number, number] {
    const v = this.vertexSides3;
    return [v[id * 3], v[id * 3 + 1], v[id * 3 + 2]];
  }
}
