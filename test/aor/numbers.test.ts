import { describe, expect, it } from 'vitest';
import { halveHits, roundHalfUp, terrainFactor } from '../../src/rules/aor/numbers.js';

describe('Rounding of reduced strengths (7.1, 7.6 Terrain)', () => {
  it('7.6: 4.5 rounds up to 5', () => expect(roundHalfUp(4.5)).toBe(5));
  it('7.6: 4.25 rounds down to 4', () => expect(roundHalfUp(4.25)).toBe(4));
  it('7.6: 0.75 * 6 (= 4.5 in binary floating point) rounds to 5', () => expect(roundHalfUp(0.75 * 6)).toBe(5));
  it('7.6: 2.5 rounds up to 3 (half up, not half to even)', () => expect(roundHalfUp(2.5)).toBe(3));
  it('7.6: 0.5 rounds to 1 and 0.49 to 0; whole numbers stay', () => {
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(0.49)).toBe(0);
    expect(roundHalfUp(7)).toBe(7);
    expect(roundHalfUp(0)).toBe(0);
  });
  it('7.1: sums of reduced strengths that land on n.5 or n.25 round as exact arithmetic would', () => {
    expect(roundHalfUp(3 * 0.5 * 0.75 + 3 * 0.5 * 0.75)).toBe(2); // 2.25
    expect(roundHalfUp(1.5 * 0.75 * 4)).toBe(5); // 4.5
  });
});

describe('Halving of hits on a voluntary retreat (7.4, 7.11)', () => {
  const cases: [number, number][] = [
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 4],
    [9, 5],
  ];
  for (const [h, e] of cases) {
    it(`7.4: ${h} hit(s) halved become ${e}`, () => expect(halveHits(h)).toBe(e));
  }
});

describe('Combining terrain reductions (7.6 Terrain; aor.terrainReductions)', () => {
  it('7.6: town -25% and stream -25%: largest gives 0.75, multiply gives 0.5625', () => {
    expect(terrainFactor('largest', 0.25, 0.25)).toBeCloseTo(0.75, 12);
    expect(terrainFactor('multiply', 0.25, 0.25)).toBeCloseTo(0.5625, 12);
  });
  it('7.6: woods -50% and stream -25%: largest keeps -50% (0.5), multiply gives 0.375', () => {
    expect(terrainFactor('largest', 0.5, 0.25)).toBeCloseTo(0.5, 12);
    expect(terrainFactor('largest', 0.25, 0.5)).toBeCloseTo(0.5, 12);
    expect(terrainFactor('multiply', 0.5, 0.25)).toBeCloseTo(0.375, 12);
  });
  it('7.6: three reductions (-25%, -25%, -50%) in both modes', () => {
    expect(terrainFactor('largest', 0.25, 0.25, 0.5)).toBeCloseTo(0.5, 12);
    expect(terrainFactor('multiply', 0.25, 0.25, 0.5)).toBeCloseTo(0.28125, 12);
  });
  it('7.6: no reduction gives factor 1 in both modes', () => {
    expect(terrainFactor('largest', 0)).toBe(1);
    expect(terrainFactor('multiply', 0)).toBe(1);
  });
});
