/**
 * `npm run build` (and so `npm start` and `npm test`, which run it first): tsc's build of src/ and
 * benchmarks/ into dist/, then the command line's bundle (src/build/bundle.ts).
 *
 * When nothing the build reads has changed since the last build that ended well, and what it wrote
 * is still there, nothing runs: the check reads the times of some 400 files, in a few milliseconds.
 * `tsc -b` finds the same, but loads the compiler to do it (about 0.2 s of a second `npm start`).
 *
 * What the build reads, and so what is looked at:
 * - the TypeScript sources under src/ and benchmarks/ (what tsconfig.build.json includes; the sources
 *   import no JSON), and which they are: one added, removed or renamed is a change too; names that
 *   begin with a dot (an editor's lock files) are not sources, for tsc either;
 * - tsconfig.json, tsconfig.build.json and package.json;
 * - package-lock.json and node_modules/.package-lock.json, which npm writes at every install: the
 *   bundle joins some installed packages in.
 * What it writes, and so what must still be there: each source's JavaScript under dist/, tsc's build
 * info and the bundle's build-id (the last file the bundle writes).
 * A build that ends well leaves dist/.build-stamp: the list of the sources it built, the file dated
 * when that build began (a source saved while the compiler ran is newer, and is built next time).
 * The stamp is written first, so that the file system dates the start (the script reads no clock);
 * it counts only once it lists the sources, which it does when the build has ended well.
 * Other files under src/ and benchmarks/ (this script, the figures `npm run bench` writes) are not
 * read by the build and change nothing. Like `tsc -b`, the check goes by the times of files: a file
 * put back with an older time (`cp -p`, `tar x`) is not seen; `--force` builds regardless.
 *
 * Plain JavaScript, run as it stands: it decides whether the TypeScript is to be compiled.
 *
 *   node src/build/build.mjs [--force]     (from the project's folder)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const STAMP = join('dist', '.build-stamp');
const TREES = ['src', 'benchmarks'];
const SOURCE = /^[^.].*\.(c|m)?tsx?$/;
const FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', join('node_modules', '.package-lock.json')];
/** What tsc and the bundle write besides each source's JavaScript. */
const OUTPUTS = [join('dist', '.tsbuildinfo'), join('dist', 'cli', 'build-id')];
const force = process.argv.includes('--force');

/** The TypeScript sources under `dir`, with their modification times (ms). */
function sources(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
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

/** Where tsc writes a source's JavaScript (none for a declaration file). */
function emitted(path) {
  if (/\.d\.(c|m)?ts$/.test(path)) return null;
  return join('dist', path.replace(/\.(c|m)?tsx?$/, (_, k) => `.${k ?? ''}js`));
}

/** The sources as the stamp lists them: one path a line, sorted. */
const listOf = (found) => found.map((s) => s.path).sort().join('\n');

/** Whether the last good build began after every input last changed, built the same sources, and its outputs are there. */
function upToDate(found) {
  let stamp;
  try {
    stamp = { time: statSync(STAMP).mtimeMs, text: readFileSync(STAMP, 'utf8') };
  } catch {
    return false;
  }
  const built = stamp.time;
  if (stamp.text.slice(stamp.text.indexOf('\n') + 1) !== listOf(found)) return false;
  if (!found.every((s) => s.time < built) || !FILES.every((f) => timeOf(f) < built)) return false;
  return OUTPUTS.every((f) => existsSync(f)) && found.every((s) => emitted(s.path) === null || existsSync(emitted(s.path)));
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

const found = TREES.flatMap((t) => sources(t));
if (!force && upToDate(found)) process.exit(0);

// Dated now by the file system; until the build ends well it lists nothing, and counts for nothing.
mkdirSync('dist', { recursive: true });
writeFileSync(STAMP, 'building\n');
const began = statSync(STAMP).mtime;
const tsc = createRequire(join(process.cwd(), 'package.json')).resolve('typescript/bin/tsc');
const more = force ? ['--force'] : [];
const code = node([tsc, '-b', 'tsconfig.build.json', ...more]) || node([join('dist', 'src', 'build', 'bundle.js'), ...more]);
if (code !== 0) {
  rmSync(STAMP, { force: true });
  process.exit(code);
}
writeFileSync(STAMP, `${began.toISOString()}\n${listOf(found)}`);
utimesSync(STAMP, began, began);
