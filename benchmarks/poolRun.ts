/**
 * One measurement of the pool benchmark (benchmarks/pool.ts) in a fresh process, so that every
 * configuration starts as cold as a real run: `runPlan` on the file's first cell with W workers
 * (0: in this thread), printing the seconds it took.
 *
 *   node dist/benchmarks/poolRun.js <file> <engagements> <batch> <workers>
 */
import { runPlan } from '../src/sim/engine/runner.js';
import { planFor } from './pool.js';

const [file, n, batch, workers] = process.argv.slice(2);
const plan = planFor(file, Number(n), Number(batch));
const t0 = performance.now();
await runPlan(plan, { workers: Number(workers) });
console.log(JSON.stringify({ seconds: (performance.now() - t0) / 1000 }));
