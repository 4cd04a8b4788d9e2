import { describe, expect, it } from 'vitest';
import { CAUTIOUS, RALLY, SHAKEN, WAVERING, EN_AVANT, FALL_BACK, marchResult } from '../../src/rules/aoe/march.js';
import { formsSquare, mayRollForSquare, squareRollResult } from '../../src/rules/aoe/square.js';

describe('Forming square (p1 Forming Square, p3 Forming Square; rulings 3.3)', () => {
  it('p1: infantry not in March Column may roll; cavalry and batteries may not', () => {
    for (const f of ['line', 'fieldColumn', 'masse', 'openOrder'] as const) expect(mayRollForSquare('infantry', f)).toBe(true);
    expect(mayRollForSquare('infantry', 'marchColumn')).toBe(false);
    expect(mayRollForSquare('cavalry', 'line')).toBe(false);
    expect(mayRollForSquare('artillery', 'line')).toBe(false);
  });
  it('a unit already in square, or in a BUA (no formation, p3 Built Up Areas), does not roll', () => {
    expect(mayRollForSquare('infantry', 'square')).toBe(false);
    expect(mayRollForSquare('infantry', 'none')).toBe(false);
  });
  it('p1/p3: in good order, Cautious or better (modified 4 or more) forms square; Hold Ground does not', () => {
    expect(formsSquare(4, false)).toBe(true);
    expect(formsSquare(3, false)).toBe(false);
    expect(marchResult(4, false)).toBe(CAUTIOUS);
    for (let m = -3; m <= 12; m++) expect(formsSquare(m, false), `modified ${m}`).toBe(m >= 4);
  });
  it('p1/p3: disordered, Rally or better (modified 6 or more) forms square; Shaken does not', () => {
    expect(marchResult(6, true)).toBe(RALLY);
    expect(marchResult(5, true)).toBe(SHAKEN);
    for (let m = -3; m <= 12; m++) expect(formsSquare(m, true), `modified ${m}`).toBe(m >= 6);
  });
  it('aoe.squareRoll squareOnly: the roll decides nothing but the square', () => {
    expect(squareRollResult(0, false, 'squareOnly')).toBeNull();
    expect(squareRollResult(9, true, 'squareOnly')).toBeNull();
  });
  it('aoe.squareRoll fullResult: the whole March result applies as well', () => {
    expect(squareRollResult(7, false, 'fullResult')).toBe(EN_AVANT);
    expect(squareRollResult(-1, false, 'fullResult')).toBe(FALL_BACK);
    expect(squareRollResult(3, true, 'fullResult')).toBe(WAVERING);
  });
});
