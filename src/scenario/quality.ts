/**
 * The common quality ladder in scenario files (src/core/quality.ts): a unit's `quality: veteran`
 * becomes the ratings its rule system maps the rung to, before the scenario is validated; and the
 * common factor `<role>.quality` of experiments, which sets the rung of every unit of the side with
 * that role (`defender.quality: [conscript, guard]`), in any rule system.
 */
import type { z } from 'zod';
import { mergeQualityFields, QUALITY_LADDER, type Quality } from '../core/quality.js';
import type { RawUnit, Ruleset } from '../core/ruleset.js';

/** Every unit of a raw scenario, as the rule system finds them; null when it does not map the ladder. */
export function qualityUnits(rs: Ruleset<any, any>, data: Record<string, unknown>): RawUnit[] | null {
  if (!rs.quality) return null;
  const units = rs.quality.units ?? rs.refit?.units;
  return units ? units(data) : null;
}

/** The path of `target` inside `data` (by identity), or null. */
export function pathTo(data: unknown, target: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (data === target) return path;
  if (data === null || typeof data !== 'object') return null;
  for (const [k, v] of Object.entries(data)) {
    const found = pathTo(v, target, [...path, Array.isArray(data) ? Number(k) : k]);
    if (found) return found;
  }
  return null;
}

/**
 * The raw scenario with every unit's `quality` rung turned into its rule system's fields (a copy; the
 * data unchanged when no unit names one). A rung the system does not know or a field the unit gives
 * with another value is an issue at the unit's field. `unitsOf` finds the units: a scenario's by
 * default, an odds question's parameters' (OddsQuestion.qualityUnits) for an odds file.
 */
export function expandQuality(
  rs: Ruleset<any, any>,
  data: Record<string, unknown>,
  ctx: z.RefinementCtx,
  unitsOf: (data: Record<string, unknown>) => RawUnit[] | null = (d) => qualityUnits(rs, d),
): Record<string, unknown> {
  if (!rs.quality) return data;
  const copy = structuredClone(data);
  const units = unitsOf(copy);
  if (!units || !units.some((u) => u.unit.quality !== undefined)) return data;
  for (const u of units) {
    const rung = u.unit.quality;
    if (rung === undefined) continue;
    const at = pathTo(copy, u.unit) ?? [];
    if (typeof rung !== 'string' || !(QUALITY_LADDER as readonly string[]).includes(rung)) {
      ctx.addIssue({ code: 'custom', path: [...at, 'quality'], message: `expected a rung of the quality ladder: ${QUALITY_LADDER.join(', ')}; found ${JSON.stringify(rung)}` });
      continue;
    }
    const fields = rs.quality!.fields(rung as Quality, u.unit);
    const { merged, conflicts } = mergeQualityFields(u.unit, fields);
    for (const k of conflicts) {
      ctx.addIssue({
        code: 'custom',
        path: [...at, k],
        message: `${k} ${JSON.stringify(u.unit[k])} disagrees with quality ${rung} (${k} ${JSON.stringify(fields[k])} in ${rs.id}); give the rung or the ${k}, not both`,
      });
    }
    Object.assign(u.unit, merged);
  }
  return copy;
}

/** A factor path of the form `<role>.quality`: the rung of every unit of the side with that role. */
export const ROLE_QUALITY = /^([A-Za-z][A-Za-z0-9_-]*)\.quality$/;

/**
 * The places a `<role>.quality` factor sets in a raw scenario: the `quality` field of every unit of
 * the side whose role is `role` (`roles`: the scenario's sides' roles, from its rule system's
 * describe), as paths into the data. Null when no side has the role.
 */
export function roleQualityPlaces(rs: Ruleset<any, any>, data: Record<string, unknown>, roles: readonly string[], role: string): (string | number)[][] | null {
  const side = roles.indexOf(role);
  if (side < 0) return null;
  const units = qualityUnits(rs, data) ?? [];
  return units.filter((u) => u.side === side).map((u) => [...(pathTo(data, u.unit) ?? []), 'quality']);
}
