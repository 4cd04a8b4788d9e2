/** Series colours (src/report/charts/common.ts): distinct up to twenty series, in results order. */
import { describe, expect, it } from 'vitest';
import { CELL_COLORS, cellColorScale } from '../../src/report/charts/common.js';

const labels = (n: number) => Array.from({ length: n }, (_, i) => `cell ${i}`);

describe('cellColorScale', () => {
  it('gives up to eight series the eight cell colours, in order', () => {
    expect(cellColorScale(labels(3)).range).toEqual(CELL_COLORS.slice(0, 3));
    expect(cellColorScale(labels(8)).range).toEqual([...CELL_COLORS]);
  });

  it('gives nine to twenty series a colour each (the forest plot of twelve comparisons repeated four)', () => {
    for (const n of [9, 12, 20]) {
      const s = cellColorScale(labels(n));
      expect(s.domain).toEqual(labels(n));
      expect(new Set(s.range).size).toBe(n);
    }
  });

  it('repeats past twenty, and says every series a colour', () => {
    const s = cellColorScale(labels(25));
    expect(s.range).toHaveLength(25);
    expect(s.range[20]).toBe(s.range[0]);
  });
});
