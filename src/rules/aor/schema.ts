/**
 * The Age of Rifles assault scenario as a zod schema: one or more attacking stacks against one
 * defending stack, no map (issue: "an assault engagement that needs no map").
 */
import { z } from 'zod';
import { qualityField } from '../../core/quality.js';
import { HIT_POLICIES, HIT_POLICY_DOCS, policyList, RETREAT_POLICIES, RETREAT_POLICY_DOCS, DOCTRINE_PRESETS } from './doctrine/assault.js';
import { HEX_TERRAIN, HEXSIDE_TERRAIN } from './terrain.js';
import { defaultSteps, UNIT_KINDS } from './units.js';

export const UNIT_FLAGS = ['steadfast', 'oldGuard', 'repeating'] as const;

const id = z
  .string()
  .min(1)
  .regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

/** Fields of a unit, shared by every engagement kind. */
export const unitShape = {
    id: id.describe('Unique name of the unit; refits and vary paths select units by it.'),
    kind: z.enum(UNIT_KINDS).default('infantry').describe('infantry, cavalry, artillery (foot) or horseArtillery.'),
    strength: z.int().min(1, 'a combat unit has a strength of 1 or more (2.2, 7.1: it adds its strength to the fire)').max(99).describe('Combat strength on the front side.'),
    reduced: z.int().min(0).max(99).optional().describe('Strength on the reverse side; default: half the strength rounded up.'),
    steps: z
      .union([z.literal(1), z.literal(2)])
      .optional()
      .describe('2 for a backprinted unit, 1 otherwise (6.1); default 2, artillery 1.'),
    damaged: z.boolean().default(false).describe('Starts on its reduced side.'),
    disrupted: z.boolean().default(false).describe('Starts disrupted (6.2).'),
    morale: z.int().min(0).max(10).default(4).describe('Morale rating (2.2); refits give exceptions to the default 4.'),
    flags: z.array(z.enum(UNIT_FLAGS)).default([]).describe('steadfast: no -1 for a lost step; oldGuard; repeating weapons.'),
    quality: qualityField,
    formation: z.string().optional().describe('Formation (corps or division) the unit belongs to.'),
    pursuit: z.int().min(0).max(10).optional().describe('Pursuit rating of cavalry (2.2, 7.7); default by aor.pursuitRatingDefault.'),
    nationality: z.string().min(1).optional().describe('Nationality, for refits to match; no effect on play.'),
    tags: z.array(z.string().min(1)).optional().describe('Free labels (e.g. landwehr, guard), for refits to match; no effect on play.'),
};

type UnitFields = { strength: number; reduced?: number; damaged: boolean; steps?: 1 | 2; kind: (typeof UNIT_KINDS)[number]; pursuit?: number };

/** Cross-field checks of a unit (6.1): a reduced side no stronger than the front, a one-step unit never damaged, a pursuit rating only on cavalry (2.2). */
export function checkUnit(u: UnitFields, ctx: z.RefinementCtx): void {
  if (u.reduced !== undefined && u.reduced > u.strength) {
    ctx.addIssue({ code: 'custom', path: ['reduced'], message: `reduced strength ${u.reduced} is above the full strength ${u.strength}` });
  }
  if (u.damaged && (u.steps ?? defaultSteps(u.kind)) === 1) {
    ctx.addIssue({ code: 'custom', path: ['damaged'], message: 'a one-step unit cannot start damaged' });
  }
  if (u.pursuit !== undefined && u.kind !== 'cavalry') {
    ctx.addIssue({ code: 'custom', path: ['pursuit'], message: `a pursuit rating is cavalry's (2.2, 7.7); this unit is ${u.kind}` });
  }
}

export const unitSchema = z.strictObject(unitShape).superRefine(checkUnit);

export { defaultSteps };

const doctrineParams = z.strictObject({
  preset: z.enum(Object.keys(DOCTRINE_PRESETS) as [string, ...string[]]).default('by-the-book'),
  retreatWhen: z.enum(RETREAT_POLICIES).optional().describe(`When to retreat voluntarily (7.4). ${policyList(RETREAT_POLICY_DOCS)}.`),
  retreatHits: z.int().min(1).max(20).optional().describe('Threshold in hits for hitsAtLeast and outshot.'),
  fireFirst: z
    .union([z.boolean(), z.literal('random')])
    .optional()
    .describe('As defender, fire first when 7.3 allows it: true, false, or random (a coin flip each time).'),
  hitAllocation: z.enum(HIT_POLICIES).optional().describe(`Which eligible unit takes each hit (7.1). ${policyList(HIT_POLICY_DOCS)}.`),
  holdObjective: z.boolean().optional().describe('As defender of an objective hex, never retreat from it voluntarily.'),
});

/** An assault doctrine named or given as parameters, without a default. */
export const assaultDoctrineField = z.union([z.enum(Object.keys(DOCTRINE_PRESETS) as [string, ...string[]]), doctrineParams]);

export const doctrineSchema = assaultDoctrineField
  .default('by-the-book')
  .describe(`A named assault doctrine (${Object.keys(DOCTRINE_PRESETS).join(', ')}) or { preset, ...parameters }.`);

export const ORDERS = ['attack', 'defend', 'march', 'reserve'] as const;

export const sideCommon = {
  name: z.string().min(1).describe('Name of the side in reports.'),
  orders: z.enum(ORDERS).describe('Orders of the side (12.2); March and Reserve give morale -1.'),
  demoralized: z.boolean().default(false).describe("The side's formation is demoralized (14.1): morale -1."),
  doctrine: doctrineSchema,
};

export const stackSchema = z.strictObject({
  hexside: z.int().min(0).max(5).describe("Hexside of the defender's hex the stack attacks through, 0..5 around the hex."),
  across: z.enum(HEXSIDE_TERRAIN).default('none').describe('Terrain of that hexside: none, stream, crest, bridge, fortified.'),
  terrain: z.enum(HEX_TERRAIN).default('clear').describe("Terrain of the attacking stack's own hex."),
  movedAdjacent: z
    .boolean()
    .default(false)
    .describe("On turn 1 the stack moved adjacent out of a non-adjacent hex in the defender's LOS (7.3: the defender may fire first). When every stack did, the defender started the turn outside their ZOC: its cavalry and horse artillery may retreat before the assault (7.11)."),
  units: z.array(unitSchema).min(1).max(2).describe('One or two units (5.3 stacking).'),
});

export const assaultScenarioBody = {
  engagement: z.literal('assault').describe('The kind of engagement: assault (no map).'),
  turns: z.int().min(1).max(100).default(6).describe('Turns of assault before time runs out.'),
  onTime: z.enum(['defender', 'draw']).default('defender').describe('Who is credited when time runs out.'),
  attacker: z.strictObject({
    ...sideCommon,
    orders: sideCommon.orders
      .default('attack')
      // 12.2: March and Reserve units may not enter ZOCs or attack; Defend may counterattack.
      .refine((o) => o === 'attack' || o === 'defend', { message: 'units under March or Reserve orders may not enter enemy ZOCs or attack (12.2): an attacker has Attack orders (or Defend, counterattacking)' }),
    stacks: z.array(stackSchema).min(1).max(6).describe('Attacking stacks, each in its own hex around the defender.'),
  }),
  defender: z.strictObject({
    ...sideCommon,
    orders: sideCommon.orders.default('defend'),
    terrain: z.enum(HEX_TERRAIN).default('clear').describe("Terrain of the defender's hex."),
    units: z.array(unitSchema).min(1).max(2).describe('One or two units (5.3 stacking; a fort holds one, 10.1).'),
  }),
};

export type AssaultUnit = z.infer<typeof unitSchema>;
export type DoctrineField = z.infer<typeof doctrineSchema>;
