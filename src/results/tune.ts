/**
 * tune.json: what `volley tune` found (src/sim/studies/tune.ts searches; the report reads this model only).
 */
import type { Estimate } from '../stats/metricPath.js';
import type { SearchOutcome, TunedInterval } from '../stats/tuneSearch.js';
import type { Provenance } from './results.js';

export const TUNE_FORMAT = 'volley-tune/1';
export const TUNE_FILE = 'tune.json';
export const TUNE_CSV = 'tune.csv';
export const TUNE_PAGE = 'tune.html';
export const TUNE_CHART = 'tune-curve';

export interface TunePoint extends Estimate {
  x: number;
  round: number;
  /** The estimate's 95% interval contains the target. */
  containsTarget: boolean;
  chosen: boolean;
}

export interface TuneResults {
  format: string;
  provenance: Omit<Provenance, 'factors' | 'engagementsPerCell' | 'commonRandomNumbers'> & {
    cell: { index: number; label: string } | null;
    engagementsPerPoint: number;
    rngKey: string;
  };
  param: { path: string; kind: 'integer' | 'real'; places: number; scenarioValue: unknown };
  target: { metric: string; words: string; kind: 'share' | 'mean'; value: number; text: string };
  range: { from: number; to: number };
  method: { name: SearchOutcome['method']; resolution: number; rounds: number; evaluations: number; interval: string };
  points: TunePoint[];
  reached: boolean;
  chosen: TunePoint;
  interval: TunedInterval | null;
  bracket: [number, number] | null;
  crossings: [number, number][];
  warnings: string[];
  /**
   * Set by the command: the only part that depends on the machine. `threads` as in results.json's
   * timing (absent from tunes written before it existed).
   */
  timing?: { workers: number; threads?: number; wallSeconds: number; engagements: number };
}

export const INTERVAL_METHOD =
  'the values whose estimate has a 95% interval containing the target (test inversion); when none has, the two neighbouring values between which the estimate jumps across the target';
