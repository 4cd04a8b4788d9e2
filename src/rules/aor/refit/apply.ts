/**
 * Applying an Age of Rifles refit (./schema.ts) to the raw data of a scenario, before validation.
 *
 * What a refit does to a scenario:
 * - every unit's morale becomes `defaultMorale`, unless a rule sets it (2.2);
 * - a rule's `flags` are added to the unit's own flags, its `pursuit` replaces the unit's;
 * - `formations`, `armies` and `leaders` replace the scenario's demoralization limits (14.1), army
 *   demoralization levels (13) and leader ratings (2.1).
 * Two rules setting one field of one unit to different values is an error; to the same value, a warning.
 */
import { VolleyInputError } from '../../../core/errors.js';
import type { AppliedRefit, RawUnit, RefitErrorAt, RefitOmit, RefitOutcome, RefitSupport } from '../../../core/ruleset.js';
import type { Refit } from './schema.js';

type Raw = Record<string, unknown>;


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

function refitError(at: RefitErrorAt, path: (string | number)[], field: string, message: string): VolleyInputError {
  return new VolleyInputError(at.file, at.lineOf?.(path), field, message);
}

const omitted = (omit: RefitOmit | undefined, list: string, ruleIndex: number, field: string, unitId?: string) =>
  omit !== undefined && omit.list === list && omit.ruleIndex === ruleIndex && omit.field === field && (unitId === undefined || omit.unitId === unitId);

/**
 * The scenario data with the refit applied (a copy; the input is not changed) and what was set.
 * Conflicting rules throw a VolleyInputError naming the refit file and the second rule's line.
 */
export function applyRefit(scenarioData: unknown, refit: Refit, at: RefitErrorAt = { file: 'refit' }, omit?: RefitOmit): RefitOutcome {
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

/** Every entry of the refit, with where an error about it points: a refit entry that matches nothing is refused. */
export function entries(refit: Refit): ReturnType<RefitSupport['entries']> {
  return [
    ...refit.rules.map((_, i) => ({ list: 'rules', index: i, path: ['rules', i, 'match'], field: `rules[${i}].match`, what: 'matches no unit' })),
    ...refit.formations.map((f, i) => ({ list: 'formations', index: i, path: ['formations', i, 'id'], field: `formations[${i}].id`, what: `no formation '${f.id}'` })),
    ...refit.armies.map((a, i) => ({ list: 'armies', index: i, path: ['armies', i, 'side'], field: `armies[${i}].side`, what: `no side ${JSON.stringify(a.side)}` })),
    ...refit.leaders.map((l, i) => ({ list: 'leaders', index: i, path: ['leaders', i, 'id'], field: `leaders[${i}].id`, what: `no leader '${l.id}'` })),
  ];
}

/** A value of a refitted scenario, for the report's column of what an exception replaces. */
export function valueIn(data: Record<string, unknown>, a: AppliedRefit, unit: string | null): unknown {
  const sides = (data.sides as Record<string, unknown>[] | undefined) ?? [];
  if (a.list === 'rules') {
    const u = rawUnits(data).find((x) => x.unit.id === unit)?.unit;
    if (!u) return null;
    if (a.field.startsWith('flags.')) return ((u.flags as string[] | undefined) ?? []).includes(a.field.slice(6));
    return u[a.field] ?? null;
  }
  const side = sides[a.side ?? 0] ?? {};
  if (a.list === 'armies') return side.armyDemoralization ?? null;
  const formations = (side.formations as Record<string, unknown>[]) ?? [];
  if (a.list === 'formations') return formations.find((f) => f.id === a.target)?.demoralization ?? null;
  const leaders = [...formations.map((f) => f.leader as Record<string, unknown> | undefined), ...((side.commanders as Record<string, unknown>[]) ?? [])];
  return leaders.find((l) => l?.id === a.target)?.rating ?? null;
}
