/**
 * refit-check.json: what `volley refit check` found (src/sim/studies/refitCheck.ts plays it; the report
 * reads this model only).
 */
import type { Proportion } from '../stats/intervals.js';
import type { PairedDifference } from '../stats/paired.js';
import type { RefitChangeRecord } from './results.js';

export const REFIT_CHECK_FORMAT = 'volley-refit-check/3';
export const REFIT_CHECK_FILE = 'refit-check.json';
export const REFIT_CHECK_PAGE = 'refit-check.html';
export const LARGEST_EFFECTS = 3;

/** What the exception is, for the report. */
export interface ExceptionInfo {
  scenario: string;
  /** The refit's list it is in (rules, formations, ...), and its index there. */
  list: string;
  ruleIndex: number;
  /** The unit, for rule exceptions. */
  unit: string | null;
  /** The formation, side or leader, for the other entries. */
  target: string | null;
  side: 0 | 1;
  sideName: string;
  /** Both sides' names, for the units of either side it moves. */
  sideNames: [string, string];
  field: string;
  value: unknown;
  /** The value without the exception. */
  defaultValue: unknown;
  note: string | null;
}

/** One standard duel: the unit as rated against the unit at defaults. */
export interface DuelInfo {
  unit: string;
  /** Every unit with the same counter: the duel is theirs too. */
  units: string[];
  scenario: string;
  role: string;
  /** The unit's side in the duel. */
  side: 0 | 1;
  rated: Record<string, unknown>;
  atDefaults: Record<string, unknown>;
  /** The counter as rated, in a few words (the rule system's label). */
  label: string;
}

/**
 * What an exception does to one unit of either side: its share of engagements in which it retreated
 * (or was eliminated) with and without the exception, and the paired difference with its interval at
 * the exception's simultaneous level (ExceptionResult.unitEffectsLevel).
 */
export interface UnitEffect {
  unit: string;
  side: 0 | 1;
  sideName: string;
  /** The unit the exception rates. */
  rated: boolean;
  figure: 'retreated' | 'eliminated';
  without: number;
  with: number;
  difference: PairedDifference;
}

export interface ExceptionResult extends ExceptionInfo {
  n: number;
  /**
   * Every unit of both sides whose retreat or elimination rate the exception moves by more than its
   * interval, largest first (the rated unit among them): who takes the eliminations instead.
   */
  unitEffects: UnitEffect[];
  /** The level of unitEffects' intervals: 95% shared by the exception's 2 x units figures (Bonferroni). */
  unitEffectsLevel: number;
  /** How many units were watched (both sides). */
  unitsWatched: number;
  /** Paired differences (with the exception minus without), mean and 95% interval; null for entries that are not units. */
  retreated: PairedDifference | null;
  eliminated: PairedDifference | null;
  checksFailed: PairedDifference | null;
  sideWon: PairedDifference;
  noMeasurableEffect: boolean;
  largestEffect: boolean;
}

/** A duel's figures for the unit's side: shares of engagements with their 95% Wilson intervals. */
export interface DuelFigures {
  sideWon: Proportion;
  retreated: Proportion;
  eliminated: Proportion;
  /** Failed morale checks of the unit per engagement. */
  checksFailed: number;
}

export interface DuelResult extends DuelInfo {
  n: number;
  /** The unit as the refit rates it, and at the refit's defaults. */
  figuresRated: DuelFigures;
  figuresAtDefaults: DuelFigures;
  /** Paired differences, rated minus at defaults. */
  difference: { sideWon: PairedDifference; retreated: PairedDifference; eliminated: PairedDifference; checksFailed: PairedDifference };
}

export interface RefitCheckResults {
  format: typeof REFIT_CHECK_FORMAT;
  volleyVersion: string;
  ruleset: string;
  /** `defaults`: the refit's defaults in words (e.g. "default morale 4"). */
  refit: { file: string; name: string; title: string | null; defaults: string };
  /** The standard unit of the duels, and what a duel is, in words. */
  standard: Record<string, unknown>;
  duelDescription: string | null;
  duels: DuelResult[];
  scenarios: string[];
  seed: string | number;
  engagements: number;
  batch: number;
  commonRandomNumbers: true;
  level: number;
  method: string;
  warnings: string[];
  /** What the refit changes in each scenario, value by value (src/scenario/refit.ts, refitChanges). */
  changes: RefitChangeRecord[];
  exceptions: ExceptionResult[];
}
