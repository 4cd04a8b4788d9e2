/**
 * The workload of a profile (benchmarks/profile.ts): a warm-up, then `engagements` engagements of the
 * file's first cell in this thread inside `measured`, the function the profile is read under.
 *
 *   node --cpu-prof dist/benchmarks/profileRun.js <scenario-or-experiment.yaml> <engagements>
 */
import { BatchRunner } from '../src/sim/engine/batch.js';
import { planFor } from './pool.js';

const file = process.argv[2];
const n = Number(process.argv[3] ?? 1000);
const runner = new BatchRunner(planFor(file, 1, 1));
runner.run({ cell: 0, start: 0, count: Math.max(20, Math.round(n / 10)) });

function measured(): number {
  return runner.run({ cell: 0, start: 1_000_000, count: n }).n;
}

console.log(measured());
