/**
 * Confidence intervals. Proportions use the Wilson score interval; means use the normal interval
 * with the sample standard deviation.
 */

/** The coefficients of Acklam's approximation (below). */
const ACKLAM_A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const ACKLAM_B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const ACKLAM_C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const ACKLAM_D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

/**
 * The standard normal quantile: Acklam's rational approximation (relative error below 1.2e-9), so
 * zFor(0.95) is 1.959964. simple-statistics' probit is a coarser approximation (1.95716), which made
 * every 95% interval about 0.15% too narrow.
 */
export function inverseNormal(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const a = ACKLAM_A, b = ACKLAM_B, c = ACKLAM_C, d = ACKLAM_D;
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -inverseNormal(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** zFor(0.95), the level of nearly every interval, worked out once. */
const Z95 = inverseNormal(1 - (1 - 0.95) / 2);

/** Two-sided normal quantile for a confidence level, e.g. 0.95 -> 1.959964. */
export function zFor(level: number): number {
  return level === 0.95 ? Z95 : inverseNormal(1 - (1 - level) / 2);
}

export interface Proportion {
  count: number;
  n: number;
  p: number;
  lo: number;
  hi: number;
}

/**
 * Wilson score interval for k successes in n trials. With none (or all) its lower (upper) end is 0
 * (1) exactly: computed, the two terms that cancel there leave a rounding error (1e-17 at 2,000 trials).
 */
export function wilson(k: number, n: number, level = 0.95): Proportion {
  if (n === 0) return { count: k, n, p: 0, lo: 0, hi: 1 };
  const z = zFor(level);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { count: k, n, p, lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half) };
}

/**
 * The difference b − a of two independent proportions with Newcombe's hybrid score interval (his
 * method 10, 1998): the Wilson intervals of each combined, so that it stays within [−1, 1] and keeps
 * its width where a share is 0 or 1, where the normal interval collapses to a point.
 *   lo = d − √((p_b − l_b)² + (u_a − p_a)²),  hi = d + √((u_b − p_b)² + (p_a − l_a)²)
 */
export function newcombeDifference(a: Proportion, b: Proportion, level = 0.95): { difference: number; lo: number; hi: number } {
  const wa = wilson(a.count, a.n, level);
  const wb = wilson(b.count, b.n, level);
  const d = wb.p - wa.p;
  return {
    difference: d,
    lo: Math.max(-1, d - Math.sqrt((wb.p - wb.lo) ** 2 + (wa.hi - wa.p) ** 2)),
    hi: Math.min(1, d + Math.sqrt((wb.hi - wb.p) ** 2 + (wa.p - wa.lo) ** 2)),
  };
}

/**
 * The score statistic of two independent proportions, b − a over the standard error of a common
 * share (both counts pooled); 0 when the pooled share is 0 or 1 (the two are the same).
 */
export function pooledProportionZ(a: Proportion, b: Proportion): number {
  const pooled = (a.count + b.count) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  return se > 0 ? (b.count / b.n - a.count / a.n) / se : 0;
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
