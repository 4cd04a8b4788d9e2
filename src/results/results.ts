/**
 * results.json: provenance (everything that fixes the numbers, and a hash of it) and the summary of
 * every cell. Anything that depends on the machine lives only under `timing`.
 */
import { createHash } from 'node:crypto';
import { unmeasuredFigures, type EngagementShape, type ScenarioKind } from '../core/ruleset.js';
import type { Scale, UnmeasuredFigure, Vocabulary } from '../core/vocabulary.js';
import type { ComparisonPlan, VariantInfo } from '../scenario/variants.js';
import type { CellAccumulator } from '../stats/cellAccumulator.js';
import { compareVariants, type VariantComparison } from '../stats/comparison.js';
import { FIXED_METRICS, pairedMetrics, type PairedMetricDef } from '../stats/pairedMetrics.js';
import { FIRST_LOOK_BATCHES, FIRST_LOOK_MIN, PRECISION_LEVEL, PRECISION_RULE, firstLook, metricLabel, primaryProportions, type CellStop } from '../stats/precision.js';
import { summarizeCell, type CellSummary } from '../stats/summary.js';
import { VOLLEY_VERSION } from './version.js';
import { DICE_FORMAT } from '../core/dice.js';
import { robustnessComparisons, robustnessPlan, type RobustnessComparisons } from './robustness.js';

export const RESULTS_FORMAT = 'volley-results/1';
/** results.json of one rule system whose cells are in a columnar file beside it (./store.ts). */
export const RESULTS_FORMAT_COLUMNS = 'volley-results/2';

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

/** What one refit changed in a scenario, value by value (src/scenario/refit.ts, refitChanges). */
export interface RefitChangeRecord {
  refit: string;
  scenario: string;
  /** The cell (where the experiment varies the refit) or the variant. */
  where?: string;
  changes: { subject: string; side: 0 | 1; field: string; before: unknown; after: unknown; by: string; named: boolean }[];
}

export interface Provenance {
  volley: string;
  /**
   * The dice scheme that drew the numbers (DICE_FORMAT, src/core/dice.ts): the same seed under another
   * gives other numbers. Absent in files written before it was recorded (their dice: 'alea-mash/seed-path/1').
   */
  dice?: string;
  ruleset: { id: string; title: string };
  /**
   * `refit`: the refit file the experiment applies to every cell, if any; `refitChanges`: what its refits
   * (its own, its variants') changed in the scenario (not hashed: the cells' scenarios are).
   */
  experiment: { file: string; name: string; title?: string; question?: string; refit?: string; refitChanges?: RefitChangeRecord[] } | null;
  scenario: { file: string; name: string; title?: string; question?: string };
  seed: string | number;
  /** Engagements per cell; in a precision run, the most any cell played (each cell's own: its summary). */
  engagementsPerCell: number;
  batch: number;
  commonRandomNumbers: boolean;
  factors: Record<string, unknown[]>;
  /**
   * Names the experiment gives factor values (`{ value, name }` in vary), in the order of `factors`;
   * null for a value without one. Only factors with a name; for reports only, so not in the hash.
   */
  valueNames?: Record<string, (string | null)[]>;
  /** Present when the run stopped at a target precision (--precision). */
  precision?: PrecisionProvenance;
  /** Present when the command line changed the file: --set values and the --compare path and values. */
  settings?: RunSettings;
  /** sha256 of everything above except file names, and of every cell's options and scenario. */
  hash: string;
}

/** A primary proportion's half-width, with its path in `cells[].summary` and its name in words. */
export interface HalfWidthOf {
  metric: string;
  metricLabel: string;
  halfWidth: number;
}

/** How a precision run stopped (src/stats/precision.ts; docs/files.md, "Stopping at a target precision"). */
export interface PrecisionProvenance {
  /** The largest 95% half-width asked for, as a fraction (--precision). */
  target: number;
  level: number;
  /** The stopping rule's name and, in words, what it does. */
  rule: string;
  method: string;
  /** The primary proportions watched (paths in `cells[].summary`). */
  primary: string[];
  /** Engagements a cell plays before its first look, and the most it plays (--max-engagements). */
  firstLook: number;
  maxEngagements: number;
  /** Every cell reached the target. */
  reached: boolean;
  /** `target`: every cell reached it; `maximum`: some cell stopped at the maximum first. */
  stoppedBy: 'target' | 'maximum';
  /** Engagements played, all cells together. */
  engagements: number;
  /** The widest half-width left in any cell, with its cell. */
  widest: (HalfWidthOf & { cell: number; label: string }) | null;
  cells: { cell: number; label: string; engagements: number; looks: number; reached: boolean; widest: HalfWidthOf | null }[];
}

/** What the command line changed of the file a run plays (volley run --set, --compare; src/sim/studies/settings.ts). */
export interface RunSettings {
  /** --set: each path and the value it takes. */
  set: Record<string, unknown>;
  /** --compare: the path and its values, the first being the reference. */
  compare: { path: string; values: unknown[] } | null;
}

export interface Timing {
  workers: number;
  /**
   * The threads that played to the end: the workers, and this thread when it played beside them
   * (RunOutcome.threads). Absent from results written before it existed: the workers, at least 1.
   */
  threads?: number;
  wallSeconds: number;
  engagementsPerSecond: number;
  /**
   * Seconds spent playing batches, summed over the threads that played them; divided by threads x
   * wallSeconds, how busy they were (the rest is start-up, warm-up, merging, waiting).
   * Absent from results written before it existed.
   */
  batchSeconds?: number;
}

export interface Results {
  format: string;
  provenance: Provenance;
  /** What the rule system's results mean: outcome reasons, check purposes, rating scale, extras, glossary. */
  vocabulary: Vocabulary;
  /** The (first cell's) scale: what a unit of strength and a turn stand for, in men and minutes. */
  scale: Scale;
  sides: { name: string; role: string }[];
  /** Formations and objectives of the (first cell's) engagement, in the order the summaries use. */
  formations: { id: string; name: string; side: 0 | 1 }[];
  /** `holder`: the side holding it at the start, where the rule system knows it before play. */
  objectives: { name: string; vp: number; holder?: number }[];
  /** Turn limit of the (first cell's) engagement. */
  turns: number;
  /**
   * The turns every engagement plays unless decided first, where the rule system rolls its limit
   * (EngagementShape.fewestTurns: NAGB's seven); absent where it is `turns`.
   */
  fewestTurns?: number;
  /**
   * Common figures these engagements have no such thing as: the rule system's (vocabulary.unmeasured)
   * and its scenario kind's (ScenarioKind.unmeasured; an Age of Rifles assault has no army to break).
   * A cross-system comparison shows them as not in this system. Absent where there are none, and in
   * results written before it existed (then vocabulary.unmeasured alone).
   */
  unmeasured?: UnmeasuredFigure[];
  cells: ResultsCell[];
  /** With variants: what each variant changes, the reference and the method of the comparisons. */
  variants?: VariantsSection;
  /** With variants: every variant against the reference, per combination of the other factors. */
  comparisons?: VariantComparison[];
  /** Played across doctrines: the effect of the experiment's factor in each pairing of doctrines, paired (src/results/robustness.ts). */
  robustness?: RobustnessComparisons;
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

/** A cell as the results record it: its factors, options and scenario after factors and defaults. */
export interface ResultsCellInput {
  index: number;
  label: string;
  factors: Record<string, unknown>;
  rngKey: string;
  scenario: { name: string; title?: string; question?: string; engagement?: string };
  options: Record<string, unknown>;
}

export interface ResultsInput {
  /** The rule system the cells play, with its declarations. */
  ruleset: { id: string; title: string; vocabulary: Vocabulary; scenarioKinds?: readonly Pick<ScenarioKind, 'engagement' | 'unmeasured'>[] };
  cells: ResultsCellInput[];
  /** What each cell's engagement is about (the rule system's describe), in cell order. */
  shapes: EngagementShape[];
  accumulators: CellAccumulator[];
  seed: string | number;
  engagements: number;
  batch: number;
  commonRandomNumbers: boolean;
  factors: Record<string, unknown[]>;
  /** Names of factor values (Provenance.valueNames). */
  valueNames?: Record<string, (string | null)[]>;
  scenarioFile: string;
  experiment: Provenance['experiment'];
  /** With variants: which cells are compared (the accumulators then hold each engagement's figures). */
  comparisons?: ComparisonPlan | null;
  /** A precision run: the target, and how each cell stopped (runPlanOutcome's `stops`). */
  precision?: { halfWidth: number; stops: CellStop[] };
  /** What the command line changed (--set, --compare), if anything. */
  settings?: RunSettings;
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
    case 'armyBroken':
      return `${side}: army broken`;
    case 'strengthLost':
      return `${side}: strength lost`;
    case 'casualties':
      return `${side}: killed and wounded (men)`;
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

const METHOD =
  `After a first look at ${FIRST_LOOK_BATCHES} batches (at least ${FIRST_LOOK_MIN} engagements), each cell is looked at after every block of ` +
  'batches; it stops when the 95% Wilson interval of every primary proportion has a half-width of at most the ' +
  'target, or at the maximum. Otherwise it plays, in whole batches, up to the number of engagements at which its ' +
  'widest proportion would reach the target if its share stayed the same. Decisions use merged results only.';

function precisionProvenance(inp: ResultsInput, sideNames: [string, string]): PrecisionProvenance | undefined {
  const pr = inp.precision;
  if (!pr) return undefined;
  const named = (w: { metric: string; halfWidth: number } | null): HalfWidthOf | null =>
    w && { metric: w.metric, metricLabel: metricLabel(w.metric, sideNames), halfWidth: w.halfWidth };
  const cells = pr.stops.map((s, i) => ({
    cell: inp.cells[i].index,
    label: inp.cells[i].label,
    engagements: s.engagements,
    looks: s.looks,
    reached: s.met,
    widest: named(s.widest),
  }));
  let widest: PrecisionProvenance['widest'] = null;
  for (const c of cells) if (c.widest && (widest === null || c.widest.halfWidth > widest.halfWidth)) widest = { ...c.widest, cell: c.cell, label: c.label };
  const primary: string[] = [];
  inp.accumulators.forEach((acc, i) => {
    const armies = !unmeasuredFigures(inp.ruleset, inp.cells[i].scenario.engagement).includes('armyBroken');
    for (const x of primaryProportions(acc, armies)) if (!primary.includes(x.metric)) primary.push(x.metric);
  });
  const reached = cells.every((c) => c.reached);
  return {
    target: pr.halfWidth,
    level: PRECISION_LEVEL,
    rule: PRECISION_RULE,
    method: METHOD,
    primary,
    firstLook: firstLook({ halfWidth: pr.halfWidth, maxEngagements: inp.engagements, batch: inp.batch }),
    maxEngagements: inp.engagements,
    reached,
    stoppedBy: reached ? 'target' : 'maximum',
    engagements: cells.reduce((a, c) => a + c.engagements, 0),
    widest,
    cells,
  };
}

/** The common figures a run of this rule system's scenario kind does not measure, as a field of Results. */
function unmeasuredOf(rs: ResultsInput['ruleset'], engagement: string | undefined): { unmeasured?: UnmeasuredFigure[] } {
  const all = unmeasuredFigures(rs, engagement);
  return all.length ? { unmeasured: all } : {};
}

export function buildResults(inp: ResultsInput): Results {
  const first = inp.cells[0].scenario;
  const rs = inp.ruleset;
  const shape = inp.shapes[0];
  const cells: ResultsCell[] = inp.cells.map((c, i) => {
    const cellShape = inp.shapes[i];
    return {
      index: c.index,
      label: c.label,
      factors: c.factors,
      rngKey: c.rngKey,
      options: c.options,
      scenario: c.scenario,
      summary: summarizeCell(inp.accumulators[i], cellShape, rs.vocabulary),
    };
  });
  const precision = precisionProvenance(inp, [shape.sides[0].name, shape.sides[1].name]);
  const engagementsPerCell = precision ? Math.max(...cells.map((c) => c.summary.engagements)) : inp.engagements;
  const hashed = {
    volley: VOLLEY_VERSION,
    dice: DICE_FORMAT,
    ruleset: rs.id,
    seed: inp.seed,
    engagementsPerCell,
    batch: inp.batch,
    commonRandomNumbers: inp.commonRandomNumbers,
    factors: inp.factors,
    cells: cells.map((c) => ({ label: c.label, rngKey: c.rngKey, options: c.options, scenario: c.scenario })),
    ...(precision ? { precision: { target: precision.target, maxEngagements: precision.maxEngagements, rule: precision.rule } } : {}),
    ...(inp.settings ? { settings: inp.settings } : {}),
  };
  const provenance: Provenance = {
    volley: VOLLEY_VERSION,
    dice: DICE_FORMAT,
    ruleset: { id: rs.id, title: rs.title },
    experiment: inp.experiment,
    scenario: { file: inp.scenarioFile, name: first.name, title: first.title, question: first.question },
    seed: inp.seed,
    engagementsPerCell,
    batch: inp.batch,
    commonRandomNumbers: inp.commonRandomNumbers,
    factors: inp.factors,
    ...(inp.valueNames && Object.keys(inp.valueNames).length ? { valueNames: inp.valueNames } : {}),
    ...(precision ? { precision } : {}),
    ...(inp.settings ? { settings: inp.settings } : {}),
    hash: createHash('sha256').update(canonicalJson(hashed)).digest('hex'),
  };
  const results: Results = {
    format: RESULTS_FORMAT,
    provenance,
    vocabulary: rs.vocabulary,
    scale: shape.scale,
    sides: shape.sides,
    formations: shape.formations,
    objectives: shape.objectives,
    turns: shape.turns,
    ...(shape.fewestTurns !== undefined && shape.fewestTurns < shape.turns ? { fewestTurns: shape.fewestTurns } : {}),
    ...unmeasuredOf(rs, first.engagement),
    cells,
  };
  if (inp.comparisons) {
    results.variants = { reference: inp.comparisons.reference, list: inp.comparisons.variants, level: 0.95, method: COMPARISON_METHOD, holmFamily: HOLM_FAMILY };
    results.comparisons = comparisonsOf(inp.comparisons, inp.accumulators, shape);
  }
  const across = robustnessPlan(inp.factors, inp.cells);
  if (across) {
    const metrics = pairedMetrics(shape.objectives.length);
    const paired = robustnessComparisons(across, inp.accumulators.map((a) => a.pairs), metrics, (m) => pairedMetricLabel(m, shape.sides, shape.objectives));
    if (paired) results.robustness = paired;
  }
  return results;
}
