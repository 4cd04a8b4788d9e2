/**
 * Step 11 of the sequence of play: melee (9, 11). Units in contact form melees (groups joined by
 * contact); each unit rolls a die per four figures in contact against the enemy it shares most
 * frontage with, both sides at once; the sides' casualties are compared: equal is indecisive, more
 * but under twice pushes the other back, twice or more breaks it (it routs). Then push-backs, follow-
 * ups, pursuits and taking the ground; indecisive melees test in step 12; units out of contact come
 * out with REGROUP orders (11).
 */
import { EXTRA } from '../vocabulary.js';
import { EPS, rear } from '../../../table/index.js';
import { followsUp, rates, takesGround } from '../doctrine/choose.js';
import { figuresInContact, figuresInOverlap } from '../figures.js';
import { bothTestAfter, CONTINUATION, meleeOutcome, pursues, pushBackDistance, type MeleeFighter, type MeleeOutcome } from '../melee.js';
import { awayFromEnemy } from '../movement.js';
import { COL, cohesionModifierAt } from '../cohesion.js';
import { rollCasualties, rollGunCasualties, setFirePlan } from '../fire.js';
import { MELEE_SAVE, MELEE_TO_HIT, ROUT, type Cohesion } from '../tables.js';
import { coverAt, coverOf, engagedUnits, facesEnemy, inContactWithEnemy, modelOf } from '../play/lane.js';
import { laneMove, MoveKind } from '../play/moves.js';
import { ASSAULT, FORMATION_LIST, OPEN, REGROUP, RESERVE, SQUARE, type Game } from '../play/state.js';
import { bump, loseFigures, loseGuns, setLevel, setOrder } from '../play/units.js';

/** 9 (burt.meleeRanks): figures of `u` in contact with `o`: whole figures in the frontage they share (a battery: its crews). */
export function contactFigures(g: Game, u: number, o: number): number {
  const spec = g.c.units[u];
  const overlap = g.latOv[u * g.n + o];
  if (spec.arm === 'guns') return Math.min(g.guns[u], figuresInOverlap(overlap, spec.figureWidth)) * spec.crew;
  return figuresInContact(modelOf(g, u), figuresInOverlap(overlap, spec.figureWidth), g.c.options.meleeRanks);
}

/** 9: fill a fighter from the lane: formation, ranks, level, cavalry kinds, charging, cover, against the rear. */
export function fighterOf(g: Game, u: number, o: number, f: MeleeFighter): MeleeFighter {
  const spec = g.c.units[u];
  f.arm = spec.arm;
  f.formation = FORMATION_LIST[g.formation[u]];
  f.ranks = modelOf(g, u).ranks;
  f.level = g.level[u] as Cohesion;
  f.lightCavalry = spec.light;
  f.armoured = spec.armoured;
  f.lancers = spec.lancers;
  f.chargingOrFollowingUp = g.charging[u] === 1 || g.followingUp[u] === 1;
  f.attacking = f.chargingOrFollowingUp || g.attacking[u] === 1;
  f.cover = coverAt(g, u);
  f.downhillOfEnemy = false; // no hills on the lane
  f.againstFlankOrRear = againstFlankOrRear(g, u, o);
  return f;
}

/**
 * 9 "Fighting enemy flank or rear": u's front touches o's rear (rearContact(g.body[o], g.body[u]), with
 * the lateral overlap the game keeps); a square has no flank or rear (12: it faces 4 ways).
 */
function againstFlankOrRear(g: Game, u: number, o: number): boolean {
  if (g.formation[o] === SQUARE) return false;
  const fo = g.face[o];
  return g.face[u] === fo && g.latOv[o * g.n + u] > EPS && Math.abs((fo > 0 ? g.ax0[o] : g.ax1[o]) - g.fx[u]) <= EPS;
}

/** The melees now: each unit in contact's group (scratch.group, -1 none) and opponent (scratch.opponent). */
export function findMelees(g: Game): number {
  const n = g.c.units.length;
  const { parent, group, opponent, bestOverlap: best } = g.scratch;
  // The contacts the lane keeps (lane.inContactWithEnemy): no unit engaged, no melee.
  let any = false;
  for (let i = 0; i < n; i++) {
    parent[i] = i;
    opponent[i] = -1;
    best[i] = 0;
    group[i] = -1;
    if (inContactWithEnemy(g, i)) any = true;
  }
  if (!any) return 0;
  for (let i = 0; i < n; i++) {
    if (g.engagedCount[i] === 0) continue;
    for (let j = i + 1; j < n; j++) {
      if (g.pairs[i * n + j] === 0) continue;
      const ri = find(parent, i);
      const rj = find(parent, j);
      if (ri < rj) parent[rj] = ri;
      else if (rj < ri) parent[ri] = rj;
      const w = g.latOv[i * n + j];
      if (opponent[i] < 0 || w > best[i]) (opponent[i] = j), (best[i] = w);
      if (opponent[j] < 0 || w > best[j]) (opponent[j] = i), (best[j] = w);
    }
  }
  // A group's root is its lowest unit (the lower root always wins), so groups number in that order.
  let groups = 0;
  for (let i = 0; i < n; i++) {
    group[i] = -1;
    if (opponent[i] < 0) continue;
    const r = find(parent, i);
    group[i] = r === i ? groups++ : group[r];
  }
  return groups;
}

/** The root of i's group (union-find with path halving). */
function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/** Members of melee `k` in unit order, written into `out`. */
function membersOf(g: Game, k: number, out: number[]): number[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  for (let i = 0; i < g.c.units.length; i++) if (g.scratch.group[i] === k) out.push(i);
  return out;
}

/**
 * melee.ts meleeToHitModifier of u fighting o, read straight from the game (fighterOf's values, no
 * fighters filled in). Whole numbers: the order of the sum does not matter.
 */
export function meleeToHitOf(g: Game, u: number, o: number, firstContact: boolean): number {
  const c = g.c;
  const own = c.units[u];
  const enemy = c.units[o];
  const mode = c.options.cohesionModifiers;
  const enemyCover = coverOf(g, o) !== 0;
  const enemyFormation = g.formation[o];
  const cavalry = own.arm === 'cavalry';
  let m = 0;
  if (enemyCover) m += MELEE_TO_HIT.targetInCover;
  if (cavalry && enemyFormation === SQUARE) m += MELEE_TO_HIT.cavalryAttackingSquare;
  // impetusCancelled: a square, or an enemy in any cover.
  if (!(enemyFormation === SQUARE || enemyCover)) {
    if (g.charging[u] === 1 || g.followingUp[u] === 1) m += MELEE_TO_HIT.chargingOrFollowingUp;
    if (firstContact && modelOf(g, u).ranks > modelOf(g, o).ranks) m += MELEE_TO_HIT.deeperAtFirstContact;
    if (firstContact && cavalry && (own.armoured || own.lancers)) m += MELEE_TO_HIT.armouredOrLancersAtFirstContact;
  }
  // closeOrder(own) and openOrder(enemy).
  const ownOpen = own.arm === 'skirmishers' || g.formation[u] === OPEN;
  if ((own.arm === 'infantry' || cavalry) && !ownOpen && (enemy.arm === 'skirmishers' || enemyFormation === OPEN)) m += MELEE_TO_HIT.closeOrderVsOpenOrder;
  if (againstFlankOrRear(g, u, o)) m += MELEE_TO_HIT.againstFlankOrRear;
  const ownLevel = g.level[u] as Cohesion;
  const enemyLevel = g.level[o] as Cohesion;
  m += cohesionModifierAt(COL.meleeToHit, ownLevel, mode, false);
  m += cohesionModifierAt(COL.enemyMeleeToHit, enemyLevel, mode, false);
  if (cavalry) m += cohesionModifierAt(COL.enemyCavalryMeleeToHit, enemyLevel, mode, false);
  // lightCavalryPenaltyApplies: light cavalry attacking (burt.lightCavalryFormed), formed enemy by the item.
  if (cavalry && own.light && (c.options.lightCavalryFormed === 'fighting' || g.attacking[u] === 1 || g.charging[u] === 1 || g.followingUp[u] === 1)) m += cohesionModifierAt(COL.enemyLightCavalryMeleeToHit, enemyLevel, mode, false);
  return m;
}

/** melee.ts meleeSaveModifier of o (the side hit), from the game: no hills on the lane. */
function meleeSaveOf(g: Game, o: number): number {
  const o_ = g.c.options;
  const spec = g.c.units[o];
  let m = cohesionModifierAt(COL.meleeSave, g.level[o] as Cohesion, o_.cohesionModifiers, o_.routSavePenalty);
  if (spec.arm === 'cavalry' && spec.armoured) m += MELEE_SAVE.armouredCavalry;
  return m;
}

/** 9: one unit's dice against its opponent, the figures (or guns) taken waiting in pending until the round is over. */
function strike(g: Game, u: number, o: number): number {
  const c = g.c;
  const spec = c.units[u];
  const s = g.scratch;
  if (!c.options.contactedAlwaysFight && (g.order[u] === REGROUP || g.order[u] === RESERVE)) return 0;
  const first = g.contactTurn[u] === g.turn;
  setFirePlan(s.plan, contactFigures(g, u, o), meleeToHitOf(g, u, o, first), meleeSaveOf(g, o), c.options);
  const target = c.units[o];
  const stream = g.dice.fire(spec.side);
  if (target.arm === 'guns') {
    const cas = rollCasualties(s.plan, Infinity, stream);
    g.pendingGuns[o] += rollGunCasualties(cas, g.guns[o] - g.pendingGuns[o], target.crew, 'smallArms', c.options.gunCasualtyRoll, stream);
    // 8: casualties this turn, though no gun be lost (crewCasualties; melee is no small-arms fire, 11).
    if (cas > 0) g.casualtiesTurn[o] = 1;
    return cas;
  }
  const cas = rollCasualties(s.plan, g.figures[o] - g.pendingFigures[o], stream);
  g.pendingFigures[o] += cas;
  return cas;
}

/**
 * 4, 9 (burt.followUpOrders): whether the winner's orders let it follow up a push-back: any orders, or
 * only ASSAULT (4 bars RESERVE, MANOEUVER, FIRE and REGROUP units from engaging in combat). Asked
 * before the doctrine chooses, so that random-legal only draws among legal moves.
 */
export function mayFollowUp(g: Game, w: number): boolean {
  return g.c.options.followUpOrders === 'anyOrders' || g.order[w] === ASSAULT;
}

/**
 * 9 (burt.pushBack): the loser falls back away from the enemy, keeping its facing; a winner facing it
 * may follow up (burt.meleeContinuation, burt.followUpOrders).
 */
function pushBack(g: Game, loser: number, winners: readonly number[]): void {
  const spec = g.c.units[loser];
  const d = pushBackDistance(rates(g, loser).move, g.c.options.pushBack);
  const from = g.body[loser].front;
  const back = laneMove(g, loser, awayFromEnemy(facesEnemy(g, loser)), d, MoveKind.Move);
  const to = g.moveEnd;
  g.pushedBack[loser] = 1;
  g.res.sides[spec.side].retreatsForced++;
  g.res.units[loser].retreated = true;
  bump(g, EXTRA.pushBacks, spec.side);
  let by: string | null = null;
  for (const w of winners) {
    g.pushingBack[w] = 1;
    // A winner facing away (hit in the rear) cannot follow up: it would have to turn first (12).
    if (g.scratch.opponent[w] !== loser || CONTINUATION[g.c.options.meleeContinuation].endsAfterRound || g.level[w] === ROUT || !facesEnemy(g, w)) continue;
    if (!mayFollowUp(g, w) || !followsUp(g, w)) continue;
    laneMove(g, w, 1, rates(g, w).move, MoveKind.Charge, back);
    if (engagedUnits(g, w, loser)) {
      g.followingUp[w] = 1;
      by = g.c.units[w].id;
    }
  }
  if (g.sink) {
    g.sink({ type: 'retreat', side: spec.side, forced: true, units: [spec.id], why: 'pushBack' });
    g.sink({ type: 'pushBack', side: spec.side, unit: spec.id, distance: Math.abs(to - from), followedBy: by });
  }
}

/** 9: the loser breaks and routs; the winner pursues (burt.pursuit) or takes its ground. */
function breakLoser(g: Game, losers: readonly number[], winners: readonly number[]): void {
  for (const l of losers) if (g.present[l] === 1) setLevel(g, l, ROUT, 'broken in melee (9)');
  for (const w of winners) {
    if (g.present[w] === 0 || g.level[w] === ROUT) continue;
    const o = g.scratch.opponent[w];
    const spec = g.c.units[w];
    if (pursues(spec.arm, g.c.options.pursuit)) {
      g.pursuing[w] = o;
      g.pursuitTurn[w] = g.turn;
      bump(g, EXTRA.pursuits, spec.side);
      if (g.sink) g.sink({ type: 'pursuit', side: spec.side, unit: spec.id, target: g.c.units[o].id });
    } else if (takesGround(g, w)) {
      g.takeGround[w] = o;
      g.groundX[w] = g.body[w].front + g.body[w].facing * g.body[o].depth;
    }
  }
}

/** Who charged home this turn and won: the charges won of each side (the enemy broke or was pushed back). */
function chargesWon(g: Game, winners: readonly number[]): void {
  for (const w of winners) if (g.charging[w] === 1) g.res.sides[g.c.units[w].side].chargesWon++;
}

/** One melee: every member strikes, the casualties are removed, the sides' totals decide (9). */
export function resolveMelee(g: Game, members: readonly number[]): MeleeOutcome {
  const s = g.scratch;
  let by0 = 0;
  let by1 = 0;
  // 9 (burt.lightCavalryFormed): a unit charging or following up into the melee attacks in it until it leaves.
  for (const u of members) if (g.charging[u] === 1 || g.followingUp[u] === 1) g.attacking[u] = 1;
  for (const u of members) {
    s.inflicted[u] = strike(g, u, s.opponent[u]);
    if (g.c.units[u].side === 0) by0 += s.inflicted[u];
    else by1 += s.inflicted[u];
    g.inMelee[u] = 1;
  }
  const outcome = meleeOutcome(by0, by1, g.c.options.zeroCasualtyBreak);
  if (g.sink) {
    const ids = (side: number) => members.filter((u) => g.c.units[u].side === side).map((u) => g.c.units[u].id);
    g.sink({ type: 'melee', sides: [ids(0), ids(1)], casualties: [by0, by1], result: outcome });
  }
  for (const u of members) {
    if (g.pendingGuns[u] > 0) loseGuns(g, u, g.pendingGuns[u], 'silenced', false);
    if (g.pendingFigures[u] > 0) loseFigures(g, u, g.pendingFigures[u], false, false);
    g.pendingGuns[u] = 0;
    g.pendingFigures[u] = 0;
    g.followingUp[u] = 0;
  }
  bump(g, EXTRA.meleeRounds, 0);
  bump(g, EXTRA.meleeRounds, 1);
  const side0 = s.order;
  const side1 = s.orderB;
  while (side0.length > 0) side0.pop(); // (length = 0 calls into the runtime)
  while (side1.length > 0) side1.pop(); // (length = 0 calls into the runtime)
  for (const u of members) if (g.present[u] === 1) (g.c.units[u].side === 0 ? side0 : side1).push(u);
  if (outcome === 'aBreaks' || outcome === 'bBreaks') {
    const [losers, winners] = outcome === 'aBreaks' ? [side0, side1] : [side1, side0];
    chargesWon(g, winners);
    breakLoser(g, losers, winners);
  } else if (outcome === 'aPushedBack' || outcome === 'bPushedBack') {
    const [losers, winners] = outcome === 'aPushedBack' ? [side0, side1] : [side1, side0];
    chargesWon(g, winners);
    for (const l of losers) pushBack(g, l, winners);
  }
  if (bothTestAfter(outcome, g.c.options.indecisiveMelee)) for (const u of members) if (g.present[u] === 1 && g.level[u] !== ROUT) g.meleeTest[u] = 1;
  if (outcome === 'indecisive' && CONTINUATION[g.c.options.meleeContinuation].endsAfterRound) part(g, members);
  return outcome;
}

/** 9, 11 (burt.meleeContinuation oneRound): after an indecisive round the sides part: the chargers fall back a push-back distance. */
function part(g: Game, members: readonly number[]): void {
  let any = false;
  for (const u of members) if (g.charging[u] === 1) any = true;
  for (const u of members) {
    if (g.present[u] === 0 || g.level[u] === ROUT) continue;
    const back = any ? g.charging[u] === 1 : g.c.units[u].side === g.c.attacker;
    if (back) laneMove(g, u, awayFromEnemy(facesEnemy(g, u)), pushBackDistance(rates(g, u).move, g.c.options.pushBack), MoveKind.Move);
  }
}

/** 11: a unit that was in melee and is out of contact (not routing) comes out with REGROUP orders. */
export function leaveMelees(g: Game): void {
  for (let u = 0; u < g.c.units.length; u++) {
    if (g.inMelee[u] === 0 || g.present[u] === 0) continue;
    if (g.level[u] === ROUT || g.pursuing[u] >= 0) {
      g.inMelee[u] = 0;
      g.attacking[u] = 0;
      continue;
    }
    if (inContactWithEnemy(g, u)) continue;
    g.inMelee[u] = 0;
    g.attacking[u] = 0;
    setOrder(g, u, REGROUP, 'out of melee (11)');
  }
}

/** 3.11: every melee, in the order of its lowest unit. */
export function step11Melee(g: Game): void {
  const groups = findMelees(g);
  const members = g.scratch.list;
  // Each group is resolved with the opponents found before any round moved anyone.
  for (let k = 0; k < groups; k++) {
    membersOf(g, k, members);
    if (members.length > 1) resolveMelee(g, members);
  }
  leaveMelees(g);
}
