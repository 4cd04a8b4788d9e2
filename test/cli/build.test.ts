/**
 * The same command asked again is shown from its folder only by the same build of volley (docs/files.md,
 * "Output folders"): `npm run build` writes a hash of the bundled code beside it (dist/cli/build-id),
 * and a rebuilt volley whose code changed does not take an earlier build's results for its own.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** A copy of the built command line (its bundle, package.json, the packages linked) whose build-id can be changed. */
function copyOfVolley(): { dir: string; run: (args: string[]) => { code: number | null; stderr: string } } {
  const dir = mkdtempSync(join(tmpdir(), 'volley-build-'));
  cpSync(join(ROOT, 'dist/cli'), join(dir, 'dist/cli'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(dir, 'dist/cli/main.js'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    return { code: r.status, stderr: r.stderr };
  };
  return { dir, run };
}

describe('the build of volley in the same-command check', () => {
  it('npm run build names the build; the same build shows the folder, another one refuses it', () => {
    const id = readFileSync(join(ROOT, 'dist/cli/build-id'), 'utf8').trim();
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const v = copyOfVolley();
    const out = join(mkdtempSync(join(tmpdir(), 'volley-build-out-')), 'run');
    const args = ['run', 'sims/town-assault.scenario.yaml', '-n', '100', '--no-report', '-q', '-w', '0', '--out', out];
    expect(v.run(args).code).toBe(0);
    // The same build, asked again: shown from the folder.
    const again = v.run(args.filter((a) => a !== '-q'));
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/holds this run already \(same file, flags and build of volley/);
    // Another build (its code changed): the folder holds other inputs.
    writeFileSync(join(v.dir, 'dist/cli/build-id'), '0123456789abcdef\n');
    const rebuilt = v.run(args);
    expect(rebuilt.code).toBe(2);
    expect(rebuilt.stderr).toMatch(/already holds a finished run \(results\.json\) of other inputs \(file, flags or build of volley\)/);
  });
});
