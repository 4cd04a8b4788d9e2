/**
 * The worker pool against an in-process loop of the same batches (src/sim/engine/runner.ts): whole runs of the
 * same plan with 0, 1 and 2 workers, each in a fresh process (start-up and warm-up included); the
 * steady state on warm threads, the same batches interleaved round by round (poolSteady.ts); the
 * pool's start-up on its own (a pool running one engagement); and what crossing a thread costs a
 * batch's accumulator (structured clone).
 */
import { execFileSync } from 'node:child_process';
import { BatchRunner } from '../src/sim/engine/batch.js';
import type { RunPlan } from '../src/sim/engine/plan.js';
import { loadExperiment, loadScenario, singleCell, type Cell } from '../src/scenario/load.js';
import type { SteadyRounds } from './poolSteady.js';

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

/** Steady state, warm threads: medians over rounds of the same batches, interleaved (benchmarks/poolSteady.ts). */
export interface SteadyFigures {
  rounds: number;
  batchesPerRound: number;
  /** Engagements per second over all rounds: in-process, 1 worker, 2 workers. */
  inProcess: number;
  oneWorker: number;
  twoWorkers: number;
  /** The paired wall-clock figures: medians over rounds, with the quartiles (the machine's noise). */
  overheadWall: Spread;
  scaling: Spread;
  /** The pool's own time: the share of 1 worker's wall time not spent in batches, less the same share in-process. */
  poolShare: number;
  /** The same batches' own time on 1 worker against in-process (median ratio: 1 when a worker computes as fast). */
  batchRatio: Spread;
  /** With 2 workers: the share of both workers' time spent in batches. */
  busyTwo: number;
  /**
   * The scaling had neither pool waited for a round's last batch: 1-worker wall time over the 2-worker
   * batch time shared by two. A round's end is the benchmark's (a run has one, at its very end).
   */
  scalingNoTail: number;
  /** The same batches' own time with 2 workers against 1 (median ratio: above 1 when two threads slow each other). */
  contention: Spread;
}

export interface Spread {
  median: number;
  q1: number;
  q3: number;
}

function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => {
    const i = p * (s.length - 1);
    const lo = Math.floor(i);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (i - lo);
  };
  return { median: at(0.5), q1: at(0.25), q3: at(0.75) };
}

/** The steady-state rounds in a fresh process, summed up. */
export function measureSteady(file: string, batch: number, batchesPerRound: number, rounds: number, warm: number): SteadyFigures {
  const out = execFileSync(process.execPath, ['dist/benchmarks/poolSteady.js', file, String(batch), String(batchesPerRound), String(rounds), String(warm)], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop()!) as SteadyRounds;
  const sum = (rows: [number, number, number][], k: number) => rows.reduce((a, x) => a + x[k], 0);
  const w = [0, 1, 2].map((k) => sum(r.seconds, k));
  const b = [0, 1, 2].map((k) => sum(r.batchSeconds, k));
  const engagements = rounds * batchesPerRound * batch;
  return {
    rounds,
    batchesPerRound,
    inProcess: engagements / w[0],
    oneWorker: engagements / w[1],
    twoWorkers: engagements / w[2],
    overheadWall: spread(r.seconds.map((t) => 1 - t[0] / t[1])),
    scaling: spread(r.seconds.map((t) => t[1] / t[2])),
    poolShare: 1 - b[1] / w[1] - (1 - b[0] / w[0]),
    batchRatio: spread(r.batchSeconds.map((t) => t[1] / t[0])),
    busyTwo: b[2] / (2 * w[2]),
    scalingNoTail: (2 * w[1]) / b[2],
    contention: spread(r.batchSeconds.map((t) => t[2] / t[1])),
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
