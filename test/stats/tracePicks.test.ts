/**
 * Engagements worth tracing (results.json cells[].summary.traceThese): the typical engagement of each
 * outcome, then the extremes; one engagement picked for two reasons is listed once with both.
 */
import { describe, expect, it } from 'vitest';
import { emptyCellAcc } from '../../src/stats/cellAccumulator.js';
import { tracePicks, type SideSummary } from '../../src/stats/summary.js';

const side = (name: string, mean: number, sd: number) => ({ name, strengthLost: { mean, sd } }) as unknown as SideSummary;

describe('tracePicks', () => {
  const acc = emptyCellAcc({ units: 0, reasons: ['retreat', 'time'], purposes: 1, ratings: 1 });
  acc.outcomes['0:victoryPoints'] = 3;
  acc.outcomes['1:armyDemoralized'] = 1;
  // [engagement, strength lost by side 0, by side 1, turns]
  acc.picks.byOutcome['0:victoryPoints'] = [
    [0, 20, 2, 6],
    [4, 10, 10, 8],
    [7, 2, 30, 10],
  ];
  acc.picks.byOutcome['1:armyDemoralized'] = [[2, 40, 5, 5]];
  acc.picks.maxLost0 = [2, 40];
  acc.picks.maxLost1 = [7, 30];
  acc.picks.longest = [7, 10];
  acc.picks.shortest = [2, 5];
  const picks = tracePicks(acc, [side('Blue', 10, 5), side('Red', 10, 5)], (s) => ['Blue', 'Red'][s]);

  it('the typical engagement of each outcome is the one nearest the means, the commonest outcome first', () => {
    expect(picks[0]).toEqual({ engagement: 4, why: 'typical Blue win (victoryPoints)' });
    expect(picks[1].engagement).toBe(2);
    expect(picks[1].why.startsWith('typical Red win (armyDemoralized)')).toBe(true);
  });
  it('an engagement picked again is listed once, with every reason it was picked for', () => {
    expect(picks.map((p) => p.engagement)).toEqual([4, 2, 7]);
    expect(picks[1].why).toBe('typical Red win (armyDemoralized); heaviest loss of Blue (40 strength); shortest (5 turns)');
    expect(picks[2].why).toBe('heaviest loss of Red (30 strength); longest (10 turns)');
  });
  it('names the reason in the rule system’s words and the turns as the rule system calls them', () => {
    const words = tracePicks(acc, [side('Blue', 10, 5), side('Red', 10, 5)], (s) => ['Blue', 'Red'][s], (r) => (r === 'armyDemoralized' ? 'the other army was demoralized' : r), 'round');
    expect(words[1].why).toBe('typical Red win (the other army was demoralized); heaviest loss of Blue (40 strength); shortest (5 rounds)');
  });
});
