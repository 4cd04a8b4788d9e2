import { describe, expect, it } from 'vitest';
import { centre, corner, DIR_Q, DIR_R } from '../../src/hex/coords.js';
import { HexGrid } from '../../src/hex/grid.js';

/** A key for a pixel point, robust to float noise. */
const pkey = (p: { x: number; y: number }) => `${Math.round(p.x * 1000)},${Math.round(p.y * 1000)}`;

/** Breadth-first steps from i over the whole grid, written here independently of src/hex/paths. */
function bfs(grid: HexGrid, i: number): number[] {
  const dist = new Array<number>(grid.size).fill(-1);
  dist[i] = 0;
  const queue = [i];
  while (queue.length > 0) {
    const u = queue.shift()!;
    for (let d = 0; d < 6; d++) {
      const v = grid.neighbor(u, d);
      if (v >= 0 && dist[v] < 0) {
        dist[v] = dist[u] + 1;
        queue.push(v);
      }
    }
  }
  return dist;
}

describe('HexGrid indices and neighbours', () => {
  const g = new HexGrid(10, 8);

  it('indexes row by row and maps back', () => {
    expect(g.size).toBe(80);
    expect(g.index(3, 2)).toBe(23);
    expect(g.index(-1, 0)).toBe(-1);
    expect(g.index(10, 0)).toBe(-1);
    expect(g.index(0, 8)).toBe(-1);
    for (let i = 0; i < g.size; i++) {
      expect(g.index(g.col(i), g.row(i))).toBe(i);
      const h = g.axial(i);
      expect(g.indexOfAxial(h.q, h.r)).toBe(i);
    }
    expect(g.axial(g.index(3, 3))).toEqual({ q: 2, r: 3 });
  });

  it('pins neighbours of an even-row and an odd-row hex, and -1 off the map', () => {
    const nb = (col: number, row: number) =>
      [0, 1, 2, 3, 4, 5].map((d) => g.neighbors[g.index(col, row) * 6 + d]);
    expect(nb(3, 2)).toEqual([g.index(4, 2), g.index(3, 1), g.index(2, 1), g.index(2, 2), g.index(2, 3), g.index(3, 3)]);
    expect(nb(3, 3)).toEqual([g.index(4, 3), g.index(4, 2), g.index(3, 2), g.index(2, 3), g.index(3, 4), g.index(4, 4)]);
    // Corner hexes: (0,0) has only E, SE; (9,7) (odd row, right edge) only W, NW.
    expect(nb(0, 0)).toEqual([1, -1, -1, -1, -1, 10]);
    expect(nb(9, 7)).toEqual([-1, -1, g.index(9, 6), g.index(8, 7), -1, -1]);
    // Odd row on the left edge still has NW and SW inside the map.
    expect(nb(0, 1)).toEqual([g.index(1, 1), g.index(1, 0), g.index(0, 0), -1, g.index(0, 2), g.index(1, 2)]);
  });

  it('directionTo inverts the neighbour table', () => {
    for (let i = 0; i < g.size; i++) {
      for (let d = 0; d < 6; d++) {
        const j = g.neighbor(i, d);
        if (j < 0) continue;
        expect(g.directionTo(i, j)).toBe(d);
        expect(g.directionTo(j, i)).toBe((d + 3) % 6);
      }
    }
    expect(g.directionTo(0, 2)).toBe(-1);
    expect(g.directionTo(0, 0)).toBe(-1);
  });

  it('distance is symmetric and equals the breadth-first step count on the open map', () => {
    for (let i = 0; i < g.size; i++) {
      const steps = bfs(g, i);
      for (let j = 0; j < g.size; j++) {
        expect(g.distance(i, j)).toBe(steps[j]);
        expect(g.distance(j, i)).toBe(steps[j]);
      }
    }
  });
});

describe('hexside ids', () => {
  for (const [w, h] of [[10, 8], [1, 1], [3, 2], [5, 7]] as const) {
    it(`${w}x${h}: shared by both hexes, distinct otherwise, one per geometric edge`, () => {
      const g = new HexGrid(w, h);
      // Brute force: an edge is known by the pixel position of its midpoint.
      const byMid = new Map<string, number>();
      for (let i = 0; i < g.size; i++) {
        const c = centre(g.axial(i));
        for (let d = 0; d < 6; d++) {
          const n = centre({ q: g.qs[i] + DIR_Q[d], r: g.rs[i] + DIR_R[d] });
          const key = pkey({ x: (c.x + n.x) / 2, y: (c.y + n.y) / 2 });
          const id = g.hexsideId(i, d);
          expect(id).toBeGreaterThanOrEqual(0);
          expect(id).toBeLessThan(g.hexsideCount);
          if (byMid.has(key)) expect(id).toBe(byMid.get(key));
          else byMid.set(key, id);
          const j = g.neighbor(i, d);
          if (j >= 0) expect(g.hexsideId(j, (d + 3) % 6)).toBe(id);
        }
      }
      expect(byMid.size).toBe(g.hexsideCount);
      expect(new Set(byMid.values()).size).toBe(g.hexsideCount);
      // 6 per hex less one per adjacent pair: h(w-1) in rows, (h-1)(2w-1) between rows.
      expect(g.hexsideCount).toBe(6 * w * h - h * (w - 1) - (h - 1) * (2 * w - 1));
    });
  }

  it('hexsideHexes names the lowest-index hex, its direction and the hex across (-1 off map)', () => {
    const g = new HexGrid(4, 3);
    for (let id = 0; id < g.hexsideCount; id++) {
      const [i, d, j] = g.hexsideHexes(id);
      expect(g.hexsideId(i, d)).toBe(id);
      expect(j).toBe(g.neighbor(i, d));
      if (j >= 0) expect(i).toBeLessThan(j);
    }
    const e = g.hexsideId(g.index(1, 1), 0);
    expect(g.hexsideHexes(e)).toEqual([g.index(1, 1), 0, g.index(2, 1)]);
    const w = g.hexsideId(g.index(2, 1), 3);
    expect(w).toBe(e);
    expect(g.hexsideHexes(g.hexsideId(0, 2))).toEqual([0, 2, -1]);
  });
});

describe('vertex ids', () => {
  for (const [w, h] of [[10, 8], [1, 1], [2, 3], [6, 5]] as const) {
    it(`${w}x${h}: one id per corner point, shared by the 3 hexes there (fewer on the border)`, () => {
      const g = new HexGrid(w, h);
      const byPoint = new Map<string, number>();
      const sharers = new Map<number, Set<number>>();
      for (let i = 0; i < g.size; i++) {
        for (let k = 0; k < 6; k++) {
          const key = pkey(corner(g.axial(i), k));
          const id = g.vertexId(i, k);
          if (byPoint.has(key)) expect(id).toBe(byPoint.get(key));
          else byPoint.set(key, id);
          if (!sharers.has(id)) sharers.set(id, new Set());
          sharers.get(id)!.add(i);
        }
      }
      expect(byPoint.size).toBe(g.vertexCount);
      expect(new Set(byPoint.values()).size).toBe(g.vertexCount);
      for (let id = 0; id < g.vertexCount; id++) {
        const hexes = g.vertexHexes(id).filter((x) => x >= 0);
        expect(new Set(hexes)).toEqual(sharers.get(id));
      }
      const counts = [...sharers.values()].map((s) => s.size);
      if (w >= 3 && h >= 3) {
        expect(counts.filter((c) => c === 3).length).toBeGreaterThan(0);
        expect(counts.filter((c) => c === 2).length).toBeGreaterThan(0);
      }
      expect(Math.max(...counts)).toBeLessThanOrEqual(3);
      expect(counts.filter((c) => c === 1).length).toBeGreaterThan(0);
    });
  }

  it('counts vertices as 6 per hex less the sharing (checked by inclusion-exclusion on the 10x8 map)', () => {
    const g = new HexGrid(10, 8);
    let sum = 0;
    for (let id = 0; id < g.vertexCount; id++) sum += g.vertexHexes(id).filter((x) => x >= 0).length;
    expect(sum).toBe(6 * g.size);
  });

  it('corner k of a hex is corner k+2 of its neighbour in direction k and corner k+4 of the one in direction k+1', () => {
    const g = new HexGrid(6, 5);
    const i = g.index(2, 2);
    for (let k = 0; k < 6; k++) {
      const v = g.vertexId(i, k);
      expect(g.vertexId(g.neighbor(i, k), (k + 2) % 6)).toBe(v);
      expect(g.vertexId(g.neighbor(i, (k + 1) % 6), (k + 4) % 6)).toBe(v);
      expect(g.vertexIdAxial(g.qs[i], g.rs[i], k)).toBe(v);
    }
    // Off-map hex (-1, 1) shares its corner 0 with (0, 0) (its corner 4) and (0, 1) (its corner 2).
    const a = g.axial(g.index(0, 1));
    expect(g.vertexIdAxial(a.q - 1, a.r, 0)).toBe(g.vertexId(g.index(0, 1), 2));
    expect(g.vertexId(g.index(0, 0), 4)).toBe(g.vertexId(g.index(0, 1), 2));
    expect(g.vertexIdAxial(-10, -10, 0)).toBe(-1);
  });

  it('hexside d of a hex runs from its corner (d+5)%6 to its corner d', () => {
    const g = new HexGrid(6, 5);
    for (let i = 0; i < g.size; i++) {
      for (let d = 0; d < 6; d++) {
        const ends = g.hexsideVertices(g.hexsideId(i, d));
        expect(new Set(ends)).toEqual(new Set([g.vertexId(i, (d + 5) % 6), g.vertexId(i, d)]));
        expect(ends[0]).not.toBe(ends[1]);
      }
    }
    // The canonical order is that of the lowest-index hex: side 0 of (0,0) runs from corner 5 to corner 0.
    expect(g.hexsideVertices(g.hexsideId(0, 0))).toEqual([g.vertexId(0, 5), g.vertexId(0, 0)]);
  });

  it('vertexHexsides lists the three edges meeting there, -1 only for an edge between two off-map hexes', () => {
    const g = new HexGrid(6, 5);
    for (let id = 0; id < g.vertexCount; id++) {
      const sides = g.vertexHexsides(id);
      const onMap = g.vertexHexes(id).filter((x) => x >= 0).length;
      expect(sides.filter((s) => s >= 0).length).toBe(onMap === 1 ? 2 : 3);
      for (const s of sides) if (s >= 0) expect(g.hexsideVertices(s)).toContain(id);
    }
    // Inside the map: the three edges at corner 0 of (2,2) are its sides 0 and 1 and side 2 of its E neighbour.
    const i = g.index(2, 2);
    expect(new Set(g.vertexHexsides(g.vertexId(i, 0)))).toEqual(
      new Set([g.hexsideId(i, 0), g.hexsideId(i, 1), g.hexsideId(g.neighbor(i, 0), 2)]),
    );
  });
});
