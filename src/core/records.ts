/**
 * Records of fixed keys written in an engagement's inner loop (a rule system's extras), by functions
 * compiled once from the keys. A record built key by key past a few dozen keys becomes a dictionary,
 * and a loop that stores `e[keys[i]]` looks every key up (a megamorphic keyed store); a function whose
 * text names each key makes one object literal, or one store a key, that V8 keeps fast.
 */

/** A function returning a new record with every key at 0, in the order given. */
export function recordMaker(keys: readonly string[]): () => Record<string, number> {
  return new Function(`return {${keys.map((k) => `${JSON.stringify(k)}: 0`).join(', ')}};`) as () => Record<string, number>;
}

/** A function storing `values[i]` under `keys[i]` in a record, for every key. */
export function recordWriter<V extends ArrayLike<number>>(keys: readonly string[]): (record: Record<string, number>, values: V) => void {
  return new Function('e', 'x', keys.map((k, i) => `e[${JSON.stringify(k)}] = x[${i}];`).join('\n')) as (record: Record<string, number>, values: V) => void;
}

/**
 * The text of a switch over `i` whose case i runs `body` on the record's value under keys[i], written
 * out as `e["key"]`, so that a key chosen at run time is still a constant-key access.
 */
function keySwitch(keys: readonly string[], body: (value: string) => string): string {
  const cases = keys.map((k, i) => `case ${i}: ${body(`e[${JSON.stringify(k)}]`)}`).join('\n');
  return `switch (i) {\n${cases}\ndefault: throw new RangeError('no key ' + i);\n}`;
}

/** A function adding `v` to a record's value under `keys[i]`. */
export function recordAdder(keys: readonly string[]): (record: Record<string, number>, i: number, v: number) => void {
  return new Function('e', 'i', 'v', keySwitch(keys, (value) => `${value} += v; return;`)) as (record: Record<string, number>, i: number, v: number) => void;
}

/** A function reading a record's value under `keys[i]` (undefined where the record has none). */
export function recordReader(keys: readonly string[]): (record: Record<string, number>, i: number) => number | undefined {
  return new Function('e', 'i', keySwitch(keys, (value) => `return ${value};`)) as (record: Record<string, number>, i: number) => number | undefined;
}

/**
 * `{ ...base, ...overrides }` as one object literal: the same keys, in the same order, with the same
 * values. A spread in code run once a compiled cell (a doctrine with a scenario's overrides, a cell's
 * scale) copies through an IC that is never warm, which gives each object a map of its own: the
 * rules' optimized code, made on the first cell's objects, then deoptimizes at every later cell. A
 * literal written once for the keys (kept by their list) gives every object of those keys one map,
 * and keeps properties fast past the couple of dozen keys where an object built key by key turns
 * into a dictionary (NAGB's doctrine has 21). With no overrides: a copy made that way.
 */
export function overridden<T extends object>(base: T, overrides: Partial<T> = {}): T {
  const keys = Object.keys(base);
  for (const k of Object.keys(overrides)) if (!Object.hasOwn(base, k)) keys.push(k);
  const id = JSON.stringify(keys);
  let make = literals.get(id);
  if (!make) {
    const fields = keys.map((k) => {
      const key = JSON.stringify(k);
      return `${key}: Object.hasOwn(o, ${key}) ? o[${key}] : b[${key}]`;
    });
    make = new Function('b', 'o', `return {${fields.join(', ')}};`) as (b: object, o: object) => object;
    literals.set(id, make);
  }
  return make(base, overrides) as T;
}

/** overridden's literals, by their keys. */
const literals = new Map<string, (b: object, o: object) => object>();

/**
 * `xs.map(f)` as an array whose hidden class does not depend on how far V8 has optimized the caller.
 * The builtin `map` returns a packed array, but once the calling function is optimized the inlined
 * `map` returns a holey one: the same compiled cell's workspace then has arrays of two maps, depending
 * on when the compiler thread finished (test/sim/compiledMaps.test.ts caught it under load). Pushing
 * onto a fresh array gives a packed one in every tier.
 */
export function packedMap<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i], i));
  return out;
}
