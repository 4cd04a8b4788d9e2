/**
 * The shape of the code (DESIGN.md "Layout", STYLE.md 1 and 5): imports point one way
 * (cli -> sim/report/scenario -> rules -> doctrine -> core), the core does no I/O, and nothing outside
 * the CLI reads the clock or Math.random.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const layer = (p: string) => p.split('/')[1];
const imports = (text: string) => [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => m[1]);

function importedLayers(file: string): string[] {
  const dir = file.split('/').slice(0, -1);
  return imports(readFileSync(file, 'utf8')).map((rel) => {
    const parts = [...dir];
    for (const seg of rel.split('/')) {
      if (seg === '..') parts.pop();
      else if (seg !== '.') parts.push(seg);
    }
    return parts[1];
  });
}

const ALLOWED: Record<string, string[]> = {
  core: ['core'],
  hex: ['hex'],
  rules: ['core', 'hex', 'stats', 'rules', 'results', 'scenario'],
  stats: ['core', 'stats'],
  results: ['core', 'stats', 'rules', 'scenario', 'results'],
  scenario: ['core', 'hex', 'rules', 'scenario'],
  sim: ['core', 'hex', 'rules', 'scenario', 'stats', 'results', 'sim'],
  report: ['core', 'hex', 'stats', 'sim', 'results', 'report', 'rules'],
  cli: ['core', 'hex', 'rules', 'scenario', 'stats', 'sim', 'results', 'report', 'cli'],
};

describe('architecture', () => {
  const src = files('src');

  it('imports point one way', () => {
    for (const f of src) {
      const allowed = ALLOWED[layer(f)];
      expect(allowed, `unknown layer of ${f}`).toBeDefined();
      for (const l of importedLayers(f)) expect(allowed, `${f} imports from src/${l}`).toContain(l);
    }
  });

  it('src/core, src/hex, src/rules and src/doctrine do no I/O', () => {
    for (const f of src.filter((f) => ['core', 'hex', 'rules', 'doctrine'].includes(layer(f)))) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/from 'node:(fs|child_process|net|http)'|console\.|process\./);
    }
  });

  it('nothing outside src/cli uses Math.random or reads the clock, but the stopwatch the runner times batches with', () => {
    const STOPWATCH = join('src', 'sim', 'engine', 'stopwatch.ts');
    for (const f of src.filter((f) => layer(f) !== 'cli' && f !== STOPWATCH)) {
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/Math\.random|Date\.now\(|new Date\(\)|performance\.now/);
    }
    expect(readFileSync(STOPWATCH, 'utf8')).not.toMatch(/Math\.random/);
    // Its time never reaches the engine: only the runner and its worker read it.
    const readers = src.filter((f) => /from '\.\/stopwatch\.js'|from '[./]*sim\/stopwatch\.js'/.test(readFileSync(f, 'utf8')));
    expect(readers.sort()).toEqual([join('src', 'sim', 'engine', 'runner.ts'), join('src', 'sim', 'engine', 'worker.ts')]);
  });
});
