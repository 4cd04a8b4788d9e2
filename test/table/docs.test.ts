import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as table from '../../src/table/index.js';

describe('docs/table.md', () => {
  const doc = readFileSync('docs/table.md', 'utf8');

  it('names every export of src/table', () => {
    const names = Object.keys(table);
    expect(names.length).toBeGreaterThan(80);
    for (const name of names) expect(doc, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
