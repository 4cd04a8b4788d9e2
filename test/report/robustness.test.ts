/** "Across doctrines" (acrossDoctrines): the verdict on whether a conclusion holds under every pairing. */
import { describe, expect, it } from 'vitest';
import { robustness, robustnessText } from '../../src/report/robustness.js';
import type { Results } from '../../src/results/results.js';

/**
 * A minimal results object: side 0's win share p (interval +-half) per (morale, A, B) cell; with
 * `carry`, one objective held by Blue at the start, which Red carries in a share p - 0.2 of them.
 */
function results(cells: { morale: number; a: string; b: string; p: number; half: number }[], carry = false): Results {
  const prop = (p: number, half: number) => ({ p, lo: p - half, hi: p + half });
  return {
    sides: [{ name: 'Red', role: 'attacker' }, { name: 'Blue', role: 'defender' }],
    objectives: carry ? [{ name: 'the mill', vp: 0, holder: 1 }] : [],
    provenance: { factors: { morale: [4, 6], 'sides[0].battleDoctrine': ['x', 'y'], 'sides[1].battleDoctrine': ['x', 'y'] } },
    cells: cells.map((c) => ({
      factors: { morale: c.morale, 'sides[0].battleDoctrine': c.a, 'sides[1].battleDoctrine': c.b },
      summary: {
        outcome: [
          { p: c.p, lo: c.p - c.half, hi: c.p + c.half },
          { p: 1 - c.p, lo: 1 - c.p - c.half, hi: 1 - c.p + c.half },
          { p: 0, lo: 0, hi: 0 },
        ],
        sides: [{ strengthLost: { mean: 5, hi: 6 }, ...(carry ? { carried: prop(c.p - 0.2, c.half) } : {}) }, { strengthLost: { mean: 5, hi: 6 } }],
        objectives: carry ? [{ heldBy: [prop(c.p - 0.2, c.half), prop(1.2 - c.p, c.half), prop(0, 0)] }] : [],
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
  it('an effect lost in the noise under one pairing is clear under some pairings only', () => {
    const rb = robustness(results(grid((a, b) => (a === 'y' && b === 'y' ? 0.01 : 0.1))))!;
    expect(rb.rows.find((r) => r.metric === 'Red win share')!.verdict).toBe('unclear');
  });
  it('objectives are among the figures: the attacker carrying all of them, and each held by its holder at the start', () => {
    const rb = robustness(results(grid(() => -0.1), true))!;
    expect(rb.rows.map((r) => r.metric)).toEqual(['Red win share', 'Blue win share', 'Red held every objective at the end', 'the mill held by Blue', 'Red strength lost', 'Blue strength lost']);
    const mill = rb.rows.find((r) => r.metric === 'the mill held by Blue')!;
    // Blue holds the mill in 1.2 - p: a garrison whose side wins 10 points less often holds it 10 points more.
    expect(mill.effects.every((e) => Math.abs(e.diff - 10) < 1e-9)).toBe(true);
    expect(mill.verdict).toBe('holds');
    expect(rb.rows.find((r) => r.metric === 'Red held every objective at the end')!.verdict).toBe('holds');
  });
  it('the console verdict names the factor in words, counts the figures that hold and gives each figure its range of changes', () => {
    const text = robustnessText(results(grid((a) => (a === 'x' ? 0.1 : 0.05)), true));
    const lines = text.split('\n');
    // Every share moves by 5 or 10 points, clear of its interval (2.8 points); the losses do not move.
    expect(lines[0]).toBe('Across doctrines: the effect of morale going from 4 to 6, under 4 pairings of battle doctrines; it holds for 4 of 6 figures:');
    expect(lines).toContain('  Red win share: holds under every pairing (changes from +5.0 to +10.0 percentage points)');
    // Nothing told from zero: the line bounds the effect by every pairing's interval (±√2 from two of ±1).
    expect(lines).toContain('  Red strength lost: told from zero under no pairing (changes from 0.0 to 0.0 strength points; every interval within [−1.4, +1.4])');
  });
  it('no verdict without doctrine factors', () => {
    const r = results(grid(() => 0.1));
    r.provenance.factors = { morale: [4, 6] };
    expect(robustness(r)).toBeNull();
  });
});
