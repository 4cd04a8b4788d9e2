/**
 * The Age of Eagles scenario: an engagement on the lane (src/table; rulings 6). Two sides, attacker and
 * defender, each with units placed on the lane by their front edge and lateral offset; terrain
 * intervals (village blocks, woods, rough ground, streams); an objective; the turn limit. Every field
 * has a default where one makes sense, so a file says what differs. src/scenario adds the envelope
 * (kind, name, title, question, ruleset, options).
 *
 * Units: infantry are 6 stands and cavalry 4 (p3 Units), a battery 1 gun stand; `stands` may differ
 * (aoe.removalHits prorated removes a smaller unit sooner, rulings 7). A unit in a village block stands
 * in it with `formation: bua` (no formation and no facing, p3 Built Up Areas).
 */
import { z } from 'zod';
import { formatPath } from '../../core/errors.js';
import { qualityField } from '../../core/quality.js';
import type { ScenarioKind } from '../../core/ruleset.js';
import { axialOverlap, body, lateralOverlap, makeLane, onLane, withinWidth, zoneOffLane, type Body } from '../../table/index.js';
import { DOCTRINE_NAMES, DOCTRINE_PRESETS } from './doctrine.js';
import { footprint, STANDARD_STANDS, type Arm, type Formation } from './units.js';

const id = z
  .string()
  .min(1)
  .regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
export const UNIT_TROOPS = ['conscript', 'regular', 'elite', 'guard'] as const;
/** Formations a scenario may start a unit in; `bua` is a unit holding a village block (no formation). */
export const START_FORMATIONS = ['line', 'fieldColumn', 'masse', 'marchColumn', 'openOrder', 'square', 'bua'] as const;
export const TERRAIN_KINDS = ['village', 'woods', 'rough', 'stream'] as const;

/** The lane footprint of a unit as a scenario places it (artillery: one 1" gun stand, limbered or not). */
export function startFootprint(arm: Arm, formation: (typeof START_FORMATIONS)[number], stands: number): { frontage: number; depth: number } {
  if (arm === 'artillery') return { frontage: 1, depth: 1 };
  const f = footprint((formation === 'bua' ? 'none' : formation) as Formation, stands);
  return { frontage: f.frontage, depth: f.depth };
}

export const unitShape = {
  id: id.describe('Unique name of the unit; refits and vary paths select units by it.'),
  arm: z.enum(ARMS).default('infantry').describe('infantry, cavalry or artillery (a battery of one gun stand).'),
  stands: z.int().min(1).max(12).optional().describe('Stands: infantry 6, cavalry 4 (p3 Units), a battery 1; smaller units for aoe.removalHits prorated.'),
  quality: qualityField,
  troops: z.enum(UNIT_TROOPS).default('regular').describe('Troop quality in this system: conscript, regular or elite (p1, p2); guard is Elite with aoe.guardStep. The common ladder (`quality`) sets it: conscript, line, veteran, elite, guard are conscript, regular, elite, guard, guard.'),
  formation: z
    .enum(START_FORMATIONS)
    .default('line')
    .describe('line, fieldColumn, masse, marchColumn, openOrder (light infantry), square, or bua (holding the village block its front stands in). A battery stands in line (limbered or not: limbered).'),
  marchMode: z.enum(['linear', 'columnar', 'impulse']).optional().meta({ default: 'impulse' }).describe('Infantry March Mode (p3): the formation it favours when it moves (default impulse). Infantry only.'),
  musket: z.union([z.literal(2), z.literal(3)]).optional().meta({ default: 3 }).describe('Infantry musket: 2-rank (2.5 fire points a stand) or 3-rank (2) (p2; default 3). Infantry only.'),
  light: z.boolean().optional().meta({ default: false }).describe('Light infantry: may form Open Order (p1 Formations; default false). Infantry only.'),
  lancers: z.boolean().optional().meta({ default: false }).describe('Cavalry armed with lances (p2: +1 charging infantry in the open; default false). Cavalry only.'),
  heavy: z.boolean().optional().meta({ default: false }).describe('Heavy cavalry (p2: +1; default false). Cavalry only.'),
  armoured: z.boolean().optional().meta({ default: false }).describe('Armoured heavy cavalry, cuirassiers (p2: +2; aoe.armouredCav; default false). Cavalry only.'),
  guns: z.union([z.literal(6), z.literal(8)]).optional().meta({ default: 8 }).describe('Battery: 6 or 8 guns (p2; default 8). Artillery only.'),
  weight: z.enum(['heavy', 'light']).optional().meta({ default: 'light' }).describe('Battery: heavy or light guns (p2; default light). Artillery only.'),
  horse: z.boolean().optional().meta({ default: false }).describe('Horse artillery (p1 movement: 9"; default false). Artillery only.'),
  limbered: z.boolean().optional().meta({ default: false }).describe('Battery starts limbered (default false). Artillery only.'),
  leader: z.enum(['none', 'leader', 'charismatic']).default('none').describe('An attached leader (p1: +2 or +3 on the March Table; p2: +1 or +2 in Bayonet & Sabre).'),
  disordered: z.boolean().default(false).describe('Starts disordered (a battery: silenced).'),
  hits: z.int().min(0).max(4).default(0).describe('Hits at the start (p3 Hits); not for a battery (its gun stand is damaged instead).'),
  front: z.number().describe('x of its front edge on the lane, in inches from the attacker’s table edge.'),
  offset: z.number().default(0).describe('Lateral centre, in inches from the lane’s centre line.'),
  nationality: z.string().min(1).optional().describe('Nationality, for refits to match; no effect on play.'),
  tags: z.array(z.string().min(1)).optional().describe('Free labels (e.g. landwehr, guard), for refits to match; no effect on play.'),
};

/**
 * The fields only one arm has (p2, p3): given to a unit of another arm they are refused, not ignored.
 * Optional, so that checkLane can tell them given; their defaults (the schema's `default`, for editors)
 * are applied in compile.ts.
 */
const FIELD_ARM = {
  marchMode: 'infantry',
  musket: 'infantry',
  light: 'infantry',
  lancers: 'cavalry',
  heavy: 'cavalry',
  armoured: 'cavalry',
  guns: 'artillery',
  weight: 'artillery',
  horse: 'artillery',
  limbered: 'artillery',
} as const satisfies Record<string, Arm>;
const ARM_FIELDS = Object.keys(FIELD_ARM) as (keyof typeof FIELD_ARM)[];

export const unitSchema = z.strictObject(unitShape);
export type LaneUnit = z.infer<typeof unitSchema>;

const doctrineParams = z.strictObject({
  preset: z.enum(DOCTRINE_NAMES).default('column-assault').describe('The preset the other fields override.'),
  random: z.boolean().optional().describe('Every choice at random among the legal ones.'),
  approach: z.enum(['fieldColumn', 'line', 'keep']).optional().describe('Formation troops advance in.'),
  deploy: z.enum(['line', 'none']).optional().describe('Formation infantry deploys into for a fire fight.'),
  deployAt: z.number().min(0).optional().describe('Deploy when the nearest enemy is within this many inches.'),
  halt: z.number().min(0).optional().describe('Halt this many inches from the enemy when not charging.'),
  chargeWhen: z.enum(['reach', 'weakened', 'late']).optional().describe('reach: always; weakened: a target disordered or with chargeHits hits, or in the last turn; late: a target with chargeHits + 1 hits, or in the last turn.'),
  chargeHits: z.int().min(0).max(5).optional().describe('Hits that make a target weak enough to charge.'),
  countercharge: z.enum(['never', 'weakened']).optional().describe('Defending troops charge out at a weakened attacker within reach.'),
  square: z.boolean().optional().describe('Infantry charged by cavalry rolls to form square.'),
  rally: z.boolean().optional().describe('Disordered units with nothing else to do roll to rally.'),
  recall: z.boolean().optional().describe('Cavalry recalls up to a full move whenever it may.'),
});

export const doctrineField = z
  .union([z.enum(DOCTRINE_NAMES), doctrineParams])
  .describe(`A doctrine (${Object.entries(DOCTRINE_PRESETS).map(([k, v]) => `${k}: ${v.doc}`).join(' ')}) or { preset, ...parameters }.`);

const sideSchema = z.strictObject({
  name: z.string().min(1).describe('Name of the side in reports.'),
  role: z.enum(['attacker', 'defender']).describe('attacker or defender (rulings 5).'),
  doctrine: doctrineField.default('column-assault'),
  units: z.array(unitSchema).min(1).max(24).describe('Its units, placed on the lane.'),
});

const terrainSchema = z.strictObject({
  kind: z.enum(TERRAIN_KINDS).describe('village (a 3" block: cover aoe.buaCover), woods (rough, cover 1), rough (rough, no cover), stream (a line: a ford, p1).'),
  from: z.number().describe('Low x.'),
  to: z.number().describe('High x (equal to from for a stream).'),
  yMin: z.number().optional().describe('Lateral extent (default the lane’s width).'),
  yMax: z.number().optional(),
  name: z.string().min(1).optional().describe('A name for reports.'),
});

const objectiveSchema = z.strictObject({
  name: z.string().min(1).default('objective').describe('Name in reports.'),
  from: z.number().describe('Low x of the objective zone.'),
  to: z.number().describe('High x.'),
  yMin: z.number().optional(),
  yMax: z.number().optional(),
  holder: z.enum(['defender', 'none']).default('defender').describe('defender: the defender holds it and the attacker may carry it (rulings 5); none: whoever alone stands on it at the time limit wins (a meeting engagement).'),
});

export const laneScenarioBody = {
  engagement: z.literal('lane').describe('The kind of engagement: lane (the one-axis table of rulings 6).'),
  turns: z.int().min(1).max(40).default(6).describe('Game turns of 20 minutes before time runs out (rulings 7: 6, two hours).'),
  onTime: z.enum(['draw', 'defender']).default('draw').describe('Who is credited with `time` (no charge met, or a neutral objective held by nobody alone).'),
  lane: z
    .strictObject({
      length: z.number().gt(0).max(400).default(30).describe('Inches from the attacker’s table edge (x = 0) to the defender’s.'),
      width: z.number().gt(0).max(200).default(16).describe('Inches across.'),
    })
    .default({ length: 30, width: 16 })
    .describe('The lane.'),
  terrain: z.array(terrainSchema).default([]).describe('Terrain intervals along the lane.'),
  objective: objectiveSchema.optional().describe('The objective zone; default the first village block, else the ground the defending troops stand on.'),
  flankFaces: z.int().min(0).max(2).default(0).describe('Flank faces of a defender an attacker may reach (rulings 6), each at flankDetour inches extra; in the open the defender is then outflanked (-3).'),
  flankDetour: z.number().min(0).default(3).describe('Extra inches to reach a flank face (rulings 6: 3").'),
  sides: z.tuple([sideSchema, sideSchema]).describe('The two sides: side 0 faces up the lane (increasing x), side 1 down it.'),
};

export type LaneTerrain = z.infer<typeof terrainSchema>;
export type LaneObjective = z.infer<typeof objectiveSchema>;
export type LaneSide = z.infer<typeof sideSchema>;
export interface LaneScenario {
  engagement: 'lane';
  turns: number;
  onTime: 'draw' | 'defender';
  lane: { length: number; width: number };
  terrain: LaneTerrain[];
  objective?: LaneObjective;
  flankFaces: number;
  flankDetour: number;
  sides: [LaneSide, LaneSide];
}

type Path = (string | number)[];

/** The starting body of a unit: side 0 faces +x, side 1 -x. A unit in a village fills its block. */
export function startBody(u: LaneUnit, side: 0 | 1, block: LaneTerrain | null): Body {
  const facing = side === 0 ? 1 : -1;
  if (block) {
    const y0 = block.yMin ?? -Infinity;
    const y1 = block.yMax ?? Infinity;
    const w = Number.isFinite(y0) && Number.isFinite(y1) ? y1 - y0 : 3;
    const c = Number.isFinite(y0) && Number.isFinite(y1) ? (y0 + y1) / 2 : u.offset;
    return body(facing > 0 ? block.to : block.from, facing, w, block.to - block.from, c);
  }
  const f = startFootprint(u.arm, u.formation, u.stands ?? STANDARD_STANDS[u.arm]);
  return body(u.front, facing, f.frontage, f.depth, u.offset);
}

/** The village block holding x (and the offset, where the block has a lateral extent), or -1. */
export function villageAt(terrain: readonly LaneTerrain[], x: number, y: number): number {
  for (let i = 0; i < terrain.length; i++) {
    const t = terrain[i];
    if (t.kind !== 'village') continue;
    if (x < t.from - 1e-6 || x > t.to + 1e-6) continue;
    if (y < (t.yMin ?? -Infinity) || y > (t.yMax ?? Infinity)) continue;
    return i;
  }
  return -1;
}

/** Cross-field checks: ids, roles, terrain, units on the lane, nothing overlapping at the start. */
export function checkLane(s: LaneScenario, ctx: z.RefinementCtx): void {
  const issue = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
  const seen = new Map<string, string>();
  s.sides.forEach((side, si) => side.units.forEach((u, ui) => {
    const path: Path = ['sides', si, 'units', ui, 'id'];
    if (seen.has(u.id)) issue(path, `duplicate unit id '${u.id}' (first used at ${seen.get(u.id)})`);
    else seen.set(u.id, formatPath(path));
  }));
  if (s.sides[0].role === s.sides[1].role) issue(['sides', 1, 'role'], `both sides are ${s.sides[0].role}s; one attacks, the other defends`);
  s.terrain.forEach((t, i) => {
    if (t.to < t.from) issue(['terrain', i, 'to'], `to (${t.to}) is below from (${t.from})`);
    if (t.kind === 'stream' && t.to !== t.from) issue(['terrain', i, 'to'], 'a stream is a line: to must equal from');
    if (t.kind !== 'stream' && t.to === t.from) issue(['terrain', i, 'to'], `${t.kind} needs depth: to must exceed from`);
    if (t.kind === 'village' && (t.yMin === undefined || t.yMax === undefined)) issue(['terrain', i, 'yMin'], 'a village block needs its lateral extent (yMin, yMax): it holds one unit (p1)');
    if (t.yMin !== undefined && t.yMax !== undefined && t.yMax <= t.yMin) issue(['terrain', i, 'yMax'], `yMax (${t.yMax}) must exceed yMin (${t.yMin})`);
    const off = zoneOffLane({ xMin: 0, xMax: s.lane.length, width: s.lane.width }, t, `the ${t.kind}`);
    if (off) issue(['terrain', i, off.field], off.message);
  });
  if (s.objective) {
    if (s.objective.to <= s.objective.from) issue(['objective', 'to'], `to (${s.objective.to}) must exceed from (${s.objective.from})`);
    if (s.objective.yMin !== undefined && s.objective.yMax !== undefined && s.objective.yMax <= s.objective.yMin) issue(['objective', 'yMax'], `yMax (${s.objective.yMax}) must exceed yMin (${s.objective.yMin})`);
    const off = zoneOffLane({ xMin: 0, xMax: s.lane.length, width: s.lane.width }, s.objective, 'the objective');
    if (off) issue(['objective', off.field], off.message);
  }
  // A lane of no length or width is refused by its schema; the checks of units on it then have no lane.
  const lane = s.lane.length > 0 && s.lane.width > 0 ? makeLane(0, s.lane.length, s.lane.width) : null;
  const bodies: { b: Body; side: number; path: Path; block: number }[] = [];
  s.sides.forEach((side, si) => side.units.forEach((u, ui) => {
    const path: Path = ['sides', si, 'units', ui];
    if (u.arm === 'infantry' && u.formation === 'openOrder' && !u.light) issue([...path, 'formation'], 'only light infantry may form Open Order (p1 Formations)');
    if (u.arm === 'cavalry' && !['line', 'fieldColumn', 'marchColumn'].includes(u.formation)) issue([...path, 'formation'], `cavalry stands in line, fieldColumn or marchColumn, not ${u.formation}`);
    if (u.arm === 'artillery' && u.stands !== undefined && u.stands !== 1) issue([...path, 'stands'], 'a battery is one gun stand (p3 Units)');
    for (const field of ARM_FIELDS) if (u[field] !== undefined && FIELD_ARM[field] !== u.arm) issue([...path, field], `only ${FIELD_ARM[field]} has ${field}; this unit is ${u.arm}`);
    if (u.arm === 'artillery' && u.formation !== 'line') issue([...path, 'formation'], `a battery has no formation (limbered or not: limbered); found ${u.formation}`);
    if (u.arm === 'artillery' && u.hits > 0) issue([...path, 'hits'], 'a battery takes no hits: its gun stand is damaged or wrecked instead (p2 Fire Table)');
    let block: LaneTerrain | null = null;
    let bi = -1;
    if (u.formation === 'bua' && u.arm !== 'artillery') {
      bi = villageAt(s.terrain, u.front, u.offset);
      if (bi < 0) issue([...path, 'front'], `formation bua: no village block at front ${u.front}, offset ${u.offset}`);
      else block = s.terrain[bi];
    }
    const b = startBody(u, si as 0 | 1, block);
    if (lane && !onLane(lane, b)) issue([...path, 'front'], `the unit (${b.depth}" deep) does not fit on the lane (0 to ${s.lane.length}) at front ${u.front}`);
    if (lane && !withinWidth(lane, b)) issue([...path, 'offset'], `the unit (${b.frontage}" wide) does not fit across the lane (${s.lane.width}") at offset ${u.offset}`);
    bodies.push({ b, side: si, path, block: bi });
  }));
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const a = bodies[i];
      const c = bodies[j];
      if (a.block >= 0 && a.block === c.block) {
        issue([...c.path, 'front'], `the village block holds one unit (p1), and ${formatPath(a.path)} holds it`);
        continue;
      }
      if (axialOverlap(a.b, c.b) > 1e-6 && lateralOverlap(a.b, c.b) > 1e-6) issue([...c.path, 'front'], `overlaps ${formatPath(a.path)} at the start`);
    }
  }
  if (!s.sides.every((side) => side.units.some((u) => u.arm !== 'artillery'))) {
    const k = s.sides.findIndex((side) => !side.units.some((u) => u.arm !== 'artillery'));
    issue(['sides', k, 'units'], 'each side needs foot or horse: a battery alone has no men to count (rulings 5)');
  }
}

export const AOE_SCENARIO_KINDS: readonly ScenarioKind[] = [
  { engagement: 'lane', doc: 'an engagement on the lane', body: laneScenarioBody, refine: checkLane },
];
