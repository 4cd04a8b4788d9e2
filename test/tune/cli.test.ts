/**
 * `volley tune` from the command line (built CLI): a run writes tune.json, tune.csv, the chart files
 * and the page, prints the verdict and exits 0, with the numbers of a run in this thread; a bad --target,
 * --param or --range is one line naming the flag, exit code 2, and nothing written (DESIGN.md,
 * "Reliability").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareTune } from '../../src/sim/studies/tune.js';
import { runTune } from '../../src/sim/studies/tuneRun.js';
import { volleyHere } from '../cli/here.js';
import { tmp, volleyAll, type CliResult } from '../reliability/cli.js';

const FILE = 'test/tune/one-round.scenario.yaml';
const BASE: Record<string, string> = { '--param': 'defender.units[*].morale', '--target': 'side[Grey].retreatRate = 20%', '--range': '0..10', '-n': '1000', '--seed': '7' };
/** The arguments of the good run, with some replaced. */
const args = (change: Record<string, string> = {}) => Object.entries({ ...BASE, ...change }).flat();

describe('volley tune on the command line', () => {
  const dir = tmp();
  const out = join(dir, 'tune');
  let run: CliResult;
  const bad: Omit<CliResult, 'signal'>[] = [];
  beforeAll(async () => {
    // The run as the built program; the refusals in this process (test/cli/here.ts).
    [run] = await volleyAll([['tune', FILE, ...args(), '-w', '1', '-o', out]], 1);
    for (const refused of [
      ['tune', FILE, ...args({ '--target': 'side[Grey].retreatRat = 20%' }), '-o', join(dir, 'bad-target')],
      ['tune', FILE, ...args({ '--param': 'defender.units[*].moral' }), '-o', join(dir, 'bad-param')],
      ['tune', FILE, ...args({ '--range': '0..11' }), '-o', join(dir, 'bad-range')],
    ])
      bad.push(await volleyHere(refused));
  });

  it('writes tune.json, tune.csv, the chart and the page, prints the verdict, exits 0', () => {
    expect(run.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    expect(run.code).toBe(0);
    for (const f of ['tune.json', 'tune.csv', 'tune.html', 'tune-curve.vl.json', 'tune-curve.svg', 'tune-curve.png']) expect(existsSync(join(out, f)), f).toBe(true);
    const r = JSON.parse(readFileSync(join(out, 'tune.json'), 'utf8'));
    expect(r.format).toBe('volley-tune/1');
    expect(r.param).toMatchObject({ path: 'defender.units[*].morale', kind: 'integer', places: 1, scenarioValue: 4 });
    expect(r.target).toMatchObject({ metric: 'side[Grey].retreatRate', kind: 'share', value: 0.2 });
    expect(r.provenance).toMatchObject({ seed: 7, engagementsPerPoint: 1000, rngKey: 'cell' });
    expect(r.method.name).toBe('every candidate');
    expect(r.points.map((p: { x: number }) => p.x)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Exact chances (volley odds): 0.2654 x (7 - m) / 6 for m >= 1, so 20% lies between morale 2 and 3.
    expect([2, 3]).toContain(r.chosen.x);
    expect(r.points.filter((p: { chosen: boolean }) => p.chosen)).toHaveLength(1);
    const interval =
      r.interval.kind === 'bracket'
        ? `between ${r.interval.lo} and ${r.interval.hi}: the estimate jumps across the target there`
        : `${r.interval.lo === r.interval.hi ? r.interval.lo : `${r.interval.lo}..${r.interval.hi}`}: the values whose 95% interval contains the target`;
    expect(run.stdout.split('\n')[0]).toBe(
      `defender.units[*].morale = ${r.chosen.x} brings side[Grey].retreatRate to ${(100 * r.chosen.value).toFixed(1)}% [${(100 * r.chosen.lo).toFixed(1)}, ${(100 * r.chosen.hi).toFixed(1)}], target 20%; interval ${interval}`,
    );
    const csv = readFileSync(join(out, 'tune.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('param,value,metric,estimate,lo,hi,se,n,contains_target,chosen,round');
    expect(csv).toHaveLength(12);
    expect(csv[r.chosen.x + 1]).toMatch(new RegExp(`^defender\\.units\\[\\*\\]\\.morale,${r.chosen.x},side\\[Grey\\]\\.retreatRate,${r.chosen.value},.*,1000,${r.chosen.containsTarget ? 1 : 0},1,0$`));
    const page = readFileSync(join(out, 'tune.html'), 'utf8');
    expect(page).toContain('Tuning defender.units[*].morale');
    expect(page).toContain('volley-specs');
    expect(page).not.toMatch(/<script[^>]+src=/);
    expect(readFileSync(join(out, 'tune-curve.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('played again with --no-report and --force, the earlier report goes and tune.csv stays', async () => {
    const again = join(dir, 'again');
    const [first] = await volleyAll([['tune', FILE, ...args(), '-o', again]], 1);
    expect(first.code).toBe(0);
    expect(existsSync(join(again, 'tune-curve.png'))).toBe(true);
    const [second] = await volleyAll([['tune', FILE, ...args({ '--seed': '8' }), '-o', again, '--no-report', '--force']], 1);
    expect(second.code, second.stderr).toBe(0);
    for (const gone of ['tune.html', 'tune-curve.png', 'tune-curve.vl.json', '.volley-report']) expect(existsSync(join(again, gone)), gone).toBe(false);
    for (const kept of ['tune.json', 'tune.csv']) expect(existsSync(join(again, kept)), kept).toBe(true);
  }, 60_000);

  it('gives the same points on a worker as in this thread (the runner merges batches in order)', async () => {
    const prep = prepareTune({ file: FILE, param: BASE['--param'], target: BASE['--target'], range: BASE['--range'], engagements: 1000, seed: 7 });
    const here = await runTune(prep, { workers: 0 });
    const file = JSON.parse(readFileSync(join(out, 'tune.json'), 'utf8'));
    expect(file.points).toEqual(here.points);
    expect(file.provenance.hash).toBe(here.provenance.hash);
    expect(file.timing.workers).toBe(1);
  });

  it('a bad --target, --param or --range: one line naming the flag, exit 2, nothing written', () => {
    const expected = [/^volley: --target: unknown metric 'side\[Grey\]\.retreatRat'.*did you mean 'side\[Grey\]\.retreatRate'/, /^volley: --param: /, /^volley: --range: .* = 11 makes the scenario invalid/];
    bad.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(expected[i]);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    });
    for (const d of ['bad-target', 'bad-param', 'bad-range']) expect(existsSync(join(dir, d)), d).toBe(false);
  });
});
