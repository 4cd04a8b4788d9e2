/** One way to write intervals, counts and side names (src/report/words.ts, src/core/words.ts). */
import { describe, expect, it } from 'vitest';
import { turnsWord } from '../../src/report/labels.js';
import type { Results } from '../../src/results/results.js';
import { counted, fixed, identifierWords, interval, LEVEL_NOTE, meanText, namesMany, num, playedOn, plural, possessive, shareText, sideVerb, signed } from '../../src/report/words.js';
import { changeText } from '../../src/report/sensitivity.js';
import { summaryTable } from '../../src/report/table.js';
import { countText } from '../../src/report/variants.js';
import { fixtureResults, SIMS } from './fixture.js';

describe('intervals', () => {
  it('are written [lo, hi], the unit on the estimate only', () => {
    expect(interval(1.5, 2.25)).toBe('[1.50, 2.25]');
    expect(shareText({ p: 0.234, lo: 0.226, hi: 0.242 })).toBe('23.4% [22.6, 24.2]');
    expect(meanText({ mean: 24.64, lo: 23.7, hi: 25.58 })).toBe('24.64 [23.70, 25.58]');
    expect(interval(1190, 1230, (x) => x.toLocaleString('en-GB'))).toBe('[1,190, 1,230]');
  });
  it('say their level once, in one note', () => {
    expect(LEVEL_NOTE).toBe('in brackets: 95% intervals');
  });
});

describe('decimals', () => {
  it('round as the number reads, thousands grouped (7.585 is 7.59, where toFixed says 7.58)', () => {
    expect((7.585).toFixed(2)).toBe('7.58');
    expect(fixed(7.585, 2)).toBe('7.59');
    expect(fixed(12882.75, 1)).toBe('12,882.8');
    expect(meanText({ mean: 7.585, lo: 7.585, hi: 7.585 })).toBe('7.59 [7.59, 7.59]');
    expect(shareText({ p: 0.07585, lo: 0.07585, hi: 0.07585 }, 2)).toBe('7.59% [7.59, 7.59]');
  });

  it('sign with a minus sign, never on what rounds to zero', () => {
    expect(signed(0.73, 2)).toBe('+0.73');
    expect(signed(-8.7, 1)).toBe('−8.7');
    expect(signed(-0.04, 1)).toBe('0.0');
    expect(signed(0, 1)).toBe('0.0');
    expect(num(-3.2, 2)).toBe('−3.20');
    expect(num(-0.001, 2)).toBe('0.00');
    expect(num(-1234.5, 0)).toBe('−1,235');
  });

  it('the Sensitivity table signs its changes and intervals alike, with no "-0.0"', () => {
    expect(changeText('share', -0.0004, -0.0031, 0.0023)).toBe('0.0 points [−0.3, 0.2]');
    expect(changeText('share', -0.05, -0.071, -0.029)).toBe('−5.0 points [−7.1, −2.9]');
    expect(changeText('mean', 0.42, -0.004, 1234.5)).toBe('+0.42 strength points [0.00, 1,234.50]');
  });

  it('a name’s possessive: an apostrophe alone after an s', () => {
    expect(possessive('Prussian battalions')).toBe("Prussian battalions'");
    expect(possessive('French brigade')).toBe("French brigade's");
  });

  it('one value reads the same in the summary table and the comparison table', async () => {
    const r = await fixtureResults(SIMS.scenario);
    const s = r.cells[0].summary;
    const odd = { ...r, cells: [{ ...r.cells[0], summary: { ...s, turns: { ...s.turns, mean: 7.585 } } }] };
    expect(summaryTable(odd).split('\n')[2]).toMatch(/ 7\.59$/);
    expect(countText({ kind: 'count', unit: 'turns' }, 7.585)).toBe('7.59');
  });
});

describe('plurals', () => {
  it('a count of one takes the singular, any other the plural', () => {
    expect(counted(1, 'worker')).toBe('1 worker');
    expect(counted(0, 'worker')).toBe('0 workers');
    expect(counted(2, 'exception')).toBe('2 exceptions');
    expect(counted(20000, 'engagement')).toBe('20,000 engagements');
    expect(counted(1, 'batch', 'batches')).toBe('1 batch');
    expect(counted(3, 'batch', 'batches')).toBe('3 batches');
    expect(plural('file', 1)).toBe('file');
  });
  it('where a run played: this thread alone, its workers, or both (RunOutcome.threads one more than the workers)', () => {
    expect(playedOn(0)).toBe('in this thread');
    expect(playedOn(0, 1)).toBe('in this thread');
    expect(playedOn(2)).toBe('2 workers');
    expect(playedOn(2, 2)).toBe('2 workers');
    expect(playedOn(1, 2)).toBe('1 worker and this thread');
    expect(playedOn(3, 4)).toBe('3 workers and this thread');
  });
  it('a side named by a plural or a people takes a plural verb; a named body takes a singular one', () => {
    expect(sideVerb('Prussians', 'wins', 'win')).toBe('Prussians win');
    expect(sideVerb('French', 'wins', 'win')).toBe('French win');
    expect(sideVerb('British', 'wins', 'win')).toBe('British win');
    expect(sideVerb('French brigade', 'wins', 'win')).toBe('French brigade wins');
    expect(sideVerb('Prussian garrison', 'wins', 'win')).toBe('Prussian garrison wins');
    expect(sideVerb('Grande Armée', 'wins', 'win')).toBe('Grande Armée wins');
    // A corps is one body; a name ending in "ss" is no plural.
    expect(namesMany('Hesse-Kassel Corps')).toBe(false);
    expect(namesMany('Army of the Pass')).toBe(false);
    expect(namesMany('Prussian Guard Fusiliers')).toBe(true);
  });
});

describe('identifiers as words', () => {
  it('splits camel case and hyphens, in lower case', () => {
    expect(identifierWords('armyDemoralized')).toBe('army demoralized');
    expect(identifierWords('bothRetreated')).toBe('both retreated');
    expect(identifierWords('by-the-book')).toBe('by the book');
  });
});

describe('turns', () => {
  it('are called as the rule system calls them: rounds in an Age of Rifles assault, else turns', () => {
    expect(turnsWord({ scale: { turnWord: 'round' } } as Results)).toBe('rounds');
    expect(turnsWord({ scale: {} } as Results)).toBe('turns');
  });
});
