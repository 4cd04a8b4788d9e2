/**
 * `npm run build` (and so `npm start` and `npm test`, which run it first): tsc's build of src/ and
 * benchmarks/ into dist/, then the command line's bundle (src/build/bundle.ts).
 *
 * When nothing the build reads has changed since the last build that ended well, nothing runs: the
 * check reads the times of some 400 files, in a few milliseconds. `tsc -b` finds the same, but loads
 * the compiler to do it (about 0.4 s of a second `npm start` on a 2-core machine).
 *
 * What the build reads, and so what is looked at:
 * - the TypeScript sources under src/ and benchmarks/ (what tsconfig.build.json includes; the sources
 *   import no JSON), and which they are: one added, removed or renamed is a change too;
 * - tsconfig.json, tsconfig.build.json and package.json;
 * - node_modules/.package-lock.json, which npm writes at every install: the bundle joins some
 *   installed packages in.
 * A build that ends well leaves dist/.build-stamp: the list of the sources it built, the file dated
 * when that build began (a source saved while the compiler ran is newer, and is built next time).
 * Other files under src/ and benchmarks/ (this script, the figures `npm run bench` writes) are not
 * read by the build and change nothing.
 *
 * Plain JavaScript, run as it stands: it decides whether the TypeScript is to be compiled.
 *
 *   node src/build/build.mjs [--force]     (from the project's folder; --force: build regardless)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const STAMP = join('dist', '.build-stamp');
const TREES = ['src', 'benchmarks'];
const SOURCE = /\.(c|m)?tsx?$/;
const FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', join('node_modules', '.package-lock.json')];

/** The TypeScript sources under `dir`, with their modification times (ms). */
function sources(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) sources(path, out);
    else if (SOURCE.test(e.name)) out.push({ path, time: statSync(path).mtimeMs });
  }
  return out;
}

/** A file's modification time (ms), 0 when it is absent. */
function timeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The sources as the stamp lists them: one path a line, sorted. */
const listOf = (found) => found.map((s) => s.path).sort().join('\n');

/** Whether the last good build began after every input last changed, and built the same sources. */
function upToDate(found) {
  let stamp;
  try {
    stamp = { time: statSync(STAMP).mtimeMs, text: readFileSync(STAMP, 'utf8') };
  } catch {
    return false;
  }
  const built = stamp.time;
  return stamp.text.slice(stamp.text.indexOf('\n') + 1) === listOf(found) && found.every((s) => s.time < built) && FILES.every((f) => timeOf(f) < built);
}

/** Run a Node script of the build; its output passes through. Returns its exit code. */
function node(args) {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.error) {
    console.error(`volley build: ${r.error.message}`);
    return 1;
  }
  return r.status ?? 1;
}

const began = new Date();
const found = TREES.flatMap((t) => sources(t));
if (!process.argv.includes('--force') && upToDate(found)) process.exit(0);

// The stamp of an earlier build does not outlive a build that fails.
rmSync(STAMP, { force: true });
const tsc = createRequire(join(process.cwd(), 'package.json')).resolve('typescript/bin/tsc');
const code = node([tsc, '-b', 'tsconfig.build.json']) || node([join('dist', 'src', 'build', 'bundle.js')]);
if (code !== 0) process.exit(code);
writeFileSync(STAMP, `${began.toISOString()}\n${listOf(found)}`);
utimesSync(STAMP, began, began);
