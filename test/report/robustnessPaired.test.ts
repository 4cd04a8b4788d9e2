/**
 * "Across doctrines", paired (issue 23: the robustness study prints its verdict): the effect of the
 * experiment's factor in each pairing of doctrines is taken engagement by engagement on the same dice
 * (src/results/robustness.ts), so an effect that the independent intervals of two cells cannot tell
 * from zero is told from it when the pairing removes the luck both cells share.
 */
import { describe, expect, it } from 'vitest';
import { robustness, robustnessText } from '../../src/report/robustness.js';
import { DOCTRINE_FACTORS, robustnessComparisons, robustnessPlan } from '../../src/results/robustness.js';
import type { Results } from '../../src/results/results.js';
import { FIXED_METRICS, type EngagementFigures } from '../../src/stats/pairedMetrics.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { prepareRun, resultsOf } from '../../src/sim/studies/prepare.js';

const [D0, D1] = DOCTRINE_FACTORS;
const factors = { morale: [4, 5, 6], [D0]: ['x', 'y'], [D1]: ['x'] };
const cells = [4, 5, 6].flatMap((morale) => ['x', 'y'].map((a) => ({ factors: { morale, [D0]: a, [D1]: 'x' } })));

describe('robustnessPlan', () => {
  it("pairs each doctrine pairing's cells at the factor's first and last value, by position", () => {
    const plan = robustnessPlan(factors, cells)!;
    expect(plan.factor).toBe('morale');
    expect([plan.from, plan.to]).toEqual([4, 6]);
    expect(plan.groups.map((g) => [g.label, g.cells])).toEqual([
      ['A=x, B=x', [0, 4]],
      ['A=y, B=x', [1, 5]],
    ]);
  });

  it('is null without both doctrine factors or without a factor of two values', () => {
    expect(robustnessPlan({ morale: [4, 6] }, cells)).toBeNull();
    expect(robustnessPlan({ morale: [4], [D0]: ['x', 'y'], [D1]: ['x'] }, cells)).toBeNull();
  });
});

/** Figures of `n` engagements whose first column (side 0 won) is given by `won(i)`, every other column 0. */
function figures(n: number, won: (i: number) => number): EngagementFigures {
  const width = FIXED_METRICS.length;
  const values = Array.from({ length: n * width }, (_, k) => (k % width === 0 ? won(Math.floor(k / width)) : 0));
  return { start: 0, count: n, width, values };
}

describe('robustnessComparisons', () => {
  it('takes the difference engagement by engagement: a share that moves in 10 engagements of 200 and nowhere back is clear of zero', () => {
    const plan = robustnessPlan(factors, cells)!;
    // Side 0 wins half the engagements at morale 4 (the same ones under both pairings); at 6 it also
    // loses 10 of those. Two independent intervals of 50% and 45% at n = 200 overlap; the pairs do not.
    const before = figures(200, (i) => i % 2);
    const after = figures(200, (i) => (i % 2 === 1 && i > 20 ? 1 : 0));
    const all = [before, before, undefined, undefined, after, after];
    const paired = robustnessComparisons(plan, all, FIXED_METRICS, (m) => `${m.id} ${m.side}`)!;
    expect(paired.comparisons).toHaveLength(2);
    const won = paired.comparisons[0].metrics.find((m) => m.metric === 'won' && m.side === 0)!;
    expect(won.difference.mean).toBeCloseTo(-10 / 200, 12);
    expect(won.difference.hi!).toBeLessThan(0);
    // Only the figure that moves is compared; the others are left out as unchanged.
    expect(paired.comparisons[0].metrics.map((m) => [m.metric, m.side])).toEqual([['won', 0]]);
  });

  it('is null when a cell has no engagement figures or the two cells of a pairing played different numbers', () => {
    const plan = robustnessPlan(factors, cells)!;
    const f = figures(10, () => 0);
    expect(robustnessComparisons(plan, [f, f, undefined, undefined, undefined, f], FIXED_METRICS, String)).toBeNull();
    expect(robustnessComparisons(plan, [f, f, undefined, undefined, figures(12, () => 0), f], FIXED_METRICS, String)).toBeNull();
  });
});

describe('the village across doctrines, played', () => {
  it('records each engagement, pairs the cells and prints a verdict on paired intervals, objectives included', async () => {
    const prep = prepareRun({ file: 'sims/village-robustness.experiment.yaml', engagements: 24, batch: 24 });
    expect(prep.plan.pairs).toBe(true);
    const r = resultsOf(prep, await runPlan(prep.plan, { workers: 0 })) as Results;
    expect(r.robustness!.comparisons).toHaveLength(9);
    const rb = robustness(r)!;
    expect(rb.method).toBe('paired');
    // Both sides' wins, every objective (held by the attacker), both sides' losses; a figure that
    // never changed is listed as such.
    expect(rb.rows.map((x) => x.metric)).toEqual([
      'French: won',
      'Prussians: won',
      ...r.objectives.map((o) => `${o.name}: held by French`),
      'French: strength lost',
      'Prussians: strength lost',
    ]);
    for (const row of rb.rows) expect(row.effects).toHaveLength(9);
    // Each row's effects are the paired differences, in percentage points for shares.
    const first = r.robustness!.comparisons[0];
    const won = first.metrics.find((m) => m.metric === 'won' && m.side === 0);
    const row = rb.rows.find((x) => x.metric === won?.label);
    if (won && row) expect(row.effects[0].diff).toBeCloseTo(100 * won.difference.mean, 9);
    expect(robustnessText(r).split('\n')[0]).toMatch(/^Across doctrines: the effect of .* going from 4 to 6, under 9 pairings of battle doctrines; it holds for \d+ of \d+ figures:$/);
  }, 60_000);
});
