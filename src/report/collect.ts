/**
 * A full garbage collection now, where a report knows that what it just let go of is large and mostly
 * outside V8's heap: resvg's drawn pixels live in native memory V8 does not count, and the copy of
 * them it hands out counts only towards a threshold of 64 MB, so left alone a report's charts pile up
 * until V8 collects for reasons of its own (issue 17, item 7: the default study's peak memory).
 *
 * `gc` is V8's own function, which Node hands out only under `--expose-gc`; the flag is set for the
 * moment it takes to make one context that has it, and put back (the way test runners watch for
 * leaks). Where that fails nothing is collected, and nothing else changes.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's gc(): with no argument, a full collection. */
type Gc = () => void;

let gc: Gc | null | undefined;

function v8Gc(): Gc | null {
  if (gc !== undefined) return gc;
  const exposed: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return (gc = exposed as Gc);
  try {
    setFlagsFromString('--expose-gc');
    const made: unknown = runInNewContext('gc');
    gc = typeof made === 'function' ? (made as Gc) : null;
  } catch {
    gc = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return gc;
}

/**
 * Collect the whole heap now (V8's gc() with no argument; tens of milliseconds for a report's heap),
 * and with it run the finalizers that free native memory held by objects out of reach.
 */
export function collectGarbage(): void {
  v8Gc()?.();
}
