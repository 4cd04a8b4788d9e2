/**
 * 7.6 Flanking: two attacking units come in through hexsides of the defender's hex that are not
 * adjacent (one hexside or more separates them). Hexsides are numbered 0..5 around the hex.
 */

/** Hexsides between two hexsides of one hex, the short way round: 0 (same or adjacent) .. 2 (opposite). */
export function hexsidesBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 6;
  return Math.max(0, Math.min(d, 6 - d) - 1);
}

/**
 * Whether attacks through these hexsides flank (7.6): some two of them have a hexside between them.
 * `directions` lists the hexside of each attacking stack that still has units in the fight.
 */
export function isFlankAttack(directions: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (hexsidesBetween(directions[i], directions[j]) >= 1) return true;
  }
  return false;
}
