/**
 * The Age of Rifles refit: an overlay that converts a scenario's order of battle to a set of ratings
 * (DESIGN.md): morale exceptions to the default 4 (2.2), flags and pursuit ratings of units, corps
 * demoralization limits (14.1), army demoralization levels (13) and leader ratings (2.1). It is applied
 * to the raw scenario data before validation (./apply.ts).
 */
import { z } from 'zod';
import { UNIT_FLAGS } from '../schema.js';
import { UNIT_KINDS } from '../units.js';

const note = z.string().min(1).optional().describe('Why: shown next to the exception in `volley refit check`.');
const idText = z.string().min(1).regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const refitMatchSchema = z
  .strictObject({
    id: idText.optional().describe('The unit with this id.'),
    formation: z.string().min(1).optional().describe('Units of this formation (the battle formation id, or the unit\'s `formation` field).'),
    nationality: z.string().min(1).optional().describe('Units whose `nationality` is this.'),
    kind: z.enum(UNIT_KINDS).optional().describe('Units of this kind: infantry, cavalry, artillery or horseArtillery.'),
    tag: z.string().min(1).optional().describe('Units whose `tags` include this.'),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), { message: 'a match needs at least one of id, formation, nationality, kind, tag' })
  .describe('Which units the rule applies to: every field given must hold.');

export const refitRuleSchema = z.strictObject({
  match: refitMatchSchema,
  set: z
    .strictObject({
      morale: z.int().min(0).max(10).optional().describe('Morale rating (2.2) instead of the default.'),
      flags: z.array(z.enum(UNIT_FLAGS)).min(1).optional().describe('Flags added to the unit: steadfast, oldGuard, repeating.'),
      pursuit: z.int().min(0).max(10).optional().describe('Pursuit rating (2.2, 7.7).'),
    })
    .refine((s) => s.morale !== undefined || s.flags !== undefined || s.pursuit !== undefined, { message: 'set needs at least one of morale, flags, pursuit' })
    .describe('The values the matched units get.'),
  note,
});

/** The fields of an Age of Rifles refit beyond its kind, name, title and ruleset (src/scenario/refit.ts adds those). */
export const refitBody = {
  defaultMorale: z.int().min(0).max(10).default(4).describe('Morale of every unit no rule sets (2.2: 4).'),
  rules: z.array(refitRuleSchema).default([]).describe('Unit exceptions: morale, flags and pursuit ratings of the units a match selects.'),
  formations: z
    .array(z.strictObject({ id: idText.describe('Formation id.'), demoralization: z.int().min(1).describe('Demoralization limit (14.1).'), note }))
    .default([])
    .describe('Corps (formation) demoralization limits.'),
  armies: z
    .array(
      z.strictObject({
        side: z.union([z.literal(0), z.literal(1), z.string().min(1)]).describe('Side index (0 or 1) or side name.'),
        demoralization: z.int().min(1).describe('Army demoralization level (13).'),
        note,
      }),
    )
    .default([])
    .describe('Army demoralization levels.'),
  leaders: z
    .array(z.strictObject({ id: idText.describe('Leader or commander id.'), rating: z.int().min(0).max(6).describe('Leader rating (2.1).'), note }))
    .default([])
    .describe('Leader ratings.'),
  standard: z
    .strictObject({
      strength: z.int().min(1).max(99).describe('Full strength of the standard unit (default 6).'),
      reduced: z.int().min(0).max(99).optional().describe('Its reduced strength (default half the strength, rounded up).'),
    })
    .refine((s) => s.reduced === undefined || s.reduced <= s.strength, { message: 'reduced is above strength', path: ['reduced'] })
    .optional()
    .describe("The standard line infantry unit of `volley refit check`'s duels, at the default morale (default strength 6, reduced 3)."),
};

const refitSchema = z.strictObject({ name: z.string(), title: z.string().optional(), ...refitBody });
export type Refit = z.infer<typeof refitSchema>;
export type RefitRule = z.infer<typeof refitRuleSchema>;
