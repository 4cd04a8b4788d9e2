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
 * A function adding `v` to a record's value under `keys[i]`: a switch over i, each case a store under
 * its key written out, so that a tally chosen at run time stays a constant-key store.
 */
export function recordAdder(keys: readonly string[]): (record: Record<string, number>, i: number, v: number) => void {
  const cases = keys.map((k, i) => `case ${i}: e[${JSON.stringify(k)}] += v; return;`).join('\n');
  return new Function('e', 'i', 'v', `switch (i) {\n${cases}\ndefault: throw new RangeError('no key ' + i);\n}`) as (record: Record<string, number>, i: number, v: number) => void;
}

/** A function reading a record's value under `keys[i]` (undefined where the record has none), as recordAdder stores. */
export function recordReader(keys: readonly string[]): (record: Record<string, number>, i: number) => number | undefined {
  const cases = keys.map((k, i) => `case ${i}: return e[${JSON.stringify(k)}];`).join('\n');
  return new Function('e', 'i', `switch (i) {\n${cases}\ndefault: throw new RangeError('no key ' + i);\n}`) as (record: Record<string, number>, i: number) => number | undefined;
}
