/**
 * The one clock outside the CLI: how long a batch took to play, for the pool's bookkeeping
 * (RunOutcome.batchSeconds, and how many short batches go to one task). Nothing it measures reaches
 * the engine or the numbers of a run; test/architecture.test.ts allows the clock here and nowhere else
 * outside src/cli, and this module only to the runner and its worker.
 */
export function millisecondsNow(): number {
  return performance.now();
}
