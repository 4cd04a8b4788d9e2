/**
 * Morale-check failure rate by the rating checks were made against (the rule system's scale:
 * vocabulary.ratings), per side and cell, beside the rate the rules imply where they make it depend on
 * the rating alone (Age of Rifles 2.3: a d6 above the modified morale fails).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, sideLabels } from '../labels.js';
import { CONFIG, REFERENCE, SCHEMA, SIDE_COLORS, facetGrid, subtitle, type ChartDef } from './common.js';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function moraleFailureSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const scale = r.vocabulary.ratings;
  const rule = scale.failure;
  const observed = r.cells.flatMap((c, i) =>
    c.summary.sides.flatMap((s, k) =>
      s.byRating.map((row) => ({
        kind: 'observed',
        cell: names.labels[i],
        series: sides[k],
        rating: row.rating,
        // Side by side at each rating so the whiskers do not hide each other.
        x: row.index + (k === 0 ? -0.12 : 0.12),
        p: row.p,
        lo: row.lo,
        hi: row.hi,
        taken: row.taken,
        failed: row.failed,
        ...(rule ? { theory: rule.p[row.index] } : {}),
      })),
    ),
  );
  const seen = r.cells.flatMap((c) => c.summary.sides.flatMap((s) => s.byRating.map((row) => row.index)));
  const lo = seen.length ? Math.min(...seen) : 0;
  const hi = seen.length ? Math.max(...seen) : scale.labels.length - 1;
  const theory = rule
    ? names.labels.flatMap((cell) => {
        const pts = [];
        for (let m = lo; m <= hi; m++) pts.push({ kind: 'theory', cell, reference: rule.rule, x: m, rating: scale.labels[m], p: rule.p[m] });
        return pts;
      })
    : [];
  const series = [sides[0], sides[1]];
  // Twelve ratings (CWJ's modifiers) need the room: panels of 200 px at four a row.
  const grid = facetGrid(r.cells.length, 4, 880);
  const ticks: number[] = [];
  for (let m = lo; m <= hi; m++) ticks.push(m);
  const labelExpr = `[${scale.labels.map((l) => JSON.stringify(l)).join(',')}][datum.value] || ''`;
  const x = {
    type: 'quantitative' as const,
    scale: { domain: [lo - 0.6, hi + 0.6], nice: false, zero: false },
    // Ratings that do not fit side by side are thinned out, the end ones kept inside their panel (not
    // over the next panel's), and the title cut at its panel's width.
    axis: { values: ticks, labelExpr, labelOverlap: true, labelFlush: true, titleLimit: grid.width },
    title: capitalized(scale.name),
  };
  const y = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'Checks failed' };
  const color = { field: 'series', type: 'nominal' as const, sort: series, scale: { domain: series, range: [...SIDE_COLORS] }, title: null };
  const theoryLayer = {
    transform: [{ filter: "datum.kind === 'theory'" }],
    mark: { type: 'line' as const, strokeWidth: 1.5, color: REFERENCE },
    encoding: {
      x: { field: 'x', ...x },
      y: { field: 'p', ...y },
      // A legend entry of its own, drawn as a dashed line.
      strokeDash: { field: 'reference', type: 'nominal' as const, scale: { domain: [rule?.rule ?? ''], range: [[5, 4]] }, title: null },
    },
  };
  const spec = {
    $schema: SCHEMA,
    title: {
      text: `Morale checks failed, by ${scale.name}`,
      subtitle: subtitle(r, 'Whiskers: 95% Wilson intervals', ...(rule ? [`Dashed line: ${rule.rule}`] : [])),
    },
    config: CONFIG,
    data: { values: [...theory, ...observed] },
    facet: { field: 'cell', type: 'nominal', sort: names.labels, title: names.title, header: { labelFontWeight: 'bold' } },
    columns: grid.columns,
    // Room between panels for the end ratings' labels ("2 or less", "12 or more"), which stand past the
    // ends of their axis (the scale pads each end by 0.6 of a rating).
    spacing: { column: 48, row: 20 },
    spec: {
      width: grid.width,
      height: 200,
      layer: [
        ...(rule ? [theoryLayer] : []),
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
              { field: 'series', type: 'nominal' as const, title: 'Side' },
              { field: 'rating', type: 'nominal' as const, title: capitalized(scale.name) },
              { field: 'p', type: 'quantitative' as const, format: '.1%', title: 'Failed' },
              { field: 'lo', type: 'quantitative' as const, format: '.1%', title: '95% low' },
              { field: 'hi', type: 'quantitative' as const, format: '.1%', title: '95% high' },
              { field: 'taken', type: 'quantitative' as const, title: 'Checks' },
              ...(rule ? [{ field: 'theory', type: 'quantitative' as const, format: '.1%', title: 'The rules' }] : []),
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
  heading: 'Morale checks by rating',
  definition:
    'Of the morale checks a side took against a given rating (for Age of Rifles the modified morale: the rating after step-loss, flank and other modifiers), the share that failed, beside the share the rules predict where they make it depend on the rating alone.',
  build: moraleFailureSpec,
};
