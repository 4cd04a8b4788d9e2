/** docs/rules/burt.md keeps up with the code: every option, every cited test file, every named function. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as armyMorale from '../../src/rules/burt/armyMorale.js';
import * as cohesion from '../../src/rules/burt/cohesion.js';
import * as die from '../../src/rules/burt/die.js';
import * as figures from '../../src/rules/burt/figures.js';
import * as fire from '../../src/rules/burt/fire.js';
import * as melee from '../../src/rules/burt/melee.js';
import * as morale from '../../src/rules/burt/morale.js';
import * as movement from '../../src/rules/burt/movement.js';
import * as odds from '../../src/rules/burt/odds.js';
import { BURT_OPTIONS } from '../../src/rules/burt/options.js';
import * as orders from '../../src/rules/burt/orders.js';
import * as tables from '../../src/rules/burt/tables.js';

const doc = readFileSync('docs/rules/burt.md', 'utf8');

describe('docs/rules/burt.md', () => {
  it('names every burt option, in the options table with its default', () => {
    const table = doc.slice(doc.indexOf('## Options'), doc.indexOf('## Where the text'));
    for (const o of BURT_OPTIONS) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${o.name}\``));
      expect(row, o.name).toBeDefined();
      expect(row!.split('|')[2].trim(), o.name).toBe(String(o.default));
    }
  });
  it('cites only test files that exist', () => {
    const files = doc.match(/test\/burt\/[\w.]+\.test\.ts/g) ?? [];
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(existsSync(f), f).toBe(true);
  });
  it('names in the coverage table only functions and tables that are exported', () => {
    const exported = new Set(Object.keys({ ...armyMorale, ...cohesion, ...die, ...figures, ...fire, ...melee, ...morale, ...movement, ...odds, ...orders, ...tables }));
    const coverage = doc.slice(doc.indexOf('## Coverage'), doc.indexOf('## Readings'));
    const named = [...coverage.matchAll(/`([A-Za-z_]+)`/g)].map((m) => m[1]).filter((n) => !n.startsWith('burt'));
    expect(named.length).toBeGreaterThan(40);
    for (const n of named) expect(exported.has(n), n).toBe(true);
  });
});
