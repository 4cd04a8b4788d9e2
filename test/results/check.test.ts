/**
 * A results.json read back is checked before a report uses it (src/results/check.ts): its format, and
 * the fields a report reads, each refused at its path and line when missing or of the wrong kind.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResultsJson, ResultsFileError, resultsFileMessage } from '../../src/results/check.js';
import { COLUMNS_ABOVE, readResults, resultsFiles } from '../../src/results/store.js';
import type { Results } from '../../src/results/results.js';
import { fixtureResults, SIMS } from '../report/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The problem checkResultsJson finds in `v` written as volley writes it, or null. */
function problem(v: unknown): { field: string; line: number | undefined; detail: string } | null {
  const text = `${JSON.stringify(v, null, 2)}\n`;
  try {
    checkResultsJson(JSON.parse(text), text);
    return null;
  } catch (e) {
    if (!(e instanceof ResultsFileError)) throw e;
    return { field: e.field, line: e.line, detail: e.detail };
  }
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('results.json read back', () => {
  it('what volley writes passes, whole or in columns', async () => {
    const r = await fixtureResults(SIMS.townAssault, 20);
    expect(problem(r)).toBeNull();
    const many: Results = { ...r, cells: Array.from({ length: COLUMNS_ABOVE + 1 }, (_, i) => ({ ...r.cells[i % r.cells.length], index: i })) };
    const files = resultsFiles(many);
    expect(files.map((f) => f.name)).toEqual(['cells.columns.json', 'results.json']);
    expect(problem(JSON.parse(files[1].text))).toBeNull();
    for (const f of files) writeFileSync(join(dir, f.name), f.text);
    expect((readResults(dir) as Results).cells).toHaveLength(COLUMNS_ABOVE + 1);
  });

  it('another version\'s format, and a file of something else, are refused at the format', async () => {
    const r = await fixtureResults(SIMS.townAssault, 20);
    expect(problem({ ...r, format: 'volley-results/9' })).toEqual({ field: 'format', line: 2, detail: expect.stringContaining('written by another version of volley') });
    expect(problem({ ...r, format: 'csv' })?.detail).toMatch(/^'csv' is not a volley results format/);
    expect(problem({ cells: [] })?.field).toBe('format');
    expect(problem([1, 2])).toMatchObject({ field: '', detail: 'expected an object, the results of a run' });
  });

  it('a missing or mistyped field is named with its path and the line of the nearest field there', async () => {
    const r = await fixtureResults(SIMS.townAssault, 20);
    const noSides = copy(r) as unknown as { cells: { summary: Record<string, unknown> }[] };
    delete noSides.cells[1].summary.sides;
    const p = problem(noSides)!;
    expect(p.field).toBe('cells[1].summary.sides');
    expect(p.detail).toMatch(/^missing/);
    expect(p.line).toBeGreaterThan(2);
    const text = JSON.stringify(noSides, null, 2).split('\n');
    expect(text[p.line! - 1]).toContain('"summary"');
    const badCount = copy(r) as unknown as { cells: { summary: { engagements: unknown } }[] };
    badCount.cells[0].summary.engagements = 'many';
    // Present but of the wrong type is not "missing" (before: zod 4's issues carry no value, and it said missing).
    expect(problem(badCount)).toMatchObject({ field: 'cells[0].summary.engagements', detail: 'expected number, found a string "many" (was the file edited?)' });
    const nullCount = copy(r) as unknown as { cells: { summary: { engagements: unknown } }[] };
    nullCount.cells[0].summary.engagements = null;
    expect(problem(nullCount)?.detail).toBe('expected number, found nothing (was the file edited?)');
    const { provenance: _p, ...noProvenance } = r;
    expect(problem(noProvenance)?.field).toBe('provenance');
  });

  it('readResults: a file that is not JSON, and a columnar file that is gone, are ResultsFileErrors; the CLI prints file:line: field: what', async () => {
    const bad = join(dir, 'bad');
    rmSync(bad, { recursive: true, force: true });
    mkdirSync(bad);
    writeFileSync(join(bad, 'results.json'), '{"format": "volley-results/1", "cells": [');
    expect(() => readResults(bad)).toThrow(ResultsFileError);
    const r = await fixtureResults(SIMS.townAssault, 20);
    const many: Results = { ...r, cells: Array.from({ length: COLUMNS_ABOVE + 1 }, (_, i) => ({ ...r.cells[i % r.cells.length], index: i })) };
    const files = resultsFiles(many);
    writeFileSync(join(bad, 'results.json'), files[1].text);
    let caught: unknown;
    try {
      readResults(bad);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ResultsFileError);
    expect(resultsFileMessage('R/results.json', caught as ResultsFileError)).toMatch(/^R\/results\.json: cellColumns: the columnar file it names is missing/);
  });
});
