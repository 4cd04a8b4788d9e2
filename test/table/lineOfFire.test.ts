import { describe, expect, it } from 'vitest';
import { body, flipBody, mirrorBody } from '../../src/table/body.js';
import { fireLine, lineOfFireBlocked, segmentCrosses } from '../../src/table/lineOfFire.js';

// A battery facing +x at x = 10, 1" wide at y = -4; a village block 3" x 3" at x 15..18 facing -x.
const battery = body(10, 1, 1, 1, -4);
const block = body(15, -1, 3, 3, 0);

describe('lines of fire', () => {
  it('fireLine runs from the nearest point of the firer’s front edge to the nearest point of the target', () => {
    expect(fireLine(battery, block)).toEqual([10, -3.5, 15, -1.5]);
    expect(fireLine(body(0, 1, 4, 1, 0), body(8, -1, 6, 1, 1))).toEqual([0, 1, 8, 1]);
  });

  it('segmentCrosses: through the inside, not along an edge or through a corner', () => {
    const c = body(5, 1, 2, 2, 0); // x 3..5, y -1..1
    expect(segmentCrosses(0, 0, 10, 0, c)).toBe(true);
    expect(segmentCrosses(0, 1, 10, 1, c)).toBe(false); // along the edge
    expect(segmentCrosses(0, 3, 6, -3, c)).toBe(true);
    expect(segmentCrosses(2, 2, 4, 0, c)).toBe(true);
    expect(segmentCrosses(1, 3, 3, 1, c)).toBe(false); // ends on the corner
    expect(segmentCrosses(0, 0, 2.5, 0, c)).toBe(false); // stops short
  });

  it('a column beside the line of fire does not block it; one across it does', () => {
    // A column 2" wide at y -2..0, x 8..11: the line from (10, -3.5) to (15, -1.5) passes beside it.
    expect(lineOfFireBlocked(battery, block, body(11, 1, 2, 3, -1))).toBe(false);
    // The same column moved to y -3..-1, x 10..13: across the line.
    expect(lineOfFireBlocked(battery, block, body(13, 1, 2, 3, -2))).toBe(true);
    // Straight ahead: a body between two bodies that overlap laterally blocks.
    expect(lineOfFireBlocked(body(0, 1, 4, 1, 0), body(10, -1, 4, 1, 0), body(5, 1, 2, 1, 0))).toBe(true);
  });

  it('mirroring the lane along x or across y mirrors the answer', () => {
    const cases = [body(11, 1, 2, 3, -1), body(13, 1, 2, 3, -2), body(14, 1, 1, 1, -2.5)];
    for (const c of cases) {
      const plain = lineOfFireBlocked(battery, block, c);
      expect(lineOfFireBlocked(mirrorBody(battery), mirrorBody(block), mirrorBody(c))).toBe(plain);
      expect(lineOfFireBlocked(flipBody(battery), flipBody(block), flipBody(c))).toBe(plain);
    }
  });
});
