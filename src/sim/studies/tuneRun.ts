/**
 * Running a tune (src/sim/studies/tune.ts reads the request): every round's values are the cells of one plan
 * on the ordinary runner, all on the dice key `cell`, so workers and determinism are the runner's.
 */
import { createHash } from 'node:crypto';
import { summarizeCell } from '../../stats/summary.js';
import type { Estimate } from '../../stats/metricPath.js';
import { SearchError, tuneSearch, type SearchOutcome } from '../../stats/tuneSearch.js';
import type { RunPlan } from '../engine/plan.js';
import { canonicalJson } from '../../results/results.js';
import { runPlan, runPlanOutcome, WorkerPool, type AutoStart, type RunProgress } from '../engine/runner.js';
import { flagError, EVERY_CANDIDATE_UP_TO, INTERVAL_METHOD, TUNE_FORMAT, type PreparedTune, type TunePoint, type TuneResults } from './tune.js';
import { VOLLEY_VERSION } from '../../results/version.js';

export interface TuneRunOptions {
  workers: number;
  /**
   * `workers` is the most to use, started only for a long round (RunOptions.autoStart; thresholds other
   * than AUTO_START are a test seam): a round that starts them hands the later rounds one pool, kept for
   * the rest of the search, this thread playing beside it.
   */
  autoStart?: boolean | AutoStart;
  /**
   * Called once, when the search first plays on worker threads: how many, and how many threads play in
   * all (one more than the workers when this thread plays beside them: RunOutcome.threads).
   */
  onWorkers?: (workers: number, threads: number) => void;
  signal?: AbortSignal;
  /** After each batch of a round: the engagements played of the round's. */
  onProgress?: (round: number, p: RunProgress) => void;
  /** After each round: the values played and their estimates. */
  onRound?: (round: number, points: { x: number; estimate: Estimate }[]) => void;
  /** Test seam: evaluate every integer candidate of a range up to this size (default EVERY_CANDIDATE_UP_TO). */
  everyCandidateUpTo?: number;
}

/** Play the search; every round's values are the cells of one plan on the ordinary runner. */
export async function runTune(prep: PreparedTune, opts: TuneRunOptions): Promise<TuneResults> {
  // One pool for every round: its workers start and warm up once (src/sim/engine/runner.ts, WorkerPool). It
  // starts with the first round that needs it, so a search refused before it plays anything starts no threads.
  // A round that starts its own workers (autoStart) hands them on: the later rounds play on them, warm.
  const pools: { pool: WorkerPool | null } = { pool: null };
  const keep = (pool: WorkerPool) => {
    if (pools.pool) throw new Error('internal: a tune round started workers with a pool kept already');
    pools.pool = pool;
  };
  try {
    return await search(prep, opts, (shape) => (pools.pool ??= new WorkerPool(shape.workers, null, { beside: shape.beside })), keep);
  } finally {
    await pools.pool?.close();
  }
}

/** The shared pool: as the round that started workers had its own (with autoStart, this thread beside a worker fewer). */
interface PoolShape {
  workers: number;
  beside: boolean;
}

async function search(prep: PreparedTune, opts: TuneRunOptions, poolOf: (shape: PoolShape) => WorkerPool, keepPool: (pool: WorkerPool) => void): Promise<TuneResults> {
  // With autoStart, rounds play in this thread until one finds itself long enough to start the workers.
  let shape: PoolShape | null = null;
  const usePool = (workers: number, threads: number) => {
    if (shape) return;
    opts.onWorkers?.(workers, threads);
    shape = { workers, beside: threads > workers };
  };
  if (opts.workers > 0 && !opts.autoStart) usePool(opts.workers, opts.workers);
  const { run, metric } = prep;
  const evaluate = async (xs: number[], round: number): Promise<Estimate[]> => {
    const cells = xs.map((x, i) => ({ ...prep.cellAt(x), index: i }));
    const plan: RunPlan = {
      rulesetId: prep.base.scenario.ruleset,
      seed: run.plan.seed,
      engagements: run.plan.engagements,
      batch: run.plan.batch,
      cells: cells.map((c) => ({ index: c.index, rngKey: c.rngKey, scenario: c.scenario, options: c.options })),
      checkInvariants: false,
    };
    const onProgress = opts.onProgress && ((p: RunProgress) => opts.onProgress!(round, p));
    let accs;
    if (shape) accs = await runPlan(plan, { workers: opts.workers, signal: opts.signal, onProgress, pool: poolOf(shape) });
    else {
      const played = await runPlanOutcome(plan, { workers: opts.workers, autoStart: opts.autoStart, signal: opts.signal, onProgress, keepPool });
      accs = played.accumulators;
      // This round started its own workers: the later rounds play on them (kept, above) from here on.
      if (played.workers > 0) usePool(played.workers, played.threads);
    }
    const out = cells.map((c, i) => {
      const shape = prep.ruleset.describe(prep.ruleset.compile(c.scenario, c.options));
      const e = metric.read(summarizeCell(accs[i], shape, prep.ruleset.vocabulary));
      if (!e) throw flagError('--target', `${metric.path} is not defined when ${prep.param.path} = ${xs[i]}`);
      return e;
    });
    opts.onRound?.(round, xs.map((x, i) => ({ x, estimate: out[i] })));
    return out;
  };
  let outcome: SearchOutcome;
  try {
    outcome = await tuneSearch(
      {
        from: prep.range.from,
        to: prep.range.to,
        integer: prep.param.integer,
        target: prep.target.value,
        tolerance: prep.tolerance ?? undefined,
        allUpTo: opts.everyCandidateUpTo ?? EVERY_CANDIDATE_UP_TO,
      },
      evaluate,
    );
  } catch (e) {
    if (e instanceof SearchError) throw flagError('--range', e.message);
    throw e;
  }
  return buildTuneResults(prep, outcome);
}

export function buildTuneResults(prep: PreparedTune, o: SearchOutcome): TuneResults {
  const { run, base } = prep;
  const rs = prep.ruleset;
  const scenario = base.scenario;
  const t = prep.target.value;
  const point = (p: SearchOutcome['points'][number]): TunePoint => ({
    x: p.x,
    value: p.value,
    lo: p.lo,
    hi: p.hi,
    se: p.se,
    n: p.n,
    round: p.round,
    containsTarget: p.lo <= t && t <= p.hi,
    chosen: p.x === o.chosen.x,
  });
  const distinct = [...new Set(prep.param.scenarioValues.map((v) => JSON.stringify(v ?? null)))].map((s) => JSON.parse(s) as unknown);
  const hashed = {
    volley: VOLLEY_VERSION,
    ruleset: rs.id,
    seed: run.plan.seed,
    engagements: run.plan.engagements,
    batch: run.plan.batch,
    param: prep.param.path,
    range: [prep.range.from, prep.range.to],
    tolerance: prep.tolerance,
    target: [prep.metric.path, t],
    options: base.options,
    scenario,
    // A refit value acts through its refit: the rule it sits in (its match) fixes the numbers too.
    ...(prep.param.refit ? { refit: prep.param.refit } : {}),
  };
  // No cell to name when the file has one, or its cells differ only in the parameter tuned.
  const single = Object.keys(base.factors).every((p) => p === prep.param.path);
  return {
    format: TUNE_FORMAT,
    provenance: {
      volley: VOLLEY_VERSION,
      ruleset: { id: rs.id, title: rs.title },
      experiment: run.meta.experiment,
      scenario: { file: run.meta.scenarioFile, name: scenario.name, title: scenario.title, question: scenario.question },
      cell: single ? null : { index: base.index, label: base.label },
      seed: run.plan.seed,
      engagementsPerPoint: run.plan.engagements,
      batch: run.plan.batch,
      rngKey: 'cell',
      hash: createHash('sha256').update(canonicalJson(hashed)).digest('hex'),
    },
    param: { path: prep.param.path, kind: prep.param.integer ? 'integer' : 'real', places: prep.param.places, scenarioValue: distinct.length === 1 ? distinct[0] : distinct },
    target: { metric: prep.metric.path, words: prep.metric.words, kind: prep.metric.kind, value: t, text: prep.target.text },
    range: { from: prep.range.from, to: prep.range.to },
    method: { name: o.method, resolution: o.resolution, rounds: o.rounds, evaluations: o.evaluations, interval: INTERVAL_METHOD },
    points: o.points.map(point),
    reached: o.reached,
    chosen: point(o.chosen),
    interval: o.interval,
    bracket: o.bracket,
    crossings: o.crossings,
    warnings: o.warnings,
  };
}
