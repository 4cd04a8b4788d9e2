/**
 * Step 10 of the sequence of play: assault reactions (9). The assaulted unit tests first (failing, it
 * routs) and the reserves committed to support it test; standing, it reacts once: fire, countercharge,
 * evade or hold (9.r1-r4). Then each assaulter tests; passing, it goes in.
 */
import { EXTRA } from '../vocabulary.js';
import { EPS } from '../../../table/index.js';
import { reach, rates, reaction } from '../doctrine/choose.js';
import { d6 } from '../../../core/dice.js';
import { evadeDistanceOf, limberCost } from '../movement.js';
import { reactionsAllowed, type Reaction } from '../orders.js';
import { SMALL_ARMS_RANGES, ROUT } from '../tables.js';
import { clearLine, edgeDistance, faceAbout, firstInPathOf, gapTo, inContactWithEnemy, inFront, touchingUnits } from '../play/lane.js';
import type { ChargeEnd } from '../events.js';
import { laneMove, MoveKind } from '../play/moves.js';
import { ASSAULT, MANOEUVRE, ORDER_LIST, REGROUP, RESERVE, SQUARE, type Game } from '../play/state.js';
import { bump, setOrder, testAndApply } from '../play/units.js';
import { fireAt, maxRange } from './fire.js';
import { routMove } from './compulsory.js';
import { setLimbered } from './manoeuvre.js';
import { mayFire } from '../cohesion.js';

/** 9.r1: "if in musket range": within a musket's long range and the unit's own. */
const MUSKET_RANGE = SMALL_ARMS_RANGES.musket[2];

/** 9.r1 (burt.reactionFire): the target can fire at the assaulter now (in front of it, as every fire, 6). */
export function canReactFire(g: Game, t: number, a: number): boolean {
  if (!mayFire(g.level[t] as 0) || g.limbered[t] === 1 || inContactWithEnemy(g, t)) return false;
  if (g.c.options.reactionFire === 'once' && g.firedTurn[t] === 1) return false;
  const d = edgeDistance(g, t, a);
  return d <= MUSKET_RANGE + EPS && d <= maxRange(g, t) + EPS && inFront(g, t, a) && clearLine(g, t, a);
}

/**
 * 9, 5: what is left of the unit's charge reach this turn: its reach less what its own step-4 advance
 * (and a countercharge already made) cost it.
 */
export function reachLeft(g: Game, u: number): number {
  return reach(g, u) - g.assaultSpent[u];
}

/**
 * 9.r2: the target can countercharge the assaulter: it is the first body in its path, within what is
 * left of its charge reach (an ASSAULT unit that advanced in step 4 has spent part of it). A friend in
 * the way blocks it, as it blocks an assault (docs/rules/burt.md, "Contact and melee").
 */
export function canCountercharge(g: Game, t: number, a: number): boolean {
  const r = reachLeft(g, t);
  return r > EPS && firstInPathOf(g, t, 1, -1) === a && gapTo(g, t, a) <= r + EPS;
}

/**
 * 9.r1-r4 (burt.reserveReaction): the reactions the target's orders allow and the lane makes possible.
 * 9.r3 (burt.evadeInContact barred): a target already in contact with another enemy does not evade;
 * (burt.evaders notGunsOrSquares) nor does a battery or a square.
 */
export function feasibleReactions(g: Game, t: number, a: number, out: Reaction[]): Reaction[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  const arm = g.c.units[t].arm;
  for (const r of reactionsAllowed(ORDER_LIST[g.order[t]], g.c.options.reserveReaction)) {
    if (r === 'fire' && !canReactFire(g, t, a)) continue;
    if (r === 'countercharge' && !canCountercharge(g, t, a)) continue;
    if (r === 'evade' && g.c.options.evaders === 'notGunsOrSquares' && (arm === 'guns' || g.formation[t] === SQUARE)) continue;
    if (r === 'evade' && g.c.options.evadeInContact === 'barred' && inContactWithEnemy(g, t)) continue;
    out.push(r);
  }
  if (out.length === 0) out.push('hold'); // an ASSAULT unit out of reach must stand (it cannot countercharge)
  return out;
}

/**
 * 9.r3: about face and fall back a normal move plus a die less a die; REGROUP orders follow (11). The
 * normal move is the unit's rate as it stands (5: a square's, a battery's gun rate); an unlimbered
 * battery limbers first, half a move of it (5: guns move limbered), and ends limbered. A square,
 * facing every way (12), has no about to face: it falls back as it stands, its face to the enemy.
 */
export function evade(g: Game, t: number): void {
  const spec = g.c.units[t];
  const move = rates(g, t).move;
  const square = g.formation[t] === SQUARE;
  if (!square) faceAbout(g, t);
  // evadeDistance's dice, thrown here so that the story can show them: the plus die first.
  const stream = g.dice.morale(spec.side);
  const plus = d6(stream);
  const minus = d6(stream);
  let distance = evadeDistanceOf(move, plus, minus);
  if (spec.arm === 'guns' && g.limbered[t] === 0) {
    setLimbered(g, t, 1);
    distance = Math.max(0, distance - limberCost(move));
  }
  const from = g.body[t].front;
  laneMove(g, t, square ? -1 : 1, distance, MoveKind.Move);
  const to = g.moveEnd;
  setOrder(g, t, REGROUP, 'evaded (11)');
  g.res.sides[spec.side].retreatsVoluntary++;
  g.res.units[t].retreated = true;
  bump(g, EXTRA.evades, spec.side);
  if (g.sink) {
    g.sink({ type: 'evade', side: spec.side, unit: spec.id, dice: [plus, minus], distance });
    g.sink({ type: 'retreat', side: spec.side, forced: false, units: [spec.id], why: 'evade' });
    g.sink({ type: 'move', side: spec.side, unit: spec.id, path: [from, to], why: 'evade' });
  }
}

/**
 * 9.r2: the target charges the assaulter, the two meeting half way, with what is left of its charge
 * reach; what the move costs is spent from it (the rest is what it may still come on with).
 */
export function countercharge(g: Game, t: number, a: number): void {
  const spec = g.c.units[t];
  const from = g.body[t].front;
  laneMove(g, t, 1, reachLeft(g, t), MoveKind.Charge, gapTo(g, t, a) / 2);
  g.assaultSpent[t] += g.moveSpent;
  if (g.level[t] !== ROUT) g.charging[t] = 1; // 7: one routed on the way stopped there and charges no more
  // A countercharge is a charge of its own (9.r2), unless it is the unit's own assault on the same enemy (burt.mutualAssault firstDeclared).
  if (g.assaultTarget[t] !== a) g.res.sides[spec.side].chargesDeclared++;
  bump(g, EXTRA.countercharges, spec.side);
  if (g.sink) chargeEvent(g, t, a, from, 'meets');
}

/**
 * The charge event (9) of `u` charging `t` from `from`: routed when the charger has routed (7);
 * home when it touches `t`; else blocked when the first body in its path (friend or enemy, not `t`)
 * stops it, front to it; else `otherwise` (a half-way move meets the target's charge, a charge that
 * goes in falls short).
 */
export function chargeEvent(g: Game, u: number, t: number, from: number, otherwise: ChargeEnd): void {
  const spec = g.c.units[u];
  let ended: ChargeEnd = otherwise;
  let by: string | null = null;
  let gap = 0;
  if (g.present[u] === 1 && g.level[u] === ROUT) ended = 'routed';
  else if (g.present[t] === 0 || !touchingUnits(g, u, t)) {
    const b = g.present[u] === 1 ? firstInPathOf(g, u, 1, -1) : -1;
    if (b >= 0 && b !== t && gapTo(g, u, b) <= EPS) {
      ended = 'blocked';
      by = g.c.units[b].id;
    }
    gap = g.present[t] === 1 && g.present[u] === 1 ? Math.max(0, gapTo(g, u, t)) : 0;
  } else ended = 'home';
  g.sink!({ type: 'charge', side: spec.side, units: [spec.id], target: g.c.units[t].id, from, to: g.moveEnd, ended, by, gap });
}

/**
 * 9: a charge goes in: `a` moves with what is left of its charge reach (burt.evadeContact: an evader
 * still in reach is caught, hit in the rear). It goes home against `t`, or against another enemy that
 * stepped into its path, which it charges instead (9: charging is the charger's move into contact;
 * the text ties the bonus to no target); a RESERVE unit so charged is assaulted and takes MANOEUVER
 * orders (11). Returns whether it made contact.
 */
export function goIn(g: Game, a: number, t: number, remaining: number, upTo = Infinity): boolean {
  const spec = g.c.units[a];
  if (g.present[a] === 0 || g.present[t] === 0) return false;
  const from = g.body[a].front;
  g.moveEnd = from;
  const moved = remaining > EPS ? laneMove(g, a, 1, remaining, MoveKind.Charge, upTo) : 0;
  if (g.sink) chargeEvent(g, a, t, from, 'short');
  // 7: a charger routed on the way (a level lost crossing ground or friends) stopped there: no charge home.
  if (g.level[a] === ROUT) return false;
  let met = touchingUnits(g, a, t) ? t : -1;
  if (met < 0 && moved > EPS) {
    // Stopped in contact by another enemy in its path: it charged that one (one it already touched it did not).
    const b = firstInPathOf(g, a, 1, spec.side === 0 ? 1 : 0);
    if (b >= 0 && touchingUnits(g, a, b)) met = b;
  }
  if (met < 0) return false;
  // 11, 10: a RESERVE unit charged home on is itself assaulted, designated or not: it takes MANOEUVER
  // orders (and its army a point off for leaving RESERVE). A designated one already has them (resolveAssaultOn).
  if (g.order[met] === RESERVE) setOrder(g, met, MANOEUVRE, 'assaulted (11)');
  g.charging[a] = 1;
  g.contactTurn[a] = g.turn;
  g.contactTurn[met] = g.turn;
  g.res.sides[spec.side].chargesHome++;
  return true;
}

/**
 * 9: the units still assaulting `t`, into `out` in the order they act: present, not routing, their
 * assault standing (a unit that routs drops its assault, 7). One may have routed earlier in step 10
 * (its own test in a mutual assault, the army morale test of 10).
 */
export function liveAssaulters(g: Game, t: number, out: number[]): number[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  for (const a of g.c.alternation[g.first]) if (g.assaultTarget[a] === t && g.present[a] === 1 && g.level[a] !== ROUT) out.push(a);
  return out;
}

/** Present and not routing: a unit still able to test, react or charge. */
function standing(g: Game, u: number): boolean {
  return g.present[u] === 1 && g.level[u] !== ROUT;
}

/**
 * 9: the unit assaulted takes its test (failing, it routs: burt.routBeforeContact), then the reserves
 * committed to support it take theirs (failing, a level and no support). Returns whether it fled.
 */
function assaultedTests(g: Game, t: number): boolean {
  let fled = false;
  if (standing(g, t)) {
    const stood = testAndApply(g, t, 'assaulted');
    if (!stood && g.c.options.routBeforeContact === 'fleeAtOnce') {
      routMove(g, t);
      fled = true;
    }
  }
  for (let f = 0; f < g.supporting.length; f++) {
    if (g.supporting[f] !== t || !standing(g, f)) continue;
    if (!testAndApply(g, f, 'support')) g.supporting[f] = -1;
  }
  return fled;
}

/** 9 (burt.mutualAssault): the assaulter of `t` that `t` itself assaults, -1 if none. */
export function mutualPartner(g: Game, t: number, assaulters: readonly number[]): number {
  const p = g.assaultTarget[t];
  return p >= 0 && assaulters.includes(p) ? p : -1;
}

/** The unit's own assault is over (it went in, failed or was spent): unmark it, and count a square formed against it. */
function endAssault(g: Game, a: number, t: number): void {
  g.assaultTarget[a] = -1;
  // A cavalry charge at infantry that could form square: did it?
  if (g.squareChance[a] === 1 && g.present[t] === 1 && g.formation[t] === SQUARE) g.res.extras.squaresFormed++;
  g.squareChance[a] = 0;
}

/**
 * 9 (burt.mutualAssault bothRoles): `p` and `t` assault each other, and both have taken their
 * being-assaulted tests. Each still standing now takes its trying-to-assault test (p first, as the
 * assaulter of the target resolved); those that pass go in: both, and they meet half way, both
 * charging (an ASSAULT unit assaulted countercharges, 9); one, and it goes in with the rest of its
 * charge reach against the other where it stands.
 */
function mutualCharge(g: Game, p: number, t: number, pFled: boolean, tFled: boolean): void {
  const ps = g.c.units[p].side;
  const ts = g.c.units[t].side;
  let pGoes = false;
  let tGoes = false;
  // An assaulter another enemy charged home on earlier in this resolution fights it where it stands (dropEngagedAssaulters).
  if (standing(g, p)) {
    pGoes = !tFled && g.present[t] === 1 && !engagedElsewhere(g, p, t) && testAndApply(g, p, 'assault', t);
    if (!pGoes) bump(g, EXTRA.assaultsFailed, ps);
  }
  if (standing(g, t)) {
    tGoes = !pFled && g.present[p] === 1 && !engagedElsewhere(g, t, p) && testAndApply(g, t, 'assault', p);
    if (!tGoes) bump(g, EXTRA.assaultsFailed, ts);
  }
  if (pGoes && tGoes) {
    const from = g.body[p].front;
    laneMove(g, p, 1, reachLeft(g, p), MoveKind.Charge, gapTo(g, p, t) / 2);
    if (g.level[p] !== ROUT) g.charging[p] = 1;
    if (g.sink) chargeEvent(g, p, t, from, 'meets');
    if (goIn(g, t, p, reachLeft(g, t))) {
      if (g.charging[p] === 1 && touchingUnits(g, p, t)) g.res.sides[ps].chargesHome++;
    } else {
      bump(g, EXTRA.assaultsFailed, ps);
      bump(g, EXTRA.assaultsFailed, ts);
    }
  } else if (pGoes) {
    if (!goIn(g, p, t, reachLeft(g, p))) bump(g, EXTRA.assaultsFailed, ps);
  } else if (tGoes) {
    if (!goIn(g, t, p, reachLeft(g, t))) bump(g, EXTRA.assaultsFailed, ts);
  }
}

/**
 * 9: one assaulted unit: its test and its supports', its one reaction, then each assaulter's test and
 * charge. With no assaulter left (every one routed or gone since it declared) there is no assault:
 * no test, no reaction (9 tests "the unit being assaulted"). When the unit assaults one of its own
 * assaulters, burt.mutualAssault decides how the pair is resolved.
 */
export function resolveAssaultOn(g: Game, t: number): void {
  const o = g.c.options;
  const side = g.c.units[t].side;
  dropEngagedAssaulters(g, t);
  const assaulters = liveAssaulters(g, t, g.scratch.orderB);
  if (assaulters.length === 0) return;
  const p = mutualPartner(g, t, assaulters);
  const both = p >= 0 && o.mutualAssault === 'bothRoles';
  // 9: an assaulter already touching t (t's own charge ran into it earlier in this step) has arrived: t
  // takes no test and makes no reaction against it, and it takes no test to go in. Where every one has, the
  // assault is over but for the melee.
  if (!both && allTouching(g, t, assaulters)) {
    for (const a of assaulters) endAssault(g, a, t);
    return;
  }
  // A unit tested as the partner of an earlier pair has had its test and its reaction (9: once).
  const first = g.reacted[t] === 0;
  let fled = false;
  let pFled = false;
  if (first) {
    g.reacted[t] = 1;
    fled = assaultedTests(g, t);
    // bothRoles: p is assaulted by t as t is by p, and takes its test too, before either moves (if t's assault still stands).
    if (both && g.assaultTarget[t] === p && g.reacted[p] === 0) {
      g.reacted[p] = 1;
      pFled = assaultedTests(g, p);
    }
  }
  // The reaction, once, against the first assaulter; a mutual pair's is its own assault (bothRoles).
  let met = -1;
  let evaded = false;
  if (first && both) {
    if (g.sink && standing(g, t) && standing(g, p)) g.sink({ type: 'reaction', side, unit: g.c.units[t].id, reaction: 'mutual assault', against: g.c.units[p].id });
  } else if (first && !fled && standing(g, t)) {
    const a0 = assaulters[0];
    const feasible = feasibleReactions(g, t, a0, g.scratch.list as unknown as Reaction[]);
    // 9: units with ASSAULT orders MUST countercharge.
    const r = g.order[t] === ASSAULT && feasible.includes('countercharge') ? 'countercharge' : reaction(g, t, feasible);
    if (g.sink) g.sink({ type: 'reaction', side, unit: g.c.units[t].id, reaction: r, against: g.c.units[a0].id });
    if (r === 'fire') fireAt(g, t, a0, true, true);
    else if (r === 'countercharge') {
      countercharge(g, t, a0);
      met = a0;
    } else if (r === 'evade') {
      evade(g, t);
      evaded = true;
    }
  }
  // 11 (burt.assaultedReserveOrders afterReaction): having reacted as a reserve (9), it takes MANOEUVER orders.
  if (g.order[t] === RESERVE && g.present[t] === 1) setOrder(g, t, MANOEUVRE, 'assaulted (11)');
  for (const a of assaulters) {
    endAssault(g, a, t);
    if (!standing(g, a) || (both && a === p) || (!both && touchingUnits(g, a, t))) continue;
    const aside = g.c.units[a].side;
    if (fled || g.present[t] === 0 || (evaded && o.evadeContact === 'noContact')) {
      bump(g, EXTRA.assaultsFailed, aside);
      continue;
    }
    if (!testAndApply(g, a, 'assault', t)) {
      bump(g, EXTRA.assaultsFailed, aside);
      // The countercharge is a charge of its own: it still comes on.
      // It comes on with what is left of its reach (5: slowing ground costs more than the ground), up to the gap.
      if (met === a && standing(g, t)) goIn(g, t, a, reachLeft(g, t), gapTo(g, t, a));
      continue;
    }
    // 9, 5: what is left of its charge reach, up to the gap a countercharge left (costlier in slowing ground).
    if (!goIn(g, a, t, reachLeft(g, a), met === a ? gapTo(g, a, t) : Infinity)) bump(g, EXTRA.assaultsFailed, aside);
    else if (met === a && g.charging[t] === 1) g.res.sides[side].chargesHome++; // the countercharge went home too (9.r2)
  }
  if (both) {
    endAssault(g, t, p);
    mutualCharge(g, p, t, pFled, fled);
  } else if (p >= 0 && g.assaultTarget[t] === p && (met === p || touchingUnits(g, t, p))) {
    // firstDeclared: t's own assault on p was its countercharge, or p has come into contact: it is spent.
    endAssault(g, t, p);
  }
}

/**
 * 9, 4: an assaulter of `t` that another enemy has engaged since it declared (charged home on it
 * earlier in this step) is fighting where it stands and cannot move into contact with `t`: its assault
 * is over, called off with no test (9 tests before contact, and step 4 lets no unit in contact
 * declare), and `t` is no longer assaulted by it.
 */
function dropEngagedAssaulters(g: Game, t: number): void {
  for (let a = 0; a < g.c.units.length; a++) {
    if (g.assaultTarget[a] !== t || g.present[a] === 0 || !engagedElsewhere(g, a, t)) continue;
    endAssault(g, a, t);
    bump(g, EXTRA.assaultsFailed, g.c.units[a].side);
  }
  // t's own assault too, when t is the one engaged: its target is then no mutual partner, and takes no
  // being-assaulted test from it (whichever of the pair comes up first).
  const own = g.assaultTarget[t];
  if (own >= 0 && g.present[t] === 1 && engagedElsewhere(g, t, own)) {
    endAssault(g, t, own);
    bump(g, EXTRA.assaultsFailed, g.c.units[t].side);
  }
}

/** 9: `a` is in contact with an enemy, and not with `t` (whose assault would then have arrived). */
function engagedElsewhere(g: Game, a: number, t: number): boolean {
  return inContactWithEnemy(g, a) && !touchingUnits(g, a, t);
}

/** Whether every one of the assaulters touches t already. */
function allTouching(g: Game, t: number, assaulters: readonly number[]): boolean {
  for (const a of assaulters) if (!touchingUnits(g, a, t)) return false;
  return true;
}

/** 3.10: the assaulted units in the order their assaulters act. */
export function step10Reactions(g: Game): void {
  const seen = g.scratch.order;
  while (seen.length > 0) seen.pop(); // (length = 0 calls into the runtime)
  for (const a of g.c.alternation[g.first]) {
    const t = g.assaultTarget[a];
    if (t < 0 || seen.includes(t)) continue;
    seen.push(t);
  }
  for (const t of seen) resolveAssaultOn(g, t);
}
