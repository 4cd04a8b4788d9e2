/**
 * Confidence intervals. Proportions use the Wilson score interval; means use the normal interval
 * with the sample standard deviation.
 */
import { probit } from 'simple-statistics';

/** Two-sided normal quantile for a confidence level, e.g. 0.95 -> 1.959964. */
export function zFor(level: number): number {
  return probit(1 - (1 - level) / 2);
}

export interface Proportion {
  count: number;
  n: number;
  p: number;
  lo: number;
  hi: number;
}

/** Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, level = 0.95): Proportion {
  if (n === 0) return { count: k, n, p: 0, lo: 0, hi: 1 };
  const z = zFor(level);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { count: k, n, p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

export interface MeanInterval {
  mean: number;
  sd: number;
  lo: number;
  hi: number;
  n: number;
}

/** Mean with a normal interval from a count, a sum and a sum of squares. */
export function meanInterval(n: number, sum: number, sumSq: number, level = 0.95): MeanInterval {
  if (n === 0) return { mean: 0, sd: 0, lo: 0, hi: 0, n };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const sd = Math.sqrt(variance);
  const half = (zFor(level) * sd) / Math.sqrt(n);
  return { mean, sd, lo: mean - half, hi: mean + half, n };
}
