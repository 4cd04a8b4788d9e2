/**
 * Outcome shares per cell (attacker wins, defender wins, draw) with Wilson 95% intervals: cells across
 * the chart when they are few, one row per cell when more (common.ts, cellsAsRows), each share's
 * value written beside its whisker.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, outcomeLabel } from '../labels.js';
import { CONFIG, NEUTRAL, SCHEMA, SIDE_COLORS, cellAxisWidth, cellRowAxis, cellRowStep, cellsAsRows, subtitle, type ChartDef } from './common.js';

export function outcomesSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const order = [outcomeLabel(r, 0), outcomeLabel(r, 1), outcomeLabel(r, null)];
  const values = r.cells.flatMap((c, i) =>
    c.summary.outcome.map((o) => ({
      cell: names.labels[i],
      outcome: outcomeLabel(r, o.side),
      p: o.p,
      lo: o.lo,
      hi: o.hi,
      count: o.count,
      n: o.n,
    })),
  );
  const tooltip = [
    { field: 'cell', type: 'nominal' as const, title: names.title },
    { field: 'outcome', type: 'nominal' as const, title: 'Outcome' },
    { field: 'p', type: 'quantitative' as const, format: '.1%', title: 'Share' },
    { field: 'lo', type: 'quantitative' as const, format: '.1%', title: '95% low' },
    { field: 'hi', type: 'quantitative' as const, format: '.1%', title: '95% high' },
    { field: 'count', type: 'quantitative' as const, title: 'Engagements' },
  ];
  const color = { field: 'outcome', type: 'nominal' as const, sort: order, scale: { domain: order, range: [SIDE_COLORS[0], SIDE_COLORS[1], NEUTRAL] }, title: null };
  const share = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'Share of engagements' };
  const title = { text: 'How engagements end', subtitle: subtitle(r, 'Whiskers: 95% Wilson intervals') };
  if (cellsAsRows(r.cells.length)) {
    // A share's value right of its whisker, or left of it where the whisker reaches the right edge.
    const label = (left: boolean) => ({
      transform: [{ filter: `${left ? '' : '!'}(datum.hi > 0.85)` }],
      mark: { type: 'text' as const, align: left ? ('right' as const) : ('left' as const), baseline: 'middle' as const, dx: left ? -5 : 5, fontSize: 10, color: '#333' },
      encoding: { x: { field: left ? 'lo' : 'hi', ...share }, text: { field: 'p', type: 'quantitative' as const, format: '.0%' } },
    });
    return {
      $schema: SCHEMA,
      title,
      config: CONFIG,
      width: 420,
      height: { step: cellRowStep(names.labels, order.length), for: 'position' },
      data: { values },
      encoding: {
        y: cellRowAxis(names),
        yOffset: { field: 'outcome', type: 'nominal', sort: order, scale: { paddingInner: 0.1 } },
        color,
        tooltip,
      },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', ...share }, x2: { field: 'hi' } } },
        { mark: { type: 'point', filled: true, size: 45, opacity: 1 }, encoding: { x: { field: 'p', ...share } } },
        label(false),
        label(true),
      ],
    } satisfies TopLevelSpec;
  }
  const spec = {
    $schema: SCHEMA,
    title,
    config: CONFIG,
    width: cellAxisWidth(r.cells.length, 160),
    height: 300,
    data: { values },
    encoding: {
      x: {
        field: 'cell',
        type: 'nominal',
        sort: names.labels,
        title: names.title,
        // A label no wider than its cell's column: what does not fit is cut, never drawn over the next.
        axis: { labelAngle: 0, labelExpr: "split(datum.label, ', ')", labelLimit: Math.floor(cellAxisWidth(r.cells.length, 160) / (r.cells.length + 0.5)) - 8 },
      },
      xOffset: { field: 'outcome', type: 'nominal', sort: order, scale: { paddingInner: 0.25 } },
      color,
      tooltip,
    },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', ...share }, y2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true, size: 70, opacity: 1 }, encoding: { y: { field: 'p', ...share } } },
      {
        mark: { type: 'text', dx: 7, align: 'left', baseline: 'middle', fontSize: 10, color: '#333' },
        encoding: { y: { field: 'p', ...share }, text: { field: 'p', type: 'quantitative', format: '.0%' } },
      },
    ],
  } satisfies TopLevelSpec;
  return spec;
}

export const outcomesChart: ChartDef = {
  name: 'outcomes',
  heading: 'Outcomes',
  definition:
    'The share of engagements in each cell that the attacker won, that the defender won, or that ended in a draw; the whiskers are 95% Wilson intervals.',
  build: outcomesSpec,
};
