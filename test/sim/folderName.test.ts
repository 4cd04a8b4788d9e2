/**
 * Default output folders (src/sim/store/folderName.ts; docs/files.md, "Output folders"): the flags that
 * change what is played name the folder, plainly when they can and by a hash when they cannot.
 */
import { describe, expect, it } from 'vitest';
import { changedFlags, defaultFolder, folderSuffix, shortHash } from '../../src/sim/store/folderName.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';

describe('folderSuffix', () => {
  it('writes plain values as -<flag><value>, in the order given; no flags, no suffix', () => {
    expect(folderSuffix([])).toBe('');
    expect(folderSuffix([['n', 5000], ['seed', '1815']])).toBe('-n5000-seed1815');
    expect(folderSuffix([['precision', 0.01]])).toBe('-precision0.01');
  });

  it('folds every value a folder name cannot hold into one hash, after the plain ones', () => {
    const odd = folderSuffix([['n', 200], ['seed', 'a b/77'], ['question', 'x[0] = 30%']]);
    expect(odd).toBe(`-n200-${shortHash([['seed', 'a b/77'], ['question', 'x[0] = 30%']])}`);
    expect(odd).toMatch(/^-n200-[0-9a-f]{8}$/);
    // Two seeds that a plain rewriting would make alike stay apart.
    expect(folderSuffix([['seed', 'a b']])).not.toBe(folderSuffix([['seed', 'a/b']]));
    // Too long to read is hashed too.
    expect(folderSuffix([['seed', 'x'.repeat(41)]])).toMatch(/^-[0-9a-f]{8}$/);
  });
});

describe('changedFlags', () => {
  it("keeps the flags given with a value other than the file's own, compared as text", () => {
    expect(
      changedFlags([
        ['n', 1000, 1000],
        ['seed', '1', 1],
        ['batch', undefined, 500],
        ['precision', 0.01, undefined],
        ['max', 5000, 100000],
      ]),
    ).toEqual([
      ['precision', 0.01],
      ['max', 5000],
    ]);
  });
});

describe('the default folder of volley run', () => {
  it('is the experiment by its name, the scenario by its name and .scenario', () => {
    expect(prepareRun({ file: 'sims/town-assault.experiment.yaml' }).outDir).toBe(defaultFolder('town-assault'));
    expect(prepareRun({ file: 'sims/town-assault.scenario.yaml' }).outDir).toBe(defaultFolder('town-assault.scenario'));
  });

  it('names the flags that change what is played, and only those', () => {
    expect(prepareRun({ file: 'sims/town-assault.scenario.yaml', engagements: 5000 }).outDir).toBe(defaultFolder('town-assault.scenario-n5000'));
    // The file's own values change nothing.
    expect(prepareRun({ file: 'sims/town-assault.scenario.yaml', engagements: 1000, seed: 1, batch: 500 }).outDir).toBe(defaultFolder('town-assault.scenario'));
    expect(prepareRun({ file: 'sims/morale-sweep.experiment.yaml', precision: 0.01 }).outDir).toBe(defaultFolder('morale-sweep-precision0.01'));
    expect(prepareRun({ file: 'sims/town-assault.experiment.yaml', seed: 'x y', batch: 100 }).outDir).toBe(defaultFolder(`town-assault-batch100-${shortHash([['seed', 'x y']])}`));
    // --out decides alone.
    expect(prepareRun({ file: 'sims/town-assault.scenario.yaml', engagements: 5000, out: 'elsewhere' }).outDir).toBe('elsewhere');
  });
});
