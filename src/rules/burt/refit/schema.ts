/**
 * The Burt refit: an overlay that converts a scenario's order of battle to Burt's ratings (DESIGN.md,
 * "Refits"): every unit's morale class (8) at a default, with exceptions by unit, and the order chits
 * units start with (4); army morale by side (10). It is applied to the raw scenario data before
 * validation (./apply.ts).
 */
import { z } from 'zod';
import { ORDERS } from '../orders.js';
import { ARMS, CLASSES } from '../scenarios.js';

const note = z.string().min(1).optional().describe('Why: shown next to the exception in `volley refit check`.');
const idText = z.string().min(1).regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const refitMatchSchema = z
  .strictObject({
    id: idText.optional().describe('The unit with this id.'),
    side: z.union([z.literal(0), z.literal(1), z.string().min(1)]).optional().describe("Units of this side: its index (0, 1) or its name."),
    arm: z.enum(ARMS).optional().describe('Units of this arm: infantry, cavalry, skirmishers or guns.'),
    brigade: z.string().min(1).optional().describe("Units of this brigade (the unit's `brigade`, else its side's name)."),
    nationality: z.string().min(1).optional().describe('Units whose `nationality` is this.'),
    tag: z.string().min(1).optional().describe('Units whose `tags` include this.'),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), { message: 'a match needs at least one of id, side, arm, brigade, nationality, tag' })
  .describe('Which units the rule applies to: every field given must hold.');

export const refitRuleSchema = z.strictObject({
  match: refitMatchSchema,
  set: z
    .strictObject({
      class: z.enum(CLASSES).optional().describe('8: the morale class instead of the default.'),
      orders: z.enum(ORDERS).optional().describe('4: the order chit the unit starts with.'),
    })
    .refine((s) => s.class !== undefined || s.orders !== undefined, { message: 'set needs at least one of class, orders' })
    .describe('The values the matched units get.'),
  note,
});

/** The fields of a Burt refit beyond its kind, name, title and ruleset (src/scenario/refit.ts adds those). */
export const refitBody = {
  defaultClass: z.enum(CLASSES).default('C').describe('8: the class of every unit no rule sets (C: line troops).'),
  rules: z.array(refitRuleSchema).default([]).describe('Unit exceptions: the class and starting orders of the units a match selects.'),
  armies: z
    .array(
      z.strictObject({
        side: z.union([z.literal(0), z.literal(1), z.string().min(1)]).describe('Side index (0 or 1) or side name.'),
        armyMorale: z.int().min(1).max(60).describe('10: the army morale it starts with.'),
        note,
      }),
    )
    .default([])
    .describe('Army morale by side (10).'),
  standard: z
    .strictObject({ figures: z.int().min(4).max(60).default(24).describe('Figures of the standard battalion (default 24).') })
    .optional()
    .describe("The standard line battalion of `volley refit check`'s duels, at the default class."),
};

const refitSchema = z.strictObject({ name: z.string(), title: z.string().optional(), ...refitBody });
export type Refit = z.infer<typeof refitSchema>;
