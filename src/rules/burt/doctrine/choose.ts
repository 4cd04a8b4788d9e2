/**
 * The choices a doctrine makes, one function each, called by the steps of the turn (src/rules/burt/
 * turn/). A real doctrine (./presets.ts) decides from the lane; the random-legal baseline draws every
 * choice from its side's AI stream, uniformly among the legal ones. The rules' obligations (an ASSAULT
 * unit must assault in reach, compulsory moves, forced orders) are the steps' business, not these.
 */
import { EPS, type Way } from '../../../table/index.js';
import type { Ammunition } from '../tables.js';
import { DISORDERED, ROUT, SHAKEN, UNFORMED } from '../tables.js';
import { chooseAmmunition, rangeBand } from '../fire.js';
import type { Reaction } from '../orders.js';
import type { BurtDoctrine } from './presets.js';
import { edgeDistance, enemyAhead, facesEnemy, fireForward, firstInPathOf, formationFits, gapTo, inContactWithEnemy, modelOf, coverAt } from '../play/lane.js';
import { ASSAULT, COLUMN, FIRE, FORMATION_LIST, LINE, MANOEUVRE, OPEN, REGROUP, RESERVE, SQUARE, type Game } from '../play/state.js';

/** A unit's doctrine and posture. */
export function doctrineOf(g: Game, u: number): BurtDoctrine {
  return g.c.sides[g.c.units[u].side].doctrine;
}

export function attacking(g: Game, u: number): boolean {
  return g.c.sides[g.c.units[u].side].posture === 'attack';
}

/** A uniform draw from the side's AI stream. */
function coin(g: Game, u: number): number {
  return g.dice.ai(g.c.units[u].side)();
}

/** One of `n` choices, uniformly, from the side's AI stream. */
function pick(g: Game, side: number, n: number): number {
  return Math.floor(g.dice.ai(side as 0 | 1)() * n);
}

/** 5: the unit's move, charge and reserve rates in its formation now. */
export function rates(g: Game, u: number) {
  return g.c.units[u].rates[g.formation[u]]; // ratesOf, precomputed by formation at compile
}

/** 5, 9: the unit's charge reach now (0 when it cannot assault: a square, guns, skirmishers). */
export function reach(g: Game, u: number): number {
  return rates(g, u).charge ?? 0;
}

/** Distance to the enemy ahead in the unit's path, Infinity when none. */
export function gapAhead(g: Game, u: number): number {
  const e = enemyAhead(g, u);
  return e >= 0 ? gapTo(g, u, e) : Infinity;
}

/** 3.2: the side that won the initiative acts first. */
export function actsFirst(g: Game, side: 0 | 1): boolean {
  const d = g.c.sides[side].doctrine;
  if (d.random) return g.dice.ai(side)() < 0.5;
  return d.initiative === 'first';
}

/** Orders a unit may be given (4): RESERVE only while it has it (never regained), ASSAULT not for guns or skirmishers. */
export function legalOrders(g: Game, u: number, out: number[]): number[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  const arm = g.c.units[u].arm;
  if (g.order[u] === RESERVE) out.push(RESERVE);
  out.push(MANOEUVRE, FIRE);
  if (arm !== 'guns' && arm !== 'skirmishers') out.push(ASSAULT);
  out.push(REGROUP);
  return out;
}

/** Enemy cavalry, not routing, near enough to charge this unit next turn (its move and its charge). */
export function cavalryThreat(g: Game, u: number): boolean {
  const units = g.c.units;
  const enemy = g.c.sides[units[u].side === 0 ? 1 : 0];
  if (!enemy.cavalry) return false;
  for (const i of enemy.units) {
    if (g.present[i] === 0 || units[i].arm !== 'cavalry' || g.level[i] === ROUT) continue;
    const r = rates(g, i);
    if (edgeDistance(g, u, i) <= r.move + (r.charge ?? 0) + EPS) return true;
  }
  return false;
}

/** The target is ready to be assaulted under the doctrine's `assaultWhen` (or the firefight has lasted long enough). */
function assaultReady(g: Game, u: number, e: number, d: BurtDoctrine): boolean {
  if (d.assaultWhen === 'inReach' || g.level[e] === ROUT) return true;
  if (d.fireTurns > 0 && g.fireTurns[u] >= d.fireTurns) return true;
  return g.level[e] >= (d.assaultWhen === 'targetShaken' ? SHAKEN : DISORDERED);
}

/** The friend ahead in the unit's file (the one it follows), -1 if none. */
export function friendAhead(g: Game, u: number): number {
  return firstInPathOf(g, u, 1, g.c.units[u].side);
}

/** The second line leaves RESERVE when the unit it follows is engaged (or routing, or gone), per commitReserves. */
function commitNow(g: Game, u: number, d: BurtDoctrine): boolean {
  if (d.commitReserves === 'never') return false;
  const f = friendAhead(g, u);
  if (f < 0 || g.level[f] === ROUT) return true;
  if (d.commitReserves === 'onRout') return false;
  return inContactWithEnemy(g, f) || g.assaultTarget[f] >= 0 || g.assaultedBy[f] > 0;
}

/** Room before the first friend in the unit's path going `way` (a real doctrine never walks through friends, 12). */
export function roomBefore(g: Game, u: number, way: Way): number {
  const f = firstInPathOf(g, u, way, g.c.units[u].side);
  return f < 0 ? Infinity : Math.max(0, gapTo(g, u, f, way));
}

/** The unit stands more than half an inch off the front it started the engagement on. */
function displaced(g: Game, u: number): number {
  return (g.c.units[u].at - g.fx[u]) * g.face[u];
}

/**
 * 3.1, 3.7: the order the doctrine wants the unit to have. Attacking: close in (MANOEUVER), fire at
 * close range (FIRE), assault once in charge reach and the target is ready (ASSAULT); the second line
 * keeps RESERVE until it is committed. Defending: FIRE from the position; MANOEUVER to form square
 * when cavalry threatens or to regain the position; ASSAULT a disordered assailant in reach under
 * counterAttack. Either: REGROUP at regroupAt or worse.
 */
export function wantedOrder(g: Game, u: number, scratch: number[]): number {
  const d = doctrineOf(g, u);
  const spec = g.c.units[u];
  if (d.random) {
    const legal = legalOrders(g, u, scratch);
    return legal[pick(g, spec.side, legal.length)];
  }
  // A battery facing away (an evader, 9.r3) takes MANOEUVER to turn to face the enemy (4, 12), as one limbered does to unlimber (5).
  if (spec.arm === 'guns') return g.limbered[u] || !facesEnemy(g, u) ? MANOEUVRE : FIRE;
  if (inContactWithEnemy(g, u)) return g.order[u];
  if (g.level[u] >= d.regroupAt) return REGROUP;
  // Facing away (an evader, 9.r3): MANOEUVER, to turn and face the enemy (4, 12).
  if (!facesEnemy(g, u)) return MANOEUVRE;
  return attacking(g, u) ? attackOrder(g, u, d) : defendOrder(g, u, d);
}

function attackOrder(g: Game, u: number, d: BurtDoctrine): number {
  if (g.order[u] === RESERVE && !commitNow(g, u, d)) return RESERVE;
  const arm = g.c.units[u].arm;
  if (arm === 'skirmishers') return FIRE;
  const e = enemyAhead(g, u);
  if (e < 0) return MANOEUVRE; // advance on the objective
  if (firstInPathOf(g, u, 1, -1) !== e) return g.order[u] === RESERVE ? RESERVE : MANOEUVRE; // a friend is in the way
  const gap = gapTo(g, u, e);
  const r = reach(g, u);
  // Horse charges once in reach whatever the doctrine's foot do: its carbines are no firefight.
  if (r > 0 && gap <= r + EPS && (arm === 'cavalry' || assaultReady(g, u, e, d))) return ASSAULT;
  if (arm === 'cavalry') return MANOEUVRE;
  if (gap <= d.closeTo + EPS && (g.formation[u] === LINE || d.approach === 'line')) return FIRE;
  return MANOEUVRE;
}

function defendOrder(g: Game, u: number, d: BurtDoctrine): number {
  const spec = g.c.units[u];
  const threat = spec.arm === 'infantry' && d.squareAgainstCavalry && cavalryThreat(g, u);
  if (threat) return MANOEUVRE;
  if (g.formation[u] === SQUARE) return MANOEUVRE;
  if (d.counterAttack !== 'never' && g.level[u] <= UNFORMED && spec.arm !== 'skirmishers') {
    const e = enemyAhead(g, u);
    const thr = d.counterAttack === 'shaken' ? SHAKEN : DISORDERED;
    if (e >= 0 && g.level[e] >= thr && gapTo(g, u, e) <= reach(g, u) + EPS) return ASSAULT;
  }
  if (Math.abs(displaced(g, u)) > 0.5 && gapAhead(g, u) > 2) return MANOEUVRE;
  return FIRE;
}

/**
 * 3.7 (2, 4): the units the brigade's command element will touch next turn, at most `slots`: those
 * whose order the doctrine wants changed, nearest the enemy first; random-legal: any, at random.
 */
export function commandPicks(g: Game, brigade: number, slots: number, out: number[], scratch: number[]): number[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  const b = g.c.brigades[brigade];
  const d = g.c.sides[b.side].doctrine;
  // Candidates into `out`: units in hand (guns and skirmishers change orders anyway, 2).
  for (const u of b.units) {
    const arm = g.c.units[u].arm;
    if (g.present[u] === 0 || arm === 'guns' || arm === 'skirmishers' || g.level[u] === ROUT || g.pursuing[u] >= 0) continue;
    if (!d.random && wantedOrder(g, u, scratch) === g.order[u]) continue;
    out.push(u);
  }
  if (d.random) {
    // A random subset of `slots`: a partial Fisher-Yates shuffle from the side's AI stream.
    const k = Math.min(slots, out.length);
    for (let i = 0; i < k; i++) {
      const j = i + pick(g, b.side, out.length - i);
      const t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    out.length = k;
    return out;
  }
  // Nearest the enemy first (insertion sort: a brigade is a handful of units), ties to the lower index;
  // each candidate's distance found once.
  const dist = g.scratch.distance;
  for (let i = 0; i < out.length; i++) nearestEnemyDistanceInto(g, out[i], dist);
  for (let i = 1; i < out.length; i++) {
    const u = out[i];
    const du = dist[u];
    let j = i - 1;
    while (j >= 0 && dist[out[j]] > du) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = u;
  }
  if (out.length > slots) out.length = slots;
  return out;
}

/**
 * dist[u] = the front-edge distance to the nearest present enemy (nearestEnemy's), Infinity for none:
 * one pass, written into the scratch array rather than returned (no number boxed on the way out).
 */
function nearestEnemyDistanceInto(g: Game, u: number, dist: Float64Array): void {
  const enemies = g.c.sides[g.c.units[u].side === 0 ? 1 : 0].units;
  let bestD = Infinity;
  for (let k = 0; k < enemies.length; k++) {
    const i = enemies[k];
    if (g.present[i] === 0) continue;
    const d = edgeDistance(g, u, i);
    if (d < bestD) bestD = d;
  }
  dist[u] = bestD;
}

/** 12: a MANOEUVER unit facing away from the enemy turns to face it: a real doctrine always; random-legal at random. */
export function turnsToFace(g: Game, u: number): boolean {
  return doctrineOf(g, u).random ? coin(g, u) < 0.5 : true;
}

/** Where a unit means to go and in what formation (written into g.scratch.intent). */
export interface Intent {
  formation: number;
  way: Way;
  distance: number;
}

/**
 * 4, 5: what a battery with MANOEUVER orders does, into `out`: `formation` 1 to end the turn limbered,
 * 0 unlimbered; `distance` inches of ground to go `way` (limbering first). A real doctrine keeps its
 * guns where the scenario put them, unlimbered to fire; random-legal holds, limbers or unlimbers, or
 * moves a random distance either way (ending limbered), at random.
 */
export function batteryIntent(g: Game, u: number, may: 'formationOnly' | 'full' | 'none', out: Intent): Intent {
  out.formation = 0;
  out.way = 1;
  out.distance = 0;
  if (!doctrineOf(g, u).random) return out;
  const choice = pick(g, g.c.units[u].side, may === 'full' ? 3 : 2);
  if (choice === 0) out.formation = g.limbered[u];
  else if (choice === 1) out.formation = g.limbered[u] === 1 ? 0 : 1;
  else {
    // A move: limbered to go, and at its end limbered still or unlimbered again if half a move is left (5).
    out.way = coin(g, u) < 0.5 ? 1 : -1;
    out.distance = coin(g, u) * rates(g, u).move;
    out.formation = coin(g, u) < 0.5 ? 1 : 0;
  }
  return out;
}

/** Formations the unit may take (12): foot line, column or square; horse line or column; skirmishers open. */
export function legalFormations(g: Game, u: number, out: number[]): number[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  const arm = g.c.units[u].arm;
  if (arm === 'guns') return out;
  if (arm === 'skirmishers') out.push(OPEN);
  else {
    out.push(LINE, COLUMN);
    if (arm === 'infantry') out.push(SQUARE);
  }
  for (let k = out.length - 1; k >= 0; k--) if (out[k] !== g.formation[u] && !formationFits(g, u, out[k])) out.splice(k, 1);
  return out;
}

/**
 * 3.5 (5, 12): what a MANOEUVER unit does: the formation it wants and the move. `may`: what it may do
 * (an assaulted target under burt.assaultedTargetManoeuvre). Distance is inches of ground wanted; the
 * step pays the formation change first and walks with what is left.
 */
export function manoeuvreIntent(g: Game, u: number, may: 'formationOnly' | 'full' | 'none', out: Intent, scratch: number[]): Intent {
  const d = doctrineOf(g, u);
  out.formation = g.formation[u];
  out.way = 1;
  out.distance = 0;
  if (may === 'none') return out;
  if (d.random) {
    const legal = legalFormations(g, u, scratch);
    if (legal.length) out.formation = legal[pick(g, g.c.units[u].side, legal.length)];
    if (may === 'full') {
      out.way = coin(g, u) < 0.5 ? 1 : -1;
      out.distance = coin(g, u) * rates(g, u).move;
    }
    return out;
  }
  const spec = g.c.units[u];
  if (spec.arm === 'guns') return out;
  const threat = spec.arm === 'infantry' && d.squareAgainstCavalry && cavalryThreat(g, u);
  if (!attacking(g, u)) {
    if (threat) out.formation = SQUARE;
    else if (g.formation[u] === SQUARE) out.formation = spec.arm === 'infantry' ? LINE : g.formation[u];
    if (out.formation !== g.formation[u] && !formationFits(g, u, out.formation)) out.formation = g.formation[u];
    if (may === 'full' && !threat) {
      // Regain the position: walk back to the front the unit started on (facing kept).
      const off = displaced(g, u);
      out.way = off > 0 ? 1 : -1;
      out.distance = Math.min(Math.abs(off), roomBefore(g, u, out.way));
    }
    return out;
  }
  // Attacking: the approach formation, or line once within deployAt of the enemy (a firefight).
  const gap = gapAhead(g, u);
  if (spec.arm === 'infantry') {
    let want = d.approach === 'line' ? LINE : COLUMN;
    if (d.deployAt > 0 && gap <= d.deployAt + EPS) want = LINE;
    if (threat && gap > reach(g, u)) want = SQUARE;
    if (want !== g.formation[u] && formationFits(g, u, want)) out.formation = want;
  }
  if (may !== 'full') return out;
  if (gap === Infinity) {
    out.distance = Math.min(objectiveGap(g, u), roomBefore(g, u, 1));
    return out;
  }
  // Foot halts at closeTo; horse closes to its charge reach (it assaults from there).
  const stop = g.level[enemyAhead(g, u)] === ROUT ? 0 : spec.arm === 'cavalry' ? Math.min(d.closeTo, reach(g, u)) : d.closeTo;
  out.distance = Math.min(Math.max(0, gap - stop), roomBefore(g, u, 1));
  return out;
}

/** Distance forward to the far side of the objective zone's near half (where an attacker carries it), 0 if none ahead. */
function objectiveGap(g: Game, u: number): number {
  const o = g.c.objective;
  if (!o) return 0;
  const b = g.body[u];
  const mid = (o.area.from + o.area.to) / 2;
  const ahead = (mid - b.front) * b.facing;
  return ahead > 0 ? ahead : 0;
}

/**
 * 4: a FIRE unit's short move, up to half a move forwards or a quarter backwards: signed inches
 * forwards as burt.fireMoveFrame reads it (fireForward; for a unit facing the enemy, its own front).
 */
export function fireMove(g: Game, u: number): number {
  const d = doctrineOf(g, u);
  const r = rates(g, u).move;
  if (d.random) return (coin(g, u) * 0.75 - 0.25) * r;
  // The real doctrines plan along the unit's facing: a move that way is forwards or backwards by the frame.
  const f = fireForward(g, u);
  if (!attacking(g, u)) {
    const off = displaced(g, u);
    return off > 0.5 ? f * Math.min(off, roomBefore(g, u, 1)) : 0;
  }
  const e = enemyAhead(g, u);
  if (e < 0 || g.level[e] === ROUT) return 0;
  return f * Math.min(Math.max(0, gapTo(g, u, e) - d.closeTo), roomBefore(g, u, 1));
}

/** 3.6: a RESERVE unit's move, signed inches: the second line keeps 3" behind the unit it follows. */
export function reserveMove(g: Game, u: number): number {
  const d = doctrineOf(g, u);
  if (d.random) return (coin(g, u) * 2 - 1) * (rates(g, u).reserve ?? 0);
  if (!attacking(g, u)) return 0;
  const f = friendAhead(g, u);
  if (f < 0) return 0;
  return Math.max(0, gapTo(g, u, f) - 3);
}

/** 5.3: commit this reserve to support an assaulted friend (it then leaves RESERVE, 11). */
export function commitsSupport(g: Game, u: number): boolean {
  const d = doctrineOf(g, u);
  if (d.random) return coin(g, u) < 0.5;
  return d.commitReserves !== 'never';
}

/** 9: the target among the legal ones: the nearest (then the lowest index); random-legal any. */
export function fireTarget(g: Game, u: number, legal: readonly number[]): number {
  if (legal.length === 0) return -1;
  const d = doctrineOf(g, u);
  if (d.random) return legal[pick(g, g.c.units[u].side, legal.length)];
  // The nearest; on a tie the one squarely in front (most frontage shared), then the lowest index.
  let best = legal[0];
  const row = u * g.n;
  let bestD = edgeDistance(g, u, best);
  let bestW = g.latOv[row + best];
  for (let k = 1; k < legal.length; k++) {
    const t = legal[k];
    const dd = edgeDistance(g, u, t);
    const w = g.latOv[row + t];
    if (dd < bestD - EPS || (dd <= bestD + EPS && w > bestW + EPS)) (bestD = dd), (bestW = w), (best = t);
  }
  return best;
}

/** 6: a battery's ammunition: the careful gunner's (chooseAmmunition), or either in range at random. */
export function ammunition(g: Game, u: number, t: number): Ammunition | null {
  const spec = g.c.units[u];
  const dist = edgeDistance(g, u, t);
  if (doctrineOf(g, u).random) {
    const can = rangeBand(dist, spec.canisterBands) >= 0;
    const ball = rangeBand(dist, spec.ballBands) >= 0;
    if (can && ball) return coin(g, u) < 0.5 ? 'canister' : 'ball';
    return can ? 'canister' : ball ? 'ball' : null;
  }
  // One ammunition in range is the only choice (a battery at long range fires ball).
  const can = rangeBand(dist, spec.canisterBands) >= 0;
  if (!can) return rangeBand(dist, spec.ballBands) >= 0 ? 'ball' : null;
  const m = modelOf(g, t);
  return chooseAmmunition(
    spec.ordnance,
    g.guns[u],
    { distance: dist, targetMoved: g.moved[t] === 1, cover: coverAt(g, t), targetOverTwoRanks: m.overTwoRanks, skirmishersOrCrew: g.c.units[t].arm === 'skirmishers' || g.c.units[t].arm === 'guns' },
    { moved: g.moved[u] === 1, level: g.level[u] as 0, firstVolley: g.firedEver[u] === 0 },
    g.c.options,
  );
}

/**
 * 9.r1-r4: an assaulted unit's reaction among the feasible ones: fire if it may, countercharge under
 * counterAttack (an ASSAULT unit must), otherwise hold; random-legal any.
 */
export function reaction(g: Game, t: number, feasible: readonly Reaction[]): Reaction {
  if (feasible.length === 1) return feasible[0];
  const d = doctrineOf(g, t);
  if (d.random) return feasible[pick(g, g.c.units[t].side, feasible.length)];
  if (feasible.includes('fire')) return 'fire';
  if (feasible.includes('countercharge') && (attacking(g, t) || d.counterAttack !== 'never') && g.level[t] <= UNFORMED) return 'countercharge';
  return feasible.includes('hold') ? 'hold' : feasible[0];
}

/** 9: follow up a push-back. */
export function followsUp(g: Game, u: number): boolean {
  const d = doctrineOf(g, u);
  if (d.random) return coin(g, u) < 0.5;
  return d.followUp && g.level[u] < SHAKEN;
}

/** Take the ground a broken enemy held (rulings, "Assault and melee" 4): attackers do, defenders hold their own. */
export function takesGround(g: Game, u: number): boolean {
  const d = doctrineOf(g, u);
  if (d.random) return coin(g, u) < 0.5;
  return attacking(g, u);
}

/** The attacker's doctrine gives the attack up (rulings, "Mapping": repulsed). */
export function givesUp(g: Game, side: 0 | 1): boolean {
  const d = g.c.sides[side].doctrine;
  return !d.random && d.giveUp === 'armyDemoralised' && g.armyMorale[side] <= 0;
}
