/**
 * Records as columns: many JSON values of much the same shape (the cells of a large experiment) stored
 * field by field. A field (a path to a leaf: a number, string, boolean, null, or an empty array or
 * object) with the same value in every record is stored once; any other keeps one value per record,
 * with the records that lack it listed. Pure: src/results/store.ts reads and writes the files.
 *
 * Reading the columns back gives every record as JSON would (JSON.parse(JSON.stringify(record))):
 * values, arrays and keys the same; an object's keys come in the order they were first met over the
 * records, which for the first record is its own order.
 */

/** The columnar file of a large experiment's cells, beside results.json (src/results/store.ts; a cross-system run's systems each have their own, `cells.<id>.columns.json`). */
export const CELL_COLUMNS_FILE = 'cells.columns.json';

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
  /** How many records have it (each sets it once). */
  count: number;
  /** Whether every value so far is the same leaf as the first one set. */
  same: boolean;
  first: unknown;
}

/**
 * The fields met so far, as a tree walked beside each record: an object's keys and an array's indexes
 * lead to different children, so a key "0" and an index 0 stay apart (no path is built as a string).
 */
interface Node {
  keys?: Map<string, Node>;
  items?: Node[];
  leaf?: Building;
}

/** Every record's leaves, field by field. */
export function toColumns(records: readonly unknown[]): Columns {
  const root: Node = {};
  const order: Building[] = [];
  const n = records.length;
  // One path, grown and shrunk as the walk goes (copied when a field is first met).
  const path: PathStep[] = [];
  // The record being walked.
  let i = 0;
  const setLeaf = (v: unknown, node: Node) => {
    let b = node.leaf;
    if (!b) {
      b = node.leaf = { path: [...path], values: new Array<unknown>(n), count: 0, same: true, first: undefined };
      order.push(b);
    }
    // A value whose toJSON gives nothing: the field is met, this record lacks it.
    if (v === undefined) return;
    const leaf = jsonLeaf(v);
    if (b.count === 0) b.first = leaf;
    else if (b.same && !sameLeaf(leaf, b.first)) b.same = false;
    b.values[i] = leaf;
    b.count++;
  };
  const walk = (v: unknown, node: Node): void => {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return;
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(): unknown }).toJSON();
    if (Array.isArray(v)) {
      if (v.length === 0) return setLeaf(v, node);
      const items = (node.items ??= []);
      for (let k = 0; k < v.length; k++) {
        path.push(k);
        // As JSON: an array's undefined entries are null.
        walk(v[k] === undefined ? null : v[k], (items[k] ??= {}));
        path.pop();
      }
    } else if (v !== null && typeof v === 'object') {
      // Own keys in Object.keys's order, without making the list of them (a large experiment has
      // millions of objects); an object without any is a leaf.
      let any = false;
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        any = true;
        const keys = (node.keys ??= new Map());
        let child = keys.get(k);
        if (!child) keys.set(k, (child = {}));
        path.push(k);
        walk((v as Record<string, unknown>)[k], child);
        path.pop();
      }
      if (!any) setLeaf(v, node);
    } else setLeaf(v, node);
  };
  for (; i < n; i++) walk(records[i], root);
  const fields = order.map((b): Field => {
    // Every record has it: one value if it is the same in all, else the column as it stands.
    if (b.count === n) return b.same ? { path: b.path, value: b.first } : { path: b.path, values: b.values };
    const absent: number[] = [];
    const values = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const v = b.values[i];
      if (v === undefined) absent.push(i);
      values[i] = v === undefined ? null : v;
    }
    return { path: b.path, values, absent };
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

/** The fields as a tree again, to build each record in one walk. */
interface ReadNode {
  keys?: Map<string, ReadNode>;
  items?: ReadNode[];
  /** The leaf here: its value in record i, or undefined where the record lacks it. */
  leaf?: (i: number) => unknown;
}

/** The records back from their columns. */
export function fromColumns(c: Columns): unknown[] {
  const root: ReadNode = {};
  for (const f of c.fields) {
    let node = root;
    for (const step of f.path) {
      if (typeof step === 'number') node = (node.items ??= [])[step] ??= {};
      else {
        const keys = (node.keys ??= new Map());
        let child = keys.get(step);
        if (!child) keys.set(step, (child = {}));
        node = child;
      }
    }
    if (isColumn(f)) {
      if (f.values.length !== c.records) throw new Error(`column ${pathName(f.path)} has ${f.values.length} values for ${c.records} records`);
      const absent = new Uint8Array(c.records);
      for (const i of f.absent ?? []) absent[i] = 1;
      node.leaf = (i) => (absent[i] ? undefined : copyLeaf(f.values[i]));
    } else node.leaf = () => copyLeaf(f.value);
  }
  const build = (node: ReadNode, i: number): unknown => {
    const v = node.leaf?.(i);
    if (v !== undefined) return v;
    if (node.items) {
      const arr: unknown[] = [];
      for (let k = 0; k < node.items.length; k++) {
        const x = node.items[k] ? build(node.items[k], i) : undefined;
        if (x === undefined) break;
        arr.push(x);
      }
      if (arr.length) return arr;
    }
    if (node.keys) {
      const obj: Record<string, unknown> = {};
      let any = false;
      for (const [k, child] of node.keys) {
        const x = build(child, i);
        if (x !== undefined) {
          obj[k] = x;
          any = true;
        }
      }
      if (any) return obj;
    }
    return undefined;
  };
  return Array.from({ length: c.records }, (_, i) => build(root, i));
}

/** A path as people read it: `summary.sides[0].strengthLost.mean` (a key that is not a plain name in quotes). */
export function pathName(path: readonly PathStep[]): string {
  return path
    .map((s, k) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `${k ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`))
    .join('');
}
