import { describe, expect, it } from 'vitest';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  batterySilenceThreshold,
  FAILED_BROKEN,
  FAILED_DISORDERED,
  NO_TEST,
  needsShootingTest,
  PANIC_FLIGHT_DICE,
  PASSED,
  rollShootingTest,
  type ShootingTestFactors,
  shootingTestFailure,
  shootingTestLd,
  shootingTestThreshold,
  skirmisherPanicThreshold,
} from '../../src/rules/nagb/disorder.js';

const line: ShootingTestFactors = { ld: 8, cls: 'line', casualties: 3, disordered: false, jubilant: 0, enfilade: false, influence: 0 };

describe('Disorder from shooting (p11, p27)', () => {
  it('p27: a regular 24-figure battalion tests at 3 casualties; a veteran one at 6; raw at any', () => {
    expect(shootingTestThreshold('line', 24)).toBe(3);
    expect(shootingTestThreshold('veteran', 24)).toBe(6);
    expect(shootingTestThreshold('conscripts', 24)).toBe(1);
    expect(shootingTestThreshold('militia', 24)).toBe(1);
    expect(shootingTestThreshold('guard', 24)).toBe(6);
  });
  it('p18: 3 casualties are 10% of a 30-figure battalion: it tests', () => {
    expect(needsShootingTest('line', 30, 3)).toBe(true);
    expect(needsShootingTest('line', 30, 2)).toBe(false);
    expect(needsShootingTest('line', 20, 2)).toBe(true);
    expect(needsShootingTest('conscripts', 24, 0)).toBe(false);
  });
  it('p11, p18: the test is at Ld less the casualties: Ld 8, 3 casualties, 5', () => {
    expect(shootingTestLd(line)).toBe(5);
  });
  it('p11, p39: elite and guard tests are not modified by casualties', () => {
    expect(shootingTestLd({ ...line, ld: 10, cls: 'elite', casualties: 7 })).toBe(10);
  });
  it('p11: enfilade -2; p27: disordered -1; p28: jubilant +1; p4: influence +1', () => {
    expect(shootingTestLd({ ...line, enfilade: true })).toBe(3);
    expect(shootingTestLd({ ...line, disordered: true })).toBe(4);
    expect(shootingTestLd({ ...line, jubilant: 1, influence: 1 })).toBe(7);
  });
  it('p28, p31: failing in good order disorders, while disordered breaks, in a village only disorders', () => {
    expect(shootingTestFailure(false, false)).toBe('disordered');
    expect(shootingTestFailure(true, false)).toBe('broken');
    expect(shootingTestFailure(true, true)).toBe('disordered');
  });
  it('p11: rollShootingTest odds by enumeration: Ld 5 passes 10/36; a disordered unit breaks on failure', () => {
    const tally = [0, 0, 0, 0];
    enumerateDice((d) => rollShootingTest(d.stream(0, 'morale'), line, 24, false), (p, r) => (tally[r] += p));
    expect(tally[PASSED]).toBeCloseTo(10 / 36, 14);
    expect(tally[FAILED_DISORDERED]).toBeCloseTo(26 / 36, 14);
    const t2 = [0, 0, 0, 0];
    enumerateDice((d) => rollShootingTest(d.stream(0, 'morale'), { ...line, disordered: true }, 24, false), (p, r) => (t2[r] += p));
    expect(t2[FAILED_BROKEN]).toBeCloseTo(1 - 6 / 36, 14);
  });
  it('p11: below the threshold no dice are rolled', () => {
    const never = () => {
      throw new Error('no dice');
    };
    expect(rollShootingTest(never, { ...line, casualties: 2 }, 24, false)).toBe(NO_TEST);
  });
  it('p28: a panicking disordered unit runs 2d6, cavalry too', () => {
    expect(PANIC_FLIGHT_DICE).toBe(2);
  });
  it('p26: skirmishers panic at 25%; p19: a battery is silenced at 25% of its crew (12 crew: 3)', () => {
    expect(skirmisherPanicThreshold(8)).toBe(2);
    expect(batterySilenceThreshold(12)).toBe(3);
    expect(batterySilenceThreshold(8)).toBe(2);
  });
});
