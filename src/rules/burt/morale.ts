/**
 * Morale tests (8, 10): a unit rolls the extended die, adds its modifiers and must equal or exceed the
 * score of its class (A 2 ... E 6). What a failure does depends on why the unit tested.
 */
import type { Uniform } from '../../core/dice.js';
import { cohesionModifier, loseLevels, rally } from './cohesion.js';
import { moraleRequired, reachProbability, rollReaches } from './die.js';
import type { Cover } from './fire.js';
import type { Formation } from './figures.js';
import type { BurtOptions, ExtendedDieMode, NaturalOne, StrengthModifiers } from './options.js';
import { MORALE_CLASS_TARGET, MORALE_MODIFIERS, ROUT, SHAKEN, type Cohesion, type MoraleClass } from './tables.js';

/**
 * Why a unit tests (8, 10), the purposes results count checks by. `regroup` is used only under
 * burt.regroupTest moraleTest.
 */
export const MORALE_PURPOSES = ['fireLoss', 'assault', 'assaulted', 'support', 'melee', 'friendsRouting', 'armyMorale', 'rally', 'stopPursuit', 'regroup'] as const;
export type MoralePurpose = (typeof MORALE_PURPOSES)[number];

/** What a failed test does (8's table), and in which step of 3 the test is taken (rulings). */
export interface MoraleFailure {
  /** 'loseLevel' one level; 'rout' outright; 'none' no change of level. */
  level: 'loseLevel' | 'rout' | 'none';
  /** The action the failure cancels. */
  cancels?: 'assault' | 'support' | 'regroup';
  /** What the unit keeps doing. */
  continues?: 'rout' | 'pursuit';
  /** 3: the step the test is taken in ('atOnce' for army morale, 10). */
  step: 8 | 10 | 12 | 'atOnce';
}

/** 8: the effect of failing, by purpose. */
export const MORALE_FAILURE: Readonly<Record<MoralePurpose, MoraleFailure>> = {
  fireLoss: { level: 'loseLevel', step: 12 },
  assault: { level: 'loseLevel', cancels: 'assault', step: 10 },
  assaulted: { level: 'rout', step: 10 },
  support: { level: 'loseLevel', cancels: 'support', step: 10 },
  melee: { level: 'loseLevel', step: 12 },
  friendsRouting: { level: 'loseLevel', step: 12 },
  armyMorale: { level: 'loseLevel', step: 'atOnce' },
  rally: { level: 'none', continues: 'rout', step: 12 },
  stopPursuit: { level: 'none', continues: 'pursuit', step: 12 },
  regroup: { level: 'none', cancels: 'regroup', step: 8 },
};

/**
 * 7, 8: the level after a test. Failing: lose a level (a shaken unit routs), rout outright (assaulted),
 * or no change (a router keeps routing). Passing a rally test: rout becomes shaken. Passing a regroup
 * test (burt.regroupTest moraleTest) changes nothing here: the caller then applies regroup().
 */
export function levelAfterTest(level: Cohesion, purpose: MoralePurpose, passed: boolean): Cohesion {
  if (passed) return purpose === 'rally' ? rally(level) : level;
  const f = MORALE_FAILURE[purpose].level;
  return f === 'rout' ? ROUT : f === 'loseLevel' ? loseLevels(level, 1) : level;
}

/**
 * 8 (burt.strengthModifiers): figures against starting figures, strictly under 3/4, 1/2, 1/3:
 * only the worst applies (-1, -2, -3), or all that apply add up.
 */
export function strengthModifier(figures: number, startFigures: number, mode: StrengthModifiers): number {
  const underThreeQuarters = 4 * figures < 3 * startFigures;
  const underHalf = 2 * figures < startFigures;
  const underThird = 3 * figures < startFigures;
  if (mode === 'worstOnly') {
    return underThird ? MORALE_MODIFIERS.underThird : underHalf ? MORALE_MODIFIERS.underHalf : underThreeQuarters ? MORALE_MODIFIERS.underThreeQuarters : 0;
  }
  return (underThird ? MORALE_MODIFIERS.underThird : 0) + (underHalf ? MORALE_MODIFIERS.underHalf : 0) + (underThreeQuarters ? MORALE_MODIFIERS.underThreeQuarters : 0);
}

/** 8 (burt.sightRange): no enemy in sight when the nearest visible enemy is beyond the range (Infinity: none visible). */
export function noEnemyInSight(nearestVisibleEnemy: number, sightRange: number): boolean {
  return nearestVisibleEnemy > sightRange;
}

/**
 * 8 (burt.supported): within6Behind: a committed support, or a friend within 6" behind that is neither
 * shaken nor routing; committedOnly: a committed support only.
 */
export function isSupported(mode: 'within6Behind' | 'committedOnly', committedSupport: boolean, friendBehind: { distance: number; level: Cohesion } | null): boolean {
  if (committedSupport) return true;
  if (mode === 'committedOnly' || friendBehind === null) return false;
  return friendBehind.distance <= 6 && friendBehind.level < SHAKEN;
}

/** Inches below which a unit has not moved (a move of 0 leaves float dust). */
const MOVED = 1e-6;

/**
 * 8 (rulings, the lane: advancing is having moved toward the enemy this turn): "advancing or pushing
 * back" (+1). `toward` is every inch the unit moved toward the enemy this turn, whatever it did
 * afterwards: a unit that charged and was then pushed back has advanced (and takes the -1 for being
 * pushed back too). `ownStateMove` is the part of it that was its pursuit move (3.3), which under
 * burt.pursuitAdvancing false does not count on its test to stop pursuing.
 */
export function advancingItem(toward: number, ownStateMove: number, pushingBack: boolean, purpose: MoralePurpose, o: Pick<BurtOptions, 'pursuitAdvancing'>): boolean {
  const counted = purpose === 'stopPursuit' && !o.pursuitAdvancing ? toward - ownStateMove : toward;
  return counted > MOVED || pushingBack;
}

/**
 * 8: "retiring or pushed back" (-1). `away` is every inch moved away from the enemy this turn;
 * `ownStateMove` the part that was its rout move (3.3), which under burt.routRetiring false does not
 * count on its test to rally: routing's -3 is the price of the flight.
 */
export function retiringItem(away: number, ownStateMove: number, pushedBack: boolean, purpose: MoralePurpose, o: Pick<BurtOptions, 'routRetiring'>): boolean {
  const counted = purpose === 'rally' && !o.routRetiring ? away - ownStateMove : away;
  return counted > MOVED || pushedBack;
}

/** Everything a morale test's modifiers depend on. */
export interface MoraleSituation {
  figures: number;
  startFigures: number;
  level: Cohesion;
  /** Distance to the nearest enemy the unit can see, inches; Infinity when none. */
  nearestVisibleEnemy: number;
  /** Testing to assault: the target is skirmishers or routing. */
  chargingSkirmishersOrRouters: boolean;
  /** Testing to assault: against the target's flank or rear. */
  chargingFlankOrRear: boolean;
  commanderInChief: boolean;
  subordinateGeneral: boolean;
  /** The brigade's command element is with the unit (a general under burt.commandElementAsGeneral). */
  commandElement: boolean;
  /** The unit's formation, for being charged in square (+2) or column (+1). */
  formation: Formation;
  /** Supported (isSupported). */
  supported: boolean;
  cover: Cover;
  /** Moved toward the enemy this turn, or pushed an enemy back (advancingItem). */
  advancingOrPushingBack: boolean;
  /** Moved away from the enemy this turn, or was pushed back (retiringItem). */
  retiringOrPushedBack: boolean;
  secureFlank: boolean;
  casualtiesThisTurn: boolean;
  armyDemoralised: boolean;
}

export type MoraleOptions = Pick<BurtOptions, 'strengthModifiers' | 'cohesionModifiers' | 'sightRange' | 'commandElementAsGeneral'>;

/**
 * 8: the sum of the modifiers added to the morale roll. The charge items count only for the test they
 * name: charging skirmishers, routers, a flank or rear when testing to assault; being charged in square
 * or column when being assaulted. Subordinate general +1 once, whether a general or (option) the command
 * element; advancing or pushing back +1 once; retiring or pushed back -1 once.
 */
export function moraleModifier(s: MoraleSituation, purpose: MoralePurpose, o: MoraleOptions): number {
  let m = 0;
  if (noEnemyInSight(s.nearestVisibleEnemy, o.sightRange)) m += MORALE_MODIFIERS.noEnemyInSight;
  if (purpose === 'assault') {
    if (s.chargingSkirmishersOrRouters) m += MORALE_MODIFIERS.chargingSkirmishersOrRouters;
    if (s.chargingFlankOrRear) m += MORALE_MODIFIERS.chargingFlankOrRear;
  }
  if (purpose === 'assaulted') {
    if (s.formation === 'square') m += MORALE_MODIFIERS.chargedInSquare;
    else if (s.formation === 'column') m += MORALE_MODIFIERS.chargedInColumn;
  }
  if (s.commanderInChief) m += MORALE_MODIFIERS.commanderInChief;
  if (s.subordinateGeneral || (o.commandElementAsGeneral && s.commandElement)) m += MORALE_MODIFIERS.subordinateGeneral;
  if (s.supported) m += MORALE_MODIFIERS.supported;
  if (s.cover === 'hard') m += MORALE_MODIFIERS.hardCover;
  else if (s.cover === 'soft') m += MORALE_MODIFIERS.softCover;
  if (s.advancingOrPushingBack) m += MORALE_MODIFIERS.advancingOrPushingBack;
  if (s.retiringOrPushedBack) m += MORALE_MODIFIERS.retiringOrPushedBack;
  if (s.secureFlank) m += MORALE_MODIFIERS.secureFlank;
  if (s.casualtiesThisTurn) m += MORALE_MODIFIERS.casualtiesThisTurn;
  if (s.armyDemoralised) m += MORALE_MODIFIERS.armyDemoralised;
  m += strengthModifier(s.figures, s.startFigures, o.strengthModifiers);
  m += cohesionModifier('morale', s.level, o.cohesionModifiers, false);
  return m;
}

/** 8: the score the die must reach for a class and a roll modifier. */
export function moraleTarget(klass: MoraleClass, modifier: number): number {
  return moraleRequired(MORALE_CLASS_TARGET[klass], modifier);
}

/** 8: exact chance of passing. */
export function moralePassProbability(klass: MoraleClass, modifier: number, die: ExtendedDieMode, naturalOne: NaturalOne): number {
  return reachProbability(moraleTarget(klass, modifier), die, naturalOne);
}

/** 8: take a test: the extended die, plus modifiers, against the class score. */
export function rollMoraleTest(klass: MoraleClass, modifier: number, die: ExtendedDieMode, naturalOne: NaturalOne, u: Uniform): boolean {
  return rollReaches(moraleTarget(klass, modifier), die, naturalOne, u);
}

/** 8 (burt.seeingRouts): whether seeing routing friends calls for a test this turn. */
export function friendsRoutingTestDue(newRoutsSeen: number, routingFriendsSeen: number, mode: 'newRoutsOnly' | 'anyRouting'): boolean {
  return mode === 'newRoutsOnly' ? newRoutsSeen > 0 : routingFriendsSeen > 0;
}

/** How severe a failure is, to pick the one test of a step under onePerStep. */
const SEVERITY: Readonly<Record<MoralePurpose, number>> = {
  assaulted: 5,
  assault: 4,
  support: 4,
  armyMorale: 3,
  melee: 3,
  fireLoss: 3,
  friendsRouting: 3,
  rally: 2,
  stopPursuit: 2,
  regroup: 1,
};

/**
 * 8 (burt.testsPerTurn): the tests a unit takes for the reasons due in one step: one for each
 * (eachReason), or one only (onePerStep), for the reason whose failure is worst (the first listed on a tie).
 */
export function testsToTake(due: readonly MoralePurpose[], mode: 'eachReason' | 'onePerStep'): MoralePurpose[] {
  if (mode === 'eachReason' || due.length <= 1) return [...due];
  let best = due[0];
  for (const p of due) if (SEVERITY[p] > SEVERITY[best]) best = p;
  return [best];
}
