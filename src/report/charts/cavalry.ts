/**
 * Cavalry charges per engagement, per side and cell, split by result for the charger (won, lost,
 * other), and the share of square checks that formed square, per cell. Battles with charges only.
 *
 * Won and lost are the means of their own counts, with their 95% intervals. Charges made include
 * reaction charges (7.8), since won and lost count their results too; "other" (ties, and charges
 * whose target had gone) is charges made minus won minus lost. The summaries hold each count's
 * spread but not how the counts vary together, so the whisker of "other" is a conservative bound: the
 * half-widths of the four counts added (the standard deviation of a sum is at most the sum of the
 * standard deviations). The square rate pools every check of the cell (see ../extras.ts).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import type { HistogramSummary } from '../../stats/histogram.js';
import { chargesMade, extra, hasCharges, squareRate } from '../extras.js';
import { cellNames, sideLabels } from '../labels.js';
import { CONFIG, NEUTRAL, SCHEMA, subtitle, type ChartDef } from './common.js';

export const RESULTS = ['Won', 'Lost', 'Other (tie, or target gone)'] as const;
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
  checks: number;
  label: string;
}

/** The sides whose cavalry charged in some cell. */
function chargingSides(r: Results): (0 | 1)[] {
  return ([0, 1] as const).filter((k) => r.cells.some((c) => chargesMade(c.summary, k) > 0));
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
      const won = extra(s, `chargesWon.${k}`);
      const lost = extra(s, `chargesLost.${k}`);
      const row = (result: ChargeRow['result'], h: HistogramSummary | undefined): ChargeRow => ({
        panel: 'charges',
        cell,
        side: sides[k],
        result,
        mean: h?.mean ?? 0,
        // A count cannot be negative: the normal interval is cut at 0 when few engagements have any.
        lo: Math.max(0, h?.lo ?? 0),
        hi: h?.hi ?? 0,
        bound: false,
      });
      charges.push(row(RESULTS[0], won), row(RESULTS[1], lost));
      const other = Math.max(0, chargesMade(s, k) - (won?.mean ?? 0) - (lost?.mean ?? 0));
      const half = halfWidth(extra(s, `charges.${k}`)) + halfWidth(extra(s, `reactionCharges.${k}`)) + halfWidth(won) + halfWidth(lost);
      charges.push({ panel: 'charges', cell, side: sides[k], result: RESULTS[2], mean: other, lo: Math.max(0, other - half), hi: other + half, bound: true });
    }
    const p = squareRate(s);
    if (p) {
      squares.push({ panel: 'squares', cell, p: p.p, lo: p.lo, hi: p.hi, formed: p.count, checks: p.n, label: `${(100 * p.p).toFixed(0)}% (${p.count} of ${p.n})` });
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
  const height = Math.max(120, r.cells.length * rowHeight);
  const reactions = r.cells.some((c) => [0, 1].some((k) => (extra(c.summary, `reactionCharges.${k}`)?.mean ?? 0) > 0));
  const y = {
    field: 'cell',
    type: 'nominal' as const,
    sort: names.labels,
    title: names.title,
    axis: { labelLimit: 420 },
  };
  const xCharges = { type: 'quantitative' as const, title: 'Charges per engagement (mean)', scale: { zero: true } };
  const chargesView = {
    title: { text: `Charges per engagement, by result for the charger${reactions ? ' (reaction charges included)' : ''}`, fontSize: 13 },
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
  const xSquares = { type: 'quantitative' as const, title: 'Square checks passed (square formed)', scale: { domain: [0, 1] }, axis: { format: '.0%' } };
  const squaresView = {
    title: { text: 'Squares formed per square check', fontSize: 13 },
    transform: [{ filter: "datum.panel === 'squares'" }],
    width: sides.length > 1 ? 2 * panelWidth + 16 : panelWidth,
    height: Math.max(80, r.cells.length * 30),
    encoding: {
      y,
      tooltip: [
        { field: 'cell', type: 'nominal' as const, title: names.title },
        { field: 'p', type: 'quantitative' as const, format: '.1%', title: 'Squares formed' },
        { field: 'lo', type: 'quantitative' as const, format: '.1%', title: '95% low' },
        { field: 'hi', type: 'quantitative' as const, format: '.1%', title: '95% high' },
        { field: 'formed', type: 'quantitative' as const, title: 'Squares' },
        { field: 'checks', type: 'quantitative' as const, title: 'Checks' },
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
    'Other: ties, and charges whose target had gone;',
    'its whisker is a conservative bound (see the report)',
  ];
  if (squares.length) notes.push('Squares: all checks of a cell pooled; whiskers: 95% Wilson intervals');
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
    'How many charges each side’s cavalry made in an engagement, on average, split into those it won (the target lost more steps and retreated), lost (the chargers lost more and fell back) and the rest (ties, and charges whose target had gone), whose whisker is a conservative bound: the half-widths of the intervals of charges made, reaction charges, won and lost, added; and, of the morale checks infantry made to form square against them, the share that passed, all checks of a cell pooled, with its Wilson interval.',
  build: cavalrySpec,
  applies: hasCharges,
};
