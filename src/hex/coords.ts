/**
 * Hex coordinates: pointy-top hexes, axial {q, r}, "odd-r" offset (col, row) for maps.
 *
 * Conventions (the map files use them):
 * - Offset (col, row): odd rows are shifted half a hex to the right; q = col - (row - (row & 1)) / 2, r = row.
 * - Directions 0..5 run counterclockwise from East, rows growing downward (south):
 *   0 E (+1,0), 1 NE (+1,-1), 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1).
 * - Hexside d of a hex is the edge shared with its neighbour in direction d; it is hexside (d+3)%6 there.
 * - Vertex k lies between hexsides k and k+1 (mod 6): at 60k+30 degrees counterclockwise from East,
 *   so 0 is the upper-right corner, 1 the top point, 2 upper-left, 3 lower-left, 4 the bottom point,
 *   5 lower-right. Hexside d therefore runs from vertex (d+5)%6 to vertex d.
 *
 * Nothing here knows of units, terrain or rules.
 */

export interface Hex {
  q: number;
  r: number;
}

export interface Offset {
  col: number;
  row: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Direction names, indexed by direction number. */
export const DIRECTION_NAMES = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;

/** Axial q step of each direction. */
export const DIR_Q: readonly number[] = Object.freeze([1, 1, 0, -1, -1, 0]);
/** Axial r step of each direction. */
export const DIR_R: readonly number[] = Object.freeze([0, -1, -1, 0, 1, 1]);

/** Axial unit vectors of directions 0..5. */
export const DIRECTIONS: readonly Hex[] = Object.freeze(
  DIR_Q.map((q, d) => Object.freeze({ q, r: DIR_R[d] })),
);

export function offsetToAxial(col: number, row: number): Hex {
  return { q: col - (row - (row & 1)) / 2, r: row };
}

export function axialToOffset(h: Hex): Offset {
  return { col: h.q + (h.r - (h.r & 1)) / 2, row: h.r };
}

export function hexEquals(a: Hex, b: Hex): boolean {
  return a.q === b.q && a.r === b.r;
}

export function neighbor(h: Hex, d: number): Hex {
  return { q: h.q + DIR_Q[d], r: h.r + DIR_R[d] };
}

/** The direction from a to b when they are adjacent, else -1. */
export function directionTo(a: Hex, b: Hex): number {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  for (let d = 0; d < 6; d++) if (DIR_Q[d] === dq && DIR_R[d] === dr) return d;
  return -1;
}

/** Steps between two hexes. */
export function distance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/**
 * The 6*radius hexes at exactly `radius` steps (just the centre for 0), starting at
 * centre + radius * E and going counterclockwise.
 */
export function ring(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [{ q: center.q, r: center.r }];
  const out: Hex[] = [];
  let q = center.q + radius * DIR_Q[0];
  let r = center.r + radius * DIR_R[0];
  for (let side = 0; side < 6; side++) {
    const d = (side + 2) % 6;
    for (let step = 0; step < radius; step++) {
      out.push({ q, r });
      q += DIR_Q[d];
      r += DIR_R[d];
    }
  }
  return out;
}

/** All hexes within `radius` steps, ring by ring from the centre outward. */
export function hexesWithin(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...ring(center, k));
  return out;
}

/** A string key for Maps and Sets. */
export function hexKey(h: Hex): string {
  return `${h.q},${h.r}`;
}

const SQRT3 = Math.sqrt(3);

/** Pixel centre of a pointy-top hex of circumradius `size`, x to the right, y down; axial (0,0) at the origin. */
export function centre(h: Hex, size = 1): Point {
  return { x: size * SQRT3 * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

/** Pixel position of vertex k (see the numbering above), x right, y down. */
export function corner(h: Hex, k: number, size = 1): Point {
  const c = centre(h, size);
  const a = ((60 * k + 30) * Math.PI) / 180;
  return { x: c.x + size * Math.cos(a), y: c.y - size * Math.sin(a) };
}
