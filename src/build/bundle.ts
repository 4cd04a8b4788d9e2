/**
 * The command line as a handful of files (dist/cli/), built from tsc's output by `npm run build`.
 *
 * Node loads an ES module graph file by file: the CLI's 380-odd modules cost about a fifth of its
 * start-up in resolving, reading and linking alone. esbuild joins them into one entry per program
 * (the CLI and the pool's worker) with shared chunks, and modules loaded on demand (the report, the
 * queue) stay on demand as chunks of their own. The small pure-JavaScript packages every command
 * loads (zod, yaml, yargs, simple-statistics, cli-progress: some 150 files) are joined in too, which
 * takes about a tenth off the start-up of a command. So are Vega and Vega-Lite, into the report's
 * chunk, loaded only by the commands that draw: loaded one by one, the modules of their 56 vega-*
 * and d3-* packages cost a report about 0.07 s more. The packages in EXTERNAL stay as installed. The
 * worker's CommonJS entry (src/sim/engine/workerEntry.cts) is copied beside the bundled worker, so
 * that the runner finds it next to itself exactly as in dist/src/.
 *
 * Nothing is rebuilt when the bundle is newer than tsc's build info and than the last install
 * (node_modules/.package-lock.json, which npm writes every time, and package-lock.json: the packages
 * joined in may have changed), unless `--force` is given. The bundle is judged by its build-id, the
 * last file it writes: a bundle step stopped part way leaves none, and runs again next time.
 * src/build/build.mjs decides before this whether to run tsc at all.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = 'dist';
const OUT = join(DIST, 'cli');
const ENTRIES = { main: join(DIST, 'src/cli/main.js'), worker: join(DIST, 'src/sim/engine/worker.js') };
const WORKER_ENTRY = join(DIST, 'src/sim/engine/workerEntry.cjs');
const BUILD_INFO = join(DIST, '.tsbuildinfo');
/** What npm installed: the packages joined in. */
const INSTALLED = [join('node_modules', '.package-lock.json'), 'package-lock.json'];
/**
 * Packages loaded from node_modules as installed: a native addon (resvg), packages that start threads
 * or read files of their own beside their code (piscina's worker, bullmq's scripts and the client it
 * drives, vega-embed inlined into report pages).
 */
const EXTERNAL = ['@resvg/resvg-js', 'piscina', 'bullmq', 'ioredis', 'vega-embed'];
/** CommonJS code joined into an ES module asks for `require`, which ES modules lack: each chunk makes its own. */
const REQUIRE = "import { createRequire as __volleyRequire } from 'node:module'; const require = __volleyRequire(import.meta.url);";
/**
 * The build's name, read back by src/results/version.ts (BUILD_ID_FILE there; this step imports
 * nothing of the project). Written last: it dates the bundle.
 */
const BUILD_ID_FILE = 'build-id';
const STAMP = join(OUT, BUILD_ID_FILE);

function upToDate(): boolean {
  if (!existsSync(STAMP) || !existsSync(BUILD_INFO)) return false;
  const built = statSync(STAMP).mtimeMs;
  return built >= statSync(BUILD_INFO).mtimeMs && INSTALLED.every((f) => !existsSync(f) || statSync(f).mtimeMs <= built);
}

if (process.argv.includes('--force') || !upToDate()) {
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
