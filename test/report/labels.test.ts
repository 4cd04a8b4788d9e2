import { beforeAll, describe, expect, it } from 'vitest';
import { cellNames, factorTitle, outcomeLabel, sideLabels } from '../../src/report/labels.js';
import type { Results } from '../../src/results/results.js';
import { fixtureResults, SIMS } from './fixture.js';

describe('cell names', () => {
  let town: Results;
  let flank: Results;
  let single: Results;
  beforeAll(async () => {
    [town, flank, single] = await Promise.all([fixtureResults(SIMS.townAssault), fixtureResults(SIMS.flank), fixtureResults(SIMS.scenario)]);
  });

  it('one varied factor: its values on the axis, the factor in words as the title', () => {
    const n = cellNames(town);
    expect(n.labels).toEqual(['3', '4', '5', '6']);
    expect(n.title).toBe('Morale of defender units');
    expect(n.fixed).toEqual([]);
  });

  it('a factor with one value is said once, not on the axis; named values by their names', () => {
    const n = cellNames(flank);
    // The file names its hexsides: frontal, flank, opposite (flank).
    expect(n.labels).toEqual(['frontal', 'flank', 'opposite (flank)']);
    expect(n.title).toBe('Hexside of attacker stacks[1]');
    expect(n.fixed).toEqual(['defender.terrain = clear']);
  });

  it('a single scenario has one cell called "base scenario"', () => {
    expect(cellNames(single)).toEqual({ title: 'Cell', labels: ['base scenario'], fixed: [] });
  });

  it('several varied factors: short names joined, full labels if they would collide', () => {
    const r = structuredClone(town);
    r.provenance.factors = { 'a.morale': [1, 2], 'b.terrain': ['x', 'y'] };
    r.cells = r.cells.slice(0, 4).map((c, i) => ({ ...c, label: `cell${i}`, factors: { 'a.morale': 1 + (i % 2), 'b.terrain': i < 2 ? 'x' : 'y' } }));
    expect(cellNames(r).labels).toEqual(['morale=1, terrain=x', 'morale=2, terrain=x', 'morale=1, terrain=y', 'morale=2, terrain=y']);
    r.provenance.factors = { 'a.morale': [1, 2], 'b.morale': [1, 2] };
    r.cells = r.cells.map((c, i) => ({ ...c, factors: { 'a.morale': 1 + (i % 2), 'b.morale': i < 2 ? 1 : 2 } }));
    expect(cellNames(r).labels).toEqual(['a.morale=1, b.morale=1', 'a.morale=2, b.morale=1', 'a.morale=1, b.morale=2', 'a.morale=2, b.morale=2']);
  });

  it('falls back to the full labels when shortening makes two cells alike', () => {
    const r = structuredClone(town);
    r.cells[1].factors = { ...r.cells[0].factors };
    const n = cellNames(r);
    expect(n.labels).toEqual(r.cells.map((c) => c.label));
    expect(n.title).toBe('Cell');
  });

  it('factor titles, sides and outcomes in words', () => {
    expect(factorTitle('defender.units[*].morale')).toBe('Morale of defender units');
    expect(factorTitle('aor.hitAllocation', new Set(['aor.hitAllocation']))).toBe('Option aor.hitAllocation');
    // Battle paths say which side or formation they mean, when the names are given.
    const names = { sides: [{ name: 'French' }, { name: 'Prussians' }], formations: [{ name: 'Foy', side: 0 }, { name: 'Steinmetz', side: 1 }, { name: 'Pirch', side: 1 }] };
    expect(factorTitle('sides[1].formations[1].units[*].morale', new Set(), names)).toBe('Morale of Pirch units');
    expect(factorTitle('sides[0].armyDemoralization', new Set(), names)).toBe('Army demoralization of French');
    expect(factorTitle('sides[1].units[*].class', new Set(), { sides: [{ name: 'French' }, { name: 'Prussian battalions' }] })).toBe("Class of Prussian battalions' units");
    expect(factorTitle('sides[1].armyMorale', new Set(), { sides: [{ name: 'French' }, { name: 'Prussian battalions' }] })).toBe('Army morale of Prussian battalions');
    expect(factorTitle('sides[1].formations[5].units[*].morale', new Set(), names)).toBe('Morale of sides[1] formations[5] units');
    expect(factorTitle('sides[1].formations[0].units[*].morale')).toBe('Morale of sides[1] formations[0] units');
    expect(sideLabels(town)).toEqual(['French brigade (attacker)', 'Prussian garrison (defender)']);
    expect([0, 1, null].map((s) => outcomeLabel(town, s as 0 | 1 | null))).toEqual(['French brigade wins', 'Prussian garrison wins', 'Draw']);
  });
});
