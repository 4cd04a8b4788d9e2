/**
 * A run stopped at a target precision: the half-width of every primary share's 95% interval in each
 * cell, against the target (src/stats/precision.ts). The numbers are in precision.csv.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames } from '../labels.js';
import { count } from '../words.js';
import { precisionRows, points } from '../precision.js';
import { cellLegend, CONFIG, REFERENCE, SCHEMA, cellColorScale, subtitle, type ChartDef } from './common.js';

/** "Precision: target reached in 3 of 5 cells" ("in every cell", "in no cell of 5"). */
export function precisionHeading(r: Results): string {
  const cells = r.provenance.precision?.cells ?? [];
  const reached = cells.filter((c) => c.reached).length;
  if (cells.length === 1) return reached ? 'Precision: target reached' : 'Precision: target not reached';
  const where = reached === cells.length ? 'in every cell' : reached === 0 ? `in no cell of ${count(cells.length)}` : `in ${count(reached)} of ${count(cells.length)} cells`;
  return `Precision: target reached ${where}`;
}

export function precisionSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const target = r.provenance.precision?.target ?? 0;
  const rows = precisionRows(r);
  const metrics: string[] = [];
  for (const x of rows) if (!metrics.includes(x.metricLabel)) metrics.push(x.metricLabel);
  const values = rows.map((x) => ({
    cell: x.cellName,
    metric: x.metricLabel,
    points: 100 * x.halfWidth,
    p: x.p,
    lo: x.lo,
    hi: x.hi,
    trials: x.n,
    engagements: x.engagements,
    target: 100 * target,
  }));
  const max = Math.max(100 * target, ...values.map((v) => v.points));
  const xScale = { domain: [0, Math.ceil(max * 11) / 10] };
  const spec = {
    $schema: SCHEMA,
    title: {
      text: precisionHeading(r),
      subtitle: subtitle(r, 'Half-width of each primary share’s 95% Wilson interval', `Dashed line: the target, ${points(target)}`),
    },
    config: CONFIG,
    width: 460,
    // The step is per cell within a share's band: the band is at least 24 px, 8 px per cell.
    height: { step: Math.max(8, Math.ceil(24 / Math.max(1, names.labels.length))) },
    data: { values },
    layer: [
      {
        mark: { type: 'point' as const, filled: true, size: 60, opacity: 1 },
        encoding: {
          y: { field: 'metric', type: 'nominal' as const, sort: metrics, title: null, axis: { labelLimit: 420 } },
          yOffset: { field: 'cell', type: 'nominal' as const, sort: names.labels },
          x: { field: 'points', type: 'quantitative' as const, scale: xScale, title: 'Half-width of the 95% interval (percentage points)' },
          color: { field: 'cell', type: 'nominal' as const, sort: names.labels, scale: cellColorScale(names.labels), title: names.title, legend: cellLegend(names.labels.length) },
          tooltip: [
            { field: 'cell', type: 'nominal' as const, title: names.title },
            { field: 'metric', type: 'nominal' as const, title: 'Share' },
            { field: 'p', type: 'quantitative' as const, format: '.2%', title: 'Estimate' },
            { field: 'lo', type: 'quantitative' as const, format: '.2%', title: '95% low' },
            { field: 'hi', type: 'quantitative' as const, format: '.2%', title: '95% high' },
            { field: 'points', type: 'quantitative' as const, format: '.2f', title: 'Half-width (points)' },
            { field: 'trials', type: 'quantitative' as const, title: 'Trials' },
            { field: 'engagements', type: 'quantitative' as const, title: 'Engagements in the cell' },
          ],
        },
      },
      {
        // One line: every row carries the same target.
        mark: { type: 'rule' as const, strokeDash: [5, 4], color: REFERENCE, strokeWidth: 1.5 },
        encoding: { x: { field: 'target', aggregate: 'min' as const, type: 'quantitative' as const, scale: xScale, title: 'Half-width of the 95% interval (percentage points)' } },
      },
    ],
  } satisfies TopLevelSpec;
  return spec;
}

export const precisionChart: ChartDef & { applies: (r: Results) => boolean } = {
  name: 'precision',
  heading: precisionHeading,
  definition:
    'For a run stopped at a target precision: in each cell, the half-width of the 95% Wilson interval of every primary share (the win and draw shares, each side’s retreat rate, each army’s demoralized share in battles, each side’s morale-check failure rate), in percentage points, against the target. A cell stops when its widest is at or left of the dashed line, or at the maximum of engagements.',
  build: precisionSpec,
  applies: (r) => r.provenance.precision !== undefined,
};
