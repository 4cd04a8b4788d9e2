/**
 * Piscina worker: runs a task's batches one after the other, of the plan given as workerData or, on a
 * pool kept for several plans (WorkerPool in src/sim/engine/runner.ts), of the plan the task brings.
 */
import { workerData } from 'node:worker_threads';
import { BatchRunner, EngagementError } from './batch.js';
import type { TimedOutput, WorkerReply, WorkerSetup, WorkerTask } from './runner.js';
import { millisecondsNow } from './stopwatch.js';

/**
 * Test hook, undocumented on purpose: VOLLEY_FAULT injects a fault so that tests can check how a run
 * reports it without touching the rules. Read here only, so it never reaches an in-process run.
 *   throw:cell=K,engagement=I   engagement I of cell K throws
 *   exit:batch=B                the worker exits (process.exit) when it starts batch B, 100 ms in:
 *                               replies it sent before then reach the main thread first (Node keeps
 *                               no order between a thread's exit and the messages it posted)
 *   uncaught:batch=B            batch B never returns and an error is thrown outside it
 *   delay:ms=M                  every batch takes M ms longer (to interrupt a run at leisure), less
 *                               if its task is cut (WorkerTask.cut) meanwhile
 *   slow:ms=M                   the same, but not a fault: the main thread still plays beside the workers
 */
interface Fault {
  kind: 'throw' | 'exit' | 'uncaught' | 'delay' | 'slow';
  args: Record<string, number>;
}

function faultFromEnv(spec: string | undefined): Fault | null {
  const m = spec?.match(/^(throw|exit|uncaught|delay|slow):(.*)$/);
  if (!m) return null;
  const args: Record<string, number> = {};
  for (const kv of m[2].split(',')) {
    const [k, v] = kv.split('=');
    if (k) args[k.trim()] = Number(v);
  }
  return { kind: m[1] as Fault['kind'], args };
}

const fault = faultFromEnv(process.env.VOLLEY_FAULT);
const newRunner = (setup: WorkerSetup) =>
  new BatchRunner(setup.plan, {
    rows: setup.rows,
    beforePlay:
      fault?.kind === 'throw'
        ? (cell, engagement) => {
            if (cell === fault.args.cell && engagement === fault.args.engagement) throw new Error('injected fault (VOLLEY_FAULT)');
          }
        : undefined,
  });

/** The plan of a pool made for one run. */
const fromData = workerData && typeof workerData === 'object' && 'plan' in workerData ? newRunner(workerData as WorkerSetup) : null;
/** Plans brought by tasks, by key: the latest two (a tune round's, and the one before while it drains). */
const byKey = new Map<string, BatchRunner>();

function runnerFor(task: WorkerTask): BatchRunner {
  if (!task.plan) {
    if (!fromData) throw new Error('internal: a task without a plan on a pool made without one');
    return fromData;
  }
  let runner = byKey.get(task.plan.key);
  if (!runner) {
    runner = newRunner(task.plan.setup);
    byKey.set(task.plan.key, runner);
    if (byKey.size > 2) byKey.delete(byKey.keys().next().value!);
  }
  return runner;
}

export default function runBatches(work: WorkerTask): WorkerReply | Promise<never> {
  const outs: TimedOutput[] = [];
  // Batches from cut[0] on are not wanted any more (WorkerTask.cut): not begun, or left as they play.
  const cut = work.cut ?? null;
  const isCut = (k: number) => cut !== null && Atomics.load(cut, 0) <= k;
  try {
    const runner = runnerFor(work);
    for (let k = 0; k < work.batches.length && !isCut(k); k++) {
      const task = work.batches[k];
      if (fault?.kind === 'exit' && task.index === fault.args.batch) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        process.exit(3);
      }
      if (fault?.kind === 'uncaught' && task.index === fault.args.batch) {
        setImmediate(() => {
          throw new Error('injected uncaught error (VOLLEY_FAULT)');
        });
        return new Promise<never>(() => undefined);
      }
      // Timed around the batch, outside the engine: how busy the worker was (RunOutcome.batchSeconds).
      // A delayed batch (the test hook) counts as a slow one, so that it goes to a task of its own.
      const t0 = millisecondsNow();
      if (fault?.kind === 'delay' || fault?.kind === 'slow') {
        // The wait ends early when the batch is cut.
        const on = cut ?? new Int32Array(new SharedArrayBuffer(4));
        const until = t0 + fault.args.ms;
        for (let left = fault.args.ms; left > 0; left = until - millisecondsNow()) {
          // The value read once: a cut stored after it wakes the wait, or makes it return at once.
          const now = Atomics.load(on, 0);
          if (cut !== null && now <= k) break;
          Atomics.wait(on, 0, now, left);
        }
        if (isCut(k)) break;
      }
      const play = runner.begin(task);
      if (!play.advance(() => isCut(k))) break;
      outs.push({ ms: millisecondsNow() - t0, ...play.output() });
    }
    return { ok: true, outs };
  } catch (e) {
    // Classes do not survive the thread boundary; the failure's fields do.
    if (e instanceof EngagementError) return { ok: false, failure: e.toPlain(), outs };
    throw e;
  }
}
