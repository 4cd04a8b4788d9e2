/**
 * `npm run build` (src/build/build.mjs) builds only when something the build reads changed since the
 * last build that ended well (issue 17, item 1: a second `npm start` with nothing changed starts at
 * once, without loading the compiler). Run here in a scratch project whose compiler and bundle step
 * are stand-ins that log each call, so that every case is seen from outside, as npm runs it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = join(process.cwd(), 'src/build/build.mjs');

/**
 * A stand-in for a build step: logs its name and arguments, fails when FAIL names it, else writes
 * what the real one writes (the compiler each source's JavaScript and its build info, the bundle its
 * build-id); the compiler saves the file EDIT names while it runs (as someone editing during a build
 * would).
 */
const TSC = `const fs = require('node:fs');
const path = require('node:path');
fs.appendFileSync('steps.log', ['tsc', ...process.argv.slice(2)].join(' ') + '\\n');
if (process.env.EDIT) fs.writeFileSync(process.env.EDIT, '// saved during the build\\n');
if (process.env.FAIL === 'tsc') { console.error('tsc failed'); process.exit(2); }
const emit = (dir) => { for (const e of fs.readdirSync(dir, { withFileTypes: true })) { const p = path.join(dir, e.name); if (e.isDirectory()) emit(p); else if (p.endsWith('.ts')) { fs.mkdirSync(path.join('dist', dir), { recursive: true }); fs.writeFileSync(path.join('dist', p.replace(/\\.ts$/, '.js')), ''); } } };
emit('src'); emit('benchmarks');
fs.writeFileSync('dist/.tsbuildinfo', '{}');
`;
const BUNDLE = `import fs from 'node:fs';
fs.appendFileSync('steps.log', ['bundle', ...process.argv.slice(2)].join(' ') + '\\n');
if (process.env.FAIL === 'bundle') { console.error('bundle failed'); process.exit(2); }
fs.mkdirSync('dist/cli', { recursive: true });
fs.writeFileSync('dist/cli/build-id', '0123456789abcdef\\n');
`;

let dir = '';

function put(path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** Every file and folder of the project dated `seconds` ago (a checkout made before the build). */
function age(seconds: number): void {
  const t = new Date(Date.now() - seconds * 1000);
  for (const p of ['src', 'src/a.ts', 'src/deep', 'src/deep/b.ts', 'benchmarks', 'benchmarks/c.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'node_modules/.package-lock.json']) {
    if (existsSync(join(dir, p))) utimesSync(join(dir, p), t, t);
  }
}

function build(args: string[] = [], env: Record<string, string> = {}): { code: number | null; steps: string[]; stderr: string } {
  rmSync(join(dir, 'steps.log'), { force: true });
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  const log = join(dir, 'steps.log');
  return { code: r.status, steps: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [], stderr: r.stderr };
}

const BOTH = ['tsc -b tsconfig.build.json', 'bundle'];

/** A scratch project as a checkout has it, not built. */
function checkout(): void {
  dir = mkdtempSync(join(tmpdir(), 'volley-build-check-'));
  put('package.json', '{"name":"scratch","type":"module"}\n');
  put('package-lock.json', '{}\n');
  put('tsconfig.json', '{}\n');
  put('tsconfig.build.json', '{}\n');
  put('src/a.ts', 'export const a = 1;\n');
  put('src/deep/b.ts', 'export const b = 2;\n');
  put('benchmarks/c.ts', 'export const c = 3;\n');
  put('node_modules/.package-lock.json', '{}\n');
  put('node_modules/typescript/package.json', '{"name":"typescript","version":"0.0.0"}\n');
  put('node_modules/typescript/bin/tsc', TSC);
  put('dist/src/build/bundle.js', BUNDLE);
  age(60);
}

/**
 * The same project once built, made once and copied for each case that starts from a build (times
 * kept, so the copy is as the build left it: the cases' first build checks that it has nothing to do).
 */
let builtOnce = '';
beforeAll(() => {
  checkout();
  expect(build().steps).toEqual(BOTH);
  builtOnce = dir;
});
afterAll(() => rmSync(builtOnce, { recursive: true, force: true }));

function built(): void {
  dir = mkdtempSync(join(tmpdir(), 'volley-build-check-'));
  cpSync(builtOnce, dir, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
}

beforeEach(checkout);

describe('npm run build (src/build/build.mjs)', () => {
  it('builds the first time, then not again while nothing changed', () => {
    expect(build()).toMatchObject({ code: 0, steps: BOTH });
    expect(existsSync(join(dir, 'dist/.build-stamp'))).toBe(true);
    expect(build()).toMatchObject({ code: 0, steps: [] });
    expect(build()).toMatchObject({ code: 0, steps: [] });
  });

  it.each([
    ['a source saved', () => writeFileSync(join(dir, 'src/deep/b.ts'), 'export const b = 3;\n')],
    ['a source added in a folder', () => writeFileSync(join(dir, 'src/deep/new.ts'), '')],
    ['a source removed', () => rmSync(join(dir, 'src/deep/b.ts'))],
    ['a source renamed, its time kept', () => renameSync(join(dir, 'src/deep/b.ts'), join(dir, 'src/deep/b2.ts'))],
    ['a benchmark saved', () => writeFileSync(join(dir, 'benchmarks/c.ts'), '// changed\n')],
    ['the build configuration', () => writeFileSync(join(dir, 'tsconfig.build.json'), '{ }\n')],
    ['the compiler settings', () => writeFileSync(join(dir, 'tsconfig.json'), '{ }\n')],
    ['package.json', () => writeFileSync(join(dir, 'package.json'), '{"name":"scratch","type":"module","x":1}\n')],
    ['an install (node_modules/.package-lock.json)', () => writeFileSync(join(dir, 'node_modules/.package-lock.json'), '{ }\n')],
    ['package-lock.json', () => writeFileSync(join(dir, 'package-lock.json'), '{ }\n')],
    ["a source's JavaScript removed", () => rmSync(join(dir, 'dist/src/deep/b.js'))],
    ["tsc's build info removed", () => rmSync(join(dir, 'dist/.tsbuildinfo'))],
    ['the bundle removed (its build-id, the last file it writes)', () => rmSync(join(dir, 'dist/cli'), { recursive: true })],
  ])('builds again after %s', (_, change) => {
    built();
    expect(build().steps).toEqual([]);
    change();
    expect(build()).toMatchObject({ code: 0, steps: BOTH });
    expect(build().steps).toEqual([]);
  });

  it('changes nothing for files the build does not read (figures written by npm run bench, notes, itself, an editor\'s lock)', () => {
    expect(build().steps).toEqual(BOTH);
    put('benchmarks/RESULTS.md', '# figures\n');
    put('benchmarks/scaling.vl.json', '{}\n');
    put('src/build/build.mjs', '// not compiled\n');
    // Emacs locks a file being edited with a link to nowhere named after it.
    symlinkSync('user@host.1234:1700000000', join(dir, 'src/deep/.#b.ts'));
    expect(build()).toMatchObject({ code: 0, steps: [] });
  });

  it('leaves no stamp when a step fails, and fails with it; the next build tries again', () => {
    expect(build().steps).toEqual(BOTH);
    writeFileSync(join(dir, 'src/a.ts'), 'export const a: number = "x";\n');
    const failed = build([], { FAIL: 'tsc' });
    expect(failed.code).toBe(2);
    expect(failed.steps).toEqual(['tsc -b tsconfig.build.json']);
    expect(failed.stderr).toContain('tsc failed');
    expect(existsSync(join(dir, 'dist/.build-stamp'))).toBe(false);
    // Nothing changed since, yet it builds: the failed build did not count.
    expect(build([], { FAIL: 'bundle' })).toMatchObject({ code: 2, steps: BOTH });
    expect(build()).toMatchObject({ code: 0, steps: BOTH });
    expect(build().steps).toEqual([]);
  });

  it('builds again after a build stopped part way (its stamp written at the start, never completed)', () => {
    expect(build().steps).toEqual(BOTH);
    // What a build killed while the compiler ran leaves: the stamp as the build began it.
    writeFileSync(join(dir, 'dist/.build-stamp'), 'building\n');
    expect(build().steps).toEqual(BOTH);
    expect(build().steps).toEqual([]);
  });

  it('dates its stamp when the build began: a file saved while it ran is built next time', () => {
    expect(build([], { EDIT: 'src/deep/b.ts' })).toMatchObject({ code: 0, steps: BOTH });
    expect(build().steps).toEqual(BOTH);
    expect(build().steps).toEqual([]);
  });

  it('builds regardless with --force, and tells both steps to', () => {
    expect(build().steps).toEqual(BOTH);
    expect(build(['--force']).steps).toEqual(['tsc -b tsconfig.build.json --force', 'bundle --force']);
  });
});
