/**
 * The exact distributions of src/rules/cwj/odds.ts against two independent methods: brute force over
 * every die face with tables transcribed here by hand from the text, and seeded Monte Carlo through
 * the functions play uses (within 4 standard errors per outcome).
 */
import { describe, expect, it } from 'vitest';
import { aleaStream, type Uniform } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { rollControl } from '../../src/rules/cwj/control.js';
import { explodingSixes, generalBonusChips } from '../../src/rules/cwj/chips.js';
import { newFireRoll, resolveFire } from '../../src/rules/cwj/fire.js';
import { newMeleeRoll, resolveMelee } from '../../src/rules/cwj/melee.js';
import { bonusChipOdds, controlOdds, explodingSixesProbability, fireOdds, meleeCaps, meleeOdds, meleeWinShares, rallyOdds } from '../../src/rules/cwj/odds.js';
import { rollRallyTable } from '../../src/rules/cwj/rally.js';

const FACES = [1, 2, 3, 4, 5, 6];
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);

/** Every category within 4 standard errors of its exact share over n draws (a certainty stays certain). */
function expectWithin4SE(exact: number[], counts: number[], n: number): void {
  expect(counts.length).toBe(exact.length);
  exact.forEach((p, i) => {
    const share = counts[i] / n;
    if (p === 0 || p === 1) expect(counts[i], `category ${i}`).toBe(p * n);
    else expect(Math.abs(share - p), `category ${i}: ${share} vs ${p}`).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });
}

// Tables written out from ../shared/rules/cwj-napoleonic-rules-v1.2.txt, independent of src/.
const fireByHand = (t: number) => (t >= 12 ? 3 : t >= 10 ? 2 : t >= 7 ? 1 : 0); // [Fire] l.148-158
const rallyByHand = (t: number) => (t >= 9 ? 3 : t >= 6 ? 2 : t >= 4 ? 1 : 0); // [Rally] l.38-58
const controlByHand = (a: number, b: number, m: number) => (a + b === 2 ? 0 : a + b + m >= 10 ? 4 : a + b + m >= 8 ? 3 : a + b + m >= 5 ? 2 : 1); // [Control] l.258-279

describe('(a) Firing Table odds ([Fire] l.143-224, [Gen] l.286-290)', () => {
  for (const mod of [-8, -4, -1, 0, 2, 3, 5, 10]) {
    it(`[Fire] l.143-158: modifier ${mod}, no general: the exact result odds equal brute force over the 36 faces`, () => {
      const want = [0, 0, 0, 0];
      for (const a of FACES) for (const b of FACES) want[fireByHand(a + b + mod)] += 1 / 36;
      const o = fireOdds(mod);
      o.result.forEach((p, i) => expect(p).toBeCloseTo(want[i], 12));
      expect(sum(o.result)).toBeCloseTo(1, 14);
      expect(o.generalTries).toBe(0);
    });
    it(`[Gen] l.286-290: modifier ${mod}, general with the target: brute force over 2d6, his try and his death die (6^4 faces)`, () => {
      const want = [0, 0, 0, 0];
      let tries = 0;
      let dies = 0;
      for (const a of FACES) for (const b of FACES) for (const c of FACES) for (const d of FACES) {
        const p = 1 / 1296;
        let r = fireByHand(a + b + mod);
        if (r > 0) {
          tries += p;
          if (c >= 5) r -= 1;
          if (d === 1) dies += p;
        }
        want[r] += p;
      }
      const o = fireOdds(mod, true);
      o.result.forEach((p, i) => expect(p).toBeCloseTo(want[i], 12));
      expect(o.generalTries).toBeCloseTo(tries, 12);
      expect(o.generalDies).toBeCloseTo(dies, 12);
    });
  }

  it('[Fire]: a modifier 0 roll disorders on 7-9 (15/36), retreats on 10-11 (5/36), eliminates on 12 (1/36) — by hand', () => {
    const o = fireOdds(0);
    expect(o.result).toEqual([15 / 36, 15 / 36, 5 / 36, 1 / 36].map((x) => expect.closeTo(x, 14)));
  });

  it('[Fire] [Gen]: exact enumeration of resolveFire over every dice path (core enumerateDice) agrees with fireOdds', () => {
    for (const mod of [-2, 1, 4]) {
      const want = [0, 0, 0, 0];
      let dies = 0;
      const out = newFireRoll();
      enumerateDice(
        (dice) => resolveFire(dice.fire(0), mod, true, out) * 2 + (out.generalDied ? 1 : 0),
        (p, v) => {
          want[v >> 1] += p;
          if (v & 1) dies += p;
        },
      );
      const o = fireOdds(mod, true);
      o.result.forEach((p, i) => expect(p).toBeCloseTo(want[i], 12));
      expect(o.generalDies).toBeCloseTo(dies, 12);
    }
  });

  for (const [mod, general] of [[1, false], [3, true]] as const) {
    it(`[Fire]: Monte Carlo of resolveFire (modifier ${mod}, general ${general}) agrees with fireOdds within 4 standard errors over 60,000 rolls`, () => {
      const u = aleaStream(`cwj-fire-mc-${mod}-${general}`);
      const n = 60_000;
      const counts = [0, 0, 0, 0];
      const out = newFireRoll();
      let dies = 0;
      for (let i = 0; i < n; i++) {
        counts[resolveFire(u, mod, general, out)]++;
        if (out.generalDied) dies++;
      }
      const o = fireOdds(mod, general);
      expectWithin4SE(o.result, counts, n);
      expectWithin4SE([o.generalDies, 1 - o.generalDies], [dies, n - dies], n);
    });
  }
});

describe('(b) Melee odds ([Melee] l.226-253)', () => {
  /** The loser's result by hand, l.240-253 and l.239. */
  const meleeByHand = (d: number, capped: boolean) => (d === 0 ? 0 : d === 1 ? 1 : d <= 4 || capped ? 2 : 3);

  for (const [t0, t1, c0, c1] of [
    [4, 4, false, false],
    [7, 2, false, false],
    [2, 8, true, false],
    [5, 0, false, true],
    [0, 9, false, false],
  ] as const) {
    it(`[Melee] l.228-253: totals ${t0} v ${t1}${c0 || c1 ? ` (cap ${c0}/${c1})` : ''}: exact odds equal brute force over both dice`, () => {
      const loses = [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ];
      let standoff = 0;
      const diffs = new Map<number, number>();
      for (const a of FACES) for (const b of FACES) {
        const d = t0 + a - (t1 + b);
        diffs.set(d, (diffs.get(d) ?? 0) + 1 / 36);
        if (d === 0) standoff += 1 / 36;
        else if (d < 0) loses[0][meleeByHand(-d, c0)] += 1 / 36;
        else loses[1][meleeByHand(d, c1)] += 1 / 36;
      }
      const o = meleeOdds(t0, t1, [c0, c1]);
      expect(o.standoff).toBeCloseTo(standoff, 14);
      for (const s of [0, 1]) o.loses[s].forEach((p, r) => expect(p, `side ${s} result ${r}`).toBeCloseTo(loses[s][r], 14));
      o.difference.forEach((p, i) => expect(p).toBeCloseTo(diffs.get(i + o.minDifference) ?? 0, 14));
      expect(sum(o.difference)).toBeCloseTo(1, 14);
      const [w0, w1, st] = meleeWinShares(o);
      expect(w0 + w1 + st).toBeCloseTo(1, 14);
    });
  }

  it('[Melee]: equal totals tie 6/36, and each side loses by 5 only on 6-1 (1/36) — by hand', () => {
    const o = meleeOdds(3, 3);
    expect(o.standoff).toBeCloseTo(6 / 36, 14);
    expect(o.loses[0][3]).toBeCloseTo(1 / 36, 14);
    expect(o.loses[1][3]).toBeCloseTo(1 / 36, 14);
    expect(o.loses[0][1]).toBeCloseTo(5 / 36, 14); // differences of 1: five ways
  });

  it('cwj.cavalryCap: meleeCaps turns a reading into the two sides\' caps', () => {
    expect(meleeCaps('loser', true, false)).toEqual([true, false]);
    expect(meleeCaps('winner', true, false)).toEqual([false, true]);
    expect(meleeCaps('both', true, false)).toEqual([true, true]);
    expect(meleeCaps('none', true, true)).toEqual([false, false]);
  });

  it('[Melee]: Monte Carlo of resolveMelee (totals 6 v 4, side 1 capped) agrees with meleeOdds within 4 standard errors over 60,000 melees', () => {
    const u0 = aleaStream('cwj-melee-mc-0');
    const u1 = aleaStream('cwj-melee-mc-1');
    const n = 60_000;
    // categories: standoff, side 0 loses r=1..3, side 1 loses r=1..3
    const counts = new Array(7).fill(0);
    const out = newMeleeRoll();
    for (let i = 0; i < n; i++) {
      const r = resolveMelee(u0, u1, 6, 4, false, true, out);
      counts[out.loser === -1 ? 0 : out.loser === 0 ? r : 3 + r]++;
    }
    const o = meleeOdds(6, 4, [false, true]);
    expectWithin4SE([o.standoff, ...o.loses[0].slice(1), ...o.loses[1].slice(1)], counts, n);
  });
});

describe('(c) Rally Table odds ([Rally] l.34-58)', () => {
  for (const mod of [-6, -3, 0, 1, 2, 4, 7]) {
    it(`[Rally] l.38-58: modifier ${mod}: the exact result odds equal brute force over the 36 faces`, () => {
      const want = [0, 0, 0, 0];
      for (const a of FACES) for (const b of FACES) want[rallyByHand(a + b + mod)] += 1 / 36;
      const o = rallyOdds(mod);
      o.forEach((p, i) => expect(p).toBeCloseTo(want[i], 12));
    });
  }
  it('[Rally]: a Line unit (rally 1) passes on 8+ unmodified: 15/36 — by hand', () => {
    expect(rallyOdds(1)[3]).toBeCloseTo(15 / 36, 14);
    expect(rallyOdds(1)[0]).toBeCloseTo(1 / 36, 14); // only a 2 (total 3) routs
  });
  it('[Rally]: Monte Carlo of rollRallyTable (modifier 2) agrees with rallyOdds within 4 standard errors over 60,000 rolls', () => {
    const u = aleaStream('cwj-rally-mc');
    const n = 60_000;
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[rollRallyTable(u, 2)]++;
    expectWithin4SE(rallyOdds(2), counts, n);
  });
});

describe('(d) Cavalry Control Table odds ([Control] l.255-283)', () => {
  for (const mod of [-5, -2, -1, 0, 2, 4]) {
    it(`[Control] l.258-279: modifier ${mod}: the exact result odds equal brute force over the 36 faces (natural 2 first)`, () => {
      const want = [0, 0, 0, 0, 0];
      for (const a of FACES) for (const b of FACES) want[controlByHand(a, b, mod)] += 1 / 36;
      const o = controlOdds(mod);
      o.forEach((p, i) => expect(p).toBeCloseTo(want[i], 12));
      expect(o[0]).toBeCloseTo(1 / 36, 14); // a natural 2 whatever the modifier
    });
  }
  it('[Control]: Monte Carlo of rollControl (modifier -1) agrees with controlOdds within 4 standard errors over 60,000 tests', () => {
    const u = aleaStream('cwj-control-mc');
    const n = 60_000;
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[rollControl(u, -1)]++;
    expectWithin4SE(controlOdds(-1), counts, n);
  });
});

describe('Exploding-die chip odds ([Win] l.300-303)', () => {
  /** Negative binomial by its closed form: C(k+g-1, k) (1/6)^k (5/6)^g. */
  function closedForm(g: number, k: number): number {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (g - 1 + i)) / i;
    return c * Math.pow(1 / 6, k) * Math.pow(5 / 6, g);
  }
  it('[Win] l.300-303: one general: 0 sixes 5/6, 1 six 5/36, 2 sixes 5/216', () => {
    expect(explodingSixesProbability(0)).toBeCloseTo(5 / 6, 15);
    expect(explodingSixesProbability(1)).toBeCloseTo(5 / 36, 15);
    expect(explodingSixesProbability(2)).toBeCloseTo(5 / 216, 15);
  });
  for (const g of [0, 1, 2, 3, 5]) {
    it(`[Win] l.300-303: ${g} generals: the convolution equals the negative binomial closed form, and the tail closes the sum`, () => {
      const o = bonusChipOdds(g, 12);
      for (let k = 0; k <= 12; k++) expect(o[k]).toBeCloseTo(g === 0 ? (k === 0 ? 1 : 0) : closedForm(g, k), 14);
      expect(sum(o)).toBeCloseTo(1, 14);
      expect(o[13]).toBeGreaterThanOrEqual(0);
    });
  }
  it('[Win] l.300-303: Monte Carlo of generalBonusChips (2 generals) agrees with bonusChipOdds within 4 standard errors over 60,000 draws', () => {
    const u: Uniform = aleaStream('cwj-chips-mc');
    const n = 60_000;
    const o = bonusChipOdds(2, 4);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[Math.min(generalBonusChips(u, 2), 5)]++;
    expectWithin4SE(o, counts, n);
  });
  it('[Win] l.300-303: one general\'s sixes over 60,000 draws match explodingSixesProbability within 4 standard errors', () => {
    const u = aleaStream('cwj-explode-mc');
    const n = 60_000;
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[Math.min(explodingSixes(u), 3)]++;
    const p = [0, 1, 2].map(explodingSixesProbability);
    expectWithin4SE([...p, 1 - sum(p)], counts, n);
  });
});
