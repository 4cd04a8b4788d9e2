/**
 * The field names a zod schema allows in the map at a path of some data: what an unknown field could
 * have meant ("did you mean"). Unions keep only the alternatives the data can be (their literal fields,
 * such as `ruleset` and `engagement`, match), so a scenario of one rule system is offered its own
 * fields, not another's.
 */
import type { z } from 'zod';

/* eslint-disable @typescript-eslint/no-explicit-any -- zod's definitions are walked by their `type` tag */
type Def = any;

const defOf = (s: unknown): Def => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Wrappers whose inner schema reads the same data. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** Whether the data at hand can be this alternative of a union: each literal field of an object matches. */
function canBe(s: unknown, data: unknown): boolean {
  const def = defOf(s);
  if (!def) return true;
  if (WRAPPERS.has(def.type)) return canBe(def.innerType, data);
  if (def.type === 'pipe') return canBe(def.out, data);
  if (def.type !== 'object' || data === null || typeof data !== 'object') return true;
  return Object.entries(def.shape as Record<string, unknown>).every(([k, f]) => {
    const fd = defOf(f);
    return fd?.type !== 'literal' || (fd.values as unknown[]).includes((data as Record<string, unknown>)[k]);
  });
}

function walk(s: unknown, data: unknown, path: readonly PropertyKey[], i: number, out: Set<string>): void {
  const def = defOf(s);
  if (!def) return;
  const next = () => (data !== null && typeof data === 'object' ? (data as Record<PropertyKey, unknown>)[path[i]] : undefined);
  switch (def.type) {
    case 'pipe':
      walk(def.in, data, path, i, out);
      walk(def.out, data, path, i, out);
      return;
    case 'lazy':
      walk(def.getter(), data, path, i, out);
      return;
    case 'union':
      for (const o of def.options as unknown[]) if (canBe(o, data)) walk(o, data, path, i, out);
      return;
    case 'intersection':
      walk(def.left, data, path, i, out);
      walk(def.right, data, path, i, out);
      return;
    case 'object':
      if (i === path.length) for (const k of Object.keys(def.shape)) out.add(k);
      else walk(def.shape[path[i] as string], next(), path, i + 1, out);
      return;
    case 'array':
      if (i < path.length) walk(def.element, next(), path, i + 1, out);
      return;
    case 'record':
      if (i < path.length) walk(def.valueType, next(), path, i + 1, out);
      return;
    case 'tuple':
      if (i < path.length) walk(def.items[path[i] as number] ?? def.rest, next(), path, i + 1, out);
      return;
    default:
      if (WRAPPERS.has(def.type)) walk(def.innerType, data, path, i, out);
  }
}

/** The field names `schema` allows in the map at `path` of `data` (none known: empty). */
export function keysAt(schema: z.ZodType, data: unknown, path: readonly PropertyKey[]): string[] {
  const out = new Set<string>();
  walk(schema, data, path, 0, out);
  return [...out];
}
