/** The normal quantile behind every interval (src/stats/intervals.ts), against tabulated values; a histogram's summary. */
import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/stats/histogram.js';
import { inverseNormal, wilson, zFor } from '../../src/stats/intervals.js';

describe('inverseNormal', () => {
  it('matches the standard normal table to 1e-8', () => {
    const table: [number, number][] = [
      [0.5, 0],
      [0.8413447460685429, 1],
      [0.975, 1.959963984540054],
      [0.995, 2.5758293035489],
      [0.9995, 3.290526731491926],
      [0.001, -3.090232306167813],
      [1e-6, -4.753424308822899],
    ];
    for (const [p, z] of table) expect(Math.abs(inverseNormal(p) - z), `p=${p}`).toBeLessThan(1e-8 * Math.max(1, Math.abs(z)));
  });

  it('is odd about 0.5 and increasing; 0 and 1 give the infinities', () => {
    for (const p of [0.01, 0.02425, 0.1, 0.3, 0.49]) expect(inverseNormal(1 - p)).toBeCloseTo(-inverseNormal(p), 12);
    let last = -Infinity;
    for (let p = 0.001; p < 1; p += 0.001) {
      const z = inverseNormal(p);
      expect(z).toBeGreaterThan(last);
      last = z;
    }
    expect(inverseNormal(0)).toBe(-Infinity);
    expect(inverseNormal(1)).toBe(Infinity);
  });

  it('gives the 95% z of 1.96 and a Wilson interval as computed by hand', () => {
    expect(zFor(0.95)).toBeCloseTo(1.959964, 6);
    // 30 of 100, z = 1.959964: centre (0.3 + z²/200)/(1 + z²/100), half z·√(0.0021 + z²/40000)/(1 + z²/100).
    const z = 1.959963984540054;
    const denom = 1 + (z * z) / 100;
    const centre = (0.3 + (z * z) / 200) / denom;
    const half = (z * Math.sqrt(0.0021 + (z * z) / 40000)) / denom;
    const w = wilson(30, 100);
    expect(w.lo).toBeCloseTo(centre - half, 9);
    expect(w.hi).toBeCloseTo(centre + half, 9);
    // The 95% z worked out once is the same number as worked out each time.
    expect(zFor(0.95)).toBe(inverseNormal(0.975));
    expect(zFor(0.9)).toBe(inverseNormal(0.95));
  });

  it('ends a Wilson interval at 0 exactly with no success and at 1 with every one (where its terms cancel)', () => {
    for (const n of [1, 7, 100, 2000, 123_457]) {
      const none = wilson(0, n);
      const all = wilson(n, n);
      expect(none.lo).toBe(0);
      expect(all.hi).toBe(1);
      // The other ends as computed: (z²/n)/(1 + z²/n) from the edge.
      const z2 = zFor(0.95) ** 2;
      expect(none.hi).toBeCloseTo(z2 / n / (1 + z2 / n), 12);
      expect(all.lo).toBeCloseTo(1 - z2 / n / (1 + z2 / n), 12);
    }
  });
});

describe('a histogram summarized (src/stats/histogram.ts)', () => {
  it('gives the interval of the mean first, then min, max, median and counts: the order results.json has them in', () => {
    const s = summarize([0, 2, 1]);
    expect(Object.keys(s)).toEqual(['mean', 'sd', 'lo', 'hi', 'n', 'min', 'max', 'median', 'counts']);
    expect(s).toMatchObject({ n: 3, mean: 4 / 3, min: 1, max: 2, median: 1, counts: [[1, 2], [2, 1]] });
    expect(s.sd).toBeCloseTo(Math.sqrt(1 / 3), 12);
    expect(summarize([])).toEqual({ mean: 0, sd: 0, lo: 0, hi: 0, n: 0, min: 0, max: 0, median: 0, counts: [] });
  });
});
