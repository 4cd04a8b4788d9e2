/**
 * Contact between bodies. Two opposing bodies are in contact front to front when they overlap
 * laterally (by more than EPS: edge to edge is not contact) and their front edges meet: the axial gap
 * between the fronts is within `tol` (EPS by default; a rule that counts "within a hair" as touching
 * passes its own). Moves that stop at pathLimit leave a gap of 0 up to float noise, well inside EPS.
 */
import { type Body, EPS, type Side, axialOverlap, lateralMax, lateralMin, lateralGap, lateralOverlap, overlapsLaterally, rear, sideOf } from './body.js';
import { frontGap } from './distance.js';

/** a and b face each other, overlap laterally and their fronts meet (|gap| <= tol). */
export function inContact(a: Body, b: Body, tol = EPS): boolean {
  return a.facing !== b.facing && overlapsLaterally(a, b) && Math.abs(frontGap(a, b)) <= tol;
}

/** The lateral width over which a and b are in contact front to front (0 if they are not): figures in it fight. */
export function contactWidth(a: Body, b: Body, tol = EPS): number {
  return inContact(a, b, tol) ? lateralOverlap(a, b) : 0;
}

/**
 * The side of a that e touches: e stands beside a, edge to edge within `tol` laterally (not
 * overlapping it) and overlapping it axially. null if e touches neither side.
 */
export function flankContact(a: Body, e: Body, tol = EPS): Side | null {
  if (lateralOverlap(a, e) > EPS || lateralGap(a, e) > tol || axialOverlap(a, e) <= EPS) return null;
  return sideOf(a, e.offset);
}

/** e's front touches a's rear edge: e faces the same way as a, behind it, overlapping it laterally. */
export function rearContact(a: Body, e: Body, tol = EPS): boolean {
  return e.facing === a.facing && overlapsLaterally(a, e) && Math.abs(rear(a) - e.front) <= tol;
}

/**
 * How many of b's lateral ends a's frontage reaches beyond (by more than EPS): 0, 1 or 2. With a in
 * contact with b, the ends a overlaps (laps round).
 */
export function overlappedEnds(a: Body, b: Body): number {
  return (lateralMin(a) < lateralMin(b) - EPS ? 1 : 0) + (lateralMax(a) > lateralMax(b) + EPS ? 1 : 0);
}

/** Any contact between two bodies of opposing sides: front to front, on a flank either way, or on a rear either way. */
export function touching(a: Body, b: Body, tol = EPS): boolean {
  return (
    inContact(a, b, tol) ||
    flankContact(a, b, tol) !== null ||
    rearContact(a, b, tol) ||
    rearContact(b, a, tol)
  );
}

/**
 * Groups of bodies joined by contact between opposing sides (touching), for melees fought by all the
 * units in contact together. `side[i]` is body i's side (any two distinct numbers); friends join a
 * group only through enemies they touch. Writes into `group[i]` the group of body i (0, 1, ... in
 * order of the group's lowest body index) or -1 if body i touches no enemy; returns the number of
 * groups.
 */
export function contactGroups(
  bodies: readonly Body[],
  side: ArrayLike<number>,
  group: Int32Array | number[],
  tol = EPS,
): number {
  const n = bodies.length;
  const parent = new Int32Array(n);
  const touched = new Uint8Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (side[i] === side[j] || !touching(bodies[i], bodies[j], tol)) continue;
      touched[i] = 1;
      touched[j] = 1;
      const ri = find(i);
      const rj = find(j);
      // The lower index is the root, so labels come out in order of each group's lowest body.
      if (ri < rj) parent[rj] = ri;
      else if (rj < ri) parent[ri] = rj;
    }
  }
  let count = 0;
  const label = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (!touched[i]) {
      group[i] = -1;
      continue;
    }
    const r = find(i);
    if (label[r] < 0) label[r] = count++;
    group[i] = label[r];
  }
  return count;
}
