/**
 * The command line's start-up (issue 15: it must not get slower than about 0.5 s): `volley validate`
 * of the default study, a command that loads everything a run loads (the five rule systems, their
 * schemas, yargs) and plays nothing, in fresh processes; beside it bare Node (`node -e 0`), the floor
 * no change to volley can go below. Runs alternate between the two, and the figures are medians, so
 * that a burst of load on a shared machine moves both alike.
 *
 *   npm run build && node dist/benchmarks/startup.js [runs]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../src/cli/nodeFlags.js';

const CLI = 'dist/cli/main.js';
export const STARTUP_COMMAND = ['validate', 'sims/town-assault.experiment.yaml'];
/** The start-up issue 15 allows, seconds. */
export const STARTUP_TARGET = 0.5;

export interface StartupFigures {
  runs: number;
  /** Median wall seconds of `volley validate` and of `node -e 0`. */
  volley: number;
  node: number;
  /** Quartiles of volley's. */
  q1: number;
  q3: number;
}

function seconds(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return s;
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * p;
  const lo = Math.floor(i);
  return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
};

export function measureStartup(runs: number): StartupFigures {
  // One of each first, not counted: the files come into the page cache.
  seconds([...NODE_FLAGS, CLI, ...STARTUP_COMMAND]);
  seconds(['-e', '0']);
  const volley: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < runs; i++) {
    volley.push(seconds([...NODE_FLAGS, CLI, ...STARTUP_COMMAND]));
    node.push(seconds(['-e', '0']));
  }
  return { runs, volley: quantile(volley, 0.5), node: quantile(node, 0.5), q1: quantile(volley, 0.25), q3: quantile(volley, 0.75) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const f = measureStartup(Number(process.argv[2] ?? 15));
  const ms = (x: number) => `${Math.round(1000 * x)} ms`;
  console.log(`volley ${STARTUP_COMMAND.join(' ')}: ${ms(f.volley)} (median of ${f.runs}, quartiles ${ms(f.q1)} to ${ms(f.q3)}); bare Node ${ms(f.node)}, so volley's own ${ms(f.volley - f.node)}`);
  console.log(`issue 15 allows about ${ms(STARTUP_TARGET)}: ${f.volley <= STARTUP_TARGET ? 'within it' : `${(f.volley / STARTUP_TARGET).toFixed(2)}x of it`}`);
}
