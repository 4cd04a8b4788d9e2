/**
 * The cells of a large experiment as columns (src/results/columns.ts) and results.json in the columnar
 * layout (src/results/store.ts): what is written reads back the same as JSON would have it.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromColumns, isColumn, pathName, toColumns } from '../../src/results/columns.js';
import type { Results } from '../../src/results/results.js';
import { CROSS_RESULTS_FORMAT, type CrossResults } from '../../src/results/cross.js';
import { CELL_COLUMNS_FILE, COLUMNS_ABOVE, columnsText, expandResults, joinCells, parseColumns, readResults, resultsFiles, splitCells } from '../../src/results/store.js';
import { RESULTS_FORMAT_COLUMNS } from '../../src/results/results.js';
import { fixtureResults, SIMS } from '../report/fixture.js';

const asJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('columns', () => {
  it('a field every record shares is stored once; the others per record, with the records that lack them', () => {
    const records = [
      { a: 1, b: { c: [1, 2], d: 'x' }, e: [] },
      { a: 1, b: { c: [1, 3, 4], d: 'x' }, e: [], f: null },
      { a: 1, b: { c: [], d: 'x' }, e: [] },
    ];
    const c = toColumns(records);
    const byName = Object.fromEntries(c.fields.map((f) => [pathName(f.path), f]));
    expect(byName.a).toEqual({ path: ['a'], value: 1 });
    expect(byName['b.d']).toEqual({ path: ['b', 'd'], value: 'x' });
    expect(byName.e).toEqual({ path: ['e'], value: [] });
    expect(byName['b.c[1]']).toEqual({ path: ['b', 'c', 1], values: [2, 3, null], absent: [2] });
    expect(byName['b.c']).toEqual({ path: ['b', 'c'], values: [null, null, []], absent: [0, 1] });
    expect(byName.f).toEqual({ path: ['f'], values: [null, null, null], absent: [0, 2] });
    expect(fromColumns(c)).toEqual(records);
  });

  it('keys with dots, brackets and digits are kept apart from paths and indexes', () => {
    const records = [{ 'defender.units[*].morale': 3, '0': 'key', x: ['index'], 'a.b': { c: 1 } }, { 'defender.units[*].morale': 4, '0': 'key', x: ['index'], a: { 'b.c': 2 } }];
    const back = fromColumns(toColumns(records));
    expect(back).toEqual(records);
    expect(Array.isArray((back[0] as { x: unknown }).x)).toBe(true);
    expect(Array.isArray(back[0])).toBe(false);
  });

  it('round trip: any JSON records read back as JSON has them (fast-check)', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(fc.array(json, { maxLength: 6 }), (records) => {
        const text = JSON.stringify(toColumns(records));
        const back = fromColumns(JSON.parse(text));
        expect(back).toEqual(records.map(asJson));
      }),
      { numRuns: 300, seed: 17 },
    );
  });

  it('a field the same in the first records and different later, or missing from the first, is a column; inherited keys are not fields', () => {
    const records = [{ a: 1, b: 2 }, { a: 1, b: 2 }, { a: 5, c: 0 }, Object.assign(Object.create({ inherited: 9 }) as object, { a: 1, b: 2, c: 0 })];
    const c = toColumns(records);
    expect(c.fields).toEqual([
      { path: ['a'], values: [1, 1, 5, 1] },
      { path: ['b'], values: [2, 2, null, 2], absent: [2] },
      { path: ['c'], values: [null, null, 0, 0], absent: [0, 1] },
    ]);
    expect(fromColumns(c)).toEqual(records.map(asJson));
  });

  it('a value whose toJSON gives nothing is a field the record lacks, as JSON has it', () => {
    const nothing = { toJSON: () => undefined };
    expect(toColumns([{ a: nothing }, { a: nothing }]).fields).toEqual([{ path: ['a'], values: [null, null], absent: [0, 1] }]);
    expect(toColumns([{ a: nothing }, { a: 2 }, { a: 2 }]).fields).toEqual([{ path: ['a'], values: [null, 2, 2], absent: [0] }]);
    expect(fromColumns(toColumns([{ a: nothing, b: 1 }, { a: 3, b: 1 }]))).toEqual([{ b: 1 }, { a: 3, b: 1 }]);
  });

  it('the first record keeps its order of keys', () => {
    const records = [{ z: 1, a: { y: 2, b: 3 } }, { a: { b: 4, y: 2 }, z: 1 }];
    const back = fromColumns(toColumns(records));
    expect(JSON.stringify(back[0])).toBe(JSON.stringify(records[0]));
  });
});

describe('results.json with its cells in columns', () => {
  const dir = mkdtempSync(join(tmpdir(), 'volley-columns-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('real results split and joined again are the same results, key order included', async () => {
    const r = await fixtureResults(SIMS.villageExperiment);
    const { json, columns } = splitCells(r, CELL_COLUMNS_FILE);
    expect(json.format).toBe(RESULTS_FORMAT_COLUMNS);
    expect('cells' in json).toBe(false);
    expect(Object.keys(json).indexOf('cellColumns')).toBe(Object.keys(r).indexOf('cells'));
    const back = joinCells(asJson(json) as typeof json, parseColumns(columnsText(columns)));
    expect(JSON.stringify(back)).toBe(JSON.stringify(r));
    // Figures the cells share (the scenario's map, the options) are stored once.
    const shared = columns.fields.filter((f) => !isColumn(f)).length;
    expect(shared).toBeGreaterThan(columns.fields.length / 2);
  });

  it(`up to ${COLUMNS_ABOVE} cells: one file, as before; more: the columnar file first, then results.json naming it`, async () => {
    const r = await fixtureResults(SIMS.townAssault, 20);
    const small = resultsFiles(r);
    expect(small.map((f) => f.name)).toEqual(['results.json']);
    expect(JSON.parse(small[0].text)).toEqual(asJson(r));
    const many: Results = { ...r, cells: Array.from({ length: COLUMNS_ABOVE + 1 }, (_, i) => ({ ...r.cells[i % r.cells.length], index: i })) };
    const files = resultsFiles(many);
    expect(files.map((f) => f.name)).toEqual([CELL_COLUMNS_FILE, 'results.json']);
    for (const f of files) writeFileSync(join(dir, f.name), f.text);
    expect(JSON.stringify(readResults(dir))).toBe(JSON.stringify(many));
    expect(readFileSync(join(dir, CELL_COLUMNS_FILE), 'utf8').split('\n')[1]).toMatch(/^\{"name":"index","path":\["index"\],"values":\[0,1,2,/);
  });

  it('cross-system results: a system of many cells in cells.<id>.columns.json, the others whole', async () => {
    const r = await fixtureResults(SIMS.townAssault, 20);
    const many: Results = { ...r, cells: Array.from({ length: COLUMNS_ABOVE + 1 }, (_, i) => ({ ...r.cells[i % r.cells.length], index: i })) };
    const cross = { format: CROSS_RESULTS_FORMAT, provenance: { volley: 'test' }, systems: [many, r], comparison: { cells: [] } } as unknown as CrossResults;
    const files = resultsFiles(cross);
    expect(files.map((f) => f.name)).toEqual(['cells.aor.columns.json', 'results.json']);
    const sub = join(dir, 'cross');
    mkdirSync(sub);
    for (const f of files) writeFileSync(join(sub, f.name), f.text);
    expect(JSON.parse(files[1].text).systems.map((x: { format: string }) => x.format)).toEqual([RESULTS_FORMAT_COLUMNS, 'volley-results/1']);
    expect(JSON.stringify(readResults(sub))).toBe(JSON.stringify(cross));
  });

  it('a columnar file of other results is refused', async () => {
    const r = await fixtureResults(SIMS.townAssault, 20);
    const { json, columns } = splitCells(r, CELL_COLUMNS_FILE);
    const other = { ...json, provenance: { ...json.provenance, hash: 'f'.repeat(64) } };
    expect(() => expandResults(other, () => columnsText(columns))).toThrow(/belongs to other results/);
  });
});
