/**
 * Applying a CWJ refit (./schema.ts) to the raw data of a lane scenario, before validation:
 * - `nations` entries set the scenario's `nationTables` (the table a nation without one reads);
 * - each rule sets the type, quality and values of the units its match selects (a fire mod only on foot and guns: cavalry never fires).
 * Two rules setting one field of one unit to different values is an error; to the same value, a warning.
 */
import { VolleyInputError } from '../../../core/errors.js';
import type { AppliedRefit, RawUnit, RefitErrorAt, RefitOmit, RefitOutcome, RefitSupport } from '../../../core/ruleset.js';
import { TROOP_KINDS, type TroopType } from '../troops.js';
import type { Refit } from './schema.js';

type Raw = Record<string, unknown>;

const obj = (v: unknown): Raw | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A raw unit with what a match reads: its corps and its nation (its own, or its side's). */
export interface LaneRawUnit extends RawUnit {
  nation: string;
}

/** Every unit of a raw lane scenario, with its corps (the RawUnit's formation), side and nation. */
export function rawUnits(data: Raw): LaneRawUnit[] {
  const out: LaneRawUnit[] = [];
  (['attacker', 'defender'] as const).forEach((role, si) => {
    const side = obj(data[role]);
    const sideNation = typeof side?.nation === 'string' ? side.nation : 'french';
    for (const c of arr(side?.corps)) {
      const co = obj(c);
      for (const u of arr(co?.units)) {
        const uo = obj(u);
        if (!uo) continue;
        out.push({ unit: uo, formation: typeof co?.id === 'string' ? co.id : undefined, side: si === 0 ? 0 : 1, nation: typeof uo.nation === 'string' ? uo.nation : sideNation });
      }
    }
  });
  return out;
}

type Match = Refit['rules'][number]['match'];

const typeOf = (u: Raw): TroopType => (typeof u.type === 'string' && u.type in TROOP_KINDS ? (u.type as TroopType) : 'line');

export function matches(m: Match, u: LaneRawUnit): boolean {
  if (m.id !== undefined && u.unit.id !== m.id) return false;
  if (m.corps !== undefined && u.formation !== m.corps) return false;
  if (m.nation !== undefined && u.nation.toLowerCase() !== m.nation.toLowerCase()) return false;
  if (m.type !== undefined && typeOf(u.unit) !== m.type) return false;
  if (m.arm !== undefined && TROOP_KINDS[typeOf(u.unit)].arm !== m.arm) return false;
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

  // Nations: the table each reads.
  const present = new Set(units.map((u) => u.nation.toLowerCase()));
  const tables: Record<string, string> = { ...(obj(data.nationTables) as Record<string, string> | undefined) };
  const setNation = new Map<string, number>();
  refit.nations.forEach((n, i) => {
    const key = n.nation.toLowerCase();
    if (!present.has(key)) return;
    const prev = setNation.get(key);
    if (prev !== undefined && refit.nations[prev].table !== n.table) {
      throw new VolleyInputError(at.file, at.lineOf?.(['nations', i, 'table']), `nations[${i}].table`, `nations[${prev}] and nations[${i}] both set the table of '${n.nation}', to ${refit.nations[prev].table} and ${n.table}`);
    }
    setNation.set(key, i);
    const side = units.find((u) => u.nation.toLowerCase() === key)!.side;
    applied.push({ list: 'nations', ruleIndex: i, unitIds: [], target: n.nation, field: 'table', value: n.table, side, note: n.note });
    if (!omitted(omit, 'nations', i, 'table')) tables[key] = n.table;
  });
  if (Object.keys(tables).length) data.nationTables = tables;

  // Rules on units.
  const setBy = new Map<string, { rule: number; value: unknown }>();
  const record = (ri: number, u: RawUnit, field: string, value: unknown) => {
    const key = `${String(u.unit.id)}\u0000${field}`;
    const prev = setBy.get(key);
    if (!prev) return void setBy.set(key, { rule: ri, value });
    const what = `rules[${prev.rule}] and rules[${ri}] both set ${field} of unit '${String(u.unit.id)}'`;
    if (prev.value !== value) {
      throw new VolleyInputError(at.file, at.lineOf?.(['rules', ri, 'set', field]), `rules[${ri}].set.${field}`, `${what}, to ${JSON.stringify(prev.value)} and ${JSON.stringify(value)}`);
    }
    warnings.push(`${at.file}: ${what} (to the same value ${JSON.stringify(value)})`);
  };
  refit.rules.forEach((rule, ri) => {
    const hit = units.filter((u) => matches(rule.match, u));
    for (const field of ['type', 'quality', 'fire', 'rally', 'melee'] as const) {
      const value = rule.set[field];
      if (value === undefined) continue;
      // Cavalry never fires ([FrT] [AuT]: "-"): a rule's fire mod goes to the foot and guns it matches (by the type this rule gives).
      const targets = field === 'fire' ? hit.filter((u) => TROOP_KINDS[typeOf(u.unit)].arm !== 'cavalry') : hit;
      for (const u of targets) record(ri, u, field, value);
      if (targets.length) applied.push({ list: 'rules', ruleIndex: ri, unitIds: targets.map((u) => String(u.unit.id)), field, value, note: rule.note });
      for (const u of targets) if (!omitted(omit, 'rules', ri, field, String(u.unit.id))) u.unit[field] = value;
    }
  });
  return { data, applied, warnings };
}

/** Every entry of the refit, with where an error about it points. */
export function entries(refit: Refit): ReturnType<RefitSupport['entries']> {
  return [
    ...refit.nations.map((n, i) => ({ list: 'nations', index: i, path: ['nations', i, 'nation'], field: `nations[${i}].nation`, what: `no unit of nation '${n.nation}'` })),
    ...refit.rules.map((r, i) => {
      // A rule that sets only a fire mod applies to foot and guns alone (applyRefit): one matching only cavalry sets nothing.
      const fireOnly = Object.entries(r.set).every(([k, v]) => k === 'fire' || v === undefined);
      return { list: 'rules', index: i, path: ['rules', i, 'match'], field: `rules[${i}].match`, what: fireOnly ? 'matches no infantry or artillery (cavalry never fires, so has no fire mod)' : 'matches no unit' };
    }),
  ];
}

/** A value of a refitted scenario, for the report's column of what an exception replaces. */
export function valueIn(data: Record<string, unknown>, a: AppliedRefit, unit: string | null): unknown {
  if (a.list === 'nations') return (obj(data.nationTables)?.[String(a.target).toLowerCase()] as string | undefined) ?? 'cwj.missingNationTable';
  const u = rawUnits(data).find((x) => x.unit.id === unit)?.unit;
  if (!u) return null;
  if (a.field === 'type') return u.type ?? 'line';
  return u[a.field] ?? 'as the table';
}

/** The refit's defaults in a line. */
export function defaults(refit: Refit): string {
  return refit.nations.length ? `nations read ${refit.nations.map((n) => `${n.nation} ${n.table}`).join(', ')}; others cwj.missingNationTable` : 'every nation without a table reads cwj.missingNationTable';
}
