/**
 * Applying a Burt refit (./schema.ts) to the raw data of a lane scenario, before validation: every
 * unit's class becomes `defaultClass` unless a rule sets it (8); rules set classes and starting orders
 * (4); `armies` set a side's army morale (10). Two rules setting one field of one unit to different
 * values is an error; to the same value, a warning.
 */
import { VolleyInputError } from '../../../core/errors.js';
import type { AppliedRefit, RawUnit, RefitErrorAt, RefitOmit, RefitOutcome, RefitSupport } from '../../../core/ruleset.js';
import type { Refit } from './schema.js';

type Raw = Record<string, unknown>;

const obj = (v: unknown): Raw | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every unit of a raw lane scenario, with its brigade (as `formation`) and side. */
export function rawUnits(data: Raw): RawUnit[] {
  const out: RawUnit[] = [];
  arr(data.sides).forEach((s, si) => {
    const side = obj(s);
    for (const u of arr(side?.units)) {
      const uo = obj(u);
      if (!uo) continue;
      const brigade = typeof uo.brigade === 'string' ? uo.brigade : typeof side?.name === 'string' ? side.name : undefined;
      out.push({ unit: uo, formation: brigade, side: si === 0 ? 0 : 1 });
    }
  });
  return out;
}

type Match = Refit['rules'][number]['match'];

function sideName(data: Raw, side: 0 | 1): unknown {
  return obj(arr(data.sides)[side])?.name;
}

export function matches(m: Match, u: RawUnit, data: Raw): boolean {
  if (m.id !== undefined && u.unit.id !== m.id) return false;
  if (m.side !== undefined && m.side !== u.side && m.side !== sideName(data, u.side)) return false;
  if (m.arm !== undefined && (u.unit.arm ?? 'infantry') !== m.arm) return false;
  if (m.brigade !== undefined && u.formation !== m.brigade) return false;
  if (m.nationality !== undefined && u.unit.nationality !== m.nationality) return false;
  if (m.tag !== undefined && !arr(u.unit.tags).includes(m.tag)) return false;
  return true;
}

const omitted = (omit: RefitOmit | undefined, list: string, ruleIndex: number, field: string, unitId?: string) =>
  omit !== undefined && omit.list === list && omit.ruleIndex === ruleIndex && omit.field === field && (unitId === undefined || omit.unitId === unitId);

/** The scenario data with the refit applied (a copy) and what was set. */
export function applyRefit(scenarioData: unknown, refit: Refit, at: RefitErrorAt = { file: 'refit' }, omit?: RefitOmit): RefitOutcome {
  const data = structuredClone(obj(scenarioData) ?? {});
  const applied: AppliedRefit[] = [];
  const warnings: string[] = [];
  const units = rawUnits(data);
  // 8: every unit at the default class (a class the scenario gives, or its quality, is replaced).
  for (const u of units) {
    u.unit.class = refit.defaultClass;
    delete u.unit.quality;
  }
  const setBy = new Map<string, { rule: number; value: unknown }>();
  const record = (ri: number, u: RawUnit, field: string, value: unknown) => {
    const key = `${String(u.unit.id)}\u0000${field}`;
    const prev = setBy.get(key);
    if (!prev) return void setBy.set(key, { rule: ri, value });
    const what = `rules[${prev.rule}] and rules[${ri}] both set ${field} of unit '${String(u.unit.id)}'`;
    if (prev.value !== value) throw new VolleyInputError(at.file, at.lineOf?.(['rules', ri, 'set', field]), `rules[${ri}].set.${field}`, `${what}, to ${JSON.stringify(prev.value)} and ${JSON.stringify(value)}`);
    warnings.push(`${at.file}: ${what} (to the same value ${JSON.stringify(value)})`);
  };
  refit.rules.forEach((rule, ri) => {
    const hit = units.filter((u) => matches(rule.match, u, data));
    const fields: ['class' | 'orders', string][] = [];
    if (rule.set.class !== undefined) fields.push(['class', rule.set.class]);
    if (rule.set.orders !== undefined) fields.push(['orders', rule.set.orders]);
    for (const [field, value] of fields) {
      for (const u of hit) record(ri, u, field, value);
      if (hit.length) applied.push({ list: 'rules', ruleIndex: ri, unitIds: hit.map((u) => String(u.unit.id)), field, value, note: rule.note });
      for (const u of hit) if (!omitted(omit, 'rules', ri, field, String(u.unit.id))) u.unit[field] = value;
    }
  });
  const sides = arr(data.sides).map(obj);
  refit.armies.forEach((a, i) => {
    sides.forEach((s, si) => {
      if (!s || (a.side !== si && a.side !== s.name)) return;
      applied.push({ list: 'armies', ruleIndex: i, unitIds: [], target: String(s.name ?? si), field: 'armyMorale', value: a.armyMorale, side: si === 0 ? 0 : 1, note: a.note });
      if (!omitted(omit, 'armies', i, 'armyMorale')) s.armyMorale = a.armyMorale;
    });
  });
  return { data, applied, warnings };
}

/** Every entry of the refit, with where an error about it points: an entry that matches nothing is refused. */
export function entries(refit: Refit): ReturnType<RefitSupport['entries']> {
  return [
    ...refit.rules.map((_, i) => ({ list: 'rules', index: i, path: ['rules', i, 'match'], field: `rules[${i}].match`, what: 'matches no unit' })),
    ...refit.armies.map((a, i) => ({ list: 'armies', index: i, path: ['armies', i, 'side'], field: `armies[${i}].side`, what: `no side ${JSON.stringify(a.side)}` })),
  ];
}

/** A value of a refitted scenario, for the report's column of what an exception replaces. */
export function valueIn(data: Record<string, unknown>, a: AppliedRefit, unit: string | null): unknown {
  if (a.list === 'rules') {
    const u = rawUnits(data).find((x) => x.unit.id === unit)?.unit;
    return u ? (u[a.field] ?? null) : null;
  }
  const side = obj(arr(data.sides)[a.side ?? 0]);
  return side?.armyMorale ?? null;
}
