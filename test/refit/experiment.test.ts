/**
 * An experiment that names a refit (docs/files.md, "Refit"): the refit is applied to the scenario of
 * every cell, and `vary` sweeps refit values with `refit.` paths like any other factor.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/scenario/load.js';
import { VolleyInputError } from '../../src/core/errors.js';

const SCENARIO = resolve('sims/village-assault.scenario.yaml');
const REFIT = resolve('sims/refit-village.refit.yaml');

function experiment(body: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'volley-refit-exp-')), 'x.experiment.yaml');
  writeFileSync(file, `kind: experiment\nname: x\nscenario: ${SCENARIO}\nengagements: 10\nseed: 1\n${body}`);
  return file;
}

type Unit = { id: string; morale: number; flags: string[] };
const unitsOf = (scenario: unknown): Unit[] =>
  (scenario as { sides: { formations: { units: Unit[] }[] }[] }).sides.flatMap((s) => s.formations.flatMap((f) => f.units));
const unit = (scenario: unknown, id: string) => unitsOf(scenario).find((u) => u.id === id)!;

describe('an experiment with a refit', () => {
  it('applies the refit to every cell and sweeps refit values with refit. paths', () => {
    const e = loadExperiment(experiment(`refit: ${REFIT}\nvary:\n  refit.rules[0].set.morale: [4, 7]\n  refit.defaultMorale: [3, 5]\n`));
    expect(e.cells.map((c) => c.label)).toEqual([
      'refit.rules[0].set.morale=4, refit.defaultMorale=3',
      'refit.rules[0].set.morale=4, refit.defaultMorale=5',
      'refit.rules[0].set.morale=7, refit.defaultMorale=3',
      'refit.rules[0].set.morale=7, refit.defaultMorale=5',
    ]);
    const [a, b, c] = e.cells.map((x) => x.scenario);
    // Rule 0 rates the grenadiers; the landwehr keep their rule's 3; everyone else gets the default.
    expect(unit(a, 'Stein-IR-12-I').morale).toBe(4);
    expect(unit(c, 'Stein-IR-12-I').morale).toBe(7);
    expect(unit(a, 'Pirch-Landwehr').morale).toBe(3);
    expect(unit(a, 'Foy-1-Leger').morale).toBe(3);
    expect(unit(b, 'Foy-1-Leger').morale).toBe(5);
    expect(unit(a, 'Pirch-IR-2-I').flags).toContain('steadfast');
  });

  it('applies a refit without factors to the single cell', () => {
    const e = loadExperiment(experiment(`refit: ${REFIT}\n`));
    expect(e.cells).toHaveLength(1);
    expect(unit(e.cells[0].scenario, 'Stein-IR-12-I').morale).toBe(6);
  });

  const error = (body: string) => {
    try {
      loadExperiment(experiment(body));
    } catch (e) {
      if (e instanceof VolleyInputError) return e.message;
      throw e;
    }
    throw new Error('expected an input error');
  };

  it('applies the refit before the variants, which compare on the refitted scenario', () => {
    const e = loadExperiment(
      experiment(`refit: ${REFIT}\nvariants:\n  - { name: refit }\n  - { name: guard-7, set: { 'sides[1].formations[*].units[Stein-IR-12-I].morale': 7 } }\nvary:\n  refit.defaultMorale: [3, 5]\n`),
    );
    expect(e.cells.map((c) => c.label)).toEqual([
      'refit.defaultMorale=3, variant=refit',
      'refit.defaultMorale=3, variant=guard-7',
      'refit.defaultMorale=5, variant=refit',
      'refit.defaultMorale=5, variant=guard-7',
    ]);
    expect(e.cells.map((c) => unit(c.scenario, 'Stein-IR-12-I').morale)).toEqual([6, 7, 6, 7]);
    expect(e.cells.map((c) => unit(c.scenario, 'Foy-1-Leger').morale)).toEqual([3, 3, 5, 5]);
    expect(e.comparisons?.groups.map((g) => g.cells)).toEqual([[0, 1], [2, 3]]);
  });

  it('refuses refit. paths without a refit, paths selecting nothing, values the refit cannot take, a missing file', () => {
    expect(error('vary:\n  refit.defaultMorale: [3, 5]\n')).toMatch(/x\.experiment\.yaml:7: vary\.refit\.defaultMorale: varies a refit value, but the experiment names no refit/);
    expect(error(`refit: ${REFIT}\nvary:\n  refit.rules[9].set.morale: [3]\n`)).toMatch(/:8: vary\.refit\.rules\[9\]\.set\.morale: selects nothing in .*refit-village\.refit\.yaml/);
    expect(error(`refit: ${REFIT}\nvary:\n  refit.rules[0].set.morale: [4, 11]\n`)).toMatch(/:8: vary\.refit\.rules\[0\]\.set\.morale: value 11 makes the refit invalid at rules\[0\]\.set\.morale/);
    expect(error('refit: nowhere.refit.yaml\n')).toMatch(/:6: refit: file not found: .*nowhere\.refit\.yaml/);
    expect(error(`refit: ${REFIT}\nvariants:\n  - { name: a }\n  - { name: b, refit: ${REFIT} }\n`)).toMatch(
      /:9: variants\[1\]\.refit: the experiment's refit already applies to every cell/,
    );
  });
});
