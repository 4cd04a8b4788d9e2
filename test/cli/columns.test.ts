/**
 * An experiment of more than COLUMNS_ABOVE cells end to end (src/results/store.ts): results.json names
 * cells.columns.json, which holds the cells; the same for 0 and 2 workers and after --resume; the same
 * command again shows the run from its files; a run of fewer cells in the folder removes the columns.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readResults } from '../../src/results/store.js';
import type { Results } from '../../src/results/results.js';
import { volleyHere } from './here.js';
import { volley } from './volley.js';
import { startVolley, waitFor } from '../reliability/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-columns-cli-'));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 10 x 5 x 5 = 250 cells of the town assault. */
const file = join(dir, 'wide.experiment.yaml');
writeFileSync(
  file,
  [
    'kind: experiment',
    'name: wide',
    `scenario: ${join(process.cwd(), 'sims/town-assault.scenario.yaml')}`,
    'engagements: 3',
    'seed: 5',
    'vary:',
    `  defender.units[*].morale: [${range(1, 10).join(', ')}]`,
    `  attacker.stacks[*].units[*].strength: [${range(4, 8).join(', ')}]`,
    `  turns: [${range(2, 6).join(', ')}]`,
    '',
  ].join('\n'),
);

const withoutTiming = (text: string) => text.replace(/,\n  "timing"[\s\S]*$/, '');

describe('volley run of 250 cells', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes results.json and cells.columns.json, the same for 0 and 2 workers', async () => {
    const outs: string[] = [];
    for (const w of [0, 2]) {
      const out = join(dir, `w${w}`);
      const args = ['run', file, '-w', String(w), '-o', out, '-q', '--no-report', '--batch', '1'];
      // On 2 workers the built program; on none the command line in this process (./here.ts).
      const r = w === 2 ? volley(args) : await volleyHere(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      outs.push(out);
    }
    const [a, b] = outs.map((o) => readFileSync(join(o, 'results.json'), 'utf8'));
    expect(withoutTiming(a)).toBe(withoutTiming(b));
    expect(readFileSync(join(outs[0], 'cells.columns.json'), 'utf8')).toBe(readFileSync(join(outs[1], 'cells.columns.json'), 'utf8'));
    const json = JSON.parse(a);
    expect(json.format).toBe('volley-results/2');
    expect(json.cells).toBeUndefined();
    expect(json.cellColumns).toEqual({ file: 'cells.columns.json', format: 'volley-cell-columns/1', cells: 250 });
    const r = readResults(outs[0]) as Results;
    expect(r.format).toBe('volley-results/1');
    expect(r.cells).toHaveLength(250);
    expect(r.cells[249].factors).toEqual({ 'defender.units[*].morale': 10, 'attacker.stacks[*].units[*].strength': 8, turns: 6 });
    expect(r.cells.every((c) => c.summary.engagements === 3)).toBe(true);
    expect(statSync(join(outs[0], 'results.json')).size).toBeLessThan(60_000);
  });

  it('the same command again shows the run from its files, answering for the first cells', async () => {
    const out = join(dir, 'again');
    expect((await volleyHere(['run', file, '-w', '0', '-o', out, '-q'])).code).toBe(0);
    const r = await volleyHere(['run', file, '-w', '0', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('holds this run already');
    expect(r.stdout).toContain('... and 242 more cells');
    expect(readFileSync(join(out, 'cells.csv'), 'utf8').trim().split('\n')).toHaveLength(251);
  });

  it('--resume after a kill writes the same files; a run of fewer cells there removes the columns', async () => {
    const out = join(dir, 'resumed');
    const args = ['run', file, '-w', '2', '-o', out, '-q', '--no-report', '--batch', '1'];
    // Slows every batch in the workers (a test hook of src/sim/engine/worker.ts) so the run can be killed midway.
    const run = startVolley(args, { VOLLEY_FAULT: 'delay:ms=5' });
    await waitFor(() => existsSync(join(out, 'checkpoint.ndjson')) && readFileSync(join(out, 'checkpoint.ndjson'), 'utf8').split('\n').length > 40, 30_000, 'batches in the checkpoint');
    run.child.kill('SIGKILL');
    await run.done;
    expect(existsSync(join(out, 'results.json'))).toBe(false);
    const resumed = await volleyHere([...args, '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const whole = join(dir, 'w0');
    expect(withoutTiming(readFileSync(join(out, 'results.json'), 'utf8'))).toBe(withoutTiming(readFileSync(join(whole, 'results.json'), 'utf8')));
    expect(readFileSync(join(out, 'cells.columns.json'), 'utf8')).toBe(readFileSync(join(whole, 'cells.columns.json'), 'utf8'));

    const small = await volleyHere(['run', 'sims/town-assault.experiment.yaml', '-n', '3', '-w', '0', '-o', out, '-q', '--no-report', '--force']);
    expect(small.stderr).toBe('');
    expect(small.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).format).toBe('volley-results/1');
    expect(existsSync(join(out, 'cells.columns.json'))).toBe(false);
  }, 120_000);
});
