/**
 * Least-cost paths over a HexGrid. The grid knows nothing of terrain or units: callers pass a step
 * cost callback (from, direction, to) -> cost, Infinity for a step that cannot be taken, so hex costs,
 * hexside extras (streams, bridges) and blocking (ZOC, enemy units) all live in the rules.
 */
import type { HexGrid } from './grid.js';

/** Cost of stepping from hex `from` in direction d into its neighbour `to`; Infinity if impassable; never negative. */
export type StepCost = (from: number, d: number, to: number) => number;

/** An indexed binary min-heap of hex indices keyed by an external Float64Array, with decrease-key. */
class IndexHeap {
  readonly items: Int32Array;
  /** Position of each hex in items, -1 when not in the heap. */
  readonly pos: Int32Array;
  length = 0;
  busy = false;

  constructor(n: number) {
    this.items = new Int32Array(n);
    this.pos = new Int32Array(n).fill(-1);
  }

  clear(): void {
    for (let k = 0; k < this.length; k++) this.pos[this.items[k]] = -1;
    this.length = 0;
  }

  /** Insert i, or move it up after its key decreased. */
  upsert(i: number, key: Float64Array): void {
    let k = this.pos[i];
    if (k < 0) {
      k = this.length++;
      this.items[k] = i;
      this.pos[i] = k;
    }
    this.up(k, key);
  }

  pop(key: Float64Array): number {
    const top = this.items[0];
    this.pos[top] = -1;
    const last = this.items[--this.length];
    if (this.length > 0) {
      this.items[0] = last;
      this.pos[last] = 0;
      this.down(0, key);
    }
    return top;
  }

  // Ties are broken by hex index so the order of expansion never depends on insertion history.
  private less(a: number, b: number, key: Float64Array): boolean {
    return key[a] < key[b] || (key[a] === key[b] && a < b);
  }

  private up(k: number, key: Float64Array): void {
    const items = this.items;
    const i = items[k];
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!this.less(i, items[p], key)) break;
      items[k] = items[p];
      this.pos[items[k]] = k;
      k = p;
    }
    items[k] = i;
    this.pos[i] = k;
  }

  private down(k: number, key: Float64Array): void {
    const items = this.items;
    const i = items[k];
    for (;;) {
      let c = 2 * k + 1;
      if (c >= this.length) break;
      if (c + 1 < this.length && this.less(items[c + 1], items[c], key)) c++;
      if (!this.less(items[c], i, key)) break;
      items[k] = items[c];
      this.pos[items[k]] = k;
      k = c;
    }
    items[k] = i;
    this.pos[i] = k;
  }
}

// One heap and one queue per grid, reused across calls (a nested call made from a callback gets its own).
const heaps = new WeakMap<HexGrid, IndexHeap>();
const queues = new WeakMap<HexGrid, Int32Array>();

function heapFor(grid: HexGrid): IndexHeap {
  const h = heaps.get(grid);
  if (h && !h.busy) return h;
  const fresh = new IndexHeap(grid.size);
  if (!h) heaps.set(grid, fresh);
  return fresh;
}

/**
 * Least cost from the nearest source to every hex (Dijkstra). Hexes costing more than `maxCost`, or
 * unreachable, get Infinity; sources get 0. Writes into `out` when given (length grid.size).
 */
export function costField(
  grid: HexGrid,
  sources: readonly number[],
  stepCost: StepCost,
  maxCost = Infinity,
  out?: Float64Array,
): Float64Array {
  const n = grid.size;
  const field = out ?? new Float64Array(n);
  if (field.length !== n) throw new RangeError(`costField: out has length ${field.length}, grid has ${n} hexes`);
  field.fill(Infinity);
  const heap = heapFor(grid);
  heap.busy = true;
  try {
    for (const s of sources) {
      field[s] = 0;
      heap.upsert(s, field);
    }
    const nb = grid.neighbors;
    while (heap.length > 0) {
      const u = heap.pop(field);
      const fu = field[u];
      for (let d = 0; d < 6; d++) {
        const v = nb[u * 6 + d];
        if (v < 0) continue;
        const c = stepCost(u, d, v);
        if (c === Infinity) continue;
        if (!(c >= 0)) throw new RangeError(`costField: step cost ${c} from ${u} to ${v}`);
        const fv = fu + c;
        if (fv <= maxCost && fv < field[v]) {
          field[v] = fv;
          heap.upsert(v, field);
        }
      }
    }
  } finally {
    heap.clear();
    heap.busy = false;
  }
  return field;
}

/**
 * Least costs from the sources with the rules as a table and masks instead of a callback (several
 * times faster): `steps[i * 6 + d]` is the cost of a step from hex i in direction d (Infinity where
 * impossible); a hex j with `enter[j] === 0` cannot be entered; from a hex i with `leave[i] === 0`
 * (other than a source) no further step is taken; `sourceExtra` is added to every step out of a source.
 * Same expansion order and tie-breaks as costField, so both give identical fields for identical costs.
 */
export function costFieldMasked(
  grid: HexGrid,
  sources: readonly number[],
  steps: Float64Array,
  enter: Uint8Array | null,
  leave: Uint8Array | null,
  sourceExtra: number,
  maxCost: number,
  out?: Float64Array,
): Float64Array {
  const n = grid.size;
  const field = out ?? new Float64Array(n);
  if (field.length !== n) throw new RangeError(`costFieldMasked: out has length ${field.length}, grid has ${n} hexes`);
  field.fill(Infinity);
  const heap = heapFor(grid);
  heap.busy = true;
  try {
    for (const s of sources) {
      field[s] = 0;
      heap.upsert(s, field);
    }
    const nb = grid.neighbors;
    while (heap.length > 0) {
      const u = heap.pop(field);
      const fromSource = field[u] === 0 && sources.includes(u);
      if (!fromSource && leave !== null && leave[u] === 0) continue;
      const fu = field[u];
      const base = u * 6;
      for (let d = 0; d < 6; d++) {
        const v = nb[base + d];
        if (v < 0 || (enter !== null && enter[v] === 0)) continue;
        let c = steps[base + d];
        if (c === Infinity) continue;
        if (fromSource) c += sourceExtra;
        const fv = fu + c;
        if (fv <= maxCost && fv < field[v]) {
          field[v] = fv;
          heap.upsert(v, field);
        }
      }
    }
  } finally {
    heap.clear();
    heap.busy = false;
  }
  return field;
}

/**
 * A least-cost path from a source to `target`, both included, by walking back from the target to a
 * neighbour p with field[p] + stepCost(p, ., cur) === field[cur], trying the target's directions 0..5 in
 * order. Stops at the first hex of cost 0 (a source). Empty if the target is unreachable.
 * `stepCost` must be the one the field was built with, and positive: a zero-cost step may leave no
 * strictly cheaper hex to step back to, which throws.
 */
export function pathTo(grid: HexGrid, field: Float64Array, target: number, stepCost: StepCost): number[] {
  if (!(field[target] < Infinity)) return [];
  const path = [target];
  let cur = target;
  const nb = grid.neighbors;
  while (field[cur] !== 0) {
    let next = -1;
    for (let d = 0; d < 6 && next < 0; d++) {
      const p = nb[cur * 6 + d];
      // Same float operation as costField, so the predecessor that set field[cur] matches exactly.
      if (p >= 0 && field[p] < field[cur] && field[p] + stepCost(p, (d + 3) % 6, cur) === field[cur]) next = p;
    }
    if (next < 0) throw new Error(`pathTo: no step back from hex ${cur}; was the field built with this stepCost?`);
    path.push(next);
    cur = next;
  }
  return path.reverse();
}

/** Indices of the hexes with field cost <= maxCost, ascending. */
export function reachable(field: Float64Array, maxCost: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < field.length; i++) if (field[i] <= maxCost) out.push(i);
  return out;
}

/**
 * Steps from the nearest source to every hex moving only into passable hexes (breadth-first);
 * sources are 0 whether passable or not, unreachable hexes -1. Writes into `out` (length grid.size).
 */
export function bfsDistance(
  grid: HexGrid,
  sources: readonly number[],
  passable: (i: number) => boolean,
  out: Int32Array,
): Int32Array {
  const n = grid.size;
  if (out.length !== n) throw new RangeError(`bfsDistance: out has length ${out.length}, grid has ${n} hexes`);
  // Taken out of the cache while in use, so a nested call from `passable` gets its own.
  const queue = queues.get(grid) ?? new Int32Array(n);
  queues.delete(grid);
  out.fill(-1);
  let head = 0;
  let tail = 0;
  for (const s of sources) {
    if (out[s] === 0) continue;
    out[s] = 0;
    queue[tail++] = s;
  }
  const nb = grid.neighbors;
  while (head < tail) {
    const u = queue[head++];
    const du = out[u] + 1;
    for (let d = 0; d < 6; d++) {
      const v = nb[u * 6 + d];
      if (v >= 0 && out[v] < 0 && passable(v)) {
        out[v] = du;
        queue[tail++] = v;
      }
    }
  }
  queues.set(grid, queue);
  return out;
}
