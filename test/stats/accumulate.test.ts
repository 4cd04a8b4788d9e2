/**
 * A cell's accumulator (src/stats/cellAccumulator.ts): addResult finds the histogram of each extra by
 * the position the result lists it at, remembered in an ExtrasOrder kept with the accumulator.
 * Whatever order or keys results bring, it must count what a plain look-up of every key does.
 */
import { describe, expect, it } from 'vitest';
import { emptyResult, type EngagementResult } from '../../src/core/result.js';
import { addTo } from '../../src/stats/histogram.js';
import { addResult, emptyCellAcc, mergeCellAcc, newExtrasOrder, type CellAccumulator } from '../../src/stats/cellAccumulator.js';

const SIZE = { units: 2, formations: 1, objectives: 1, reasons: ['time', 'rout'], purposes: 2, ratings: 3 };

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
