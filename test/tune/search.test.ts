/**
 * The search of `volley tune` (src/stats/tuneSearch.ts; docs/files.md, "volley tune") on functions
 * whose crossing and interval are known: an estimate on common random numbers (an empirical CDF of
 * fixed uniforms), a deterministic whole-number curve, a jump across the target, a target out of reach,
 * and a curve that crosses twice.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/stats/intervals.js';
import type { Estimate } from '../../src/stats/metricPath.js';
import { firstGrid, SearchError, tuneSearch, type Evaluate } from '../../src/stats/tuneSearch.js';

const share = (k: number, n: number): Estimate => {
  const w = wilson(k, n);
  return { value: w.p, lo: w.lo, hi: w.hi, se: Math.sqrt((w.p * (1 - w.p)) / n), n };
};

/** An evaluate that records the values asked for. */
function recorder(f: (x: number) => Estimate): { evaluate: Evaluate; asked: number[][] } {
  const asked: number[][] = [];
  return {
    asked,
    evaluate: async (xs) => {
      asked.push(xs);
      return xs.map(f);
    },
  };
}

describe('tuneSearch on common random numbers: the estimate is a step function of the value', () => {
  // Engagement i "succeeds" at value x when u_i < x / 10: the share is the empirical CDF of 10 u at x.
  // The true root of share = 0.3 is x = 3; on these dice the estimate crosses 0.3 at 10 u_(k), k = 0.3 N.
  const N = 2000;
  const rng = seedrandom.alea('tune-search');
  const u = Array.from({ length: N }, () => rng());
  const f = (x: number) => share(u.filter((v) => v < x / 10).length, N);
  const sorted = [...u].sort((a, b) => a - b);

  it('bisection lands within the tolerance of the crossing on these dice', async () => {
    const tol = 0.01;
    const { evaluate, asked } = recorder(f);
    const o = await tuneSearch({ from: 0, to: 10, integer: false, target: 0.3, tolerance: tol }, evaluate);
    expect(o.method).toBe('bisection');
    expect(o.reached).toBe(true);
    // The estimate reaches 0.3 once 600 of the uniforms are below x / 10: just past 10 u_(600).
    const crossing = 10 * sorted[0.3 * N - 1];
    expect(Math.abs(o.chosen.x - crossing)).toBeLessThanOrEqual(tol);
    expect(o.bracket![1] - o.bracket![0]).toBeLessThanOrEqual(tol);
    // Each round plays at most three values (the crossing and the two ends of the interval).
    for (const xs of asked.slice(1)) expect(xs.length).toBeLessThanOrEqual(3);
    expect(o.evaluations).toBeLessThan(30);
  });

  it('the interval is the set of values whose interval contains the target, checked on a fine grid', async () => {
    const tol = 0.01;
    const o = await tuneSearch({ from: 0, to: 10, integer: false, target: 0.3, tolerance: tol }, recorder(f).evaluate);
    const grid = Array.from({ length: 10001 }, (_, i) => i / 1000);
    const inside = grid.filter((x) => {
      const e = f(x);
      return e.lo <= 0.3 && 0.3 <= e.hi;
    });
    expect(o.interval!.kind).toBe('contains');
    expect(Math.abs(o.interval!.lo - inside[0])).toBeLessThanOrEqual(tol);
    expect(Math.abs(o.interval!.hi - inside[inside.length - 1])).toBeLessThanOrEqual(tol);
    // Coverage by construction: the true root 3 (the share is exactly 0.3 there) is inside.
    expect(o.interval!.lo).toBeLessThanOrEqual(3);
    expect(o.interval!.hi).toBeGreaterThanOrEqual(3);
    // Its width is about 2 x 1.96 standard errors of the share over the slope, 1/10 on average (the
    // slope of the empirical CDF of these dice varies: about 0.135 here, so the set is narrower).
    const expected = 2 * 1.96 * 10 * Math.sqrt(0.21 / N);
    expect(o.interval!.hi - o.interval!.lo).toBeGreaterThan(0.6 * expected);
    expect(o.interval!.hi - o.interval!.lo).toBeLessThan(1.4 * expected);
  });

  it('the same dice give the same answer (the search is deterministic)', async () => {
    const a = await tuneSearch({ from: 0, to: 10, integer: false, target: 0.3 }, recorder(f).evaluate);
    const b = await tuneSearch({ from: 0, to: 10, integer: false, target: 0.3 }, recorder(f).evaluate);
    expect(b).toEqual(a);
  });
});

describe('tuneSearch on whole numbers', () => {
  /** Share 1 - k/1000 with a fixed interval of +-0.0105: the target 0.3 is met at 700, the interval is 690..710. */
  const line = (k: number): Estimate => ({ value: 1 - k / 1000, lo: 1 - k / 1000 - 0.0105, hi: 1 - k / 1000 + 0.0105, se: 0.005, n: 1000 });

  it('a wide range is bisected to the exact crossing and interval, in few evaluations', async () => {
    const o = await tuneSearch({ from: 0, to: 1000, integer: true, target: 0.3 }, recorder(line).evaluate);
    expect(o.method).toBe('bisection');
    expect(o.chosen.x).toBe(700);
    expect(o.interval).toMatchObject({ lo: 690, hi: 710, kind: 'contains', beyondFrom: false, beyondTo: false });
    expect(o.evaluations).toBeLessThan(40);
    for (const p of o.points) expect(Number.isInteger(p.x)).toBe(true);
  });

  it('a small range is evaluated in full', async () => {
    const { evaluate, asked } = recorder((k) => line(100 * k));
    const o = await tuneSearch({ from: 0, to: 10, integer: true, target: 0.3 }, evaluate);
    expect(o.method).toBe('every candidate');
    expect(asked).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(o.chosen.x).toBe(7);
    expect(o.interval).toMatchObject({ lo: 7, hi: 7, kind: 'contains' });
  });

  it('a jump across the target gives the two neighbours that bracket it, and the nearer one', async () => {
    const jump = (k: number): Estimate => (k < 5 ? { value: 0.45, lo: 0.44, hi: 0.46, se: 0.005, n: 1000 } : { value: 0.1, lo: 0.09, hi: 0.11, se: 0.005, n: 1000 });
    const o = await tuneSearch({ from: 0, to: 10, integer: true, target: 0.3 }, recorder(jump).evaluate);
    expect(o.interval).toMatchObject({ lo: 4, hi: 5, kind: 'bracket' });
    expect(o.chosen.x).toBe(4);
  });

  it('an exact hit is the tuned value', async () => {
    const o = await tuneSearch({ from: 0, to: 10, integer: true, target: 0.5 }, recorder((k) => line(100 * k)).evaluate);
    expect(o.chosen.x).toBe(5);
    expect(o.chosen.value).toBe(0.5);
  });

  it('a target out of reach says so and gives the nearest value', async () => {
    const o = await tuneSearch({ from: 0, to: 100, integer: true, target: 0.05 }, recorder(line).evaluate);
    expect(o.reached).toBe(false);
    expect(o.chosen.x).toBe(100);
    expect(o.interval).toBeNull();
  });

  it('a target just out of reach but within the interval at the end reaches beyond the range', async () => {
    const o = await tuneSearch({ from: 0, to: 695, integer: true, target: 0.3 }, recorder(line).evaluate);
    expect(o.reached).toBe(false);
    expect(o.chosen.x).toBe(695);
    expect(o.interval).toMatchObject({ hi: 695, beyondTo: true, beyondFrom: false });
    expect(o.interval!.lo).toBe(690);
  });

  it('a curve that crosses the target twice is flagged', async () => {
    const hump = (k: number): Estimate => {
      const v = 0.8 - Math.abs(k - 50) / 50;
      return { value: v, lo: v - 0.01, hi: v + 0.01, se: 0.005, n: 1000 };
    };
    const o = await tuneSearch({ from: 0, to: 100, integer: true, target: 0.5 }, recorder(hump).evaluate);
    expect(o.chosen.x).toBe(35);
    expect(o.warnings.join(' ')).toMatch(/also crosses the target/);
  });

  it('first grids: every integer of a small range, else an even grid with the ends', () => {
    expect(firstGrid({ from: 3, to: 6, integer: true, target: 0 })).toEqual([3, 4, 5, 6]);
    expect(firstGrid({ from: 8, to: 28, integer: true, target: 0 })).toEqual([8, 13, 18, 23, 28]);
    expect(firstGrid({ from: 0, to: 1, integer: false, target: 0 })).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('rejects an empty range and fractional ends for whole numbers', async () => {
    await expect(tuneSearch({ from: 5, to: 5, integer: true, target: 0 }, recorder(line).evaluate)).rejects.toThrow(SearchError);
    await expect(tuneSearch({ from: 0.5, to: 5, integer: true, target: 0 }, recorder(line).evaluate)).rejects.toThrow(SearchError);
  });
});
