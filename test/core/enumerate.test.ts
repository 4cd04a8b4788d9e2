/** Exact enumeration of d6 procedures (src/core/enumerate.ts): every path once, with its length; sums kept exact. */
import { describe, expect, it } from 'vitest';
import { d6 } from '../../src/core/dice.js';
import { enumerateDice, PathSum } from '../../src/core/enumerate.js';

describe('enumerateDice', () => {
  it('visits every path of a procedure whose length depends on its dice, each with 6^-length', () => {
    // One die; on a 6 a second die. Paths: five of length 1, six of length 2.
    const seen: [number, number, number][] = [];
    const paths = enumerateDice(
      (dice) => {
        const a = d6(dice.fire(0));
        return a === 6 ? 6 + d6(dice.fire(0)) : a;
      },
      (p, v, depth) => seen.push([v, depth, p]),
    );
    expect(paths).toBe(11);
    expect(seen.map(([v]) => v)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]);
    expect(seen.map(([, d]) => d)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    for (const [, d, p] of seen) expect(p).toBe(Math.pow(6, -d));
  });
});

describe('PathSum', () => {
  it('adds path probabilities by length: 6^5 paths of length 5 are exactly 1', () => {
    const s = new PathSum();
    for (let i = 0; i < 6 ** 5; i++) s.add(5);
    expect(s.value).toBe(1);
    let running = 0;
    for (let i = 0; i < 6 ** 5; i++) running += Math.pow(6, -5);
    expect(Math.abs(running - 1)).toBeGreaterThan(1e-15); // what a running sum leaves
  });

  it('mixes lengths and weights: 5 paths of length 1 and 6 of length 2 make 1; weighted by face, the mean', () => {
    const total = new PathSum();
    const mean = new PathSum();
    for (let f = 1; f <= 5; f++) total.add(1), mean.add(1, f);
    for (let f = 1; f <= 6; f++) total.add(2), mean.add(2, 6 + f);
    expect(Math.abs(total.value - 1)).toBeLessThanOrEqual(Number.EPSILON); // the last bit: 1/6 and 1/36 are not binary fractions
    // (1+2+3+4+5)/6 + (7+...+12)/36 = 15/6 + 57/36 = 4.0833...
    expect(mean.value).toBeCloseTo(15 / 6 + 57 / 36, 15);
  });
});
