/** Outcome shares per cell (attacker wins, defender wins, draw) with Wilson 95% intervals. */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, outcomeLabel } from '../labels.js';
import { CONFIG, NEUTRAL, SCHEMA, SIDE_COLORS, cellAxisWidth, subtitle, type ChartDef } from './common.js';

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
  const width = cellAxisWidth(r.cells.length, 150);
  const y = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'Share of engagements' };
  const spec = {
    $schema: SCHEMA,
    title: { text: 'How engagements end', subtitle: subtitle(r, 'Whiskers: 95% Wilson intervals') },
    config: CONFIG,
    width,
    height: 300,
    data: { values },
    encoding: {
      x: {
        field: 'cell',
        type: 'nominal',
        sort: names.labels,
        title: names.title,
        axis: { labelAngle: 0, labelExpr: "split(datum.label, ', ')", labelLimit: 220 },
      },
      xOffset: { field: 'outcome', type: 'nominal', sort: order, scale: { paddingInner: 0.25 } },
      color: { field: 'outcome', type: 'nominal', sort: order, scale: { domain: order, range: [SIDE_COLORS[0], SIDE_COLORS[1], NEUTRAL] }, title: null },
      tooltip: [
        { field: 'cell', type: 'nominal', title: names.title },
        { field: 'outcome', type: 'nominal', title: 'Outcome' },
        { field: 'p', type: 'quantitative', format: '.1%', title: 'Share' },
        { field: 'lo', type: 'quantitative', format: '.1%', title: '95% low' },
        { field: 'hi', type: 'quantitative', format: '.1%', title: '95% high' },
        { field: 'count', type: 'quantitative', title: 'Engagements' },
      ],
    },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', ...y }, y2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true, size: 70, opacity: 1 }, encoding: { y: { field: 'p', ...y } } },
      {
        mark: { type: 'text', dx: 7, align: 'left', baseline: 'middle', fontSize: 10, color: '#333' },
        encoding: { y: { field: 'p', ...y }, text: { field: 'p', type: 'quantitative', format: '.0%' } },
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
