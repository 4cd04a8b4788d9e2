/**
 * Morale-check failure rate by modified morale value, per side and cell, against the rate rule 2.3
 * implies: a check rolls 1d6 and fails when the roll is higher than the morale, so morale m fails with
 * probability (6 - m) / 6, clamped to [0, 1].
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, sideLabels } from '../labels.js';
import { CONFIG, REFERENCE, SCHEMA, SIDE_COLORS, facetGrid, subtitle, type ChartDef } from './common.js';

/** 2.3: the chance that a check against modified morale m fails. */
export function theoreticalFailure(m: number): number {
  return Math.min(1, Math.max(0, (6 - m) / 6));
}

export const THEORY_LABEL = 'Rule 2.3: (6 − m) / 6';

export function moraleFailureSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const observed = r.cells.flatMap((c, i) =>
    c.summary.sides.flatMap((s, k) =>
      s.byMorale.map((row) => ({
        kind: 'observed',
        cell: names.labels[i],
        series: sides[k],
        morale: row.morale,
        // Side by side at each morale value so the whiskers do not hide each other.
        x: row.morale + (k === 0 ? -0.12 : 0.12),
        p: row.p,
        lo: row.lo,
        hi: row.hi,
        taken: row.taken,
        failed: row.failed,
        theory: theoreticalFailure(row.morale),
      })),
    ),
  );
  const seen = observed.map((o) => o.morale);
  const lo = seen.length ? Math.min(...seen) : 0;
  const hi = seen.length ? Math.max(...seen) : 6;
  const theory = names.labels.flatMap((cell) => {
    const pts = [];
    for (let m = lo; m <= hi; m++) pts.push({ kind: 'theory', cell, reference: THEORY_LABEL, x: m, morale: m, p: theoreticalFailure(m) });
    return pts;
  });
  const series = [sides[0], sides[1]];
  const grid = facetGrid(r.cells.length, 4, 580);
  const ticks: number[] = [];
  for (let m = lo; m <= hi; m++) ticks.push(m);
  const x = {
    type: 'quantitative' as const,
    scale: { domain: [lo - 0.6, hi + 0.6], nice: false, zero: false },
    axis: { values: ticks, format: 'd' },
    title: 'Modified morale',
  };
  const y = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'Checks failed' };
  const color = { field: 'series', type: 'nominal' as const, sort: series, scale: { domain: series, range: [...SIDE_COLORS] }, title: null };
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Morale checks failed, by modified morale', subtitle: subtitle(r, 'Whiskers: 95% Wilson intervals', 'Dashed line: rule 2.3, a roll above the morale fails') },
    config: CONFIG,
    data: { values: [...theory, ...observed] },
    facet: { field: 'cell', type: 'nominal', sort: names.labels, title: names.title, header: { labelFontWeight: 'bold' } },
    columns: grid.columns,
    spec: {
      width: grid.width,
      height: 200,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'theory'" }],
          mark: { type: 'line', strokeWidth: 1.5, color: REFERENCE },
          encoding: {
            x: { field: 'x', ...x },
            y: { field: 'p', ...y },
            // A legend entry of its own, drawn as a dashed line.
            strokeDash: { field: 'reference', type: 'nominal', scale: { domain: [THEORY_LABEL], range: [[5, 4]] }, title: null },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'observed'" }],
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: { x: { field: 'x', ...x }, y: { field: 'lo', ...y }, y2: { field: 'hi' }, color },
        },
        {
          transform: [{ filter: "datum.kind === 'observed'" }],
          mark: { type: 'point', filled: true, size: 60, opacity: 1 },
          encoding: {
            x: { field: 'x', ...x },
            y: { field: 'p', ...y },
            color,
            tooltip: [
              { field: 'series', type: 'nominal', title: 'Side' },
              { field: 'morale', type: 'quantitative', title: 'Modified morale' },
              { field: 'p', type: 'quantitative', format: '.1%', title: 'Failed' },
              { field: 'lo', type: 'quantitative', format: '.1%', title: '95% low' },
              { field: 'hi', type: 'quantitative', format: '.1%', title: '95% high' },
              { field: 'taken', type: 'quantitative', title: 'Checks' },
              { field: 'theory', type: 'quantitative', format: '.1%', title: 'Rule 2.3' },
            ],
          },
        },
      ],
    },
  } satisfies TopLevelSpec;
  return spec;
}

export const moraleFailureChart: ChartDef = {
  name: 'morale-failure',
  heading: 'Morale checks by morale value',
  definition:
    'Of the morale checks a side took against a given modified morale value (the rating after step-loss, flank and other modifiers), the share that failed, beside the share rule 2.3 predicts (a die roll higher than the morale fails).',
  build: moraleFailureSpec,
};
