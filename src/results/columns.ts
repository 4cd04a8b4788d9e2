/**
 * Records as columns: many JSON values of much the same shape (the cells of a large experiment) stored
 * field by field. A field (a path to a leaf: a number, string, boolean, null, or an empty array or
 * object) with the same value in every record is stored once; any other keeps one value per record,
 * with the records that lack it listed. Pure: src/results/store.ts reads and writes the files.
 *
 * Reading the columns back gives every record as JSON would (JSON.parse(JSON.stringify(record))):
 * values, arrays and keys the same; an object's keys come in the order their fields were first met
 * over the records, which for the first record is its own order.
 */

/** A step of a path: an object's key, or an array's index. */
export type PathStep = string | number;

/** A field every record has with the same value. */
export interface SharedField {
  path: PathStep[];
  value: unknown;
}

/** A field with a value per record (null where the record lacks it, listed in `absent`). */
export interface ColumnField {
  path: PathStep[];
  values: unknown[];
  /** Indexes of the records without this field (absent when every record has it). */
  absent?: number[];
}

export type Field = SharedField | ColumnField;

export const isColumn = (f: Field): f is ColumnField => 'values' in f;

export interface Columns {
  /** How many records. */
  records: number;
  /** Every field, in the order first met walking the records in order. */
  fields: Field[];
}

/** A leaf of JSON: anything but a non-empty array or object. */
function isLeaf(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (v !== null && typeof v === 'object') return Object.keys(v).length === 0;
  return true;
}

/** A leaf as JSON has it: undefined and functions are dropped; non-finite numbers become null. */
function jsonLeaf(v: unknown): unknown {
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  if (Array.isArray(v)) return [];
  if (v !== null && typeof v === 'object') return {};
  return v;
}

interface Building {
  path: PathStep[];
  /** The value of each record that has it; `undefined` marks a record without it. */
  values: unknown[];
}

/** Leaves are told apart by their path; "\u0001" cannot occur in volley's keys, "#" marks an index. */
const keyOf = (prefix: string, step: PathStep) => (typeof step === 'number' ? `${prefix}\u0001#${step}` : `${prefix}\u0001${step}`);

/** Every record's leaves, field by field. */
export function toColumns(records: readonly unknown[]): Columns {
  const byKey = new Map<string, Building>();
  const order: Building[] = [];
  const n = records.length;
  // One path, grown and shrunk as the walk goes (copied when a field is first met).
  const path: PathStep[] = [];
  records.forEach((record, i) => {
    const walk = (v: unknown, key: string) => {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return;
      if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(): unknown }).toJSON();
      if (isLeaf(v)) {
        let b = byKey.get(key);
        if (!b) {
          b = { path: [...path], values: new Array<unknown>(n) };
          byKey.set(key, b);
          order.push(b);
        }
        b.values[i] = jsonLeaf(v);
        return;
      }
      if (Array.isArray(v)) {
        for (let k = 0; k < v.length; k++) {
          path.push(k);
          // As JSON: an array's undefined entries are null.
          walk(v[k] === undefined ? null : v[k], keyOf(key, k));
          path.pop();
        }
      } else {
        for (const k of Object.keys(v as object)) {
          path.push(k);
          walk((v as Record<string, unknown>)[k], keyOf(key, k));
          path.pop();
        }
      }
    };
    walk(record, '');
  });
  const fields = order.map((b): Field => {
    const absent: number[] = [];
    for (let i = 0; i < n; i++) if (!(i in b.values) || b.values[i] === undefined) absent.push(i);
    if (absent.length === 0 && n > 0 && b.values.every((v) => sameLeaf(v, b.values[0]))) return { path: b.path, value: b.values[0] };
    const values = Array.from(b.values, (v) => (v === undefined ? null : v));
    return absent.length ? { path: b.path, values, absent } : { path: b.path, values };
  });
  return { records: n, fields };
}

function sameLeaf(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Empty arrays and objects are leaves too.
  return typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && Array.isArray(a) === Array.isArray(b);
}

/** A fresh copy of a leaf (empty arrays and objects are not shared between records). */
const copyLeaf = (v: unknown) => (Array.isArray(v) ? [] : v !== null && typeof v === 'object' ? {} : v);

/** The records back from their columns. */
export function fromColumns(c: Columns): unknown[] {
  const out: unknown[] = new Array<unknown>(c.records).fill(undefined);
  const set = (i: number, path: PathStep[], value: unknown) => {
    if (path.length === 0) {
      out[i] = copyLeaf(value);
      return;
    }
    if (out[i] === undefined) out[i] = typeof path[0] === 'number' ? [] : {};
    let node = out[i] as Record<PathStep, unknown>;
    for (let k = 0; k < path.length - 1; k++) {
      const step = path[k];
      let next = node[step];
      if (next === undefined || next === null || typeof next !== 'object') {
        next = typeof path[k + 1] === 'number' ? [] : {};
        node[step] = next;
      }
      node = next as Record<PathStep, unknown>;
    }
    node[path[path.length - 1]] = copyLeaf(value);
  };
  for (const f of c.fields) {
    if (isColumn(f)) {
      const absent = new Set(f.absent ?? []);
      if (f.values.length !== c.records) throw new Error(`column ${pathName(f.path)} has ${f.values.length} values for ${c.records} records`);
      for (let i = 0; i < c.records; i++) if (!absent.has(i)) set(i, f.path, f.values[i]);
    } else for (let i = 0; i < c.records; i++) set(i, f.path, f.value);
  }
  return out;
}

/** A path as people read it: `summary.sides[0].strengthLost.mean` (a key that is not a plain name in quotes). */
export function pathName(path: readonly PathStep[]): string {
  return path
    .map((s, k) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `${k ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`))
    .join('');
}
