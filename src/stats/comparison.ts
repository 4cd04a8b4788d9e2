/**
 * Paired comparisons of rule variants: the same engagements played under two variants with the same
 * dice, compared engagement by engagement (docs/files.md, "Variants"). Pure: numbers in, numbers out.
 *
 * For one figure, with a_i its value in engagement i under the variant and b_i under the reference,
 * d_i = a_i − b_i, n engagements:
 * - each variant's value: the share with its Wilson interval (0/1 figures), or the mean with its normal
 *   interval (counts), as everywhere in the report;
 * - the paired difference: d̄ with the interval d̄ ± t·s_d/√n, t the 97.5% quantile of Student's t with
 *   n − 1 degrees of freedom (1.960 for large n) and s_d the sample standard deviation of the d_i;
 * - the paired test: for 0/1 figures the exact McNemar test, a two-sided sign test on the discordant
 *   engagements (variant 1 and reference 0, or the reverse), which stays exact when common random
 *   numbers leave only a few engagements that differ; for counts the paired t test, t = d̄/(s_d/√n);
 * - Holm's correction of the p-values across the figures of one comparison (one variant against the
 *   reference, in one combination of the other factors): the family is that comparison's figures;
 * - the saving of the pairing: the variance of the difference if the two variants had been run with
 *   independent dice, Var(a)/n + Var(b)/n, over its variance with the pairing, Var(d)/n. A ratio r
 *   means independent runs would need r times as many engagements for the same precision.
 */
import { gammaln } from 'simple-statistics';
import { meanInterval, wilson } from './intervals.js';
import { column, type EngagementFigures, type PairedKind, type PairedMetricDef } from './pairedMetrics.js';

/** Regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz). */
export function betaInc(x: number, a: number, b: number): number {
  if (!(x > 0)) return 0;
  if (!(x < 1)) return 1;
  const front = Math.exp(gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges quickly below (a + 1)/(a + b + 2); above, use I_x(a, b) = 1 − I_{1−x}(b, a).
  if (x > (a + 1) / (a + b + 2)) return 1 - betaInc(1 - x, b, a);
  const TINY = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100_000; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + num / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + num / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return (front * h) / a;
}

/** Two-sided p-value of Student's t: P(|T| ≥ |t|) with df degrees of freedom. */
export function tTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? NaN : 0;
  return Math.min(1, betaInc(df / (df + t * t), df / 2, 0.5));
}

/** The t with P(|T| ≤ t) = level for df degrees of freedom (1.960 for level 0.95 and large df). */
export function tQuantile(level: number, df: number): number {
  const target = 1 - level;
  let lo = 0;
  let hi = 1;
  while (tTwoSidedP(hi, df) > target) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSidedP(mid, df) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Exact two-sided sign test (McNemar's exact test): k1 engagements changed one way, k2 the other; under
 * no effect each is either way with chance 1/2. p = min(1, 2·P(X ≤ min(k1, k2))), X ~ Binomial(k1 + k2, 1/2).
 */
export function signTestP(k1: number, k2: number): number {
  const n = k1 + k2;
  const m = Math.min(k1, k2);
  if (n === 0 || 2 * m >= n) return 1;
  // Terms C(n, k)/2^n for k = 0..m, in logs; they grow with k (k < n/2), so the last is the largest.
  const logs: number[] = [];
  let logC = 0;
  for (let k = 0; k <= m; k++) {
    logs.push(logC - n * Math.LN2);
    logC += Math.log(n - k) - Math.log(k + 1);
  }
  const top = logs[logs.length - 1];
  let sum = 0;
  for (const l of logs) sum += Math.exp(l - top);
  return Math.min(1, 2 * Math.exp(top + Math.log(sum)));
}

/**
 * Holm's step-down correction. The p-values sorted p(1) ≤ ... ≤ p(m) become
 * max over j ≤ i of min(1, (m − j + 1)·p(j)): monotone in p, never below the raw p, ties equal.
 * nulls (no test) are left out of the family and stay null.
 */
export function holm(ps: readonly (number | null)[]): (number | null)[] {
  const order = ps
    .map((p, i) => ({ p, i }))
    .filter((x): x is { p: number; i: number } => x.p !== null)
    .sort((x, y) => x.p - y.p || x.i - y.i);
  const m = order.length;
  const out: (number | null)[] = ps.map(() => null);
  let running = 0;
  order.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    out[i] = running;
  });
  return out;
}

/**
 * The confidence level of each p-value's Holm step, for intervals that agree with the Holm stars: the
 * k-th smallest p (from 0) is tested at alpha / (m - k) while every smaller one was rejected; from the
 * first one kept on, every figure takes that step's level. An interval at its figure's level excludes
 * zero exactly where the test (with the same statistic) rejects. Null where the p-value is null.
 */
export function holmLevels(ps: readonly (number | null)[], level = 0.95): (number | null)[] {
  const alpha = 1 - level;
  const order = ps
    .map((p, i) => ({ p, i }))
    .filter((x): x is { p: number; i: number } => x.p !== null)
    .sort((x, y) => x.p - y.p || x.i - y.i);
  const m = order.length;
  const out: (number | null)[] = ps.map(() => null);
  let kept = -1;
  order.forEach(({ p, i }, k) => {
    if (kept < 0 && !(p < alpha / (m - k))) kept = k;
    out[i] = 1 - alpha / (m - (kept >= 0 ? kept : k));
  });
  return out;
}

/** A variant's value of a figure: a share with its Wilson interval, or a mean with its normal interval. */
export interface ValueEstimate {
  value: number;
  lo: number;
  hi: number;
}

export interface PairedStats {
  n: number;
  variant: ValueEstimate;
  reference: ValueEstimate;
  /** Mean of d_i = a_i − b_i, its sample standard deviation and 95% interval (null with fewer than 2 engagements). */
  difference: { mean: number; sd: number; lo: number | null; hi: number | null };
  test: 'sign' | 't';
  /** t for the t test (null when the differences do not vary); for the sign test, null. */
  statistic: number | null;
  /** Degrees of freedom of the t test; null for the sign test. */
  df: number | null;
  /** For 0/1 figures: engagements with 1 under the variant only, and under the reference only. */
  discordant: { variantOnly: number; referenceOnly: number } | null;
  p: number | null;
  /** Var(a)/n + Var(b)/n: the variance of the difference with independent dice. */
  varianceIndependent: number;
  /** Var(a − b)/n: the variance of the difference with the pairing. */
  variancePaired: number;
  /** varianceIndependent / variancePaired; null when the paired variance is 0. */
  varianceRatio: number | null;
}

const sampleVariance = (n: number, sum: number, sumSq: number) => (n > 1 ? Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) : 0);

/** Compare one figure engagement by engagement: a under the variant, b under the reference. */
export function pairedStats(a: ArrayLike<number>, b: ArrayLike<number>, kind: PairedKind, level = 0.95): PairedStats {
  const n = Math.min(a.length, b.length);
  let sa = 0, sb = 0, saa = 0, sbb = 0, sd = 0, sdd = 0, variantOnly = 0, referenceOnly = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i], y = b[i], d = x - y;
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sd += d;
    sdd += d * d;
    if (d > 0) variantOnly++;
    else if (d < 0) referenceOnly++;
  }
  const estimate = (sum: number, sumSq: number): ValueEstimate => {
    if (kind === 'share') {
      const w = wilson(sum, n, level);
      return { value: w.p, lo: w.lo, hi: w.hi };
    }
    const m = meanInterval(n, sum, sumSq, level);
    return { value: m.mean, lo: m.lo, hi: m.hi };
  };
  const mean = n > 0 ? sd / n : 0;
  const varD = sampleVariance(n, sd, sdd);
  const sdD = Math.sqrt(varD);
  const df = n - 1;
  const half = n > 1 ? (tQuantile(level, df) * sdD) / Math.sqrt(n) : null;
  const varianceIndependent = n > 0 ? (sampleVariance(n, sa, saa) + sampleVariance(n, sb, sbb)) / n : 0;
  const variancePaired = n > 0 ? varD / n : 0;
  let statistic: number | null = null;
  let p: number | null = null;
  if (kind === 'share') {
    p = n > 0 ? signTestP(variantOnly, referenceOnly) : null;
  } else if (n > 1) {
    if (sdD > 0) {
      statistic = mean / (sdD / Math.sqrt(n));
      p = tTwoSidedP(statistic, df);
    } else p = mean === 0 ? 1 : 0; // the same difference in every engagement
  }
  return {
    n,
    variant: estimate(sa, saa),
    reference: estimate(sb, sbb),
    difference: { mean, sd: sdD, lo: half === null ? null : mean - half, hi: half === null ? null : mean + half },
    test: kind === 'share' ? 'sign' : 't',
    statistic,
    df: kind === 'share' ? null : df,
    discordant: kind === 'share' ? { variantOnly, referenceOnly } : null,
    p,
    varianceIndependent,
    variancePaired,
    varianceRatio: variancePaired > 0 ? varianceIndependent / variancePaired : null,
  };
}

/** One figure of one comparison, with its Holm-adjusted p-value. */
export interface MetricComparison extends PairedStats {
  metric: string;
  side: 0 | 1 | null;
  objective: number | null;
  label: string;
  kind: PairedKind;
  unit: PairedMetricDef['unit'];
  pHolm: number | null;
  /** The Holm-adjusted p-value is below 1 − level. */
  significant: boolean;
  /**
   * The difference's interval at the level of the figure's Holm step (holmLevels), beside the stars;
   * null where the difference has no interval. Absent from results written before it existed.
   */
  holmInterval?: { level: number; lo: number; hi: number } | null;
}

/** One variant against the reference, in one combination of the other factors. */
export interface VariantComparison {
  /** The other factors' values ('' when nothing else varies). */
  group: string;
  groupFactors: Record<string, unknown>;
  variant: string;
  reference: string;
  variantCell: number;
  referenceCell: number;
  n: number;
  metrics: MetricComparison[];
}

export interface CompareInput {
  groups: readonly { label: string; factors: Record<string, unknown>; cells: readonly number[] }[];
  variantNames: readonly string[];
  referenceIndex: number;
  /** Each cell's engagement figures, by cell index. */
  figures: readonly EngagementFigures[];
  metrics: readonly PairedMetricDef[];
  label: (m: PairedMetricDef) => string;
  level?: number;
}

/**
 * Every variant against the reference in every group. A figure with the same value in every engagement
 * of every variant of a group tells nothing and is left out of that group's comparisons.
 */
export function compareVariants(inp: CompareInput): VariantComparison[] {
  const level = inp.level ?? 0.95;
  const out: VariantComparison[] = [];
  for (const g of inp.groups) {
    const cols = inp.metrics.map((_, j) => g.cells.map((c) => column(inp.figures[c], j)));
    const varying = inp.metrics.map((_, j) => {
      const first = cols[j][0][0];
      return cols[j].some((col) => col.some((v) => v !== first));
    });
    const refCell = g.cells[inp.referenceIndex];
    g.cells.forEach((cell, v) => {
      if (v === inp.referenceIndex) return;
      const metrics = inp.metrics.flatMap((m, j): Omit<MetricComparison, 'pHolm' | 'significant'>[] => {
        if (!varying[j]) return [];
        const s = pairedStats(cols[j][v], cols[j][inp.referenceIndex], m.kind, level);
        return [{ metric: m.id, side: m.side, objective: m.objective ?? null, label: inp.label(m), kind: m.kind, unit: m.unit, ...s }];
      });
      const adjusted = holm(metrics.map((m) => m.p));
      const levels = holmLevels(metrics.map((m) => m.p), level);
      // The difference's interval widened to its Holm step's level: the same t statistic, a larger quantile.
      const holmInterval = (m: (typeof metrics)[number], k: number) => {
        const l = levels[k];
        const d = m.difference;
        if (l === null || d.lo === null || m.n < 2) return null;
        const half = (tQuantile(l, m.n - 1) * d.sd) / Math.sqrt(m.n);
        return { level: l, lo: d.mean - half, hi: d.mean + half };
      };
      out.push({
        group: g.label,
        groupFactors: g.factors,
        variant: inp.variantNames[v],
        reference: inp.variantNames[inp.referenceIndex],
        variantCell: cell,
        referenceCell: refCell,
        n: Math.min(inp.figures[cell].count, inp.figures[refCell].count),
        metrics: metrics.map((m, k) => ({ ...m, pHolm: adjusted[k], significant: adjusted[k] !== null && adjusted[k]! < 1 - level, holmInterval: holmInterval(m, k) })),
      });
    });
  }
  return out;
}
