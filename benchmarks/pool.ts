/**
 * The worker pool against an in-process loop of the same batches (src/sim/runner.ts): the same plan run
 * with 0, 1 and 2 workers, each in a fresh process; the pool's start-up on its own (a pool running one
 * engagement); and what crossing a thread costs a batch's accumulator (structured clone).
 */
import { execFileSync } from 'node:child_process';
import { BatchRunner } from '../src/sim/batch.js';
import type { RunPlan } from '../src/sim/plan.js';
import { loadExperiment, loadScenario, singleCell, type Cell } from '../src/scenario/load.js';

export function planFor(file: string, engagements: number, batch: number): RunPlan {
  const cells: Cell[] = file.endsWith('.experiment.yaml') ? [loadExperiment(file).cells[0]] : [singleCell(loadScenario(file).scenario)];
  return {
    rulesetId: 'aor',
    seed: 1,
    engagements,
    batch,
    cells: cells.map((c, i) => ({ index: i, rngKey: c.rngKey, scenario: c.scenario, options: c.options })),
    checkInvariants: false,
  };
}

/** Seconds for runPlan with `workers`, in a fresh process (benchmarks/poolRun.ts). */
function seconds(file: string, engagements: number, batch: number, workers: number): number {
  const out = execFileSync(process.execPath, ['dist/benchmarks/poolRun.js', file, String(engagements), String(batch), String(workers)], { encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').pop()!) as { seconds: number }).seconds;
}

export interface PoolFigures {
  file: string;
  engagements: number;
  batch: number;
  /** Engagements per second, start-up included. */
  inProcess: number;
  oneWorker: number;
  twoWorkers: number;
  /** A pool of 1 and of 2 workers running one batch of one engagement: thread start, module loading, compiling the cell, shutting down. */
  startup1: number;
  startup2: number;
  /** 1 - one worker / in-process, start-up included and with the measured start-up taken out. */
  overhead: number;
  overheadSteady: number;
  /** Two workers / one worker, start-up included and taken out. */
  scaling: number;
  scalingSteady: number;
  /** One batch's accumulator: JSON size and structured clone time (ms). */
  accBytes: number;
  cloneMs: number;
  /** Time of one batch in-process (ms). */
  batchMs: number;
}

/**
 * The median of `tries` rounds of in-process, 1 worker and 2 workers, back to back, each in a fresh
 * process: every configuration pays its own warm-up (the JIT compiling the engine), as a run does.
 */
export async function measurePool(file: string, engagements: number, batch: number, tries = 3): Promise<PoolFigures> {
  const plan = planFor(file, engagements, batch);
  const t0: number[] = [], t1: number[] = [], t2: number[] = [], s1: number[] = [], s2: number[] = [];
  for (let k = 0; k < tries; k++) {
    t0.push(seconds(file, engagements, batch, 0));
    t1.push(seconds(file, engagements, batch, 1));
    t2.push(seconds(file, engagements, batch, 2));
    s1.push(seconds(file, 1, 1, 1));
    s2.push(seconds(file, 1, 1, 2));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [a, b, c, u1, u2] = [med(t0), med(t1), med(t2), med(s1), med(s2)];
  const runner = new BatchRunner(plan);
  runner.run({ cell: 0, start: 0, count: batch }); // warm: the batch time below is a warm one
  const tb = performance.now();
  const acc = runner.run({ cell: 0, start: batch, count: batch });
  const batchMs = performance.now() - tb;
  const reps = 200;
  const tc = performance.now();
  for (let i = 0; i < reps; i++) structuredClone(acc);
  const cloneMs = (performance.now() - tc) / reps;
  return {
    file,
    engagements,
    batch,
    inProcess: engagements / a,
    oneWorker: engagements / b,
    twoWorkers: engagements / c,
    startup1: u1,
    startup2: u2,
    overhead: 1 - a / b,
    overheadSteady: 1 - a / Math.max(1e-9, b - u1),
    scaling: b / c,
    scalingSteady: (b - u1) / Math.max(1e-9, c - u2),
    accBytes: JSON.stringify(acc).length,
    cloneMs,
    batchMs,
  };
}
