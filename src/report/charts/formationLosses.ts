/**
 * Mean strength lost per formation, with the 95% interval of the mean, one row per formation grouped by
 * side, the cells side by side within each row.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, sideLabels } from '../labels.js';
import { reportWords, strengthUnits } from '../ruleWords.js';
import { capitalize } from '../words.js';
import { cellLegend, CONFIG, SCHEMA, cellColorScale, formationLabels, formationStartStrengths, hasFormations, subtitle, type ChartDef } from './common.js';

export function formationLossesSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  // "Foy's division (of 26)": what the formation could lose, where the scenarios say.
  const starts = formationStartStrengths(r);
  const fLabels = formationLabels(r).map((l, j) => (starts[j] === null ? l : `${l} (of ${starts[j]})`));
  const values = r.cells.flatMap((c, i) =>
    (c.summary.formations ?? []).map((f, j) => ({
      cell: names.labels[i],
      side: sides[f.side],
      formation: fLabels[j],
      mean: f.strengthLost.mean,
      // Strength lost cannot be negative: the normal interval is cut at 0 when few engagements have any.
      lo: Math.max(0, f.strengthLost.lo),
      hi: f.strengthLost.hi,
      eliminated: f.unitsEliminated.mean,
      retreats: f.retreats.mean,
      demoralized: f.broken.p,
    })),
  );
  const cells = r.cells.length;
  const x = { type: 'quantitative' as const, title: `${capitalize(strengthUnits(r))} lost per engagement (mean)` };
  const formations = r.cells[0]?.summary.formations ?? [];
  const bySide = [0, 1].map((k) => formations.flatMap((f, j) => (f.side === k ? [fLabels[j]] : [])));
  const encoding = {
    yOffset: { field: 'cell', type: 'nominal' as const, sort: names.labels, scale: { paddingInner: 0.15 } },
    color: { field: 'cell', type: 'nominal' as const, sort: names.labels, scale: cellColorScale(names.labels), title: names.title, legend: cellLegend(names.labels.length) },
    tooltip: [
      { field: 'formation', type: 'nominal' as const, title: 'Formation' },
      { field: 'cell', type: 'nominal' as const, title: names.title },
      { field: 'mean', type: 'quantitative' as const, format: '.2f', title: 'Strength lost' },
      { field: 'lo', type: 'quantitative' as const, format: '.2f', title: '95% low' },
      { field: 'hi', type: 'quantitative' as const, format: '.2f', title: '95% high' },
      { field: 'eliminated', type: 'quantitative' as const, format: '.2f', title: 'Units eliminated' },
      { field: 'retreats', type: 'quantitative' as const, format: '.2f', title: 'Unit retreats' },
      { field: 'demoralized', type: 'quantitative' as const, format: '.1%', title: capitalize(r.vocabulary.broken) },
    ],
  };
  // One block per side (its own formations only), on a common strength axis reaching the largest formation.
  const top = Math.max(1, ...values.map((v) => v.hi), ...starts.map((v) => v ?? 0));
  const xs = { ...x, scale: { domain: [0, top], nice: true } };
  const block = (k: 0 | 1) => ({
    title: { text: sides[k], fontSize: 13, anchor: 'start' as const, offset: 8 },
    transform: [{ filter: { field: 'side', equal: sides[k] } }],
    width: 440,
    height: { step: Math.max(26, 15 * cells + 8), for: 'position' as const },
    encoding: { ...encoding, y: { field: 'formation', type: 'nominal' as const, sort: bySide[k], title: null, axis: { labelLimit: 320 } } },
    layer: [
      { mark: { type: 'rule' as const, strokeWidth: 2 }, encoding: { x: { field: 'lo', ...xs }, x2: { field: 'hi' } } },
      { mark: { type: 'point' as const, filled: true, size: 45, opacity: 1 }, encoding: { x: { field: 'mean', ...xs } } },
      {
        mark: { type: 'text' as const, align: 'left' as const, baseline: 'middle' as const, dx: 5, fontSize: 10 },
        encoding: { x: { field: 'hi', ...xs }, text: { field: 'mean', type: 'quantitative' as const, format: '.1f' } },
      },
    ],
  });
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Strength lost by each formation', subtitle: subtitle(r, 'Whiskers: 95% intervals of the mean', ...(starts.some((v) => v !== null) ? ['(of N): the formation’s strength at the start'] : [])) },
    config: CONFIG,
    data: { values },
    vconcat: bySide.flatMap((list, k) => (list.length ? [block(k as 0 | 1)] : [])),
    spacing: 20,
  } satisfies TopLevelSpec;
  return spec;
}

export const formationLossesChart: ChartDef = {
  name: 'formation-losses',
  heading: 'Strength lost by formation',
  definition: (r) => `How many ${strengthUnits(r)} each formation lost in an engagement, on average (${reportWords(r).strengthLost}), with the 95% interval of the mean.`,
  build: formationLossesSpec,
  applies: hasFormations,
};
