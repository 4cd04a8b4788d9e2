/**
 * Lateral placement: bodies side by side across the lane (a brigade's battalions abreast), and the
 * lane cut into equal slots (a battery in its own slot; left, centre and right).
 */

/**
 * Lateral centres of bodies of the given frontages placed side by side, `interval` apart edge to
 * edge, the whole line centred on `centre`; in order of increasing y. Written into `out` (cleared).
 */
export function abreast(frontages: readonly number[], interval: number, centre = 0, out: number[] = []): number[] {
  out.length = 0;
  const n = frontages.length;
  if (n === 0) return out;
  let total = interval * (n - 1);
  for (const f of frontages) total += f;
  let y = centre - total / 2;
  for (let i = 0; i < n; i++) {
    out.push(y + frontages[i] / 2);
    y += frontages[i] + interval;
  }
  return out;
}

/** Total width of bodies placed abreast `interval` apart. */
export function abreastWidth(frontages: readonly number[], interval: number): number {
  if (frontages.length === 0) return 0;
  let total = interval * (frontages.length - 1);
  for (const f of frontages) total += f;
  return total;
}

/** Centres of n equal slots across a width centred on `centre`, in order of increasing y. */
export function slotCentres(width: number, n: number, centre = 0): number[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`slots must be a whole number >= 1, got ${n}`);
  const w = width / n;
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(centre - width / 2 + w * (i + 0.5));
  return out;
}

/**
 * The slot (0..n-1, increasing y) holding lateral position y, n equal slots across `width` centred on
 * `centre`; a boundary belongs to the higher slot, the top edge to the last; -1 outside.
 */
export function slotIndex(width: number, n: number, y: number, centre = 0): number {
  const lo = centre - width / 2;
  if (y < lo || y > lo + width) return -1;
  return Math.min(n - 1, Math.floor(((y - lo) * n) / width));
}
