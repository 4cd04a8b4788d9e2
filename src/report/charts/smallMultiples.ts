/**
 * Small multiples of a large experiment: a key figure against one factor, one panel per value of
 * another, summarizing every cell. Where further factors vary, each point is the mean over their
 * combinations and the band runs from the lowest to the highest of them; otherwise the point is the
 * cell's estimate and the band its 95% interval.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { factorWords } from '../sensitivity.js';
import { valueLabel } from '../labels.js';
import { cellMetrics, varyingFactors } from '../manyCells.js';
import { chartsEveryCell } from './manyCellsLimit.js';
import { AXIS_TITLE_SIZE, CONFIG, SCHEMA, SIDE_COLORS, subtitle, textLines, type ChartDef } from './common.js';

export const SMALL_MULTIPLES_CHART = 'small-multiples';

/** Panels in a row, and their width: five fit the page's 1,040 px. */
const PANELS_ACROSS = 5;
const PANEL_WIDTH = 165;

/** Panels at most: a factor of more values is cut into runs of consecutive values. */
const PANELS_MAX = 10;

/**
 * The factor along x and the factor of the panels: along x the factor of most values (numbers before
 * words, the first of equals), in panels the one of fewest of the rest (the first of equals).
 */
function axes(r: Results): { x: string; panel: string; others: string[] } | null {
  const f = varyingFactors(r).map((v) => v.path);
  if (f.length < 2) return null;
  const n = (p: string) => r.provenance.factors[p].length;
  const numeric = (p: string) => r.provenance.factors[p].every((v) => typeof v === 'number');
  const x = f.reduce((best, p) => (Number(numeric(p)) * 1e6 + n(p) > Number(numeric(best)) * 1e6 + n(best) ? p : best));
  const rest = f.filter((p) => p !== x);
  const panel = rest.reduce((best, p) => (n(p) < n(best) ? p : best));
  return { x, panel, others: rest.filter((p) => p !== panel) };
}

export function smallMultiplesSpec(r: Results, metricId = 'wins0'): TopLevelSpec {
  const a = axes(r)!;
  const metric = cellMetrics(r).find((m) => m.id === metricId) ?? cellMetrics(r)[0];
  const xValues = r.provenance.factors[a.x];
  const numeric = xValues.every((v) => typeof v === 'number');
  // A factor of many values is cut into PANELS_MAX runs of consecutive values, a panel each.
  const panelValues = r.provenance.factors[a.panel];
  const binned = panelValues.length > PANELS_MAX;
  const panelOf = new Map<string, string>();
  const panels: string[] = [];
  const bins = binned ? PANELS_MAX : panelValues.length;
  for (let b = 0; b < bins; b++) {
    const [from, to] = [Math.floor((b * panelValues.length) / bins), Math.floor(((b + 1) * panelValues.length) / bins) - 1];
    const label = from === to ? valueLabel(r, a.panel, panelValues[from]) : `${valueLabel(r, a.panel, panelValues[from])}–${valueLabel(r, a.panel, panelValues[to])}`;
    panels.push(label);
    for (let i = from; i <= to; i++) panelOf.set(JSON.stringify(panelValues[i]), label);
  }
  const k = metric.kind === 'share' ? 100 : 1;
  // Cells grouped by (x, panel): over the other factors' combinations.
  const groups = new Map<string, { x: unknown; panel: string; vs: number[]; lo: number; hi: number }>();
  for (const c of r.cells) {
    const v = metric.get(c.summary);
    if (!v) continue;
    const panel = panelOf.get(JSON.stringify(c.factors[a.panel])) ?? valueLabel(r, a.panel, c.factors[a.panel]);
    const key = `${JSON.stringify(c.factors[a.x])}\u0000${panel}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { x: c.factors[a.x], panel, vs: [], lo: v.lo, hi: v.hi }));
    g.vs.push(v.value);
  }
  const spread = a.others.length > 0 || binned;
  const values = [...groups.values()].map((g) => {
    const mean = g.vs.reduce((s, x) => s + x, 0) / g.vs.length;
    const [lo, hi] = spread ? [Math.min(...g.vs), Math.max(...g.vs)] : [Math.max(0, g.lo), g.hi];
    return { x: numeric ? g.x : valueLabel(r, a.x, g.x), panel: g.panel, y: k * mean, lo: k * lo, hi: k * hi, cells: g.vs.length };
  });
  const xTitle = factorWords(r, a.x);
  const panelTitle = factorWords(r, a.panel);
  const yTitle = `${metric.label}${metric.kind === 'share' ? ' (%)' : ''}`;
  // A panel is narrow: a long factor name takes two lines rather than an ellipsis.
  const xAxisTitle = textLines(xTitle, PANEL_WIDTH, AXIS_TITLE_SIZE);
  const x = numeric
    ? { field: 'x', type: 'quantitative' as const, title: xAxisTitle, scale: { zero: false, nice: false }, axis: { format: '~r', titleLimit: PANEL_WIDTH, labelOverlap: true } }
    : { field: 'x', type: 'ordinal' as const, title: xAxisTitle, sort: xValues.map((v) => valueLabel(r, a.x, v)), axis: { titleLimit: PANEL_WIDTH, labelLimit: 60, labelAngle: -45 } };
  // The figure is named in the title: the axis says only its unit.
  const y = { type: 'quantitative' as const, title: metric.kind === 'share' ? '%' : 'per engagement', scale: { zero: true, ...(metric.kind === 'share' ? { domain: [0, 100] } : {}) } };
  const others = a.others.map((o) => factorWords(r, o).toLowerCase());
  return {
    $schema: SCHEMA,
    title: {
      text: `${yTitle} against ${xTitle.charAt(0).toLowerCase()}${xTitle.slice(1)}`,
      subtitle: subtitle(
        r,
        binned
          ? `One panel per run of ${Math.round(panelValues.length / bins)} values of ${panelTitle.charAt(0).toLowerCase()}${panelTitle.slice(1)}`
          : `One panel per value of ${panelTitle.charAt(0).toLowerCase()}${panelTitle.slice(1)}`,
        spread
          ? `Line: mean over the cells of each point (${[binned ? 'the panel\'s values' : '', ...others].filter(Boolean).join(', ')}); band: lowest to highest of them`
          : 'Line: estimate; band: 95% interval',
      ),
    },
    config: CONFIG,
    data: { values },
    facet: { field: 'panel', type: 'ordinal', sort: panels, title: panelTitle, header: { labelFontWeight: 'bold', labelLimit: 160, titleLimit: 600 } },
    columns: Math.min(PANELS_ACROSS, panels.length),
    spec: {
      width: PANEL_WIDTH,
      height: 110,
      encoding: {
        x,
        tooltip: [
          { field: 'panel', type: 'nominal', title: panelTitle },
          { field: 'x', type: numeric ? 'quantitative' : 'nominal', title: xTitle },
          { field: 'y', type: 'quantitative', format: '.2f', title: spread ? 'Mean' : 'Estimate' },
          { field: 'lo', type: 'quantitative', format: '.2f', title: spread ? 'Lowest' : '95% low' },
          { field: 'hi', type: 'quantitative', format: '.2f', title: spread ? 'Highest' : '95% high' },
          { field: 'cells', type: 'quantitative', title: 'Cells' },
        ],
      },
      layer: [
        { mark: { type: 'area', opacity: 0.2, color: SIDE_COLORS[0] }, encoding: { y: { field: 'lo', ...y }, y2: { field: 'hi' } } },
        { mark: { type: 'line', strokeWidth: 2, color: SIDE_COLORS[0], point: { filled: true, size: 20 } }, encoding: { y: { field: 'y', ...y } } },
      ],
    },
    spacing: 16,
  } satisfies TopLevelSpec;
}

/** Drawn for an experiment of too many cells to chart cell by cell, with two factors or more that vary. */
export const smallMultiplesChart: ChartDef = {
  name: SMALL_MULTIPLES_CHART,
  heading: 'Small multiples: every cell at a glance',
  definition:
    'The first side\'s share of wins against the factor of most values, one panel per value of another (per run of values, past ten). Where a point stands for several cells (more factors vary, or a panel holds several values), it is their mean and the band spans the lowest to the highest of them: every cell counts in some point.',
  build: (r) => smallMultiplesSpec(r),
  applies: (r) => !chartsEveryCell(r) && axes(r) !== null,
};
