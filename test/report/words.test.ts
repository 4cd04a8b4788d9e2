/** One way to write intervals, counts and side names (src/report/words.ts, src/core/words.ts). */
import { describe, expect, it } from 'vitest';
import { turnsWord } from '../../src/report/labels.js';
import type { Results } from '../../src/results/results.js';
import { counted, identifierWords, interval, LEVEL_NOTE, meanText, namesMany, playedOn, plural, shareText, sideVerb } from '../../src/report/words.js';

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
