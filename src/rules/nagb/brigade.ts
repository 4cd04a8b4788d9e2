/**
 * Brigade and army morale (p29; rulings 5): a brigade falters at 50% losses and is broken at 60%; the
 * army is broken when every brigade is.
 */
import type { NagbOptions } from './options.js';
import { BRIGADE_BROKEN, BRIGADE_FALTERING } from './tables.js';

export type BrigadeStatus = 'intact' | 'faltering' | 'broken';

/** One unit of a brigade as its losses are counted. */
export interface BrigadeUnit {
  startFigures: number;
  figures: number;
  /** Removed from play (shattered, dispersed, surrendered, off the table). */
  removed: boolean;
  /** Batteries are left out of the figure count (rulings 3.11). */
  battery: boolean;
}

/**
 * p29 (nagb.brigadeLosses): the brigade's loss fraction: figures (casualties plus the figures of
 * removed units, guns excluded), casualties only, or units removed of all units.
 */
export function brigadeLossFraction(units: readonly BrigadeUnit[], opts: Pick<NagbOptions, 'brigadeLosses'>): number {
  if (opts.brigadeLosses === 'units') {
    let removed = 0;
    for (const u of units) if (u.removed) removed++;
    return units.length === 0 ? 0 : removed / units.length;
  }
  let start = 0, lost = 0;
  for (const u of units) {
    if (u.battery) continue;
    start += u.startFigures;
    lost += opts.brigadeLosses === 'figures' && u.removed ? u.startFigures : u.startFigures - u.figures;
  }
  return start === 0 ? 0 : lost / start;
}

/** p29: 50% or more: faltering; 60% or more: broken. */
export function brigadeStatus(lossFraction: number): BrigadeStatus {
  if (lossFraction >= BRIGADE_BROKEN - 1e-12) return 'broken';
  if (lossFraction >= BRIGADE_FALTERING - 1e-12) return 'faltering';
  return 'intact';
}

/**
 * p29 (nagb.brigadeTestFrequency): whether the brigade tests in this command phase: once when it first
 * reaches each threshold, or every command phase at or beyond one.
 */
export function brigadeTestDue(status: BrigadeStatus, lastTested: BrigadeStatus, opts: Pick<NagbOptions, 'brigadeTestFrequency'>): boolean {
  if (status === 'intact') return false;
  if (opts.brigadeTestFrequency === 'everyCommandPhase') return true;
  return rank(status) > rank(lastTested);
}

function rank(s: BrigadeStatus): number {
  return s === 'intact' ? 0 : s === 'faltering' ? 1 : 2;
}

/** What a unit's failed brigade test does (p29). */
export type BrigadeTestFailure = { kind: 'fallBack'; dice: 2; disorderTestModifier: number } | { kind: 'flee'; dice: 2 };

const FALL_BACK_FALTERING: BrigadeTestFailure = { kind: 'fallBack', dice: 2, disorderTestModifier: -1 };
const FALL_BACK_BROKEN: BrigadeTestFailure = { kind: 'fallBack', dice: 2, disorderTestModifier: -2 };
const FLEE: BrigadeTestFailure = { kind: 'flee', dice: 2 };

/**
 * p29: a unit in good order failing falls back 2d6 and takes a disorder test at -1 (faltering) or -2
 * (broken); a disordered or shaken unit failing flees 2d6.
 */
export function brigadeTestFailure(status: Exclude<BrigadeStatus, 'intact'>, goodOrder: boolean): BrigadeTestFailure {
  if (!goodOrder) return FLEE;
  return status === 'faltering' ? FALL_BACK_FALTERING : FALL_BACK_BROKEN;
}

/** p29, rulings 3.11 (nagb.batteryBrigadeTest): whether the brigade's batteries take its tests (exempt: not). */
export function batteryTakesBrigadeTest(opts: Pick<NagbOptions, 'batteryBrigadeTest'>): boolean {
  return opts.batteryBrigadeTest === 'silenced';
}

/**
 * p19, p21, p29: what a battery's failed brigade test does. Its guns do not fall back 2d6 (unlimbered
 * they move 1-3", p21): a battery in good order is silenced (p19, p21: disordered, its pips lost); a
 * disordered or silenced one's crew flee 2d6, leaving the guns (p19 for foot crews, p29 for disordered
 * units).
 */
export function batteryBrigadeTestFailure(goodOrder: boolean): 'silenced' | 'flee' {
  return goodOrder ? 'silenced' : 'flee';
}

/** Brokenness under nagb.brokenBrigade: whether a broken brigade may advance on the enemy or charge. */
export function brokenBrigadeMayAdvance(status: BrigadeStatus, opts: Pick<NagbOptions, 'brokenBrigade'>): boolean {
  return status !== 'broken' || opts.brokenBrigade === 'testsOnly';
}

/** Rulings 5: the army is broken when every one of its brigades is. */
export function armyBroken(statuses: readonly BrigadeStatus[]): boolean {
  return statuses.length > 0 && statuses.every((s) => s === 'broken');
}
