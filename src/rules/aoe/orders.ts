/**
 * The doctrine player (./doctrine.ts): the orders a side gives its units in the March phase (p1 b1),
 * and its choices elsewhere (who fires at whom, who takes a side's hits, square rolls, recalls,
 * breakthroughs that may be declined). A real doctrine follows its parameters; the random-legal
 * baseline picks every choice at random among the legal ones from the side's AI dice. The rules'
 * obligations are not choices and are enforced by the phases.
 */
import type { Uniform } from '../../core/dice.js';
import { axialMax, axialMin, EPS, overlapsLaterally, pathLimit, type Body } from '../../table/index.js';
import { clearOrder, O_ADVANCE, O_CHARGE, O_HOLD, O_PROLONGE, O_WITHDRAW, type Order, type Play } from './context.js';
import type { AoeDoctrine } from './doctrine.js';
import { fullMoveOf } from './effects.js';
import { allRound, chargeRoute, clearLine, inArc, nearestEnemy, prolongeFront, roomForFormation, rowOf, unitDistance, type ChargeRoute } from './geometry.js';
import { mayRollForSquare } from './square.js';
import { F_SQUARE, NO_UNIT, type LaneState } from './state.js';
import { PROLONGE } from './movement.js';
import { FORMATIONS, type Formation } from './units.js';
import { ARTILLERY_RANGE, batteryFirePoints, firePointDrm, MUSKET_RANGE, type BatteryFirer } from './volley.js';

const ROUTE: ChargeRoute = { face: -1, distance: Infinity, passed: 0 };
const ROUTE2: ChargeRoute = { face: -1, distance: Infinity, passed: 0 };

export function doctrineOfSide(p: Play, side: number): AoeDoctrine {
  return p.c.doctrines[side];
}

/** A coin from the side's AI dice. */
function coin(u: Uniform): boolean {
  return u() < 0.5;
}

/** A whole number in [0, n) from the side's AI dice. */
function pick(u: Uniform, n: number): number {
  return Math.floor(u() * n);
}

// ---- The objective (rulings 5) ----

/** The unit stands on the objective: in its block, or its footprint overlapping the zone. */
export function inZone(p: Play, u: number): boolean {
  const o = p.c.objective;
  const st = p.st;
  if (st.removed[u]) return false;
  if (o.block >= 0) return st.block[u] === o.block;
  const b = st.body[u];
  return Math.min(o.to, axialMax(b)) - Math.max(o.from, axialMin(b)) > EPS && Math.min(o.yMax, b.offset + b.frontage / 2) - Math.max(o.yMin, b.offset - b.frontage / 2) > EPS;
}

/** Some live unit of `side` stands on the objective. */
export function sideInZone(p: Play, side: number): boolean {
  const units = p.c.sideUnits[side];
  for (let i = 0; i < units.length; i++) if (inZone(p, units[i])) return true;
  return false;
}

/** What a side is about: take ground (the attacker; everyone when nobody holds the objective) or hold it. */
export function takes(p: Play, side: number): boolean {
  return !p.c.objective.held || side === p.c.attacker;
}

// ---- Reading the enemy ----

/** u is in contact: charging, or charged by a live enemy. */
export function engaged(st: LaneState, u: number): boolean {
  if (st.chargeTarget[u] !== NO_UNIT) return true;
  for (let a = 0; a < st.n; a++) if (!st.removed[a] && st.chargeTarget[a] === u) return true;
  return false;
}

function weakened(p: Play, e: number, hits: number): boolean {
  return p.st.disordered[e] === 1 || p.st.hits[e] >= hits;
}

/** Whether the doctrine lets u charge e now (its chargeWhen). */
function chargeAllowed(p: Play, d: AoeDoctrine, e: number): boolean {
  const last = p.turn >= p.c.turns;
  if (d.chargeWhen === 'reach') return true;
  if (d.chargeWhen === 'weakened') return last || weakened(p, e, d.chargeHits);
  return last || p.st.hits[e] >= d.chargeHits + 1;
}

/** Could u charge at all: troops that can move (not a square, not in a block), not a battery. */
function canCharge(p: Play, u: number): boolean {
  const s = p.c.specs[u];
  return s.arm !== 'artillery' && rowOf(p.c, p.st, u) !== null;
}

/**
 * The enemy a real doctrine charges: within a full move by a free face (geometry.chargeRoute), the
 * nearest; cavalry leaves squares and village blocks alone until the last turn. Writes the route into
 * `out`; NO_UNIT when there is none. `filter` further narrows the targets.
 */
function chargeTarget(p: Play, u: number, d: AoeDoctrine, out: ChargeRoute, weakOnly: number): number {
  const c = p.c;
  const st = p.st;
  if (!canCharge(p, u)) return NO_UNIT;
  const reach = fullMoveOf(p, u);
  const cav = c.specs[u].arm === 'cavalry';
  const last = p.turn >= c.turns;
  const enemies = c.sideUnits[1 - c.specs[u].side];
  let best = NO_UNIT;
  out.face = -1;
  out.distance = Infinity;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e]) continue;
    if (cav && !last && c.specs[e].arm === 'infantry' && allRound(st, e)) continue;
    if (weakOnly >= 0 && !weakened(p, e, weakOnly)) continue;
    if (weakOnly < 0 && !chargeAllowed(p, d, e)) continue;
    chargeRoute(c, st, u, e, ROUTE2);
    if (ROUTE2.face < 0 || ROUTE2.distance > reach + EPS || ROUTE2.distance >= out.distance) continue;
    best = e;
    out.face = ROUTE2.face;
    out.distance = ROUTE2.distance;
  }
  return best;
}

/** The x u's front should stop at to stand `halt` inches from the first enemy in its path, NaN if none. */
function haltBefore(p: Play, u: number, halt: number): number {
  const c = p.c;
  const st = p.st;
  const b = st.body[u];
  const enemies = c.sideUnits[1 - c.specs[u].side];
  let best = NaN;
  let bestD = Infinity;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e] || !overlapsLaterally(b, st.body[e])) continue;
    const x = pathLimit(b, 1, st.body[e]);
    const dd = (x - b.front) * b.facing;
    if (dd < -EPS || dd >= bestD) continue;
    bestD = dd;
    best = x - b.facing * halt;
  }
  return best;
}

/** The x at which u's front puts it on the objective (its front on the zone's far edge), NaN if it is there or past. */
function objectiveStop(p: Play, u: number): number {
  const o = p.c.objective;
  const b = p.st.body[u];
  const x = b.facing > 0 ? Math.min(o.to, o.from + b.depth) : Math.max(o.from, o.to - b.depth);
  return (x - b.front) * b.facing > EPS ? x : NaN;
}

/** How far u must fall back to stand on the objective again when it is wholly past it (0 when not). */
function pastObjective(p: Play, u: number): number {
  const o = p.c.objective;
  const b = p.st.body[u];
  const gap = b.facing > 0 ? axialMin(b) - o.to : o.from - axialMax(b);
  return gap > -EPS ? gap + Math.min(b.depth, o.to - o.from) : 0;
}

/** The nearer (along u's facing) of two stop points; NaN counts as none. */
function nearer(b: Body, x: number, y: number): number {
  if (Number.isNaN(x)) return y;
  if (Number.isNaN(y)) return x;
  return (x - y) * b.facing < 0 ? x : y;
}

// ---- Batteries ----

/**
 * A battery's order. Limbered: unlimber with an enemy in range, else advance to 6" inside its range.
 * Unlimbered with nothing it could fire on (out of range, or its line of fire masked by friends): a
 * prolonge of 1" that gives it a target (aoe.prolonge; forward first, then back); with a target, a
 * prolonge of 1" that betters its range band or takes it out of enemy musket range (prolongeWay, batteryStanding);
 * else, taking ground with no enemy in range, limber to move up.
 */
function batteryOrder(p: Play, u: number, d: AoeDoctrine, o: Order): void {
  const st = p.st;
  const enemyInRange = hasTargetWithin(p, u, ARTILLERY_RANGE, false);
  if (st.disordered[u] && d.rally) o.rally = true;
  if (st.limbered[u]) {
    if (enemyInRange) o.limber = 2;
    else {
      o.kind = O_ADVANCE;
      o.distance = Infinity;
      o.stopAt = haltBefore(p, u, ARTILLERY_RANGE - 6);
    }
    return;
  }
  // Nothing to fire on: a prolonge that gives it a target; a target: one that betters where it stands
  // (p1 lets it shift 1" without limbering; p2 reads fire points by range band, so 1" across a band's
  // edge is a point of the die, and 1" back out of enemy musket range takes it out of their volleys).
  const way = prolongeWay(p, u, hasTargetWithin(p, u, ARTILLERY_RANGE, true) ? batteryStanding : hasTarget);
  if (way !== 0) {
    o.kind = O_PROLONGE;
    o.distance = way * PROLONGE;
    return;
  }
  if (!enemyInRange && takes(p, p.c.specs[u].side)) o.limber = 1;
}

/** u has a live enemy in its arc within `range`; with `clear`, one its line of fire reaches (nothing between). */
function hasTargetWithin(p: Play, u: number, range: number, clear: boolean): boolean {
  const enemies = p.c.sideUnits[1 - p.c.specs[u].side];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (!p.st.removed[e] && inArc(p.st, u, e) && unitDistance(p.st.body[u], p.st.body[e]) <= range + EPS && (!clear || clearLine(p.st, u, e))) return true;
  }
  return false;
}

/**
 * Which way a prolonge of 1" (aoe.prolonge) betters `standing` for unlimbered battery u: 1 forward, -1
 * back, 0 neither (or prolonges off); forward wins a tie. The body is put back.
 */
function prolongeWay(p: Play, u: number, standing: (p: Play, u: number) => number): number {
  if (p.c.options.prolonge !== 'move') return 0;
  const row = rowOf(p.c, p.st, u);
  if (row === null) return 0;
  const b = p.st.body[u];
  const home = b.front;
  let best = standing(p, u);
  let bestWay = 0;
  for (let way: 1 | -1 = 1; ; way = -1) {
    const to = prolongeFront(p.c, p.st, u, way, PROLONGE, p.costs[row]);
    if (Math.abs(to - home) > EPS) {
      b.front = to;
      const there = standing(p, u);
      b.front = home;
      if (there > best) {
        best = there;
        bestWay = way;
      }
    }
    if (way === -1) return bestWay;
  }
}

/** For a battery with nothing it could fire on: 1 where it would have a target its line of fire reaches. */
function hasTarget(p: Play, u: number): number {
  return hasTargetWithin(p, u, ARTILLERY_RANGE, true) ? 1 : 0;
}

const GUNS: BatteryFirer = { guns: 8, weight: 'light', limbered: false, silenced: false, damaged: false, inBua: false };

/**
 * How battery u stands where it is, for a prolonge (aoe.prolonge): -Infinity with nothing it could
 * fire on; else the best fire-point die modifier (p2) it would have at an enemy it could fire on (its
 * range band: 1" can cross a band's edge), less 100 when an enemy infantry unit has it within musket
 * range (3", p2) in its arc with a clear line, the place where it takes volleys and is charged.
 */
function batteryStanding(p: Play, u: number): number {
  const st = p.st;
  const s = p.c.specs[u];
  const enemies = p.c.sideUnits[1 - s.side];
  GUNS.guns = s.guns;
  GUNS.weight = s.weight;
  GUNS.damaged = st.damaged[u] === 1;
  let best = -Infinity;
  let exposed = false;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e]) continue;
    const d = unitDistance(st.body[u], st.body[e]);
    if (d <= ARTILLERY_RANGE + EPS && inArc(st, u, e) && clearLine(st, u, e)) {
      const drm = firePointDrm(batteryFirePoints(GUNS, d, p.c.options.disorderedFire));
      if (drm > best) best = drm;
    }
    if (p.c.specs[e].arm === 'infantry' && d <= MUSKET_RANGE + EPS && inArc(st, e, u) && clearLine(st, e, u)) exposed = true;
  }
  return best === -Infinity ? best : exposed ? best - 100 : best;
}

// ---- The March phase order of a real doctrine ----

/** The formation a troop unit of this doctrine moves in, given the nearest enemy's distance. */
function wantedFormation(p: Play, u: number, d: AoeDoctrine, enemyDistance: number): number {
  const s = p.c.specs[u];
  const cur = p.st.formation[u];
  if (s.arm !== 'infantry') return cur;
  if (d.deploy === 'line' && enemyDistance <= d.deployAt + EPS) return FORMATIONS.indexOf('line');
  if (d.approach === 'keep') return cur;
  return FORMATIONS.indexOf(d.approach);
}

/** Enemy cavalry within a full charge (12") of u: a reason to keep a square. */
function cavalryNear(p: Play, u: number): boolean {
  const enemies = p.c.sideUnits[1 - p.c.specs[u].side];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (!p.st.removed[e] && p.c.specs[e].arm === 'cavalry' && unitDistance(p.st.body[u], p.st.body[e]) <= 12 + 3 + EPS) return true;
  }
  return false;
}

/**
 * Whether a real doctrine orders u's change to formation index `f`: only when there is room for it
 * (aoe.formationRoom; a change that cannot be made is not asked for turn after turn, each time rolling
 * on the March Table for it). Under `share`, as before that option, always.
 */
function room(p: Play, u: number, f: number): boolean {
  return p.c.options.formationRoom === 'share' || roomForFormation(p.c, p.st, u, FORMATIONS[f]);
}

/** A square with no cavalry about forms `f` again, when there is room (room). */
function formBack(p: Play, u: number, o: Order, f: Formation): void {
  const i = FORMATIONS.indexOf(f);
  if (room(p, u, i)) o.formation = i;
}

function takeOrder(p: Play, u: number, d: AoeDoctrine, o: Order): void {
  const st = p.st;
  const c = p.c;
  const target = chargeTarget(p, u, d, ROUTE, -1);
  if (target !== NO_UNIT) {
    o.kind = O_CHARGE;
    o.target = target;
    o.face = ROUTE.face;
    return;
  }
  if (st.block[u] >= 0) return; // holds a block it took; leaving costs a full move (p1)
  // On an objective nobody held at the start: stand on it; gone past it (a breakthrough), come back.
  if (!c.objective.held) {
    if (inZone(p, u)) return;
    const back = pastObjective(p, u);
    if (back > 0) {
      o.kind = O_WITHDRAW;
      o.distance = back;
      return;
    }
  }
  const e = nearestEnemy(c, st, u, true);
  const dist = e === NO_UNIT ? Infinity : unitDistance(st.body[u], st.body[e]);
  const f = wantedFormation(p, u, d, dist);
  if (f !== st.formation[u] && st.formation[u] !== F_SQUARE && room(p, u, f)) o.formation = f;
  if (st.formation[u] === F_SQUARE && !cavalryNear(p, u)) formBack(p, u, o, c.specs[u].arm === 'infantry' && d.approach === 'line' ? 'line' : 'fieldColumn');
  if (st.formation[u] === F_SQUARE && o.formation < 0) return;
  // Halt short of the enemy ahead, or stop on the objective, whichever comes first.
  const b = st.body[u];
  const x = nearer(b, haltBefore(p, u, d.halt), objectiveStop(p, u));
  if (!Number.isNaN(x) && (x - b.front) * b.facing > EPS) {
    o.kind = O_ADVANCE;
    o.distance = Infinity;
    o.stopAt = x;
    o.enterBlock = true;
  }
}

function holdOrder(p: Play, u: number, d: AoeDoctrine, o: Order): void {
  const st = p.st;
  const c = p.c;
  const side = c.specs[u].side;
  const enemyOnObjective = sideInZone(p, 1 - side);
  if (d.countercharge === 'weakened' && st.block[u] < 0 && !st.disordered[u]) {
    // Counter-charges: a weakened attacker within reach, or whoever stands on the objective.
    let target = chargeTarget(p, u, d, ROUTE, d.chargeHits);
    if (target === NO_UNIT && enemyOnObjective) target = chargeTarget(p, u, { ...d, chargeWhen: 'reach' }, ROUTE, -1);
    if (target !== NO_UNIT) {
      o.kind = O_CHARGE;
      o.target = target;
      o.face = ROUTE.face;
      return;
    }
  }
  const s = c.specs[u];
  // A square with no cavalry about forms back.
  if (st.formation[u] === F_SQUARE && !cavalryNear(p, u)) formBack(p, u, o, s.startFormation === 'none' || s.startFormation === 'square' ? 'line' : s.startFormation);
  // Back onto its ground when it was pushed off and no enemy holds it.
  if (!inZone(p, u) && !enemyOnObjective && s.startBlock !== st.block[u] && st.formation[u] !== F_SQUARE) {
    const b = st.body[u];
    const home = st.homeFront[u];
    const x = s.startBlock >= 0 ? (b.facing > 0 ? c.terrain[s.startBlock].to : c.terrain[s.startBlock].from) : home;
    if ((x - b.front) * b.facing > EPS) {
      o.kind = O_ADVANCE;
      o.distance = Infinity;
      o.stopAt = x;
      o.enterBlock = s.startBlock >= 0;
    }
  }
}

/** The order of a real doctrine for unit u in its side's March phase. */
function realOrder(p: Play, u: number, d: AoeDoctrine, o: Order): void {
  const s = p.c.specs[u];
  if (s.arm === 'artillery') return batteryOrder(p, u, d, o);
  if (takes(p, s.side)) takeOrder(p, u, d, o);
  else holdOrder(p, u, d, o);
  if (p.st.disordered[u] && d.rally && o.kind === O_HOLD) o.rally = true;
}

// ---- The random-legal baseline ----

const TROOP_FORMATIONS: Record<'infantry' | 'cavalry', readonly Formation[]> = {
  infantry: ['line', 'fieldColumn', 'masse', 'marchColumn', 'openOrder', 'square'],
  cavalry: ['line', 'fieldColumn', 'marchColumn'],
};

/** Every charge u could make now, written into p.scratch as target, face pairs. */
function chargeOptions(p: Play, u: number): number {
  const out = p.scratch;
  out.length = 0;
  if (!canCharge(p, u)) return 0;
  const reach = fullMoveOf(p, u);
  const enemies = p.c.sideUnits[1 - p.c.specs[u].side];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (p.st.removed[e]) continue;
    chargeRoute(p.c, p.st, u, e, ROUTE2);
    if (ROUTE2.face >= 0 && ROUTE2.distance <= reach + EPS) out.push(e, ROUTE2.face);
  }
  return out.length / 2;
}

/**
 * Random-legal: an order drawn at random among those the rules let the unit be given: hold, advance or
 * withdraw some distance, change to another formation it may take, or charge an enemy it could reach.
 */
function randomOrder(p: Play, u: number, o: Order): void {
  const s = p.c.specs[u];
  const st = p.st;
  const ai = p.dice.ai(s.side);
  const full = fullMoveOf(p, u);
  if (s.arm === 'artillery') {
    // Hold, limber or unlimber, or move: limbered a full move either way, unlimbered a prolonge of
    // up to 1" either way (aoe.prolonge).
    const k = pick(ai, 3);
    if (k === 1) o.limber = st.limbered[u] ? 2 : 1;
    else if (k === 2 && st.limbered[u]) {
      o.kind = coin(ai) ? O_ADVANCE : O_WITHDRAW;
      o.distance = ai() * full;
    } else if (k === 2 && p.c.options.prolonge === 'move') {
      o.kind = O_PROLONGE;
      o.distance = (coin(ai) ? 1 : -1) * ai() * PROLONGE;
    }
    o.rally = st.disordered[u] === 1 && coin(ai);
    return;
  }
  const charges = chargeOptions(p, u);
  const kinds = charges > 0 ? 5 : 4;
  const k = pick(ai, kinds);
  if (k === 1 || k === 2) {
    o.kind = k === 1 ? O_ADVANCE : O_WITHDRAW;
    o.distance = ai() * full;
    o.enterBlock = coin(ai);
  } else if (k === 3) {
    const list = TROOP_FORMATIONS[s.arm as 'infantry' | 'cavalry'];
    const cur = st.formationOf(u);
    let n = 0;
    for (const f of list) if (f !== cur && (f !== 'openOrder' || s.light)) n++;
    let j = pick(ai, n);
    for (const f of list) {
      if (f === cur || (f === 'openOrder' && !s.light)) continue;
      if (j-- === 0) {
        o.formation = FORMATIONS.indexOf(f);
        break;
      }
    }
  } else if (k === 4) {
    const j = pick(ai, charges);
    o.kind = O_CHARGE;
    o.target = p.scratch[2 * j];
    o.face = p.scratch[2 * j + 1];
  }
  o.rally = st.disordered[u] === 1 && o.kind === O_HOLD && coin(ai);
}

/**
 * The order of unit u in its side's March phase, written into `o`. Units in contact hold (they fight
 * where they stand, rulings 2).
 */
export function decideOrder(p: Play, u: number, o: Order): Order {
  clearOrder(o);
  if (engaged(p.st, u)) return o;
  const d = doctrineOfSide(p, p.c.specs[u].side);
  if (d.random) randomOrder(p, u, o);
  else realOrder(p, u, d, o);
  return o;
}

// ---- Other choices ----

/** Infantry charged by cavalry: roll for square (p1, p3)? A real doctrine by its `square`; random-legal on a coin. */
export function wantsSquare(p: Play, u: number): boolean {
  const s = p.c.specs[u];
  if (!mayRollForSquare(s.arm, p.st.formationOf(u))) return false;
  const d = doctrineOfSide(p, s.side);
  return d.random ? coin(p.dice.ai(s.side)) : d.square;
}

/** Cavalry that may recall does so? */
export function wantsRecall(p: Play, u: number): boolean {
  const s = p.c.specs[u];
  const d = doctrineOfSide(p, s.side);
  return d.random ? coin(p.dice.ai(s.side)) : d.recall;
}

/** Infantry that may decline a breakthrough (aoe.infantryBreakthrough may) makes it? Real doctrines do. */
export function wantsBreakthrough(p: Play, u: number): boolean {
  const s = p.c.specs[u];
  const d = doctrineOfSide(p, s.side);
  return d.random ? coin(p.dice.ai(s.side)) : true;
}

/**
 * Of a side's troop units in a combat (`units`), the one that takes the side's hits under
 * aoe.multiUnitHits oneUnit: a real doctrine gives them to the unit furthest from removal; random-legal
 * to any. Returns the unit's index into `units`, or -1 when the side has no troops.
 */
export function pickHitUnit(p: Play, side: 0 | 1, units: readonly number[]): number {
  const st = p.st;
  let n = 0;
  for (let i = 0; i < units.length; i++) if (p.c.specs[units[i]].arm !== 'artillery') n++;
  if (n === 0) return -1;
  const d = doctrineOfSide(p, side);
  if (d.random) {
    let j = pick(p.dice.ai(side), n);
    for (let i = 0; i < units.length; i++) if (p.c.specs[units[i]].arm !== 'artillery' && j-- === 0) return i;
  }
  let best = -1;
  let bestLeft = -1;
  for (let i = 0; i < units.length; i++) {
    const x = units[i];
    if (p.c.specs[x].arm === 'artillery') continue;
    const left = p.c.specs[x].threshold - st.hits[x];
    if (left > bestLeft) {
      bestLeft = left;
      best = i;
    }
  }
  return best;
}

/**
 * The target a unit fires at among the first n of `cands` (live enemies it may fire on, `dist` their distances): a
 * real doctrine fires at a unit charging it, else at the unit it charged, else at the nearest (rulings
 * 3.5's default); random-legal at any of them. Returns the index into `cands`, or -1.
 */
export function chooseTarget(p: Play, u: number, cands: ArrayLike<number>, n: number, dist: ArrayLike<number>): number {
  if (n === 0) return -1;
  const s = p.c.specs[u];
  const st = p.st;
  const d = doctrineOfSide(p, s.side);
  if (d.random) return pick(p.dice.ai(s.side), n);
  let best = -1;
  let bestKey = Infinity;
  for (let i = 0; i < n; i++) {
    const e = cands[i];
    const key = st.chargeTarget[e] === u ? -2 : st.chargeTarget[u] === e ? -1 : dist[i];
    if (key < bestKey) {
      bestKey = key;
      best = i;
    }
  }
  return best;
}
