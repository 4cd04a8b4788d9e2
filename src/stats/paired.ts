/**
 * Paired differences: the same engagement played twice (common random numbers), once per variant, and
 * the difference of one per-engagement value. The accumulator keeps integer sums, so it merges exactly
 * in any order.
 *
 * The interval is the normal approximation for a mean: d̄ ± z·s/√n with s the sample standard
 * deviation of the per-engagement differences d_i = a_i - b_i (n - 1 in the denominator). Pairing
 * removes the luck both variants share, so s is usually far below that of two independent samples.
 */
import { meanInterval, zFor } from './intervals.js';

export interface PairedAcc {
  n: number;
  /** Σ (a_i - b_i) */
  sum: number;
  /** Σ (a_i - b_i)² */
  sumSq: number;
}

export const emptyPaired = (): PairedAcc => ({ n: 0, sum: 0, sumSq: 0 });

export function addPair(acc: PairedAcc, a: number, b: number): void {
  const d = a - b;
  acc.n++;
  acc.sum += d;
  acc.sumSq += d * d;
}

export function mergePaired(into: PairedAcc, other: PairedAcc): void {
  into.n += other.n;
  into.sum += other.sum;
  into.sumSq += other.sumSq;
}

export interface PairedDifference {
  n: number;
  mean: number;
  sd: number;
  lo: number;
  hi: number;
  /** The interval contains 0: the effect cannot be told from zero. */
  containsZero: boolean;
}

/** Mean paired difference with its normal-approximation interval (default 95%). */
export function pairedDifference(acc: PairedAcc, level = 0.95): PairedDifference {
  const m = meanInterval(acc.n, acc.sum, acc.sumSq, level);
  return { n: acc.n, mean: m.mean, sd: m.sd, lo: m.lo, hi: m.hi, containsZero: m.lo <= 0 && m.hi >= 0 };
}

export { zFor };
