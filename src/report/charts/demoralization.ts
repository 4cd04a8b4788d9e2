/**
 * Cumulative incidence of breaking by turn: the share of engagements in which each formation and each
 * army was broken (Age of Rifles: demoralized, 14.1 and 13) by the end of turn t, in the rule system's
 * word, with Wilson 95% bands. One block per side (its own formations and army only), one panel per cell.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, sideLabels } from '../labels.js';
import { reportWords } from '../ruleWords.js';
import { capitalize } from '../words.js';
import { ARMY_COLOR, CONFIG, FORMATION_COLORS, SCHEMA, facetGrid, formationLabels, hasFormations, subtitle, type ChartDef } from './common.js';

export function demoralizationSpec(r: Results): TopLevelSpec {
  const ARMY_LABEL = reportWords(r).army;
  const broken = r.vocabulary.broken;
  const names = cellNames(r);
  const sides = sideLabels(r);
  const fLabels = formationLabels(r);
  const formations = r.cells[0]?.summary.formations ?? [];
  const seriesOf = [0, 1].map((k) => [...formations.flatMap((f, i) => (f.side === k ? [fLabels[i]] : [])), ARMY_LABEL]);
  const values = r.cells.flatMap((c, i) => {
    const s = c.summary;
    const rows = (side: 0 | 1, series: string, kind: 'formation' | 'army', byTurn: typeof s.sides[0]['armyBrokenByTurn']) =>
      byTurn.map((t) => ({ cell: names.labels[i], side: sides[side], series, kind, turn: t.turn, p: t.p, lo: t.lo, hi: t.hi, count: t.count, n: t.n }));
    return [
      ...(s.formations ?? []).flatMap((f, j) => rows(f.side, fLabels[j], 'formation', f.brokenByTurn)),
      ...([0, 1] as const).flatMap((k) => rows(k, ARMY_LABEL, 'army', s.sides[k].armyBrokenByTurn)),
    ];
  });
  const turns = Math.max(1, r.turns ?? 0, ...values.map((v) => v.turn));
  const ticks: number[] = [];
  for (let t = 1; t <= turns; t++) ticks.push(t);
  const grid = facetGrid(r.cells.length, 4, 580);
  const x = {
    field: 'turn',
    type: 'quantitative' as const,
    scale: { domain: [1, turns], nice: false },
    axis: turns <= 12 ? { values: ticks, format: 'd' } : { tickMinStep: 1, format: 'd' },
    title: 'End of turn',
  };
  const y = { type: 'quantitative' as const, scale: { domain: [0, 1] }, axis: { format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] }, title: `${capitalize(broken)} by then` };
  const block = (k: 0 | 1) => {
    const series = seriesOf[k];
    const colors = series.map((s, i) => (s === ARMY_LABEL ? ARMY_COLOR : FORMATION_COLORS[i % FORMATION_COLORS.length]));
    // Colour and dash share the field and title, so Vega-Lite draws one legend of dashed and solid lines.
    const legend = { symbolType: 'stroke', symbolStrokeWidth: 2.5, symbolOpacity: 1, symbolSize: 260 };
    const color = { field: 'series', type: 'nominal' as const, sort: series, scale: { domain: series, range: colors }, title: null, legend };
    const dashes = series.map((s) => (s === ARMY_LABEL ? [6, 3] : [1, 0]));
    const dash = { field: 'series', type: 'nominal' as const, sort: series, scale: { domain: series, range: dashes }, title: null, legend };
    return {
      title: { text: sides[k], fontSize: 13, anchor: 'start' as const, offset: 8 },
      transform: [{ filter: { field: 'side', equal: sides[k] } }],
      facet: { field: 'cell', type: 'nominal' as const, sort: names.labels, title: names.title, header: { labelFontWeight: 'bold' as const } },
      columns: grid.columns,
      spec: {
        width: grid.width,
        height: 150,
        layer: [
          {
            mark: { type: 'area' as const, opacity: 0.14 },
            encoding: { x, y: { field: 'lo', ...y }, y2: { field: 'hi' }, color },
          },
          {
            mark: { type: 'line' as const, strokeWidth: 2, point: { filled: true, size: 18 } },
            encoding: {
              x,
              y: { field: 'p', ...y },
              color,
              strokeDash: dash,
              tooltip: [
                { field: 'series', type: 'nominal' as const, title: 'Formation' },
                { field: 'cell', type: 'nominal' as const, title: names.title },
                { field: 'turn', type: 'quantitative' as const, title: 'End of turn' },
                { field: 'p', type: 'quantitative' as const, format: '.1%', title: `${capitalize(broken)} by then` },
                { field: 'lo', type: 'quantitative' as const, format: '.1%', title: '95% low' },
                { field: 'hi', type: 'quantitative' as const, format: '.1%', title: '95% high' },
                { field: 'count', type: 'quantitative' as const, title: 'Engagements' },
              ],
            },
          },
        ],
      },
      spacing: 12,
    };
  };
  const spec = {
    $schema: SCHEMA,
    title: {
      text: brokenHeading(r),
      subtitle: subtitle(r, 'Share of engagements in which the formation', `(or whole army) was ${broken} by the end of each turn`, 'Bands: 95% Wilson intervals'),
    },
    config: CONFIG,
    data: { values },
    vconcat: [block(0), block(1)],
    spacing: 24,
    resolve: { scale: { color: 'independent' as const, strokeDash: 'independent' as const } },
  } satisfies TopLevelSpec;
  return spec;
}

/** The chart's heading in the rule system's word for a formation that breaks: "Formations demoralized, turn by turn" (Age of Rifles), "spent" (CWJ). */
function brokenHeading(r: Results): string {
  return `Formations ${r.vocabulary.broken}, turn by turn`;
}

export const demoralizationChart: ChartDef = {
  name: 'demoralization',
  heading: brokenHeading,
  definition: (r) =>
    `For ${reportWords(r).formations}: the share of engagements in which it had become ${r.vocabulary.broken} by the end of each turn, counted cumulatively, so the last point is the share ${r.vocabulary.broken} at any time in the engagement.`,
  build: demoralizationSpec,
  applies: hasFormations,
};
