/**
 * How many engagements a run may ask for, from a file or a flag alike: enough for any study (a cell of
 * 100 million engagements takes hours), few enough that a run's batches are a list in memory.
 */
import { VolleyInputError } from '../core/errors.js';

/** Engagements per cell (or per value tried, per pairing, per refit check). */
export const MAX_ENGAGEMENTS = 100_000_000;
/** Engagements per batch. */
export const MAX_BATCH = 1_000_000;
/** With a precision target and no cap given: the most engagements a cell plays. */
export const DEFAULT_MAX_ENGAGEMENTS = 100_000;

/** A count given by a flag: a whole number from 1 to `max`, else an input error naming the flag (exit code 2). */
export function checkCount(flag: string, value: unknown, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new VolleyInputError(flag, undefined, undefined, `expected a whole number from 1 to ${max.toLocaleString('en-US')}, found ${String(value)}`);
  }
}
