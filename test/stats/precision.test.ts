/**
 * Stopping at a target precision (src/stats/precision.ts; docs/files.md, "Stopping at a target
 * precision"): the first look, the decision at each look, the primary proportions, and the coverage of
 * the whole sequential rule measured on Bernoulli draws with a known probability.
 */
import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { unmeasuredFigures } from '../../src/core/ruleset.js';
import { findRuleset } from '../../src/rules/index.js';
import { emptyCellAcc } from '../../src/stats/cellAccumulator.js';
import { wilson, zFor } from '../../src/stats/intervals.js';
import { firstLook, halfWidth, look, metricLabel, primaryProportions, trialsFor, type PrecisionRule, type PrimaryProportion } from '../../src/stats/precision.js';

const rule = (halfWidth: number, batch: number, maxEngagements = 1_000_000): PrecisionRule => ({ halfWidth, batch, maxEngagements });
const one = (k: number, m: number): PrimaryProportion[] => [{ metric: 'outcome[0]', k, m }];

describe('the first look', () => {
  it('comes after two batches and at least 200 engagements, in whole batches, never past the maximum', () => {
    expect(firstLook(rule(0.01, 500))).toBe(1000);
    expect(firstLook(rule(0.01, 100))).toBe(200);
    expect(firstLook(rule(0.01, 30))).toBe(210);
    expect(firstLook(rule(0.01, 1))).toBe(200);
    expect(firstLook(rule(0.01, 2000))).toBe(4000);
    expect(firstLook(rule(0.01, 500, 700))).toBe(700);
    expect(look(rule(0.01, 500), 0, [])).toEqual({ n: 0, widest: null, met: false, next: 1000 });
  });
});

describe('a look', () => {
  it('measures the half-width of the 95% Wilson interval that results.json reports', () => {
    const w = wilson(300, 1000);
    expect(halfWidth(300, 1000)).toBeCloseTo((w.hi - w.lo) / 2, 15);
    // Wilson, 300 of 1000: half-width z·√(0.21/1000 + z²/4e6) / (1 + z²/1000), z as intervals.ts has it.
    const z = zFor(0.95);
    expect(halfWidth(300, 1000)).toBeCloseTo((z * Math.sqrt(0.21 / 1000 + (z * z) / 4e6)) / (1 + (z * z) / 1000), 12);
  });

  it('stops a cell whose widest proportion is within the target, and names that proportion', () => {
    const props = [...one(500, 1000), { metric: 'sides[1].retreatRate', k: 100, m: 1000 }];
    const l = look(rule(0.05, 500), 1000, props);
    expect(l).toEqual({ n: 1000, widest: { metric: 'outcome[0]', halfWidth: halfWidth(500, 1000) }, met: true, next: 1000 });
  });

  it('plays on, in whole batches, to where the widest share would reach the target', () => {
    // At p = 1/2 the Wilson half-width is z / (2·√(m + z²)): ±0.01 from m = (z / 0.02)² − z² on (about 9600).
    const z = zFor(0.95);
    const m = trialsFor(0.5, 0.01);
    expect(m).toBe(Math.ceil((z / 0.02) ** 2 - z * z));
    expect(halfWidth(m / 2, m)).toBeLessThanOrEqual(0.01);
    expect(halfWidth((m - 1) / 2, m - 1)).toBeGreaterThan(0.01);
    const l = look(rule(0.01, 500), 1000, one(500, 1000));
    expect(l.met).toBe(false);
    expect(l.next).toBe(Math.ceil(m / 500) * 500);
  });

  it('a target far below any run\'s reach still gives an answer (the search stops; it once looped for ever past 2^53)', () => {
    const z = zFor(0.95);
    // Exact below 2^53: ±0.00001 at p = 1/2 from (z / 0.00002)² − z² (about 9.6 billion).
    expect(trialsFor(0.5, 1e-5)).toBe(Math.ceil((z / 2e-5) ** 2 - z * z));
    expect(trialsFor(0.5, 1e-9)).toBe(Math.ceil((z / 2e-9) ** 2));
    expect(look(rule(1e-9, 100), 200, one(100, 200)).next).toBe(rule(1e-9, 100).maxEngagements);
  });

  it('counts trials per engagement for a rate over morale checks', () => {
    // 0.3 failed of 400 checks in 1000 engagements: 0.4 checks per engagement.
    const checks = [{ metric: 'sides[0].moraleChecks.failRate', k: 120, m: 400 }];
    const l = look(rule(0.02, 100), 1000, checks);
    expect(l.next).toBe(Math.ceil(trialsFor(0.3, 0.02) / 0.4 / 100) * 100);
  });

  it('plays at least one batch more, and never past the maximum', () => {
    // Just above the target: the prediction is below the next batch.
    const near = look(rule(halfWidth(500, 1000) - 1e-6, 500), 1000, one(500, 1000));
    expect(near.next).toBe(1500);
    const capped = look(rule(0.001, 500, 2300), 2000, one(1000, 2000));
    expect(capped.next).toBe(2300);
    const atMax = look(rule(0.001, 500, 2300), 2300, one(1150, 2300));
    expect(atMax).toMatchObject({ n: 2300, met: false, next: 2300 });
  });

  it('leaves out proportions with no trials', () => {
    const l = look(rule(0.05, 500), 1000, [...one(500, 1000), { metric: 'sides[0].moraleChecks.failRate', k: 0, m: 0 }]);
    expect(l.widest?.metric).toBe('outcome[0]');
  });
});

describe('the primary proportions', () => {
  it('of an Age of Rifles assault (no army): win and draw shares, retreat rates, and failure rates of sides that took checks', () => {
    const acc = emptyCellAcc({ units: 3, reasons: ['time'], purposes: 1, ratings: 1 });
    acc.n = 10;
    acc.winners = [5, 3, 2];
    acc.sides[0].anyRetreat = 4;
    acc.sides[1].anyRetreat = 6;
    acc.sides[1].moraleChecks = 8;
    acc.sides[1].moraleChecksFailed = 2;
    expect(primaryProportions(acc, false)).toEqual([
      { metric: 'outcome[0]', k: 5, m: 10 },
      { metric: 'outcome[1]', k: 3, m: 10 },
      { metric: 'outcome[2]', k: 2, m: 10 },
      { metric: 'sides[0].retreatRate', k: 4, m: 10 },
      { metric: 'sides[1].retreatRate', k: 6, m: 10 },
      { metric: 'sides[1].moraleChecks.failRate', k: 2, m: 8 },
    ]);
  });

  it('with armies (a battle, or a lane engagement with or without formations): also each army broken, counted from the turn histogram', () => {
    for (const formations of [2, 0]) {
      const acc = emptyCellAcc({ units: 3, formations, objectives: 1, reasons: ['time'], purposes: 1, ratings: 1 });
      acc.n = 10;
      acc.sides[1].armyBrokenTurn = [7, 0, 1, 2];
      const metrics = primaryProportions(acc, true);
      expect(metrics.find((x) => x.metric === 'sides[1].armyBroken')).toEqual({ metric: 'sides[1].armyBroken', k: 3, m: 10 });
      expect(metrics.find((x) => x.metric === 'sides[0].armyBroken')).toEqual({ metric: 'sides[0].armyBroken', k: 0, m: 10 });
    }
  });

  it('the runner and results.json count army broken wherever the kind of scenario measures it: a Burt or Age of Eagles lane engagement (no formations), not an Age of Rifles assault', () => {
    expect(unmeasuredFigures(findRuleset('burt')!, 'lane')).not.toContain('armyBroken');
    expect(unmeasuredFigures(findRuleset('aoe')!, 'lane')).not.toContain('armyBroken');
    expect(unmeasuredFigures(findRuleset('aor')!, 'battle')).not.toContain('armyBroken');
    expect(unmeasuredFigures(findRuleset('aor')!, 'assault')).toContain('armyBroken');
  });

  it('have names in words', () => {
    const sides = ['French', 'Prussians'] as const;
    expect(metricLabel('outcome[1]', sides)).toBe('Prussians win');
    expect(metricLabel('outcome[2]', sides)).toBe('Draw');
    expect(metricLabel('sides[0].moraleChecks.failRate', sides)).toBe('French: morale checks failed');
  });
});

/**
 * The whole rule on shares of known probability: each repetition draws Bernoulli(p) (or a three-way
 * outcome) from one seeded alea stream, batch by batch, asks `look` (the function the runner uses)
 * after every block, and checks whether the final 95% Wilson interval holds p.
 */
function coverage(probs: readonly number[], target: number, batch: number, reps: number, seed: string) {
  const u = aleaStream(seed);
  const r = rule(target, batch);
  const covered = probs.map(() => 0);
  let engagements = 0;
  let looks = 0;
  for (let rep = 0; rep < reps; rep++) {
    const k = probs.map(() => 0);
    let n = 0;
    for (;;) {
      const l = look(r, n, n === 0 ? [] : k.map((x, i) => ({ metric: `outcome[${i}]`, k: x, m: n })));
      if (l.next <= n) break;
      if (n > 0) looks++;
      for (; n < l.next; n++) {
        // One draw per engagement picks its outcome (a single share: success or not).
        const x = u();
        let acc = 0;
        for (let i = 0; i < probs.length; i++) {
          acc += probs[i];
          if (x < acc) {
            k[i]++;
            break;
          }
        }
      }
    }
    engagements += n;
    probs.forEach((p, i) => {
      const w = wilson(k[i], n);
      if (w.lo <= p && p <= w.hi) covered[i]++;
    });
  }
  return { coverage: covered.map((c) => c / reps), meanEngagements: engagements / reps, meanLooks: 1 + looks / reps };
}

/** The lower end of the one-sided 99% interval of a coverage estimated over `reps` repetitions. */
const lower99 = (c: number, reps: number) => c - 2.326 * Math.sqrt((c * (1 - c)) / reps);

describe('coverage of the whole stopping rule (nominal 95%)', () => {
  const REPS = 6000;
  it.each([
    [0.05, 0.03, 50],
    [0.3, 0.03, 50],
    [0.5, 0.03, 50],
    [0.05, 0.01, 100],
  ])(
    `p = %s, target ±%s, batches of %s: coverage − 2.33·SE over ${REPS} repetitions is at least 93%`,
    (p, target, batch) => {
      const c = coverage([p], target, batch, REPS, `coverage/${p}/${target}/${batch}`);
      expect(lower99(c.coverage[0], REPS), JSON.stringify(c)).toBeGreaterThanOrEqual(0.93);
      // The rule stopped where the target says, not at the first look: the check is not empty.
      expect(c.meanEngagements).toBeGreaterThan(0.9 * trialsFor(p, target));
    },
  );

  it(`a three-way outcome (0.6, 0.3, 0.1), target ±0.03: every share's coverage − 2.33·SE over ${REPS} repetitions is at least 93%`, () => {
    const c = coverage([0.6, 0.3, 0.1], 0.03, 50, REPS, 'coverage/three-way');
    for (const x of c.coverage) expect(lower99(x, REPS), JSON.stringify(c)).toBeGreaterThanOrEqual(0.93);
  });
});
