/**
 * Leadership tests (p17-18, p27-28; rulings 1): every leadership, morale, disorder, panic, break, rally
 * and recall test is one procedure: 2d6, passed when the total is at most the modified Ld. Modifiers add,
 * with no floor or cap. Doubles matter only when a commander adds his personal influence (p4).
 */
import { type Uniform, TWO_D6_WAYS } from '../../core/dice.js';
import { JUBILANT_CAP } from './tables.js';

/** p18: "need to roll a 5 or less": a total equal to the Ld passes. */
export function passesTest(roll: number, ld: number): boolean {
  return roll <= ld;
}

/** Exact P(2d6 <= ld): 0 below 2, 1 from 12. */
export function testPassProbability(ld: number): number {
  if (ld < 2) return 0;
  if (ld >= 12) return 1;
  let ways = 0;
  for (let s = 2; s <= ld; s++) ways += TWO_D6_WAYS[s];
  return ways / 36;
}

/** p3: a failed test may be rerolled once for a pip (a unit within the commander's radius). */
export function rerolledPassProbability(ld: number): number {
  const p = testPassProbability(ld);
  return 1 - (1 - p) * (1 - p);
}

/** One test: 2d6 against the modified Ld. */
export function rollTest(u: Uniform, ld: number): boolean {
  const roll = 2 + Math.floor(u() * 6) + Math.floor(u() * 6);
  return roll <= ld;
}

/**
 * p28: each time a unit becomes jubilant it adds +1 to its morale, up to 10. A unit whose Ld is already
 * 10 or more gains nothing and loses nothing (the cap limits the gain; it does not lower a guard's 11).
 */
export function jubilantLd(ld: number, levels: number): number {
  if (levels <= 0 || ld >= JUBILANT_CAP) return ld;
  return Math.min(JUBILANT_CAP, ld + levels);
}

/**
 * The Ld a test is taken at: jubilance first (capped, p28), then -1 if disordered (p27: shaken, blown
 * and silenced units are disordered too), then every other listed modifier (casualties, enfilade, the
 * square's -4, personal influence +1, ...), summed by the caller.
 */
export function modifiedLd(ld: number, jubilant: number, disordered: boolean, modifier: number): number {
  return jubilantLd(ld, jubilant) - (disordered ? 1 : 0) + modifier;
}

/**
 * p39: a stubborn unit's break test uses its morale unmodified, commander bonuses aside: the base
 * Ld plus personal influence, and nothing else (no margin, no disorder, no jubilance).
 */
export function stubbornLd(ld: number, influence: number): number {
  return ld + influence;
}

/** p4: a double 5 or double 6 on a test a commander influences unhorses him (he loses his pips). */
export function unhorses(die1: number, die2: number): boolean {
  return die1 === die2 && die1 >= 5;
}

/** Bits returned by rollInfluencedTest. */
export const TEST_PASSED = 1;
export const COMMANDER_UNHORSED = 2;

/**
 * p4: a test with a commander's personal influence (already in `ld`): bit TEST_PASSED when passed, bit
 * COMMANDER_UNHORSED on a double 5 or 6 (a double 5 may still pass at Ld 10 or more).
 */
export function rollInfluencedTest(u: Uniform, ld: number): number {
  const a = 1 + Math.floor(u() * 6);
  const b = 1 + Math.floor(u() * 6);
  return (a + b <= ld ? TEST_PASSED : 0) | (unhorses(a, b) ? COMMANDER_UNHORSED : 0);
}

/** Exact odds of an influenced test: P(pass), P(unhorsed) = 2/36, and P(both). */
export function influencedTestOdds(ld: number): { pass: number; unhorsed: number; passAndUnhorsed: number } {
  const pass = testPassProbability(ld);
  const passAndUnhorsed = ((10 <= ld ? 1 : 0) + (12 <= ld ? 1 : 0)) / 36;
  return { pass, unhorsed: 2 / 36, passAndUnhorsed };
}
