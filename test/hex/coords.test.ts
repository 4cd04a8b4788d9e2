import { describe, expect, it } from 'vitest';
import {
  axialToOffset,
  centre,
  corner,
  DIRECTIONS,
  directionTo,
  distance,
  hexesWithin,
  hexKey,
  neighbor,
  offsetToAxial,
  ring,
  type Hex,
} from '../../src/hex/coords.js';

const off = (h: Hex) => {
  const o = axialToOffset(h);
  return [o.col, o.row];
};

describe('offset and axial coordinates', () => {
  it('round-trips every hex of a 10x8 map, and distinct hexes get distinct axial coordinates', () => {
    const seen = new Set<string>();
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 10; col++) {
        const h = offsetToAxial(col, row);
        expect(h.r).toBe(row);
        expect(axialToOffset(h)).toEqual({ col, row });
        seen.add(hexKey(h));
      }
    }
    expect(seen.size).toBe(80);
  });

  it('pins the odd-r formula: odd rows start half a hex further right', () => {
    expect(offsetToAxial(0, 0)).toEqual({ q: 0, r: 0 });
    expect(offsetToAxial(0, 1)).toEqual({ q: 0, r: 1 });
    expect(offsetToAxial(0, 2)).toEqual({ q: -1, r: 2 });
    expect(offsetToAxial(3, 3)).toEqual({ q: 2, r: 3 });
    expect(offsetToAxial(5, 6)).toEqual({ q: 2, r: 6 });
  });
});

describe('neighbours and directions', () => {
  it('pins the six neighbours of an even-row hex (3,2)', () => {
    const h = offsetToAxial(3, 2);
    const got = [0, 1, 2, 3, 4, 5].map((d) => off(neighbor(h, d)));
    // E, NE, NW, W, SW, SE
    expect(got).toEqual([[4, 2], [3, 1], [2, 1], [2, 2], [2, 3], [3, 3]]);
  });

  it('pins the six neighbours of an odd-row hex (3,3)', () => {
    const h = offsetToAxial(3, 3);
    const got = [0, 1, 2, 3, 4, 5].map((d) => off(neighbor(h, d)));
    expect(got).toEqual([[4, 3], [4, 2], [3, 2], [2, 3], [3, 4], [4, 4]]);
  });

  it('directionTo inverts neighbor, and is -1 for hexes that are not adjacent', () => {
    const h = { q: 2, r: -1 };
    for (let d = 0; d < 6; d++) {
      expect(directionTo(h, neighbor(h, d))).toBe(d);
      expect(directionTo(neighbor(h, d), h)).toBe((d + 3) % 6);
    }
    expect(directionTo(h, h)).toBe(-1);
    expect(directionTo(h, { q: 4, r: -1 })).toBe(-1);
    expect(directionTo(h, { q: 3, r: 0 })).toBe(-1);
  });

  it('direction vectors go counterclockwise from East on a map drawn with rows growing downward', () => {
    const angles = DIRECTIONS.map((v) => {
      const p = centre(v);
      return (((Math.round((Math.atan2(-p.y, p.x) * 180) / Math.PI) % 360) + 360) % 360);
    });
    expect(angles).toEqual([0, 60, 120, 180, 240, 300]);
  });
});

describe('distance, rings and areas', () => {
  it('is symmetric and pins a few values', () => {
    const a = offsetToAxial(1, 1);
    const b = offsetToAxial(6, 4);
    expect(distance(a, b)).toBe(distance(b, a));
    expect(distance({ q: 0, r: 0 }, { q: 1, r: 1 })).toBe(2);
    expect(distance({ q: 0, r: 0 }, { q: 3, r: -1 })).toBe(3);
    expect(distance({ q: 0, r: 0 }, { q: -2, r: 5 })).toBe(5);
    expect(distance(a, a)).toBe(0);
  });

  it('equals the breadth-first step count on an open plane', () => {
    const origin = { q: 0, r: 0 };
    const steps = new Map<string, number>([[hexKey(origin), 0]]);
    let frontier = [origin];
    for (let k = 1; k <= 6; k++) {
      const next: Hex[] = [];
      for (const h of frontier) {
        for (let d = 0; d < 6; d++) {
          const n = neighbor(h, d);
          if (!steps.has(hexKey(n))) {
            steps.set(hexKey(n), k);
            next.push(n);
          }
        }
      }
      frontier = next;
    }
    for (const [key, k] of steps) {
      const [q, r] = key.split(',').map(Number);
      expect(distance(origin, { q, r })).toBe(k);
    }
    expect(steps.size).toBe(1 + 3 * 6 * 7);
  });

  it('rings have 6r distinct hexes at distance r, start East and go counterclockwise', () => {
    const c = { q: 3, r: -2 };
    expect(ring(c, 0)).toEqual([c]);
    for (let radius = 1; radius <= 5; radius++) {
      const hexes = ring(c, radius);
      expect(hexes).toHaveLength(6 * radius);
      expect(new Set(hexes.map(hexKey)).size).toBe(6 * radius);
      for (const h of hexes) expect(distance(c, h)).toBe(radius);
      for (let k = 0; k < hexes.length; k++) expect(distance(hexes[k], hexes[(k + 1) % hexes.length])).toBe(1);
    }
    expect(ring(c, 1).map((h) => directionTo(c, h))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('hexesWithin holds 1 + 3r(r+1) hexes, exactly those within r', () => {
    const c = { q: -1, r: 2 };
    const area = hexesWithin(c, 3);
    expect(area).toHaveLength(37);
    expect(new Set(area.map(hexKey)).size).toBe(37);
    for (const h of area) expect(distance(c, h)).toBeLessThanOrEqual(3);
  });
});

describe('pixel geometry', () => {
  it('places centres of pointy-top hexes, odd rows shifted right', () => {
    const s3 = Math.sqrt(3);
    const at = (col: number, row: number, size = 1) => centre(offsetToAxial(col, row), size);
    expect(at(0, 0)).toEqual({ x: 0, y: 0 });
    expect(at(1, 0).x).toBeCloseTo(s3);
    expect(at(0, 1).x).toBeCloseTo(s3 / 2);
    expect(at(0, 1).y).toBeCloseTo(1.5);
    expect(at(0, 2).x).toBeCloseTo(0);
    expect(at(2, 3, 10).x).toBeCloseTo(25 * s3);
    expect(at(2, 3, 10).y).toBeCloseTo(45);
  });

  it('puts vertex k between hexsides k and k+1: 0 upper right, 1 top, 4 bottom', () => {
    const o = { q: 0, r: 0 };
    const p = (k: number) => corner(o, k);
    expect(p(0).x).toBeCloseTo(Math.sqrt(3) / 2);
    expect(p(0).y).toBeCloseTo(-0.5);
    expect(p(1).x).toBeCloseTo(0);
    expect(p(1).y).toBeCloseTo(-1);
    expect(p(4).y).toBeCloseTo(1);
    expect(p(5).y).toBeCloseTo(0.5);
    // Each corner is also a corner of the neighbours across hexsides k and k+1: equidistant from the three centres.
    for (let k = 0; k < 6; k++) {
      for (const h of [neighbor(o, k), neighbor(o, (k + 1) % 6)]) {
        const c = centre(h);
        expect(Math.hypot(c.x - p(k).x, c.y - p(k).y)).toBeCloseTo(1);
      }
    }
  });
});
