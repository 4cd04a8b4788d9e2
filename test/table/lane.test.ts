import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import {
  anchoredSide,
  flipLane,
  laneEndAhead,
  laneEndBehind,
  makeLane,
  mirrorLane,
  onLane,
  withinWidth,
  zoneOffLane,
} from '../../src/table/lane.js';

// Burt's common order of battle: a lane 16" wide; here 64" long, the -y edge anchored.
const lane = makeLane(-32, 32, 16, true, false);

describe('lane', () => {
  it('makeLane checks its ends and width', () => {
    expect(lane).toEqual({ xMin: -32, xMax: 32, width: 16, anchoredLow: true, anchoredHigh: false });
    expect(makeLane(0, 1, 1)).toEqual({ xMin: 0, xMax: 1, width: 1, anchoredLow: false, anchoredHigh: false });
    expect(() => makeLane(5, 5, 16)).toThrow(RangeError);
    expect(() => makeLane(6, 5, 16)).toThrow(RangeError);
    expect(() => makeLane(0, 5, 0)).toThrow(RangeError);
  });

  it('the end ahead is the one the front faces; routers leave by the one behind', () => {
    expect(laneEndAhead(lane, body(0, 1, 6, 1))).toBe(32);
    expect(laneEndBehind(lane, body(0, 1, 6, 1))).toBe(-32);
    expect(laneEndAhead(lane, body(0, -1, 6, 1))).toBe(-32);
    expect(laneEndBehind(lane, body(0, -1, 6, 1))).toBe(32);
  });

  it('onLane: the footprint between the ends, touching an end counts', () => {
    expect(onLane(lane, body(32, 1, 6, 2))).toBe(true);
    expect(onLane(lane, body(-30, 1, 6, 2))).toBe(true); // rear exactly at -32
    expect(onLane(lane, body(-30.5, 1, 6, 2))).toBe(false);
    expect(onLane(lane, body(-32, -1, 6, 2))).toBe(true);
    expect(onLane(lane, body(-32.5, -1, 6, 2))).toBe(false);
  });

  it('withinWidth: the footprint across the lane, touching an edge counts', () => {
    expect(withinWidth(lane, body(0, 1, 16, 1))).toBe(true);
    expect(withinWidth(lane, body(0, 1, 6, 1, 5))).toBe(true); // y 2..8
    expect(withinWidth(lane, body(0, 1, 6, 1, 5.5))).toBe(false);
    expect(withinWidth(lane, body(0, 1, 6, 1, -5.5))).toBe(false);
  });

  it('anchoredSide: a side edge on an anchored lane edge, relative to the body facing', () => {
    const low = body(0, 1, 6, 1, -5); // y -8..-2, touching the anchored -y edge
    expect(anchoredSide(lane, low, 'right')).toBe(true); // facing +x the right is -y
    expect(anchoredSide(lane, low, 'left')).toBe(false);
    const lowBack = body(0, -1, 6, 1, -5);
    expect(anchoredSide(lane, lowBack, 'left')).toBe(true); // facing -x the left is -y
    const high = body(0, 1, 6, 1, 5); // touching the +y edge, which is not anchored
    expect(anchoredSide(lane, high, 'left')).toBe(false);
    expect(anchoredSide(flipLane(lane), high, 'left')).toBe(true);
  });

  it('anchoredSide within a tolerance', () => {
    const near = body(0, 1, 6, 1, -4); // y -7..-1: 1" short of the edge
    expect(anchoredSide(lane, near, 'right')).toBe(false);
    expect(anchoredSide(lane, near, 'right', 1)).toBe(true);
    expect(anchoredSide(lane, near, 'right', 0.99)).toBe(false);
  });

  it('mirrorLane swaps the ends; flipLane swaps the anchors', () => {
    expect(mirrorLane(makeLane(-10, 30, 16, true))).toEqual(makeLane(-30, 10, 16, true));
    expect(mirrorLane(makeLane(0, 30, 16), 5)).toEqual(makeLane(-20, 10, 16));
    expect(flipLane(lane)).toEqual(makeLane(-32, 32, 16, false, true));
  });
});

describe('zoneOffLane: terrain and objectives a scenario places', () => {
  it('lies on the lane between its ends, and across at least part of its width', () => {
    expect(zoneOffLane(lane, { from: -32, to: 32 }, 'the wood')).toBeNull();
    // Reaching past a side is ground going on; touching an end counts as on.
    expect(zoneOffLane(lane, { from: 0, to: 4, yMin: 6, yMax: 20 }, 'the wood')).toBeNull();
    expect(zoneOffLane(lane, { from: 0, to: 4, yMin: -20, yMax: -7 }, 'the wood')).toBeNull();
  });

  it('past an end, or wholly beside the lane: the field at fault and why', () => {
    expect(zoneOffLane(lane, { from: -40, to: 0 }, 'the wood')).toEqual({ field: 'from', message: "the wood starts at -40, beyond the lane's ends (-32 to 32)" });
    expect(zoneOffLane(lane, { from: 30, to: 33 }, 'the wood', ' cm')).toEqual({ field: 'to', message: "the wood ends at 33 cm, beyond the lane's ends (-32 to 32 cm)" });
    expect(zoneOffLane(lane, { from: 0, to: 4, yMin: 8, yMax: 12 }, 'the objective')).toEqual({ field: 'yMin', message: 'the objective lies wholly beside the lane (yMin 8; the lane spans -8 to 8)' });
    expect(zoneOffLane(lane, { from: 0, to: 4, yMax: -8 }, 'the objective')?.field).toBe('yMax');
  });
});

