/** Short, plain names for cells, factors and sides, for chart axes, headers and legends. */
import type { Results } from '../results/results.js';
import { identifierWords, plural, sideVerb } from './words.js';

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

/** Names that let a battle path say "Steinmetz's brigade" for "sides[1].formations[0]". */
export interface PathNames {
  sides?: readonly { name: string }[];
  formations?: readonly { name: string; side: number }[];
}

/** "sides[1].formations[0].rest" -> ["Steinmetz's brigade", "rest"], when the names are known. */
function namedOwner(path: string, names: PathNames): [string, string] | null {
  const m = /^sides\[(\d+)\](?:\.formations\[(\d+)\])?\.(.+)$/.exec(path);
  if (!m) return null;
  const side = Number(m[1]);
  if (m[2] !== undefined) {
    const f = (names.formations ?? []).filter((x) => x.side === side)[Number(m[2])];
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
  const owner = [...(named ? [named[0]] : []), ...parts.map((p) => p.replace('[*]', ''))].join(' ');
  // The field in words: "armyDemoralization" reads "army demoralization".
  const words = identifierWords(prop);
  const text = owner ? `${words} of ${owner}` : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The last segment of a factor path, used when several factors vary: "defender.units[*].morale" -> "morale". */
function shortFactor(path: string): string {
  return path.split('.').pop() ?? path;
}

export function cellNames(r: Results): CellNames {
  const factors = r.provenance.factors;
  const keys = Object.keys(factors);
  const varying = keys.filter((k) => (factors[k]?.length ?? 0) > 1);
  const fixed = keys.filter((k) => (factors[k]?.length ?? 0) === 1).map((k) => `${k} = ${formatValue(factors[k][0])}`);
  const optionKeys = new Set(Object.keys(r.cells[0]?.options ?? {}));
  let title = 'Cell';
  let labels: string[];
  if (varying.length === 0) {
    labels = r.cells.map((c) => (Object.keys(c.factors).length === 0 ? 'base scenario' : c.label));
  } else if (varying.length === 1) {
    title = factorTitle(varying[0], optionKeys, { sides: r.sides, formations: r.formations });
    labels = r.cells.map((c) => formatValue(c.factors[varying[0]]));
  } else {
    const shorts = varying.map(shortFactor);
    const unique = new Set(shorts).size === shorts.length;
    const names = unique ? shorts : varying;
    labels = r.cells.map((c) => varying.map((k, i) => `${names[i]}=${formatValue(c.factors[k])}`).join(', '));
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
