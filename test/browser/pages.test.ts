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
import { readPng } from '../trace/page.js';
import { chromiumForTests, ink, visitPages, type Visit } from './chromium.js';

const chromium = chromiumForTests();
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
    const prep = prepareRefitCheck({ refitFile: 'sims/refit-village.refit.yaml', scenarioFiles: ['sims/village-assault.scenario.yaml'], engagements: 4, seed: 1 });
    writeFileSync(join(dir, 'refit-check.html'), refitCheckHtml(buildRefitResults(prep, await runRefitCheck(prep, 0))));
    writeFileSync(join(dir, 'trace.html'), tracePage(replayEngagement({ file: 'sims/village-assault.scenario.yaml', engagement: 7 })));
    const names = ['town.html', 'nine.html', 'refit-check.html', 'trace.html'];
    const got = await visitPages(
      chromium!,
      names.map((name) => ({
        url: pathToFileURL(join(dir, name)).href,
        shot: name === 'town.html' || name === 'trace.html',
        // The height on screen of a counter's label on the trace map, at the zoom the page opens with.
        evaluate: name === 'trace.html' ? { label: `document.querySelector('#overlay .lbl').getBoundingClientRect().height` } : undefined,
      })),
      WIDTH,
      HEIGHT,
    );
    names.forEach((n, i) => (visits[n] = got[i]));
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const name of ['town.html', 'nine.html', 'refit-check.html']) {
    it(`${name}: no wider than the window, and nothing in it scrolls sideways`, () => {
      const v = visits[name];
      expect(v.wide, `${name}: elements wider than the window`).toEqual([]);
      expect(v.clientWidth).toBe(WIDTH);
      expect(v.scrollWidth).toBeLessThanOrEqual(v.clientWidth);
    });
  }

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
