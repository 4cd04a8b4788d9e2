/**
 * The NAGB scenario on the engagement lane (src/core/ruleset.ts, ScenarioKind; docs/table.md): two
 * sides of brigades on a lane measured in inches, side 0's table edge at x = 0 facing +x, side 1's at
 * x = lane.length facing -x; terrain as intervals of the lane; an objective; the turn limit of p37.
 * src/scenario adds the envelope (kind, name, title, question, ruleset, options).
 */
import { z } from 'zod';
import { formatPath } from '../../core/errors.js';
import { qualityField } from '../../core/quality.js';
import type { ScenarioKind } from '../../core/ruleset.js';
import { doctrineField } from './doctrine.js';
import { zoneOffLane } from '../../table/index.js';
import { footprintOf } from './units.js';
import { smallArmRefusal, smallArmsOfArm } from './shooting.js';
import type { NagbOptions } from './options.js';
import { DEFAULT_NAGB_OPTIONS } from './options.js';

const id = z
  .string()
  .min(1)
  .regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const CLASSES = ['militia', 'conscripts', 'line', 'veteran', 'elite', 'guard'] as const;
export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
export const INFANTRY_FORMATIONS = ['line', 'attackColumn', 'marchColumn', 'square'] as const;
export const CAVALRY_FORMATIONS = ['line', 'column'] as const;
export const TERRAIN_KINDS = ['village', 'lightWoods', 'heavyWoods', 'rough', 'fence', 'hedge', 'wall', 'ditch', 'stream', 'steepSlope', 'crops', 'road'] as const;
export const ARMIES = ['french', 'british', 'russian', 'austrian', 'earlyPrussian', 'laterPrussian'] as const;
export const NATIONS = ['french', 'british', 'russian', 'austrian', 'prussian', 'portuguese', 'minor'] as const;
export const RATINGS = ['charismatic', 'inspirational', 'competent', 'uninspiring'] as const;
export const GUN_KINDS = ['light', 'medium', 'heavy', 'howitzer'] as const;

const point = z.strictObject({
  x: z.number().describe('Position along the lane, inches from side 0\'s table edge.'),
  y: z.number().default(0).describe('Lateral position, inches from the lane\'s centre line.'),
});

export const unitSchema = z.strictObject({
  id: id.describe('Unique name of the unit; refits and vary paths select units by it.'),
  arm: z.enum(ARMS).default('infantry').describe('infantry (a battalion), cavalry (a regiment) or artillery (a battery).'),
  quality: qualityField,
  class: z.enum(CLASSES).default('line').describe('Troop class (p39-40): militia Ld 6, conscripts 7, line 8, veteran 9, elite 10, guard 11 (nagb.guardLeadership). A quality rung sets it (src/rules/nagb/quality.ts).'),
  leadership: z.int().min(2).max(12).optional().describe("A leadership of the unit's own instead of its class's (p39; refits set it)."),
  figures: z.int().min(1).max(200).optional().describe('Figures (infantry and cavalry); a battery has its crew (4 a gun, p19). Default infantry 24, cavalry 16.'),
  formation: z
    .enum([...new Set([...INFANTRY_FORMATIONS, ...CAVALRY_FORMATIONS, 'battery'])] as [string, ...string[]])
    .optional()
    .describe(`Infantry: ${INFANTRY_FORMATIONS.join(', ')}; cavalry: ${CAVALRY_FORMATIONS.join(', ')}. Default line (artillery: battery, its only one).`),
  front: z.number().describe('x of the unit\'s front edge (inches from side 0\'s edge).'),
  offset: z.number().default(0).describe('Lateral centre of the unit (inches from the centre line).'),
  weapon: z
    .enum(['musket', 'rifle', 'carbine', 'pistol', 'none'])
    .optional()
    .describe('Small arm (p10): infantry musket (default) or rifle (p39, p38); cavalry carbine, pistol or none (default: p40 gives carbines or pistols only as the scenario has it; p25 mounted fire is -1). Infantry and cavalry only (a battery fires its guns).'),
  cavalryType: z.enum(['light', 'heavy', 'cuirassier']).optional().meta({ default: 'heavy' }).describe('Cavalry only (p24-25, p40): the save in hand to hand (light 6+, heavy 5+, cuirassier 4+) and the ferocious charge of heavies (default heavy; Cossack lancers light, p24).'),
  cavalryWeapon: z.enum(['sabre', 'lance', 'cossackLance']).optional().meta({ default: 'sabre' }).describe('Cavalry only (p24, p40): charging sabres kill on 3+, lancers 2+ (default sabre).'),
  guns: z.array(z.enum(GUN_KINDS)).optional().describe('Artillery only: the battery\'s pieces (p21), e.g. [medium, medium, howitzer].'),
  horse: z.boolean().optional().meta({ default: false }).describe('Artillery only: horse artillery (p19: flees a charge 3d6, halved as it limbers; default false).'),
  drilled: z.boolean().optional().describe('Drilled (p39): default veteran (cavalry only under nagb.veteranCavalryDrilled, p38 vs p40), elite and guard, and French foot outside 1813-14 (p35, nagb.scenarioYear). Infantry and cavalry only (a battery has no formation to change).'),
  colours: z.boolean().optional().meta({ default: true }).describe('Carries colours or a standard (p14: +1 in hand to hand; default true). Infantry and cavalry only.'),
  fourPerThree: z.boolean().optional().meta({ default: false }).describe('British or Portuguese line infantry: four dice for three figures (p35; default false). Infantry only.'),
  disordered: z.boolean().default(false).describe('Starts disordered (p27).'),
  nationality: z.string().min(1).optional().describe('Nationality, for refits to match; no effect on play.'),
  tags: z.array(z.string().min(1)).optional().describe('Free labels (e.g. landwehr, grenadiers), for refits to match; no effect on play.'),
});

export const commanderSchema = z.strictObject({
  id: id.optional().describe('Commander id (refits rate commanders by it); default the brigade id with "-cdr".'),
  name: z.string().optional(),
  rating: z.enum(RATINGS).default('competent').describe('p5, p39: charismatic, inspirational, competent (Ld 8, 8"), uninspiring.'),
  at: point.optional().describe('Where he starts; default 2" behind the middle of his brigade.'),
});

export const brigadeSchema = z.strictObject({
  id: id.describe('Brigade id.'),
  name: z.string().optional().describe('Name in reports; default the id.'),
  commander: commanderSchema.default({ rating: 'competent' }).describe('The brigade commander: his d6 of pips orders the brigade (p3).'),
  units: z.array(unitSchema).min(1).describe('Battalions, regiments and batteries of the brigade.'),
});

export const sideSchema = z.strictObject({
  name: z.string().min(1).describe('Name of the side in reports.'),
  role: z.enum(['attacker', 'defender']).optional().describe('Attacker or defender (rulings 5); default side 0 attacks.'),
  army: z.enum(ARMIES).default('french').describe('Flank support table (p15): french, british, russian, austrian, earlyPrussian, laterPrussian.'),
  nation: z.enum(NATIONS).default('french').describe('Initiative (p2, p35) and national rules: french, british, russian, austrian, prussian, portuguese, minor.'),
  napoleon: z.boolean().default(false).describe('Napoleon on the table: +1 to the French initiative (p35).'),
  cinc: z
    .strictObject({ id: id.optional(), rating: z.enum(RATINGS).default('competent') })
    .optional()
    .describe('An army commander (p4): his d6 of pips go to the initiative roll and to his brigade commanders.'),
  doctrine: doctrineField,
  brigades: z.array(brigadeSchema).min(1).describe('The side\'s brigades.'),
});

export const terrainSchema = z.strictObject({
  kind: z.enum(TERRAIN_KINDS).describe('village (sectors), light/heavy woods, rough, fence, hedge, wall, ditch, stream (lines when from = to), steep slope, crops, road.'),
  name: z.string().optional().describe('Name in reports (e.g. "north sector").'),
  from: z.number().describe('Low x of the interval (inches).'),
  to: z.number().describe('High x; equal to from for a line (a hedge, wall, stream).'),
  yMin: z.number().optional().describe('Lateral extent; default the whole width of the lane.'),
  yMax: z.number().optional(),
  hitPoints: z.int().min(1).max(99).optional().describe("A village sector's hit points under nagb.buildingDamage (p31: the table is lost; default 12)."),
});

export const laneScenarioBody = {
  engagement: z.literal('lane').describe('The kind of engagement: a lane (src/table) in inches.'),
  lane: z
    .strictObject({
      length: z.number().positive().max(400).describe('Inches from side 0\'s table edge (x = 0) to side 1\'s.'),
      width: z.number().positive().max(200).default(40).describe('Width across the lane (y from -width/2 to +width/2).'),
    })
    .describe('The strip of table.'),
  turns: z.int().min(1).max(30).default(7).describe('Turns played before the game-length roll (p37: 7, then 5+ plays an 8th and 6 a 9th under nagb.gameLength).'),
  victory: z.enum(['objective', 'points']).default('objective').describe('objective: rulings 5 (attacker carries, defender routed, attacker broken, repulsed, time); points: a meeting engagement won on victory points (p37, p41).'),
  onTime: z.enum(['defender', 'draw']).default('defender').describe('Who is credited when time runs out with the objective neither carried nor lost.'),
  objective: z
    .strictObject({ name: z.string().default('objective'), x: z.number(), y: z.number().default(0) })
    .optional()
    .describe('The point held by an unbroken unit within 4" with no enemy within 6" (p37); default the middle of the lane.'),
  terrain: z.array(terrainSchema).default([]).describe('Terrain intervals of the lane.'),
  sides: z.tuple([sideSchema, sideSchema]).describe('Side 0 (its edge at x = 0, facing +x) and side 1 (facing -x).'),
};

export type LaneScenario = {
  engagement: 'lane';
  lane: { length: number; width: number };
  turns: number;
  victory: 'objective' | 'points';
  onTime: 'defender' | 'draw';
  objective?: { name: string; x: number; y: number };
  terrain: z.infer<typeof terrainSchema>[];
  sides: [z.infer<typeof sideSchema>, z.infer<typeof sideSchema>];
  options?: Record<string, string | number | boolean>;
  name?: string;
  title?: string;
};
export type UnitInput = z.infer<typeof unitSchema>;
export type SideInput = z.infer<typeof sideSchema>;

type Path = (string | number)[];

/**
 * The fields only some arms have, with the pages that give them: given to a unit of another arm they
 * are refused, not ignored. Optional, so that checkLane can tell them given; their defaults (the
 * schema's `default`, for editors) are applied in play/compile.ts. (`guns` is checked on its own.)
 */
const FIELD_ARMS = {
  weapon: [['infantry', 'cavalry'], 'p10 small arms; a battery fires its guns, p19-21'],
  cavalryType: [['cavalry'], 'p24-25, p40'],
  cavalryWeapon: [['cavalry'], 'p24, p40'],
  horse: [['artillery'], 'p19: horse artillery'],
  drilled: [['infantry', 'cavalry'], 'p39-40: a free change between line and column; a battery has no formation'],
  colours: [['infantry', 'cavalry'], "p14, p16: a battalion's colours, a regiment's standard"],
  fourPerThree: [['infantry'], 'p35: British and Portuguese line infantry'],
} as const satisfies Record<string, readonly [readonly (typeof ARMS)[number][], string]>;
const ARM_FIELDS = Object.keys(FIELD_ARMS) as (keyof typeof FIELD_ARMS)[];

/** Formations each arm may start in. */
export function formationsOf(arm: (typeof ARMS)[number]): readonly string[] {
  return arm === 'infantry' ? INFANTRY_FORMATIONS : arm === 'cavalry' ? CAVALRY_FORMATIONS : ['battery'];
}

export interface LaneIssue {
  path: Path;
  message: string;
}

/**
 * Cross-field checks: unique ids, formations and arm fields that fit, units inside the lane, no two
 * units on the same ground, terrain inside the lane, sides facing each other.
 */
export function checkLane(s: LaneScenario, opts: NagbOptions = DEFAULT_NAGB_OPTIONS): LaneIssue[] {
  const issues: LaneIssue[] = [];
  const seen = new Map<string, string>();
  const rects: { x0: number; x1: number; y0: number; y1: number; path: Path; id: string }[] = [];
  const commanders = new Map<string, string>();
  s.sides.forEach((side, si) => {
    if (!side.cinc) return;
    const id = side.cinc.id ?? `${side.name}-cinc`;
    if (commanders.has(id)) issues.push({ path: ['sides', si, 'cinc', 'id'], message: `duplicate commander id '${id}' (first used at ${commanders.get(id)})${side.cinc.id === undefined ? ' (the default, the side name with -cinc)' : ''}` });
    else commanders.set(id, formatPath(['sides', si, 'cinc']));
  });
  const L = s.lane.length;
  const half = s.lane.width / 2;
  s.sides.forEach((side, si) => {
    const facing = si === 0 ? 1 : -1;
    side.brigades.forEach((b, bi) => {
      const bp: Path = ['sides', si, 'brigades', bi];
      if (seen.has(b.id)) issues.push({ path: [...bp, 'id'], message: `duplicate id '${b.id}' (first used at ${seen.get(b.id)})` });
      else seen.set(b.id, formatPath([...bp, 'id']));
      // Refits rate commanders by id: one id, one commander (the default is the brigade's id with -cdr).
      const cdr = b.commander.id ?? `${b.id}-cdr`;
      const cp: Path = [...bp, 'commander'];
      if (commanders.has(cdr)) issues.push({ path: [...cp, 'id'], message: `duplicate commander id '${cdr}' (first used at ${commanders.get(cdr)})${b.commander.id === undefined ? ' (the default, the brigade id with -cdr)' : ''}` });
      else commanders.set(cdr, formatPath(cp));
      const at = b.commander.at;
      if (at && (at.x < 0 || at.x > L)) issues.push({ path: [...cp, 'at', 'x'], message: `the commander (x ${at.x}) is not on the lane (0 to ${L})` });
      if (at && (at.y < -half || at.y > half)) issues.push({ path: [...cp, 'at', 'y'], message: `the commander (y ${at.y}) is not across the lane (${-half} to ${half})` });
      b.units.forEach((u, ui) => {
        const up: Path = [...bp, 'units', ui];
        if (seen.has(u.id)) issues.push({ path: [...up, 'id'], message: `duplicate id '${u.id}' (first used at ${seen.get(u.id)})` });
        else seen.set(u.id, formatPath([...up, 'id']));
        if (u.arm === 'artillery') {
          if (!u.guns || u.guns.length === 0) issues.push({ path: [...up, 'guns'], message: 'a battery needs its guns, e.g. [medium, medium, howitzer]' });
          if (u.formation !== undefined && u.formation !== 'battery') issues.push({ path: [...up, 'formation'], message: `a battery has no formation; found '${u.formation}'` });
        } else {
          if (u.guns !== undefined) issues.push({ path: [...up, 'guns'], message: `only artillery has guns; this unit is ${u.arm}` });
          const f = u.formation ?? 'line';
          if (!formationsOf(u.arm).includes(f)) issues.push({ path: [...up, 'formation'], message: `expected one of ${formationsOf(u.arm).join(', ')} for ${u.arm}, found '${f}'` });
        }
        for (const field of ARM_FIELDS) {
          const [arms, where] = FIELD_ARMS[field];
          if (u[field] !== undefined && !(arms as readonly string[]).includes(u.arm)) {
            issues.push({ path: [...up, field], message: `only ${arms.join(' and ')} ${arms.length > 1 ? 'have' : 'has'} ${field} (${where}); this unit is ${u.arm}` });
          }
        }
        // p10, p25, p38-40: infantry carries muskets or rifles, cavalry carbines, pistols or nothing.
        if (u.weapon !== undefined && u.arm !== 'artillery' && !smallArmsOfArm(u.arm).includes(u.weapon)) {
          issues.push({ path: [...up, 'weapon'], message: smallArmRefusal(u.arm, u.weapon) });
        }
        if (u.arm === 'cavalry' && u.class === 'militia') issues.push({ path: [...up, 'class'], message: 'cavalry has no militia class (p40); use conscripts for Raw' });
        const fp = footprintOf(u, opts);
        if (fp === null) return;
        const x0 = facing > 0 ? u.front - fp.depth : u.front;
        const x1 = facing > 0 ? u.front : u.front + fp.depth;
        const y0 = u.offset - fp.frontage / 2;
        const y1 = u.offset + fp.frontage / 2;
        if (x0 < -1e-6 || x1 > L + 1e-6) issues.push({ path: [...up, 'front'], message: `the unit (x ${x0.toFixed(1)} to ${x1.toFixed(1)}) does not fit on the lane (0 to ${L})` });
        if (y0 < -half - 1e-6 || y1 > half + 1e-6) issues.push({ path: [...up, 'offset'], message: `the unit (y ${y0.toFixed(1)} to ${y1.toFixed(1)}) does not fit across the lane (${-half} to ${half})` });
        for (const r of rects) {
          if (Math.min(r.x1, x1) - Math.max(r.x0, x0) > 1e-6 && Math.min(r.y1, y1) - Math.max(r.y0, y0) > 1e-6) {
            issues.push({ path: [...up, 'front'], message: `'${u.id}' stands on the same ground as '${r.id}' (${formatPath(r.path)})` });
          }
        }
        rects.push({ x0, x1, y0, y1, path: up, id: u.id });
      });
    });
  });
  s.terrain.forEach((t, i) => {
    if (t.from > t.to) issues.push({ path: ['terrain', i, 'to'], message: `to (${t.to}) is below from (${t.from})` });
    const off = zoneOffLane({ xMin: 0, xMax: L, width: s.lane.width }, t, `the ${t.kind}`);
    if (off) issues.push({ path: ['terrain', i, off.field], message: off.message });
    if (t.yMin !== undefined && t.yMax !== undefined && t.yMin >= t.yMax) issues.push({ path: ['terrain', i, 'yMax'], message: `yMax (${t.yMax}) is not above yMin (${t.yMin})` });
    if (t.kind === 'village' && t.from === t.to) issues.push({ path: ['terrain', i, 'to'], message: 'a village sector is an area: to must be above from' });
  });
  if (s.objective && (s.objective.x < 0 || s.objective.x > L)) issues.push({ path: ['objective', 'x'], message: `the objective (x ${s.objective.x}) is not on the lane (0 to ${L})` });
  if (s.objective && (s.objective.y < -half || s.objective.y > half)) issues.push({ path: ['objective', 'y'], message: `the objective (y ${s.objective.y}) is not across the lane (${-half} to ${half})` });
  const roles = s.sides.map((x, i) => x.role ?? (i === 0 ? 'attacker' : 'defender'));
  if (s.victory === 'objective' && roles[0] === roles[1]) issues.push({ path: ['sides', 1, 'role'], message: `both sides are ${roles[0]}s; an objective engagement needs an attacker and a defender (or victory: points)` });
  return issues;
}

function refineLane(s: LaneScenario & { options?: Record<string, unknown> }, ctx: z.RefinementCtx): void {
  for (const issue of checkLane(s)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const NAGB_SCENARIO_KINDS: readonly ScenarioKind[] = [{ engagement: 'lane', doc: 'brigades on the engagement lane, in inches', body: laneScenarioBody, refine: refineLane }];
