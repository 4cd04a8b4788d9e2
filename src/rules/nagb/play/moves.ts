/**
 * Movement on the lane (p2-3, p6-9, p22-23, p30): commanders ride first (10", terrain ignored); blown
 * cavalry makes for safety; charges are declared and played (./charges.ts); then the other moves, each
 * for a pip (a general advance moves every column of a brigade for one): advancing, stepping back,
 * changing formation (half the move, drilled troops free, raw troops all of it; a pinning test within
 * 8" of enemy foot or horse), entering a village sector, falling back. Terrain never slows (NAGB has no
 * terrain costs) but tests for disorder at the end of a move at normal pace. Also the cavalry phases,
 * the recovery of blown cavalry, and the reserve movement phase.
 */
import { type Body, EPS, fractionIn, frontWithinArc, hypot2 } from '../../../table/index.js';
import { BLOWN_MOVE_DICE, blownRide, recovered, recoveryTally } from '../cavalry.js';
import { cavalryPaceFor, formationChangeCost, fallBackDice, fallBackFailure, mayChangeFormation, mayMoveAndChangeFormation, pinningTestRequired, reserveMoveCost } from '../movement.js';
import { sumD6 } from '../roll.js';
import { COMMANDER_MOVE, PINNING_RANGE, RESERVE_CLOSEST, type TerrainTest } from '../tables.js';
import { blownThroughFriends, bump, disorder, fallBack, ldOf, moveUnit, placed, reachable, reshape, rout, spendPips, syncExtents, test, unblow, X } from './act.js';
import { unitFootprint } from '../units.js';
import { LEAVE_SECTOR_MOVE } from '../village.js';
import { PURPOSE as P } from '../vocabulary.js';
import { commanderSpot, type Intent, moveIntent, orderOfUnits, paceOf, spare, wantsGeneralAdvance, wantsReserveMove, costFor } from './ai.js';
import { chargeStep } from './charges.js';
import { closeCombatPhase } from './closeCombat.js';
import { engaged } from './fire.js';
import { backToSafety, bodyGap, formationFits, moveTerrainTest, nearestEnemyDistance, overlapsAnother, roomBehindClear } from './geometry.js';
import { BROKEN, type Game, GOOD, type LaneFormation, type Unit, clear } from './state.js';

/** p23: blown cavalry is safe from enemy fire beyond this (a reading: past musket and canister reach). */
export const SAFE_DISTANCE = 12;

/** p2, p4: each brigade commander rides up to 10" toward his spot, before giving orders. */
export function moveCommanders(g: Game, side: 0 | 1): void {
  for (const b of g.c.sides[side].brigades) {
    commanderSpot(g, b);
    const x = g.spot[0];
    const y = g.spot[1];
    const dx = x - g.cmdX[b];
    const dy = y - g.cmdY[b];
    const d = hypot2(dx, dy);
    if (d <= EPS) continue;
    const k = d > COMMANDER_MOVE ? COMMANDER_MOVE / d : 1;
    g.cmdX[b] = Math.min(g.c.lane.xMax, Math.max(g.c.lane.xMin, g.cmdX[b] + dx * k));
    g.cmdY[b] += dy * k;
    if (g.sink) g.sink({ type: 'commander', side, brigade: g.c.brigades[b].id, x: g.cmdX[b], y: g.cmdY[b] });
  }
}

/**
 * A move forward (or back) with its terrain test (p6, p22): the slowest pace that covers it (infantry
 * slow where it suffices, cavalry a walk up to 6" and a trot up to 8").
 */
export function advance(g: Game, u: Unit, dist: number, way: 1 | -1 = 1): number {
  const from = u.body.front;
  const moved = moveUnit(g, u, way, dist, 1);
  if (moved <= EPS || u.removed) return moved;
  u.moved = true;
  let t: TerrainTest;
  if (u.spec.arm === 'cavalry') t = moveTerrainTest(g, u, from, u.body.front, cavalryPaceFor(u.formation === 'column' || u.formation === 'skirmish' ? u.formation : 'line', moved));
  else {
    const slow = moved <= g.c.options.slowPace + EPS;
    const normal = moveTerrainTest(g, u, from, u.body.front, 'normal');
    t = slow && normal !== 'none' ? 'none' : normal;
  }
  if (t !== 'none' && t !== 'closed' && u.state === GOOD && !u.disordered) {
    if (t === 'auto' || !test(g, u, P.terrainDisorder, ldOf(g, u, t))) disorder(g, u);
  }
  return moved;
}

/** p7: an enemy foot or horse unit within 8" with u in its front arc pins u (a test to change formation). */
function pinned(g: Game, u: Unit): boolean {
  for (const e of g.units) {
    if (e.side === u.side || !e.active || e.spec.arm === 'artillery') continue;
    const d = bodyGap(e.body, u.body);
    if (d > PINNING_RANGE + EPS) continue;
    if (pinningTestRequired(d, frontWithinArc(e.body, u.body, 1) > EPS, e.spec.arm)) return true;
  }
  return false;
}

/** p7, p27: u may take formation `to` now, pinning aside: another formation, in good order, with room for it. */
function formationChangeable(g: Game, u: Unit, to: LaneFormation): boolean {
  return u.formation !== to && u.formation !== 'battery' && mayChangeFormation(u.disordered, false) && formationFits(g, u, to);
}

/** changeFormation's answer when the change may not be made (the same formation, disordered, no room). */
export const NOT_CHANGED = -1;
/** changeFormation's answer when the pinning test failed (p7: the unit stays as it was; the order is spent). */
export const PINNED = -2;

/**
 * p7, p24, p27, p39: change formation on an order already paid for; returns the share of the move left,
 * or NOT_CHANGED, or PINNED. The centre stays; the new footprint must fit (formationFits).
 */
export function changeFormation(g: Game, u: Unit, to: LaneFormation, freeChangeUsed = false): number {
  if (u.formation === 'battery' || !formationChangeable(g, u, to)) return NOT_CHANGED;
  const was = u.formation;
  if (pinned(g, u) && !test(g, u, P.pinning, ldOf(g, u))) return PINNED;
  u.formation = to;
  reshape(g, u);
  if (g.sink) g.sink({ type: 'formation', side: u.side, unit: u.spec.id, from: was, to });
  placed(g, u);
  u.moved = true;
  // p7, p30: a formation change in difficult terrain tests as a normal move there.
  const t = moveTerrainTest(g, u, u.body.front - u.body.facing * u.body.depth, u.body.front, 'normal');
  if (t !== 'none' && t !== 'closed' && !u.disordered && (t === 'auto' || !test(g, u, P.terrainDisorder, ldOf(g, u, t)))) disorder(g, u);
  let cost = formationChangeCost(u.spec.arm, u.spec.cls, u.spec.drilled && !freeChangeUsed, u.spec.light, was, to === 'battery' ? 'line' : to);
  if (!mayMoveAndChangeFormation(g.c.sides[u.side].nation, g.c.options.scenarioYear)) cost = 1;
  return 1 - cost;
}

/** enterable's footprint, kept (rewritten at every question). */
const deployed: Body = { front: 0, facing: 1, frontage: 0, depth: 0, offset: 0 };

/** p30: whether u could deploy in sector v now (enterSector): in line along its far edge, on nobody's ground. */
function enterable(g: Game, u: Unit, v: number): boolean {
  const t = g.c.terrain[v];
  const fp = unitFootprint(u.spec.arm, 'line', u.spec.startFigures, u.figures, u.guns, u.spec.light, g.c.options);
  deployed.facing = u.body.facing;
  deployed.front = u.body.facing > 0 ? t.to : t.from;
  deployed.frontage = fp.frontage;
  deployed.depth = fp.depth;
  deployed.offset = ((t.yMin ?? -g.c.lane.width / 2) + (t.yMax ?? g.c.lane.width / 2)) / 2;
  return !overlapsAnother(g, u, deployed);
}

/** p30: a unit at the edge of an empty sector enters it, deployed along the far edge facing out; no fire this turn. */
function enterSector(g: Game, u: Unit, v: number): void {
  const t = g.c.terrain[v];
  const was = { front: u.body.front, offset: u.body.offset, formation: u.formation, frontage: u.body.frontage, depth: u.body.depth };
  u.formation = 'line';
  reshape(g, u);
  u.body.front = u.body.facing > 0 ? t.to : t.from;
  const lo = t.yMin ?? -g.c.lane.width / 2;
  const hi = t.yMax ?? g.c.lane.width / 2;
  u.body.offset = (lo + hi) / 2;
  syncExtents(g, u);
  if (overlapsAnother(g, u, u.body)) {
    u.body.front = was.front;
    u.body.offset = was.offset;
    u.formation = was.formation;
    reshape(g, u);
    return;
  }
  u.sector = v;
  u.noFire = true;
  u.moved = true;
  bump(g, X.sectorsEntered, u.side);
  if (g.sink) {
    g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [was.front, u.body.front] });
    g.sink({ type: 'sector', side: u.side, unit: u.spec.id, sector: g.c.terrainNames[v], entered: true });
  }
  placed(g, u);
}

/**
 * p31: a unit in a sector ordered forward leaves it: up to 4" out, then a test to form up (failing,
 * disordered). Still standing half or more on the sector's ground, it has not left.
 */
function leaveSector(g: Game, u: Unit, dist: number): void {
  const v = u.sector;
  const moved = advance(g, u, Math.min(dist, LEAVE_SECTOR_MOVE));
  if (moved <= EPS || u.removed || fractionIn(u.body, g.c.terrain[v]) >= 0.5) return;
  u.sector = -1;
  if (g.sink) g.sink({ type: 'sector', side: u.side, unit: u.spec.id, sector: g.c.terrainNames[v], entered: false });
  if (!test(g, u, P.terrainDisorder, ldOf(g, u))) disorder(g, u);
}

/** p3, p6: an ordered fall back: d6" (or 2d6" rapid; cavalry a d6 more), then a test (-1 rapid): failing, disordered (broken if it was). */
function orderedFallBack(g: Game, u: Unit, rapid: boolean): void {
  const d = sumD6(g.morale(u.side), fallBackDice(u.spec.arm, rapid));
  const wasDisordered = u.disordered;
  fallBack(g, u, d, 'voluntary', 'ordered');
  if (u.removed) return;
  u.moved = true;
  if (!test(g, u, P.fallBack, ldOf(g, u, rapid ? -1 : 0))) {
    if (fallBackFailure(wasDisordered) === 'broken') rout(g, u, sumD6(g.morale(u.side), u.spec.arm === 'cavalry' ? 3 : 2));
    else disorder(g, u);
  }
}

/** Carry out one unit's intent for an order already paid for. */
function carryOut(g: Game, u: Unit, it: Intent): void {
  switch (it.kind) {
    case 'advance': {
      if (u.sector >= 0) {
        leaveSector(g, u, it.dist);
        return;
      }
      let share = 1;
      if (it.formation) {
        const left = changeFormation(g, u, it.formation);
        // p7: a failed pinning test keeps the formation and loses the pip: the order ends there.
        if (left === PINNED) return;
        if (left >= 0) share = left;
      }
      if (share > EPS) advance(g, u, Math.min(it.dist, paceOf(g, u) * share));
      return;
    }
    case 'back':
      advance(g, u, Math.min(it.dist, 2), -1);
      return;
    case 'form':
      changeFormation(g, u, it.formation);
      return;
    case 'enter':
      enterSector(g, u, it.sector);
      return;
    case 'fallBack':
      orderedFallBack(g, u, it.rapid);
      return;
    case 'hold':
      return;
  }
}

/**
 * Units of a brigade that may take an order in this phase: in the movement phase those that have not
 * moved (charged) yet; in the cavalry phase cavalry that has not fired, charged or fought this turn
 * (p9), moved or not.
 */
function movable(g: Game, b: number, cavalryPhase: boolean, out: number[]): number[] {
  clear(out);
  for (const i of g.c.brigades[b].units) {
    const u = g.units[i];
    if (!u.active || u.charged || u.fought || u.spec.arm === 'artillery' || u.blown || engaged(g, u)) continue;
    if (cavalryPhase ? u.spec.arm !== 'cavalry' || u.fired : u.moved) continue;
    out.push(i);
  }
  return out;
}

/**
 * p3: whether an order would do anything now, so that no pip is spent on one that would not: a move
 * that goes somewhere (not stopped at once by a friend in its path, 1" short of an enemy, or at a
 * sector's edge), a formation change that may be made, a sector it could deploy in. A fall back always
 * moves.
 */
function worthOrdering(g: Game, u: Unit, it: Intent): boolean {
  switch (it.kind) {
    case 'advance':
      if (it.formation !== null && u.sector < 0 && formationChangeable(g, u, it.formation)) return true;
      return reachable(g, u, 1, Math.min(it.dist, u.sector >= 0 ? LEAVE_SECTOR_MOVE : paceOf(g, u)), 1) > EPS;
    case 'back':
      return reachable(g, u, -1, Math.min(it.dist, 2), 1) > EPS;
    case 'form':
      return formationChangeable(g, u, it.formation);
    case 'enter':
      return enterable(g, u, it.sector);
    case 'fallBack':
      return true;
    case 'hold':
      return false;
  }
}

/** p3: a column (not in a village sector, p31) whose intent is a plain advance goes with a general advance. */
function inGeneralAdvance(u: Unit, it: Intent): it is Extract<Intent, { kind: 'advance' }> {
  return it.kind === 'advance' && it.formation === null && (u.formation === 'attackColumn' || u.formation === 'marchColumn') && u.sector < 0;
}

/** The other moves of a side's movement (or cavalry) phase, brigade by brigade. */
function orders(g: Game, side: 0 | 1, cavalryPhase: boolean): void {
  const list = g.list1;
  const intents = g.intents;
  for (const b of g.c.sides[side].brigades) {
    movable(g, b, cavalryPhase, list);
    if (list.length === 0) continue;
    let columns = 0;
    let anyGoes = false;
    for (const i of list) {
      const it = (intents[i] = moveIntent(g, g.units[i], cavalryPhase));
      const u = g.units[i];
      if (!inGeneralAdvance(u, it)) continue;
      columns++;
      if (!anyGoes && reachable(g, u, 1, Math.min(it.dist, paceOf(g, u)), 1) > EPS) anyGoes = true;
    }
    // p3: a general advance: every column of the brigade a full move forward for one pip, no formation
    // change; not paid for when no column can go anywhere.
    if (anyGoes && g.pips[b] >= 1 && !g.unhorsed[b] && wantsGeneralAdvance(g, side, columns)) {
      g.pips[b]--;
      bump(g, X.pipsSpent, side);
      if (g.sink) g.sink({ type: 'order', side, brigade: g.c.brigades[b].id, unit: '*', order: 'generalAdvance', pips: 1, left: g.pips[b] });
      for (const i of list) {
        const it = intents[i]!;
        const u = g.units[i];
        if (!inGeneralAdvance(u, it)) continue;
        advance(g, u, Math.min(it.dist, paceOf(g, u)));
        intents[i] = HOLD;
      }
    }
    for (const i of orderOfUnits(g, list, g.order2)) {
      const u = g.units[i];
      const it = intents[i]!;
      // (Each unit of the list is ordered once: a general advance has set its intent to hold.)
      if (it.kind === 'hold' || u.removed || !worthOrdering(g, u, it)) continue;
      if (spare(g, u, !cavalryPhase) < costFor(g, u, 1)) continue;
      const order = it.kind === 'form' ? 'changeFormation' : it.kind === 'fallBack' ? 'fallBack' : 'move';
      if (!spendPips(g, u, order, 1)) continue;
      carryOut(g, u, it);
    }
  }
}

const HOLD: Intent = { kind: 'hold' };

/**
 * p9, p23: blown cavalry moves 3d6 toward safety (its own edge) in each of its side's movement phases:
 * as far as safety and never off its edge, short of a friend behind it or through it (burst-through,
 * p28), or the whole roll (nagb.blownRide).
 */
function blownMoves(g: Game, side: 0 | 1): void {
  for (const i of g.c.sides[side].units) {
    const u = g.units[i];
    if (!u.blown || !u.active || engaged(g, u)) continue;
    if (nearestEnemyDistance(g, u) > SAFE_DISTANCE) continue;
    const roll = sumD6(g.morale(side), BLOWN_MOVE_DICE);
    if (g.c.options.blownRide === 'throughFriends') {
      if (blownThroughFriends(g, u, roll, backToSafety(g, u, SAFE_DISTANCE))) u.moved = true;
      continue;
    }
    // (The room less a hair, so that the ride ends on the table and short of the unit behind.)
    const d = blownRide(roll, backToSafety(g, u, SAFE_DISTANCE), roomBehindClear(g, u) - 0.01, g.c.options);
    if (d <= EPS) continue;
    fallBack(g, u, d, 'none', 'blown');
    u.moved = true;
  }
}

/** p23: blown cavalry in a safe spot, not moving and not fired on, adds d6 + its recovery modifier to its tally; recovered at 10. */
function recovery(g: Game, side: 0 | 1): void {
  for (const i of g.c.sides[side].units) {
    const u = g.units[i];
    if (!u.blown || u.removed || u.state === BROKEN || u.moved || u.firedAtTurn === g.turn) continue;
    if (nearestEnemyDistance(g, u) <= SAFE_DISTANCE) continue;
    u.recovery = recoveryTally(u.recovery, 1 + Math.floor(g.morale(side)() * 6), u.spec.recovery);
    const done = recovered(u.recovery);
    if (g.sink) g.sink({ type: 'recovery', side, unit: u.spec.id, tally: u.recovery, recovered: done });
    if (done) unblow(g, u);
  }
}

/** A side's movement phase (p2: phases 3 and 6). */
export function movementPhase(g: Game, side: 0 | 1): void {
  moveCommanders(g, side);
  blownMoves(g, side);
  chargeStep(g, side, false);
  orders(g, side, false);
}

/** A side's cavalry movement phase (p2: phases 9 and 10): recovery, charges, moves, and their melees at once. */
export function cavalryPhase(g: Game, side: 0 | 1): void {
  if (g.sideCavalry[side].length === 0) return;
  let any = false;
  for (const i of g.c.sides[side].units) if (g.units[i].spec.arm === 'cavalry' && !g.units[i].removed) any = true;
  if (!any) return;
  moveCommanders(g, side);
  recovery(g, side);
  chargeStep(g, side, true);
  orders(g, side, true);
  closeCombatPhase(g);
}

/**
 * p2, p6, p8, p19, p24: the reserve movement phase: columns (and cavalry) in good order that did not
 * fire, charge or fight, with no enemy within 8", move again: march columns free, attack columns and
 * cavalry lines for a pip; never into a village nor out of one, never to within 4" of the enemy, no
 * formation change; a normal move (p6: march columns make "a normal move"), testing for the terrain it
 * crosses as any move does.
 */
export function reservePhase(g: Game, side: 0 | 1): void {
  const list = g.list1;
  clear(list);
  for (const i of g.c.sides[side].units) {
    const u = g.units[i];
    if (!u.active || u.spec.arm === 'artillery' || u.disordered || u.fired || u.charged || u.fought) continue;
    if ((u.formation === 'line' && u.spec.arm === 'infantry') || u.formation === 'square') continue;
    // p30-31: a unit in a sector stays there (leaving is a move of its own, with its test).
    if (u.sector >= 0) continue;
    list.push(i);
  }
  if (list.length === 0) return;
  for (const i of orderOfUnits(g, list, g.order2)) {
    const u = g.units[i];
    const near = nearestEnemyDistance(g, u);
    const cost = reserveMoveCost({
      arm: u.spec.arm,
      formation: u.formation === 'battery' ? 'line' : u.formation,
      limbered: false,
      goodOrder: !u.disordered,
      firedOrFought: u.fired || u.charged || u.fought,
      nearestSeeingEnemy: near,
      entersVillage: false,
      double: false,
    });
    if (cost < 0 || !wantsReserveMove(g, u)) continue;
    // p2: a move cut short 4" from the enemy (a straight move of d comes no more than d nearer to any
    // unit), at a friend in its path, or at a village sector's edge (p30: none is entered in this phase);
    // paid for only when it goes more than half an inch.
    const dist = reachable(g, u, 1, Math.min(paceOf(g, u), near - RESERVE_CLOSEST - 0.01), 1);
    if (dist <= 0.5) continue;
    if (cost > 0 && (spare(g, u, false) < costFor(g, u, cost) || !spendPips(g, u, 'reserveMove', cost))) continue;
    // p3, p6: a normal move, obeying the terrain rules: through terrain it tests for disorder at its end.
    advance(g, u, dist);
  }
}
