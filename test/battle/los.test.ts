import { describe, expect, it } from 'vitest';
import { traceLine } from '../../src/hex/line.js';
import { hasLineOfSight } from '../../src/rules/aor/los.js';
import { compileMap, type BattleMap, type MapIssue } from '../../src/rules/aor/map.js';
import { battle, CLEAR_ROWS, hexsideName, mapWith as mapWithRows } from './helpers.js';

/** A 9 x 7 map with the given terrain tokens placed ("col,row" -> token) and crest hexsides. */
function mapWith(cells: Record<string, string> = {}, crests: string[] = []): BattleMap {
  const rows = CLEAR_ROWS(9, 7).split('\n').map((l) => l.trim().split(' '));
  for (const [at, tok] of Object.entries(cells)) {
    const [c, r] = at.split(',').map(Number);
    rows[r][c] = tok;
  }
  const terrain = rows.map((r, i) => (i % 2 ? ' ' : '') + r.join(' ')).join('\n');
  const issues: MapIssue[] = [];
  const m = compileMap({ width: 9, height: 7, terrain, streams: [], rivers: [], bridges: [], crests, fortified: [], roads: [], trails: [] }, issues);
  expect(issues).toEqual([]);
  return m;
}

const los = (m: BattleMap, a: string, b: string) => {
  const [ac, ar] = a.split(',').map(Number);
  const [bc, br] = b.split(',').map(Number);
  return hasLineOfSight(m, m.grid.index(ac, ar), m.grid.index(bc, br));
};

describe('8.3 line of sight: blocking hexes', () => {
  // 1,3 -> 5,3 runs along row 3 through the interiors of 2,3 3,3 4,3.
  it('is clear over open ground', () => {
    expect(los(mapWith(), '1,3', '5,3')).toBe(true);
  });

  it.each([
    ['T', 'town'],
    ['C', 'chateau'],
    ['F', 'forest'],
  ])('is blocked by a %s (%s) hex between the two hexes', (tok) => {
    const m = mapWith({ '3,3': tok });
    expect(los(m, '1,3', '5,3')).toBe(false);
    expect(los(m, '5,3', '1,3')).toBe(false);
  });

  it('is not blocked by woods (only forest blocks)', () => {
    expect(los(mapWith({ '2,3': 'W', '3,3': 'W', '4,3': 'W' }), '1,3', '5,3')).toBe(true);
  });

  it('8.3 (aor.losWoods = woodsToo): woods block like forest; compiled into a battle, the option decides', () => {
    const m = mapWith({ '3,3': 'W' });
    expect(los({ ...m, woodsBlockLos: true }, '1,3', '5,3')).toBe(false);
    const desc = (options: Record<string, string>) =>
      battle({ map: mapWithRows(9, 7, { '3,3': 'W' }), options, units: [{ id: 'A', side: 0, at: '1,3' }, { id: 'B', side: 1, at: '5,3' }] });
    const plain = desc({});
    expect(hasLineOfSight(plain.map, plain.h('1,3'), plain.h('5,3'))).toBe(true);
    const blocked = desc({ 'aor.losWoods': 'woodsToo' });
    expect(hasLineOfSight(blocked.map, blocked.h('1,3'), blocked.h('5,3'))).toBe(false);
  });

  it("is not blocked by the end points' own terrain", () => {
    const m = mapWith({ '1,3': 'T', '5,3': 'F', '3,1': 'C', '4,1': 'T' });
    expect(los(m, '1,3', '5,3')).toBe(true);
    expect(los(m, '3,1', '4,1')).toBe(true); // adjacent blocking hexes see each other
  });

  it('is not blocked by blocking terrain off the line', () => {
    expect(los(mapWith({ '3,2': 'T', '3,4': 'F', '2,2': 'C' }), '1,3', '5,3')).toBe(true);
  });
});

describe('8.3 line of sight: crest hexsides', () => {
  it('is blocked by a crest hexside the line crosses', () => {
    expect(los(mapWith({}, ['3,3/E']), '1,3', '5,3')).toBe(false);
  });

  it("is blocked by a crest hexside of the firer's own hex, and of the target's hex", () => {
    expect(los(mapWith({}, ['1,3/E']), '1,3', '5,3')).toBe(false);
    expect(los(mapWith({}, ['5,3/W']), '1,3', '5,3')).toBe(false);
    expect(los(mapWith({}, ['1,3/E']), '1,3', '2,3')).toBe(false); // adjacent, across the crest
  });

  it('is not blocked by a crest hexside the line neither crosses nor touches', () => {
    // The line along row 3 crosses the E/W hexsides at their midpoints, never a corner.
    expect(los(mapWith({}, ['3,3/NE', '3,3/SE', '1,3/W']), '1,3', '5,3')).toBe(true);
  });

  it('is blocked by the end point of a crest hexside the line passes through', () => {
    // 1,1 -> 6,2 passes exactly through the corner where 2,1, 3,1 and 3,2 meet, going from 2,1
    // into 3,1 without crossing a hexside there; 2,1/SE (between 2,1 and 3,2) ends at that corner.
    const m0 = mapWith();
    const g = m0.grid;
    const t = traceLine(g, g.index(1, 1), g.index(6, 2));
    expect(t.vertices.length).toBe(2);
    const corner = t.vertices[0];
    expect(g.vertexHexes(corner).map((i) => `${g.col(i)},${g.row(i)}`).sort()).toEqual(['2,1', '3,1', '3,2']);
    const side = g.hexsideId(g.index(2, 1), 5); // 2,1/SE
    expect(g.hexsideVertices(side)).toContain(corner);
    expect(t.sides).not.toContain(side);
    expect(hexsideName(g, side)).toBe('2,1/SE');
    expect(los(m0, '1,1', '6,2')).toBe(true);
    expect(los(mapWith({}, ['2,1/SE']), '1,1', '6,2')).toBe(false);
    expect(los(mapWith({}, ['2,1/SE']), '6,2', '1,1')).toBe(false);
  });

  it('every crest hexside meeting a corner the line passes through blocks it', () => {
    const g = mapWith().grid;
    const t = traceLine(g, g.index(1, 1), g.index(6, 2));
    for (const v of t.vertices) {
      for (const id of g.vertexHexsides(v)) {
        expect(los(mapWith({}, [hexsideName(g, id)]), '1,1', '6,2'), hexsideName(g, id)).toBe(false);
      }
    }
  });
});

describe('8.3 line of sight running exactly along a hexside', () => {
  // 3,2 -> 4,3 (two hexes apart in a corner direction) runs along the hexside between 4,2 and 3,3.
  it('the trace runs along the hexside between 4,2 and 3,3', () => {
    const g = mapWith().grid;
    const t = traceLine(g, g.index(3, 2), g.index(4, 3));
    expect(t.alongs.length).toBe(1);
    const flank = [t.alongs[0].left, t.alongs[0].right].map((i) => `${g.col(i)},${g.row(i)}`).sort();
    expect(flank).toEqual(['3,3', '4,2']);
    expect(t.hexes.length).toBe(2); // no hex between is entered
  });

  it('is blocked when the terrain on both sides blocks', () => {
    expect(los(mapWith({ '4,2': 'T', '3,3': 'T' }), '3,2', '4,3')).toBe(false);
    expect(los(mapWith({ '4,2': 'F', '3,3': 'C' }), '3,2', '4,3')).toBe(false);
    expect(los(mapWith({ '4,2': 'T', '3,3': 'T' }), '4,3', '3,2')).toBe(false);
  });

  it('is clear when only one side blocks, or when the sides are woods', () => {
    expect(los(mapWith({ '4,2': 'T' }), '3,2', '4,3')).toBe(true);
    expect(los(mapWith({ '3,3': 'F' }), '3,2', '4,3')).toBe(true);
    expect(los(mapWith({ '4,2': 'W', '3,3': 'W' }), '3,2', '4,3')).toBe(true);
  });

  it('is blocked when the hexside it runs along is a crest', () => {
    expect(los(mapWith({}, ['4,2/SW']), '3,2', '4,3')).toBe(false);
  });
});
