/** Short, plain names for cells, factors and sides, for chart axes, headers and legends. */
import type { Results } from '../results/results.js';
import { identifierWords, plural, possessive, sideVerb } from './words.js';

export interface CellNames {
  /** Title of the cell axis or header: the varied factor when only one varies, else "Cell". */
  title: string;
  /** One short, unique label per cell, in results order. */
  labels: string[];
  /** Factors given a single value, as "name = value": the same in every cell, said once in a subtitle. */
  fixed: string[];
}

export function formatValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v);
  return JSON.stringify(v);
}

/** Names that let a battle path say "Steinmetz's brigade" for "sides[1].formations[0]" (or "formations[Bde-Steinmetz]"). */
export interface PathNames {
  sides?: readonly { name: string }[];
  formations?: readonly { name: string; side: number; id?: string }[];
}

/** "sides[1].formations[0].rest" -> ["Steinmetz's brigade", "rest"], when the names are known; a formation by position or id. */
function namedOwner(path: string, names: PathNames): [string, string] | null {
  const m = /^sides\[(\d+)\](?:\.formations\[([^\]]+)\])?\.(.+)$/.exec(path);
  if (!m) return null;
  const side = Number(m[1]);
  if (m[2] !== undefined) {
    const own = (names.formations ?? []).filter((x) => x.side === side);
    const f = /^\d+$/.test(m[2]) ? own[Number(m[2])] : own.find((x) => x.id === m[2]);
    return f ? [f.name, m[3]] : null;
  }
  const s = names.sides?.[side];
  return s ? [s.name, m[3]] : null;
}

/**
 * A factor path in plain words: "defender.units[*].morale" -> "Morale of defender units"; a ruleset
 * option "aor.hitAllocation" -> "Option aor.hitAllocation"; with the battle's names,
 * "sides[1].formations[0].units[*].morale" -> "Morale of Steinmetz's brigade units".
 */
export function factorTitle(path: string, optionKeys: ReadonlySet<string> = new Set(), names: PathNames = {}): string {
  if (optionKeys.has(path)) return `Option ${path}`;
  if (path.startsWith('refit.')) return `Refit ${path.slice('refit.'.length)}`;
  const named = namedOwner(path, names);
  const parts = (named ? named[1] : path).split('.');
  const prop = parts.pop() ?? path;
  // A plural name before a noun takes an apostrophe: "Prussian battalions' units", not "Prussian battalions units".
  const name = named && parts.length && /s$/i.test(named[0]) ? possessive(named[0]) : named?.[0];
  const owner = [...(name ? [name] : []), ...parts.map((p) => p.replace('[*]', ''))].join(' ');
  // The field in words: "armyDemoralization" reads "army demoralization".
  const words = identifierWords(prop);
  const text = owner ? `${words} of ${owner}` : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A factor's value as reports say it: the name the experiment gives it (`{ value, name }`), else the value. */
export function valueLabel(r: Pick<Results, 'provenance'>, path: string, value: unknown): string {
  const names = r.provenance.valueNames?.[path];
  if (names) {
    const key = JSON.stringify(value);
    const i = (r.provenance.factors[path] ?? []).findIndex((v) => JSON.stringify(v) === key);
    const name = i >= 0 ? names[i] : null;
    if (name) return name;
  }
  return formatValue(value);
}

/** Path segments with a shorter name in labels: a battle side has one doctrine, its battle doctrine. */
const SHORT_SEGMENTS: Record<string, string> = { battleDoctrine: 'doctrine' };

/**
 * Short names of the factors that vary, for cell labels: the last segment of each path
 * ("defender.units[*].morale" -> "morale"); where two share it, the side or formation it belongs to
 * goes before it ("French battleDoctrine"), else as much of the path as tells them apart; failing
 * that, the whole paths.
 */
export function shortFactors(paths: readonly string[], names: PathNames = {}): string[] {
  const last = (p: string) => {
    const seg = p.split('.').pop() ?? p;
    return SHORT_SEGMENTS[seg] ?? seg;
  };
  const unique = (xs: string[]) => new Set(xs).size === xs.length;
  const shorts = paths.map(last);
  if (unique(shorts)) return shorts;
  const clash = (i: number) => shorts.filter((s) => s === shorts[i]).length > 1;
  const owned = paths.map((p, i) => {
    if (!clash(i)) return shorts[i];
    const named = namedOwner(p, names);
    return named ? `${named[0]} ${last(named[1])}` : p;
  });
  return unique(owned) ? owned : [...paths];
}

export function cellNames(r: Results): CellNames {
  const factors = r.provenance.factors;
  const keys = Object.keys(factors);
  const varying = keys.filter((k) => (factors[k]?.length ?? 0) > 1);
  const fixed = keys.filter((k) => (factors[k]?.length ?? 0) === 1).map((k) => `${k} = ${valueLabel(r, k, factors[k][0])}`);
  const optionKeys = new Set(Object.keys(r.cells[0]?.options ?? {}));
  const pathNames = { sides: r.sides, formations: r.formations };
  let title = 'Cell';
  let labels: string[];
  if (varying.length === 0) {
    labels = r.cells.map((c) => (Object.keys(c.factors).length === 0 ? 'base scenario' : c.label));
  } else if (varying.length === 1) {
    title = factorTitle(varying[0], optionKeys, pathNames);
    labels = r.cells.map((c) => valueLabel(r, varying[0], c.factors[varying[0]]));
  } else {
    const names = shortFactors(varying, pathNames);
    labels = r.cells.map((c) => varying.map((k, i) => `${names[i]}=${valueLabel(r, k, c.factors[k])}`).join(', '));
  }
  // Fall back to the full labels if shortening made two cells look the same.
  if (new Set(labels).size !== labels.length) {
    title = 'Cell';
    labels = r.cells.map((c) => c.label);
  }
  return { title, labels, fixed };
}

/** "French brigade (attacker)". */
export function sideLabels(r: Results): [string, string] {
  const l = r.sides.map((s) => `${s.name} (${s.role})`);
  return [l[0], l[1]];
}

/** Outcome names in results order: attacker wins, defender wins, draw. */
export function outcomeLabel(r: Results, side: 0 | 1 | null): string {
  return side === null ? 'Draw' : sideVerb(r.sides[side].name, 'wins', 'win');
}

/** What the rule system calls its turns, in the plural: "turns", or "rounds" in an Age of Rifles assault. */
export function turnsWord(r: Pick<Results, 'scale'>): string {
  return plural(r.scale?.turnWord ?? 'turn', 2);
}
