/**
 * The Age of Eagles refit: an overlay that converts a scenario's order of battle to troop ratings
 * (DESIGN.md): every unit's quality (Conscript, Regular, Elite, and guard: p1, p2; rulings 1, 7) from a
 * default with exceptions, and the national characteristics the text rates units by, the infantry
 * March Mode (p3) and the musket (p2). It is applied to the raw scenario data before validation
 * (./apply.ts).
 */
import { z } from 'zod';
import { ARMS, UNIT_TROOPS } from '../scenarios.js';

const note = z.string().min(1).optional().describe('Why: shown next to the exception in `volley refit check`.');
const idText = z.string().min(1).regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const refitMatchSchema = z
  .strictObject({
    id: idText.optional().describe('The unit with this id.'),
    side: z.union([z.literal(0), z.literal(1), z.string().min(1)]).optional().describe('Units of this side: its index (0 or 1) or its name.'),
    arm: z.enum(ARMS).optional().describe('Units of this arm: infantry, cavalry or artillery.'),
    nationality: z.string().min(1).optional().describe('Units whose `nationality` is this.'),
    tag: z.string().min(1).optional().describe('Units whose `tags` include this.'),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), { message: 'a match needs at least one of id, side, arm, nationality, tag' })
  .describe('Which units the rule applies to: every field given must hold.');

export const refitRuleSchema = z.strictObject({
  match: refitMatchSchema,
  set: z
    .strictObject({
      troops: z.enum(UNIT_TROOPS).optional().describe('Troop quality instead of the default (p1: March -1/0/+1; p2: Bayonet & Sabre 0/+1/+2; guard per aoe.guardStep).'),
      marchMode: z.enum(['linear', 'columnar', 'impulse']).optional().describe('Infantry March Mode (p3): the formation it favours when it moves; set on the matched infantry (no other arm has one).'),
      musket: z.union([z.literal(2), z.literal(3)]).optional().describe('Infantry musket: 2-rank (2.5 fire points a stand) or 3-rank (2) (p2); set on the matched infantry (no other arm has one).'),
    })
    .refine((s) => s.troops !== undefined || s.marchMode !== undefined || s.musket !== undefined, { message: 'set needs at least one of troops, marchMode, musket' })
    .describe('The values the matched units get.'),
  note,
});

/** The fields of an Age of Eagles refit beyond its kind, name, title and ruleset (src/scenario/refit.ts adds those). */
export const refitBody = {
  defaultTroops: z.enum(UNIT_TROOPS).default('regular').describe('Troop quality (troops) of every unit no rule sets (rulings 7: line troops are Regular).'),
  rules: z.array(refitRuleSchema).default([]).describe('Unit exceptions: the troop quality (troops), March Mode and musket of the units a match selects.'),
};

const refitSchema = z.strictObject({ name: z.string(), title: z.string().optional(), ...refitBody });
export type AoeRefit = z.infer<typeof refitSchema>;
export type AoeRefitRule = z.infer<typeof refitRuleSchema>;
