/** The record of a folder's report (src/report/manifest.ts): the next report removes what it does not write again. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest, recordReport, REPORT_MANIFEST } from '../../src/report/manifest.js';

const root = mkdtempSync(join(tmpdir(), 'volley-manifest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const touch = (dir: string, ...names: string[]) =>
  names.map((n) => {
    mkdirSync(join(dir, n, '..'), { recursive: true });
    writeFileSync(join(dir, n), n);
    return join(dir, n);
  });

describe('the report manifest', () => {
  it('records the files written, relative to the folder; the next record removes the ones not written again', () => {
    const dir = join(root, 'a');
    recordReport(dir, touch(dir, 'index.html', 'outcomes.png', 'systems/aor/index.html', 'systems/aor/sweep.png'));
    expect(readFileSync(join(dir, REPORT_MANIFEST), 'utf8')).toBe('index.html\noutcomes.png\nsystems/aor/index.html\nsystems/aor/sweep.png\n');
    touch(dir, 'mine.png', 'results.json');
    const removed = recordReport(dir, touch(dir, 'index.html', 'sweep.png'));
    expect(removed).toEqual(['outcomes.png', 'systems/aor/index.html', 'systems/aor/sweep.png']);
    // The subfolders left empty go too; what no report wrote stays.
    expect(existsSync(join(dir, 'systems'))).toBe(false);
    expect(['index.html', 'sweep.png', 'mine.png', 'results.json'].every((f) => existsSync(join(dir, f)))).toBe(true);
    expect(readManifest(dir)).toEqual(['index.html', 'sweep.png']);
  });

  it('a folder without a record keeps everything; no files written removes the record too', () => {
    const dir = join(root, 'b');
    touch(dir, 'outcomes.png');
    expect(recordReport(dir, touch(dir, 'index.html'))).toEqual([]);
    expect(existsSync(join(dir, 'outcomes.png'))).toBe(true);
    expect(recordReport(dir, [])).toEqual(['index.html']);
    expect(existsSync(join(dir, REPORT_MANIFEST))).toBe(false);
  });

  it('never removes a path that leads out of the folder, an absolute one, or a folder', () => {
    const dir = join(root, 'c');
    const outside = touch(root, 'outside.txt')[0];
    touch(dir, 'x', 'sub/y');
    writeFileSync(join(dir, REPORT_MANIFEST), `../outside.txt\n${outside}\nsub/../../outside.txt\n..\\outside.txt\nsub\nx\n`);
    // (`..\\outside.txt` would lead out on Windows: refused everywhere.)
    expect(readManifest(dir)).toEqual(['sub', 'x']);
    expect(recordReport(dir, [])).toEqual(['x']);
    expect(existsSync(outside)).toBe(true);
    expect(existsSync(join(dir, 'sub', 'y'))).toBe(true);
  });
});
