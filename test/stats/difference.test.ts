/**
 * The difference of two independent shares (src/stats/intervals.ts): Newcombe's hybrid score interval
 * against the values he published, and the pooled score statistic against a hand computation.
 */
import { describe, expect, it } from 'vitest';
import { newcombeDifference, pooledProportionZ, wilson } from '../../src/stats/intervals.js';

describe("newcombeDifference (Newcombe 1998, Statistics in Medicine 17:873-890, Table II, method 10)", () => {
  // [a as count/n, b as count/n, his lower and upper limits of b − a to four decimals]
  const table: [number, number, number, number, number, number][] = [
    [48, 80, 56, 70, 0.0524, 0.3339],
    [3, 10, 9, 10, 0.1705, 0.809],
    [0, 29, 5, 56, -0.0381, 0.1926],
    [0, 20, 0, 10, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [0, 20, 10, 10, 0.6791, 1],
    [0, 10, 10, 10, 0.6075, 1],
  ];
  it.each(table)('%i/%i to %i/%i: [%f, %f]', (ka, na, kb, nb, lo, hi) => {
    const d = newcombeDifference(wilson(ka, na), wilson(kb, nb));
    expect(d.difference).toBeCloseTo(kb / nb - ka / na, 12);
    expect(d.lo).toBeCloseTo(lo, 4);
    expect(d.hi).toBeCloseTo(hi, 4);
  });

  it('keeps a width where both shares are 0%, and stays within [-1, 1] where they are 0% and 100%', () => {
    const none = newcombeDifference(wilson(0, 400), wilson(0, 400));
    expect(none.hi).toBeGreaterThan(0.009);
    expect(none.lo).toBeCloseTo(-none.hi, 12);
    const all = newcombeDifference(wilson(0, 400), wilson(400, 400));
    expect(all.hi).toBe(1);
    expect(all.lo).toBeLessThan(1);
    // Turned round, the interval is the same with its sign changed.
    const back = newcombeDifference(wilson(400, 400), wilson(0, 400));
    expect([back.lo, back.hi]).toEqual([-all.hi, -all.lo]);
  });
});

describe('pooledProportionZ', () => {
  it('is the difference over the standard error of the pooled share: 56/70 against 48/80 gives 2.6502', () => {
    // Pooled 104/150; se = √(104/150 · 46/150 · (1/70 + 1/80)) = 0.0754669; z = 0.2/se.
    expect(pooledProportionZ(wilson(48, 80), wilson(56, 70))).toBeCloseTo(2.6501719513, 8);
    expect(pooledProportionZ(wilson(56, 70), wilson(48, 80))).toBeCloseTo(-2.6501719513, 8);
  });

  it('is 0 where the pooled share is 0 or 1 (no difference to see)', () => {
    expect(pooledProportionZ(wilson(0, 400), wilson(0, 300))).toBe(0);
    expect(pooledProportionZ(wilson(400, 400), wilson(300, 300))).toBe(0);
  });
});
