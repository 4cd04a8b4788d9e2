/**
 * Every chart the report draws stays readable: for experiments of 2 to 900 cells (test/report/
 * cellDesigns.ts), and for every shipped study (sims/, played in this thread with a few engagements a
 * cell), each chart is rendered to SVG and no two of its texts overlap (test/report/textBoxes.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartsFor } from '../../src/report/charts/index.js';
import type { Results } from '../../src/results/results.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { buildResults } from '../../src/results/results.js';
import { DESIGNS, withCells } from '../report/cellDesigns.js';
import { fixtureResults, SIMS } from '../report/fixture.js';
import { overlaps, renderTexts } from '../report/textBoxes.js';

async function overlapsIn(r: Results): Promise<string[]> {
  const found: string[] = [];
  for (const chart of chartsFor(r)) {
    for (const [a, b] of overlaps((await renderTexts(chart.build(r))).boxes)) found.push(`${chart.name}: "${a}" / "${b}"`);
  }
  return found;
}

describe.each(DESIGNS)('every chart of a battle experiment of %s', (_name, factors, valueNames) => {
  it('draws no text over other text', async () => {
    expect(await overlapsIn(withCells(await fixtureResults(SIMS.villageExperiment), factors, valueNames))).toEqual([]);
  });
});

/** The shipped studies of one rule system (cross-system experiments report on their own page, without these charts). */
const studies = ['sims', 'sims/aoe', 'sims/burt', 'sims/cwj', 'sims/nagb', 'sims/aor'].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.experiment.yaml') || f.endsWith('.scenario.yaml'))
    .map((f) => join(dir, f)),
);

describe.each(studies)('every chart of %s', (file) => {
  it('draws no text over other text', async () => {
    const prep = prepareRun({ file, engagements: 4, batch: 4, fixedCount: true });
    if (prep.systems) return;
    const accumulators = await runPlan(prep.plan, { workers: 0 });
    expect(await overlapsIn(buildResults({ ...prep.meta, accumulators }))).toEqual([]);
  });
});
