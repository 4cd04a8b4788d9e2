/**
 * Factor paths: where an experiment's `vary` puts a value in a scenario.
 *
 *   options.aor.terrainReductions          an option (everything after `options.` is the option name)
 *   aor.terrainReductions                  the same, shorter: a path whose first segment is a ruleset id
 *   defender.units[*].morale               every unit of the defender
 *   defender.units[IR-12].morale           the unit with id IR-12
 *   attacker.stacks[0].units[*].flags      by position
 *   turns, defender.terrain, attacker.doctrine   any other scenario field
 *   sides[1].battleDoctrine.chargeRatio    one doctrine parameter (a preset name becomes { preset })
 */

export type Segment = { key: string } | { select: '*' | number | string };

export class PathError extends Error {}

/** Fields holding a doctrine: a preset name or { preset, ...parameters }. */
const DOCTRINE_KEYS = new Set(['doctrine', 'battleDoctrine']);

export function parsePath(path: string, rulesetIds: readonly string[]): Segment[] {
  const first = path.split('.')[0];
  if (first === 'options') return [{ key: 'options' }, { key: path.slice('options.'.length) }];
  if (rulesetIds.includes(first)) return [{ key: 'options' }, { key: path }];
  const segs: Segment[] = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(path)) !== null) {
    const between = path.slice(consumed, m.index);
    if (between !== '' && between !== '.') throw new PathError(`cannot read path '${path}' near '${between}'`);
    consumed = re.lastIndex;
    if (m[1] !== undefined) segs.push({ key: m[1] });
    else {
      const s = m[2];
      if (s === '') throw new PathError(`empty selector [] in '${path}'`);
      segs.push({ select: s === '*' ? '*' : /^\d+$/.test(s) ? Number(s) : s });
    }
  }
  if (consumed !== path.length || segs.length === 0) throw new PathError(`cannot read path '${path}'`);
  return segs;
}

/** Whether a selector picks element `el` at position `idx` of a list: all, by position, or by id. */
function selects(seg: { select: '*' | number | string }, el: unknown, idx: number): boolean {
  return (
    seg.select === '*' ||
    seg.select === idx ||
    (typeof seg.select === 'string' && el !== null && typeof el === 'object' && (el as { id?: unknown }).id === seg.select)
  );
}

/**
 * Set `value` at every place the path selects in `doc` (mutated). Returns how many places were set;
 * a path that selects nothing is an error for the caller to report.
 */
export function setPath(doc: unknown, segs: readonly Segment[], value: unknown): number {
  return setAt(doc, segs, 0, value);
}

function setAt(node: unknown, segs: readonly Segment[], i: number, value: unknown): number {
  const seg = segs[i];
  const last = i === segs.length - 1;
  if ('key' in seg) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return 0;
    const obj = node as Record<string, unknown>;
    if (last) {
      obj[seg.key] = structuredClone(value);
      return 1;
    }
    const next = segs[i + 1];
    if (DOCTRINE_KEYS.has(seg.key) && next && 'key' in next && typeof obj[seg.key] !== 'object') {
      // A doctrine named by its preset (or left to the default) becomes { preset } so that one of its
      // parameters can be set: sides[1].battleDoctrine.chargeRatio.
      obj[seg.key] = obj[seg.key] === undefined ? {} : { preset: obj[seg.key] };
    }
    if (!(seg.key in obj)) {
      // Create intermediate maps only for options, whose keys need not exist beforehand.
      if (next && 'key' in next && seg.key === 'options') obj[seg.key] = {};
      else return 0;
    }
    return setAt(obj[seg.key], segs, i + 1, value);
  }
  if (!Array.isArray(node)) return 0;
  let n = 0;
  node.forEach((el, idx) => {
    if (!selects(seg, el, idx)) return;
    if (last) {
      node[idx] = structuredClone(value);
      n++;
    } else n += setAt(el, segs, i + 1, value);
  });
  return n;
}

/**
 * The places the path selects in `doc`, each as a concrete dotted path (array positions as numbers):
 * `defender.units[*].morale` gives `defender.units.0.morale`, `defender.units.1.morale`, ... Past a key
 * the document does not have yet (an option, a doctrine's parameter) the rest of the path is one place.
 * Two factors whose places are equal, or one inside the other, set the same value.
 */
export function placesAt(doc: unknown, segs: readonly Segment[]): string[] {
  return placeKeysAt(doc, segs).map((keys) => keys.join('.'));
}

/** placesAt's places as their keys (an option's name, dots and all, is one key). */
export function placeKeysAt(doc: unknown, segs: readonly Segment[]): string[][] {
  const out: string[][] = [];
  const rest = (i: number) => segs.slice(i).map((s) => ('key' in s ? s.key : `[${String(s.select)}]`));
  const walk = (node: unknown, i: number, at: string[]) => {
    if (i === segs.length) return void out.push(at);
    const seg = segs[i];
    if ('key' in seg) {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      const obj = node as Record<string, unknown>;
      const v = obj[seg.key];
      if (v === null || typeof v !== 'object') return void out.push([...at, ...rest(i)]);
      return walk(v, i + 1, [...at, seg.key]);
    }
    if (!Array.isArray(node)) return;
    node.forEach((el, idx) => {
      if (selects(seg, el, idx)) walk(el, i + 1, [...at, String(idx)]);
    });
  };
  walk(doc, 0, []);
  return out;
}

/** The values at every place the path selects in `doc` (undefined where the last key is absent). */
export function valuesAt(doc: unknown, segs: readonly Segment[]): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, i: number) => {
    if (i === segs.length) return void out.push(node);
    const seg = segs[i];
    if ('key' in seg) {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      const obj = node as Record<string, unknown>;
      // A doctrine given by its preset name has no parameters of its own: they are the preset's.
      if (DOCTRINE_KEYS.has(seg.key) && typeof obj[seg.key] === 'string' && i + 1 < segs.length) return void out.push(undefined);
      if (!(seg.key in obj)) return i === segs.length - 1 ? void out.push(undefined) : undefined;
      return walk(obj[seg.key], i + 1);
    }
    if (!Array.isArray(node)) return;
    node.forEach((el, idx) => {
      if (selects(seg, el, idx)) walk(el, i + 1);
    });
  };
  walk(doc, 0);
  return out;
}

/**
 * How many leading keys a place (placeKeysAt's) shares with a concrete path (a validation issue's,
 * keys and positions): defender.units.0.morale and defender.units[0].morale share 4,
 * defender.terrain and defender.units[0].morale share 1; options.aoe.standLoss is two keys.
 */
export function sharedSegments(place: readonly string[], path: readonly PropertyKey[]): number {
  let n = 0;
  while (n < place.length && n < path.length && place[n] === String(path[n])) n++;
  return n;
}
