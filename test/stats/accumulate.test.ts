/**
 * A cell's accumulator (src/stats/cellAccumulator.ts): addResult finds the histogram of each extra by
 * the position the result lists it at, remembered in an ExtrasOrder kept with the accumulator.
 * Whatever order or keys results bring, it must count what a plain look-up of every key does.
 */
import { describe, expect, it } from 'vitest';
import { emptyResult, type EngagementResult } from '../../src/core/result.js';
import { addTo } from '../../src/stats/histogram.js';
import { addResult, emptyCellAcc, mergeCellAcc, newExtrasOrder, type CellAccumulator } from '../../src/stats/cellAccumulator.js';
import { summarizeCell, wonWithin } from '../../src/stats/summary.js';
import type { EngagementShape } from '../../src/core/ruleset.js';
import type { Vocabulary } from '../../src/core/vocabulary.js';

const SIZE = { units: 2, formations: 1, objectives: 1, reasons: ['time', 'rout'], purposes: 2, ratings: 3 };

/** The shape and vocabulary SIZE stands for, as far as a summary reads them. */
const SHAPE = {
  sides: [{ name: 'A', role: 'attacker' }, { name: 'B', role: 'defender' }],
  units: [{ id: 'a1', side: 0, kind: 'infantry', formation: 'f' }, { id: 'b1', side: 1, kind: 'infantry', formation: 'f' }],
  formations: [{ id: 'f', name: 'f', side: 0 }],
  objectives: [{ name: 'o', vp: 0 }],
  turns: 12,
} as unknown as EngagementShape;
const VOCABULARY = {
  outcomes: [{ id: 'time', label: 'time' }, { id: 'rout', label: 'rout' }],
  checkPurposes: [{ id: 'p', counted: true }, { id: 'q', counted: true }],
  ratings: { labels: ['1', '2', '3'] },
} as unknown as Vocabulary;

function result(extras: [string, number][], turns = 1): EngagementResult {
  const r = emptyResult({ units: 2, formations: 1, objectives: 1, purposes: 2, ratings: 3 });
  r.turns = turns;
  for (const [k, v] of extras) r.extras[k] = v;
  return r;
}

/** The extras' histograms as a look-up of every key would make them. */
function plainExtras(results: EngagementResult[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of results) for (const k in r.extras) addTo((out[k] ??= []), r.extras[k]);
  return out;
}

describe('addResult, extras', () => {
  it('counts each extra under its own key when results list keys in another order, add keys or drop them', () => {
    const results = [
      result([['a', 1], ['b', 2], ['c', 0]]),
      result([['a', 3], ['b', 0], ['c', 1]]),
      result([['b', 4], ['a', 0], ['c', 2]]), // the same keys, another order
      result([['b', 1], ['a', 2], ['c', 0]]), // that order again: the positions learnt from the one before
      result([['a', 1], ['b', 1]]), // one fewer
      result([['a', 2], ['d', 5], ['b', 1], ['c', 1]]), // a key new, in the middle
      result([['c', 3]]),
      result([['c', 1]]),
    ];
    const acc = emptyCellAcc(SIZE);
    const order = newExtrasOrder();
    for (const r of results) addResult(acc, r, -1, order);
    expect(acc.extras).toEqual(plainExtras(results));
    // Without an order kept, every key is looked up: the same counts.
    const plain = emptyCellAcc(SIZE);
    for (const r of results) addResult(plain, r);
    expect(plain).toEqual(acc);
  });

  it('keeps accumulators apart when results go into several in turn, one result object reused', () => {
    const accs: CellAccumulator[] = [emptyCellAcc(SIZE), emptyCellAcc(SIZE), emptyCellAcc(SIZE)];
    const orders = accs.map(() => newExtrasOrder());
    const seen: EngagementResult[][] = [[], [], []];
    const r = result([['x', 0], ['y', 0]]);
    for (let i = 0; i < 30; i++) {
      r.extras.x = i % 4;
      r.extras.y = (i * 7) % 5;
      const a = (i * 5) % 3;
      addResult(accs[a], r, -1, orders[a]);
      seen[a].push(structuredClone(r));
    }
    accs.forEach((acc, a) => expect(acc.extras, `accumulator ${a}`).toEqual(plainExtras(seen[a])));
  });

  it('goes on counting into the same histograms after batches are merged into the accumulator', () => {
    const acc = emptyCellAcc(SIZE);
    const order = newExtrasOrder();
    const first = [result([['a', 1], ['b', 2]]), result([['a', 0], ['b', 2]])];
    for (const r of first) addResult(acc, r, -1, order);
    const other = emptyCellAcc(SIZE);
    const merged = [result([['b', 3], ['e', 1]]), result([['a', 4], ['b', 0]])];
    for (const r of merged) addResult(other, r);
    mergeCellAcc(acc, other);
    const last = [result([['a', 2], ['b', 1]]), result([['e', 2], ['a', 1], ['b', 1]])];
    for (const r of last) addResult(acc, r, -1, order);
    expect(acc.extras).toEqual(plainExtras([...first, ...merged, ...last]));
    expect(acc.n).toBe(6);
  });
});

describe('wins by minute (SideAccumulator.wonMinutes, SideSummary.wonByMinute)', () => {
  const decided = (winner: 0 | 1 | null, minutes: number): EngagementResult => {
    const r = result([]);
    r.winner = winner;
    r.minutes = minutes;
    return r;
  };
  const games: [0 | 1 | null, number][] = [[0, 30], [0, 70], [1, 70], [0, 90], [null, 120], [1, 45], [0, 72.5], [0, 70]];

  it('counts each side its own wins by the minutes they took, a part of a minute rounded up; draws count for neither', () => {
    const acc = emptyCellAcc(SIZE);
    for (const [w, m] of games) addResult(acc, decided(w, m));
    const wins = (h: number[] | undefined) => (h ?? []).flatMap((c, m) => (c ? [[m, c]] : []));
    expect(wins(acc.sides[0].wonMinutes)).toEqual([[30, 1], [70, 2], [73, 1], [90, 1]]);
    expect(wins(acc.sides[1].wonMinutes)).toEqual([[45, 1], [70, 1]]);
  });

  it('reads the share won within a time from the summary, and merges halves to the whole', () => {
    const whole = emptyCellAcc(SIZE);
    const [first, second] = [emptyCellAcc(SIZE), emptyCellAcc(SIZE)];
    games.forEach(([w, m], i) => {
      addResult(whole, decided(w, m));
      addResult(i < 3 ? first : second, decided(w, m));
    });
    mergeCellAcc(first, second);
    expect(first).toEqual(whole);
    const s = summarizeCell(whole, SHAPE, VOCABULARY);
    expect(s.sides[0].wonByMinute).toEqual([[30, 1], [70, 2], [73, 1], [90, 1]]);
    expect(wonWithin(s.sides[0], s.engagements, 70)!.count).toBe(3);
    expect(wonWithin(s.sides[0], s.engagements, 72)!.count).toBe(3);
    expect(wonWithin(s.sides[0], s.engagements, 73)!.count).toBe(4);
    expect(wonWithin(s.sides[0], s.engagements, 120)!.count).toBe(whole.winners[0]);
    expect(wonWithin(s.sides[1], s.engagements, 60)!.count).toBe(1);
    expect(wonWithin(s.sides[1], s.engagements, 60)!.n).toBe(games.length);
  });

  it('leaves the figure out when a batch saved before it existed is merged in', () => {
    const acc = emptyCellAcc(SIZE);
    addResult(acc, decided(0, 30));
    const old = emptyCellAcc(SIZE);
    addResult(old, decided(0, 40));
    for (const s of old.sides) delete s.wonMinutes;
    mergeCellAcc(acc, old);
    expect(acc.sides[0].wonMinutes).toBeUndefined();
    const s = summarizeCell(acc, SHAPE, VOCABULARY);
    expect(s.sides[0].wonByMinute).toBeUndefined();
    expect(wonWithin(s.sides[0], s.engagements, 60)).toBeNull();
  });
});
