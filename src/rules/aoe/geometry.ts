/**
 * What Age of Eagles asks of the lane (src/table; rulings 6): distances between units, who may fire
 * at whom, which faces of a defender are free to charge and how far each is, where a charger stands
 * in contact, secure flanks, the village blocks, and moves and retreats along the axis. The rules ask
 * through the table's functions; only placement on a flank face and in a block sets body fields.
 */
import {
  aheadOf,
  axialMax,
  axialMin,
  axialOverlap,
  body,
  EPS,
  lineOfFireBlocked,
  inContact,
  isBehind,
  isInFront,
  laneEndBehind,
  lateralGap,
  lateralMax,
  lateralMin,
  lateralOverlap,
  moveBody,
  newMoveResult,
  onLane,
  overlapsLaterally,
  pathLimit,
  rangeGap,
  rear,
  secureFlanks,
  type Body,
  type Lane,
  type MoveResult,
  type TerrainCost,
  withinWidth,
} from '../../table/index.js';
import type { CompiledLane } from './compile.js';
import { MOVEMENT_TABLE, moveRow, PASSAGE_OF_LINES, roughFactor, type MoveRow } from './movement.js';
import type { AoeOptions } from './options.js';
import type { Formation } from './units.js';
import { blockEntryChangesFormation } from './volley.js';
import { F_NONE, F_SQUARE, NO_UNIT, type LaneState } from './state.js';

/** p3 March Table - Secure Flanks: a friend within 3" of each flank. */
export const SECURE_FLANK_GAP = 3;
/**
 * A move that is not a charge stops this far short of an enemy in its path: only a charge is a move
 * into contact (rulings 2). A reading: the text has no minimum distance; 1" is the stand depth.
 */
export const STANDOFF = 1;

/** Nearest-point distance between two units' footprints (front to front when they face each other). */
export function unitDistance(a: Body, b: Body): number {
  const dx = rangeGap(axialMin(a), axialMax(a), axialMin(b), axialMax(b));
  const dy = lateralGap(a, b);
  return dy === 0 ? dx : dx === 0 ? dy : Math.hypot(dx, dy);
}

/** A unit that faces every way: a square, or a unit in a village block (p1 Formations, p3 Built Up Areas). */
export function allRound(st: LaneState, u: number): boolean {
  return st.formation[u] === F_SQUARE || st.formation[u] === F_NONE;
}

/**
 * b lies within u's arc of fire [gap]: ahead of its front (any side for a square or a village unit),
 * no further to the side than ahead (a 45-degree arc on the lane).
 */
export function inArc(st: LaneState, u: number, e: number): boolean {
  const a = st.body[u];
  const b = st.body[e];
  const dx = rangeGap(axialMin(a), axialMax(a), axialMin(b), axialMax(b));
  if (!allRound(st, u) && !isInFront(a, b)) return false;
  return lateralGap(a, b) <= dx + EPS;
}

/** No third unit stands across u's line of fire at e (no fire through units [gap], rulings 3.5). */
export function clearLine(st: LaneState, u: number, e: number): boolean {
  const a = st.body[u];
  const b = st.body[e];
  for (let k = 0; k < st.n; k++) {
    if (k === u || k === e || st.removed[k]) continue;
    if (lineOfFireBlocked(a, b, st.body[k])) return false;
  }
  return true;
}

/** The nearest live enemy of u by unitDistance, NO_UNIT if none; `inFront` keeps only those ahead of it. */
export function nearestEnemy(c: CompiledLane, st: LaneState, u: number, inFront: boolean): number {
  const side = c.specs[u].side;
  const enemies = c.sideUnits[1 - side];
  let best = NO_UNIT;
  let bestD = Infinity;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e]) continue;
    if (inFront && !allRound(st, u) && !isInFront(st.body[u], st.body[e])) continue;
    const d = unitDistance(st.body[u], st.body[e]);
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/** Distance from u to its nearest live enemy (Infinity with none). */
export function nearestEnemyDistance(c: CompiledLane, st: LaneState, u: number): number {
  const e = nearestEnemy(c, st, u, false);
  return e === NO_UNIT ? Infinity : unitDistance(st.body[u], st.body[e]);
}

/** Distance from u to its nearest live enemy infantry, the arm with muskets (p2), Infinity with none. */
export function nearestEnemyInfantryDistance(c: CompiledLane, st: LaneState, u: number): number {
  const enemies = c.sideUnits[1 - c.specs[u].side];
  let best = Infinity;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e] || c.specs[e].arm !== 'infantry') continue;
    const d = unitDistance(st.body[u], st.body[e]);
    if (d < best) best = d;
  }
  return best;
}

/**
 * Distance from u to the nearest live enemy a Retire gets away from (p1 March Table: beyond enemy
 * musketry range; aoe.retireFrom): infantry only unless `anyArm`, and only one with some part ahead of
 * u's rear edge, since falling back closes on an enemy behind it. Infinity with none.
 */
export function retireFromDistance(c: CompiledLane, st: LaneState, u: number, anyArm: boolean): number {
  const enemies = c.sideUnits[1 - c.specs[u].side];
  const b = st.body[u];
  let best = Infinity;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e] || (!anyArm && c.specs[e].arm !== 'infantry') || isBehind(b, st.body[e])) continue;
    const d = unitDistance(b, st.body[e]);
    if (d < best) best = d;
  }
  return best;
}

// ---- Charges: faces, reach and contact (rulings 6; p1 Special Rules: one attacker a face) ----

/** Attackers in contact with d on each face: [front, flank]. */
export function facesTaken(st: LaneState, d: number, out: Int32Array): Int32Array {
  out[0] = 0;
  out[1] = 0;
  for (let a = 0; a < st.n; a++) if (!st.removed[a] && st.chargeTarget[a] === d) out[st.chargeFace[a]]++;
  return out;
}

const SCRATCH_FACES = new Int32Array(2);
const SCRATCH_BODY: Body = body(0, 1, 1, 1, 0);

/**
 * Distance a charger must cover to contact d's front face: d is the first body ahead of it that it
 * overlaps laterally (no unit of either side in between), else Infinity.
 */
export function frontChargeDistance(st: LaneState, u: number, d: number): number {
  const a = st.body[u];
  const b = st.body[d];
  if (!overlapsLaterally(a, b) || !isInFront(a, b)) return Infinity;
  for (let k = 0; k < st.n; k++) {
    if (k === u || k === d || st.removed[k]) continue;
    const o = st.body[k];
    if (!overlapsLaterally(a, o) || !isInFront(a, o)) continue;
    // Another body nearer along the path stands between.
    if (aheadOf(a, pathLimit(a, 1, o)) < aheadOf(a, pathLimit(a, 1, b)) - EPS) return Infinity;
  }
  const g = aheadOf(a, pathLimit(a, 1, b));
  return g > 0 ? g : 0;
}

/**
 * Where a flank charger would stand: beside d's side edge nearer its own centre, level with d
 * (its front on d's rear edge), written into `out`. The lane's width bounds it.
 */
export function flankPlacement(c: CompiledLane, st: LaneState, u: number, d: number, out: Body): Body {
  const a = st.body[u];
  const b = st.body[d];
  const half = c.lane.width / 2;
  const left = lateralMin(b) - a.frontage / 2;
  const right = lateralMax(b) + a.frontage / 2;
  const leftFits = left - a.frontage / 2 >= -half - EPS;
  const rightFits = right + a.frontage / 2 <= half + EPS;
  const preferLeft = a.offset <= b.offset;
  out.offset = (preferLeft && leftFits) || !rightFits ? left : right;
  out.facing = a.facing;
  out.frontage = a.frontage;
  out.depth = a.depth;
  out.front = a.facing > 0 ? axialMax(b) : axialMin(b);
  return out;
}

/**
 * No live unit but d (and u itself) overlaps the body, and no enemy but d meets its front: a flank
 * charge contacts its target only (rulings 2: a charge is the move into contact with the unit charged;
 * p1 Special Rules: one attacking unit a face), so a place beside d whose front would touch another
 * enemy front to front, out of contact with it, is not a free flank.
 */
function placementFree(c: CompiledLane, st: LaneState, u: number, d: number, b: Body): boolean {
  const side = c.specs[u].side;
  for (let k = 0; k < st.n; k++) {
    if (k === u || k === d || st.removed[k]) continue;
    const o = st.body[k];
    if (axialOverlap(b, o) > EPS && lateralOverlap(b, o) > EPS) return false;
    if (c.specs[k].side !== side && inContact(b, o)) return false;
  }
  return true;
}

/**
 * A live enemy of u other than `except` whose front meets body b front to front (b being where u would
 * stand), else NO_UNIT. Only a charge is a move into contact, and with the unit it charges alone
 * (rulings 2; p1 Special Rules: one attacking unit a face): no move may end so.
 */
export function enemyMeeting(c: CompiledLane, st: LaneState, u: number, b: Body, except: number): number {
  const enemies = c.sideUnits[1 - c.specs[u].side];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (e !== except && !st.removed[e] && inContact(b, st.body[e])) return e;
  }
  return NO_UNIT;
}

/**
 * u's contact with d's front face would meet another enemy front to front too (one standing level
 * with d across u's frontage): the front is not free to charge, as a flank face so placed is not.
 */
function frontPlaceMeetsOther(c: CompiledLane, st: LaneState, u: number, d: number): boolean {
  const a = st.body[u];
  const place = SCRATCH_BODY;
  place.facing = a.facing;
  place.frontage = a.frontage;
  place.depth = a.depth;
  place.offset = a.offset;
  place.front = pathLimit(a, 1, st.body[d]);
  return enemyMeeting(c, st, u, place, d) !== NO_UNIT;
}

/** Distance to a flank face of d: the gap to it and the scenario's detour (rulings 6), or Infinity. */
export function flankChargeDistance(c: CompiledLane, st: LaneState, u: number, d: number): number {
  const a = st.body[u];
  const b = st.body[d];
  if (!isInFront(a, b)) return Infinity;
  const place = flankPlacement(c, st, u, d, SCRATCH_BODY);
  if (!withinWidth(c.lane, place) || !placementFree(c, st, u, d, place)) return Infinity;
  return rangeGap(axialMin(a), axialMax(a), axialMin(b), axialMax(b)) + c.flankDetour;
}

/**
 * A face u may charge d on, and its distance: { face: 0 front, 1 flank, -1 none }. `distance` is the
 * movement the charge takes: the ground to cover plus PASSAGE_OF_LINES for each of the `passed`
 * friends a front charge goes through (aoe.friendInPath passage).
 */
export interface ChargeRoute {
  face: number;
  distance: number;
  passed: number;
}

/**
 * aoe.friendInPath passage: a front charge at d through the friends between (p1 movement notes:
 * passage of lines, 3" a unit penetrated; rulings 2: a charge is a move into contact). d is the first
 * enemy ahead of u that it overlaps laterally, with only friends nearer along the path; a friend
 * holding a village block lets only March Column through (p3 Built-up Areas); and where u would stand
 * in contact it stands on no friend's ground. Returns how many friends it passes through (at least
 * one), or -1 when there is no such charge (frontChargeDistance covers a path with no friend in it).
 */
function frontPassage(c: CompiledLane, st: LaneState, u: number, d: number): number {
  const a = st.body[u];
  const b = st.body[d];
  if (!overlapsLaterally(a, b) || !isInFront(a, b)) return -1;
  const side = c.specs[u].side;
  const reachAt = aheadOf(a, pathLimit(a, 1, b));
  const marching = st.formationOf(u) === 'marchColumn';
  let passed = 0;
  for (let k = 0; k < st.n; k++) {
    if (k === u || k === d || st.removed[k]) continue;
    const o = st.body[k];
    if (!overlapsLaterally(a, o) || !isInFront(a, o)) continue;
    if (aheadOf(a, pathLimit(a, 1, o)) >= reachAt - EPS) continue;
    if (c.specs[k].side !== side || (st.block[k] >= 0 && !marching)) return -1;
    passed++;
  }
  if (passed === 0) return -1;
  const place = SCRATCH_BODY;
  place.facing = a.facing;
  place.frontage = a.frontage;
  place.depth = a.depth;
  place.offset = a.offset;
  place.front = pathLimit(a, 1, b);
  return bodyOverlapping(c, st, place, side, u) >= 0 ? -1 : passed;
}

/**
 * The best free face of d for u: the front when it is free, in u's path and its contact would meet no
 * other enemy front to front, else a flank face while fewer than flankFaces are taken (p1 Special
 * Rules: one attacking unit a face; rulings 2, 6).
 */
export function chargeRoute(c: CompiledLane, st: LaneState, u: number, d: number, out: ChargeRoute): ChargeRoute {
  out.face = -1;
  out.distance = Infinity;
  out.passed = 0;
  if (st.removed[d] || c.specs[d].side === c.specs[u].side) return out;
  const taken = facesTaken(st, d, SCRATCH_FACES);
  if (taken[0] === 0) {
    let f = frontChargeDistance(st, u, d);
    let passed = 0;
    // Friends in the path: under aoe.friendInPath passage the charge goes through them at 3" each;
    // under short and share a friend in the path closes the front (this project's earlier play).
    if (f === Infinity && c.options.friendInPath === 'passage') {
      passed = frontPassage(c, st, u, d);
      if (passed > 0) f = Math.max(0, aheadOf(st.body[u], pathLimit(st.body[u], 1, st.body[d]))) + PASSAGE_OF_LINES * passed;
    }
    if (f < Infinity && !frontPlaceMeetsOther(c, st, u, d)) {
      out.face = 0;
      out.distance = f;
      out.passed = passed > 0 ? passed : 0;
      return out;
    }
  }
  if (taken[1] < c.flankFaces) {
    const f = flankChargeDistance(c, st, u, d);
    if (f < Infinity) {
      out.face = 1;
      out.distance = f;
    }
  }
  return out;
}

/** Put u in contact with d on the face: at d's edge in its path, or beside its flank. */
export function placeInContact(c: CompiledLane, st: LaneState, u: number, d: number, face: number): void {
  const a = st.body[u];
  if (face === 0) a.front = pathLimit(a, 1, st.body[d]);
  else flankPlacement(c, st, u, d, a);
  st.chargeTarget[u] = d;
  st.chargeFace[u] = face;
}

/** Attacker a still touches d on the face it charged (after either has moved). */
export function stillTouching(st: LaneState, a: number, d: number): boolean {
  const b = st.body[a];
  const o = st.body[d];
  return st.chargeFace[a] === 0 ? inContact(b, o) : lateralGap(b, o) <= EPS && axialOverlap(b, o) > EPS;
}

/** After u has moved: every contact it has lost (its own charge, charges at it) ends. */
export function dropLostContacts(st: LaneState, u: number): void {
  const t = st.chargeTarget[u];
  if (t !== NO_UNIT && !stillTouching(st, u, t)) {
    st.chargeTarget[u] = NO_UNIT;
    st.breakthrough[u] = 0;
  }
  for (let a = 0; a < st.n; a++) {
    if (st.chargeTarget[a] === u && !stillTouching(st, a, u)) {
      st.chargeTarget[a] = NO_UNIT;
      st.breakthrough[a] = 0;
    }
  }
}

/**
 * d is outflanked (p2 -3): an attacker on a flank face, and d neither in square nor in a village
 * block (faces every way; rulings 3.4: no outflanking in a BUA).
 */
export function outflanked(st: LaneState, d: number): boolean {
  if (allRound(st, d)) return false;
  for (let a = 0; a < st.n; a++) if (!st.removed[a] && st.chargeTarget[a] === d && st.chargeFace[a] === 1) return true;
  return false;
}

/** Friends of u (live, other than u) written into `out` (cleared), for flank questions. */
export function friendBodies(c: CompiledLane, st: LaneState, u: number, out: Body[]): Body[] {
  out.length = 0;
  const own = c.sideUnits[c.specs[u].side];
  for (let i = 0; i < own.length; i++) if (own[i] !== u && !st.removed[own[i]]) out.push(st.body[own[i]]);
  return out;
}

const SCRATCH_FRIENDS: Body[] = [];

/** p3 March Table - Secure Flanks: a friend within 3" of both flanks (or an anchored lane edge). */
export function hasSecureFlanks(c: CompiledLane, st: LaneState, u: number): boolean {
  return secureFlanks(st.body[u], friendBodies(c, st, u, SCRATCH_FRIENDS), c.lane, SECURE_FLANK_GAP) === 2;
}

/**
 * p1 Special Rules: a battery touching a friendly troop unit is attached to it (and a troop unit has
 * the batteries touching it): the first such partner of u, or NO_UNIT.
 */
export function attachedPartner(c: CompiledLane, st: LaneState, u: number): number {
  const s = c.specs[u];
  const own = c.sideUnits[s.side];
  const a = st.body[u];
  for (let i = 0; i < own.length; i++) {
    const k = own[i];
    if (k === u || st.removed[k]) continue;
    if ((s.arm === 'artillery') === (c.specs[k].arm === 'artillery')) continue;
    const o = st.body[k];
    if (lateralGap(a, o) <= EPS && axialOverlap(a, o) > EPS) return k;
  }
  return NO_UNIT;
}

/**
 * The defending side of a combat at d (p1 Special Rules: a battery touching troops is attached to
 * them; rulings 3.6: all units in contact with one defender fight one combat, an attached battery with
 * its unit): out[0] the troop unit (d, or the troops a defending battery d is attached to), out[1] the
 * battery or troops attached to it, or NO_UNIT. A partner making a charge of its own fights there.
 */
export function defendingPair(c: CompiledLane, st: LaneState, d: number, out: Int32Array): Int32Array {
  const k = attachedPartner(c, st, d);
  const partner = k !== NO_UNIT && st.chargeTarget[k] === NO_UNIT ? k : NO_UNIT;
  const batteryFirst = partner !== NO_UNIT && c.specs[d].arm === 'artillery';
  out[0] = batteryFirst ? partner : d;
  out[1] = batteryFirst ? d : partner;
  return out;
}

/** Some live unit is charging (in contact with) a unit of the pair. */
export function pairAttacked(st: LaneState, pair: Int32Array): boolean {
  for (let a = 0; a < st.n; a++) {
    if (st.removed[a]) continue;
    const t = st.chargeTarget[a];
    if (t !== NO_UNIT && (t === pair[0] || t === pair[1])) return true;
  }
  return false;
}

// ---- Terrain ----

/**
 * Cover of u where it stands (rulings 3.4, 6): its village block's, else woods it stands in; 0 in the
 * open. A village block covers only the unit that occupies it (p3 Built Up Areas: a unit within a
 * block occupies it and receives its combat benefits); a unit standing on its ground without holding
 * it (one that retreated over it) has none of it.
 */
export function coverOf(c: CompiledLane, st: LaneState, u: number): number {
  if (st.block[u] >= 0) return c.cover[st.block[u]];
  const b = st.body[u];
  let best = 0;
  for (let i = 0; i < c.terrain.length; i++) {
    const t = c.terrain[i];
    if (c.cover[i] <= best || t.from === t.to || t.kind === 'village') continue;
    if (rangeGap(t.from, t.to, axialMin(b), axialMax(b)) > 0 || Math.min(t.to, axialMax(b)) - Math.max(t.from, axialMin(b)) <= EPS) continue;
    if (Math.min(t.yMax ?? Infinity, lateralMax(b)) - Math.max(t.yMin ?? -Infinity, lateralMin(b)) <= EPS) continue;
    best = c.cover[i];
  }
  return best;
}

/** The unit holding village block k, or NO_UNIT. */
export function blockHolder(st: LaneState, k: number): number {
  for (let u = 0; u < st.n; u++) if (!st.removed[u] && st.block[u] === k) return u;
  return NO_UNIT;
}

/**
 * Some live unit other than `except` stands on block k's ground without holding it (a unit that
 * retreated or withdrew over it): the block is not vacant for another to enter (a reading of the lane).
 */
export function blockCrowded(c: CompiledLane, st: LaneState, k: number, except: number): boolean {
  const t = c.terrain[k];
  for (let v = 0; v < st.n; v++) {
    if (v === except || st.removed[v]) continue;
    const o = st.body[v];
    if (Math.min(t.to, axialMax(o)) - Math.max(t.from, axialMin(o)) > EPS && Math.min(t.yMax ?? Infinity, lateralMax(o)) - Math.max(t.yMin ?? -Infinity, lateralMin(o)) > EPS) return true;
  }
  return false;
}

/**
 * A unit occupies a village block (p1, p3 Built Up Areas): it fills the block, has no formation and
 * no facing of its own (its body keeps its facing for the lane's sake).
 */
export function enterBlock(c: CompiledLane, st: LaneState, u: number, k: number): void {
  st.block[u] = k;
  st.formation[u] = F_NONE;
  blockFootprint(c, k, st.body[u]);
}

/** The footprint of a unit in village block k, written into `out` (its facing kept): the whole block. */
function blockFootprint(c: CompiledLane, k: number, out: Body): Body {
  const t = c.terrain[k];
  out.front = out.facing > 0 ? t.to : t.from;
  out.depth = t.to - t.from;
  out.frontage = (t.yMax ?? c.lane.width / 2) - (t.yMin ?? -c.lane.width / 2);
  out.offset = ((t.yMax ?? c.lane.width / 2) + (t.yMin ?? -c.lane.width / 2)) / 2;
  return out;
}

/**
 * A live enemy of u (other than `except`) touches the outside edge of village block k, front to front or on a side: u
 * occupying the block would be in contact with it under aoe.blockEdge contact (p1 Built-up Areas:
 * contact with a unit in a block is at the block's outside edge), which only a charge makes (rulings 2).
 */
export function enemyAtBlockEdge(c: CompiledLane, st: LaneState, u: number, k: number, except = -1): boolean {
  SCRATCH_BODY.facing = st.body[u].facing;
  const b = blockFootprint(c, k, SCRATCH_BODY);
  const enemies = c.sideUnits[1 - c.specs[u].side];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e] || e === except) continue;
    const o = st.body[e];
    if (inContact(b, o) || (lateralGap(b, o) <= EPS && axialOverlap(b, o) > EPS)) return true;
  }
  return false;
}

/** x of the edge of village block k that a unit with body b moving ahead reaches first. */
export function blockNearEdge(c: CompiledLane, b: Body, k: number): number {
  const t = c.terrain[k];
  return b.facing > 0 ? t.from : t.to;
}

/** Under aoe.blockEdge contact, an enemy at a block's outside edge is in contact with its occupier. */
export function blockEdgeContact(rule: AoeOptions['blockEdge']): boolean {
  return rule === 'contact';
}

/**
 * A unit occupies a vacant block it enters (p1 Built-up Areas: automatically, its movement ending) or
 * takes after a combat; under aoe.buaEntry changedFormation that counts as changing formation (p2 +1
 * to be fired on this turn).
 */
export function occupyBlock(c: CompiledLane, st: LaneState, u: number, k: number): void {
  enterBlock(c, st, u, k);
  if (blockEntryChangesFormation(c.options.buaEntry)) st.changed[u] = 1;
}

/**
 * The first vacant village block u's move would enter within `reach` (p1 Built-up Areas: any stand
 * entering a vacant block occupies it and the move ends): ahead of its front, overlapping it laterally,
 * held by nobody, and short of the first enemy in its path by `standoff` at least (STANDOFF for an
 * advance, which stops short of an enemy; 0 for a charge, whose path ends in contact with its target):
 * a move does not pass through an enemy to reach a block. Its index, or -1.
 */
export function blockAhead(c: CompiledLane, st: LaneState, u: number, reach: number, standoff: number): number {
  const b = st.body[u];
  const lim = enemyLimit(c, st, u, 1);
  const room = Number.isNaN(lim) ? Infinity : aheadOf(b, lim);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < c.terrain.length; i++) {
    const t = c.terrain[i];
    if (t.kind !== 'village') continue;
    if (Math.min(t.yMax ?? Infinity, lateralMax(b)) - Math.max(t.yMin ?? -Infinity, lateralMin(b)) <= EPS) continue;
    const near = aheadOf(b, blockNearEdge(c, b, i));
    if (near < -EPS || near > reach + EPS || near >= bestD) continue;
    if (near + standoff > room + EPS || near >= room - EPS) continue;
    if (blockHolder(st, i) !== NO_UNIT || blockCrowded(c, st, i, u)) continue;
    best = i;
    bestD = near;
  }
  return best;
}

// ---- Moves along the axis ----

/** Terrain costs per movement row (p1 movement table): rough and woods x1/3 or the infantry reading; a stream's ford. */
export function terrainCosts(opts: Pick<AoeOptions, 'infantryRough'>): Readonly<Record<MoveRow, TerrainCost>> {
  const rows = Object.keys(MOVEMENT_TABLE) as MoveRow[];
  const out = {} as Record<MoveRow, TerrainCost>;
  for (const row of rows) {
    const rough = 1 / roughFactor(row, opts.infantryRough);
    const ford = MOVEMENT_TABLE[row].ford;
    out[row] = (kind) => (kind === 'woods' || kind === 'rough' ? rough : kind === 'stream' ? ford : 1);
  }
  return out;
}

/** Every kind free: retreats and recalls are distances, not moves through terrain (rulings 3.2). */
export const NO_COST: TerrainCost = (kind) => (kind === 'stream' ? 0 : 1);

const MOVE: MoveResult = newMoveResult();

/**
 * Move u forward by up to `budget` of its movement, stopping STANDOFF short of the first enemy in its
 * path (or in contact with `target` when charging). Returns the ground covered.
 */
export function advance(c: CompiledLane, st: LaneState, u: number, budget: number, cost: TerrainCost, stopAt: number): number {
  const b = st.body[u];
  const limit = enemyLimit(c, st, u, 1);
  let lim = Number.isNaN(limit) ? NaN : limit - b.facing * STANDOFF;
  if (!Number.isNaN(stopAt) && (Number.isNaN(lim) || (stopAt - lim) * b.facing < 0)) lim = stopAt;
  if (!Number.isNaN(lim) && aheadOf(b, lim) <= EPS) return 0;
  const r = moveBody(b, 1, budget, c.lane, c.terrain, cost, lim, MOVE);
  const moved = Math.abs(r.front - b.front);
  b.front = r.front;
  if (moved > EPS) st.aboutFaced[u] = 0;
  return moved;
}

/**
 * Where u's front would stand after a prolonge (p1 movement notes: a battery shifts up to 1" without
 * limbering; aoe.prolonge) of up to `distance` inches of its movement `way` (1 forward, -1 back), over
 * the ground at `cost`: going either way it stops STANDOFF short of the first enemy in its path (a
 * move, not a charge: rulings 2) and going back at its own table edge. The body is not moved.
 */
export function prolongeFront(c: CompiledLane, st: LaneState, u: number, way: 1 | -1, distance: number, cost: TerrainCost): number {
  const b = st.body[u];
  const limit = enemyLimit(c, st, u, way);
  const lim = Number.isNaN(limit) ? NaN : limit - way * b.facing * STANDOFF;
  return moveBody(b, way, distance, c.lane, c.terrain, cost, lim, MOVE).front;
}

/** x where u's leading edge meets the first enemy in its path going `way`, NaN if none. */
export function enemyLimit(c: CompiledLane, st: LaneState, u: number, way: 1 | -1): number {
  const b = st.body[u];
  const enemies = c.sideUnits[1 - c.specs[u].side];
  let best = NaN;
  let bestD = Infinity;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e]) continue;
    const o = st.body[e];
    if (!overlapsLaterally(b, o)) continue;
    const lead = way > 0 ? b.front : rear(b);
    const x = pathLimit(b, way, o);
    const d = (x - lead) * b.facing * way;
    if (d < -EPS) continue; // behind the leading edge
    if (d < bestD) {
      bestD = d;
      best = x;
    }
  }
  return best;
}

/**
 * Move u straight back `distance` inches, facing kept (a retreat facing the enemy), stopping at an
 * enemy behind it. Returns 'offLane' when it goes off the table edge with distance to spare (the unit
 * is then removed [gap], rulings 3.6), else 'ok'.
 */
export function fallBack(c: CompiledLane, st: LaneState, u: number, distance: number): 'ok' | 'offLane' {
  const b = st.body[u];
  const limit = enemyLimit(c, st, u, -1);
  const r = moveBody(b, -1, distance, c.lane, c.terrain, NO_COST, limit, MOVE);
  b.front = r.front;
  return r.stop === 'leftLane' ? 'offLane' : 'ok';
}

/**
 * How far a body can go straight back and stay on the table: the gap from its rear edge to its own
 * table edge. A withdrawal by choice is a move and stops there; only a forced retreat goes off the
 * edge and removes the unit (rulings 3.6 [gap] speaks of retreats).
 */
export function roomBehind(lane: Lane, b: Body): number {
  const room = (rear(b) - laneEndBehind(lane, b)) * b.facing;
  return room > 0 ? room : 0;
}

/** The movement row u moves on now (movement.ts moveRow), or null for a square or a unit in a block. */
export function rowOf(c: CompiledLane, st: LaneState, u: number): MoveRow | null {
  const s = c.specs[u];
  return moveRow(s.arm, st.formationOf(u), s.horse);
}

// ---- Friends in a move's path (aoe.friendInPath) ----

/**
 * The edge of friend body `o` that u meets going `way` (1 forward, -1 back): its rear-facing edge for
 * a unit coming from behind it, else its other edge.
 */
function friendNearEdge(b: Body, o: Body, way: 1 | -1): number {
  return b.facing * way > 0 ? axialMin(o) : axialMax(o);
}

const CROSSED: number[] = [];

/**
 * The friends of u that its move `way` from `start` (where its front stood) to where its body stands
 * now went into: overlapping it laterally, the edge it meets (friendNearEdge) at or beyond its leading
 * edge at `start` and short of its leading edge now. In path order, in CROSSED (a shared list).
 */
function friendsCrossed(c: CompiledLane, st: LaneState, u: number, start: number, way: 1 | -1): number[] {
  const b = st.body[u];
  const lead0 = way > 0 ? start : start - b.facing * b.depth;
  const lead1 = way > 0 ? b.front : rear(b);
  const s = b.facing * way;
  CROSSED.length = 0;
  const friends = c.sideUnits[c.specs[u].side];
  for (let i = 0; i < friends.length; i++) {
    const v = friends[i];
    if (v === u || st.removed[v]) continue;
    const o = st.body[v];
    if (!overlapsLaterally(b, o)) continue;
    const near = friendNearEdge(b, o, way);
    if ((near - lead0) * s >= -EPS && (lead1 - near) * s > EPS) CROSSED.push(v);
  }
  CROSSED.sort((x, y) => (friendNearEdge(b, st.body[x], way) - friendNearEdge(b, st.body[y], way)) * s);
  return CROSSED;
}

/**
 * u's move from where it stands: `way` 1 an advance (geometry's advance, up to `stopAt`), -1 a
 * withdrawal by choice (straight back, never past its own table edge), with `allowance` inches of
 * movement and at most `cap` inches of ground. Its path meets friends under aoe.friendInPath (p1
 * movement notes: passage of lines costs 3" a unit passed through; p1/p3 Built-up Areas: a block
 * holds one unit, closed but to friendly March Column passing through). Under `passage` the move goes
 * through the friends it crosses, its allowance less PASSAGE_OF_LINES for each, when that takes it
 * clear beyond them (a friend holding a village block lets only March Column through); otherwise it
 * passes as many of them as it can, k, and stops with its leading edge on the next one's near edge,
 * when that edge is within its allowance less PASSAGE_OF_LINES k and it stands there on no friend's
 * ground; k = 0, and always under `short`, is the first friend's near edge. `share` moves it as if the
 * friends were not there. A move that leaves it where it stood keeps its about-facing (only moving
 * ends it). Returns the friends passed through.
 */
export function moveAmongFriends(c: CompiledLane, st: LaneState, u: number, way: 1 | -1, allowance: number, cap: number, cost: TerrainCost, stopAt: number): number {
  const b = st.body[u];
  const start = b.front;
  const aboutFaced = st.aboutFaced[u];
  const passed = friendsPassed(c, st, u, way, allowance, cap, cost, stopAt);
  if (Math.abs(b.front - start) <= EPS) st.aboutFaced[u] = aboutFaced;
  return passed;
}

const MET: number[] = [];

/** moveAmongFriends's move: where u ends, and the friends it passed through. */
function friendsPassed(c: CompiledLane, st: LaneState, u: number, way: 1 | -1, allowance: number, cap: number, cost: TerrainCost, stopAt: number): number {
  const rule = c.options.friendInPath;
  const b = st.body[u];
  const start = b.front;
  if (way < 0) cap = Math.min(cap, roomBehind(c.lane, b));
  moveBy(c, st, u, way, Math.min(allowance, cap), cost, stopAt);
  if (rule === 'share') return 0;
  let crossed = friendsCrossed(c, st, u, start, way);
  if (crossed.length === 0) return 0;
  // Every friend the whole move met, in path order (CROSSED is reused below).
  MET.length = 0;
  for (let i = 0; i < crossed.length; i++) MET.push(crossed[i]);
  const marching = st.formationOf(u) === 'marchColumn';
  if (rule === 'passage') {
    let passed = crossed.length;
    for (let guard = 0; guard < c.specs.length; guard++) {
      if (!marching && crossed.some((v) => st.block[v] >= 0)) break;
      b.front = start;
      moveBy(c, st, u, way, Math.min(allowance - PASSAGE_OF_LINES * passed, cap), cost, stopAt);
      crossed = friendsCrossed(c, st, u, start, way);
      if (crossed.length === passed) {
        if (unitOverlapping(c, st, u, c.specs[u].side) < 0) return passed;
        break;
      }
      if (crossed.length === 0) break;
      passed = crossed.length;
    }
    // Not clear beyond them all: through the first k and up to the next one's near edge, the most
    // k that is within its allowance and leaves it on no friend's ground.
    // A friend holding a village block is passed in March Column only (p3 Built-up Areas).
    let most = MET.length - 1;
    for (let i = 0; i < most; i++) if (!marching && st.block[MET[i]] >= 0) most = i;
    const lead0 = way > 0 ? start : start - b.facing * b.depth;
    for (let k = most; k >= 1; k--) {
      const near = friendNearEdge(b, st.body[MET[k]], way);
      const budget = Math.min(allowance - PASSAGE_OF_LINES * k, cap);
      b.front = start;
      if (way > 0) moveBy(c, st, u, way, budget, cost, near);
      else if (Math.abs(near - lead0) <= budget + EPS) b.front = near + b.facing * b.depth;
      const lead = way > 0 ? b.front : rear(b);
      if (Math.abs(lead - near) > EPS) continue;
      if (friendsCrossed(c, st, u, start, way).length === k && unitOverlapping(c, st, u, c.specs[u].side) < 0) return k;
    }
  }
  // Short of the first friend: its leading edge on the friend's near edge.
  const near = friendNearEdge(b, st.body[MET[0]], way);
  b.front = way > 0 ? near : near + b.facing * b.depth;
  return 0;
}

/**
 * u's advance into vacant village block k ahead of it (blockAhead; p1 Built-up Areas: entering a
 * vacant block ends the move) meets friends on the way under aoe.friendInPath: they are settled first
 * (p1 movement notes: passage of lines, 3" a unit penetrated), as moveAmongFriends settles them for
 * an advance up to the block's near edge with `allowance` inches of movement and `cap` of ground. u may
 * enter when no friend stands on the way (or under `share`), or when that advance brings its front to
 * the block's near edge on no friend's ground: then it stands where it stood, its about-facing as it
 * was, and the caller puts it in the block. Otherwise it stands where that advance left it (`false`).
 */
export function friendsBeforeBlock(c: CompiledLane, st: LaneState, u: number, k: number, allowance: number, cap: number, cost: TerrainCost): boolean {
  if (c.options.friendInPath === 'share') return true;
  const b = st.body[u];
  const start = b.front;
  const edge = blockNearEdge(c, b, k);
  b.front = edge;
  const met = friendsCrossed(c, st, u, start, 1).length;
  b.front = start;
  if (met === 0) return true;
  const aboutFaced = st.aboutFaced[u];
  moveAmongFriends(c, st, u, 1, allowance, cap, cost, edge);
  if (Math.abs(b.front - edge) > EPS || unitOverlapping(c, st, u, c.specs[u].side) >= 0) return false;
  b.front = start;
  st.aboutFaced[u] = aboutFaced;
  return true;
}

/**
 * u's body, moved forward from front `start` to where it stands, ends on a friend's ground: it goes
 * back to where its front meets the first friend it crossed, or to `start` if that leaves it on a
 * friend's ground still (or it crossed none).
 */
export function shortOfFriends(c: CompiledLane, st: LaneState, u: number, start: number): void {
  const b = st.body[u];
  const crossed = friendsCrossed(c, st, u, start, 1);
  b.front = crossed.length ? friendNearEdge(b, st.body[crossed[0]], 1) : start;
  if (unitOverlapping(c, st, u, c.specs[u].side) >= 0) b.front = start;
}

function moveBy(c: CompiledLane, st: LaneState, u: number, way: 1 | -1, distance: number, cost: TerrainCost, stopAt: number): void {
  if (distance <= 0) return;
  if (way > 0) advance(c, st, u, distance, cost, stopAt);
  else fallBack(c, st, u, distance);
}

/** The first live unit of `side` (u apart) whose footprint overlaps u's, or -1. */
export function unitOverlapping(c: CompiledLane, st: LaneState, u: number, side: number): number {
  return bodyOverlapping(c, st, st.body[u], side, u);
}

/** The first live unit of `side` (`except` apart) whose footprint overlaps body b, or -1. */
function bodyOverlapping(c: CompiledLane, st: LaneState, b: Body, side: number, except: number): number {
  const units = c.sideUnits[side];
  for (let i = 0; i < units.length; i++) {
    const v = units[i];
    if (v !== except && !st.removed[v] && axialOverlap(b, st.body[v]) > EPS && lateralOverlap(b, st.body[v]) > EPS) return v;
  }
  return -1;
}

// ---- Room for a formation change (aoe.formationRoom) ----

/**
 * u takes formation `f` (p1 movement notes: a change costs half a move) if there is room: the new
 * footprint on the old front edge, about the old centre (its offset held on the lane). On an enemy or
 * off the lane the change is not made; on a friend's ground aoe.formationRoom decides (p1/p3 Built-up
 * Areas: one unit to a block): `aside` shifts it sideways the least that clears every friend, still
 * covering the old centre, on the lane and off enemies, else no change; `refuse` makes no change;
 * `share` leaves it there. Returns whether the change was made; when not, u is as it was.
 */
export function placeFormation(c: CompiledLane, st: LaneState, u: number, f: Formation): boolean {
  const from = st.formationOf(u);
  const b = st.body[u];
  const frontage = b.frontage;
  const depth = b.depth;
  const centre = b.offset;
  const side = c.specs[u].side;
  st.setFormation(u, f, c.lane.width);
  let ok = unitOverlapping(c, st, u, 1 - side) < 0 && onLane(c.lane, b);
  const rule = c.options.formationRoom;
  if (ok && rule !== 'share' && unitOverlapping(c, st, u, side) >= 0) ok = rule === 'aside' && standAside(c, st, u, centre);
  if (!ok) restoreFormation(st, u, from, frontage, depth, centre);
  return ok;
}

/** u back in formation `from` with the footprint it had (a change undone). */
function restoreFormation(st: LaneState, u: number, from: Formation, frontage: number, depth: number, offset: number): void {
  const b = st.body[u];
  st.setFormation(u, from);
  b.frontage = frontage;
  b.depth = depth;
  b.offset = offset;
}

/**
 * u, just formed where it stands (out of a village block), on a friend's ground: aoe.formationRoom
 * decides as for a formation change (placeFormation): `aside` shifts it sideways the least that clears
 * every friend still covering its centre (on the lane, off enemies), `refuse` and an aside with no such
 * place leave no room, `share` stands it there. Returns whether it has room; when not, u is as it was.
 */
export function roomAmongFriends(c: CompiledLane, st: LaneState, u: number): boolean {
  const rule = c.options.formationRoom;
  if (rule === 'share' || unitOverlapping(c, st, u, c.specs[u].side) < 0) return true;
  return rule === 'aside' && standAside(c, st, u, st.body[u].offset);
}

/** Whether u could take formation `f` now (placeFormation), leaving it as it is. */
export function roomForFormation(c: CompiledLane, st: LaneState, u: number, f: Formation): boolean {
  const from = st.formationOf(u);
  if (from === f) return true;
  const b = st.body[u];
  const frontage = b.frontage;
  const depth = b.depth;
  const offset = b.offset;
  const ok = placeFormation(c, st, u, f);
  if (ok) restoreFormation(st, u, from, frontage, depth, offset);
  return ok;
}

/**
 * aoe.formationRoom aside: u's new footprint, standing on a friend, shifted to the nearest offset
 * that puts one of its lateral edges on a friend's edge and leaves it clear of friends and enemies, on
 * the lane and within its width, its frontage still covering `centre` (ties: the offset nearer the lane's middle, then the
 * lower). Returns false, u's offset unchanged, when there is none.
 */
function standAside(c: CompiledLane, st: LaneState, u: number, centre: number): boolean {
  const b = st.body[u];
  const at = b.offset;
  const half = b.frontage / 2;
  const side = c.specs[u].side;
  const friends = c.sideUnits[side];
  let best = NaN;
  for (let i = 0; i < 2 * friends.length; i++) {
    const v = friends[i >> 1];
    if (v === u || st.removed[v]) continue;
    const o = st.body[v];
    const off = i & 1 ? lateralMax(o) + half : lateralMin(o) - half;
    if (Math.abs(off - centre) > half + EPS) continue;
    b.offset = off;
    const clear = onLane(c.lane, b) && withinWidth(c.lane, b) && unitOverlapping(c, st, u, side) < 0 && unitOverlapping(c, st, u, 1 - side) < 0;
    b.offset = at;
    if (!clear) continue;
    if (Number.isNaN(best)) best = off;
    else {
      const d = Math.abs(off - at) - Math.abs(best - at);
      if (d < -EPS || (d <= EPS && (Math.abs(off) < Math.abs(best) - EPS || (Math.abs(off) <= Math.abs(best) + EPS && off < best)))) best = off;
    }
  }
  if (Number.isNaN(best)) return false;
  b.offset = best;
  return true;
}
