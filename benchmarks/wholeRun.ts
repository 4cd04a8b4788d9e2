/**
 * Whole runs as a user starts them: `node dist/cli/main.js run FILE -w W` in a fresh process
 * (`npm start` is the default study), 1 and 2 workers one after the other, round after round, so that
 * each pair meets the same load. For each run: the run's time as results.json records it (pool start-up
 * included, from the plan prepared to every batch merged), the process's wall time (Node's start-up,
 * loading, preparing and writing included), the CPU time of all its threads and its peak resident
 * memory (benchmarks/usage.ts). Ratios are paired by round; medians with quartiles.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Spread } from './pool.js';
import { NODE_FLAGS } from '../src/cli/nodeFlags.js';

export interface ProcessUsage {
  /** The run's seconds, results.json `timing.wallSeconds`. */
  runSeconds: number;
  /** The process's wall seconds, from its start to its exit. */
  wallSeconds: number;
  cpuSeconds: number;
  maxRssMiB: number;
  engagements: number;
}

/** One `volley run` in a fresh process; `workers` null: the command's default (the machine's cores). */
export function wholeRun(file: string, workers: number | null, report: boolean): ProcessUsage {
  const dir = mkdtempSync(join(tmpdir(), 'volley-whole-'));
  const usageFile = join(dir, 'usage.json');
  const out = join(dir, 'out');
  try {
    const probe = pathToFileURL(join(process.cwd(), 'dist/benchmarks/usage.js')).href;
    const args = ['--import', probe, ...NODE_FLAGS, 'dist/cli/main.js', 'run', file, ...(workers === null ? [] : ['-w', String(workers)]), '--quiet', '-o', out, '--force', ...(report ? [] : ['--no-report'])];
    execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VOLLEY_BENCH_USAGE: usageFile } });
    const u = JSON.parse(readFileSync(usageFile, 'utf8')) as Omit<ProcessUsage, 'runSeconds' | 'engagements'>;
    const r = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { timing: { wallSeconds: number }; cells: { summary: { engagements: number } }[] };
    return { ...u, runSeconds: r.timing.wallSeconds, engagements: r.cells.reduce((n, c) => n + c.summary.engagements, 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface WholeFigures {
  file: string;
  rounds: number;
  engagements: number;
  /** One thread: `-w 0`. */
  one: ProcessUsage[];
  /** Every core, as the command plays by default. */
  two: ProcessUsage[];
  /** One thread's time over every core's, paired by round: the run (results.json), and the whole process. */
  scalingRun: Spread;
  scalingProcess: Spread;
  /** CPU seconds of the default process over the one-thread one (what the other threads cost in all). */
  cpuRatio: Spread;
  /** The run as `npm start` runs it (the machine's cores as workers, the report written), `rounds`
   * times: its peak memory and process time (a single peak scatters by some 10 MiB). */
  asStarted: ProcessUsage[];
}

export function spreadOf(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => {
    const k = (s.length - 1) * p;
    const lo = Math.floor(k);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (k - lo);
  };
  return { median: at(0.5), q1: at(0.25), q3: at(0.75) };
}

export function measureWhole(file: string, rounds: number): WholeFigures {
  wholeRun(file, null, false); // file system and module caches warm
  // One thread (-w 0: no pool) against the default: a worker on each core but one, started when the run
  // is long enough to gain from them, the command's thread playing beside them (src/sim/engine/runner.ts,
  // autoStart).
  const one: ProcessUsage[] = [];
  const two: ProcessUsage[] = [];
  for (let i = 0; i < rounds; i++) {
    // The order alternates, so that neither always runs first after the other.
    if (i % 2 === 0) {
      one.push(wholeRun(file, 0, false));
      two.push(wholeRun(file, null, false));
    } else {
      two.push(wholeRun(file, null, false));
      one.push(wholeRun(file, 0, false));
    }
  }
  const asStarted = Array.from({ length: rounds }, () => wholeRun(file, null, true));
  const paired = (f: (a: ProcessUsage, b: ProcessUsage) => number) => spreadOf(one.map((a, k) => f(a, two[k])));
  return {
    file,
    rounds,
    engagements: one[0].engagements,
    one,
    two,
    scalingRun: paired((a, b) => a.runSeconds / b.runSeconds),
    scalingProcess: paired((a, b) => a.wallSeconds / b.wallSeconds),
    cpuRatio: paired((a, b) => b.cpuSeconds / a.cpuSeconds),
    asStarted,
  };
}
