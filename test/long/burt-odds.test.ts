/**
 * The exact odds of src/rules/burt/odds.ts in the cases whose enumeration of every die face costs a
 * second or more (test/burt/odds.test.ts holds the quick ones and says what each check does).
 */
import { describe } from 'vitest';
import { FIRE_CASES, fireCaseTests, LONG_CASES, MELEE_CASES, meleeCaseTests } from '../burt/oddsChecks.js';

describe('Burt fire odds (6), long cases: enumeration of every face and a seeded sample', () => {
  fireCaseTests(FIRE_CASES.filter(([name]) => LONG_CASES.has(name)));
});

describe('Burt melee round odds (9), long cases: enumeration of every face and a seeded sample', () => {
  meleeCaseTests(MELEE_CASES.filter(([name]) => LONG_CASES.has(name)));
});
