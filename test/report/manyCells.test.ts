/**
 * A report of many cells (report/charts/index.ts, MAX_CELLS_CHARTED; sweep.ts, MAX_SWEEP_SERIES): the
 * charts drawn cell by cell are left out past 120 cells and the page says so; a sweep over many
 * combinations of the other factors draws thin lines without bands or legend. 900 cells used to
 * overflow the chart library's stack and stop the run before its report was written.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsFor, writeReport } from '../../src/report/index.js';
import { reportHtml, type Libraries } from '../../src/report/html.js';
import { MAX_SWEEP_LINES, MAX_SWEEP_SERIES, sweepCharts, sweepLines, sweepSpec } from '../../src/report/charts/sweep.js';
import type { Results } from '../../src/results/results.js';
import { fixtureResults } from './fixture.js';
import { renderTexts } from './textBoxes.js';

describe('a report of 9 x 9 x 2 = 162 cells', () => {
  const dir = mkdtempSync(join(tmpdir(), 'volley-many-'));
  let results: Results;
  beforeAll(async () => {
    const file = join(dir, 'many.experiment.yaml');
    writeFileSync(
      file,
      [
        'kind: experiment',
        'name: many',
        `scenario: ${join(process.cwd(), 'sims/town-assault.scenario.yaml')}`,
        'engagements: 10',
        'seed: 1',
        'vary:',
        '  defender.units[*].morale: [1, 2, 3, 4, 5, 6, 7, 8, 9]',
        '  attacker.stacks[0].units[0].strength: [4, 5, 6, 7, 8, 9, 10, 11, 12]',
        '  turns: [1, 3]',
        '',
      ].join('\n'),
    );
    results = await fixtureResults(file, 10);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('draws the sweeps and the small multiples only, and the page says why', async () => {
    expect(results.cells).toHaveLength(162);
    expect(chartsFor(results).map((c) => c.name)).toEqual(['sweep', 'sweep-2', 'small-multiples']);
    const out = join(dir, 'report');
    await writeReport(results, out);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('With more than 120 cells the charts and tables that show each cell apart are left out');
    expect(readdirSync(out).filter((f) => f.endsWith('.png')).sort()).toEqual(['small-multiples.png', 'sweep-2.png', 'sweep.png']);
    // Every cell in the table's data and in cells.csv; no table with a column per cell.
    const data = JSON.parse(html.match(/<script type="application\/json" id="volley-cells">([^<]*)<\/script>/)![1]) as { rows: unknown[][] };
    expect(data.rows.map((row) => row[0])).toEqual(results.cells.map((c) => c.index));
    expect(html).not.toContain('Key numbers per cell');
    const csv = readFileSync(join(out, 'cells.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(163);
    expect(csv[0]).toMatch(/^cell,label,defender\.units\[\*\]\.morale,attacker\.stacks\[0\]\.units\[0\]\.strength,turns,engagements,wins0,wins0_lo,wins0_hi,/);
    // 162 cells are written in results.json itself (the columnar file is for more than 200).
    expect(html).toContain('cells.csv and results.json hold them all');
  });

  it('the small multiples and sweeps show their axis titles whole: a long factor name on two lines, not cut short', async () => {
    const texts: Record<string, string[]> = {};
    for (const chart of chartsFor(results)) {
      const { svg, boxes } = await renderTexts(chart.build(results));
      expect(svg, chart.name).not.toContain('…');
      texts[chart.name] = boxes.map((b) => b.text);
    }
    // Lines of a text are joined by ' / ' (textBoxes.ts).
    expect(texts['small-multiples']).toContain('Morale of / defender units');
    expect(texts['sweep-2']).toContain('Strength of attacker / stacks[0] units[0]');
    expect(texts.sweep).toContain('Morale of defender units');
  });

  it("names where every cell is: results.json, or the columnar file past 200 cells, from a cross-system run's system report the run's own", () => {
    const libs = { vega: '', vegaLite: '', vegaEmbed: '' } satisfies Libraries;
    const cross = { resultsFile: '../../results.json', columnsFile: '../../cells.aor.columns.json' };
    expect(reportHtml(results, [], libs, cross)).toContain('cells.csv and ../../results.json hold them all');
    const wide = { ...results, cells: [...results.cells, ...results.cells.slice(0, 39)] };
    const html = reportHtml(wide, [], libs, cross);
    expect(html).toContain('cells.csv and ../../cells.aor.columns.json (results.json names it) hold them all');
    expect(html).toContain('are in ../../cells.aor.columns.json (results.json names it).');
    expect(reportHtml(wide, [], libs)).toContain('are in cells.columns.json (results.json names it).');
  });

  it(`a factor whose sweep would draw more than ${MAX_SWEEP_LINES} lines is not drawn`, () => {
    expect(sweepLines(results, 'turns')).toBe(81);
    expect(sweepLines(results, 'defender.units[*].morale')).toBe(18);
    const more = { ...results, provenance: { ...results.provenance, factors: { ...results.provenance.factors, 'sides[0].doctrine': Array.from({ length: 4 }, (_, i) => `d${i}`) } } };
    expect(sweepLines(more, 'defender.units[*].morale')).toBe(72);
    expect(sweepCharts(more)).toEqual([]);
  });

  it('a sweep over 18 combinations of the other factors: thin lines, no bands, no legend', () => {
    const spec = sweepSpec(results, 'defender.units[*].morale') as unknown as { spec: { layer: { mark: { type: string } }[]; encoding: { color: { legend: unknown } } }; title: { subtitle: string[] } };
    expect(18).toBeGreaterThan(MAX_SWEEP_SERIES);
    expect(spec.spec.layer.map((l) => l.mark.type)).toEqual(['line']);
    expect(spec.spec.encoding.color.legend).toBeNull();
    expect(spec.title.subtitle.join(' ')).toContain('One line per combination of the other factors (18; hover for which)');
  });
});
