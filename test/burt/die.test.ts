import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { extendedScoreDistribution, maxScore, moraleRequired, reachable, reachProbability, requiredScore, rollExtended, rollReaches, scoreNeeded, scoreOn } from '../../src/rules/burt/die.js';
import type { ExtendedDieMode, NaturalOne } from '../../src/rules/burt/options.js';

const MODES: ExtendedDieMode[] = ['stepped', 'chained', 'none'];
const ONES: NaturalOne[] = ['noEffect', 'alwaysFails'];

/**
 * Brute force over the faces of up to four dice (6^4 equally likely sequences), reading each sequence
 * as the text does: a first die below 6 is the score; a 6 is extended by the later dice.
 */
function bruteForce(required: number, mode: ExtendedDieMode, one: NaturalOne): number {
  let ok = 0;
  let all = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) {
    all++;
    if (one === 'alwaysFails' && a === 1) continue;
    let score = a;
    if (a === 6 && mode === 'stepped') score = b >= 4 ? 6 + (b - 3) : 6;
    if (a === 6 && mode === 'chained') score = 6 + (b < 4 ? 0 : c < 4 ? 1 : d < 4 ? 2 : 3);
    if (score >= 10) score = 9;
    if (score >= required || required <= 1) ok++;
  }
  return ok / all;
}

describe('The extended die (6)', () => {
  it('6: the required score is 5 plus the modifiers; a morale die must reach the class less the roll modifiers', () => {
    expect(requiredScore(5, 0)).toBe(5);
    expect(requiredScore(5, 2)).toBe(7);
    expect(requiredScore(5, -3)).toBe(2);
    expect(moraleRequired(4, 2)).toBe(2);
    expect(moraleRequired(6, -2)).toBe(8);
  });

  it('6: 1..6 are plain dice: P(reach r) = (7 - r) / 6', () => {
    for (const mode of MODES) for (let r = 2; r <= 6; r++) expect(reachProbability(r, mode, 'noEffect')).toBeCloseTo((7 - r) / 6, 14);
  });

  it('6 (stepped): 7, 8, 9 need a 6 then 4+, 5+, 6: 3/36, 2/36, 1/36; 10 or more never', () => {
    expect(reachProbability(7, 'stepped', 'noEffect')).toBeCloseTo(3 / 36, 14);
    expect(reachProbability(8, 'stepped', 'noEffect')).toBeCloseTo(2 / 36, 14);
    expect(reachProbability(9, 'stepped', 'noEffect')).toBeCloseTo(1 / 36, 14);
    expect(reachProbability(10, 'stepped', 'noEffect')).toBe(0);
    expect(reachProbability(14, 'chained', 'noEffect')).toBe(0);
  });

  it('6 (chained): 6 + k needs a 6 then k rolls of 4+: 1/12, 1/24, 1/48', () => {
    expect(reachProbability(7, 'chained', 'noEffect')).toBeCloseTo(1 / 12, 14);
    expect(reachProbability(8, 'chained', 'noEffect')).toBeCloseTo(1 / 24, 14);
    expect(reachProbability(9, 'chained', 'noEffect')).toBeCloseTo(1 / 48, 14);
  });

  it('6 (none): nothing above 6 can be reached', () => {
    expect(maxScore('none')).toBe(6);
    expect(maxScore('stepped')).toBe(9);
    for (let r = 7; r <= 10; r++) expect(reachProbability(r, 'none', 'noEffect')).toBe(0);
  });

  it('6, 8 (burt.naturalOne): a required 1 or less always succeeds, or fails on a rolled 1', () => {
    for (const r of [1, 0, -3]) {
      expect(reachProbability(r, 'stepped', 'noEffect')).toBe(1);
      expect(reachProbability(r, 'stepped', 'alwaysFails')).toBeCloseTo(5 / 6, 14);
    }
    expect(reachProbability(4, 'stepped', 'alwaysFails')).toBeCloseTo(3 / 6, 14); // a 1 fails anyway
  });

  it('6: reachProbability equals brute force over every face of four dice, for every mode, natural-one reading and r = -1..11', () => {
    for (const mode of MODES) for (const one of ONES) for (let r = -1; r <= 11; r++) {
      expect(reachProbability(r, mode, one), `${mode} ${one} ${r}`).toBeCloseTo(bruteForce(r, mode, one), 14);
    }
  });

  it('6: rollReaches, run over every dice path, gives reachProbability exactly', () => {
    for (const mode of MODES) for (const one of ONES) for (let r = -1; r <= 11; r++) {
      let p = 0;
      enumerateDice((dice) => rollReaches(r, mode, one, dice.fire(0)), (q, ok) => (p += ok ? q : 0));
      expect(p, `${mode} ${one} ${r}`).toBeCloseTo(reachProbability(r, mode, one), 14);
    }
  });

  it('6: rollReaches always rolls the first die, and a second only after a 6 when more than 6 is needed', () => {
    let paths = 0;
    enumerateDice((dice) => rollReaches(4, 'stepped', 'noEffect', dice.fire(0)), () => paths++);
    expect(paths).toBe(6);
    paths = 0;
    enumerateDice((dice) => rollReaches(1, 'stepped', 'noEffect', dice.fire(0)), () => paths++);
    expect(paths).toBe(6);
    paths = 0;
    enumerateDice((dice) => rollReaches(8, 'stepped', 'noEffect', dice.fire(0)), () => paths++);
    expect(paths).toBe(5 + 6);
  });

  it('6: rollExtended over every dice path gives extendedScoreDistribution, which sums to 1', () => {
    for (const mode of MODES) {
      const dist = new Array(10).fill(0);
      enumerateDice((dice) => rollExtended(mode, dice.fire(0)), (q, s) => (dist[s] += q));
      const exact = extendedScoreDistribution(mode);
      expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
      dist.forEach((p, s) => expect(p, `${mode} ${s}`).toBeCloseTo(exact[s], 14));
    }
  });

  it('6: P(score >= r) from the score distribution equals reachProbability (two routes to one number)', () => {
    for (const mode of MODES) {
      const dist = extendedScoreDistribution(mode);
      for (let r = 2; r <= 10; r++) {
        const tail = dist.slice(r).reduce((a, b) => a + b, 0);
        expect(tail, `${mode} ${r}`).toBeCloseTo(reachProbability(r, mode, 'noEffect'), 14);
      }
    }
  });

  it('6: 200000 seeded rolls of rollReaches(7) land within 4 standard errors of 3/36 (stepped) and 1/12 (chained)', () => {
    const n = 200_000;
    for (const [mode, p] of [['stepped', 3 / 36], ['chained', 1 / 12]] as const) {
      const u = aleaStream(`burt-die-${mode}`);
      let k = 0;
      for (let i = 0; i < n; i++) if (rollReaches(7, mode, 'noEffect', u)) k++;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(k / n - p)).toBeLessThan(4 * se);
    }
  });
});

describe('What a score asks of the die, in words (6, 8): the same answer as its probability under every reading', () => {
  const MODES: ExtendedDieMode[] = ['stepped', 'chained', 'none'];
  const ONES: NaturalOne[] = ['noEffect', 'alwaysFails'];
  it('says a score no roll reaches, and a sure pass, only where the probability is 0 or 1', () => {
    for (const mode of MODES) {
      for (const one of ONES) {
        for (let target = -2; target <= 11; target++) {
          const p = reachProbability(target, mode, one);
          const words = scoreNeeded(target, mode, one);
          expect(reachable(target, mode), `${target} ${mode}`).toBe(p > 0);
          if (p === 0) expect(words, `${target} ${mode} ${one}`).toMatch(/^no roll passes/);
          else if (p === 1) expect(words, `${target} ${mode} ${one}`).toBe('any roll passes');
          else if (target <= 1) expect(words, `${target} ${mode} ${one}`).toBe('any roll but a 1 passes');
          else expect(words, `${target} ${mode} ${one}`).toBe(`needs ${target}+`);
        }
      }
    }
  });
  it('names the reading that makes a 7 out of reach: burt.extendedDie none; a 10 under any reading', () => {
    expect(scoreNeeded(7, 'none', 'noEffect')).toBe('no roll passes (6 at most: burt.extendedDie none)');
    expect(scoreNeeded(7, 'stepped', 'noEffect')).toBe('needs 7+');
    expect(scoreNeeded(10, 'chained', 'noEffect')).toBe('no roll passes (6: 10 or more)');
    expect(scoreNeeded(0, 'stepped', 'alwaysFails')).toBe('any roll but a 1 passes');
  });
});

describe('A to-hit or saving score in words (6, 9): the worked line of the fire and melee odds, the story of a fire', () => {
  it('any roll where every die reaches it; a 1 apart under burt.naturalOne alwaysFails; never where none does', () => {
    for (const mode of ['stepped', 'chained', 'none'] as ExtendedDieMode[]) {
      for (const one of ['noEffect', 'alwaysFails'] as NaturalOne[]) {
        for (let target = -3; target <= 11; target++) {
          const p = reachProbability(target, mode, one);
          const words = scoreOn(target, mode, one);
          if (p === 0) expect(words, `${target} ${mode}`).toMatch(/^never \(6/);
          else if (p === 1) expect(words).toBe('any roll');
          else if (target <= 1) expect(words).toBe('any roll but a 1');
          else expect(words).toBe(`${target}+`);
        }
      }
    }
  });
});
