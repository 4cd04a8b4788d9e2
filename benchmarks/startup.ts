/**
 * The command line's start-up (issue 15: it must not get slower than about 0.5 s): `volley validate`
 * of the default study, a command that loads everything a run loads (the five rule systems, their
 * schemas, yargs) and plays nothing, in fresh processes; beside it bare Node (`node -e 0`), the floor
 * no change to volley can go below. Runs alternate between the two, and the figures are medians, so
 * that a burst of load on a shared machine moves both alike.
 *
 * And the build's check before a second `npm start` (issue 17, item 1): src/build/build.mjs with
 * nothing changed, against `tsc -b` finding the same (what the check did before), alternated too; the
 * build's outputs are dated before and after, so that a check that built anything is seen.
 *
 *   npm run build && node dist/benchmarks/startup.js [runs]
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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

export interface BuildCheckFigures {
  runs: number;
  /** Median wall seconds of the build's check (src/build/build.mjs) and of `tsc -b` with nothing to build. */
  check: number;
  tsc: number;
  /** Whether any of the checks wrote the build's outputs (tsc's build info, the bundle, the stamp). */
  built: boolean;
}

/** What a build writes: changed times mean something was built. */
const OUTPUTS = ['dist/.tsbuildinfo', 'dist/cli/main.js', 'dist/.build-stamp'];
const datesOf = () => OUTPUTS.map((f) => statSync(f).mtimeMs).join(',');

export function measureBuildCheck(runs: number): BuildCheckFigures {
  const tscFile = createRequire(join(process.cwd(), 'package.json')).resolve('typescript/bin/tsc');
  // One of each first, not counted: the build brought up to date if it was not, the files cached.
  seconds(['src/build/build.mjs']);
  seconds([tscFile, '-b', 'tsconfig.build.json']);
  const before = datesOf();
  const check: number[] = [];
  const tsc: number[] = [];
  let built = false;
  for (let i = 0; i < runs; i++) {
    check.push(seconds(['src/build/build.mjs']));
    if (datesOf() !== before) built = true;
    tsc.push(seconds([tscFile, '-b', 'tsconfig.build.json']));
  }
  return { runs, check: quantile(check, 0.5), tsc: quantile(tsc, 0.5), built };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const b = measureBuildCheck(Number(process.argv[2] ?? 15));
  console.log(`the build's check with nothing changed: ${Math.round(1000 * b.check)} ms${b.built ? ' (it built something)' : ', nothing built'}; tsc -b finding the same ${Math.round(1000 * b.tsc)} ms`);
  const f = measureStartup(Number(process.argv[2] ?? 15));
  const ms = (x: number) => `${Math.round(1000 * x)} ms`;
  console.log(`volley ${STARTUP_COMMAND.join(' ')}: ${ms(f.volley)} (median of ${f.runs}, quartiles ${ms(f.q1)} to ${ms(f.q3)}); bare Node ${ms(f.node)}, so volley's own ${ms(f.volley - f.node)}`);
  console.log(`issue 15 allows about ${ms(STARTUP_TARGET)}: ${f.volley <= STARTUP_TARGET ? 'within it' : `${(f.volley / STARTUP_TARGET).toFixed(2)}x of it`}`);
}
