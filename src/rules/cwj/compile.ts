/**
 * Compiling a lane scenario once per cell (STYLE.md 2): the troop ratings of every unit from its
 * nation's table, quality and overrides ([FrT] [AuT]); footprints, positions and terrain in cm on the
 * lane (src/table); corps, commanders and generals; the doctrines. The result is immutable; the
 * engagement's mutable state is a Game (./game.ts) made once and reset for every engagement.
 */
import { QUALITY_LADDER, type Quality, type ResolvedOptions } from '../../core/ruleset.js';
import { interned } from '../../core/intern.js';
import { makeLane, terrainInterval, type Lane, type TerrainInterval } from '../../table/index.js';
import { doctrineOf, type CwjDoctrine } from './doctrine.js';
import { DEFAULT_BASES, DEFAULT_FORMATION, DEFAULT_MEN, DEPLOY_KINDS, distanceCm, footprintOf, type TerrainKind } from './layout.js';
import { cwjOptions, type CwjOptions } from './options.js';
import { INFANTRY_LADDER, LIGHT_INFANTRY, MOUNTED_STEPS } from './quality.js';
import { armOf, borrowedTable, checkLane, type LaneScenarioData, type UnitData } from './scenarios.js';
import { AUSTRIAN_TABLE, tableFor, troopRatings, type TroopType } from './troops.js';
import { type Arm, type Formation } from './types.js';

/** A unit as play reads it. */
export interface UnitSpec {
  id: string;
  side: 0 | 1;
  corps: number;
  arm: Arm;
  type: TroopType;
  nation: string;
  /** Fire mod; null for cavalry (it never fires). */
  fire: number | null;
  rally: number;
  melee: number;
  /** Lancers' bracketed factor. */
  meleeBracketed: number | undefined;
  light: boolean;
  horse: boolean;
  weight: 'heavy' | 'medium' | 'light' | undefined;
  bases: number;
  men: number;
  formation: Formation;
  front: number;
  offset: number;
  disordered: boolean;
  /** [Control] l.264-265: British cavalry other than the King's German Legion. */
  britishNotKgl: boolean;
  /** Index of its chip-earning group (the unit itself, or its regiment under cwj.chipUnit = regiment). */
  chipGroup: number;
  /** Where its ratings come from, for the trace. */
  source: string;
  quality: Quality | null;
}

export interface CorpsSpec {
  id: string;
  name: string;
  side: 0 | 1;
  passes: number;
  commanderX: number;
  commanderY: number;
  units: number[];
  generals: number[];
  /** Chip-earning groups of the corps ([Win] l.299: units, or regiments). */
  chipGroups: number[];
}

export interface GeneralSpec {
  id: string;
  side: 0 | 1;
  corps: number;
  arm: 'infantry' | 'cavalry';
  unit: number;
}

export interface SideSpec {
  name: string;
  role: 'attacker' | 'defender';
  facing: 1 | -1;
  line: number;
  doctrine: CwjDoctrine;
  corps: number[];
}

/** A terrain interval with what the rules make of it. */
export interface TerrainSpec extends TerrainInterval {
  kind: TerrainKind;
  /** Slopes: the x direction the ground rises toward (+1, -1); 0 for other kinds. */
  rises: number;
}

export interface ObjectiveSpec {
  name: string;
  interval: TerrainInterval;
  terrain: boolean;
  carry: boolean;
}

export interface CompiledLane {
  kind: 'lane';
  options: CwjOptions;
  resolved: ResolvedOptions;
  sides: [SideSpec, SideSpec];
  units: UnitSpec[];
  corps: CorpsSpec[];
  generals: GeneralSpec[];
  /** Chip-earning groups: the units of each. */
  chipGroups: number[][];
  turns: number;
  /** The side phasing first. */
  first: 0 | 1;
  decision: 'armies' | 'firstClash';
  armyMorale: boolean;
  lane: Lane;
  terrain: TerrainSpec[];
  objective: ObjectiveSpec | null;
  baseWidth: number;
  baseDepth: number;
  /** Deployed depth per unit at its start (the area it holds), or 0. */
  startDepth: number[];
}


/**
 * The type and rating changes of a quality rung, against the table the unit reads (rulings 12): line
 * infantry takes the ladder's row; light infantry (cwj.lightQuality keepRow), cavalry and batteries keep
 * their row and move by steps.
 */
function applyQuality(u: Pick<UnitData, 'type' | 'quality'>, nation: string, missing: CwjOptions['missingNationTable'], lightQuality: CwjOptions['lightQuality']): { type: TroopType; steps: { fire: number; rally: number; melee: number } } {
  const q = u.quality;
  if (!q) return { type: u.type, steps: { fire: 0, rally: 0, melee: 0 } };
  if (armOf(u.type) === 'infantry' && !(lightQuality === 'keepRow' && LIGHT_INFANTRY.includes(u.type))) {
    const line = tableFor(nation, 'line', missing);
    const austrian = line === AUSTRIAN_TABLE;
    return { type: INFANTRY_LADDER[q][austrian ? 'austrian' : 'french'], steps: { fire: 0, rally: 0, melee: 0 } };
  }
  const s = MOUNTED_STEPS[q];
  return { type: u.type, steps: { fire: armOf(u.type) === 'artillery' ? s.fire : 0, rally: s.rally, melee: s.melee } };
}

/** Validate once (the scenario schema has run) and build the immutable data of play. */
export function compileLane(scenario: LaneScenarioData & { name?: string }, resolved: ResolvedOptions): CompiledLane {
  const opts = cwjOptions(resolved);
  const issues = checkLane({ ...scenario, options: resolved });
  if (issues.length) throw new Error(`invalid lane scenario at ${issues[0].path.join('.')}: ${issues[0].message}`);
  const cm = (d: number | string) => distanceCm(d, opts.yardsPerCm);
  const lines: [number, number] = [cm(scenario.attacker.line), cm(scenario.defender.line)];
  const edge = cm(scenario.lane.edge);
  const lane = makeLane(lines[0] - edge, lines[1] + edge, scenario.lane.width);
  const terrain: TerrainSpec[] = scenario.terrain.map((t) => {
    const from = cm(t.from);
    const to = t.to === undefined ? from : cm(t.to);
    const iv = terrainInterval(t.kind, from, to, t.yMin, t.yMax);
    // Added to the interval, not spread into a copy (docs/architecture.md, step 7: compiled cells
    // share their maps).
    return Object.assign(iv, { kind: interned(t.kind), rises: t.rises === 'towardDefender' ? 1 : t.rises === 'towardAttacker' ? -1 : 0 });
  });
  const objective: ObjectiveSpec | null = scenario.objective
    ? {
        name: scenario.objective.name,
        interval: terrainInterval('objective', cm(scenario.objective.from), cm(scenario.objective.to), scenario.objective.yMin, scenario.objective.yMax),
        terrain: scenario.objective.terrain,
        carry: scenario.objective.carry,
      }
    : null;

  const units: UnitSpec[] = [];
  const corps: CorpsSpec[] = [];
  const generals: GeneralSpec[] = [];
  const chipGroups: number[][] = [];
  const startDepth: number[] = [];
  const sides = (['attacker', 'defender'] as const).map((role, si): SideSpec => {
    const s = scenario[role];
    const facing: 1 | -1 = si === 0 ? 1 : -1;
    const side: SideSpec = { name: s.name, role, facing, line: lines[si], doctrine: doctrineOf(s.doctrine as Parameters<typeof doctrineOf>[0]), corps: [] };
    for (const c of s.corps) {
      const ci = corps.length;
      const spec: CorpsSpec = {
        id: c.id,
        name: c.name ?? c.id,
        side: si as 0 | 1,
        passes: c.passes ?? opts.moralePasses,
        commanderX: lines[si] - facing * cm(c.commander.behind),
        commanderY: c.commander.offset,
        units: [],
        generals: [],
        chipGroups: [],
      };
      corps.push(spec);
      side.corps.push(ci);
      const regiments = new Map<string, number>();
      for (const u of c.units) {
        const nation = u.nation ?? s.nation;
        const missing = borrowedTable(scenario.nationTables, nation, opts.missingNationTable);
        const { type, steps } = applyQuality(u, nation, missing, opts.lightQuality);
        const r = troopRatings(nation, type, { missingNationTable: missing, austrianLineMelee: opts.austrianLineMelee }, u.guard ?? false);
        if (!r) throw new Error(`internal: unit '${u.id}': the ${nation} table has no ${type} row`);
        const arm = r.arm;
        const formation = interned(u.formation ?? DEFAULT_FORMATION[arm]);
        const bases = u.bases ?? DEFAULT_BASES[arm];
        const ui = units.length;
        let group: number;
        if (opts.chipUnit === 'regiment' && u.regiment !== undefined && regiments.has(u.regiment)) group = regiments.get(u.regiment)!;
        else {
          group = chipGroups.length;
          chipGroups.push([]);
          spec.chipGroups.push(group);
          if (opts.chipUnit === 'regiment' && u.regiment !== undefined) regiments.set(u.regiment, group);
        }
        chipGroups[group].push(ui);
        const front = lines[si] - facing * cm(u.behind);
        let depth = 0;
        if (formation === 'deployed') {
          const fp = footprintOf('deployed', bases, scenario.bases.width, scenario.bases.depth);
          const area = terrain.find((t) => DEPLOY_KINDS.includes(t.kind) && t.to > t.from && (facing > 0 ? front > t.from && front <= t.to : front >= t.from && front < t.to));
          depth = area ? Math.max(fp.depth, facing > 0 ? front - area.from : area.to - front) : fp.depth;
        }
        startDepth.push(depth);
        units.push({
          id: u.id,
          side: si as 0 | 1,
          corps: ci,
          arm,
          type,
          nation,
          fire: u.fire ?? (r.fire === null ? null : r.fire + steps.fire),
          rally: u.rally ?? r.rally + steps.rally,
          melee: u.melee ?? r.melee + steps.melee,
          meleeBracketed: r.meleeBracketed === undefined ? undefined : r.meleeBracketed + steps.melee,
          light: r.light,
          horse: r.horse,
          weight: r.weight,
          bases,
          men: u.men ?? DEFAULT_MEN[arm],
          formation,
          front,
          offset: u.offset,
          disordered: u.disordered,
          britishNotKgl: nation.toLowerCase().startsWith('brit') && !(u.tags ?? []).some((t) => t.toLowerCase() === 'kgl'),
          chipGroup: group,
          source: r.source + (u.quality ? `, quality ${u.quality}` : '') + (u.fire !== undefined || u.rally !== undefined || u.melee !== undefined ? ', ratings set by the scenario' : ''),
          quality: u.quality ?? null,
        });
        spec.units.push(ui);
      }
      for (const g of c.generals) {
        const gi = generals.length;
        generals.push({ id: g.id, side: si as 0 | 1, corps: ci, arm: interned(g.arm) as 'infantry' | 'cavalry', unit: units.findIndex((x) => x.id === g.with) });
        spec.generals.push(gi);
      }
    }
    return side;
  }) as [SideSpec, SideSpec];

  const c: CompiledLane = {
    kind: 'lane',
    options: opts,
    resolved,
    sides,
    units,
    corps,
    generals,
    chipGroups,
    turns: scenario.turns,
    first: scenario.first === 'attacker' ? 0 : 1,
    decision: scenario.decision,
    armyMorale: scenario.armyMorale,
    lane,
    terrain,
    objective,
    baseWidth: scenario.bases.width,
    baseDepth: scenario.bases.depth,
    startDepth,
  };
  return c;
}

/** Every quality rung, for docs and checks. */
export const QUALITIES: readonly Quality[] = QUALITY_LADDER;
