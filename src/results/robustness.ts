/**
 * "Across doctrines" (an experiment's acrossDoctrines): both sides' battle doctrines become factors, and
 * the question is whether the effect of the experiment's own factor holds under every pairing of them.
 * The effect is measured from the factor's first value to its last, pairing by pairing, on the same
 * dice: engagement i of the two cells of a pairing is played with the same seed, so the difference is
 * taken engagement by engagement (the paired comparison of variants, src/stats/comparison.ts), which is
 * much narrower than two cells' intervals combined as if independent.
 */
import { compareVariants, type VariantComparison } from '../stats/comparison.js';
import type { EngagementFigures, PairedMetricDef } from '../stats/pairedMetrics.js';

/** The factors acrossDoctrines adds (src/scenario/load.ts). */
export const DOCTRINE_FACTORS = ['sides[0].battleDoctrine', 'sides[1].battleDoctrine'] as const;

/** Which cells an across-doctrines experiment compares: per pairing of doctrines, the first and the last value of its factor. */
export interface RobustnessPlan {
  /** The experiment's own factor (its first that takes two values or more). */
  factor: string;
  from: unknown;
  to: unknown;
  /** Per pairing of doctrines (and of any other factor): its label and the cells at `from` and `to`, by position. */
  groups: { label: string; factors: Record<string, unknown>; cells: [number, number] }[];
}

/** The effect of the factor from `from` to `to` in each pairing, paired engagement by engagement (results.json `robustness`). */
export interface RobustnessComparisons {
  factor: string;
  from: unknown;
  to: unknown;
  /** One per pairing: `reference` is the cell at `from`, `variant` the cell at `to`. */
  comparisons: VariantComparison[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The plan of an experiment's cells, or null when it is not played across doctrines or has no factor of its own. */
export function robustnessPlan(factors: Record<string, readonly unknown[]>, cells: readonly { factors: Record<string, unknown> }[]): RobustnessPlan | null {
  const [d0, d1] = DOCTRINE_FACTORS;
  if (!(d0 in factors) || !(d1 in factors)) return null;
  const factor = Object.keys(factors).find((k) => k !== d0 && k !== d1 && factors[k].length >= 2);
  if (!factor) return null;
  const values = factors[factor];
  const [from, to] = [values[0], values[values.length - 1]];
  const others = Object.keys(factors).filter((k) => k !== factor);
  const short = (k: string) => (k === d0 ? 'A' : k === d1 ? 'B' : k);
  const byGroup = new Map<string, { factors: Record<string, unknown>; a?: number; b?: number }>();
  cells.forEach((c, i) => {
    const label = others.map((k) => `${short(k)}=${String(c.factors[k])}`).join(', ');
    const g = byGroup.get(label) ?? { factors: Object.fromEntries(others.map((k) => [k, c.factors[k]])) };
    if (same(c.factors[factor], from)) g.a = i;
    if (same(c.factors[factor], to)) g.b = i;
    byGroup.set(label, g);
  });
  const groups = [...byGroup]
    .filter(([, g]) => g.a !== undefined && g.b !== undefined)
    .map(([label, g]) => ({ label, factors: g.factors, cells: [g.a!, g.b!] as [number, number] }));
  return groups.length ? { factor, from, to, groups } : null;
}

/**
 * The paired effect in every pairing, from each cell's engagement figures; null when a cell lacks them
 * or the two cells of a pairing played different numbers of engagements (a precision run).
 */
export function robustnessComparisons(
  plan: RobustnessPlan,
  figures: readonly (EngagementFigures | undefined)[],
  metrics: readonly PairedMetricDef[],
  label: (m: PairedMetricDef) => string,
): RobustnessComparisons | null {
  for (const g of plan.groups) {
    const [a, b] = g.cells.map((c) => figures[c]);
    if (!a || !b || a.count !== b.count || a.width !== metrics.length) return null;
  }
  const comparisons = compareVariants({
    groups: plan.groups,
    variantNames: [String(plan.from), String(plan.to)],
    referenceIndex: 0,
    figures: figures as EngagementFigures[],
    metrics,
    label,
  });
  return { factor: plan.factor, from: plan.from, to: plan.to, comparisons };
}
