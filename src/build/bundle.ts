/**
 * The command line as a handful of files (dist/cli/), built from tsc's output by `npm run build`.
 *
 * Node loads an ES module graph file by file: the CLI's 380-odd modules cost about a fifth of its
 * start-up in resolving, reading and linking alone. esbuild joins them into one entry per program
 * (the CLI and the pool's worker) with shared chunks, and modules loaded on demand (the report, the
 * queue) stay on demand as chunks of their own. The small pure-JavaScript packages every command
 * loads (zod, yaml, yargs, simple-statistics, cli-progress: some 150 files) are joined in too, which
 * takes about a tenth off the start-up of a command; the packages in EXTERNAL stay as installed. The worker's CommonJS entry (src/sim/engine/workerEntry.cts) is copied beside the bundled
 * worker, so that the runner finds it next to itself exactly as in dist/src/.
 *
 * Nothing is rebuilt when the bundle is newer than tsc's build info (a second `npm start` with nothing
 * changed starts at once).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = 'dist';
const OUT = join(DIST, 'cli');
const ENTRIES = { main: join(DIST, 'src/cli/main.js'), worker: join(DIST, 'src/sim/engine/worker.js') };
const WORKER_ENTRY = join(DIST, 'src/sim/engine/workerEntry.cjs');
const STAMP = join(OUT, 'main.js');
const BUILD_INFO = join(DIST, '.tsbuildinfo');
/**
 * Packages loaded from node_modules as installed: a native addon (resvg), packages that start threads
 * or read files of their own beside their code (piscina's worker, bullmq's scripts, vega-embed inlined
 * into report pages), and the large ones only some commands load (the queue, the report).
 */
const EXTERNAL = ['@resvg/resvg-js', 'piscina', 'bullmq', 'ioredis', 'vega', 'vega-lite', 'vega-embed'];
/** CommonJS code joined into an ES module asks for `require`, which ES modules lack: each chunk makes its own. */
const REQUIRE = "import { createRequire as __volleyRequire } from 'node:module'; const require = __volleyRequire(import.meta.url);";
/** The build's name, read back by src/results/version.ts (BUILD_ID_FILE there; this step imports nothing of the project). */
const BUILD_ID_FILE = 'build-id';

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
    external: EXTERNAL,
    banner: { js: REQUIRE },
    sourcemap: 'linked',
    logLevel: 'warning',
    // main.js keeps its #! line from the source.
  });
  copyFileSync(WORKER_ENTRY, join(OUT, 'workerEntry.cjs'));
  // What this build's code is, for the same-command check of output folders (src/results/version.ts,
  // BUILD_ID): a rebuilt volley whose code changed plays a command again instead of showing the folder.
  const code = createHash('sha256');
  for (const f of readdirSync(OUT).filter((f) => /\.c?js$/.test(f)).sort()) code.update(f).update(readFileSync(join(OUT, f)));
  writeFileSync(join(OUT, BUILD_ID_FILE), `${code.digest('hex').slice(0, 16)}\n`);
}
