/**
 * Who held each objective when the engagement ended (by its rule system's rule): the share of engagements it ended held by
 * each side, and by nobody, with Wilson 95% intervals, one panel per cell.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames } from '../labels.js';
import { reportWords } from '../ruleWords.js';
import { CONFIG, NEUTRAL, SCHEMA, SIDE_COLORS, facetGrid, hasObjectives, subtitle, type ChartDef } from './common.js';

/** "Village church (6 VP)". */
export function objectiveLabel(o: { name: string; vp: number }): string {
  return `${o.name} (${o.vp} VP)`;
}

export function objectivesSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const holders = [`Held by ${r.sides[0].name}`, `Held by ${r.sides[1].name}`, 'Held by nobody'];
  const objectives = (r.cells[0]?.summary.objectives ?? []).map(objectiveLabel);
  const all = r.cells.flatMap((c, i) =>
    (c.summary.objectives ?? []).flatMap((o) =>
      o.heldBy.map((s, h) => ({ cell: names.labels[i], objective: objectiveLabel(o), holder: holders[h], slot: h, p: s.p, lo: s.lo, hi: s.hi, count: s.count, n: s.n })),
    ),
  );
  // "Nobody" only where it happens: a row of zeros for every objective says nothing.
  const nobody = all.some((v) => v.slot === 2 && v.count > 0);
  const values = all.filter((v) => nobody || v.slot !== 2).map(({ slot: _slot, ...v }) => ({ ...v, labelLeft: v.hi > 0.8 }));
  const shown = nobody ? holders : holders.slice(0, 2);
  const colors = [SIDE_COLORS[0], SIDE_COLORS[1], NEUTRAL].slice(0, shown.length);
  const grid = facetGrid(r.cells.length, 4, 580);
  const x = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%', values: [0, 0.5, 1], titleLimit: grid.width }, title: 'Share' };
  const label = (left: boolean) => ({
    transform: [{ filter: `${left ? '' : '!'}datum.labelLeft` }],
    mark: { type: 'text' as const, align: left ? ('right' as const) : ('left' as const), baseline: 'middle' as const, dx: left ? -5 : 5, fontSize: 10 },
    encoding: { x: { field: left ? 'lo' : 'hi', ...x }, text: { field: 'p', type: 'quantitative' as const, format: '.0%' } },
  });
  const notes = ['Whiskers: 95% Wilson intervals'];
  if (!nobody) notes.push('No objective ended the engagement without a holder');
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Who held each objective at the end', subtitle: subtitle(r, ...notes) },
    config: CONFIG,
    data: { values },
    facet: { field: 'cell', type: 'nominal', sort: names.labels, title: names.title, header: { labelFontWeight: 'bold' } },
    columns: grid.columns,
    spec: {
      width: grid.width,
      height: { step: 18 * shown.length + 14, for: 'position' },
      encoding: {
        y: { field: 'objective', type: 'nominal', sort: objectives, title: null, axis: { labelLimit: 220 } },
        yOffset: { field: 'holder', type: 'nominal', sort: shown, scale: { paddingInner: 0.2 } },
        color: { field: 'holder', type: 'nominal', sort: shown, scale: { domain: shown, range: colors }, title: null },
        tooltip: [
          { field: 'objective', type: 'nominal', title: 'Objective' },
          { field: 'cell', type: 'nominal', title: names.title },
          { field: 'holder', type: 'nominal', title: 'At the end' },
          { field: 'p', type: 'quantitative', format: '.1%', title: 'Share' },
          { field: 'lo', type: 'quantitative', format: '.1%', title: '95% low' },
          { field: 'hi', type: 'quantitative', format: '.1%', title: '95% high' },
          { field: 'count', type: 'quantitative', title: 'Engagements' },
        ],
      },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
        { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { x: { field: 'p', ...x } } },
        label(false),
        label(true),
      ],
    },
    spacing: 14,
  } satisfies TopLevelSpec;
  return spec;
}

export const objectivesChart: ChartDef = {
  name: 'objectives',
  heading: 'Objectives held at the end',
  definition: (r) => `For each objective, the share of engagements at whose end it was held by each side (${reportWords(r).objectiveHolder}), or by nobody.`,
  build: objectivesSpec,
  applies: hasObjectives,
};
