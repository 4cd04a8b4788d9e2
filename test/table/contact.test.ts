import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import {
  contactGroups,
  contactWidth,
  flankContact,
  inContact,
  overlappedEnds,
  rearContact,
  touching,
} from '../../src/table/contact.js';
import { wholeFiguresIn } from '../../src/table/footprint.js';

// Burt 12: a column (4" front) meets a line (6" front) head on.
const col = body(16, 1, 4, 1.5, 1); // y -1..3
const line = body(16, -1, 6, 1, 0); // y -3..3

describe('contact front to front', () => {
  it('opposing bodies overlapping laterally with their fronts meeting are in contact', () => {
    expect(inContact(col, line)).toBe(true);
    expect(inContact(line, col)).toBe(true);
  });

  it('contact width is the lateral overlap: burt 9, the column\'s 8 figures (4" of 0.5") fight', () => {
    expect(contactWidth(col, line)).toBe(4);
    expect(wholeFiguresIn(contactWidth(col, line), 0.5)).toBe(8);
  });

  it('fronts within EPS touch; a gap beyond it does not (a rule may pass a looser tolerance)', () => {
    expect(inContact(body(16 - 1e-9, 1, 4, 1), line)).toBe(true);
    expect(inContact(body(15.99, 1, 4, 1), line)).toBe(false);
    expect(inContact(body(15.99, 1, 4, 1), line, 0.05)).toBe(true);
    expect(contactWidth(body(15.99, 1, 4, 1), line)).toBe(0);
  });

  it('interpenetrated bodies are not in contact', () => {
    expect(inContact(body(17, 1, 4, 1), line)).toBe(false);
  });

  it('edge to edge laterally (zero-width overlap) is not contact', () => {
    expect(inContact(body(16, 1, 4, 1, 5), line)).toBe(false); // y 3..7
    expect(contactWidth(body(16, 1, 4, 1, 5), line)).toBe(0);
  });

  it('bodies facing the same way are not in contact front to front', () => {
    expect(inContact(body(16, 1, 4, 1), body(16, 1, 4, 1))).toBe(false);
  });
});

describe('flank and rear contact', () => {
  it('an enemy touching a side edge, overlapping axially, touches that flank', () => {
    const e = body(15.5, -1, 2, 1, 4); // y 3..5, x 15.5..16.5: beside the line's +y edge
    expect(flankContact(line, e)).toBe('right'); // facing -x, +y is its right
    expect(flankContact(col, body(15, 1, 2, 1, -2))).toBe('right'); // y -3..-1 beside col's -y edge
    expect(flankContact(col, body(15, 1, 2, 1, 4))).toBe('left');
  });

  it('no flank contact when apart laterally, overlapping laterally, or not level axially', () => {
    expect(flankContact(line, body(15.5, -1, 2, 1, 4.5))).toBeNull(); // 0.5 gap
    expect(flankContact(line, body(15.5, -1, 2, 1, 4.5), 0.5)).toBe('right');
    expect(flankContact(line, body(15.5, -1, 2, 1, 3.5))).toBeNull(); // overlaps
    expect(flankContact(line, body(19, -1, 2, 1, 4))).toBeNull(); // behind it, end to end
  });

  it('rear contact: an enemy behind, facing the same way, its front on the rear edge', () => {
    expect(rearContact(line, body(17, -1, 4, 1))).toBe(true);
    expect(rearContact(line, body(17.5, -1, 4, 1))).toBe(false);
    expect(rearContact(line, body(17, 1, 4, 1))).toBe(false); // back to back
    expect(rearContact(line, body(17, -1, 4, 1, 5))).toBe(false); // edge to edge laterally
  });

  it('touching: any of the three, either way round', () => {
    expect(touching(col, line)).toBe(true);
    expect(touching(line, body(15.5, -1, 2, 1, 4))).toBe(true);
    expect(touching(body(15.5, -1, 2, 1, 4), line)).toBe(true);
    expect(touching(line, body(17, -1, 4, 1))).toBe(true);
    expect(touching(body(17, -1, 4, 1), line)).toBe(true);
    expect(touching(col, body(30, -1, 4, 1))).toBe(false);
  });
});

describe('overlapped ends', () => {
  it('counts the ends of b that a reaches beyond (nagb 3.7: lapping)', () => {
    expect(overlappedEnds(line, col)).toBe(1); // line y -3..3 beyond col's -1, level at 3
    expect(overlappedEnds(col, line)).toBe(0);
    expect(overlappedEnds(body(16, -1, 10, 1), col)).toBe(2);
    expect(overlappedEnds(body(16, -1, 4, 1, 1 + 1e-9), col)).toBe(0);
  });
});

describe('contact groups', () => {
  it('bodies joined through enemies they touch form one group; others are -1', () => {
    const bodies = [
      body(10, 1, 4, 1, -3), // 0 side 0, touches 2
      body(10, 1, 4, 1, 3), // 1 side 0, touches 2 and 3
      body(10, -1, 4, 1, 0), // 2 side 1: fronts of 0 and 1 (y -2..2 overlaps both)
      body(10, -1, 2, 1, 5), // 3 side 1: y 4..6, touches 1 (y 1..5)
      body(30, 1, 4, 1, 0), // 4 side 0, alone
      body(40, 1, 4, 1, 0), // 5 side 0
      body(40, -1, 4, 1, 0), // 6 side 1, touches 5
    ];
    const group = new Int32Array(bodies.length);
    expect(contactGroups(bodies, [0, 0, 1, 1, 0, 0, 1], group)).toBe(2);
    expect([...group]).toEqual([0, 0, 0, 0, -1, 1, 1]);
  });

  it('friends side by side do not join each other', () => {
    const bodies = [body(10, 1, 4, 1, -2), body(10, 1, 4, 1, 2)];
    const group: number[] = [];
    expect(contactGroups(bodies, [0, 0], group)).toBe(0);
    expect(group).toEqual([-1, -1]);
  });

  it('group numbers follow the lowest body index of each group', () => {
    const bodies = [body(40, 1, 4, 1), body(10, 1, 4, 1), body(10, -1, 4, 1), body(40, -1, 4, 1)];
    const group: number[] = [];
    expect(contactGroups(bodies, [0, 0, 1, 1], group)).toBe(2);
    expect(group).toEqual([0, 1, 1, 0]);
  });
});
