/**
 * Running a plan: in-process (workers = 0) or on a piscina pool. Batch results are merged strictly in
 * batch order as they complete, so the merged accumulators are identical for any worker count, and
 * for a run resumed from a checkpoint.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { emptyCellAcc, mergeCellAcc, type CellAccumulator } from '../stats/cellAccumulator.js';
import { BatchRunner, EngagementError, type BatchOutput, type EngagementFailure } from './batch.js';
import type { RowLayout } from './engagementRows.js';
import { batchesOf, type BatchTask, type RunPlan } from './plan.js';
import { RunInterrupted, WorkerFault } from './runErrors.js';

export interface RunProgress {
  done: number;
  total: number;
}

export interface RunOptions {
  /** 0 runs in this thread; otherwise the pool size. */
  workers: number;
  onProgress?: (p: RunProgress) => void;
  /** Batches done before (from a checkpoint), by batch index: merged in their place, not run again. */
  done?: ReadonlyMap<number, CellAccumulator>;
  /** Each batch run now, as it completes (in completion order): the checkpoint records it here. */
  onBatch?: (index: number, acc: CellAccumulator) => void;
  /**
   * One row per engagement: the rows of every batch from `from` on are passed to `write` in batch
   * order (batches before `from` already have theirs written; done batches after it run again).
   */
  rows?: { layout: RowLayout; from: number; write: (index: number, text: string) => void };
  /** Aborting stops the run: RunInterrupted once the pool is down. */
  signal?: AbortSignal;
}

/** What a worker returns for a batch (src/sim/worker.ts): the output, or the engagement that failed. */
export type WorkerReply = ({ ok: true } & BatchOutput) | { ok: false; failure: EngagementFailure };

/** What a worker is given: the plan and, for exports, the row layout. */
export interface WorkerSetup {
  plan: RunPlan;
  rows: RowLayout | null;
}

/**
 * The compiled worker's CommonJS entry (src/sim/workerEntry.cts says why not worker.js itself).
 * Tests that import the TypeScript sources still run the built worker.
 */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return fileURLToPath(new URL('./workerEntry.cjs', import.meta.url));
  const built = here.replace(/[/\\]src[/\\]sim[/\\]runner\.ts$/, '/dist/src/sim/workerEntry.cjs');
  if (!existsSync(built)) throw new Error(`the worker is not built (${built}); run 'npm run build'`);
  return built;
}

export async function runPlan(plan: RunPlan, opts: RunOptions): Promise<CellAccumulator[]> {
  const tasks = batchesOf(plan);
  const done = opts.done ?? new Map<number, CellAccumulator>();
  const rowsFrom = opts.rows ? opts.rows.from : tasks.length;
  const merged: (CellAccumulator | null)[] = plan.cells.map(() => null);
  const unitCounts = plan.cells.map(() => -1);
  const total = plan.engagements * plan.cells.length;
  let doneEngagements = 0;

  // Completed batches waiting for their turn to be merged, and the next batch to merge.
  const ready: (BatchOutput | undefined)[] = new Array(tasks.length);
  let next = 0;
  const mergePrefix = () => {
    while (next < tasks.length) {
      const out = ready[next] ?? (next < rowsFrom && done.has(next) ? { acc: done.get(next)! } : undefined);
      if (!out) break;
      ready[next] = undefined;
      const t = tasks[next];
      // A batch run again only for its rows merges its checkpointed accumulator (they are equal).
      const acc = done.get(next) ?? out.acc;
      const m = merged[t.cell];
      if (m === null) {
        merged[t.cell] = structuredClone(acc);
        unitCounts[t.cell] = acc.units.length;
      } else mergeCellAcc(m, acc);
      if (opts.rows && next >= rowsFrom) opts.rows.write(next, out.rows ?? '');
      doneEngagements += t.count;
      opts.onProgress?.({ done: doneEngagements, total });
      next++;
    }
  };
  const complete = (i: number, out: BatchOutput) => {
    if (!done.has(i)) opts.onBatch?.(i, out.acc);
    ready[i] = out;
    mergePrefix();
  };

  const toRun = tasks.filter((t) => !done.has(t.index) || t.index >= rowsFrom);
  mergePrefix();
  if (opts.workers <= 0) await runHere(plan, opts, toRun, complete);
  else await runOnPool(plan, opts, toRun, complete, () => next);
  if (next < tasks.length) throw new Error(`internal: merged ${next} of ${tasks.length} batches`);
  return merged.map((m, i) => m ?? emptyCellAcc(Math.max(0, unitCounts[i])));
}

function interrupted(done: number, total: number): RunInterrupted {
  return new RunInterrupted(done, total);
}

async function runHere(plan: RunPlan, opts: RunOptions, toRun: BatchTask[], complete: (i: number, out: BatchOutput) => void): Promise<void> {
  const runner = new BatchRunner(plan, { rows: opts.rows?.layout ?? null });
  let saved = 0;
  for (const t of toRun) {
    // Let signals (Ctrl-C) in between batches.
    if (opts.signal) await new Promise<void>((r) => setImmediate(r));
    if (opts.signal?.aborted) throw interrupted(saved, toRun.length);
    complete(t.index, runner.runBatch(t));
    saved++;
  }
}

/**
 * On the pool, at most `2 x workers` batches are in flight and none more than `window` batches past
 * the next one to merge, so the batches (and rows) waiting for a slow one stay few.
 */
async function runOnPool(
  plan: RunPlan,
  opts: RunOptions,
  toRun: BatchTask[],
  complete: (i: number, out: BatchOutput) => void,
  nextToMerge: () => number,
): Promise<void> {
  if (toRun.length === 0) return;
  const setup: WorkerSetup = { plan, rows: opts.rows?.layout ?? null };
  const pool = new Piscina({
    filename: pathToFileURL(workerFile()).href,
    workerData: setup,
    minThreads: opts.workers,
    maxThreads: opts.workers,
    idleTimeout: 1000,
  });
  const inFlightMax = 2 * opts.workers;
  const window = Math.max(8, 4 * opts.workers);
  let cursor = 0;
  let inFlight = 0;
  let finished = 0;
  let stopped = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (e: Error) => {
        if (stopped) return;
        stopped = true;
        reject(e);
      };
      const onAbort = () => stop(interrupted(finished, toRun.length));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      if (opts.signal?.aborted) return onAbort();
      // A worker that dies with no batch of ours (between batches) is still the end of the run.
      pool.on('error', (e: unknown) => stop(new WorkerFault(null, e instanceof Error ? e.message : String(e))));
      const pump = () => {
        while (!stopped && cursor < toRun.length && inFlight < inFlightMax && toRun[cursor].index < nextToMerge() + window) {
          submit(toRun[cursor++]);
        }
        if (!stopped && finished === toRun.length) {
          opts.signal?.removeEventListener('abort', onAbort);
          resolve();
        }
      };
      const submit = (t: BatchTask) => {
        inFlight++;
        (pool.run(t) as Promise<WorkerReply>).then(
          (reply) => {
            inFlight--;
            if (stopped) return;
            if (!reply.ok) return stop(EngagementError.fromPlain(reply.failure));
            finished++;
            try {
              complete(t.index, { acc: reply.acc, rows: reply.rows });
            } catch (e) {
              return stop(e instanceof Error ? e : new Error(String(e)));
            }
            pump();
          },
          (e: unknown) => {
            inFlight--;
            stop(new WorkerFault(t, e instanceof Error ? e.message : String(e)));
          },
        );
      };
      pump();
    });
  } finally {
    // Queued batches are dropped; a destroy that fails must not hide why the run stopped.
    await pool.destroy().catch(() => undefined);
  }
}
