/**
 * The March phase of a player turn (p1 Play Sequence, March (1st) Phase; rulings 2): unit by unit,
 * the order is stated (b1), the March Table rolled (b2; p1 March Table, Tactical Movement Modifiers)
 * and the unit does what the result allows (b3): rallies, retreats, routs, changes formation, moves or
 * charges. A cavalry charge's infantry target may roll for square before contact (p1, p3 Forming
 * Square). Leaders (a) and detached leaders (c) do not play on the lane (rulings 6).
 */
import { recordCheck } from '../../core/result.js';
import { axialMax, axialMin, axialOverlap, EPS, inContact, lateralOverlap, moveBody, newMoveResult, pathLimit } from '../../table/index.js';
import { mayCharge } from './charge.js';
import { O_ADVANCE, O_CHARGE, O_HOLD, O_PROLONGE, O_WITHDRAW, type Order, type Play } from './context.js';
import { rollDie } from './dice.js';
import { addHits, cavalryAtBua, countWithdrawal, disorder, fullMoveOf, rally, removeUnit, retreat, rout, stopInBlock } from './effects.js';
import { blockAhead, blockEdgeContact, blockNearEdge, chargeRoute, dropLostContacts, enemyAtBlockEdge, enterBlock, friendsBeforeBlock, hasSecureFlanks, moveAmongFriends, placeFormation, placeInContact, prolongeFront, retireFromDistance, roomAmongFriends, roomBehind, rowOf, STANDOFF, type ChargeRoute } from './geometry.js';
import { marchLabels } from './labels.js';
import {
  BROKEN,
  disorderedAfter,
  MARCH_RESULTS,
  marchCheckFailed,
  marchModifier,
  marchResult,
  marchStandLossHits,
  mayChangeFormation,
  moveShare,
  movesForMarchMode,
  retireDistance,
  rollsOnMarchTable,
  type MarchResult,
} from './march.js';
import { moveAllowance, MOVEMENT_TABLE, PASSAGE_OF_LINES, PROLONGE } from './movement.js';
import { wantsSquare, decideOrder } from './orders.js';
import { formsSquare, squareRollResult } from './square.js';
import { FORMATIONS, type Formation } from './units.js';
import { PURPOSE, X } from './vocabulary.js';

const ROUTE: ChargeRoute = { face: -1, distance: Infinity, passed: 0 };
const MOVE = newMoveResult();

/** The March Table situation of u (p1 Tactical Movement Modifiers) for the order it was given. */
function situation(p: Play, u: number, moving: boolean, movingFormation: Formation, charging: boolean, target: number) {
  const s = p.c.specs[u];
  const st = p.st;
  const m = p.march;
  m.arm = s.arm;
  m.disordered = st.disordered[u] === 1;
  m.formation = st.formationOf(u);
  m.troops = s.troops;
  m.hits = st.hits[u];
  m.attachedLeader = st.leader[u] as 0 | 1 | 2;
  m.detachedLeaders = 0;
  m.detachedCharismatic = 0;
  m.marchMode = s.marchMode;
  m.moving = moving;
  m.movingFormation = movingFormation;
  m.secureFlanks = hasSecureFlanks(p.c, st, u);
  m.charging = charging;
  m.chargeAtBua = charging && target >= 0 && st.block[target] >= 0;
  m.cohesionLevel = p.level[s.side];
  return m;
}

/**
 * A formation change (p1: costs half a move): the footprint changes on the unit's front edge, about its
 * centre on the lane. A change whose new footprint would stand on an enemy or reach past the table edge
 * is not made (a reading of the lane: the unit cannot step sideways round it); on a friend's ground
 * aoe.formationRoom decides (placeFormation). Returns whether it was made.
 */
export function changeFormation(p: Play, u: number, f: Formation): boolean {
  const st = p.st;
  const from = st.formationOf(u);
  if (from === f) return false;
  if (!placeFormation(p.c, st, u, f)) return false;
  st.changed[u] = 1;
  dropLostContacts(st, u);
  if (p.sink) p.sink({ type: 'formation', side: p.c.specs[u].side, unit: p.c.specs[u].id, from, to: f });
  return true;
}

/**
 * A March roll for u: one die plus its modifiers, recorded as a morale check (rulings 5) for
 * `purpose`. Returns the modified roll.
 */
function marchRoll(p: Play, u: number, purpose: number, order: string, moving: boolean, movingFormation: Formation, charging: boolean, target: number): number {
  const s = p.c.specs[u];
  const sit = situation(p, u, moving, movingFormation, charging, target);
  const mod = marchModifier(sit, p.c.options);
  const roll = rollDie(p.dice.morale(s.side), p.c.die);
  const modified = roll + mod;
  const passed = purpose === PURPOSE.square ? formsSquare(modified, sit.disordered) : !marchCheckFailed(modified);
  recordCheck(p.res.sides[s.side], purpose, true, s.rating, s.unitClass, passed);
  if (!passed) p.res.units[u].checksFailed++;
  if (p.sink) {
    const result = MARCH_RESULTS[marchResult(modified, sit.disordered)].key;
    const purposeKey = ['move', 'charge', 'rally', 'square'][purpose];
    p.sink({ type: 'check', side: s.side, purpose: purposeKey, unit: s.id, target: 4, modifiers: marchLabels(sit, p.c.options), roll, passed, modified, result, order });
  }
  return modified;
}

/**
 * What a March result does to the unit before it moves (p1 March Table): Routs removes it; Fall Back
 * and Broken send it back a full move disordered (Broken troops lose a stand: aoe.standLoss); Retire
 * takes it beyond musket range (aoe.retireDistance); Elan, Rally and Shaken rally it (a battery: Elan
 * and Rally). Returns false when the unit can do nothing more this phase.
 */
export function applyMarchResult(p: Play, u: number, result: MarchResult, charging: boolean): boolean {
  const s = p.c.specs[u];
  const st = p.st;
  const eff = MARCH_RESULTS[result];
  const side = s.side;
  if (eff.move === 'removed') {
    rout(p, u);
    removeUnit(p, u, 'routs');
    return false;
  }
  if (eff.move === 'retreat') {
    const lost = marchStandLossHits(result, s.arm, p.c.options.standLoss);
    disorder(p, u);
    if (result === BROKEN) rout(p, u);
    p.res.extras[X.marchRetreats[side]]++;
    retreat(p, u, fullMoveOf(p, u), eff.key, true);
    if (lost) addHits(p, u, lost, false);
    if (charging) p.res.extras[X.chargesRefused[side]]++;
    return false;
  }
  if (eff.move === 'retire') {
    // p1 Retire: beyond enemy musketry range, measured from the enemy's muskets (aoe.retireFrom) ahead
    // of its rear: with only enemies behind, falling back takes it no further from them (Hold Ground).
    const from = retireFromDistance(p.c, st, u, p.c.options.retireFrom === 'anyEnemy');
    const d = retireDistance(from, p.c.options.retireDistance);
    if (d > 0) {
      p.res.extras[X.marchRetreats[side]]++;
      retreat(p, u, d, 'retire', true);
    }
    if (charging) p.res.extras[X.chargesRefused[side]]++;
    return false;
  }
  if (st.disordered[u] && !disorderedAfter(result, s.arm)) rally(p, u);
  return true;
}

/** The formation a unit leaving a village block forms outside it: the one its order names (not square), else Line. */
function blockExitFormation(o: Order): Formation {
  return o.formation >= 0 && FORMATIONS[o.formation] !== 'square' ? FORMATIONS[o.formation] : 'line';
}

/** Leaving a village block: a full move spent reforming outside it, in front or behind (p1, p3). */
function leaveBlock(p: Play, u: number, o: Order): void {
  const c = p.c;
  const st = p.st;
  const k = st.block[u];
  const t = c.terrain[k];
  const b = st.body[u];
  const from = b.front;
  const f = blockExitFormation(o);
  st.block[u] = -1;
  st.setFormation(u, f, c.lane.width);
  const nearEdge = b.facing > 0 ? t.to : t.from;
  const farEdge = b.facing > 0 ? t.from : t.to;
  // Formed outside the block, it does not stand on an enemy, nor on a friend's ground but as
  // aoe.formationRoom has a formation change do (p1/p3 Built-up Areas: a block, like any ground, holds
  // one unit; placeFormation).
  const centre = b.offset;
  const room = () => {
    b.offset = centre;
    return !overlapsEnemy(p, u) && roomAmongFriends(c, st, u);
  };
  b.front = o.kind === O_WITHDRAW ? farEdge : nearEdge + b.facing * b.depth;
  if (o.kind !== O_WITHDRAW && !room()) b.front = farEdge;
  if (!room()) {
    // No room outside the block on either side: it stays in it, having changed nothing.
    enterBlock(c, st, u, k);
    return;
  }
  st.changed[u] = 1;
  // Out of the back of the block, by choice: a withdrawal (rulings 5: a voluntary retreat).
  const back = b.front === farEdge;
  if (back) countWithdrawal(p, u);
  if (p.sink) {
    const s = c.specs[u];
    p.sink({ type: 'formation', side: s.side, unit: s.id, from: 'bua', to: f });
    if (back) p.sink({ type: 'retreat', side: s.side, forced: false, units: [s.id], unit: s.id, from, to: b.front, why: 'withdraw' });
    else p.sink({ type: 'move', side: s.side, unit: s.id, path: [from, b.front] });
  }
}

function overlapsEnemy(p: Play, u: number): boolean {
  const enemies = p.c.sideUnits[1 - p.c.specs[u].side];
  const b = p.st.body[u];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (!p.st.removed[e] && axialOverlap(b, p.st.body[e]) > EPS && lateralOverlap(b, p.st.body[e]) > EPS) return true;
  }
  return false;
}

/**
 * Infantry charged by cavalry rolls on the March Table before contact (p1, p3 Forming Square): square on
 * Cautious or better (Rally or better when disordered). Under aoe.squareRoll fullResult the roll's whole
 * result applies too.
 */
export function squareRoll(p: Play, t: number): void {
  const s = p.c.specs[t];
  const st = p.st;
  const disordered = st.disordered[t] === 1;
  const modified = marchRoll(p, t, PURPOSE.square, 'square', false, st.formationOf(t), false, -1);
  const formed = formsSquare(modified, disordered);
  p.res.extras[X.squareChecks[s.side]]++;
  if (formed && changeFormation(p, t, 'square')) {
    p.res.sides[s.side].squaresFormed++;
    p.res.extras[X.squares[s.side]]++;
  }
  if (p.sink) p.sink({ type: 'square', side: s.side, unit: s.id, formed });
  const full = squareRollResult(modified, disordered, p.c.options.squareRoll);
  if (full !== null) applyMarchResult(p, t, full, false);
}

/** Whether u's move along its path reaches contact with the front face of its target within `allowance`. */
function reachesFront(p: Play, u: number, t: number, allowance: number, row: keyof typeof MOVEMENT_TABLE): boolean {
  const b = p.st.body[u];
  const r = moveBody(b, 1, allowance, p.c.lane, p.c.terrain, p.costs[row], pathLimit(b, 1, p.st.body[t]), MOVE);
  return r.stop === 'contact';
}

/** A charge that cannot go in moves up no further than STANDOFF short of its target's near edge (a reading). */
function shortOf(p: Play, u: number, t: number): number {
  const b = p.st.body[u];
  const tb = p.st.body[t];
  return (b.facing > 0 ? axialMin(tb) : axialMax(tb)) - b.facing * STANDOFF;
}

/** The target can still be charged: a free face (ROUTE) within the allowance. */
function reachable(p: Play, u: number, t: number, allowance: number, row: keyof typeof MOVEMENT_TABLE): boolean {
  if (p.st.removed[t]) return false;
  chargeRoute(p.c, p.st, u, t, ROUTE);
  if (ROUTE.face < 0) return false;
  // A front charge through friends has 3" a friend less to move with (aoe.friendInPath passage).
  return ROUTE.face === 0 ? reachesFront(p, u, t, allowance - PASSAGE_OF_LINES * ROUTE.passed, row) : ROUTE.distance <= allowance + EPS;
}

/**
 * A charge (a move into contact, rulings 2): allowed by the March result (aoe.chargeRequires), the
 * target within the allowance by a free face; cavalry at infantry lets it roll for square first. A
 * charge refused or short moves up as an advance.
 */
function chargeMove(p: Play, u: number, o: Order, result: MarchResult, allowance: number, row: keyof typeof MOVEMENT_TABLE): void {
  const c = p.c;
  const st = p.st;
  const s = c.specs[u];
  const t = o.target;
  if (!mayCharge(result, c.options.chargeRequires) || !reachable(p, u, t, allowance, row)) {
    p.res.extras[X.chargesRefused[s.side]]++;
    if (p.sink) p.sink({ type: 'charge', side: s.side, units: [s.id], target: c.specs[t].id, from: st.body[u].front, to: st.body[u].front, reached: false, face: o.face === 1 ? 'flank' : 'front', breakthrough: false });
    moveAhead(p, u, allowance, shortOf(p, u, t), row);
    return;
  }
  if (s.arm === 'cavalry' && c.specs[t].arm === 'infantry' && wantsSquare(p, t)) {
    squareRoll(p, t);
    if (!reachable(p, u, t, allowance, row)) {
      p.res.extras[X.chargesRefused[s.side]]++;
      moveAhead(p, u, allowance, shortOf(p, u, t), row);
      return;
    }
  }
  // p1 Built-up Areas: a vacant block on the way ends the charge in it, short of its target (a front
  // charge's path is straight ahead; a flank charge's detour goes round, rulings 6); under
  // aoe.blockEdge contact a block whose outside edge touches the target leaves it in contact: home.
  const from = st.body[u].front;
  const k = ROUTE.face === 0 ? blockAhead(c, st, u, ROUTE.distance - PASSAGE_OF_LINES * ROUTE.passed, 0) : -1;
  if (k >= 0) {
    // In a block another enemy touches, the charger would be in contact with that one too, a contact
    // this charge does not make (rulings 2): it stops at the block's near edge, as an advance does.
    if (blockEdgeContact(c.options.blockEdge) && enemyAtBlockEdge(c, st, u, k, t)) return moveAhead(p, u, allowance, blockNearEdge(c, st.body[u], k), row);
    stopInBlock(p, u, k);
    if (!blockEdgeContact(c.options.blockEdge) || !inContact(st.body[u], st.body[t])) return;
  }
  placeInContact(c, st, u, t, ROUTE.face);
  st.aboutFaced[u] = 0;
  p.homeCounted[u] = 0;
  st.breakthrough[u] = 0;
  p.chargeMet = true;
  if (p.sink) p.sink({ type: 'charge', side: s.side, units: [s.id], target: c.specs[t].id, from, to: st.body[u].front, reached: true, face: ROUTE.face === 1 ? 'flank' : 'front', breakthrough: false });
  cavalryAtBua(p, u, t);
}

/**
 * An advance: into a vacant village block on its way (p1: movement ends there), else up to stopAt with
 * `allowance` inches of movement, `cap` inches of ground at most, friends in its path as
 * aoe.friendInPath has them.
 */
function moveAhead(p: Play, u: number, allowance: number, stopAt: number, row: keyof typeof MOVEMENT_TABLE, cap = Infinity): void {
  const c = p.c;
  const st = p.st;
  const b = st.body[u];
  const from = b.front;
  const most = Math.min(allowance, cap);
  const reach = Number.isNaN(stopAt) ? most : Math.min(most, Math.max(0, (stopAt - b.front) * b.facing));
  const k = c.specs[u].arm === 'artillery' ? -1 : blockAhead(c, st, u, reach, STANDOFF);
  // aoe.blockEdge contact: in a block an enemy touches it would be in contact, and only a charge
  // moves into contact (rulings 2): the advance stops at the block's near edge.
  const short = k >= 0 && blockEdgeContact(c.options.blockEdge) && enemyAtBlockEdge(c, st, u, k);
  // Friends on the way to the block are settled first (aoe.friendInPath): it enters only when it
  // reaches the block's near edge having paid for them and clear of them.
  if (k >= 0 && !short) {
    if (friendsBeforeBlock(c, st, u, k, allowance, cap, p.costs[row])) return stopInBlock(p, u, k);
  } else moveAmongFriends(c, st, u, 1, allowance, cap, p.costs[row], short ? blockNearEdge(c, b, k) : stopAt);
  if (Math.abs(b.front - from) > EPS && p.sink) p.sink({ type: 'move', side: c.specs[u].side, unit: c.specs[u].id, path: [from, b.front] });
}

/**
 * A prolonge (p1 movement notes; aoe.prolonge): an unlimbered battery shifts up to 1" (PROLONGE) of its
 * movement forward (`distance` > 0) or back (< 0) without limbering, on a March result whose share of
 * a move (`share`) is not nothing; it stays unlimbered and fires as usual. Not a withdrawal: the
 * battery does not give up ground it holds by going back 1".
 */
export function prolonge(p: Play, u: number, distance: number, share: number): void {
  const c = p.c;
  const st = p.st;
  const s = c.specs[u];
  const row = rowOf(c, st, u);
  if (row === null || s.arm !== 'artillery' || st.limbered[u]) return;
  const allowance = moveAllowance(MOVEMENT_TABLE[row].basic, share, false, 0);
  const inches = Math.min(Math.abs(distance), PROLONGE, allowance);
  if (inches <= EPS) return;
  const b = st.body[u];
  const from = b.front;
  b.front = prolongeFront(c, st, u, distance < 0 ? -1 : 1, inches, p.costs[row]);
  if (Math.abs(b.front - from) <= EPS) {
    b.front = from;
    return;
  }
  p.res.extras[X.prolonges[s.side]]++;
  if (p.sink) p.sink({ type: 'prolonge', side: s.side, unit: s.id, from, to: b.front, back: distance < 0 });
}

/** One unit's turn in the March phase: order, roll, result, move. */
export function marchUnit(p: Play, u: number): void {
  const c = p.c;
  const st = p.st;
  const s = c.specs[u];
  const o = decideOrder(p, u, p.order);
  const side = s.side;
  if (o.kind === O_CHARGE) {
    p.res.sides[side].chargesDeclared++;
    p.res.extras[X.charges[side]]++;
  }
  const change = o.formation >= 0 && o.formation !== st.formation[u];
  const acts = o.kind !== O_HOLD || change || o.limber !== 0 || o.rally;
  if (!rollsOnMarchTable(acts, c.options.marchCheck)) return;
  if (p.sink && acts) p.sink({ type: 'order', side, unit: s.id, order: orderText(p, o), target: o.kind === O_CHARGE ? c.specs[o.target].id : null });
  const moving = movesForMarchMode(o.kind !== O_HOLD, change, c.options.marchModeChange);
  // A unit leaving a village block moves off in the formation it forms outside (leaveBlock), named in
  // its order or not: that is the formation March Mode's -2 asks about (p1, p3).
  const leaving = st.block[u] >= 0 && (o.kind === O_ADVANCE || o.kind === O_WITHDRAW);
  const movingFormation = leaving ? blockExitFormation(o) : change ? FORMATIONS[o.formation] : st.formationOf(u);
  const charging = o.kind === O_CHARGE;
  const disordered = st.disordered[u] === 1;
  const purpose = disordered ? PURPOSE.rally : charging ? PURPOSE.charge : PURPOSE.move;
  const modified = marchRoll(p, u, purpose, p.sink ? orderText(p, o) : '', moving, movingFormation, charging, charging ? o.target : -1);
  const result = marchResult(modified, disordered);
  if (!applyMarchResult(p, u, result, charging)) return;

  const share = moveShare(result);
  let changed = false;
  if (change && st.block[u] < 0) {
    const to = FORMATIONS[o.formation];
    if (mayChangeFormation(result, to === 'square' ? 'square' : 'other')) changed = changeFormation(p, u, to);
  }
  if (o.limber !== 0 && s.arm === 'artillery' && mayChangeFormation(result, 'limber')) {
    st.limbered[u] = o.limber === 1 ? 1 : 0;
    st.changed[u] = 1;
    changed = true;
    if (p.sink) p.sink({ type: 'formation', side, unit: s.id, from: o.limber === 1 ? 'battery' : 'limbered', to: o.limber === 1 ? 'limbered' : 'battery' });
  }
  if (o.kind === O_HOLD) return;
  if (o.kind === O_PROLONGE) {
    // An unlimbered battery that neither limbered nor unlimbered this phase (the prolonge is done
    // without limbering), on a result that lets it move (aoe.prolonge).
    if (!changed && !st.limbered[u] && c.options.prolonge === 'move') prolonge(p, u, o.distance, share);
    return;
  }
  if (st.block[u] >= 0) {
    // p1 Built-up Areas: leaving takes the whole move.
    if (MARCH_RESULTS[result].move === 'full' && o.kind !== O_CHARGE) leaveBlock(p, u, o);
    else if (charging) p.res.extras[X.chargesRefused[side]]++;
    return;
  }
  const row = rowOf(c, st, u);
  if (row === null || (s.arm === 'artillery' && !st.limbered[u])) {
    if (charging) p.res.extras[X.chargesRefused[side]]++;
    return;
  }
  const allowance = moveAllowance(MOVEMENT_TABLE[row].basic, share, changed, 0);
  if (allowance <= EPS) {
    if (charging) p.res.extras[X.chargesRefused[side]]++;
    return;
  }
  if (charging) return chargeMove(p, u, o, result, allowance, row);
  if (o.kind === O_ADVANCE) return moveAhead(p, u, allowance, o.stopAt, row, o.distance);
  // A withdrawal by choice: back, facing the enemy, no further than its own table edge (a move, not a
  // forced retreat: it does not leave the table), friends behind it as aoe.friendInPath has them.
  const from = st.body[u].front;
  moveAmongFriends(c, st, u, -1, allowance, o.distance, p.costs[row], NaN);
  if (Math.abs(st.body[u].front - from) <= EPS) return;
  countWithdrawal(p, u);
  if (p.sink) p.sink({ type: 'retreat', side, forced: false, units: [s.id], unit: s.id, from, to: st.body[u].front, why: 'withdraw' });
}

function orderText(p: Play, o: Order): string {
  const parts: string[] = [];
  if (o.formation >= 0) parts.push(`form ${FORMATIONS[o.formation]}`);
  if (o.limber === 1) parts.push('limber');
  if (o.limber === 2) parts.push('unlimber');
  if (o.kind === O_ADVANCE) parts.push('advance');
  if (o.kind === O_WITHDRAW) parts.push('withdraw');
  if (o.kind === O_PROLONGE) parts.push(`prolonge ${o.distance < 0 ? 'back' : 'forward'}`);
  if (o.kind === O_CHARGE) parts.push(`charge ${p.c.specs[o.target].id}${o.face === 1 ? ' in the flank' : ''}`);
  if (o.rally) parts.push('rally');
  return parts.join(', ') || 'hold';
}

/** The March phase of `side`: each of its units in turn (p1 b). */
export function marchPhase(p: Play, side: 0 | 1): void {
  const units = p.c.sideUnits[side];
  for (let i = 0; i < units.length; i++) {
    if (p.st.removed[units[i]]) continue;
    marchUnit(p, units[i]);
  }
}

