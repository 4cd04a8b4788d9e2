/**
 * The lane as Burt's rules use it (docs/table.md): footprints kept in step with figures and formation,
 * who is in whose path, moves with terrain, interpenetration (12) and the disorder of difficult ground
 * (5), cover (6, 8), sight (8), supports (8) and secure flanks (8). Geometry is src/table's; what it
 * means is here. The queries the play loop asks most (first in path, contacts, line of fire, sight,
 * support, flanks, cover) are src/table's arithmetic written over unit indices, reading the lateral
 * extents and pairwise overlaps (lateralChanged) and the fronts, facings, offsets and axial extents
 * (axialChanged) the game keeps in flat arrays, and the terrain as flat arrays: a body is changed only
 * through bodyChanged, which keeps them in step.
 */
import {
  EPS,
  hypot2,
  rear,
  axialMax,
  axialMin,
  lateralMax,
  lateralMin,
  lateralOverlap,
  rangeOverlap,
  inContact,
  rearContact,
  type Body,
  type Way,
} from '../../../table/index.js';
import type { Cover } from '../fire.js';
import type { FigureModel } from '../figures.js';
import { ROUT, SHAKEN } from '../tables.js';
import { SQUARE, T_FORD, T_HEDGE, T_ROAD, T_VILLAGE, T_WALL, T_WOODS, type Game } from './state.js';

/** Moves other than charges, pursuits and follow-ups stop this far short of an enemy: contact is combat (4). */
export const STANDOFF = 1;
/** A friend beside a unit within this many inches secures that flank (8: "at least one secure flank"). */
export const FLANK_TOLERANCE = 2;
/** Sight runs this far into a village or wood before it is blocked (8: "no enemy in sight"). */
export const SIGHT_INTO_COVER = 2;
/** 8 (burt.supported within6Behind): a friend within 6" behind supports. */
export const SUPPORT_DISTANCE = 6;

/** The unit's figure model now. */
export function modelOf(g: Game, u: number): FigureModel {
  return g.c.units[u].models[g.formation[u]][g.figures[u]];
}

/**
 * Keep the footprint in step with the formation (front, facing and centre stay): after a formation
 * change the footprint is the new formation's (formationFits checked it has room).
 */
export function syncBody(g: Game, u: number): void {
  const m = modelOf(g, u);
  const b = g.body[u];
  if (m.frontageInches > 0) b.frontage = m.frontageInches;
  if (m.depthInches > 0) b.depth = m.depthInches;
  bodyChanged(g, u);
}

/**
 * After losses a unit closes its ranks within its footprint: the body takes the smaller figure model's
 * frontage and depth but never grows (a column of 16 figures is one base wide and four deep, 12, yet it
 * does not step back into the friend behind it). The figure model (ranks, firing figures) is the rule's.
 * It never closes them away from an enemy touching it: a melee goes on, and a winner following up or
 * pursuing stays in contact (9: the winner "following up" fights on), whatever the losses take off
 * the body. The depth shrinks from the edge no enemy touches (a router, or a unit hit in the rear,
 * keeps its rear where it is; one touched at both edges keeps its depth). The frontage closes on its
 * centre, slid within the old frontage only as far as keeps, with each enemy touching it, the width
 * of a figure (the wider of the two sides') or the whole frontage they shared if that was less.
 */
export function shrinkBody(g: Game, u: number): void {
  const m = modelOf(g, u);
  const b = g.body[u];
  const frontage = m.frontageInches > 0 && m.frontageInches < b.frontage ? m.frontageInches : b.frontage;
  let depth = m.depthInches > 0 && m.depthInches < b.depth ? m.depthInches : b.depth;
  if (frontage === b.frontage && depth === b.depth) return;
  const n = g.n;
  const units = g.c.units;
  const enemies = g.c.sides[enemySide(g, u)].units;
  const back = rear(b);
  let atFront = false;
  let atRear = false;
  // The range the new frontage's low edge may take: within the old frontage, and keeping each contact.
  let lo = g.lo[u];
  let hi = g.hi[u] - frontage;
  for (let k = 0; k < enemies.length; k++) {
    const e = enemies[k];
    if (g.present[e] === 0 || !(g.latOv[u * n + e] > EPS)) continue;
    const front = b.facing !== g.face[e] ? Math.abs(g.fx[e] - b.front) <= EPS : Math.abs((g.face[e] > 0 ? g.ax0[e] : g.ax1[e]) - b.front) <= EPS;
    const behind = b.facing === g.face[e] && Math.abs(back - g.fx[e]) <= EPS;
    if (!front && !behind) continue;
    atFront ||= front;
    atRear ||= behind;
    const s0 = Math.max(g.lo[u], g.lo[e]);
    const s1 = Math.min(g.hi[u], g.hi[e]);
    const keep = Math.min(s1 - s0, frontage, Math.max(units[u].figureWidth, units[e].figureWidth));
    lo = Math.max(lo, s0 + keep - frontage);
    hi = Math.min(hi, s1 - keep);
  }
  if (atFront && atRear) depth = b.depth;
  else if (atRear) b.front = back + b.facing * depth;
  b.depth = depth;
  if (frontage < b.frontage) {
    // Centred if that keeps every contact; else the nearest edge that does (none: centred).
    const centred = b.offset - frontage / 2;
    if (lo <= hi + EPS) {
      if (centred < lo - EPS) b.offset = lo + frontage / 2;
      else if (centred > hi + EPS) b.offset = hi + frontage / 2;
    }
    b.frontage = frontage;
  }
  bodyChanged(g, u);
}

export function enemySide(g: Game, u: number): 0 | 1 {
  return g.c.units[u].side === 0 ? 1 : 0;
}

export function routing(g: Game, u: number): boolean {
  return g.level[u] === ROUT;
}

/** The enemy is this way along x from side s (+1 or -1): the sign of the gap between the sides' starting lines. */
export function towardEnemy(g: Game, side: 0 | 1): number {
  return g.c.towardEnemy[side];
}

/**
 * The first body of `side` (-1: any) the unit's leading edge would meet moving `way`, or -1. Removed
 * units' bodies are parked off the lane, so they are never in a path.
 */
export function firstInPathOf(g: Game, u: number, way: Way, side: number): number {
  // The same question has the same answer while neither the unit's body nor the bodies looked at
  // changed (a cache of 6 a unit: way by side).
  const slot = 6 * u + (way > 0 ? 0 : 3) + side + 1;
  const at = g.pathAt[slot];
  if (at >= g.bodyStamp[u] && (side < 0 ? at >= g.sideGeom[0] && at >= g.sideGeom[1] : at >= g.sideGeom[side])) return g.path[slot];
  const found = side < 0 ? firstInPathAmong(g, u, way, g.c.everyUnit) : firstInPathAmong(g, u, way, g.c.sides[side].units);
  g.pathAt[slot] = g.epoch;
  g.path[slot] = found;
  return found;
}

/**
 * table's firstInPath over the units `among` (by index), with the lateral overlaps the game keeps:
 * the first body u's leading edge would meet moving `way`, ties to the earlier in `among`; -1 if none.
 */
function firstInPathAmong(g: Game, u: number, way: Way, among: readonly number[]): number {
  const facing = g.face[u];
  const dir = facing * way;
  const lead = way > 0 ? g.fx[u] : facing > 0 ? g.ax0[u] : g.ax1[u];
  const row = u * g.n;
  const ov = g.latOv;
  // The far and near edges of the others in the direction of travel.
  const farX = dir > 0 ? g.ax1 : g.ax0;
  const nearX = dir > 0 ? g.ax0 : g.ax1;
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < among.length; k++) {
    const i = among[k];
    if (i === u || !(ov[row + i] > EPS)) continue;
    const far = (farX[i] - lead) * dir;
    if (far <= EPS) continue;
    const near = (nearX[i] - lead) * dir;
    if (near < bestD) {
      bestD = near;
      best = i;
    }
  }
  return best;
}

/** Distance from the unit's leading edge moving `way` to the near edge of `o` (which lies in its path). */
export function gapTo(g: Game, u: number, o: number, way: Way = 1): number {
  // (pathLimit(b, way, o) - leadingEdge(b, way)) * b.facing * way over the kept extents.
  const facing = g.face[u];
  const limit = facing * way > 0 ? g.ax0[o] : g.ax1[o];
  const lead = way > 0 ? g.fx[u] : facing > 0 ? g.ax0[u] : g.ax1[u];
  return (limit - lead) * facing * way;
}

/** The nearest enemy ahead in the unit's path (forward), -1 if none. */
export function enemyAhead(g: Game, u: number): number {
  return firstInPathOf(g, u, 1, enemySide(g, u));
}

/**
 * 9: two bodies are engaged in melee: front to front or front to rear, sharing frontage (a body only
 * beside another, flank to flank, has no figures in contact: flank attacks wait for the 2-D table).
 */
export function engaged(a: Body, b: Body): boolean {
  if (lateralOverlap(a, b) <= EPS) return false;
  // Facing each other only front to front is possible; facing the same way, front to rear.
  return a.facing !== b.facing ? inContact(a, b) : rearContact(a, b) || rearContact(b, a);
}

/** engaged(g.body[u], g.body[v]) with the lateral overlap the game keeps. */
export function engagedUnits(g: Game, u: number, v: number): boolean {
  if (g.latOv[u * g.n + v] <= EPS) return false;
  const fa = g.face[u];
  const fb = g.face[v];
  // inContact (the overlap is known): facing each other, fronts together; else rearContact either way.
  if (fa !== fb) return Math.abs((g.fx[v] - g.fx[u]) * fa) <= EPS;
  const ra = fa > 0 ? g.ax0[u] : g.ax1[u];
  const rb = fb > 0 ? g.ax0[v] : g.ax1[v];
  return Math.abs(ra - g.fx[v]) <= EPS || Math.abs(rb - g.fx[u]) <= EPS;
}

/**
 * The lateral extent of u's body changed (or may have): keep lo, hi and the pairwise overlaps and gaps
 * in step (rangeOverlap and rangeGap of the extents, as lateralOverlap and lateralGap compute them).
 */
export function lateralChanged(g: Game, u: number): void {
  const b = g.body[u];
  const lo = lateralMin(b);
  const hi = lateralMax(b);
  if (lo === g.lo[u] && hi === g.hi[u]) return;
  g.lo[u] = lo;
  g.hi[u] = hi;
  lateralPairs(g, u);
}

function lateralPairs(g: Game, u: number): void {
  const n = g.n;
  const lo = g.lo[u];
  const hi = g.hi[u];
  for (let v = 0; v < n; v++) {
    const ov = rangeOverlap(lo, hi, g.lo[v], g.hi[v]);
    const d = Math.max(lo, g.lo[v]) - Math.min(hi, g.hi[v]);
    const gap = d > 0 ? d : 0;
    g.latOv[u * n + v] = ov;
    g.latOv[v * n + u] = ov;
    g.latGap[u * n + v] = gap;
    g.latGap[v * n + u] = gap;
  }
}

/** Every body's lateral extent and the pairs, anew (an engagement's start). */
export function lateralAll(g: Game): void {
  for (let u = 0; u < g.n; u++) {
    g.lo[u] = lateralMin(g.body[u]);
    g.hi[u] = lateralMax(g.body[u]);
    axialChanged(g, u);
  }
  for (let u = 0; u < g.n; u++) lateralPairs(g, u);
}

/** Keep fx, face, ax0 and ax1 in step with u's body (axialMin and axialMax as src/table computes them). */
function axialChanged(g: Game, u: number): void {
  const b = g.body[u];
  g.fx[u] = b.front;
  g.face[u] = b.facing;
  g.off[u] = b.offset;
  g.wide[u] = b.frontage;
  g.deep[u] = b.depth;
  g.ax0[u] = axialMin(b);
  g.ax1[u] = axialMax(b);
}

/**
 * 6, 12: the edge of u (an axial coordinate) that distances to v are measured from: its front; a square,
 * which faces 4 ways, from whichever of its faces along the lane is nearer v's centre.
 */
function facingEdge(g: Game, u: number, v: number): number {
  if (g.formation[u] !== SQUARE) return g.fx[u];
  const mid = (g.ax0[v] + g.ax1[v]) / 2;
  return Math.abs(mid - g.ax0[u]) <= Math.abs(mid - g.ax1[u]) ? g.ax0[u] : g.ax1[u];
}

/** The distance along the lane between the edges u and v measure from (facingEdge): never more than edgeDistance. */
export function axialEdgeGap(g: Game, u: number, v: number): number {
  return Math.abs(facingEdge(g, v, u) - facingEdge(g, u, v));
}

/**
 * frontEdgeDistance(g.body[u], g.body[v]) with the lateral gap the game keeps, a square measured from
 * its face nearer the other (facingEdge).
 */
export function edgeDistance(g: Game, u: number, v: number): number {
  const dx = axialEdgeGap(g, u, v);
  const dy = g.latGap[u * g.n + v];
  return dy === 0 ? dx : hypot2(dx, dy);
}

/**
 * A unit's body moved, turned, changed its footprint or left the lane: what the lane answered before
 * (g.epoch's caches) no longer holds, and its contacts must be looked at again.
 */
export function bodyChanged(g: Game, u: number): void {
  // A body that did not change (losses that leave the footprint as it was) changes no answer.
  const b = g.body[u];
  if (b.front === g.fx[u] && b.facing === g.face[u] && b.offset === g.off[u] && b.frontage === g.wide[u] && b.depth === g.deep[u]) return;
  bodyMoved(g, u);
}

/** bodyChanged without the look whether anything changed (a unit leaving play). */
export function bodyMoved(g: Game, u: number): void {
  lateralChanged(g, u);
  axialChanged(g, u);
  g.changedBody[u] = 1;
  g.contactDirty = true;
  const e = ++g.epoch;
  const side = g.c.units[u].side;
  g.bodyStamp[u] = e;
  g.sideGeom[side] = e;
  g.sideFriends[side] = e;
}

/** The unit is engaged with an enemy: it is in melee and may not move or fire. */
export function inContactWithEnemy(g: Game, u: number): boolean {
  if (g.contactDirty) refreshContacts(g);
  return g.engagedCount[u] > 0;
}

/** Redo the contacts of the units whose bodies changed (a pair is looked at again when either side changed). */
function refreshContacts(g: Game): void {
  const n = g.c.units.length;
  for (let u = 0; u < n; u++) {
    if (g.changedBody[u] === 0) continue;
    g.changedBody[u] = 0;
    const other = g.c.units[u].side === 0 ? 1 : 0;
    const enemies = g.c.sides[other].units;
    for (let k = 0; k < enemies.length; k++) {
      const e = enemies[k];
      const v = g.present[u] === 1 && g.present[e] === 1 && engagedUnits(g, u, e) ? 1 : 0;
      const i = u * n + e;
      if (g.pairs[i] === v) continue;
      g.pairs[i] = v;
      g.pairs[e * n + u] = v;
      const d = v === 1 ? 1 : -1;
      g.engagedCount[u] += d;
      g.engagedCount[e] += d;
    }
  }
  g.contactDirty = false;
}

/** Bodies of a side's units on the lane and not routing. */
export function steadyBodies(g: Game, side: 0 | 1): readonly Body[] {
  if (g.steadyDirty) {
    for (let s = 0; s < 2; s++) {
      const out = g.steady[s];
      while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
      for (const u of g.c.sides[s].units) if (g.present[u] === 1 && g.level[u] !== ROUT) out.push(g.body[u]);
    }
    g.steadyDirty = false;
  }
  return g.steady[side];
}

/** The nearest present enemy by front-edge distance (-1 none), for facing and planning. */
export function nearestEnemy(g: Game, u: number, notRouting = false): number {
  // The enemies in unit order (a side's units are numbered in order): ties to the lower index.
  const enemies = g.c.sides[g.c.units[u].side === 0 ? 1 : 0].units;
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < enemies.length; k++) {
    const i = enemies[k];
    if (g.present[i] === 0 || (notRouting && g.level[i] === ROUT)) continue;
    const d = edgeDistance(g, u, i);
    if (d < bestD) (bestD = d), (best = i);
  }
  return best;
}

/** 6, 8 (burt.villageCover): the best cover at the unit's front edge: a village or wood it stands in, a hedge or wall it lines. */
export function coverAt(g: Game, u: number): Cover {
  const c = coverOf(g, u);
  return c === 2 ? 'hard' : c === 1 ? 'soft' : 'none';
}

/** coverIndex kept while the unit's body is unchanged (the terrain never changes). */
export function coverOf(g: Game, u: number): number {
  if (g.coverAt[u] < g.bodyStamp[u]) {
    g.coverAt[u] = g.epoch;
    g.cover[u] = coverIndex(g, u);
  }
  return g.cover[u];
}

/** coverAt as 0 none, 1 soft, 2 hard (frontIn and coverOf over the flat terrain). */
export function coverIndex(g: Game, u: number): number {
  const gr = g.c.ground;
  if (gr.count === 0) return 0;
  const y0 = g.lo[u];
  const y1 = g.hi[u];
  const f = g.fx[u];
  const facing = g.face[u];
  let best = 0;
  for (let i = 0; i < gr.count; i++) {
    const k = gr.kind[i];
    if (k === T_FORD || k === T_ROAD) continue;
    // frontIn: the interval reaches across part of the frontage (spansLaterally), the front in it.
    const lo = gr.yMin[i];
    const hi = gr.yMax[i];
    if (y1 - y0 <= 0 ? !(y0 >= lo && y0 <= hi) : !(rangeOverlap(y0, y1, lo, hi) > EPS)) continue;
    const from = gr.from[i];
    const to = gr.to[i];
    if (from === to ? !(Math.abs(f - from) <= EPS) : !(facing > 0 ? f > from + EPS && f <= to + EPS : f >= from - EPS && f < to - EPS)) continue;
    // coverOf: woods and hedges soft, walls hard, a village by burt.villageCover, the rest none.
    const c = k === T_WOODS || k === T_HEDGE ? 1 : k === T_WALL ? 2 : k === T_VILLAGE ? (g.c.options.villageCover === 'hard' ? 2 : 1) : 0;
    if (c === 2) return 2;
    if (c === 1) best = 1;
  }
  return best;
}

/** 8: the unit can see `o`: no village or wood deeper than SIGHT_INTO_COVER lies between their fronts. */
export function canSee(g: Game, u: number, o: number): boolean {
  const gr = g.c.ground;
  if (gr.count === 0) return true;
  let y0 = Math.max(g.lo[u], g.lo[o]);
  let y1 = Math.min(g.hi[u], g.hi[o]);
  if (y0 > y1) {
    const t = y0;
    y0 = y1;
    y1 = t;
  }
  // sightBlocked, blocking where sight runs deeper than SIGHT_INTO_COVER: only a village or wood reaching across [y0, y1] that the sight line
  // runs into deeper than SIGHT_INTO_COVER (lines have no depth and never block).
  const x1 = g.fx[u];
  const x2 = g.fx[o];
  const lo = Math.min(x1, x2);
  const hi = Math.max(x1, x2);
  for (let i = 0; i < gr.count; i++) {
    const k = gr.kind[i];
    if (k !== T_VILLAGE && k !== T_WOODS) continue;
    if (gr.yMin[i] > y0 + EPS || gr.yMax[i] < y1 - EPS) continue;
    const from = gr.from[i];
    const to = gr.to[i];
    if (from === to) continue;
    const depth = rangeOverlap(lo, hi, from, to);
    if (depth > EPS && depth > SIGHT_INTO_COVER + EPS) return false;
  }
  return true;
}

/** 8 (burt.sightRange): an enemy the unit can see stands within `range`. */
export function enemyInSight(g: Game, u: number, range: number): boolean {
  return enemySeenWithin(g, u, range) >= 0;
}

/** enemyInSight's witness: the first enemy (in the side's order) the unit sees within `range`, or -1. */
export function enemySeenWithin(g: Game, u: number, range: number): number {
  const side = g.c.units[u].side === 0 ? 1 : 0;
  const bodies = g.sideBodies[side];
  const units = g.c.sides[side].units;
  for (let k = 0; k < bodies.length; k++) {
    if (g.present[units[k]] === 0) continue;
    if (edgeDistance(g, u, units[k]) <= range && canSee(g, u, units[k])) return units[k];
  }
  return -1;
}

/** 8 (burt.sightRange): the distance to the nearest enemy the unit can see; Infinity when it sees none. */
export function nearestVisibleEnemy(g: Game, u: number): number {
  const units = g.c.units;
  const side = units[u].side;
  let best = Infinity;
  for (let i = 0; i < units.length; i++) {
    if (g.present[i] === 0 || units[i].side === side) continue;
    const d = edgeDistance(g, u, i);
    if (d < best && canSee(g, u, i)) best = d;
  }
  return best;
}

/**
 * 8 (burt.supportFrame): the way "behind" is the other of, for a friend supporting u: toward the enemy
 * (awayFromEnemy: behind is further from the enemy, whatever u's facing), or u's own facing (ownRear).
 */
function supportFront(g: Game, u: number): number {
  return g.c.options.supportFrame === 'ownRear' ? g.face[u] : towardEnemy(g, g.c.units[u].side as 0 | 1);
}

/**
 * 5.3, 8 (burt.supportFrame): how far friend s stands behind u's rear, "behind" as supportFront has
 * it (negative when s reaches forward past it), or NaN when s does not overlap u laterally.
 */
function gapBehindInFrame(g: Game, u: number, s: number, facing: number): number {
  if (!(g.latOv[u * g.n + s] > EPS)) return NaN;
  const back = facing > 0 ? g.ax0[u] : g.ax1[u];
  return (back - (facing > 0 ? g.ax1[s] : g.ax0[s])) * facing;
}

/**
 * 5.3, 8 (burt.supportFrame): friend s stands behind u within 6" (touching counts) and overlaps it:
 * the ground from which a friend supports u, or from which a reserve may be committed to support it.
 */
export function standsInSupport(g: Game, u: number, s: number): boolean {
  const d = gapBehindInFrame(g, u, s, supportFront(g, u));
  return d >= -EPS && d <= SUPPORT_DISTANCE + EPS;
}

/**
 * 8 (burt.supported, burt.supportFrame): the nearest friend (not shaken or routing) standing behind
 * the unit within 6" and overlapping it (standsInSupport), or -1.
 */
export function supportBehind(g: Game, u: number): number {
  const units = g.c.sides[g.c.units[u].side].units;
  const facing = supportFront(g, u);
  let best = -1;
  let bestGap = Infinity;
  for (let k = 0; k < units.length; k++) {
    const i = units[k];
    if (i === u || g.present[i] === 0 || g.level[i] >= SHAKEN) continue;
    const d = gapBehindInFrame(g, u, i, facing);
    if (!(d >= -EPS && d <= SUPPORT_DISTANCE + EPS)) continue;
    if (d < bestGap) (bestGap = d), (best = i);
  }
  return best;
}

/**
 * A flank on an anchored lane edge: the side of sign `sl` (its edge `el`) or the other (`-sl`, `er`)
 * within `tol` of the lane's edge where the scenario anchors it.
 */
function anchoredFlank(lane: Game['c']['lane'], sl: number, el: number, er: number, tol: number): boolean {
  const sr = -sl;
  if (sl > 0 ? lane.anchoredHigh && el >= lane.width / 2 - tol : lane.anchoredLow && el <= -lane.width / 2 + tol) return true;
  return sr > 0 ? lane.anchoredHigh && er >= lane.width / 2 - tol : lane.anchoredLow && er <= -lane.width / 2 + tol;
}

/**
 * friendBeside of either flank (signs `sl` and `-sl`, edges `el` and `er`), read from the kept extents:
 * body i's near edge within `tol` of the flank's edge and its centre beyond it.
 */
function besideEitherFlank(g: Game, i: number, sl: number, el: number, er: number, tol: number): boolean {
  const sr = -sl;
  const lo = g.lo[i];
  const hi = g.hi[i];
  const off = g.off[i];
  if (!(((sl > 0 ? lo : hi) - el) * sl > tol + EPS) && (off - el) * sl > 0) return true;
  return !(((sr > 0 ? lo : hi) - er) * sr > tol + EPS) && (off - er) * sr > 0;
}

/**
 * supportBehind (when `within6Behind`, else -1) into g.behind[u], and secureFlankWitness into
 * g.secureWitness[u] and g.secure[u], in one pass over the side's units (the same answers).
 */
export function friendsAround(g: Game, u: number, within6Behind: boolean): void {
  const lane = g.c.lane;
  const tol = FLANK_TOLERANCE;
  const sl = g.face[u];
  const sr = -sl;
  const el = sl > 0 ? g.hi[u] : g.lo[u];
  const er = sr > 0 ? g.hi[u] : g.lo[u];
  let secure = anchoredFlank(lane, sl, el, er, tol) ? -2 : -1;
  const units = g.c.sides[g.c.units[u].side].units;
  const facing = supportFront(g, u);
  const back = facing > 0 ? g.ax0[u] : g.ax1[u];
  const edge = facing > 0 ? g.ax1 : g.ax0;
  const ax0 = g.ax0[u];
  const ax1 = g.ax1[u];
  const row = u * g.n;
  let best = -1;
  let bestGap = Infinity;
  for (let k = 0; k < units.length; k++) {
    const i = units[k];
    if (i === u || g.present[i] === 0) continue;
    const level = g.level[i];
    if (within6Behind && level < SHAKEN && g.latOv[row + i] > EPS) {
      const d = (back - edge[i]) * facing;
      if (d >= -EPS && d <= SUPPORT_DISTANCE + EPS && d < bestGap) (bestGap = d), (best = i);
    }
    if (secure !== -1 || level === ROUT) continue;
    if (!besideEitherFlank(g, i, sl, el, er, tol)) continue;
    if (rangeOverlap(ax0, ax1, g.ax0[i], g.ax1[i]) <= EPS) continue;
    secure = i;
  }
  g.behind[u] = best;
  g.secureWitness[u] = secure;
  g.secure[u] = secure !== -1 ? 1 : 0;
}

/** A reserve committed to support the unit in step 6 (5.3) is still with it. */
export function hasCommittedSupport(g: Game, u: number): boolean {
  for (let i = 0; i < g.supporting.length; i++) if (g.supporting[i] === u && g.present[i] === 1 && g.level[i] !== ROUT) return true;
  return false;
}

/** 8: a friend beside it (not routing) or an anchored lane edge secures at least one flank. */
export function hasSecureFlank(g: Game, u: number): boolean {
  return secureFlankWitness(g, u) !== -1;
}

/** hasSecureFlank's witness: -2 an anchored lane edge, the first friend beside it (not routing), or -1 none. */
export function secureFlankWitness(g: Game, u: number): number {
  // secureFlanks(...) > 0: either flank secure (flankSecure: an anchored lane edge, or friendBeside
  // among the side's units on the lane and not routing, in the side's order).
  const lane = g.c.lane;
  const tol = FLANK_TOLERANCE;
  // Either side: its sign across the lane (left is +y facing +x) and its edge, as sideSign and sideEdge
  // (offset + (sign * frontage) / 2: the lateral extent's high end on the +y side, its low end on the other).
  const sl = g.face[u];
  const sr = -sl;
  const el = sl > 0 ? g.hi[u] : g.lo[u];
  const er = sr > 0 ? g.hi[u] : g.lo[u];
  if (anchoredFlank(lane, sl, el, er, tol)) return -2;
  const units = g.c.sides[g.c.units[u].side].units;
  const ax0 = g.ax0[u];
  const ax1 = g.ax1[u];
  for (let k = 0; k < units.length; k++) {
    const i = units[k];
    if (i === u || g.present[i] === 0 || g.level[i] === ROUT) continue;
    // friendBeside on either side, overlapping axially.
    if (!besideEitherFlank(g, i, sl, el, er, tol)) continue;
    if (rangeOverlap(ax0, ax1, g.ax0[i], g.ax1[i]) <= EPS) continue;
    return i;
  }
  return -1;
}

/** 6: nothing stands between the two fronts in their corridor (a unit does not fire through others). */
export function clearLine(g: Game, u: number, t: number): boolean {
  // isBetween(g.body[u], g.body[t], c) for every other body c on the lane, its corridor found once.
  const fu = g.fx[u];
  const ft = g.fx[t];
  const x0 = Math.min(fu, ft);
  const x1 = Math.max(fu, ft);
  let y0 = Math.max(g.lo[u], g.lo[t]);
  let y1 = Math.min(g.hi[u], g.hi[t]);
  if (y0 > y1) {
    const s = y0;
    y0 = y1;
    y1 = s;
  }
  const thin = y1 - y0 <= EPS;
  for (let i = 0; i < g.n; i++) {
    if (i === u || i === t || g.present[i] === 0) continue;
    if (rangeOverlap(x0, x1, g.ax0[i], g.ax1[i]) <= EPS) continue;
    const cy0 = g.lo[i];
    const cy1 = g.hi[i];
    if (thin ? cy0 < y0 - EPS && cy1 > y1 + EPS : rangeOverlap(y0, y1, cy0, cy1) > EPS) return false;
  }
  return true;
}

/**
 * The target lies in front of the unit (no part behind its front edge). A square faces every way
 * (12): whatever lies about it is in front of one of its faces.
 */
export function inFront(g: Game, u: number, t: number): boolean {
  if (g.formation[u] === SQUARE) return true;
  // isInFront: min(aheadOf(a, axialMin(b)), aheadOf(a, axialMax(b))) >= -EPS.
  const f = g.fx[u];
  const facing = g.face[u];
  return Math.min((g.ax0[t] - f) * facing, (g.ax1[t] - f) * facing) >= -EPS;
}

/** Turn the unit about (routers and evaders face away, 3.3, 9.r3; a rallied unit faces the enemy again). */
export function faceAbout(g: Game, u: number): void {
  // turnAbout, in place: the front goes to the rear, the facing turns.
  const b = g.body[u];
  b.front = rear(b);
  b.facing = b.facing > 0 ? -1 : 1;
  bodyChanged(g, u);
}

/** The unit faces toward the enemy's side of the lane. */
export function facesEnemy(g: Game, u: number): boolean {
  return g.face[u] === towardEnemy(g, g.c.units[u].side);
}

/**
 * 4 (burt.fireMoveFrame): which way along its facing a FIRE unit's short move goes "forwards": toward
 * the enemy (-1 for a unit facing away, which moves toward it rear first), or by its own front (+1).
 */
export function fireForward(g: Game, u: number): Way {
  return g.c.options.fireMoveFrame === 'ownFront' || facesEnemy(g, u) ? 1 : -1;
}

/**
 * 12: the footprint the unit would have in formation `f` keeps its front and centre; it is legal when
 * it stays within the lane's width and overlaps no other unit.
 */
export function formationFits(g: Game, u: number, f: number): boolean {
  const m = g.c.units[u].models[f][g.figures[u]];
  const s = g.scratch.body;
  const b = g.body[u];
  s.front = b.front;
  s.facing = b.facing;
  s.offset = b.offset;
  s.frontage = m.frontageInches;
  s.depth = m.depthInches;
  const w = g.c.lane.width / 2;
  if (lateralMin(s) < -w - EPS || lateralMax(s) > w + EPS) return false;
  if (axialMin(s) < g.c.lane.xMin - EPS || axialMax(s) > g.c.lane.xMax + EPS) return false;
  const s0 = axialMin(s);
  const s1 = axialMax(s);
  const y0 = lateralMin(s);
  const y1 = lateralMax(s);
  for (let i = 0; i < g.n; i++) {
    if (i === u || g.present[i] === 0) continue;
    if (rangeOverlap(s0, s1, g.ax0[i], g.ax1[i]) > EPS && rangeOverlap(y0, y1, g.lo[i], g.hi[i]) > EPS) return false;
  }
  return true;
}

/** Whether `o` is the enemy the unit's front is in contact with front to front or at its rear. */
export function touchingUnits(g: Game, u: number, o: number): boolean {
  return engagedUnits(g, u, o);
}
