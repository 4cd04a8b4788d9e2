/**
 * The CLI end to end: worker-count determinism, a report and every shipped file on the built dist/
 * (npm test builds first); the results file, the messages and exit codes of bad input, rulesets, odds
 * and schema in this process (./here.ts: the same command line, without starting Node for each).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedSegments } from '../../src/scenario/paths.js';
import { describe, expect, it } from 'vitest';

import { volleyHere } from './here.js';
import { volley } from './volley.js';
import { parse as parseYaml } from 'yaml';
import { oddsFileSchema } from '../../src/scenario/jsonSchema.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-test-'));

function resultsWithoutTiming(dir: string): unknown {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  delete r.timing;
  return r;
}

describe('volley run', () => {
  it('gives identical results.json for 0, 1 and 2 workers once timing is removed (DESIGN.md, Accumulators)', async () => {
    const dirs: string[] = [];
    for (const w of [0, 1, 2]) {
      const out = join(tmp(), `w${w}`);
      const args = ['run', 'sims/town-assault.experiment.yaml', '-n', '700', '--batch', '100', '--workers', String(w), '--out', out, '--quiet', '--no-report'];
      // The built program once; the command line in this process for the other two (./here.ts).
      const r = w === 0 ? volley(args) : await volleyHere(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      dirs.push(out);
    }
    const [w0, w1, w2] = dirs.map(resultsWithoutTiming);
    expect(w1).toEqual(w2);
    expect(w0).toEqual(w1);
    expect(readFileSync(join(dirs[1], 'results.json'), 'utf8').replace(/"timing"[\s\S]*$/, '')).toBe(
      readFileSync(join(dirs[2], 'results.json'), 'utf8').replace(/"timing"[\s\S]*$/, ''),
    );
  });

  it('the Ligny-like report sets losses per hour against the CDB90 record and the battle itself', async () => {
    const out = join(tmp(), 'ligny');
    const r = await volleyHere(['run', 'sims/ligny-like.scenario.yaml', '-n', '8', '--batch', '4', '--out', out, '--quiet', '-w', '0']);
    expect(r.code).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('Losses per hour against the historical record');
    expect(html).toContain('CDB90');
    expect(html).toMatch(/(above|within|below) the middle half/);
    expect(html).toContain('one strength point 250 men');
  });

  it('records provenance: version, ruleset, every resolved option, seed, engagements and a hash', async () => {
    const out = join(tmp(), 'p');
    expect((await volleyHere(['run', 'sims/woods-vs-clear.experiment.yaml', '-n', '200', '--seed', '7', '--out', out, '--quiet', '--no-report', '-w', '0'])).code).toBe(0);
    const r = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(r.provenance.ruleset.id).toBe('aor');
    expect(r.provenance.seed).toBe(7);
    expect(r.provenance.engagementsPerCell).toBe(200);
    expect(r.provenance.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(r.cells[0].options)).toContain('aor.terrainReductions');
    expect(r.cells.map((c: { factors: Record<string, string> }) => c.factors['defender.terrain'])).toEqual(['clear', 'town', 'woods']);
    expect(Object.keys(r)).toEqual(['format', 'provenance', 'vocabulary', 'scale', 'sides', 'formations', 'objectives', 'turns', 'unmeasured', 'cells', 'timing']);
    // docs/files.md, results.json: the machine-dependent part, batches' own time within threads x wall.
    expect(Object.keys(r.timing)).toEqual(['workers', 'threads', 'wallSeconds', 'engagementsPerSecond', 'batchSeconds']);
    expect(r.timing.batchSeconds).toBeGreaterThan(0);
    expect(r.timing.batchSeconds).toBeLessThanOrEqual(r.timing.threads * r.timing.wallSeconds);
    for (const c of r.cells) {
      const shares = c.summary.outcome.reduce((s: number, o: { p: number }) => s + o.p, 0);
      expect(shares).toBeCloseTo(1, 12);
    }
  });

  it('prints a summary table and the report path', async () => {
    const out = join(tmp(), 's');
    const r = await volleyHere(['run', 'sims/town-assault.scenario.yaml', '-n', '100', '--out', out, '--no-report', '-w', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('French brigade wins');
    expect(r.stdout).toContain(join(out, 'results.json'));
  });

  it('a different seed gives different numbers, the same seed the same', async () => {
    const run = async (seed: string) => {
      const out = join(tmp(), seed);
      await volleyHere(['run', 'sims/town-assault.scenario.yaml', '-n', '300', '--seed', seed, '--out', out, '--quiet', '--no-report', '-w', '0']);
      return (resultsWithoutTiming(out) as { cells: { summary: unknown }[] }).cells[0].summary;
    };
    const a = await run('a');
    expect(await run('a')).toEqual(a);
    expect(await run('b')).not.toEqual(a);
  });
});

describe('bad input: a message naming file, line and field, exit code 2, no stack', () => {
  const cases: [string, string, RegExp][] = [
    ['unknown field', 'kind: scenario\nname: x\nruleset: aor\nengagement: assault\nattacker:\n  name: A\n  stacks:\n    - hexside: 0\n      units: [{ id: a, strength: 6, colour: red }]\ndefender:\n  name: D\n  units: [{ id: d, strength: 6 }]\n', /:9: attacker\.stacks\[0\]\.units\[0\]\.colour: unknown field 'colour'/],
    ['wrong type', 'kind: scenario\nname: x\nruleset: aor\nengagement: assault\nattacker:\n  name: A\n  stacks:\n    - hexside: 0\n      units: [{ id: a, strength: six }]\ndefender:\n  name: D\n  units: [{ id: d, strength: 6 }]\n', /:9: attacker\.stacks\[0\]\.units\[0\]\.strength: .*number/],
    ['bad option value', 'kind: scenario\nname: x\nruleset: aor\noptions:\n  aor.terrainReductions: average\nengagement: assault\nattacker:\n  name: A\n  stacks:\n    - hexside: 0\n      units: [{ id: a, strength: 6 }]\ndefender:\n  name: D\n  units: [{ id: d, strength: 6 }]\n', /:5: options\.aor\.terrainReductions: expected one of "largest", "multiply"/],
    ['unknown option', 'kind: scenario\nname: x\nruleset: aor\noptions:\n  aor.noSuchThing: true\nengagement: assault\nattacker:\n  name: A\n  stacks:\n    - hexside: 0\n      units: [{ id: a, strength: 6 }]\ndefender:\n  name: D\n  units: [{ id: d, strength: 6 }]\n', /:5: options\.aor\.noSuchThing: unknown option/],
    ['duplicate id', 'kind: scenario\nname: x\nruleset: aor\nengagement: assault\nattacker:\n  name: A\n  stacks:\n    - hexside: 0\n      units: [{ id: a, strength: 6 }]\ndefender:\n  name: D\n  units:\n    - { id: a, strength: 6 }\n', /:13: defender\.units\[0\]\.id: duplicate unit id 'a' \(first used at attacker\.stacks\[0\]\.units\[0\]\.id\)/],
    ['broken yaml', 'kind: scenario\nname: [x\n', /:\d+: not valid YAML/],
  ];
  for (const [name, text, expected] of cases) {
    it(name, async () => {
      const file = join(tmp(), 'bad.yaml');
      writeFileSync(file, text);
      for (const cmd of [['validate', file], ['run', file, '--quiet', '-w', '0', '--out', join(tmp(), 'never')]]) {
        const r = await volleyHere(cmd);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(expected);
        expect(r.stderr).toContain(file);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
    });
  }

  it('a wrong kind: validate reads four kinds, run plays two', async () => {
    const file = join(tmp(), 'bad.yaml');
    writeFileSync(file, 'kind: battle\n');
    const v = await volleyHere(['validate', file]);
    expect(v.code).toBe(2);
    expect(v.stderr.trim()).toBe(`volley: ${file}:1: kind: expected 'scenario', 'experiment', 'refit' or 'odds', found 'battle'`);
    const r = await volleyHere(['run', file, '--quiet', '-w', '0', '--out', join(tmp(), 'never')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`volley: ${file}:1: kind: expected 'scenario' or 'experiment', found 'battle'`);
  });

  it('an experiment vary value that breaks the scenario names the vary line', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 's.yaml'), readFileSync('sims/town-assault.scenario.yaml'));
    writeFileSync(join(dir, 'e.yaml'), 'kind: experiment\nname: e\nscenario: s.yaml\nengagements: 10\nseed: 1\nvary:\n  defender.units[*].morale: [4, 11]\n');
    const r = await volleyHere(['validate', join(dir, 'e.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/e\.yaml:7: vary\.defender\.units\[\*\]\.morale: value 11 makes the scenario invalid/);
    // Of two factors under one side, the one whose field is invalid is named, with its value.
    writeFileSync(join(dir, 'e2.yaml'), 'kind: experiment\nname: e\nscenario: s.yaml\nengagements: 10\nseed: 1\nvary:\n  defender.units[*].morale: [4, 5]\n  defender.terrain: [town, lava]\n');
    const two = await volleyHere(['validate', join(dir, 'e2.yaml')]);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/e2\.yaml:8: vary\.defender\.terrain: value "lava" makes the scenario invalid at defender\.terrain: /);
  });

  it('sharedSegments: how far a factor\'s place leads along an invalid field\'s path (an option\'s name is one key)', () => {
    expect(sharedSegments(['defender', 'units', '0', 'morale'], ['defender', 'units', 0, 'morale'])).toBe(4);
    expect(sharedSegments(['defender', 'terrain'], ['defender', 'units', 0, 'morale'])).toBe(1);
    expect(sharedSegments(['defender', 'units', '1', 'morale'], ['defender', 'units', 0, 'morale'])).toBe(2);
    expect(sharedSegments(['turns'], ['defender'])).toBe(0);
    expect(sharedSegments(['options', 'aoe.standLoss'], ['options', 'aoe.standLoss'])).toBe(2);
    expect(sharedSegments(['options', 'aoe.buaCover'], ['options', 'aoe.standLoss'])).toBe(1);
  });

  it('a vary path that selects nothing is an error', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 's.yaml'), readFileSync('sims/town-assault.scenario.yaml'));
    writeFileSync(join(dir, 'e.yaml'), 'kind: experiment\nname: e\nscenario: s.yaml\nengagements: 10\nseed: 1\nvary:\n  defender.units[Nobody].morale: [4]\n');
    const r = await volleyHere(['validate', join(dir, 'e.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/e\.yaml:7: vary\.defender\.units\[Nobody\]\.morale: selects nothing/);
  });

  it('a missing file and bad flags exit 2', async () => {
    expect((await volleyHere(['run', 'no/such.yaml'])).code).toBe(2);
    expect((await volleyHere(['run', 'sims/town-assault.scenario.yaml', '--workers', '-1'])).code).toBe(2);
    expect((await volleyHere(['frobnicate'])).code).toBe(2);
  });
});

describe('volley rulesets, odds and schema', () => {
  it('lists the rule systems and every aor option with values, default and source', async () => {
    expect((await volleyHere(['rulesets'])).stdout).toMatch(/^aor\s+Age of Rifles/m);
    const r = await volleyHere(['rulesets', 'aor', '--json']);
    const opts = (JSON.parse(r.stdout) as { options: { name: string; values: unknown[]; default: unknown; source: string; doc: string }[] }).options;
    expect(opts.length).toBeGreaterThanOrEqual(10);
    for (const o of opts) {
      expect(o.values).toContain(o.default);
      expect(o.source.length).toBeGreaterThan(0);
      expect(o.doc.length).toBeGreaterThan(0);
    }
    const text = (await volleyHere(['rulesets', 'aor'])).stdout;
    for (const o of opts) expect(text).toContain(o.name);
    expect((await volleyHere(['rulesets', 'nope'])).code).toBe(2);
  });

  it('odds --json names the four probabilities and both hit distributions', async () => {
    const r = await volleyHere(['odds', 'sims/town-assault.scenario.yaml', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    for (const k of ['attackerRetreats', 'defenderRetreats', 'attackerEliminated', 'defenderEliminated']) {
      expect(o[k]).toBeGreaterThanOrEqual(0);
      expect(o[k]).toBeLessThanOrEqual(1);
    }
    expect(o.attackerHits.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 12);
    expect(o.defenderHits.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('odds says what it worked out before the dice (6: the dice and the scores to hit and save)', async () => {
    const r = await volleyHere(['odds', 'sims/burt/fire-volley.odds.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('worked out: 6 dice to hit on 4+, the target saving on 5+ (6)');
    expect(JSON.parse((await volleyHere(['odds', 'sims/burt/fire-volley.odds.yaml', '--json'])).stdout).worked).toBe('6 dice to hit on 4+, the target saving on 5+ (6)');
  });

  it('odds on a scenario it cannot answer says which scenarios it answers, and what the odds files ask', async () => {
    const r = await volleyHere(['odds', 'sims/village-assault.scenario.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('engagement: no exact odds for this scenario: aor answers one round of an assault scenario (engagement: assault), and this one is engagement: battle; odds files (kind: odds) ask aor: assault; nagb: shooting');
  });

  it('the committed JSON Schemas are the ones volley schema writes', async () => {
    const out = tmp();
    expect((await volleyHere(['schema', '--out', out])).code).toBe(0);
    for (const kind of ['scenario', 'experiment', 'refit', 'odds']) {
      expect(readFileSync(join(out, `${kind}.schema.json`), 'utf8')).toBe(readFileSync(`sims/schemas/${kind}.schema.json`, 'utf8'));
    }
  });

  it('the odds files\' schema takes every shipped odds file', () => {
    const schema = oddsFileSchema()!;
    const files = readdirSync('sims', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.odds.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const r = schema.safeParse(parseYaml(readFileSync(join('sims', f), 'utf8')));
      expect(r.success, `${f}: ${r.error?.issues[0]?.message}`).toBe(true);
    }
  });

  it('every shipped file validates and carries the yaml-language-server schema comment', () => {
    // sims/ and its folders of rule systems (sims/burt/...), whose files reach the schemas one folder up.
    const files = readdirSync('sims', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).sort();
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const text = readFileSync(join('sims', f), 'utf8');
      const up = '../'.repeat(f.split('/').length - 1).replace(/\//g, '\\/').replace(/\./g, '\\.');
      expect(text.split('\n')[0], f).toMatch(new RegExp(`^# yaml-language-server: \\$schema=${up}schemas\\/(scenario|experiment|refit|odds)\\.schema\\.json$`));
    }
    // One process validates them all (validate takes many files) and names each valid one.
    const r = volley(['validate', ...files.map((f) => join('sims', f))]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const f of files) expect(r.stdout).toContain(`${join('sims', f)}: valid `);
  });
});
