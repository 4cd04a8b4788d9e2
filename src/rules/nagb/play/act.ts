/**
 * What happens to units, in one place so that every change is counted once in the result and told once
 * in the events: casualties and the footprint they leave (p8), morale states and the common ladder
 * (p27-28; rulings 5), removal, tests with influence and rerolls (p3-4), pips, flight and falling back
 * (p6, p15, p28), burst-through and surrender (p28).
 */
import { recordWriter } from '../../../core/records.js';
import { reachRung, recordCheck, RUNG, ratingIndex } from '../../../core/result.js';
import { CLEAR, EPS, type TerrainCost, axialMax, axialMin, gapBehind, lateralMax, lateralMin, moveBody, overlapsLaterally, pathLimit } from '../../../table/index.js';
import { blownStop, RECALL_DICE, recallRide, recallStop } from '../cavalry.js';
import { outOfRangeSurcharge } from '../command.js';
import { unhorses } from '../leadership.js';
import { afterRally, burstThroughTestRequired, flowGap, isShaken, isShattered, removedForLostColours } from '../morale.js';
import { sumD6 } from '../roll.js';
import { baseWidth, type Footprint, unitFootprint } from '../units.js';
import { roomBeforeSector } from '../village.js';
import { COUNTED, EXTRA_KEYS, LD_FIRST, LD_SLOTS, PER_SIDE_KEYS, PURPOSES, PURPOSE as P } from '../vocabulary.js';
import { wantsInfluence, wantsReroll } from './ai.js';
import type { NagbEvent } from '../events.js';
import { commanderDistance, firstAhead, firstAheadExcept, firstBehind, PARKED, roomBehind, roomBehindClear, sectorGroundOf } from './geometry.js';
import { BROKEN, DISORDERED, FOOTPRINT_FIGURES, FOOTPRINT_FORMS, type Game, GOOD, type RemovedWhy, type Unit } from './state.js';

/** The unit class index (core UNIT_CLASSES) of an arm, by comparison rather than a keyed lookup by string. */
function armIndex(arm: 'infantry' | 'cavalry' | 'artillery'): number {
  // (Any other arm, which validation never lets through, is left out of the tally as a keyed lookup's undefined was.)
  return arm === 'infantry' ? 0 : arm === 'cavalry' ? 1 : arm === 'artillery' ? 2 : -1;
}

/** Hold the events of tests taken inside a resolution (told after it), or let them through again. */
export function holdEvents(g: Game, on: boolean): void {
  if (!g.sink) return;
  if (on) g.held = [];
  else {
    const h = g.held;
    g.held = null;
    if (h) for (const e of h) g.sink(e);
  }
}

/**
 * The slot of each per-side extra in Game.extra (two slots each: side 0, side 1), as numbers the call
 * sites name (no lookup by string): the order of PER_SIDE_KEYS, checked when the module loads.
 */
export const X = {
  pipsRolled: 0,
  pipsSpent: 2,
  rerolls: 4,
  unhorsed: 6,
  initiativeWon: 8,
  volleys: 10,
  lowAmmo: 12,
  smallArmsKills: 14,
  artilleryKills: 16,
  meleeKills: 18,
  standAndShoot: 20,
  firedHigh: 22,
  chargesHalted: 24,
  chargesRefused: 26,
  caughtFleeing: 28,
  squareTests: 30,
  squaresFormed: 32,
  blown: 34,
  recalls: 36,
  sectorsEntered: 38,
  breakThroughs: 40,
} as const;
PER_SIDE_KEYS.forEach((k, i) => {
  if ((X as Record<string, number>)[k] !== 2 * i) throw new Error(`nagb extras: ${k} out of order`);
});
if (Object.keys(X).length !== PER_SIDE_KEYS.length) throw new Error('nagb extras: slots and keys differ');

/** Per-side extra counter in `slot` (X) of the side, by one (or n); copied into the result at the end. */
export function bump(g: Game, slot: number, side: 0 | 1, n = 1): void {
  g.extra[slot + side] += n;
}

/**
 * The extras counted in Game.extra, into the result's `${key}.0` and `${key}.1` (EXTRA_KEYS' order, the
 * order of Game.extra's slots): one function of constant-key stores made once, as CWJ's results.ts
 * does (a loop over the keys makes every store a megamorphic keyed store that looks the key up).
 */
export function writeExtras(g: Game): void {
  storeExtras(g.res.extras, g.extra);
}

const storeExtras = recordWriter<Float64Array>(EXTRA_KEYS);

/** The unit's extents in Game.ext from its body, after any change of the body (epochs untouched). */
export function syncExtents(g: Game, u: Unit): void {
  const b = u.body;
  const k = 4 * u.spec.index;
  const ext = g.ext;
  ext[k] = b.facing > 0 ? b.front - b.depth : b.front;
  ext[k + 1] = b.facing > 0 ? b.front : b.front + b.depth;
  ext[k + 2] = b.offset - b.frontage / 2;
  ext[k + 3] = b.offset + b.frontage / 2;
}

/** A unit's body changed: the caches of distances that depend on it are stale. */
export function bodyChanged(g: Game, u: Unit): void {
  syncExtents(g, u);
  g.epoch++;
  g.sideEpoch[u.side]++;
  g.unitEpoch[u.spec.index]++;
}

/** The unit's body changed: caches of distances are stale; tell it (for pictures). */
export function placed(g: Game, u: Unit): void {
  bodyChanged(g, u);
  if (!g.sink || u.removed) return;
  const b = u.body;
  g.sink({ type: 'body', unit: u.spec.id, front: b.front, offset: b.offset, frontage: b.frontage, depth: b.depth, facing: b.facing, formation: u.formation });
}

/** Recompute the footprint from the formation and figures, keeping the front edge and the centre (p7). */
export function reshape(g: Game, u: Unit): void {
  // bodyChanged's epochs; the extents once the footprint is set (below).
  g.epoch++;
  g.sideEpoch[u.side]++;
  g.unitEpoch[u.spec.index]++;
  const fp = footprintNow(g, u);
  u.body.frontage = fp.frontage;
  u.body.depth = fp.depth;
  u.frontFigures = fp.front;
  u.ranks = fp.ranks;
  syncExtents(g, u);
}

/** Formations as small numbers (footprintNow's key), -1 for any other. */
function formIndex(f: string): number {
  switch (f) {
    case 'line':
      return 0;
    case 'attackColumn':
      return 1;
    case 'marchColumn':
      return 2;
    case 'square':
      return 3;
    case 'skirmish':
      return 4;
    case 'column':
      return 5;
    case 'battery':
      return 6;
    default:
      return -1;
  }
}

/**
 * unitFootprint of u now, kept in Game.footprints by unit, formation and figures (guns for a battery:
 * all it depends on besides what never changes about the unit), computed once for the compiled cell.
 */
function footprintNow(g: Game, u: Unit): Footprint {
  const s = u.spec;
  const fi = formIndex(u.formation);
  const n = s.arm === 'artillery' || u.formation === 'battery' ? u.guns : u.figures;
  if (fi < 0 || !(n >= 0 && n <= FOOTPRINT_FIGURES)) return unitFootprint(s.arm, u.formation, s.startFigures, u.figures, u.guns, s.light, g.c.options);
  const k = (s.index * FOOTPRINT_FORMS + fi) * (FOOTPRINT_FIGURES + 1) + n;
  let fp = g.footprints[k];
  if (fp === null) g.footprints[k] = fp = unitFootprint(s.arm, u.formation, s.startFigures, u.figures, u.guns, s.light, g.c.options);
  return fp;
}

/** The cohesion word of a unit now. */
export function cohesionOf(u: Unit): 'good' | 'jubilant' | 'disordered' | 'shaken' | 'blown' | 'silenced' | 'broken' {
  if (u.state === BROKEN) return 'broken';
  if (u.shaken) return 'shaken';
  if (u.blown) return 'blown';
  if (u.silenced) return 'silenced';
  if (u.state === DISORDERED) return 'disordered';
  return u.jubilant > 0 ? 'jubilant' : 'good';
}

/** The rung of the common ladder (rulings 5) a unit stands on now. */
export function rungOf(u: Unit): number {
  if (u.removed) return RUNG.removed;
  if (u.state === BROKEN) return RUNG.routed;
  if (u.shaken) return RUNG.shaken;
  if (u.state === DISORDERED || u.blown || u.silenced) return RUNG.disordered;
  return RUNG.good;
}

/** After any change of state: the ladder, and the event. */
function changed(g: Game, u: Unit, from: ReturnType<typeof cohesionOf>): void {
  g.stateEpoch++;
  reachRung(g.res, u.side, u.spec.index, rungOf(u));
  const to = cohesionOf(u);
  if (g.sink && to !== from) g.sink({ type: 'cohesion', side: u.side, unit: u.spec.id, from, to });
}

/** p27: disordered (jubilance ends). Counts a disruption when the unit was in good order. */
export function disorder(g: Game, u: Unit): void {
  if (u.removed || u.state !== GOOD) return;
  const from = cohesionOf(u);
  u.state = DISORDERED;
  u.jubilant = 0;
  g.res.sides[u.side].disruptions++;
  changed(g, u, from);
}

/** p28: one state down: good order to disordered, disordered to broken (fleeing `flight` inches). */
export function worsen(g: Game, u: Unit, flight: number): void {
  if (u.state === GOOD && !u.disordered) disorder(g, u);
  else rout(g, u, flight);
}

/** p27: up one state on a passed rally: broken to disordered, disordered to good (shaken stays disordered). */
export function rallyUp(g: Game, u: Unit): void {
  const from = cohesionOf(u);
  const next = afterRally(u.state === BROKEN ? 'broken' : u.state === DISORDERED ? 'disordered' : 'good', u.shaken);
  u.state = next === 'good' ? GOOD : next === 'disordered' ? DISORDERED : BROKEN;
  if (u.state === GOOD) u.silenced = false;
  changed(g, u, from);
}

/** p19, p21: a battery silenced: its pips lost, disordered (it rallies as a silenced battery). Counted as disorder is. */
export function silence(g: Game, u: Unit): void {
  if (u.removed || u.silenced) return;
  const from = cohesionOf(u);
  u.silenced = true;
  u.pips = 0;
  u.jubilant = 0;
  if (u.state === GOOD) {
    u.state = DISORDERED;
    g.res.sides[u.side].disruptions++;
  }
  changed(g, u, from);
}

/** p28: a unit that did something heroic in good order becomes jubilant (+1, cumulative). */
export function jubilate(g: Game, u: Unit): void {
  if (u.removed || u.disordered) return;
  const from = cohesionOf(u);
  u.jubilant++;
  changed(g, u, from);
}

/** p23: blown cavalry: disordered and without formation until it recovers (its tally starts at 0). */
export function blow(g: Game, u: Unit): void {
  if (u.removed || u.blown) return;
  const from = cohesionOf(u);
  u.blown = true;
  u.recovery = 0;
  u.jubilant = 0;
  if (u.state === GOOD) g.res.sides[u.side].disruptions++;
  bump(g, X.blown, u.side);
  changed(g, u, from);
}

/** p23: blown cavalry that has recovered (its tally reached 10): it is in good order again unless disordered. */
export function unblow(g: Game, u: Unit): void {
  if (!u.blown) return;
  const from = cohesionOf(u);
  u.blown = false;
  u.recovery = 0;
  changed(g, u, from);
}

/** Take a unit off the table: its remaining figures are dispersed, not casualties (rulings 5). */
export function remove(g: Game, u: Unit, why: RemovedWhy): void {
  if (u.removed) return;
  const from = cohesionOf(u);
  u.removed = true;
  g.gone[u.spec.index] = 1;
  g.lossStamp[u.spec.brigade]++;
  u.removedWhy = why;
  u.dispersed += u.figures;
  const s = g.res.sides[u.side];
  s.unitsEliminated++;
  g.res.units[u.spec.index].eliminated = true;
  u.sector = -1;
  reachRung(g.res, u.side, u.spec.index, RUNG.removed);
  if (g.sink) g.sink({ type: 'removed', side: u.side, unit: u.spec.id, why });
  u.body.offset = PARKED;
  bodyChanged(g, u);
}

/**
 * Casualties: figures killed (a battery: crew, p21), the footprint after them (p8), shaken at over 50%
 * (p27), shattered and removed at over 75%, removed without colours below 50% (p28).
 */
export function casualties(g: Game, u: Unit, n: number): number {
  if (u.removed || n <= 0) return 0;
  const k = n < u.figures ? n : u.figures;
  u.figures -= k;
  g.lossStamp[u.spec.brigade]++;
  u.killed += k;
  u.stepCasualties += k;
  const s = g.res.sides[u.side];
  s.stepsLost += k;
  if (u.spec.arm === 'artillery') u.guns = Math.min(u.guns, u.figures);
  if (g.sink) g.sink({ type: 'hit', side: u.side, unit: u.spec.id, lost: k, left: u.figures, eliminated: u.figures === 0 });
  if (u.figures === 0) {
    remove(g, u, 'shattered');
    return k;
  }
  if (u.spec.arm !== 'artillery') {
    if (isShattered(u.figures, u.spec.startFigures)) {
      remove(g, u, 'shattered');
      return k;
    }
    if (removedForLostColours(u.figures, u.spec.startFigures, !u.colours, g.c.options)) {
      remove(g, u, 'dispersed');
      return k;
    }
    if (!u.shaken && isShaken(u.figures, u.spec.startFigures, !u.colours)) {
      const from = cohesionOf(u);
      u.shaken = true;
      u.jubilant = 0;
      if (u.state === GOOD) g.res.sides[u.side].disruptions++;
      changed(g, u, from);
    }
  }
  reshape(g, u);
  placed(g, u);
  return k;
}

/** p16, p28: colours lost: shaken (or removed, nagb.lostColours; removed below 50%). */
export function loseColours(g: Game, u: Unit): void {
  if (u.removed || !u.colours) return;
  u.colours = false;
  if (removedForLostColours(u.figures, u.spec.startFigures, true, g.c.options)) {
    remove(g, u, 'dispersed');
    return;
  }
  if (!u.shaken) {
    const from = cohesionOf(u);
    u.shaken = true;
    u.jubilant = 0;
    changed(g, u, from);
  }
}

/** Spend pips of a brigade commander on an order to unit u (p3, p4); false when he has too few. */
export function spendPips(g: Game, u: Unit, order: string, base: number): boolean {
  const b = u.spec.brigade;
  const cost = base + outOfRangeSurcharge(commanderDistance(g, b, u), g.c.brigades[b].commander.row.radius);
  if (g.unhorsed[b] || g.pips[b] < cost) return false;
  g.pips[b] -= cost;
  bump(g, X.pipsSpent, u.side, cost);
  if (g.sink) g.sink({ type: 'order', side: u.side, brigade: g.c.brigades[b].id, unit: u.spec.id, order, pips: cost, left: g.pips[b] });
  return true;
}

/** What an order to u would cost now (p3, p4). */
export function orderCostNow(g: Game, u: Unit, base: number): number {
  const b = u.spec.brigade;
  return base + outOfRangeSurcharge(commanderDistance(g, b, u), g.c.brigades[b].commander.row.radius);
}

/** A unit within its commander's radius (p3: rerolls; the general advance). */
export function inRadius(g: Game, u: Unit): boolean {
  const b = u.spec.brigade;
  return commanderDistance(g, b, u) <= g.c.brigades[b].commander.row.radius + EPS;
}


/**
 * One test of unit u (rulings 1: 2d6, passed at or under the modified Ld): the commander's personal
 * influence when he is within 4" and the doctrine uses it (+1, unhorsed on double 5 or 6, p4), one
 * reroll for a pip when the doctrine buys it (p3), recorded by purpose and modified Ld, told as an event.
 * `p` is the purpose's index (vocabulary.PURPOSE: no lookup by string). `aid: false` for tests no
 * commander touches (a skirmish of the rules or an odds sample).
 */
export function test(g: Game, u: Unit, p: number, ld: number, aid = true): boolean {
  const side = u.side;
  const b = u.spec.brigade;
  // The commander's distance, measured once (nothing moves during the test).
  let cd = -1;
  const influence = aid && !g.unhorsed[b] && (cd = commanderDistance(g, b, u)) <= 4 + EPS && wantsInfluence(g, u, p);
  const target = ld + (influence ? 1 : 0);
  const r = g.morale(side);
  let d1 = 1 + Math.floor(r() * 6);
  let d2 = 1 + Math.floor(r() * 6);
  let passed = d1 + d2 <= target;
  let rerolled = false;
  if (influence && unhorses(d1, d2)) unhorse(g, u);
  if (!passed && aid && !g.unhorsed[b] && g.pips[b] >= 1 && (cd >= 0 ? cd : commanderDistance(g, b, u)) <= g.c.brigades[b].commander.row.radius + EPS && wantsReroll(g, u, p, target)) {
    g.pips[b]--;
    bump(g, X.pipsSpent, side);
    bump(g, X.rerolls, side);
    rerolled = true;
    d1 = 1 + Math.floor(r() * 6);
    d2 = 1 + Math.floor(r() * 6);
    passed = d1 + d2 <= target;
    if (influence && unhorses(d1, d2)) unhorse(g, u);
  }
  recordCheck(g.res.sides[side], p, COUNTED[p], ratingIndex(target, LD_FIRST, LD_SLOTS), armIndex(u.spec.arm), passed);
  if (!passed && COUNTED[p]) g.res.units[u.spec.index].checksFailed++;
  if (g.sink) {
    const e: NagbEvent = { type: 'check', side, purpose: PURPOSES[p], unit: u.spec.id, target, modifiers: influence ? ['personal influence +1'] : [], roll: [d1, d2], passed, rerolled, influence };
    if (g.held) g.held.push(e);
    else g.sink(e);
  }
  return passed;
}

function unhorse(g: Game, u: Unit): void {
  const b = u.spec.brigade;
  if (g.unhorsed[b]) return;
  g.unhorsed[b] = 1;
  g.pips[b] = 0;
  bump(g, X.unhorsed, u.side);
  if (g.sink) g.sink({ type: 'unhorsed', side: u.side, brigade: g.c.brigades[b].id });
}

/** Terrain costs of a move: heavy woods are closed to cavalry and guns (p30, p32); NAGB terrain never slows. */
export const FOOT_COST: TerrainCost = CLEAR;
export const HORSE_COST: TerrainCost = (kind) => (kind === 'heavyWoods' ? Infinity : 1);

/**
 * Move u straight `way` (forward +1, back -1 keeping its facing) by up to `dist` inches, stopping
 * `clearance` short of the first body in its path (no contact without a charge; rulings 6) and at the
 * edge of any village sector but its own (p30-31: sectorLimit). Returns the distance moved; a move off
 * the lane's end leaves the table.
 */
export function moveUnit(g: Game, u: Unit, way: 1 | -1, dist: number, clearance: number): number {
  if (dist <= EPS || u.removed) return 0;
  const limit = moveLimit(g, u, way, clearance);
  const from = u.body.front;
  const m = moveBody(u.body, way, dist, g.c.lane, g.c.terrain, u.spec.arm === 'infantry' ? FOOT_COST : HORSE_COST, limit, g.move);
  u.body.front = m.front;
  if (Math.abs(m.front - from) > EPS) {
    if (g.sink) g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [from, m.front] });
    placed(g, u); // (syncs the extents)
  } else if (m.front !== from) bodyChanged(g, u); // (a move of EPS or less: told to nobody, but the caches stay exact)
  if (m.stop === 'leftLane') remove(g, u, 'offTable');
  return Math.abs(m.front - from);
}

/**
 * How far moveUnit(g, u, way, dist, clearance) would move u now, u unchanged (orders are paid only for
 * moves that go somewhere, p3).
 */
export function reachable(g: Game, u: Unit, way: 1 | -1, dist: number, clearance: number): number {
  if (dist <= EPS || u.removed) return 0;
  return moveBody(u.body, way, dist, g.c.lane, g.c.terrain, u.spec.arm === 'infantry' ? FOOT_COST : HORSE_COST, moveLimit(g, u, way, clearance), g.move).moved;
}

/**
 * The x u's leading edge going `way` must not pass (NaN: none): `clearance` short of the first body in
 * its path, and a village sector's near edge (sectorLimit). A unit standing half or more on a sector's
 * ground without holding it (one that stormed into it and stood, p16, p31) goes no further forward
 * through it: it entered by no order (p30) and goes as it may not charge (p31); back, it may go.
 */
function moveLimit(g: Game, u: Unit, way: 1 | -1, clearance: number): number {
  // firstInPath(u.body, way, g.bodies): forward the kept answer (its epochs are exact), back over the extents.
  const k = way > 0 ? firstAhead(g, u) : firstBehind(g, u);
  const limit = k >= 0 ? pathLimit(u.body, way, g.bodies[k]) - u.body.facing * way * clearance : NaN;
  if (g.c.villages.length === 0) return limit;
  if (way > 0) {
    const ground = sectorGroundOf(g, u);
    if (ground >= 0 && ground !== u.sector) return u.body.front;
  }
  const s = sectorLimit(g, u, way);
  return Number.isNaN(s) || (!Number.isNaN(limit) && (limit - s) * u.body.facing * way <= 0) ? limit : s;
}

/**
 * p30-31: the x of the near edge of the first village sector other than `own` (u's) that u's leading
 * edge going `way` would step onto (NaN: none): only an order to enter takes a unit into a sector.
 */
export function sectorLimit(g: Game, u: Unit, way: 1 | -1, own = u.sector): number {
  const b = u.body;
  const dir = b.facing * way;
  const lead = way > 0 ? b.front : b.front - b.facing * b.depth;
  const k = 4 * u.spec.index;
  const room = roomBeforeSector(g.c.terrain, g.c.villages, own, lead, dir, g.ext[k + 2], g.ext[k + 3]);
  return room === Infinity ? NaN : lead + dir * room;
}

/** A budget no move on the lane can use up (roomAhead measures with it). */
const FAR = 1e6;

/** The x where u's front must stop going ahead: 1" short of the first unit in its path but `skip` (NaN: none). */
function limitAhead(g: Game, u: Unit, skip: number): number {
  const k = firstAheadExcept(g, u, skip);
  return k >= 0 ? pathLimit(u.body, 1, g.bodies[k]) - u.body.facing : NaN;
}

/**
 * How far u's front can go straight ahead before it must stop: 1" short of the first unit in its path
 * other than unit `skip` (no contact without a charge, rulings 6), or at ground closed to it (heavy
 * woods for horse); Infinity when nothing stops it short of the lane's end (riding on, it leaves the table).
 */
export function roomAhead(g: Game, u: Unit, skip: number): number {
  if (u.removed) return 0;
  const m = rideAhead(g, u, FAR, skip);
  return m.stop === 'leftLane' ? Infinity : m.moved;
}

/** u's body moved `dist` inches straight ahead, as far as the ground and the first unit but `skip` allow (into g.move; u itself unchanged). */
function rideAhead(g: Game, u: Unit, dist: number, skip: number) {
  return moveBody(u.body, 1, dist, g.c.lane, g.c.terrain, u.spec.arm === 'infantry' ? FOOT_COST : HORSE_COST, limitAhead(g, u, skip), g.move);
}

/** p23: tells a ride through, from front `from` to where u's front is now. */
function tellRide(g: Game, u: Unit, through: Unit, from: number, roll: number): void {
  if (!g.sink) return;
  g.sink({ type: 'breakThrough', side: u.side, unit: u.spec.id, through: through.spec.id, roll, distance: (u.body.front - from) * u.body.facing });
  g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [from, u.body.front] });
}

/**
 * p23: cavalry breaking through: u rides `dist` inches straight ahead, through unit `skip` (the enemy it
 * fought, riding through it the other way; -1 for none), keeping its facing; the caller keeps `dist`
 * within roomAhead(g, u, skip). Off the lane's end it leaves the table (told, and removed); otherwise it
 * stays where it rode until endRide settles it, once both riders have moved. Returns where its front was.
 */
export function rideThrough(g: Game, u: Unit, dist: number, skip: number, through: Unit, roll: number): number {
  const from = u.body.front;
  if (u.removed || !(dist > 0)) return from;
  const m = rideAhead(g, u, dist, skip);
  u.body.front = m.front;
  bodyChanged(g, u);
  if (m.stop === 'leftLane') {
    tellRide(g, u, through, from, roll);
    remove(g, u, 'offTable');
  }
  return from;
}

/** p23: a rider of rideThrough, once both have moved: clear of every unit's ground, told, and placed. */
export function endRide(g: Game, u: Unit, through: Unit, from: number, roll: number): void {
  if (u.removed) return;
  settleClear(g, u);
  if (u.removed) return;
  tellRide(g, u, through, from, roll);
  placed(g, u);
}

/**
 * Flight (p15, p28): broken, straight back toward its own edge `dist` inches, through friends (each
 * whose ground it crosses tests for burst-through, squares excepted) and off the table if it gets there
 * (lost). With an enemy standing in the way it surrenders (p28).
 */
export function rout(g: Game, u: Unit, dist: number): void {
  if (u.removed) return;
  const wasBroken = u.state === BROKEN;
  const from = cohesionOf(u);
  u.state = BROKEN;
  u.jubilant = 0;
  u.sector = -1;
  if (!wasBroken) {
    g.res.sides[u.side].routs++;
    if (from !== 'disordered' && from !== 'shaken' && from !== 'blown' && from !== 'silenced') g.res.sides[u.side].disruptions++;
    changed(g, u, from);
    if (g.sink) g.sink({ type: 'rout', side: u.side, unit: u.spec.id, distance: dist });
  }
  flee(g, u, dist);
}

/** Move a fugitive back `dist`, bursting through friends; see rout. */
export function flee(g: Game, u: Unit, dist: number): void {
  if (u.removed || dist <= 0) return;
  const from = u.body.front;
  // p28: with an enemy standing in the way back within the flight, the unit surrenders.
  for (const o of g.units) {
    if (o.removed || o.side === u.side || !overlapsLaterally(u.body, o.body)) continue;
    const gap = gapBehind(u.body, o.body);
    if (gap >= -EPS && gap < dist) {
      remove(g, u, 'surrendered');
      return;
    }
  }
  // p28: friends whose ground the flight crosses test for burst-through (squares never), unless a gap
  // of a base width lets the router flow through (nagb.routerGap).
  const flows = g.c.options.routerGap !== 'none' && flowsThrough(g, u, dist);
  for (const o of g.units) {
    if (o.removed || o === u || o.side !== u.side || o.state === BROKEN || !overlapsLaterally(u.body, o.body)) continue;
    if (!burstThroughTestRequired(o.formation === 'square', flows)) continue;
    const gap = gapBehind(u.body, o.body);
    if (gap < -EPS - o.body.depth || gap >= dist) continue;
    burstThrough(g, o);
  }
  const m = moveBody(u.body, -1, dist, g.c.lane, g.c.terrain, CLEAR, NaN, g.move);
  u.body.front = m.front;
  bodyChanged(g, u);
  if (m.stop === 'leftLane') {
    if (g.sink) g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [from, m.front] });
    remove(g, u, 'offTable');
    return;
  }
  settleClear(g, u);
  if (u.removed) return;
  if (g.sink) g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [from, u.body.front] });
  placed(g, u);
}

/**
 * p28 (nagb.routerGap reached, inPath): whether router u, fleeing `dist` straight back, meets friends there
 * and finds among the units across its flight (those whose ground lies within it, either side, whatever
 * their lateral place) a gap of at least one of its bases, within the lane's width, that its path reaches
 * or that lies within its path (flowGap).
 */
function flowsThrough(g: Game, u: Unit, dist: number): boolean {
  const blocks: [number, number][] = [];
  let meets = false;
  for (const o of g.units) {
    if (o.removed || o === u) continue;
    const gap = gapBehind(u.body, o.body);
    if (gap < -EPS - o.body.depth || gap >= dist) continue;
    blocks.push([lateralMin(o.body), lateralMax(o.body)]);
    if (o.side === u.side && overlapsLaterally(u.body, o.body)) meets = true;
  }
  if (!meets) return false;
  const half = g.c.lane.width / 2;
  return flowGap(lateralMin(u.body), lateralMax(u.body), blocks, -half, half, baseWidth(u.spec.arm), g.c.options.routerGap === 'inPath' ? 'inPath' : 'reached');
}

/**
 * p28: friend o, burst through (by routers, or by cavalry recalled through it, p23), tests to open its
 * ranks (squares never; routers are past it); failing, it may not fire this turn and drops one state
 * (disordered: it routs).
 */
function burstThrough(g: Game, o: Unit): void {
  if (o.removed || o.state === BROKEN || o.formation === 'square') return;
  if (!test(g, o, P.burstThrough, ldOf(g, o))) {
    o.noFire = true;
    if (o.disordered) rout(g, o, sumFlight(g, o));
    else disorder(g, o);
  }
}

/** 2d6 of the unit's side (panic and burst-through flight, p28). */
function sumFlight(g: Game, u: Unit): number {
  const r = g.morale(u.side);
  return 2 + Math.floor(r() * 6) + Math.floor(r() * 6);
}

/** The first unit whose ground u's footprint overlaps, or -1 (axialOverlap and overlapsLaterally over the kept extents). */
function overlapping(g: Game, u: Unit): number {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  const ext = g.ext;
  const gone = g.gone;
  const self = u.spec.index;
  const ka = 4 * self;
  const x0 = ext[ka];
  const x1 = ext[ka + 1];
  const y0 = ext[ka + 2];
  const y1 = ext[ka + 3];
  for (let i = 0; i < gone.length; i++) {
    if (i === self || gone[i]) continue;
    const k = 4 * i;
    if (!((x1 < ext[k + 1] ? x1 : ext[k + 1]) - (x0 > ext[k] ? x0 : ext[k]) > eps)) continue;
    if ((y1 < ext[k + 3] ? y1 : ext[k + 3]) - (y0 > ext[k + 2] ? y0 : ext[k + 2]) > eps) return i;
  }
  return -1;
}

/** Push a body straight back until it stands on nobody's ground; off the table it is lost. */
function settleClear(g: Game, u: Unit): void {
  for (let guard = 0; guard < 50; guard++) {
    const k = overlapping(g, u);
    if (k < 0) return;
    const o = g.units[k];
    const farX = u.body.facing > 0 ? axialMin(o.body) : axialMax(o.body);
    const back = (u.body.front - farX) * u.body.facing + 0.01;
    const m = moveBody(u.body, -1, Math.max(back, 0.01), g.c.lane, g.c.terrain, CLEAR, NaN, g.move);
    u.body.front = m.front;
    bodyChanged(g, u);
    if (m.stop === 'leftLane') {
      remove(g, u, 'offTable');
      return;
    }
  }
}

/** The Ld a unit tests at now: its class Ld (p39-40), jubilant (capped at 10), -1 if it acts disordered (p27). */
export function ldOf(g: Game, u: Unit, modifier = 0): number {
  const base = u.spec.ld;
  const jub = u.jubilant > 0 && base < 10 ? Math.min(10, base + u.jubilant) : base;
  return jub - (u.disordered ? 1 : 0) + modifier;
}

/**
 * Fall back (p6, p15-16, p29): straight back `dist` inches keeping the facing; a unit leaving a village
 * sector goes at least out of it (rulings 3.12). Counted as a forced or voluntary retreat (rulings 5),
 * or not at all (a melee winner stepping back, p16).
 */
export function fallBack(g: Game, u: Unit, dist: number, kind: 'forced' | 'voluntary' | 'none', why: string): void {
  if (u.removed) return;
  let d = dist;
  if (u.sector >= 0) {
    const t = g.c.terrain[u.sector];
    const far = u.body.facing > 0 ? t.from : t.to;
    const out = (u.body.front - far) * u.body.facing + 0.01;
    if (out > d) d = out;
    u.sector = -1;
  }
  const s = g.res.sides[u.side];
  if (kind === 'forced') s.retreatsForced++;
  else if (kind === 'voluntary') s.retreatsVoluntary++;
  if (kind !== 'none') g.res.units[u.spec.index].retreated = true;
  if (g.sink) g.sink({ type: 'retreat', side: u.side, forced: kind === 'forced', units: [u.spec.id], distance: d, why });
  const from = u.body.front;
  const m = moveBody(u.body, -1, d, g.c.lane, g.c.terrain, CLEAR, NaN, g.move);
  u.body.front = m.front;
  bodyChanged(g, u);
  if (m.stop === 'leftLane') {
    remove(g, u, 'offTable');
    return;
  }
  settleClear(g, u);
  if (u.removed) return;
  if (g.sink) g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [from, u.body.front] });
  placed(g, u);
}

/**
 * p23 (nagb.recallRide): a recalled regiment falls back its 3d6 in good order toward its own edge (a
 * voluntary retreat), after a melee or in the rally phase: under throughFriends through the friends
 * behind it, each ridden past taking the burst-through test (recallThroughFriends); under withinTable cut
 * short at a unit behind it and at its table edge (roomBehindClear), as the blown ride is; under
 * fullRoll the whole roll.
 */
export function recallRideBack(g: Game, u: Unit): void {
  const roll = sumD6(g.morale(u.side), RECALL_DICE);
  if (g.c.options.recallRide === 'throughFriends') {
    recallThroughFriends(g, u, roll);
    return;
  }
  // (The room less a hair, so that the ride ends on the table and short of the unit behind.)
  const d = recallRide(roll, roomBehindClear(g, u) - 0.01, g.c.options);
  if (d > EPS) fallBack(g, u, d, 'voluntary', 'recalled');
}

/**
 * p23, p28 (nagb.recallRide throughFriends): u rides `roll` inches straight back, through friends behind
 * it, ending on nobody's ground (recallStop; rideBackThroughFriends).
 */
function recallThroughFriends(g: Game, u: Unit, roll: number): void {
  rideBackThroughFriends(g, u, roll, (limit, onFriend) => recallStop(limit, onFriend), 'voluntary', 'recalled');
}

/**
 * p9, p23, p28 (nagb.blownRide throughFriends): blown u rides back on its 3d6 `roll` toward safety
 * (`toSafety`), through friends behind it (blownStop; rideBackThroughFriends). Returns whether it moved.
 */
export function blownThroughFriends(g: Game, u: Unit, roll: number, toSafety: number): boolean {
  return rideBackThroughFriends(g, u, roll, (limit, onFriend) => blownStop(toSafety, limit, onFriend), 'none', 'blown');
}

/**
 * p23, p28: u rides straight back at most `roll` inches, no farther than its own table edge nor into an
 * enemy behind it (less a hair, as roomBehindClear's rides), through friends behind it, to where `stop`
 * ends it given that limit and the stretches of the ride on a friend's ground; then each friend it rode
 * wholly past takes the burst-through test (burstThrough), nearest first, unless the units across the ride
 * leave a gap of one of its bases it could pass through (flowsThrough, as for routers: nagb.routerGap).
 * Returns whether it moved.
 */
function rideBackThroughFriends(
  g: Game,
  u: Unit,
  roll: number,
  stop: (limit: number, onFriend: readonly (readonly [number, number])[]) => number,
  kind: 'voluntary' | 'none',
  why: string,
): boolean {
  const b = u.body;
  const toEdge = roomBehind(g, u) - 0.01;
  let limit = roll < toEdge ? roll : toEdge;
  const onFriend: [number, number][] = [];
  const friends: Unit[] = [];
  for (const o of g.units) {
    if (o.removed || o === u || !overlapsLaterally(b, o.body)) continue;
    // Along the ride: o's near edge `near` and far edge `far` behind u's rear (o wholly ahead of it: left out).
    const near = gapBehind(b, o.body);
    const far = near + axialMax(o.body) - axialMin(o.body);
    if (far <= EPS) continue;
    if (o.side !== u.side) {
      if (near - 0.01 < limit) limit = near - 0.01;
      continue;
    }
    // u's rear `s` behind where it was stands on o's ground for s between near and far + u's own length.
    onFriend.push([near - 0.01, far + axialMax(b) - axialMin(b) + 0.01]);
    friends.push(o);
  }
  const d = stop(limit, onFriend);
  if (!(d > EPS)) return false;
  const ridden = friends.filter((_, i) => onFriend[i][1] <= d).sort((p, q) => gapBehind(b, p.body) - gapBehind(b, q.body));
  // p23 has the friends tested as in the burst-through rules, so p28's gap of a base width spares them
  // as it spares friends of a router (nagb.routerGap; flowsThrough over the ride, from where u stood).
  const flows = ridden.length > 0 && g.c.options.routerGap !== 'none' && flowsThrough(g, u, d);
  fallBack(g, u, d, kind, why);
  if (!flows) for (const o of ridden) burstThrough(g, o);
  return true;
}

export { GOOD, DISORDERED, BROKEN };
