/**
 * A compiled cell's objects have the same hidden classes (V8's maps) however often the cell is
 * compiled, and none is a dictionary (slow properties). An object made by a spread in code run once a cell (a doctrine with a scenario's
 * overrides, a scale, a map with an option set) gets a map of its own every time, and the rules'
 * optimized code, made on the first cell's objects, deoptimizes at every later cell: the meeting
 * engagement's nine cells took 5.3-6.1 s that way, 3.9-5.2 s with shared maps (src/core/records.ts,
 * `overridden`). Played in a child process with V8's natives (%HaveSameMap), on the build `npm test`
 * makes first: every shipped scenario and experiment, its first and last cells compiled twice.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** Every scenario and experiment under sims/ (refits and odds files compile no cell of their own). */
function playable(dir = 'sims'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return playable(path);
    return /\.(scenario|experiment)\.yaml$/.test(e.name) ? [path] : [];
  });
}

/**
 * Compiles the first and the last cell of each file twice and walks the two results side by side:
 * every pair of objects at the same place (typed arrays and Maps aside) must share a map, and no
 * object may be a dictionary. Prints the places that fail, as `file cell i: path`, one a line.
 */
const SCRIPT = `
const dist = ${JSON.stringify(join(ROOT, 'dist/src'))};
const { prepareRun } = await import(dist + '/sim/studies/prepare.js');
const { findRuleset } = await import(dist + '/rules/index.js');
const { cellRuleset } = await import(dist + '/sim/engine/plan.js');
const out = [];
for (const file of process.argv.slice(1)) {
  const plan = prepareRun({ file, engagements: 1 }).plan;
  for (const i of new Set([0, plan.cells.length - 1])) {
    const cell = plan.cells[i];
    const rs = findRuleset(cellRuleset(plan, i));
    const a = rs.compile(cell.scenario, cell.options);
    const b = rs.compile(cell.scenario, cell.options);
    const seen = new Set();
    const walk = (x, y, path) => {
      if (x === null || typeof x !== 'object' || y === null || typeof y !== 'object' || seen.has(x)) return;
      seen.add(x);
      if (ArrayBuffer.isView(x) || x instanceof Map || x instanceof Set) return;
      if (!%HaveSameMap(x, y)) out.push(file + ' cell ' + i + ': ' + path);
      // Two dictionaries share a map too: a record of many keys built one by one is one.
      if (!Array.isArray(x) && !%HasFastProperties(x)) out.push(file + ' cell ' + i + ': ' + path + ' (a dictionary)');
      for (const k of Object.keys(x)) if (Object.hasOwn(y, k)) walk(x[k], y[k], path + '.' + k);
    };
    walk(a, b, 'compiled');
  }
}
console.log(out.join('\\n'));
`;

describe('compiled cells share their hidden classes from one compile to the next', () => {
  it('every shipped scenario and experiment, its first and last cells', () => {
    const files = playable();
    expect(files.length).toBeGreaterThan(30);
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', SCRIPT, ...files], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').filter((l) => l !== '')).toEqual([]);
  });
});
