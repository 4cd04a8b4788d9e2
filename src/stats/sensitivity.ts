/**
 * Sensitivity of the results to a numeric factor: how much a metric changes per step of the factor.
 * Pure: cells in, numbers out.
 *
 * Method (docs/files.md, "Sweeps and sensitivity"). For a factor whose values in the cells are all
 * numbers, the cells are grouped by the values of every other factor; within a group that has at
 * least two values of the factor, sorted by the factor:
 *
 * - Each cell gives the metric's estimate y and the variance v of that estimate: p(1-p)/n for a
 *   share (with p taken as (k+1)/(n+2), so a share of 0 or 1 still has a variance), s²/n for a mean
 *   (s² at least 1/n, as if one engagement in n had differed by 1).
 * - The change per step between consecutive values is y₂ - y₁, with the 95% interval
 *   (y₂ - y₁) ± 1.96·√(v₁ + v₂).
 * - The slope is the weighted least-squares line through all the values with weights w = 1/v:
 *   b = Σw(x - x̄)(y - ȳ) / Σw(x - x̄)², x̄ and ȳ the weighted means, with standard error
 *   1/√Σw(x - x̄)² and the 95% interval b ± 1.96·SE. It is reported per step (b times the smallest
 *   distance between consecutive values), so it reads like the changes between consecutive values.
 *
 * The variances treat cells as independent. With common random numbers the cells share their dice
 * and their estimates are positively correlated, so the true intervals of differences are narrower:
 * these are conservative.
 */
import type { CellSummary } from './summary.js';

export const Z95 = 1.959963984540054;

/** A metric of a cell, by side where it has one. */
export interface MetricDef {
  id: string;
  /** Side whose figure it is. */
  side: 0 | 1;
  /** 'share': a proportion (0..1); 'mean': a mean per engagement. */
  kind: 'share' | 'mean';
  /** The estimate, its variance, its own 95% interval; null when the cell has nothing to estimate it from. */
  of: (s: CellSummary) => Estimate | null;
}

export interface Estimate {
  y: number;
  variance: number;
  lo: number;
  hi: number;
}

function share(p: { count: number; n: number; p: number; lo: number; hi: number }): Estimate | null {
  if (p.n === 0) return null;
  const q = (p.count + 1) / (p.n + 2);
  return { y: p.p, variance: (q * (1 - q)) / p.n, lo: p.lo, hi: p.hi };
}

function mean(m: { mean: number; sd: number; n: number; lo: number; hi: number }): Estimate | null {
  if (m.n === 0) return null;
  return { y: m.mean, variance: Math.max(m.sd * m.sd, 1 / m.n) / m.n, lo: m.lo, hi: m.hi };
}

const winOf = (s: CellSummary, side: 0 | 1) => s.outcome.find((o) => o.side === side);

/** The metrics: win share, strength lost, retreat rate and morale-check failure rate, per side. */
export const METRICS: readonly MetricDef[] = [
  { id: 'winShare', side: 0, kind: 'share', of: (s) => { const o = winOf(s, 0); return o ? share(o) : null; } },
  { id: 'winShare', side: 1, kind: 'share', of: (s) => { const o = winOf(s, 1); return o ? share(o) : null; } },
  { id: 'strengthLost', side: 0, kind: 'mean', of: (s) => mean(s.sides[0].strengthLost) },
  { id: 'strengthLost', side: 1, kind: 'mean', of: (s) => mean(s.sides[1].strengthLost) },
  { id: 'retreatRate', side: 0, kind: 'share', of: (s) => share(s.sides[0].retreatRate) },
  { id: 'retreatRate', side: 1, kind: 'share', of: (s) => share(s.sides[1].retreatRate) },
  { id: 'moraleFailRate', side: 0, kind: 'share', of: (s) => share(s.sides[0].moraleChecks.failRate) },
  { id: 'moraleFailRate', side: 1, kind: 'share', of: (s) => share(s.sides[1].moraleChecks.failRate) },
];

export interface SensitivityCell {
  factors: Record<string, unknown>;
  summary: CellSummary;
}

export interface SweepPoint extends Estimate {
  x: number;
}

export interface StepChange {
  from: number;
  to: number;
  change: number;
  lo: number;
  hi: number;
}

export interface Slope {
  /** Change per unit of the factor. */
  perUnit: number;
  /** Change per step (perUnit times the step), with its 95% interval. */
  perStep: number;
  lo: number;
  hi: number;
  se: number;
}

export interface SensitivityRow {
  factor: string;
  /** The other factors' values in this group (empty when only this factor varies). */
  others: Record<string, unknown>;
  metric: string;
  side: 0 | 1;
  kind: 'share' | 'mean';
  /** The smallest distance between consecutive values. */
  step: number;
  points: SweepPoint[];
  steps: StepChange[];
  /** null when the weights cannot fix a line (fewer than two distinct values with an estimate). */
  slope: Slope | null;
}

/** Factors whose values are all numbers and that take at least `minValues` distinct values. */
export function numericFactors(factors: Record<string, readonly unknown[]>, minValues = 2): string[] {
  return Object.entries(factors)
    .filter(([, vs]) => vs.every((v) => typeof v === 'number' && Number.isFinite(v)) && new Set(vs).size >= minValues)
    .map(([k]) => k);
}

/** Change between two estimates, with its 95% interval (independent estimates). */
export function stepChange(a: SweepPoint, b: SweepPoint): StepChange {
  const change = b.y - a.y;
  const half = Z95 * Math.sqrt(a.variance + b.variance);
  return { from: a.x, to: b.x, change, lo: change - half, hi: change + half };
}

/** Weighted least-squares slope of y on x with weights 1/variance, and its 95% interval per `step`. */
export function weightedSlope(points: readonly SweepPoint[], step: number): Slope | null {
  if (new Set(points.map((p) => p.x)).size < 2) return null;
  let sw = 0, swx = 0, swy = 0;
  for (const p of points) {
    const w = 1 / p.variance;
    sw += w;
    swx += w * p.x;
    swy += w * p.y;
  }
  const xbar = swx / sw;
  const ybar = swy / sw;
  let sxx = 0, sxy = 0;
  for (const p of points) {
    const w = 1 / p.variance;
    sxx += w * (p.x - xbar) ** 2;
    sxy += w * (p.x - xbar) * (p.y - ybar);
  }
  if (!(sxx > 0) || !Number.isFinite(sxx)) return null;
  const perUnit = sxy / sxx;
  const se = 1 / Math.sqrt(sxx);
  return { perUnit, perStep: perUnit * step, lo: (perUnit - Z95 * se) * step, hi: (perUnit + Z95 * se) * step, se: se * step };
}

const key = (o: Record<string, unknown>) => JSON.stringify(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Every metric's sensitivity to every numeric factor, within each combination of the other factors'
 * values: one row per factor × combination × metric, in the order factors, combinations (first seen)
 * and metrics appear.
 */
export function sensitivity(cells: readonly SensitivityCell[], factors: Record<string, readonly unknown[]>, metrics: readonly MetricDef[] = METRICS): SensitivityRow[] {
  const rows: SensitivityRow[] = [];
  for (const factor of numericFactors(factors)) {
    const groups = new Map<string, { others: Record<string, unknown>; cells: SensitivityCell[] }>();
    for (const c of cells) {
      if (typeof c.factors[factor] !== 'number') continue;
      const others = Object.fromEntries(Object.entries(c.factors).filter(([k]) => k !== factor && (factors[k]?.length ?? 0) > 1));
      const k = key(others);
      if (!groups.has(k)) groups.set(k, { others, cells: [] });
      groups.get(k)!.cells.push(c);
    }
    for (const g of groups.values()) {
      const sorted = [...g.cells].sort((a, b) => (a.factors[factor] as number) - (b.factors[factor] as number));
      const xs = sorted.map((c) => c.factors[factor] as number);
      if (new Set(xs).size < 2) continue;
      let step = Infinity;
      for (let i = 1; i < xs.length; i++) if (xs[i] > xs[i - 1]) step = Math.min(step, xs[i] - xs[i - 1]);
      for (const m of metrics) {
        const points: SweepPoint[] = [];
        for (const c of sorted) {
          const e = m.of(c.summary);
          if (e) points.push({ x: c.factors[factor] as number, ...e });
        }
        const steps: StepChange[] = [];
        for (let i = 1; i < points.length; i++) steps.push(stepChange(points[i - 1], points[i]));
        rows.push({ factor, others: g.others, metric: m.id, side: m.side, kind: m.kind, step, points, steps, slope: weightedSlope(points, step) });
      }
    }
  }
  return rows;
}
