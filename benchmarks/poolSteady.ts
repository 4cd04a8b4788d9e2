/**
 * The steady-state part of the pool benchmark (benchmarks/pool.ts), in a fresh process: the same
 * batches timed in this thread, on a warm pool of 1 worker and on a warm pool of 2, round after round.
 * Every round plays the very same batches in each configuration (the same engagements, the same work)
 * and rotates which configuration goes first, so that a machine whose speed drifts (other load, a
 * neighbour on the host) slows all three alike and the per-round ratios cancel it. Start-up and JIT
 * warm-up are left out: the three are warmed on `warm` batches first.
 *
 *   node dist/benchmarks/poolSteady.js <file> <batch> <batches a round> <rounds> <warm-up batches>
 *
 * Prints one JSON line: per round, the wall seconds of in-process, 1 worker and 2 workers, and the
 * seconds the batches themselves took in those threads (summed over the workers).
 */
import { BatchSession } from '../src/sim/engine/runner.js';
import type { BatchTask } from '../src/sim/engine/plan.js';
import { planFor } from './pool.js';

export interface SteadyRounds {
  /** Per round: wall seconds for the round's batches in-process, on 1 worker, on 2 workers. */
  seconds: [number, number, number][];
  /** Per round: seconds the batches took inside the threads that played them, summed over workers. */
  batchSeconds: [number, number, number][];
}

const [file, batchArg, perRoundArg, roundsArg, warmArg] = process.argv.slice(2);
const batch = Number(batchArg);
const perRound = Number(perRoundArg);
const rounds = Number(roundsArg);
const warm = Number(warmArg);
// Enough engagements for the warm-up and every round's distinct batches.
const plan = planFor(file, batch * (warm + perRound * rounds), batch);
const tasks = (from: number, count: number): BatchTask[] =>
  Array.from({ length: count }, (_, i) => ({ index: from + i, cell: 0, start: (from + i) * batch, count: batch }));

const sessions = [new BatchSession(plan, 0), new BatchSession(plan, 1), new BatchSession(plan, 2)];
try {
  for (const s of sessions) await s.run(tasks(0, warm));
  const out: SteadyRounds = { seconds: [], batchSeconds: [] };
  for (let r = 0; r < rounds; r++) {
    const round = tasks(warm + r * perRound, perRound);
    const t: [number, number, number] = [0, 0, 0];
    const busy: [number, number, number] = [0, 0, 0];
    for (let k = 0; k < 3; k++) {
      const which = (r + k) % 3;
      const t0 = performance.now();
      busy[which] = (await sessions[which].run(round)).batchSeconds;
      t[which] = (performance.now() - t0) / 1000;
    }
    out.seconds.push(t);
    out.batchSeconds.push(busy);
  }
  console.log(JSON.stringify(out));
} finally {
  for (const s of sessions) await s.close();
}
