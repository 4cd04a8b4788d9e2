/**
 * Compiling a lane scenario once per cell (src/core/ruleset.ts): the typed options, the units as
 * immutable specs, the lane and its terrain, the objective, the doctrines, and a reusable state that
 * every engagement of the cell resets (./state.ts). Nothing here rolls a die.
 */
import { UNIT_CLASSES } from '../../core/result.js';
import type { Scale } from '../../core/vocabulary.js';
import { makeLane, terrainInterval, type Body, type Lane, type TerrainInterval } from '../../table/index.js';
import { aoeDie, type Die } from './dice.js';
import { doctrineOf, type AoeDoctrine } from './doctrine.js';
import { removalThreshold } from './hits.js';
import type { AoeOptions } from './options.js';
import { startBody, villageAt, type LaneScenario, type LaneUnit } from './scenarios.js';
import { LaneState } from './state.js';
import { STANDARD_STANDS, unitMen, type Arm, type Formation, type MarchMode, type Troops } from './units.js';
import { AOE_SCALE, troopsIndex } from './vocabulary.js';

/** One unit as play reads it. */
export interface UnitSpec {
  id: string;
  side: 0 | 1;
  arm: Arm;
  stands: number;
  troops: Troops;
  /** Index on the vocabulary's quality scale, and in UNIT_CLASSES. */
  rating: number;
  unitClass: number;
  marchMode: MarchMode | null;
  ranks: 2 | 3;
  light: boolean;
  lancers: boolean;
  heavy: boolean;
  armoured: boolean;
  guns: 6 | 8;
  weight: 'heavy' | 'light';
  horse: boolean;
  leader: 0 | 1 | 2;
  startFormation: Formation;
  startLimbered: boolean;
  startDisordered: boolean;
  startHits: number;
  startBody: Readonly<Body>;
  /** The village block (terrain index) it starts in, or -1. */
  startBlock: number;
  /** Hits that remove it (aoe.removalHits). */
  threshold: number;
  /** Men (guns none) and figures of 60 (p3 Scale). */
  men: number;
  figures: number;
}

/** The objective zone and who holds it at the start. */
export interface Objective {
  name: string;
  from: number;
  to: number;
  yMin: number;
  yMax: number;
  /** The defender holds it (rulings 5), or nobody does (a meeting engagement). */
  held: boolean;
  /** The village block it is, or -1. */
  block: number;
}

export interface CompiledLane {
  readonly kind: 'lane';
  readonly options: AoeOptions;
  readonly die: Die;
  readonly specs: readonly UnitSpec[];
  readonly sideNames: readonly [string, string];
  /** The side that attacks (rulings 5). */
  readonly attacker: 0 | 1;
  readonly doctrines: readonly [AoeDoctrine, AoeDoctrine];
  readonly turns: number;
  readonly onTime: 'draw' | 'defender';
  readonly lane: Lane;
  readonly terrain: readonly TerrainInterval[];
  /** Cover of each terrain interval (village aoe.buaCover, woods 1, else 0). */
  readonly cover: readonly number[];
  readonly objective: Objective;
  readonly flankFaces: number;
  readonly flankDetour: number;
  /** Foot and horse units of each side at the start (army cohesion, aoe.cohesion). */
  readonly troopUnits: readonly [number, number];
  readonly scale: Scale;
  /** Units of each side, in compiled order. */
  readonly sideUnits: readonly [readonly number[], readonly number[]];
  /** Reused by every play of this compiled cell (one per worker thread). */
  readonly state: LaneState;
}

const LEADER: Record<LaneUnit['leader'], 0 | 1 | 2> = { none: 0, leader: 1, charismatic: 2 };

function unitSpec(u: LaneUnit, side: 0 | 1, sc: LaneScenario, opts: AoeOptions): UnitSpec {
  const arm = u.arm;
  const stands = arm === 'artillery' ? 1 : (u.stands ?? STANDARD_STANDS[arm]);
  const block = u.formation === 'bua' && arm !== 'artillery' ? villageAt(sc.terrain, u.front, u.offset) : -1;
  const startFormation: Formation = arm === 'artillery' ? 'line' : u.formation === 'bua' ? 'none' : u.formation;
  const men = unitMen(arm, stands);
  return {
    id: u.id,
    side,
    arm,
    stands,
    troops: u.troops,
    rating: troopsIndex(u.troops),
    unitClass: UNIT_CLASSES.indexOf(arm),
    // The defaults of the fields of one arm (scenarios.ts; checkLane refuses them on another).
    marchMode: arm === 'infantry' ? (u.marchMode ?? 'impulse') : null,
    ranks: u.musket ?? 3,
    light: u.light ?? false,
    lancers: u.lancers ?? false,
    heavy: (u.heavy ?? false) || (u.armoured ?? false),
    armoured: u.armoured ?? false,
    guns: u.guns ?? 8,
    weight: u.weight ?? 'light',
    horse: u.horse ?? false,
    leader: LEADER[u.leader],
    startFormation,
    startLimbered: arm === 'artillery' && (u.limbered ?? false),
    startDisordered: u.disordered,
    startHits: arm === 'artillery' ? 0 : u.hits,
    startBody: Object.freeze(startBody(u, side, block >= 0 ? sc.terrain[block] : null)),
    startBlock: block,
    threshold: removalThreshold(arm, stands, opts.removalHits),
    men,
    figures: men / AOE_SCALE.menPerStrength,
  };
}

/** The objective: the scenario's, else the first village block, else the ground the defending troops hold. */
function objectiveOf(sc: LaneScenario, specs: readonly UnitSpec[], attacker: 0 | 1, width: number): Objective {
  const o = sc.objective;
  const villages = sc.terrain.map((t, i) => [t, i] as const).filter(([t]) => t.kind === 'village');
  if (o) {
    const block = villages.find(([t]) => t.from === o.from && t.to === o.to && (t.yMin ?? -width / 2) === (o.yMin ?? -width / 2) && (t.yMax ?? width / 2) === (o.yMax ?? width / 2));
    return { name: o.name, from: o.from, to: o.to, yMin: o.yMin ?? -width / 2, yMax: o.yMax ?? width / 2, held: o.holder === 'defender', block: block ? block[1] : -1 };
  }
  if (villages.length) {
    const [t, i] = villages[0];
    return { name: t.name ?? 'village', from: t.from, to: t.to, yMin: t.yMin ?? -width / 2, yMax: t.yMax ?? width / 2, held: true, block: i };
  }
  let lo = Infinity, hi = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const s of specs) {
    if (s.side === attacker || s.arm === 'artillery') continue;
    const b = s.startBody;
    lo = Math.min(lo, b.facing > 0 ? b.front - b.depth : b.front);
    hi = Math.max(hi, b.facing > 0 ? b.front : b.front + b.depth);
    y0 = Math.min(y0, b.offset - b.frontage / 2);
    y1 = Math.max(y1, b.offset + b.frontage / 2);
  }
  return { name: 'the defender’s ground', from: lo, to: hi, yMin: y0, yMax: y1, held: true, block: -1 };
}

export function compileLane(sc: LaneScenario, opts: AoeOptions): CompiledLane {
  const specs: UnitSpec[] = [];
  const sideUnits: [number[], number[]] = [[], []];
  sc.sides.forEach((side, si) => {
    for (const u of side.units) sideUnits[si].push(specs.push(unitSpec(u, si as 0 | 1, sc, opts)) - 1);
  });
  const attacker: 0 | 1 = sc.sides[0].role === 'attacker' ? 0 : 1;
  const lane = makeLane(0, sc.lane.length, sc.lane.width);
  const terrain = sc.terrain.map((t) => terrainInterval(t.kind, t.from, t.to, t.yMin, t.yMax));
  const cover = sc.terrain.map((t) => (t.kind === 'village' ? opts.buaCover : t.kind === 'woods' ? 1 : 0));
  const troops = (s: number) => specs.filter((u) => u.side === s && u.arm !== 'artillery').length;
  // One literal, not a spread (docs/architecture.md, step 7: compiled cells share their maps).
  return {
    kind: 'lane',
    options: opts,
    die: aoeDie(opts.die, opts.d10Faces),
    specs,
    sideNames: [sc.sides[0].name, sc.sides[1].name],
    attacker,
    doctrines: [doctrineOf(sc.sides[0].doctrine as never), doctrineOf(sc.sides[1].doctrine as never)],
    turns: sc.turns,
    onTime: sc.onTime,
    lane,
    terrain,
    cover,
    objective: objectiveOf(sc, specs, attacker, sc.lane.width),
    flankFaces: sc.flankFaces,
    flankDetour: sc.flankDetour,
    troopUnits: [troops(0), troops(1)],
    scale: AOE_SCALE,
    sideUnits,
    state: new LaneState(specs),
  };
}
