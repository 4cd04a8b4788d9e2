/**
 * The report of a run: every chart as a Vega-Lite spec (.vl.json, data inlined), SVG, PNG and its
 * numbers as CSV, and an offline index.html. Chart builders and the page are pure; this module does
 * the reading and writing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isCross, type CrossResults } from '../results/cross.js';
import type { Results } from '../results/results.js';
import { cellColumnsFile } from '../results/store.js';
import { crossCharts, crossHtml, systemFolder } from './cross.js';
import { ReportFiles } from './files.js';
import { recordReport } from './manifest.js';
import { ChartFonts } from './render.js';
import { chartsEveryCell, chartsFor } from './charts/index.js';
import { chartDefinition, chartHeading } from './charts/common.js';
import { cellsCsv } from './manyCells.js';
import { reportHtml, type Libraries, type PageChart } from './html.js';
import { precisionCsv } from './precision.js';
import { sensitivityCsvLines, sensitivityRows } from './sensitivity.js';
import { comparisonsCsv, hasComparisons } from './variants.js';

export { CHARTS, chartsEveryCell, chartsFor, type ChartDef } from './charts/index.js';
export { MAX_CELLS_CHARTED } from './charts/manyCellsLimit.js';
export { cellMetrics } from './manyCells.js';

/** The minified browser builds, found next to each package's entry point (all live in build/). */
export function readLibraries(): Libraries {
  const require = createRequire(import.meta.url);
  const read = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(pkg)), file), 'utf8');
  return {
    vega: read('vega', 'vega.min.js'),
    vegaLite: read('vega-lite', 'vega-lite.min.js'),
    vegaEmbed: read('vega-embed', 'vega-embed.min.js'),
  };
}

/** Build the spec of every chart the results have data for (battle charts only for battles). */
export function buildCharts(results: Results): PageChart[] {
  return chartsFor(results).map((c) => ({ name: c.name, heading: chartHeading(c, results), definition: chartDefinition(c, results), spec: c.build(results) }));
}

/** After each chart rendered: how many of how many (the command line shows progress). */
export type OnChart = (done: number, total: number) => void;

/** Write the report of a run into `dir`; returns the files written. */
export async function writeReport(results: Results, dir: string, onChart?: OnChart, opts: { rankBy?: string; resultsFile?: string; columnsFile?: string; fonts?: ChartFonts } = {}): Promise<string[]> {
  const files = new ReportFiles(dir, opts.fonts);
  const put = files.put.bind(files);
  const charts = buildCharts(results);
  await files.charts(charts, onChart);
  const rows = sensitivityRows(results);
  if (rows.length) put('sensitivity.csv', sensitivityCsvLines(results, rows));
  if (hasComparisons(results)) put('comparisons.csv', comparisonsCsv(results));
  if (results.provenance.precision) put('precision.csv', precisionCsv(results));
  if (!chartsEveryCell(results)) put('cells.csv', cellsCsv(results));
  put('index.html', reportHtml(results, charts, readLibraries(), opts));
  return files.written;
}

/**
 * Write the report of a cross-system run into `dir`: the side-by-side page and its charts, and each
 * system's own report in `systems/<id>/`. Returns the files written.
 */
export async function writeCrossReport(x: CrossResults, dir: string, onChart?: OnChart, opts: { rankBy?: string } = {}): Promise<string[]> {
  const written: string[] = [];
  const charts = crossCharts(x);
  // One count over the systems' reports and the side-by-side page.
  const total = x.systems.reduce((n, r) => n + chartsFor(r).length, charts.length);
  let before = 0;
  const counted = onChart && ((done: number) => onChart(before + done, total));
  // One cut of the fonts for every system's report and the side-by-side page.
  const fonts = new ChartFonts();
  try {
    for (const r of x.systems) {
      const id = r.provenance.ruleset.id;
      written.push(...(await writeReport(r, join(dir, systemFolder(id)), counted, { rankBy: opts.rankBy, resultsFile: '../../results.json', columnsFile: `../../${cellColumnsFile(id)}`, fonts })));
      before += chartsFor(r).length;
    }
    const files = new ReportFiles(dir, fonts);
    await files.charts(charts, counted);
    files.put('index.html', crossHtml(x, charts, readLibraries()));
    return [...written, ...files.written];
  } finally {
    fonts.dispose();
  }
}

/**
 * The report of a run's results, either layout: one rule system's (writeReport) or a cross-system run's.
 * Files of the folder's earlier report that this one does not write are removed (manifest.ts).
 */
export async function writeRunReport(results: Results | CrossResults, dir: string, onChart?: OnChart, opts: { rankBy?: string } = {}): Promise<string[]> {
  const written = isCross(results) ? await writeCrossReport(results, dir, onChart, opts) : await writeReport(results, dir, onChart, opts);
  recordReport(dir, written);
  return written;
}
