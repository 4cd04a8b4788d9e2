import { describe, expect, it } from 'vitest';
import {
  axialCentre,
  axialExtent,
  axialMax,
  axialMin,
  axialOverlap,
  body,
  faceToward,
  flipBody,
  lateralExtent,
  lateralGap,
  lateralMax,
  lateralMin,
  lateralOverlap,
  mirrorBody,
  otherSide,
  overlapsLaterally,
  rangeGap,
  rangeOverlap,
  rear,
  sideEdge,
  sideOf,
  sideSign,
  turnAbout,
} from '../../src/table/body.js';

// A 6" line two ranks deep (1"), front at 10 facing +x, centred 2" left of the centre line.
const a = body(10, 1, 6, 1, 2);
// The same footprint facing -x: front at 9, rear at 10.
const aBack = body(9, -1, 6, 1, 2);

describe('body: extents', () => {
  it('the rear lies depth behind the front, against the facing', () => {
    expect(rear(a)).toBe(9);
    expect(rear(aBack)).toBe(10);
    expect(rear(body(0, -1, 4, 3))).toBe(3);
  });

  it('axial extent is [rear, front] facing +x and [front, rear] facing -x', () => {
    expect(axialExtent(a)).toEqual([9, 10]);
    expect(axialExtent(aBack)).toEqual([9, 10]);
    expect([axialMin(a), axialMax(a)]).toEqual([9, 10]);
    expect(axialCentre(a)).toBe(9.5);
    expect(axialCentre(aBack)).toBe(9.5);
  });

  it('lateral extent is offset -/+ half the frontage', () => {
    expect(lateralExtent(a)).toEqual([-1, 5]);
    expect([lateralMin(a), lateralMax(a)]).toEqual([-1, 5]);
  });
});

describe('body: overlaps and gaps', () => {
  it('range overlap and gap of closed ranges', () => {
    expect(rangeOverlap(0, 4, 2, 8)).toBe(2);
    expect(rangeOverlap(0, 4, 4, 8)).toBe(0);
    expect(rangeOverlap(0, 4, 5, 8)).toBe(0);
    expect(rangeOverlap(0, 8, 2, 3)).toBe(1);
    expect(rangeGap(0, 4, 5, 8)).toBe(1);
    expect(rangeGap(5, 8, 0, 4)).toBe(1);
    expect(rangeGap(0, 4, 4, 8)).toBe(0);
    expect(rangeGap(0, 4, 2, 8)).toBe(0);
  });

  it('lateral overlap is the shared width; edge to edge (zero width) does not overlap', () => {
    const b = body(20, -1, 4, 1, 4); // y 2..6: overlaps a (y -1..5) over 3
    expect(lateralOverlap(a, b)).toBe(3);
    expect(overlapsLaterally(a, b)).toBe(true);
    const edge = body(20, -1, 4, 1, 7); // y 5..9: touches a's edge at 5
    expect(lateralOverlap(a, edge)).toBe(0);
    expect(overlapsLaterally(a, edge)).toBe(false);
    expect(lateralGap(a, edge)).toBe(0);
    const apart = body(20, -1, 4, 1, 9); // y 7..11
    expect(lateralGap(a, apart)).toBe(2);
    expect(lateralGap(apart, a)).toBe(2);
  });

  it('an overlap of less than EPS is not an overlap', () => {
    const b = body(20, -1, 4, 1, 7 - 1e-8);
    expect(lateralOverlap(a, b)).toBeGreaterThan(0);
    expect(overlapsLaterally(a, b)).toBe(false);
  });

  it('axial overlap of footprints', () => {
    expect(axialOverlap(a, body(9.5, -1, 1, 3))).toBe(0.5);
    expect(axialOverlap(a, body(10, -1, 1, 3))).toBe(0);
    expect(axialOverlap(a, aBack)).toBe(1);
  });
});

describe('body: sides relative to facing', () => {
  it('left is +y facing +x and -y facing -x', () => {
    expect(sideSign(a, 'left')).toBe(1);
    expect(sideSign(a, 'right')).toBe(-1);
    expect(sideSign(aBack, 'left')).toBe(-1);
    expect(sideEdge(a, 'left')).toBe(5);
    expect(sideEdge(a, 'right')).toBe(-1);
    expect(sideEdge(aBack, 'left')).toBe(-1);
    expect(sideEdge(aBack, 'right')).toBe(5);
  });

  it('sideOf names the side of a lateral position, null on the centre line', () => {
    expect(sideOf(a, 7)).toBe('left');
    expect(sideOf(a, -3)).toBe('right');
    expect(sideOf(aBack, 7)).toBe('right');
    expect(sideOf(a, 2)).toBeNull();
    expect(otherSide('left')).toBe('right');
    expect(otherSide('right')).toBe('left');
  });
});

describe('body: turning and mirroring', () => {
  it('an about face keeps the footprint and swaps front and rear', () => {
    const t = turnAbout(a);
    expect(t).toEqual(aBack);
    expect(axialExtent(t)).toEqual(axialExtent(a));
    expect(turnAbout(t)).toEqual(a);
  });

  it('faceToward fronts the face toward x, keeping the footprint (a square)', () => {
    const sq = body(10, 1, 4, 4);
    expect(faceToward(sq, 20)).toEqual(sq);
    expect(faceToward(sq, 0)).toEqual(body(6, -1, 4, 4));
    expect(faceToward(sq, 8)).toEqual(sq); // level with the centre: unchanged
    expect(faceToward(sq, 20)).not.toBe(sq); // a copy
  });

  it('mirroring along the axis reverses facing and positions; flipping across negates the offset', () => {
    expect(mirrorBody(a)).toEqual(body(-10, -1, 6, 1, 2));
    expect(mirrorBody(a, 5)).toEqual(body(0, -1, 6, 1, 2));
    expect(axialExtent(mirrorBody(a))).toEqual([-10, -9]);
    expect(flipBody(a)).toEqual(body(10, 1, 6, 1, -2));
    expect(flipBody(a, 1)).toEqual(body(10, 1, 6, 1, 0));
    // Mirroring along x swaps left and right: a's left edge (y 5) is the mirror's right edge.
    expect(sideEdge(mirrorBody(a), 'right')).toBe(sideEdge(a, 'left'));
    expect(sideEdge(flipBody(a), 'right')).toBe(-sideEdge(a, 'left'));
  });
});
