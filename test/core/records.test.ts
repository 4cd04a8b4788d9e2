import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overridden, packedMap, recordAdder, recordMaker, recordReader, recordWriter } from '../../src/core/records.js';

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

  it('adds to and reads the value under the key at a position, and refuses a position past the keys', () => {
    const r: Record<string, number> = { 'charges.0': 1, 'charges.1': 2, 'squares "formed"': 3 };
    const add = recordAdder(keys);
    const read = recordReader(keys);
    add(r, 1, 5);
    add(r, 2, -1.5);
    expect(r).toEqual({ 'charges.0': 1, 'charges.1': 7, 'squares "formed"': 1.5 });
    expect([0, 1, 2].map((i) => read(r, i))).toEqual([1, 7, 1.5]);
    expect(read(r, 3)).toBeUndefined(); // the record has no 'x\\y'
    expect(() => add(r, 4, 1)).toThrow(RangeError);
    expect(() => read(r, -1)).toThrow(RangeError);
  });
});

describe('overridden: a spread made key by key (src/core/records.ts)', () => {
  const base = { attack: 'column', odds: 1.5, square: true, radius: 3 };
  it.each([
    ['no overrides', {}],
    ['some keys', { odds: 2, square: false }],
    ['a key given as undefined (a spread copies it)', { radius: undefined }],
    ['keys the base lacks, after its own', { extra: 'x', attack: 'line', more: [1] }],
    ['every key, in another order', { radius: 1, square: false, odds: 0, attack: 'line' }],
  ])('gives what { ...base, ...overrides } gives, keys in the same order: %s', (_, over) => {
    const spread = { ...base, ...over } as Record<string, unknown>;
    const made = overridden(base as Record<string, unknown>, over as Record<string, unknown>);
    expect(Object.keys(made)).toEqual(Object.keys(spread));
    expect(Object.entries(made)).toEqual(Object.entries(spread));
    expect(made).not.toBe(base);
  });

  it('leaves the base as it was', () => {
    const copy = { ...base };
    overridden(base, { odds: 9 });
    expect(base).toEqual(copy);
  });
});

describe('packedMap: map without holes (src/core/records.ts)', () => {
  it('gives what Array.prototype.map gives, index included', () => {
    const xs = ['a', 'b', 'c'];
    expect(packedMap(xs, (x, i) => ({ x, i }))).toEqual(xs.map((x, i) => ({ x, i })));
    expect(packedMap([], () => 1)).toEqual([]);
  });

  it('returns a packed array before and after V8 optimizes it (natives, in a child process)', () => {
    // Array.prototype.map in place of its loop returns a holey array once optimized: [false, true].
    const script = `
const { packedMap } = await import(${JSON.stringify(join(process.cwd(), 'dist/src/core/records.js'))});
const xs = [1, 2, 3];
const f = (x) => ({ x });
%PrepareFunctionForOptimization(packedMap);
const cold = packedMap(xs, f);
packedMap(xs, f);
%OptimizeFunctionOnNextCall(packedMap);
const hot = packedMap(xs, f);
console.log(JSON.stringify({ optimized: %ActiveTierIsTurbofan(packedMap), holey: [%HasHoleyElements(cold), %HasHoleyElements(hot)] }));
`;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ optimized: true, holey: [false, false] });
  });
});
