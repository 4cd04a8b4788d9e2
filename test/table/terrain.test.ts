import { describe, expect, it } from 'vitest';
import { body } from '../../src/table/body.js';
import {
  flipTerrain,
  footprintIn,
  fractionIn,
  frontIn,
  isLine,
  mirrorTerrain,
  passage,
  sightBlocked,
  spansLaterally,
  terrainAt,
  terrainInterval,
  terrainMet,
  type TerrainInterval,
} from '../../src/table/terrain.js';

// The attacker comes from low x. A stream at 8 (a line), woods on the -y half from 10 to 14, a hedge
// along the village's front edge at 20, the village from 20 to 24 (12" wide: y -6..6).
const T: TerrainInterval[] = [
  terrainInterval('stream', 8, 8),
  terrainInterval('woods', 10, 14, -8, 0),
  terrainInterval('hedge', 20, 20),
  terrainInterval('village', 20, 24, -6, 6),
];

describe('terrain intervals', () => {
  it('terrainInterval checks its bounds and keeps only the lateral limits given', () => {
    expect(terrainInterval('rough', 1, 3)).toEqual({ kind: 'rough', from: 1, to: 3 });
    expect(terrainInterval('rough', 1, 3, -2)).toEqual({ kind: 'rough', from: 1, to: 3, yMin: -2 });
    expect(() => terrainInterval('rough', 3, 1)).toThrow(RangeError);
    expect(() => terrainInterval('rough', 1, 3, 2, 2)).toThrow(RangeError);
    expect(() => terrainInterval('rough', 1, 3, 2, -2)).toThrow(RangeError);
  });

  it('a line has from === to', () => {
    expect(isLine(T[0])).toBe(true);
    expect(isLine(T[1])).toBe(false);
  });

  it('spansLaterally: whole width by default; narrowed; edge to edge does not count; points inclusive', () => {
    expect(spansLaterally(T[0], 100, 104)).toBe(true);
    expect(spansLaterally(T[1], -2, 2)).toBe(true);
    expect(spansLaterally(T[1], 0, 4)).toBe(false); // touches y 0 only
    expect(spansLaterally(T[1], 0, 0)).toBe(true);
    expect(spansLaterally(T[1], -8, -8)).toBe(true);
    expect(spansLaterally(T[1], 0.5, 0.5)).toBe(false);
  });
});

describe('terrainAt', () => {
  it('areas are half-open [from, to)', () => {
    expect(terrainAt(T, 10, -1)).toBe(1);
    expect(terrainAt(T, 13.99, -1)).toBe(1);
    expect(terrainAt(T, 14, -1)).toBe(-1);
    expect(terrainAt(T, 9.99, -1)).toBe(-1);
  });

  it('lateral extent: outside the woods laterally is open ground; without y it is ignored', () => {
    expect(terrainAt(T, 12, 3)).toBe(-1);
    expect(terrainAt(T, 12)).toBe(1);
  });

  it('a line holds only its own x (within EPS); overlapping intervals give the first', () => {
    expect(terrainAt(T, 8)).toBe(0);
    expect(terrainAt(T, 8 + 1e-9)).toBe(0);
    expect(terrainAt(T, 8.01)).toBe(-1);
    expect(terrainAt(T, 20, 0)).toBe(2); // the hedge before the village
    expect(terrainAt(T, 21, 0)).toBe(3);
    expect(terrainAt(T, 21, 7)).toBe(-1);
  });
});

describe('passage of a moving edge', () => {
  const village = T[3];
  const hedge = T[2];

  it('an area entered, left, crossed, moved within, or not met', () => {
    expect(passage(village, 16, 22)).toBe('entered');
    expect(passage(village, 22, 30)).toBe('left');
    expect(passage(village, 16, 30)).toBe('crossed');
    expect(passage(village, 21, 23)).toBe('within');
    expect(passage(village, 10, 15)).toBe('none');
    expect(passage(village, 25, 30)).toBe('none');
  });

  it('moving up to an area edge does not enter it; moving away from one does not leave it', () => {
    expect(passage(village, 16, 20)).toBe('none');
    expect(passage(village, 24, 30)).toBe('none');
    expect(passage(village, 20, 24)).toBe('within');
    expect(passage(village, 20, 30)).toBe('left');
    expect(passage(village, 16, 24)).toBe('entered');
  });

  it('the same, moving toward -x', () => {
    expect(passage(village, 30, 22)).toBe('entered');
    expect(passage(village, 22, 16)).toBe('left');
    expect(passage(village, 30, 16)).toBe('crossed');
    expect(passage(village, 23, 21)).toBe('within');
    expect(passage(village, 30, 24)).toBe('none');
    expect(passage(village, 24, 20)).toBe('within');
    expect(passage(village, 30, 20)).toBe('entered');
  });

  it('a line is crossed from its start (inclusive) to its end (exclusive), either way', () => {
    expect(passage(hedge, 16, 22)).toBe('crossed');
    expect(passage(hedge, 16, 20)).toBe('none'); // arrives at the hedge
    expect(passage(hedge, 20, 22)).toBe('crossed'); // starts at it, body behind: goes over
    expect(passage(hedge, 22, 20)).toBe('none');
    expect(passage(hedge, 20, 16)).toBe('crossed');
    expect(passage(hedge, 25, 16)).toBe('crossed');
  });

  it('no movement meets nothing', () => {
    expect(passage(village, 22, 22)).toBe('none');
    expect(passage(hedge, 20, 20)).toBe('none');
  });
});

describe('terrainMet', () => {
  it('in the order met, only intervals reaching across the body', () => {
    const out: number[] = [99];
    expect(terrainMet(T, 0, 30, -2, 2, out)).toBe(4);
    expect(out).toEqual([0, 1, 2, 3]);
    expect(terrainMet(T, 0, 30, 1, 5, out)).toBe(3); // beside the woods
    expect(out).toEqual([0, 2, 3]);
    expect(terrainMet(T, 0, 30, 7, 9, out)).toBe(2); // beside the village too
    expect(out).toEqual([0, 2]);
  });

  it('backward along the lane, the order reverses; a line at the start is crossed, at the end not', () => {
    const out: number[] = [];
    terrainMet(T, 30, 0, -2, 2, out);
    expect(out).toEqual([3, 2, 1, 0]);
    terrainMet(T, 20, 8, -2, 2, out);
    expect(out).toEqual([2, 1]);
  });

  it('ties: lines before areas at the same point, then by index, whatever the listing order', () => {
    const t = [terrainInterval('village', 20, 24), terrainInterval('rough', 20, 22), terrainInterval('hedge', 20, 20)];
    const out: number[] = [];
    terrainMet(t, 10, 30, -1, 1, out);
    expect(out).toEqual([2, 0, 1]);
  });

  it('an area the edge starts in comes first', () => {
    const out: number[] = [];
    terrainMet(T, 12, 30, -2, 2, out);
    expect(out).toEqual([1, 2, 3]);
  });
});

describe('bodies in terrain', () => {
  const village = T[3];

  it('fractionIn: the share of the footprint inside', () => {
    expect(fractionIn(body(22, -1, 4, 2), village)).toBe(1);
    expect(fractionIn(body(19, -1, 4, 2), village)).toBe(0.5);
    expect(fractionIn(body(22, -1, 4, 2, 6), village)).toBe(0.5); // half beyond the lateral edge
    expect(fractionIn(body(20, 1, 4, 2), village)).toBe(0); // touching from outside
    expect(fractionIn(body(22, -1, 4, 2), T[2])).toBe(0); // a line holds no area
  });

  it('footprintIn: wholly inside, boundaries inclusive', () => {
    expect(footprintIn(body(20, -1, 12, 4), village)).toBe(true);
    expect(footprintIn(body(20 - 1e-9, -1, 12, 4), village)).toBe(true);
    expect(footprintIn(body(19.9, -1, 4, 2), village)).toBe(false);
    expect(footprintIn(body(22, -1, 12.2, 2), village)).toBe(false);
    expect(footprintIn(body(22, -1, 4, 2), T[2])).toBe(false);
  });

  it('frontIn: a defender whose front stands on the village edge, facing out, holds the edge', () => {
    expect(frontIn(body(20, -1, 6, 1), village)).toBe(true);
    expect(frontIn(body(20 + 1e-9, -1, 6, 1), village)).toBe(true);
  });

  it('frontIn: an attacker touching the same edge from outside is not in the village', () => {
    expect(frontIn(body(20, 1, 6, 1), village)).toBe(false);
    expect(frontIn(body(20.5, 1, 6, 1), village)).toBe(true); // one step in
  });

  it('frontIn at the far edge: facing +x with the front on it is in; facing -x it is out', () => {
    expect(frontIn(body(24, 1, 6, 1), village)).toBe(true);
    expect(frontIn(body(24, -1, 6, 1), village)).toBe(false);
  });

  it('frontIn needs the interval to reach across part of the frontage', () => {
    expect(frontIn(body(21, -1, 4, 1, 7), village)).toBe(true); // y 5..9: 1" inside the village's 6
    expect(frontIn(body(21, -1, 4, 1, 8), village)).toBe(false); // y 6..10: edge to edge
  });

  it('frontIn a line: the body lines it, from either side', () => {
    expect(frontIn(body(20, -1, 6, 1), T[2])).toBe(true);
    expect(frontIn(body(20, 1, 6, 1), T[2])).toBe(true);
    expect(frontIn(body(20.1, 1, 6, 1), T[2])).toBe(false);
  });
});

describe('line of sight', () => {
  const blocksWoods = (kind: string) => kind === 'woods' || kind === 'village';

  it('woods between observer and target block sight across their lateral span', () => {
    expect(sightBlocked(T, 0, 16, -4, -2, blocksWoods)).toBe(true);
    expect(sightBlocked(T, 0, 16, 2, 4, blocksWoods)).toBe(false); // beside the woods
    expect(sightBlocked(T, 0, 16, -2, 2, blocksWoods)).toBe(false); // half the corridor is clear
  });

  it('standing at an area\'s edge is not inside it: the village garrison sees out and is seen', () => {
    expect(sightBlocked(T, 16, 20, -2, 2, blocksWoods)).toBe(false);
    expect(sightBlocked(T, 20, 16, -2, 2, blocksWoods)).toBe(false);
    expect(sightBlocked(T, 16, 22, -2, 2, blocksWoods)).toBe(true);
  });

  it('the depth inside an area goes to the callback (nagb 3.12: sight 4" into light woods)', () => {
    const lightWoods = [terrainInterval('lightWoods', 10, 20)];
    const blocks = (kind: string, depth: number) => kind === 'lightWoods' && depth > 4;
    expect(sightBlocked(lightWoods, 0, 14, 0, 0, blocks)).toBe(false);
    expect(sightBlocked(lightWoods, 0, 14.5, 0, 0, blocks)).toBe(true);
    expect(sightBlocked(lightWoods, 12, 15, 0, 0, blocks)).toBe(false);
    const depths: number[] = [];
    sightBlocked(lightWoods, 25, 12, 0, 0, (_k, d) => (depths.push(d), false));
    expect(depths).toEqual([8]);
  });

  it('a line blocks only strictly between the two points', () => {
    const wall = [terrainInterval('wall', 10, 10)];
    const blocks = (kind: string) => kind === 'wall';
    expect(sightBlocked(wall, 0, 20, 0, 1, blocks)).toBe(true);
    expect(sightBlocked(wall, 10, 20, 0, 1, blocks)).toBe(false);
    expect(sightBlocked(wall, 0, 10, 0, 1, blocks)).toBe(false);
  });
});

describe('mirroring terrain', () => {
  it('mirrorTerrain reverses each interval; flipTerrain negates lateral limits', () => {
    expect(mirrorTerrain(T)).toEqual([
      { kind: 'stream', from: -8, to: -8 },
      { kind: 'woods', from: -14, to: -10, yMin: -8, yMax: 0 },
      { kind: 'hedge', from: -20, to: -20 },
      { kind: 'village', from: -24, to: -20, yMin: -6, yMax: 6 },
    ]);
    expect(mirrorTerrain([terrainInterval('rough', 1, 3)], 5)).toEqual([{ kind: 'rough', from: 7, to: 9 }]);
    expect(flipTerrain([terrainInterval('woods', 10, 14, -8, 0), terrainInterval('rough', 1, 2, 3)])).toEqual([
      { kind: 'woods', from: 10, to: 14, yMin: -0, yMax: 8 },
      { kind: 'rough', from: 1, to: 2, yMax: -3 },
    ]);
  });
});
