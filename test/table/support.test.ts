import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import { gapBehind, nearestSupport, supports, supportsBehind } from '../../src/table/support.js';

// A line facing +x, front at 10, rear at 9, y -3..3.
const a = body(10, 1, 6, 1, 0);

describe('supports behind', () => {
  it('gapBehind: from the rear back to the nearest edge of the friend', () => {
    expect(gapBehind(a, body(5, 1, 4, 1.5))).toBe(4);
    expect(gapBehind(a, body(9, 1, 4, 1.5))).toBe(0);
    expect(gapBehind(a, body(9.5, 1, 4, 1.5))).toBe(-0.5);
    expect(gapBehind(a, body(3, -1, 4, 1.5))).toBe(4.5); // facing the other way: its rear is nearest
  });

  it('burt 8: a friend within 6" behind supports; at exactly 6" too; beyond, no', () => {
    expect(supports(a, body(3, 1, 4, 1.5), 6)).toBe(true);
    expect(supports(a, body(5, 1, 4, 1.5), 6)).toBe(true);
    expect(supports(a, body(2.99, 1, 4, 1.5), 6)).toBe(false);
  });

  it('must overlap laterally; edge to edge does not', () => {
    expect(supports(a, body(5, 1, 4, 1.5, 5), 6), 'y 3..7').toBe(false);
    expect(supports(a, body(5, 1, 4, 1.5, 4.9), 6), 'y 2.9..6.9').toBe(true);
  });

  it('a friend ahead or overlapping a is not behind it; a body does not support itself', () => {
    expect(supports(a, body(14, 1, 4, 1.5), 6)).toBe(false);
    expect(supports(a, body(9.5, 1, 4, 1.5), 6)).toBe(false);
    expect(supports(a, a, 6)).toBe(false);
  });

  it('mirrored: a body facing -x is supported from +x', () => {
    const b = body(-10, -1, 6, 1);
    expect(gapBehind(b, body(-5, -1, 4, 1.5))).toBe(4);
    expect(supports(b, body(-5, -1, 4, 1.5), 6)).toBe(true);
    expect(supports(b, body(-12, -1, 4, 1.5), 6)).toBe(false);
  });

  it('supportsBehind lists them in order; nearestSupport picks the nearest', () => {
    const friends = [body(3, 1, 4, 1.5), body(14, 1, 4, 1.5), body(7, 1, 4, 1.5, 1), body(7, 1, 4, 1.5, 20)];
    expect(supportsBehind(a, friends, 6)).toEqual([0, 2]);
    expect(nearestSupport(a, friends, 6)).toBe(2);
    expect(nearestSupport(a, friends, 1)).toBe(-1);
    const out = [9];
    expect(supportsBehind(a, friends, 1, out)).toBe(out);
    expect(out).toEqual([]);
  });
});
