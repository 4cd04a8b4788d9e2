/** What every chart shares: colours, sizes, the look, the subtitle and a spec's entry in the report. */
import type { Config, TopLevelSpec } from 'vega-lite';
import type { Results } from '../../results/results.js';
import { cellNames } from '../labels.js';

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Attacker, defender, and anything neutral (draws, rule references). */
export const SIDE_COLORS = ['#2f6fb0', '#d2553d'] as const;
export const NEUTRAL = '#8c8c8c';
export const REFERENCE = '#333333';

/** A chart of the report: a name for its files, a heading, a one-sentence definition, and its builder. */
export interface ChartDef {
  name: string;
  /** The section's heading; a function where it says what these results hold (how many cells reached a precision). */
  heading: string | ((r: Results) => string);
  /** One sentence, plain words: what the metric is; a function where it cites the rules (reportWords). */
  definition: string | ((r: Results) => string);
  build: (r: Results) => TopLevelSpec;
  /** Whether the results hold what the chart shows (absent: always). A chart that does not apply is left out. */
  applies?: (r: Results) => boolean;
}

/** A chart's heading for these results. */
export function chartHeading(c: Pick<ChartDef, 'heading'>, r: Results): string {
  return typeof c.heading === 'string' ? c.heading : c.heading(r);
}

/** A chart's definition for these results. */
export function chartDefinition(c: Pick<ChartDef, 'definition'>, r: Results): string {
  return typeof c.definition === 'string' ? c.definition : c.definition(r);
}

/**
 * Colours of cells, where a chart tells cells apart by colour (up to eight; more reuse them). Chosen
 * to stay clear of the two side colours.
 */
export const CELL_COLORS = ['#1b9e77', '#7570b3', '#d95f02', '#e7298a', '#66a61e', '#a6761d', '#e6ab02', '#666666'] as const;

/** Colours of formations within one side, and of the whole army. */
export const FORMATION_COLORS = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#a6761d', '#e6ab02', '#17becf'] as const;
export const ARMY_COLOR = '#222222';

/** A legend of cells: a label naming several factors takes a line per factor, as facet headers do. */
export const CELL_LEGEND = { labelExpr: "split(datum.label, ', ')" } as const;

/**
 * The legend of `cells` cells: along the top for a few, else a column at the right (a row of many
 * labels of several lines each would make the chart thousands of pixels wide).
 */
export function cellLegend(cells: number) {
  return cells > CELLS_ACROSS ? { ...CELL_LEGEND, orient: 'right' as const, direction: 'vertical' as const } : CELL_LEGEND;
}

/** Vega's tableau20, paired light and dark: for more series than CELL_COLORS holds. */
const MANY_COLORS = ['#4c78a8', '#9ecae9', '#f58518', '#ffbf79', '#54a24b', '#88d27a', '#b79a20', '#f2cf5b', '#439894', '#83bcb6', '#e45756', '#ff9d98', '#79706e', '#bab0ac', '#d67195', '#fcbfd2', '#b279a2', '#d6a5c9', '#9e765f', '#d8b5a5'] as const;

/**
 * A colour scale for cells or comparisons, in results order: the eight of CELL_COLORS, or past eight
 * the twenty of MANY_COLORS, so that no two series share a colour up to twenty.
 */
export function cellColorScale(labels: readonly string[]): { domain: string[]; range: string[] } {
  const colors: readonly string[] = labels.length > CELL_COLORS.length ? MANY_COLORS : CELL_COLORS;
  return { domain: [...labels], range: labels.map((_, i) => colors[i % colors.length]) };
}

/** Battle results: formations in the summaries (assault results have none). */
export function hasFormations(r: Results): boolean {
  return r.cells.some((c) => (c.summary.formations ?? []).length > 0);
}

/** Battle results: objectives in the summaries. */
export function hasObjectives(r: Results): boolean {
  return r.cells.some((c) => (c.summary.objectives ?? []).length > 0);
}

/** Battle results: strength on the map at the end of each turn. */
export function hasStrengthByTurn(r: Results): boolean {
  return r.cells.some((c) => c.summary.sides.some((s) => (s.strengthByTurn ?? []).length > 0));
}

/**
 * Starting strength of each formation (summary order), read from the cells' scenarios: full strength,
 * or the reduced strength of a unit that starts damaged. null where a cell's scenario does not say or
 * the cells disagree.
 */
export function formationStartStrengths(r: Results): (number | null)[] {
  type Unit = { strength?: unknown; reduced?: unknown; damaged?: unknown };
  type Scenario = { sides?: { formations?: { id?: unknown; units?: Unit[] }[] }[] };
  const ofCell = (scenario: unknown, id: string): number | null => {
    for (const side of (scenario as Scenario | null)?.sides ?? []) {
      for (const f of side.formations ?? []) {
        if (f.id !== id || !Array.isArray(f.units)) continue;
        let sum = 0;
        for (const u of f.units) {
          const v = u.damaged === true ? u.reduced : u.strength;
          if (typeof v !== 'number') return null;
          sum += v;
        }
        return sum;
      }
    }
    return null;
  };
  return (r.cells[0]?.summary.formations ?? []).map((f) => {
    const each = r.cells.map((c) => ofCell(c.scenario, f.id));
    return each.every((v) => v !== null && v === each[0]) ? each[0] : null;
  });
}

/**
 * Display names of the formations, in the order of the summaries: the name, with the id added where two
 * formations share a name.
 */
export function formationLabels(r: Results): string[] {
  const fs = r.cells[0]?.summary.formations ?? [];
  const count = new Map<string, number>();
  for (const f of fs) count.set(f.name, (count.get(f.name) ?? 0) + 1);
  return fs.map((f) => ((count.get(f.name) ?? 0) > 1 ? `${f.name} (${f.id})` : f.name));
}

/** The axis titles' font size (CONFIG.axis). */
export const AXIS_TITLE_SIZE = 12;

export const CONFIG: Config = {
  background: 'white',
  padding: 12,
  view: { stroke: '#d0d0d0' },
  title: { anchor: 'start', fontSize: 16, subtitleFontSize: 12, subtitleColor: '#555', offset: 12 },
  axis: { labelFontSize: 11, titleFontSize: AXIS_TITLE_SIZE, titleFontWeight: 'normal', labelColor: '#333', titleColor: '#222', gridColor: '#ececec' },
  // A cell label naming several factors ("squareEffect=7.6, orders=attack") takes a line per factor.
  header: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', labelColor: '#222', titleColor: '#222', labelExpr: "split(datum.label, ', ')" },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', orient: 'top', direction: 'horizontal', labelLimit: 320, titleLimit: 480 },
};

/**
 * Text broken between words into lines that fit `width` px as Vega estimates text with neither a canvas
 * nor the chart faces (0.8 of the font size a character: vega-scenegraph's estimateWidth, wider than
 * DejaVu Sans and a browser's usual faces), so that an axis title too long for its axis is shown whole
 * on two lines instead of cut with an ellipsis, however the chart is measured. One line stays a
 * string; a word longer than a line keeps a line of its own.
 */
export function textLines(text: string, width: number, fontSize: number): string | string[] {
  const most = Math.max(1, Math.floor(width / (0.8 * fontSize)));
  if (text.length <= most) return text;
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= most) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.length === 1 ? lines[0] : lines;
}

/**
 * Subtitle lines: sample size, what the marks mean, and any factor held fixed. Lines stay short: where
 * the chart faces are not installed, Vega sizes the chart from an estimate of text width that is generous.
 */
export function subtitle(r: Results, ...notes: string[]): string[] {
  // Cells of a run stopped at a target precision may have played different numbers of engagements.
  const ns = r.cells.map((c) => c.summary.engagements);
  const [lo, hi] = ns.length ? [Math.min(...ns), Math.max(...ns)] : [0, 0];
  const n = lo === hi ? lo.toLocaleString('en-GB') : `${lo.toLocaleString('en-GB')}–${hi.toLocaleString('en-GB')}`;
  const lines = [`${n} ${hi === 1 ? 'engagement' : 'engagements'} per cell`, ...notes];
  const fixed = cellNames(r).fixed;
  if (fixed.length) lines.push(`In every cell: ${fixed.join(', ')}`);
  return lines;
}

/**
 * Past this many cells, the charts that put cells along an axis turn it upright: one row per cell, the
 * label left of it on as many lines as it has factors, so no label has to share the width of a column
 * with its neighbours.
 */
export const CELLS_ACROSS = 4;

/** Whether cells go down the chart (rows) rather than across it. */
export const cellsAsRows = (cells: number): boolean => cells > CELLS_ACROSS;

/** Lines a cell label takes: one per factor ("morale=4, French doctrine=careful" takes two). */
export function labelLines(labels: readonly string[]): number {
  return Math.max(1, ...labels.map((l) => l.split(', ').length));
}

/** Vega's distance between the lines of a label at the axes' 11 px type (the font size + 2). */
const LINE_HEIGHT = 13;

/** Pixels of a row of cells: room for its label's lines (11 px type) and for `marks` marks 11 px apart. */
export function cellRowStep(labels: readonly string[], marks: number): number {
  return Math.max(LINE_HEIGHT * labelLines(labels) + 8, 11 * marks + 8);
}

/**
 * The y encoding of cells as rows: labels on a line per factor, the factor's title written level above
 * them (a title turned on its side would run past a chart of few rows).
 */
export function cellRowAxis(names: { title: string; labels: readonly string[] }) {
  return {
    field: 'cell',
    type: 'nominal' as const,
    sort: [...names.labels],
    title: names.title,
    axis: {
      labelExpr: "split(datum.label, ', ')",
      labelLimit: 300,
      // Vega draws further lines below the first: the block is raised by half its extra lines to centre it on the row.
      labelOffset: ((1 - labelLines(names.labels)) * LINE_HEIGHT) / 2,
      titleAngle: 0,
      titleAlign: 'right' as const,
      titleBaseline: 'bottom' as const,
      titleX: 0,
      titleY: -6,
    },
  };
}

/** Angle cell labels on a band axis when they would not fit side by side. */
export function labelAngle(labels: readonly string[], bandPx: number): number {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return longest * 6.5 > bandPx * 0.9 ? -30 : 0;
}

/** Width of a chart whose x axis lists the cells. */
export function cellAxisWidth(cells: number, perCell: number, min = 480, max = 640): number {
  return Math.max(min, Math.min(max, cells * perCell));
}

/**
 * Columns and panel width for a chart faceted by cell, keeping the whole within ~640 px: as few rows as
 * `maxColumns` allows, with as few columns as those rows need (5 cells in rows of 3 and 2, not 4 and 1,
 * whose empty panels would still draw their column's axis); rows come out even only where the count
 * allows (13 cells: 4, 4, 4 and 1).
 */
export function facetGrid(cells: number, maxColumns = 4, total = 600): { columns: number; width: number } {
  const rows = Math.max(1, Math.ceil(cells / maxColumns));
  const columns = Math.max(1, Math.min(maxColumns, Math.ceil(cells / rows)));
  return { columns, width: Math.max(120, Math.min(300, Math.floor(total / columns) - 20)) };
}

export const pct = (p: number, digits = 1): string => `${(100 * p).toFixed(digits)}%`;
