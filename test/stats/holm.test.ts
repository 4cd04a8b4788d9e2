/** Intervals beside the Holm stars: each figure's confidence level is that of its Holm step. */
import { describe, expect, it } from 'vitest';
import { holm, holmLevels, tQuantile, tTwoSidedP } from '../../src/stats/comparison.js';

describe('holmLevels', () => {
  it('gives each figure the level of its step while the smaller p-values are rejected, then the level of the first step kept', () => {
    // Sorted: 0.001 at 5%/4 (rejected), 0.01 at 5%/3 (rejected), 0.04 at 5%/2 (kept), 0.5 as the step kept.
    const levels = holmLevels([0.001, 0.04, 0.01, 0.5, null]);
    expect(levels[0]).toBeCloseTo(1 - 0.05 / 4, 12);
    expect(levels[2]).toBeCloseTo(1 - 0.05 / 3, 12);
    expect(levels[1]).toBeCloseTo(1 - 0.05 / 2, 12);
    expect(levels[3]).toBeCloseTo(1 - 0.05 / 2, 12);
    expect(levels[4]).toBeNull();
  });
  it('a figure alone keeps the 95% level', () => {
    expect(holmLevels([0.3])[0]).toBeCloseTo(0.95, 12);
  });
  it('for t statistics, the interval at its level excludes zero exactly where the Holm-adjusted p is below 5%', () => {
    // Mean differences with standard error 1 on 99 degrees of freedom: t = mean.
    const means = [3.5, 2.6, 2.45, 2.2, 0.4, -2.9];
    const ps = means.map((t) => tTwoSidedP(t, 99));
    const adjusted = holm(ps);
    const levels = holmLevels(ps);
    means.forEach((mean, i) => {
      const half = tQuantile(levels[i]!, 99);
      const excludesZero = mean - half > 0 || mean + half < 0;
      expect(excludesZero).toBe(adjusted[i]! < 0.05);
    });
    // The fixture has figures on both sides of the line.
    expect(adjusted.filter((p) => p! < 0.05).length).toBeGreaterThan(0);
    expect(adjusted.filter((p) => p! >= 0.05).length).toBeGreaterThan(0);
  });
});
