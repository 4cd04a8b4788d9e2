/** "Across doctrines" (acrossDoctrines): the verdict on whether a conclusion holds under every pairing. */
import { describe, expect, it } from 'vitest';
import { robustness } from '../../src/report/robustness.js';
import type { Results } from '../../src/results/results.js';

/** A minimal results object: side 0's win share p (interval +-half) per (morale, A, B) cell. */
function results(cells: { morale: number; a: string; b: string; p: number; half: number }[]): Results {
  return {
    sides: [{ name: 'Red', role: 'attacker' }, { name: 'Blue', role: 'defender' }],
    provenance: { factors: { morale: [4, 6], 'sides[0].battleDoctrine': ['x', 'y'], 'sides[1].battleDoctrine': ['x', 'y'] } },
    cells: cells.map((c) => ({
      factors: { morale: c.morale, 'sides[0].battleDoctrine': c.a, 'sides[1].battleDoctrine': c.b },
      summary: {
        outcome: [
          { p: c.p, lo: c.p - c.half, hi: c.p + c.half },
          { p: 1 - c.p, lo: 1 - c.p - c.half, hi: 1 - c.p + c.half },
          { p: 0, lo: 0, hi: 0 },
        ],
        sides: [{ strengthLost: { mean: 5, hi: 6 } }, { strengthLost: { mean: 5, hi: 6 } }],
      },
    })),
  } as unknown as Results;
}

const grid = (effect: (a: string, b: string) => number) =>
  ['x', 'y'].flatMap((a) => ['x', 'y'].flatMap((b) => [4, 6].map((morale) => ({ morale, a, b, p: 0.5 + (morale === 6 ? effect(a, b) : 0), half: 0.02 }))));

describe('robustness across doctrines', () => {
  it('an effect of the same sign, clear of zero, under every pairing holds', () => {
    const rb = robustness(results(grid(() => 0.1)))!;
    expect(rb.factor).toBe('morale');
    const row = rb.rows.find((r) => r.metric === 'Red win share')!;
    expect(row.effects).toHaveLength(4);
    expect(row.effects[0].diff).toBeCloseTo(10, 9); // percentage points
    expect(row.effects[0].hi - row.effects[0].diff).toBeCloseTo(100 * Math.sqrt(2 * 0.02 ** 2), 9);
    expect(row.verdict).toBe('holds');
  });
  it('opposite clear effects under different pairings reverse with the doctrines', () => {
    const rb = robustness(results(grid((a) => (a === 'x' ? 0.1 : -0.1))))!;
    expect(rb.rows.find((r) => r.metric === 'Red win share')!.verdict).toBe('reverses');
  });
  it('an effect lost in the noise under one pairing is not clear under every pairing', () => {
    const rb = robustness(results(grid((a, b) => (a === 'y' && b === 'y' ? 0.01 : 0.1))))!;
    expect(rb.rows.find((r) => r.metric === 'Red win share')!.verdict).toBe('unclear');
  });
  it('no verdict without doctrine factors', () => {
    const r = results(grid(() => 0.1));
    r.provenance.factors = { morale: [4, 6] };
    expect(robustness(r)).toBeNull();
  });
});
