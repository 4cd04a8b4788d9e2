/**
 * Applying a refit (src/rules/aor/refit/schema.ts) to the raw data of a scenario, before validation.
 *
 * What a refit does to a scenario:
 * - every unit's morale becomes `defaultMorale`, unless a rule sets it;
 * - a rule's `flags` are added to the unit's own flags, its `pursuit` replaces the unit's;
 * - `formations`, `armies` and `leaders` replace the scenario's demoralization limits, army
 *   demoralization levels and leader ratings.
 * Two rules setting one field of one unit to different values is an error; to the same value, a warning.
 */
import { VolleyInputError } from './errors.js';
import { refitSchema, type Refit } from '../rules/aor/refit/schema.js';
import { lineOf, readYaml, validate, kindOf, type YamlSource } from './yamlFile.js';

export type RefitList = 'rules' | 'formations' | 'armies' | 'leaders';

/** One value the refit set: a rule on the units it matched, or a formation, army or leader entry. */
export interface AppliedRefit {
  list: RefitList;
  /** Index of the entry in its list (for `rules`, the rule index). */
  ruleIndex: number;
  /** For rules: the units matched. Empty for formation, army and leader entries. */
  unitIds: string[];
  /** For formation, army and leader entries: the formation id, side index or leader id. */
  target?: string;
  /** morale, pursuit, flags.<flag>, demoralization, armyDemoralization or rating. */
  field: string;
  value: unknown;
  side?: 0 | 1;
  note?: string;
}

/** Leave one value out: the baseline of a paired comparison (`volley refit check`). */
export interface RefitOmit {
  list: RefitList;
  ruleIndex: number;
  field: string;
  /** For rules: the unit left at its default. */
  unitId?: string;
}

export interface RefitOutcome {
  data: Record<string, unknown>;
  applied: AppliedRefit[];
  warnings: string[];
}

type Raw = Record<string, unknown>;

interface RawUnit {
  unit: Raw;
  formation?: string;
  side: 0 | 1;
}

const obj = (v: unknown): Raw | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every unit of a raw scenario (assault or battle), with its formation and side. */
export function rawUnits(data: Raw): RawUnit[] {
  const out: RawUnit[] = [];
  if (data.engagement === 'battle') {
    arr(data.sides).forEach((s, si) => {
      for (const f of arr(obj(s)?.formations)) {
        const fo = obj(f);
        for (const u of arr(fo?.units)) {
          const uo = obj(u);
          if (uo) out.push({ unit: uo, formation: typeof fo?.id === 'string' ? fo.id : undefined, side: si === 0 ? 0 : 1 });
        }
      }
    });
  } else {
    for (const st of arr(obj(data.attacker)?.stacks)) {
      for (const u of arr(obj(st)?.units)) {
        const uo = obj(u);
        if (uo) out.push({ unit: uo, formation: typeof uo.formation === 'string' ? uo.formation : undefined, side: 0 });
      }
    }
    for (const u of arr(obj(data.defender)?.units)) {
      const uo = obj(u);
      if (uo) out.push({ unit: uo, formation: typeof uo.formation === 'string' ? uo.formation : undefined, side: 1 });
    }
  }
  return out;
}

type Match = Refit['rules'][number]['match'];

export function matches(m: Match, u: RawUnit): boolean {
  if (m.id !== undefined && u.unit.id !== m.id) return false;
  if (m.formation !== undefined && u.formation !== m.formation) return false;
  if (m.nationality !== undefined && u.unit.nationality !== m.nationality) return false;
  if (m.kind !== undefined && (u.unit.kind ?? 'infantry') !== m.kind) return false;
  if (m.tag !== undefined && !arr(u.unit.tags).includes(m.tag)) return false;
  return true;
}

/** Where an error about a refit entry points: the refit file and the entry's line. */
export interface RefitSource {
  file: string;
  src?: YamlSource;
}

function refitError(at: RefitSource, path: (string | number)[], field: string, message: string): VolleyInputError {
  return new VolleyInputError(at.file, at.src ? lineOf(at.src, path) : undefined, field, message);
}

const omitted = (omit: RefitOmit | undefined, list: RefitList, ruleIndex: number, field: string, unitId?: string) =>
  omit !== undefined && omit.list === list && omit.ruleIndex === ruleIndex && omit.field === field && (unitId === undefined || omit.unitId === unitId);

/**
 * The scenario data with the refit applied (a copy; the input is not changed) and what was set.
 * Conflicting rules throw a VolleyInputError naming the refit file and the second rule's line.
 */
export function applyRefit(scenarioData: unknown, refit: Refit, at: RefitSource = { file: 'refit' }, omit?: RefitOmit): RefitOutcome {
  const data = structuredClone(obj(scenarioData) ?? {});
  const applied: AppliedRefit[] = [];
  const warnings: string[] = [];
  const units = rawUnits(data);

  for (const u of units) u.unit.morale = refit.defaultMorale;

  // Who set what, per unit and field: the first rule and its value.
  const setBy = new Map<string, { rule: number; value: unknown }>();
  const record = (ri: number, u: RawUnit, field: string, value: unknown) => {
    const key = `${String(u.unit.id)}\u0000${field}`;
    const prev = setBy.get(key);
    if (!prev) return void setBy.set(key, { rule: ri, value });
    const what = `rules[${prev.rule}] and rules[${ri}] both set ${field} of unit '${String(u.unit.id)}'`;
    if (JSON.stringify(prev.value) !== JSON.stringify(value)) {
      throw refitError(at, ['rules', ri, 'set', field.split('.')[0]], `rules[${ri}].set.${field.split('.')[0]}`, `${what}, to ${JSON.stringify(prev.value)} and ${JSON.stringify(value)}`);
    }
    warnings.push(`${at.file}: ${what} (to the same value ${JSON.stringify(value)})`);
  };

  refit.rules.forEach((rule, ri) => {
    const hit = units.filter((u) => matches(rule.match, u));
    const fields: [string, unknown][] = [];
    if (rule.set.morale !== undefined) fields.push(['morale', rule.set.morale]);
    if (rule.set.pursuit !== undefined) fields.push(['pursuit', rule.set.pursuit]);
    for (const f of rule.set.flags ?? []) fields.push([`flags.${f}`, true]);
    for (const [field, value] of fields) {
      for (const u of hit) record(ri, u, field, value);
      const ids = hit.map((u) => String(u.unit.id));
      if (hit.length) applied.push({ list: 'rules', ruleIndex: ri, unitIds: ids, field, value, note: rule.note });
      for (const u of hit) {
        if (omitted(omit, 'rules', ri, field, String(u.unit.id))) continue;
        if (field === 'morale' || field === 'pursuit') u.unit[field] = value;
        else {
          const flag = field.slice('flags.'.length);
          const flags = arr(u.unit.flags);
          if (!flags.includes(flag)) u.unit.flags = [...flags, flag];
        }
      }
    }
  });

  if (data.engagement === 'battle') {
    const sides = arr(data.sides).map(obj);
    refit.formations.forEach((f, i) => {
      sides.forEach((s, si) => {
        for (const fo of arr(s?.formations).map(obj)) {
          if (!fo || fo.id !== f.id) continue;
          applied.push({ list: 'formations', ruleIndex: i, unitIds: [], target: f.id, field: 'demoralization', value: f.demoralization, side: si === 0 ? 0 : 1, note: f.note });
          if (!omitted(omit, 'formations', i, 'demoralization')) fo.demoralization = f.demoralization;
        }
      });
    });
    refit.armies.forEach((a, i) => {
      sides.forEach((s, si) => {
        if (!s || (a.side !== si && a.side !== s.name)) return;
        applied.push({ list: 'armies', ruleIndex: i, unitIds: [], target: String(s.name ?? si), field: 'armyDemoralization', value: a.demoralization, side: si === 0 ? 0 : 1, note: a.note });
        if (!omitted(omit, 'armies', i, 'armyDemoralization')) s.armyDemoralization = a.demoralization;
      });
    });
    refit.leaders.forEach((l, i) => {
      sides.forEach((s, si) => {
        const leaders = [...arr(s?.formations).map((f) => obj(obj(f)?.leader)), ...arr(s?.commanders).map(obj)];
        for (const ld of leaders) {
          if (!ld || ld.id !== l.id) continue;
          applied.push({ list: 'leaders', ruleIndex: i, unitIds: [], target: l.id, field: 'rating', value: l.rating, side: si === 0 ? 0 : 1, note: l.note });
          if (!omitted(omit, 'leaders', i, 'rating')) ld.rating = l.rating;
        }
      });
    });
  }
  return { data, applied, warnings };
}

/**
 * Apply a refit to several scenarios. An entry that matches nothing in any of them is an error naming
 * the refit file, the entry's line and its field.
 */
export function applyRefitToAll(scenarios: readonly { file: string; data: unknown }[], refit: Refit, at: RefitSource): RefitOutcome[] {
  const outcomes = scenarios.map((s) => applyRefit(s.data, refit, at));
  const used = (list: RefitList, i: number) => outcomes.some((o) => o.applied.some((a) => a.list === list && a.ruleIndex === i));
  const names = scenarios.map((s) => s.file).join(', ');
  refit.rules.forEach((_, i) => {
    if (!used('rules', i)) throw refitError(at, ['rules', i, 'match'], `rules[${i}].match`, `matches no unit in ${names}`);
  });
  refit.formations.forEach((f, i) => {
    if (!used('formations', i)) throw refitError(at, ['formations', i, 'id'], `formations[${i}].id`, `no formation '${f.id}' in ${names}`);
  });
  refit.armies.forEach((a, i) => {
    if (!used('armies', i)) throw refitError(at, ['armies', i, 'side'], `armies[${i}].side`, `no side ${JSON.stringify(a.side)} in ${names}`);
  });
  refit.leaders.forEach((l, i) => {
    if (!used('leaders', i)) throw refitError(at, ['leaders', i, 'id'], `leaders[${i}].id`, `no leader '${l.id}' in ${names}`);
  });
  return outcomes;
}

/** Read and validate a refit file; errors name the file, line and field. */
export function loadRefitFile(file: string): { src: YamlSource; refit: Refit } {
  const src = readYaml(file);
  const data = src.data as { kind?: unknown } | null;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new VolleyInputError(file, lineOf(src, []) ?? 1, undefined, `expected a YAML map with 'kind: refit', found ${kindOf(src.data)}`);
  }
  const k = data.kind;
  if (k !== 'refit') throw new VolleyInputError(file, lineOf(src, ['kind']) ?? 1, 'kind', `expected 'refit', found ${k === undefined ? 'nothing' : `'${String(k)}'`}`);
  return { src, refit: validate(src, refitSchema) };
}
