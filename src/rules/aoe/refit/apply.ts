/**
 * Applying an Age of Eagles refit (./schema.ts) to the raw data of a lane scenario, before validation:
 * every unit's quality becomes the refit's default unless a rule sets it; a rule's March Mode and
 * musket replace the unit's own, on the infantry it matches (no other arm has them). Two rules setting one field of one unit to different values is an
 * error naming the second rule's line; to the same value, a warning.
 */
import { VolleyInputError } from '../../../core/errors.js';
import type { AppliedRefit, RawUnit, RefitErrorAt, RefitOmit, RefitOutcome, RefitSupport } from '../../../core/ruleset.js';
import type { AoeRefit } from './schema.js';

type Raw = Record<string, unknown>;

const obj = (v: unknown): Raw | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every unit of a raw lane scenario, with its side (the lane has no formations of units). */
export function rawUnits(data: Raw): RawUnit[] {
  const out: RawUnit[] = [];
  arr(data.sides).forEach((s, si) => {
    for (const u of arr(obj(s)?.units)) {
      const uo = obj(u);
      if (uo) out.push({ unit: uo, side: si === 0 ? 0 : 1 });
    }
  });
  return out;
}

type Match = AoeRefit['rules'][number]['match'];

export function matches(m: Match, u: RawUnit, sideName: string | undefined): boolean {
  if (m.id !== undefined && u.unit.id !== m.id) return false;
  if (m.side !== undefined && m.side !== u.side && m.side !== sideName) return false;
  if (m.arm !== undefined && (u.unit.arm ?? 'infantry') !== m.arm) return false;
  if (m.nationality !== undefined && u.unit.nationality !== m.nationality) return false;
  if (m.tag !== undefined && !arr(u.unit.tags).includes(m.tag)) return false;
  return true;
}

const omitted = (omit: RefitOmit | undefined, ruleIndex: number, field: string, unitId: string) =>
  omit !== undefined && omit.list === 'rules' && omit.ruleIndex === ruleIndex && omit.field === field && (omit.unitId === undefined || omit.unitId === unitId);

/** The scenario data with the refit applied (a copy; the input is not changed) and what was set. */
export function applyRefit(scenarioData: unknown, refit: AoeRefit, at: RefitErrorAt = { file: 'refit' }, omit?: RefitOmit): RefitOutcome {
  const data = structuredClone(obj(scenarioData) ?? {});
  const applied: AppliedRefit[] = [];
  const warnings: string[] = [];
  const units = rawUnits(data);
  const sideNames = arr(data.sides).map((s) => (typeof obj(s)?.name === 'string' ? String(obj(s)!.name) : undefined));
  for (const u of units) u.unit.troops = refit.defaultTroops;
  const setBy = new Map<string, { rule: number; value: unknown }>();
  refit.rules.forEach((rule, ri) => {
    const hit = units.filter((u) => matches(rule.match, u, sideNames[u.side]));
    const fields: [string, unknown][] = [];
    if (rule.set.troops !== undefined) fields.push(['troops', rule.set.troops]);
    if (rule.set.marchMode !== undefined) fields.push(['marchMode', rule.set.marchMode]);
    if (rule.set.musket !== undefined) fields.push(['musket', rule.set.musket]);
    for (const [field, value] of fields) {
      // Only infantry has a March Mode and a musket (p2, p3): a rule's other matched units keep none.
      const targets = field === 'troops' ? hit : hit.filter((u) => (u.unit.arm ?? 'infantry') === 'infantry');
      for (const u of targets) {
        const key = `${String(u.unit.id)}\u0000${field}`;
        const prev = setBy.get(key);
        if (!prev) setBy.set(key, { rule: ri, value });
        else {
          const what = `rules[${prev.rule}] and rules[${ri}] both set ${field} of unit '${String(u.unit.id)}'`;
          if (prev.value !== value) throw new VolleyInputError(at.file, at.lineOf?.(['rules', ri, 'set', field]), `rules[${ri}].set.${field}`, `${what}, to ${JSON.stringify(prev.value)} and ${JSON.stringify(value)}`);
          warnings.push(`${at.file}: ${what} (to the same value ${JSON.stringify(value)})`);
        }
      }
      if (targets.length) applied.push({ list: 'rules', ruleIndex: ri, unitIds: targets.map((u) => String(u.unit.id)), field, value, note: rule.note });
      for (const u of targets) if (!omitted(omit, ri, field, String(u.unit.id))) u.unit[field] = value;
    }
  });
  return { data, applied, warnings };
}

/** Every entry of the refit, with where an error about it points: an entry that matches nothing is refused. */
export function entries(refit: AoeRefit): ReturnType<RefitSupport['entries']> {
  return refit.rules.map((r, i) => {
    // A rule that sets no troops applies to infantry alone (applyRefit): one matching only horse or guns sets nothing.
    const infantryOnly = r.set.troops === undefined;
    return { list: 'rules', index: i, path: ['rules', i, 'match'], field: `rules[${i}].match`, what: infantryOnly ? 'matches no infantry (marchMode and musket are infantry\'s: p2, p3)' : 'matches no unit' };
  });
}

/** A value of a refitted scenario, for the report's column of what an exception replaces. */
export function valueIn(data: Record<string, unknown>, a: AppliedRefit, unit: string | null): unknown {
  const u = rawUnits(data).find((x) => x.unit.id === unit)?.unit;
  return u ? (u[a.field] ?? null) : null;
}
