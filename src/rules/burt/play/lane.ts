/**
 * The lane as Burt's rules use it (docs/table.md): footprints kept in step with figures and formation,
 * who is in whose path, moves with terrain, interpenetration (12) and the disorder of difficult ground
 * (5), cover (6, 8), sight (8), supports (8) and secure flanks (8). Geometry is src/table's; what it
 * means is here.
 */
import {
  EPS,
  axialMax,
  axialMin,
  axialOverlap,
  firstInPath,
  frontEdgeDistance,
  frontIn,
  gapBehind,
  isBetween,
  isInFront,
  lateralMax,
  lateralMin,
  lateralOverlap,
  leadingEdge,
  moveBody,
  overlapsLaterally,
  pathLimit,
  rangeOverlap,
  secureFlanks,
  sightBlocked,
  supports,
  inContact,
  rearContact,
  turnAbout,
  type Body,
  type Way,
} from '../../../table/index.js';
import { coverOf, type Cover, type CoverFeature } from '../fire.js';
import type { FigureModel } from '../figures.js';
import { difficultGround, interpenetrationLoss, roadBonus, terrainLevelLoss, type Terrain } from '../movement.js';
import { ROUT, SHAKEN } from '../tables.js';
import type { Game } from './state.js';

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
 */
export function shrinkBody(g: Game, u: number): void {
  const m = modelOf(g, u);
  const b = g.body[u];
  if (m.frontageInches > 0 && m.frontageInches < b.frontage) b.frontage = m.frontageInches;
  if (m.depthInches > 0 && m.depthInches < b.depth) b.depth = m.depthInches;
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
  let found: number;
  if (side < 0) found = firstInPath(g.body[u], way, g.body);
  else {
    const k = firstInPath(g.body[u], way, g.sideBodies[side]);
    found = k < 0 ? -1 : g.c.sides[side].units[k];
  }
  g.pathAt[slot] = g.epoch;
  g.path[slot] = found;
  return found;
}

/** Distance from the unit's leading edge moving `way` to the near edge of `o` (which lies in its path). */
export function gapTo(g: Game, u: number, o: number, way: Way = 1): number {
  const b = g.body[u];
  return (pathLimit(b, way, g.body[o]) - leadingEdge(b, way)) * b.facing * way;
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

/**
 * A unit's body moved, turned, changed its footprint or left the lane: what the lane answered before
 * (g.epoch's caches) no longer holds, and its contacts must be looked at again.
 */
export function bodyChanged(g: Game, u: number): void {
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
    const bodies = g.sideBodies[other];
    for (let k = 0; k < enemies.length; k++) {
      const e = enemies[k];
      const v = g.present[u] === 1 && g.present[e] === 1 && engaged(g.body[u], bodies[k]) ? 1 : 0;
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
    for (const s of [0, 1] as const) {
      const out = g.steady[s];
      out.length = 0;
      for (const u of g.c.sides[s].units) if (g.present[u] === 1 && g.level[u] !== ROUT) out.push(g.body[u]);
    }
    g.steadyDirty = false;
  }
  return g.steady[side];
}

/** The nearest present enemy by front-edge distance (-1 none), for facing and planning. */
export function nearestEnemy(g: Game, u: number, notRouting = false): number {
  const units = g.c.units;
  const side = units[u].side;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < units.length; i++) {
    if (g.present[i] === 0 || units[i].side === side || (notRouting && g.level[i] === ROUT)) continue;
    const d = frontEdgeDistance(g.body[u], g.body[i]);
    if (d < bestD) (bestD = d), (best = i);
  }
  return best;
}

/** 6, 8 (burt.villageCover): the best cover at the unit's front edge: a village or wood it stands in, a hedge or wall it lines. */
export function coverAt(g: Game, u: number): Cover {
  const b = g.body[u];
  let best: Cover = 'none';
  for (const t of g.c.terrain) {
    if (t.kind === 'ford' || t.kind === 'road' || !frontIn(b, t)) continue;
    const c = coverOf(t.kind as CoverFeature, g.c.options.villageCover);
    if (c === 'hard') return 'hard';
    if (c === 'soft') best = 'soft';
  }
  return best;
}

const blocksSight = (kind: string, depth: number) => (kind === 'village' || kind === 'woods') && depth > SIGHT_INTO_COVER + EPS;

/** 8: the unit can see `o`: no village or wood deeper than SIGHT_INTO_COVER lies between their fronts. */
export function canSee(g: Game, u: number, o: number): boolean {
  const a = g.body[u];
  const b = g.body[o];
  let y0 = Math.max(lateralMin(a), lateralMin(b));
  let y1 = Math.min(lateralMax(a), lateralMax(b));
  if (y0 > y1) {
    const t = y0;
    y0 = y1;
    y1 = t;
  }
  return !sightBlocked(g.c.terrain, a.front, b.front, y0, y1, blocksSight);
}

/** 8 (burt.sightRange): an enemy the unit can see stands within `range`. */
export function enemyInSight(g: Game, u: number, range: number): boolean {
  const side = g.c.units[u].side === 0 ? 1 : 0;
  const bodies = g.sideBodies[side];
  const units = g.c.sides[side].units;
  for (let k = 0; k < bodies.length; k++) {
    if (g.present[units[k]] === 0) continue;
    if (frontEdgeDistance(g.body[u], bodies[k]) <= range && canSee(g, u, units[k])) return true;
  }
  return false;
}

/** 8 (burt.sightRange): the distance to the nearest enemy the unit can see; Infinity when it sees none. */
export function nearestVisibleEnemy(g: Game, u: number): number {
  const units = g.c.units;
  const side = units[u].side;
  let best = Infinity;
  for (let i = 0; i < units.length; i++) {
    if (g.present[i] === 0 || units[i].side === side) continue;
    const d = frontEdgeDistance(g.body[u], g.body[i]);
    if (d < best && canSee(g, u, i)) best = d;
  }
  return best;
}

/**
 * 8 (burt.supported): the nearest friend (not shaken or routing) standing behind the unit within 6"
 * and overlapping it, or -1.
 */
export function supportBehind(g: Game, u: number): number {
  const side = g.c.units[u].side;
  const bodies = g.sideBodies[side];
  const units = g.c.sides[side].units;
  let best = -1;
  let bestGap = Infinity;
  for (let k = 0; k < bodies.length; k++) {
    const i = units[k];
    if (i === u || g.present[i] === 0 || g.level[i] >= SHAKEN || !supports(g.body[u], bodies[k], SUPPORT_DISTANCE)) continue;
    const d = gapBehind(g.body[u], bodies[k]);
    if (d < bestGap) (bestGap = d), (best = i);
  }
  return best;
}

/** A reserve committed to support the unit in step 6 (5.3) is still with it. */
export function hasCommittedSupport(g: Game, u: number): boolean {
  for (let i = 0; i < g.supporting.length; i++) if (g.supporting[i] === u && g.present[i] === 1 && g.level[i] !== ROUT) return true;
  return false;
}

/** 8: a friend beside it (not routing) or an anchored lane edge secures at least one flank. */
export function hasSecureFlank(g: Game, u: number): boolean {
  return secureFlanks(g.body[u], steadyBodies(g, g.c.units[u].side), g.c.lane, FLANK_TOLERANCE) > 0;
}

/** 6: nothing stands between the two fronts in their corridor (a unit does not fire through others). */
export function clearLine(g: Game, u: number, t: number): boolean {
  for (let i = 0; i < g.body.length; i++) {
    if (i === u || i === t || g.present[i] === 0) continue;
    if (isBetween(g.body[u], g.body[t], g.body[i])) return false;
  }
  return true;
}

/** The target lies in front of the unit (no part behind its front edge). */
export function inFront(g: Game, u: number, t: number): boolean {
  return isInFront(g.body[u], g.body[t]);
}

/** Turn the unit about (routers and evaders face away, 3.3, 9.r3; a rallied unit faces the enemy again). */
export function faceAbout(g: Game, u: number): void {
  const t = turnAbout(g.body[u]);
  const b = g.body[u];
  b.front = t.front;
  b.facing = t.facing;
  bodyChanged(g, u);
}

/** The unit faces toward the enemy's side of the lane. */
export function facesEnemy(g: Game, u: number): boolean {
  return g.body[u].facing === towardEnemy(g, g.c.units[u].side);
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
  for (let i = 0; i < g.body.length; i++) {
    if (i === u || g.present[i] === 0) continue;
    if (axialOverlap(s, g.body[i]) > EPS && lateralOverlap(s, g.body[i]) > EPS) return false;
  }
  return true;
}

/** Whether `o` is the enemy the unit's front is in contact with front to front or at its rear. */
export function touchingUnits(g: Game, u: number, o: number): boolean {
  return engaged(g.body[u], g.body[o]);
}
