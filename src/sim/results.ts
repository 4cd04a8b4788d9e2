/**
 * results.json: provenance (everything that fixes the numbers, and a hash of it) and the summary of
 * every cell. Anything that depends on the machine lives only under `timing`.
 */
import { createHash } from 'node:crypto';
import type { EngagementShape } from '../core/ruleset.js';
import { findRuleset } from '../rules/index.js';
import type { Cell } from '../scenario/load.js';
import type { ComparisonPlan, VariantInfo } from '../scenario/variants.js';
import type { CellAccumulator } from '../stats/cellAccumulator.js';
import { compareVariants, type VariantComparison } from '../stats/comparison.js';
import { FIXED_METRICS, pairedMetrics, type PairedMetricDef } from '../stats/pairedMetrics.js';
import { summarizeCell, type CellSummary } from '../stats/summary.js';
import { VOLLEY_VERSION } from './version.js';

export const RESULTS_FORMAT = 'volley-results/1';

export interface ResultsCell {
  index: number;
  label: string;
  factors: Record<string, unknown>;
  rngKey: string;
  options: Record<string, unknown>;
  /** The cell's scenario after factors and defaults: every unit value the engine used. */
  scenario: unknown;
  summary: CellSummary;
}

export interface Provenance {
  volley: string;
  ruleset: { id: string; title: string };
  /** `refit`: the refit file the experiment applies to every cell, if any. */
  experiment: { file: string; name: string; title?: string; question?: string; refit?: string } | null;
  scenario: { file: string; name: string; title?: string; question?: string };
  seed: string | number;
  engagementsPerCell: number;
  batch: number;
  commonRandomNumbers: boolean;
  factors: Record<string, unknown[]>;
  /** sha256 of everything above except file names, and of every cell's options and scenario. */
  hash: string;
}

export interface Timing {
  workers: number;
  wallSeconds: number;
  engagementsPerSecond: number;
}

export interface Results {
  format: string;
  provenance: Provenance;
  sides: { name: string; role: string }[];
  /** Formations and objectives of the (first cell's) engagement, in the order the summaries use. */
  formations: { id: string; name: string; side: 0 | 1 }[];
  objectives: { name: string; vp: number }[];
  /** Turn limit of the (first cell's) engagement. */
  turns: number;
  cells: ResultsCell[];
  /** With variants: what each variant changes, the reference and the method of the comparisons. */
  variants?: VariantsSection;
  /** With variants: every variant against the reference, per combination of the other factors. */
  comparisons?: VariantComparison[];
  timing?: Timing;
}

export interface VariantsSection {
  reference: string;
  list: VariantInfo[];
  /** Confidence level of the intervals; the tests are significant below 1 − level after Holm. */
  level: number;
  method: string;
  holmFamily: string;
}

export const COMPARISON_METHOD =
  'Engagement i of every variant is played with the same dice (the same seed, cell key and index). For each figure, d_i is its value in engagement i under the variant minus under the reference. Difference: the mean of d_i with the interval mean ± t·s/√n (t: Student quantile with n − 1 degrees of freedom, s: sample standard deviation of d_i). Test: for 0/1 figures the exact McNemar test (a two-sided sign test on the engagements where the two variants differ), for counts the paired t test. Variance ratio: (Var(a)/n + Var(b)/n) / (Var(a − b)/n), the variance of the difference with independent dice over its variance with the pairing.';

export const HOLM_FAMILY =
  'The p-values of all the figures of one comparison (one variant against the reference, in one combination of the other factors) form one family for the Holm correction.';

/** JSON with object keys sorted, so the hash does not depend on key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export interface ResultsInput {
  cells: Cell[];
  accumulators: CellAccumulator[];
  seed: string | number;
  engagements: number;
  batch: number;
  commonRandomNumbers: boolean;
  factors: Record<string, unknown[]>;
  scenarioFile: string;
  experiment: Provenance['experiment'];
  /** With variants: which cells are compared (the accumulators then hold each engagement's figures). */
  comparisons?: ComparisonPlan | null;
}

/** A compared figure in words, with the battle's names: "French: won", "Village church held by French". */
export function pairedMetricLabel(m: PairedMetricDef, sides: readonly { name: string }[], objectives: readonly { name: string }[]): string {
  const side = m.side === null ? '' : (sides[m.side]?.name ?? `side ${m.side}`);
  switch (m.id) {
    case 'won':
      return `${side}: won`;
    case 'draw':
      return 'Draw';
    case 'anyRetreat':
      return `${side}: any unit retreated`;
    case 'armyDemoralized':
      return `${side}: army demoralized`;
    case 'strengthLost':
      return `${side}: strength lost`;
    case 'unitsEliminated':
      return `${side}: units eliminated`;
    case 'moraleChecksFailed':
      return `${side}: morale checks failed`;
    case 'turns':
      return 'Turns played';
    case 'objectiveHeld':
      return `${objectives[m.objective ?? 0]?.name ?? `objective ${m.objective}`}: held by ${side}`;
    default:
      return m.id;
  }
}

/** The comparisons of a run with variants, from the engagement figures its accumulators hold. */
function comparisonsOf(plan: ComparisonPlan, accumulators: readonly CellAccumulator[], shape: EngagementShape): VariantComparison[] {
  const figures = accumulators.map((a, i) => {
    if (!a.pairs || a.pairs.count !== a.n) throw new Error(`internal: cell ${i} has no engagement figures for the comparisons`);
    return a.pairs;
  });
  const widths = new Set(figures.map((f) => f.width));
  // Objectives are compared by position: only when every cell has the same ones.
  const metrics = widths.size === 1 && figures[0].width === pairedMetrics(shape.objectives.length).length ? pairedMetrics(shape.objectives.length) : [...FIXED_METRICS];
  return compareVariants({
    groups: plan.groups,
    variantNames: plan.variants.map((v) => v.name),
    referenceIndex: plan.referenceIndex,
    figures,
    metrics,
    label: (m) => pairedMetricLabel(m, shape.sides, shape.objectives),
  });
}

export function buildResults(inp: ResultsInput): Results {
  const first = inp.cells[0].scenario;
  const rs = findRuleset(first.ruleset)!;
  let shape: EngagementShape | undefined;
  const cells: ResultsCell[] = inp.cells.map((c, i) => {
    const cellShape = rs.describe(rs.compile(c.scenario, c.options));
    shape ??= cellShape;
    return {
      index: c.index,
      label: c.label,
      factors: c.factors,
      rngKey: c.rngKey,
      options: c.options,
      scenario: c.scenario,
      summary: summarizeCell(inp.accumulators[i], cellShape),
    };
  });
  const hashed = {
    volley: VOLLEY_VERSION,
    ruleset: rs.id,
    seed: inp.seed,
    engagementsPerCell: inp.engagements,
    batch: inp.batch,
    commonRandomNumbers: inp.commonRandomNumbers,
    factors: inp.factors,
    cells: cells.map((c) => ({ label: c.label, rngKey: c.rngKey, options: c.options, scenario: c.scenario })),
  };
  const provenance: Provenance = {
    volley: VOLLEY_VERSION,
    ruleset: { id: rs.id, title: rs.title },
    experiment: inp.experiment,
    scenario: { file: inp.scenarioFile, name: first.name, title: first.title, question: first.question },
    seed: inp.seed,
    engagementsPerCell: inp.engagements,
    batch: inp.batch,
    commonRandomNumbers: inp.commonRandomNumbers,
    factors: inp.factors,
    hash: createHash('sha256').update(canonicalJson(hashed)).digest('hex'),
  };
  const results: Results = {
    format: RESULTS_FORMAT,
    provenance,
    sides: shape!.sides,
    formations: shape!.formations,
    objectives: shape!.objectives,
    turns: shape!.turns,
    cells,
  };
  if (inp.comparisons) {
    results.variants = { reference: inp.comparisons.reference, list: inp.comparisons.variants, level: 0.95, method: COMPARISON_METHOD, holmFamily: HOLM_FAMILY };
    results.comparisons = comparisonsOf(inp.comparisons, inp.accumulators, shape!);
  }
  return results;
}
