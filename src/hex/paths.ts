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

/** The grid's kept workspace if it is free, else a fresh one (kept only when the grid had none). */
function workspaceFor<T extends { busy: boolean }>(cache: WeakMap<HexGrid, T>, grid: HexGrid, make: (n: number) => T): T {
  const kept = cache.get(grid);
  if (kept && !kept.busy) return kept;
  const fresh = make(grid.size);
  if (!kept) cache.set(grid, fresh);
  return fresh;
}

const newHeap = (n: number) => new IndexHeap(n);
function heapFor(grid: HexGrid): IndexHeap {
  return workspaceFor(heaps, grid, newHeap);
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
 * Per step table: its largest finite step in half units, or -1 when a finite step is not a whole number
 * of halves. Step tables are compiled once and never change after their first use.
 */
const halfUnitSpans = new WeakMap<Float64Array, number>();

function halfUnitSpan(steps: Float64Array): number {
  let span = halfUnitSpans.get(steps);
  if (span === undefined) {
    span = 0;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i];
      if (s === Infinity) continue;
      const h = s * 2;
      if (!(h >= 0 && h <= 4096 && h === Math.floor(h))) {
        span = -1;
        break;
      }
      if (h > span) span = h;
    }
    halfUnitSpans.set(steps, span);
  }
  return span;
}

/**
 * The hexes a field reached (a finite cost), each once, in no particular order; `count` of `hexes` are
 * used. It remembers the buffer it describes: given the same buffer again, costFieldMasked clears just
 * those hexes instead of the whole map (nothing else may write into a buffer used that way).
 */
export interface Reached {
  readonly hexes: Int32Array;
  count: number;
  field: Float64Array | null;
}

export function newReached(grid: HexGrid): Reached {
  return { hexes: new Int32Array(grid.size), count: 0, field: null };
}

/** Set `field` to Infinity everywhere, or (when `list` describes it) where list says it is finite. */
function clearField(field: Float64Array, list: Reached | null): void {
  if (list && list.field === field) for (let k = 0; k < list.count; k++) field[list.hexes[k]] = Infinity;
  else field.fill(Infinity);
  if (list) {
    list.count = 0;
    list.field = field;
  }
}

/** halfUnitSpan of two tables read together: -1 when either is not in half units, else the larger. */
function jointSpan(a: Float64Array, b: Float64Array): number {
  const x = halfUnitSpan(a), y = halfUnitSpan(b);
  return x < 0 || y < 0 ? -1 : Math.max(x, y);
}

/** Dial's bucket queue over costs in half units: a bucket per cost modulo the largest step, lists of entries. */
class BucketQueue {
  head = new Int32Array(16);
  readonly hex: Int32Array;
  readonly next: Int32Array;
  readonly isSource: Uint8Array;
  busy = false;

  constructor(n: number) {
    this.hex = new Int32Array(7 * n + 1);
    this.next = new Int32Array(7 * n + 1);
    this.isSource = new Uint8Array(n);
  }
}

const bucketQueues = new WeakMap<HexGrid, BucketQueue>();

const newBucketQueue = (n: number) => new BucketQueue(n);
function bucketQueueFor(grid: HexGrid): BucketQueue {
  return workspaceFor(bucketQueues, grid, newBucketQueue);
}

/**
 * Step rules beyond costFieldMasked's fixed table and masks, each optional (null):
 * - `bar[i * 6 + d] === 1`: the step from hex i in direction d is not taken;
 * - `leaveExtra[i]` is added to every step out of hex i other than out of a source (at most
 *   `maxLeaveExtra`, a whole number of halves);
 * - where `occupancy[j] === 0`, a step into hex j costs `emptySteps[i * 6 + d]` instead of the table's.
 */
export interface StepVariations {
  bar: Uint8Array | null;
  leaveExtra: Float64Array | null;
  maxLeaveExtra: number;
  emptySteps: Float64Array | null;
  occupancy: Uint8Array | null;
}

/**
 * Least costs from the sources with the rules as a table and masks instead of a callback (several
 * times faster): `steps[i * 6 + d]` is the cost of a step from hex i in direction d (Infinity where
 * impossible); a hex j with `enter[j] === 0` cannot be entered; from a hex i with `leave[i] === 0`
 * (other than a source) no further step is taken; `sourceExtra` is added to every step out of a source.
 * Gives the same field as costField with the equivalent callback: least costs are unique, and sums of
 * halves are exact. When every step is a whole number of halves (movement points always are) it runs
 * Dial's algorithm on a bucket per half point, else Dijkstra on the heap.
 * `reached`, when given, receives the hexes given a finite cost. With `stopAt` >= 0 the search ends as
 * soon as that hex's cost is final: only field[stopAt] is then exact (a hex never reached leaves the
 * whole field complete). `vary` adds rules a fixed table cannot hold (StepVariations).
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
  reached?: Reached,
  stopAt = -1,
  vary: StepVariations | null = null,
): Float64Array {
  const n = grid.size;
  const field = out ?? new Float64Array(n);
  if (field.length !== n) throw new RangeError(`costFieldMasked: out has length ${field.length}, grid has ${n} hexes`);
  const list = reached ?? null;
  clearField(field, list);
  const empty = vary?.emptySteps ?? null;
  const span = empty ? jointSpan(steps, empty) : halfUnitSpan(steps);
  // Out of a source sourceExtra is added, out of any other hex its leaveExtra: at most the larger.
  const extra2 = Math.max(sourceExtra, vary?.leaveExtra ? vary.maxLeaveExtra : 0) * 2;
  if (span < 0 || !(extra2 >= 0 && extra2 <= 4096 && extra2 === Math.floor(extra2))) {
    return costFieldMaskedHeap(grid, sources, steps, enter, leave, sourceExtra, maxCost, field, list, stopAt, vary);
  }
  const bar = vary?.bar ?? null;
  const leaveExtra = vary?.leaveExtra ?? null;
  const occupancy = vary?.occupancy ?? null;
  const q = bucketQueueFor(grid);
  q.busy = true;
  // No step reaches further ahead than span + extra2 halves; a power of two so a mask picks the bucket.
  let buckets = 1;
  while (buckets <= span + extra2) buckets *= 2;
  const mask = buckets - 1;
  if (q.head.length < buckets) q.head = new Int32Array(buckets);
  const head = q.head, hex = q.hex, next = q.next, isSource = q.isSource;
  head.fill(-1, 0, buckets);
  let used = 0;
  let live = 0;
  for (const s of sources) {
    isSource[s] = 1;
    if (field[s] === 0) continue;
    field[s] = 0;
    if (list) list.hexes[list.count++] = s;
    hex[used] = s;
    next[used] = head[0];
    head[0] = used++;
    live++;
  }
  const nb = grid.neighbors;
  const limit2 = maxCost * 2;
  for (let cur = 0; live > 0; ) {
    const bucket = cur & mask;
    const e = head[bucket];
    if (e < 0) {
      cur++;
      continue;
    }
    head[bucket] = next[e];
    live--;
    const u = hex[e];
    const fu = field[u];
    if (fu * 2 !== cur) continue; // reached more cheaply since
    if (u === stopAt) break;
    const fromSource = isSource[u] === 1;
    if (!fromSource && leave !== null && leave[u] === 0) continue;
    const out = fromSource ? sourceExtra : leaveExtra !== null ? leaveExtra[u] : 0;
    const base = u * 6;
    for (let d = 0; d < 6; d++) {
      const v = nb[base + d];
      if (v < 0) continue;
      const fOld = field[v];
      if (fOld <= fu || (enter !== null && enter[v] === 0)) continue; // no cheaper through u (steps are >= 0), or barred
      let c = empty !== null && occupancy![v] === 0 ? empty[base + d] : steps[base + d];
      if (c === Infinity || (bar !== null && bar[base + d] === 1)) continue;
      c += out;
      const fv = fu + c;
      const fv2 = fv * 2;
      if (fv2 <= limit2 && fv < fOld) {
        if (list && fOld === Infinity) list.hexes[list.count++] = v;
        field[v] = fv;
        const b = (fv2 | 0) & mask; // below 2^31: at most 200 x 200 hexes of at most 2 x 4096 halves
        hex[used] = v;
        next[used] = head[b];
        head[b] = used++;
        live++;
      }
    }
  }
  for (const s of sources) isSource[s] = 0;
  q.busy = false;
  return field;
}

/**
 * A least-cost field from sources, like costFieldMasked, settled only as far as it is read: `at(h)`
 * runs the search on until h's cost is final. Readers near the sources pay for the hexes around them,
 * not for the whole map, and the values they get are exactly costFieldMasked's. `enter` is the field's
 * own mask: fill it, then call `start`. Steps must be whole numbers of halves (else the search runs to
 * the end at once, on the heap).
 */
export class LazyCostField {
  /** Costs so far: exact wherever they are at most `exactTo`. */
  readonly field: Float64Array;
  /** Hexes the search may enter. */
  readonly enter: Uint8Array;
  /** Every hex whose cost is at most this is final (Infinity once the search is done). */
  exactTo = Infinity;
  private readonly grid: HexGrid;
  private head = new Int32Array(16);
  private readonly hex: Int32Array;
  private readonly next: Int32Array;
  private steps: Float64Array;
  private mask = 0;
  private cur = 0;
  private live = 0;
  private used = 0;

  constructor(grid: HexGrid) {
    const n = grid.size;
    this.grid = grid;
    this.field = new Float64Array(n).fill(Infinity);
    this.enter = new Uint8Array(n);
    this.hex = new Int32Array(7 * n + 1);
    this.next = new Int32Array(7 * n + 1);
    this.steps = new Float64Array(0);
  }

  /** Begin a search from the sources over `steps` (as costFieldMasked, without leave mask or bound). */
  start(sources: readonly number[], steps: Float64Array): void {
    const span = halfUnitSpan(steps);
    this.steps = steps;
    if (span < 0) {
      this.field.fill(Infinity);
      costFieldMaskedHeap(this.grid, sources, steps, this.enter, null, 0, Infinity, this.field, null, -1, null);
      this.live = 0;
      this.exactTo = Infinity;
      return;
    }
    let buckets = 1;
    while (buckets <= span) buckets *= 2;
    this.mask = buckets - 1;
    if (this.head.length < buckets) this.head = new Int32Array(buckets);
    this.head.fill(-1, 0, buckets);
    this.field.fill(Infinity);
    this.cur = 0;
    this.live = 0;
    this.used = 0;
    this.exactTo = -1;
    for (const s of sources) {
      if (this.field[s] === 0) continue;
      this.field[s] = 0;
      this.push(s, 0);
    }
    if (this.live === 0) this.exactTo = Infinity;
  }

  /** The exact least cost of hex h (Infinity if unreachable). */
  at(h: number): number {
    const v = this.field[h];
    return v <= this.exactTo ? v : this.settle(h, Infinity);
  }

  /**
   * at(h) when h's least cost is at most `bound`, else Infinity: the search runs on no further than
   * `bound`, so a reader that only wants hexes at least as near as one it has pays for no more.
   */
  atMost(h: number, bound: number): number {
    const v = this.field[h];
    if (v <= this.exactTo) return v <= bound ? v : Infinity;
    // Every hex not final yet costs more than exactTo.
    return this.exactTo >= bound ? Infinity : this.settle(h, bound);
  }

  private push(v: number, k: number): void {
    const b = k & this.mask;
    this.hex[this.used] = v;
    this.next[this.used] = this.head[b];
    this.head[b] = this.used++;
    this.live++;
  }

  /** Run the search on until h is settled, nothing is left, or every hex up to `bound` is final (Infinity then). */
  private settle(h: number, bound: number): number {
    const field = this.field, head = this.head, hex = this.hex, next = this.next, steps = this.steps, enter = this.enter;
    const nb = this.grid.neighbors;
    const mask = this.mask;
    let cur = this.cur;
    while (this.live > 0) {
      const bucket = cur & mask;
      const e = head[bucket];
      if (e < 0) {
        cur++;
        continue;
      }
      head[bucket] = next[e];
      this.live--;
      const u = hex[e];
      const fu = field[u];
      if (fu * 2 !== cur) continue; // reached more cheaply since
      const base = u * 6;
      for (let d = 0; d < 6; d++) {
        const v = nb[base + d];
        if (v < 0 || enter[v] === 0) continue;
        const c = steps[base + d];
        if (c === Infinity) continue;
        const fv = fu + c;
        if (fv < field[v]) {
          field[v] = fv;
          this.push(v, (fv * 2) | 0);
        }
      }
      this.exactTo = fu;
      if (field[h] <= fu) {
        this.cur = cur;
        return field[h] <= bound ? field[h] : Infinity;
      }
      if (fu >= bound) {
        this.cur = cur;
        return Infinity; // h costs more than fu
      }
    }
    this.cur = cur;
    this.exactTo = Infinity;
    return field[h] <= bound ? field[h] : Infinity;
  }
}

/** costFieldMasked on the binary heap, for step tables that are not in half units; `field` comes all Infinity. */
function costFieldMaskedHeap(
  grid: HexGrid,
  sources: readonly number[],
  steps: Float64Array,
  enter: Uint8Array | null,
  leave: Uint8Array | null,
  sourceExtra: number,
  maxCost: number,
  field: Float64Array,
  list: Reached | null,
  stopAt: number,
  vary: StepVariations | null,
): Float64Array {
  // The field comes cleared (all Infinity).
  const empty = vary?.emptySteps ?? null, occupancy = vary?.occupancy ?? null, bar = vary?.bar ?? null, leaveExtra = vary?.leaveExtra ?? null;
  const heap = heapFor(grid);
  heap.busy = true;
  try {
    for (const s of sources) {
      if (list && field[s] === Infinity) list.hexes[list.count++] = s;
      field[s] = 0;
      heap.upsert(s, field);
    }
    const nb = grid.neighbors;
    while (heap.length > 0) {
      const u = heap.pop(field);
      if (u === stopAt) break;
      const fromSource = field[u] === 0 && sources.includes(u);
      if (!fromSource && leave !== null && leave[u] === 0) continue;
      const fu = field[u];
      const out = fromSource ? sourceExtra : leaveExtra !== null ? leaveExtra[u] : 0;
      const base = u * 6;
      for (let d = 0; d < 6; d++) {
        const v = nb[base + d];
        if (v < 0 || (enter !== null && enter[v] === 0)) continue;
        let c = empty !== null && occupancy![v] === 0 ? empty[base + d] : steps[base + d];
        if (c === Infinity || (bar !== null && bar[base + d] === 1)) continue;
        c += out;
        const fv = fu + c;
        if (fv <= maxCost && fv < field[v]) {
          if (list && field[v] === Infinity) list.hexes[list.count++] = v;
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
