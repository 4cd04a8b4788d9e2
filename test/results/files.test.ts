/** Output files written whole or not at all (src/results/files.ts, writeFileAtomic), from text, bytes or pieces of text. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/results/files.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('writes text, bytes, and pieces of text in order across its chunks, leaving no temporary file', () => {
    writeFileAtomic(join(dir, 'a.txt'), 'été\n');
    writeFileAtomic(join(dir, 'b.bin'), new Uint8Array([1, 2, 3]));
    // 300,000 lines of 8 characters: 2.4 MB, over two chunks, a multi-byte character at each line's end.
    function* lines() {
      for (let i = 0; i < 300_000; i++) yield `${String(i).padStart(6, '0')}é\n`;
    }
    writeFileAtomic(join(dir, 'c.csv'), lines());
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('été\n');
    expect([...readFileSync(join(dir, 'b.bin'))]).toEqual([1, 2, 3]);
    const c = readFileSync(join(dir, 'c.csv'), 'utf8');
    expect(c).toBe([...lines()].join(''));
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a piece that fails half-way leaves the file as it was and no temporary file', () => {
    writeFileAtomic(join(dir, 'd.csv'), 'before\n');
    function* failing() {
      yield 'x'.repeat(2 << 20);
      throw new Error('made up');
    }
    expect(() => writeFileAtomic(join(dir, 'd.csv'), failing())).toThrow('made up');
    expect(readFileSync(join(dir, 'd.csv'), 'utf8')).toBe('before\n');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
