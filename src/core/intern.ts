/**
 * Strings as V8 keeps the code's own: internalized, one copy of each, so that `===` between two of them
 * compares pointers. A string read from a scenario file, or cloned into a worker thread, is a copy that
 * is not; every `u.formation === 'column'` in an inner loop then compares characters (5-10% of a lane
 * system's play, 2026-11-27), and a comparison optimized on internalized strings is thrown away at the
 * first copy. A rule system's compile passes the scenario's words through these, and the runner
 * interns every cell's scenario and options before it compiles them (src/sim/engine/batch.ts).
 */

/** The same string, internalized: a property name always is, and `for...in` hands it back. */
export function interned<T>(s: T): T {
  if (typeof s !== 'string') return s;
  const o: Record<string, 0> = { [s]: 0 };
  for (const k in o) return k as T;
  return s;
}

/** Every string in a tree of plain objects and arrays replaced, in place, by its internalized copy (frozen objects are left). */
export function internAll(x: unknown, seen = new Set<object>()): void {
  if (x === null || typeof x !== 'object' || seen.has(x) || Object.isFrozen(x)) return;
  seen.add(x);
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === 'string') o[k] = interned(v);
    else internAll(v, seen);
  }
}
