/** Exact enumeration of d6 procedures (src/core/enumerate.ts): every path once, with its length; sums kept exact. */
import { describe, expect, it } from 'vitest';
import { d6 } from '../../src/core/dice.js';
import { enumerateDice, nearestDouble, PathSum, TooManyPathsError } from '../../src/core/enumerate.js';

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
  it('stops past its cap with a TooManyPathsError (volley odds reports it as too large, exit 2): three dice are 216 paths', () => {
    const three = (dice: Parameters<Parameters<typeof enumerateDice>[0]>[0]) => d6(dice.fire(0)) + d6(dice.fire(0)) + d6(dice.fire(0));
    expect(enumerateDice(three, () => undefined, 216)).toBe(216);
    expect(() => enumerateDice(three, () => undefined, 215)).toThrow(TooManyPathsError);
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

  it('reads the exact fraction rounded once: 14 paths of 2 dice and 3 of 3 are 29/72, where the terms added as doubles are not', () => {
    const s = new PathSum();
    s.add(2, 14);
    s.add(3, 3);
    expect(s.value).toBe(29 / 72);
    expect(14 * 6 ** -2 + 3 * 6 ** -3).not.toBe(29 / 72);
    // Two sums joined read as one: 14/36 and 3/216 apart, then together.
    const a = new PathSum();
    a.add(2, 14);
    const b = new PathSum();
    b.add(3, 3);
    expect(new PathSum().addAll(a).addAll(b).value).toBe(29 / 72);
    expect(new PathSum().value).toBe(0);
  });
});

describe('nearestDouble', () => {
  it('divides two integers a double holds exactly with one rounding', () => {
    expect(nearestDouble(29n, 72n)).toBe(29 / 72);
    expect(nearestDouble(2n * 6n ** 20n, 6n ** 21n)).toBe(1 / 3);
  });
  it('past 2^53: ties to even, and a remainder decides what would be a tie', () => {
    expect(nearestDouble(2n ** 53n + 1n, 1n)).toBe(2 ** 53); // halfway: even
    expect(nearestDouble(2n ** 53n + 3n, 1n)).toBe(2 ** 53 + 4); // halfway: even
    expect(nearestDouble((2n ** 53n + 1n) * 3n + 1n, 3n)).toBe(2 ** 53 + 2); // a third past halfway
    expect(nearestDouble(10n ** 30n + 1n, 3n * 10n ** 30n)).toBe(1 / 3);
    expect(nearestDouble(6n ** 30n - 1n, 6n ** 30n)).toBe(1); // 1 - 6^-30 is nearer 1 than any double below it
  });
});
