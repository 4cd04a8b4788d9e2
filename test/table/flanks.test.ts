import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import {
  canStrikeFlank,
  canStrikeRear,
  flankOpen,
  flankReach,
  flankSecure,
  friendBeside,
  rearReach,
  secureFlanks,
} from '../../src/table/flanks.js';
import { makeLane } from '../../src/table/lane.js';

const lane = makeLane(-30, 30, 16);
const anchoredLow = makeLane(-30, 30, 16, true, false);
// A battalion facing +x at the centre, y -3..3; its left is +y.
const a = body(0, 1, 6, 1, 0);

describe('friends beside', () => {
  it('a friend edge to edge on the left secures the left only', () => {
    const f = body(0, 1, 6, 1, 6); // y 3..9
    expect(friendBeside(a, 'left', [f], 0)).toBe(0);
    expect(friendBeside(a, 'right', [f], 0)).toBe(-1);
    expect(flankSecure(a, 'left', [f], lane, 0)).toBe(true);
    expect(flankOpen(a, 'right', [f], lane, 0)).toBe(true);
    expect(secureFlanks(a, [f], lane, 0)).toBe(1);
  });

  it('nagb 3.7: within 4" counts, beyond does not', () => {
    const f = body(0, 1, 6, 1, 10); // y 7..13: 4" interval
    expect(friendBeside(a, 'left', [f], 4)).toBe(0);
    expect(friendBeside(a, 'left', [f], 3.99)).toBe(-1);
  });

  it('a friend overlapping a little still stands beside; one centred inside does not', () => {
    expect(friendBeside(a, 'left', [body(0, 1, 6, 1, 5.5)], 0)).toBe(0);
    expect(friendBeside(a, 'left', [body(0, 1, 2, 1, 2.5)], 0)).toBe(-1); // y 1.5..3.5: its centre is within a's frontage
  });

  it('must overlap axially: a friend echeloned wholly behind is not beside', () => {
    expect(friendBeside(a, 'left', [body(-1, 1, 6, 1, 6)], 1)).toBe(-1); // x -2..-1, end to end
    expect(friendBeside(a, 'left', [body(-0.5, 1, 6, 1, 6)], 1)).toBe(0);
  });

  it('the body itself is skipped; relative to facing, a friend at +y is on the right of a body facing -x', () => {
    const back = body(0, -1, 6, 1, 0);
    const f = body(0, -1, 6, 1, 6);
    expect(friendBeside(back, 'right', [back, f], 0)).toBe(1);
    expect(friendBeside(back, 'left', [back, f], 0)).toBe(-1);
  });

  it('an anchored lane edge secures the flank touching it', () => {
    const low = body(0, 1, 6, 1, -5); // y -8..-2
    expect(flankSecure(low, 'right', [], anchoredLow, 0)).toBe(true);
    expect(flankSecure(low, 'right', [], lane, 0)).toBe(false);
    expect(secureFlanks(low, [body(0, 1, 6, 1, 1)], anchoredLow, 0)).toBe(2);
  });
});

describe('striking a flank', () => {
  it('an enemy ahead reaching beyond the left edge: its distance to the flank', () => {
    const e = body(4, -1, 6, 1, 4); // y 1..7, beyond a's left edge (3); front 4" ahead of a's front
    expect(flankReach(a, 'left', e)).toBe(4);
    expect(flankReach(a, 'right', e)).toBe(Infinity); // does not reach beyond y -3
  });

  it('an enemy wholly beside: the straight line from its front to the flank (3-4-5)', () => {
    const e = body(4, -1, 2, 1, 7); // y 6..8: 3" lateral gap, 4" ahead of a's front
    expect(flankReach(a, 'left', e)).toBe(5);
  });

  it('an enemy level with the flank: only the lateral gap', () => {
    expect(flankReach(a, 'left', body(-0.5, -1, 2, 1, 6))).toBe(2); // y 5..7
  });

  it('an enemy whose front is past the whole flank cannot reach it', () => {
    expect(flankReach(a, 'left', body(2, 1, 2, 1, 5))).toBe(Infinity); // facing +x, front beyond a's front
    expect(flankReach(a, 'left', body(-2, -1, 2, 1, 5))).toBe(Infinity); // facing -x, front beyond a's rear
    // Facing toward the flank from either end it can: y 4..6 is 1" out, 2" ahead or 1" behind.
    expect(flankReach(a, 'left', body(2, -1, 2, 1, 5))).toBe(Math.hypot(2, 1));
    expect(flankReach(a, 'left', body(-2, 1, 2, 1, 5))).toBe(Math.SQRT2);
  });

  it('canStrikeFlank: open flank within reach; secure or out of reach, no', () => {
    const e = body(4, -1, 6, 1, 4);
    expect(canStrikeFlank(a, e, 4, [], lane, 1)).toBe('left');
    expect(canStrikeFlank(a, e, 3.9, [], lane, 1)).toBeNull();
    expect(canStrikeFlank(a, e, 4, [body(0, 1, 6, 1, 6)], lane, 1)).toBeNull();
  });

  it('canStrikeFlank: an enemy wider than a on both sides takes the nearer open flank', () => {
    const e = body(2, -1, 12, 1, 0.5); // y -5.5..6.5
    expect(canStrikeFlank(a, e, 2, [], lane, 0)).toBe('left'); // both at 2: left first
    expect(canStrikeFlank(a, e, 2, [body(0, 1, 6, 1, 6)], lane, 0)).toBe('right');
  });
});

describe('striking the rear', () => {
  it('an enemy behind, facing the same way, overlapping laterally, within reach', () => {
    const e = body(-4, 1, 6, 1, 2);
    expect(rearReach(a, e)).toBe(3);
    expect(canStrikeRear(a, e, 3)).toBe(true);
    expect(canStrikeRear(a, e, 2.9)).toBe(false);
  });

  it('touching the rear is reach 0; facing the other way, beside it, or ahead of the rear, never', () => {
    expect(rearReach(a, body(-1, 1, 6, 1))).toBe(0);
    expect(rearReach(a, body(-4, -1, 6, 1))).toBe(Infinity);
    expect(rearReach(a, body(-4, 1, 6, 1, 6))).toBe(Infinity);
    expect(rearReach(a, body(-0.5, 1, 6, 1))).toBe(Infinity);
  });

  it('mirrored: a body facing -x has its rear toward +x', () => {
    const b = body(0, -1, 6, 1);
    expect(rearReach(b, body(4, -1, 6, 1))).toBe(3);
    expect(canStrikeRear(b, body(4, -1, 6, 1), 3)).toBe(true);
  });
});
