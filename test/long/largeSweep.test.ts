/**
 * An experiment of 10,000 cells (issue 17, item 6), played with one engagement a cell: results.json
 * stays far under 50 MB (the cells are in cells.columns.json beside it), reads back whole, and the
 * report summarizes every cell (the table of every cell, cells.csv, the small multiples). 30 to 60 s
 * on two busy cores, most of it building, writing and reading 10,000 cells' summaries: too slow for npm test.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readResults } from '../../src/results/store.js';
import type { Results } from '../../src/results/results.js';
import { volley } from '../cli/volley.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-10000-'));
const ten = (from: number) => `[${Array.from({ length: 10 }, (_, i) => from + i).join(', ')}]`;

describe('an experiment of 10,000 cells', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps results.json under 50 MB, reads back every cell, and reports every cell', () => {
    const file = join(dir, 'ten-thousand.experiment.yaml');
    writeFileSync(
      file,
      [
        'kind: experiment',
        'name: ten-thousand',
        `scenario: ${join(process.cwd(), 'sims/town-assault.scenario.yaml')}`,
        'engagements: 1',
        'seed: 1815',
        'vary:',
        `  defender.units[*].morale: ${ten(1)}`,
        `  defender.units[*].strength: ${ten(3)}`,
        `  attacker.stacks[*].units[*].strength: ${ten(3)}`,
        `  turns: ${ten(1)}`,
        '',
      ].join('\n'),
    );
    const out = join(dir, 'out');
    const r = volley(['run', file, '-o', out, '-q']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(statSync(join(out, 'results.json')).size).toBeLessThan(50e6);
    expect(statSync(join(out, 'results.json')).size).toBeLessThan(100e3);
    // The columns of 10,000 cells of one engagement each: about 25 MB.
    expect(statSync(join(out, 'cells.columns.json')).size).toBeLessThan(50e6);

    const results = readResults(out) as Results;
    expect(results.cells).toHaveLength(10_000);
    expect(results.cells.map((c) => c.index)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(results.cells[9_999].factors).toEqual({ 'defender.units[*].morale': 10, 'defender.units[*].strength': 12, 'attacker.stacks[*].units[*].strength': 12, turns: 10 });

    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const data = JSON.parse(html.match(/<script type="application\/json" id="volley-cells">([^<]*)<\/script>/)![1]) as { rows: unknown[][] };
    expect(data.rows).toHaveLength(10_000);
    expect(html).toContain('data-spec="small-multiples"');
    expect(html).toContain('id="rank-metric"');
    expect(html.length).toBeLessThan(5e6);
    expect(readFileSync(join(out, 'cells.csv'), 'utf8').trim().split('\n')).toHaveLength(10_001);
  });
});
