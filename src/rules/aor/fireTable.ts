/**
 * The Age of Rifles Fire Table (Fire Table; 7.1) as data, and the exact hit distribution of a strength.
 * Rows are combat strengths 1..24, columns the 2d6 roll 2..12.
 */
import { TWO_D6_WAYS } from '../../core/dice.js';

// prettier-ignore
const ROWS: readonly (readonly number[])[] = [
  //2 3 4 5 6 7 8 9 10 11 12
  [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1], // 1
  [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2], // 2
  [0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2], // 3
  [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2], // 4
  [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3], // 5
  [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3], // 6
  [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4], // 7
  [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4], // 8
  [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4], // 9
  [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5], // 10
  [0, 0, 0, 1, 1, 2, 2, 3, 4, 4, 5], // 11
  [0, 0, 1, 1, 1, 2, 2, 3, 4, 4, 5], // 12
  [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 6], // 13
  [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6], // 14
  [0, 0, 1, 1, 2, 2, 3, 4, 4, 5, 6], // 15
  [0, 1, 1, 1, 2, 3, 3, 4, 5, 5, 6], // 16
  [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 7], // 17
  [0, 1, 1, 2, 2, 3, 4, 4, 5, 6, 7], // 18
  [0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 7], // 19
  [0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 8], // 20
  [0, 1, 2, 2, 3, 4, 4, 5, 5, 6, 8], // 21
  [0, 1, 2, 2, 3, 4, 4, 5, 6, 7, 8], // 22
  [0, 1, 2, 3, 3, 4, 4, 5, 6, 7, 9], // 23
  [1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 9], // 24
];

export const FIRE_TABLE_MAX = 24;

/** Flat lookup: TABLE[strength * 13 + roll] for strength 0..24 and roll 0..12 (row 0 and rolls <2 are 0). */
const TABLE = new Int8Array((FIRE_TABLE_MAX + 1) * 13);
for (let s = 1; s <= FIRE_TABLE_MAX; s++) {
  for (let roll = 2; roll <= 12; roll++) TABLE[s * 13 + roll] = ROWS[s - 1][roll - 2];
}

/** One cell of the table: strength 1..24, roll 2..12. */
export function fireTableCell(strength: number, roll: number): number {
  return TABLE[strength * 13 + roll];
}

/**
 * Hits for a (rounded, whole) firing strength and a 2d6 roll. Above 24 the table is read once for
 * every full 24 and once for the remainder, all with the same roll (7.1).
 */
export function hitsFor(strength: number, roll: number): number {
  if (strength <= 0) return 0;
  if (strength <= FIRE_TABLE_MAX) return TABLE[strength * 13 + roll];
  const full = Math.floor(strength / FIRE_TABLE_MAX);
  const rest = strength - full * FIRE_TABLE_MAX;
  return full * TABLE[FIRE_TABLE_MAX * 13 + roll] + TABLE[rest * 13 + roll];
}

/** Exact distribution of hits for a strength: element h is P(hits = h). */
export function hitDistribution(strength: number): number[] {
  const dist: number[] = [];
  for (let roll = 2; roll <= 12; roll++) {
    const h = hitsFor(strength, roll);
    while (dist.length <= h) dist.push(0);
    dist[h] += TWO_D6_WAYS[roll] / 36;
  }
  return dist;
}
