/**
 * The standard duel of `volley refit check` (src/rules/aor/refit/duel.ts): each counter the refit rates
 * differently, alone against a standard line unit in clear terrain, as rated and at defaults, on the
 * same dice. Morale (2.2) and its check (2.3) decide who stands when neither side retreats by choice
 * (7.4).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duelScenario, duelSubjects, standardUnit, STANDARD_ID, type StandardUnit } from '../../src/rules/aor/refit/duel.js';
import { buildRefitResults, prepareRefitCheck, runRefitCheck } from '../../src/sim/studies/refitCheck.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { assaultScenarioSchema } from '../helpers.js';

const refitFile = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'volley-duel-')), 'r.refit.yaml');
  writeFileSync(file, text);
  return file;
};

describe('duel subjects', () => {
  const raw = {
    engagement: 'assault',
    attacker: { stacks: [{ units: [{ id: 'A1', strength: 6, nationality: 'French' }, { id: 'A2', strength: 6, nationality: 'Saxon', tags: ['x'] }] }] },
    defender: { units: [{ id: 'D1', strength: 6, morale: 5 }, { id: 'D2', kind: 'cavalry', strength: 4, reduced: 2 }] },
  };

  it('are the counters the refit changes; units with the same counter share one duel', () => {
    const refitted = structuredClone(raw) as typeof raw & Record<string, unknown>;
    const units = [...refitted.attacker.stacks[0].units, ...refitted.defender.units] as Record<string, unknown>[];
    // The refit: morale 6 for A1 and A2, default 4 for the rest (D1's own 5 is replaced).
    for (const u of units) u.morale = u.id === 'A1' || u.id === 'A2' ? 6 : 4;
    const subjects = duelSubjects([{ file: 's.yaml', raw, refitted }], { defaultMorale: 4 });
    // A1 and A2 differ only in nationality and tags, which do not play; D1 and D2 are at defaults.
    expect(subjects.map((s) => s.units)).toEqual([['A1', 'A2']]);
    expect(subjects[0].rated).toMatchObject({ id: 'A1', strength: 6, morale: 6 });
    expect(subjects[0].atDefaults).toMatchObject({ id: 'A1', strength: 6, morale: 4 });
  });

  it('build valid assault scenarios, the unit alone against the standard unit in clear terrain', () => {
    const std = standardUnit({ defaultMorale: 4 });
    expect(std).toEqual({ kind: 'infantry', strength: 6, reduced: 3, morale: 4 });
    expect(standardUnit({ defaultMorale: 3, standard: { strength: 9 } })).toEqual({ kind: 'infantry', strength: 9, reduced: 5, morale: 3 });
    const unit = { id: 'G', strength: 6, reduced: 3, morale: 6, flags: ['steadfast'] };
    const a = assaultScenarioSchema.parse(duelScenario(unit, 'attacking', std, 'aor', {}));
    const d = assaultScenarioSchema.parse(duelScenario(unit, 'defending', std, 'aor', { 'aor.squareEffect': '7.10' }));
    expect(a.attacker.stacks).toHaveLength(1);
    expect(a.attacker.stacks[0]).toMatchObject({ terrain: 'clear', across: 'none', units: [{ id: 'G', morale: 6, flags: ['steadfast'] }] });
    expect(a.defender).toMatchObject({ terrain: 'clear', units: [{ id: STANDARD_ID, strength: 6, morale: 4, flags: [] }] });
    expect(d.defender.units[0].id).toBe('G');
    expect(d.options).toEqual({ 'aor.squareEffect': '7.10' });
  });
});

describe('standard duel results', () => {
  it('"at defaults" is exactly what a run of the same duel gives, and +2 morale wins more duels (2.2, 2.3)', async () => {
    const file = refitFile('kind: refit\nname: g\nrules:\n  - match: { id: IR-12-I }\n    set: { morale: 6 }\n');
    const prep = prepareRefitCheck({ refitFile: file, scenarioFiles: ['sims/town-assault.scenario.yaml'], engagements: 600, seed: 3 });
    expect(prep.duels.map((d) => d.role)).toEqual(['attacking', 'defending']);
    const results = buildRefitResults(prep, await runRefitCheck(prep, 0));
    const [att, def] = results.duels;

    // The duel at defaults, run as a scenario with the same seed: the same dice, so the same counts.
    const dir = mkdtempSync(join(tmpdir(), 'volley-duel-'));
    const scenario = join(dir, 'duel.scenario.yaml');
    writeFileSync(scenario, JSON.stringify(duelScenario(prep.duels[0].atDefaults, 'attacking', prep.standard as unknown as StandardUnit, 'aor', {})));
    const run = prepareRun({ file: scenario, engagements: 600, seed: 3 });
    const [acc] = await runPlan(run.plan, { workers: 0 });
    expect(att.figuresAtDefaults.sideWon.count).toBe(acc.winners[0]);

    for (const d of [att, def]) {
      expect(d.n).toBe(600);
      expect(d.difference.sideWon.lo).toBeGreaterThan(0);
      expect(d.difference.retreated.hi).toBeLessThan(0);
      expect(d.figuresRated.sideWon.count - d.figuresAtDefaults.sideWon.count).toBe(Math.round(d.difference.sideWon.mean * 600));
    }
  }, 30_000);
});
