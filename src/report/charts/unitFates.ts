/** Per unit: the share of engagements in which it was eliminated, and in which it retreated. */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, sideLabels } from '../labels.js';
import { reportWords } from '../ruleWords.js';
import { CONFIG, SCHEMA, facetGrid, subtitle, type ChartDef } from './common.js';

const FATES = ['Eliminated', 'Retreated'] as const;
const FATE_COLORS = ['#222222', '#e08e0b'];

export function unitFatesSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const units = r.cells[0]?.summary.units ?? [];
  const unitsOf = [0, 1].map((k) => units.filter((u) => u.side === k).map((u) => u.id));
  const values = r.cells.flatMap((c, i) =>
    c.summary.units.flatMap((u) =>
      [u.eliminated, u.retreated].map((s, f) => ({
        cell: names.labels[i],
        side: sides[u.side],
        unit: u.id,
        fate: FATES[f],
        p: s.p,
        lo: s.lo,
        hi: s.hi,
        count: s.count,
      })),
    ),
  );
  const grid = facetGrid(r.cells.length, 4, 560);
  const x = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%', tickCount: 4 }, title: 'Share' };
  const encoding = {
    yOffset: { field: 'fate', type: 'nominal' as const, sort: [...FATES] },
    color: { field: 'fate', type: 'nominal' as const, sort: [...FATES], scale: { domain: [...FATES], range: FATE_COLORS }, title: null },
    tooltip: [
      { field: 'unit', type: 'nominal' as const, title: 'Unit' },
      { field: 'cell', type: 'nominal' as const, title: names.title },
      { field: 'fate', type: 'nominal' as const, title: 'Fate' },
      { field: 'p', type: 'quantitative' as const, format: '.1%', title: 'Share' },
      { field: 'lo', type: 'quantitative' as const, format: '.1%', title: '95% low' },
      { field: 'hi', type: 'quantitative' as const, format: '.1%', title: '95% high' },
    ],
  };
  // One block per side (its own units only), each faceted by cell.
  const block = (k: 0 | 1) => ({
    title: { text: sides[k], fontSize: 13, anchor: 'start' as const, offset: 8 },
    transform: [{ filter: { field: 'side', equal: sides[k] } }],
    // Panels wrap at the grid's columns; a cell's label is cut at its panel's width rather than run into the next.
    facet: { field: 'cell', type: 'nominal' as const, sort: names.labels, title: names.title, header: { labelFontWeight: 'bold' as const, labelLimit: grid.width } },
    columns: grid.columns,
    spec: {
      width: grid.width,
      height: { step: 30, for: 'position' as const },
      encoding: { ...encoding, y: { field: 'unit', type: 'nominal' as const, sort: unitsOf[k], title: null } },
      layer: [
        { mark: { type: 'rule' as const, strokeWidth: 2 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
        { mark: { type: 'point' as const, filled: true, size: 45, opacity: 1 }, encoding: { x: { field: 'p', ...x } } },
      ],
    },
    spacing: 12,
  });
  const spec = {
    $schema: SCHEMA,
    title: { text: 'What happened to each unit', subtitle: subtitle(r, 'Share of engagements in which the unit', 'was eliminated or retreated', 'Whiskers: 95% Wilson intervals') },
    config: CONFIG,
    data: { values },
    vconcat: [block(0), block(1)],
    spacing: 20,
  } satisfies TopLevelSpec;
  return spec;
}

export const unitFatesChart: ChartDef = {
  name: 'unit-fates',
  heading: 'Fate of each unit',
  definition: (r) => `For each unit, the share of engagements in which it was eliminated (${reportWords(r).eliminated}) and the share in which it retreated.`,
  build: unitFatesSpec,
};
