/**
 * How a run can stop short, apart from bad input (VolleyInputError) and a failing engagement
 * (EngagementError, src/sim/engine/batch.ts). The CLI maps each to its exit code.
 */
import type { BatchTask } from './plan.js';

/** Where a worker died: the batches of its task (consecutive, of one cell) as one range. */
export interface FaultSpan {
  cell: number;
  /** "batch 2", or "one of batches 8..15" when the task held several. */
  batches: string;
  /** First and last engagement of the task. */
  first: number;
  last: number;
}

/** A worker died (it exited, or threw outside an engagement) while running a task: exit code 1. */
export class WorkerFault extends Error {
  /** The task's batches as one range, or null if the worker died between tasks. */
  readonly span: FaultSpan | null;

  constructor(
    /** The batches of the task the worker was running, or null if it died between tasks. */
    batches: readonly BatchTask[] | null,
    readonly reason: string,
  ) {
    const span = batches && batches.length > 0 ? spanOf(batches) : null;
    super(span ? `a worker died while running ${span.batches} (cell ${span.cell}, engagements ${span.first}..${span.last}): ${reason}` : `a worker died between batches: ${reason}`);
    this.span = span;
    this.name = 'WorkerFault';
  }
}

function spanOf(batches: readonly BatchTask[]): FaultSpan {
  const a = batches[0];
  const z = batches[batches.length - 1];
  return { cell: a.cell, batches: batches.length === 1 ? `batch ${a.index}` : `one of batches ${a.index}..${z.index}`, first: a.start, last: z.start + z.count - 1 };
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
