/**
 * Moving units on the lane (5, 12): a move by a budget of inches over the lane's terrain, stopping at
 * the first enemy in its path (in contact for a charge, STANDOFF short otherwise) and at friends it
 * cannot get wholly past; interpenetration, the disorder of difficult ground and obstacles, and
 * routers leaving the lane, with their effects on the units.
 */
import { EXTRA } from '../vocabulary.js';
import {
  EPS,
  axialMax,
  axialMin,
  lateralMax,
  lateralMin,
  moveBody,
  moveToward,
  rangeOverlap,
  rear,
  type Way,
} from '../../../table/index.js';
import { difficultGround, interpenetrationLoss, roadBonus, terrainLevelLoss, type Terrain } from '../movement.js';
import { ROUT } from '../tables.js';
import { bodyChanged, firstInPathOf, STANDOFF, towardEnemy } from './lane.js';
import type { Game } from './state.js';
import { bump, loseLevel, removeUnit } from './units.js';

/** How a move treats enemies and the lane's end. */
export const MoveKind = {
  /** An ordinary move: stops STANDOFF short of the first enemy in its path. */
  Move: 0,
  /** A charge, pursuit or follow-up: stops in contact with the first enemy in its path. */
  Charge: 1,
  /** A rout: stops short of enemies; leaving the lane's end removes the unit (dispersed). */
  Flee: 2,
} as const;
export type MoveKind = (typeof MoveKind)[keyof typeof MoveKind];

/** 12: two bodies pass through each other: both lose a level unless one is skirmishers. */
export function interpenetrate(g: Game, mover: number, through: number, levels: boolean): void {
  const side = g.c.units[mover].side;
  bump(g, EXTRA.interpenetrations, side);
  if (g.sink) g.sink({ type: 'interpenetrate', side, unit: g.c.units[mover].id, through: g.c.units[through].id, levels });
  if (!levels) return;
  loseLevel(g, mover, 'interpenetration (12)');
  loseLevel(g, through, 'interpenetration (12)');
}

/** 5: a road under the whole footprint along the move adds 2" to troops in column (and limbered guns). */
function roadExtra(g: Game, u: number): number {
  if (!g.c.ground.anyRoad) return 0;
  const b = g.body[u];
  for (const t of g.c.terrain) {
    if (t.kind !== 'road') continue;
    if (lateralMin(b) < (t.yMin ?? -Infinity) - EPS || lateralMax(b) > (t.yMax ?? Infinity) + EPS) continue;
    if (rangeOverlap(axialMin(b), axialMax(b), t.from, t.to) <= EPS) continue;
    const spec = g.c.units[u];
    return roadBonus({ arm: spec.arm, formation: formationName(g, u) }, g.limbered[u] === 1);
  }
  return 0;
}

function formationName(g: Game, u: number) {
  return (['line', 'column', 'square', 'open'] as const)[g.formation[u]];
}

/**
 * Move the unit `way` with `budget` inches of its move (5) over the lane's terrain, stopping at the
 * first enemy in its path (in contact for a charge, STANDOFF short otherwise) and at friends it cannot
 * get wholly past; friends it passes wholly are interpenetrated (12: both lose a level unless one is
 * skirmishers). Close-order troops lose one level for a move through difficult ground or across an
 * obstacle (5), where they cross it or enter the ground; under burt.terrainLoss perTurn only the first
 * such move of the turn costs it. A unit routed by a level lost on the way stops
 * there (7, 3.3: a router's only move is its rout). A flight off the lane's end removes the unit.
 * Returns the distance moved; g.moveEnd is where the front came to, before a level lost there turned
 * a router about (what a move event reports); g.moveSpent the budget the move cost (5: more than the
 * ground through slowing terrain or over an obstacle).
 */
export function laneMove(g: Game, u: number, way: Way, budget: number, kind: MoveKind, upTo = Infinity): number {
  g.moveEnd = g.body[u].front;
  g.moveSpent = 0;
  if (!(budget > EPS) || !(upTo > EPS) || g.present[u] === 0) return 0;
  const c = g.c;
  const spec = c.units[u];
  const b = g.body[u];
  const dir = b.facing * way;
  const cost = spec.costs[g.formation[u]];
  const r = g.scratch.move;
  if (kind !== MoveKind.Flee) budget += roadExtra(g, u);
  // The first enemy in the path stops the move.
  let limit = NaN;
  const e = firstInPathOf(g, u, way, spec.side === 0 ? 1 : 0);
  if (e >= 0) limit = (dir > 0 ? g.ax0[e] : g.ax1[e]) - (kind === MoveKind.Charge ? 0 : dir * STANDOFF); // pathLimit
  // With `upTo`, the move goes at most that much ground (moveToward's goal), else as far as the budget takes it.
  const goal = upTo === Infinity ? NaN : b.front + dir * upTo;
  if (Number.isNaN(goal)) moveBody(b, way, budget, c.lane, c.terrain, cost, limit, r);
  else moveToward(b, goal, budget, c.lane, c.terrain, cost, limit, r);
  // A friend the final footprint would overlap stops the move at its near edge (ties: the nearest).
  const friendInPath = firstInPathOf(g, u, way, spec.side) >= 0;
  for (let guard = 0; friendInPath && guard < g.body.length; guard++) {
    const f = overlappedFriend(g, u, r.front, dir);
    if (f < 0) break;
    const fl = dir > 0 ? g.ax0[f] : g.ax1[f]; // pathLimit
    limit = Number.isNaN(limit) || (fl - limit) * dir < 0 ? fl : limit;
    if (Number.isNaN(goal)) moveBody(b, way, budget, c.lane, c.terrain, cost, limit, r);
    else moveToward(b, goal, budget, c.lane, c.terrain, cost, limit, r);
  }
  const from = b.front;
  let moved = r.moved;
  g.moveSpent = r.spent;
  const left = r.stop === 'leftLane' && kind === MoveKind.Flee;
  if (moved > EPS) {
    // Friends wholly passed between the start and the end: interpenetration (12).
    const passed = g.scratch.passed;
    if (friendInPath) passedFriends(g, u, from, r.front, dir, passed);
    else while (passed.length > 0) passed.pop();
    g.moved[u] = 1;
    // 5: difficult ground moved in, or an obstacle crossed, disorders close-order troops once a move:
    // where the leading edge first did either (lead0 + dir * terrainAt). burt.terrainLoss perTurn reads
    // the text's "move" as the turn: a unit that lost its level to terrain this turn loses no other.
    let terrainAt = Infinity;
    let obstacle = false;
    const spared = c.options.terrainLoss === 'perTurn' && g.terrainLost[u] === 1;
    if (!left && !spared && terrainLevelLoss({ arm: spec.arm, formation: formationName(g, u) }, true, true) > 0) {
      const lead0 = way > 0 ? b.front : rear(b);
      for (const i of r.met) {
        const t = c.terrain[i];
        const line = t.kind === 'hedge' || t.kind === 'wall';
        if (!line && (t.kind === 'road' || !difficultGround(t.kind as Terrain, c.options.villageMovement))) continue;
        const at = Math.max(0, ((line || dir > 0 ? t.from : t.to) - lead0) * dir);
        if (at < terrainAt) (terrainAt = at), (obstacle = line);
      }
    }
    const toward = dir * towardEnemy(g, spec.side) > 0;
    const min0 = axialMin(b);
    const max0 = axialMax(b);
    const routing = g.level[u] === ROUT;
    // The level losses of the way, in the order the move meets them (12: a friend when wholly passed; 5:
    // the obstacle crossed or the difficult ground entered), the body standing where each falls. A unit
    // that routs on the way (7) goes no further: a router's only move is its rout (3.3), so a charge ends
    // where the charger routed, not at the end of its reach (8: an assaulter that loses its order does not
    // assault). It never stops inside a friend: it stands clear of any it was passing.
    let at = 0; // the ground covered so far
    let stopped = false;
    for (;;) {
      let next = -1;
      let nextAt = Infinity;
      for (let k = 0; k < passed.length; k++) {
        if (passed[k] < 0) continue;
        const d = clearOfFriends(g, passed, dir, min0, max0, Math.max(at, passedAt(g, passed[k], dir, min0, max0)));
        if (d < nextAt) (nextAt = d), (next = k);
      }
      // (Never behind the ground already covered: the friends passed there are behind it.)
      const terrainNext = terrainAt < Infinity ? clearOfFriends(g, passed, dir, min0, max0, Math.max(at, terrainAt)) : Infinity;
      if (next < 0 && terrainNext === Infinity) break;
      const friendFirst = next >= 0 && nextAt <= terrainNext + EPS;
      const d = friendFirst ? nextAt : terrainNext;
      if (stopped && d > at + EPS) break; // a routed mover: only the friends it stands clear of at its stop
      if (!stopped) at = placeAlong(g, u, from, dir, at, d, toward);
      if (friendFirst) {
        const f = passed[next];
        passed[next] = -1;
        interpenetrate(g, u, f, interpenetrationLoss(spec.arm, c.units[f].arm) > 0);
      } else {
        terrainAt = Infinity;
        if (g.present[u] === 1 && g.level[u] !== ROUT) {
          loseLevel(g, u, obstacle ? 'crossing an obstacle (5)' : 'moving in difficult ground (5)');
          g.terrainLost[u] = 1;
        }
      }
      if (!routing && g.level[u] === ROUT) stopped = true;
    }
    if (!stopped) at = placeAlong(g, u, from, dir, at, moved, toward, r.front);
    moved = at;
  }
  if (left) removeUnit(g, u, 'offLane');
  return moved;
}

/**
 * Bring the unit's front from `from + dir * at` to `from + dir * to` along its move (`exact` the x to put
 * it at), counting the ground toward or away from the enemy; g.moveEnd is where its front came to,
 * before a level lost there can rout it and turn it about. Returns `to`.
 */
function placeAlong(g: Game, u: number, from: number, dir: number, at: number, to: number, toward: boolean, exact = from + dir * to): number {
  const b = g.body[u];
  const step = to - at;
  b.front = exact;
  bodyChanged(g, u);
  g.moveEnd = exact;
  if (step > 0) {
    if (toward) {
      g.advanced[u] += step;
      g.movedToward[u] += step;
    } else {
      g.advanced[u] -= step;
      g.movedAway[u] += step;
    }
  }
  return to;
}

/** The ground a mover whose footprint started at [min0, max0] covers until it is wholly past friend f. */
function passedAt(g: Game, f: number, dir: number, min0: number, max0: number): number {
  return dir > 0 ? g.ax1[f] - min0 : max0 - g.ax0[f];
}

/** The first ground covered, at or beyond `d`, at which the mover overlaps none of the friends it passes (`passed`, -1 done). */
function clearOfFriends(g: Game, passed: readonly number[], dir: number, min0: number, max0: number, d: number): number {
  for (let guard = 0; guard <= passed.length; guard++) {
    let moved = false;
    for (const f of passed) {
      if (f < 0 || rangeOverlap(min0 + dir * d, max0 + dir * d, g.ax0[f], g.ax1[f]) <= EPS) continue;
      d = passedAt(g, f, dir, min0, max0);
      moved = true;
    }
    if (!moved) break;
  }
  return d;
}

/** The friend whose footprint the unit's footprint with its front at `front` would overlap, nearest first; -1 none. */
function overlappedFriend(g: Game, u: number, front: number, dir: number): number {
  const b = g.body[u];
  const s = g.scratch.body;
  s.front = front;
  s.facing = b.facing;
  s.frontage = b.frontage;
  s.depth = b.depth;
  s.offset = b.offset;
  const side = g.c.units[u].side;
  const row = u * g.n;
  const friends = g.c.sides[side].units;
  const s0 = axialMin(s);
  const s1 = axialMax(s);
  const nearX = dir > 0 ? g.ax0 : g.ax1;
  let best = -1;
  let bestX = Infinity;
  for (let k = 0; k < friends.length; k++) {
    const i = friends[k];
    if (i === u || g.present[i] === 0) continue;
    // s has u's lateral extent: their overlap is u's (axialOverlap over the kept extents).
    if (!(g.latOv[row + i] > EPS) || rangeOverlap(s0, s1, g.ax0[i], g.ax1[i]) <= EPS) continue;
    const near = nearX[i] * dir;
    if (near < bestX) (bestX = near), (best = i);
  }
  return best;
}

/** Friends lying wholly between the unit's footprint before and after a move: passed through (12). Into `out`. */
function passedFriends(g: Game, u: number, from: number, to: number, dir: number, out: number[]): void {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  const row = u * g.n;
  const b = g.body[u];
  const side = g.c.units[u].side;
  const lo = Math.min(axialMin(b), axialMin(b) + (to - from));
  const hi = Math.max(axialMax(b), axialMax(b) + (to - from));
  const friends = g.c.sides[side].units;
  for (let k = 0; k < friends.length; k++) {
    const i = friends[k];
    if (i === u || g.present[i] === 0) continue;
    if (!(g.latOv[row + i] > EPS)) continue;
    // Wholly inside the swept interval and ahead of the start footprint in the direction of travel.
    const f0 = g.ax0[i];
    const f1 = g.ax1[i];
    if (f0 < lo - EPS || f1 > hi + EPS) continue;
    if (((dir > 0 ? f0 : -f1) - (dir > 0 ? axialMax(b) : -axialMin(b))) < -EPS) continue;
    out.push(i);
  }
}

