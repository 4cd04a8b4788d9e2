/**
 * The forest plot of paired comparisons: one row per figure, a point at the mean difference (variant
 * minus reference) and a bar for its interval at the figure's Holm level per comparison (the interval
 * the table gives, so a bar that excludes zero has a filled point), and a rule at zero. One panel per
 * unit, so that differences are drawn against others of the same unit: shares in percentage points,
 * then strength points, men killed and wounded, units, morale checks and turns.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import type { MetricComparison } from '../../stats/comparison.js';
import { comparisonName, hasComparisons, pText } from '../variants.js';
import { cellColorScale, CELLS_ACROSS, CONFIG, REFERENCE, SCHEMA, type ChartDef } from './common.js';

/** Panels in page order: the unit of the metric and the axis title of its differences. */
const PANELS: readonly { unit: MetricComparison['unit']; title: string; axis: string }[] = [
  { unit: 'share', title: 'Shares of engagements', axis: 'Difference (percentage points)' },
  { unit: 'strength points', title: 'Strength lost', axis: 'Difference (strength points per engagement)' },
  { unit: 'men', title: 'Killed and wounded', axis: 'Difference (men per engagement)' },
  { unit: 'units', title: 'Units eliminated', axis: 'Difference (units per engagement)' },
  { unit: 'checks', title: 'Morale checks failed', axis: 'Difference (failed checks per engagement)' },
  { unit: 'turns', title: 'Turns played', axis: 'Difference (turns per engagement)' },
];

/** Pixels for the figures' names left of every panel. */
const LABEL_SPACE = 200;

/** Pixels per comparison within a figure's row, and the least height of a row (two lines of its name). */
const ROW_STEP = 16;
const ROW_MIN = 32;

export function forestSpec(r: Results): TopLevelSpec {
  const comparisons = r.comparisons ?? [];
  const series = comparisons.map((c) => comparisonName(r, c));
  const values = comparisons.flatMap((c, k) =>
    c.metrics.map((m) => {
      const f = m.kind === 'share' ? 100 : 1;
      const d = m.difference;
      // The Holm-adjusted interval, as the table: the 95% one where the results predate it.
      const i = m.holmInterval ?? { lo: d.lo ?? d.mean, hi: d.hi ?? d.mean, level: d.lo === null ? null : 0.95 };
      return {
        unit: m.unit,
        figure: m.label,
        comparison: series[k],
        diff: f * d.mean,
        lo: f * i.lo,
        hi: f * i.hi,
        level: i.level === null ? '–' : `${Number((100 * i.level).toFixed(2))}%`,
        significant: m.significant,
        pHolm: pText(m.pHolm),
      };
    }),
  );
  const color = cellColorScale(series);
  const panels = PANELS.filter((p) => values.some((v) => v.unit === p.unit)).map((p) => {
    const figures = [...new Set(values.filter((v) => v.unit === p.unit).map((v) => v.figure))];
    const x = { type: 'quantitative' as const, title: p.axis, scale: { zero: true, nice: true } };
    // The same label space in every panel, so that the panels' plots line up.
    // A name takes two lines, the side and the figure ("French: any unit retreated").
    const y = {
      field: 'figure',
      type: 'nominal' as const,
      sort: figures,
      title: null,
      axis: { labelLimit: LABEL_SPACE - 10, minExtent: LABEL_SPACE, maxExtent: LABEL_SPACE, labelExpr: "split(datum.label, ': ')" },
    };
    const marks = {
      transform: [{ filter: { field: 'unit', equal: p.unit } }],
      encoding: {
        y,
        yOffset: { field: 'comparison', type: 'nominal' as const, sort: series },
        // Many comparisons in a row along the top would make the chart thousands of pixels wide: a column at the right.
        color: {
          field: 'comparison',
          type: 'nominal' as const,
          sort: series,
          scale: color,
          title: 'Variant − reference',
          legend: { labelLimit: 420, ...(series.length > CELLS_ACROSS ? { orient: 'right' as const, direction: 'vertical' as const } : {}) },
        },
        tooltip: [
          { field: 'figure', type: 'nominal' as const, title: 'Figure' },
          { field: 'comparison', type: 'nominal' as const, title: 'Comparison' },
          { field: 'diff', type: 'quantitative' as const, format: '.2f', title: 'Difference' },
          { field: 'lo', type: 'quantitative' as const, format: '.2f', title: 'Low (Holm)' },
          { field: 'hi', type: 'quantitative' as const, format: '.2f', title: 'High (Holm)' },
          { field: 'level', type: 'nominal' as const, title: 'Interval level' },
          { field: 'pHolm', type: 'nominal' as const, title: 'p (Holm)' },
        ],
      },
      layer: [
        { mark: { type: 'rule' as const, strokeWidth: 2 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
        {
          transform: [{ filter: 'datum.significant' }],
          mark: { type: 'point' as const, filled: true, size: 60, opacity: 1 },
          encoding: { x: { field: 'diff', ...x } },
        },
        {
          transform: [{ filter: '!datum.significant' }],
          mark: { type: 'point' as const, filled: false, size: 60, strokeWidth: 1.5, opacity: 1 },
          encoding: { x: { field: 'diff', ...x } },
        },
      ],
    };
    return {
      title: { text: p.title, fontSize: 13 },
      width: 460,
      height: figures.length * Math.max(ROW_MIN, series.length * ROW_STEP) + 8,
      layer: [
        { data: { values: [{ zero: 0 }] }, mark: { type: 'rule' as const, color: REFERENCE, strokeDash: [4, 3] }, encoding: { x: { field: 'zero', ...x } } },
        marks,
      ],
    };
  });
  const n = comparisons[0]?.n ?? 0;
  const spec = {
    $schema: SCHEMA,
    title: {
      text: 'Paired differences between variants',
      subtitle: [
        `${n.toLocaleString('en-GB')} engagements per variant, the same dice for every variant`,
        'Point: mean difference (variant − reference); dashed: no difference',
        'Bar: interval at the figure’s Holm level (95% for one figure alone, wider for more)',
        'Filled: differs at the 5% level after the Holm correction; hollow: does not',
      ],
    },
    config: CONFIG,
    data: { values },
    vconcat: panels,
    spacing: 24,
    resolve: { scale: { x: 'independent', y: 'independent', color: 'shared' } },
  } satisfies TopLevelSpec;
  return spec;
}

export const FOREST_CHART = 'variants';

export const forestChart: ChartDef = {
  name: FOREST_CHART,
  heading: 'Variants: paired differences',
  definition:
    'For each figure, the difference between each variant and the reference measured on the same engagements with the same dice, with its interval adjusted as the Holm correction adjusts its test (as in the tables below), so that a bar clear of zero goes with a filled point; shares in percentage points, counts in their own unit.',
  build: forestSpec,
  applies: hasComparisons,
};
