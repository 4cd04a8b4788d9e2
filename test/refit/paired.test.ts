/** The paired difference of `volley refit check` (src/stats/paired.ts, src/sim/studies/refitCheck.ts) and its CLI. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareRefitCheck, runRefitCheck, buildRefitResults } from '../../src/sim/studies/refitCheck.js';
import { addPair, emptyPaired, mergePaired, pairedDifference } from '../../src/stats/paired.js';
import { zFor } from '../../src/stats/intervals.js';
import { withoutProgress } from '../helpers.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-refit-'));

describe('paired difference', () => {
  it('matches a hand computation: mean of the differences, normal 95% interval with the sample sd', () => {
    const pairs: [number, number][] = [[1, 0], [0, 0], [1, 1], [2, 0], [0, 1], [3, 1], [1, 0], [0, 0]];
    const acc = emptyPaired();
    for (const [a, b] of pairs) addPair(acc, a, b);
    const d = pairs.map(([a, b]) => a - b); // 1 0 0 2 -1 2 1 0
    const mean = d.reduce((s, x) => s + x, 0) / d.length; // 5/8
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1));
    const half = (zFor(0.95) * sd) / Math.sqrt(d.length);
    const r = pairedDifference(acc);
    expect(acc).toEqual({ n: 8, sum: 5, sumSq: 11 });
    expect(r.mean).toBe(0.625);
    expect(r.sd).toBeCloseTo(sd, 12);
    expect(r.lo).toBeCloseTo(mean - half, 10);
    expect(r.hi).toBeCloseTo(mean + half, 10);
    expect(r.containsZero).toBe(true);
    // Merging halves gives the same sums.
    const a = emptyPaired();
    const b = emptyPaired();
    pairs.slice(0, 3).forEach(([x, y]) => addPair(a, x, y));
    pairs.slice(3).forEach(([x, y]) => addPair(b, x, y));
    mergePaired(a, b);
    expect(a).toEqual(acc);
  });

  it('a constant nonzero difference is told from zero; no difference is not', () => {
    const acc = emptyPaired();
    for (let i = 0; i < 10; i++) addPair(acc, 1, 0);
    expect(pairedDifference(acc)).toMatchObject({ mean: 1, lo: 1, hi: 1, containsZero: false });
    expect(pairedDifference(emptyPaired()).containsZero).toBe(true);
  });
});

describe('common random numbers', () => {
  it('a refit exception that changes nothing gives a difference of exactly 0 in every engagement', async () => {
    const dir = tmp();
    const file = join(dir, 'same.refit.yaml');
    // Morale 4 is the default: with and without the exception the scenarios are the same.
    writeFileSync(
      file,
      'kind: refit\nname: same\nresetUnnamed: true\nrules:\n  - match: { id: IR-12-I }\n    set: { morale: 4 }\n  - match: { id: Stein-IR-12-I }\n    set: { morale: 4 }\n',
    );
    const prep = prepareRefitCheck({ refitFile: file, scenarioFiles: ['sims/town-assault.scenario.yaml', 'sims/village-assault.scenario.yaml'], engagements: 40, seed: 7 });
    expect(prep.tasks).toHaveLength(2);
    const accs = await runRefitCheck(prep, 0);
    for (const a of accs) {
      for (const p of [a.retreated, a.eliminated, a.checksFailed, a.sideWon]) expect(p).toEqual({ n: 40, sum: 0, sumSq: 0 }); // sumSq 0: every difference is 0
    }
    const results = buildRefitResults(prep, accs);
    expect(results.exceptions.every((x) => x.noMeasurableEffect && !x.largestEffect)).toBe(true);
  });

  it('a real exception changes what its unit does in some engagements', async () => {
    const dir = tmp();
    const file = join(dir, 'guard.refit.yaml');
    writeFileSync(file, 'kind: refit\nname: guard\nrules:\n  - match: { id: IR-12-I }\n    set: { morale: 6 }\n');
    const prep = prepareRefitCheck({ refitFile: file, scenarioFiles: ['sims/town-assault.scenario.yaml'], engagements: 300, seed: 1 });
    const accs = await runRefitCheck(prep, 0);
    const acc = accs[0];
    const r = buildRefitResults(prep, accs).exceptions[0];
    expect(r).toMatchObject({ unit: 'IR-12-I', field: 'morale', value: 6, defaultValue: 4 });
    expect(acc.retreated.sumSq + acc.eliminated.sumSq + acc.checksFailed.sumSq).toBeGreaterThan(0);
    expect(r.n).toBe(300);
  });
});

describe('refit check without --workers (RunOptions.autoStart)', () => {
  it('a short check plays in this thread and gives what one thread gives', async () => {
    const dir = tmp();
    const file = join(dir, 'guard.refit.yaml');
    writeFileSync(file, 'kind: refit\nname: guard\nrules:\n  - match: { id: IR-12-I }\n    set: { morale: 6 }\n');
    const prep = prepareRefitCheck({ refitFile: file, scenarioFiles: ['sims/town-assault.scenario.yaml'], engagements: 200, seed: 3 });
    const here = await runRefitCheck(prep, 0);
    const auto = await runRefitCheck(prep, { workers: 2, autoStart: true });
    expect(auto.workers).toBe(0);
    expect(here.workers).toBe(0);
    expect([...auto]).toEqual([...here]);
    expect((await runRefitCheck(prep, 2)).workers).toBe(2);
  });
});

describe('volley refit check', () => {
  it('runs the shipped refit on village-assault, exits 0 and writes refit-check.json and the page', () => {
    const out = join(tmp(), 'rc');
    const r = spawnSync(
      process.execPath,
      [join(process.cwd(), 'dist/cli/main.js'), 'refit', 'check', 'sims/refit-village.refit.yaml', '--scenario', 'sims/village-assault.scenario.yaml', '-n', '100', '--out', out],
      { encoding: 'utf8' },
    );
    expect(withoutProgress(r.stderr)).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Stein-IR-12-I\s+morale\s+6 vs 4/);
    // Before it plays: what the refit changes, the units no rule names among them.
    expect(r.stdout.indexOf('refit sims/refit-village.refit.yaml on sims/village-assault.scenario.yaml changes:')).toBe(0);
    expect(r.stdout).toMatch(/Stein-IR-12-II\s+morale\s+5\s+4\s+defaultMorale \(no rule names it\)/);
    // Every column that needs it is explained under the table.
    for (const c of ['retreats pp', 'eliminated pp', 'failed checks', 'side wins pp']) expect(r.stdout).toMatch(new RegExp(`\\n  ${c}\\s+change in `));
    expect(r.stdout).toContain('Units each exception moves, both sides');
    const json = JSON.parse(readFileSync(join(out, 'refit-check.json'), 'utf8'));
    expect(json.exceptions.map((x: { unit: string | null; field: string }) => `${x.unit ?? 'formation'}:${x.field}`)).toEqual([
      'Stein-IR-12-I:morale',
      'Pirch-Landwehr:morale',
      'Pirch-IR-2-I:flags.steadfast',
      'Pirch-IR-2-II:flags.steadfast',
      'formation:demoralization',
    ]);
    expect(json.exceptions[0].note).toMatch(/guard/);
    expect(json.changes[0].changes).toHaveLength(6);
    // Every exception watches all 21 units of both sides, at a level shared by their 42 figures.
    for (const x of json.exceptions) expect([x.unitsWatched, x.unitEffectsLevel]).toEqual([21, 1 - 0.05 / 42]);
    expect(existsSync(join(out, 'refit-check.html'))).toBe(true);
    const page = readFileSync(join(out, 'refit-check.html'), 'utf8');
    expect(page).toContain('Stein-IR-12-I');
    // The standard duels: one per distinct counter the refit changes, both ways round.
    expect(json.duels.map((d: { units: string[]; role: string }) => `${d.units.join('+')}:${d.role}`)).toEqual([
      'Stein-IR-12-I:attacking',
      'Stein-IR-12-I:defending',
      'Pirch-IR-2-I+Pirch-IR-2-II:attacking',
      'Pirch-IR-2-I+Pirch-IR-2-II:defending',
      'Pirch-Landwehr:attacking',
      'Pirch-Landwehr:defending',
    ]);
    expect(r.stdout).toMatch(/defends\s+Pirch-Landwehr \(infantry 5, morale 3\)/);
    expect(page).toContain('Standard duels');
    expect(page).toContain('<h2 id="units">Units each exception moves</h2>');
    expect(page).toContain('<th title="change in the share of engagements in which the unit retreated at least once');
    expect(page).toContain('<h2 id="changes">What the refit changes</h2>');
    for (const f of ['exceptions.csv', 'unit-effects.csv', 'duels.csv', 'refit-effects.png', 'refit-effects.csv', 'refit-duels.svg', 'refit-duels.vl.json', 'refit-duels.csv']) {
      expect(existsSync(join(out, f)), f).toBe(true);
      expect(page).toContain(`href="${f}"`);
    }
    expect(readFileSync(join(out, 'duels.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(1 + 6);
    expect(readFileSync(join(out, 'exceptions.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(1 + 5);
  }, 120_000);

  it('a rule matching nothing exits 2 naming the refit file, line and field', () => {
    const dir = tmp();
    const file = join(dir, 'bad.refit.yaml');
    writeFileSync(file, 'kind: refit\nname: bad\nrules:\n  - match: { tag: hussars }\n    set: { morale: 5 }\n');
    const r = spawnSync(process.execPath, [join(process.cwd(), 'dist/cli/main.js'), 'refit', 'check', file, '--scenario', 'sims/town-assault.scenario.yaml', '-n', '10'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.refit\.yaml:4: rules\[0\]\.match: matches no unit in sims\/town-assault\.scenario\.yaml/);
  });
});
