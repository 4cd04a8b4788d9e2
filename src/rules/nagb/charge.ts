/**
 * Charges (p5, p12-13, p17-18, p19, p22, p24, p26, p31-32): who may charge, the charge test, the
 * target's reaction, the charge move and its dice, stand and shoot, forming square, flight and being
 * caught, and going home. `resolveCharge` plays one charge from declaration to its end with the dice;
 * odds.ts gives the same charge's exact odds.
 */
import type { Uniform } from '../../core/dice.js';
import { modifiedLd, rollTest } from './leadership.js';
import type { NagbOptions } from './options.js';
import { sumD6 } from './roll.js';
import { holdsFire, rollCasualties, type HitRoll } from './shooting.js';
import { type Arm, classRow, type Formation, type TerrainTest, type UnitClass } from './tables.js';

export interface ChargeCircumstances {
  arm: Arm;
  formation: Formation;
  /** Disordered, shaken, blown or without colours: no charge (p23, p27). */
  disordered: boolean;
  /** The charger stands in a village sector (p31: no charging out of one). */
  inVillage: boolean;
  targetArm: Arm;
  /** Skirmishers charging or charged (p24, p26). */
  skirmishers: boolean;
  targetSkirmishers: boolean;
  frontal: boolean;
  /**
   * Cavalry only: the path crosses an obstacle, slope or difficult ground (woods, village, rough), the
   * charger or the target stands in difficult ground, or the target defends a hedge, fence or wall
   * (p22, p30, p32). Cossacks may charge into woods and out again (p24, p30): the caller
   * leaves woods out for them.
   */
  cavalryBlocked: boolean;
}

/**
 * p6, p8, p12, p22-24, p26, p27, p31: whether a charge may be declared. Infantry never charges cavalry;
 * march columns and squares never charge; nor disordered, shaken or blown units; nor troops in a village;
 * skirmishers only charge skirmishers; skirmishing cavalry never charges formed troops or guns frontally;
 * cavalry not over obstacles, slopes, into or out of difficult terrain, nor at units behind a hedge, fence or wall.
 */
export function mayDeclareCharge(c: ChargeCircumstances): boolean {
  return whyNoCharge(c) === null;
}

/** Why mayDeclareCharge refuses a charge, with the page; null where it may be declared. */
export function whyNoCharge(c: ChargeCircumstances): string | null {
  if (c.disordered) return 'a disordered unit does not charge (p27)';
  if (c.inVillage) return 'troops in a village sector do not charge out of it (p31)';
  if (c.arm === 'artillery') return 'a battery does not charge (p12, p19)';
  if (c.arm === 'infantry') {
    if (c.targetArm === 'cavalry') return 'infantry does not charge cavalry (p12)';
    if (c.formation === 'marchColumn') return 'infantry in march column does not charge (p6, p8)';
    if (c.formation === 'square') return 'infantry in square does not charge (p6)';
    if (c.skirmishers && !c.targetSkirmishers) return 'skirmishers charge only skirmishers (p26)';
    return null;
  }
  if (c.cavalryBlocked) return 'cavalry does not charge over obstacles, slopes, into or out of difficult terrain (woods, villages, rough), nor at troops behind a hedge, fence or wall (p22, p30, p32)';
  if (c.skirmishers && !c.targetSkirmishers && c.frontal) return 'skirmishing cavalry does not charge formed troops or guns frontally (p24)';
  return null;
}

export interface ChargeTestCase {
  frontal: boolean;
  /** The target is formed (not skirmishers) and in good order. */
  targetFormedGoodOrder: boolean;
  /** Figures of each side weighted as p14 (cavalry 2, infantry 1). */
  chargerWeighted: number;
  targetWeighted: number;
  /** p22: an aggressive cavalry charge needs no test. */
  aggressive: boolean;
  /** p24: skirmishing cavalry tests to charge formed troops or guns in the flank or rear. */
  skirmishingCavalry: boolean;
}

/**
 * p12, p22, p24: a charge needs a leadership test when it is frontal against a formed unit in good order,
 * unless the chargers outnumber it more than 2:1 or it is an aggressive cavalry charge; skirmishing
 * cavalry tests against formed troops from any side.
 */
export function chargeTestRequired(c: ChargeTestCase): boolean {
  if (c.skirmishingCavalry) return c.targetFormedGoodOrder;
  if (!c.frontal || !c.targetFormedGoodOrder || c.aggressive) return false;
  return !(c.chargerWeighted > 2 * c.targetWeighted);
}

/** p3, p12 (nagb.failedChargeTest): after a failed charge test the unit stays, or may move normally. */
export function moveAfterFailedChargeTest(opts: Pick<NagbOptions, 'failedChargeTest'>): boolean {
  return opts.failedChargeTest === 'moveNormally';
}

/** The target's reactions (p5, p12-13, p19). */
export type ChargeReaction = 'stand' | 'standAndShoot' | 'fireAndFlee' | 'flee' | 'evade' | 'formSquare' | 'counterCharge';

export interface ReactionCase {
  arm: Arm;
  formation: Formation;
  /**
   * It has something to fire: small arms (p10; cavalry only the carbines or pistols its scenario gives
   * it, p25, p40), or a battery its guns (p19).
   */
  armed: boolean;
  loaded: boolean;
  skirmishers: boolean;
  lightCavalry: boolean;
  /** Artillery crew (p12: may evade; p19: flee). */
  crew: boolean;
  /** On a reaction token (p5): counter-charge. */
  onReact: boolean;
  /** The charger is formed (not skirmishers, not Cossacks): skirmishers must flee or evade (p26). */
  chargerFormed: boolean;
  /**
   * A square may fire at the chargers (shooting.ts squareFireAtChargers: its volley in good order with
   * ammunition, p8, p10; else as nagb.squareWithoutVolley says). Read for squares only.
   */
  squareFires: boolean;
}

/**
 * p5, p12-13, p19, p25-26, p40: whether the target may take a reaction. Firing ones need a load and
 * something to fire it with (cavalry without carbines or pistols has neither).
 */
export function reactionAllowed(r: ChargeReaction, c: ReactionCase): boolean {
  const mustRun = c.skirmishers && c.chargerFormed;
  const fires = c.armed && c.loaded;
  switch (r) {
    case 'flee':
      return true;
    case 'evade':
      return c.skirmishers || c.lightCavalry || c.crew;
    case 'fireAndFlee':
      return fires && c.formation !== 'square';
    case 'stand':
      return !mustRun;
    case 'standAndShoot':
      return fires && !mustRun && (c.formation !== 'square' || c.squareFires);
    case 'formSquare':
      return c.arm === 'infantry' && !c.skirmishers; // p13: to or from square
    case 'counterCharge':
      return c.onReact && c.arm !== 'artillery' && !mustRun;
  }
}

/** p12, p17: the range of defensive fire: a d6, + militia 2, conscripts 1, veteran -1, elite -2, guard -3, disordered +1. */
export function standAndShootRange(d6: number, cls: UnitClass, disordered: boolean): number {
  return d6 + classRow(cls).standRange + (disordered ? 1 : 0);
}

/** p12, p13, p17: a fire range beyond the distance the chargers started at is fired too high: no effect. */
export function firedHigh(range: number, distance: number): boolean {
  return range > distance;
}

/**
 * p12, p13: where the defensive fire is delivered: the chargers are halted at the fire range, or where
 * their charge move ran out if that is farther (distance less the move).
 */
export function defensiveFireDistance(range: number, distance: number, chargeMove: number): number {
  const stop = distance - chargeMove;
  return stop > range ? stop : range;
}

/** p13 (nagb.halfChargeRounding): half the charge move, rounded down (17 gives 8) or exact. */
export function halfChargeMove(chargeMove: number, opts: Pick<NagbOptions, 'halfChargeRounding'>): number {
  return opts.halfChargeRounding === 'floor' ? Math.floor(chargeMove / 2) : chargeMove / 2;
}

/**
 * p13: the panic test to form (or leave) square when charged: -1 in line or march column, -4 if the
 * chargers are within half their charge move, -1 disordered (modifiedLd), + jubilance and influence.
 */
export function formSquareLd(
  ld: number,
  formation: Formation,
  disordered: boolean,
  jubilant: number,
  influence: number,
  distance: number,
  chargeMove: number,
  opts: Pick<NagbOptions, 'halfChargeRounding'>,
): number {
  let m = influence;
  if (formation === 'line' || formation === 'marchColumn') m -= 1;
  if (distance <= halfChargeMove(chargeMove, opts)) m -= 4;
  return modifiedLd(ld, jubilant, disordered, m);
}

/** p13: a failed square test leaves the unit unformed and disordered; one already disordered flees. */
export function formSquareFailure(disordered: boolean): 'disordered' | 'flees' {
  return disordered ? 'flees' : 'disordered';
}

/**
 * p12, p19: flight dice of the flee reaction: 2d6 (the text names no exception for cavalry, which
 * usually evades instead), 3d6 for horse artillery (p19).
 */
export function fleeDice(arm: Arm, horse: boolean): number {
  return arm === 'artillery' && horse ? 3 : 2;
}

/** p12, p19: firing before fleeing costs a d6 of the flight (infantry flees d6). */
export function fireAndFleeDice(arm: Arm, horse: boolean): number {
  return fleeDice(arm, horse) - 1;
}

/** p19: unlimbered horse artillery limbers as it flees, halving its flight roll (rounded down). */
export function horseArtilleryFlight(roll: number, unlimbered: boolean): number {
  return unlimbered ? Math.floor(roll / 2) : roll;
}

/**
 * p13, p16 (nagb.caughtFleeing): a fleeing unit is caught when the pursuing move reaches its flight
 * (a charge: the charge move against the distance plus the flight).
 */
export function caught(pursuit: number, flight: number, opts: Pick<NagbOptions, 'caughtFleeing'>): boolean {
  return opts.caughtFleeing === 'pursuitAtLeastFlight' ? pursuit >= flight : pursuit > flight;
}

/** p12: a passed evade test lets the unit slip away (rallied if it escapes); a failed one is read as flight. */
export function evadeResult(passed: boolean): 'evades' | 'flees' {
  return passed ? 'evades' : 'flees';
}

/** p5: counter-charging units meet half way and strike on initiative. */
export function counterChargeMeeting(distance: number): number {
  return distance / 2;
}

// ---------------------------------------------------------------------------------------------------
// One charge, from declaration to its end

/** How a charge ends. */
export type ChargeEnding = 'refused' | 'fellShort' | 'halted' | 'home' | 'caught' | 'escaped';
export const CHARGE_ENDINGS: readonly ChargeEnding[] = ['refused', 'fellShort', 'halted', 'home', 'caught', 'escaped'];

/**
 * p28: whether a charge's ending makes its chargers jubilant (when they are in good order): the target
 * ran from it, caught or not. A charge halted by the fire of a target that then fled leaves its
 * chargers disordered, so never jubilant.
 */
export function chargeMakesJubilant(ending: ChargeEnding): boolean {
  return ending === 'caught' || ending === 'escaped';
}

/** What the target became (p13). */
export type TargetAfterCharge = 'unchanged' | 'square' | 'disordered' | 'fled';

/** A charge compiled to numbers: everything resolveCharge and chargeOdds need (see chargeSpec in odds.ts). */
export interface ChargeSpec {
  /** Front-to-front distance at declaration, inches (D). */
  distance: number;
  chargeBase: number;
  chargeDice: number;
  /** Ld of the charge test, or null when none is required. */
  chargeTestLd: number | null;
  reaction: 'stand' | 'standAndShoot' | 'fireAndFlee' | 'flee' | 'formSquare';
  /** Target's fire. */
  fire: {
    /** Ld of the test that gives a volley (null: no test; `volleyAlways` decides). */
    volleyTestLd: number | null;
    /** A square in good order with ammunition fires its face as a volley without a test (p8, p10); units that cannot volley never do. */
    volleyAlways: boolean;
    volleyDice: number;
    normalDice: number;
    /** Class and disorder modifier of the fire range (p12). */
    rangeModifier: number;
    /** Scores to hit at point blank, short and long range (p10, p12, p17). */
    needPointBlank: number;
    needShort: number;
    needLong: number;
    /** Ends of short and long range for the normal shot and for a volley. */
    shortEnd: number;
    longEnd: number;
    volleyLongEnd: number;
    killOn: number;
  };
  /** Chargers' shooting test (p11, p18). */
  chargers: {
    figures: number;
    threshold: number;
    /** Ld before the casualty modifier (disorder, jubilance, influence in). */
    ld: number;
    casualtyModified: boolean;
  };
  /** Flight dice for 'flee', for 'fireAndFlee', and if the square test fails while disordered. */
  fleeDice: number;
  fireAndFleeDice: number;
  /** p19: an unlimbered horse battery limbers as it flees: its flight roll is halved (horseArtilleryFlight). */
  flightHalved: boolean;
  /** Target's square test Ld without the -4 (formation and disorder in), and whether it is disordered. */
  squareLd: number;
  targetDisordered: boolean;
  /** Terrain test of the chargers at contact (p12, p13) at the chargers' Ld. */
  contactTest: TerrainTest;
  caughtFleeing: NagbOptions['caughtFleeing'];
  halfChargeRounding: NagbOptions['halfChargeRounding'];
}

/** Which test of a charge is being taken (p12-13, p17-18), for a caller that records or rerolls it. */
export type ChargeTestKind = 'charge' | 'volley' | 'formSquare' | 'chargeHome' | 'contact' | 'short';

/**
 * Takes one test of a charge at `ld` and says whether it passed. The play loop passes one that records
 * the test, adds personal influence and buys rerolls; without one, each test is a plain 2d6 on `u`.
 */
export type ChargeTester = (kind: ChargeTestKind, ld: number) => boolean;

export interface ChargeResult {
  ending: ChargeEnding;
  target: TargetAfterCharge;
  chargeMove: number;
  /** Casualties of the target's fire on the chargers. */
  chargerCasualties: number;
  /** The chargers ended disordered (by fire, terrain at contact, or falling short). */
  chargerDisordered: boolean;
  /** The target fired a volley / fired high. */
  volley: boolean;
  firedHigh: boolean;
  /** The volley's 6s and 1s, for low ammunition (p10). */
  hitRoll: HitRoll;
  /** Inches the target fled (0 when it did not flee). */
  flight: number;
  /**
   * Inches from the target at which it fired: the start distance for fire and flee (p12), else the fire
   * range, 0 when that is 0 or less (point blank at contact, p12); -1: no fire (fired high, or it held
   * its fire needing 7+, p10).
   */
  fireDistance: number;
}

export function newChargeResult(): ChargeResult {
  return {
    ending: 'refused',
    target: 'unchanged',
    chargeMove: 0,
    chargerCasualties: 0,
    chargerDisordered: false,
    volley: false,
    firedHigh: false,
    hitRoll: { hits: 0, sixes: 0, ones: 0 },
    flight: 0,
    fireDistance: -1,
  };
}

/** One test of a charge: through the caller's tester, else a plain 2d6 on u. */
function take(u: Uniform, test: ChargeTester | undefined, kind: ChargeTestKind, ld: number): boolean {
  return test ? test(kind, ld) : rollTest(u, ld);
}

/** p10, p12, p17: the score to hit of the target's fire at `distance`, or 7 (no effect) when out of range. */
export function defensiveNeed(s: ChargeSpec, distance: number, volley: boolean): number {
  const f = s.fire;
  if (distance > (volley ? f.volleyLongEnd : f.longEnd)) return 7;
  if (distance <= 1) return f.needPointBlank;
  return distance <= f.shortEnd ? f.needShort : f.needLong;
}

/**
 * Play a charge with the dice, in the order of the text (p12-13, p17-18): the charge test; the reaction;
 * the charge move (and the range of stand-and-shoot); the fire and the chargers' test; contact and the
 * terrain test there, or falling short and its test. Dice are drawn in a fixed order, so an enumeration
 * of the dice (core/enumerate.ts) plays every path.
 */
export function resolveCharge(u: Uniform, s: ChargeSpec, out: ChargeResult, test?: ChargeTester): ChargeResult {
  out.target = 'unchanged';
  out.chargeMove = 0;
  out.chargerCasualties = 0;
  out.chargerDisordered = false;
  out.volley = false;
  out.firedHigh = false;
  out.flight = 0;
  out.fireDistance = -1;
  out.hitRoll.hits = out.hitRoll.sixes = out.hitRoll.ones = 0;
  if (s.chargeTestLd !== null && !take(u, test, 'charge', s.chargeTestLd)) {
    out.ending = 'refused';
    return out;
  }
  const D = s.distance;
  const opts = s; // the spec carries the two readings it needs (nagb.caughtFleeing, nagb.halfChargeRounding)
  switch (s.reaction) {
    case 'flee': {
      const flight = (out.flight = flightOf(s, sumD6(u, s.fleeDice)));
      const M = (out.chargeMove = s.chargeBase + sumD6(u, s.chargeDice));
      out.target = 'fled';
      out.ending = caught(M, D + flight, opts) ? 'caught' : 'escaped';
      return out;
    }
    case 'fireAndFlee': {
      // p12: a normal shot (no volley) at the start distance, then flight of one d6 less.
      const need = defensiveNeed(s, D, false);
      const cas = holdsFire(need) ? 0 : rollCasualties(u, s.fire.normalDice, need, s.fire.killOn, s.chargers.figures, out.hitRoll);
      out.chargerCasualties = cas;
      if (!holdsFire(need)) out.fireDistance = D;
      const flight = (out.flight = flightOf(s, sumD6(u, s.fireAndFleeDice)));
      const M = (out.chargeMove = s.chargeBase + sumD6(u, s.chargeDice));
      out.target = 'fled';
      if (chargersFailFire(u, s, cas, test)) {
        out.chargerDisordered = true;
        out.ending = 'halted';
        return out;
      }
      out.ending = caught(M, D + flight, opts) ? 'caught' : 'escaped';
      return out;
    }
    case 'formSquare': {
      const M = (out.chargeMove = s.chargeBase + sumD6(u, s.chargeDice));
      const ld = s.squareLd + (D <= halfChargeMove(M, opts) ? -4 : 0);
      if (take(u, test, 'formSquare', ld)) out.target = 'square';
      else if (s.targetDisordered) {
        out.target = 'fled';
        const flight = (out.flight = sumD6(u, s.fleeDice));
        out.ending = caught(M, D + flight, opts) ? 'caught' : 'escaped';
        return out;
      } else out.target = 'disordered';
      return arrive(u, s, M, out, test);
    }
    case 'standAndShoot': {
      const f = s.fire;
      const volley = f.volleyAlways || (f.volleyTestLd !== null && take(u, test, 'volley', f.volleyTestLd));
      out.volley = volley;
      const M = (out.chargeMove = s.chargeBase + sumD6(u, s.chargeDice));
      const R = 1 + Math.floor(u() * 6) + f.rangeModifier;
      if (firedHigh(R, D)) {
        out.firedHigh = true;
        return arrive(u, s, M, out, test);
      }
      const at = defensiveFireDistance(R, D, M);
      const need = defensiveNeed(s, at, volley);
      const cas = holdsFire(need) ? 0 : rollCasualties(u, volley ? f.volleyDice : f.normalDice, need, f.killOn, s.chargers.figures, out.hitRoll);
      out.chargerCasualties = cas;
      // A range of 0 or less is point blank, at contact: the fire lands there (p12).
      if (!holdsFire(need)) out.fireDistance = at > 0 ? at : 0;
      if (chargersFailFire(u, s, cas, test)) {
        // p13, p18: disordered by the fire, the chargers halt 1" short (or where their move ran out).
        out.chargerDisordered = true;
        out.ending = 'halted';
        return out;
      }
      return arrive(u, s, M, out, test);
    }
    case 'stand': {
      const M = (out.chargeMove = s.chargeBase + sumD6(u, s.chargeDice));
      return arrive(u, s, M, out, test);
    }
  }
}

/** The inches a target that flees a charge covers: its roll, halved for a horse battery limbering (p19). */
export function flightOf(s: Pick<ChargeSpec, 'flightHalved'>, roll: number): number {
  return horseArtilleryFlight(roll, s.flightHalved);
}

/** p11, p18: the chargers' test after the target's fire: true when they fail it (and are disordered). */
function chargersFailFire(u: Uniform, s: ChargeSpec, casualties: number, test: ChargeTester | undefined): boolean {
  const c = s.chargers;
  if (casualties <= 0 || casualties < c.threshold) return false;
  return !take(u, test, 'chargeHome', c.ld - (c.casualtyModified ? casualties : 0));
}

/**
 * p12-13: a charge move reaching the target makes contact (then the terrain test of the ground crossed);
 * one that falls short stops there and tests for disorder at the chargers' Ld.
 */
function arrive(u: Uniform, s: ChargeSpec, M: number, out: ChargeResult, test: ChargeTester | undefined): ChargeResult {
  if (M >= s.distance) {
    out.ending = 'home';
    const t = s.contactTest;
    if (t === 'auto') out.chargerDisordered = true;
    else if (typeof t === 'number' && !take(u, test, 'contact', s.chargers.ld + t)) out.chargerDisordered = true;
    return out;
  }
  out.ending = 'fellShort';
  if (!take(u, test, 'short', s.chargers.ld)) out.chargerDisordered = true;
  return out;
}
