/**
 * results.json on disk, in one of two layouts (docs/files.md, "results.json" and "Cell columns"):
 * - `volley-results/1`: every cell whole in `cells[]` (experiments of up to COLUMNS_ABOVE cells);
 * - `volley-results/2`: what every cell shares is in results.json once, and the cells themselves
 *   (factors, options, scenario, summary) are in a columnar file beside it, `cells.columns.json`
 *   (`volley-cell-columns/1`), which results.json names in `cellColumns`. 10,000 cells of an assault
 *   take 370 MB as `/1`, a few MB as `/2`.
 * Readers call readResults, which gives the same Results whichever the layout.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { visibleEntries } from './files.js';
import { CELL_COLUMNS_FILE, fromColumns, pathName, toColumns, type Columns, type Field } from './columns.js';
import { isCross, type CrossResults } from './cross.js';
import { checkCells, checkResultsJson, ResultsFileError } from './check.js';
import { RESULTS_FORMAT, RESULTS_FORMAT_COLUMNS, type Results } from './results.js';

/** results.json whose cells are in a columnar file beside it. */
/** The columnar file of the cells. */
export const CELL_COLUMNS_FORMAT = 'volley-cell-columns/1';
export { CELL_COLUMNS_FILE };
export const cellColumnsFile = (system?: string) => (system === undefined ? CELL_COLUMNS_FILE : `cells.${system}.columns.json`);

/** Experiments of more cells than this are written with their cells in columns. */
export const COLUMNS_ABOVE = 200;

/** What results.json says of the columnar file. */
export interface CellColumnsRef {
  file: string;
  format: string;
  cells: number;
}

/** results.json in the columnar layout: Results without `cells`, and where they are. */
export type ResultsWithColumns = Omit<Results, 'cells' | 'format'> & { format: typeof RESULTS_FORMAT_COLUMNS; cellColumns: CellColumnsRef };

/** The columnar file: the cells as columns, and the results they belong to. */
export interface CellColumnsFile extends Columns {
  format: typeof CELL_COLUMNS_FORMAT;
  /** provenance.hash of the results.json that names this file: a file of another run is refused. */
  results: string;
}

/** A file to write into the output folder: its name and text. */
export interface OutFile {
  name: string;
  text: string;
}

/**
 * Results split for writing: the results.json object with `cellColumns` in place of `cells`, and the
 * columns of the cells.
 */
export function splitCells(r: Results, file: string): { json: ResultsWithColumns; columns: CellColumnsFile } {
  const columns: CellColumnsFile = { format: CELL_COLUMNS_FORMAT, results: r.provenance.hash, ...toColumns(r.cells) };
  const ref: CellColumnsRef = { file, format: CELL_COLUMNS_FORMAT, cells: r.cells.length };
  // results.json keeps its order of keys: `cellColumns` where `cells` was.
  const json: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) {
    if (k === 'cells') json.cellColumns = ref;
    else json[k] = k === 'format' ? RESULTS_FORMAT_COLUMNS : v;
  }
  return { json: json as ResultsWithColumns, columns };
}

/** The Results again from results.json in the columnar layout and its cells' columns. */
export function joinCells(json: ResultsWithColumns, columns: CellColumnsFile): Results {
  if (columns.format !== CELL_COLUMNS_FORMAT) throw new Error(`${json.cellColumns.file}: format ${String(columns.format)}, expected ${CELL_COLUMNS_FORMAT}`);
  if (columns.results !== json.provenance.hash) throw new Error(`${json.cellColumns.file} belongs to other results (${columns.results.slice(0, 12)}, not ${json.provenance.hash.slice(0, 12)})`);
  if (columns.records !== json.cellColumns.cells) throw new Error(`${json.cellColumns.file} holds ${columns.records} cells, results.json says ${json.cellColumns.cells}`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) {
    if (k === 'cellColumns') out.cells = fromColumns(columns);
    else out[k] = k === 'format' ? RESULTS_FORMAT : v;
  }
  return out as unknown as Results;
}

/**
 * The columnar file as text: its head, then one field a line (so that a field can be found with grep
 * and a line-oriented tool can read one column without parsing the rest).
 */
export function columnsText(c: CellColumnsFile): string {
  const line = (f: Field) => JSON.stringify({ name: pathName(f.path), ...f });
  return `{"format":${JSON.stringify(c.format)},"results":${JSON.stringify(c.results)},"records":${c.records},"fields":[\n${c.fields.map(line).join(',\n')}\n]}\n`;
}

/** Parse the columnar file (the `name` of each field is for people; the path is what counts). */
export function parseColumns(text: string): CellColumnsFile {
  const c = JSON.parse(text) as CellColumnsFile & { fields: (Field & { name?: string })[] };
  for (const f of c.fields) delete f.name;
  return c;
}

/** Whether results of this many cells are written with their cells in columns. */
export const inColumns = (cells: number) => cells > COLUMNS_ABOVE;

/**
 * The files a run's results are written as: results.json, and for an experiment of more than
 * COLUMNS_ABOVE cells (or a cross-system run's system of that many) the columnar file of its cells,
 * listed first so that results.json, written last, never names a file not yet written.
 */
export function resultsFiles(r: Results | CrossResults, resultsName = 'results.json'): OutFile[] {
  const pretty = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  if (isCross(r)) {
    const extra: OutFile[] = [];
    const systems = r.systems.map((s) => {
      if (!inColumns(s.cells.length)) return s;
      const name = cellColumnsFile(s.provenance.ruleset.id);
      const { json, columns } = splitCells(s, name);
      extra.push({ name, text: columnsText(columns) });
      return json;
    });
    return [...extra, { name: resultsName, text: pretty({ ...r, systems }) }];
  }
  if (!inColumns(r.cells.length)) return [{ name: resultsName, text: pretty(r) }];
  const { json, columns } = splitCells(r, CELL_COLUMNS_FILE);
  return [
    { name: CELL_COLUMNS_FILE, text: columnsText(columns) },
    { name: resultsName, text: pretty(json) },
  ];
}

/** A results.json object whose cells are in columns. */
const hasColumns = (v: unknown): v is ResultsWithColumns => (v as { format?: unknown }).format === RESULTS_FORMAT_COLUMNS;

/** Results (or cross-system results) parsed from results.json, with the cells of either layout read in. */
export function expandResults(parsed: unknown, readColumns: (file: string) => string): Results | CrossResults {
  const one = (v: unknown): Results => (hasColumns(v) ? joinCells(v, parseColumns(readColumns(v.cellColumns.file))) : (v as Results));
  const r = parsed as Results | CrossResults;
  if (isCross(r)) return { ...r, systems: r.systems.map(one) };
  return one(r);
}

/** Read `dir/results.json` (either layout) and the columnar files it names. */
export function readResults(dir: string, resultsName = 'results.json'): Results | CrossResults {
  const text = readFileSync(join(dir, resultsName), 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError('', undefined, `not JSON (${(e as Error).message})`);
  }
  checkResultsJson(parsed, text);
  let r: Results | CrossResults;
  try {
    r = expandResults(parsed, (file) => {
      if (file.includes('/') || file.includes('\\')) throw new Error(`results.json names ${file}: the cells' file must lie beside it`);
      return readFileSync(join(dir, file), 'utf8');
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ResultsFileError('cellColumns', undefined, code === 'ENOENT' ? `the columnar file it names is missing (${(e as NodeJS.ErrnoException).path})` : (e as Error).message);
  }
  for (const s of isCross(r) ? r.systems : [r]) checkCells(s.cells, `the cells of ${s.provenance.ruleset.id}`);
  return r;
}

/** A columnar file of cells, by its name. */
const COLUMNS_NAME = /^cells(\.[\w.-]+)?\.columns\.json$/;

/**
 * Remove the columnar files of an earlier run in `dir` that the files now written do not replace:
 * results.json no longer names them.
 */
export function removeStaleColumns(dir: string, written: readonly OutFile[]): void {
  for (const n of visibleEntries(dir)) if (COLUMNS_NAME.test(n) && !written.some((f) => f.name === n)) rmSync(join(dir, n), { force: true });
}
