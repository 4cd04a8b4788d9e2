/**
 * Charges on the lane (p12-13, p17-18, p22-24): who may charge whom, the charges doctrines declare and
 * those aggressive cavalry must attempt, each played from declaration to its end by resolveCharge (the
 * function `volley odds` enumerates) and then put on the lane: the chargers' move, the target's square,
 * disorder or flight, fugitives caught and hacked, contact for the close-combat phase.
 */
import { EPS, frontGap, pathLimit } from '../../../table/index.js';
import { type ChargeReaction, type ChargeTester, chargeMakesJubilant, mayDeclareCharge, resolveCharge } from '../charge.js';
import { aggressiveRange, isFormed, mayTestNotToCharge, mustAttemptCharge } from '../cavalry.js';
import { formationMayCharge } from '../movement.js';
import { freeHackDice, meleeFlightDice, meleeHitNeeded, meleeKillOn, meleeSaveOn, rollStrike } from '../melee.js';
import { type ChargeSituation, chargeSpecInto, newChargeSpec } from '../odds.js';
import { sumD6 } from '../roll.js';
import { lowOnAmmo } from '../shooting.js';
import { bump, casualties, disorder, jubilate, ldOf, loseColours, moveUnit, placed, reshape, rout, sectorLimit, spendPips, syncExtents, test, X } from './act.js';
import { PURPOSE as P } from '../vocabulary.js';
import { chooseReaction, costFor, orderOfUnits, wantsCharge } from './ai.js';
import { engaged } from './fire.js';
import { bodyGap, canisterAtChargersOf, firstAhead, cavalryChargeBlocked, chargeCrossesSector, chargeReachOf, commanderDistance, enemyAhead, moveTerrainTest, nearestEnemyDistance, overlapsAnother, sectorBarsCharge, targetSector, worseTest } from './geometry.js';
import { blankProfile, diceAgainst, profileInto } from './profiles.js';
import { BROKEN, type Game, type Unit, clear } from './state.js';

/**
 * p9, p12, p22, p27, p31: u may declare a charge now (before looking for a target). In the cavalry
 * phase, cavalry that has not fired, charged or fought this turn (p9): a move in the movement phase
 * does not stop it.
 */
export function mayChargeNow(g: Game, u: Unit, cavalryPhase: boolean): boolean {
  if (!u.active || u.disordered || u.charged || u.fought || u.sector >= 0) return false;
  if (u.spec.arm === 'artillery' || u.formation === 'battery') return false;
  if (!formationMayCharge(u.spec.arm, u.formation)) return false;
  if (cavalryPhase && (u.spec.arm !== 'cavalry' || u.fired)) return false;
  if (!cavalryPhase && u.moved) return false;
  // p30-31: nor out of a sector whose ground it stands on, half of it or more, without holding it.
  if (sectorBarsCharge(g, u)) return false;
  return !engaged(g, u);
}

/** The enemy u could charge now: first in its path, within its reach, a legal target; -1 if none. */
export function chargeTarget(g: Game, u: Unit): number {
  if (nearestEnemyDistance(g, u) > chargeReachOf(g, u) + EPS) return -1;
  const k = enemyAhead(g, u);
  if (k < 0) return -1;
  const t = g.units[k];
  if (t.removed || t.state === BROKEN || engaged(g, t)) return -1;
  const D = frontGap(u.body, t.body);
  if (D < -EPS || D > chargeReachOf(g, u) + EPS) return -1;
  // p30-31: never across a village sector but the target's (entering one is an order of its own, and
  // nobody charges out of one); a target standing on a sector's ground without holding it is in it too.
  if (chargeCrossesSector(g, u, t)) return -1;
  const ok = mayDeclareCharge({
    arm: u.spec.arm,
    formation: u.formation === 'battery' ? 'line' : u.formation,
    disordered: u.disordered,
    inVillage: u.sector >= 0,
    targetArm: t.spec.arm,
    skirmishers: false,
    targetSkirmishers: false,
    frontal: true,
    cavalryBlocked: cavalryChargeBlocked(g, u, t),
  });
  return ok ? k : -1;
}

/**
 * p4, p22, p35: at the start of its turn, cavalry with formed enemy infantry (any formed enemy when out
 * of command) within 8" (12" out of command, British 12") must attempt to charge; British cavalry in
 * command and other cavalry out of command may test not to (a test the doctrine takes only when it would
 * not charge by choice).
 */
export function markAggressive(g: Game): void {
  // Without cavalry nobody is ever aggressive (setUp leaves every flag false).
  if (g.sideCavalry[0].length === 0 && g.sideCavalry[1].length === 0) return;
  for (const u of g.units) {
    u.aggressive = false;
    u.provokedBy.length = 0;
    if (u.spec.arm !== 'cavalry' || !u.active) continue;
    const inCommand = cavalryInCommand(g, u);
    const nation = g.c.sides[u.side].nation;
    const range = aggressiveRange(inCommand, nation);
    let nearest = Infinity;
    for (const e of g.units) {
      if (e.side === u.side || !provokes(u, e, inCommand)) continue;
      const d = bodyGap(u.body, e.body);
      if (d < nearest) nearest = d;
      if (d <= range) u.provokedBy.push(e.spec.index);
    }
    if (!mustAttemptCharge({ disordered: u.state !== 0, blown: u.blown, skirmishing: false, inCommand, nation, nearestFormedEnemy: nearest }) || nearest > range) {
      u.provokedBy.length = 0;
      continue;
    }
    u.aggressive = true;
    u.aggressiveInCommand = inCommand;
  }
}

/** Whether cavalry stands within its brigadier's command radius (p4). */
function cavalryInCommand(g: Game, u: Unit): boolean {
  const b = u.spec.brigade;
  return commanderDistance(g, b, u) <= g.c.brigades[b].commander.row.radius + EPS;
}

/**
 * p4, p22: whether an enemy is one that compels cavalry's charge: formed (not skirmishing, not blown
 * cavalry, which has no formation (p23), not fleeing), and infantry unless the cavalry is out of command,
 * when any formed enemy does. Formed is not good order: a disordered battalion is still formed (p12 asks
 * good order besides where it means it).
 */
function provokes(u: Unit, e: Unit, inCommand: boolean): boolean {
  if (!e.active || !isFormed(e.formation === 'skirmish', e.blown)) return false;
  return !inCommand || e.spec.arm === 'infantry';
}

/**
 * p4, p22, p40: whether aggressive cavalry's charge at t is the compelled one (free of pips, and tested
 * against only where p4, p5 or p35 allow): t is one of the enemies that made it aggressive as its turn
 * began (p22: the compulsion is the turn's start's, wherever t or the brigadier has moved since), still
 * formed. A charge at anything else is a charge by choice.
 */
function compelledAt(u: Unit, t: Unit): boolean {
  return u.aggressive && u.provokedBy.includes(t.spec.index) && provokes(u, t, u.aggressiveInCommand);
}

/** The test a charged unit's side takes of the charge's tests (p12-13, p17-18). */
function testerFor(g: Game, u: Unit, t: Unit): ChargeTester {
  return (kind, ld) => {
    switch (kind) {
      case 'charge':
        return test(g, u, P.charge, ld);
      case 'volley':
        return test(g, t, P.volley, ld);
      case 'formSquare': {
        bump(g, X.squareTests, t.side);
        const ok = test(g, t, P.formSquare, ld);
        if (ok) {
          bump(g, X.squaresFormed, t.side);
          g.res.sides[t.side].squaresFormed++;
        }
        return ok;
      }
      case 'chargeHome':
      case 'short':
        return test(g, u, P.chargeHome, ld);
      case 'contact':
        return test(g, u, P.terrainDisorder, ld);
    }
  };
}

/** How far short of a unit in its way a charger whose target ran stops (as a caught fugitive's pursuer, 0.5"). */
const BLOCKED_CLEARANCE = 0.5;

/**
 * Put u's front `gap` inches short of t's front (never backward), telling the move; short of any other
 * unit in its path, and at the edge of a village sector (p30-31) other than t's.
 */
function closeTo(g: Game, u: Unit, t: Unit, gap: number): void {
  let want = t.body.front - u.body.facing * gap;
  // Never through a unit standing between them (one the fugitive burst through, say): it stops short.
  const k = firstAhead(g, u);
  if (k >= 0 && k !== t.spec.index) {
    const stop = pathLimit(u.body, 1, g.bodies[k]) - u.body.facing * BLOCKED_CLEARANCE;
    if ((want - stop) * u.body.facing > 0) want = stop;
  }
  // Nor into a sector but the target's (one a fugitive ran through, say).
  if (g.c.villages.length > 0) {
    const edge = sectorLimit(g, u, 1, targetSector(g, t));
    if (!Number.isNaN(edge) && (want - edge) * u.body.facing > 0) want = edge;
  }
  if ((want - u.body.front) * u.body.facing <= EPS) return;
  const from = u.body.front;
  u.body.front = want;
  syncExtents(g, u);
  if (g.sink) g.sink({ type: 'move', side: u.side, unit: u.spec.id, path: [from, want] });
  placed(g, u);
}

/** p13: the units in contact are slid centre on centre (where no friend stands in the way). */
function slide(g: Game, u: Unit, t: Unit): void {
  const was = u.body.offset;
  if (Math.abs(was - t.body.offset) <= EPS) return;
  u.body.offset = t.body.offset;
  syncExtents(g, u);
  if (overlapsAnother(g, u, u.body)) u.body.offset = was;
  placed(g, u);
}

/**
 * p16: the free hack on a caught fugitive: the winner's front-rank dice (nagb.freeHack) at +1 to hit
 * with its charge kill numbers, no reply; the colours are lost; the fugitive flees on.
 */
export function freeHack(g: Game, winner: Unit, loser: Unit): void {
  const opts = g.c.options;
  const dice = freeHackDice(diceAgainst(g, winner, loser), opts);
  const need = meleeHitNeeded({ cls: winner.spec.cls, disordered: winner.disordered, assaulting: 'none', freeHack: true }, opts);
  const killOn = meleeKillOn(winner.spec.arm, winner.spec.cavalryWeapon, true);
  const saveOn = meleeSaveOn(loser.spec.arm, loser.spec.cavalryType);
  const k = rollStrike(g.fire(winner.side), dice, need, false, killOn, saveOn, loser.figures);
  bump(g, X.caughtFleeing, winner.side);
  bump(g, X.meleeKills, winner.side, k);
  if (g.sink) g.sink({ type: 'caught', side: winner.side, unit: loser.spec.id, by: winner.spec.id, kills: k });
  casualties(g, loser, k);
  loseColours(g, loser);
  if (!loser.removed) rout(g, loser, sumD6(g.morale(loser.side), meleeFlightDice(loser.spec.arm)));
}

/**
 * playCharge's charge, compiled into kept records (no charge is played inside another): the two
 * profiles, the situation and the spec, each rewritten whole at every charge.
 */
const keptSpec = newChargeSpec();
const chargerP = blankProfile();
const targetP = blankProfile();
const sit: ChargeSituation = { distance: 0, reaction: 'stand', frontal: true, aggressive: false, contactTest: 'none', horseArtillery: false, battery: { canisterDice: 0, moved: false } };

/** Play one declared charge of u at t, and put its outcome on the lane. */
export function playCharge(g: Game, u: Unit, t: Unit, aggressive: boolean, reaction?: ChargeReaction): void {
  const opts = g.c.options;
  const D = frontGap(u.body, t.body);
  const r = reaction ?? chooseReaction(g, t, u);
  // p30 (nagb.villageAssaultDisorder): assaulting a sector crosses its bounding fence (-4), if read so.
  let contact = moveTerrainTest(g, u, u.body.front, t.body.front, 'charge');
  if (t.sector >= 0 && opts.villageAssaultDisorder && u.spec.arm === 'infantry') contact = worseTest(contact, -4);
  sit.distance = Math.max(0, D);
  sit.reaction = r === 'evade' || r === 'counterCharge' ? 'stand' : r;
  sit.frontal = true;
  sit.aggressive = aggressive;
  sit.contactTest = contact;
  sit.horseArtillery = t.spec.horse;
  // A battery that fires and flees fires its guns' canister (p19-20).
  const gunFire = t.spec.arm === 'artillery' && r === 'fireAndFlee';
  sit.battery!.canisterDice = gunFire ? canisterAtChargersOf(g, t, u, sit.distance) : 0;
  sit.battery!.moved = t.moved;
  const spec = chargeSpecInto(keptSpec, profileInto(chargerP, g, u), profileInto(targetP, g, t), sit, opts);
  // p3 (nagb.standAndShootVolley testAndPip): the volley also needs a pip of the target's commander.
  if (spec.reaction === 'standAndShoot' && spec.fire.volleyTestLd !== null && opts.standAndShootVolley === 'testAndPip') {
    if (!(g.pips[t.spec.brigade] >= costFor(g, t, 1) && spendPips(g, t, 'volley', 1))) spec.fire.volleyTestLd = null;
  }
  u.charged = true;
  u.moved = true;
  if (u.spec.arm === 'cavalry') u.chargeCount++;
  const side = g.res.sides[u.side];
  side.chargesDeclared++;
  if (g.sink) g.sink({ type: 'declare', side: u.side, unit: u.spec.id, target: t.spec.id, distance: D, reaction: spec.reaction, aggressive });
  const out = resolveCharge(g.morale(u.side), spec, g.chargeOut, testerFor(g, u, t));
  if (g.sink) {
    g.sink({
      type: 'charge',
      side: u.side,
      units: [u.spec.id],
      target: t.spec.id,
      from: u.body.front,
      to: t.body.front,
      distance: D,
      reaction: spec.reaction,
      tested: spec.chargeTestLd !== null,
      move: out.chargeMove,
      ending: out.ending,
      targetAfter: out.target,
      fireDistance: out.fireDistance,
      casualties: out.chargerCasualties,
      volley: out.volley,
      firedHigh: out.firedHigh,
      flight: out.flight,
    });
  }
  if (out.ending === 'refused') {
    bump(g, X.chargesRefused, u.side);
    if (opts.failedChargeTest === 'moveNormally') {
      u.charged = false;
      u.moved = false;
    }
    return;
  }
  // p10: a target needing 7 or more to hit holds its fire and keeps its load (and a battery its pip);
  // one that fired high has fired (p12).
  const shot = out.firedHigh || out.fireDistance >= 0;
  // A battery's fire as it flees: its load, and a pip of its own under nagb.batteryChargeFire pip (p19);
  // the crew then flee (below).
  if (gunFire && shot) {
    if (opts.batteryChargeFire === 'pip') {
      t.pips--;
      bump(g, X.pipsSpent, t.side);
    }
    t.loaded = false;
    t.fired = true;
    if (out.chargerCasualties > 0) {
      bump(g, X.artilleryKills, t.side, Math.min(out.chargerCasualties, u.figures));
      casualties(g, u, out.chargerCasualties);
      u.stepCasualties = 0;
    }
  }
  // The target's fire (stand and shoot, fire and flee): its load is spent, if it fired.
  if ((spec.reaction === 'standAndShoot' || spec.reaction === 'fireAndFlee') && t.spec.arm !== 'artillery') {
    if (shot) {
      t.loaded = false;
      t.fired = true;
    }
    if (spec.reaction === 'standAndShoot') bump(g, X.standAndShoot, t.side);
    if (out.firedHigh) bump(g, X.firedHigh, t.side);
    if (out.volley && spec.fire.volleyDice > 0 && shot && !out.firedHigh) {
      bump(g, X.volleys, t.side);
      if (!t.lowAmmo && lowOnAmmo(out.hitRoll.sixes, out.hitRoll.ones, opts)) {
        t.lowAmmo = true;
        bump(g, X.lowAmmo, t.side);
      }
    }
    if (out.chargerCasualties > 0) {
      bump(g, X.smallArmsKills, t.side, Math.min(out.chargerCasualties, u.figures));
      casualties(g, u, out.chargerCasualties);
      u.stepCasualties = 0;
    }
  }
  if (out.target === 'square') {
    const from = t.formation;
    t.formation = 'square';
    reshape(g, t);
    if (g.sink) g.sink({ type: 'formation', side: t.side, unit: t.spec.id, from, to: 'square' });
    placed(g, t);
  } else if (out.target === 'disordered') disorder(g, t);
  if (out.chargerDisordered && !u.removed) disorder(g, u);
  if (u.removed) {
    if (out.target === 'fled' && !t.removed) rout(g, t, out.flight);
    // p28: a target in good order whose fire destroyed its chargers becomes jubilant.
    else jubilate(g, t);
    return;
  }
  switch (out.ending) {
    case 'fellShort':
      closeTo(g, u, t, D - out.chargeMove);
      return;
    case 'halted':
      closeTo(g, u, t, Math.max(1, D - out.chargeMove));
      if (out.target === 'fled') rout(g, t, out.flight);
      return;
    case 'home':
      closeTo(g, u, t, 0);
      slide(g, u, t);
      side.chargesHome++;
      g.contacts.push({ a: u.spec.index, b: t.spec.index, charge: true });
      return;
    case 'escaped':
      rout(g, t, out.flight);
      if (!t.removed) closeTo(g, u, t, Math.max(0.5, frontGap(u.body, t.body) - out.chargeMove));
      else moveUnit(g, u, 1, out.chargeMove, 1);
      break;
    case 'caught':
      rout(g, t, out.flight);
      side.chargesHome++;
      side.chargesWon++;
      if (!t.removed) {
        moveUnit(g, u, 1, out.chargeMove, 0.5);
        freeHack(g, u, t);
      }
      break;
  }
  // p28: chargers in good order whose target ran from them become jubilant.
  if (chargeMakesJubilant(out.ending)) jubilate(g, u);
}

/**
 * The charge step of a side's movement (or cavalry) phase (p3, p12, p22): aggressive cavalry attempts
 * its compelled charge free; then, unit by unit in the doctrine's order, the charges it declares for a
 * pip each.
 */
export function chargeStep(g: Game, side: 0 | 1, cavalryPhase: boolean): void {
  const able = g.list1;
  clear(able);
  for (const i of g.c.sides[side].units) if (mayChargeNow(g, g.units[i], cavalryPhase) && chargeTarget(g, g.units[i]) >= 0) able.push(i);
  if (able.length === 0) return;
  for (const i of orderOfUnits(g, able, g.order1)) {
    const u = g.units[i];
    if (!mayChargeNow(g, u, cavalryPhase)) continue;
    const k = chargeTarget(g, u);
    if (k < 0) continue;
    const t = g.units[k];
    const D = frontGap(u.body, t.body);
    let compelled = compelledAt(u, t);
    const wants = wantsCharge(g, u, t, D);
    if (compelled && !wants) {
      // p4, p5, p35: where the rules allow it, a test to hold back (command as the turn began).
      if (mayTestNotToCharge(u.aggressiveInCommand, g.c.sides[side].nation) && test(g, u, P.charge, ldOf(g, u))) compelled = false;
    }
    if (!compelled) {
      if (!wants || !spendPips(g, u, 'charge', 1)) continue;
    }
    playCharge(g, u, t, compelled);
  }
}
