/**
 * The Burt scenario on the engagement lane (src/core/ruleset.ts, ScenarioKind; docs/table.md): two
 * sides with their units placed along one axis in inches, terrain intervals, an objective zone and a
 * turn limit. x is the axis: the defender's front line at 0 by convention, the attacker at positive x
 * facing toward lower x (so `at: 16` is 400 yards from the defenders); y runs across the lane, 0 on
 * its centre line. src/scenario adds the envelope (kind, name, title, question, ruleset, options).
 */
import { z } from 'zod';
import { formatPath } from '../../core/errors.js';
import { qualityField } from '../../core/quality.js';
import type { ScenarioKind } from '../../core/ruleset.js';
import { EPS, axialOverlap, body, lateralOverlap, makeLane, onLane, withinWidth, zoneOffLane, type Body } from '../../table/index.js';
import { DOCTRINE_NAMES } from './doctrine/presets.js';
import { figureModel, type Arm, type Formation } from './figures.js';
import { ORDERS } from './orders.js';
import { GUN_CREW } from './tables.js';

export const ARMS = ['infantry', 'cavalry', 'skirmishers', 'guns'] as const;
export const FORMATIONS = ['line', 'column', 'square', 'open'] as const;
export const WEAPONS = ['musket', 'rifle', 'carbine'] as const;
export const ORDNANCE = ['4pdr', '6pdr', '9pdr', '12pdr', 'howitzer'] as const;
export const CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export const TERRAIN_KINDS = ['village', 'woods', 'ford', 'hedge', 'wall', 'road'] as const;
/** Kinds drawn as lines (from === to): crossed, not entered. */
export const LINE_KINDS: readonly string[] = ['hedge', 'wall'];

const id = z
  .string()
  .min(1)
  .regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

const doctrineParams = z.strictObject({
  preset: z.enum(DOCTRINE_NAMES).optional().describe("The preset the parameters change; default the side's (column-assault attacking, hold-and-fire defending)."),
  random: z.boolean().optional(),
  initiative: z.enum(['first', 'second']).optional().describe('3.2: act first or second on winning the initiative.'),
  approach: z.enum(['column', 'line']).optional().describe('12: the formation foot advances in.'),
  deployAt: z.number().min(0).max(48).optional().describe('Inches from the enemy at which columns deploy into line to fire; 0 never.'),
  closeTo: z.number().min(0).max(48).optional().describe('Inches from the enemy to close to before firing or assaulting.'),
  assaultWhen: z.enum(['inReach', 'targetDisordered', 'targetShaken']).optional().describe('4, 9: when a unit in charge reach gets ASSAULT orders.'),
  fireTurns: z.int().min(0).max(20).optional().describe('Turns of fire before assaulting anyway (0: no limit).'),
  commitReserves: z.enum(['whenEngaged', 'onRout', 'never']).optional().describe('4, 10: when the second line leaves RESERVE.'),
  giveUp: z.enum(['never', 'armyDemoralised']).optional().describe('Give the attack up when army morale reaches 0 (10).'),
  counterAttack: z.enum(['never', 'disordered', 'shaken']).optional().describe('4, 9: assault an assailant in reach at this level or worse.'),
  squareAgainstCavalry: z.boolean().optional().describe('4, 12: take MANOEUVER orders to form square when cavalry threatens.'),
  regroupAt: z.int().min(1).max(3).optional().describe('4, 7: REGROUP at this level or worse: 1 unformed, 2 disordered, 3 shaken.'),
  followUp: z.boolean().optional().describe('9: follow up a push-back.'),
});

export const doctrineField = z
  .union([z.enum(DOCTRINE_NAMES), doctrineParams])
  .optional()
  .describe(`A named doctrine (${DOCTRINE_NAMES.join(', ')}) or { preset, ...parameters }; default column-assault attacking, hold-and-fire defending, also the preset of an object without one.`);

export const unitSchema = z.strictObject({
  id: id.describe('Unique name of the unit; refits and vary paths select units by it.'),
  arm: z.enum(ARMS).default('infantry').describe('2: infantry (battalions), cavalry (regiments), skirmishers or guns (a battery).'),
  figures: z.int().min(1).max(60).optional().describe('2: figures (30 men each); default 24 infantry, 16 cavalry, 8 skirmishers. Guns: see guns.'),
  guns: z.int().min(1).max(12).optional().describe('6: gun models of a battery; default burt.gunsPerBattery.'),
  ordnance: z.enum(ORDNANCE).optional().meta({ default: '6pdr' }).describe('6: the battery\'s guns (crew 3 for 4pdr, 4 for 6 and 9pdr and howitzers, 5 for 12pdr; default 6pdr). Guns only.'),
  horse: z.boolean().optional().meta({ default: false }).describe('5: horse artillery (9" a move) rather than foot (6"; default false). Guns only.'),
  limbered: z.boolean().optional().meta({ default: false }).describe('4, 5: guns start limbered (default false). Guns only.'),
  weapon: z.enum(WEAPONS).optional().describe('6: muskets (default for foot), rifles, or carbines (default for horse).'),
  class: z.enum(CLASSES).optional().describe('8: morale class, A (2 to pass) ... E (6); default C. A quality rung sets it (conscript D, line C, veteran B, elite A, guard A).'),
  quality: qualityField,
  formation: z.enum(FORMATIONS).optional().describe('12: line, column, square, or open (skirmishers only); default line (open for skirmishers).'),
  light: z.boolean().optional().meta({ default: false }).describe('Cavalry: light (12" a move; attacking formed troops it needs 1 more to hit, 9, burt.lightCavalryFormed) rather than heavy (default false). Cavalry only.'),
  armoured: z.boolean().optional().meta({ default: false }).describe('Cavalry: armoured (cuirassiers): -2 to hit at first contact, -1 to save (default false). Cavalry only.'),
  lancers: z.boolean().optional().meta({ default: false }).describe('Cavalry: lancers: -2 to hit at first contact (default false). Cavalry only.'),
  at: z.number().min(-500).max(500).describe('x of the front edge, inches: the defender\'s front line is 0, the attacker stands at positive x.'),
  offset: z.number().min(-100).max(100).default(0).describe('Lateral centre, inches from the lane\'s centre line.'),
  facing: z.union([z.literal(1), z.literal(-1)]).optional().describe('+1 faces toward higher x, -1 toward lower; default toward the enemy (attacker -1, defender +1).'),
  orders: z.enum(ORDERS).optional().describe('4: the order chit at the start; default MANOEUVER attacking, FIRE defending and for guns.'),
  brigade: z.string().min(1).optional().describe('2: the brigade (its command element) the unit belongs to; default the side\'s name.'),
  general: z.enum(['none', 'subordinate', 'commanderInChief']).default('none').describe('8: a general with the unit all engagement: +1 subordinate, +2 C-in-C.'),
  nationality: z.string().min(1).optional().describe('For refits to match; no effect on play.'),
  tags: z.array(z.string().min(1)).optional().describe('Free labels for refits to match; no effect on play.'),
});

export const sideSchema = z.strictObject({
  name: z.string().min(1).describe('Name of the side in reports.'),
  role: z.enum(['attacker', 'defender']).describe('attacker (side 0) or defender (side 1): the outcomes are read by role.'),
  posture: z.enum(['attack', 'defend']).optional().describe("Which part of the doctrine plays the side: attack or defend; default from the role (a meeting engagement has both attack)."),
  doctrine: doctrineField,
  armyMorale: z.int().min(1).max(60).optional().describe('10: starting army morale; default burt.armyMoraleStart (one per unit).'),
  units: z.array(unitSchema).min(1).max(40),
});

export const terrainSchema = z.strictObject({
  kind: z.enum(TERRAIN_KINDS).describe('5, 6: village, woods, ford (areas), hedge, wall (lines, from = to), road (an area a column moves 2" further on).'),
  from: z.number().describe('Low x, inches.'),
  to: z.number().describe('High x (equal to from for a hedge or wall).'),
  yMin: z.number().optional().describe('Lateral extent; default the whole lane.'),
  yMax: z.number().optional(),
});

export const laneBody = {
  engagement: z.literal('lane').describe('The kind of engagement: units on the engagement lane (docs/table.md).'),
  turns: z.int().min(1).max(60).default(8).describe('Turn limit (a turn is 15 minutes, 1).'),
  onTime: z.enum(['defender', 'attacker', 'draw', 'holder']).default('defender').describe("Who is credited when time runs out; holder: the side alone in the objective zone, else a draw."),
  holdToEnd: z.boolean().default(false).describe('The objective counts only when time runs out (a meeting engagement): nobody carries it at the end of a turn.'),
  lane: z
    .strictObject({
      width: z.number().positive().max(200).default(16).describe('Inches across.'),
      xMin: z.number().default(-24).describe("The defender's table edge (routers leave by it)."),
      xMax: z.number().default(40).describe("The attacker's table edge."),
      anchoredLow: z.boolean().default(false).describe('The edge at y = -width/2 is a secure flank (impassable ground or friends beyond).'),
      anchoredHigh: z.boolean().default(false).describe('The edge at y = +width/2 is a secure flank.'),
    })
    .prefault({})
    .describe('The strip of table the engagement is fought on.'),
  terrain: z.array(terrainSchema).default([]).describe('Terrain intervals along the lane.'),
  objective: z
    .strictObject({
      name: z.string().min(1).default('objective'),
      from: z.number(),
      to: z.number(),
      yMin: z.number().optional(),
      yMax: z.number().optional(),
    })
    .optional()
    .describe('The objective zone: the attacker carries it when it stands in it with no defender (rulings, "Mapping").'),
  sides: z.tuple([sideSchema, sideSchema]).describe('Side 0 and side 1; one attacker and one defender.'),
};

/**
 * The fields only one arm has, with the section that gives them to it: given to a unit of another arm
 * they are refused, not ignored. Optional, so that checkLane can tell them given; their defaults (the
 * schema's `default`, for editors) are applied in play/compile.ts.
 */
const FIELD_ARM = {
  guns: ['guns', '6: a die for every gun firing'],
  ordnance: ['guns', '6: the weapon table\'s 4pdr to 12pdr and howitzer'],
  horse: ['guns', '5: foot guns 6", horse guns 9"'],
  limbered: ['guns', '4, 5: artillery limbers and unlimbers'],
  light: ['cavalry', '5, 9: light and heavy cavalry'],
  armoured: ['cavalry', '9: armoured cavalry'],
  lancers: ['cavalry', '9: armoured cavalry or lancers'],
} as const satisfies Record<string, readonly [Arm, string]>;
const ARM_FIELDS = Object.keys(FIELD_ARM) as (keyof typeof FIELD_ARM)[];

type RawScenario = z.infer<z.ZodObject<typeof laneBody>>;
type RawUnit = z.infer<typeof unitSchema>;

/** The default figures of an arm (2). */
export function defaultFigures(arm: Arm): number {
  return arm === 'cavalry' ? 16 : arm === 'skirmishers' ? 8 : 24;
}

export function defaultFormation(arm: Arm): Formation {
  return arm === 'skirmishers' ? 'open' : 'line';
}

/**
 * 12: why an arm cannot take a formation, or undefined when it can: open order is for skirmishers
 * alone and they fight in nothing else; only infantry forms square; a battery has no formation (line
 * stands for it) but limbered or not.
 */
export function formationIssue(arm: Arm, formation: Formation): string | undefined {
  if (formation === 'open' && arm !== 'skirmishers') return 'open order is only for skirmishers (12)';
  if (arm === 'skirmishers' && formation !== 'open') return 'skirmishers fight in open order (12)';
  if (formation === 'square' && arm !== 'infantry') return 'only infantry forms square (12)';
  if (arm === 'guns' && formation !== 'line') return 'a battery has no formation but limbered or not';
  return undefined;
}

/** A unit's footprint at the start, for the scenario's checks (figuresPerBase at its default 4, guns 4). */
export function startBody(u: RawUnit, side: 0 | 1, figuresPerBase = 4, gunsPerBattery = 4): Body {
  const arm = u.arm as Arm;
  const n = arm === 'guns' ? (u.guns ?? gunsPerBattery) : (u.figures ?? defaultFigures(arm));
  const m = figureModel(arm, (u.formation ?? defaultFormation(arm)) as Formation, n, figuresPerBase, true);
  return body(u.at, u.facing ?? (side === 0 ? -1 : 1), m.frontageInches, m.depthInches, u.offset);
}

/** Checks across fields: ids, roles, formations and arms that fit, units inside the lane, no overlap. */
export function checkLane(s: RawScenario, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (s.sides[0].role === s.sides[1].role) issue(['sides', 1, 'role'], `both sides are ${s.sides[0].role}s; one attacks and one defends`);
  const seen = new Map<string, string>();
  const bodies: { b: Body; path: (string | number)[]; id: string }[] = [];
  if (!(s.lane.xMin < s.lane.xMax)) issue(['lane', 'xMax'], `must be above xMin (${s.lane.xMin})`);
  const lane = s.lane.xMin < s.lane.xMax ? makeLane(s.lane.xMin, s.lane.xMax, s.lane.width) : null;
  const onTheLane = (z: { from: number; to: number; yMin?: number; yMax?: number }, path: (string | number)[], what: string) => {
    const off = zoneOffLane(s.lane, z, what);
    if (off) issue([...path, off.field], off.message);
  };
  s.terrain.forEach((t, i) => {
    const line = LINE_KINDS.includes(t.kind);
    if (line && t.from !== t.to) issue(['terrain', i, 'to'], `a ${t.kind} is a line: to must equal from (${t.from})`);
    if (!line && !(t.to > t.from)) issue(['terrain', i, 'to'], `a ${t.kind} is an area: to must be above from (${t.from})`);
    if (t.yMin !== undefined && t.yMax !== undefined && !(t.yMin < t.yMax)) issue(['terrain', i, 'yMax'], `must be above yMin (${t.yMin})`);
    onTheLane(t, ['terrain', i], `the ${t.kind}`);
  });
  if (s.objective && !(s.objective.to > s.objective.from)) issue(['objective', 'to'], `must be above from (${s.objective.from})`);
  if (s.objective) onTheLane(s.objective, ['objective'], 'the objective');
  s.sides.forEach((side, si) => {
    side.units.forEach((u, ui) => {
      const path = ['sides', si, 'units', ui];
      if (seen.has(u.id)) issue([...path, 'id'], `duplicate unit id '${u.id}' (first used at ${seen.get(u.id)})`);
      else seen.set(u.id, formatPath([...path, 'id']));
      const arm = u.arm as Arm;
      const wrongFormation = u.formation === undefined ? undefined : formationIssue(arm, u.formation);
      if (wrongFormation) issue([...path, 'formation'], wrongFormation);
      if (arm === 'guns' && u.orders === 'assault') issue([...path, 'orders'], 'guns may not be given ASSAULT orders (4)');
      if (arm === 'skirmishers' && u.orders === 'assault') issue([...path, 'orders'], 'skirmishers may not be given ASSAULT orders (4)');
      for (const field of ARM_FIELDS) {
        const [own, where] = FIELD_ARM[field];
        if (u[field] !== undefined && own !== arm) issue([...path, field], `only ${own === 'guns' ? 'a battery (arm guns)' : own} has ${field} (${where}); this unit is ${arm}`);
      }
      if (arm === 'guns' && u.figures !== undefined) issue([...path, 'figures'], `a battery is counted in guns (crew ${GUN_CREW[u.ordnance ?? '6pdr']} each), not figures`);
      if (arm === 'guns' && u.weapon !== undefined) issue([...path, 'weapon'], 'a battery fires its ordnance (6)');
      const b = startBody(u, si as 0 | 1);
      if (lane && !onLane(lane, b)) issue([...path, 'at'], `the unit (front ${u.at}, depth ${b.depth}") reaches beyond the lane's ends (${s.lane.xMin} to ${s.lane.xMax})`);
      if (lane && !withinWidth(lane, b)) issue([...path, 'offset'], `the unit (${b.frontage}" wide at ${u.offset}) reaches beyond the lane's width (${s.lane.width}")`);
      for (const o of bodies) {
        if (axialOverlap(o.b, b) > EPS && lateralOverlap(o.b, b) > EPS) issue([...path, 'at'], `the unit overlaps ${o.id} at the start; no two units stand in one place`);
      }
      bodies.push({ b, path, id: u.id });
    });
  });
}

export const BURT_SCENARIO_KINDS: readonly ScenarioKind[] = [
  { engagement: 'lane', doc: 'units on the engagement lane', body: laneBody, refine: checkLane as ScenarioKind['refine'] },
];

export type BurtScenario = RawScenario & { name?: string; title?: string; options?: Record<string, unknown> };
export type BurtUnitInput = RawUnit;
export type BurtSideInput = z.infer<typeof sideSchema>;
export type DoctrineInput = z.infer<typeof doctrineField>;
