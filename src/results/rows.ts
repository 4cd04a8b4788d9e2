/**
 * One row per engagement for `volley run --export csv|ndjson` (docs/files.md, "Engagement exports").
 *
 * The columns are fixed before the run from a layout: the cells, their factors and units, and the
 * shape of an EngagementResult seen by playing engagement 0 of every cell. Each batch formats its own
 * rows (in the worker), so the main thread only appends text in batch order.
 */
import { UNIT_CLASSES, type EngagementResult } from '../core/result.js';

export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How one per-side figure becomes columns. */
export type SideColumns =
  /** A number (or a flag, written 1/0): `a_<key>`. */
  | { key: string; kind: 'scalar' }
  /** A fixed-length list of numbers: `a_<key>_<name>` for each name (an index, or a unit class). */
  | { key: string; kind: 'list'; names: string[] }
  /** A list by turn: `a_<key>_1` .. `a_<key>_<turns>`, empty past the last turn played. */
  | { key: string; kind: 'byTurn' }
  /** A list of any length: `a_<key>` (how many) and `a_<key>_list` (the items, `; `-separated). */
  | { key: string; kind: 'events' };

/** Other engagement-level lists (e.g. per formation, per objective): `<key>_<i>` or `<key>_<i>_<field>`. */
export interface TopColumns {
  key: string;
  length: number;
  /** Fields of each item, or null when the items are numbers. */
  fields: string[] | null;
}

export interface RowLayoutCell {
  label: string;
  factorValues: unknown[];
  sideNames: [string, string];
  /** For each unit of the layout, the unit's index in this cell's compiled order, or -1. */
  unitIndex: number[];
}

export interface RowLayout {
  format: ExportFormat;
  factors: string[];
  cells: RowLayoutCell[];
  units: string[];
  unitFields: string[];
  side: SideColumns[];
  /** The longest turn limit of any cell (columns of by-turn lists). */
  turns: number;
  top: TopColumns[];
  extras: string[];
}

/** What the layout needs to know of each cell, with the result of its engagement 0. */
export interface LayoutProbe {
  label: string;
  factors: Record<string, unknown>;
  sideNames: [string, string];
  units: { id: string }[];
  turnLimit: number;
  result: EngagementResult;
}

const TOP_HANDLED = new Set(['winner', 'reason', 'turns', 'sides', 'units', 'extras']);
const SIDE_PREFIX = ['a_', 'd_'] as const;

/** The layout of the rows of a run, from one probe per cell. */
export function rowLayout(format: ExportFormat, probes: LayoutProbe[]): RowLayout {
  const factors = Object.keys(probes[0]?.factors ?? {});
  const units: string[] = [];
  for (const p of probes) for (const u of p.units) if (!units.includes(u.id)) units.push(u.id);
  const cells = probes.map((p) => ({
    label: p.label,
    factorValues: factors.map((f) => p.factors[f]),
    sideNames: p.sideNames,
    unitIndex: units.map((id) => p.units.findIndex((u) => u.id === id)),
  }));
  const unitFields: string[] = [];
  const side: SideColumns[] = [];
  const top: TopColumns[] = [];
  const extras: string[] = [];
  let turns = 0;
  for (const p of probes) {
    turns = Math.max(turns, p.turnLimit);
    for (const u of p.result.units) for (const k of Object.keys(u)) if (!unitFields.includes(k)) unitFields.push(k);
    for (const k of Object.keys(p.result.extras)) if (!extras.includes(k)) extras.push(k);
    for (const s of p.result.sides) {
      for (const [key, v] of Object.entries(s)) {
        const col = sideColumns(key, v);
        const seen = side.find((c) => c.key === key);
        if (!seen) side.push(col);
        else if (seen.kind === 'list' && col.kind === 'list' && col.names.length > seen.names.length) seen.names = col.names;
        if (col.kind === 'byTurn') turns = Math.max(turns, (v as unknown[]).length);
      }
    }
    for (const [key, v] of Object.entries(p.result)) {
      if (TOP_HANDLED.has(key) || !Array.isArray(v)) continue;
      const fields = v.length > 0 && v[0] !== null && typeof v[0] === 'object' ? Object.keys(v[0] as object) : null;
      const seen = top.find((t) => t.key === key);
      if (!seen) top.push({ key, length: v.length, fields });
      else seen.length = Math.max(seen.length, v.length);
    }
  }
  return { format, factors, cells, units, unitFields, side, turns, top, extras };
}

function sideColumns(key: string, v: unknown): SideColumns {
  if (!Array.isArray(v)) return { key, kind: 'scalar' };
  if (/ByTurn$/.test(key)) return { key, kind: 'byTurn' };
  if (v.length > 0 && v.every((x) => typeof x === 'number')) {
    const names = /ByClass$/.test(key) && v.length === UNIT_CLASSES.length ? [...UNIT_CLASSES] : v.map((_, i) => String(i));
    return { key, kind: 'list', names };
  }
  return { key, kind: 'events' };
}

type Value = string | number | null;
interface Column {
  name: string;
  get(cell: number, engagement: number, seed: string, r: EngagementResult): Value;
}

const num = (v: unknown): Value => (typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : v == null ? null : String(v));

function eventText(item: unknown): string {
  if (item && typeof item === 'object' && 'formation' in item && 'turn' in item) {
    const f = item as { formation: unknown; turn: unknown };
    return `${String(f.formation)}@${String(f.turn)}`;
  }
  return typeof item === 'string' ? item : JSON.stringify(item);
}

/** The columns of a layout, in order, each with how to read it from a result. */
export function columnsOf(layout: RowLayout): Column[] {
  const cols: Column[] = [
    { name: 'cell', get: (c) => c },
    { name: 'label', get: (c) => layout.cells[c].label },
  ];
  const factorCols: Column[] = layout.factors.map((f, i) => ({ name: f, get: (c) => layout.cells[c].factorValues[i] as Value }));
  cols.push(...factorCols);
  cols.push(
    { name: 'engagement', get: (_c, e) => e },
    { name: 'seed', get: (_c, _e, seed) => seed },
    { name: 'winner', get: (c, _e, _s, r) => (r.winner === null ? 'draw' : layout.cells[c].sideNames[r.winner]) },
    { name: 'reason', get: (_c, _e, _s, r) => r.reason },
    { name: 'turns', get: (_c, _e, _s, r) => r.turns },
  );
  for (const s of [0, 1] as const) {
    const p = SIDE_PREFIX[s];
    for (const sc of layout.side) {
      const key = sc.key;
      const field = (r: EngagementResult) => (r.sides[s] as unknown as Record<string, unknown>)[key];
      if (sc.kind === 'scalar') cols.push({ name: `${p}${key}`, get: (_c, _e, _s, r) => num(field(r)) });
      else if (sc.kind === 'list' || sc.kind === 'byTurn') {
        const names = sc.kind === 'list' ? sc.names : Array.from({ length: layout.turns }, (_, i) => String(i + 1));
        names.forEach((n, i) => cols.push({ name: `${p}${key}_${n}`, get: (_c, _e, _s, r) => num((field(r) as unknown[] | undefined)?.[i]) }));
      } else {
        cols.push({ name: `${p}${key}`, get: (_c, _e, _s, r) => (field(r) as unknown[] | undefined)?.length ?? null });
        cols.push({ name: `${p}${key}_list`, get: (_c, _e, _s, r) => ((field(r) as unknown[] | undefined) ?? []).map(eventText).join('; ') });
      }
    }
  }
  layout.units.forEach((id, ui) => {
    for (const f of layout.unitFields) {
      cols.push({
        name: `u_${id}_${f}`,
        get: (c, _e, _s, r) => {
          const j = layout.cells[c].unitIndex[ui];
          return j < 0 ? null : num((r.units[j] as unknown as Record<string, unknown>)[f]);
        },
      });
    }
  });
  for (const t of layout.top) {
    const list = (r: EngagementResult) => (r as unknown as Record<string, unknown[] | undefined>)[t.key];
    for (let i = 0; i < t.length; i++) {
      if (t.fields === null) cols.push({ name: `${t.key}_${i}`, get: (_c, _e, _s, r) => num(list(r)?.[i]) });
      else for (const f of t.fields) cols.push({ name: `${t.key}_${i}_${f}`, get: (_c, _e, _s, r) => num((list(r)?.[i] as Record<string, unknown> | undefined)?.[f]) });
    }
  }
  for (const x of layout.extras) cols.push({ name: `x_${x}`, get: (_c, _e, _s, r) => num(r.extras[x]) });
  // Extras that engagement 0 of no cell had: `name=value; ...`, so that nothing is lost.
  const known = new Set(layout.extras);
  cols.push({
    name: 'x_other',
    get: (_c, _e, _s, r) => {
      let text = '';
      for (const [k, v] of Object.entries(r.extras)) if (!known.has(k) && v !== 0) text += `${text ? '; ' : ''}${k}=${v}`;
      return text;
    },
  });
  // A factor whose vary path is also the name of a result column (`turns`) is `factor.<path>`: a
  // reader keyed by name would otherwise see one of the two, and the NDJSON object lose one.
  const results = new Set(cols.filter((c) => !factorCols.includes(c)).map((c) => c.name));
  for (const c of factorCols) if (results.has(c.name)) c.name = `factor.${c.name}`;
  return cols;
}

/**
 * One CSV field. Text that a spreadsheet would take for a formula (a unit id such as
 * `=HYPERLINK(...)`: a leading = + - @, tab or CR) gets a leading apostrophe, as spreadsheet tools
 * expect (OWASP, "CSV Injection"); numbers, and text that is a plain number (-0.5), are written as they are.
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s) && !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Formats rows of one layout; one per batch runner. */
export class RowWriter {
  private readonly cols: Column[];
  private readonly names: string[];
  private parts: string[] = [];

  constructor(private readonly layout: RowLayout) {
    this.cols = columnsOf(layout);
    this.names = this.cols.map((c) => c.name);
  }

  /** The first line of the file (CSV header), or '' for NDJSON. */
  header(): string {
    return this.layout.format === 'csv' ? `${this.names.map(csvField).join(',')}\n` : '';
  }

  columns(): string[] {
    return [...this.names];
  }

  add(cell: number, engagement: number, seed: string, r: EngagementResult): void {
    if (this.layout.format === 'csv') {
      let line = '';
      for (let i = 0; i < this.cols.length; i++) {
        if (i > 0) line += ',';
        line += csvField(this.cols[i].get(cell, engagement, seed, r));
      }
      this.parts.push(line);
    } else {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < this.cols.length; i++) o[this.names[i]] = this.cols[i].get(cell, engagement, seed, r) ?? null;
      this.parts.push(JSON.stringify(o));
    }
  }

  /** The rows added since the last take, as text (each row ends with a newline). */
  take(): string {
    const text = this.parts.length ? `${this.parts.join('\n')}\n` : '';
    this.parts = [];
    return text;
  }
}
