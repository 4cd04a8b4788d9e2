import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import {
  aheadOf,
  faceToFace,
  facesAway,
  facesToward,
  frontEdgeDistance,
  frontGap,
  frontToInterval,
  frontToPoint,
  isBehind,
  isBetween,
  isInFront,
} from '../../src/table/distance.js';

// Attacker facing +x with its front at 0; defender facing -x with its front at 16 (400 yards at 25 yd/in).
const att = body(0, 1, 4, 1.5, 0);
const def = body(16, -1, 6, 1, 0);

describe('distance front to front', () => {
  it('aheadOf is signed along the facing', () => {
    expect(aheadOf(att, 5)).toBe(5);
    expect(aheadOf(att, -2)).toBe(-2);
    expect(aheadOf(def, 10)).toBe(6);
    expect(aheadOf(def, 20)).toBe(-4);
  });

  it('frontGap is the same from either side for bodies facing each other', () => {
    expect(frontGap(att, def)).toBe(16);
    expect(frontGap(def, att)).toBe(16);
  });

  it('frontGap is 0 at contact and negative when the bodies have passed into each other', () => {
    expect(frontGap(body(16, 1, 4, 1), def)).toBe(0);
    expect(frontGap(body(17, 1, 4, 1), def)).toBe(-1);
    expect(frontGap(def, body(17, 1, 4, 1))).toBe(-1);
  });

  it('frontEdgeDistance: the axial gap when overlapping laterally', () => {
    expect(frontEdgeDistance(att, def)).toBe(16);
    expect(frontEdgeDistance(def, att)).toBe(16);
  });

  it('frontEdgeDistance: the straight line over the lateral and axial gaps when not (3-4-5)', () => {
    const beside = body(4, -1, 2, 1, 6); // y 5..7; att spans y -2..2: lateral gap 3, axial 4
    expect(frontEdgeDistance(att, beside)).toBe(5);
    expect(frontEdgeDistance(beside, att)).toBe(5);
  });

  it('frontEdgeDistance: edge to edge laterally is the axial gap (zero-width overlap)', () => {
    const edge = body(7, -1, 2, 1, 3); // y 2..4, touching att's edge at y 2
    expect(frontEdgeDistance(att, edge)).toBe(7);
  });

  it('frontToPoint measures from the front edge segment', () => {
    expect(frontToPoint(att, 3, 1)).toBe(3);
    expect(frontToPoint(att, 3, 6)).toBe(5);
    expect(frontToPoint(att, -3, -6)).toBe(5);
    expect(frontToPoint(att, 0, 2)).toBe(0);
  });

  it('frontToInterval: 0 inside, positive ahead, negative behind', () => {
    expect(frontToInterval(att, 4, 8)).toBe(4);
    expect(frontToInterval(att, 8, 4)).toBe(4);
    expect(frontToInterval(att, -2, 3)).toBe(0);
    expect(frontToInterval(att, 0, 3)).toBe(0);
    expect(frontToInterval(att, -6, -2)).toBe(-2);
    expect(frontToInterval(def, 2, 6)).toBe(10);
    expect(frontToInterval(def, 18, 20)).toBe(-2);
  });
});

describe('relative position', () => {
  it('a body facing each other across the lane is in front; touching counts', () => {
    expect(isInFront(att, def)).toBe(true);
    expect(isInFront(def, att)).toBe(true);
    expect(isInFront(att, body(0, -1, 1, 1))).toBe(true); // its near edge on att's front
    expect(isInFront(att, body(-0.5, -1, 1, 1))).toBe(false); // reaches behind the front
  });

  it('behind: wholly at or behind the rear edge', () => {
    expect(isBehind(att, body(-1.5, 1, 4, 1))).toBe(true); // front on att's rear
    expect(isBehind(att, body(-1.4, 1, 4, 1))).toBe(false);
    expect(isBehind(def, body(17, -1, 4, 1))).toBe(true);
    expect(isBehind(def, body(16.9, -1, 4, 1))).toBe(false);
    expect(isBehind(att, def)).toBe(false);
  });

  it('faces toward / away and face to face', () => {
    expect(facesToward(att, def)).toBe(true);
    expect(facesToward(def, att)).toBe(true);
    expect(faceToFace(att, def)).toBe(true);
    const router = body(16, 1, 6, 1); // about-faced defender
    expect(facesAway(router, att)).toBe(true);
    expect(facesToward(router, att)).toBe(false);
    expect(faceToFace(att, router)).toBe(false);
    // A friend ahead facing the same way: att faces toward it, it faces away from att.
    const ahead = body(10, 1, 4, 1);
    expect(facesToward(att, ahead)).toBe(true);
    expect(facesAway(ahead, att)).toBe(true);
    expect(faceToFace(att, ahead)).toBe(false);
    // Level centres: neither.
    const level = body(-1.5, -1, 4, 1.5, 10); // centre x -0.75, as att's
    expect(facesToward(att, level)).toBe(false);
    expect(facesAway(att, level)).toBe(false);
  });

  it('isBetween: in the axial gap and across the corridor of common lateral extent', () => {
    expect(isBetween(att, def, body(8, 1, 4, 1, 0))).toBe(true);
    expect(isBetween(att, def, body(8, 1, 4, 1, 10))).toBe(false); // beside the corridor
    expect(isBetween(att, def, body(8, 1, 4, 1, 4))).toBe(false); // y 2..6: edge to edge with att's y 2
    expect(isBetween(att, def, body(20, 1, 4, 1, 0))).toBe(false); // beyond def
    expect(isBetween(att, def, body(0, 1, 4, 1, 0))).toBe(false); // behind att's front, touching it
    expect(isBetween(att, def, body(0, -1, 4, 1, 0))).toBe(true); // 1" into the gap
  });

  it('isBetween: bodies not overlapping laterally use the gap between them as the corridor', () => {
    const a = body(0, 1, 2, 1, -3); // y -4..-2
    const b = body(10, -1, 2, 1, 3); // y 2..4
    expect(isBetween(a, b, body(5, 1, 1, 1, 0))).toBe(true);
    expect(isBetween(a, b, body(5, 1, 1, 1, 6))).toBe(false);
    // Edge to edge (corridor of no width at y 0): only a body straddling y 0 stands between.
    const c = body(0, 1, 2, 1, -1);
    const d = body(10, -1, 2, 1, 1);
    expect(isBetween(c, d, body(5, 1, 1, 1, 0))).toBe(true);
    expect(isBetween(c, d, body(5, 1, 1, 1, 0.5))).toBe(false);
  });
});

describe('pointToBody and frontWithinArc', () => {
  it('pointToBody: 0 inside the footprint, the axial or lateral gap beside it, the diagonal at a corner', async () => {
    const { pointToBody } = await import('../../src/table/distance.js');
    // att covers x -1.5..0 and y -2..2.
    expect(pointToBody(att, -1, 1)).toBe(0);
    expect(pointToBody(att, 3, 0)).toBe(3);
    expect(pointToBody(att, -1, 5)).toBe(3);
    expect(pointToBody(att, 3, 6)).toBe(5);
  });

  it('frontWithinArc: the whole front at a target straight ahead, part of it at one off to the side, none behind', async () => {
    const { frontWithinArc } = await import('../../src/table/distance.js');
    // A 10"-wide line at x = 0 facing +x; a target 4" wide, 5" ahead, centred 8" to the side (y 6..10).
    const line = body(0, 1, 10, 1.6, 0);
    const off = body(5, -1, 4, 1, 8);
    // 45 degrees: the target's nearer end is 5" ahead, so the front from y = 6 - 5 = 1 to 5 sees it: 4".
    expect(frontWithinArc(line, off, 1)).toBeCloseTo(4, 9);
    expect(frontWithinArc(line, body(5, -1, 4, 1, 0), 1)).toBeCloseTo(10, 9);
    // Half the slope: the front from y = 6 - 2.5 = 3.5 to 5.
    expect(frontWithinArc(line, off, 0.5)).toBeCloseTo(1.5, 9);
    expect(frontWithinArc(line, body(-3, -1, 4, 1, 0), 1)).toBe(0);
  });
});
