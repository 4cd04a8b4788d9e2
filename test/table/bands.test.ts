import { describe, expect, it } from 'vitest';
import { bandOf, withinRange } from '../../src/table/bands.js';

// Burt 6, musket: short to 3", medium to 6", long to 9".
const MUSKET = [3, 6, 9];

describe('range bands', () => {
  it('a distance inside a band', () => {
    expect(bandOf(1, MUSKET)).toBe(0);
    expect(bandOf(4.5, MUSKET)).toBe(1);
    expect(bandOf(8.9, MUSKET)).toBe(2);
  });

  it('an edge belongs to the nearer band (edges inclusive), exactly and within EPS', () => {
    expect(bandOf(3, MUSKET)).toBe(0);
    expect(bandOf(6, MUSKET)).toBe(1);
    expect(bandOf(9, MUSKET)).toBe(2);
    expect(bandOf(3 + 1e-9, MUSKET)).toBe(0);
    expect(bandOf(0.1 + 0.2 + 2.7, MUSKET)).toBe(0); // 3.0000000000000004
    expect(bandOf(3 + 1e-4, MUSKET)).toBe(1);
  });

  it('beyond the last edge is -1', () => {
    expect(bandOf(9 + 1e-4, MUSKET)).toBe(-1);
    expect(bandOf(100, MUSKET)).toBe(-1);
    expect(bandOf(Infinity, MUSKET)).toBe(-1);
    expect(bandOf(1, [])).toBe(-1);
  });

  it('zero and negative distances (contact, interpenetration) are in band 0', () => {
    expect(bandOf(0, MUSKET)).toBe(0);
    expect(bandOf(-2, MUSKET)).toBe(0);
  });

  it('nagb 3.3: point blank 1", short 5", long 8"', () => {
    const edges = [1, 5, 8];
    expect([0.5, 1, 1.01, 5, 7, 8, 8.01].map((d) => bandOf(d, edges))).toEqual([0, 0, 1, 1, 2, 2, -1]);
  });

  it('withinRange is inclusive', () => {
    expect(withinRange(6, 6)).toBe(true);
    expect(withinRange(6 + 1e-9, 6)).toBe(true);
    expect(withinRange(6.001, 6)).toBe(false);
  });
});
