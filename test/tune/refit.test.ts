/**
 * Tuning a value of an experiment's refit (`refit.` paths, docs/files.md "volley tune"): the value is
 * set, checked and applied as `vary` does, so the tune's cell at x is the experiment's own cell for x.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { loadExperiment } from '../../src/scenario/load.js';
import { prepareTune, type PreparedTune } from '../../src/sim/studies/tune.js';
import { buildTuneResults } from '../../src/sim/studies/tuneRun.js';
import { tuneSearch } from '../../src/stats/tuneSearch.js';

const SWEEP = 'sims/refit-sweep.experiment.yaml'; // varies refit.rules[0].set.morale over 4..7
const PARAM = 'refit.rules[0].set.morale'; // the grenadiers of IR 12
const TARGET = 'side[Prussians].retreatRate = 65%';

/** The morale of unit `id` wherever it stands in a scenario. */
function moraleOf(doc: unknown, id: string): unknown {
  if (Array.isArray(doc)) {
    for (const x of doc) {
      const m = moraleOf(x, id);
      if (m !== undefined) return m;
    }
  } else if (doc && typeof doc === 'object') {
    const o = doc as Record<string, unknown>;
    if (o.id === id && 'morale' in o) return o.morale;
    for (const v of Object.values(o)) {
      const m = moraleOf(v, id);
      if (m !== undefined) return m;
    }
  }
  return undefined;
}

describe('volley tune on a refit value', () => {
  const prep = prepareTune({ file: SWEEP, param: PARAM, target: TARGET, range: '2..10', engagements: 100 });

  it("needs no --cell when the experiment's cells differ only in the parameter; the value is whole", () => {
    expect(prep.param.integer).toBe(true);
    expect(prep.param.places).toBe(1);
    expect(prep.param.scenarioValues).toEqual([6]); // the refit file's own value
  });

  it("gives, at a value the experiment varies, the experiment's own cell; at another, the refit with that value", () => {
    const own = loadExperiment(SWEEP).cells.find((c) => c.factors[PARAM] === 5)!;
    expect(prep.cellAt(5).scenario).toEqual(own.scenario);
    expect(moraleOf(prep.cellAt(3).scenario, 'Stein-IR-12-I')).toBe(3);
    expect(moraleOf(prep.cellAt(9).scenario, 'Stein-IR-12-I')).toBe(9);
    expect(prep.cellAt(9).factors).toEqual({ [PARAM]: 9 });
  });

  it('names the flag at fault', () => {
    const bad: [Parameters<typeof prepareTune>[0], RegExp][] = [
      [{ file: 'sims/village-assault.scenario.yaml', param: PARAM, target: TARGET, range: '2..8' }, /^--param: 'refit.rules\[0\].set.morale' is a value of a refit: tune an experiment that names one/],
      [{ file: SWEEP, param: 'refit.rules[9].set.morale', target: TARGET, range: '2..8', cell: '0' }, /^--param: .* selects nothing in sims\/refit-village.refit.yaml/],
      [{ file: SWEEP, param: 'refit.rules[0].set.moral', target: TARGET, range: '2..8', cell: '0' }, /^--param: 'refit.rules\[0\].set.moral' is not in the refit: rules\[0\].set.moral: unknown field 'moral'/],
      [{ file: SWEEP, param: 'refit.rules[0].note', target: TARGET, range: '2..8', cell: '0' }, /^--param: 'refit.rules\[0\].note' is "The grenadier .*" in the refit, not a number/],
      [{ file: SWEEP, param: PARAM, target: TARGET, range: '2..11' }, /^--range: refit.rules\[0\].set.morale = 11 makes the refit invalid at rules\[0\].set.morale: /],
      [{ file: SWEEP, param: 'refit.', target: TARGET, range: '2..8', cell: '0' }, /^--param: 'refit\.' names no value: give a path into the refit after it/],
      [{ file: SWEEP, param: PARAM, target: TARGET }, /^--range: give the values to search as --range A..B \(refit.rules\[0\].set.morale is 6 in the refit\)/],
    ];
    for (const [req, re] of bad) {
      expect(() => prepareTune(req), req.param).toThrow(VolleyInputError);
      expect(() => prepareTune(req), req.param).toThrow(re);
    }
  });

  it("tune.json's hash covers the refit: the same value in a rule that matches another unit is another tune", async () => {
    const hashOf = async (dir: string) => {
      const p: PreparedTune = prepareTune({ file: join(dir, 'refit-sweep.experiment.yaml'), param: PARAM, target: TARGET, range: '4..6', engagements: 100 });
      const outcome = await tuneSearch({ from: 4, to: 6, integer: true, target: 0.65, tolerance: 1 }, async (xs) => xs.map(() => ({ value: 0.6, lo: 0.5, hi: 0.7, se: 0.05, n: 100 })));
      return buildTuneResults(p, outcome).provenance.hash;
    };
    const copy = () => {
      const dir = mkdtempSync(join(tmpdir(), 'volley-tune-refit-'));
      for (const f of ['refit-sweep.experiment.yaml', 'village-assault.scenario.yaml', 'refit-village.refit.yaml']) cpSync(join('sims', f), join(dir, f));
      return dir;
    };
    const a = copy();
    const b = copy();
    const refit = join(b, 'refit-village.refit.yaml');
    writeFileSync(refit, readFileSync(refit, 'utf8').replace('match: { id: Stein-IR-12-I }', 'match: { id: Foy-1-Leger }'));
    expect(await hashOf(a)).toBe(await hashOf(copy()));
    expect(await hashOf(a)).not.toBe(await hashOf(b));
  });

  it("a tuned path that overlaps one of the experiment's factors is a --param error naming that factor", () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-tune-overlap-'));
    for (const f of ['village-assault.scenario.yaml', 'refit-village.refit.yaml']) cpSync(join('sims', f), join(dir, f));
    const file = join(dir, 'overlap.experiment.yaml');
    writeFileSync(file, readFileSync(SWEEP, 'utf8').replace(/^  refit\.rules\[0\]\.set\.morale: .*$/m, '  refit.rules[*].set.morale: [4, 7]'));
    const tune = () => prepareTune({ file, param: PARAM, target: TARGET, range: '2..8', cell: '0', engagements: 100 });
    expect(tune).toThrow(VolleyInputError);
    expect(tune).toThrow(/^--param: 'refit\.rules\[0\]\.set\.morale' sets refit\.rules\[0\]\.set\.morale, which .*overlap\.experiment\.yaml's vary\.refit\.rules\[\*\]\.set\.morale \(line \d+\) sets too/);
  });
});
