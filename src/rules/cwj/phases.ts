/**
 * The six phases of a player turn ([SoP] l.4-15; rulings section 2), played on the lane with the
 * phase-1 rule functions. P is the phasing side, N the other.
 * 1. Rally: P's disordered and unformed units not in contact take a pass or roll ([Rally]).
 * 2. Movement: P moves ([Move] [Spec] [Rough]); N's cavalry may withdraw ([Spec] l.107-109); N's
 *    contacted infantry checks ([Contact]); P's unformed units that did not move become good.
 * 3. Defensive fire: N's units not in a standing melee square or fire ([SoP] l.10-11, [Fire]).
 * 4. Charge: P's good cavalry not in contact may charge ([SoP] l.12).
 * 5. Advancing fire: P's units not in contact fire.
 * 6. Melee: every group of units in contact fights ([Melee]); winning cavalry tests control ([Control]).
 */
import { d6 } from '../../core/dice.js';
import { EPS, inContact, isInFront, moveBody, overlapsLaterally, pathLimit, touching } from '../../table/index.js';
import {
  allowanceFor,
  chargeReach,
  chooseCharge,
  chooseControl,
  chooseGeneral,
  choosePass,
  chooseSquare,
  chooseTarget,
  chooseWithdraw,
  mayReform,
  newMovePlan,
  placeCommander,
  planMove,
  withinPassRange,
  type MovePlan,
} from './ai.js';
import { chipsForRallyResult } from './chips.js';
import {
  CONTROL_CONTROLLED,
  CONTROL_MILL,
  CONTROL_REMOVED,
  CONTROL_RESULT_NAMES,
  CONTROL_TABLE,
  CONTROL_UNCONTROLLED_CHARGE,
  controlDisorders,
  controlModifier,
  controlResult,
  controlTestRequired,
  uncontrolledContactFightsNow,
} from './control.js';
import { attachGeneral, bump, disorder, generalUsed, killGeneral, loseChips, recordRallyCheck, removeUnit, retreatUnit, setCohesion } from './effects.js';
import type { ControlCase } from './control.js';
import type { MeleeUnit } from './melee.js';
import type { AdvanceCase } from './movement.js';
import type { Firer, FireTarget } from './fire.js';
import {
  ARTILLERY_RANGE_CM,
  MUSKET_RANGE_CM,
  combinedBatteryFireMod,
  FIRE_ELIMINATE,
  FIRE_NONE,
  FIRE_RESULT_NAMES,
  FIRE_RETREAT,
  FIRING_TABLE,
  firerModifier,
  mayFire,
  mayFireAtContact,
  newFireRoll,
  rangeBand,
  resolveFire,
  targetModifier,
} from './fire.js';
import { fill8, fill32, mayTouch, type Game } from './game.js';
import { footprintFits } from './layout.js';
import {
  cavalryCapApplies,
  MELEE_ELIMINATE,
  MELEE_RESULT_NAMES,
  MELEE_RETREAT,
  MELEE_TABLE,
  meleeResult,
  newMeleeRoll,
  resolveMelee,
  sideMeleeModifier,
  sideMeleeTotal,
  unitMeleeValue,
} from './melee.js';
import {
  cohesionAfterRoughTest,
  mayCharge,
  mayMove,
  mayMoveTowardEnemy,
  mayWithdraw,
  closedForWithdrawal,
  MOVED,
  REFORMED,
  STOOD,
  ROUGH_LINEAR,
  ROUGH_UPHILL,
  ROUGH_WATER,
  ROUGH_WOODS,
  roughTestModifier,
  roughTestOutcome,
  withdrawalDistance,
} from './movement.js';
import {
  cohesionAfterRoll,
  contactCheckModifier,
  contactCheckRequired,
  generalUsedOnCheck,
  mayUsePass,
  mustRollToRally,
  RALLY_PASS,
  RALLY_PASS_AT,
  RALLY_RESULT_NAMES,
  RALLY_RETREAT,
  RALLY_DISORDERED,
  RALLY_ROUT,
  RALLY_TABLE,
  rallyModifier,
  rallyTableResult,
  unformedRecovers,
  type CheckPurpose,
} from './rally.js';
import { retreatSign } from './retreat.js';
import { isLightInfantry, meleeFactorOf } from './troops.js';
import type { Formation } from './types.js';
import { X } from './vocabulary.js';

/** A unit barred from frontal contact stops this far short (cm): out of contact, nothing more. */
export const CONTACT_SHORT = 0.5;

const fireRoll = newFireRoll();
/** Reused arguments of the rule functions (no allocation per question). */
const ADVANCE: AdvanceCase = { arm: 'infantry', formation: 'line', cohesion: 'good', heldByRally: false, corpsFatigued: false, leaderAttached: false, towardEnemy: false, intoFrontalContactWithCavalry: false };
const FIRER: Firer = { arm: 'infantry', formation: 'line', disordered: false };
const TARGET: FireTarget = { arm: 'infantry', formation: 'line', disordered: false, flankOrRear: false, cover: 'none' };
const MELEE_UNIT: MeleeUnit = { factor: 0, arm: 'infantry', formation: 'line', disordered: false, flankOrRear: false, generalServes: false };
const CONTROL: ControlCase = { generalServes: false, britishNotKgl: false, disordered: false, enemyFlankOrRearVisible: false };
const NO_NAMES: string[] = [];
const meleeRoll = newMeleeRoll();

/** The facts `mayMoveTowardEnemy` reads of unit u moving in formation `from` (one shared scratch case). */
function advanceCase(g: Game, u: number, from: Formation, towardEnemy: boolean, intoFrontalContactWithCavalry: boolean): AdvanceCase {
  const s = g.c.units[u];
  const a = ADVANCE;
  a.arm = s.arm;
  a.formation = from;
  a.cohesion = g.cohesion[u];
  a.heldByRally = g.held[u] === 1;
  a.corpsFatigued = g.fatigued[s.corps] === 1;
  a.leaderAttached = g.generalOf(u) >= 0;
  a.towardEnemy = towardEnemy;
  a.intoFrontalContactWithCavalry = intoFrontalContactWithCavalry;
  return a;
}

const plan: MovePlan = newMovePlan();

// ---------------------------------------------------------------------------------------------
// Rally Table rolls shared by every purpose

/**
 * One Rally Table check of a unit ([Rally] l.34-58) for contact, withdrawal or rally, with its
 * modifier; records it, kills a used general on a 1 ([Gen] l.290), pays chips ([Win] l.304) and
 * returns the table's result (the caller applies it).
 */
function rallyTableCheck(g: Game, u: number, purpose: Exclude<CheckPurpose, 'rough'>, extra: number, staysInMelee = false): number {
  const s = g.c.units[u];
  const opts = g.c.options;
  const gen = g.generalOf(u);
  const mod = rallyModifier(s.rally, gen >= 0, purpose, opts.generalCheckBonus) + extra;
  const r = g.dice.morale(s.side);
  const a = d6(r);
  const b = d6(r);
  const result = rallyTableResult(a + b + mod);
  recordRallyCheck(g, u, purpose, mod, result === RALLY_PASS);
  if (g.sink) g.sink({ type: 'check', side: s.side, purpose, unit: s.id, target: RALLY_PASS_AT, modifiers: [], roll: [a, b], passed: result === RALLY_PASS, modifier: mod, result: RALLY_RESULT_NAMES[result], ...(staysInMelee && result === RALLY_RETREAT ? { staysInMelee: true as const } : {}) });
  if (gen >= 0 && generalUsedOnCheck(true, purpose, opts.generalCheckBonus)) generalUsed(g, gen);
  const chips = chipsForRallyResult(result as 0 | 1 | 2 | 3, purpose, g.cohesion[u] === 'unformed', opts);
  if (chips > 0) loseChips(g, s.corps, chips, u, purpose);
  return result;
}

/** What a unit retreats away from on the Rally Table: the nearest enemy (rulings 7: 30 cm straight away), as effects.ts retreatUnit reads it. */
function nearestEnemyReach(g: Game, u: number): number {
  const e = g.nearestEnemy(u);
  const b = g.bodies[u];
  return e < 0 ? b.front + b.facing : g.reachToward(e, b.facing);
}

/**
 * A check's result on a good unit ([Contact] l.125-129, [Spec] l.108-109; rulings 5): 6-8 disordered,
 * 4-5 retreats 30 cm (disordered per `cwj.checkRetreatDisorders`), 3 or less routs.
 */
function applyCheck(g: Game, u: number, result: number, by: number, purpose: 'contact' | 'withdrawal'): void {
  if (result === RALLY_PASS) return;
  if (result === RALLY_ROUT) return removeUnit(g, u, 'routed');
  const to = cohesionAfterRoll(result as 0 | 1 | 2 | 3, g.cohesion[u], purpose, g.c.options.checkRetreatDisorders);
  if (to !== g.cohesion[u]) setCohesion(g, u, to);
  if (result === RALLY_RETREAT) retreatUnit(g, u, g.reachToward(by, g.bodies[u].facing), RALLY_TABLE.retreatCm, true, purpose);
}

// ---------------------------------------------------------------------------------------------
// 1. Rally phase

export function rallyPhase(g: Game): void {
  const P = g.phasing;
  const opts = g.c.options;
  for (let u = 0; u < g.n; u++) if (g.c.units[u].side === P) g.held[u] = 0;
  for (let u = 0; u < g.n; u++) {
    const s = g.c.units[u];
    if (s.side !== P || !g.alive[u] || g.cohesion[u] === 'good') continue;
    const contact = g.inContact(u);
    if (contact) continue; // [Melee] l.254: units in contact neither roll nor take passes
    const k = s.corps;
    if (mayUsePass(g.passes[k], true, withinPassRange(g, k, u) ? 0 : Infinity, g.cohesion[u], contact) && choosePass(g, u)) {
      g.passes[k]--;
      bump(g, X.passesSpent, P);
      if (g.sink) g.sink({ type: 'pass', side: P, corps: g.c.corps[k].id, unit: s.id, left: g.passes[k] });
      setCohesion(g, u, 'good');
      continue;
    }
    if (!mustRollToRally(g.cohesion[u], contact, opts.roughFailure)) continue;
    bump(g, X.rallyRolls, P);
    const result = rallyTableCheck(g, u, 'rally', 0);
    if (result === RALLY_PASS) {
      bump(g, X.rallyPassed, P);
      setCohesion(g, u, 'good');
      continue;
    }
    g.held[u] = 1;
    if (result === RALLY_ROUT) removeUnit(g, u, 'routed');
    else if (result === RALLY_RETREAT) retreatUnit(g, u, nearestEnemyReach(g, u), RALLY_TABLE.retreatCm, true, 'rally');
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Movement phase

/** The rough kinds of terrain a move met ([Rough] l.110-120), as movement.ts's bits. */
function roughKinds(g: Game, met: readonly number[], dir: number): number {
  let k = 0;
  for (const i of met) {
    const t = g.c.terrain[i];
    if (t.kind === 'water') k |= ROUGH_WATER;
    else if (t.kind === 'woods') k |= ROUGH_WOODS;
    else if (t.kind === 'slope' && t.rises === dir) k |= ROUGH_UPHILL;
    else if (t.kind === 'wall' || t.kind === 'hedge') k |= ROUGH_LINEAR;
  }
  return k;
}

/** [Rough] l.110-124: a unit that moved through rough terrain tests once; failing, it is unformed (or disordered). */
function roughTest(g: Game, u: number, kinds: number, formation: Formation): void {
  if (kinds === 0) return;
  const s = g.c.units[u];
  const opts = g.c.options;
  const gen = g.generalOf(u);
  const mod = roughTestModifier(s.rally, gen >= 0, s.arm, formation, isLightInfantry(s), kinds, opts);
  const r = g.dice.morale(s.side);
  const a = d6(r);
  const b = d6(r);
  const test = roughTestOutcome(a + b + mod, opts.roughFailure);
  const passed = test === 'good';
  recordRallyCheck(g, u, 'rough', mod, passed);
  if (g.sink) g.sink({ type: 'check', side: s.side, purpose: 'rough', unit: s.id, target: RALLY_PASS_AT, modifiers: [], roll: [a, b], passed, modifier: mod, result: passed ? 'passed' : test });
  if (gen >= 0 && generalUsedOnCheck(true, 'rough', opts.generalCheckBonus)) generalUsed(g, gen);
  if (passed) return;
  const to = cohesionAfterRoughTest(g.cohesion[u], test);
  if (to !== g.cohesion[u]) {
    if (to === 'unformed') bump(g, X.unformed, s.side);
    setCohesion(g, u, to);
  }
}

/**
 * A contact made by u's move (movement, charge or control): rulings 10 counts cavalry moving into
 * contact as a charge that went home; the contacted unit remembers every enemy that hit its front this
 * player turn ([Fire] l.131-134);
 * an infantry target checks at once (`now`) or after withdrawals (the movement phase, [SoP] l.7-9).
 * `movedIn`: the formation u started its move in when the move also changed its formation (null if it
 * did not): under `cwj.moveFormation` = start a contact its move made before the change (g.touchedBefore)
 * is made in that formation, so the check asks whether that was an infantry column ([Contact] l.126-127);
 * a contact only the change made is made in the new formation under both readings.
 */
function registerContacts(g: Game, u: number, now: boolean, counted: boolean, movedIn: Formation | null = null): boolean {
  const s = g.c.units[u];
  let any = false;
  g.refreshPairs();
  const row = u * g.n;
  const start = movedIn !== null && g.c.options.moveFormation === 'start';
  for (let i = 0; i < g.live.length; i++) {
    const v = g.live[i];
    const bits = g.touch[row + v];
    if (g.sideOf[v] === s.side || !(bits & 1)) continue;
    any = true;
    if (bits & 2) g.contactedBy[v * g.n + u] = 1;
    const t = g.c.units[v];
    const as = start && g.touchedBefore[v] & 1 ? (movedIn as Formation) : g.formation[u];
    if (g.checked[v] !== g.phaseNo && contactCheckRequired(t.arm, g.formation[v], s.arm, as)) {
      if (now) contactCheck(g, v, u);
      else g.targets[v] = u + 1; // checked after withdrawals
    }
  }
  if (!any) return false;
  g.contactMade = true;
  g.ownContact[u] = 1;
  g.arrived[u] = 1;
  if (s.arm === 'cavalry' && counted) {
    const sr = g.res.sides[s.side];
    sr.chargesDeclared++;
    sr.chargesHome++;
    g.chargePending[u] = 1;
  }
  return true;
}

/**
 * [Contact] l.125-129: the check of a contacted infantry unit, skirmishers at -3. One already in a
 * standing melee (joined by the contactor, [Melee] l.254) takes a 4-5 where it stands, disordered,
 * under `cwj.meleeContactCheck` = stays.
 */
export function contactCheck(g: Game, v: number, by: number): void {
  if (!g.alive[v] || g.checked[v] === g.phaseNo) return;
  g.checked[v] = g.phaseNo;
  const opts = g.c.options;
  const extra = contactCheckModifier(0, false, g.formation[v], opts.generalCheckBonus);
  const stays = g.engaged[v] === 1 && opts.meleeContactCheck === 'stays';
  let result = rallyTableCheck(g, v, 'contact', extra, stays);
  if (result === RALLY_RETREAT && stays) result = RALLY_DISORDERED;
  applyCheck(g, v, result, by, 'contact');
}

/**
 * Move u by its plan ([Move], [Spec]): the formation change (at the halved rate) takes effect at the
 * end of the move, front edge kept; forward moves stop at the first unit in the path (friends block;
 * infantry stops short of cavalry's front, [Spec] l.105; cavalry short of any front under
 * `cwj.cavalryMoveContact` = chargeOnly); infantry enters a village or fortification only by
 * deploying (rulings 3). Returns whether it moved or reformed (a refused change with no distance is neither).
 */
export function executeMove(g: Game, u: number, p: MovePlan): boolean {
  const s = g.c.units[u];
  const b = g.bodies[u];
  if (!g.alive[u] || g.engaged[u] || !mayMove(g.cohesion[u], g.held[u] === 1)) return false;
  const from = g.formation[u];
  let to: Formation = mayReform(g, u, p.to) ? p.to : from;
  if (to === 'deployed' && s.arm !== 'infantry') to = from;
  const way = p.way;
  let dist = way === 0 ? 0 : Math.min(p.distance, allowanceFor(g, u, to, way === -1));
  if (from === 'deployed' && to === 'deployed') dist = 0; // Deployed fills its area: it moves only by leaving it
  // [Spec] l.106: a square may not move toward a visible enemy; the formation it moves in per cwj.moveFormation.
  const movesIn = g.c.options.moveFormation === 'start' ? from : to;
  const seesEnemy = way === 1 && g.enemyAhead(u);
  if (way === 1 && dist > EPS) {
    if (!mayMoveTowardEnemy(advanceCase(g, u, movesIn, seesEnemy, false))) dist = 0;
  }
  let limit = NaN;
  if (way !== 0 && dist > EPS) {
    const dir = b.facing * way;
    const a = g.firstAhead(u, way);
    if (a >= 0) {
      limit = pathLimit(b, way, g.bodies[a]);
      const enemy = g.c.units[a].side !== s.side;
      if (enemy) {
        const frontal = way === 1 && g.bodies[a].facing !== b.facing;
        const barred =
          way === -1 ||
          (s.arm === 'infantry' && g.c.units[a].arm === 'cavalry' && frontal) ||
          (s.arm === 'cavalry' && g.c.options.cavalryMoveContact === 'chargeOnly');
        if (barred) limit -= dir * CONTACT_SHORT;
      }
    }
    // Only infantry enters a village or fortification, and only by deploying: others stop at its edge.
    if (to !== 'deployed' && way === 1) {
      for (const t of g.c.terrain) {
        if ((t.kind !== 'village' && t.kind !== 'fortification') || t.to === t.from) continue;
        if (t.yMin !== undefined && b.offset + b.frontage / 2 <= t.yMin + EPS) continue;
        if (t.yMax !== undefined && b.offset - b.frontage / 2 >= t.yMax - EPS) continue;
        const edge = dir > 0 ? t.from : t.to;
        if ((edge - b.front) * dir >= -EPS && (Number.isNaN(limit) || (edge - limit) * dir < 0)) limit = edge;
      }
    }
    // Under cwj.besideContact = flanks, no further than level with an enemy in the next file.
    dist = Math.min(dist, g.roomTo(u, way), g.besideRoom(u, way));
  }
  const changing = to !== from;
  if (dist <= EPS && !changing) return false;
  const x0 = b.front;
  let kinds = 0;
  if (dist > EPS) {
    const mv = moveBody(b, way as 1 | -1, dist, g.c.lane, g.c.terrain, g.cost, limit, g.mv);
    b.front = mv.front;
    g.stepped(u);
    kinds = roughKinds(g, mv.met, b.facing * way);
  }
  let touchedByChange = false;
  let changed = false;
  if (changing) {
    const depth = g.deployDepthAt(b.facing, b.front);
    const t = g.shapeInScratch(u, to);
    if ((to === 'deployed' && depth <= 0) || !footprintFits(g.c.lane, t, g.overlapsAny(t, u))) to = from;
    else {
      // A wider footprint can touch an enemy the old one did not (one in the next file, level with it).
      const row = u * g.n;
      const before = g.touchedBefore;
      g.refreshPairs();
      for (let v = 0; v < g.n; v++) before[v] = g.touch[row + v];
      const depthBefore = b.depth;
      g.formation[u] = to;
      g.shape(u, to, depth);
      const made = newContacts(g, u);
      if (made < 0) {
        // The change would make a contact the unit may not move into: it is not made.
        g.formation[u] = from;
        g.shape(u, from, depthBefore);
        to = from;
      } else {
        touchedByChange = made > 0;
        changed = true;
      }
    }
  }
  // [Spec] l.106: a change refused where the move ended leaves the unit in the formation it started in;
  // a square may not have moved toward the enemy it sees (under `end` the advance was read as made in
  // the new formation), so it stays where it stood.
  if (changing && !changed && seesEnemy && Math.abs(b.front - x0) > EPS && !mayMoveTowardEnemy(advanceCase(g, u, from, true, false))) {
    b.front = x0;
    g.stepped(u);
    kinds = 0;
  }
  if (g.sink && Math.abs(b.front - x0) > EPS) g.sink({ type: 'move', side: s.side, unit: s.id, path: [x0, b.front] });
  if (changed) {
    if (to === 'square') g.res.sides[s.side].squaresFormed++;
    if (g.sink) g.sink({ type: 'formation', side: s.side, unit: s.id, from, to });
  }
  // A change refused (no room, or a contact it may not make) and no distance gone: the unit did not
  // move ([Spec] l.107: no withdrawal from it; [Rough] l.123-124: an unformed unit that stood recovers).
  if (g.formation[u] === from && Math.abs(b.front - x0) <= EPS) return false;
  g.moved[u] = Math.abs(b.front - x0) > EPS ? MOVED : REFORMED;
  // [Rough] l.115-118 (line -1) and [Contact] l.126-127 (an infantry column) read the formation the move
  // was made in (cwj.moveFormation); g.touchedBefore holds what the move alone touched when a change was made.
  const start = g.c.options.moveFormation === 'start';
  roughTest(g, u, kinds, start ? from : g.formation[u]);
  const movedIn = g.formation[u] !== from ? from : null;
  if (g.alive[u] && ((way === 1 && Math.abs(b.front - x0) > EPS) || touchedByChange)) registerContacts(g, u, false, true, movedIn);
  return true;
}

/**
 * The enemies u touches now and did not touch before its formation change (g.touchedBefore): their
 * count, or -1 when such a contact is one u may not move into ([Spec] l.105, [Win] l.304-306, as
 * `mayMoveTowardEnemy` reads a move toward an enemy; cavalry under `cwj.cavalryMoveContact` =
 * chargeOnly). A contact made by widening is a contact made in the movement phase, as a move's is.
 */
function newContacts(g: Game, u: number): number {
  const s = g.c.units[u];
  g.refreshPairs();
  const row = u * g.n;
  let made = 0;
  for (let i = 0; i < g.live.length; i++) {
    const v = g.live[i];
    const bits = g.touch[row + v];
    if (g.sideOf[v] === s.side || !(bits & 1) || g.touchedBefore[v] & 1) continue;
    const intoCavalryFront = g.c.units[v].arm === 'cavalry' && (bits & 2) !== 0;
    // Made by the change itself, so in the new formation under either cwj.moveFormation (never a square: it is no wider than a column).
    if (!mayMoveTowardEnemy(advanceCase(g, u, g.formation[u], true, intoCavalryFront))) return -1;
    if (s.arm === 'cavalry' && g.c.options.cavalryMoveContact === 'chargeOnly') return -1;
    made++;
  }
  return made;
}

/** [Gen]: divisional generals of the phasing side move freely (rulings 2). */
function moveGenerals(g: Game): void {
  for (let gen = 0; gen < g.genUnit.length; gen++) {
    const spec = g.c.generals[gen];
    if (spec.side !== g.phasing || !g.genAlive[gen]) continue;
    const v = chooseGeneral(g, gen);
    if (v >= 0 && g.alive[v] && g.c.units[v].arm === spec.arm && g.c.units[v].corps === spec.corps) attachGeneral(g, gen, v);
  }
}

export function movementPhase(g: Game): void {
  const P = g.phasing;
  const N = (1 - P) as 0 | 1;
  fill8(g.moved, 0);
  fill32(g.targets, 0);
  moveGenerals(g);
  // Nearest the enemy first, so those behind can follow them up.
  let m = 0;
  for (let u = 0; u < g.n; u++) if (g.alive[u] && g.c.units[u].side === P) g.order[m++] = u;
  for (let i = 0; i < m; i++) g.values[i] = g.closeness(g.order[i]);
  for (let i = 1; i < m; i++) {
    const u = g.order[i];
    const d = g.values[i];
    let j = i - 1;
    while (j >= 0 && g.values[j] > d) {
      g.order[j + 1] = g.order[j];
      g.values[j + 1] = g.values[j];
      j--;
    }
    g.order[j + 1] = u;
    g.values[j + 1] = d;
  }
  for (let i = 0; i < m; i++) {
    const u = g.order[i];
    if (!g.alive[u] || g.engaged[u] || !mayMove(g.cohesion[u], g.held[u] === 1)) continue;
    planMove(g, u, plan);
    executeMove(g, u, plan);
  }
  for (let k = 0; k < g.c.corps.length; k++) {
    if (g.c.corps[k].side !== P) continue;
    placeCommander(g, k);
    if (g.sink) g.sink({ type: 'commander', side: P, corps: g.c.corps[k].id, x: g.cmdX[k], y: g.cmdY[k] });
  }
  // N's cavalry withdrawals ([Spec] l.107-109), then N's contact checks ([SoP] l.8-9).
  for (let v = 0; v < g.n; v++) {
    const w = g.c.units[v];
    if (w.side !== N || !g.alive[v] || w.arm !== 'cavalry') continue;
    const contact = g.inContact(v);
    let closest = Infinity;
    let by = -1;
    for (let i = 0; i < g.live.length; i++) {
      const x = g.live[i];
      const s = g.c.units[x];
      if (s.side !== P || !closedForWithdrawal(g.moved[x], g.c.options.withdrawalTrigger) || s.arm === 'cavalry') continue;
      const d = g.distance(v, x);
      if (d < closest) (closest = d), (by = x);
    }
    if (by < 0 || !mayWithdraw('cavalry', g.cohesion[v], contact, g.c.units[by].arm, closest)) continue;
    if (!chooseWithdraw(g, v)) continue;
    withdraw(g, v, by);
  }
  for (let v = 0; v < g.n; v++) {
    if (g.targets[v] > 0 && g.alive[v]) contactCheck(g, v, g.targets[v] - 1);
  }
  fill32(g.targets, 0);
  // [Rough] l.123-124: the phasing side's unformed units that stayed still are formed again.
  for (let u = 0; u < g.n; u++) {
    if (g.alive[u] && g.c.units[u].side === P && unformedRecovers(g.cohesion[u], g.moved[u] !== STOOD)) setCohesion(g, u, 'good');
  }
}

/** [Spec] l.107-109: 2d6 cm straight away from the closing enemy, then the Rally Table. */
function withdraw(g: Game, v: number, by: number): void {
  const s = g.c.units[v];
  const b = g.bodies[v];
  const r = g.dice.morale(s.side);
  const cm = withdrawalDistance(d6(r), d6(r));
  const away = retreatSign(b.facing, b.front - b.facing * b.depth, g.reachToward(by, b.facing));
  const way: 1 | -1 = away === b.facing ? 1 : -1;
  let limit = NaN;
  const a = g.firstAhead(v, way);
  if (a >= 0) {
    limit = pathLimit(b, way, g.bodies[a]);
    if (g.c.units[a].side !== s.side) limit -= b.facing * way * CONTACT_SHORT;
  }
  const x0 = b.front;
  const mv = moveBody(b, way, Math.min(cm, g.roomTo(v, way), g.besideRoom(v, way)), g.c.lane, g.c.terrain, g.cost, limit, g.mv);
  b.front = mv.front;
  g.stepped(v);
  g.res.sides[s.side].retreatsVoluntary++;
  g.res.units[v].retreated = true;
  g.res.formations[s.corps].retreats++;
  bump(g, X.withdrawals, s.side);
  if (g.sink) g.sink({ type: 'retreat', side: s.side, forced: false, units: [s.id], from: x0, to: b.front, cm, why: 'withdrawal' });
  roughTest(g, v, roughKinds(g, mv.met, b.facing * way), g.formation[v]);
  if (!g.alive[v]) return;
  const result = rallyTableCheck(g, v, 'withdrawal', 0);
  applyCheck(g, v, result, by, 'withdrawal');
}

// ---------------------------------------------------------------------------------------------
// 3 and 5. Fire

/**
 * The targets u may fire at now ([Fire] l.130-142; rulings 4.2) into g.targets, their whole modifiers
 * into g.mods; returns how many. An enemy in a standing melee is never a target; one in contact with
 * u's side only for the unit whose front it contacted (`cwj.fireIntoContact`).
 */
export function fireTargets(g: Game, u: number, fireMod: number, withMods: boolean): number {
  const s = g.c.units[u];
  const opts = g.c.options;
  const row = u * g.n;
  let n = 0;
  for (let i = 0; i < g.live.length; i++) {
    const v = g.live[i];
    if (g.sideOf[v] === s.side || g.engaged[v]) continue;
    // Cheap tests first: in its file and in front (rulings 11), then range, then nothing between.
    if (!(g.lat[row + v] & 1) || !g.isInFront(u, v)) continue;
    const band = rangeBand(g.distance(u, v), s.arm === 'artillery' ? s.weight : undefined);
    if (band < 0 || !g.canSee(u, v)) continue;
    if (g.inContact(v) && !mayFireAtContact(false, g.contactedBy[row + v] === 1, opts.fireIntoContact)) continue;
    g.targets[n] = v;
    g.mods[n] = withMods ? modifierAt(g, u, v, fireMod) : 0;
    n++;
  }
  return n;
}

/** The modifier of u's fire at v (for a second battery firing with it). */
function modifierAt(g: Game, u: number, v: number, fireMod: number): number {
  const s = g.c.units[u];
  const t = g.c.units[v];
  const A = g.bodies[u];
  const B = g.bodies[v];
  const band = rangeBand(g.distance(u, v), s.arm === 'artillery' ? s.weight : undefined);
  const f = FIRER;
  f.arm = s.arm;
  f.formation = g.formation[u];
  f.disordered = g.cohesion[u] !== 'good';
  const x = TARGET;
  x.arm = t.arm;
  x.formation = g.formation[v];
  x.disordered = g.cohesion[v] !== 'good';
  x.flankOrRear = g.formation[v] !== 'square' && !g.isInFront(v, u);
  x.cover = g.coverAgainst(v, u);
  // [Fire] l.202-204: the firer's -2 against cavalry in contact with it.
  return fireMod + firerModifier(f, band as 0 | 1 | 2, t.arm === 'cavalry' && touching(A, B), g.c.options) + targetModifier(x, g.c.options);
}

/**
 * [Fire] l.134-136: a battery touching u side by side, not yet fired this phase, that can hit the same
 * target: the two roll once with their fire mods added (a 0 counting 1). -1 if none.
 */
function partnerBattery(g: Game, u: number, v: number, fired: Uint8Array): number {
  const s = g.c.units[u];
  const b = g.bodies[u];
  for (let i = 0; i < g.live.length; i++) {
    const w = g.live[i];
    if (w === u || fired[w] || g.c.units[w].side !== s.side || g.c.units[w].arm !== 'artillery' || g.formation[w] !== 'unlimbered') continue;
    const o = g.bodies[w];
    const gap = Math.max(o.offset - o.frontage / 2 - (b.offset + b.frontage / 2), b.offset - b.frontage / 2 - (o.offset + o.frontage / 2));
    if (Math.abs(gap) > EPS || Math.abs(o.front - b.front) >= Math.min(o.depth, b.depth)) continue;
    if (g.inContact(w) || g.engaged[w]) continue;
    if (rangeBand(g.distance(w, v), g.c.units[w].weight) < 0 || !g.canSee(w, v)) continue;
    return w;
  }
  return -1;
}

/** One unit's fire (with a partner battery if one can join it), resolved and applied at once. */
function fireUnit(g: Game, u: number, fired: Uint8Array, defensive: boolean): void {
  const s = g.c.units[u];
  if (s.fire === null) return;
  const d = g.c.sides[s.side].doctrine;
  // No enemy front within the longest range (a lower bound of the distance): nobody to fire at.
  const reach = s.arm === 'artillery' && s.weight !== undefined ? 3 * ARTILLERY_RANGE_CM[s.weight] : MUSKET_RANGE_CM;
  const withMods = d.fireAt === 'best' && !d.random;
  const n = g.closeness(u) > reach + EPS ? 0 : fireTargets(g, u, s.fire, withMods);
  let v: number;
  if (defensive) {
    if (chooseSquare(g, u, n)) return void formSquare(g, u);
  }
  v = chooseTarget(g, u, n);
  if (v < 0) return;
  // fireTargets has worked out the chosen target's modifier already when it weighed the targets.
  let mod = NaN;
  if (withMods) for (let i = 0; i < n && mod !== mod; i++) if (g.targets[i] === v) mod = g.mods[i];
  if (mod !== mod) mod = modifierAt(g, u, v, s.fire);
  fired[u] = 1;
  const firers = g.sink ? [s.id] : NO_NAMES;
  if (s.arm === 'artillery') {
    const w = partnerBattery(g, u, v, fired);
    if (w >= 0 && (!g.c.sides[s.side].doctrine.random || g.ai(s.side)() < 0.5)) {
      fired[w] = 1;
      const both = combinedBatteryFireMod(s.fire, g.c.units[w].fire ?? 0);
      mod = modifierAt(g, u, v, both);
      if (g.sink) firers.push(g.c.units[w].id);
    }
  }
  resolveShot(g, s.side, firers, v, mod, u);
}

/** Roll the Firing Table at v and apply the result ([Fire] l.143-158, [Gen] l.286-290). */
function resolveShot(g: Game, side: 0 | 1, firers: string[], v: number, mod: number, firer: number): void {
  const gen = g.generalOf(v);
  const result = resolveFire(g.dice.fire(side), mod, gen >= 0, fireRoll);
  const t = g.c.units[v];
  bump(g, X.fireRolls, side);
  if (result !== FIRE_NONE) bump(g, X.fireEffective, side);
  if (fireRoll.generalTried) {
    bump(g, X.generalTries, t.side);
    if (result !== fireRoll.tableResult) bump(g, X.generalDowngrades, t.side);
  }
  if (g.sink) {
    g.sink({
      type: 'fire',
      side,
      units: firers,
      target: t.id,
      roll: fireRoll.dice,
      hits: result === FIRE_ELIMINATE ? 1 : 0,
      modifiers: [],
      modifier: mod,
      table: FIRE_RESULT_NAMES[fireRoll.tableResult],
      result: FIRE_RESULT_NAMES[result],
      range: g.distance(firer, v),
      general: !fireRoll.generalTried ? 'none' : result !== fireRoll.tableResult ? 'lowered' : 'held',
    });
  }
  if (fireRoll.generalDied) killGeneral(g, gen);
  if (result === FIRE_NONE) return;
  if (result === FIRE_ELIMINATE) return removeUnit(g, v, 'eliminated');
  disorder(g, v);
  if (result === FIRE_RETREAT) retreatUnit(g, v, g.reachToward(firer, g.bodies[v].facing), FIRING_TABLE.retreatCm, true, 'fire');
}


function formSquare(g: Game, u: number): void {
  const s = g.c.units[u];
  const from = g.formation[u];
  g.formation[u] = 'square';
  g.shape(u, 'square');
  g.res.sides[s.side].squaresFormed++;
  if (g.sink) g.sink({ type: 'formation', side: s.side, unit: s.id, from, to: 'square' });
}

/** The Game's flags of units that fired this phase, cleared. */
function firedOf(g: Game): Uint8Array {
  const f = g.fired;
  fill8(f, 0);
  return f;
}

/** [SoP] l.10-11: each N unit not in a standing melee forms square or fires once. */
export function defensiveFirePhase(g: Game): void {
  const N = (1 - g.phasing) as 0 | 1;
  const fired = firedOf(g);
  for (let u = 0; u < g.n; u++) {
    if (!g.alive[u] || g.c.units[u].side !== N || g.engaged[u] || fired[u]) continue;
    if (!mayFire(g.c.units[u].arm, g.formation[u], false)) continue; // cavalry and limbered guns
    fireUnit(g, u, fired, true);
  }
}

/** [SoP] l.13-14: each P unit not in contact may fire. */
export function advancingFirePhase(g: Game): void {
  const P = g.phasing;
  const fired = firedOf(g);
  for (let u = 0; u < g.n; u++) {
    if (!g.alive[u] || g.c.units[u].side !== P || fired[u] || g.inContact(u)) continue;
    if (!mayFire(g.c.units[u].arm, g.formation[u], g.engaged[u] === 1)) continue;
    fireUnit(g, u, fired, false);
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Charge phase

/** Move cavalry u straight into contact with the first enemy in its path (a charge, or a controlled charge). */
function chargeInto(g: Game, u: number, target: number, inMovement: boolean): void {
  const s = g.c.units[u];
  const b = g.bodies[u];
  const x0 = b.front;
  const mv = moveBody(b, 1, Math.min(g.gapTo(u, 1, target) + EPS, g.besideRoom(u, 1)), g.c.lane, g.c.terrain, g.cost, pathLimit(b, 1, g.bodies[target]), g.mv);
  b.front = mv.front;
  g.stepped(u);
  g.moved[u] = MOVED;
  if (g.sink) g.sink({ type: 'charge', side: s.side, units: [s.id], target: g.c.units[target].id, from: x0, to: b.front, inMovement });
  roughTest(g, u, roughKinds(g, mv.met, b.facing), g.formation[u]);
  if (g.alive[u]) registerContacts(g, u, true, true);
}

export function chargePhase(g: Game): void {
  const P = g.phasing;
  for (let u = 0; u < g.n; u++) {
    const s = g.c.units[u];
    if (!g.alive[u] || s.side !== P || s.arm !== 'cavalry') continue;
    if (!mayCharge(s.arm, g.cohesion[u], g.inContact(u))) continue;
    if (g.fatigued[s.corps] && g.generalOf(u) < 0) continue; // [Win] l.304-306: no move toward the enemy
    const t = g.firstAhead(u, 1);
    if (t < 0 || g.c.units[t].side === P || g.gapTo(u, 1, t) > chargeReach(g, u) + EPS) continue;
    if (!chooseCharge(g, u, t)) continue;
    chargeInto(g, u, t, false);
  }
}

// ---------------------------------------------------------------------------------------------
// 6. Melee

function find(g: Game, i: number): number {
  const p = g.parent;
  while (p[i] !== i) {
    p[i] = p[p[i]];
    i = p[i];
  }
  return i;
}

/** Groups of units in contact (src/table touching): g.group[u] is its root, -1 when in no contact. */
export function contactGroups(g: Game): number {
  const p = g.parent;
  for (let u = 0; u < g.n; u++) (p[u] = u), (g.group[u] = -1);
  let any = 0;
  for (let i = 0; i < g.live.length; i++) {
    const a = g.live[i];
    if (!g.inContact(a)) continue;
    for (let j = i + 1; j < g.live.length; j++) {
      const b = g.live[j];
      if (!g.inContact(b)) continue;
      if (g.sideOf[a] === g.sideOf[b] || !(g.touch[a * g.n + b] & 1)) continue;
      g.group[a] = 0;
      g.group[b] = 0;
      any++;
      const ra = find(g, a);
      const rb = find(g, b);
      if (ra < rb) p[rb] = ra;
      else if (rb < ra) p[ra] = rb;
    }
  }
  for (let u = 0; u < g.n; u++) if (g.group[u] === 0) g.group[u] = find(g, u);
  return any;
}

/**
 * [Melee] l.237-238: a side defends a wall or fortification (a village too under `cwj.villageWall`)
 * when one of its units has its front on or in one (a wall line: by `cwj.wallDefence` nonPhasing only
 * a unit that did not itself move into the contact, so the side the enemy came at, in the player turn
 * of the contact and in every later round of a standing melee); it is uphill of the enemy when one
 * has its front on a slope rising toward it, the slope's high end included: its front stands higher
 * than the ground the enemy in contact comes from, the enemy climbing toward it (at the crest its
 * body is on the level ground above and the enemy's on the slope below; at the foot its body is on
 * the slope and the enemy's on the level ground below).
 */
function sideTerrain(g: Game, root: number, side: 0 | 1): number {
  let wall = false;
  let village = false;
  let uphill = false;
  for (let i = 0; i < g.live.length; i++) {
    const u = g.live[i];
    if (g.group[u] !== root || g.c.units[u].side !== side) continue;
    const b = g.bodies[u];
    for (const t of g.c.terrain) {
      if (t.kind === 'slope') {
        if (t.rises === -b.facing && b.front >= t.from - EPS && b.front <= t.to + EPS) uphill = true;
        continue;
      }
      const atFront = t.from === t.to ? Math.abs(b.front - t.from) <= EPS : b.facing > 0 ? b.front > t.from + EPS && b.front <= t.to + EPS : b.front >= t.from - EPS && b.front < t.to - EPS;
      if (!atFront) continue;
      // A wall is a line both sides' fronts can stand on: under wallDefence nonPhasing only the side
      // whose enemy came at it defends it (in a fresh melee the non-phasing side; in a standing melee
      // still that side, whoever is phasing); a fortification is an area, held from behind.
      if (t.kind === 'fortification' || (t.kind === 'wall' && (t.from !== t.to || g.c.options.wallDefence === 'either' || !g.arrived[u]))) wall = true;
      else if (t.kind === 'village') village = true;
    }
  }
  return sideMeleeModifier(wall, village, uphill, g.c.options.villageWall);
}

/** [Control] l.264: an enemy flank or rear is visible to cavalry u: an enemy not in contact it stands beside or behind, within its charge. */
function flankVisible(g: Game, u: number): boolean {
  const s = g.side(u);
  const reach = chargeReach(g, u);
  for (let i = 0; i < g.live.length; i++) {
    const v = g.live[i];
    if (g.c.units[v].side === s || g.formation[v] === 'square') continue;
    if (!isInFront(g.bodies[v], g.bodies[u]) && g.distance(u, v) <= reach + EPS && !g.inContact(v)) return true;
  }
  return false;
}

/** Fight the melee of the group whose root is `root` ([Melee] l.226-253). */
export function fightGroup(g: Game, root: number): void {
  const opts = g.c.options;
  let n0 = 0;
  let n1 = 0;
  let cav0 = 0;
  let cav1 = 0;
  let inf0 = 0;
  let inf1 = 0;
  let standing = false;
  for (let i = 0; i < g.live.length; i++) {
    const u = g.live[i];
    if (g.group[u] !== root) continue;
    const s = g.c.units[u];
    if (g.engaged[u]) standing = true;
    if (s.side === 0) (n0++, s.arm === 'cavalry' && cav0++, s.arm === 'infantry' && inf0++);
    else (n1++, s.arm === 'cavalry' && cav1++, s.arm === 'infantry' && inf1++);
  }
  if (n0 === 0 || n1 === 0) return;
  // Each side's units' values: side 0's in g.values[0..n0), side 1's in g.mods[0..n1).
  let k0 = 0;
  let k1 = 0;
  for (let i = 0; i < g.live.length; i++) {
    const u = g.live[i];
    if (g.group[u] !== root) continue;
    const s = g.c.units[u];
    const enemyCav = s.side === 0 ? cav1 > 0 : cav0 > 0;
    const enemyInf = s.side === 0 ? inf1 > 0 : inf0 > 0;
    const mu = MELEE_UNIT;
    mu.factor = meleeFactorOf(s, opts.lancerMelee, g.ownContact[u] === 1, enemyInf);
    mu.arm = s.arm;
    mu.formation = g.formation[u];
    mu.disordered = g.cohesion[u] !== 'good';
    mu.flankOrRear = g.hitInFlankOrRear(u);
    mu.generalServes = g.generalOf(u) >= 0;
    const v = unitMeleeValue(mu, enemyCav);
    if (s.side === 0) g.values[k0++] = v;
    else g.mods[k1++] = v;
  }
  const t0 = sideMeleeTotal(g.values, n0, sideTerrain(g, root, 0), opts.meleeMultiUnit);
  const t1 = sideMeleeTotal(g.mods, n1, sideTerrain(g, root, 1), opts.meleeMultiUnit);
  resolveMelee(g.dice.fire(0), g.dice.fire(1), t0, t1, false, false, meleeRoll);
  g.extra[X.melees]++;
  if (standing) g.extra[X.standingMelees]++;
  const loser = meleeRoll.loser;
  const diff = meleeRoll.difference;
  // The units, before results move them: generals used, who won.
  const members = g.order;
  let m = 0;
  for (let i = 0; i < g.live.length; i++) if (g.group[g.live[i]] === root) members[m++] = g.live[i];
  const winnerAllCav = loser === 0 ? cav1 === n1 : loser === 1 ? cav0 === n0 : false;
  let names: [string[], string[]] | null = null;
  if (g.sink) {
    names = [[], []];
    for (let i = 0; i < m; i++) names[g.c.units[members[i]].side].push(g.c.units[members[i]].id);
  }
  // What the losers retreat from: the winners' point furthest toward the losers' front (retreatSign).
  let winnerReach = NaN;
  if (loser >= 0) {
    const f = g.c.sides[loser as 0 | 1].facing;
    for (let i = 0; i < m; i++) {
      const u = members[i];
      if (g.c.units[u].side === loser) continue;
      const x = g.reachToward(u, f);
      if (winnerReach !== winnerReach || (x - winnerReach) * f > 0) winnerReach = x;
    }
  }
  if (g.sink && names) {
    // The melee is told before what it does: each loser's result (a capped cavalry unit retreats).
    const words: string[] = [];
    const lost = [0, 0];
    for (let i = 0; i < m; i++) {
      const s = g.c.units[members[i]];
      if (loser < 0 || s.side !== loser) continue;
      const r = meleeResult(diff, cavalryCapApplies(opts.cavalryCap, s.arm === 'cavalry', winnerAllCav));
      if (r === MELEE_ELIMINATE) lost[s.side]++;
      const w = MELEE_RESULT_NAMES[r];
      if (!words.includes(w)) words.push(w);
    }
    g.sink({ type: 'melee', sides: names, casualties: [lost[0], lost[1]], result: loser < 0 ? MELEE_RESULT_NAMES[0] : words.join('; '), totals: [t0, t1], dice: [meleeRoll.die0, meleeRoll.die1], loser, standing });
  }
  // [Gen] l.290: each general serving a unit of the group was used once in this melee: one death roll
  // each, before the results move him (a general whose unit falls joins another, which must not roll
  // for him again).
  const used = g.genUsed;
  fill8(used, 0);
  for (let i = 0; i < m; i++) {
    const gen = g.generalOf(members[i]);
    if (gen >= 0) used[gen] = 1;
  }
  for (let gen = 0; gen < used.length; gen++) if (used[gen] && g.genAlive[gen]) generalUsed(g, gen);
  for (let i = 0; i < m; i++) {
    const u = members[i];
    const s = g.c.units[u];
    if (loser < 0) {
      disorder(g, u);
    } else if (s.side === loser) {
      const r = meleeResult(diff, cavalryCapApplies(opts.cavalryCap, s.arm === 'cavalry', winnerAllCav));
      if (r === MELEE_ELIMINATE) removeUnit(g, u, 'eliminated');
      else {
        disorder(g, u);
        if (r === MELEE_RETREAT) retreatUnit(g, u, winnerReach, MELEE_TABLE.retreatCm, true, 'melee');
      }
    } else {
      if (s.arm === 'cavalry') g.won[u] = 1;
      if (g.chargePending[u]) {
        g.chargePending[u] = 0;
        g.res.sides[s.side].chargesWon++;
      }
    }
  }
}

/** [Control] l.255-283: winning cavalry u tests for control, and the result is played. */
export function controlTest(g: Game, u: number): void {
  const s = g.c.units[u];
  const opts = g.c.options;
  const contactBroken = !g.inContact(u);
  if (!controlTestRequired(opts.controlTest, contactBroken)) return;
  const gen = g.generalOf(u);
  const cc = CONTROL;
  cc.generalServes = gen >= 0;
  cc.britishNotKgl = s.britishNotKgl;
  cc.disordered = g.cohesion[u] !== 'good';
  cc.enemyFlankOrRearVisible = flankVisible(g, u);
  const mod = controlModifier(cc);
  const r = g.dice.morale(s.side);
  const natural = d6(r) + d6(r);
  const result = controlResult(natural, mod);
  bump(g, X.controlTests, s.side);
  bump(g, result === CONTROL_REMOVED ? X.controlRemoved : result === CONTROL_CONTROLLED ? X.controlled : result === CONTROL_MILL ? X.milled : X.uncontrolled, s.side);
  if (g.sink) g.sink({ type: 'control', side: s.side, unit: s.id, roll: natural, modifier: mod, result: CONTROL_RESULT_NAMES[result] });
  if (gen >= 0) generalUsed(g, gen);
  if (result === CONTROL_REMOVED) return removeUnit(g, u, 'controlRemoved');
  if (controlDisorders(result)) disorder(g, u);
  if (!contactBroken) return; // still in contact (cwj.controlTest = anyWin): it stays where it is
  if (result === CONTROL_MILL) return;
  if (result === CONTROL_CONTROLLED) {
    const t = g.firstAhead(u, 1);
    const canCharge = t >= 0 && g.c.units[t].side !== s.side && g.gapTo(u, 1, t) <= chargeReach(g, u) + EPS && g.cohesion[u] === 'good' && !(g.fatigued[s.corps] && gen < 0);
    const choice = chooseControl(g, u, canCharge);
    if (choice === 'charge' && canCharge) {
      chargeInto(g, u, t, false);
      if (g.alive[u] && g.inContact(u)) g.lateContact[u] = 1;
    } else if (choice === 'retire') {
      const b = g.bodies[u];
      const x0 = b.front;
      const back = g.firstAhead(u, -1);
      let limit = NaN;
      if (back >= 0) limit = pathLimit(b, -1, g.bodies[back]) + (g.c.units[back].side !== s.side ? b.facing * CONTACT_SHORT : 0);
      const mv = moveBody(b, -1, Math.min(allowanceFor(g, u, g.formation[u], true), g.roomTo(u, -1), g.besideRoom(u, -1)), g.c.lane, g.c.terrain, g.cost, limit, g.mv);
      b.front = mv.front;
      g.stepped(u);
      if (g.sink && Math.abs(b.front - x0) > EPS) g.sink({ type: 'move', side: s.side, unit: s.id, path: [x0, b.front] });
      roughTest(g, u, roughKinds(g, mv.met, -b.facing), g.formation[u]);
    }
    return;
  }
  // Uncontrolled: 30 cm forward into the nearest enemy in its path, or 20 cm after the beaten foe.
  const cm = result === CONTROL_UNCONTROLLED_CHARGE ? CONTROL_TABLE.uncontrolledChargeCm : CONTROL_TABLE.uncontrolledMoveCm;
  const b = g.bodies[u];
  const x0 = b.front;
  const a = g.firstAhead(u, 1);
  const limit = a >= 0 ? pathLimit(b, 1, g.bodies[a]) : NaN;
  const mv = moveBody(b, 1, Math.min(cm, g.roomTo(u, 1), g.besideRoom(u, 1)), g.c.lane, g.c.terrain, g.cost, limit, g.mv);
  b.front = mv.front;
  g.stepped(u);
  if (g.sink && Math.abs(b.front - x0) > EPS) g.sink({ type: 'move', side: s.side, unit: s.id, path: [x0, b.front] });
  roughTest(g, u, roughKinds(g, mv.met, b.facing), g.formation[u]);
  if (g.alive[u] && registerContacts(g, u, true, false)) g.lateContact[u] = 1;
}

export function meleePhase(g: Game): void {
  if (!g.anyContact()) {
    fill8(g.engaged, 0);
    return;
  }
  fill8(g.won, 0);
  fill8(g.lateContact, 0);
  const now = uncontrolledContactFightsNow(g.c.options.uncontrolledContact);
  for (let pass = 0; pass <= g.n; pass++) {
    if (contactGroups(g) === 0) break;
    // Fight each group once, by its lowest unit; on a second pass only groups with a late contact.
    for (let u = 0; u < g.n; u++) {
      if (!g.alive[u] || g.group[u] !== u) continue;
      if (pass > 0) {
        let late = false;
        for (let v = 0; v < g.n; v++) if (g.alive[v] && g.group[v] === u && g.lateContact[v]) late = true;
        if (!late) continue;
      }
      fightGroup(g, u);
    }
    fill8(g.lateContact, 0);
    for (let u = 0; u < g.n; u++) {
      if (g.won[u] && g.alive[u]) {
        g.won[u] = 0;
        controlTest(g, u);
      }
    }
    if (!now) break;
    let late = false;
    for (let u = 0; u < g.n; u++) if (g.lateContact[u] && g.alive[u]) late = true;
    if (!late) break;
  }
  // [Melee] l.254: units left in contact are in a standing melee.
  for (let u = 0; u < g.n; u++) g.engaged[u] = g.alive[u] && g.inContact(u) ? 1 : 0;
}
