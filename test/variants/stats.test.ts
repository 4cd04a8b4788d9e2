/**
 * The statistics of paired variant comparisons (src/stats/comparison.ts; DESIGN.md "common random
 * numbers", docs/files.md "Variants"): Holm's correction, the paired difference with its interval and
 * variance ratio, and the p-values of the paired t test and of McNemar's exact test, against hand
 * computations and published table values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betaInc, compareVariants, holm, pairedStats, signTestP, tQuantile, tTwoSidedP } from '../../src/stats/comparison.js';
import { wilson } from '../../src/stats/intervals.js';
import { addFigures, concatFigures, emptyFigures, FIXED_METRICS, pairedMetrics, pushEngagementFigures } from '../../src/stats/pairedMetrics.js';
import { emptyResult } from '../../src/core/result.js';

describe('Holm correction', () => {
  it('matches a hand computation: sorted p-values times m, m − 1, ..., with a running maximum', () => {
    // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → max so far 0.06.
    expect(holm([0.01, 0.04, 0.03, 0.005]).map((p) => Number(p!.toFixed(12)))).toEqual([0.03, 0.06, 0.06, 0.02]);
  });

  it('gives tied p-values the same adjusted value, caps at 1 and leaves nulls out of the family', () => {
    // Ties: 0.02·3 = 0.06, 0.02·2 = 0.04 → 0.06 for both; 0.5·1 = 0.5.
    expect(holm([0.02, 0.5, 0.02]).map((p) => Number(p!.toFixed(12)))).toEqual([0.06, 0.5, 0.06]);
    expect(holm([0.4, 0.3])).toEqual([0.6, 0.6]);
    // The null is no test: m is 2, not 3.
    expect(holm([0.01, null, 0.04]).map((p) => (p === null ? null : Number(p.toFixed(12))))).toEqual([0.02, null, 0.04]);
    expect(holm([])).toEqual([]);
  });

  it('is monotone in the raw p-values, never below them and never above 1 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }), (ps) => {
        const adj = holm(ps) as number[];
        for (let i = 0; i < ps.length; i++) {
          expect(adj[i]).toBeGreaterThanOrEqual(ps[i]);
          expect(adj[i]).toBeLessThanOrEqual(1);
          for (let j = 0; j < ps.length; j++) if (ps[i] <= ps[j]) expect(adj[i]).toBeLessThanOrEqual(adj[j]);
        }
      }),
      { seed: 6, numRuns: 200 },
    );
  });
});

describe('p-values against known values', () => {
  it('Student t: two-sided p at the tabulated quantiles', () => {
    // t tables: t(0.975; 7) = 2.364624, t(0.995; 7) = 3.499483, t(0.975; 1) = 12.706205, t(0.975; 30) = 2.042272.
    expect(tTwoSidedP(2.364624, 7)).toBeCloseTo(0.05, 6);
    expect(tTwoSidedP(3.499483, 7)).toBeCloseTo(0.01, 6);
    expect(tTwoSidedP(12.706205, 1)).toBeCloseTo(0.05, 6);
    expect(tTwoSidedP(-2.042272, 30)).toBeCloseTo(0.05, 6);
    expect(tTwoSidedP(0, 9)).toBe(1);
    // Many degrees of freedom: the normal, P(|Z| ≥ 1.959964) = 0.05.
    expect(tTwoSidedP(1.959964, 1e6)).toBeCloseTo(0.05, 5);
  });

  it('Student t quantiles', () => {
    expect(tQuantile(0.95, 7)).toBeCloseTo(2.364624, 5);
    expect(tQuantile(0.95, 1)).toBeCloseTo(12.706205, 4);
    expect(tQuantile(0.99, 7)).toBeCloseTo(3.499483, 5);
    expect(tQuantile(0.95, 1e6)).toBeCloseTo(1.959964, 4);
  });

  it('the incomplete beta function at closed forms: I_x(1, 1) = x, I_x(2, 1) = x², I_0.5(a, a) = 0.5', () => {
    expect(betaInc(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(betaInc(0.3, 2, 1)).toBeCloseTo(0.09, 12);
    expect(betaInc(0.5, 7.5, 7.5)).toBeCloseTo(0.5, 12);
  });

  it('McNemar exact: 7 against 1 discordant engagements give 2·(1 + 8)/256', () => {
    expect(signTestP(7, 1)).toBeCloseTo(18 / 256, 14);
    expect(signTestP(1, 7)).toBeCloseTo(18 / 256, 14);
    expect(signTestP(0, 20)).toBeCloseTo(2 / 2 ** 20, 18);
    expect(signTestP(3, 3)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
    // Large counts: 5500 against 4500 of 10,000 is about z = 10 from even.
    expect(signTestP(5500, 4500)).toBeLessThan(1e-20);
    expect(signTestP(5050, 4950)).toBeGreaterThan(0.3);
  });
});

describe('paired difference, interval and variance ratio (hand-computed)', () => {
  it('a count over 8 engagements', () => {
    const a = [3, 5, 2, 6, 4, 7, 3, 5]; // the variant
    const b = [2, 5, 1, 4, 4, 5, 2, 3]; // the reference
    // d = 1 0 1 2 0 2 1 2: Σd = 9, Σd² = 15, mean 1.125, Var(d) = (15 − 8·1.125²)/7 = 4.875/7.
    // Σa = 35, Σa² = 173, Var(a) = 19.875/7; Σb = 26, Σb² = 100, Var(b) = 15.5/7.
    const s = pairedStats(a, b, 'count');
    const sd = Math.sqrt(4.875 / 7);
    const se = sd / Math.sqrt(8);
    expect(s.n).toBe(8);
    expect(s.variant.value).toBe(4.375);
    expect(s.reference.value).toBe(3.25);
    expect(s.difference.mean).toBe(1.125);
    expect(s.difference.sd).toBeCloseTo(sd, 12);
    // t(0.975; 7) = 2.364624: 1.125 ± 2.364624·0.295048 = [0.42732, 1.82268].
    expect(s.difference.lo).toBeCloseTo(1.125 - 2.364624 * se, 5);
    expect(s.difference.hi).toBeCloseTo(1.125 + 2.364624 * se, 5);
    expect(s.difference.lo).toBeCloseTo(0.42732, 4);
    expect(s.test).toBe('t');
    expect(s.df).toBe(7);
    expect(s.statistic).toBeCloseTo(1.125 / se, 10); // 3.81294
    expect(s.p).toBeGreaterThan(0.005); // between the 0.995 quantile (3.499) and the 0.9995 quantile (5.408)
    expect(s.p).toBeLessThan(0.01);
    expect(s.varianceIndependent).toBeCloseTo((19.875 / 7 + 15.5 / 7) / 8, 12);
    expect(s.variancePaired).toBeCloseTo(4.875 / 7 / 8, 12);
    expect(s.varianceRatio).toBeCloseTo(35.375 / 4.875, 12); // 7.2564
  });

  it('a 0/1 figure over 10 engagements: shares, McNemar and the ratio', () => {
    const a = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1];
    const b = [0, 1, 0, 0, 0, 1, 1, 1, 0, 0];
    // Discordant: 4 with the variant only, 1 with the reference only; p = 2·(1 + 5)/32 = 0.375.
    // d: Σd = 3, Σd² = 5, Var(d) = (5 − 0.9)/9; Var(a) = (7 − 4.9)/9, Var(b) = (4 − 1.6)/9.
    const s = pairedStats(a, b, 'share');
    const w7 = wilson(7, 10), w4 = wilson(4, 10);
    expect(s.variant).toEqual({ value: 0.7, lo: w7.lo, hi: w7.hi });
    expect(s.reference).toEqual({ value: 0.4, lo: w4.lo, hi: w4.hi });
    expect(s.difference.mean).toBeCloseTo(0.3, 15);
    expect(s.difference.sd).toBeCloseTo(Math.sqrt(4.1 / 9), 12);
    expect(s.difference.hi! - s.difference.mean).toBeCloseTo((tQuantile(0.95, 9) * Math.sqrt(4.1 / 9)) / Math.sqrt(10), 12);
    expect(s.test).toBe('sign');
    expect(s.discordant).toEqual({ variantOnly: 4, referenceOnly: 1 });
    expect(s.p).toBeCloseTo(0.375, 14);
    expect(s.varianceRatio).toBeCloseTo(4.5 / 4.1, 12);
  });

  it('the same values under both variants: difference 0, p 1, no ratio; a constant shift: p 0', () => {
    const same = pairedStats([1, 0, 1, 1], [1, 0, 1, 1], 'share');
    expect(same.difference).toEqual({ mean: 0, sd: 0, lo: 0, hi: 0 });
    expect(same.p).toBe(1);
    expect(same.varianceRatio).toBeNull();
    expect(same.varianceIndependent).toBeGreaterThan(0);
    const shift = pairedStats([3, 4, 5], [2, 3, 4], 'count');
    expect(shift.difference.mean).toBe(1);
    expect(shift.p).toBe(0);
    expect(shift.statistic).toBeNull();
    const one = pairedStats([3], [2], 'count');
    expect(one.difference.lo).toBeNull();
    expect(one.p).toBeNull();
  });
});

describe('engagement figures and compareVariants', () => {
  it('records the figures of an engagement in the order of pairedMetrics', () => {
    const r = emptyResult({ units: 0, objectives: 2, purposes: 1, ratings: 1 });
    r.winner = 1;
    r.turns = 7;
    r.sides[0].retreatsVoluntary = 1;
    r.sides[1].armyBrokenTurn = 5;
    r.sides[0].strengthLost = 9;
    r.sides[1].casualties = 450;
    r.sides[1].unitsEliminated = 2;
    r.sides[1].moraleChecksFailed = 3;
    r.objectives = [0, 1];
    const out: number[] = [];
    pushEngagementFigures(r, out);
    expect(out).toHaveLength(pairedMetrics(2).length);
    expect(out).toEqual([0, 1, 0, 1, 0, 0, 1, 9, 0, 0, 450, 0, 2, 0, 3, 7, 1, 0]);
    expect(pairedMetrics(0)).toEqual(FIXED_METRICS);
  });

  it('concatenates batches only in engagement order', () => {
    const w = pairedMetrics(0).length;
    const x = emptyFigures(0, w), y = emptyFigures(2, w), z = emptyFigures(5, w);
    const r = emptyResult({ units: 0, purposes: 1, ratings: 1 });
    for (let i = 0; i < 2; i++) addFigures(x, r);
    for (let i = 0; i < 3; i++) addFigures(y, r);
    concatFigures(x, y);
    expect(x.count).toBe(5);
    expect(x.values).toHaveLength(5 * w);
    expect(() => concatFigures(x, y)).toThrow(/out of order/);
    concatFigures(x, z);
  });

  it('pairs cells by group, leaves out figures constant in every variant, and corrects per comparison', () => {
    const metrics = [
      { id: 'won', side: 0 as const, kind: 'share' as const, unit: 'share' as const },
      { id: 'draw', side: null, kind: 'share' as const, unit: 'share' as const },
      { id: 'turns', side: null, kind: 'count' as const, unit: 'turns' as const },
    ];
    const fig = (rows: number[][]) => ({ start: 0, count: rows.length, width: 3, values: rows.flat() });
    // Group g has cells 0 (reference) and 1; draw is 0 everywhere: left out.
    const ref = fig([[1, 0, 3], [0, 0, 4], [1, 0, 3], [0, 0, 5]]);
    const alt = fig([[1, 0, 4], [1, 0, 5], [1, 0, 4], [1, 0, 6]]);
    const out = compareVariants({
      groups: [{ label: 'g', factors: { f: 1 }, cells: [0, 1] }],
      variantNames: ['a', 'b'],
      referenceIndex: 0,
      figures: [ref, alt],
      metrics,
      label: (m) => m.id,
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ group: 'g', variant: 'b', reference: 'a', variantCell: 1, referenceCell: 0, n: 4 });
    expect(out[0].metrics.map((m) => m.metric)).toEqual(['won', 'turns']);
    const [won, turns] = out[0].metrics;
    expect(won.difference.mean).toBe(0.5);
    expect(won.discordant).toEqual({ variantOnly: 2, referenceOnly: 0 });
    expect(won.p).toBe(0.5); // 2·(1/2)²
    expect(turns.difference.mean).toBe(1);
    expect(turns.p).toBe(0); // one turn more in every engagement
    expect(holm([won.p, turns.p])).toEqual([won.pHolm, turns.pHolm]);
    expect(won.significant).toBe(false);
    expect(turns.significant).toBe(true);
  });
});
