/**
 * Scales, arms, qualities, formations and footprints of the regimental conversion (p1 Regimental
 * Scale, p1 Formations, p3 Scale, p3 Units, p3 Formations; rulings 1).
 */
import type { AoeOptions } from './options.js';

// ---- Scale (p1 Regimental Scale, p3 Scale) ----

/** p1 Regimental Scale: one inch of table is 80 yards (400 yards = 5"). */
export const YARDS_PER_INCH = 80;
/** p3 Scale: one figure is 60 men. */
export const MEN_PER_FIGURE = 60;
/** p1 Regimental Scale: a game turn is 20 minutes (an initiative roll and two player turns). */
export const MINUTES_PER_TURN = 20;

export type Arm = 'infantry' | 'cavalry' | 'artillery';

/** p1 Regimental Scale: an infantry stand is 240 men, a cavalry stand 120; a gun stand is a battery. */
export const MEN_PER_STAND: Readonly<Record<Arm, number>> = Object.freeze({ infantry: 240, cavalry: 120, artillery: 0 });

/** p3 Units: infantry units are always 6 stands (two battalions), cavalry 4 (four squadrons), a battery 1 gun stand. */
export const STANDARD_STANDS: Readonly<Record<Arm, number>> = Object.freeze({ infantry: 6, cavalry: 4, artillery: 1 });

/** Men in a unit of `stands` stands; guns are counted apart (rulings 5), so a battery has none. */
export function unitMen(arm: Arm, stands: number): number {
  return MEN_PER_STAND[arm] * stands;
}

/** Distance on the table in inches for a distance in yards (p1 Regimental Scale). */
export function inchesFromYards(yards: number): number {
  return yards / YARDS_PER_INCH;
}

// ---- Troops (p1 Tactical Movement Modifiers; p2 Bayonet & Sabre; rulings 7) ----

/** The text's qualities, and `guard` (Elite, with +1 more under aoe.guardStep extraPlusOne). */
export const TROOPS = ['conscript', 'regular', 'elite', 'guard'] as const;
export type Troops = (typeof TROOPS)[number];

/** p1 Tactical Movement Modifiers: Elite +1, Conscript -1 on the March Table; guard per aoe.guardStep. */
export function marchQualityDrm(q: Troops, guardStep: AoeOptions['guardStep']): number {
  if (q === 'conscript') return -1;
  if (q === 'regular') return 0;
  if (q === 'elite') return 1;
  return guardStep === 'extraPlusOne' ? 2 : 1;
}

/** p2 Bayonet & Sabre: Regular +1, Elite +2, Conscript nothing; guard per aoe.guardStep. */
export function bayonetQualityDrm(q: Troops, guardStep: AoeOptions['guardStep']): number {
  if (q === 'conscript') return 0;
  if (q === 'regular') return 1;
  if (q === 'elite') return 2;
  return guardStep === 'extraPlusOne' ? 3 : 2;
}

/** Rank of a quality, for "this quality or better" counts. */
export function troopsRank(q: Troops): number {
  return q === 'conscript' ? 0 : q === 'regular' ? 1 : q === 'elite' ? 2 : 3;
}

/**
 * The common quality ladder (DESIGN.md "Cross-system studies") in this system's terms (rulings 7):
 * conscript = Conscript, line = Regular, veteran = Elite, guard = Elite with aoe.guardStep. The ladder's
 * top rung `elite` has no rung above guard here, so it maps to guard too (a reading, docs/rules/aoe.md).
 */
export const TROOPS_FROM_LADDER: Readonly<Record<'conscript' | 'line' | 'veteran' | 'guard' | 'elite', Troops>> = Object.freeze({
  conscript: 'conscript',
  line: 'regular',
  veteran: 'elite',
  guard: 'guard',
  elite: 'guard',
});

// ---- Formations (p1 Formations, p3 Formations, p3 Built Up Areas) ----

/**
 * p1 Formations. `none` is a unit in a built-up area block, which has no formation and no facing
 * (p3 Built Up Areas). Batteries have no formation; they are limbered or unlimbered (a flag).
 */
export const FORMATIONS = ['line', 'fieldColumn', 'masse', 'marchColumn', 'openOrder', 'square', 'none'] as const;
export type Formation = (typeof FORMATIONS)[number];

/** p3 March Table - March Mode: the formation an infantry unit favours when it moves. */
export type MarchMode = 'linear' | 'columnar' | 'impulse';

/** Inches of frontage per stand [gap] (rulings 1); Open Order spreads its stands twice as wide. */
export const STAND_FRONTAGE = 1;
/**
 * Inches of depth per rank of stands: not in the text or the rulings; this project reads a stand as
 * 1" deep too (docs/rules/aoe.md, "Readings this project adds").
 */
export const STAND_DEPTH = 1;
/** p1/p3 Built-up Areas: a block is 3" x 3" and holds one unit. */
export const BUA_BLOCK = 3;

/** Where the stands of a unit stand, in stands (wide x deep) and inches. */
export interface Footprint {
  /** Stands abreast in the front rank. */
  wide: number;
  /** Ranks of stands. */
  deep: number;
  frontage: number;
  depth: number;
}

/**
 * Lane footprints [gap] (rulings 1): Line n wide x 1 deep; Field Column and Masse 2 wide; March Column
 * 1 wide; Open Order one rank over twice the frontage (6 stands over 12"); Square 2 wide and 2 deep
 * (faces of 2 front, 2 rear, 1 on each flank for 6 stands); a unit in a BUA fills its 3" block.
 */
export function footprint(formation: Formation, stands: number): Footprint {
  let wide: number, deep: number, frontage: number;
  switch (formation) {
    case 'line':
      wide = stands; deep = 1; frontage = stands * STAND_FRONTAGE;
      break;
    case 'fieldColumn':
    case 'masse':
      wide = Math.min(2, stands); deep = Math.ceil(stands / 2); frontage = wide * STAND_FRONTAGE;
      break;
    case 'marchColumn':
      wide = 1; deep = stands; frontage = STAND_FRONTAGE;
      break;
    case 'openOrder':
      wide = stands; deep = 1; frontage = 2 * stands * STAND_FRONTAGE;
      break;
    case 'square':
      wide = Math.min(2, stands); deep = Math.min(2, stands); frontage = wide * STAND_FRONTAGE;
      break;
    case 'none':
      return { wide: stands, deep: 1, frontage: BUA_BLOCK, depth: BUA_BLOCK };
  }
  return { wide, deep, frontage, depth: deep * STAND_DEPTH };
}

/**
 * Stands on each face of a square (p1 Formations: all stands face out on four sides): 1 on each
 * flank, the rest split front and rear, front first (6 stands: 2 front, 2 rear, 1 and 1) [gap].
 */
export function squareFace(stands: number, face: 'front' | 'rear' | 'flank'): number {
  if (stands <= 0) return 0;
  if (face === 'flank') return stands >= 3 ? 1 : 0;
  const rest = stands >= 3 ? stands - 2 : stands;
  return face === 'front' ? Math.ceil(rest / 2) : Math.floor(rest / 2);
}

/**
 * Stands in the front rank toward an enemy in front [gap] (rulings 3.5): Line and Open Order all,
 * Field Column and Masse 2, March Column 1, a square its front face, a BUA unit all stands.
 */
export function frontRankStands(formation: Formation, stands: number): number {
  switch (formation) {
    case 'line':
    case 'openOrder':
    case 'none':
      return stands;
    case 'fieldColumn':
    case 'masse':
      return Math.min(2, stands);
    case 'marchColumn':
      return Math.min(1, stands);
    case 'square':
      return squareFace(stands, 'front');
  }
}

/** p1 Tactical Movement Modifiers: +1 for a unit in column (Field or March), Masse or Square (rulings 3.1). */
export function isColumnMasseOrSquare(formation: Formation): boolean {
  return formation === 'fieldColumn' || formation === 'marchColumn' || formation === 'masse' || formation === 'square';
}
