/**
 * Names of factor values (`{ value, name }` in vary, src/scenario/valueNames.ts): loaded beside the
 * values, carried to results.json's provenance without touching the cells, said in cell labels; bad
 * names are errors naming file, line and field.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/scenario/load.js';
import { splitValueNames } from '../../src/scenario/valueNames.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { buildResults } from '../../src/results/results.js';
import { cellNames, shortFactors } from '../../src/report/labels.js';

const HEX = 'attacker.stacks[1].hexside';

function experiment(vary: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'volley-names-'));
  copyFileSync('sims/town-assault.scenario.yaml', join(dir, 'town-assault.scenario.yaml'));
  const file = join(dir, 'e.experiment.yaml');
  writeFileSync(file, `kind: experiment\nname: e\nscenario: town-assault.scenario.yaml\nengagements: 10\nseed: 1\nvary:\n${vary}\n`);
  return file;
}

describe('named values in vary', () => {
  it('split into the values and their names, null where a value has none', () => {
    expect(splitValueNames({ a: [{ value: 1, name: 'frontal' }, 2, { value: [3, 4], name: 'both' }], b: [5, 6], c: { from: 1, to: 2, step: 1 } })).toEqual({
      vary: { a: [1, 2, [3, 4]], b: [5, 6], c: { from: 1, to: 2, step: 1 } },
      names: { a: ['frontal', null, 'both'] },
    });
  });

  it('load as plain values: the cells, their labels and their dice are those of the unnamed file', () => {
    const named = loadExperiment(experiment(`  ${HEX}:\n    - { value: 1, name: frontal }\n    - { value: 2, name: flank }\n    - 3`));
    const plain = loadExperiment(experiment(`  ${HEX}: [1, 2, 3]`));
    expect(named.experiment.vary[HEX]).toEqual([1, 2, 3]);
    expect(named.experiment.valueNames).toEqual({ [HEX]: ['frontal', 'flank', null] });
    expect(plain.experiment.valueNames).toBeUndefined();
    expect(named.cells.map((c) => [c.label, c.rngKey, c.scenario])).toEqual(plain.cells.map((c) => [c.label, c.rngKey, c.scenario]));
  });

  it('reach the results (outside the hash) and the cell labels', async () => {
    const results = async (file: string) => {
      const prep = prepareRun({ file, engagements: 10, batch: 10 });
      return buildResults({ ...prep.meta, accumulators: await runPlan(prep.plan, { workers: 0 }) });
    };
    const named = await results(experiment(`  ${HEX}:\n    - { value: 1, name: frontal }\n    - { value: 2, name: flank }\n    - 3`));
    const plain = await results(experiment(`  ${HEX}: [1, 2, 3]`));
    expect(named.provenance.valueNames).toEqual({ [HEX]: ['frontal', 'flank', null] });
    expect(named.provenance.hash).toBe(plain.provenance.hash);
    expect(cellNames(named).labels).toEqual(['frontal', 'flank', '3']);
    expect(cellNames(plain).labels).toEqual(['1', '2', '3']);
  });

  it.each([
    ['{ value: 1 }', /e\.experiment\.yaml:8: vary\.attacker\.stacks\[1\]\.hexside\[0\]\.name: missing: expected string/],
    ["{ value: 1, name: '' }", /:8: vary\.attacker\.stacks\[1\]\.hexside\[0\]\.name: expected a name, found an empty one/],
    ['{ value: 1, nme: frontal }', /:8: vary\.attacker\.stacks\[1\]\.hexside\[0\]\.nme: unknown field 'nme'/],
    ['{ name: frontal }', /:8: vary\.attacker\.stacks\[1\]\.hexside\[0\]\.value: missing/],
    [`{ value: 1, name: ${'x'.repeat(33)} }`, /:8: vary\.attacker\.stacks\[1\]\.hexside\[0\]\.name: a name of at most 32 characters/],
  ])('%s is an error naming file, line and field', (entry, message) => {
    expect(() => loadExperiment(experiment(`  ${HEX}:\n    - ${entry}\n    - 2`))).toThrow(message);
  });

  it('a name used twice, or the same as a plain value, is an error at the second', () => {
    expect(() => loadExperiment(experiment(`  ${HEX}:\n    - { value: 1, name: flank }\n    - { value: 2, name: flank }`))).toThrow(
      /:9: vary\.attacker\.stacks\[1\]\.hexside\[1\]\.name: 'flank' is the name of entry 0 as well/,
    );
    expect(() => loadExperiment(experiment(`  ${HEX}:\n    - { value: 1, name: '2' }\n    - 2`))).toThrow(/:8: vary\.attacker\.stacks\[1\]\.hexside\[0\]\.name: '2' is value "2" of entry 1 as well/);
  });
});

describe('short factor names', () => {
  const names = { sides: [{ name: 'French' }, { name: 'Prussians' }], formations: [{ name: 'Foy', side: 0, id: 'Div-Foy' }] };
  it('the last segment; the side or formation before it where two share it', () => {
    expect(shortFactors(['defender.units[*].morale', 'turns'])).toEqual(['morale', 'turns']);
    expect(shortFactors(['sides[0].battleDoctrine', 'sides[1].battleDoctrine'], names)).toEqual(['French doctrine', 'Prussians doctrine']);
    expect(shortFactors(['sides[0].formations[Div-Foy].units[*].morale', 'sides[1].units[*].morale'], names)).toEqual(['Foy morale', 'Prussians morale']);
    // Without names to tell them apart: the whole paths.
    expect(shortFactors(['a.morale', 'b.morale'])).toEqual(['a.morale', 'b.morale']);
  });
});
