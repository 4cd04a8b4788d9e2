/**
 * Whole runs as a user starts them: `node dist/cli/main.js run FILE -w W` in a fresh process
 * (`npm start` is the default study), and the README's `volley tune` line, one thread and every core
 * one after the other, round after round, so that each pair meets the same load. For each run: the run's time as results.json records it (pool start-up
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
  return inFreshProcess(['run', file, ...(workers === null ? [] : ['-w', String(workers)]), ...(report ? [] : ['--no-report'])], (out) => {
    const r = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { timing: { wallSeconds: number }; cells: { summary: { engagements: number } }[] };
    return { runSeconds: r.timing.wallSeconds, engagements: r.cells.reduce((n, c) => n + c.summary.engagements, 0) };
  });
}

/** The README's `volley tune` line (its search plays 8 values of 1,000 engagements, in 4 rounds). */
export const TUNE_LINE: readonly string[] = [
  'tune',
  'sims/village-assault.scenario.yaml',
  '--param',
  'sides[0].formations[Div-Foy].demoralization',
  '--target',
  'formation[Div-Foy].brokenByTurn[8] = 30%',
  '--range',
  '8..28',
  '-n',
  '1000',
  '--seed',
  '1815',
];

/** TUNE_LINE as the README writes it (arguments with spaces, brackets, `=` or `%` in single quotes). */
export const TUNE_COMMAND = `volley ${TUNE_LINE.map((a) => (/[\s[\]=%]/.test(a) ? `'${a}'` : a)).join(' ')}`;

/** TUNE_LINE in a fresh process, without its report; `workers` null: the command's default. */
export function wholeTune(workers: number | null): ProcessUsage {
  return inFreshProcess([...TUNE_LINE, ...(workers === null ? [] : ['-w', String(workers)]), '--no-report'], (out) => {
    const t = (JSON.parse(readFileSync(join(out, 'tune.json'), 'utf8')) as { timing: { wallSeconds: number; engagements: number } }).timing;
    return { runSeconds: t.wallSeconds, engagements: t.engagements };
  });
}

/** The command `args` (quiet, into a folder of its own) as a user starts it, its usage and what `read` finds in its folder. */
function inFreshProcess(args: string[], read: (out: string) => Pick<ProcessUsage, 'runSeconds' | 'engagements'>): ProcessUsage {
  const dir = mkdtempSync(join(tmpdir(), 'volley-whole-'));
  const usageFile = join(dir, 'usage.json');
  const out = join(dir, 'out');
  try {
    const probe = pathToFileURL(join(process.cwd(), 'dist/benchmarks/usage.js')).href;
    execFileSync(process.execPath, ['--import', probe, ...NODE_FLAGS, 'dist/cli/main.js', ...args, '--quiet', '-o', out, '--force'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, VOLLEY_BENCH_USAGE: usageFile },
    });
    const u = JSON.parse(readFileSync(usageFile, 'utf8')) as Omit<ProcessUsage, 'runSeconds' | 'engagements'>;
    return { ...u, ...read(out) };
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
  const { one, two } = pairedRounds(rounds, (workers) => wholeRun(file, workers, false));
  const asStarted = Array.from({ length: rounds }, () => wholeRun(file, null, true));
  return { file, rounds, engagements: one[0].engagements, one, two, ...ratios(one, two), asStarted };
}

/** The README's `volley tune` line, one thread against every core, as measureWhole measures a run. */
export interface TuneFigures extends Pick<WholeFigures, 'rounds' | 'engagements' | 'one' | 'two' | 'scalingRun' | 'scalingProcess' | 'cpuRatio'> {
  command: string;
}

export function measureTune(rounds: number): TuneFigures {
  const { one, two } = pairedRounds(rounds, wholeTune);
  return { command: TUNE_COMMAND, rounds, engagements: one[0].engagements, one, two, ...ratios(one, two) };
}

/**
 * `rounds` rounds of one thread (`-w 0`: no pool) and the default (a worker on each core but one,
 * started when the run is long enough to gain from them, the command's thread playing beside them:
 * src/sim/engine/runner.ts, autoStart), after one run that warms the file system and module caches.
 */
function pairedRounds(rounds: number, play: (workers: number | null) => ProcessUsage): { one: ProcessUsage[]; two: ProcessUsage[] } {
  play(null);
  const one: ProcessUsage[] = [];
  const two: ProcessUsage[] = [];
  for (let i = 0; i < rounds; i++) {
    // The order alternates, so that neither always runs first after the other.
    if (i % 2 === 0) {
      one.push(play(0));
      two.push(play(null));
    } else {
      two.push(play(null));
      one.push(play(0));
    }
  }
  return { one, two };
}

/** One thread's times over every core's, paired by round, and the CPU time the other way round. */
function ratios(one: ProcessUsage[], two: ProcessUsage[]): Pick<WholeFigures, 'scalingRun' | 'scalingProcess' | 'cpuRatio'> {
  const paired = (f: (a: ProcessUsage, b: ProcessUsage) => number) => spreadOf(one.map((a, k) => f(a, two[k])));
  return {
    scalingRun: paired((a, b) => a.runSeconds / b.runSeconds),
    scalingProcess: paired((a, b) => a.wallSeconds / b.wallSeconds),
    cpuRatio: paired((a, b) => b.cpuSeconds / a.cpuSeconds),
  };
}
