/**
 * The reports with the widest tables, in headless Chromium at 1,280 × 900: square effect (the paired
 * comparisons: test, p, p after Holm, variance ratio) and Ligny (twelve cells, the history table, the
 * charts of every cell). Neither is wider than the window, nothing in them scrolls sideways.
 * Skipped where no Chromium is installed, a failure in CI (CI set): see test/browser/chromium.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCharts, readLibraries } from '../../src/report/index.js';
import { reportHtml } from '../../src/report/html.js';
import { fixtureResults } from '../report/fixture.js';
import { chromiumForTests, visitPages } from '../browser/chromium.js';

const chromium = chromiumForTests();

describe.skipIf(!chromium)('the widest reports in Chromium at 1,280 px', () => {
  const dir = mkdtempSync(join(tmpdir(), 'volley-browser-long-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('square-effect and ligny-like: no wider than the window, nothing scrolls sideways', async () => {
    const libs = readLibraries();
    const files = { 'square.html': ['sims/square-effect.experiment.yaml', 50], 'ligny.html': ['sims/ligny-like.experiment.yaml', 4] } as const;
    for (const [name, [file, n]] of Object.entries(files)) {
      const r = await fixtureResults(file, n);
      writeFileSync(join(dir, name), reportHtml(r, buildCharts(r), libs));
    }
    const visits = await visitPages(chromium!, Object.keys(files).map((name) => ({ url: pathToFileURL(join(dir, name)).href })), 1280, 900);
    Object.keys(files).forEach((name, i) => {
      expect(visits[i].wide, `${name}: elements wider than the window`).toEqual([]);
      expect(visits[i].scrollWidth).toBeLessThanOrEqual(visits[i].clientWidth);
    });
  });
});
