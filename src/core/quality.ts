/**
 * The common quality ladder (DESIGN.md, "Cross-system studies"): five rungs every rule system maps
 * onto its own ratings, so that one question ("does a veteran garrison hold?") can be asked of all of
 * them. A unit of any scenario may say `quality: veteran`; its rule system's mapping
 * (Ruleset.quality) then sets the ratings the rung stands for.
 */
import { z } from 'zod';

export const QUALITY_LADDER = ['conscript', 'line', 'veteran', 'elite', 'guard'] as const;
export type Quality = (typeof QUALITY_LADDER)[number];

/** The `quality` field of a unit, in every rule system's unit schema that maps the ladder. */
export const qualityField = z
  .enum(QUALITY_LADDER)
  .optional()
  .describe(
    "The common quality ladder: conscript, line, veteran, elite or guard. Sets the ratings the rule system maps the rung to (`volley rulesets ID` lists them); give the rung or those ratings, not both.",
  );

/** A rung's fields merged into a unit: lists are joined, other fields may not be given with another value. */
export function mergeQualityFields(unit: Record<string, unknown>, fields: Record<string, unknown>): { merged: Record<string, unknown>; conflicts: string[] } {
  const merged = { ...unit };
  const conflicts: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    const own = unit[k];
    if (own === undefined) merged[k] = v;
    else if (Array.isArray(own) && Array.isArray(v)) merged[k] = [...own, ...v.filter((x) => !own.includes(x))];
    else if (JSON.stringify(own) !== JSON.stringify(v)) conflicts.push(k);
  }
  return { merged, conflicts };
}
