import { describe, expect, it } from 'vitest';
import { abreast, abreastWidth, slotCentres, slotIndex } from '../../src/table/placement.js';

describe('bodies abreast', () => {
  it('two 6" lines with no interval sit either side of the centre line', () => {
    expect(abreast([6, 6], 0)).toEqual([-3, 3]);
  });

  it('four 4" columns 2" apart: 22" of front, centred on an offset', () => {
    expect(abreastWidth([4, 4, 4, 4], 2)).toBe(22);
    expect(abreast([4, 4, 4, 4], 2)).toEqual([-9, -3, 3, 9]);
    expect(abreast([4, 4, 4, 4], 2, 1)).toEqual([-8, -2, 4, 10]);
  });

  it('unequal frontages: edges interval apart', () => {
    const ys = abreast([6, 2], 1);
    expect(ys).toEqual([-1.5, 3.5]);
    // right edge of the first (1.5) to left edge of the second (2): 1 apart
    expect(ys[1] - 1 - (ys[0] + 3)).toBe(1);
  });

  it('none and one', () => {
    expect(abreast([], 2)).toEqual([]);
    expect(abreastWidth([], 2)).toBe(0);
    expect(abreast([5], 2, 4)).toEqual([4]);
  });

  it('writes into out, clearing it', () => {
    const out = [7, 7, 7];
    expect(abreast([2], 0, 0, out)).toBe(out);
    expect(out).toEqual([0]);
  });
});

describe('slots', () => {
  it('aoe 6: a 16" lane in three slots, left to right by y', () => {
    const c = slotCentres(16, 3);
    expect(c[0]).toBeCloseTo(-16 / 3, 12);
    expect(c[1]).toBeCloseTo(0, 12);
    expect(c[2]).toBeCloseTo(16 / 3, 12);
  });

  it('burt: a 4" slot for the battery at one end of four', () => {
    expect(slotCentres(16, 4)).toEqual([-6, -2, 2, 6]);
    expect(slotCentres(16, 4, 10)).toEqual([4, 8, 12, 16]);
    expect(() => slotCentres(16, 0)).toThrow(RangeError);
  });

  it('slotIndex: boundaries go to the higher slot, the top edge to the last, outside -1', () => {
    expect(slotIndex(16, 4, -8)).toBe(0);
    expect(slotIndex(16, 4, -4)).toBe(1);
    expect(slotIndex(16, 4, -4.01)).toBe(0);
    expect(slotIndex(16, 4, 0)).toBe(2);
    expect(slotIndex(16, 4, 8)).toBe(3);
    expect(slotIndex(16, 4, 8.01)).toBe(-1);
    expect(slotIndex(16, 4, -8.01)).toBe(-1);
    expect(slotIndex(16, 4, 7, 10)).toBe(1); // slots 2..6, 6..10, ...
  });

  it('each slot centre is in its own slot', () => {
    for (const n of [1, 2, 3, 5, 7]) slotCentres(10, n, 3).forEach((y, i) => expect(slotIndex(10, n, y, 3)).toBe(i));
  });
});
