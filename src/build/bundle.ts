/**
 * The command line as a handful of files (dist/cli/), built from tsc's output by `npm run build`.
 *
 * Node loads an ES module graph file by file: the CLI's 380-odd modules cost about a fifth of its
 * start-up in resolving, reading and linking alone. esbuild joins them into one entry per program
 * (the CLI and the pool's worker) with shared chunks; packages stay outside (node_modules as
 * installed), and modules loaded on demand (the report, the queue) stay on demand as chunks of their
 * own. The worker's CommonJS entry (src/sim/engine/workerEntry.cts) is copied beside the bundled
 * worker, so that the runner finds it next to itself exactly as in dist/src/.
 *
 * Nothing is rebuilt when the bundle is newer than tsc's build info (a second `npm start` with nothing
 * changed starts at once).
 */
import { build } from 'esbuild';
import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DIST = 'dist';
const OUT = join(DIST, 'cli');
const ENTRIES = { main: join(DIST, 'src/cli/main.js'), worker: join(DIST, 'src/sim/engine/worker.js') };
const WORKER_ENTRY = join(DIST, 'src/sim/engine/workerEntry.cjs');
const STAMP = join(OUT, 'main.js');
const BUILD_INFO = join(DIST, '.tsbuildinfo');

function upToDate(): boolean {
  if (!existsSync(STAMP) || !existsSync(BUILD_INFO)) return false;
  return statSync(STAMP).mtimeMs >= statSync(BUILD_INFO).mtimeMs;
}

if (!upToDate()) {
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: ENTRIES,
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    // main.js keeps its #! line from the source.
  });
  copyFileSync(WORKER_ENTRY, join(OUT, 'workerEntry.cjs'));
}
