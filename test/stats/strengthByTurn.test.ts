/**
 * Strength on the map, turn by turn (side[S].strengthByTurn[T]): every rule system records a value for
 * every turn up to the turn limit, an engagement that ended early keeping its last strength, so the
 * curve's mean over all engagements ends where the strength lost leaves each side: start strength less
 * mean strength lost. Only engagements without turns of their own (Age of Rifles assaults) record none.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { RULESETS } from '../../src/rules/index.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { accSize, addResult, emptyCellAcc } from '../../src/stats/cellAccumulator.js';
import { summarizeCell } from '../../src/stats/summary.js';

/** Engagements a scenario: enough that some end before the turn limit in each rule system. */
const N = 40;

describe.each(RULESETS.map((r) => [r.id, r] as const))('strength by turn: %s', (_id, rs) => {
  const scenarios = rs.examples.filter((f) => f.endsWith('.scenario.yaml'));

  it.each(scenarios.map((f) => [f] as const))('%s: a value for every turn to the limit; the last is start strength less strength lost', (file) => {
    const { plan } = prepareRun({ file, engagements: N, fixedCount: true });
    const cell = plan.cells[0];
    const compiled = rs.compile(cell.scenario, cell.options);
    const shape = rs.describe(compiled);
    const acc = emptyCellAcc(accSize(shape, rs.vocabulary));
    // Age of Rifles assaults (the town assault and its common scenarios A and B) have no turns of their own.
    const turnless = rs.id === 'aor' && (cell.scenario as { engagement?: string }).engagement === 'assault';
    const left = [0, 0];
    for (let i = 0; i < N; i++) {
      const r = rs.play(compiled, EngagementDice.for(plan.seed, cell.rngKey, i), {});
      if (turnless) {
        for (const s of r.sides) expect(s.strengthByTurn, `engagement ${i}`).toEqual([]);
        continue;
      }
      r.sides.forEach((s, k) => {
        const where = `engagement ${i}, side ${k}, ended in turn ${r.turns} of ${shape.turns}`;
        expect(s.strengthByTurn.length, where).toBe(shape.turns);
        expect(s.strengthByTurn[shape.turns - 1], where).toBeCloseTo(s.startStrength - s.strengthLost, 9);
        // The turns after the end repeat the strength the engagement ended with.
        for (let t = r.turns; t < shape.turns; t++) expect(s.strengthByTurn[t], `${where}, turn ${t + 1}`).toBe(s.strengthByTurn[r.turns - 1]);
        left[k] += s.startStrength - s.strengthLost;
      });
      addResult(acc, r);
    }
    if (turnless) return;
    const summary = summarizeCell(acc, shape, rs.vocabulary);
    summary.sides.forEach((s, k) => {
      expect(s.strengthByTurn.map((t) => t.turn)).toEqual(Array.from({ length: shape.turns }, (_, t) => t + 1));
      // Exactly the mean of what each engagement ended with, every engagement counted.
      expect(s.strengthByTurn.at(-1)!.mean, s.name).toBeCloseTo(left[k] / N, 9);
      // The summary's mean strength lost is exact, fractions of a figure included (Age of Eagles counts
      // parts of a figure, which its histogram rounds: the mean comes from the exact sums then).
      const gap = Math.abs(s.strengthByTurn.at(-1)!.mean - (s.startStrength.mean - s.strengthLost.mean));
      expect(gap, `${s.name}: last point against start less mean lost`).toBeLessThanOrEqual(1e-9);
    });
  });

  it('some engagement of its example scenarios ends before the turn limit (so the tests above test the padding)', () => {
    let early = 0;
    for (const file of scenarios) {
      const { plan } = prepareRun({ file, engagements: N, fixedCount: true });
      const cell = plan.cells[0];
      const compiled = rs.compile(cell.scenario, cell.options);
      const turns = rs.describe(compiled).turns;
      if (rs.id === 'aor' && (cell.scenario as { engagement?: string }).engagement === 'assault') continue;
      for (let i = 0; i < N; i++) if (rs.play(compiled, EngagementDice.for(plan.seed, cell.rngKey, i), {}).turns < turns) early++;
    }
    expect(early).toBeGreaterThan(0);
  });
});
