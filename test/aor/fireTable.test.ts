import { describe, expect, it } from 'vitest';
import { FIRE_TABLE_MAX, fireTableCell, hitDistribution, hitsFor } from '../../src/rules/aor/fireTable.js';

// Independent transcription of the Fire Table from shared/rules/age-of-rifles-basic.txt.
// Columns: strength, then hits for 2d6 rolls 2 3 4 5 6 7 8 9 10 11 12.
const TEXT = `
1  0 0 0 0 0 0 0 0 1 1 1
2  0 0 0 0 0 0 0 1 1 1 2
3  0 0 0 0 0 0 1 1 1 2 2
4  0 0 0 0 0 1 1 1 2 2 2
5  0 0 0 0 0 1 1 1 2 2 3
6  0 0 0 0 1 1 1 2 2 3 3
7  0 0 0 0 1 1 1 2 2 3 4
8  0 0 0 0 1 1 2 2 3 3 4
9  0 0 0 1 1 1 2 2 3 3 4
10 0 0 0 1 1 2 2 3 3 4 5
11 0 0 0 1 1 2 2 3 4 4 5
12 0 0 1 1 1 2 2 3 4 4 5
13 0 0 1 1 2 2 3 3 4 4 6
14 0 0 1 1 2 2 3 3 4 5 6
15 0 0 1 1 2 2 3 4 4 5 6
16 0 1 1 1 2 3 3 4 5 5 6
17 0 1 1 2 2 3 3 4 5 5 7
18 0 1 1 2 2 3 4 4 5 6 7
19 0 1 1 2 3 3 4 4 5 6 7
20 0 1 1 2 3 3 4 5 5 6 8
21 0 1 2 2 3 4 4 5 5 6 8
22 0 1 2 2 3 4 4 5 6 7 8
23 0 1 2 3 3 4 4 5 6 7 9
24 1 1 2 3 3 4 5 5 6 7 9
`;

const ROWS: number[][] = TEXT.trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));

/** 2d6 ways, written out by hand: rolls 2..12. */
const WAYS: Record<number, number> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const ROLLS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function mine(strength: number, roll: number): number {
  return ROWS[strength - 1][roll - 1]; // column 0 is the strength, roll 2 is column 1
}

describe('Fire Table (7.1)', () => {
  it('Fire Table: the transcription has 24 rows of 11 columns, numbered 1..24', () => {
    expect(ROWS).toHaveLength(24);
    ROWS.forEach((r, i) => {
      expect(r).toHaveLength(12);
      expect(r[0]).toBe(i + 1);
    });
    expect(FIRE_TABLE_MAX).toBe(24);
  });

  for (let s = 1; s <= 24; s++) {
    it(`Fire Table: row ${s} matches the text for every roll 2..12`, () => {
      const kernelRow = ROLLS.map((r) => hitsFor(s, r));
      const cellRow = ROLLS.map((r) => fireTableCell(s, r));
      const textRow = ROLLS.map((r) => mine(s, r));
      expect(kernelRow).toEqual(textRow);
      expect(cellRow).toEqual(textRow);
    });
  }

  it('Fire Table: every row is non-decreasing in the roll and every column non-decreasing in strength (sanity of the transcription)', () => {
    for (let s = 1; s <= 24; s++) {
      for (let r = 3; r <= 12; r++) expect(mine(s, r)).toBeGreaterThanOrEqual(mine(s, r - 1));
    }
    for (const r of ROLLS) {
      for (let s = 2; s <= 24; s++) expect(mine(s, r)).toBeGreaterThanOrEqual(mine(s - 1, r));
    }
  });

  it('7.1: a strength of 0 (or less) causes no hits on any roll', () => {
    for (const r of ROLLS) {
      expect(hitsFor(0, r)).toBe(0);
      expect(hitsFor(-3, r)).toBe(0);
    }
    expect(hitDistribution(0)).toHaveLength(1);
    expect(hitDistribution(0)[0]).toBeCloseTo(1, 12);
  });

  it('7.1: strength 30 reads row 24 plus row 6 with the same roll', () => {
    for (const r of ROLLS) expect(hitsFor(30, r)).toBe(mine(24, r) + mine(6, r));
    expect(hitsFor(30, 12)).toBe(12); // 9 + 3
    expect(hitsFor(30, 2)).toBe(1); // 1 + 0
  });

  it('7.1: strength 48 reads row 24 twice with the same roll', () => {
    for (const r of ROLLS) expect(hitsFor(48, r)).toBe(2 * mine(24, r));
    expect(hitsFor(48, 7)).toBe(8);
  });

  it('7.1: strength 50 reads row 24 twice plus row 2 with the same roll', () => {
    for (const r of ROLLS) expect(hitsFor(50, r)).toBe(2 * mine(24, r) + mine(2, r));
    expect(hitsFor(50, 12)).toBe(20); // 9 + 9 + 2
  });

  it('7.1: strength 25 is row 24 plus row 1 (not an out-of-range read)', () => {
    for (const r of ROLLS) expect(hitsFor(25, r)).toBe(mine(24, r) + mine(1, r));
  });
});

describe('Fire Table (7.1): exact hit distribution over 2d6', () => {
  for (const s of [0, 1, 6, 13, 24, 30, 50]) {
    it(`Fire Table: hitDistribution(${s}) sums to 1 and matches the transcription cell by cell`, () => {
      const d = hitDistribution(s);
      expect(d.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      const expected: number[] = [];
      for (const r of ROLLS) {
        let h = 0;
        for (let rest = s; rest > 0; rest -= 24) h += mine(Math.min(rest, 24), r);
        while (expected.length <= h) expected.push(0);
        expected[h] += WAYS[r] / 36;
      }
      expect(d.length).toBe(expected.length);
      d.forEach((p, h) => expect(p).toBeCloseTo(expected[h], 12));
    });
  }

  const mean = (d: number[]) => d.reduce((acc, p, h) => acc + p * h, 0);

  it('Fire Table: mean hits of strength 1 is 6/36 (rolls 10, 11, 12 give 1 hit: 3+2+1 ways)', () => {
    expect(mean(hitDistribution(1))).toBeCloseTo(6 / 36, 12);
  });

  it('Fire Table: mean hits of strength 6 is 39/36 (5+6+5 ways of 1, 4+3 of 2, 2+1 of 3)', () => {
    expect(mean(hitDistribution(6))).toBeCloseTo(39 / 36, 12);
  });

  it('Fire Table: mean hits of strength 24 is 146/36', () => {
    // 1*1 + 1*2 + 2*3 + 3*4 + 3*5 + 4*6 + 5*5 + 5*4 + 6*3 + 7*2 + 9*1 = 146
    expect(mean(hitDistribution(24))).toBeCloseTo(146 / 36, 12);
  });

  it('7.1: mean hits of strength 30 is the sum of the means of rows 24 and 6 (185/36)', () => {
    expect(mean(hitDistribution(30))).toBeCloseTo(185 / 36, 12);
  });

  it('Fire Table: P(no hit) at strength 16 is 1/36 (only a roll of 2 misses)', () => {
    expect(hitDistribution(16)[0]).toBeCloseTo(1 / 36, 12);
    expect(hitDistribution(24)[0]).toBe(0);
  });
});
