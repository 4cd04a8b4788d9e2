/**
 * `volley run --export csv|ndjson`: one row per engagement, streamed in batch order, identical for any
 * number of workers, and tallying to results.json (docs/files.md, "Engagement exports").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { volleyHere } from '../cli/here.js';
import { tmp, volley } from './cli.js';

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n') row.push(field), rows.push(row), (row = []), (field = '');
    else field += c;
  }
  if (field !== '' || row.length) row.push(field), rows.push(row);
  return rows;
}

// Two factors: the cell labels hold a comma, so the CSV must quote them.
const EXPERIMENT = 'sims/flank-vs-frontal.experiment.yaml';
const N = 300;

describe('engagement exports', () => {
  const root = tmp();
  const dir = (name: string) => join(root, name);
  beforeAll(async () => {
    for (const [name, w, format] of [['csv2', '2', 'csv'], ['csv0', '0', 'csv'], ['nd2', '2', 'ndjson']]) {
      const args = ['run', EXPERIMENT, '-n', String(N), '--batch', '70', '-w', w, '--out', dir(name), '--quiet', '--no-report', '--export', format];
      // The built program for the first export, the command line in this process (test/cli/here.ts) for the others.
      const r = name === 'csv2' ? volley(args) : await volleyHere(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
  });

  it('CSV: a header, one row per engagement in cell and engagement order, winners tallying to results.json', () => {
    const results = JSON.parse(readFileSync(join(dir('csv2'), 'results.json'), 'utf8'));
    const [header, ...rows] = parseCsv(readFileSync(join(dir('csv2'), 'engagements.csv'), 'utf8'));
    expect(header.slice(0, 9)).toEqual(['cell', 'label', 'defender.terrain', 'attacker.stacks[1].hexside', 'engagement', 'seed', 'winner', 'reason', 'turns']);
    for (const col of ['a_strengthLost', 'd_strengthLost', 'a_checksByRating_0', 'd_failedByRating_7', 'a_checksByClass_infantry', 'd_formationsBroken', 'x_flankedRounds']) {
      expect(header).toContain(col);
    }
    expect(rows).toHaveLength(results.cells.length * N);
    for (const r of rows) expect(r).toHaveLength(header.length);
    const col = (name: string) => header.indexOf(name);
    results.cells.forEach((cell: { label: string; factors: Record<string, unknown>; summary: { outcome: { winner: string; count: number }[] } }, k: number) => {
      const mine = rows.slice(k * N, (k + 1) * N);
      expect(mine.map((r) => Number(r[col('engagement')]))).toEqual([...Array(N).keys()]);
      for (const r of mine) {
        expect(r[col('cell')]).toBe(String(k));
        expect(r[col('label')]).toBe(cell.label);
        expect(r[col('attacker.stacks[1].hexside')]).toBe(String(cell.factors['attacker.stacks[1].hexside']));
        expect(r[col('seed')]).toBe(`1813/cell/${r[col('engagement')]}`);
      }
      for (const o of cell.summary.outcome) expect(mine.filter((r) => r[col('winner')] === o.winner).length, `${cell.label} ${o.winner}`).toBe(o.count);
    });
  });

  it('the file is the same for 0 and 2 workers', () => {
    expect(readFileSync(join(dir('csv0'), 'engagements.csv'), 'utf8')).toBe(readFileSync(join(dir('csv2'), 'engagements.csv'), 'utf8'));
  });

  it('NDJSON: the same columns and values, one JSON object per line', () => {
    const [header, ...rows] = parseCsv(readFileSync(join(dir('csv2'), 'engagements.csv'), 'utf8'));
    const lines = readFileSync(join(dir('nd2'), 'engagements.ndjson'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(rows.length);
    lines.forEach((line, i) => {
      const o = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(o)).toEqual(header);
      expect(Object.values(o).map((v) => (v === null ? '' : String(v)))).toEqual(rows[i]);
    });
  });

  it('a factor named like a result column (turns) gets the prefix factor., and both survive', async () => {
    const file = join(root, 'turns.experiment.yaml');
    writeFileSync(
      file,
      ['kind: experiment', 'name: turns', `scenario: ${join(process.cwd(), 'sims/town-assault.scenario.yaml')}`, 'engagements: 20', 'seed: 1', 'vary:', '  turns: [1, 6]', ''].join('\n'),
    );
    for (const format of ['csv', 'ndjson']) {
      const r = await volleyHere(['run', file, '--out', dir(`turns-${format}`), '--quiet', '--no-report', '--export', format]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    const [header, ...rows] = parseCsv(readFileSync(join(dir('turns-csv'), 'engagements.csv'), 'utf8'));
    expect(new Set(header).size).toBe(header.length);
    expect(header.slice(0, 3)).toEqual(['cell', 'label', 'factor.turns']);
    expect(header).toContain('turns');
    const at = (row: string[], col: string) => row[header.indexOf(col)];
    expect(rows.map((row) => at(row, 'factor.turns'))).toEqual([...Array(20).fill('1'), ...Array(20).fill('6')]);
    // A one-turn limit plays one turn.
    for (const row of rows.slice(0, 20)) expect(at(row, 'turns')).toBe('1');
    const objects = readFileSync(join(dir('turns-ndjson'), 'engagements.ndjson'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects[25]['factor.turns']).toBe(6);
    expect(Object.keys(objects[25])).toEqual(header);
  });
});
