/**
 * The pages as a reader sees them, in headless Chromium at 1,280 × 900 (one browser for all): the
 * default report (the town assault of the README's first command), the same report with nine cells (its
 * tables wrap), refit-check.html and the trace page. None is wider than the window and no table
 * scrolls sideways; the report and the trace draw something (not blank); the trace map's counters
 * are drawn with text a reader can read. The reports of square-effect and Ligny (many columns, many
 * cells, charts) are checked the same way in test/long/browser-pages.test.ts.
 * Skipped where no Chromium is installed, a failure in CI (CI set): see chromium.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharts, readLibraries } from '../../src/report/index.js';
import { reportHtml } from '../../src/report/html.js';
import { refitCheckHtml } from '../../src/report/refitCheck.js';
import { tracePage } from '../../src/report/trace/html.js';
import { buildRefitResults, prepareRefitCheck, runRefitCheck } from '../../src/sim/studies/refitCheck.js';
import { replayEngagement } from '../../src/sim/studies/trace.js';
import { fixtureResults, SIMS } from '../report/fixture.js';
import { withCells } from '../report/cellDesigns.js';
import { readPng } from '../trace/page.js';
import { chromiumForTests, ink, visitPages, type Visit } from './chromium.js';

const chromium = chromiumForTests();

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** In many.html: the table's rows and words after paging, filtering and sorting, and the ranking after choosing a metric. */
const state = `({ rows: document.querySelectorAll('#cells-body tr').length, info: document.getElementById('cells-info').textContent, firstCell: document.querySelector('#cells-body tr td').textContent })`;
const MANY_CHECKS = {
  first: state,
  next: `(document.getElementById('cells-next').click(), ${state})`,
  filtered: `(() => { const f = document.getElementById('cells-filter'); f.value = 'morale=3 turns=10'; f.dispatchEvent(new Event('input')); return ${state}; })()`,
  sorted: `(() => { const th = document.querySelectorAll('#cells-table thead th')[2]; th.click(); th.click(); return ${state}; })()`,
  ranked: `(() => { const s = document.getElementById('rank-metric'); s.value = 'turns'; s.dispatchEvent(new Event('change')); return { rows: document.querySelectorAll('#rank-top tr').length, metric: document.querySelector('#rank-top').closest('table').querySelector('thead .rank-metric-name').textContent }; })()`,
};
const [WIDTH, HEIGHT] = [1280, 900];

describe.skipIf(!chromium)('the pages in Chromium at 1,280 px', () => {
  const dir = mkdtempSync(join(tmpdir(), 'volley-browser-'));
  const visits: Record<string, Visit> = {};

  beforeAll(async () => {
    const libs = readLibraries();
    const town = await fixtureResults(SIMS.townAssault, 100);
    writeFileSync(join(dir, 'town.html'), reportHtml(town, buildCharts(town), libs));
    // Nine cells (the four repeated, under labels of their own): the tables wrap; the charts are left out.
    const nine = structuredClone(town);
    nine.cells = Array.from({ length: 9 }, (_, i) => ({ ...structuredClone(town.cells[i % 4]), index: i, label: `defender.units[*].morale=${i}` }));
    writeFileSync(join(dir, 'nine.html'), reportHtml(nine, [], libs));
    // A thousand cells: the table of every cell, paged and filtered, and the ranking, instead of a column per cell.
    const many = withCells(town, { 'defender.units[*].morale': range(1, 10), 'attacker.stacks[*].units[*].strength': range(3, 12), turns: range(1, 10) });
    many.cells.forEach((c, i) => (c.index = i));
    writeFileSync(join(dir, 'many.html'), reportHtml(many, buildCharts(many), libs));
    const prep = prepareRefitCheck({ refitFile: 'sims/refit-village.refit.yaml', scenarioFiles: ['sims/village-assault.scenario.yaml'], engagements: 4, seed: 1 });
    writeFileSync(join(dir, 'refit-check.html'), refitCheckHtml(buildRefitResults(prep, await runRefitCheck(prep, 0))));
    writeFileSync(join(dir, 'trace.html'), tracePage(replayEngagement({ file: 'sims/village-assault.scenario.yaml', engagement: 7 })));
    const names = ['town.html', 'nine.html', 'refit-check.html', 'trace.html', 'many.html'];
    const got = await visitPages(
      chromium!,
      names.map((name) => ({
        url: pathToFileURL(join(dir, name)).href,
        shot: name === 'town.html' || name === 'trace.html' || name === 'many.html',
        // The height on screen of a counter's label on the trace map, at the zoom the page opens with.
        evaluate: name === 'trace.html' ? { label: `document.querySelector('#overlay .lbl').getBoundingClientRect().height` } : name === 'many.html' ? MANY_CHECKS : undefined,
      })),
      WIDTH,
      HEIGHT,
    );
    names.forEach((n, i) => (visits[n] = got[i]));
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const name of ['town.html', 'nine.html', 'refit-check.html', 'many.html']) {
    it(`${name}: no wider than the window, and nothing in it scrolls sideways`, () => {
      const v = visits[name];
      expect(v.wide, `${name}: elements wider than the window`).toEqual([]);
      expect(v.clientWidth).toBe(WIDTH);
      expect(v.scrollWidth).toBeLessThanOrEqual(v.clientWidth);
    });
  }

  it('many.html: the table of 1,000 cells pages, filters and sorts; the ranking follows the metric chosen', () => {
    const v = visits['many.html'].values;
    expect(v.first).toEqual({ rows: 50, info: '1–50 of 1000 cells; page 1 of 20', firstCell: '0' });
    expect(v.next).toEqual({ rows: 50, info: '51–100 of 1000 cells; page 2 of 20', firstCell: '50' });
    // "morale=3 turns=10": 10 cells of the 1,000 (any attacker strength).
    expect(v.filtered).toEqual({ rows: 10, info: '1–10 of 10 cells (filtered from 1000); page 1 of 1', firstCell: '209' });
    expect(v.sorted).toEqual({ rows: 10, info: '1–10 of 10 cells (filtered from 1000); page 1 of 1', firstCell: '299' });
    expect(v.ranked).toEqual({ rows: 10, metric: 'Turns' });
  });

  it('trace.html: no wider than the window; only the map scrolls, inside its box', () => {
    const v = visits['trace.html'];
    expect(v.scrollWidth).toBeLessThanOrEqual(v.clientWidth);
    expect(v.wide.filter((w) => !w.includes('div#mapscroll'))).toEqual([]);
  });

  it('trace.html: counter labels at least 10 px high at the zoom the page opens with', () => {
    expect(visits['trace.html'].values.label).toBeGreaterThanOrEqual(10);
  });

  it('the report and the trace page draw something: many colours, much of the window inked', () => {
    for (const name of ['town.html', 'trace.html']) {
      const img = readPng(visits[name].shot!);
      expect([img.width, img.height]).toEqual([WIDTH, HEIGHT]);
      const { inked, colours } = ink(img);
      expect(colours, name).toBeGreaterThan(40);
      // The report's first window is text (the question's answers, the summary table): about 7% inked; blank is 0.
      expect(inked, name).toBeGreaterThan(0.05);
    }
  });
});
