/**
 * Unit retreats per engagement, per side and cell, forced and voluntary, with 95% intervals of the
 * mean: a panel per side, a row per cell (its label once, left of the first panel).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import type { HistogramSummary } from '../../stats/histogram.js';
import { cellNames, sideLabels } from '../labels.js';
import { reportWords } from '../ruleWords.js';
import { CONFIG, SCHEMA, cellRowAxis, cellRowStep, subtitle, type ChartDef } from './common.js';

const KIND_COLORS = ['#7b3294', '#1b9e77'];

function row(cell: string, side: string, kind: string, h: HistogramSummary) {
  // A count cannot be negative: the normal interval is cut at 0 when few engagements have any.
  return { cell, side, kind, mean: h.mean, lo: Math.max(0, h.lo), hi: h.hi, n: h.n };
}

export function retreatsSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const words = reportWords(r).retreats;
  const kinds = [words.forced, words.voluntary];
  const values = r.cells.flatMap((c, i) =>
    c.summary.sides.flatMap((s, k) => [
      row(names.labels[i], sides[k], kinds[0], s.retreatsForced),
      row(names.labels[i], sides[k], kinds[1], s.retreatsVoluntary),
    ]),
  );
  const x = { type: 'quantitative' as const, title: 'Retreats per engagement (mean)', scale: { zero: true } };
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Retreats per engagement', subtitle: subtitle(r, 'Unit retreats; whiskers: 95% intervals of the mean') },
    config: CONFIG,
    data: { values },
    facet: { column: { field: 'side', type: 'nominal', sort: sides, title: null, header: { labelFontWeight: 'bold' } } },
    spec: {
      width: 300,
      height: { step: cellRowStep(names.labels, kinds.length), for: 'position' },
      encoding: {
        y: cellRowAxis(names),
        yOffset: { field: 'kind', type: 'nominal', sort: kinds, scale: { paddingInner: 0.2 } },
        color: { field: 'kind', type: 'nominal', sort: kinds, scale: { domain: kinds, range: KIND_COLORS }, title: null },
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
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
        { mark: { type: 'point', filled: true, size: 45, opacity: 1 }, encoding: { x: { field: 'mean', ...x } } },
      ],
    },
    spacing: 24,
  } satisfies TopLevelSpec;
  return spec;
}

export const retreatsChart: ChartDef = {
  name: 'retreats',
  heading: 'Retreats',
  definition: (r) => `How many units of a side retreated in an engagement, on average: ${reportWords(r).retreats.definition}`,
  build: retreatsSpec,
};
