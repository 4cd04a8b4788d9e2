import { describe, expect, it } from 'vitest';
import { centre, corner, type Point } from '../../src/hex/coords.js';
import { HexGrid } from '../../src/hex/grid.js';
import { LINE_HEX, LINE_SIDE, LINE_VERTEX, traceLine, walkLine, type LineTrace } from '../../src/hex/line.js';

const g = new HexGrid(12, 10);
const at = (col: number, row: number) => g.index(col, row);
const ax = (q: number, r: number) => g.indexOfAxial(q, r);
const P = (i: number) => centre(g.axial(i));

/** The on-map hex whose interior holds p, or -2 if p is within `eps` of a boundary (float cube rounding). */
function hexAt(p: Point, eps: number): number {
  const qf = (Math.sqrt(3) / 3) * p.x - p.y / 3;
  const rf = (2 / 3) * p.y;
  const sf = -qf - rf;
  let q = Math.round(qf);
  let r = Math.round(rf);
  let s = Math.round(sf);
  const dq = Math.abs(q - qf);
  const dr = Math.abs(r - rf);
  const ds = Math.abs(s - sf);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  else s = -q - r;
  const [a, b, c] = [qf - q, rf - r, sf - s];
  if (Math.max(Math.abs(a - b), Math.abs(b - c), Math.abs(c - a)) > 1 - eps) return -2;
  return g.indexOfAxial(q, r);
}

/** Hexes met by the segment, found by sampling points along it. */
function sampledHexes(from: number, to: number): number[] {
  const a = P(from);
  const b = P(to);
  const out: number[] = [];
  const n = 4000;
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const h = hexAt({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }, 1e-6);
    if (h !== -2 && h !== out[out.length - 1]) out.push(h);
  }
  return out;
}

/** Distance from p to segment ab, and the parameter of the nearest point. */
function toSegment(p: Point, a: Point, b: Point): { d: number; t: number } {
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy)));
  return { d: Math.hypot(a.x + t * vx - p.x, a.y + t * vy - p.y), t };
}

/** Vertices, crossed hexsides and along hexsides found by floating-point geometry on every hexside of the map. */
function geometric(from: number, to: number) {
  const a = P(from);
  const b = P(to);
  const verts = new Map<number, number>();
  const sides = new Map<number, number>();
  const alongs = new Map<number, number>();
  for (let id = 0; id < g.hexsideCount; id++) {
    const [i, d] = g.hexsideHexes(id);
    const [v0, v1] = g.hexsideVertices(id);
    const p0 = corner(g.axial(i), (d + 5) % 6);
    const p1 = corner(g.axial(i), d);
    const s0 = toSegment(p0, a, b);
    const s1 = toSegment(p1, a, b);
    if (s0.d < 1e-9) verts.set(v0, s0.t);
    if (s1.d < 1e-9) verts.set(v1, s1.t);
    if (s0.d < 1e-9 && s1.d < 1e-9) {
      alongs.set(id, (s0.t + s1.t) / 2);
      continue;
    }
    // Proper crossing of the open edge: the end points strictly on opposite sides of the line and
    // the centres strictly on opposite sides of the edge line... of segment ab within its length.
    const side = (p: Point) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const e0 = side(p0);
    const e1 = side(p1);
    if (Math.abs(e0) < 1e-9 || Math.abs(e1) < 1e-9 || e0 * e1 > 0) continue;
    const w = (p: Point) => (p1.x - p0.x) * (p.y - p0.y) - (p1.y - p0.y) * (p.x - p0.x);
    const wa = w(a);
    const wb = w(b);
    if (wa * wb < 0) sides.set(id, wa / (wa - wb));
  }
  const order = (m: Map<number, number>) => [...m.entries()].sort((x, y) => x[1] - y[1]).map((x) => x[0]);
  return { vertices: order(verts), sides: order(sides), alongs: order(alongs) };
}

function reversed(t: LineTrace): LineTrace {
  return {
    hexes: [...t.hexes].reverse(),
    sides: [...t.sides].reverse(),
    vertices: [...t.vertices].reverse(),
    alongs: [...t.alongs].reverse().map((x) => ({ side: x.side, left: x.right, right: x.left })),
  };
}

describe('traceLine: pinned cases', () => {
  it('a hex to itself is just that hex', () => {
    expect(traceLine(g, at(4, 4), at(4, 4))).toEqual({ hexes: [at(4, 4)], sides: [], vertices: [], alongs: [] });
  });

  it('adjacent hexes: crosses exactly their shared hexside, no vertex', () => {
    for (let d = 0; d < 6; d++) {
      const a = at(5, 5);
      const b = g.neighbor(a, d);
      expect(traceLine(g, a, b)).toEqual({ hexes: [a, b], sides: [g.hexsideId(a, d)], vertices: [], alongs: [] });
    }
  });

  it('along a row: every hex of the row in order, each E hexside crossed', () => {
    const t = traceLine(g, at(1, 3), at(6, 3));
    expect(t.hexes).toEqual([1, 2, 3, 4, 5, 6].map((c) => at(c, 3)));
    expect(t.sides).toEqual([1, 2, 3, 4, 5].map((c) => g.hexsideId(at(c, 3), 0)));
    expect(t.vertices).toEqual([]);
    expect(t.alongs).toEqual([]);
  });

  it('a straight line through centres down a diagonal (SE direction) crosses hexsides only', () => {
    const a = ax(3, 1);
    const t = traceLine(g, a, ax(3, 5));
    expect(t.hexes).toEqual([1, 2, 3, 4, 5].map((r) => ax(3, r)));
    expect(t.sides).toEqual([1, 2, 3, 4].map((r) => g.hexsideId(ax(3, r), 5)));
    expect(t.vertices).toEqual([]);
  });

  it('a vertex direction (axial +1,+1, distance 2) runs along the hexside between the two hexes it splits', () => {
    // From offset (3,2) = axial (2,2) to axial (3,3) = offset (4,3).
    const a = at(3, 2);
    const b = at(4, 3);
    expect(g.axial(a)).toEqual({ q: 2, r: 2 });
    expect(g.axial(b)).toEqual({ q: 3, r: 3 });
    const east = at(4, 2);
    const southEast = at(3, 3);
    const t = traceLine(g, a, b);
    expect(t.hexes).toEqual([a, b]);
    expect(t.sides).toEqual([]);
    // Corner 5 of a (lower right) is shared with E and SE; the far end is corner 2 of b (upper left).
    expect(t.vertices).toEqual([g.vertexId(a, 5), g.vertexId(b, 2)]);
    // Heading east-south-east on a north-up map, the E neighbour is on the left.
    expect(t.alongs).toEqual([{ side: g.hexsideId(east, 4), left: east, right: southEast }]);
    expect(g.hexsideVertices(t.alongs[0].side).sort()).toEqual([...t.vertices].sort());
  });

  it('a long vertex-direction line alternates centres and hexsides, reporting every flanking pair', () => {
    // Axial direction (1,-2) from (2,8) to (5,2): three steps of two hexes, straight north-north-east.
    const a = ax(2, 8);
    const b = ax(5, 2);
    const t = traceLine(g, a, b);
    expect(t.hexes).toEqual([ax(2, 8), ax(3, 6), ax(4, 4), ax(5, 2)]);
    expect(t.sides).toEqual([]);
    expect(t.vertices).toHaveLength(6);
    expect(t.alongs).toHaveLength(3);
    // First along: between NE (3,7) and NW (2,7) of the start; going north, NW is on the left.
    expect(t.alongs[0]).toEqual({ side: g.hexsideId(ax(3, 7), 3), left: ax(2, 7), right: ax(3, 7) });
  });

  it('an oblique line through vertices changes hex at a hexside end point without crossing the hexside', () => {
    // Axial (2,2) -> (6,3): difference (4,1), (4-1) a multiple of 3, so it meets 2 vertices.
    const base = [2, 2];
    const h = (dq: number, dr: number) => ax(base[0] + dq, base[1] + dr);
    const t = traceLine(g, h(0, 0), h(4, 1));
    expect(t.hexes).toEqual([h(0, 0), h(1, 0), h(2, 0), h(2, 1), h(3, 1), h(4, 1)]);
    expect(t.sides).toEqual([g.hexsideId(h(0, 0), 0), g.hexsideId(h(2, 0), 5), g.hexsideId(h(3, 1), 0)]);
    // (1,0) -> (2,0) through corner 5 of (1,0); (2,1) -> (3,1) through corner 2 of (3,1).
    expect(t.vertices).toEqual([g.vertexId(h(1, 0), 5), g.vertexId(h(3, 1), 2)]);
    expect(t.alongs).toEqual([]);
    // The hexside (1,0)|(2,0) ends at that vertex but is not crossed.
    expect(g.hexsideVertices(g.hexsideId(h(1, 0), 0))).toContain(t.vertices[0]);
  });

  it('runs along the map border: the hex outside is -1', () => {
    // Offset (0,0) to (0,2) is axial (0,0) -> (-1,2): along the W side of (0,1), which borders an off-map hex.
    const t = traceLine(g, at(0, 0), at(0, 2));
    expect(t.hexes).toEqual([at(0, 0), at(0, 2)]);
    expect(t.alongs).toEqual([{ side: g.hexsideId(at(0, 1), 3), left: at(0, 1), right: -1 }]);
    expect(t.vertices).toEqual([g.vertexId(at(0, 0), 4), g.vertexId(at(0, 2), 1)]);
  });
});

describe('traceLine against brute force', () => {
  // Every pair of hexes of a sub-block, plus long lines across the map.
  const pairs: [number, number][] = [];
  for (let i = 0; i < g.size; i += 7) for (let j = 0; j < g.size; j += 5) if (i !== j) pairs.push([i, j]);
  pairs.push([at(0, 0), at(11, 9)], [at(11, 0), at(0, 9)], [at(0, 5), at(11, 4)], [at(2, 9), at(9, 0)]);

  it(`hexes match point sampling on ${pairs.length} lines`, () => {
    for (const [a, b] of pairs) expect(traceLine(g, a, b).hexes, `${a}->${b}`).toEqual(sampledHexes(a, b));
  });

  it('sides, vertices and alongs match floating-point geometry over every hexside', () => {
    let withVertices = 0;
    let withAlongs = 0;
    for (const [a, b] of pairs) {
      const t = traceLine(g, a, b);
      const geo = geometric(a, b);
      expect(t.sides, `${a}->${b}`).toEqual(geo.sides);
      expect(t.vertices, `${a}->${b}`).toEqual(geo.vertices);
      expect(t.alongs.map((x) => x.side), `${a}->${b}`).toEqual(geo.alongs);
      if (t.vertices.length > 0) withVertices++;
      if (t.alongs.length > 0) withAlongs++;
    }
    // The sample must hold both special cases for this test to mean anything.
    expect(withVertices).toBeGreaterThan(20);
    expect(withAlongs).toBeGreaterThan(3);
  });

  it('is symmetric: b to a is a to b reversed, left and right swapped', () => {
    for (const [a, b] of pairs) expect(traceLine(g, b, a), `${a}<->${b}`).toEqual(reversed(traceLine(g, a, b)));
  });

  it('along hexsides lie between the reported left and right hexes, on the correct sides', () => {
    for (const [a, b] of pairs) {
      const pa = P(a);
      const pb = P(b);
      for (const x of traceLine(g, a, b).alongs) {
        const [i, , j] = g.hexsideHexes(x.side);
        expect(new Set([x.left, x.right])).toEqual(new Set([i, j]));
        if (x.left >= 0) {
          const c = P(x.left);
          // Screen coordinates with y down: left of travel has a negative cross product.
          expect((pb.x - pa.x) * (c.y - pa.y) - (pb.y - pa.y) * (c.x - pa.x)).toBeLessThan(0);
        }
      }
    }
  });

  it('each side crossing is between the hexes before and after it (walkLine events)', () => {
    for (const [a, b] of pairs) {
      let last = -1;
      walkLine(g, a, b, (kind, x, y, z) => {
        if (kind === LINE_HEX) last = x;
        if (kind === LINE_SIDE) {
          expect(y).toBe(last);
          const [i, , j] = g.hexsideHexes(x);
          expect(new Set([y, z])).toEqual(new Set([i, j]));
        }
      });
    }
  });

  it('walkLine stops when the visitor returns false', () => {
    const seen: number[] = [];
    const done = walkLine(g, at(0, 3), at(8, 3), (kind, x) => {
      if (kind === LINE_HEX) seen.push(x);
      if (kind === LINE_VERTEX) throw new Error('no vertex on a row');
      return seen.length < 3;
    });
    expect(done).toBe(false);
    expect(seen).toEqual([at(0, 3), at(1, 3), at(2, 3)]);
  });
});
