/** docs/rules/aoe.md keeps up with the code: every option named with its default, every cited test file present. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AOE_OPTIONS } from '../../src/rules/aoe/options.js';

const doc = readFileSync('docs/rules/aoe.md', 'utf8');

describe('docs/rules/aoe.md', () => {
  it('names every aoe option in its options table with the declared default', () => {
    const table = doc.slice(doc.indexOf('## Options'), doc.indexOf('## Gap-fillers'));
    for (const o of AOE_OPTIONS) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${o.name}\``));
      expect(row, o.name).toBeDefined();
      expect(row!.split('|')[2].trim(), o.name).toBe(`\`${String(o.default)}\``);
    }
  });
  it('cites only test files that exist, and every test file of test/aoe is cited', () => {
    const cited = new Set(doc.match(/test\/aoe\/[\w.-]+\.test\.ts/g) ?? []);
    for (const f of cited) expect(existsSync(f), f).toBe(true);
    for (const f of ['dice', 'options', 'units', 'march', 'movement', 'square', 'charge', 'volley', 'bayonet', 'hits', 'cohesion', 'outcome', 'odds']) {
      expect(cited.has(`test/aoe/${f}.test.ts`), f).toBe(true);
    }
  });
  it('has the sections the brief asks for: readings, gap-fillers and text-versus-rulings', () => {
    for (const h of ['## Readings this project adds', '## Gap-fillers used', '## Text and rulings']) expect(doc).toContain(h);
  });
});
