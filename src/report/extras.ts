/**
 * A rule system's extra counters as the report shows them: the rows its vocabulary declares
 * (results.json `vocabulary.extras` and `vocabulary.extraRatios`), read from the cells' summaries
 * (`cells[].summary.extras`). Pure: the page and the charts format what this returns; nothing here
 * knows a rule system.
 *
 * Ratio rows are ratios of totals rather than means per engagement: a total is the per-engagement mean
 * times the number of engagements (mean * n, rounded: the histograms count whole events). A share's
 * interval is the Wilson score interval of that count out of that many trials, which treats every
 * trial (a square check, a charge) as independent; trials in one engagement are alike (the same
 * brigade, the same morale), so the interval is, if anything, a little narrow. A plain ratio (mean
 * delay per order) has no interval: the summaries keep no per-engagement pairs to build one from.
 */
import type { ExtraRatioSpec } from '../core/vocabulary.js';
import type { Results } from '../results/results.js';
import type { HistogramSummary } from '../stats/histogram.js';
import { wilson } from '../stats/intervals.js';

type Summary = Results['cells'][number]['summary'];
type Side = 0 | 1;

/** One extra of a cell (absent in results without it). */
export function extra(s: Summary, key: string): HistogramSummary | undefined {
  return s.extras?.[key];
}

/** The count behind a per-engagement mean: mean * n, rounded (the histograms hold whole counts). */
export function total(h: Pick<HistogramSummary, 'mean' | 'n'> | undefined): number {
  return h ? Math.round(h.mean * h.n) : 0;
}

/** Battle-like results: formations or objectives in the summaries (an assault's have neither). */
export function isBattle(r: Results): boolean {
  return r.cells.some((c) => (c.summary.formations ?? []).length > 0 || (c.summary.objectives ?? []).length > 0);
}

export type ExtraValue =
  | { kind: 'mean'; h: HistogramSummary }
  | { kind: 'share'; p: ReturnType<typeof wilson>; of: string }
  | { kind: 'ratio'; value: number; unit: string; of: string };

export interface ExtraRow {
  /** Stable id: the extra's key ("charges.0"), or the ratio row's id (with ".0", ".1" per side). */
  id: string;
  group: string;
  side: Side | null;
  label: string;
  /** Plain words: what the row counts. */
  definition: string;
  /** One per cell; null where the cell has nothing to divide by. */
  values: (ExtraValue | null)[];
}

const nonzero = (v: ExtraValue | null): boolean => v !== null && (v.kind === 'mean' ? v.h.mean !== 0 : v.kind === 'share' ? v.p.n > 0 : true);

/** A ratio row's value in one cell, or null when its denominator is zero. */
export function ratioValue(s: Summary, spec: ExtraRatioSpec, side: Side | null): ExtraValue | null {
  const keys = (ks: readonly string[]) => ks.map((k) => (side === null ? k : k.replace('{side}', String(side))));
  const num = keys(spec.numerator).reduce((n, k) => n + total(extra(s, k)), 0);
  const den = keys(spec.denominator).reduce((n, k) => n + total(extra(s, k)), 0);
  if (den <= 0) return null;
  const of = `${spec.kind === 'ratio' ? 'over' : 'of'} ${den.toLocaleString('en-GB')} ${den === 1 ? spec.of[0] : spec.of[1]}`;
  // A share counts successes among trials: never more than the trials (a ratio may be).
  if (spec.kind === 'share') return { kind: 'share', p: wilson(Math.min(num, den), den), of };
  return { kind: 'ratio', value: num / den, unit: spec.unit ?? '', of };
}

/**
 * The rows of the extras table, grouped as the vocabulary declares them (groups in the order of their
 * first row; within a group extras first, then ratio rows, each per side where it is). Only rows with a
 * number other than zero in some cell.
 */
export function extraRows(r: Results): ExtraRow[] {
  const cs = r.cells.map((c) => c.summary);
  const v = r.vocabulary;
  const name = (k: Side) => r.sides[k]?.name ?? `Side ${k}`;
  const rows: ExtraRow[] = [];
  const mean = (key: string) => cs.map((s): ExtraValue | null => {
    const h = extra(s, key);
    return h ? { kind: 'mean', h } : null;
  });
  for (const e of v.extras) {
    if (e.hidden) continue;
    if (!e.perSide) rows.push({ id: e.key, group: e.group, side: null, label: e.label, definition: e.definition, values: mean(e.key) });
    else for (const k of [0, 1] as const) rows.push({ id: `${e.key}.${k}`, group: e.group, side: k, label: `${name(k)}: ${e.label}`, definition: e.definition, values: mean(`${e.key}.${k}`) });
  }
  for (const x of v.extraRatios) {
    if (!x.perSide) rows.push({ id: x.id, group: x.group, side: null, label: x.label, definition: x.definition, values: cs.map((s) => ratioValue(s, x, null)) });
    else for (const k of [0, 1] as const) rows.push({ id: `${x.id}.${k}`, group: x.group, side: k, label: `${name(k)}: ${x.label}`, definition: x.definition, values: cs.map((s) => ratioValue(s, x, k)) });
  }
  const kept = rows.filter((row) => row.values.some(nonzero));
  const groups = [...new Set(rows.map((row) => row.group))];
  return groups.flatMap((g) => kept.filter((row) => row.group === g));
}
