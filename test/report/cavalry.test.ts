import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { cavalryChart, cavalryData, RESULTS } from '../../src/report/charts/cavalry.js';
import { chartsFor } from '../../src/report/charts/index.js';
import { extraRows, ratioValue, total } from '../../src/report/extras.js';
import { escapeHtml, reportHtml } from '../../src/report/html.js';
import { buildCharts } from '../../src/report/index.js';
import { specToSvg } from '../../src/report/render.js';
import type { Results } from '../../src/results/results.js';
import type { HistogramSummary } from '../../src/stats/histogram.js';
import { wilson } from '../../src/stats/intervals.js';
import { CAVALRY_ENGAGEMENTS, fixtureResults, SIMS } from './fixture.js';
import { makeValidator } from './jsonSchema.js';

const LIBS = { vega: 'window.vega = {};', vegaLite: 'window.vegaLite = {};', vegaEmbed: 'window.vegaEmbed = function () {};' };
const validate = makeValidator(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json'), 'utf8')));

const TABLE = 'More from the rules';
type Summary = Results['cells'][number]['summary'];
/** The Age of Rifles ratio rows, as results.json records them. */
const ratio = (r: Results, id: string) => r.vocabulary.extraRatios.find((x) => x.id === id)!;
const squareRate = (r: Results, s: Summary) => {
  const v = ratioValue(s, ratio(r, 'squareRate'), null);
  return v?.kind === 'share' ? v.p : null;
};
const TERMS = ['Charge (7.6)', 'Square (7.6, 7.10)', 'Squares formed per square check', 'Pursuit (7.7)', 'Reaction charge (7.8)', 'Retreat before assault (7.11)', 'Command phase (4.1, 12)', 'Order delay (12.4)', 'Reorganization (15)', 'Supply (17)'];

/** The table's rows as printed: label (with its definition) and the cells' text. */
function extrasTable(html: string): string | null {
  return /<table class="extras">[\s\S]*?<\/table>/.exec(html)?.[0] ?? null;
}

/** A histogram summary with `sum` spread over `n` engagements, for results made up in tests. */
function hist(n: number, counts: [number, number][]): HistogramSummary {
  const sum = counts.reduce((a, [v, c]) => a + v * c, 0);
  const mean = sum / n;
  return { mean, sd: 0.5, lo: mean - 0.05, hi: mean + 0.05, n, min: 0, max: Math.max(...counts.map(([v]) => v)), median: 0, counts };
}

describe('cavalry-vs-squares: the cavalry, command and supply table and the cavalry chart', () => {
  let r: Results;
  let html: string;
  beforeAll(async () => {
    r = await fixtureResults(SIMS.cavalry);
    html = reportHtml(r, buildCharts(r), LIBS);
  });

  it('the fixture: four cells of 150 engagements in which the French cavalry charges and infantry forms square', () => {
    expect(r.cells).toHaveLength(4);
    for (const c of r.cells) expect(c.summary.engagements).toBe(CAVALRY_ENGAGEMENTS);
    expect(r.cells.some((c) => c.summary.extras['charges.0'].mean > 0)).toBe(true);
    expect(r.cells.some((c) => c.summary.extras.squareChecks.mean > 0)).toBe(true);
  });

  it('lists the rows with numbers other than zero, grouped, and none that is zero in every cell', () => {
    const rows = extraRows(r);
    const ids = rows.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining(['charges.0', 'chargesWon.0', 'chargesLost.0', 'squareRate', 'flankCharges', 'supplyLosses.0']));
    // The British have no cavalry.
    for (const id of ['charges.1', 'chargesWon.1', 'chargesLost.1']) expect(ids).not.toContain(id);
    for (const x of rows) {
      expect(x.values).toHaveLength(r.cells.length);
      expect(x.values.some((v) => v !== null && (v.kind !== 'mean' || v.h.mean !== 0))).toBe(true);
      expect(x.definition).toMatch(/\.$/);
    }
    // Grouped: the rows of a group together, the groups in the vocabulary's order.
    const order = [...new Set(r.vocabulary.extras.map((e) => e.group))];
    const groups = rows.map((x) => order.indexOf(x.group));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
  });

  it('squares per check: Wilson interval of all squares formed over all checks (mean x n)', () => {
    for (const c of r.cells) {
      const s = c.summary;
      const checks = s.extras.squareChecks;
      const formed = s.extras.squaresFormed;
      // The totals are the histograms' own counts.
      expect(total(checks)).toBe(checks.counts.reduce((a, [v, k]) => a + v * k, 0));
      expect(total(formed)).toBe(formed.counts.reduce((a, [v, k]) => a + v * k, 0));
      const p = squareRate(r, s)!;
      expect(p).toEqual(wilson(total(formed), total(checks)));
      expect(p.lo).toBeLessThanOrEqual(p.p);
      expect(p.hi).toBeGreaterThanOrEqual(p.p);
    }
  });

  it('prints the table on index.html with definitions, the cells in order, and links it', () => {
    const t = extrasTable(html);
    expect(t).not.toBeNull();
    expect(t).toMatch(new RegExp(`<caption>${TABLE}: [a-z, ]+</caption>`));
    expect(html).toContain('href="#extras"');
    const rows = extraRows(r);
    for (const x of rows) expect(t).toContain(`<th scope="row">${escapeHtml(x.label)}`);
    expect(t).toContain(escapeHtml(rows[0].definition));
    // The French charges made in the first cell and the square rate, as printed.
    const h = r.cells[0].summary.extras['charges.0'];
    expect(t).toContain(`${h.mean.toFixed(2)} <span class="ci">[${Math.max(0, h.lo).toFixed(2)}, ${h.hi.toFixed(2)}]</span>`);
    const p = squareRate(r, r.cells[0].summary)!;
    expect(t).toContain(`${(100 * p.p).toFixed(1)}% <span class="ci">[${(100 * p.lo).toFixed(1)}, ${(100 * p.hi).toFixed(1)}]</span> <span class="of">of ${p.n} checks</span>`);
    for (const term of TERMS) expect(html).toContain(`<dt>${escapeHtml(term)}</dt>`);
  });

  it('the chart: won, home but not won, and not home add up to the charges declared; intervals hold their means', () => {
    const { charges, squares } = cavalryData(r);
    expect(charges).toHaveLength(r.cells.length * RESULTS.length); // one charging side
    expect(squares).toHaveLength(r.cells.length);
    r.cells.forEach((c) => {
      const s = c.summary;
      const mine = charges.filter((v) => v.cell === charges[r.cells.indexOf(c) * RESULTS.length].cell);
      expect(mine.map((v) => v.result)).toEqual([...RESULTS]);
      // Age of Rifles declares its charge-segment and reaction charges, and counts won ones (7.6, 7.8).
      const made = s.extras['charges.0'].mean + (s.extras['reactionCharges.0']?.mean ?? 0);
      expect(s.sides[0].chargesDeclared.mean).toBeCloseTo(made, 12);
      expect(mine.reduce((a, v) => a + v.mean, 0)).toBeCloseTo(s.sides[0].chargesDeclared.mean, 12);
      expect(mine[0].mean).toBe(s.extras['chargesWon.0'].mean);
      expect(mine[0].mean).toBe(s.sides[0].chargesWon.mean);
      for (const v of mine) expect(v.lo <= v.mean && v.mean <= v.hi && v.lo >= 0).toBe(true);
      expect(mine[2].bound).toBe(true);
    });
    for (const q of squares) expect(q.lo <= q.p && q.p <= q.hi).toBe(true);
  });

  it('the chart is drawn, validates against the Vega-Lite schema, compiles cleanly and renders', async () => {
    expect(chartsFor(r).map((c) => c.name)).toContain('cavalry');
    expect(html).toContain('data-spec="cavalry"');
    const spec = cavalryChart.build(r);
    expect(validate(spec)).toEqual([]);
    const messages: string[] = [];
    const logger = { level: () => logger, error: (...a: unknown[]) => (messages.push(a.join(' ')), logger), warn: (...a: unknown[]) => (messages.push(a.join(' ')), logger), info: () => logger, debug: () => logger };
    compile(spec, { logger: logger as never });
    expect(messages).toEqual([]);
    const svg = await specToSvg(spec);
    expect(svg).toContain('Cavalry charges and squares');
    expect(svg).toContain('Squares formed per charge');
    const width = Number(/<svg[^>]*width="([\d.]+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan(300);
    expect(width).toBeLessThan(1000);
  });

  it('with both sides charging: a panel per side, still valid and drawn', async () => {
    const both = structuredClone(r);
    for (const c of both.cells) for (const k of ['chargesDeclared', 'chargesHome', 'chargesWon'] as const) c.summary.sides[1][k] = c.summary.sides[0][k];
    const spec = cavalryChart.build(both);
    expect(validate(spec)).toEqual([]);
    expect(new Set(cavalryData(both).charges.map((v) => v.side)).size).toBe(2);
    expect(await specToSvg(spec)).toContain(escapeHtml(`${r.sides[1].name} (${r.sides[1].role})`));
  });

  it('command rows: orders sent, mean delay per order from the totals; "—" where there are no orders; leaders lost in the summary', () => {
    const x = structuredClone(r);
    const n = x.cells[0].summary.engagements;
    // 150 engagements: 100 with two orders, 50 with none; 300 turns of delay in all.
    x.cells[0].summary.extras['ordersSent.0'] = hist(n, [[0, 50], [2, 100]]);
    x.cells[0].summary.extras['orderDelayTurns.0'] = hist(n, [[0, 50], [3, 100]]);
    x.cells[1].summary.sides[1].leadersLost = hist(n, [[0, 140], [1, 10]]);
    // One reaction charge in 150 engagements: printed with three decimals, not as 0.00.
    for (const c of x.cells) c.summary.extras['reactionCharges.0'] = hist(n, [[0, n]]);
    x.cells[2].summary.extras['reactionCharges.0'] = hist(n, [[0, n - 1], [1, 1]]);
    expect(ratioValue(x.cells[0].summary, ratio(x, 'orderDelay'), 0)).toEqual({ kind: 'ratio', value: 1.5, unit: 'turns', of: 'over 200 orders' });
    expect(ratioValue(x.cells[1].summary, ratio(x, 'orderDelay'), 0)).toBeNull();
    const rows = extraRows(x);
    const delay = rows.find((v) => v.id === 'orderDelay.0')!;
    expect(delay.values[0]).toEqual({ kind: 'ratio', value: 1.5, unit: 'turns', of: 'over 200 orders' });
    expect(delay.values.slice(1)).toEqual([null, null, null]);
    const page = reportHtml(x, buildCharts(x), LIBS);
    expect(page).toContain(`<th scope="row">${escapeHtml(`${x.sides[1].name}: leaders lost`)}`);
    const t = extrasTable(page)!;
    expect(t).toMatch(/<tr class="group"><th scope="colgroup" colspan="5">Command<\/th><\/tr>/);
    expect(t).toContain('1.50 <span class="of">turns over 200 orders</span>');
    expect(t).toContain(`<th scope="row">${escapeHtml(`${x.sides[0].name}: mean delay per order`)}`);
    expect(t).toContain('<td>—</td>');
    expect(t).toMatch(/reaction charges<span class="rowdef">[^<]*<\/span><\/th><td>0\.000 <span class="ci">\[0\.000, 0\.050\]<\/span><\/td><td>0\.000 [^\n]*<td>0\.007 <span class="ci">/);
  });
});

describe('results without charges', () => {
  it('an assault: only the assault rows, no cavalry chart, no cavalry glossary', async () => {
    const r = await fixtureResults(SIMS.townAssault);
    const html = reportHtml(r, buildCharts(r), LIBS);
    // The assault's own counts (flanked rounds, the defender's first fire), where there are any.
    for (const x of extraRows(r)) expect(x.group).toBe('Assault');
    expect(html).not.toContain('data-spec="cavalry"');
    for (const term of TERMS) expect(html).not.toContain(`<dt>${escapeHtml(term)}</dt>`);
  });

  it('a battle without charges: the table without its cavalry rows, and no cavalry chart', async () => {
    const r = await fixtureResults(SIMS.villageExperiment);
    const html = reportHtml(r, buildCharts(r), LIBS);
    expect(chartsFor(r).map((c) => c.name)).not.toContain('cavalry');
    expect(html).not.toContain('data-spec="cavalry"');
    const ids = extraRows(r).map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining(['bombardments.0', 'bombardmentHits.0']));
    for (const id of ['charges.0', 'charges.1', 'squareRate', 'flankCharges']) expect(ids).not.toContain(id);
    expect(extrasTable(html)).not.toBeNull();
  });
});
