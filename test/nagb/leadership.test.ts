import { describe, expect, it } from 'vitest';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  COMMANDER_UNHORSED,
  influencedTestOdds,
  jubilantLd,
  modifiedLd,
  passesTest,
  rerolledPassProbability,
  rollInfluencedTest,
  rollTest,
  stubbornLd,
  TEST_PASSED,
  testPassProbability,
  unhorses,
} from '../../src/rules/nagb/leadership.js';

/** Brute force: count the 36 faces of 2d6 at most ld. */
function byFaces(ld: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= ld) n++;
  return n / 36;
}

describe('Leadership tests (p17-18, rulings 1)', () => {
  it('p18: Ld 8 less 3 casualties needs 5 or less; the example roll 3 + 6 = 9 fails', () => {
    expect(passesTest(9, 8 - 3)).toBe(false);
    expect(passesTest(5, 8 - 3)).toBe(true);
  });
  it('p17: a regular (Ld 8) rolling 4 + 5 = 9 fails; a total equal to Ld passes', () => {
    expect(passesTest(9, 8)).toBe(false);
    expect(passesTest(8, 8)).toBe(true);
  });
  it('exact pass probability equals the share of the 36 faces, Ld 0..13', () => {
    for (let ld = 0; ld <= 13; ld++) expect(testPassProbability(ld), `ld ${ld}`).toBeCloseTo(byFaces(ld), 14);
  });
  it('rollTest passes on exactly the faces the probability counts (every path enumerated)', () => {
    for (const ld of [4, 7, 8, 11]) {
      let p = 0;
      enumerateDice((d) => rollTest(d.stream(0, 'morale'), ld), (w, ok) => (p += ok ? w : 0));
      expect(p).toBeCloseTo(byFaces(ld), 14);
    }
  });
  it('p3: a reroll of a failed test: 1 - (1 - p)^2 (Ld 7: 1 - (15/36)^2)', () => {
    expect(rerolledPassProbability(7)).toBeCloseTo(1 - (15 / 36) ** 2, 14);
  });
  it('p28: jubilance adds +1 a level up to 10, and never lowers a guard 11', () => {
    expect(jubilantLd(8, 1)).toBe(9);
    expect(jubilantLd(8, 3)).toBe(10);
    expect(jubilantLd(9, 2)).toBe(10);
    expect(jubilantLd(11, 2)).toBe(11);
    expect(jubilantLd(8, 0)).toBe(8);
  });
  it('p27: disordered -1 to tests; other modifiers add', () => {
    expect(modifiedLd(8, 0, true, 0)).toBe(7);
    expect(modifiedLd(8, 0, false, -3)).toBe(5);
    expect(modifiedLd(8, 1, false, 1)).toBe(10);
  });
  it('p39: stubborn break tests at unmodified Ld plus commander bonuses', () => {
    expect(stubbornLd(10, 1)).toBe(11);
  });
  it('p4: double 5 or double 6 unhorses an influencing commander; other doubles do not', () => {
    expect(unhorses(5, 5)).toBe(true);
    expect(unhorses(6, 6)).toBe(true);
    expect(unhorses(4, 4)).toBe(false);
    expect(unhorses(5, 6)).toBe(false);
  });
  it('p4: influenced test odds match enumeration of its dice (Ld 9 and 10)', () => {
    for (const ld of [9, 10, 12]) {
      let pass = 0, unh = 0, both = 0;
      enumerateDice((d) => rollInfluencedTest(d.stream(0, 'morale'), ld), (w, r) => {
        if (r & TEST_PASSED) pass += w;
        if (r & COMMANDER_UNHORSED) unh += w;
        if (r & TEST_PASSED && r & COMMANDER_UNHORSED) both += w;
      });
      const o = influencedTestOdds(ld);
      expect(o.pass).toBeCloseTo(pass, 14);
      expect(o.unhorsed).toBeCloseTo(unh, 14);
      expect(o.passAndUnhorsed).toBeCloseTo(both, 14);
    }
  });
});
