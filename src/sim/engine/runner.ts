/**
 * Running a plan: in-process (workers = 0) or on a piscina pool. Batch results are merged strictly in
 * batch order as they complete, so the merged accumulators are identical for any worker count, and
 * for a run resumed from a checkpoint.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { accSize, emptyCellAcc, mergeCellAcc, type AccSize, type CellAccumulator } from '../../stats/cellAccumulator.js';
import { findRuleset } from '../../rules/index.js';
import { unmeasuredFigures } from '../../core/ruleset.js';
import { BatchRunner, EngagementError, type BatchOutput, type BatchPlay, type EngagementFailure } from './batch.js';
import type { RowLayout } from '../../results/rows.js';
import { batchesOf, cellRuleset, type BatchTask, type RunPlan } from './plan.js';
import { RunInterrupted, WorkerFault } from './errors.js';
import { look, primaryProportions, type CellStop, type PrecisionRule } from '../../stats/precision.js';
import { millisecondsNow } from './stopwatch.js';

export type { CellStop } from '../../stats/precision.js';

export interface RunProgress {
  done: number;
  /** Engagements the run will play; with a precision target, those scheduled so far (it grows). */
  total: number;
}

export interface RunOptions {
  /** 0 runs in this thread; otherwise the pool size (with autoStart, the threads that play: see there). */
  workers: number;
  /**
   * `workers` is the most threads to play on: this thread plays the first batches alone, and the pool
   * starts only when, at this thread's pace once warm, the rest of the round would take it longer than
   * AUTO_START says (the command's default, --workers not given; other thresholds are a test seam). A
   * short run then pays no worker's start-up. The pool then has `workers - 1` threads and this thread
   * plays on beside them to the end (none with `workers` 1).
   */
  autoStart?: boolean | AutoStart;
  onProgress?: (p: RunProgress) => void;
  /** Batches done before (from a checkpoint), by batch index: merged in their place, not run again. */
  done?: ReadonlyMap<number, CellAccumulator>;
  /** Each batch run now, as it completes (in completion order): the checkpoint records it here. */
  onBatch?: (index: number, acc: CellAccumulator) => void;
  /**
   * One row per engagement: the rows of every batch at merge position `from` or later are passed to
   * `write` in merge order (batches before `from` already have theirs written; done batches after it
   * run again). Without a precision target a batch's merge position is its index.
   */
  rows?: { layout: RowLayout; from: number; write: (position: number, text: string, task: BatchTask) => void };
  /** Aborting stops the run: RunInterrupted once the pool is down. */
  signal?: AbortSignal;
  /**
   * Run on this pool, whose tasks bring their plan (a pool made without a setup, or one kept with
   * keepPool; its size, not `workers`, decides), and leave it open.
   */
  pool?: WorkerPool;
  /**
   * The pool this run starts for itself (none given) is handed here at the run's end, open, instead of
   * being closed, whether the run ended, failed or was stopped (a cut task may still be ending in it):
   * its workers, warm, can serve later runs as RunOptions.pool (their tasks bring their plans).
   * Whoever takes it closes it.
   */
  keepPool?: (pool: WorkerPool) => void;
  /** Test seam: this many batches a task from the start, instead of as many as make about TASK_MS. */
  batchesPerTask?: number;
  /** Test seam: this thread's slices of a batch, in milliseconds, instead of SLICE_MS (0: every look). */
  sliceMs?: number;
  /**
   * Test seam: the machine's cores, instead of availableParallelism(). A pool of fewer workers than
   * cores leaves one to this thread while the workers start (PoolExecutor).
   */
  cores?: number;
  /** Play the batches elsewhere (a distributed run's queue, src/sim/queue/): this executor instead of a pool. */
  executor?: (plan: RunPlan, opts: RunOptions) => Executor;
}

export interface RunOutcome {
  accumulators: CellAccumulator[];
  /**
   * Seconds spent playing batches, summed over the threads that played them (the rest of a run's wall
   * time x threads is start-up, warm-up, dispatch, merging and waiting): a measure of how busy the
   * threads were, never of the results.
   */
  batchSeconds: number;
  /** The batches in the order they were merged. */
  order: BatchTask[];
  /** With a precision target: how each cell stopped. */
  stops: CellStop[] | null;
  /**
   * The worker threads the run started: 0 in this thread, none when autoStart found the run short, one
   * fewer than `workers` when it started them (this thread plays beside them).
   */
  workers: number;
  /**
   * The threads that played to the end: the workers, and this thread when it played beside them
   * (autoStart's pool); 1 in this thread alone.
   */
  threads: number;
  /** Batches this thread played: all of them in this thread alone, some or none beside a pool. */
  batchesHere: number;
}

/**
 * What a worker returns for a task, its batches played one after the other (src/sim/engine/worker.ts): each
 * batch's output and the milliseconds it took in the worker, or the engagement that failed.
 */
export type WorkerReply =
  /** `outs`: every batch of the task's, or of a task cut short (WorkerTask.cut) those before the cut. */
  | { ok: true; outs: TimedOutput[] }
  /** An engagement failed: `outs` are the task's batches played before the one it is in. */
  | { ok: false; failure: EngagementFailure; outs: TimedOutput[] };

/** A batch's output and the milliseconds it took in the worker. */
export type TimedOutput = BatchOutput & { ms: number };

/** What a worker is given: the plan and, for exports, the row layout. */
export interface WorkerSetup {
  plan: RunPlan;
  rows: RowLayout | null;
}

/**
 * What a worker is handed: consecutive batches; on a pool made without a plan also the plan (with a key the worker
 * keeps its compiled runner under), since such a pool serves several plans one after the other.
 */
export interface WorkerTask {
  batches: BatchTask[];
  plan?: { key: string; setup: WorkerSetup };
  /**
   * Where the task is cut, shared with the thread that handed it out (one Int32 on a
   * SharedArrayBuffer, the batches' count at first): the batches from cut[0] on are not wanted any
   * more (played elsewhere first, or the run is over: ended, failed or stopped), and the worker leaves
   * them, within ASK_EVERY engagements if it is playing one (a cell compiled first is compiled to the
   * end). Its reply then holds the outputs of the batches before the cut only.
   */
  cut?: Int32Array;
}

/**
 * A piscina pool of worker threads, and where a worker that dies between tasks is reported. A run
 * makes one for itself, its plan given to the workers once (`setup`). Made without a setup, or kept
 * from such a run (RunOptions.keepPool), it can serve several runs of different plans one after the
 * other (RunOptions.pool; `volley tune` plays each round's values as a plan of their own): its threads
 * start once and stay warm, their compiled code included, and every task brings its plan, a few
 * kilobytes, which each worker compiles once. Close it when done.
 */
export class WorkerPool {
  readonly piscina: Piscina;
  /** Where a worker that dies between tasks is reported: the run using the pool, if any. */
  onError: ((e: Error) => void) | null = null;
  private fault: Error | null = null;
  private plans = 0;
  /**
   * Whether the workers were started with a fault to inject (VOLLEY_FAULT, the test hook of worker.ts,
   * read when they start): this thread then plays none of their batches, so the fault happens where the
   * test put it.
   */
  readonly injectsFaults = faultInjected();
  /** Whether runs on it have this thread play beside its workers to the end (its constructor's `beside`). */
  readonly beside: boolean;

  constructor(
    readonly workers: number,
    /** The plan of the run the pool is made for, or null: tasks bring theirs (they may anyway). */
    readonly setup: WorkerSetup | null = null,
    o: {
      /**
       * Made to play beside this thread to the end (PoolExecutor): a run on it has this thread play
       * too, and its workers hold two tasks at once.
       */
      beside?: boolean;
      /**
       * Tasks handed to a worker at once (default 2 beside this thread, else 1): beyond 1, the next
       * waits in the worker's own queue, so it starts as the one before ends even while this thread is
       * busy playing a batch of its own.
       */
      tasksPerWorker?: number;
    } = {},
  ) {
    this.beside = o.beside ?? false;
    const tasksPerWorker = o.tasksPerWorker ?? (this.beside ? 2 : 1);
    this.piscina = new Piscina({
      filename: pathToFileURL(workerFile()).href,
      workerData: setup,
      minThreads: workers,
      maxThreads: workers,
      concurrentTasksPerWorker: tasksPerWorker,
      idleTimeout: 1000,
    });
    this.piscina.on('error', (e: unknown) => {
      const fault = new WorkerFault(null, e instanceof Error ? e.message : String(e));
      if (this.onError) this.onError(fault);
      else this.fault ??= fault;
    });
  }

  /** A fault that happened while no run was using the pool (the next run, or round, reports it). */
  takeFault(): Error | null {
    const f = this.fault;
    this.fault = null;
    return f;
  }

  /** A key for a plan's tasks, new for every run. */
  nextKey(): string {
    return `plan-${++this.plans}`;
  }

  /** Queued tasks are dropped; a destroy that fails must not hide why a run stopped. */
  async close(): Promise<void> {
    await this.piscina.destroy().catch(() => undefined);
  }
}

/** Whether workers started now inject a fault (VOLLEY_FAULT, worker.ts's test hook; `slow` is not one). */
function faultInjected(): boolean {
  const f = process.env.VOLLEY_FAULT;
  return f !== undefined && !f.startsWith('slow:');
}

/**
 * The compiled worker's CommonJS entry (src/sim/engine/workerEntry.cts says why not worker.js itself).
 * Tests that import the TypeScript sources still run the built worker.
 */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return fileURLToPath(new URL('./workerEntry.cjs', import.meta.url));
  const built = here.replace(/[/\\]src[/\\]sim[/\\]engine[/\\]runner\.ts$/, '/dist/src/sim/engine/workerEntry.cjs');
  if (!existsSync(built)) throw new Error(`the worker is not built (${built}); run 'npm run build'`);
  return built;
}

/** Run a plan and return the merged accumulator of every cell. */
export async function runPlan(plan: RunPlan, opts: RunOptions): Promise<CellAccumulator[]> {
  return (await runPlanOutcome(plan, opts)).accumulators;
}

/**
 * Run a plan: every batch in batch order, or, with a precision target, round after round until every
 * cell has stopped (runToPrecision).
 */
export async function runPlanOutcome(plan: RunPlan, opts: RunOptions): Promise<RunOutcome> {
  const exec = opts.executor ? opts.executor(plan, opts) : opts.pool ? new PoolExecutor(plan, opts, opts.pool) : opts.workers <= 0 ? new HereExecutor(plan, opts) : new PoolExecutor(plan, opts);
  try {
    const merge = new Merger(plan, opts);
    if (plan.precision) {
      const stops = await runToPrecision(plan, plan.precision.halfWidth, merge, exec);
      return { accumulators: merge.result(), batchSeconds: exec.busyMs / 1000, order: merge.order, stops, workers: exec.workersUsed ?? opts.workers, threads: threadsOf(exec, opts), batchesHere: exec.batchesHere ?? 0 };
    }
    const tasks = batchesOf(plan);
    await merge.round(tasks, exec, plan.engagements * plan.cells.length);
    return { accumulators: merge.result(), batchSeconds: exec.busyMs / 1000, order: merge.order, stops: null, workers: exec.workersUsed ?? opts.workers, threads: threadsOf(exec, opts), batchesHere: exec.batchesHere ?? 0 };
  } finally {
    await exec.close();
  }
}

/** RunOutcome.threads: as the executor says, else the workers asked for (at least this thread). */
function threadsOf(exec: Executor, opts: RunOptions): number {
  return exec.threadsUsed ?? Math.max(1, exec.workersUsed ?? opts.workers);
}

/**
 * A plan's executor kept open between runs of its batches: each `run` plays the tasks given and merges
 * them in that order, as runPlan would, on threads that stay (started by the first run, warm for the
 * next) until `close`. The pool benchmark times batches this way (benchmarks/poolSteady.ts).
 */
export class BatchSession {
  private readonly exec: Executor;
  private readonly opts: RunOptions;

  constructor(
    private readonly plan: RunPlan,
    workers: number,
  ) {
    this.opts = { workers };
    this.exec = workers <= 0 ? new HereExecutor(plan, this.opts) : new PoolExecutor(plan, this.opts);
  }

  /** Play and merge the tasks; with the seconds the batches took, summed over the threads (RunOutcome). */
  async run(tasks: readonly BatchTask[]): Promise<{ accumulators: CellAccumulator[]; batchSeconds: number }> {
    const merge = new Merger(this.plan, this.opts);
    const busy0 = this.exec.busyMs;
    await merge.round(tasks, this.exec, tasks.reduce((n, t) => n + t.count, 0));
    return { accumulators: merge.result(), batchSeconds: (this.exec.busyMs - busy0) / 1000 };
  }

  close(): Promise<void> {
    return this.exec.close();
  }
}

/**
 * Rounds: at the start of each, every cell that has not stopped is looked at (src/stats/precision.ts,
 * on its merged results only) and gets the batches that take it to its next look; cells stop on their
 * own. Within a round the batches merge cell by cell, each cell's in engagement order, so a cell's
 * accumulator is the same as that of a plain run of as many engagements, for any worker count.
 */
async function runToPrecision(plan: RunPlan, halfWidth: number, merge: Merger, exec: Executor): Promise<CellStop[]> {
  const rule: PrecisionRule = { halfWidth, maxEngagements: plan.engagements, batch: plan.batch };
  const universe = batchesOf(plan);
  const perCell = Math.ceil(plan.engagements / plan.batch);
  const scheduled = plan.cells.map(() => 0);
  const stops: (CellStop | null)[] = plan.cells.map(() => null);
  const looks = plan.cells.map(() => 0);
  const armies = plan.cells.map((_, c) => cellHasArmies(plan, c));
  for (;;) {
    const round: BatchTask[] = [];
    for (let c = 0; c < plan.cells.length; c++) {
      if (stops[c]) continue;
      const n = scheduled[c];
      const acc = merge.merged[c];
      if (n > 0 && acc?.n !== n) throw new Error(`internal: cell ${c} merged ${acc?.n ?? 0} of ${n} engagements`);
      const l = look(rule, n, acc ? primaryProportions(acc, armies[c]) : []);
      if (n > 0) looks[c]++;
      if (l.next <= n) {
        stops[c] = { engagements: n, looks: looks[c], met: l.met, widest: l.widest };
        continue;
      }
      for (let j = n / plan.batch; j < Math.ceil(l.next / plan.batch); j++) round.push(universe[c * perCell + j]);
      scheduled[c] = l.next;
    }
    if (round.length === 0) break;
    await merge.round(round, exec, scheduled.reduce((a, b) => a + b, 0));
  }
  return stops.map((s) => s!);
}

/** One batch to run, with its place in its round's merge order. */
export interface RunItem {
  task: BatchTask;
  slot: number;
}

/** What plays a round's batches: this thread, a pool of threads, or a queue served by other machines. */
export interface Executor {
  /** Run the items; `complete` as each finishes; `nextToMerge` is the round's next slot to merge. */
  run(items: readonly RunItem[], complete: (slot: number, out: BatchOutput) => void, nextToMerge: () => number): Promise<void>;
  close(): Promise<void>;
  /** Milliseconds spent playing batches so far, summed over threads. */
  readonly busyMs: number;
  /** Batches played in this thread so far (absent: none, as on a distributed run's queue). */
  readonly batchesHere?: number;
  /** The worker threads started so far (absent: the workers asked for). */
  readonly workersUsed?: number;
  /** The threads that played to the end, this one included if it did (absent: the workers, at least 1). */
  readonly threadsUsed?: number;
}

/** Merges batch outputs strictly in merge order, round by round, into one accumulator per cell. */
class Merger {
  readonly merged: (CellAccumulator | null)[];
  /** Every batch merged so far, in merge order. */
  readonly order: BatchTask[] = [];
  private doneEngagements = 0;

  constructor(
    private readonly plan: RunPlan,
    private readonly opts: RunOptions,
  ) {
    this.merged = plan.cells.map(() => null);
  }

  /** Run and merge the batches of `seq`, in that order, after all merged before. */
  async round(seq: readonly BatchTask[], exec: Executor, total: number): Promise<void> {
    const opts = this.opts;
    const done = opts.done ?? new Map<number, CellAccumulator>();
    const rowsFrom = opts.rows ? opts.rows.from : Infinity;
    const pos0 = this.order.length;
    // Completed batches waiting for their turn to be merged, and the next slot to merge.
    const ready: (BatchOutput | undefined)[] = new Array(seq.length);
    let next = 0;
    const mergePrefix = () => {
      while (next < seq.length) {
        const pos = pos0 + next;
        const t = seq[next];
        const out = ready[next] ?? (pos < rowsFrom && done.has(t.index) ? { acc: done.get(t.index)! } : undefined);
        if (!out) break;
        ready[next] = undefined;
        // A batch run again only for its rows merges its checkpointed accumulator (they are equal).
        const acc = done.get(t.index) ?? out.acc;
        const m = this.merged[t.cell];
        if (m === null) {
          this.merged[t.cell] = structuredClone(acc);
        } else mergeCellAcc(m, acc);
        if (opts.rows && pos >= rowsFrom) opts.rows.write(pos, out.rows ?? '', t);
        this.order.push(t);
        this.doneEngagements += t.count;
        opts.onProgress?.({ done: this.doneEngagements, total });
        next++;
      }
    };
    const complete = (slot: number, out: BatchOutput) => {
      const t = seq[slot];
      if (!done.has(t.index)) opts.onBatch?.(t.index, out.acc);
      ready[slot] = out;
      mergePrefix();
    };
    const items: RunItem[] = [];
    seq.forEach((task, slot) => {
      if (!done.has(task.index) || pos0 + slot >= rowsFrom) items.push({ task, slot });
    });
    mergePrefix();
    await exec.run(items, complete, () => next);
    if (next < seq.length) throw new Error(`internal: merged ${next} of ${seq.length} batches`);
  }

  result(): CellAccumulator[] {
    return this.merged.map((m, i) => m ?? emptyCellAcc(cellAccSize(this.plan, i)));
  }
}

/** The size of cell `i`'s accumulator: a cell that played no engagement still has one. */
function cellAccSize(plan: RunPlan, i: number): AccSize {
  const rs = findRuleset(cellRuleset(plan, i));
  if (!rs) throw new Error(`internal: unknown ruleset '${cellRuleset(plan, i)}'`);
  const cell = plan.cells[i];
  return accSize(rs.describe(rs.compile(cell.scenario, cell.options)), rs.vocabulary);
}

/** Whether cell `i`'s engagements have armies that can break (its kind of scenario measures armyBroken). */
function cellHasArmies(plan: RunPlan, i: number): boolean {
  const rs = findRuleset(cellRuleset(plan, i));
  if (!rs) throw new Error(`internal: unknown ruleset '${cellRuleset(plan, i)}'`);
  return !unmeasuredFigures(rs, (plan.cells[i].scenario as { engagement?: string }).engagement).includes('armyBroken');
}

/** Whether batch `b` continues batch `a`: the same cell, from the engagement after a's last. */
function follows(a: BatchTask, b: BatchTask): boolean {
  return a.cell === b.cell && b.start === a.start + a.count;
}

function interrupted(done: number, total: number): RunInterrupted {
  return new RunInterrupted(done, total);
}

/** Batches in this thread, one after the other. */
class HereExecutor implements Executor {
  private runner: BatchRunner | null = null;
  busyMs = 0;
  batchesHere = 0;
  readonly workersUsed = 0;
  readonly threadsUsed = 1;

  constructor(
    private readonly plan: RunPlan,
    private readonly opts: RunOptions,
  ) {}

  async run(items: readonly RunItem[], complete: (slot: number, out: BatchOutput) => void): Promise<void> {
    this.runner ??= new BatchRunner(this.plan, { rows: this.opts.rows?.layout ?? null });
    const signal = this.opts.signal;
    const sliceMs = this.opts.sliceMs ?? SLICE_MS;
    let saved = 0;
    for (const it of items) {
      const t0 = millisecondsNow();
      const play = this.runner.begin(it.task);
      this.busyMs += millisecondsNow() - t0;
      for (let ended = false; !ended; ) {
        // Let signals (Ctrl-C) in between slices.
        if (signal) {
          await nextTurn();
          if (signal.aborted) throw interrupted(saved, items.length);
        }
        const slice = playSlice(play, sliceMs);
        ended = slice.ended;
        this.busyMs += slice.ms;
      }
      this.batchesHere++;
      complete(it.slot, play.output());
      saved++;
    }
  }

  async close(): Promise<void> {}
}

/**
 * Milliseconds of play a task handed to a worker should hold: each task costs a round trip through the
 * main thread (a fraction of a millisecond), so batches shorter than this go several to a task (the
 * pool's own time on 40 ms batches: 1.8% one to a task, 0.7% two).
 */
const TASK_MS = 100;
/** When RunOptions.autoStart starts the pool. */
export interface AutoStart {
  /** Milliseconds of play this thread warms up for (and two batches) before its pace decides. */
  warmMs: number;
  /** The pool starts when the rest of the round would take this thread longer than this. */
  restMs: number;
}

/**
 * A worker's start-up (its modules, its cold code: a town assault's first batches take ten times as
 * long as later ones) costs a few hundred milliseconds of a core, and this thread plays slower while it
 * lasts (V8 optimizes the worker's code on the compiler's threads, which share the cores). On 2 cores,
 * town assaults beside one worker: a run this thread would finish in 0.75 s took 0.89 s, one of 2.5 s
 * took 1.8 s.
 */
export const AUTO_START: AutoStart = { warmMs: 250, restMs: 1500 };
/**
 * Milliseconds this thread plays of a batch before it serves its events again (a battle's batch of 500
 * takes it about a second; Ctrl-C, the workers' replies and the progress bar wait no longer than this,
 * and the few engagements BatchPlay plays between two looks at the clock).
 */
const SLICE_MS = 50;

/** Play on in a batch for about `ms`: whether it ended, and the milliseconds played. */
function playSlice(play: BatchPlay, ms: number): { ended: boolean; ms: number } {
  const t0 = millisecondsNow();
  const until = t0 + ms;
  const ended = play.advance(() => millisecondsNow() >= until);
  return { ended, ms: millisecondsNow() - t0 };
}

/** The next turn of the event loop, after the events waiting now. */
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** The most batches in one task (it bounds the batches, and rows, waiting to be merged). */
const MAX_GROUP = 32;

/**
 * How many batches of `msPerBatch` (null: not known yet) make one task: enough for about TASK_MS.
 * It changes only how work is handed out, never what is merged or in which order.
 */
export function groupSize(msPerBatch: number | null): number {
  if (msPerBatch === null || !(msPerBatch > 0)) return 1;
  return Math.max(1, Math.min(MAX_GROUP, Math.floor(TASK_MS / msPerBatch)));
}

/**
 * Batches on a piscina pool, started at the first round that has work and kept for the next.
 *
 * Work is handed out in tasks: consecutive batches of one cell, as many as make about TASK_MS once the
 * first replies say how long a batch takes, fewer as the end nears. At most `2 x workers` tasks are in
 * flight and none starts more than `window` slots past the next one to merge, so the batches (and rows)
 * waiting for a slow one stay few.
 *
 * This thread plays batches too, a slice of SLICE_MS at a time with its events served between slices:
 * - while the threads start (load their modules, compile the cells, warm up), so that a short run does
 *   not wait idle for the pool; once a worker has replied it leaves all play to the workers after the
 *   batch under way. Only where the pool leaves a core free (fewer workers than cores): beside as
 *   many workers as cores it only takes a core from workers warming up. On 2 cores with `-w 2`
 *   (alternated rounds on 2026-11-27): the reference battle's 12,000 engagements at 938-972/s without
 *   it against 869-907/s with it (three rounds), the default study's run in 0.72-0.94 s against
 *   0.81-1.12 s (five); with `-w 1` it still pays (the battle's 3,000 in 5.2-6.8 s against 6.0-7.7 s
 *   without, four rounds);
 * - with RunOptions.autoStart, alone until, once warm, it finds the rest of the round long enough to
 *   gain from a pool (a short run never pays a worker's start-up). That pool has one thread fewer than
 *   `workers`, and this thread plays on beside it to the end: no more threads than cores, and one
 *   thread fewer compiling the same code (each thread optimizes its own, on the compiler's threads,
 *   which share the cores). Its workers hold a second task while on their first, so that none waits
 *   for this thread to end a slice before it starts the next. A given pool made `beside` (volley
 *   tune's, once a round has started workers) is played the same way.
 *
 * Once every batch is handed out, this thread, where it plays at all, does not wait idle for the
 * workers' last ones: it plays a copy of a batch a worker holds (`backup`: the last of the task with the
 * fewest left), and whichever copy ends first is merged. The other is dropped: the task is cut there
 * (WorkerTask.cut), and its worker leaves it within a few engagements, free at once for the next round
 * or run. A round's end is then bounded by this thread's own pace: a `volley tune` round of two batches,
 * one to a worker still warming up, ends when this thread has played both.
 *
 * Which thread plays a batch changes nothing in what is merged, nor in which order: both copies of a
 * batch are the same engagements on the same dice.
 */
class PoolExecutor implements Executor {
  /** The pool made for this run (none on a given pool), started at the first round with work. */
  private own: WorkerPool | null = null;
  busyMs = 0;
  /**
   * Milliseconds of a batch in the workers, a moving average of the tasks' means that forgets the
   * slow first batches of a worker's warm-up within a few tasks (null before the first reply).
   */
  msPerBatch: number | null = null;
  /** The pool's threads. */
  readonly workers: number;
  /** Whether this thread plays beside the pool to the end (autoStart's own pool, see above). */
  readonly beside: boolean;
  /** On a given pool, the plan every task brings. */
  readonly taskPlan: WorkerTask['plan'];
  /** Whether a worker has replied: from then on this thread plays no batch (unless `beside`). */
  warm = false;
  /** This thread's runner, for the batches it plays (while the threads start, or beside them). */
  here: BatchRunner | null = null;
  /**
   * Workers told to inject a fault (the test hook of worker.ts, read when a pool starts) play every
   * batch: this thread none.
   */
  readonly helps: boolean;
  /** Whether this thread plays while the workers start: the pool leaves a core free (see above). */
  readonly helpsStarting: boolean;
  batchesHere = 0;

  constructor(
    readonly plan: RunPlan,
    readonly opts: RunOptions,
    private readonly given: WorkerPool | null = null,
  ) {
    this.helps = !(given ? given.injectsFaults : faultInjected());
    this.beside = this.helps && (given ? given.beside : this.auto !== null);
    this.workers = given ? given.workers : this.beside ? opts.workers - 1 : opts.workers;
    this.helpsStarting = this.helps && this.workers < (opts.cores ?? availableParallelism());
    this.taskPlan = given ? { key: given.nextKey(), setup: { plan, rows: opts.rows?.layout ?? null } } : undefined;
  }

  start(): WorkerPool {
    return this.given ?? (this.own ??= new WorkerPool(this.workers, { plan: this.plan, rows: this.opts.rows?.layout ?? null }, { beside: this.beside }));
  }

  /** Whether the pool was started (by this run or before it). */
  get started(): boolean {
    return this.given !== null || this.own !== null;
  }

  get workersUsed(): number {
    return this.started ? this.workers : 0;
  }

  get threadsUsed(): number {
    return !this.started ? 1 : this.beside ? this.workers + 1 : this.workers;
  }

  /** RunOptions.autoStart's thresholds, or null: the pool starts at once. */
  get auto(): AutoStart | null {
    const a = this.opts.autoStart;
    return a === true ? AUTO_START : a || null;
  }

  async run(items: readonly RunItem[], complete: (slot: number, out: BatchOutput) => void, nextToMerge: () => number): Promise<void> {
    if (items.length === 0) return;
    // With autoStart, this thread plays the first batches alone and the pool starts only if the rest is long.
    const pool = this.started || !this.auto || !this.helps ? this.start() : null;
    await new PoolRound(this, pool, items, complete, nextToMerge).play();
  }

  /**
   * A given pool stays open: its owner closes it, after a failure too (a failed run's tasks may still be
   * running). So does this run's own, handed to RunOptions.keepPool.
   */
  async close(): Promise<void> {
    const own = this.own;
    this.own = null;
    if (!own) return;
    if (!this.opts.keepPool) return await own.close();
    try {
      this.opts.keepPool(own);
    } catch (e) {
      await own.close();
      throw e;
    }
  }
}

/** This thread's batch under way; `of`: the worker's task it is a copy of (PoolRound.backup), or null. */
interface BatchHere {
  it: RunItem;
  of: RunItem[] | null;
  play: BatchPlay;
  ms: number;
}

/**
 * One round of a PoolExecutor (one call of its `run`): the batches handed out to the workers in tasks,
 * those this thread plays itself, and the round's end. The executor keeps what outlives a round (the
 * pool, the workers' pace and warmth, this thread's runner).
 */
class PoolRound {
  private readonly opts: RunOptions;
  /** The threads playing once the pool is up. */
  private readonly threads: number;
  /** The next item to hand out. */
  private cursor = 0;
  /** Set once the round is over: ended, failed or stopped. */
  private stopped = false;
  /** Slots merged already, by whichever thread played them first. */
  private readonly completed = new Set<number>();
  /** The tasks still in the workers, with where each is cut (WorkerTask.cut). */
  private readonly flying = new Map<RunItem[], Int32Array>();
  /** Whether this thread's next slice is scheduled already. */
  private helpPending = false;
  private mine: BatchHere | null = null;
  /** This thread's slices, in milliseconds. */
  private readonly sliceMs: number;
  /** Milliseconds this thread has played in this round, and its last three batches' (autoStart's pace). */
  private ownMs = 0;
  private readonly recent: number[] = [];
  private resolve: () => void = () => undefined;
  private reject: (e: Error) => void = () => undefined;
  private readonly onAbort = () => this.stop(interrupted(this.completed.size, this.items.length));

  constructor(
    private readonly ex: PoolExecutor,
    /** The pool, or null until autoStart starts it. */
    private pool: WorkerPool | null,
    private readonly items: readonly RunItem[],
    private readonly complete: (slot: number, out: BatchOutput) => void,
    private readonly nextToMerge: () => number,
  ) {
    this.opts = ex.opts;
    this.threads = ex.beside ? ex.workers + 1 : ex.workers;
    this.sliceMs = this.opts.sliceMs ?? SLICE_MS;
  }

  /** Play the round to its end: resolves once every slot is merged, rejects on the first failure. */
  async play(): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        this.resolve = resolve;
        this.reject = reject;
        this.opts.signal?.addEventListener('abort', this.onAbort, { once: true });
        if (this.pool && !this.attach(this.pool)) return;
        if (this.opts.signal?.aborted) return this.onAbort();
        this.pump();
        this.scheduleHelp();
      });
    } finally {
      this.opts.signal?.removeEventListener('abort', this.onAbort);
      if (this.pool) this.pool.onError = null;
    }
  }

  /** The round ends with `e`: the workers leave what they hold. */
  private stop(e: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    this.cutAll();
    this.reject(e);
  }

  private fail(e: unknown): void {
    this.stop(e instanceof Error ? e : new Error(String(e)));
  }

  /** Tell the worker holding `group` to leave its batches from the k-th on. */
  private cutAt(group: RunItem[], k: number): void {
    const cut = this.flying.get(group);
    if (!cut || Atomics.load(cut, 0) <= k) return;
    Atomics.store(cut, 0, k);
    Atomics.notify(cut, 0);
  }

  /** Once the round is over (ended, failed or stopped), the workers leave what they still hold. */
  private cutAll(): void {
    for (const group of this.flying.keys()) this.cutAt(group, 0);
  }

  /** Report the pool's faults to this round; false when one happened already (the round then ends). */
  private attach(p: WorkerPool): boolean {
    // A worker that dies with no batch of ours (between tasks) is still the end of the run.
    if (p.onError) throw new Error('internal: a worker pool runs one plan at a time');
    p.onError = (e) => this.stop(e);
    const fault = p.takeFault();
    if (fault) {
      this.stop(fault);
      return false;
    }
    return true;
  }

  /** Batches a task holds. */
  private taskSize(): number {
    return this.opts.batchesPerTask ?? groupSize(this.ex.msPerBatch);
  }

  /** How far past the next slot to merge tasks of `full` batches may start. */
  private windowOf(full: number): number {
    return Math.max(8, 4 * this.threads) * full;
  }

  /** Hand out tasks while the workers have room; end the round once every slot is merged. */
  private pump(): void {
    const { items, pool, threads, ex } = this;
    if (pool) {
      const full = this.taskSize();
      const window = this.windowOf(full);
      // Near the end, smaller tasks: no thread is left with a long one while the others wait.
      const size = Math.max(1, Math.min(full, Math.ceil((items.length - this.cursor) / (2 * threads))));
      // Beside this thread, a second task per worker waits in the worker's queue, but not for the
      // last few batches, which this thread may take instead, nor while the workers are still cold
      // unless many are left (a battle's first batch takes a cold worker twice as long as this thread).
      const left = items.length - this.cursor;
      const perWorker = ex.beside && left > threads * size && (ex.warm || left > 8 * threads * size) ? 2 : 1;
      const inFlightMax = ex.beside ? perWorker * ex.workers : 2 * ex.workers;
      while (!this.stopped && this.cursor < items.length && this.flying.size < inFlightMax && items[this.cursor].slot < this.nextToMerge() + window) {
        // Consecutive batches of one cell, each starting where the one before ends.
        const group = [items[this.cursor++]];
        while (group.length < size && this.cursor < items.length && follows(group[group.length - 1].task, items[this.cursor].task)) group.push(items[this.cursor++]);
        this.submit(pool, group);
      }
    }
    if (!this.stopped && this.completed.size === items.length) {
      // Done: a worker still on a copy of a batch merged already is not waited for; it leaves it.
      this.stopped = true;
      this.cutAll();
      this.resolve();
    }
    if (!pool || ex.beside) this.scheduleHelp();
  }

  /** Merge a batch's output unless another thread's copy was merged first. */
  private completeOnce(it: RunItem, out: BatchOutput): void {
    if (this.completed.has(it.slot)) return;
    this.completed.add(it.slot);
    this.complete(it.slot, out);
  }

  /** Whether this thread plays batches now (the batch under way aside): see PoolExecutor's comment. */
  private mayPlay(): boolean {
    const ex = this.ex;
    return !(this.pool && !ex.beside && (ex.warm || !ex.helpsStarting));
  }

  /**
   * With nothing left to hand out, a batch a worker holds that this thread plays too (null: none):
   * of the task with the fewest batches left, the latest handed out among those, the last (its
   * worker plays them from the first, so what this thread has played is always the task's tail,
   * where it is cut). Whichever copy ends first is merged; both are the same.
   */
  private backup(): { it: RunItem; group: RunItem[] } | null {
    let pick: { it: RunItem; group: RunItem[] } | null = null;
    let fewest = Infinity;
    for (const group of this.flying.keys()) {
      let left = 0;
      let last: RunItem | null = null;
      for (const it of group) {
        if (this.completed.has(it.slot)) continue;
        left++;
        last = it;
      }
      if (last && left <= fewest) {
        pick = { it: last, group };
        fewest = left;
      }
    }
    return pick;
  }

  private scheduleHelp(): void {
    if (this.helpPending || this.stopped || !this.ex.helps) return;
    if (this.cursor >= this.items.length && !this.mine && this.flying.size === 0) return;
    this.helpPending = true;
    setImmediate(() => this.help());
  }

  /**
   * This thread's share: the next batch, played in slices of SLICE_MS with the event loop between
   * them (Ctrl-C, the workers' replies, progress), whatever the batch's length.
   */
  private help(): void {
    this.helpPending = false;
    if (this.stopped || !this.ex.helps) return;
    // A batch a worker ended first is merged already: this copy is dropped.
    if (this.mine && this.completed.has(this.mine.it.slot)) this.mine = null;
    if (!this.mine) {
      if (!this.mayPlay()) return;
      const next = this.nextHere();
      if (!next) return;
      try {
        this.mine = this.begin(next.it, next.of);
      } catch (e) {
        return this.fail(e);
      }
    }
    const mine = this.mine;
    let slice: { ended: boolean; ms: number };
    try {
      slice = playSlice(mine.play, this.sliceMs);
    } catch (e) {
      return this.fail(e);
    }
    this.ex.busyMs += slice.ms;
    mine.ms += slice.ms;
    if (!slice.ended) return this.scheduleHelp();
    this.mine = null;
    this.ex.batchesHere++;
    // The worker holding the task this batch is a copy of leaves it, and those after it.
    if (mine.of) this.cutAt(mine.of, mine.of.indexOf(mine.it));
    try {
      this.completeOnce(mine.it, mine.play.output());
    } catch (e) {
      return this.fail(e);
    }
    if (!this.paced(mine.ms)) return;
    this.pump();
    this.scheduleHelp();
  }

  /** The batch this thread plays next (null: none for now), and the worker's task it is a copy of. */
  private nextHere(): { it: RunItem; of: RunItem[] | null } | null {
    const { items, pool } = this;
    if (this.cursor < items.length) {
      // The window of the workers' tasks, wider: an accumulator waiting to be merged is small; rows
      // are not. Beside the pool, this thread's batches come after the tasks the workers hold (with
      // rows, a few batches past the workers' own window).
      const reach = (this.opts.rows ? 1 : 8) * Math.max(8, 4 * this.threads) + (pool && this.ex.beside ? this.windowOf(this.taskSize()) : 0);
      // Too far ahead: a worker's reply (which merges, then calls pump) brings this thread back.
      if (pool && items[this.cursor].slot >= this.nextToMerge() + reach) return null;
      return { it: items[this.cursor++], of: null };
    }
    // Nothing left to hand out: rather than wait idle for the workers' last batches, play one too.
    const copy = this.backup();
    return copy && { it: copy.it, of: copy.group };
  }

  /** Begin a batch in this thread (the cell compiled first if it is new to this thread). */
  private begin(it: RunItem, of: RunItem[] | null): BatchHere {
    const ex = this.ex;
    ex.here ??= new BatchRunner(ex.plan, { rows: this.opts.rows?.layout ?? null });
    const t0 = millisecondsNow();
    const play = ex.here.begin(it.task);
    const ms = millisecondsNow() - t0;
    ex.busyMs += ms;
    return { it, of, play, ms };
  }

  /**
   * Count a batch this thread ended, of `ms`, toward its pace, and with autoStart start the pool once
   * the rest of the round would take this thread long enough; false if that failed (the round ends).
   * Code runs cold for the first batches: the pace is read once this thread has played warmMs and two
   * batches, as the quickest of its last three (a slower one met a collection or a compilation, which
   * later batches meet less).
   */
  private paced(ms: number): boolean {
    const ex = this.ex;
    this.ownMs += ms;
    this.recent.push(ms);
    if (this.recent.length > 3) this.recent.shift();
    const auto = ex.auto;
    const pace = Math.min(...this.recent);
    if (!this.pool && auto && ex.workers > 0 && this.ownMs >= auto.warmMs && this.recent.length >= 2 && pace * (this.items.length - this.cursor) > auto.restMs) {
      try {
        this.pool = ex.start();
      } catch (e) {
        this.fail(e);
        return false;
      }
      if (!this.attach(this.pool)) return false;
    }
    return true;
  }

  /** Hand `group` to a worker; its reply is merged (those of its batches not merged already). */
  private submit(p: WorkerPool, group: RunItem[]): void {
    const cut = new Int32Array(new SharedArrayBuffer(4));
    cut[0] = group.length;
    this.flying.set(group, cut);
    const task: WorkerTask = { batches: group.map((it) => it.task), plan: this.ex.taskPlan, cut };
    (p.piscina.run(task) as Promise<WorkerReply>).then(
      (reply) => this.replied(group, reply),
      (e: unknown) => {
        this.flying.delete(group);
        // The batches the worker may have died in: those of the task not merged from this thread's
        // copies (all of them if every one was: it died on one this thread had played too).
        const lost = group.filter((it) => !this.completed.has(it.slot));
        this.stop(new WorkerFault((lost.length > 0 ? lost : group).map((it) => it.task), e instanceof Error ? e.message : String(e)));
      },
    );
  }

  private replied(group: RunItem[], reply: WorkerReply): void {
    const ex = this.ex;
    this.flying.delete(group);
    if (this.stopped) return;
    let ms = 0;
    try {
      // The batches played, a failed task's included: the checkpoint keeps them. Those this
      // thread played first are merged already.
      reply.outs.forEach((out, k) => {
        ex.busyMs += out.ms;
        ms += out.ms;
        this.completeOnce(group[k], { acc: out.acc, rows: out.rows });
      });
      // A task cut short: the batches it left were merged from this thread's copies.
      if (reply.ok && group.some((it) => !this.completed.has(it.slot))) throw new Error(`internal: a task's reply without ${group.length - reply.outs.length} of its batches`);
    } catch (e) {
      return this.fail(e);
    }
    if (!reply.ok) return this.stop(EngagementError.fromPlain(reply.failure));
    // A task cut before its worker played anything says nothing of the worker's warmth.
    if (reply.outs.length > 0) {
      ex.warm = true;
      const mean = ms / reply.outs.length;
      ex.msPerBatch = ex.msPerBatch === null ? mean : 0.5 * ex.msPerBatch + 0.5 * mean;
    }
    this.pump();
  }
}
