/**
 * The shape of the code (DESIGN.md "Layout", STYLE.md 1 and 5): imports point one way
 * (cli -> sim/report -> results/scenario -> rules/index -> rules/<id> -> hex/table/stats -> core), a rule
 * system's folder is reached only through the registry, src/ has no import cycles, the pure layers do
 * no I/O, and nothing outside the CLI reads the clock or Math.random.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.c?ts$/.test(p) ? [p] : [];
  });
}

const layer = (p: string) => p.split('/')[1];
/** Relative imports of a file (static, type-only and dynamic), as paths of .ts files from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const dir = file.split('/').slice(0, -1).join('/');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => normalize(join(dir, s)).replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts'));
}

const ALLOWED: Record<string, string[]> = {
  core: ['core'],
  hex: ['core', 'hex'],
  table: ['core', 'table'],
  stats: ['core', 'stats'],
  rules: ['core', 'hex', 'table', 'stats', 'rules'],
  scenario: ['core', 'rules', 'scenario'],
  results: ['core', 'stats', 'scenario', 'results'],
  sim: ['core', 'stats', 'rules', 'scenario', 'results', 'sim'],
  report: ['core', 'stats', 'results', 'report'],
  cli: ['core', 'stats', 'rules', 'scenario', 'results', 'sim', 'report', 'cli'],
  // the build step that bundles tsc's output (dist/cli/): it imports nothing of the project
  build: [],
};

/** The rule system folder a path is in (src/rules/aor/... -> 'aor'), or null. */
const ruleSystem = (p: string) => /^src\/rules\/([^/]+)\//.exec(p)?.[1] ?? null;

describe('architecture', () => {
  const src = files('src');

  it('imports point one way', () => {
    for (const f of src) {
      const allowed = ALLOWED[layer(f)];
      expect(allowed, `unknown layer of ${f}`).toBeDefined();
      for (const to of importsOf(f)) expect(allowed, `${f} imports from src/${layer(to)}`).toContain(layer(to));
    }
  });

  it('only src/rules/index.ts reaches into a rule system, and no rule system into another', () => {
    for (const f of src) {
      const own = ruleSystem(f);
      for (const to of importsOf(f)) {
        const target = ruleSystem(to);
        if (target === null || f === join('src', 'rules', 'index.ts')) continue;
        expect(own, `${f} imports ${to}: outside src/rules/${target}, go through the registry (src/rules/index.ts)`).toBe(target);
      }
    }
  });

  it('src has no import cycles', () => {
    const graph = new Map(src.map((f) => [f, importsOf(f).filter((t) => t.startsWith('src/'))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of src) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('src/core, src/hex, src/table, src/stats and src/rules do no I/O', () => {
    for (const f of src.filter((f) => ['core', 'hex', 'table', 'stats', 'rules'].includes(layer(f)))) {
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
    const readers = src.filter((f) => /from '\.\/stopwatch\.js'|from '[./]*sim\/engine\/stopwatch\.js'/.test(readFileSync(f, 'utf8')));
    expect(readers.sort()).toEqual([join('src', 'sim', 'engine', 'runner.ts'), join('src', 'sim', 'engine', 'worker.ts')]);
  });
});
