/**
 * Supply (17): a unit is in supply when it can trace at most five hexes off road to a road or trail
 * that leads, along roads and trails, to one of its side's supply sources (or straight to a source).
 * Enemy units and enemy ZOCs block the line; a ZOC hex a friendly unit occupies does not
 * (docs/rules/age-of-rifles.md). A unit out of supply at the end of its side's turn loses a step.
 */
import type { AorSink } from '../events.js';
import type { EngagementResult, SideIndex } from '../../../core/result.js';
import { BRIDGE, RIVER } from '../map.js';
import { recordEliminations, stepLoss } from './losses.js';
import type { BattleState } from './state.js';
import { LOSS } from '../vocabulary.js';

export const OFF_ROAD_HEXES = 5;

/** Hexes a supply line can pass for `side`. */
function open(b: BattleState, side: SideIndex, h: number): boolean {
  if (b.sideAt[h] === 1 - side) return false;
  return !b.inEnemyZoc(side, h) || b.sideAt[h] === side;
}

/**
 * 1 for every hex from which `side` can trace supply (17). Scratch buffers come from the state.
 * With `need` (1 at the hexes asked about, `needCount` of them, a buffer of the caller's), the search
 * stops as soon as every hex asked about is reached: `out` is then exact at those hexes only (a hex is
 * given 1 when the breadth-first search reaches it, which does not depend on where it stops).
 */
export function suppliedHexes(
  b: BattleState,
  side: SideIndex,
  out: Uint8Array = new Uint8Array(b.c.map.grid.size),
  need: Uint8Array | null = null,
  needCount = 0,
): Uint8Array {
  const m = b.c.map;
  const g = m.grid;
  const nb = g.neighbors;
  const dist = b.supplyDist; // -1 unseen; 0 on the road net; k: k hexes off it
  const queue = b.supplyQueue;
  dist.fill(-1);
  out.fill(0);
  // Hexes asked about and not reached yet (Infinity: the whole map is asked about).
  let left = need ? needCount : Infinity;
  if (left === 0) return out;
  // Along roads and trails from the sources.
  let tail = 0;
  for (const s of b.c.sides[side].supply) {
    if (dist[s] < 0 && open(b, side, s)) {
      dist[s] = 0;
      queue[tail++] = s;
      out[s] = 1;
      if (need !== null && need[s] === 1 && --left === 0) return out;
    }
  }
  for (let head = 0; head < tail; head++) {
    const h = queue[head];
    for (let d = 0; d < 6; d++) {
      const n = nb[h * 6 + d];
      if (n < 0 || dist[n] >= 0 || m.roads[g.sides[h * 6 + d]] === 0 || !open(b, side, n)) continue;
      dist[n] = 0;
      queue[tail++] = n;
      out[n] = 1;
      if (need !== null && need[n] === 1 && --left === 0) return out;
    }
  }
  // Then up to five hexes off road, breadth first from every hex of the road net.
  for (let head = 0; head < tail; head++) {
    const h = queue[head];
    const k = dist[h] + 1;
    if (k > OFF_ROAD_HEXES) continue;
    for (let d = 0; d < 6; d++) {
      const n = nb[h * 6 + d];
      if (n < 0 || dist[n] >= 0) continue;
      const f = m.sides[g.sides[h * 6 + d]];
      if (f & RIVER && !(f & BRIDGE)) continue;
      if (!open(b, side, n)) continue;
      dist[n] = k;
      queue[tail++] = n;
      out[n] = 1;
      if (need !== null && need[n] === 1 && --left === 0) return out;
    }
  }
  return out;
}

/** 17: each unit of `side` that cannot trace supply loses a step. Returns the steps lost. */
export function applySupply(b: BattleState, side: SideIndex, res: EngagementResult, sink?: AorSink): number {
  if (!b.c.supplyRule) return 0;
  // The search stops once it has reached every hex with a unit of the side on it.
  const need = b.supplyNeed;
  let needCount = 0;
  for (const u of b.c.sides[side].units) {
    const h = b.pos[u];
    if (h >= 0 && need[h] === 0) {
      need[h] = 1;
      needCount++;
    }
  }
  const ok = suppliedHexes(b, side, b.supplyOk, need, needCount);
  for (const u of b.c.sides[side].units) if (b.pos[u] >= 0) need[b.pos[u]] = 0;
  let lost = 0;
  for (const u of b.c.sides[side].units) {
    const h = b.pos[u];
    if (h < 0 || ok[h]) continue;
    stepLoss(b, u, res, LOSS.lostToSupply);
    b.stepsAtCommand[b.c.formationOf[u]]--; // a step lost to supply is not a hit suffered (12.3)
    lost++;
    if (sink) sink({ type: 'hit', side, unit: b.spec(u).id, lost: 1, left: b.st.steps[u], eliminated: b.st.steps[u] === 0 });
  }
  if (lost) {
    res.extras[`supplyLosses.${side}`] += lost;
    recordEliminations(b, res, sink);
  }
  return lost;
}
