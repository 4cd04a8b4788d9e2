import { describe, expect, it } from 'vitest';
import { findCells, parseAscii, renderAscii } from '../../src/hex/ascii.js';
import { HexGrid } from '../../src/hex/grid.js';

const MAP = `
  . . T .
   . W . .
  . . . F
`;

describe('ASCII maps', () => {
  it('parses tokens by hex index, ignoring blank lines and common indentation', () => {
    const m = parseAscii(MAP);
    expect(m.width).toBe(4);
    expect(m.height).toBe(3);
    expect(m.cells).toEqual(['.', '.', 'T', '.', '.', 'W', '.', '.', '.', '.', '.', 'F']);
    const g = new HexGrid(m.width, m.height);
    expect(findCells(m, 'W')).toEqual([g.index(1, 1)]);
    expect(findCells(m, 'F')).toEqual([g.index(3, 2)]);
  });

  it('draws the odd-r stagger: W at (1,1) is a neighbour of T at (2,0)', () => {
    const m = parseAscii(MAP);
    const g = new HexGrid(m.width, m.height);
    const w = findCells(m, 'W')[0];
    expect(g.directionTo(w, findCells(m, 'T')[0])).toBe(1);
  });

  it('renders back to the same text, and marks hexes', () => {
    const m = parseAscii(MAP);
    expect(renderAscii(m)).toBe(['. . T .', ' . W . .', '. . . F'].join('\n'));
    expect(parseAscii(renderAscii(m))).toEqual(m);
    expect(renderAscii(m, (i) => (i === 0 || i === 5 ? '*' : undefined))).toBe(['* . T .', ' . * . .', '. . . F'].join('\n'));
  });

  it('keeps rows staggered with longer tokens', () => {
    const m = { width: 2, height: 2, cells: ['a', 'bb', 'ccc', 'd'] };
    const text = renderAscii(m);
    expect(text).toBe(['a   bb', '  ccc d'].join('\n'));
    expect(parseAscii(text)).toEqual(m);
  });

  it('rejects ragged rows and a wrong stagger', () => {
    expect(() => parseAscii('. .\n . . .')).toThrow(/row 1 has 3/);
    expect(() => parseAscii('. .\n. .')).toThrow(/odd row 1/);
    expect(() => parseAscii('. .\n . .\n . .')).toThrow(/even row 2/);
    expect(() => parseAscii('\n\n')).toThrow(/empty/);
  });
});
