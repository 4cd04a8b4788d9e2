/** Unit retreats per engagement, per side and cell, forced and voluntary, with 95% intervals of the mean. */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import type { HistogramSummary } from '../../stats/histogram.js';
import { cellNames, sideLabels } from '../labels.js';
import { CONFIG, SCHEMA, subtitle, type ChartDef } from './common.js';

const KINDS = ['Forced (failed morale check)', 'Voluntary (chose to fall back)'] as const;
const KIND_COLORS = ['#7b3294', '#1b9e77'];

function row(cell: string, side: string, kind: string, h: HistogramSummary) {
  // A count cannot be negative: the normal interval is cut at 0 when few engagements have any.
  return { cell, side, kind, mean: h.mean, lo: Math.max(0, h.lo), hi: h.hi, n: h.n };
}

export function retreatsSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const values = r.cells.flatMap((c, i) =>
    c.summary.sides.flatMap((s, k) => [
      row(names.labels[i], sides[k], KINDS[0], s.retreatsForced),
      row(names.labels[i], sides[k], KINDS[1], s.retreatsVoluntary),
    ]),
  );
  const width = Math.max(240, Math.min(300, r.cells.length * 70));
  const y = { type: 'quantitative' as const, title: 'Unit retreats per engagement (mean)', scale: { zero: true } };
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Retreats per engagement', subtitle: subtitle(r, 'Whiskers: 95% intervals of the mean') },
    config: CONFIG,
    data: { values },
    facet: { column: { field: 'side', type: 'nominal', sort: sides, title: null, header: { labelFontWeight: 'bold' } } },
    spec: {
      width,
      height: 240,
      encoding: {
        x: {
          field: 'cell',
          type: 'nominal',
          sort: names.labels,
          title: names.title,
          axis: { labelAngle: 0, labelExpr: "split(datum.label, ', ')", labelLimit: 200 },
        },
        xOffset: { field: 'kind', type: 'nominal', sort: [...KINDS], scale: { paddingInner: 0.3 } },
        color: { field: 'kind', type: 'nominal', sort: [...KINDS], scale: { domain: [...KINDS], range: KIND_COLORS }, title: null },
        tooltip: [
          { field: 'side', type: 'nominal', title: 'Side' },
          { field: 'cell', type: 'nominal', title: names.title },
          { field: 'kind', type: 'nominal', title: 'Retreat' },
          { field: 'mean', type: 'quantitative', format: '.3f', title: 'Per engagement' },
          { field: 'lo', type: 'quantitative', format: '.3f', title: '95% low' },
          { field: 'hi', type: 'quantitative', format: '.3f', title: '95% high' },
        ],
      },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', ...y }, y2: { field: 'hi' } } },
        { mark: { type: 'point', filled: true, size: 60, opacity: 1 }, encoding: { y: { field: 'mean', ...y } } },
      ],
    },
    spacing: 24,
  } satisfies TopLevelSpec;
  return spec;
}

export const retreatsChart: ChartDef = {
  name: 'retreats',
  heading: 'Retreats',
  definition:
    'How many units of a side retreated in an engagement, on average: forced retreats follow a failed morale check, voluntary ones are the side’s own choice to fall back before the hits land (7.4).',
  build: retreatsSpec,
};
