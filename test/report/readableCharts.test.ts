/**
 * Charts stay readable at any number of cells: the charts that lay the cells along an axis (outcomes,
 * retreats) and the sweeps, for experiments of 2 to 18 cells, rendered to SVG, draw no text over other
 * text (textBoxes.ts). Every chart of every design, and of every shipped study, is checked in
 * test/long/readableCharts.test.ts (a few minutes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chartsFor } from '../../src/report/charts/index.js';
import type { Results } from '../../src/results/results.js';
import { DESIGNS, withCells } from './cellDesigns.js';
import { fixtureResults, SIMS } from './fixture.js';
import { overlaps, renderTexts } from './textBoxes.js';

const QUICK = new Set(['outcomes', 'retreats', 'sweep', 'sweep-2']);

// 120 and 200 cells take about 15 s more: test/long.
describe.each(DESIGNS.filter(([, f]) => Object.values(f).reduce((n, v) => n * v.length, 1) <= 18))('the charts of a battle experiment of %s', (_name, factors, valueNames) => {
  let results: Results;
  beforeAll(async () => {
    results = withCells(await fixtureResults(SIMS.villageExperiment), factors, valueNames);
  });

  it('outcomes, retreats and sweeps draw no text over other text', async () => {
    const charts = chartsFor(results).filter((c) => QUICK.has(c.name));
    expect(charts.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const chart of charts) {
      for (const [a, b] of overlaps((await renderTexts(chart.build(results))).boxes)) found.push(`${chart.name}: "${a}" / "${b}"`);
    }
    expect(found).toEqual([]);
  });
});

describe('cell labels on the charts', () => {
  it('say the names an experiment gives its values, and short factor names', async () => {
    const base = await fixtureResults(SIMS.villageExperiment);
    const [, factors, names] = DESIGNS[0];
    const { boxes } = await renderTexts(chartsFor(withCells(base, factors, names)).find((c) => c.name === 'outcomes')!.build(withCells(base, factors, names)));
    const texts = boxes.map((b) => b.text);
    expect(texts).toEqual(expect.arrayContaining(['shaken', 'steady', "Morale of Steinmetz's brigade units"]));
    const nine = withCells(base, DESIGNS[1][1]);
    const rows = (await renderTexts(chartsFor(nine).find((c) => c.name === 'outcomes')!.build(nine))).boxes.map((b) => b.text);
    expect(rows).toContain('French doctrine=aggressive / Prussians doctrine=careful');
  });
});
