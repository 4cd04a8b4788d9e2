/**
 * Moving a body straight along the lane by a rate, with terrain costs and stops.
 *
 * A move goes forward (along the body's facing) or backward (facing kept: a retreat facing the enemy);
 * its leading edge is the front going forward and the rear going backward. The budget is the rate in
 * ground units; ground costs budget times the terrain's multiplier, and crossing a line costs a toll,
 * both from the caller's callback, so the rule system says what each kind costs its troops.
 *
 * The move stops, in this order of precedence when several coincide:
 * - 'contact': the leading edge reached `limit`, an x it must not pass (an enemy's edge, e.g. from
 *   pathLimit); a limit behind the leading edge allows no move at all;
 * - 'arrived': moveToward's front reached its target;
 * - 'impassable': the next ground costs Infinity (the edge stops at the area's edge) or a line's toll
 *   is Infinity (it stops on the line); `blocker` names the interval;
 * - 'leftLane': the leading edge reached a lane end with budget to spare: the body has left the lane
 *   (routers off the table); its front is reported where the leading edge is at the end;
 * - 'budget': the budget is spent (also when it runs out exactly at a lane end: the body stays on).
 *
 * Lines. An edge standing on a line has not crossed it (its body is behind it); it crosses when it
 * gets beyond, so a crossing needs the toll and some ground beyond it: with no more than the toll
 * left, or impassable ground just beyond, the edge stays on the line, nothing is paid, and `blocker`
 * names the line (stop 'budget' or 'impassable'). A toll of the whole budget therefore never lets a
 * body cross: a rule with "a whole move to cross" puts the body across itself.
 *
 * `met` lists the intervals the leading edge moved in (areas, by more than EPS) or crossed (lines),
 * in order, as terrainMet would for the same path: rules that disorder troops crossing obstacles or
 * moving in difficult ground read it, with passage() to tell entering from crossing.
 */
import { type Body, EPS, axialMax, axialMin, lateralMax, lateralMin, overlapsLaterally, rear } from './body.js';
import type { Lane } from './lane.js';
import { type TerrainInterval, spansLaterally } from './terrain.js';

/** +1: forward, along the body's facing; -1: backward, keeping its facing. */
export type Way = 1 | -1;

export type MoveStop = 'budget' | 'contact' | 'arrived' | 'impassable' | 'leftLane';

/**
 * Cost of terrain to the moving body: for an area, the multiplier on ground moved in it (1 clear, 2
 * half speed, Infinity impassable; where areas overlap the highest applies); for a line, the toll in
 * budget units to cross it (0 free, Infinity closed). Never negative.
 */
export type TerrainCost = (kind: string, index: number) => number;

/** Every kind clear, every line free. */
export const CLEAR: TerrainCost = () => 1;

export interface MoveResult {
  /** The body's front edge after the move. */
  front: number;
  /** Ground covered (>= 0). */
  moved: number;
  /** Budget used. */
  spent: number;
  stop: MoveStop;
  /** The interval that stopped the move ('impassable', or a line the budget could not pay), else -1. */
  blocker: number;
  /** Intervals moved in or crossed, in order. */
  met: number[];
}

/** A result to pass to moves again and again (the moves overwrite it). */
export function newMoveResult(): MoveResult {
  return { front: 0, moved: 0, spent: 0, stop: 'budget', blocker: -1, met: [] };
}

/** x of the edge that leads a move: the front going forward, the rear going backward. */
export function leadingEdge(b: Body, way: Way): number {
  return way > 0 ? b.front : rear(b);
}

/**
 * Move b `way` by at most `budget` over `terrain`, stopping at `limit` (an x the leading edge must
 * not pass; NaN for none), at impassable terrain, at the lane's ends, or when the budget is spent.
 * b is not changed; the result says where its front ends up (see the header for the stops).
 */
export function moveBody(
  b: Body,
  way: Way,
  budget: number,
  lane: Lane,
  terrain: readonly TerrainInterval[],
  cost: TerrainCost,
  limit = NaN,
  out: MoveResult = newMoveResult(),
): MoveResult {
  return run(b, way, budget, lane, terrain, cost, limit, NaN, out);
}

/**
 * Move b's front toward x (forward if x is ahead of it, else backward keeping its facing), stopping
 * there ('arrived') or earlier for the same reasons as moveBody.
 */
export function moveToward(
  b: Body,
  x: number,
  budget: number,
  lane: Lane,
  terrain: readonly TerrainInterval[],
  cost: TerrainCost,
  limit = NaN,
  out: MoveResult = newMoveResult(),
): MoveResult {
  const ahead = (x - b.front) * b.facing;
  if (Math.abs(ahead) <= EPS) {
    out.front = b.front;
    out.moved = 0;
    out.spent = 0;
    out.stop = 'arrived';
    out.blocker = -1;
    while (out.met.length > 0) out.met.pop();
    return out;
  }
  const way: Way = ahead > 0 ? 1 : -1;
  return run(b, way, budget, lane, terrain, cost, limit, way > 0 ? x : x - b.facing * b.depth, out);
}

function run(
  b: Body,
  way: Way,
  budget: number,
  lane: Lane,
  terrain: readonly TerrainInterval[],
  cost: TerrainCost,
  limit: number,
  goal: number,
  out: MoveResult,
): MoveResult {
  const dir = b.facing * way; // the x direction of travel
  const lead0 = way > 0 ? b.front : rear(b);
  const y0 = lateralMin(b);
  const y1 = lateralMax(b);
  const met = out.met;
  while (met.length > 0) met.pop(); // (length = 0 calls into the runtime and drops the backing store)
  out.blocker = -1;

  // The hard end of the path: distance D along it, why, and the x to snap to on reaching it.
  let endX = dir > 0 ? lane.xMax : lane.xMin;
  let D = (endX - lead0) * dir;
  let reason: MoveStop = 'leftLane';
  if (!Number.isNaN(goal)) {
    const dg = (goal - lead0) * dir;
    if (dg <= D + EPS) {
      D = dg;
      endX = goal;
      reason = 'arrived';
    }
  }
  if (!Number.isNaN(limit)) {
    const dl = (limit - lead0) * dir;
    if (dl <= D + EPS) {
      D = dl;
      endX = limit;
      reason = 'contact';
    }
  }
  if (D < 0) {
    // Already at or past the stop: no move (a limit behind the edge, or an edge beyond the lane end).
    D = 0;
    endX = lead0;
  }

  let t = 0; // distance covered
  let left = budget > 0 ? budget : 0; // budget left
  let stop: MoveStop = 'budget';
  let atEnd = false;
  // Lines are crossed in order of (distance, index); this cursor is the last one crossed.
  let lastLineD = -Infinity;
  let lastLineI = -1;

  for (;;) {
    if (t >= D - EPS) {
      atEnd = true;
      stop = reason === 'leftLane' && left <= EPS ? 'budget' : reason;
      break;
    }
    if (left <= EPS) break; // spent short of the end: 'budget'

    // 1. Lines at the edge now, not yet crossed: their tolls are due before the edge can go on.
    let tolls = 0;
    let lines = 0;
    let firstLine = -1;
    let blocked = false;
    for (let d0 = lastLineD, i0 = lastLineI; ; ) {
      const li = nextLine(terrain, lead0, dir, y0, y1, t, d0, i0);
      if (li < 0) break;
      if (firstLine < 0) firstLine = li;
      const toll = cost(terrain[li].kind, li);
      if (toll === Infinity || Number.isNaN(toll)) {
        stop = 'impassable';
        out.blocker = li;
        blocked = true;
        break;
      }
      tolls += toll;
      lines++;
      if (tolls > left + EPS) {
        out.blocker = li;
        blocked = true;
        break;
      }
      d0 = (terrain[li].from - lead0) * dir;
      i0 = li;
    }
    if (blocked) break;

    // 2. The stretch beyond: its multiplier and where it ends (next boundary, next line, or D).
    let m = 1;
    let mi = -1;
    let segEnd = D;
    for (let i = 0; i < terrain.length; i++) {
      const tr = terrain[i];
      if (!spansLaterally(tr, y0, y1)) continue;
      if (tr.from === tr.to) {
        const d = (tr.from - lead0) * dir;
        if (d > t + EPS && d < segEnd) segEnd = d;
        continue;
      }
      const near = ((dir > 0 ? tr.from : tr.to) - lead0) * dir;
      const far = ((dir > 0 ? tr.to : tr.from) - lead0) * dir;
      if (near > t + EPS) {
        if (near < segEnd) segEnd = near;
        continue;
      }
      if (far <= t + EPS) continue;
      const c = cost(tr.kind, i);
      if (c > m || Number.isNaN(c)) {
        m = Number.isNaN(c) ? Infinity : c;
        mi = i;
      }
      if (far < segEnd) segEnd = far;
    }
    if (m === Infinity) {
      stop = 'impassable';
      out.blocker = mi;
      break;
    }
    const after = left - tolls; // what the ground beyond can use
    const need = m * (segEnd - t);
    const step = need > after + EPS ? after / m : segEnd - t;
    if (!(step > EPS)) {
      // Nothing left to get beyond the lines here: they are not crossed (an edge on a line is short of it).
      if (lines > 0) out.blocker = firstLine;
      break;
    }

    // 3. The edge moves on: the lines are crossed, and the areas it now moves in are met.
    for (let k = 0; k < lines; k++) {
      const li = nextLine(terrain, lead0, dir, y0, y1, t, lastLineD, lastLineI);
      met.push(li);
      lastLineD = (terrain[li].from - lead0) * dir;
      lastLineI = li;
    }
    for (let i = 0; i < terrain.length; i++) {
      const tr = terrain[i];
      if (tr.from === tr.to || !spansLaterally(tr, y0, y1)) continue;
      const near = ((dir > 0 ? tr.from : tr.to) - lead0) * dir;
      const far = ((dir > 0 ? tr.to : tr.from) - lead0) * dir;
      if (near > t + EPS || far <= t + EPS) continue;
      if (t === 0 || near >= t - EPS) met.push(i);
    }
    if (need > after + EPS) {
      t += step;
      left = 0;
      break;
    }
    t = segEnd;
    left = Math.max(0, after - need);
  }

  const lead = atEnd ? endX : lead0 + dir * t;
  out.front = way > 0 ? lead : lead + b.facing * b.depth;
  out.moved = atEnd ? Math.abs(endX - lead0) : t;
  out.spent = (budget > 0 ? budget : 0) - left;
  out.stop = stop;
  return out;
}

/**
 * The next line (in order of distance along the path, then index) lying at the edge's position t
 * (within EPS, not behind the start) after the cursor (d0, i0) of lines already crossed; -1 if none.
 */
function nextLine(
  terrain: readonly TerrainInterval[],
  lead0: number,
  dir: number,
  y0: number,
  y1: number,
  t: number,
  d0: number,
  i0: number,
): number {
  let li = -1;
  let ld = Infinity;
  for (let i = 0; i < terrain.length; i++) {
    const tr = terrain[i];
    if (tr.from !== tr.to || !spansLaterally(tr, y0, y1)) continue;
    const d = (tr.from - lead0) * dir;
    if (d < -EPS || d > t + EPS || d < t - EPS) continue;
    if (d < d0 || (d === d0 && i <= i0)) continue;
    if (d < ld || (d === ld && i < li)) {
      ld = d;
      li = i;
    }
  }
  return li;
}

/**
 * The x at which b's leading edge, moving `way`, would meet `other`: other's near edge in the
 * direction of travel. Meaningful when other is in b's path (firstInPath).
 */
export function pathLimit(b: Body, way: Way, other: Body): number {
  return b.facing * way > 0 ? axialMin(other) : axialMax(other);
}

/**
 * Index of the first body b's leading edge would meet moving `way`: among those overlapping b
 * laterally and reaching ahead of the leading edge, the one whose near edge is nearest (ties to the
 * lower index); -1 if none. b itself, if listed, is skipped. A body already overlapping the leading
 * edge counts, with its near edge behind it: moving toward it is at once a contact.
 */
export function firstInPath(b: Body, way: Way, bodies: readonly Body[]): number {
  const dir = b.facing * way;
  const lead = way > 0 ? b.front : rear(b);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < bodies.length; i++) {
    const o = bodies[i];
    if (o === b || !overlapsLaterally(b, o)) continue;
    const far = ((dir > 0 ? axialMax(o) : axialMin(o)) - lead) * dir;
    if (far <= EPS) continue;
    const near = ((dir > 0 ? axialMin(o) : axialMax(o)) - lead) * dir;
    if (near < bestD) {
      bestD = near;
      best = i;
    }
  }
  return best;
}
