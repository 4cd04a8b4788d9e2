/**
 * The coordinator's side of a distributed run (`volley run FILE --queue URL`): an Executor that stores
 * the plan in Redis once, puts each batch on the queue as a BullMQ job and merges what the workers
 * (`volley worker`, src/sim/queue/worker.ts) return. The runner merges in batch order as for a local
 * run, so results.json is the same bits whatever machines play the batches and in whatever order they
 * finish. A job's id is fixed by the plan's hash and the batch, so a coordinator started again with
 * --resume finds the batches finished meanwhile still in Redis; each is merged once.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { EngagementError, type BatchOutput } from '../engine/batch.js';
import { RunInterrupted } from '../engine/errors.js';
import type { Executor, RunItem, RunOptions } from '../engine/runner.js';
import type { RunPlan } from '../engine/plan.js';
import { atMost, checkServer, connectionOptions, QueueUnreachable, watchServer } from './connection.js';
import { decodeFailure, jobData, jobId, planKey, QUEUE_NAME, storedPlan, type JobData, type JobResult, type StoredPlan } from './jobs.js';
import type { QueueAddress } from './url.js';

/** Jobs on the queue ahead of the next batch to merge: enough to keep many machines busy, few enough to keep Redis small. */
export const QUEUE_WINDOW = 256;
/** How long Redis keeps a stored plan after its coordinator last set it. */
const PLAN_SECONDS = 7 * 24 * 3600;
/** Attempts of a job whose worker thread died (not an engagement that failed: that fails the run at once). */
export const JOB_ATTEMPTS = 3;

/** A batch a worker could not play: the run fails with the worker's reason. */
export class QueueJobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueJobFailed';
  }
}

export interface QueueHooks {
  /** Told once the plan is stored and the first jobs are queued, with how many workers are connected. */
  onQueued?: (info: { batches: number; workers: number; hash: string }) => void;
}

export class QueueExecutor implements Executor {
  busyMs = 0;
  private queue: Queue<JobData, unknown> | null = null;
  private events: QueueEvents | null = null;
  private watcher: Redis | null = null;
  private stored: StoredPlan;
  private lost: ((e: QueueUnreachable) => void) | null = null;
  private lostError: QueueUnreachable | null = null;

  constructor(
    plan: RunPlan,
    private readonly opts: RunOptions,
    private readonly address: QueueAddress,
    private readonly hooks: QueueHooks = {},
  ) {
    this.stored = storedPlan(plan, { plan, rows: opts.rows?.layout ?? null });
  }

  private async open(): Promise<{ queue: Queue<JobData, unknown>; events: QueueEvents }> {
    if (this.queue && this.events) return { queue: this.queue, events: this.events };
    await checkServer(this.address);
    this.watcher = watchServer(this.address, (e) => {
      this.lostError ??= e;
      this.lost?.(e);
    });
    const connection = connectionOptions(this.address);
    const queue = new Queue<JobData, unknown>(QUEUE_NAME, { connection });
    const events = new QueueEvents(QUEUE_NAME, { connection });
    // Connection errors come here while the watcher decides whether the server is gone.
    queue.on('error', () => undefined);
    events.on('error', () => undefined);
    // Every job waited for listens on both (job.waitUntilFinished).
    events.setMaxListeners(4 * QUEUE_WINDOW + 16);
    queue.setMaxListeners(2 * QUEUE_WINDOW + 16);
    this.queue = queue;
    this.events = events;
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    // Set again by every coordinator of the plan (a resumed one too); a week after the last, Redis forgets it.
    await this.watcher.set(planKey(this.stored.hash), JSON.stringify(this.stored), 'EX', PLAN_SECONDS);
    return { queue, events };
  }

  async run(items: readonly RunItem[], complete: (slot: number, out: BatchOutput) => void, nextToMerge: () => number): Promise<void> {
    if (items.length === 0) return;
    const { queue, events } = await this.open();
    if (this.lostError) throw this.lostError;
    const hash = this.stored.hash;
    const signal = this.opts.signal;
    let cursor = 0;
    let finished = 0;
    let stopped = false;
    const removals: Promise<unknown>[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const stop = (e: Error) => {
          if (stopped) return;
          stopped = true;
          reject(e);
        };
        const onAbort = () => stop(new RunInterrupted(finished, items.length));
        signal?.addEventListener('abort', onAbort, { once: true });
        this.lost = stop;
        const pump = () => {
          while (!stopped && cursor < items.length && items[cursor].slot < nextToMerge() + QUEUE_WINDOW) submit(items[cursor++]);
          if (!stopped && finished === items.length) {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          }
        };
        const submit = (it: RunItem) => {
          const id = jobId(hash, it.task.index);
          enqueue(queue, id, jobData(hash, it.task))
            .then((job) => job.waitUntilFinished(events))
            .then(
              (value: unknown) => {
                if (stopped) return;
                const r = (typeof value === 'string' ? JSON.parse(value) : value) as JobResult;
                finished++;
                this.busyMs += r.ms;
                complete(it.slot, r.rows === undefined ? { acc: r.acc } : { acc: r.acc, rows: r.rows });
                // Merged, and saved in the checkpoint: Redis need not keep it.
                removals.push(queue.remove(id).catch(() => undefined));
                pump();
              },
              (e: unknown) => stop(this.failure(e, it)),
            )
            .catch((e: unknown) => stop(e instanceof Error ? e : new Error(String(e))));
        };
        pump();
        if (!stopped && this.hooks.onQueued) {
          const first = this.hooks.onQueued;
          this.hooks.onQueued = undefined;
          queue.getWorkersCount().then(
            (workers) => first({ batches: items.length, workers, hash }),
            () => undefined,
          );
        }
      });
    } finally {
      this.lost = null;
      await atMost(Promise.all(removals), 5000);
    }
  }

  /** Why a job's wait ended without its result: an engagement, a refusal, or the server. */
  private failure(e: unknown, it: RunItem): Error {
    if (this.lostError) return this.lostError;
    const reason = e instanceof Error ? e.message : String(e);
    const f = decodeFailure(reason);
    if (f && 'engagement' in f) return EngagementError.fromPlain(f.engagement);
    if (f && 'refused' in f) return new QueueJobFailed(`a worker refused batch ${it.task.index}: ${f.refused}`);
    if (/Connection is closed|ECONNREFUSED/.test(reason)) return new QueueUnreachable(this.address.shown, reason);
    return new QueueJobFailed(`batch ${it.task.index} (cell ${it.task.cell}, engagements ${it.task.start}..${it.task.start + it.task.count - 1}) failed on a worker: ${reason}`);
  }

  async close(): Promise<void> {
    const { queue, events, watcher } = this;
    this.queue = this.events = this.watcher = null;
    if (watcher) {
      watcher.removeAllListeners('end');
      watcher.disconnect();
    }
    await atMost(Promise.all([queue?.close(), events?.close()]), 3000);
    // A server gone away leaves BullMQ's connections retrying: cut them.
    if (this.lostError) {
      for (const c of [queue, events]) c?.disconnect().catch(() => undefined);
    }
  }
}

/**
 * Add a batch's job, or find the one a run of the same plan queued before: a finished job is merged as
 * it is, a failed one (a refusal, a lost worker) is tried again.
 */
async function enqueue(queue: Queue<JobData, unknown>, id: string, data: JobData): Promise<Job<JobData, unknown>> {
  const job = await queue.add('batch', data, {
    jobId: id,
    attempts: JOB_ATTEMPTS,
    removeOnComplete: false,
    removeOnFail: false,
  });
  if ((await job.getState()) === 'failed') await job.retry('failed');
  return job;
}
