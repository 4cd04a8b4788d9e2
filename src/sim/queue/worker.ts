/**
 * A machine's side of a distributed run (`volley worker --queue URL`): take batch jobs from the queue
 * and play them on this machine's own piscina pool, with the plan each job names (read from Redis once,
 * and checked like an input file: src/sim/queue/jobs.ts). An engagement that throws fails its job for
 * good, with what the coordinator needs to name it; a thread that dies leaves the job to be tried again
 * (JOB_ATTEMPTS); a machine that dies holding jobs loses them to BullMQ's stalled-job check, which gives
 * them to another worker once their lock runs out (LOCK_MS).
 */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { WorkerPool, type WorkerReply, type WorkerTask } from '../engine/runner.js';
import { atMost, checkServer, connectionOptions, watchServer, type QueueUnreachable } from './connection.js';
import { checkBatch, encodeFailure, planKey, QUEUE_NAME, readJob, readPlan, RefusedPlan, type JobData, type JobResult, type StoredPlan } from './jobs.js';
import type { QueueAddress } from './url.js';

/** A job's lock: renewed every half of it while the job plays; a worker silent this long has died. */
export const LOCK_MS = 6000;
/** How often each worker looks for jobs whose lock ran out. */
export const STALLED_CHECK_MS = 3000;
/** A job that stalls more often than this fails (a batch that kills every machine it goes to). */
export const MAX_STALLED = 3;
/** Plans kept ready (a machine serving a sweep sees a few at a time). */
const PLANS_KEPT = 4;

export interface ServeOptions {
  /** Threads of the pool, and jobs played at once. */
  concurrency: number;
  /** Aborting stops taking jobs; the jobs under way finish first. */
  signal?: AbortSignal;
  /** One line per event worth a log: start, a new plan, a refusal, a failure. */
  log?: (line: string) => void;
}

/** Serve the queue until `signal` aborts (resolves) or the server is lost (rejects with QueueUnreachable). */
export async function serveQueue(address: QueueAddress, opts: ServeOptions): Promise<{ batches: number }> {
  const log = opts.log ?? (() => undefined);
  await checkServer(address);
  const pool = new WorkerPool(opts.concurrency);
  const plans = new Map<string, Promise<StoredPlan>>();
  let batches = 0;
  let lostWith: ((e: QueueUnreachable) => void) | null = null;
  let lost = false;
  const watcher = watchServer(address, (e) => {
    lost = true;
    lostWith?.(e);
  });

  const planOf = (hash: string): Promise<StoredPlan> => {
    let p = plans.get(hash);
    if (!p) {
      p = watcher.get(planKey(hash)).then((text) => {
        if (text === null) throw new RefusedPlan(`the plan ${hash.slice(0, 12)} is not in Redis (its coordinator never stored it, or it expired)`);
        const stored = readPlan(text, hash);
        const plan = stored.setup.plan;
        log(`plan ${hash.slice(0, 12)}: ${plan.cells.length} cells of ${plan.engagements} engagements, batches of ${plan.batch}`);
        return stored;
      });
      // A refusal is remembered too: every job of that plan is refused the same way.
      plans.set(hash, p);
      if (plans.size > PLANS_KEPT) plans.delete(plans.keys().next().value!);
    }
    return p;
  };

  const play = async (job: Job<JobData>): Promise<JobResult> => {
    let data: JobData;
    let stored: StoredPlan;
    try {
      data = readJob(job.data);
      stored = await planOf(data.hash);
      checkBatch(stored.setup.plan, data.batch);
    } catch (e) {
      if (!(e instanceof RefusedPlan)) throw e;
      log(`refused job ${job.id}: ${e.message}`);
      throw new UnrecoverableError(encodeFailure({ refused: e.message }));
    }
    const task: WorkerTask = { batches: [data.batch], plan: { key: data.hash, setup: stored.setup } };
    const reply = (await pool.piscina.run(task)) as WorkerReply;
    if (!reply.ok) {
      log(`batch ${data.batch.index} of plan ${data.hash.slice(0, 12)}: ${reply.failure.reason} (seed '${reply.failure.seed}')`);
      throw new UnrecoverableError(encodeFailure({ engagement: reply.failure }));
    }
    const out = reply.outs[0];
    batches++;
    return out.rows === undefined ? { acc: out.acc, ms: out.ms } : { acc: out.acc, rows: out.rows, ms: out.ms };
  };

  const worker = new Worker<JobData, JobResult>(QUEUE_NAME, play, {
    connection: connectionOptions(address),
    concurrency: opts.concurrency,
    lockDuration: LOCK_MS,
    stalledInterval: STALLED_CHECK_MS,
    maxStalledCount: MAX_STALLED,
    autorun: false,
  });
  worker.on('error', () => undefined);
  log(`taking batches from ${address.shown} on ${opts.concurrency} thread${opts.concurrency === 1 ? '' : 's'}`);
  try {
    await new Promise<void>((resolve, reject) => {
      lostWith = reject;
      const stop = () => resolve();
      if (opts.signal?.aborted) return stop();
      opts.signal?.addEventListener('abort', stop, { once: true });
      worker.run().catch(reject);
    });
  } finally {
    lostWith = null;
    watcher.removeAllListeners('end');
    watcher.disconnect();
    // Jobs under way finish and are handed in first; with the server lost they cannot be, and stall
    // (another worker takes them once the server is back).
    await atMost(worker.close(), lost ? 1000 : 2 * LOCK_MS);
    await atMost(worker.disconnect(), 1000);
    await pool.close();
  }
  return { batches };
}
