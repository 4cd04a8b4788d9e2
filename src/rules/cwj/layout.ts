/**
 * How CWJ units stand on the lane (rulings section 11): footprints from formations and bases, distances
 * a scenario gives in cm or yards, and the terrain kinds the lane knows. The geometry itself is
 * src/table's; this module only says how many bases go where.
 */
import { onLane, withinWidth, type Body, type Lane } from '../../table/index.js';
import type { Arm, Cover, Formation } from './types.js';
import { yardsToCm } from './scale.js';

/**
 * [Form] l.16-23: bases per unit when the scenario gives none: four for infantry (a square is two ranks
 * of two) and cavalry, one gun for a battery (its limber goes in front of it when limbered).
 */
export const DEFAULT_BASES: Readonly<Record<Arm, number>> = { infantry: 4, cavalry: 4, artillery: 1 };

/** Men of a unit when the scenario gives none (rulings section 12: 720 a battalion, 500 sabres a regiment). */
export const DEFAULT_MEN: Readonly<Record<Arm, number>> = { infantry: 720, cavalry: 500, artillery: 150 };

/** The formation a unit starts in when the scenario gives none. */
export const DEFAULT_FORMATION: Readonly<Record<Arm, Formation>> = { infantry: 'column', cavalry: 'line', artillery: 'unlimbered' };

export interface Footprint {
  frontage: number;
  depth: number;
}

/**
 * [Form] l.18-23: a unit's footprint in a formation, in cm, from its bases of `width` x `depth`.
 * Line: every base side by side. Column: two bases in front, the rest behind. Square: as a column (two
 * ranks of two for four bases), never shallower than two ranks. Skirmish: as a line, the outside bases
 * a base depth back (two depths). Deployed: as a line; its depth is the area's (deployedDepth).
 * Limbered artillery: the limber in front of the gun (two depths); unlimbered: the gun alone.
 */
export function footprintOf(formation: Formation, bases: number, width: number, depth: number): Footprint {
  const wide = Math.min(2, bases);
  const deep = Math.ceil(bases / wide);
  switch (formation) {
    case 'line':
    case 'deployed':
      return { frontage: bases * width, depth };
    case 'skirmish':
      return { frontage: bases * width, depth: bases > 2 ? 2 * depth : depth };
    case 'column':
      return { frontage: wide * width, depth: deep * depth };
    case 'square':
      return { frontage: wide * width, depth: Math.max(2, deep) * depth };
    case 'limbered':
      return { frontage: bases * width, depth: 2 * depth };
    case 'unlimbered':
      return { frontage: bases * width, depth };
  }
}

/**
 * Rulings 11 (lane ends are table edges), docs/rules/cwj.md: a unit's new footprint after a formation
 * change (front edge kept) or forming square stands wholly on the table and on no other unit
 * (`onAnother`); else the change is not made. A column or square is deeper than a line: one whose
 * rear stands on the table edge cannot form it there.
 */
export function footprintFits(lane: Lane, footprint: Body, onAnother: boolean): boolean {
  return !onAnother && onLane(lane, footprint) && withinWidth(lane, footprint);
}

/** A distance as a scenario writes it: cm as a number, or a string of cm or yards ("16cm", "400yd"). */
export type Distance = number | string;

export const DISTANCE_PATTERN = /^\s*(-?\d+(?:\.\d+)?)\s*(cm|yd)\s*$/;

/** Rulings section 1: yards become cm at `cwj.yardsPerCm`. */
export function distanceCm(d: Distance, yardsPerCm: number): number {
  if (typeof d === 'number') return d;
  const m = DISTANCE_PATTERN.exec(d);
  if (!m) throw new RangeError(`not a distance: '${d}'`);
  const v = Number(m[1]);
  return m[2] === 'yd' ? yardsToCm(v, yardsPerCm) : v;
}

/**
 * Terrain kinds of the lane (rulings section 11) and what each is to these rules:
 * - village: an area infantry may hold Deployed; cover by `cwj.villageCover`; a wall in melee under
 *   `cwj.villageWall`; no rough test ([Rough] lists no villages);
 * - fortification: an area held Deployed; hard cover; +1 in melee to its defenders;
 * - woods: an area; soft cover; rough (woods +3);
 * - water: an area or a line (a stream); rough (water +2);
 * - slope: an area rising toward one end; rough going up it (uphill +5); +1 in melee uphill of the enemy;
 * - wall: a line; hard cover lining it; rough to cross (linear +4); +1 in melee defending it;
 * - hedge: a line; soft cover lining it; rough to cross (linear +4).
 */
export const TERRAIN_KINDS = ['village', 'fortification', 'woods', 'water', 'slope', 'wall', 'hedge'] as const;
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

/**
 * The cover each kind gives ([Fire] l.217-224; rulings 4.4: woods and hedges soft, walls hard, villages
 * by `cwj.villageCover`): an area to a unit whose front stands in it, a line (wall, hedge) to the unit
 * lining it, and only against fire from across it (Game.coverAgainst).
 */
export const TERRAIN_COVER: Readonly<Record<TerrainKind, Cover>> = { village: 'village', fortification: 'hard', woods: 'soft', water: 'none', slope: 'none', wall: 'hard', hedge: 'soft' };

/** Kinds drawn as lines (zero depth) and kinds that must be areas. */
export const LINE_KINDS: readonly TerrainKind[] = ['wall', 'hedge', 'water'];
export const AREA_KINDS: readonly TerrainKind[] = ['village', 'fortification', 'woods', 'water', 'slope'];
/** Areas infantry may hold Deployed ([Fire] l.190-191 "deployed in area"; [Melee] "defensive area"). */
export const DEPLOY_KINDS: readonly TerrainKind[] = ['village', 'fortification'];
