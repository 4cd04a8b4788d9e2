/**
 * volley run FILE --set PATH=VALUE and --compare PATH=A,B (src/sim/studies/settings.ts): the same
 * cells, dice and comparisons as the experiment file one would otherwise write, and errors that name
 * the flag.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildResults } from '../../src/results/results.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { prepareRun, type RunRequest } from '../../src/sim/studies/prepare.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-settings-'));
const SCENARIO = join(dir, 'town-assault.scenario.yaml');
copyFileSync('sims/town-assault.scenario.yaml', SCENARIO);
let files = 0;
/** An experiment of the copied scenario, with the given YAML after `seed`. */
function experiment(body: string): string {
  const file = join(dir, `e${files++}.experiment.yaml`);
  writeFileSync(file, `kind: experiment\nname: e\nscenario: town-assault.scenario.yaml\nengagements: 20\nseed: 7\nbatch: 10\n${body}`);
  return file;
}

async function results(req: RunRequest) {
  const prep = prepareRun(req);
  const accumulators = await runPlan(prep.plan, { workers: 0 });
  return { prep, results: buildResults({ ...prep.meta, accumulators }) };
}

describe('--compare', () => {
  it('plays a scenario as the experiment of two variants would: same cells, dice and comparisons', async () => {
    const file = experiment(`variants:\n  - name: largest\n    options: { aor.terrainReductions: largest }\n  - name: multiply\n    options: { aor.terrainReductions: multiply }\n`);
    const written = await results({ file });
    const flagged = await results({ file: SCENARIO, engagements: 20, seed: 7, batch: 10, settings: { compare: 'aor.terrainReductions=largest,multiply' } });
    expect(flagged.prep.plan.cells).toEqual(written.prep.plan.cells);
    expect(flagged.results.cells.map((c) => c.label)).toEqual(['variant=largest', 'variant=multiply']);
    expect(flagged.results.comparisons).toEqual(written.results.comparisons);
    expect(flagged.results.variants!.reference).toBe('largest');
    expect(flagged.results.provenance.settings).toEqual({ set: {}, compare: { path: 'aor.terrainReductions', values: ['largest', 'multiply'] } });
  });

  it("crosses with an experiment's vary, as variants do", () => {
    const prep = prepareRun({ file: experiment('vary:\n  defender.terrain: [town, woods]\n'), settings: { compare: 'options.aor.terrainReductions=largest,multiply' } });
    expect(prep.cells.map((c) => c.label)).toEqual([
      'defender.terrain=town, variant=largest',
      'defender.terrain=town, variant=multiply',
      'defender.terrain=woods, variant=largest',
      'defender.terrain=woods, variant=multiply',
    ]);
    expect(prep.meta.comparisons!.groups.map((g) => g.label)).toEqual(['defender.terrain=town', 'defender.terrain=woods']);
  });
});

describe('--set', () => {
  it("changes an option as the file's options would, and records itself in the provenance and its hash", async () => {
    const written = await results({ file: experiment('options: { aor.terrainReductions: multiply }\n') });
    const flagged = await results({ file: experiment(''), settings: { set: ['aor.terrainReductions=multiply'] } });
    const plain = await results({ file: experiment('') });
    expect(flagged.prep.plan.cells).toEqual(written.prep.plan.cells);
    expect(flagged.results.cells.map((c) => c.summary)).toEqual(written.results.cells.map((c) => c.summary));
    // Fixed, not varied: the cell keeps its label and the run has no factor.
    expect(flagged.results.cells[0].label).toBe('base');
    expect(flagged.results.provenance.factors).toEqual({});
    expect(flagged.results.provenance.settings).toEqual({ set: { 'aor.terrainReductions': 'multiply' }, compare: null });
    expect(new Set([flagged, written, plain].map((r) => r.results.provenance.hash)).size).toBe(3);
  });

  it('sets a scenario value by a vary path, the value read as YAML, and several at once', () => {
    const prep = prepareRun({ file: SCENARIO, settings: { set: ['defender.terrain=woods', 'turns=3'] } });
    const s = prep.cells[0].scenario as unknown as { defender: { terrain: string }; turns: number };
    expect(s.defender.terrain).toBe('woods');
    expect(s.turns).toBe(3);
  });

  it('reads a list as a list, as a file\'s factor value is (docs/files.md, --set)', () => {
    const prep = prepareRun({ file: SCENARIO, settings: { set: ['defender.units[0].flags=[oldGuard]'] } });
    const s = prep.cells[0].scenario as unknown as { defender: { units: { flags: string[] }[] } };
    expect(s.defender.units[0].flags).toEqual(['oldGuard']);
    expect(prep.meta.settings?.set).toEqual({ 'defender.units[0].flags': ['oldGuard'] });
  });

  it('takes an option value as declared: 7.10 is "7.10", not the number 7.1', () => {
    const prep = prepareRun({ file: 'sims/cavalry-vs-squares.scenario.yaml', settings: { set: ['aor.squareEffect=7.10'] } });
    expect(prep.cells[0].options['aor.squareEffect']).toBe('7.10');
  });
});

describe('errors name the flag', () => {
  const refused = (settings: RunRequest['settings'], file = SCENARIO) => () => prepareRun({ file, settings });

  it("refuses an option's undeclared value, an unknown option (with a suggestion), another system's option", () => {
    expect(refused({ set: ['aor.squareEffect=7.8'] })).toThrow("--set: aor.squareEffect cannot be '7.8'; expected one of 7.6, 7.10");
    expect(refused({ set: ['aor.hitAlocation=combined'] })).toThrow(/^--set: unknown option 'aor\.hitAlocation' \(see 'volley rulesets aor'\); did you mean 'aor\.hitAllocation'\?$/);
    expect(refused({ compare: 'nagb.x=1,2' })).toThrow(/^--compare: nagb\.x is an option of 'nagb', but the file plays 'aor'/);
  });

  it('refuses a flag without PATH=VALUE, a comparison of one value or of a value twice', () => {
    expect(refused({ set: ['aor.squareEffect'] })).toThrow(/^--set: expected PATH=VALUE/);
    expect(refused({ compare: 'aor.squareEffect=7.6' })).toThrow(/^--compare: expected two values or more/);
    expect(refused({ compare: 'aor.squareEffect=7.6,7.6' })).toThrow(/^--compare: value '7.6' is given twice/);
  });

  it('refuses a map (its fields are set one at a time) and a list of maps', () => {
    expect(refused({ set: ['defender.doctrine={preset: stubborn}'] })).toThrow("--set: defender.doctrine: a map is not a value --set gives; set its fields one at a time (--set defender.doctrine.preset=...)");
    expect(refused({ set: ['defender.units[0].flags=[{a: 1}]'] })).toThrow(/^--set: defender\.units\[0\]\.flags: a list of numbers, words or booleans/);
  });

  it('refuses a path that selects nothing, or a value the scenario cannot take', () => {
    expect(refused({ set: ['defender.units[nobody].morale=5'] })).toThrow(/^--set: defender\.units\[nobody\]\.morale: selects nothing/);
    expect(refused({ set: ['defender.terrain=lava'] })).toThrow(/^--set: defender\.terrain: value "lava" makes the scenario invalid/);
  });

  it('refuses what the file varies or compares already', () => {
    const varied = experiment('vary:\n  defender.terrain: [town, woods]\n');
    expect(refused({ set: ['defender.terrain=woods'] }, varied)).toThrow(/^--set: defender\.terrain is varied by .* \(vary\)/);
    const compared = experiment(`variants:\n  - name: a\n    options: { aor.terrainReductions: largest }\n  - name: b\n    options: { aor.terrainReductions: multiply }\n`);
    expect(refused({ compare: 'turns=3,4' }, compared)).toThrow(/^--compare: .* compares variants of its own/);
    expect(refused({ set: ['aor.terrainReductions=largest'] }, compared)).toThrow(/^--set: aor\.terrainReductions is set by .*'s variants/);
    expect(refused({ set: ['turns=3'], compare: 'turns=3,4' })).toThrow(/^--compare: turns is fixed by --set as well/);
  });
});

describe('volley run --set outside a terminal', () => {
  it('says its progress in plain lines on stderr and records the setting', async () => {
    const { volley } = await import('./volley.js');
    const out = join(dir, 'run');
    const r = volley(['run', SCENARIO, '-n', '10', '--batch', '5', '--set', 'turns=2', '--no-report', '-w', '0', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^volley: playing: 10 engagements\nvolley: playing: 50% \(5 of 10 engagements, [\d.]+ s\)\nvolley: playing: 100% \(10 of 10 engagements, [\d.]+ s\)\n$/);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(results.provenance.settings).toEqual({ set: { turns: 2 }, compare: null });
    expect(results.cells[0].scenario.turns).toBe(2);
  });
});

describe('volley trace --set, --compare', () => {
  it("replays a cell the flags made, as the run played it: the report's trace commands carry them", async () => {
    const { replayEngagement } = await import('../../src/sim/studies/trace.js');
    const settings = { compare: 'aor.terrainReductions=largest,multiply', set: ['turns=2'] };
    expect(() => replayEngagement({ file: SCENARIO, cell: 1, engagement: 3 })).toThrow(/cell/);
    const r = replayEngagement({ file: SCENARIO, cell: 1, engagement: 3, settings });
    expect(r.provenance.label).toBe('variant=multiply');
    expect(r.result.turns).toBeLessThanOrEqual(2);
    // A run with the same flags: its report's trace commands give them again.
    const { results: run } = await results({ file: SCENARIO, engagements: 4, batch: 4, settings });
    expect(run.cells[1].summary.engagements).toBe(4);
    const { reportHtml } = await import('../../src/report/html.js');
    const html = reportHtml({ ...run, cells: run.cells.map((c) => ({ ...c, summary: { ...c.summary, traceThese: [{ why: 'x', engagement: 3 }] } })) } as never, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(html).toContain('--set turns=2 --compare aor.terrainReductions=largest,multiply');
  });
});
