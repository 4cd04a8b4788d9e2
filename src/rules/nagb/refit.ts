/**
 * NAGB refits (src/core/ruleset.ts, RefitSupport): an overlay that rates a scenario's order of battle in
 * NAGB terms before validation: each unit's class (p38-40: Ld, raw, drilled, stubborn, test thresholds),
 * a leadership of its own where the class's does not fit, drill (p35, p39), and the commanders' ratings
 * (p5, p39). A default class may rate every unit no rule names.
 *
 * Two rules setting one field of one unit to different values is an error; to the same value, a warning.
 */
import { z } from 'zod';
import { VolleyInputError } from '../../core/errors.js';
import type { AppliedRefit, RawUnit, RefitErrorAt, RefitOmit, RefitOutcome, RefitSupport } from '../../core/ruleset.js';
import { QUALITY_LADDER, type Quality } from '../../core/quality.js';
import { classOfQuality } from './quality.js';
import { CLASSES, RATINGS } from './scenarios.js';

const note = z.string().min(1).optional().describe('Why: shown next to the exception in `volley refit check`.');
const idText = z.string().min(1).regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

const matchSchema = z
  .strictObject({
    id: idText.optional().describe('The unit with this id.'),
    brigade: idText.optional().describe('Units of this brigade.'),
    side: z.union([z.literal(0), z.literal(1)]).optional().describe('Units of this side (0 or 1).'),
    arm: z.enum(['infantry', 'cavalry', 'artillery']).optional(),
    nationality: z.string().min(1).optional().describe('Units whose `nationality` is this.'),
    tag: z.string().min(1).optional().describe('Units whose `tags` include this.'),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), { message: 'a match needs at least one of id, brigade, side, arm, nationality, tag' })
  .describe('Which units the rule applies to: every field given must hold.');

const ruleSchema = z.strictObject({
  match: matchSchema,
  set: z
    .strictObject({
      class: z.enum(CLASSES).optional().describe('Troop class (p39-40).'),
      leadership: z.int().min(2).max(12).optional().describe("A leadership of the unit's own instead of its class's (p39)."),
      drilled: z.boolean().optional().describe('Drilled or not (p35, p39); set on the matched infantry and cavalry (a battery has no formation to change).'),
    })
    .refine((s) => s.class !== undefined || s.leadership !== undefined || s.drilled !== undefined, { message: 'set needs at least one of class, leadership, drilled' }),
  note,
});

export const refitBody = {
  defaultClass: z.enum(CLASSES).optional().describe('Class of every unit no rule sets (default: each keeps its own).'),
  rules: z.array(ruleSchema).default([]).describe('Unit ratings: class, leadership and drill of the units a match selects.'),
  commanders: z
    .array(z.strictObject({ id: idText.describe('Commander id (a brigade commander, default "<brigade>-cdr", or a CinC).'), rating: z.enum(RATINGS).describe('p5, p39.'), note }))
    .default([])
    .describe("Commanders' ratings."),
};

const refitSchema = z.strictObject({ name: z.string(), title: z.string().optional(), ...refitBody });
export type NagbRefit = z.infer<typeof refitSchema>;

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every unit of a raw lane scenario, with its brigade and side. */
export function rawUnits(data: Raw): RawUnit[] {
  const out: RawUnit[] = [];
  arr(data.sides).forEach((s, si) => {
    for (const b of arr(obj(s)?.brigades)) {
      const bo = obj(b);
      for (const u of arr(bo?.units)) {
        const uo = obj(u);
        if (uo) out.push({ unit: uo, formation: typeof bo?.id === 'string' ? bo.id : undefined, side: si === 0 ? 0 : 1 });
      }
    }
  });
  return out;
}

/** Every commander of a raw scenario: brigade commanders (their id, or the brigade's with "-cdr") and CinCs. */
function rawCommanders(data: Raw): { id: string; holder: Raw; side: 0 | 1 }[] {
  const out: { id: string; holder: Raw; side: 0 | 1 }[] = [];
  arr(data.sides).forEach((s, si) => {
    const so = obj(s);
    for (const b of arr(so?.brigades)) {
      const bo = obj(b);
      if (!bo) continue;
      const c = obj(bo.commander) ?? {};
      if (!obj(bo.commander)) bo.commander = c;
      out.push({ id: typeof c.id === 'string' ? c.id : `${String(bo.id)}-cdr`, holder: c, side: si === 0 ? 0 : 1 });
    }
    const cinc = obj(so?.cinc);
    if (cinc) out.push({ id: typeof cinc.id === 'string' ? cinc.id : `${String(so?.name)}-cinc`, holder: cinc, side: si === 0 ? 0 : 1 });
  });
  return out;
}

type Match = NagbRefit['rules'][number]['match'];

export function matches(m: Match, u: RawUnit): boolean {
  if (m.id !== undefined && u.unit.id !== m.id) return false;
  if (m.brigade !== undefined && u.formation !== m.brigade) return false;
  if (m.side !== undefined && u.side !== m.side) return false;
  if (m.arm !== undefined && (u.unit.arm ?? 'infantry') !== m.arm) return false;
  if (m.nationality !== undefined && u.unit.nationality !== m.nationality) return false;
  if (m.tag !== undefined && !arr(u.unit.tags).includes(m.tag)) return false;
  return true;
}

const omitted = (omit: RefitOmit | undefined, list: string, ruleIndex: number, field: string, unitId?: string) =>
  omit !== undefined && omit.list === list && omit.ruleIndex === ruleIndex && omit.field === field && (unitId === undefined || omit.unitId === unitId);

/** The scenario data with the refit applied (a copy) and what was set; conflicting rules throw. */
export function applyRefit(scenarioData: unknown, refit: NagbRefit, at: RefitErrorAt = { file: 'refit' }, omit?: RefitOmit): RefitOutcome {
  const data = structuredClone(obj(scenarioData) ?? {});
  const applied: AppliedRefit[] = [];
  const warnings: string[] = [];
  const units = rawUnits(data);
  // A class the refit sets replaces the unit's quality rung (src/rules/nagb/quality.ts): the rung is
  // the scenario's rating, the refit a better-informed one; keeping both would be a disagreement.
  const rate = (u: RawUnit, cls: unknown) => {
    u.unit.class = cls;
    delete u.unit.quality;
  };
  if (refit.defaultClass !== undefined) for (const u of units) rate(u, refit.defaultClass);
  const setBy = new Map<string, { rule: number; value: unknown }>();
  refit.rules.forEach((rule, ri) => {
    const hit = units.filter((u) => matches(rule.match, u));
    const fields = (['class', 'leadership', 'drilled'] as const).filter((f) => rule.set[f] !== undefined);
    for (const field of fields) {
      const value = rule.set[field];
      // p39-40: drill is a free change of formation, which a battery has not: a rule's drill goes to its foot and horse.
      const targets = field === 'drilled' ? hit.filter((u) => (u.unit.arm ?? 'infantry') !== 'artillery') : hit;
      for (const u of targets) {
        const key = `${String(u.unit.id)}\u0000${field}`;
        const prev = setBy.get(key);
        if (prev) {
          const what = `rules[${prev.rule}] and rules[${ri}] both set ${field} of unit '${String(u.unit.id)}'`;
          if (prev.value !== value) throw new VolleyInputError(at.file, at.lineOf?.(['rules', ri, 'set', field]), `rules[${ri}].set.${field}`, `${what}, to ${JSON.stringify(prev.value)} and ${JSON.stringify(value)}`);
          warnings.push(`${at.file}: ${what} (to the same value ${JSON.stringify(value)})`);
        } else setBy.set(key, { rule: ri, value });
      }
      if (targets.length) applied.push({ list: 'rules', ruleIndex: ri, unitIds: targets.map((u) => String(u.unit.id)), field, value, note: rule.note });
      for (const u of targets) {
        if (omitted(omit, 'rules', ri, field, String(u.unit.id))) continue;
        if (field === 'class') rate(u, value);
        else u.unit[field] = value;
      }
    }
  });
  const commanders = rawCommanders(data);
  refit.commanders.forEach((c, i) => {
    for (const k of commanders) {
      if (k.id !== c.id) continue;
      applied.push({ list: 'commanders', ruleIndex: i, unitIds: [], target: c.id, field: 'rating', value: c.rating, side: k.side, note: c.note });
      if (!omitted(omit, 'commanders', i, 'rating')) k.holder.rating = c.rating;
    }
  });
  return { data, applied, warnings };
}

/** Every entry of the refit, with where an error about it points. */
export function entries(refit: NagbRefit): ReturnType<RefitSupport['entries']> {
  return [
    ...refit.rules.map((r, i) => {
      // A rule that sets only drill applies to foot and horse alone (applyRefit): one matching only batteries sets nothing.
      const drillOnly = r.set.class === undefined && r.set.leadership === undefined;
      return { list: 'rules', index: i, path: ['rules', i, 'match'], field: `rules[${i}].match`, what: drillOnly ? 'matches no infantry or cavalry (drilled is not a battery\'s: p39-40)' : 'matches no unit' };
    }),
    ...refit.commanders.map((c, i) => ({ list: 'commanders', index: i, path: ['commanders', i, 'id'], field: `commanders[${i}].id`, what: `no commander '${c.id}'` })),
  ];
}

/** A value of a refitted scenario, for the report's column of what an exception replaces. */
export function valueIn(data: Record<string, unknown>, a: AppliedRefit, unit: string | null): unknown {
  if (a.list === 'rules') {
    const u = rawUnits(data).find((x) => x.unit.id === unit)?.unit;
    if (!u) return null;
    const cls = u.class ?? (typeof u.quality === 'string' && (QUALITY_LADDER as readonly string[]).includes(u.quality) ? classOfQuality(u.quality as Quality) : 'line');
    if (a.field === 'class') return cls;
    if (a.field === 'leadership') return u.leadership ?? `its class's (${String(cls)})`;
    if (a.field === 'drilled') return u.drilled ?? 'by class and nation';
    return u[a.field] ?? null;
  }
  const c = rawCommanders(structuredClone(data)).find((k) => k.id === a.target);
  return c?.holder.rating ?? 'competent';
}

export const NAGB_REFIT: RefitSupport = {
  body: refitBody,
  defaults: (refit: NagbRefit) => (refit.defaultClass ? `default class ${refit.defaultClass}` : 'each unit keeps its own class'),
  apply: applyRefit as RefitSupport['apply'],
  entries: entries as RefitSupport['entries'],
  valueIn,
  units: rawUnits,
  // p39-40: Line unless rated; leadership by class; drill by class and nation (p35).
  unitFields: { class: 'line', leadership: "its class's", drilled: 'by class and nation' },
  defaultsField: 'defaultClass',
};
