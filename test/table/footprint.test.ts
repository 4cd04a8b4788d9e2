import { describe, expect, it } from 'vitest';
import {
  footprintByFiles,
  footprintByRanks,
  squareFaces,
  squareFootprint,
  wholeFiguresIn,
} from '../../src/table/footprint.js';

describe('footprint from figures', () => {
  it("burt 12: a 24-figure line, 12 files of 0.5\" in 2 ranks, is 6\" wide", () => {
    expect(footprintByRanks(24, 2, 0.5, 0.5)).toEqual({ frontage: 6, depth: 1, files: 12, ranks: 2 });
  });

  it('burt 12: a 24-figure column two bases (8 figures) wide is 4" wide and 3 ranks deep', () => {
    expect(footprintByFiles(24, 8, 0.5, 0.5)).toEqual({ frontage: 4, depth: 1.5, files: 8, ranks: 3 });
  });

  it('burt 12: 16 cavalry figures of 0.75" in 2 ranks are 6" wide', () => {
    expect(footprintByRanks(16, 2, 0.75, 1)).toEqual({ frontage: 6, depth: 2, files: 8, ranks: 2 });
  });

  it('nagb 6: an attack column of 24 figures 0.8" wide and deep, 8 files, is 6.4" by 2.4"', () => {
    const f = footprintByFiles(24, 8, 0.8, 0.8);
    expect(f.files).toBe(8);
    expect(f.ranks).toBe(3);
    expect(f.frontage).toBeCloseTo(6.4, 12);
    expect(f.depth).toBeCloseTo(2.4, 12);
  });

  it('aoe 1: six 1" stands in line are 6 x 1; in field column 2 wide, 3 deep', () => {
    expect(footprintByRanks(6, 1, 1, 1)).toEqual({ frontage: 6, depth: 1, files: 6, ranks: 1 });
    expect(footprintByFiles(6, 2, 1, 1)).toEqual({ frontage: 2, depth: 3, files: 2, ranks: 3 });
  });

  it('an odd count: the last rank is short, the front rank full (25 in 2 ranks: 13 files)', () => {
    expect(footprintByRanks(25, 2, 0.5, 0.5)).toEqual({ frontage: 6.5, depth: 1, files: 13, ranks: 2 });
    expect(footprintByFiles(25, 8, 1, 1)).toEqual({ frontage: 8, depth: 4, files: 8, ranks: 4 });
  });

  it('fewer figures than a rank holds: one rank of them; fewer than the ranks: one file', () => {
    expect(footprintByFiles(3, 8, 1, 1)).toEqual({ frontage: 3, depth: 1, files: 3, ranks: 1 });
    expect(footprintByRanks(2, 3, 1, 1)).toEqual({ frontage: 1, depth: 2, files: 1, ranks: 2 });
  });

  it('no figures: no footprint', () => {
    expect(footprintByFiles(0, 8, 1, 1)).toEqual({ frontage: 0, depth: 0, files: 0, ranks: 0 });
    expect(footprintByRanks(0, 2, 1, 1)).toEqual({ frontage: 0, depth: 0, files: 0, ranks: 0 });
  });

  it('rejects broken counts', () => {
    expect(() => footprintByFiles(-1, 8, 1, 1)).toThrow(RangeError);
    expect(() => footprintByFiles(2.5, 8, 1, 1)).toThrow(RangeError);
    expect(() => footprintByFiles(24, 0, 1, 1)).toThrow(RangeError);
    expect(() => footprintByRanks(24, 0, 1, 1)).toThrow(RangeError);
  });
});

describe('square footprint', () => {
  it('burt 12: 6 bases make faces 2, 1, 2, 1', () => {
    expect(squareFaces(6)).toEqual([2, 1, 2, 1]);
  });

  it('faces as equal as possible, odd units to front, rear, right in turn', () => {
    expect(squareFaces(4)).toEqual([1, 1, 1, 1]);
    expect(squareFaces(5)).toEqual([2, 1, 1, 1]);
    expect(squareFaces(7)).toEqual([2, 2, 2, 1]);
    expect(squareFaces(8)).toEqual([2, 2, 2, 2]);
    expect(squareFaces(0)).toEqual([0, 0, 0, 0]);
    for (let n = 0; n < 40; n++) {
      const f = squareFaces(n);
      expect(f.reduce((s, x) => s + x, 0)).toBe(n);
      expect(Math.max(...f) - Math.min(...f)).toBeLessThanOrEqual(1);
    }
  });

  it('burt 12: a square of 2-inch bases 2, 1, 2, 1 has a 4" face; depth is the side face', () => {
    expect(squareFootprint([2, 1, 2, 1], 2, 0.5)).toEqual({ frontage: 4, depth: 2, files: 2, ranks: 1 });
  });

  it('short side faces: depth is at least the front and rear faces\' own ranks', () => {
    expect(squareFootprint([3, 0, 3, 0], 1, 0.8)).toEqual({ frontage: 3, depth: 1.6, files: 3, ranks: 1 });
    expect(squareFootprint([3, 1, 3, 1], 1, 0.8, 2)).toEqual({ frontage: 3, depth: 3.2, files: 3, ranks: 2 });
  });
});

describe('whole figures in a width', () => {
  it('counts whole figures only, forgiving float noise', () => {
    expect(wholeFiguresIn(6, 0.5)).toBe(12);
    expect(wholeFiguresIn(5.9, 0.5)).toBe(11);
    expect(wholeFiguresIn(0.3 * 3, 0.3)).toBe(3); // 0.8999999999999999
    expect(wholeFiguresIn(0, 0.5)).toBe(0);
    expect(wholeFiguresIn(-1, 0.5)).toBe(0);
    expect(() => wholeFiguresIn(1, 0)).toThrow(RangeError);
  });
});
