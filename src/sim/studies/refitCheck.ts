/**
 * `volley refit check`: what each exception of a refit changes. For every exception (a rule on one
 * unit, or an entry for a formation, an army or a leader) and every scenario it touches, the same
 * engagements are played twice with the same dice (common random numbers: the same seed and cell key):
 * once with the whole refit, once with that one value left at its default. Where the rule system has
 * standard duels (src/core/ruleset.ts, RefitDuels), each rated counter also meets a standard unit, as
 * rated and at the defaults.
 *
 * Each pair is two cells of one run plan: fixed batches on the pool, merged in order, checkpointed and
 * resumable like `volley run` (src/sim/store/folderRun.ts), so the figures are bit-identical for any
 * number of workers and after a resume. Each engagement records its figures (src/stats/pairedMetrics.ts:
 * the side's win, and the watched unit's retreat, elimination and failed checks); the differences of the
 * two cells' figures, engagement by engagement, go into paired accumulators (src/stats/paired.ts).
 */
import { relative } from 'node:path';
import { VolleyInputError, formatPath } from '../../core/errors.js';
import { resolveOptions, type Ruleset } from '../../core/ruleset.js';
import { checkCount, MAX_BATCH, MAX_ENGAGEMENTS } from '../../scenario/limits.js';
import { expectMap } from '../../scenario/load.js';
import { applyRefitToAll, loadRefitFile, refitErrorAt, type Refit, type RefitChangeSet } from '../../scenario/refit.js';
import { scenarioSchema, type Scenario } from '../../scenario/schema.js';
import { describeIssue, lineOf, readYaml, validate } from '../../scenario/yamlFile.js';
import {
  LARGEST_EFFECTS,
  REFIT_CHECK_FILE,
  REFIT_CHECK_FORMAT,
  type DuelFigures,
  type DuelInfo,
  type DuelResult,
  type ExceptionInfo,
  type ExceptionResult,
  type RefitCheckResults,
  type UnitEffect,
} from '../../results/refitCheck.js';
import { VOLLEY_VERSION } from '../../results/version.js';
import type { CellAccumulator } from '../../stats/cellAccumulator.js';
import { wilson } from '../../stats/intervals.js';
import { addPair, emptyPaired, pairedDifference, type PairedAcc, type PairedDifference } from '../../stats/paired.js';
import { FIXED_METRICS, UNIT_METRICS } from '../../stats/pairedMetrics.js';
import type { PlanCell, RunPlan } from '../engine/plan.js';
import { runPlanOutcome, type RunProgress } from '../engine/runner.js';
import { runIntoFolder } from '../store/folderRun.js';

export { REFIT_CHECK_FILE, REFIT_CHECK_PAGE } from '../../results/refitCheck.js';

/** The cell key both cells of a pair share: engagement i of both sees the same dice. */
const RNG_KEY = 'cell';
export const DEFAULT_REFIT_BATCH = 500;

export interface RefitCheckRequest {
  refitFile: string;
  scenarioFiles: string[];
  engagements: number;
  seed: string | number;
  batch?: number;
}

/**
 * One exception or duel: its two cells (with the value, without it), the side whose win counts, the
 * unit it rates, and the units both cells watch: an exception's every unit of both sides (who takes
 * the eliminations instead), a duel's one unit.
 */
interface PairTask {
  side: 0 | 1;
  unit: string | null;
  watch: { id: string; side: 0 | 1 }[];
}

export interface PreparedRefitCheck {
  ruleset: Ruleset<any, any>;
  refit: Refit;
  refitFile: string;
  scenarioFiles: string[];
  exceptions: ExceptionInfo[];
  /** The standard duels; their pairs follow the exceptions' in the plan. */
  duels: DuelInfo[];
  standard: Record<string, unknown>;
  tasks: PairTask[];
  /** Task k plays cells 2k (with) and 2k + 1 (without). */
  plan: RunPlan;
  warnings: string[];
  /** What the refit changes in each scenario, value by value (printed before the check plays). */
  changes: RefitChangeSet[];
  engagements: number;
  seed: string | number;
}

/** One watched unit's paired retreats and eliminations, and their sums with the exception. */
export interface UnitPairAccs {
  id: string;
  side: 0 | 1;
  retreated: PairedAcc;
  eliminated: PairedAcc;
  withSums: { retreated: number; eliminated: number };
}

/** Where a study's counts (the pair accumulators of each exception and duel) come from. */
export interface PairAccs {
  retreated: PairedAcc;
  eliminated: PairedAcc;
  checksFailed: PairedAcc;
  sideWon: PairedAcc;
  /** Σ of each figure with the exception (the first of the pair): its level, beside the difference. */
  withSums: { retreated: number; eliminated: number; checksFailed: number; sideWon: number };
  /** Every watched unit, in the task's order (an exception's: every unit of the scenario). */
  units: UnitPairAccs[];
}

const rel = (f: string) => relative(process.cwd(), f) || f;

/** Validate a refitted scenario; an error names the refit file and the scenario. */
function validated(data: unknown, refitFile: string, scenarioFile: string): Scenario {
  const r = scenarioSchema.safeParse(data);
  if (r.success) return r.data;
  const first = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
  const d = describeIssue(first, data);
  throw new VolleyInputError(refitFile, undefined, undefined, `makes ${scenarioFile} invalid at ${formatPath(d.path)}: ${d.message}`);
}

/** A scenario file, read and validated on its own. */
function readScenario(file: string): { file: string; data: Record<string, unknown>; scenario: Scenario } {
  const s = readYaml(file);
  expectMap(s, "'kind: scenario'");
  const k = (s.data as { kind?: unknown }).kind;
  if (k !== 'scenario') throw new VolleyInputError(file, lineOf(s, ['kind']) ?? 1, 'kind', `expected 'scenario', found ${k === undefined ? 'nothing' : `'${String(k)}'`}`);
  return { file: rel(file), data: s.data as Record<string, unknown>, scenario: validate(s, scenarioSchema) };
}

/** Read and check everything; nothing is played yet. Input errors are VolleyInputErrors. */
export function prepareRefitCheck(req: RefitCheckRequest): PreparedRefitCheck {
  checkCount('--engagements', req.engagements, MAX_ENGAGEMENTS);
  const batch = req.batch ?? DEFAULT_REFIT_BATCH;
  checkCount('--batch', batch, MAX_BATCH);
  if (req.scenarioFiles.length === 0) throw new VolleyInputError('--scenario', undefined, undefined, 'name at least one scenario');
  const scenarios = req.scenarioFiles.map(readScenario);
  const rulesetId = scenarios[0].scenario.ruleset;
  const other = scenarios.find((s) => s.scenario.ruleset !== rulesetId);
  if (other) throw new VolleyInputError(other.file, undefined, 'ruleset', `'${other.scenario.ruleset}', but ${scenarios[0].file} is '${rulesetId}': a refit belongs to one rule system`);
  const { src, refit, ruleset: rs, support } = loadRefitFile(req.refitFile, rulesetId);
  const at = refitErrorAt(req.refitFile, src);
  const outcomes = applyRefitToAll(rs, scenarios, refit, at);
  const exceptions: ExceptionInfo[] = [];
  const tasks: PairTask[] = [];
  const cells: PlanCell[] = [];
  const addPair = (withScenario: Scenario, baseScenario: Scenario, task: PairTask) => {
    for (const scenario of [withScenario, baseScenario]) {
      cells.push({
        index: cells.length,
        rngKey: RNG_KEY,
        scenario,
        options: resolveOptions(rs.options, scenario.options),
        ...(task.watch.length ? { watch: task.watch.map((u) => u.id) } : {}),
      });
    }
    tasks.push(task);
  };
  const warnings = [...new Set(outcomes.flatMap((o) => o.warnings))];
  scenarios.forEach((sc, si) => {
    const outcome = outcomes[si];
    const withScenario = validated(outcome.data, req.refitFile, sc.file);
    const shape = rs.describe(rs.compile(withScenario, resolveOptions(rs.options, withScenario.options)));
    for (const a of outcome.applied) {
      const units: (string | null)[] = a.list === 'rules' ? a.unitIds : [null];
      for (const unit of units) {
        const base = support.apply(sc.data, refit, at, { list: a.list, ruleIndex: a.ruleIndex, field: a.field, unitId: unit ?? undefined });
        const side = unit === null ? (a.side ?? 0) : (shape.units.find((n) => n.id === unit)?.side ?? 0);
        exceptions.push({
          scenario: sc.file,
          list: a.list,
          ruleIndex: a.ruleIndex,
          unit,
          target: a.target ?? null,
          side,
          sideName: shape.sides[side]?.name ?? String(side),
          sideNames: [shape.sides[0].name, shape.sides[1].name],
          field: a.field,
          value: a.value,
          defaultValue: support.valueIn(base.data, a, unit),
          note: a.note ?? null,
        });
        addPair(withScenario, validated(base.data, req.refitFile, sc.file), { side, unit, watch: shape.units.map((u) => ({ id: u.id, side: u.side })) });
      }
    }
  });
  const duels: DuelInfo[] = [];
  const d = support.duels;
  if (d) {
    const subjects = d.subjects(
      scenarios.map((sc, si) => ({ file: sc.file, raw: sc.data, refitted: outcomes[si].data })),
      refit,
    );
    for (const subject of subjects) {
      const sc = scenarios.find((x) => x.file === subject.scenario)!;
      const options = (sc.data.options as Record<string, unknown> | undefined) ?? {};
      for (const { role, side } of d.roles) {
        const what = `the standard duel of ${subject.unit} (${role})`;
        const withScenario = validated(d.scenario(subject.rated, role, refit, rulesetId, options), req.refitFile, what);
        const baseScenario = validated(d.scenario(subject.atDefaults, role, refit, rulesetId, options), req.refitFile, what);
        duels.push({ unit: subject.unit, units: subject.units, scenario: subject.scenario, role, side, rated: subject.rated, atDefaults: subject.atDefaults, label: d.label(subject.rated) });
        addPair(withScenario, baseScenario, { side, unit: subject.unit, watch: [{ id: subject.unit, side }] });
      }
    }
  }
  const plan: RunPlan = { rulesetId, seed: req.seed, engagements: req.engagements, batch: Math.min(batch, req.engagements), cells, checkInvariants: false, pairs: true };
  return {
    ruleset: rs,
    refit,
    refitFile: rel(req.refitFile),
    scenarioFiles: scenarios.map((s) => s.file),
    exceptions,
    duels,
    standard: d ? d.standard(refit) : {},
    tasks,
    plan,
    warnings,
    changes: outcomes.map((o, i) => ({ refit: rel(req.refitFile), scenario: scenarios[i].file, changes: o.changes })),
    engagements: req.engagements,
    seed: req.seed,
  };
}

export const emptyPairAccs = (): PairAccs => ({
  retreated: emptyPaired(),
  eliminated: emptyPaired(),
  checksFailed: emptyPaired(),
  sideWon: emptyPaired(),
  withSums: { retreated: 0, eliminated: 0, checksFailed: 0, sideWon: 0 },
  units: [],
});

const WON = [FIXED_METRICS.findIndex((m) => m.id === 'won' && m.side === 0), FIXED_METRICS.findIndex((m) => m.id === 'won' && m.side === 1)];
const UNIT_AT = Object.fromEntries(UNIT_METRICS.map((m, k) => [m.id, k]));

/**
 * The paired accumulators of task k from its two cells' merged figures: engagement i with the exception
 * against engagement i without it. The watched unit's figures follow the fixed ones and the objectives.
 */
export function pairAccsOf(accumulators: readonly CellAccumulator[], k: number, task: PairTask): PairAccs {
  const a = accumulators[2 * k].pairs;
  const b = accumulators[2 * k + 1].pairs;
  if (!a || !b || a.count !== b.count) throw new Error(`internal: the cells of pair ${k} have no matching engagement figures`);
  const accs = emptyPairAccs();
  const w = task.watch.length;
  // The watched units' figures close each record, UNIT_METRICS.length per unit, in the task's order.
  const unitA = a.width - w * UNIT_METRICS.length;
  const unitB = b.width - w * UNIT_METRICS.length;
  const rated = task.unit === null ? -1 : task.watch.findIndex((u) => u.id === task.unit);
  accs.units = task.watch.map((u) => ({ id: u.id, side: u.side, retreated: emptyPaired(), eliminated: emptyPaired(), withSums: { retreated: 0, eliminated: 0 } }));
  for (let i = 0; i < a.count; i++) {
    const ra = i * a.width;
    const rb = i * b.width;
    const won = WON[task.side];
    addPair(accs.sideWon, a.values[ra + won], b.values[rb + won]);
    accs.withSums.sideWon += a.values[ra + won];
    for (let k = 0; k < w; k++) {
      const ua = ra + unitA + k * UNIT_METRICS.length;
      const ub = rb + unitB + k * UNIT_METRICS.length;
      const u = accs.units[k];
      for (const [key, id] of [['eliminated', 'unitEliminated'], ['retreated', 'unitRetreated']] as const) {
        const x = a.values[ua + UNIT_AT[id]];
        addPair(u[key], x, b.values[ub + UNIT_AT[id]]);
        u.withSums[key] += x;
      }
      if (k !== rated) continue;
      for (const [key, id] of [['eliminated', 'unitEliminated'], ['retreated', 'unitRetreated'], ['checksFailed', 'unitChecksFailed']] as const) {
        const x = a.values[ua + UNIT_AT[id]];
        addPair(accs[key], x, b.values[ub + UNIT_AT[id]]);
        accs.withSums[key] += x;
      }
    }
  }
  return accs;
}

export interface RefitRunOptions {
  workers: number;
  /** `workers` is the most to use; the pool starts only for a long run (RunOptions.autoStart). */
  autoStart?: boolean;
  /** Write a checkpoint there and claim the folder (`volley refit check`); without it, play in memory. */
  outDir?: string;
  resume?: boolean;
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress) => void;
}

/**
 * Play every pair on the batch pipeline and pair the cells' figures. With `outDir` the run is
 * checkpointed there (and resumable); the caller writes refit-check.json, then calls `finish`.
 */
export async function runRefitCheck(
  prep: PreparedRefitCheck,
  opts: RefitRunOptions | number,
): Promise<PairAccs[] & { workers: number; threads: number; finish?: () => Promise<void>; release?: () => Promise<void> }> {
  const o: RefitRunOptions = typeof opts === 'number' ? { workers: opts } : opts;
  if (o.outDir === undefined) {
    const run = await runPlanOutcome(prep.plan, { workers: o.workers, autoStart: o.autoStart, onProgress: o.onProgress, signal: o.signal });
    return Object.assign(
      prep.tasks.map((t, k) => pairAccsOf(run.accumulators, k, t)),
      { workers: run.workers, threads: run.threads },
    );
  }
  const run = await runIntoFolder(
    { plan: prep.plan, outDir: o.outDir },
    { workers: o.workers, autoStart: o.autoStart, resume: o.resume, force: o.force, signal: o.signal, onProgress: o.onProgress, resultsFile: REFIT_CHECK_FILE, what: 'refit check' },
  );
  const accs = prep.tasks.map((t, k) => pairAccsOf(run.accumulators, k, t));
  return Object.assign(accs, { workers: run.workers, threads: run.threads, finish: run.finish, release: run.release });
}

/** The confidence shared by all the unit figures of one exception (Bonferroni): 95% that none of them is listed by chance. */
export const UNIT_EFFECTS_CONFIDENCE = 0.95;

/**
 * The units of both sides whose retreat or elimination rate an exception moves by more than its
 * interval, largest difference first. The intervals are Bonferroni-adjusted over the exception's
 * 2 x units figures, so that with no effect anywhere the list is empty 95% of the time.
 */
export function unitEffects(units: readonly UnitPairAccs[], x: Pick<ExceptionInfo, 'unit' | 'sideNames'>): { effects: UnitEffect[]; level: number } {
  const level = 1 - (1 - UNIT_EFFECTS_CONFIDENCE) / Math.max(1, 2 * units.length);
  const effects: UnitEffect[] = [];
  for (const u of units) {
    for (const figure of ['retreated', 'eliminated'] as const) {
      const acc = u[figure];
      const difference = pairedDifference(acc, level);
      if (difference.containsZero || acc.n === 0) continue;
      const withShare = u.withSums[figure] / acc.n;
      effects.push({ unit: u.id, side: u.side, sideName: x.sideNames[u.side], rated: u.id === x.unit, figure, without: withShare - difference.mean, with: withShare, difference });
    }
  }
  effects.sort((p, q) => Math.abs(q.difference.mean) - Math.abs(p.difference.mean));
  return { effects, level };
}

export function buildRefitResults(prep: PreparedRefitCheck, accs: readonly PairAccs[]): RefitCheckResults {
  const rows: ExceptionResult[] = prep.exceptions.map((x, k) => {
    const a = accs[k];
    const isUnit = x.unit !== null;
    const diffs = {
      retreated: isUnit ? pairedDifference(a.retreated) : null,
      eliminated: isUnit ? pairedDifference(a.eliminated) : null,
      checksFailed: isUnit ? pairedDifference(a.checksFailed) : null,
      sideWon: pairedDifference(a.sideWon),
    };
    const all = [diffs.retreated, diffs.eliminated, diffs.checksFailed, diffs.sideWon].filter((d): d is PairedDifference => d !== null);
    const { effects, level } = unitEffects(a.units, x);
    return { ...x, n: a.sideWon.n, ...diffs, noMeasurableEffect: all.every((d) => d.containsZero), largestEffect: false, unitEffects: effects, unitEffectsLevel: level, unitsWatched: a.units.length };
  });
  [...rows]
    .filter((r) => !r.sideWon.containsZero)
    .sort((p, q) => Math.abs(q.sideWon.mean) - Math.abs(p.sideWon.mean))
    .slice(0, LARGEST_EFFECTS)
    .forEach((r) => (r.largestEffect = true));
  const duels = prep.duels.map((d, j): DuelResult => {
    const a = accs[prep.exceptions.length + j];
    const n = a.sideWon.n;
    const figures = (k: (c: keyof PairAccs['withSums']) => number): DuelFigures => ({
      sideWon: wilson(k('sideWon'), n),
      retreated: wilson(k('retreated'), n),
      eliminated: wilson(k('eliminated'), n),
      checksFailed: n ? k('checksFailed') / n : 0,
    });
    return {
      ...d,
      n,
      figuresRated: figures((c) => a.withSums[c]),
      // Without the exceptions: the sum with them minus the sum of the differences.
      figuresAtDefaults: figures((c) => a.withSums[c] - a[c].sum),
      difference: {
        sideWon: pairedDifference(a.sideWon),
        retreated: pairedDifference(a.retreated),
        eliminated: pairedDifference(a.eliminated),
        checksFailed: pairedDifference(a.checksFailed),
      },
    };
  });
  const support = prep.ruleset.refit!;
  return {
    format: REFIT_CHECK_FORMAT,
    volleyVersion: VOLLEY_VERSION,
    ruleset: prep.ruleset.id,
    refit: { file: prep.refitFile, name: prep.refit.name, title: prep.refit.title ?? null, defaults: support.defaults(prep.refit) },
    standard: prep.standard,
    duelDescription: support.duels ? support.duels.describe(prep.refit) : null,
    duels,
    scenarios: prep.scenarioFiles,
    seed: prep.seed,
    engagements: prep.engagements,
    batch: prep.plan.batch,
    commonRandomNumbers: true,
    level: 0.95,
    method:
      'Paired differences: engagement i is played with and without the exception with the same dice; mean of the per-engagement differences (with minus without) with the normal 95% interval mean ± 1.96·s/√n, s the sample standard deviation of the differences.',
    warnings: prep.warnings,
    changes: prep.changes,
    exceptions: rows,
  };
}
