import { describe, expect, it } from 'vitest';
import { recordMaker, recordWriter } from '../../src/core/records.js';

describe('records of fixed keys (src/core/records.ts)', () => {
  const keys = ['charges.0', 'charges.1', 'squares "formed"', 'x\\y'];
  it('makes a record with every key at 0, in order, and writes values by position under each key', () => {
    const make = recordMaker(keys);
    const r = make();
    expect(Object.keys(r)).toEqual(keys);
    expect(Object.values(r)).toEqual([0, 0, 0, 0]);
    expect(make()).not.toBe(r);
    recordWriter<Float64Array>(keys)(r, Float64Array.from([1.5, 2, 3, 4]));
    expect(r).toEqual({ 'charges.0': 1.5, 'charges.1': 2, 'squares "formed"': 3, 'x\\y': 4 });
  });
});
