/**
 * A second runner in a thread starts on the rules' optimized code (BatchRunner.compiledCell, its
 * rehearsal). V8 builds an object literal's boilerplate the second time the literal runs, and in doing
 * so widens the field types of the literal's map: optimized code that relied on them is thrown away.
 * A literal that runs once a cell (in `compile`, or in the first engagement of a cell) therefore threw
 * away the rules' code at a thread's second cell, which is what a worker, a tune round and an
 * experiment's second cell compile; so did a worker's strings, a structured clone's copies, where the
 * rules compare them with their own literals (the runner interns them). The plan is made in this
 * process and reaches the child's runners as a worker gets it (nothing of it compiled there before,
 * a structured clone each); each kind's engagement function is optimized on the first runner and
 * must still be after the second has played. Played in a child process with V8's natives, on the
 * build `npm test` makes first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/sim/studies/prepare.js';

const ROOT = process.cwd();
const dir = mkdtempSync(join(tmpdir(), 'volley-rehearsal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A file of each kind of engagement, the function that plays it and, where one compares the scenario's
 * strings with the rules' own, a function that does (module under dist/src: function).
 */
const CASES = [
  { file: 'sims/town-assault.scenario.yaml', fns: ['rules/aor/engagement.js:playAssault'] },
  { file: 'sims/meeting-engagement.scenario.yaml', fns: ['rules/aor/battle/play.js:playBattle', 'rules/aor/morale.js:groupMoraleUnit'] },
  { file: 'sims/burt/common-a-village.scenario.yaml', fns: ['rules/burt/play/play.js:playLane'] },
  { file: 'sims/nagb/common-a-village.scenario.yaml', fns: ['rules/nagb/play/play.js:playLane'] },
  { file: 'sims/aoe/common-a-village.scenario.yaml', fns: ['rules/aoe/play.js:playLane', 'rules/aoe/effects.js:removeUnit'] },
  { file: 'sims/cwj/common-a-village.scenario.yaml', fns: ['rules/cwj/play.js:playLane'] },
];

/**
 * argv: the plan's JSON file, then the functions. The plan is given to each runner as a worker gets it,
 * a structured clone. A first runner plays a few engagements and the functions are optimized (flag 16 of
 * V8's status: optimized code attached, which code marked to be thrown away is not); then a second
 * runner, on a fresh clone of the plan, plays three engagements. Prints the functions optimized before
 * the second runner began, and after.
 */
const SCRIPT = `
const dist = ${JSON.stringify(join(ROOT, 'dist/src'))};
const { readFileSync } = await import('node:fs');
const [planFile, ...names] = process.argv.slice(1);
const { BatchRunner } = await import(dist + '/sim/engine/batch.js');
const fns = [];
for (const name of names) {
  const [module, fn] = name.split(':');
  fns.push([name, (await import(dist + '/' + module))[fn]]);
}
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const optimized = () => fns.filter(([, f]) => (%GetOptimizationStatus(f) & 16) !== 0).map(([name]) => name);
const first = new BatchRunner(structuredClone(plan));
first.run({ cell: 0, start: 0, count: 10 });
for (const [, f] of fns) %PrepareFunctionForOptimization(f);
// An engagement may take a path the feedback has not seen yet, and throw the new code away: play on.
for (let k = 0, start = 10; k < 10 && optimized().length < fns.length; k++, start += 31) {
  first.run({ cell: 0, start, count: 30 });
  for (const [, f] of fns) %OptimizeFunctionOnNextCall(f);
  first.run({ cell: 0, start: start + 30, count: 1 });
}
const before = optimized();
const second = new BatchRunner(structuredClone(plan));
second.run({ cell: 0, start: 0, count: 3 });
console.log(JSON.stringify({ before, after: optimized() }));
`;

describe("a second runner in a thread keeps the rules' optimized code", () => {
  it.each(CASES)('$file', ({ file, fns }) => {
    const planFile = join(dir, `${file.replace(/\W/g, '-')}.json`);
    writeFileSync(planFile, JSON.stringify(prepareRun({ file, engagements: 100 }).plan));
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', SCRIPT, planFile, ...fns], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ before: fns, after: fns });
  });
});
