/**
 * Distributions of whole-number results (strength lost, turns) as bars of the share of engagements
 * per value, one panel per cell (and side), with the mean and its 95% interval marked.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import type { HistogramSummary } from '../../stats/histogram.js';
import { cellNames, sideLabels } from '../labels.js';
import { reportWords, strengthUnits } from '../ruleWords.js';
import { capitalize } from '../words.js';
import { CONFIG, REFERENCE, SCHEMA, SIDE_COLORS, NEUTRAL, facetGrid, subtitle, type ChartDef } from './common.js';

interface Panel {
  cell: string;
  side: string;
  h: HistogramSummary;
}

function rows(panels: Panel[], domain: [number, number]) {
  const middle = (domain[0] + domain[1]) / 2;
  return panels.flatMap(({ cell, side, h }) => {
    const n = h.n || 1;
    const bars = h.counts.map(([v, count]) => ({ kind: 'bar', cell, side, value: v, x1: v - 0.4, x2: v + 0.4, share: count / n, count }));
    const mean = {
      kind: 'mean',
      cell,
      side,
      mean: h.mean,
      lo: h.lo,
      hi: h.hi,
      // Two short lines, on the side of the line with more room, so the label stays inside its panel.
      label: [`mean ${h.mean.toFixed(2)}`, `[${h.lo.toFixed(2)}, ${h.hi.toFixed(2)}]`],
      right: h.mean > middle,
    };
    return [...bars, mean];
  });
}

/** The whole-number range the x axis shows: from `from` (or the smallest value seen) to the largest. */
function domainOf(panels: Panel[], from: number | null, to = 0): [number, number] {
  const max = Math.max(1, to, ...panels.map((p) => p.h.max));
  const min = from ?? Math.min(...panels.map((p) => p.h.min));
  return [min - 0.5, max + 0.5];
}

/** The turn limit of the scenario, when the results carry it. */
function turnLimit(r: Results): number {
  const t = (r.cells[0]?.scenario as { turns?: unknown } | undefined)?.turns;
  return typeof t === 'number' && Number.isFinite(t) ? t : 0;
}

/** Headroom above the tallest bar, so the mean's label never sits on a bar. */
function shareTop(panels: Panel[]): number {
  const max = Math.max(0.05, ...panels.flatMap((p) => p.h.counts.map(([, c]) => c / (p.h.n || 1))));
  return Math.min(1.3, Math.ceil(max * 1.3 * 20) / 20);
}

/** About three share ticks, none above 100% (the headroom above the bars is for the mean's label). */
function shareTicks(top: number): number[] {
  const step = top <= 0.3 ? 0.1 : top <= 0.6 ? 0.2 : top <= 0.9 ? 0.25 : 0.5;
  const ticks: number[] = [];
  for (let k = 0; k * step <= Math.min(1, top) + 1e-9; k++) ticks.push(Math.round(k * step * 100) / 100);
  return ticks;
}

/** Whole-number ticks when there are few values; otherwise let Vega choose. */
function axisOf(domain: [number, number]) {
  const values: number[] = [];
  for (let v = Math.ceil(domain[0]); v <= domain[1]; v++) values.push(v);
  return values.length <= 12 ? { values, format: 'd' } : { tickMinStep: 1, format: 'd' };
}

function layers(xTitle: string, domain: [number, number], top: number, colors: { domain: string[]; range: string[] }) {
  const x = { type: 'quantitative' as const, scale: { domain, nice: false, zero: false }, axis: axisOf(domain), title: xTitle };
  const meanText = (right: boolean) => ({
    transform: [{ filter: `datum.kind === 'mean' && ${right ? '' : '!'}datum.right` }],
    mark: { type: 'text' as const, align: right ? ('right' as const) : ('left' as const), baseline: 'top' as const, dx: right ? -4 : 4, dy: 2, fontSize: 10, color: REFERENCE },
    encoding: { x: { field: 'mean', ...x }, y: { value: 0 }, text: { field: 'label' } },
  });
  return [
    {
      transform: [{ filter: "datum.kind === 'bar'" }],
      mark: { type: 'rect' as const },
      encoding: {
        x: { field: 'x1', ...x },
        x2: { field: 'x2' },
        y: { field: 'share', type: 'quantitative' as const, scale: { domain: [0, top], nice: false }, axis: { format: '.0%', values: shareTicks(top) }, title: 'Share' },
        color: { field: 'side', type: 'nominal' as const, scale: colors, legend: null },
        tooltip: [
          { field: 'value', type: 'quantitative' as const, title: xTitle },
          { field: 'share', type: 'quantitative' as const, format: '.1%', title: 'Share of engagements' },
          { field: 'count', type: 'quantitative' as const, title: 'Engagements' },
        ],
      },
    },
    {
      transform: [{ filter: "datum.kind === 'mean'" }],
      mark: { type: 'rule' as const, color: REFERENCE, strokeDash: [4, 3], strokeWidth: 1.5 },
      encoding: { x: { field: 'mean', ...x } },
    },
    meanText(false),
    meanText(true),
  ];
}

export function strengthLostSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const sides = sideLabels(r);
  const panels: Panel[] = r.cells.flatMap((c, i) => c.summary.sides.map((s, k) => ({ cell: names.labels[i], side: sides[k], h: s.strengthLost })));
  // Short enough to stay inside its panel: the two panels' titles stand side by side.
  const xTitle = `${capitalize(strengthUnits(r))} lost`;
  const domain = domainOf(panels, 0);
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Strength lost per side', subtitle: subtitle(r, 'Dashed line: mean [95% interval]') },
    config: CONFIG,
    data: { values: rows(panels, domain) },
    facet: {
      row: { field: 'cell', type: 'nominal', sort: names.labels, title: names.title, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } },
      column: { field: 'side', type: 'nominal', sort: sides, title: null, header: { labelFontWeight: 'bold' } },
    },
    spec: {
      width: 270,
      height: 90,
      layer: layers(xTitle, domain, shareTop(panels), { domain: sides, range: [...SIDE_COLORS] }),
    },
    spacing: { row: 10, column: 16 },
  } satisfies TopLevelSpec;
  return spec;
}

export function turnsSpec(r: Results): TopLevelSpec {
  const names = cellNames(r);
  const panels: Panel[] = r.cells.map((c, i) => ({ cell: names.labels[i], side: 'all', h: c.summary.turns }));
  const grid = facetGrid(r.cells.length, 4, 560);
  const xTitle = 'Turn';
  const domain = domainOf(panels, 1, turnLimit(r));
  const spec = {
    $schema: SCHEMA,
    title: { text: 'Turn in which engagements end', subtitle: subtitle(r, 'Dashed line: mean turn [95% interval]') },
    config: CONFIG,
    data: { values: rows(panels, domain) },
    facet: { field: 'cell', type: 'nominal', sort: names.labels, title: names.title, header: { labelFontWeight: 'bold' } },
    columns: grid.columns,
    spec: {
      width: grid.width,
      height: 140,
      layer: layers(xTitle, domain, shareTop(panels), { domain: ['all'], range: [NEUTRAL] }),
    },
  } satisfies TopLevelSpec;
  return spec;
}

export const strengthLostChart: ChartDef = {
  name: 'strength-lost',
  heading: 'Strength lost',
  definition: (r) => `How many ${strengthUnits(r)} each side lost in an engagement (${reportWords(r).strengthLost}), as the share of engagements with each loss; the dashed line is the mean.`,
  build: strengthLostSpec,
};

export const turnsChart: ChartDef = {
  name: 'turns',
  heading: 'Length of engagements',
  definition: 'The turn in which each engagement was decided (or the last turn played, for engagements that ran to the time limit), as the share of engagements ending in each turn.',
  build: turnsSpec,
};
