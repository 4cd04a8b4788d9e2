/**
 * Losses per hour of combat against the historical record (src/report/history.ts): hours are the day
 * turns played, since night turns have no combat (16).
 */
import { describe, expect, it } from 'vitest';
import { hourlyLosses, meanDayTurns } from '../../src/report/history.js';
import type { Results } from '../../src/results/results.js';

/**
 * A one-cell result: turns played as [turns, engagements], the scenario's night turns, each side's
 * strength lost (of 100 points, 25,000 men) and its casualties in men (by default every man lost).
 */
function results(counts: [number, number][], night: number[], lost: [number, number], casualties = [lost[0] * 250, lost[1] * 250]): Results {
  const n = counts.reduce((a, [, c]) => a + c, 0);
  const mean = counts.reduce((a, [t, c]) => a + t * c, 0) / n;
  const side = (name: string, l: number, c: number) => ({
    name,
    startStrength: { mean: 100 },
    startMen: { mean: 25_000 },
    strengthLost: { mean: l, lo: l, hi: l },
    casualties: { mean: c, lo: c * 0.9, hi: c * 1.1 },
  });
  return { cells: [{ scenario: { night }, summary: { turns: { mean, n, counts }, sides: [side('A', lost[0], casualties[0]), side('B', lost[1], casualties[1])] } }] } as unknown as Results;
}

describe('hours of combat', () => {
  it('night turns played are not hours of combat: 5 turns, and 8 with night on turn 8, make 6.5 day turns', () => {
    expect(meanDayTurns(results([[5, 1], [8, 3]], [8], [0, 0]), 0)).toBe(6.5);
    expect(meanDayTurns(results([[5, 1], [8, 3]], [], [0, 0]), 0)).toBe(7.25);
    expect(meanDayTurns(results([[5, 1], [8, 3]], [8, 8], [0, 0]), 0)).toBe(6.5); // a night listed twice is one night
  });

  it('the loss per hour divides by those hours (13 points lost over 6.5 hours: 2% an hour)', () => {
    const rows = hourlyLosses(results([[5, 1], [8, 3]], [8], [13, 6.5]), 0, { hoursPerTurn: 1, menPerStrengthPoint: 250, actual: [] });
    expect(rows[0].rate).toBeCloseTo(2, 10);
    expect(rows[1].rate).toBeCloseTo(1, 10);
    expect(rows[0].worse).toBe(true);
  });

  it('casualties per hour are the casualty model\'s killed and wounded over the men at the start, beside the strength lost (the rules\' figure)', () => {
    // 13 points lost (3,250 men), of whom 1,625 killed and wounded, over 6.5 hours: 1% an hour, strength 2%;
    // the side that lost less strength but more casualties is the one hit harder.
    const rows = hourlyLosses(results([[5, 1], [8, 3]], [8], [13, 6.5], [1625, 1625 * 1.3]), 0, { hoursPerTurn: 1, menPerStrengthPoint: 250, actual: [] });
    expect(rows[0].rate).toBeCloseTo(1, 10);
    expect(rows[0].lo).toBeCloseTo(0.9, 10);
    expect(rows[0].strengthRate).toBeCloseTo(2, 10);
    expect(rows[1].rate).toBeCloseTo(1.3, 10);
    expect(rows[1].strengthRate).toBeCloseTo(1, 10);
    expect(rows.map((x) => x.worse)).toEqual([false, true]);
  });
});
