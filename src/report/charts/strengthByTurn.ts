/**
 * Mean strength on the map at the end of each turn, per side, one line per cell with its 95% band.
 * Turn 0 is the start (the mean starting strength). An engagement that ended early keeps its final
 * strength for the turns it did not play.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames, sideLabels } from '../labels.js';
import { cellLegend, CONFIG, SCHEMA, cellColorScale, hasStrengthByTurn, subtitle, type ChartDef } from './common.js';

export function strengthByTurnSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const values = r.cells.flatMap((c, i) =>
    c.summary.sides.flatMap((s, k) => {
      const byTurn = s.strengthByTurn ?? [];
      if (byTurn.length === 0) return [];
      const start = { turn: 0, mean: s.startStrength.mean, lo: s.startStrength.lo, hi: s.startStrength.hi };
      return [start, ...byTurn].map((t) => ({ cell: names.labels[i], side: sides[k], turn: t.turn, mean: t.mean, lo: Math.max(0, t.lo), hi: t.hi }));
    }),
  );
  const turns = Math.max(1, ...values.map((v) => v.turn));
  const ticks: number[] = [];
  for (let t = 0; t <= turns; t++) ticks.push(t);
  const x = {
    field: 'turn',
    type: 'quantitative' as const,
    scale: { domain: [0, turns], nice: false },
    axis: turns <= 12 ? { values: ticks, format: 'd' } : { tickMinStep: 1, format: 'd' },
    title: 'End of turn (0: start)',
  };
  const y = { type: 'quantitative' as const, scale: { zero: true }, title: 'Strength on the map (mean)' };
  const color = { field: 'cell', type: 'nominal' as const, sort: names.labels, scale: cellColorScale(names.labels), title: names.title, legend: { ...cellLegend(names.labels.length), symbolType: 'stroke', symbolStrokeWidth: 2.5, symbolOpacity: 1, symbolSize: 260 } };
  const spec = {
    $schema: SCHEMA,
    title: {
      text: 'Strength on the map, turn by turn',
      subtitle: subtitle(r, 'Mean over engagements; bands: 95% intervals of the mean', 'An engagement that ended early keeps its last strength'),
    },
    config: CONFIG,
    data: { values },
    facet: { column: { field: 'side', type: 'nominal', sort: sides, title: null, header: { labelFontWeight: 'bold' } } },
    spec: {
      width: 270,
      height: 240,
      layer: [
        { mark: { type: 'area', opacity: 0.14 }, encoding: { x, y: { field: 'lo', ...y }, y2: { field: 'hi' }, color } },
        {
          mark: { type: 'line', strokeWidth: 2, point: { filled: true, size: 18 } },
          encoding: {
            x,
            y: { field: 'mean', ...y },
            color,
            tooltip: [
              { field: 'side', type: 'nominal', title: 'Side' },
              { field: 'cell', type: 'nominal', title: names.title },
              { field: 'turn', type: 'quantitative', title: 'End of turn' },
              { field: 'mean', type: 'quantitative', format: '.2f', title: 'Mean strength' },
              { field: 'lo', type: 'quantitative', format: '.2f', title: '95% low' },
              { field: 'hi', type: 'quantitative', format: '.2f', title: '95% high' },
            ],
          },
        },
      ],
    },
    spacing: 24,
  } satisfies TopLevelSpec;
  return spec;
}

export const strengthByTurnChart: ChartDef = {
  name: 'strength-by-turn',
  heading: 'Strength by turn',
  definition:
    'The combat strength a side still had on the map at the end of each turn (units eliminated or gone off the map count nothing, reduced units their reduced strength), averaged over the engagements; an engagement that was already over keeps its final strength.',
  build: strengthByTurnSpec,
  applies: hasStrengthByTurn,
};
