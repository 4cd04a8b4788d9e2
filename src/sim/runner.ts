/**
 * Running a plan: in-process (workers = 0) or on a piscina pool. Batch results are merged strictly in
 * batch order as they complete, so the merged accumulators are identical for any worker count.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { emptyCellAcc, mergeCellAcc, type CellAccumulator } from '../stats/cellAccumulator.js';
import { BatchRunner, EngagementError } from './batch.js';
import { batchesOf, type RunPlan } from './plan.js';

export interface RunProgress {
  done: number;
  total: number;
}

export interface RunOptions {
  /** 0 runs in this thread; otherwise the pool size. */
  workers: number;
  onProgress?: (p: RunProgress) => void;
}

/** The compiled worker script. Tests that import the TypeScript sources still run the built worker. */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return fileURLToPath(new URL('./worker.js', import.meta.url));
  const built = here.replace(/[/\\]src[/\\]sim[/\\]runner\.ts$/, '/dist/src/sim/worker.js');
  if (!existsSync(built)) throw new Error(`the worker is not built (${built}); run 'npm run build'`);
  return built;
}

export async function runPlan(plan: RunPlan, opts: RunOptions): Promise<CellAccumulator[]> {
  const tasks = batchesOf(plan);
  const unitCounts = plan.cells.map(() => -1);
  const merged: (CellAccumulator | null)[] = plan.cells.map(() => null);
  let doneEngagements = 0;
  const total = plan.engagements * plan.cells.length;
  const take = (i: number, acc: CellAccumulator) => {
    const t = tasks[i];
    const m = merged[t.cell];
    if (m === null) {
      merged[t.cell] = acc;
      unitCounts[t.cell] = acc.units.length;
    } else mergeCellAcc(m, acc);
    doneEngagements += t.count;
    opts.onProgress?.({ done: doneEngagements, total });
  };

  if (opts.workers <= 0) {
    const runner = new BatchRunner(plan);
    for (let i = 0; i < tasks.length; i++) take(i, runner.run(tasks[i]));
  } else {
    const pool = new Piscina({
      filename: pathToFileURL(workerFile()).href,
      workerData: plan,
      minThreads: opts.workers,
      maxThreads: opts.workers,
      idleTimeout: 1000,
    });
    try {
      const pending: (CellAccumulator | undefined)[] = new Array(tasks.length);
      let next = 0;
      await Promise.all(
        tasks.map((t, i) =>
          pool.run(t).then((acc: CellAccumulator) => {
            pending[i] = acc;
            // Merge the completed prefix in batch order.
            while (next < tasks.length && pending[next] !== undefined) {
              take(next, pending[next]!);
              pending[next] = undefined;
              next++;
            }
          }),
        ),
      );
    } catch (e) {
      throw rethrowWorkerError(e);
    } finally {
      await pool.destroy();
    }
  }
  return merged.map((m, i) => m ?? emptyCellAcc(Math.max(0, unitCounts[i])));
}

/** Errors cross the thread boundary as plain Errors; keep the engagement's identity in the message. */
function rethrowWorkerError(e: unknown): Error {
  if (e instanceof EngagementError) return e;
  return e instanceof Error ? e : new Error(String(e));
}
