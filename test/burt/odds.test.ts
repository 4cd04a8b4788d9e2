/**
 * The exact odds of src/rules/burt/odds.ts against enumeration of every die face and seeded samples.
 * The cases whose enumeration costs a second or more run in test/long/burt-odds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { rollCasualties, rollGunCasualties, SHORT } from '../../src/rules/burt/fire.js';
import { rollMoraleTest } from '../../src/rules/burt/morale.js';
import {
  binomial,
  capAt,
  casualtyDistribution,
  convolve,
  diceTotalDistribution,
  fireOdds,
  gunLossDistribution,
  gunLossOdds,
  meleeOdds,
  moraleOdds,
  moraleTestOdds,
} from '../../src/rules/burt/odds.js';
import { DEFAULT_BURT_OPTIONS as O } from '../../src/rules/burt/options.js';
import { ROUT, SHAKEN } from '../../src/rules/burt/tables.js';
import { calm, expectSameDistribution, expectSampled, FIRE_CASES, fireCaseTests, fourSE, LONG_CASES, MELEE_CASES, meleeCaseTests, side, situation, sum } from './oddsChecks.js';

describe('the split of the cases', () => {
  it('every case left to test/long/burt-odds.test.ts is a case of FIRE_CASES or MELEE_CASES, and each list keeps quick cases here', () => {
    const names = [...FIRE_CASES, ...MELEE_CASES].map(([name]) => name);
    for (const name of LONG_CASES) expect(names, name).toContain(name);
    expect(FIRE_CASES.filter(([name]) => !LONG_CASES.has(name)).length).toBeGreaterThan(2);
    expect(MELEE_CASES.filter(([name]) => !LONG_CASES.has(name)).length).toBeGreaterThan(0);
  });
});

describe('Distribution helpers', () => {
  it('binomial(3, 1/2) is 1, 3, 3, 1 eighths; convolving two dice totals gives 2d6', () => {
    expect(binomial(3, 0.5)).toEqual([1 / 8, 3 / 8, 3 / 8, 1 / 8]);
    const two = diceTotalDistribution(2);
    expect(two[7]).toBeCloseTo(6 / 36, 14);
    expect(two[12]).toBeCloseTo(1 / 36, 14);
    expect(convolve([0.5, 0.5], [1])).toEqual([0.5, 0.5]);
  });
  it('capAt piles the tail onto the cap', () => {
    expect(capAt([0.1, 0.2, 0.3, 0.4], 1)).toEqual([0.1, 0.9]);
    expect(capAt([0.5, 0.5], 5)).toEqual([0.5, 0.5]);
  });
});

describe('(a) Fire odds (6): exact distributions against enumeration of every die face and a seeded sample', () => {
  fireCaseTests(FIRE_CASES.filter(([name]) => !LONG_CASES.has(name)));

  it('6: the hand-derived case: 4 muskets at medium range at a line in the open remove a figure with chance 1/3 x 2/3', () => {
    const odds = fireOdds({ figures: 4 }, situation, { cover: 'none', skirmishersOrCrew: false, figures: 24 }, O);
    expect(odds.removed[1]).toBeCloseTo(2 / 9, 14);
    expect(odds.hits[1]).toBeCloseTo(1 / 3, 14);
    expect(odds.expectedRemoved).toBeCloseTo(2 / 9, 14);
  });

  for (const mode of ['perCasualty', 'summed'] as const) {
    it(`6 (burt.gunCasualtyRoll ${mode}): guns lost when 9 muskets fire at a 2-gun 4pdr battery equal enumeration and a seeded sample`, () => {
      const odds = fireOdds({ figures: 9 }, { ...situation, band: SHORT }, { cover: 'none', skirmishersOrCrew: true, figures: Infinity }, O);
      const lost = gunLossOdds(odds.removed, 2, 3, 'smallArms', mode);
      expect(sum(lost)).toBeCloseTo(1, 10);
      const e: number[] = [0, 0, 0];
      enumerateDice(
        (d) => {
          const u = d.fire(0);
          return rollGunCasualties(rollCasualties(odds.plan, Infinity, u), 2, 3, 'smallArms', mode, u);
        },
        (q, g) => (e[g] += q),
      );
      expectSameDistribution(lost, e, 'guns lost');
      expectSampled(lost, (u) => rollGunCasualties(rollCasualties(odds.plan, Infinity, u), 2, 3, 'smallArms', mode, u), `burt-odds-guns-${mode}`, 100_000);
    });
  }

  it('6 (summed): 5 casualties from ball on 2 guns of crew 4 are dealt 3 and 2; each gun is out when its total reaches 4', () => {
    const d = gunLossDistribution(5, 2, 4, 'ball', 'summed');
    const three = 1 - 1 / 216; // only 1,1,1 totals under 4
    const two = 1 - 3 / 36; // (1,1) (1,2) (2,1)
    expect(d[2]).toBeCloseTo(three * two, 14);
    expect(d[0]).toBeCloseTo((1 - three) * (1 - two), 14);
  });
});

describe('(b) Melee round odds (9): joint casualties and outcomes against enumeration and a seeded sample', () => {
  meleeCaseTests(MELEE_CASES.filter(([name]) => !LONG_CASES.has(name)));

  it('9: the hand-derived case: 4 against 4 formed figures in the open: each side removes one with chance 2/9; indecisive (2/9)^2 + (7/9)^2', () => {
    const s = side(24, 4, {});
    const odds = meleeOdds(s, s, false, O);
    const k = 2 / 9;
    expect(odds.outcomes.indecisive).toBeCloseTo(k * k + (1 - k) * (1 - k), 14);
    expect(odds.outcomes.aBreaks).toBeCloseTo(k * (1 - k), 14);
    expect(odds.outcomes.bBreaks).toBeCloseTo(k * (1 - k), 14);
    expect(odds.bothTest).toBeCloseTo(odds.outcomes.indecisive, 14);
    expect(odds.testFails).toBeUndefined();
  });

  it('12: both sides test after an indecisive round only when neither is routing already: with side a routing, bothTest is 0 though the round is indecisive as often', () => {
    const routing = meleeOdds(side(24, 4, { level: ROUT }, 'C', { level: ROUT }), side(24, 4, {}, 'C'), false, O);
    expect(routing.outcomes.indecisive).toBeGreaterThan(0.3);
    expect(routing.bothTest).toBe(0);
    expect(routing.testFails![0]).toBe(0);
    // Without classes the level still says who routs.
    expect(meleeOdds(side(24, 4, { level: ROUT }), side(24, 4, {}), false, O).bothTest).toBe(0);
    const formed = meleeOdds(side(24, 4, {}, 'C'), side(24, 4, {}, 'C'), false, O);
    expect(formed.bothTest).toBeCloseTo(formed.outcomes.indecisive, 14);
  });

  it('9: a side with no figures in contact inflicts nothing', () => {
    const odds = meleeOdds(side(24, 0, {}), side(24, 8, {}), false, O);
    expect(odds.inflictedByA).toEqual([1]);
    expect(odds.outcomes.bBreaks).toBe(0);
  });
});

describe('(c) Morale odds (8)', () => {
  it('8: moraleOdds equals the share of faces that pass, counted by hand over two dice, for every class and modifier -4..+4', () => {
    for (const k of ['A', 'B', 'C', 'D', 'E'] as const) for (let m = -4; m <= 4; m++) {
      const need = { A: 2, B: 3, C: 4, D: 5, E: 6 }[k] - m;
      let pass = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
        const score = a < 6 ? a : b >= 4 ? b + 3 : 6;
        if (need <= 1 || score >= need) pass++;
      }
      expect(moraleOdds(k, m, O), `${k} ${m}`).toBeCloseTo(pass / 36, 14);
    }
  });
  it('8: moraleTestOdds reads the situation: class D, shaken (-2), in hard cover (+2), supported (+2) needs a 3', () => {
    const s = { ...calm, level: SHAKEN, cover: 'hard' as const, supported: true };
    expect(moraleTestOdds('D', s, 'melee', O)).toBeCloseTo(4 / 6, 14);
  });
  it('8: 100000 seeded tests of class E at -1 pass within 4 standard errors of moraleOdds (3/36)', () => {
    const p = moraleOdds('E', -1, O);
    const u = aleaStream('burt-odds-morale');
    const n = 100_000;
    let k = 0;
    for (let i = 0; i < n; i++) if (rollMoraleTest('E', -1, O.extendedDie, O.naturalOne, u)) k++;
    expect(Math.abs(k / n - p)).toBeLessThan(fourSE(p, n));
  });
});

describe('casualtyDistribution (6)', () => {
  it('6: without a cap the removed figures can exceed a small target; with it they pile at the cap', () => {
    const plan = fireOdds({ figures: 12 }, { ...situation, band: SHORT }, { cover: 'none', skirmishersOrCrew: false, figures: Infinity }, O).plan;
    expect(casualtyDistribution(plan).length).toBe(4);
    const capped = casualtyDistribution(plan, 1);
    expect(capped.length).toBe(2);
    expect(sum(capped)).toBeCloseTo(1, 14);
  });
});
