/**
 * The CWJ scenario kind (src/core/ruleset.ts, ScenarioKind): an engagement on the lane (src/table;
 * rulings section 11). The attacker stands at the low end facing the defender; each side has a start
 * line, its corps (commander, morale passes, divisional generals, units), and its doctrine. Units stand
 * a distance behind their side's start line and at a lateral offset; terrain and the objective are
 * intervals of the lane. Distances are cm, or yards as "400yd" (converted by `cwj.yardsPerCm`).
 * src/scenario adds the envelope (kind, name, title, question, ruleset, options).
 */
import { z } from 'zod';
import { formatPath } from '../../core/errors.js';
import { qualityField } from '../../core/quality.js';
import type { ScenarioKind } from '../../core/ruleset.js';
import { EPS, body, lateralOverlap, axialOverlap, footprintIn, zoneOffLane } from '../../table/index.js';
import { CWJ_DOCTRINE_PRESETS, DOCTRINE_NAMES } from './doctrine.js';
import {
  AREA_KINDS,
  DEFAULT_BASES,
  DEFAULT_FORMATION,
  DEPLOY_KINDS,
  DISTANCE_PATTERN,
  distanceCm,
  footprintOf,
  LINE_KINDS,
  TERRAIN_KINDS,
  type Distance,
} from './layout.js';
import { DEFAULT_CWJ_OPTIONS } from './options.js';
import { nationSlip, nationSlipMessage, TROOP_KINDS, troopRatings, type TroopType } from './troops.js';
import { ARM_FORMATIONS, formationAllowed, type Formation } from './types.js';

type Path = (string | number)[];

const id = z
  .string()
  .min(1)
  .regex(/^[^.\s[\]]+$/, 'expected an id without spaces, dots or brackets');

const distance = z
  .union([z.number(), z.string().regex(DISTANCE_PATTERN, 'expected a number of cm, or a string such as "16cm" or "400yd"')])
  .describe('A distance: cm as a number, or a string in cm or yards ("16cm", "400yd"; yards are converted by cwj.yardsPerCm).');

export const TROOP_TYPES = Object.keys(TROOP_KINDS) as [TroopType, ...TroopType[]];
export const FORMATIONS = ['line', 'column', 'square', 'skirmish', 'deployed', 'limbered', 'unlimbered'] as const;

export const unitShape = {
  id: id.describe('Unique name of the unit; refits and vary paths select units by it.'),
  type: z
    .enum(TROOP_TYPES)
    .default('line')
    .describe('Troop type: a row of the French and Austrian tables ([FrT] [AuT]); the arm follows from it.'),
  quality: qualityField,
  nation: z.string().min(1).optional().describe("Nation whose table the unit reads; default its side's. French and Austrian have tables; others borrow one (cwj.missingNationTable)."),
  guard: z.boolean().optional().meta({ default: false }).describe('French Guard artillery: +1 fire, rally and melee on its battery row ([FrT] l.387-390; default false). Artillery only.'),
  formation: z.enum(FORMATIONS).optional().describe('Starting formation ([Form]); default column for infantry, line for cavalry, unlimbered for artillery.'),
  bases: z.int().min(1).max(12).optional().describe('Bases of the unit; default 4 for infantry and cavalry, 1 for a battery.'),
  men: z.int().min(1).max(5000).optional().describe('Men the unit stands for (the text has no figure scale); default 720 infantry, 500 cavalry, 150 a battery.'),
  behind: distance.default(0).describe("How far the unit's front edge stands behind its side's start line."),
  offset: z.number().default(0).describe('Lateral centre of the unit on the lane, in cm (0 the centre line).'),
  disordered: z.boolean().default(false).describe('Starts disordered.'),
  fire: z.int().min(-3).max(6).optional().describe('Fire mod instead of the table’s (refits). Not for cavalry, which never fires ([FrT] [AuT]: "-").'),
  rally: z.int().min(-3).max(6).optional().describe('Rally mod instead of the table’s (refits).'),
  melee: z.int().min(-3).max(12).optional().describe('Melee factor instead of the table’s (refits).'),
  regiment: z.string().min(1).optional().describe('Regiment of several battalions, for cwj.chipUnit = regiment.'),
  tags: z.array(z.string().min(1)).optional().describe('Free labels (e.g. kgl), for refits to match; "kgl" spares British cavalry its control -1.'),
};

const unitSchema = z.strictObject(unitShape);

const doctrineParams = {
  assault: z.enum(['column', 'fireFirst']).optional().describe('Infantry attacking: column straight into contact, or fireFirst (line at musket range, fire, go in at a disordered target).'),
  defend: z.enum(['hold', 'counter']).optional().describe('Defending: hold and fire, or also counterattack a disordered enemy within reach.'),
  square: z.boolean().optional().describe('Form square when enemy cavalry could charge next player turn.'),
  cavalry: z.enum(['charge', 'contact', 'hold']).optional().describe('Cavalry attacking: halt beyond musket range and charge, ride into contact in the movement phase, or hold.'),
  chargeAt: z.enum(['any', 'open']).optional().describe('Charge any enemy in the path, or only one neither in square nor in an area.'),
  control: z.enum(['stay', 'charge', 'retire']).optional().describe('A controlled result: stay, charge again, or fall back.'),
  withdraw: z.boolean().optional().describe('Cavalry withdraws when enemy foot or guns close within 10 cm.'),
  battery: z.enum(['stand', 'close']).optional().describe('Batteries stand, or step forward until the target is at normal range.'),
  fireAt: z.enum(['nearest', 'best']).optional().describe('Fire at the nearest target, or the one the Firing Table favours most.'),
  passes: z.enum(['always', 'nearEnemy']).optional().describe('Spend morale passes on every disordered unit in reach, or only near the enemy.'),
  generals: z.enum(['lead', 'stay']).optional().describe('Divisional generals join the unit nearest the enemy, or stay.'),
  commanderBehind: z.number().min(0).max(30).optional().describe('How far behind his rearmost unit a corps commander stands (cm).'),
  random: z.boolean().optional().describe('Every choice at random among the legal ones (the baseline).'),
};

/**
 * A side's doctrine, named or given as parameters. An object without `preset` changes the side's own
 * default (attacker `columns`, defender `hold`): `doctrine: { square: false }` plays what the side would
 * play without a doctrine, squares aside, never another preset.
 */
export function doctrineField(sideDefault: (typeof DOCTRINE_NAMES)[number]) {
  return z
    .union([
      z.enum(DOCTRINE_NAMES),
      z.strictObject({ preset: z.enum(DOCTRINE_NAMES).default(sideDefault).describe(`The preset the parameters override; default the side's, ${sideDefault}.`), ...doctrineParams }),
    ])
    .default(sideDefault);
}

const generalSchema = z.strictObject({
  id: id.describe('Name of the divisional general.'),
  arm: z.enum(['infantry', 'cavalry']).default('infantry').describe('Infantry or cavalry general ([Gen] l.291-292): he serves only units of his arm.'),
  with: id.describe('The unit he starts attached to (of his corps and arm).'),
});

const corpsSchema = z.strictObject({
  id: id.describe('Name of the corps: its dish of chips, its commander and his passes.'),
  name: z.string().min(1).optional().describe('Name in reports; default the id.'),
  passes: z.int().min(0).max(5).optional().describe('Morale passes of the commander ([Rally] l.24: one to five); default cwj.moralePasses.'),
  commander: z
    .strictObject({
      behind: distance.default(0).describe("Distance behind the side's start line."),
      offset: z.number().default(0).describe('Lateral position (cm).'),
    })
    .default({ behind: 0, offset: 0 })
    .describe('Where the corps commander starts; he moves freely, keeping behind his units.'),
  generals: z.array(generalSchema).default([]).describe('Divisional generals ([Gen]).'),
  units: z.array(unitSchema).min(1).describe('Battalions, cavalry regiments and batteries of the corps.'),
});

function sideSchema(defaultDoctrine: (typeof DOCTRINE_NAMES)[number]) {
  return z.strictObject({
    name: z.string().min(1).describe('Name of the side in reports.'),
    nation: z.string().min(1).default('french').describe('Nation of its units unless a unit says otherwise.'),
    line: distance.describe('Position of the side’s start line along the lane (the attacker’s is the lower).'),
    doctrine: doctrineField(defaultDoctrine).describe(`A named doctrine (${DOCTRINE_NAMES.join(', ')}) or { preset, ...parameters }; default ${defaultDoctrine}, also the preset of an object without one.`),
    corps: z.array(corpsSchema).min(1).describe('The side’s corps.'),
  });
}

const terrainSchema = z.strictObject({
  kind: z.enum(TERRAIN_KINDS).describe('village, fortification, woods, water, slope, wall or hedge (docs/rules/cwj.md, "The lane").'),
  from: distance.describe('Low end along the lane.'),
  to: distance.optional().describe('High end; omitted (or equal to from) for a line: a wall, hedge or stream.'),
  yMin: z.number().optional().describe('Lateral extent, low side (default the whole width).'),
  yMax: z.number().optional().describe('Lateral extent, high side.'),
  rises: z.enum(['towardDefender', 'towardAttacker']).optional().describe('A slope: the end it rises toward.'),
});

const objectiveSchema = z.strictObject({
  name: z.string().min(1).default('objective').describe('Name in reports.'),
  from: distance.describe('Low end along the lane.'),
  to: distance.describe('High end.'),
  yMin: z.number().optional(),
  yMax: z.number().optional(),
  terrain: z.boolean().default(true).describe('A terrain objective: +2 army morale to its holder, -2 to a side that lost it ([Win] l.296).'),
  carry: z.boolean().default(true).describe('The attacker holding it at the end of a player turn carries the position (rulings 10).'),
});

export const laneScenarioBody = {
  engagement: z.literal('lane').describe('An engagement on the lane (src/table).'),
  turns: z.int().min(1).max(60).default(12).describe('Game turns (each two player turns).'),
  first: z.enum(['attacker', 'defender']).default('attacker').describe('Who is phasing first (rulings 1).'),
  decision: z
    .enum(['armies', 'firstClash'])
    .default('armies')
    .describe('armies: army defeat, carrying, repulse or the turn limit (rulings 10); firstClash: a charge scenario ends once contact has been made and is broken (rulings 12, C).'),
  armyMorale: z.boolean().default(true).describe('Corps fatigue and army morale in play ([Win]); off in the charge scenarios.'),
  lane: z
    .strictObject({
      width: z.number().min(4).max(400).default(60).describe('Width across the lane (cm).'),
      edge: distance.default(40).describe("Table edges this far behind each side's start line (rulings 12: 40 cm)."),
    })
    .default({ width: 60, edge: 40 })
    .describe('The lane: its width and where its ends (the table edges) are.'),
  bases: z
    .strictObject({
      width: z.number().gt(0).max(20).default(4).describe('Frontage of a base (cm).'),
      depth: z.number().gt(0).max(20).default(2).describe('Depth of a base (cm).'),
    })
    .default({ width: 4, depth: 2 })
    .describe('Base size: the text gives none.'),
  attacker: sideSchema('columns').describe('The attacking side (side 0), at the low end facing the defender.'),
  defender: sideSchema('hold').describe('The defending side (side 1), at the high end.'),
  nationTables: z
    .record(z.string().min(1), z.enum(['french', 'austrian']))
    .default({})
    .describe('Which troop table each nation without one reads (a refit sets these); a nation not listed reads cwj.missingNationTable’s.'),
  terrain: z.array(terrainSchema).default([]).describe('Terrain intervals of the lane.'),
  objective: objectiveSchema.optional().describe('The position the attacker must carry.'),
};

/** What the cross-field checks read of a lane scenario. */
export interface LaneScenarioData {
  options?: Record<string, unknown>;
  turns: number;
  first: 'attacker' | 'defender';
  decision: 'armies' | 'firstClash';
  armyMorale: boolean;
  lane: { width: number; edge: Distance };
  bases: { width: number; depth: number };
  attacker: SideData;
  defender: SideData;
  terrain: TerrainData[];
  nationTables?: Record<string, 'french' | 'austrian'>;
  objective?: { name: string; from: Distance; to: Distance; yMin?: number; yMax?: number; terrain: boolean; carry: boolean };
}

export interface SideData {
  name: string;
  nation: string;
  line: Distance;
  doctrine: string | ({ preset: string } & Record<string, unknown>);
  corps: CorpsData[];
}

export interface CorpsData {
  id: string;
  name?: string;
  passes?: number;
  commander: { behind: Distance; offset: number };
  generals: { id: string; arm: 'infantry' | 'cavalry'; with: string }[];
  units: UnitData[];
}

export type UnitData = z.infer<typeof unitSchema>;

export interface TerrainData {
  kind: (typeof TERRAIN_KINDS)[number];
  from: Distance;
  to?: Distance;
  yMin?: number;
  yMax?: number;
  rises?: 'towardDefender' | 'towardAttacker';
}

/** The yards per cm the scenario's distances are read at. */
export function yardsPerCmOf(s: { options?: Record<string, unknown> }): number {
  const v = s.options?.['cwj.yardsPerCm'];
  return typeof v === 'number' ? v : DEFAULT_CWJ_OPTIONS.yardsPerCm;
}

/** The table a nation without one reads: the scenario's entry for it, else `cwj.missingNationTable`. */
export function borrowedTable(tables: Record<string, 'french' | 'austrian'> | undefined, nation: string, fallback: 'french' | 'austrian'): 'french' | 'austrian' {
  return tables?.[nation.toLowerCase()] ?? tables?.[nation] ?? fallback;
}

/** A unit's arm from its type. */
export const armOf = (type: TroopType) => TROOP_KINDS[type].arm;

export interface Issue {
  path: Path;
  message: string;
}

/**
 * Cross-field checks: unique ids; generals with a unit of their corps and arm; formations of the arm;
 * types the nation's table has; terrain and objective that make sense; units on the lane, not
 * overlapping one another, Deployed only inside a village or fortification.
 */
export function checkLane(s: LaneScenarioData): Issue[] {
  const issues: Issue[] = [];
  const add = (path: Path, message: string) => issues.push({ path, message });
  const ypc = yardsPerCmOf(s);
  const cm = (d: Distance) => distanceCm(d, ypc);
  const seen = new Map<string, string>();
  const uniq = (what: string, v: string, path: Path) => {
    const key = `${what}:${v}`;
    if (seen.has(key)) add(path, `duplicate ${what} id '${v}' (first used at ${seen.get(key)})`);
    else seen.set(key, formatPath(path));
  };
  const missingDefault = (s.options?.['cwj.missingNationTable'] as 'french' | 'austrian' | undefined) ?? DEFAULT_CWJ_OPTIONS.missingNationTable;

  // Terrain
  const terrain = s.terrain.map((t, i) => {
    const from = cm(t.from);
    const to = t.to === undefined ? from : cm(t.to);
    const path: Path = ['terrain', i];
    if (to < from) add([...path, 'to'], `${to} cm is below from (${from} cm)`);
    const line = to === from;
    if (line && !LINE_KINDS.includes(t.kind)) add([...path, 'to'], `a ${t.kind} is an area: give 'to' beyond 'from'`);
    if (!line && !AREA_KINDS.includes(t.kind)) add([...path, 'to'], `a ${t.kind} is a line: leave out 'to' (or make it equal to 'from')`);
    if (t.kind === 'slope' && t.rises === undefined) add([...path, 'rises'], "a slope needs 'rises': towardDefender or towardAttacker");
    if (t.kind !== 'slope' && t.rises !== undefined) add([...path, 'rises'], 'only a slope rises');
    if (t.yMin !== undefined && t.yMax !== undefined && !(t.yMin < t.yMax)) add([...path, 'yMax'], `must be above yMin (${t.yMin})`);
    return { kind: t.kind, from, to, yMin: t.yMin, yMax: t.yMax };
  });

  const half = s.lane.width / 2;
  const lines = [cm(s.attacker.line), cm(s.defender.line)];
  if (!(lines[0] < lines[1])) add(['defender', 'line'], `the defender's start line (${lines[1]} cm) must be beyond the attacker's (${lines[0]} cm)`);
  const edge = cm(s.lane.edge);
  if (!(edge > 0)) add(['lane', 'edge'], 'must be above 0');
  const xMin = lines[0] - edge;
  const xMax = lines[1] + edge;
  const lane = { xMin, xMax, width: s.lane.width };
  terrain.forEach((t, i) => {
    const off = zoneOffLane(lane, t, `the ${t.kind}`, ' cm');
    if (off) add(['terrain', i, off.field === 'to' && s.terrain[i].to === undefined ? 'from' : off.field], off.message);
  });

  if (s.objective) {
    const from = cm(s.objective.from);
    const to = cm(s.objective.to);
    if (!(to > from)) add(['objective', 'to'], `${to} cm must be beyond from (${from} cm)`);
    if (s.objective.yMin !== undefined && s.objective.yMax !== undefined && !(s.objective.yMin < s.objective.yMax)) add(['objective', 'yMax'], `must be above yMin (${s.objective.yMin})`);
    const off = zoneOffLane(lane, { from, to, yMin: s.objective.yMin, yMax: s.objective.yMax }, 'the objective', ' cm');
    if (off) add(['objective', off.field], off.message);
  }

  const placed: { b: ReturnType<typeof body>; path: Path; id: string }[] = [];
  (['attacker', 'defender'] as const).forEach((role, si) => {
    const side = s[role];
    const assigned = Object.keys(s.nationTables ?? {});
    const slip = nationSlip(side.nation, assigned);
    if (slip) add([role, 'nation'], nationSlipMessage(side.nation, slip, true));
    const facing = si === 0 ? 1 : -1;
    side.corps.forEach((c, ci) => {
      const cpath: Path = [role, 'corps', ci];
      uniq('corps', c.id, [...cpath, 'id']);
      // The commander starts behind his side's start line, on the table: not past its edge, nor off its width.
      const cx = lines[si] - facing * cm(c.commander.behind);
      if (cx < xMin - EPS || cx > xMax + EPS) add([...cpath, 'commander', 'behind'], `the commander (at ${cx} cm) is off the lane (${xMin} to ${xMax} cm): the table edge is ${edge} cm behind the start line`);
      if (c.commander.offset < -half - EPS || c.commander.offset > half + EPS) add([...cpath, 'commander', 'offset'], `the commander (${c.commander.offset} cm across) is off the lane's width (${-half} to ${half})`);
      const units = new Map(c.units.map((u) => [u.id, u]));
      c.generals.forEach((g, gi) => {
        uniq('general', g.id, [...cpath, 'generals', gi, 'id']);
        const u = units.get(g.with);
        if (!u) add([...cpath, 'generals', gi, 'with'], `no unit '${g.with}' in corps '${c.id}'`);
        else if (armOf(u.type) !== g.arm) add([...cpath, 'generals', gi, 'with'], `'${g.with}' is ${armOf(u.type)}; a ${g.arm} general serves only ${g.arm} ([Gen] l.291-292)`);
      });
      c.units.forEach((u, ui) => {
        const path: Path = [...cpath, 'units', ui];
        uniq('unit', u.id, [...path, 'id']);
        const arm = armOf(u.type);
        const formation: Formation = u.formation ?? DEFAULT_FORMATION[arm];
        if (!formationAllowed(arm, formation)) add([...path, 'formation'], `${arm} takes ${ARM_FORMATIONS[arm].join(', ')} ([Form] l.16-18), not ${formation}`);
        const nation = u.nation ?? side.nation;
        const unitSlip = u.nation === undefined ? undefined : nationSlip(u.nation, assigned);
        if (unitSlip) add([...path, 'nation'], nationSlipMessage(u.nation!, unitSlip, true));
        const missing = borrowedTable(s.nationTables, nation, missingDefault);
        if (!troopRatings(nation, u.type, { missingNationTable: missing, austrianLineMelee: 0 })) add([...path, 'type'], `the ${nation} table has no ${u.type} row`);
        // Given to a unit that has no such thing, a field is refused, not ignored (even at its default).
        if (u.guard !== undefined && arm !== 'artillery') add([...path, 'guard'], `only artillery has guard (Guard artillery, [FrT] l.387-390); this unit is ${arm}`);
        else if (u.guard && !troopRatings(nation, u.type, { missingNationTable: missing, austrianLineMelee: 0 }, true)) {
          add([...path, 'guard'], 'Guard artillery is a French battery row ([FrT] l.387-390)');
        }
        if (u.fire !== undefined && arm === 'cavalry') add([...path, 'fire'], 'cavalry never fires: its rows have no fire mod ("-" in [FrT] l.347-363, [AuT] l.436-452); this unit is cavalry');
        const bases = u.bases ?? DEFAULT_BASES[arm];
        const fp = footprintOf(formation, bases, s.bases.width, s.bases.depth);
        const front = lines[si] - facing * cm(u.behind);
        let depth = fp.depth;
        if (formation === 'deployed') {
          const b0 = body(front, facing as 1 | -1, fp.frontage, EPS * 10, u.offset);
          const area = terrain.find((t) => DEPLOY_KINDS.includes(t.kind) && t.to > t.from && footprintIn(b0, { kind: t.kind, from: t.from, to: t.to, yMin: t.yMin, yMax: t.yMax }));
          if (!area) add([...path, 'formation'], 'Deployed holds a village or fortification: its front edge must stand inside one');
          else depth = Math.max(fp.depth, facing > 0 ? front - area.from : area.to - front);
        }
        const b = body(front, facing as 1 | -1, fp.frontage, depth, u.offset);
        const [lo, hi] = facing > 0 ? [front - depth, front] : [front, front + depth];
        if (lo < xMin - EPS || hi > xMax + EPS) add([...path, 'behind'], `the unit (${lo} to ${hi} cm) is off the lane (${xMin} to ${xMax} cm)`);
        if (u.offset - fp.frontage / 2 < -half - EPS || u.offset + fp.frontage / 2 > half + EPS) {
          add([...path, 'offset'], `the unit (${u.offset - fp.frontage / 2} to ${u.offset + fp.frontage / 2} cm across) is off the lane's width (${-half} to ${half})`);
        }
        for (const o of placed) {
          if (lateralOverlap(o.b, b) > EPS && axialOverlap(o.b, b) > EPS) add([...path, 'behind'], `'${u.id}' overlaps '${o.id}' at the start`);
        }
        placed.push({ b, path, id: u.id });
      });
    });
  });
  return issues;
}

function refine(s: LaneScenarioData, ctx: z.RefinementCtx): void {
  for (const issue of checkLane(s)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const CWJ_SCENARIO_KINDS: readonly ScenarioKind[] = [
  { engagement: 'lane', doc: 'an engagement on the lane', body: laneScenarioBody, refine: refine as ScenarioKind['refine'] },
];

/** The doctrine presets' names, for error messages and docs. */
export const DOCTRINE_LIST = Object.keys(CWJ_DOCTRINE_PRESETS);
