/**
 * `volley run --precision` end to end on the built CLI (docs/files.md, "Stopping at a target
 * precision"): the target reached and the maximum reached, with their messages and results.json
 * fields; the same results.json for 0 and 2 workers (DESIGN.md, "Accumulators"); bad flags exit 2
 * with one line and write nothing (DESIGN.md, "Reliability"; every flag error's message is tested in
 * test/sim/precision.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { volleyHere } from './here.js';
import { tmp, volleyAll, type CliResult } from '../reliability/cli.js';
import { withoutProgress } from '../helpers.js';
import { capWarning } from '../../src/sim/studies/prepare.js';
import { trialsFor } from '../../src/stats/precision.js';
import { DEFAULT_MAX_ENGAGEMENTS } from '../../src/scenario/limits.js';

const FILE = 'sims/town-assault.experiment.yaml';
const root = tmp();
const out = (name: string) => join(root, name);
const REACHED = ['--precision', '0.04', '--max-engagements', '3000', '--batch', '100', '--no-report'];

const calls: Record<string, string[]> = {
  reached2: ['run', FILE, ...REACHED, '-w', '2', '--out', out('reached2')],
  reached0: ['run', FILE, ...REACHED, '-w', '0', '--out', out('reached0'), '--quiet'],
  maximum: ['run', FILE, '--precision', '0.01', '--max-engagements', '300', '--batch', '100', '-w', '0', '--out', out('maximum'), '--quiet', '--no-report'],
  withN: ['run', FILE, '--precision', '0.01', '-n', '1000', '--out', out('never')],
  belowBatch: ['run', FILE, '--precision', '0.01', '--max-engagements', '50', '--batch', '100', '--out', out('never')],
  variants: ['run', 'sims/terrain-reductions.experiment.yaml', '--precision', '0.01', '--out', out('never')],
};

function results(name: string): { provenance: Record<string, any>; cells: { summary: { engagements: number } }[]; timing?: unknown } {
  return JSON.parse(readFileSync(join(out(name), 'results.json'), 'utf8'));
}

describe('volley run --precision', () => {
  const r: Record<string, CliResult> = {};
  beforeAll(async () => {
    // The two runs compared as the built program; the cap and the refusals in this process (test/cli/here.ts).
    const built = ['reached2', 'reached0'];
    const done = await volleyAll(built.map((n) => calls[n]), 2);
    built.forEach((n, i) => (r[n] = done[i]));
    for (const n of Object.keys(calls).filter((k) => !built.includes(k))) r[n] = { ...(await volleyHere(calls[n])), signal: null };
  });

  it('reaches the target and says so: console, and results.json provenance', () => {
    expect(withoutProgress(r.reached2.stderr)).toBe('');
    expect(r.reached2.code).toBe(0);
    expect(r.reached2.stdout).toMatch(/^precision: target reached in every cell: every primary share's 95% interval has a half-width of at most 0\.04 \(±4\.00 points\)$/m);
    expect(r.reached2.stdout).toMatch(/^ {2}engagements per cell: [\d,]+ to [\d,]+ \([\d,]+ in all\); widest half-width left 0\.0[0-3]\d\d \(±[0-3]\.\d\d points\): /m);
    const p = results('reached2').provenance.precision;
    expect(p).toMatchObject({ target: 0.04, level: 0.95, rule: 'wilson-halfwidth-sequential/1', reached: true, stoppedBy: 'target', firstLook: 200, maxEngagements: 3000 });
    expect(p.widest.halfWidth).toBeLessThanOrEqual(0.04);
    expect(p.widest.metric).toMatch(/^(outcome\[\d\]|sides\[\d\]\.(retreatRate|moraleChecks\.failRate))$/);
    expect(p.primary).toEqual(expect.arrayContaining(['outcome[0]', 'outcome[1]', 'outcome[2]', 'sides[0].retreatRate', 'sides[1].retreatRate']));
    expect(p.cells.map((c: { engagements: number }) => c.engagements)).toEqual(results('reached2').cells.map((c) => c.summary.engagements));
  });

  it('gives the same results.json for 0 and 2 workers, apart from timing', () => {
    expect(r.reached0.code).toBe(0);
    expect(r.reached0.stdout + r.reached0.stderr).toBe('');
    const [a, b] = [results('reached0'), results('reached2')];
    delete a.timing;
    delete b.timing;
    expect(a).toEqual(b);
  });

  it('stops at --max-engagements and says so, even with --quiet', () => {
    expect(r.maximum.code).toBe(0);
    expect(r.maximum.stdout).toBe('');
    expect(r.maximum.stderr).toMatch(
      /^volley: warning: stopped at the maximum of 300 engagements per cell in 4 of 4 cells before reaching the target 0\.01 \(±1\.00 points\)\n {2}engagements per cell: 300 \(1,200 in all\); widest half-width left 0\.\d{4} \(±\d\.\d\d points\): .+\n {2}to reach the target, raise --max-engagements \(or an experiment's maxEngagements\) or ask for a wider --precision\n$/,
    );
    const res = results('maximum');
    expect(res.provenance.precision).toMatchObject({ target: 0.01, reached: false, stoppedBy: 'maximum', engagements: 1200, maxEngagements: 300 });
    expect(res.provenance.precision.widest.halfWidth).toBeGreaterThan(0.01);
    expect(res.provenance.precision.cells.every((c: { reached: boolean; engagements: number }) => !c.reached && c.engagements === 300)).toBe(true);
  });

  it.each([
    ['withN', '--precision: cannot be combined with -n/--engagements'],
    ['belowBatch', '--max-engagements: expected at least one batch (100 engagements; see --batch), found 50'],
    ['variants', '--precision: does not apply to sims/terrain-reductions.experiment.yaml, which compares variants'],
  ])('%s: exit code 2, one line, nothing written', (name, message) => {
    const x = r[name];
    expect(x.code).toBe(2);
    expect(x.stderr).toContain(`volley: ${message}`);
    expect(x.stderr.trim().split('\n')).toHaveLength(1);
    expect(x.stdout).toBe('');
    expect(existsSync(out('never'))).toBe(false);
  });
});

describe('a target the default cap cannot reach is said before the run plays', () => {
  it('capWarning: only under the default cap, and only when a share near 50% would need more', () => {
    // trialsFor(1/2, 0.01) = 9,604 (test/stats/precision.test.ts), far below 100,000.
    expect(capWarning({ halfWidth: 0.01, maxEngagements: DEFAULT_MAX_ENGAGEMENTS, capFrom: null })).toEqual([]);
    const [w] = capWarning({ halfWidth: 0.001, maxEngagements: DEFAULT_MAX_ENGAGEMENTS, capFrom: null });
    expect(w).toBe(`--precision 0.001 needs up to ${trialsFor(0.5, 0.001).toLocaleString('en-US')} engagements a cell (for a share near 50%); cells stop at 100,000 by default, some with wider intervals (see --max-engagements)`);
    // A cap the user gave is said only at the end (the 'maximum' run above).
    expect(capWarning({ halfWidth: 0.001, maxEngagements: 300, capFrom: '--max-engagements' })).toEqual([]);
  });
});
