/**
 * A refit's warnings (two rules setting one value of a unit to the same value: src/scenario/refit.ts)
 * reach the user whichever way the refit is applied: by `volley refit check`, by an experiment's own
 * `refit`, or by a variant's.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../src/scenario/validate.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { volley } from '../reliability/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-refit-warn-'));
copyFileSync('sims/village-assault.scenario.yaml', join(dir, 'village-assault.scenario.yaml'));
writeFileSync(
  join(dir, 'twice.refit.yaml'),
  ['kind: refit', 'name: twice', 'resetUnnamed: true', 'rules:', '  - match: { id: Stein-IR-12-I }', '    set: { morale: 6 }', '  - match: { id: Stein-IR-12-I }', '    set: { morale: 6 }', ''].join('\n'),
);
const experiment = (name: string, lines: string[]) => {
  const file = join(dir, `${name}.experiment.yaml`);
  writeFileSync(file, [`kind: experiment`, `name: ${name}`, 'scenario: village-assault.scenario.yaml', 'engagements: 20', 'seed: 1', ...lines, ''].join('\n'));
  return file;
};
const own = experiment('own', ['refit: twice.refit.yaml']);
const variant = experiment('variant', ['variants:', '  - name: plain', '  - name: refitted', '    refit: twice.refit.yaml']);
const warning = `${relative(process.cwd(), join(dir, 'twice.refit.yaml'))}: rules[0] and rules[1] both set morale of unit 'Stein-IR-12-I' (to the same value 6)`;

describe("a refit's warnings in experiments", () => {
  it.each([
    ["the experiment's own refit", own],
    ["a variant's refit", variant],
  ])('%s: prepareRun and validate carry the warning', (_what, file) => {
    expect(prepareRun({ file }).warnings).toEqual([warning]);
    expect(validateFile(file).split('\n')[1]).toBe(`  warning: ${warning}`);
  });

  it('volley run --quiet prints it, and runs', () => {
    const r = volley(['run', variant, '--quiet', '--no-report', '--out', join(dir, 'out')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`volley: warning: ${warning}\n`);
  });

  it('a scenario or an experiment without a refit has none', () => {
    expect(prepareRun({ file: 'sims/village-assault.scenario.yaml' }).warnings).toEqual([]);
    expect(prepareRun({ file: 'sims/refit-sweep.experiment.yaml' }).warnings).toEqual([]);
  });
});
