/**
 * The numbers behind a chart, as CSV: every inline dataset of its Vega-Lite spec (DESIGN.md, "Files":
 * the report's numbers are also written as CSV beside the charts). Columns are the union of the rows'
 * fields in first-seen order; a chart drawn from several datasets gets a leading `dataset` column.
 * Pure: the report writes the text next to the chart's spec as `<chart>.csv`.
 */
import { csvField } from '../results/rows.js';

type Row = Record<string, unknown>;

/** Inline datasets of a spec, in document order: `data: { values }` anywhere, and named `datasets`. */
function datasets(spec: unknown): { name: string; rows: Row[] }[] {
  const out: { name: string; rows: Row[] }[] = [];
  const seen = new Set<unknown>();
  const add = (name: string, values: unknown) => {
    if (!Array.isArray(values) || seen.has(values)) return;
    if (!values.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))) return;
    seen.add(values);
    out.push({ name, rows: values as Row[] });
  };
  const walk = (o: unknown, path: string) => {
    if (o === null || typeof o !== 'object') return;
    if (Array.isArray(o)) return o.forEach((x, i) => walk(x, `${path}[${i}]`));
    const obj = o as Record<string, unknown>;
    if (obj.datasets && typeof obj.datasets === 'object') for (const [k, v] of Object.entries(obj.datasets)) add(k, v);
    const data = obj.data as { values?: unknown; name?: unknown } | undefined;
    if (data && typeof data === 'object') add(typeof data.name === 'string' ? data.name : path || 'data', data.values);
    for (const [k, v] of Object.entries(obj)) if (k !== 'data' && k !== 'datasets') walk(v, path ? `${path}.${k}` : k);
  };
  walk(spec, '');
  return out;
}

/** The chart's data as CSV text, or null when the spec has no inline data. */
export function chartCsv(spec: unknown): string | null {
  const sets = datasets(spec).filter((d) => d.rows.length > 0);
  if (sets.length === 0) return null;
  const cols: string[] = [];
  const known = new Set<string>();
  for (const d of sets) for (const row of d.rows) for (const k of Object.keys(row)) if (!known.has(k)) (known.add(k), cols.push(k));
  const multi = sets.length > 1;
  const lines = [(multi ? ['dataset', ...cols] : cols).map(csvField).join(',')];
  for (const d of sets) {
    for (const row of d.rows) {
      const fields = cols.map((c) => csvField(row[c]));
      lines.push((multi ? [csvField(d.name), ...fields] : fields).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
