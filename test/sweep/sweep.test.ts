/** Sweeps: ranges in experiment files, the sensitivity numbers, the sweep chart and section, the CLI. */
import { mkdtempSync, readFileSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadExperiment, rangeValues } from '../../src/scenario/load.js';
import { stepChange, weightedSlope, Z95 } from '../../src/stats/sensitivity.js';
import { sweepSpec } from '../../src/report/charts/sweep.js';
import { chartsFor } from '../../src/report/charts/index.js';
import { reportHtml } from '../../src/report/html.js';
import { buildCharts } from '../../src/report/index.js';
import { sensitivityRows } from '../../src/report/sensitivity.js';
import { specToSvg } from '../../src/report/render.js';
import { fixtureResults, SIMS } from '../report/fixture.js';
import { makeValidator } from '../report/jsonSchema.js';
import { volleyHere } from '../cli/here.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-sweep-'));
const LIBS = { vega: '', vegaLite: '', vegaEmbed: '' };

function experiment(vary: string): string {
  const dir = tmp();
  copyFileSync('sims/town-assault.scenario.yaml', join(dir, 'town-assault.scenario.yaml'));
  const file = join(dir, 'e.experiment.yaml');
  writeFileSync(file, `kind: experiment\nname: e\nscenario: town-assault.scenario.yaml\nengagements: 10\nseed: 1\nvary:\n${vary}\n`);
  return file;
}

describe('ranges', () => {
  it('expands from/to/step, rounding to the step decimals', () => {
    expect(rangeValues({ from: 2, to: 6, step: 1 })).toEqual([2, 3, 4, 5, 6]);
    expect(rangeValues({ from: 0.1, to: 0.5, step: 0.1 })).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(rangeValues({ from: 1, to: 2, step: 0.3 })).toEqual([1, 1.3, 1.6, 1.9]);
    expect(rangeValues({ from: 3, to: 3, step: 1 })).toEqual([3]);
  });

  it('loads an experiment with a range as a list', () => {
    const e = loadExperiment(experiment('  defender.units[*].morale: { from: 2, to: 6, step: 1 }'));
    expect(e.experiment.vary['defender.units[*].morale']).toEqual([2, 3, 4, 5, 6]);
    expect(e.cells).toHaveLength(5);
  });

  it.each([
    ['{ from: 2, to: 6, step: 0 }', /e\.experiment\.yaml:7: vary\.defender\.units\[\*\]\.morale\.step: expected a number greater than 0/],
    ['{ from: 2, to: 6, step: -1 }', /:7: vary\.defender\.units\[\*\]\.morale\.step: /],
    ['{ from: 6, to: 2, step: 1 }', /:7: vary\.defender\.units\[\*\]\.morale\.to: expected a number not below from/],
    ['{ from: 0, to: 100, step: 1 }', /:7: vary\.defender\.units\[\*\]\.morale\.step: the range gives 101 values, more than 50/],
  ])('%s is an error naming file, line and field', (range, message) => {
    expect(() => loadExperiment(experiment(`  defender.units[*].morale: ${range}`))).toThrow(message);
  });

  it('a range with a non-number is an error naming the line', () => {
    expect(() => loadExperiment(experiment('  defender.units[*].morale: { from: a, to: 6, step: 1 }'))).toThrow(/e\.experiment\.yaml:7: vary\.defender\.units\[\*\]\.morale/);
  });
});

describe('sensitivity numbers', () => {
  it('per-step change and weighted slope match a hand computation', () => {
    const pts = [
      { x: 1, y: 0.1, variance: 0.0001, lo: 0, hi: 0 },
      { x: 2, y: 0.3, variance: 0.0004, lo: 0, hi: 0 },
      { x: 3, y: 0.4, variance: 0.0001, lo: 0, hi: 0 },
    ];
    const s = stepChange(pts[0], pts[1]);
    expect(s.change).toBeCloseTo(0.2, 12);
    expect(s.hi - s.change).toBeCloseTo(Z95 * Math.sqrt(0.0005), 12);
    // Weights 10000, 2500, 10000: x̄ = 2, ȳ = (1000 + 750 + 4000) / 22500 = 0.25556;
    // Sxx = 10000 + 0 + 10000 = 20000; Sxy = 10000·(-1)(0.1 - ȳ) + 10000·(1)(0.4 - ȳ) = 3000.
    const b = weightedSlope(pts, 1)!;
    expect(b.perUnit).toBeCloseTo(0.15, 12);
    expect(b.se).toBeCloseTo(1 / Math.sqrt(20000), 12);
    expect(b.lo).toBeCloseTo(0.15 - Z95 / Math.sqrt(20000), 12);
    // Per step of 0.5 the slope halves.
    expect(weightedSlope(pts, 0.5)!.perStep).toBeCloseTo(0.075, 12);
  });
});

describe('sweep chart and section', () => {
  const validate = makeValidator(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json'), 'utf8')));

  it('town-assault (numeric factor, 4 values): valid sweep spec that renders, section and rows', async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const spec = sweepSpec(r, 'defender.units[*].morale');
    expect(validate(spec)).toEqual([]);
    const svg = await specToSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(chartsFor(r)[0].name).toBe('sweep');
    const rows = sensitivityRows(r);
    expect(rows).toHaveLength(8);
    expect(rows[0].steps).toHaveLength(3);
    const html = reportHtml(r, buildCharts(r), LIBS);
    expect(html).toContain('<section id="sensitivity">');
    expect(html).toMatch(/\+1 morale of defender units changes the defender&#39;s win share by \+\d/);
  });

  it.each([
    ['flank-vs-frontal (numeric hexside, 3 values)', SIMS.flank, true],
    ['single scenario', SIMS.scenario, false],
    ['village battle (doctrine names)', SIMS.villageExperiment, false],
  ] as const)('%s: section present only with a numeric factor', async (_n, file, present) => {
    const r = await fixtureResults(file);
    const html = reportHtml(r, buildCharts(r), LIBS);
    expect(html.includes('id="sensitivity"')).toBe(present);
    expect(sensitivityRows(r).length > 0).toBe(present);
  });
});

describe('CLI', () => {
  it('the shipped sweep with -n 200 writes sensitivity.csv', async () => {
    const out = join(tmp(), 'out');
    // The command line in this process (test/cli/here.ts): `volley run` as the built program is run elsewhere.
    const r = await volleyHere(['run', 'sims/morale-sweep.experiment.yaml', '-n', '200', '--out', out, '--quiet', '-w', '0']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'sweep.png'))).toBe(true);
    const csv = readFileSync(join(out, 'sensitivity.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toMatch(/^factor,others,metric,side/);
    // 8 metrics x 4 steps.
    expect(csv).toHaveLength(1 + 8 * 4);
  });
});
