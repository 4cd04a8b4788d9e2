/**
 * The batch a run takes when neither the file nor --batch says (src/scenario/load.ts, defaultBatch;
 * ScenarioKind.batch): 25 for a hex battle, whose engagement costs a hundred assaults', so that its
 * 1,000 engagements are 40 batches and a run can use every core; 500 for the rest.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultFolder } from '../../src/sim/store/folderName.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';

describe('the default batch', () => {
  it('is 25 for a hex battle and 500 for an assault or a lane system, a scenario run as it stands', () => {
    expect(prepareRun({ file: 'sims/corps-battle.scenario.yaml' }).plan.batch).toBe(25);
    expect(prepareRun({ file: 'sims/town-assault.scenario.yaml' }).plan.batch).toBe(500);
    expect(prepareRun({ file: 'sims/burt/common-a-village.scenario.yaml' }).plan.batch).toBe(500);
  });

  it('is the scenario kind\'s for an experiment that names none, and a scenario changed by --set', () => {
    expect(prepareRun({ file: 'sims/village-assault.experiment.yaml' }).plan.batch).toBe(25);
    expect(prepareRun({ file: 'sims/town-assault.experiment.yaml' }).plan.batch).toBe(500);
    expect(prepareRun({ file: 'sims/corps-battle.scenario.yaml', settings: { set: ['aor.squareEffect=7.10'] } }).plan.batch).toBe(25);
  });

  it('gives way to the file\'s batch and to --batch; only a batch other than the default names the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-batch-'));
    const file = join(dir, 'battle.experiment.yaml');
    writeFileSync(file, `kind: experiment\nname: battle-batch\nscenario: ${resolve('sims/corps-battle.scenario.yaml')}\nengagements: 100\nseed: 1\nbatch: 200\nvary: {}\n`);
    expect(prepareRun({ file, out: join(dir, 'out') }).plan.batch).toBe(200);
    expect(prepareRun({ file: 'sims/corps-battle.scenario.yaml', batch: 100 }).plan.batch).toBe(100);
    expect(prepareRun({ file: 'sims/corps-battle.scenario.yaml', batch: 25 }).outDir).toBe(defaultFolder('corps-battle.scenario'));
    expect(prepareRun({ file: 'sims/corps-battle.scenario.yaml', batch: 500 }).outDir).toBe(defaultFolder('corps-battle.scenario-batch500'));
  });
});
