/**
 * Casualties per hour against the historical record of Napoleonic battles (1792-1815, the CDB90
 * database of the U.S. Army Concepts Analysis Agency): the side hit harder lost a median 2.7% of its
 * strength an hour (middle half 1.8-3.75%), the side hit less 1.5% (0.6-2.0%). CDB90 counts battle
 * casualties (killed and wounded, and the captured where its sources report them), so the simulated
 * figure set against it is the casualties (killed and wounded) of the rule system's casualty model, not
 * its strength lost. Shown when a battle scenario gives its scale (`history`): a table, a chart of every
 * cell (each variant or option played) against the middle halves, and what brings a side inside them.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../results/results.js';
import { escapeHtml } from '../results/html.js';
import { cellNames } from './labels.js';
import { CONFIG, REFERENCE, SCHEMA, SIDE_COLORS, subtitle, type ChartDef } from './charts/common.js';

export const CDB90 = {
  worse: { median: 2.7, q1: 1.8, q3: 3.75 },
  less: { median: 1.5, q1: 0.6, q3: 2.0 },
} as const;

interface History {
  hoursPerTurn: number;
  menPerStrengthPoint: number;
  note?: string;
  actual: { side: 0 | 1; lossPercent: number; hours: number }[];
}

export interface HourlyLoss {
  side: 0 | 1;
  name: string;
  /** Casualties (killed and wounded) per hour, per cent of the men at the start: the mean, and its 95% interval. */
  rate: number;
  lo: number;
  hi: number;
  /** Strength lost per hour, per cent of the starting strength (the rules' own figure). */
  strengthRate: number;
  worse: boolean;
}

/** The scenario's `history`, if the cells' scenario gives one. */
export function historyOf(r: Results): History | undefined {
  return (r.cells[0]?.scenario as { history?: History } | undefined)?.history;
}

/**
 * Mean day turns played in a cell: the turns each engagement played, less the night turns among them (no
 * combat at night, 16), over the turns histogram.
 */
export function meanDayTurns(r: Results, cellIndex: number): number {
  const cell = r.cells[cellIndex];
  const night = [...new Set((cell.scenario as { night?: number[] } | undefined)?.night ?? [])];
  const t = cell.summary.turns;
  // Results without the histogram's counts: the night turns up to the mean turns played, an estimate.
  if (!t.counts || t.n === 0) return t.mean - night.filter((n) => n <= t.mean).length;
  let sum = 0;
  for (const [turns, count] of t.counts) sum += count * (turns - night.filter((n) => n <= turns).length);
  return sum / t.n;
}

/**
 * Casualties per hour for each side of one cell: mean casualties / men at the start / (mean day turns
 * played x hours per turn), and strength lost per hour the same way. The interval is the mean's, the
 * hours taken at their mean. The side with the higher casualty rate is the one hit harder.
 */
export function hourlyLosses(r: Results, cellIndex: number, h: History): HourlyLoss[] {
  const s = r.cells[cellIndex].summary;
  const hours = Math.max(1e-9, meanDayTurns(r, cellIndex) * h.hoursPerTurn);
  const rows = s.sides.map((side, i) => {
    const k = 100 / Math.max(1e-9, side.startMen.mean) / hours;
    const ks = 100 / Math.max(1e-9, side.startStrength.mean) / hours;
    const c = side.casualties;
    return { side: i as 0 | 1, name: side.name, rate: c.mean * k, lo: c.lo * k, hi: c.hi * k, strengthRate: side.strengthLost.mean * ks, worse: false };
  });
  rows[rows[0].rate >= rows[1].rate ? 0 : 1].worse = true;
  return rows;
}

type Place = 'below' | 'within' | 'above';

function place(rate: number, ref: { q1: number; q3: number }): Place {
  return rate < ref.q1 ? 'below' : rate > ref.q3 ? 'above' : 'within';
}

const f = (x: number) => x.toFixed(2);

/** The cells that stand for the rules as the run's reference plays them: the reference variant's, or every cell. */
export function referenceCells(r: Results): number[] {
  const ref = r.variants?.reference;
  const cells = r.cells.map((_, i) => i);
  if (ref === undefined) return cells;
  const of = cells.filter((i) => r.cells[i].factors.variant === ref);
  return of.length ? of : cells;
}

/** The historical battle's own rate per side, per cent of its strength an hour. */
function actualRates(h: History): { side: 0 | 1; rate: number }[] {
  return h.actual.map((a) => ({ side: a.side, rate: a.lossPercent / a.hours }));
}

export const HISTORY_CHART = 'history';

/**
 * The chart: for the side hit harder and the side hit less, each cell's casualties per hour (point,
 * 95% interval) against CDB90's middle half (band) and median (dashed), with the battle's own figures
 * in the last row.
 */
export function historySpec(r: Results): TopLevelSpec {
  const h = historyOf(r)!;
  const names = cellNames(r);
  const sides = r.sides.map((s) => s.name);
  const order = [...referenceCells(r), ...r.cells.map((_, i) => i).filter((i) => !referenceCells(r).includes(i))];
  const historically = 'this battle, historically';
  // One table of rows (the chart's inline data, and its CSV): each panel draws its own.
  const PANEL = { worse: 'hit harder', less: 'hit less' } as const;
  type Row = { row: string; panel: string; side: string; rate: number; lo: number; hi: number; kind: string };
  const rows: Record<'worse' | 'less', Row[]> = { worse: [], less: [] };
  for (const i of order) {
    for (const l of hourlyLosses(r, i, h)) {
      const which = l.worse ? 'worse' : 'less';
      rows[which].push({ row: names.labels[i], panel: PANEL[which], side: l.name, rate: l.rate, lo: l.lo, hi: l.hi, kind: 'simulated (95% interval)' });
    }
  }
  const actual = actualRates(h);
  if (actual.length === 2) {
    const worse = actual[0].rate >= actual[1].rate ? 0 : 1;
    actual.forEach((a, k) => {
      const which = k === worse ? 'worse' : 'less';
      rows[which].push({ row: historically, panel: PANEL[which], side: sides[a.side], rate: a.rate, lo: a.rate, hi: a.rate, kind: 'historical' });
    });
  }
  const rowOrder = [...order.map((i) => names.labels[i]), ...(actual.length === 2 ? [historically] : [])];
  const max = Math.max(CDB90.worse.q3, ...rows.worse.map((x) => x.hi), ...rows.less.map((x) => x.hi)) * 1.08;
  const x = { type: 'quantitative' as const, scale: { domain: [0, max], nice: false }, title: 'Casualties per hour (% of the men at the start)' };
  const color = { field: 'side', type: 'nominal' as const, scale: { domain: sides, range: [...SIDE_COLORS] }, title: null };
  const yLeft = { field: 'row', type: 'nominal' as const, sort: rowOrder, title: null, axis: { labelLimit: 320 } as Record<string, unknown> | null };
  const panel = (which: 'worse' | 'less', title: string) => {
    const ref = CDB90[which];
    // The rows are the same in both panels: named once, on the left.
    const y = which === 'worse' ? yLeft : { ...yLeft, axis: null };
    return {
      width: 300,
      height: Math.max(60, rowOrder.length * 22),
      title: { text: title, subtitle: `CDB90 1792-1815: median ${ref.median}%, middle half ${ref.q1}-${ref.q3}%`, fontSize: 13 },
      layer: [
        { data: { values: [{ q1: ref.q1, q3: ref.q3 }] }, mark: { type: 'rect', color: '#dbe7f3', opacity: 0.8 }, encoding: { x: { field: 'q1', ...x }, x2: { field: 'q3' } } },
        { data: { values: [{ median: ref.median }] }, mark: { type: 'rule', color: REFERENCE, strokeDash: [4, 3] }, encoding: { x: { field: 'median', ...x } } },
        { transform: [{ filter: { field: 'panel', equal: PANEL[which] } }], mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'lo', ...x }, x2: { field: 'hi' }, color } },
        {
          transform: [{ filter: { field: 'panel', equal: PANEL[which] } }],
          mark: { type: 'point', filled: true, size: 70, opacity: 1 },
          encoding: {
            y,
            x: { field: 'rate', ...x },
            color,
            shape: { field: 'kind', type: 'nominal' as const, scale: { domain: ['simulated (95% interval)', 'historical'], range: ['circle', 'diamond'] }, title: null },
            tooltip: [
              { field: 'row', type: 'nominal' as const, title: names.title },
              { field: 'side', type: 'nominal' as const, title: 'Side' },
              { field: 'rate', type: 'quantitative' as const, format: '.2f', title: '% an hour' },
              { field: 'lo', type: 'quantitative' as const, format: '.2f', title: '95% low' },
              { field: 'hi', type: 'quantitative' as const, format: '.2f', title: '95% high' },
            ],
          },
        },
      ],
    };
  };
  return {
    $schema: SCHEMA,
    title: {
      text: 'Casualties per hour against the historical record',
      subtitle: subtitle(r, `Casualties: the killed and wounded of the casualty model; hours: day turns played x ${h.hoursPerTurn}`, 'Band: CDB90 middle half; dashed: median; diamond: this battle as fought'),
    },
    config: CONFIG,
    data: { values: [...rows.worse, ...rows.less] },
    hconcat: [panel('worse', 'Side hit harder'), panel('less', 'Side hit less')],
    spacing: 28,
    resolve: { scale: { y: 'shared', color: 'shared', shape: 'shared' } },
  } as TopLevelSpec;
}

export const historyChart: ChartDef = {
  name: HISTORY_CHART,
  heading: 'Casualties per hour against the historical record',
  definition:
    "Each side's casualties (killed and wounded) per hour of battle as a share of its men at the start, for every cell, set against the middle half of Napoleonic battles (CDB90, 1792-1815).",
  build: historySpec,
  applies: (r) => historyOf(r) !== undefined && r.cells.length > 0,
};

/**
 * What the cells say about a reference cell's side outside the middle half: the cells (variants, option
 * values) that bring it inside, or the one that moves it nearest.
 */
function whatMovesIt(r: Results, h: History, refCell: number, side: 0 | 1): string {
  const names = cellNames(r).labels;
  const base = hourlyLosses(r, refCell, h).find((l) => l.side === side)!;
  const cdb = (l: HourlyLoss) => (l.worse ? CDB90.worse : CDB90.less);
  const distance = (l: HourlyLoss) => (l.rate < cdb(l).q1 ? cdb(l).q1 - l.rate : l.rate > cdb(l).q3 ? l.rate - cdb(l).q3 : 0);
  const others = r.cells
    .map((_, i) => i)
    .filter((i) => i !== refCell && !referenceCells(r).includes(i))
    .map((i) => ({ i, l: hourlyLosses(r, i, h).find((x) => x.side === side)! }));
  if (!others.length) return '';
  const inside = others.filter((o) => distance(o.l) === 0);
  if (inside.length) return ` Inside with: ${inside.map((o) => `${names[o.i]} (${f(o.l.rate)}%)`).join('; ')}.`;
  const nearest = others.reduce((a, b) => (distance(b.l) < distance(a.l) ? b : a));
  if (distance(nearest.l) >= distance(base)) return ' No other cell played brings it nearer.';
  return ` No cell played brings it inside; the nearest is ${names[nearest.i]} (${f(nearest.l.rate)}%, ${f(distance(nearest.l))} points outside against ${f(distance(base))}).`;
}

/** The report section, or '' when the scenario gives no scale. `chart` is drawn in it when given. */
export function historySection(r: Results, chart?: { name: string; heading: string }): string {
  const h = historyOf(r);
  if (!h) return '';
  const names = cellNames(r).labels;
  const men = r.cells[0].summary.sides.map((s) => Math.round(s.startStrength.mean * h.menPerStrengthPoint).toLocaleString('en-GB'));
  const actual = actualRates(h);
  const actualWorse = actual.length === 2 ? (actual[0].rate >= actual[1].rate ? actual[0].side : actual[1].side) : -1;
  const rows = r.cells
    .map((c, i) =>
      hourlyLosses(r, i, h)
        .map((l) => {
          const ref = l.worse ? CDB90.worse : CDB90.less;
          const a = h.actual.find((x) => x.side === l.side);
          const aText = a ? `${f(a.lossPercent / a.hours)}% (${a.lossPercent}% in ${a.hours} h; hit ${l.side === actualWorse ? 'harder' : 'less'})` : '';
          return `<tr><td>${escapeHtml(names[i])}</td><td>${escapeHtml(l.name)} (${l.worse ? 'hit harder' : 'hit less'})</td><td>${f(l.rate)}% <span class="ci">[${f(l.lo)}, ${f(l.hi)}]</span></td><td>${f(l.strengthRate)}%</td><td>${f(ref.median)}% (middle half ${f(ref.q1)}-${f(ref.q3)}%): ${place(l.rate, ref)} the middle half</td><td>${escapeHtml(aText)}</td></tr>`;
        })
        .join('\n'),
    )
    .join('\n');
  const verdicts = referenceCells(r)
    .map((i) =>
      hourlyLosses(r, i, h)
        .map((l) => {
          const p = place(l.rate, l.worse ? CDB90.worse : CDB90.less);
          const share = l.strengthRate > 0 ? ` (strength lost ${f(l.strengthRate)}% an hour, of which the casualty model counts ${Math.round((100 * l.rate) / l.strengthRate)}% killed and wounded)` : '';
          const head = `${names[i]}: ${l.name} (hit ${l.worse ? 'harder' : 'less'}) ${f(l.rate)}% an hour${share}, ${p} the middle half.`;
          return `<li>${escapeHtml(p === 'within' ? head : head + whatMovesIt(r, h, i, l.side))}</li>`;
        })
        .join('\n'),
    )
    .join('\n');
  const asFought =
    actual.length === 2
      ? `<li>${escapeHtml(
          `This battle as fought: ${actual
            .map((a) => {
              const worse = a.side === actualWorse;
              return `${r.sides[a.side].name} (hit ${worse ? 'harder' : 'less'}) ${f(a.rate)}% an hour, ${place(a.rate, worse ? CDB90.worse : CDB90.less)} the middle half`;
            })
            .join('; ')}.`,
        )}</li>`
      : '';
  const figure = chart
    ? `<div class="chart" data-spec="${escapeHtml(chart.name)}"></div>
<noscript><img src="${escapeHtml(chart.name)}.svg" alt="${escapeHtml(chart.heading)}"></noscript>
<p class="files">Files: <a href="${escapeHtml(chart.name)}.png">PNG</a> · <a href="${escapeHtml(chart.name)}.svg">SVG</a> · <a href="${escapeHtml(chart.name)}.vl.json">Vega-Lite spec</a> · <a href="${escapeHtml(chart.name)}.csv">data (CSV)</a></p>`
    : '';
  return `<section id="history">
<h2>Losses per hour against the historical record</h2>
<p class="definition">${escapeHtml(
    `Each side's casualties (killed and wounded, as the rule system's casualty model counts them) as a share of its men at the start, per hour of battle, set against Napoleonic battles of 1792-1815 (the CDB90 database, whose battle casualties are killed and wounded and, where its sources give them, captured: the side hit harder lost a median 2.7% an hour, the middle half 1.8-3.75%; the side hit less 1.5%, the middle half 0.6-2.0%). Strength lost per hour, the rules' own figure (every man who left the ranks, the dispersed included), is shown beside it. Scale assumed: one turn is ${h.hoursPerTurn} hour${h.hoursPerTurn === 1 ? '' : 's'} and one strength point ${h.menPerStrengthPoint} men, so the armies start with about ${men[0]} and ${men[1]} men; hours are the day turns actually played (night turns have no combat, 16). ${h.note ?? ''}`,
  )}</p>
<ul class="verdicts">
${verdicts}
${asFought}
</ul>
${figure}
<table class="history"><tr><th>cell</th><th>side</th><th>casualties per hour [95% interval]</th><th>strength lost per hour</th><th>CDB90 (median, middle half)</th><th>this battle, historically</th></tr>
${rows}
</table>
</section>`;
}
