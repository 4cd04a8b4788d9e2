/**
 * The Age of Rifles battle scenario: a hex map, two sides of formations (corps or divisions) with
 * orders, a turn limit and victory conditions (sections 4-8, 13, 14, 18).
 *
 * Coordinates are "col,row" in the map's offset layout (odd rows shifted half a hex right); a hexside
 * is "col,row/DIR" with DIR one of E, NE, NW, W, SW, SE.
 */
import { z } from 'zod';
import { BATTLE_DOCTRINE_PRESETS } from './doctrine/battle.js';
import { DIRECTION_NAMES, HEX_RE, HEXSIDE_RE, TERRAIN_CODES } from './mapText.js';
import { assaultDoctrineField, ORDERS, unitShape, checkUnit } from './schema.js';
import { DOCTRINE_PRESETS } from './doctrine/assault.js';

export { DIRECTION_NAMES, HEX_RE, HEXSIDE_RE, TERRAIN_CODES };


const hex = z.string().regex(HEX_RE, 'expected a hex as "col,row", e.g. "4,7"');
const hexside = z.string().regex(HEXSIDE_RE, 'expected a hexside as "col,row/DIR" with DIR one of E, NE, NW, W, SW, SE');
const hexPath = z
  .string()
  .regex(/^\s*\d+\s*,\s*\d+(\s+\d+\s*,\s*\d+)+\s*$/, 'expected hexes separated by spaces, e.g. "1,4 2,4 3,5"');

export const mapSchema = z.strictObject({
  width: z.int().min(2).max(200).describe('Columns of hexes.'),
  height: z.int().min(2).max(200).describe('Rows of hexes.'),
  terrain: z
    .string()
    .optional()
    .describe(
      'Rows of one-character tokens separated by spaces: . clear, T town, C chateau, W woods, F forest, X fort. Odd rows may be indented by a space. Default: all clear.',
    ),
  streams: z.array(hexside).default([]).describe('Stream hexsides: +2 MP to cross (5.2), -25% to fire across (Terrain Effects).'),
  rivers: z.array(hexside).default([]).describe('River hexsides: impassable except at bridges; they negate ZOCs (5.4).'),
  bridges: z.array(hexside).default([]).describe('Bridge hexsides over a stream or river: no extra cost (5.2), -50% to fire across.'),
  crests: z.array(hexside).default([]).describe('Crest hexsides: -25% to fire across; they block LOS (8.3).'),
  fortified: z.array(hexside).default([]).describe('Fortified hexsides (10.2): attacks across them are halved.'),
  roads: z.array(hexPath).default([]).describe('Roads, each a chain of adjacent hexes: 1/2 MP under March orders (5.2).'),
  trails: z.array(hexPath).default([]).describe('Trails, each a chain of adjacent hexes: 1 MP under March orders (5.2).'),
});

export const battleUnitSchema = z
  .strictObject({
    ...unitShape,
    at: hex.describe('Hex the unit starts in.'),
    movement: z.int().min(0).max(30).optional().describe('Movement allowance; default infantry 4, cavalry 6, artillery 4, horse artillery 6.'),
    arrives: z.int().min(1).optional().describe('A reinforcement (9): the turn it enters at its `at` hex (or the nearest hex out of enemy ZOC).'),
  })
  .superRefine(checkUnit);

const idText = z.string().regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const leaderSchema = z.strictObject({
  id: idText.describe('Leader id (unique among units and leaders).'),
  name: z.string().optional(),
  rating: z.int().min(0).max(6).describe('Leader rating (2.1, 12.3, 12.4).'),
  at: hex.describe('Hex the leader starts in.'),
});

export const formationSchema = z.strictObject({
  id: z.string().regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets').describe('Formation id.'),
  name: z.string().optional().describe('Name in reports; default the id.'),
  orders: z.enum(ORDERS).describe('Orders (12.2): attack (needs objective), defend, march, reserve.'),
  objective: hex.optional().describe('For attack orders: the hex the formation is to take.'),
  demoralization: z
    .int()
    .min(1)
    .optional()
    .describe('Demoralization limit (14.1): the formation is demoralized once the full strength of its eliminated units reaches it.'),
  leader: leaderSchema.optional().describe('The formation leader (11, 12); without one the formation is always in command.'),
  units: z.array(battleUnitSchema).min(1).describe('The units of the formation.'),
});

export const commanderSchema = leaderSchema.extend({
  role: z.enum(['oc', 'wc']).describe('Overall commander (all formations) or wing commander (12).'),
  formations: z.array(idText).optional().describe('For a wing commander: the formations he commands.'),
});

const orderSpec = z.strictObject({
  formation: idText.describe('The formation receiving the order.'),
  orders: z.enum(ORDERS),
  objective: hex.optional().describe('Objective hex of an attack (or march, or defend) order.'),
  from: idText.optional().describe('The commander sending it; default the overall commander.'),
});

export const planStepSchema = z
  .strictObject({
    turn: z.int().min(1).optional().describe('Send the order in this turn'),
    whenDemoralized: idText.optional().describe('...or once this formation (of either side) is demoralized'),
    whenLost: z.string().optional().describe('...or once the enemy holds the objective of this name'),
    order: orderSpec,
  })
  .refine((p) => p.turn !== undefined || p.whenDemoralized !== undefined || p.whenLost !== undefined, {
    message: 'a plan step needs a turn, whenDemoralized or whenLost',
  });

const battleDoctrineParams = z.strictObject({
  preset: z.enum(Object.keys(BATTLE_DOCTRINE_PRESETS) as [string, ...string[]]).default('by-the-book'),
  engageRadius: z.int().min(1).max(20).optional(),
  attackOdds: z.number().min(0).max(10).optional(),
  support: z.number().min(0).max(10).optional().describe('Attack orders: the odds of friendly strength near an enemy stack a unit waits for (one turn at most) before stepping into its ZOC; 0 never waits.'),
  counterattackRatio: z.number().min(0).max(10).optional(),
  advance: z.boolean().optional(),
  advanceIntoThreat: z.boolean().optional(),
  chargeRatio: z.number().min(0).max(10).optional(),
  pursue: z.boolean().optional(),
  random: z.boolean().optional(),
  commitReserves: z.enum(['never', 'whenEngaged', 'whenDemoralized']).optional(),
  rallyBroken: z.boolean().optional().describe('The overall commander sends demoralized formations with Attack orders a Reserve order (12.5, 15).'),
  approach: z.enum(['cheapest', 'covered']).optional().describe('Movement paths: the cheapest, or covered: the last step into contact from out of the enemy\'s line of sight where possible (7.3).'),
  reorganize: z.enum(['strongest', 'steadiest']).optional().describe('Which eliminated units come back first at reorganization (15).'),
  assault: z
    .enum(Object.keys(DOCTRINE_PRESETS) as [string, ...string[]])
    .optional()
    .describe('The assault doctrine the side fights with when it names none itself.'),
});

export const battleDoctrineSchema = z
  .union([z.enum(Object.keys(BATTLE_DOCTRINE_PRESETS) as [string, ...string[]]), battleDoctrineParams])
  .default('by-the-book')
  .describe('How the side plays its orders: a preset (by-the-book, aggressive, careful, random-legal) or { preset, ...parameters }.');

export const battleSideSchema = z.strictObject({
  name: z.string().min(1).describe('Name of the side.'),
  role: z.enum(['attacker', 'defender']).optional().describe('Role in reports; default from the orders of its formations.'),
  armyDemoralization: z
    .int()
    .min(1)
    .optional()
    .describe('Army demoralization level (13): the strength of eliminated units at which the army is demoralized.'),
  supply: z.array(hex).min(1).describe('Supply source hexes; retreats head toward the nearest (7.4).'),
  doctrine: assaultDoctrineField
    .optional()
    .describe(
      "How the side's stacks fight an assault (7.3 fire first, 7.4 voluntary retreat, 7.1 hit allocation): a named assault doctrine or { preset, ...parameters }. Default: the one its battle doctrine plays with (its assault parameter).",
    ),
  battleDoctrine: battleDoctrineSchema,
  formations: z.array(formationSchema).min(1).describe('Formations (corps or divisions).'),
  commanders: z.array(commanderSchema).default([]).describe('Overall commander and wing commanders (12), who send orders.'),
  plan: z.array(planStepSchema).default([]).describe('New orders sent during the battle, by turn or condition (12.3, 12.4, 12.5).'),
});

export const objectiveSchema = z.strictObject({
  name: z.string().optional(),
  at: hex.describe('Objective hex.'),
  vp: z.int().min(0).max(1000).describe('Victory points to the side that occupies it at the end (18).'),
  holder: z.union([z.literal(0), z.literal(1)]).optional().describe('Side that holds it at the start (default: the side with a unit there, else nobody).'),
});

export const battleScenarioBody = {
  engagement: z.literal('battle').describe('A battle on a hex map.'),
  turns: z.int().min(1).max(100).describe('Game turns.'),
  night: z.array(z.int().min(1)).default([]).describe('Night (or rain) turns (5.5, 16): no entering enemy ZOCs, no combat, no bombardment.'),
  first: z.union([z.literal(0), z.literal(1)]).default(0).describe('The side whose player turn comes first in each game turn (4).'),
  map: mapSchema,
  sides: z.tuple([battleSideSchema, battleSideSchema]).describe('The two sides.'),
  objectives: z.array(objectiveSchema).default([]).describe('Objective hexes (18).'),
  supplyRule: z.boolean().default(true).describe('Play supply (17): units that cannot trace supply at the end of their turn lose a step.'),
  history: z
    .strictObject({
      hoursPerTurn: z.number().min(0.1).max(24).describe('Hours of real time one game turn stands for.'),
      menPerStrengthPoint: z.number().min(1).max(100000).describe('Men one strength point stands for.'),
      note: z.string().optional().describe('What the battle was, for the report.'),
      actual: z
        .array(z.strictObject({ side: z.union([z.literal(0), z.literal(1)]), lossPercent: z.number().min(0).max(100), hours: z.number().min(0.1).max(200) }))
        .default([])
        .describe("The historical losses: each side's share of its strength lost and over how many hours."),
    })
    .optional()
    .describe('Scale assumptions for comparing simulated losses per hour with the historical record (report).'),
  victory: z
    .strictObject({
      eliminationVp: z.number().min(0).default(1).describe('VP per full strength point of eliminated enemy units (18).'),
      drawMargin: z.number().min(0).default(0).describe('A side wins on VP only when ahead by more than this.'),
      armyDemoralizedLoses: z.boolean().default(true).describe('The first army to be demoralized loses at once (13, 18).'),
    })
    .prefault({}),
};

export type BattleUnit = z.infer<typeof battleUnitSchema>;
export type BattleSide = z.infer<typeof battleSideSchema>;
export interface BattleScenario {
  engagement: 'battle';
  turns: number;
  night: number[];
  first: 0 | 1;
  map: z.infer<typeof mapSchema>;
  sides: [BattleSide, BattleSide];
  objectives: z.infer<typeof objectiveSchema>[];
  supplyRule: boolean;
  history?: { hoursPerTurn: number; menPerStrengthPoint: number; note?: string; actual: { side: 0 | 1; lossPercent: number; hours: number }[] };
  victory: { eliminationVp: number; drawMargin: number; armyDemoralizedLoses: boolean };
}
