/** The trace map's counters stay inside their hex, whatever the stack. */
import { describe, expect, it } from 'vitest';
import { counterStyle } from '../../src/rules/aor/trace/svg.js';

describe('trace counters inside their hex', () => {
  const size = 36;
  it('are never wider than the hex (√3 × size across the flats)', () => {
    for (let n = 1; n <= 8; n++) expect(counterStyle(n, size, 20, 12).w).toBeLessThan(Math.sqrt(3) * size);
  });

  it('keep a stack clear of the stacks of the hexes above and below (centres 1.5 × size apart)', () => {
    for (let n = 1; n <= 8; n++) {
      const st = counterStyle(n, size, 20, 12);
      expect(n * st.row).toBeLessThanOrEqual(1.5 * size - 4 + 1e-9);
    }
  });

  it('keep their full row and font while the stack fits, then shrink both', () => {
    expect(counterStyle(2, size, 20, 12)).toMatchObject({ row: 20, font: 12 });
    const four = counterStyle(4, size, 20, 12);
    expect(four.row).toBeCloseTo(50 / 4, 9);
    expect(four.font).toBeCloseTo(0.62 * four.row, 9);
  });
});
