/** Piscina worker: runs batches of the plan it was given as workerData. */
import { workerData } from 'node:worker_threads';
import { BatchRunner } from './batch.js';
import type { BatchTask, RunPlan } from './plan.js';

const runner = new BatchRunner(workerData as RunPlan);

export default function runBatch(task: BatchTask) {
  return runner.run(task);
}
