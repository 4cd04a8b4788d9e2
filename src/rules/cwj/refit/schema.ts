/**
 * The CWJ refit: an overlay that converts a scenario's order of battle to these rules (DESIGN.md): the
 * troop table each nation without one reads (rulings 1; [FrT] [AuT]), and per unit its troop type, its
 * rung of the quality ladder, or its fire, rally and melee values outright. It is applied to the raw
 * scenario before validation (./apply.ts).
 */
import { z } from 'zod';
import { QUALITY_LADDER } from '../../../core/ruleset.js';
import { TROOP_TYPES } from '../scenarios.js';

const note = z.string().min(1).optional().describe('Why: shown next to the exception in `volley refit check`.');
const idText = z.string().min(1).regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const refitMatchSchema = z
  .strictObject({
    id: idText.optional().describe('The unit with this id.'),
    corps: z.string().min(1).optional().describe('Units of this corps (its id).'),
    nation: z.string().min(1).optional().describe('Units of this nation (their own, or their side’s).'),
    type: z.enum(TROOP_TYPES).optional().describe('Units of this troop type.'),
    arm: z.enum(['infantry', 'cavalry', 'artillery']).optional().describe('Units of this arm.'),
    tag: z.string().min(1).optional().describe('Units whose `tags` include this.'),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), { message: 'a match needs at least one of id, corps, nation, type, arm, tag' })
  .describe('Which units the rule applies to: every field given must hold.');

export const refitRuleSchema = z.strictObject({
  match: refitMatchSchema,
  set: z
    .strictObject({
      type: z.enum(TROOP_TYPES).optional().describe('Troop type: the table row the unit reads.'),
      quality: z.enum(QUALITY_LADDER).optional().describe('A rung of the common quality ladder.'),
      fire: z.int().min(-3).max(6).optional().describe('Fire mod instead of the table’s; set on the matched infantry and artillery (cavalry never fires).'),
      rally: z.int().min(-3).max(6).optional().describe('Rally mod instead of the table’s.'),
      melee: z.int().min(-3).max(12).optional().describe('Melee factor instead of the table’s.'),
    })
    .refine((s) => Object.values(s).some((v) => v !== undefined), { message: 'set needs at least one of type, quality, fire, rally, melee' })
    .describe('The values the matched units get.'),
  note,
});

/** The fields of a CWJ refit beyond its kind, name, title and ruleset (src/scenario/refit.ts adds those). */
export const refitBody = {
  nations: z
    .array(
      z.strictObject({
        nation: z.string().min(1).describe('A nation without a table of its own (e.g. prussian, british, russian).'),
        table: z.enum(['french', 'austrian']).describe('The table it reads ([FrT] or [AuT]).'),
        note,
      }),
    )
    .default([])
    .describe('Which troop table each nation without one reads, instead of cwj.missingNationTable.'),
  rules: z.array(refitRuleSchema).default([]).describe('Unit exceptions: type, quality or values of the units a match selects.'),
};

const refitSchema = z.strictObject({ name: z.string(), title: z.string().optional(), ...refitBody });
export type Refit = z.infer<typeof refitSchema>;
export type RefitRule = z.infer<typeof refitRuleSchema>;
