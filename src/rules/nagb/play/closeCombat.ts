/**
 * Close combat on the lane (p14-16, p22-23, p28, p31): each contact made by a charge is fought as one
 * round by resolveMeleeRound (the function `volley odds` enumerates); then the loser breaks or falls
 * back, the winner pursues, stands or falls back (cavalry against cavalry with nobody broken: both
 * break through), cavalry is recalled or blown, and the friends of units that broke take their
 * proximity tests.
 */
import { type Body, frontGap } from '../../../table/index.js';
import { blownAfterMelee, isFormed, recallLd } from '../cavalry.js';
import { caught } from '../charge.js';
import { BREAK_THROUGH_DICE, type BreakThroughSide, breakThroughMoves, meleeFlightDice, MELEE_FALL_BACK_DICE, resolveMeleeRound, strikeOrder } from '../melee.js';
import { proximityTestRequired } from '../morale.js';
import { meleeSpecInto, newMeleeSpec } from '../odds.js';
import { sumD6 } from '../roll.js';
import { sectorCover } from '../village.js';
import { blow, bump, casualties, disorder, endRide, fallBack, holdEvents, jubilate, ldOf, moveUnit, recallRideBack, rideThrough, roomAhead, rout, spendPips, test, worsen, X } from './act.js';
import { PURPOSE as P } from '../vocabulary.js';
import { wantsRecall, wantsToStand } from './ai.js';
import { freeHack } from './charges.js';
import { bodyGap, defendsObstacle, moveTerrainTest } from './geometry.js';
import { blankParty, partyInto } from './profiles.js';
import { BROKEN, type Contact, type Game, type Unit, clear } from './state.js';

/** Where the units that broke from melee this phase stood (p28: friends within 6" test). */
const brokeAt: Body[] = [];
const brokeSide: number[] = [];

function noteBreak(g: Game, u: Unit): void {
  const k = g.brokeFromMelee.length;
  g.brokeFromMelee.push(u.spec.index);
  if (brokeAt.length <= k) brokeAt.push({ front: 0, facing: 1, frontage: 1, depth: 1, offset: 0 });
  const b = brokeAt[k];
  b.front = u.body.front;
  b.facing = u.body.facing;
  b.frontage = u.body.frontage;
  b.depth = u.body.depth;
  b.offset = u.body.offset;
  brokeSide[k] = u.side;
}

/** fight's two parties and its melee, compiled into kept records (rewritten whole at every fight). */
const partyA = blankParty();
const partyB = blankParty();
const keptMelee = newMeleeSpec();

/** Roll `n` d6 on the side's morale stream. */
function roll(g: Game, side: 0 | 1, n: number): number {
  return sumD6(g.morale(side), n);
}

/**
 * p23: recall a cavalry winner (a pip and a test at Ld less the margin): 3d6 back in good order, then a
 * disorder test (recallBack).
 */
function recall(g: Game, w: Unit, margin: number): boolean {
  if (!recallPassed(g, w, margin)) return false;
  recallBack(g, w);
  return true;
}

/** p23: whether a recall is tried (a pip) and its test at Ld less the winning margin passed. */
function recallPassed(g: Game, w: Unit, margin: number): boolean {
  if (!wantsRecall(g, w) || !spendPips(g, w, 'recall', 1)) return false;
  return test(g, w, P.recall, recallLd(w.spec.ld, margin, w.disordered, w.jubilant, 0));
}

/** p23: a recalled unit falls back 3d6 in good order (recallRideBack, nagb.recallRide), then takes a disorder test. */
function recallBack(g: Game, w: Unit): void {
  bump(g, X.recalls, w.side);
  recallRideBack(g, w);
  if (!w.removed && !test(g, w, P.fallBack, ldOf(g, w))) disorder(g, w);
}

/**
 * p16, p23, p28: the winner's choice after its melee, recall (cavalry) or the test to stand (foot), is
 * made before the enemy has fled (p23, which likens the recall to the test to stand: the worked example's
 * Ld 9 dragoons winning by 3 recall on 6 or less), so at the Ld the melee found the winner at; the
 * jubilance the win brings (p28) comes after it. Returns whether the recall or the stand passed.
 */
function chooseThenJubilate(g: Game, w: Unit, margin: number): boolean {
  const kept = w.spec.arm === 'cavalry' ? recallPassed(g, w, margin) : wantsToStand(g, w) && test(g, w, P.stand, ldOf(g, w));
  jubilate(g, w);
  return kept;
}

/**
 * p16, p23, p28: a winner that `stays` (in square, or with nobody left to follow) is jubilant and stays;
 * otherwise it is recalled (cavalry: true, it rode back) or stands (foot: false) if chooseThenJubilate
 * says so, or does neither (null: it goes on, after the loser).
 */
function stayOrRecall(g: Game, w: Unit, margin: number, stays: boolean): boolean | null {
  if (stays) {
    jubilate(g, w);
    return false;
  }
  if (!chooseThenJubilate(g, w, margin)) return null;
  if (w.spec.arm !== 'cavalry') return false;
  recallBack(g, w);
  return true;
}

/** p8, p16, p23: what the winner does when the loser broke and fled `flight` inches. */
function afterBreak(g: Game, w: Unit, l: Unit, margin: number, flight: number): boolean {
  const settled = stayOrRecall(g, w, margin, w.formation === 'square' || l.removed);
  if (settled !== null) return settled;
  // p16: the pursuit, 2d6 (cavalry 3d6): caught when it reaches the flight (nagb.caughtFleeing).
  const pursuit = roll(g, w.side, meleeFlightDice(w.spec.arm));
  // Rulings 3.7.8: a caught fugitive is hacked and flees on; the winner stays at the contact point.
  if (caught(pursuit, flight, g.c.options) && !l.removed) freeHack(g, w, l);
  else {
    const from = w.body.front;
    moveUnit(g, w, 1, pursuit, 1);
    paceTest(g, w, from);
  }
  return false;
}

/** p16, p23: what the winner does when the loser fell back: infantry falls back d6 in good order unless it stands; cavalry is recalled or falls back. */
function afterFallBack(g: Game, w: Unit, margin: number): boolean {
  const settled = stayOrRecall(g, w, margin, w.formation === 'square');
  if (settled !== null) return settled;
  fallBack(g, w, roll(g, w.side, 1), 'none', 'after winning');
  return false;
}

/** breakThrough's sides of breakThroughMoves and its answer, kept (no melee allocates them). */
const riderA: BreakThroughSide = { roll: 0, depth: 0, room: 0, goes: false };
const riderB: BreakThroughSide = { roll: 0, depth: 0, room: 0, goes: false };
const rides = [0, 0];
/** breakThrough's answer: whether a and b were recalled. */
const recalledPair = [false, false];

/**
 * p23 (nagb.cavalryBreakThrough): cavalry against cavalry, drawn (winner null) or with the beaten unit
 * not broken. Each may first be recalled (p23: recalling and riding on are decided before anything
 * moves; the winner tests less its margin): it falls back 3d6 instead. The others break through 2d6,
 * straight ahead through each other (breakThroughMoves, rideThrough), facing as they were. Both of a
 * draw and the beaten unit, unless recalled, are disordered as p15-16 leave them; nobody fell back,
 * so the winner is not jubilant (p28); the chargers are blown after (blownAfter). Answers in recalledPair.
 */
function breakThrough(g: Game, a: Unit, b: Unit, winner: Unit | null, margin: number): void {
  recalledPair[0] = !a.removed && recall(g, a, winner === a ? margin : 0);
  recalledPair[1] = !b.removed && recall(g, b, winner === b ? margin : 0);
  riderA.goes = !a.removed && !recalledPair[0];
  riderB.goes = !b.removed && !recalledPair[1];
  const both = riderA.goes && riderB.goes;
  riderA.roll = riderA.goes ? roll(g, a.side, BREAK_THROUGH_DICE) : 0;
  riderB.roll = riderB.goes ? roll(g, b.side, BREAK_THROUGH_DICE) : 0;
  riderA.depth = a.body.depth;
  riderB.depth = b.body.depth;
  riderA.room = riderA.goes ? roomAhead(g, a, both ? b.spec.index : -1) : 0;
  riderB.room = riderB.goes ? roomAhead(g, b, both ? a.spec.index : -1) : 0;
  breakThroughMoves(riderA, riderB, g.c.options, rides);
  const fromA = riderA.goes ? rideThrough(g, a, rides[0], both ? b.spec.index : -1, b, riderA.roll) : 0;
  const fromB = riderB.goes ? rideThrough(g, b, rides[1], both ? a.spec.index : -1, a, riderB.roll) : 0;
  if (riderA.goes) endRide(g, a, b, fromA, riderA.roll);
  if (riderB.goes) endRide(g, b, a, fromB, riderB.roll);
  if (riderA.goes && winner !== a) disorder(g, a);
  if (riderB.goes && winner !== b) disorder(g, b);
  if (riderA.goes) rideTest(g, a, fromA);
  if (riderB.goes) rideTest(g, b, fromB);
}

/** p23: a break-through ride, counted (breakThroughs), and its terrain test (paceTest). */
function rideTest(g: Game, u: Unit, from: number): void {
  bump(g, X.breakThroughs, u.side);
  paceTest(g, u, from);
}

/**
 * p6, p22: a unit moving faster than a walk (or charging) through terrain risks disorder. A pursuit
 * (p16) and a break-through (p23) go at the charge's pace (for cavalry canter and charge share a row),
 * so a unit still in good order tests for the ground its front crossed from `from`, at the end of the
 * move (heavy woods stop horse before it). Units already disordered (both of a drawn break-through, the
 * beaten one) have nothing to lose to it, as in any move.
 */
function paceTest(g: Game, u: Unit, from: number): void {
  if (u.removed || u.disordered) return;
  const t = moveTerrainTest(g, u, from, u.body.front, 'charge');
  if (t === 'none' || t === 'closed') return;
  if (t === 'auto' || !test(g, u, P.terrainDisorder, ldOf(g, u, t))) disorder(g, u);
}

/** p14-16: fight one contact. */
function fight(g: Game, c: Contact): void {
  const a = g.units[c.a];
  const b = g.units[c.b];
  if (a.removed || b.removed || a.state === BROKEN || b.state === BROKEN) return;
  if (Math.abs(frontGap(a.body, b.body)) > 0.05) return;
  const opts = g.c.options;
  const assaulting = b.sector >= 0 ? sectorCover(false, opts) : 'none';
  const pa = partyInto(partyA, g, a, b, c.charge, assaulting);
  const pb = partyInto(partyB, g, b, a, false, 'none');
  const so = strikeOrder({
    chargerArm: a.spec.arm,
    chargerLancers: a.spec.cavalryWeapon === 'lance' || a.spec.cavalryWeapon === 'cossackLance',
    targetFormation: b.formation === 'battery' ? 'line' : b.formation,
    targetDisordered: b.disordered,
    targetInBuilding: b.sector >= 0,
    targetDefendsObstacle: defendsObstacle(g, b),
    counterCharge: false,
  });
  const spec = meleeSpecInto(keptMelee, pa, pb, so === 'target' ? 'b' : so === 'simultaneous' ? 'simultaneous' : 'a', opts);
  a.fought = true;
  b.fought = true;
  const bFormed = isFormed(b.formation === 'skirmish', b.blown);
  holdEvents(g, true);
  const out = resolveMeleeRound(g.fire(a.side), spec, g.meleeOut, (loser, ld) => {
    const u = loser === 'a' ? a : b;
    g.breakTested.push(u.spec.index);
    return test(g, u, P.breakTest, ld);
  });
  // p23: cavalry against cavalry, drawn or with nobody broken, breaks through instead of falling back.
  const through = out.breakThrough && opts.cavalryBreakThrough !== 'off';
  if (g.sink) {
    g.sink({
      type: 'melee',
      sides: a.side === 0 ? [[a.spec.id], [b.spec.id]] : [[b.spec.id], [a.spec.id]],
      casualties: a.side === 0 ? [out.onA, out.onB] : [out.onB, out.onA],
      result: out.ending,
      attacker: a.spec.id,
      defender: b.spec.id,
      dice: [spec.a.dice, spec.b.dice],
      need: [spec.a.need, spec.b.need],
      scores: [out.scoreA, out.scoreB],
      order: spec.order,
      ending: out.ending,
      breakThrough: through,
    });
  }
  holdEvents(g, false);
  bump(g, X.meleeKills, a.side, Math.min(out.onB, b.figures));
  bump(g, X.meleeKills, b.side, Math.min(out.onA, a.figures));
  casualties(g, b, out.onB);
  casualties(g, a, out.onA);
  a.stepCasualties = 0;
  b.stepCasualties = 0;
  const margin = Math.abs(out.scoreA - out.scoreB);
  let recalledA = false;
  let recalledB = false;
  switch (out.ending) {
    case 'draw':
      if (through) {
        breakThrough(g, a, b, null, 0);
        recalledA = recalledPair[0];
        recalledB = recalledPair[1];
        break;
      }
      // p16: both fall back d6, disordered (a sector's defenders leave it).
      drawnBack(g, a);
      drawnBack(g, b);
      break;
    case 'aBreaks':
    case 'bBreaks': {
      const w = out.ending === 'aBreaks' ? b : a;
      const l = out.ending === 'aBreaks' ? a : b;
      if (!l.removed) {
        noteBreak(g, l);
        const flight = roll(g, l.side, meleeFlightDice(l.spec.arm));
        rout(g, l, flight);
        if (!w.removed) {
          const r = afterBreak(g, w, l, margin, flight);
          if (w === a) recalledA = r;
          else recalledB = r;
        }
      } else if (!w.removed) jubilate(g, w);
      if (w === a && c.charge) g.res.sides[a.side].chargesWon++;
      break;
    }
    case 'aFallsBack':
    case 'bFallsBack': {
      const w = out.ending === 'aFallsBack' ? b : a;
      const l = out.ending === 'aFallsBack' ? a : b;
      if (through) {
        breakThrough(g, a, b, w, margin);
        recalledA = recalledPair[0];
        recalledB = recalledPair[1];
      } else if (!l.removed) {
        fallBack(g, l, roll(g, l.side, MELEE_FALL_BACK_DICE), 'forced', 'lost the melee');
        if (!l.removed) disorder(g, l);
      }
      if (!through && !w.removed) {
        const r = afterFallBack(g, w, margin);
        if (w === a) recalledA = r;
        else recalledB = r;
      }
      if (w === a && c.charge) g.res.sides[a.side].chargesWon++;
      break;
    }
  }
  // p2, p23 (nagb.blownCavalry): cavalry that fought is blown unless recalled (after a 2nd charge on 4+,
  // later on a 6); under chargedFormed only the charger (a) that met a formed unit: not in skirmish
  // order, nor blown cavalry, which has no formation (p23). (b's state as the melee found it.)
  if (opts.blownCavalry === 'foughtAny') {
    blownAfter(g, a, recalledA);
    blownAfter(g, b, recalledB);
  } else if (c.charge && bFormed) {
    blownAfter(g, a, recalledA);
  }
}

/** p16: a side of a drawn melee falls back d6, disordered. */
function drawnBack(g: Game, u: Unit): void {
  if (u.removed) return;
  fallBack(g, u, roll(g, u.side, MELEE_FALL_BACK_DICE), 'forced', 'drawn melee');
  if (!u.removed) disorder(g, u);
}

/** p23: cavalry blown after its melee unless recalled. */
function blownAfter(g: Game, u: Unit, recalled: boolean): void {
  if (u.spec.arm !== 'cavalry' || u.removed || u.blown) return;
  const n = u.chargeCount;
  const die = recalled && n >= 2 ? 1 + Math.floor(g.morale(u.side)() * 6) : 0;
  if (blownAfterMelee(true, recalled, false, n, die)) blow(g, u);
}

/**
 * p28: after a close-combat phase, friends within 6" of units that broke from melee test once; under
 * nagb.breakTestsPerPhase one, not a unit that took its break test in a melee of the phase.
 */
function proximityTests(g: Game): void {
  const n = g.brokeFromMelee.length;
  const once = g.c.options.breakTestsPerPhase === 'one';
  if (n === 0) {
    clear(g.breakTested);
    return;
  }
  for (const f of g.units) {
    if (!f.active) continue;
    // p28 (nagb.breakTestsPerPhase one): a unit that took its break test in a melee this phase takes no other.
    if (once && g.breakTested.includes(f.spec.index)) continue;
    for (let k = 0; k < n; k++) {
      if (brokeSide[k] !== f.side || g.brokeFromMelee[k] === f.spec.index) continue;
      if (!proximityTestRequired(bodyGap(f.body, brokeAt[k]), false, false)) continue;
      if (!test(g, f, P.proximity, ldOf(g, f))) worsen(g, f, roll(g, f.side, 2));
      break;
    }
  }
  clear(g.brokeFromMelee);
  clear(g.breakTested);
}

/** One close-combat phase (p2): every pending contact in the order made, then proximity tests. */
export function closeCombatPhase(g: Game): void {
  const list = g.contacts;
  for (let i = 0; i < list.length; i++) fight(g, list[i]);
  clear(list);
  proximityTests(g);
}

/** Cavalry phases fight their melees at once (p2: phases 9-10). */
export function fightNow(g: Game): void {
  closeCombatPhase(g);
}
