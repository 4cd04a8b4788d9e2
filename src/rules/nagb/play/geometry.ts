/**
 * Questions the play loop asks of the lane, through src/table: what stands in a unit's path and how
 * far, distances between units and to commanders and the objective, who could charge whom, the terrain
 * a move crosses, cover, and village sector edges. Bodies of removed units are parked far off the lane
 * (PARKED) so that no question of the table ever meets them.
 */
import {
  type Body,
  EPS,
  axialMax,
  axialMin,
  frontGap,
  frontEdgeDistance,
  frontIn,
  fractionIn,
  frontWithinArc,
  hypot2,
  rangeOverlap,
  lateralMax,
  lateralMin,
  onLane,
  rangeGap,
  segmentCrosses,
  terrainMet,
  withinWidth,
} from '../../../table/index.js';
import { artilleryHitNeeded, canisterAtChargers } from '../artillery.js';
import { cavalryChargesOver, chargeBase, chargeDice, chargeReach, terrainDisorderTest } from '../movement.js';
import { type Cover, type TerrainTest, terrainCover } from '../tables.js';
import { roomBeforeSector, sectorCover } from '../village.js';
import { figureWidth, unitFootprint } from '../units.js';
import { BROKEN, type Game, type LaneFormation, type Unit } from './state.js';

/** Lateral position of removed units' bodies: no query of the lane meets them. */
export const PARKED = 1e9;

/** p10: an arc of 45 degrees to either side of each figure; p20: 22.5 degrees for guns. */
export const MUSKET_ARC = 1;
export const GUN_ARC = Math.tan(Math.PI / 8);

/** Nearest distance between two footprints (0 when they touch or overlap). */
export function bodyGap(a: Body, b: Body): number {
  const dx = rangeGap(axialMin(a), axialMax(a), axialMin(b), axialMax(b));
  const dy = rangeGap(lateralMin(a), lateralMax(a), lateralMin(b), lateralMax(b));
  return dx === 0 ? dy : dy === 0 ? dx : hypot2(dx, dy);
}

/** The unit first in u's path forward (any side), or -1. Cached until a body changes. */
export function firstAhead(g: Game, u: Unit): number {
  const i = u.spec.index;
  if (g.aheadEpoch[i] === g.epoch) return g.aheadCache[i];
  const k = firstAheadExcept(g, u, -1);
  g.aheadEpoch[i] = g.epoch;
  g.aheadCache[i] = k;
  return k;
}

/**
 * firstInPath(u.body, 1, g.bodies) over the kept extents: the unit first in u's path forward other than
 * unit `skip` (one it rides through, p23; -1 leaves none out), or -1.
 */
export function firstAheadExcept(g: Game, u: Unit, skip: number): number {
  return firstAlong(g, u.spec.index, u.body.facing, u.body.front, skip);
}

/** firstInPath(u.body, -1, g.bodies): the unit first in u's path backward (any side), over the kept extents. */
export function firstBehind(g: Game, u: Unit): number {
  const b = u.body;
  return firstAlong(g, u.spec.index, -b.facing, b.front - b.facing * b.depth, -1);
}

/**
 * The unit whose extent, overlapping unit `self`'s laterally by more than EPS, is nearest ahead of
 * `lead` going `dir` along the axis (any side, unit `skip` left out), or -1.
 */
function firstAlong(g: Game, self: number, dir: number, lead: number, skip: number): number {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  const ext = g.ext;
  const y0 = ext[4 * self + 2];
  const y1 = ext[4 * self + 3];
  const n = g.units.length;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < n; i++) {
    if (i === self || i === skip) continue;
    const k = 4 * i;
    const oy0 = ext[k + 2];
    const oy1 = ext[k + 3];
    if (!((y1 < oy1 ? y1 : oy1) - (y0 > oy0 ? y0 : oy0) > eps)) continue;
    const far = ((dir > 0 ? ext[k + 1] : ext[k]) - lead) * dir;
    if (far <= eps) continue;
    const near = ((dir > 0 ? ext[k] : ext[k + 1]) - lead) * dir;
    if (near < bestD) {
      bestD = near;
      best = i;
    }
  }
  return best;
}

/** Axial gap from u's front to the body first in its path (Infinity when none). */
export function gapTo(u: Unit, o: Unit): number {
  return frontGap(u.body, o.body);
}

/** The enemy first in u's path forward (-1 if none, or a friend stands first). */
export function enemyAhead(g: Game, u: Unit): number {
  const k = firstAhead(g, u);
  return k >= 0 && g.units[k].side !== u.side ? k : -1;
}

/** The nearest active enemy, by footprint distance (-1 if none). */
export function nearestEnemy(g: Game, u: Unit): number {
  let best = -1;
  let bd = Infinity;
  for (const e of g.units) {
    if (e.side === u.side || e.removed) continue;
    const d = bodyGap(u.body, e.body);
    if (d < bd) {
      bd = d;
      best = e.spec.index;
    }
  }
  return best;
}

/**
 * bodyGap(a, b) for an `a` whose extents are given (axial xa0..xa1, lateral ya0..ya1): the same
 * arithmetic, for loops that measure one body against many.
 */
export function gapFrom(xa0: number, xa1: number, ya0: number, ya1: number, b: Body): number {
  const bx0 = b.facing > 0 ? b.front - b.depth : b.front;
  const bx1 = b.facing > 0 ? b.front : b.front + b.depth;
  const half = b.frontage / 2;
  const by0 = b.offset - half;
  const by1 = b.offset + half;
  let dx = Math.max(xa0, bx0) - Math.min(xa1, bx1);
  if (!(dx > 0)) dx = 0;
  let dy = Math.max(ya0, by0) - Math.min(ya1, by1);
  if (!(dy > 0)) dy = 0;
  return dx === 0 ? dy : dy === 0 ? dx : hypot2(dx, dy);
}

/**
 * Distance from u to the nearest unremoved enemy (Infinity if none): any (0), foot and horse (1), or
 * formed cavalry (2). Cached until u's own body or an enemy's changes (and, for cavalry, anyone's state).
 */
export function nearestEnemyDistance(g: Game, u: Unit, armFilter: 0 | 1 | 2 = 0): number {
  // (Kept small, to be inlined at its many calls.) No formed cavalry to fear when the enemy has none at all.
  if (armFilter === 2 && g.sideCavalry[1 - u.side].length === 0) return Infinity;
  const i = u.spec.index;
  const k = armFilter * g.units.length + i;
  if (g.nearUnit[k] !== g.unitEpoch[i] || g.nearEnemy[k] !== g.sideEpoch[1 - u.side] || (armFilter === 2 && g.nearState[k] !== g.stateEpoch)) scanNearest(g, u, armFilter, k);
  return g.nearCache[k];
}

/**
 * nearestEnemyDistance's scan, into its cache slot k (it returns nothing: a double returned from a
 * call that is not inlined is boxed, and the small check above inlines where the scan does not).
 */
function scanNearest(g: Game, u: Unit, armFilter: 0 | 1 | 2, k: number): void {
  const enemy = 1 - u.side;
  const i = u.spec.index;
  const list = g.idxLists[2 * armFilter + enemy];
  const gone = g.gone;
  let bd = Infinity;
  if (list.length > 0) {
    const ext = g.ext;
    const ka = 4 * i;
    const xa0 = ext[ka];
    const xa1 = ext[ka + 1];
    const ya0 = ext[ka + 2];
    const ya1 = ext[ka + 3];
    for (let j = 0; j < list.length; j++) {
      const ei = list[j];
      if (gone[ei]) continue;
      if (armFilter === 2 && (g.units[ei].state === BROKEN || g.units[ei].blown)) continue;
      // gapFrom, its hypot only when it could be the nearest (it is never below either leg).
      const kb = 4 * ei;
      const bx0 = ext[kb];
      const bx1 = ext[kb + 1];
      const by0 = ext[kb + 2];
      const by1 = ext[kb + 3];
      let dx = (xa0 > bx0 ? xa0 : bx0) - (xa1 < bx1 ? xa1 : bx1);
      if (!(dx > 0)) dx = 0;
      let dy = (ya0 > by0 ? ya0 : by0) - (ya1 < by1 ? ya1 : by1);
      if (!(dy > 0)) dy = 0;
      if (dx === 0) {
        if (dy < bd) bd = dy;
      } else if (dy === 0) {
        if (dx < bd) bd = dx;
      } else if ((dx > dy ? dx : dy) < bd) {
        const d = hypot2(dx, dy);
        if (d < bd) bd = d;
      }
    }
  }
  g.nearUnit[k] = g.unitEpoch[i];
  g.nearEnemy[k] = g.sideEpoch[enemy];
  g.nearState[k] = g.stateEpoch;
  g.nearCache[k] = bd;
}

/**
 * p23: how far u must go straight back to stand more than `safe` inches from every unremoved enemy
 * (by footprint distance, as nearestEnemyDistance; 0 when it does). Enemies behind u are left out: going
 * back brings it no farther from them.
 */
export function backToSafety(g: Game, u: Unit, safe: number): number {
  const ext = g.ext;
  const ka = 4 * u.spec.index;
  const x0 = ext[ka];
  const x1 = ext[ka + 1];
  const y0 = ext[ka + 2];
  const y1 = ext[ka + 3];
  const facing = u.body.facing;
  let need = 0;
  for (const e of g.units) {
    if (e.side === u.side || e.removed) continue;
    const kb = 4 * e.spec.index;
    let dy = (y0 > ext[kb + 2] ? y0 : ext[kb + 2]) - (y1 < ext[kb + 3] ? y1 : ext[kb + 3]);
    if (!(dy > 0)) dy = 0;
    if (dy > safe) continue;
    // Wholly behind u's rear: left out. Else the gap from u's front to e's near edge (negative while
    // they overlap along the lane) must grow past what keeps the footprints `safe` apart.
    if ((facing > 0 ? x0 - ext[kb + 1] : ext[kb] - x1) >= 0) continue;
    const ahead = facing > 0 ? ext[kb] - x1 : x0 - ext[kb + 1];
    const d = Math.sqrt(safe * safe - dy * dy) + 0.01 - ahead;
    if (d > need) need = d;
  }
  return need;
}

/** Room behind u before its rear reaches the lane's end (its own table edge). */
export function roomBehind(g: Game, u: Unit): number {
  const b = u.body;
  return b.facing > 0 ? b.front - b.depth - g.c.lane.xMin : g.c.lane.xMax - (b.front + b.depth);
}

/** How far u can go straight back before its rear meets the first unit behind it, or its own table edge (roomBehind). */
export function roomBehindClear(g: Game, u: Unit): number {
  const room = roomBehind(g, u);
  const k = firstBehind(g, u);
  if (k < 0) return room;
  const b = u.body;
  const gap = b.facing > 0 ? b.front - b.depth - g.ext[4 * k + 1] : g.ext[4 * k] - (b.front + b.depth);
  return gap < room ? (gap > 0 ? gap : 0) : room;
}

/** Distance from a brigade's commander to a unit's footprint. */
export function commanderDistance(g: Game, brigade: number, u: Unit): number {
  return pointToExtents(g, u, g.cmdX[brigade], g.cmdY[brigade]);
}

/** Distance from the objective to a unit's footprint. */
export function objectiveDistance(g: Game, u: Unit): number {
  return pointToExtents(g, u, g.c.objective.x, g.c.objective.y);
}

/** pointToBody(u.body, x, y) over the kept extents (the same arithmetic). */
function pointToExtents(g: Game, u: Unit, x: number, y: number): number {
  const ext = g.ext;
  const k = 4 * u.spec.index;
  let dx = (x > ext[k] ? x : ext[k]) - (x < ext[k + 1] ? x : ext[k + 1]);
  if (!(dx > 0)) dx = 0;
  let dy = (y > ext[k + 2] ? y : ext[k + 2]) - (y < ext[k + 3] ? y : ext[k + 3]);
  if (!(dy > 0)) dy = 0;
  return dx === 0 ? dy : dy === 0 ? dx : hypot2(dx, dy);
}

/** Figures of f's front rank with t inside their half-arc (p10, p20). */
export function figuresInArc(f: Unit, t: Unit, front: number, slope: number): number {
  const w = frontWithinArc(f.body, t.body, slope);
  if (!(w > EPS)) return 0;
  const per = f.spec.arm === 'artillery' ? f.body.frontage / Math.max(1, front) : figureWidth(f.spec.arm);
  const n = Math.ceil(w / per - 1e-6);
  return n < front ? n : front;
}

/**
 * Another body (friend or enemy) stands across f's line of fire at t. Artillery (p20: a straight line
 * from the gun to the target's front-rank centre) and, under nagb.lineOfFire centreLine, small arms:
 * the segment from the centre of f's front edge to the centre of t's front edge (centreLineBlocked).
 * Small arms under strip: the corridor between the two footprints (stripBlocked).
 */
export function lineOfFireBlocked(g: Game, f: Unit, t: Unit): boolean {
  if (f.spec.arm === 'artillery' || g.c.options.lineOfFire === 'centreLine') return centreLineBlocked(g, f, t);
  return stripBlocked(g, f, t);
}

/**
 * p20: another unit's footprint crosses the straight segment from the centre of f's front edge (a
 * battery's guns, which declare one target and fire together, p19, measured from their middle) to the
 * centre of t's front rank (its front edge); running along an edge or touching a corner does not count
 * (segmentCrosses). The lane has no contours, so no fire passes over a unit (howitzers' overhead shell
 * is fire.ts's overheadTarget).
 */
export function centreLineBlocked(g: Game, f: Unit, t: Unit): boolean {
  const a = f.body;
  const b = t.body;
  const x0 = a.front;
  const y0 = a.offset;
  const x1 = b.front;
  const y1 = b.offset;
  const lx0 = x0 < x1 ? x0 : x1;
  const lx1 = x0 < x1 ? x1 : x0;
  const ly0 = y0 < y1 ? y0 : y1;
  const ly1 = y0 < y1 ? y1 : y0;
  const ext = g.ext;
  const gone = g.gone;
  const fi = f.spec.index;
  const ti = t.spec.index;
  // p20: a battery may shoot through enemy skirmishers at a target beyond them.
  const throughSkirmishers = f.spec.arm === 'artillery';
  for (let i = 0; i < gone.length; i++) {
    if (i === fi || i === ti || gone[i]) continue;
    const k = 4 * i;
    // Boxes apart (the common case): no crossing, answered from the footprint extents.
    if (ext[k] >= lx1 || ext[k + 1] <= lx0 || ext[k + 2] >= ly1 || ext[k + 3] <= ly0) continue;
    const o = g.units[i];
    if (throughSkirmishers && o.side !== f.side && o.formation === 'skirmish') continue;
    if (segmentCrosses(x0, y0, x1, y1, o.body)) return true;
  }
  return false;
}

/**
 * Another body (friend or enemy) stands between f and t, blocking the line of fire: isBetween(f, t, o)
 * for every other unit on the table, the corridor between f and t found once (nagb.lineOfFire strip,
 * small arms).
 */
function stripBlocked(g: Game, f: Unit, t: Unit): boolean {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  const ext = g.ext;
  const a = f.body;
  const b = t.body;
  const x0 = Math.min(a.front, b.front);
  const x1 = Math.max(a.front, b.front);
  const ka = 4 * f.spec.index;
  const kb = 4 * t.spec.index;
  let y0 = Math.max(ext[ka + 2], ext[kb + 2]);
  let y1 = Math.min(ext[ka + 3], ext[kb + 3]);
  if (y0 > y1) {
    const s = y0;
    y0 = y1;
    y1 = s;
  }
  // A corridor of no width (edge to edge) is crossed only by a body straddling it.
  const narrow = y1 - y0 <= eps;
  const gone = g.gone;
  const fi = f.spec.index;
  const ti = t.spec.index;
  for (let i = 0; i < gone.length; i++) {
    if (i === fi || i === ti || gone[i]) continue;
    const k = 4 * i;
    const cx0 = ext[k];
    const cx1 = ext[k + 1];
    if (!((x1 < cx1 ? x1 : cx1) - (x0 > cx0 ? x0 : cx0) > eps)) continue;
    const cy0 = ext[k + 2];
    const cy1 = ext[k + 3];
    if (narrow ? cy0 < y0 - eps && cy1 > y1 + eps : (y1 < cy1 ? y1 : cy1) - (y0 > cy0 ? y0 : cy0) > eps) return true;
  }
  return false;
}

/**
 * p10: any friend of f within `within` inches straight ahead (the volley fire zone): a friend whose
 * ground overlaps f's frontage and begins within `within` of its front, whether or not another unit (an
 * enemy, say) stands nearer; over the kept extents.
 */
export function friendAheadWithin(g: Game, f: Unit, within: number): boolean {
  const eps = EPS;
  const ext = g.ext;
  const gone = g.gone;
  const self = f.spec.index;
  const dir = f.body.facing;
  const lead = f.body.front;
  const y0 = ext[4 * self + 2];
  const y1 = ext[4 * self + 3];
  const side = f.side;
  const units = g.units;
  for (let i = 0; i < gone.length; i++) {
    if (i === self || gone[i] || units[i].side !== side) continue;
    const k = 4 * i;
    if (!((y1 < ext[k + 3] ? y1 : ext[k + 3]) - (y0 > ext[k + 2] ? y0 : ext[k + 2]) > eps)) continue;
    // Ahead (its far edge beyond f's front, as firstAhead's) and its near edge within reach.
    if (!(((dir > 0 ? ext[k + 1] : ext[k]) - lead) * dir > eps)) continue;
    if (((dir > 0 ? ext[k] : ext[k + 1]) - lead) * dir <= within + eps) return true;
  }
  return false;
}

/** The cover of a target (p10, p31): its village sector's (nagb.villageCover), or the terrain its front is in. */
export function coverOf(g: Game, t: Unit): Cover {
  if (t.sector >= 0) return sectorCover(g.collapsed[t.sector] === 1, g.c.options);
  let best: Cover = 'none';
  const c = g.c;
  for (let i = 0; i < c.terrain.length; i++) {
    if (c.terrainKinds[i] === 'village' || !frontIn(t.body, c.terrain[i])) continue;
    const cv = terrainCover(c.terrainKinds[i], c.options);
    if (cv === 'hard' || (cv === 'soft' && best === 'none')) best = cv;
  }
  return best;
}

/** Whether t defends a hedge, fence, wall or ditch line (p14, p32: simultaneous strikes, no cavalry charges). */
export function defendsObstacle(g: Game, t: Unit): boolean {
  const c = g.c;
  for (let i = 0; i < c.terrain.length; i++) {
    const k = c.terrainKinds[i];
    if ((k === 'hedge' || k === 'fence' || k === 'wall' || k === 'ditch') && frontIn(t.body, c.terrain[i])) return true;
  }
  return false;
}

/** Worst of two terrain tests: 'auto' over any number, a lower number over a higher. */
export function worseTest(a: TerrainTest, b: TerrainTest): TerrainTest {
  if (a === 'closed' || b === 'closed') return 'closed';
  if (a === 'auto' || b === 'auto') return 'auto';
  if (a === 'none') return b;
  if (b === 'none') return a;
  return Math.min(a, b);
}

/**
 * The terrain test of a move of u's front from x1 to x2 at a pace (p6, p22): the worst over every
 * interval the moving front met. Cavalry reads 'normal' as a canter and 'slow' as a walk, or takes its
 * own pace (cavalryPaceFor).
 */
export function moveTerrainTest(g: Game, u: Unit, x1: number, x2: number, pace: 'normal' | 'slow' | 'charge' | 'walk' | 'trot' | 'canter'): TerrainTest {
  const c = g.c;
  const met = g.scratch;
  terrainMet(c.terrain, x1, x2, lateralMin(u.body), lateralMax(u.body), met);
  let t: TerrainTest = 'none';
  const cavPace = pace === 'normal' ? 'canter' : pace === 'slow' ? 'walk' : pace;
  for (const i of met) {
    const kind = c.terrainKinds[i];
    const f = u.formation === 'battery' ? 'line' : u.formation;
    const one = terrainDisorderTest(u.spec.arm, f, u.spec.arm === 'cavalry' ? cavPace : pace, kind, false, c.options);
    t = worseTest(t, one);
  }
  return t;
}

/**
 * p22, p30, p32: cavalry may not charge across obstacles or slopes, into or out of difficult terrain
 * (any area not clear: rough, woods, villages; cavalryChargesOver), nor at units behind a hedge, fence
 * or wall. Into or out of: the path crosses such ground, or the charger or the target stands in it
 * (half of a unit or more, p30).
 */
export function cavalryChargeBlocked(g: Game, u: Unit, t: Unit): boolean {
  if (u.spec.arm !== 'cavalry') return false;
  if (t.sector >= 0 || defendsObstacle(g, t)) return true;
  const c = g.c;
  const met = g.scratch;
  terrainMet(c.terrain, u.body.front, t.body.front, lateralMin(u.body), lateralMax(u.body), met);
  for (const i of met) if (!cavalryChargesOver(c.terrainKinds[i])) return true;
  for (let i = 0; i < c.terrain.length; i++) {
    if (cavalryChargesOver(c.terrainKinds[i])) continue;
    if (fractionIn(u.body, c.terrain[i]) >= 0.5 || fractionIn(t.body, c.terrain[i]) >= 0.5) return true;
  }
  return false;
}

/** The charge base and greatest reach of a unit now (p6, p12, p22). */
export function chargeReachOf(g: Game, u: Unit): number {
  // Kept per unit for the formation it was last found for (never a battery's: reachNow gives it 0).
  const i = u.spec.index;
  return g.reachForm[i] === u.formation ? g.reach[i] : reachNow(g, u);
}

function reachNow(g: Game, u: Unit): number {
  if (u.formation === 'battery') return 0;
  const i = u.spec.index;
  const r = chargeReach(chargeBase(u.spec.arm, u.formation, g.c.options), chargeDice(u.spec.arm));
  g.reachForm[i] = u.formation;
  g.reach[i] = r;
  return r;
}

/** The charge base (before its dice) of a unit now. */
export function chargeBaseOf(g: Game, u: Unit): number {
  if (u.formation === 'battery') return 0;
  return chargeBase(u.spec.arm, u.formation, g.c.options);
}

/**
 * p30-31: u may not charge from where it stands: out of the village sector it holds, or off a sector's
 * ground it stands on (half of it or more) without holding it.
 */
export function sectorBarsCharge(g: Game, u: Unit): boolean {
  return u.sector >= 0 || (g.c.villages.length > 0 && onSectorGround(g, u));
}

/**
 * p30-31: a charge of u at t would cross a village sector other than t's (the one t holds or stands
 * on): its path meets such a sector's near edge short of t's front. Entering a sector is an order of
 * its own (p30), so no charge goes across or into one but its target's.
 */
export function chargeCrossesSector(g: Game, u: Unit, t: Unit): boolean {
  const c = g.c;
  if (c.villages.length === 0) return false;
  const b = u.body;
  const k = 4 * u.spec.index;
  const room = roomBeforeSector(c.terrain, c.villages, targetSector(g, t), b.front, b.facing, g.ext[k + 2], g.ext[k + 3]);
  return room !== Infinity && (t.body.front - (b.front + b.facing * room)) * b.facing > EPS;
}

/**
 * An enemy could charge u next, as chargeTarget would let it: an active enemy foot or horse unit in
 * good order (infantry not against cavalry), free to charge from where it stands (sectorBarsCharge),
 * with u first in its path and within its charge reach, its path crossing no other village sector
 * (chargeCrossesSector) and, for cavalry, no ground barred to its charges (cavalryChargeBlocked).
 */
export function chargeThreat(g: Game, u: Unit, extraReach = 0): boolean {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  const side = 1 - u.side;
  if (g.threatEpoch[side] !== g.epoch || g.threatState[side] !== g.stateEpoch) threatFacts(g, side);
  const ui = u.spec.index;
  const uCavalry = u.spec.arm === 'cavalry';
  const front = u.body.front;
  const k0 = side * g.units.length;
  const n = g.threatN[side];
  for (let k = k0; k < k0 + n; k++) {
    if (g.threatTarget[k] !== ui || (uCavalry && g.threatInfantry[k] === 1)) continue;
    const gap = (front - g.threatFront[k]) * g.threatFacing[k];
    if (gap < -eps || gap > g.threatReach[k] + extraReach + eps) continue;
    // p22, p30-31: the bars of play's chargeTarget that depend on the pair (terrain only).
    const e = g.units[g.threatUnit[k]];
    if (chargeCrossesSector(g, e, u) || cavalryChargeBlocked(g, e, u)) continue;
    return true;
  }
  return false;
}

/**
 * chargeThreat's facts about the side's foot and horse that could charge now (active, in good order,
 * infantry not in march column or square): the body first in each one's path, its front, facing and
 * charge reach. Kept until a body or a morale state changes (the epochs are exact: every change of a
 * body bumps them).
 */
function threatFacts(g: Game, side: number): void {
  const list = g.sideFootHorse[side];
  let k = side * g.units.length;
  for (let j = 0; j < list.length; j++) {
    const e = list[j];
    if (!e.active || e.disordered || sectorBarsCharge(g, e)) continue;
    const infantry = e.spec.arm === 'infantry';
    if (infantry && (e.formation === 'marchColumn' || e.formation === 'square')) continue;
    g.threatUnit[k] = e.spec.index;
    g.threatTarget[k] = firstAhead(g, e);
    g.threatInfantry[k] = infantry ? 1 : 0;
    g.threatFront[k] = e.body.front;
    g.threatFacing[k] = e.body.facing;
    g.threatReach[k] = chargeReachOf(g, e);
    k++;
  }
  g.threatN[side] = k - side * g.units.length;
  g.threatEpoch[side] = g.epoch;
  g.threatState[side] = g.stateEpoch;
}

/** p30: u's footprint stands, half of it or more, on a village sector's ground. */
export function onSectorGround(g: Game, u: Unit): boolean {
  return sectorGroundOf(g, u) >= 0;
}

/** p30: the village sector (a terrain index) whose ground u's footprint stands on, half of it or more, or -1. */
export function sectorGroundOf(g: Game, u: Unit): number {
  const c = g.c;
  for (let j = 0; j < c.villages.length; j++) if (fractionIn(u.body, c.terrain[c.villages[j]]) >= 0.5) return c.villages[j];
  return -1;
}

/**
 * The village sector a charge at t may cross to reach it (p30-31): the one t holds, or else the one
 * whose ground it stands on, half of it or more (a fugitive that ran into an empty sector is in it,
 * p30, and may be charged there); -1 when t is in none.
 */
export function targetSector(g: Game, t: Unit): number {
  return t.sector >= 0 ? t.sector : sectorGroundOf(g, t);
}

/** The village sector u stands at the near edge of, empty of any unit, or -1 (p30: enter from the edge). */
export function sectorAtEdge(g: Game, u: Unit): number {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  const c = g.c;
  const ext = g.ext;
  const gone = g.gone;
  const self = u.spec.index;
  for (let j = 0; j < c.villages.length; j++) {
    const v = c.villages[j];
    const t = c.terrain[v];
    const near = u.body.facing > 0 ? t.from : t.to;
    const ahead = (near - u.body.front) * u.body.facing;
    if (ahead < -eps || ahead > 0.5 + eps) continue;
    const yMin = t.yMin ?? -Infinity;
    const yMax = t.yMax ?? Infinity;
    if (u.body.offset < yMin || u.body.offset > yMax) continue;
    // Taken: another unit holds it, or stands on its ground (axialMax etc. over the kept extents).
    let taken = false;
    for (let i = 0; i < gone.length; i++) {
      if (gone[i] || i === self) continue;
      const k = 4 * i;
      if (g.units[i].sector === v || (ext[k + 1] > t.from + eps && ext[k] < t.to - eps && ext[k + 3] > yMin + eps && ext[k + 2] < yMax - eps)) {
        taken = true;
        break;
      }
    }
    if (!taken) return v;
  }
  return -1;
}

/** The footprint `b` would overlap another unit's on the table. */
export function overlapsAnother(g: Game, u: Unit, b: Body): boolean {
  for (const o of g.units) {
    if (o === u || o.removed) continue;
    if (rangeGap(axialMin(b), axialMax(b), axialMin(o.body), axialMax(o.body)) === 0 && Math.min(axialMax(b), axialMax(o.body)) - Math.max(axialMin(b), axialMin(o.body)) > EPS) {
      if (Math.min(lateralMax(b), lateralMax(o.body)) - Math.max(lateralMin(b), lateralMin(o.body)) > EPS) return true;
    }
  }
  return false;
}

/**
 * p7, p13: whether u could take formation `to` where it stands (its front edge and centre kept, as
 * reshape keeps them): the new footprint lies on the table and on no other unit's ground. A column
 * formed at the table's edge, or a square formed with a friend close behind, does not.
 */
export function formationFits(g: Game, u: Unit, to: LaneFormation): boolean {
  const s = u.spec;
  const fp = unitFootprint(s.arm, to, s.startFigures, u.figures, u.guns, s.light, g.c.options);
  const b: Body = { front: u.body.front, facing: u.body.facing, frontage: fp.frontage, depth: fp.depth, offset: u.body.offset };
  return onLane(g.c.lane, b) && withinWidth(g.c.lane, b) && !overlapsAnother(g, u, b);
}

/** p20: canister may not be fired with a friend within its range and arc. */
export function friendInCanisterArc(g: Game, b: Unit, range: number): boolean {
  for (const f of g.units) {
    if (f.side !== b.side || f === b || f.removed) continue;
    if (frontEdgeDistance(b.body, f.body) <= range + EPS && frontWithinArc(b.body, f.body, GUN_ARC) > EPS) return true;
  }
  return false;
}

/**
 * p12, p19-20: the canister dice battery `b` would fire at `charger` `distance` away if it fired and
 * fled: none unless it could fire now (loaded, not silenced or broken, guns manned, and a pip under
 * nagb.batteryChargeFire pip: what the fire phase's battery asks) with no friend in its canister's
 * range and arc, and could hit at all (a score of 6 or less at chargers); then its manned guns that
 * reach (canisterAtChargers). The charger is the first enemy ahead across its frontage (chargeTarget),
 * so arc and line of fire hold.
 */
export function canisterAtChargersOf(g: Game, b: Unit, charger: Unit, distance: number): number {
  if (b.removed || b.state === BROKEN || !b.loaded || b.noFire || b.silenced || b.guns <= 0) return 0;
  if (g.c.options.batteryChargeFire === 'pip' && b.pips < 1) return 0;
  if (friendInCanisterArc(g, b, distance)) return 0;
  const need = artilleryHitNeeded(
    { crewClass: b.spec.cls, disordered: b.disordered, longRange: false, cover: 'none', movedOrUnlimbered: b.moved, targetSkirmishers: charger.formation === 'skirmish', targetCharging: true, national: b.spec.gunnery, canister: true },
    g.c.options,
  );
  if (need > 6 && !(distance <= 1 && need - 1 <= 6)) return 0;
  return canisterAtChargers(b.spec.guns, Math.min(b.guns, b.figures), distance);
}
