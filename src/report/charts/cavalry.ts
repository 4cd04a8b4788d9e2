/**
 * Charges per engagement, per side and cell, split by how they ended for the charger (won; went home
 * but did not win; did not go home), and the squares formed per charge, per cell. Results with charges
 * only. Every rule system reports charges declared, home and won, and squares formed
 * (src/core/result.ts), so the chart is the same for all of them.
 *
 * Won is the mean of its own count, with its 95% interval. "Home, not won" is charges home minus
 * charges won, "did not go home" charges declared minus charges home; the summaries hold each count's
 * spread but not how the counts vary together, so their whiskers are a conservative bound: the
 * half-widths of the two counts added (the standard deviation of a difference is at most the sum of
 * the standard deviations). Squares per charge pool every charge of the cell.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import type { HistogramSummary } from '../../stats/histogram.js';
import { wilson } from '../../stats/intervals.js';
import { total } from '../extras.js';
import { cellNames, sideLabels } from '../labels.js';
import { count } from '../words.js';
import { CONFIG, NEUTRAL, SCHEMA, cellRowAxis, cellRowStep, subtitle, type ChartDef } from './common.js';

export const RESULTS = ['Won', 'Went home, not won', 'Did not go home'] as const;
const RESULT_COLORS = ['#1b9e77', '#d95f02', NEUTRAL];
const SQUARE_COLOR = '#333333';

const halfWidth = (h: HistogramSummary | undefined) => (h ? Math.max(0, h.hi - h.mean) : 0);

export interface ChargeRow {
  panel: 'charges';
  cell: string;
  side: string;
  result: (typeof RESULTS)[number];
  mean: number;
  lo: number;
  hi: number;
  /** Whether lo and hi are a conservative bound rather than the interval of the mean. */
  bound: boolean;
}

export interface SquareRow {
  panel: 'squares';
  cell: string;
  p: number;
  lo: number;
  hi: number;
  formed: number;
  charges: number;
  label: string;
}

type Summary = Results['cells'][number]['summary'];
const declared = (s: Summary, k: 0 | 1) => s.sides[k].chargesDeclared?.mean ?? 0;

/** The sides that charged in some cell. */
function chargingSides(r: Results): (0 | 1)[] {
  return ([0, 1] as const).filter((k) => r.cells.some((c) => declared(c.summary, k) > 0));
}

/** Whether any cell has a charge: the chart has something to show. */
export function hasCharges(r: Results): boolean {
  return chargingSides(r).length > 0;
}

export function cavalryData(r: Results): { charges: ChargeRow[]; squares: SquareRow[] } {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const charges: ChargeRow[] = [];
  const squares: SquareRow[] = [];
  r.cells.forEach((c, i) => {
    const s = c.summary;
    const cell = names.labels[i];
    for (const k of chargingSides(r)) {
      const x = s.sides[k];
      const won = x.chargesWon;
      // A count cannot be negative: the normal interval is cut at 0 when few engagements have any.
      charges.push({ panel: 'charges', cell, side: sides[k], result: RESULTS[0], mean: won.mean, lo: Math.max(0, won.lo), hi: won.hi, bound: false });
      const diff = (a: HistogramSummary, b: HistogramSummary, result: (typeof RESULTS)[number]) => {
        const mean = Math.max(0, a.mean - b.mean);
        const half = halfWidth(a) + halfWidth(b);
        charges.push({ panel: 'charges', cell, side: sides[k], result, mean, lo: Math.max(0, mean - half), hi: mean + half, bound: true });
      };
      diff(x.chargesHome, won, RESULTS[1]);
      diff(x.chargesDeclared, x.chargesHome, RESULTS[2]);
    }
    const all = total(s.sides[0].chargesDeclared) + total(s.sides[1].chargesDeclared);
    const formed = total(s.sides[0].squaresFormed) + total(s.sides[1].squaresFormed);
    if (all > 0 && formed > 0) {
      const p = wilson(Math.min(formed, all), all);
      squares.push({ panel: 'squares', cell, p: p.p, lo: p.lo, hi: p.hi, formed: p.count, charges: all, label: `${(100 * p.p).toFixed(0)}% (${count(p.count)} of ${count(all)})` });
    }
  });
  return { charges, squares };
}

export function cavalrySpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = chargingSides(r).map((k) => sideLabels(r)[k]);
  const { charges, squares } = cavalryData(r);
  const panelWidth = sides.length > 1 ? 250 : 360;
  const rowHeight = 54;
  const height = Math.max(120, r.cells.length * Math.max(rowHeight, cellRowStep(names.labels, RESULTS.length)));
  // Cells as rows, labelled as in the other charts (a line per factor, the title level above).
  const y = cellRowAxis(names);
  // Short enough to stay clear of the next panel's title at two panels a row (the subtitle says the bars are means).
  const xCharges = { type: 'quantitative' as const, title: 'Charges per engagement', scale: { zero: true } };
  const chargesView = {
    title: { text: 'Charges per engagement, by how they ended for the charger', fontSize: 13 },
    transform: [{ filter: "datum.panel === 'charges'" }],
    facet: { column: { field: 'side', type: 'nominal' as const, sort: sides, title: null, header: { labelFontWeight: 'bold' as const } } },
    spec: {
      width: panelWidth,
      height,
      encoding: {
        y,
        yOffset: { field: 'result', type: 'nominal' as const, sort: [...RESULTS], scale: { paddingInner: 0.15 } },
        tooltip: [
          { field: 'side', type: 'nominal' as const, title: 'Side' },
          { field: 'cell', type: 'nominal' as const, title: names.title },
          { field: 'result', type: 'nominal' as const, title: 'Result' },
          { field: 'mean', type: 'quantitative' as const, format: '.3f', title: 'Per engagement' },
          { field: 'lo', type: 'quantitative' as const, format: '.3f', title: '95% low' },
          { field: 'hi', type: 'quantitative' as const, format: '.3f', title: '95% high' },
        ],
      },
      layer: [
        {
          mark: { type: 'bar' as const },
          encoding: {
            x: { field: 'mean', ...xCharges },
            color: { field: 'result', type: 'nominal' as const, sort: [...RESULTS], scale: { domain: [...RESULTS], range: RESULT_COLORS }, title: null },
          },
        },
        { mark: { type: 'rule' as const, strokeWidth: 1.5, color: '#222222' }, encoding: { x: { field: 'lo', ...xCharges }, x2: { field: 'hi' } } },
        {
          mark: { type: 'text' as const, dx: 4, align: 'left' as const, baseline: 'middle' as const, fontSize: 10, color: '#333333' },
          encoding: { x: { field: 'hi', ...xCharges }, text: { field: 'mean', type: 'quantitative' as const, format: '.2f' } },
        },
      ],
    },
    spacing: 16,
  };
  const xSquares = { type: 'quantitative' as const, title: 'Squares formed per charge', scale: { domain: [0, 1] }, axis: { format: '.0%' } };
  const squaresView = {
    title: { text: 'Squares formed per charge (both sides)', fontSize: 13 },
    transform: [{ filter: "datum.panel === 'squares'" }],
    width: sides.length > 1 ? 2 * panelWidth + 16 : panelWidth,
    height: Math.max(80, r.cells.length * cellRowStep(names.labels, 1)),
    encoding: {
      y,
      tooltip: [
        { field: 'cell', type: 'nominal' as const, title: names.title },
        { field: 'p', type: 'quantitative' as const, format: '.1%', title: 'Squares formed' },
        { field: 'lo', type: 'quantitative' as const, format: '.1%', title: '95% low' },
        { field: 'hi', type: 'quantitative' as const, format: '.1%', title: '95% high' },
        { field: 'formed', type: 'quantitative' as const, title: 'Squares' },
        { field: 'charges', type: 'quantitative' as const, title: 'Charges' },
      ],
    },
    layer: [
      { mark: { type: 'rule' as const, strokeWidth: 2, color: SQUARE_COLOR }, encoding: { x: { field: 'lo', ...xSquares }, x2: { field: 'hi' } } },
      { mark: { type: 'point' as const, filled: true, size: 60, opacity: 1, color: SQUARE_COLOR }, encoding: { x: { field: 'p', ...xSquares } } },
      {
        mark: { type: 'text' as const, dx: 6, align: 'left' as const, baseline: 'middle' as const, fontSize: 10, color: '#333333' },
        encoding: { x: { field: 'hi', ...xSquares }, text: { field: 'label', type: 'nominal' as const } },
      },
    ],
  };
  const notes = [
    'Bars: mean per engagement; whiskers: 95% intervals of the mean',
    'Home, not won and did not go home: whiskers are a conservative bound (see the report)',
  ];
  if (squares.length) notes.push('Squares: all charges of a cell pooled; whiskers: 95% Wilson intervals');
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Cavalry charges and squares', subtitle: subtitle(r, ...notes) },
    config: CONFIG,
    data: { values: [...charges, ...squares] },
    vconcat: [...(charges.length ? [chargesView] : []), ...(squares.length ? [squaresView] : [])],
    spacing: 28,
  } satisfies TopLevelSpec;
  return spec;
}

export const cavalryChart: ChartDef = {
  name: 'cavalry',
  heading: 'Cavalry charges and squares',
  definition:
    'How many charges each side declared in an engagement, on average, split into those it won (the target gave way), those that went home (reached their target) without winning, and those that never went home (the target had gone, the chargers failed to close or turned back), whose whiskers are a conservative bound: the half-widths of the two counts subtracted, added; and the squares formed per charge, all charges of a cell pooled, with a Wilson interval.',
  build: cavalrySpec,
  applies: hasCharges,
};
