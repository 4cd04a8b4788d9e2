/**
 * The players: how a doctrine (./doctrine.ts) makes the choices the rules leave open, and the
 * random-legal baseline, which makes each of them at random among the legal ones from the side's AI
 * dice. The rules' obligations (rally rolls, contact checks, standing melees, control results) are the
 * engine's (./play.ts); these functions only choose, and play checks legality again.
 */
import { EPS, pathLimit } from '../../table/index.js';
import type { CwjDoctrine } from './doctrine.js';
import { chargeDistance, formationRate, mayChangeFacing, mayMove, type Mover } from './movement.js';
import { formIndex, NF, type Game } from './game.js';
import { footprintFits } from './layout.js';
import { ARTILLERY_RANGE_CM, MUSKET_RANGE_CM } from './fire.js';
import { WITHDRAWAL_TRIGGER_CM } from './movement.js';
import { PASS_RANGE_CM } from './rally.js';
import { ARM_FORMATIONS, type Formation } from './types.js';

/** A unit's choice in its movement phase: which way (0: none), how far, and the formation it ends in. */
export interface MovePlan {
  way: 0 | 1 | -1;
  distance: number;
  to: Formation;
}

export function newMovePlan(): MovePlan {
  return { way: 0, distance: 0, to: 'line' };
}

/** Stand-off kept outside musket range (cm): beyond 5 cm nobody's muskets reach ([Fire] l.140). */
export const STAND_OFF = MUSKET_RANGE_CM + 0.5;
/** Within this of an enemy a unit is near it (morale passes under `nearEnemy`). */
export const NEAR_ENEMY_CM = 15;

export const doctrineOf = (g: Game, side: 0 | 1): CwjDoctrine => g.c.sides[side].doctrine;

/** A side attacks while it does not hold the objective (the attacker of a scenario without one always). */
export function attacking(g: Game, side: 0 | 1): boolean {
  if (g.c.objective === null) return g.c.sides[side].role === 'attacker';
  return g.holder !== side;
}

/** The unit as the movement rules read it (the unit spec has the three fields). */
export function moverOf(g: Game, u: number): Mover {
  return g.c.units[u];
}


/** How far u may move this phase from its formation to `to`, facing changed when retiring ([Move] l.100-102). */
export function allowanceFor(g: Game, u: number, to: Formation, retire: boolean): number {
  // movement.ts moveAllowance (never on a road here), the formations' rates from the Game's table.
  if (!mayMove(g.cohesion[u], g.held[u] === 1)) return 0;
  // A move back is a change of facing, which an unformed unit may not make (mayChangeFacing).
  if (retire && !mayChangeFacing(g.cohesion[u])) return 0;
  const from = g.formation[u];
  const start = g.rate[u * NF + formIndex(from)];
  if (from === to) return retire ? start / 2 : start;
  const end = g.rate[u * NF + formIndex(to)];
  const opt = g.c.options.formationChangeRate;
  const rate = opt === 'start' ? start : opt === 'end' ? end : Math.min(start, end);
  return rate / 2;
}


/** The charge distance of a cavalry unit ([Move] l.79-83, `cwj.chargeMove`). */
export function chargeReach(g: Game, u: number): number {
  return chargeDistance(moverOf(g, u), g.formation[u], g.c.options.chargeMove);
}

/**
 * A formation change is open to u: its arm takes `to`, and it is in good order. A disordered unit may
 * not change formation ([Rally] l.50-53), and an unformed one is "identical" to it save for the chip
 * and the recovery ([Rough] l.121-124), neither of which touches formation: it may move on (rulings 2,
 * `mayMove`) but not reform, so not form square either.
 */
export function mayReform(g: Game, u: number, to: Formation): boolean {
  if (to === g.formation[u]) return true;
  if (g.cohesion[u] !== 'good' || g.held[u]) return false;
  return ARM_FORMATIONS[g.c.units[u].arm].includes(to);
}

/**
 * Enemy cavalry could charge u next player turn: good, not in contact, with u first in its path within
 * its move and charge.
 */
export function cavalryThreat(g: Game, u: number): boolean {
  const s = g.side(u);
  if (g.cavalryOnSide[1 - s] === 0) return false; // the enemy has no cavalry at all
  for (let i = 0; i < g.live.length; i++) {
    const v = g.live[i];
    const w = g.c.units[v];
    if (w.side === s || w.arm !== 'cavalry' || g.cohesion[v] !== 'good' || g.inContact(v)) continue;
    if (g.firstAhead(v, 1) !== u) continue;
    const reach = chargeReach(g, v) + formationRate(moverOf(g, v), g.formation[v], g.c.options.squareMove);
    if (g.gapTo(v, 1, u) <= reach + EPS) return true;
  }
  return false;
}

/** Distance from u to its nearest enemy (Infinity if none). */
function nearestEnemyDistance(g: Game, u: number): number {
  const e = g.nearestEnemy(u);
  return e < 0 ? Infinity : g.distance(u, e);
}

function weightRange(g: Game, u: number): number {
  const w = g.c.units[u].weight;
  return w === undefined ? MUSKET_RANGE_CM : ARTILLERY_RANGE_CM[w];
}

// ---------------------------------------------------------------------------------------------
// Movement

/** Fill `plan` with u's move this phase. */
export function planMove(g: Game, u: number, plan: MovePlan): void {
  const side = g.side(u);
  const d = doctrineOf(g, side);
  plan.way = 0;
  plan.distance = 0;
  plan.to = g.formation[u];
  if (d.random) return randomMove(g, u, plan);
  const arm = g.c.units[u].arm;
  const attack = attacking(g, side);
  const ahead = g.firstAhead(u, 1);
  const enemy = ahead >= 0 && g.side(ahead) !== side ? ahead : -1;
  const gap = ahead >= 0 ? Math.max(0, g.gapTo(u, 1, ahead)) : Infinity;

  if (arm === 'artillery') {
    if (g.formation[u] === 'limbered') return void (plan.to = 'unlimbered');
    if (d.battery !== 'close' || enemy < 0) return;
    const range = weightRange(g, u);
    const step = Math.min(gap - range, gap - STAND_OFF, allowanceFor(g, u, 'unlimbered', false));
    if (step > EPS) (plan.way = 1), (plan.distance = step);
    return;
  }

  if (arm === 'cavalry') {
    if (!attack || enemy < 0 || d.cavalry === 'hold') return;
    if (d.chargeAt === 'open' && (g.formation[enemy] === 'square' || g.formation[enemy] === 'deployed')) return;
    const allow = allowanceFor(g, u, g.formation[u], false);
    const reach = chargeReach(g, u);
    if (d.cavalry === 'contact' && g.c.options.cavalryMoveContact === 'allowed' && gap <= allow + EPS) {
      plan.way = 1;
      plan.distance = gap;
      return;
    }
    if (gap <= reach + EPS) return; // the charge phase will do it
    const end = Math.max(STAND_OFF, gap - allow);
    if (gap - end > EPS) (plan.way = 1), (plan.distance = gap - end);
    return;
  }

  // Infantry.
  if (g.formation[u] === 'square' && !cavalryThreat(g, u)) {
    plan.to = attack ? 'column' : 'line';
    return;
  }
  const areaGap = areaAhead(g, u);
  if (!attack) {
    if (d.defend === 'counter' && enemy >= 0 && g.cohesion[u] === 'good' && g.c.units[enemy].arm !== 'cavalry' && g.cohesion[enemy] !== 'good') {
      const allow = allowanceFor(g, u, 'column', false);
      if (mayReform(g, u, 'column') && gap <= allow + EPS && gap < areaGap) {
        plan.to = 'column';
        plan.way = 1;
        plan.distance = gap;
        return;
      }
    }
    // Back into the objective the side holds, when nothing stands between.
    if (g.c.objective !== null && !g.inObjective(u) && (enemy < 0 || gap > objectiveGap(g, u) + EPS)) intoObjective(g, u, plan, areaGap, enemy < 0 ? Infinity : gap);
    return;
  }
  if (g.inObjective(u)) {
    // Holding part of the objective: stay, in line to fire unless it holds it Deployed.
    if (g.formation[u] === 'column' && mayReform(g, u, 'line') && !cavalryThreat(g, u)) plan.to = 'line';
    return;
  }
  if (ahead >= 0 && enemy < 0) {
    // A friend ahead: follow it up.
    const allow = allowanceFor(g, u, g.formation[u], false);
    if (gap > EPS) (plan.way = 1), (plan.distance = Math.min(gap, allow));
    return;
  }
  if (areaGap < gap - EPS || (enemy < 0 && areaGap < Infinity)) return void enterArea(g, u, plan, areaGap, enemy < 0 ? Infinity : gap);
  if (enemy < 0) return void intoObjective(g, u, plan, areaGap, Infinity);
  const enemyArm = g.c.units[enemy].arm;
  if (enemyArm === 'cavalry' && g.cohesion[enemy] === 'good') return; // no frontal contact with cavalry ([Spec] l.105)
  const targetShaken = g.cohesion[enemy] !== 'good';
  if (d.assault === 'column' || targetShaken) {
    const to: Formation = mayReform(g, u, 'column') ? 'column' : g.formation[u];
    const allow = allowanceFor(g, u, to, false);
    plan.to = to;
    if (gap <= allow + EPS) {
      plan.way = 1;
      plan.distance = gap;
      return;
    }
    const end = Math.max(STAND_OFF, gap - allow);
    if (gap - end > EPS) (plan.way = 1), (plan.distance = gap - end);
    return;
  }
  // Fire first: line at musket range.
  const want = gap - MUSKET_RANGE_CM;
  if (want <= EPS) {
    if (g.formation[u] !== 'line' && mayReform(g, u, 'line')) plan.to = 'line';
    return;
  }
  if (g.formation[u] === 'line') {
    plan.way = 1;
    plan.distance = Math.min(want, allowanceFor(g, u, 'line', false));
    return;
  }
  const deploying = mayReform(g, u, 'line') ? allowanceFor(g, u, 'line', false) : 0;
  if (want <= deploying + EPS) {
    plan.to = 'line';
    plan.way = 1;
    plan.distance = want;
    return;
  }
  // Close in column to where one more (halved) move deploys it at musket range.
  const allow = allowanceFor(g, u, g.formation[u], false);
  const end = Math.max(MUSKET_RANGE_CM + deploying, gap - allow);
  if (gap - end > EPS) (plan.way = 1), (plan.distance = gap - end);
}

/**
 * Distance from u's front to the near edge of the first village or fortification ahead in its file;
 * Infinity if none, or if its front already stands in one.
 */
export function areaAhead(g: Game, u: number): number {
  // It depends on u's footprint alone: kept until that changes.
  const ver = g.version(u);
  if (g.areaVer[u] === ver) return g.areaGap[u];
  const d = areaAheadNow(g, u);
  g.areaVer[u] = ver;
  g.areaGap[u] = d;
  return d;
}

function areaAheadNow(g: Game, u: number): number {
  const b = g.bodies[u];
  if (g.deployDepthAt(b.facing, b.front) > 0) return Infinity;
  let best = Infinity;
  for (const t of g.c.terrain) {
    if ((t.kind !== 'village' && t.kind !== 'fortification') || t.to === t.from) continue;
    if (t.yMin !== undefined && b.offset + b.frontage / 2 <= t.yMin + EPS) continue;
    if (t.yMax !== undefined && b.offset - b.frontage / 2 >= t.yMax - EPS) continue;
    const d = ((b.facing > 0 ? t.from : t.to) - b.front) * b.facing;
    if (d >= -EPS && d < best) best = Math.max(0, d);
  }
  return best;
}

/** Distance from u's front to the near edge of the objective ahead (Infinity if none ahead). */
function objectiveGap(g: Game, u: number): number {
  const o = g.c.objective;
  if (o === null) return Infinity;
  const b = g.bodies[u];
  const d = ((b.facing > 0 ? o.interval.from : o.interval.to) - b.front) * b.facing;
  return d >= -EPS ? Math.max(0, d) : Infinity;
}

/**
 * Into a village or fortification ahead (rulings 3: entering an area is a change to Deployed, at the
 * halved rate): up to its edge first if it is beyond that, then in.
 */
function enterArea(g: Game, u: number, plan: MovePlan, areaGap: number, enemyGap: number): void {
  const inAllow = mayReform(g, u, 'deployed') ? allowanceFor(g, u, 'deployed', false) : 0;
  if (areaGap > inAllow - 0.5) {
    const to: Formation = g.formation[u] === 'line' || g.formation[u] === 'column' ? g.formation[u] : mayReform(g, u, 'column') ? 'column' : g.formation[u];
    plan.to = to;
    const dist = Math.min(areaGap, allowanceFor(g, u, to, false));
    if (dist > EPS) (plan.way = 1), (plan.distance = dist);
    return;
  }
  plan.to = 'deployed';
  plan.way = 1;
  plan.distance = Math.max(0, Math.min(inAllow, enemyGap));
}

/** Toward the objective: into it when it is a village or fortification, else onto it by half the unit's depth. */
function intoObjective(g: Game, u: number, plan: MovePlan, areaGap: number, enemyGap: number): void {
  const o = g.c.objective;
  if (o === null || g.inObjective(u)) return;
  const og = objectiveGap(g, u);
  if (og === Infinity) return;
  if (areaGap < Infinity && areaGap <= og + EPS) return enterArea(g, u, plan, areaGap, enemyGap);
  const b = g.bodies[u];
  const to = g.formation[u] === 'deployed' ? 'column' : g.formation[u];
  const dist = Math.min(og + b.depth * 0.5, enemyGap);
  if (dist <= EPS) return;
  plan.to = to;
  plan.way = 1;
  plan.distance = Math.min(dist, allowanceFor(g, u, to, false));
}

/** Every choice at random: hold, forward, back, or a formation change, at a random distance. */
function randomMove(g: Game, u: number, plan: MovePlan): void {
  const r = g.ai(g.side(u));
  const forms = ARM_FORMATIONS[g.c.units[u].arm];
  const k = Math.floor(r() * 4);
  if (k === 1) {
    plan.way = 1;
    plan.distance = r() * allowanceFor(g, u, plan.to, false);
  } else if (k === 2) {
    plan.way = -1;
    plan.distance = r() * allowanceFor(g, u, plan.to, true);
  } else if (k === 3) {
    const to = forms[Math.floor(r() * forms.length)];
    if (mayReform(g, u, to)) plan.to = to;
  }
}

// ---------------------------------------------------------------------------------------------
// Generals, passes, withdrawals

/** [Gen]: the unit a divisional general joins in his side's movement phase (-1: he stays). */
export function chooseGeneral(g: Game, gen: number): number {
  const spec = g.c.generals[gen];
  const d = doctrineOf(g, spec.side);
  const units = g.c.corps[spec.corps].units;
  if (d.random) {
    const r = g.ai(spec.side);
    const v = units[Math.floor(r() * units.length)];
    return g.alive[v] && g.c.units[v].arm === spec.arm && r() < 0.5 ? v : -1;
  }
  if (d.generals !== 'lead') return -1;
  let best = -1;
  let bestD = Infinity;
  for (const v of units) {
    if (!g.alive[v] || g.c.units[v].arm !== spec.arm) continue;
    const dist = g.closeness(v);
    if (dist < bestD - EPS) (bestD = dist), (best = v);
  }
  return best;
}

/** [Rally] l.24-32: spend one of the commander's passes on u instead of its rally roll. */
export function choosePass(g: Game, u: number): boolean {
  const side = g.side(u);
  const d = doctrineOf(g, side);
  if (d.random) return g.ai(side)() < 0.5;
  return d.passes === 'always' || nearestEnemyDistance(g, u) <= NEAR_ENEMY_CM;
}

/** [Spec] l.107-109: withdraw this cavalry 2d6 cm. */
export function chooseWithdraw(g: Game, u: number): boolean {
  const side = g.side(u);
  const d = doctrineOf(g, side);
  if (d.random) return g.ai(side)() < 0.5;
  return d.withdraw;
}

/** Where a corps commander goes: behind the mean front of his units, at their mean offset, within reach of them. */
export function placeCommander(g: Game, corps: number): void {
  const spec = g.c.corps[corps];
  const d = doctrineOf(g, spec.side);
  let n = 0;
  let x = 0;
  let y = 0;
  let rear = Infinity;
  const facing = g.c.sides[spec.side].facing;
  for (const v of spec.units) {
    if (!g.alive[v]) continue;
    n++;
    x += g.bodies[v].front;
    y += g.bodies[v].offset;
    const r = g.bodies[v].front * facing;
    if (r < rear) rear = r;
  }
  if (n === 0) return;
  const behind = d.random ? 6 : d.commanderBehind;
  let cx = Math.min(x / n, rear * facing) - facing * behind;
  if (facing < 0) cx = Math.max(x / n, rear * facing) - facing * behind;
  g.cmdX[corps] = Math.min(g.c.lane.xMax, Math.max(g.c.lane.xMin, cx));
  g.cmdY[corps] = y / n;
}

/** A commander's reach to a unit: its front edge to him within 30 cm ([Rally] l.25). */
export function withinPassRange(g: Game, corps: number, u: number): boolean {
  const b = g.bodies[u];
  const dx = Math.abs(g.cmdX[corps] - b.front);
  const dy = Math.max(0, Math.abs(g.cmdY[corps] - b.offset) - b.frontage / 2);
  return Math.hypot(dx, dy) <= PASS_RANGE_CM + EPS;
}

// ---------------------------------------------------------------------------------------------
// Fire, squares, charges, control

/** Choose a fire target among `n` candidates in g.targets (their modifiers in g.mods): -1 for none. */
export function chooseTarget(g: Game, u: number, n: number): number {
  if (n === 0) return -1;
  const side = g.side(u);
  const d = doctrineOf(g, side);
  if (d.random) {
    const k = Math.floor(g.ai(side)() * (n + 1));
    return k === n ? -1 : g.targets[k];
  }
  let best = -1;
  let bestKey = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = g.targets[i];
    const dist = g.distance(u, v);
    const key = d.fireAt === 'best' ? g.mods[i] * 1000 - dist : -dist;
    if (key > bestKey) (bestKey = key), (best = v);
  }
  return best;
}

/** Defensive fire phase: form square instead of firing ([SoP] l.10-11). `legal`: squaring is allowed. */
export function chooseSquare(g: Game, u: number, targets: number): boolean {
  const side = g.side(u);
  const d = doctrineOf(g, side);
  if (d.random) return squareLegal(g, u) && Math.floor(g.ai(side)() * (targets + 2)) === 0;
  return d.square && g.formation[u] !== 'deployed' && cavalryThreat(g, u) && squareLegal(g, u);
}

/**
 * [SoP] l.10-11: infantry may form square in the defensive fire phase unless enemy cavalry is in
 * contact with it; not when disordered or unformed (no formation change, [Rally] l.50-53, [Rough]
 * l.121-124), nor where the square would stand on another unit or off the table (`footprintFits`),
 * nor where its narrower footprint would stand clear of an enemy that touches it now
 * (`Game.keepsContactsAs`): on the table a unit forms square where it stands and stays in contact, to
 * fight in the melee phase ([Melee] l.226-227); on the lane, whose offsets never change, the square
 * could leave the contact by its shape alone.
 */
export function squareLegal(g: Game, u: number): boolean {
  const s = g.c.units[u];
  if (s.arm !== 'infantry' || g.formation[u] === 'square' || !mayReform(g, u, 'square')) return false;
  if (g.inContactWithCavalry(u)) return false;
  const t = g.shapeInScratch(u, 'square');
  if (!footprintFits(g.c.lane, t, g.overlapsAny(t, u))) return false;
  return !g.inContact(u) || g.keepsContactsAs(u, 'square');
}

/** Charge phase ([SoP] l.12): whether cavalry u charges `target` (the first enemy in its path, within reach). */
export function chooseCharge(g: Game, u: number, target: number): boolean {
  const side = g.side(u);
  const d = doctrineOf(g, side);
  if (d.random) return g.ai(side)() < 0.5;
  if (d.chargeAt === 'open' && (g.formation[target] === 'square' || g.formation[target] === 'deployed')) return false;
  if (attacking(g, side)) return d.cavalry !== 'hold';
  // Defending: charge what threatens the objective, or anything in reach when counterattacking.
  return d.defend === 'counter' || g.inObjective(target);
}

/** [Control] l.277-279: a controlled unit stays, charges again or falls back. */
export function chooseControl(g: Game, u: number, canCharge: boolean): 'stay' | 'charge' | 'retire' {
  const side = g.side(u);
  const d = doctrineOf(g, side);
  if (d.random) {
    const options: ('stay' | 'charge' | 'retire')[] = canCharge ? ['stay', 'charge', 'retire'] : ['stay', 'retire'];
    return options[Math.floor(g.ai(side)() * options.length)];
  }
  if (d.control === 'charge') return canCharge ? 'charge' : 'stay';
  return d.control;
}

/** The limit x of a move of u toward body v (its near edge), for plans that stop short. */
export function limitToward(g: Game, u: number, v: number): number {
  return pathLimit(g.bodies[u], 1, g.bodies[v]);
}

/** Non-phasing cavalry threatened by foot or guns that moved within 10 cm ([Spec] l.107). */
export const WITHDRAWAL_CM = WITHDRAWAL_TRIGGER_CM;
