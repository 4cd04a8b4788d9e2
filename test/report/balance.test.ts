/** Balance figures of a scenario (src/results/balance.ts), by hand from a cell's counts. */
import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/results/balance.js';
import type { CellSummary } from '../../src/stats/summary.js';
import { wilson } from '../../src/stats/intervals.js';

/** 100 engagements: side 0 wins 50, side 1 wins 30, 20 drawn; 60 ran out of time at turn 6, 40 were decided. */
function summary(): CellSummary {
  const n = 100;
  return {
    engagements: n,
    outcome: [
      { side: 0, winner: 'A', ...wilson(50, n) },
      { side: 1, winner: 'B', ...wilson(30, n) },
      { side: null, winner: 'draw', ...wilson(20, n) },
    ],
    reasons: [
      { side: 0, winner: 'A', reason: 'retreat', ...wilson(40, n) },
      { side: 1, winner: 'B', reason: 'time', ...wilson(30, n) },
      { side: null, winner: 'draw', reason: 'time', ...wilson(30, n) },
    ],
    // 10 decided at turn 2, 20 at turn 4, 70 ended at the limit (10 of them decided on that turn).
    turns: { mean: 5.2, sd: 1, lo: 5, hi: 5.4, n, min: 2, max: 6, median: 6, counts: [[2, 10], [4, 20], [6, 70]] },
  } as unknown as CellSummary;
}

describe('balance of a cell', () => {
  const b = balanceOf(summary(), new Set(['time']), 6);

  it('advantage: 50% − 30% = +20 points, ± 1.96 √((0.5 + 0.3 − 0.2²) / 100) = ± 17.09; side 0 favoured', () => {
    expect(b.advantage.points).toBeCloseTo(20, 9);
    expect(b.advantage.hi - b.advantage.points).toBeCloseTo(100 * 1.959964 * Math.sqrt(0.76 / 100), 4);
    expect(b.favoured).toBe(0);
  });

  it('decided: the 40 engagements not ended by the clock', () => {
    expect([b.decided.count, b.decided.n]).toEqual([40, 100]);
  });

  it('settled at: (10·2 + 20·4 + 10·6) / (40·6) = 2/3 of the turns allowed', () => {
    expect(b.settledAt).toBeCloseTo(160 / 240, 12);
  });

  it('neither side favoured when the interval holds zero; no decision, no settling time', () => {
    const s = summary();
    s.outcome[0] = { side: 0, winner: 'A', ...wilson(40, 100) };
    s.outcome[1] = { side: 1, winner: 'B', ...wilson(40, 100) };
    s.reasons = [{ side: null, winner: 'draw', reason: 'time', ...wilson(100, 100) }] as CellSummary['reasons'];
    s.turns.counts = [[6, 100]];
    const c = balanceOf(s, new Set(['time']), 6);
    expect(c.favoured).toBe(null);
    expect(c.settledAt).toBe(null);
  });
});
