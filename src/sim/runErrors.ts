/**
 * How a run can stop short, apart from bad input (VolleyInputError) and a failing engagement
 * (EngagementError, src/sim/batch.ts). The CLI maps each to its exit code.
 */
import type { BatchTask } from './plan.js';

/** A worker died (it exited, or threw outside an engagement) while running a batch: exit code 1. */
export class WorkerFault extends Error {
  constructor(
    /** The batch the worker was running, or null if it died between batches. */
    readonly batch: BatchTask | null,
    readonly reason: string,
  ) {
    super(
      batch
        ? `a worker died while running batch ${batch.index} (cell ${batch.cell}, engagements ${batch.start}..${batch.start + batch.count - 1}): ${reason}`
        : `a worker died between batches: ${reason}`,
    );
    this.name = 'WorkerFault';
  }
}

/** The run was stopped (Ctrl-C) after saving what it had done: exit code 130. */
export class RunInterrupted extends Error {
  constructor(
    readonly savedBatches: number,
    readonly totalBatches: number,
  ) {
    super(`interrupted; ${savedBatches} of ${totalBatches} batches are saved`);
    this.name = 'RunInterrupted';
  }
}

/** The output folder or its checkpoint does not allow this run (exit code 2, like bad input). */
export class OutputFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputFolderError';
  }
}
