/** Arithmetic of Age of Rifles strengths and hits. */

/** Round half up, as 7.6 asks (4.5 -> 5, 4.25 -> 4). The epsilon absorbs binary fractions like 0.75*6. */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9);
}

/** 7.4 and 7.11: halve hits when a side retreats voluntarily, rounding normally except that 1 becomes 0. */
export function halveHits(hits: number): number {
  return hits <= 1 ? 0 : roundHalfUp(hits / 2);
}

/**
 * Combine terrain reductions (fractions, e.g. 0.25 for -25%) that apply to one firing unit into a
 * factor. `largest` keeps only the single largest reduction; `multiply` compounds them
 * (rulings: aor.terrainReductions).
 */
export function terrainFactor(mode: 'largest' | 'multiply', a: number, b = 0, c = 0, d = 0): number {
  if (mode === 'largest') return 1 - Math.max(a, b, c, d);
  return (1 - a) * (1 - b) * (1 - c) * (1 - d);
}
