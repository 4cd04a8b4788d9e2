/** What every chart shares: colours, sizes, the look, the subtitle and a spec's entry in the report. */
import type { Config, TopLevelSpec } from 'vega-lite';
import type { Results } from '../../sim/results.js';
import { cellNames } from '../labels.js';

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Attacker, defender, and anything neutral (draws, rule references). */
export const SIDE_COLORS = ['#2f6fb0', '#d2553d'] as const;
export const NEUTRAL = '#8c8c8c';
export const REFERENCE = '#333333';

/** A chart of the report: a name for its files, a heading, a one-sentence definition, and its builder. */
export interface ChartDef {
  name: string;
  heading: string;
  /** One sentence, plain words: what the metric is. */
  definition: string;
  build: (r: Results) => TopLevelSpec;
}

export const CONFIG: Config = {
  background: 'white',
  padding: 12,
  view: { stroke: '#d0d0d0' },
  title: { anchor: 'start', fontSize: 16, subtitleFontSize: 12, subtitleColor: '#555', offset: 12 },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', labelColor: '#333', titleColor: '#222', gridColor: '#ececec' },
  header: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', labelColor: '#222', titleColor: '#222' },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', orient: 'top', direction: 'horizontal', labelLimit: 320 },
};

/**
 * Subtitle lines: sample size, what the marks mean, and any factor held fixed. Lines stay short:
 * without a canvas, Vega sizes the chart from an estimate of text width that is generous.
 */
export function subtitle(r: Results, ...notes: string[]): string[] {
  const n = r.cells[0]?.summary.engagements ?? 0;
  const lines = [`${n.toLocaleString('en-GB')} engagements per cell`, ...notes];
  const fixed = cellNames(r).fixed;
  if (fixed.length) lines.push(`In every cell: ${fixed.join(', ')}`);
  return lines;
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

/** Columns and panel width for a chart faceted by cell, keeping the whole within ~640 px. */
export function facetGrid(cells: number, maxColumns = 4, total = 600): { columns: number; width: number } {
  const columns = Math.max(1, Math.min(maxColumns, cells));
  return { columns, width: Math.max(120, Math.min(300, Math.floor(total / columns) - 20)) };
}

export const pct = (p: number, digits = 1): string => `${(100 * p).toFixed(digits)}%`;
