import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { binomial, convolve, d10, d3, faceAtLeast, sumD6, sumD6AtLeast, sumD6Distribution } from '../../src/rules/nagb/roll.js';

describe('Dice beside the d6 (p12, p21, p32)', () => {
  it('sumD6Distribution(n) equals brute-force enumeration of every face for n = 1..3', () => {
    for (let n = 1; n <= 3; n++) {
      const got = sumD6Distribution(n);
      const want = new Array(6 * n + 1).fill(0);
      enumerateDice((dice) => sumD6(dice.stream(0, 'fire'), n), (p, s) => (want[s] += p));
      for (let s = 0; s <= 6 * n; s++) expect(got[s], `n ${n} s ${s}`).toBeCloseTo(want[s], 14);
    }
  });
  it('sumD6AtLeast(2, 7) = 21/36', () => {
    expect(sumD6AtLeast(2, 7)).toBeCloseTo(21 / 36, 14);
    expect(sumD6AtLeast(0, 0)).toBe(1);
  });
  it('p21: a d3 from one draw takes 1, 2, 3 each with probability 1/3 (enumerated on d6 faces: pairs)', () => {
    const seen = new Array(4).fill(0);
    enumerateDice((dice) => d3(dice.stream(0, 'fire')), (p, v) => (seen[v] += p));
    expect(seen.slice(1).map((x) => x * 3)).toEqual([1, 1, 1].map((x) => expect.closeTo(x, 12)));
  });
  it('p32: a d10 from one draw lies in 1..10; 100,000 draws give each face 1/10 within 4 standard errors', () => {
    const u = aleaStream('nagb-d10');
    const n = 100_000;
    const c = new Array(11).fill(0);
    for (let i = 0; i < n; i++) c[d10(u)]++;
    expect(c[0]).toBe(0);
    const se = Math.sqrt(0.1 * 0.9 / n);
    for (let f = 1; f <= 10; f++) expect(Math.abs(c[f] / n - 0.1)).toBeLessThan(4 * se);
  });
  it('faceAtLeast: 4+ is 1/2, 7+ never, 1+ always', () => {
    expect(faceAtLeast(4)).toBe(0.5);
    expect(faceAtLeast(7)).toBe(0);
    expect(faceAtLeast(1)).toBe(1);
  });
  it('binomial(n, p) sums to 1 and matches the closed form C(n,k) p^k (1-p)^(n-k)', () => {
    const n = 12, p = 0.3;
    const b = binomial(n, p);
    let c = 1;
    for (let k = 0; k <= n; k++) {
      expect(b[k]).toBeCloseTo(c * p ** k * (1 - p) ** (n - k), 14);
      c = (c * (n - k)) / (k + 1);
    }
    expect(b.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 14);
    expect(binomial(300, 35 / 36).reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
  });
  it('convolve of two d6 is 2d6', () => {
    const d = [0, 1, 1, 1, 1, 1, 1].map((x) => x / 6);
    expect(convolve(d, d).map((x) => Math.round(x * 36))).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
  });
});
