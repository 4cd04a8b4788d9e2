/**
 * Sweeps: each metric against a numeric factor's value (small multiples), the estimate as a line and
 * its 95% interval as a band; coloured by side, or by the other factors' combination when others vary.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { numericFactors } from '../../stats/sensitivity.js';
import { sideLabels } from '../labels.js';
import { factorWords, othersLabel, sensitivityRows } from '../sensitivity.js';
import { AXIS_TITLE_SIZE, cellColorScale, CONFIG, SCHEMA, SIDE_COLORS, subtitle, textLines, type ChartDef } from './common.js';

/** Numeric factors with at least three values: the ones drawn as sweeps. */
export function sweptFactors(r: Results): string[] {
  return numericFactors(r.provenance.factors, 3);
}

/**
 * Past this many combinations of the other factors, lines are drawn thin, without bands or legend: a
 * legend of hundreds of entries would be wider than any page, and the bands would cover each other.
 */
export const MAX_SWEEP_SERIES = 12;

/** The width an x-axis title may take: about a panel's. */
const X_TITLE_WIDTH = 240;

/** Row headers: the metric in a line or two (one line each). */
const METRIC_NAMES: Record<string, string> = {
  winShare: 'Wins (%)',
  strengthLost: 'Strength lost',
  retreatRate: 'Retreats (%)',
  moraleFailRate: 'Checks failed (%)',
};

export function sweepSpec(r: Results, factor: string): TopLevelSpec {
  const rows = sensitivityRows(r).filter((row) => row.factor === factor);
  const combos = [...new Set(rows.map((row) => othersLabel(row.others)))];
  const byCombo = combos.length > 1 || combos[0] !== '';
  const metrics = [...new Set(rows.map((row) => METRIC_NAMES[row.metric] ?? row.metric))];
  const sides = sideLabels(r);
  const values = rows.flatMap((row) =>
    row.points.map((p) => {
      const k = row.kind === 'share' ? 100 : 1;
      return {
        metric: METRIC_NAMES[row.metric] ?? row.metric,
        side: sides[row.side],
        series: byCombo ? othersLabel(row.others) : sides[row.side],
        x: p.x,
        y: k * p.y,
        lo: k * Math.max(0, p.lo),
        hi: k * p.hi,
      };
    }),
  );
  const series = [...new Set(values.map((v) => v.series))];
  const many = byCombo && series.length > MAX_SWEEP_SERIES;
  const color = byCombo
    ? cellColorScale(series)
    : { domain: series, range: series.map((s) => (s.endsWith('(attacker)') ? SIDE_COLORS[0] : SIDE_COLORS[1])) };
  const xTitle = factorWords(r, factor);
  const xs = [...new Set(values.map((v) => v.x))].sort((a, b) => a - b);
  const x = {
    field: 'x',
    type: 'quantitative' as const,
    // The title no wider than its panel (the two sides' panels stand side by side): on two lines if need be.
    title: textLines(xTitle, X_TITLE_WIDTH, AXIS_TITLE_SIZE),
    scale: { domain: [xs[0], xs[xs.length - 1]], nice: false, zero: false },
    axis: xs.length <= 12 ? { values: xs, format: '~g', titleLimit: X_TITLE_WIDTH } : { format: '~g', titleLimit: X_TITLE_WIDTH },
  };
  const y = { type: 'quantitative' as const, title: null, scale: { zero: true } };
  const colorEnc = {
    field: 'series',
    type: 'nominal' as const,
    sort: series,
    scale: color,
    title: byCombo ? 'Other factors' : null,
    // Without other factors the colour only repeats the column: no legend.
    legend: byCombo && !many ? { labelExpr: "split(datum.label, ', ')" } : null,
  };
  const spec = {
    $schema: SCHEMA,
    title: {
      text: `Each metric against ${xTitle.charAt(0).toLowerCase()}${xTitle.slice(1)}`,
      subtitle: subtitle(
        r,
        many
          ? `One line per combination of the other factors (${series.length}; hover for which), without the 95% bands. Shares in %, strength lost per engagement`
          : 'Line: estimate; band: 95% interval. Shares in %, strength lost per engagement',
      ),
    },
    config: CONFIG,
    data: { values },
    facet: {
      // Upright words left of the row. Vega sets a left header's text off by its estimated width before
      // aligning it: aligned right, the words stood their own width again away from the axis (a 160 px
      // gap on the default study); aligned left, they end at the axis.
      row: { field: 'metric', type: 'nominal', sort: metrics, title: null, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold', labelLimit: 0 } },
      column: { field: 'side', type: 'nominal', sort: sides, title: null, header: { labelFontWeight: 'bold', labelLimit: 280 } },
    },
    spec: {
      width: 240,
      height: 140,
      encoding: {
        x,
        color: colorEnc,
        tooltip: [
          { field: 'metric', type: 'nominal', title: 'Metric' },
          { field: 'side', type: 'nominal', title: 'Side' },
          ...(byCombo ? [{ field: 'series', type: 'nominal' as const, title: 'Other factors' }] : []),
          { field: 'x', type: 'quantitative', title: xTitle },
          { field: 'y', type: 'quantitative', format: '.2f', title: 'Estimate' },
          { field: 'lo', type: 'quantitative', format: '.2f', title: '95% low' },
          { field: 'hi', type: 'quantitative', format: '.2f', title: '95% high' },
        ],
      },
      layer: many
        ? [{ mark: { type: 'line', strokeWidth: 1, opacity: 0.6 }, encoding: { y: { field: 'y', ...y } } }]
        : [
            { mark: { type: 'area', opacity: 0.18 }, encoding: { y: { field: 'lo', ...y }, y2: { field: 'hi' } } },
            { mark: { type: 'line', strokeWidth: 2, point: { filled: true, size: 40 } }, encoding: { y: { field: 'y', ...y } } },
          ],
    },
    resolve: { scale: { y: 'independent' } },
    spacing: 20,
  } satisfies TopLevelSpec;
  return spec;
}

/**
 * Past this many combinations of the other factors a factor's sweep is not drawn: thousands of lines
 * say nothing and overflow the chart library's stack (10,000 cells of four factors draw 1,000 lines a
 * panel). The small multiples (smallMultiples.ts) summarize such experiments instead.
 */
export const MAX_SWEEP_LINES = 60;

/** How many combinations of the other factors a factor's sweep draws, one line each. */
export function sweepLines(r: Results, factor: string): number {
  return Object.entries(r.provenance.factors).reduce((n, [k, vs]) => (k === factor ? n : n * Math.max(1, vs.length)), 1);
}

/** One sweep chart per swept factor (of at most MAX_SWEEP_LINES lines): `sweep`, then `sweep-2`, ... */
export function sweepCharts(r: Results): ChartDef[] {
  return sweptFactors(r).filter((f) => sweepLines(r, f) <= MAX_SWEEP_LINES).map((factor, i) => ({
    name: i === 0 ? 'sweep' : `sweep-${i + 1}`,
    heading: `Sweep: ${factorWords(r, factor)}`,
    definition: `Each metric (win share, strength lost, retreat rate and morale-check failure rate of each side) at each value of ${factor}, with its 95% interval as a band; the Sensitivity section gives the change per step.`,
    build: (res: Results) => sweepSpec(res, factor),
  }));
}
