/**
 * Disorder and panic from shooting (p11, p19, p26, p27, p31): when a unit tests, at what Ld, and what a
 * failure does. Casualties are counted per nagb.shootingTestScope by the caller.
 */
import type { Uniform } from '../../core/dice.js';
import { modifiedLd, rollTest } from './leadership.js';
import { classRow, type UnitClass } from './tables.js';

/**
 * p11, p27: casualties in one round that make a unit test: raw troops any (1), line 10% and veterans,
 * elite and guard 25% of the starting figures, rounded up (24 line: 3; 24 veterans: 6).
 */
export function shootingTestThreshold(cls: UnitClass, startFigures: number): number {
  const share = classRow(cls).testShare;
  if (share === 0) return 1;
  return Math.max(1, Math.ceil(share * startFigures - 1e-9));
}

/** p11: whether `casualties` in the round make the unit test. */
export function needsShootingTest(cls: UnitClass, startFigures: number, casualties: number): boolean {
  return casualties > 0 && casualties >= shootingTestThreshold(cls, startFigures);
}

/** What changes the Ld of a shooting test (p11, p27, p4). */
export interface ShootingTestFactors {
  ld: number;
  cls: UnitClass;
  casualties: number;
  disordered: boolean;
  jubilant: number;
  /** p11: fire from wholly outside the target's front arc, -2 (not against squares or skirmishers). */
  enfilade: boolean;
  /** p4: +1 per commander adding personal influence (and the CinC's pip). */
  influence: number;
}

/**
 * p11, p27: the Ld of the test: less one per casualty of the round (elite and guard: not modified by
 * casualties), -2 for enfilade, -1 disordered, + jubilance and influence.
 */
export function shootingTestLd(f: ShootingTestFactors): number {
  const cas = classRow(f.cls).casualtyModified ? f.casualties : 0;
  return modifiedLd(f.ld, f.jubilant, f.disordered, -cas - (f.enfilade ? 2 : 0) + f.influence);
}

/** What a failed shooting test does. */
export type ShootingFailure = 'disordered' | 'broken';

/**
 * p28, p31: a unit in good order failing becomes disordered; one already disordered breaks and flees
 * (PANIC_FLIGHT_DICE: 2d6, horse too); in a village sector it never breaks from shooting (disordered at
 * worst).
 */
export function shootingTestFailure(disordered: boolean, inVillage: boolean): ShootingFailure {
  return disordered && !inVillage ? 'broken' : 'disordered';
}

/**
 * p28: a disordered unit failing a morale test (from shooting, proximity, burst-through) breaks and runs
 * 2d6 straight away from the cause; the text gives 3d6 for cavalry only after melee (p15) and out of
 * command (p4).
 */
export const PANIC_FLIGHT_DICE = 2;

/** Results of rollShootingTest. */
export const NO_TEST = 0;
export const PASSED = 1;
export const FAILED_DISORDERED = 2;
export const FAILED_BROKEN = 3;

/** p11: take (if due) the test after a round of shooting: one of NO_TEST, PASSED, FAILED_*. */
export function rollShootingTest(u: Uniform, f: ShootingTestFactors, startFigures: number, inVillage: boolean): number {
  if (!needsShootingTest(f.cls, startFigures, f.casualties)) return NO_TEST;
  if (rollTest(u, shootingTestLd(f))) return PASSED;
  return shootingTestFailure(f.disordered, inVillage) === 'broken' ? FAILED_BROKEN : FAILED_DISORDERED;
}

/**
 * p26, p27: skirmishers cannot be disordered; 25% of their starting figures in one round makes them take
 * an unmodified test, and they flee on failure.
 */
export function skirmisherPanicThreshold(startFigures: number): number {
  return Math.max(1, Math.ceil(0.25 * startFigures - 1e-9));
}

/**
 * p19, p21, p27: a battery losing 25% of its crew in one round tests; failing, it is silenced
 * (disordered, its pips lost) until it rallies.
 */
export function batterySilenceThreshold(crewStart: number): number {
  return Math.max(1, Math.ceil(0.25 * crewStart - 1e-9));
}
