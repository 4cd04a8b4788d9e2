/**
 * The tables of Napoleonic Avant-garde Battles as data, each with its page. The transcription lost every
 * table's layout; these are rebuilt as the rulings page (shared/rulings, sections 1 and 3) reads them,
 * and each lookup that depends on a reading takes the option it depends on.
 */
import type { NagbOptions } from './options.js';

// ---------------------------------------------------------------------------------------------------
// Troop classes (p38, p39, p40)

/** Arms of service. Batteries are 'artillery' (their crew take the tests). */
export type Arm = 'infantry' | 'cavalry' | 'artillery';

/** Troop classes, infantry names (p39). Cavalry's "Raw" row (p40) is 'conscripts'; cavalry has no militia. */
export type UnitClass = 'militia' | 'conscripts' | 'line' | 'veteran' | 'elite' | 'guard';
export const UNIT_CLASSES: readonly UnitClass[] = ['militia', 'conscripts', 'line', 'veteran', 'elite', 'guard'];

/** Kinds of cavalry (p24, p25, p40): saves and the ferocious charge depend on it. */
export type CavalryType = 'light' | 'heavy' | 'cuirassier';
/** Hand weapons of cavalry (p24, p40): what a charge kills on. */
export type CavalryWeapon = 'sabre' | 'lance' | 'cossackLance';

/** A horseman's type when the file gives none (p24: Cossacks count as light cavalry; others heavy). */
export function cavalryTypeOf(type: CavalryType | undefined, weapon: CavalryWeapon | undefined): CavalryType {
  return type ?? (weapon === 'cossackLance' ? 'light' : 'heavy');
}

export interface ClassRow {
  /** Leadership, the number a 2d6 test must not exceed (p39; guard by nagb.guardLeadership). */
  ld: number;
  /** Raw: a whole move to change formation, tests at any casualty, -1 to hit (p10, p39). */
  raw: boolean;
  /** Drilled: one free line/column change at the start of the move (p39). */
  drilled: boolean;
  /** Share of starting figures lost in one round that triggers a shooting test; 0 = any casualty (p11, p27). */
  testShare: number;
  /** Whether that test is modified by the casualties taken (p11: not for elite and guard). */
  casualtyModified: boolean;
  /** Defensive-fire range modifier of this class (p12, p17). */
  standRange: number;
}

/** Infantry (p39) and, by the rulings' mapping, cavalry and gun crews of the same class (stubbornness apart: isStubbornClass). */
const CLASS_ROWS: Record<UnitClass, ClassRow> = {
  militia: { ld: 6, raw: true, drilled: false, testShare: 0, casualtyModified: true, standRange: 2 },
  conscripts: { ld: 7, raw: true, drilled: false, testShare: 0, casualtyModified: true, standRange: 1 },
  line: { ld: 8, raw: false, drilled: false, testShare: 0.1, casualtyModified: true, standRange: 0 },
  veteran: { ld: 9, raw: false, drilled: true, testShare: 0.25, casualtyModified: true, standRange: -1 },
  elite: { ld: 10, raw: false, drilled: true, testShare: 0.25, casualtyModified: false, standRange: -2 },
  guard: { ld: 11, raw: false, drilled: true, testShare: 0.25, casualtyModified: false, standRange: -3 },
};

/**
 * p39, p40: whether a unit is stubborn (break tests at unmodified Ld): elite and guard on foot, and gun
 * crews as foot of their class; of cavalry only the guard, p40's Elite rows of both cavalry tables
 * being drilled and not stubborn.
 */
export function isStubbornClass(arm: Arm, cls: UnitClass): boolean {
  return cls === 'guard' || (cls === 'elite' && arm !== 'cavalry');
}

/**
 * p38-40 (nagb.veteranCavalryDrilled): whether a class is drilled by its stats: on foot (and gun crews)
 * veteran, elite and guard (p39); of cavalry elite and guard (p40), and veterans only as p38's points
 * table has them. (French foot drilled by nation is the caller's: p35.)
 */
export function classDrilled(arm: Arm, cls: UnitClass, opts: Pick<NagbOptions, 'veteranCavalryDrilled'>): boolean {
  if (arm === 'cavalry' && cls === 'veteran') return opts.veteranCavalryDrilled;
  return CLASS_ROWS[cls].drilled;
}

/** The table row of a class (guard Ld is the default 11 here; use `leadershipOf` for the option). */
export function classRow(cls: UnitClass): ClassRow {
  return CLASS_ROWS[cls];
}

/**
 * Leadership of a unit (p39 infantry; p40 cavalry: Raw 7, Line 8, Veteran 9, elite and guard lost and
 * read as 10 and nagb.guardLeadership; gun crews as infantry of their class). Cavalry militia does not
 * exist; it is read as the Raw row.
 */
export function leadershipOf(arm: Arm, cls: UnitClass, opts: Pick<NagbOptions, 'guardLeadership'>): number {
  if (cls === 'guard') return opts.guardLeadership;
  if (arm === 'cavalry' && cls === 'militia') return CLASS_ROWS.conscripts.ld;
  return CLASS_ROWS[cls].ld;
}

/** p10, p14, p20: +1 to hit for veterans (and elite, guard under 'veteranUp'), -1 for raw troops. */
export function classHitModifier(cls: UnitClass, opts: Pick<NagbOptions, 'eliteFireBonus'>): number {
  if (cls === 'militia' || cls === 'conscripts') return -1;
  if (cls === 'veteran') return 1;
  if (cls === 'elite' || cls === 'guard') return opts.eliteFireBonus === 'veteranUp' ? 1 : 0;
  return 0;
}

/**
 * p40: the recovery modifier of blown cavalry: Raw -2, Line 0, Veteran +2; elite and guard lost
 * (nagb.cavalryLostStats: +2 both, or +4 and +6). Heavy Line and Veteran rows are lost and read as light.
 */
export function cavalryRecovery(cls: UnitClass, opts: Pick<NagbOptions, 'cavalryLostStats'>): number {
  switch (cls) {
    case 'militia':
    case 'conscripts':
      return -2;
    case 'line':
      return 0;
    case 'veteran':
      return 2;
    case 'elite':
      return opts.cavalryLostStats === 'progression' ? 4 : 2;
    case 'guard':
      return opts.cavalryLostStats === 'progression' ? 6 : 2;
  }
}

/** p25, p40: the hand-to-hand save of a cavalry figure (cuirassier 4+, heavy 5+, light 6+). */
export const CAVALRY_SAVE: Record<CavalryType, number> = { cuirassier: 4, heavy: 5, light: 6 };

// ---------------------------------------------------------------------------------------------------
// Commanders (p5, p39; first row lost, nagb.commanderTable)

export type CommanderRating = 'charismatic' | 'inspirational' | 'competent' | 'uninspiring';

export interface CommanderRow {
  ld: number;
  /** Added to the d6 of command pips (p5: uninspiring -1 pip; charismatic +1, a guess of the rulings). */
  pips: number;
  /** Personal influence (p4). */
  influence: number;
  /** Command radius in inches (p3: 8" by default). */
  radius: number;
}

const COMMANDERS: Record<CommanderRating, CommanderRow> = {
  charismatic: { ld: 10, pips: 1, influence: 1, radius: 10 },
  inspirational: { ld: 9, pips: 0, influence: 1, radius: 9 },
  competent: { ld: 8, pips: 0, influence: 1, radius: 8 },
  uninspiring: { ld: 7, pips: -1, influence: 1, radius: 7 },
};
const UNINSPIRING_6: CommanderRow = { ...COMMANDERS.uninspiring, radius: 6 };

export function commanderRow(rating: CommanderRating, opts: Pick<NagbOptions, 'commanderTable'>): CommanderRow {
  if (rating === 'uninspiring' && opts.commanderTable === 'uninspiring6') return UNINSPIRING_6;
  return COMMANDERS[rating];
}

/** p4: a commander's personal influence reaches battalions within 4". */
export const INFLUENCE_RANGE = 4;
/** p3, p4: a commander or the CinC commands within 8" unless rated otherwise. */
export const DEFAULT_COMMAND_RADIUS = 8;
/** p4: commanders and staff move as light cavalry in open order (10"), ignoring terrain (p2). */
export const COMMANDER_MOVE = 10;
/** p33: a courier moves 8" as light cavalry, in any phase. */
export const COURIER_MOVE = 8;

// ---------------------------------------------------------------------------------------------------
// Formations and movement (p6-8, p22, p26)

export type InfantryFormation = 'line' | 'attackColumn' | 'marchColumn' | 'square' | 'skirmish';
export type CavalryFormation = 'line' | 'column' | 'skirmish';
export type Formation = InfantryFormation | CavalryFormation;

/** Infantry paces (p6): back or side steps, slow walk, normal, charge. */
export type InfantryPace = 'backSide' | 'slow' | 'normal' | 'charge';
/** Cavalry paces (p22). */
export type CavalryPace = 'backSide' | 'walk' | 'trot' | 'canter' | 'charge';

export interface InfantryMoveRow {
  backSide: number;
  /** Slow walking pace; null where the formation has none of its own (nagb.slowPace for formed foot). */
  slow: number | null;
  normal: number;
  /** Base of the charge move before its d6; null: the formation may not charge. */
  charge: number | null;
}

/** p6 table (square 1" in every pace; march column 10" on a road, p8), p8, p26 (skirmishers 6"). */
export function infantryMoveRow(f: InfantryFormation, opts: Pick<NagbOptions, 'columnChargeBase'>): InfantryMoveRow {
  switch (f) {
    case 'line':
      return LINE_ROW;
    case 'attackColumn':
      return opts.columnChargeBase === 6 ? COLUMN_ROW_6 : COLUMN_ROW_8;
    case 'marchColumn':
      return MARCH_ROW;
    case 'square':
      return SQUARE_ROW;
    case 'skirmish':
      return SKIRMISH_ROW;
  }
}
const LINE_ROW: InfantryMoveRow = { backSide: 2, slow: null, normal: 6, charge: 6 };
const COLUMN_ROW_8: InfantryMoveRow = { backSide: 2, slow: null, normal: 8, charge: 8 };
const COLUMN_ROW_6: InfantryMoveRow = { backSide: 2, slow: null, normal: 8, charge: 6 };
const MARCH_ROW: InfantryMoveRow = { backSide: 2, slow: null, normal: 8, charge: null };
const SQUARE_ROW: InfantryMoveRow = { backSide: 1, slow: 1, normal: 1, charge: null };
// p26: skirmishers move 6" and may charge only other skirmishers; the charge adds the infantry d6.
const SKIRMISH_ROW: InfantryMoveRow = { backSide: 6, slow: 6, normal: 6, charge: 6 };

/** p8: a march column moves 10" on a road. */
export const MARCH_COLUMN_ROAD = 10;

/** p22: cavalry rates by pace; formed column and line alike, skirmishing cavalry canters 12". */
export function cavalryMoveRate(f: CavalryFormation, pace: Exclude<CavalryPace, 'charge'>): number {
  switch (pace) {
    case 'backSide':
      return 2;
    case 'walk':
      return 6;
    case 'trot':
      return 8;
    case 'canter':
      return f === 'skirmish' ? 12 : 10;
  }
}
/** p22: a charging cavalry unit moves its canter plus 2d6 (p13 example: 10 + 4 + 3 = 17); back/side 1". */
export const CAVALRY_CHARGE_DICE = 2;
/** p12: infantry adds 1d6 to its pace when charging. */
export const INFANTRY_CHARGE_DICE = 1;

/** Terrain of the lane (p6, p22, p30-32). */
export type Terrain =
  | 'clear'
  | 'road'
  | 'lightWoods'
  | 'heavyWoods'
  | 'rough'
  | 'fence'
  | 'hedge'
  | 'wall'
  | 'ditch'
  | 'stream'
  | 'steepSlope'
  | 'village'
  | 'crops';

/**
 * A terrain disorder test: a modifier to Ld, or 'auto' (disordered without a test), 'none' (no test),
 * 'closed' (the unit may not move there at this pace).
 */
export type TerrainTest = number | 'auto' | 'none' | 'closed';

/**
 * p6: the one surviving row of infantry modifiers: light woods -4, heavy woods automatic, rough
 * automatic, fence -4, hedges automatic, stream -4, steep slope -4. Walls and ditches "cause disorder as
 * for hedges" (p32); a wall is read with them (p22 groups hedge/ditch/wall). A village sector is not in
 * the table (nagb.villageAssaultDisorder: its bounding fence, -4).
 */
export const INFANTRY_TERRAIN_ROW: Record<Terrain, TerrainTest> = {
  clear: 'none',
  road: 'none',
  crops: 'none',
  lightWoods: -4,
  heavyWoods: 'auto',
  rough: 'auto',
  fence: -4,
  hedge: 'auto',
  wall: 'auto',
  ditch: 'auto',
  stream: -4,
  steepSlope: -4,
  village: 'none',
};

/**
 * p22: cavalry modifiers by pace: light woods walk 0 (read as no test: p22 says walking never risks
 * disorder), trot -2, canter/charge -4; heavy woods closed (Cossacks excepted, p24, p32); rough,
 * hedge/ditch/wall, stream, steep slope: walk no test, faster a plain test. Fences are read as hedges.
 * Villages: cavalry may not charge into them (p22, p30); moving through them is tested as rough.
 */
export function cavalryTerrainTest(t: Terrain, pace: CavalryPace, cossack: boolean): TerrainTest {
  if (t === 'clear' || t === 'road' || t === 'crops') return 'none';
  if (pace === 'walk' || pace === 'backSide') return t === 'heavyWoods' && !cossack ? 'closed' : 'none';
  if (t === 'heavyWoods' && !cossack) return 'closed';
  if (t === 'lightWoods' || t === 'heavyWoods') return pace === 'trot' ? -2 : -4;
  return 0;
}

// ---------------------------------------------------------------------------------------------------
// Shooting (p10, p12, p17, p25, p30-32)

export type Weapon = 'musket' | 'rifle' | 'carbine' | 'pistol';

export interface WeaponRow {
  /** End of short range in inches. */
  short: number;
  /** End of long range in inches. */
  long: number;
  /** Whether long range gives -1 to hit (rifles are not affected, p10). */
  longPenalty: boolean;
}

const WEAPONS: Record<Exclude<Weapon, 'musket'>, WeaponRow> = {
  rifle: { short: 9, long: 9, longPenalty: false },
  carbine: { short: 3, long: 6, longPenalty: true },
  pistol: { short: 1, long: 2, longPenalty: true },
};
const MUSKET_5: WeaponRow = { short: 5, long: 8, longPenalty: true };
const MUSKET_4: WeaponRow = { short: 4, long: 8, longPenalty: true };

/** p10 range table: musket 5" (nagb.musketShortRange) / 8", rifle 9", carbine 3"/6", pistol 1"/2". */
export function weaponRow(w: Weapon, opts: Pick<NagbOptions, 'musketShortRange'>): WeaponRow {
  if (w === 'musket') return opts.musketShortRange === 4 ? MUSKET_4 : MUSKET_5;
  return WEAPONS[w];
}

/** p10: the base score to hit, and to kill, with small arms. */
export const SMALL_ARMS_HIT = 4;
export const SMALL_ARMS_KILL = 4;
/** p10: volley fire zone: no friend within 8" straight ahead. */
export const VOLLEY_FIRE_ZONE = 8;

/** Cover of a target (p10, p20, p31, p32): none, soft (-1) or hard (-2). */
export type Cover = 'none' | 'soft' | 'hard';
export const COVER_MODIFIER: Record<Cover, number> = { none: 0, soft: -1, hard: -2 };
/** COVER_MODIFIER[c] by comparison (the fire loop's per-shot lookup, no keyed load by string). */
export function coverModifier(c: Cover): number {
  return c === 'none' ? 0 : c === 'soft' ? -1 : c === 'hard' ? -2 : COVER_MODIFIER[c];
}

/**
 * Cover given by terrain (p31 table: woods -1, fields 0; p32: hedge -1, wooden fence -1, stone wall -2,
 * ditches by agreement, read as soft). A village sector's cover is nagb.villageCover.
 */
export function terrainCover(t: Terrain, opts: Pick<NagbOptions, 'villageCover'>): Cover {
  switch (t) {
    case 'lightWoods':
    case 'heavyWoods':
    case 'hedge':
    case 'fence':
    case 'ditch':
      return 'soft';
    case 'wall':
      return 'hard';
    case 'village':
      return opts.villageCover;
    default:
      return 'none';
  }
}

// ---------------------------------------------------------------------------------------------------
// Hand to hand (p14, p15, p22, p24, p40)

/** p14: base score to hit and to kill in hand to hand. */
export const MELEE_HIT = 4;
export const MELEE_KILL = 4;

/** p14 bonus points table (the lap bonuses of p22 and p24 beside it). */
export const BONUS = {
  perCasualty: 1,
  outnumber: 1,
  flankAttack: 1,
  higherGround: 1,
  standard: 1,
  flankSupport: 1,
  rearSupport: 1,
  rearAttack: 2,
  squareVsCavalry: 4,
  marchColumn: -1,
  lapFlank: 1,
  lapRear: 2,
} as const;

/** p14: a cavalry figure counts 2, an infantry figure 1, when outnumbering (and for the 2:1 of p12). */
export function figureWeight(arm: Arm): number {
  return arm === 'cavalry' ? 2 : 1;
}

/** p15: who gives an infantry unit flank support. */
export type Army = 'french' | 'british' | 'russian' | 'austrian' | 'earlyPrussian' | 'laterPrussian';

/**
 * p15 support table: French lines and columns are supported by any line or column; British, Russian,
 * Austrian and early Prussian lines by lines only; later Prussians lines by lines and columns by
 * columns. Allies support as the army they serve with (the caller passes that army).
 */
export function supportsFlank(army: Army, supported: InfantryFormation, neighbour: InfantryFormation): boolean {
  // (No closures: this is asked for every friend of every unit in a melee.)
  const lineS = supported === 'line';
  const lineN = neighbour === 'line';
  if (!lineS && supported !== 'attackColumn' && supported !== 'marchColumn') return false;
  if (!lineN && neighbour !== 'attackColumn' && neighbour !== 'marchColumn') return false;
  switch (army) {
    case 'french':
      return true;
    case 'laterPrussian':
      return lineS === lineN;
    default:
      return lineS && lineN;
  }
}

/** p15: supports reach 4" (flanks and rear). */
export const SUPPORT_RANGE = 4;

// ---------------------------------------------------------------------------------------------------
// Artillery (p19-21)

export type Gun = 'light' | 'medium' | 'heavy' | 'howitzer';

export interface GunRow {
  /** Moves in inches: unlimbered (manhandled), limbered foot, limbered horse (null: foot only). */
  unlimbered: number;
  limberedFoot: number;
  limberedHorse: number | null;
  /** Canister: range in inches and shots per gun. */
  canisterRange: number;
  canisterShots: number;
  /** Ball: end of short and long range (null: the piece fires no ball). */
  ballShort: number | null;
  ballLong: number | null;
  /** Shell: least and greatest range; `shellBritishOnly`: only British guns fire it (howitzers always). */
  shellMin: number;
  shellMax: number;
  shellBritishOnly: boolean;
}

/** p21 table. Heavy guns are foot only (p19; the stray "8" ignored); howitzers move as medium guns (guess). */
export const GUNS: Record<Gun, GunRow> = {
  light: { unlimbered: 3, limberedFoot: 6, limberedHorse: 10, canisterRange: 10, canisterShots: 5, ballShort: 16, ballLong: 32, shellMin: 10, shellMax: 30, shellBritishOnly: true },
  medium: { unlimbered: 2, limberedFoot: 4, limberedHorse: 8, canisterRange: 10, canisterShots: 6, ballShort: 18, ballLong: 36, shellMin: 12, shellMax: 32, shellBritishOnly: true },
  heavy: { unlimbered: 1, limberedFoot: 3, limberedHorse: null, canisterRange: 12, canisterShots: 7, ballShort: 24, ballLong: 48, shellMin: 15, shellMax: 36, shellBritishOnly: true },
  howitzer: { unlimbered: 2, limberedFoot: 4, limberedHorse: 8, canisterRange: 8, canisterShots: 5, ballShort: null, ballLong: null, shellMin: 8, shellMax: 36, shellBritishOnly: false },
};

/** p20, p21: to hit 4+ with ball and shell (per gun) and canister (per shot); ball kills 2+, canister and shell 3+. */
export const ARTILLERY_HIT = 4;
export const BALL_KILL = 2;
export const CANISTER_KILL = 3;
export const SHELL_KILL = 3;
/** p21: a shell bursts on 2+ (on a 1 it runs on d6" first). */
export const SHELL_BURST = 2;
/** p21: the round template is 3" across; units only partly under it take 2 hits. */
export const SHELL_TEMPLATE = 3;
export const SHELL_PARTIAL_HITS = 2;
/** p19: crew figures per gun model (rulings 1). */
export const CREW_PER_GUN = 4;
/** p8: a square counts as four ranks against artillery. */
export const SQUARE_RANKS_VS_ARTILLERY = 4;
/** p32: limbered guns add 2" on a road; p35: French guard batteries add 1". */
export const GUN_ROAD_BONUS = 2;
export const FRENCH_GUARD_GUN_BONUS = 1;

// ---------------------------------------------------------------------------------------------------
// Command (p2-5, p19)

/** What a pip buys (p3, p4, p19, p26, p25). */
export type Order =
  | 'move'
  | 'changeFormation'
  | 'formSquare'
  | 'reform'
  | 'charge'
  | 'changeFormationThenCharge'
  | 'fallBack'
  | 'react'
  | 'volley'
  | 'generalAdvance'
  | 'recall'
  | 'reroll'
  | 'passageOfLines'
  | 'reserveDoubleMove'
  | 'reserveColumnMove'
  | 'separateCavalry'
  | 'dismount'
  | 'recallSkirmishers';

/**
 * p3: one pip per order; react 2; change formation then charge 2 (p3); general advance 1 for the whole
 * brigade; passage of lines 1 for each of the two battalions. p2, p8: a march column moves double in
 * the reserve phase for 1 pip, an attack column moves there for 1 pip. p4: separating a third of the
 * cavalry 1 (its charge another). p25: dismounting 1. p26: recalling skirmishers 1.
 */
export const ORDER_PIPS: Record<Order, number> = {
  move: 1,
  changeFormation: 1,
  formSquare: 1,
  reform: 1,
  charge: 1,
  changeFormationThenCharge: 2,
  fallBack: 1,
  react: 2,
  volley: 1,
  generalAdvance: 1,
  recall: 1,
  reroll: 1,
  passageOfLines: 1,
  reserveDoubleMove: 1,
  reserveColumnMove: 1,
  separateCavalry: 1,
  dismount: 1,
  recallSkirmishers: 1,
};

/** What a battery's pips buy (p19). */
export type BatteryOrder = 'fire' | 'move' | 'limber' | 'unlimber' | 'reload' | 'react' | 'fireOnReact';

// ---------------------------------------------------------------------------------------------------
// Morale and game (p27-29, p37)

/** p27: over 50% of starting figures lost: shaken; over 75%: shattered and removed. */
export const SHAKEN_SHARE = 0.5;
export const SHATTERED_SHARE = 0.75;
/** p29: a brigade falters at 50% losses and is broken at 60%. */
export const BRIGADE_FALTERING = 0.5;
export const BRIGADE_BROKEN = 0.6;
/** p28: friends within 6" of a unit breaking from melee test. */
export const PROXIMITY_RANGE = 6;
/** p28: jubilance raises Ld up to 10. */
export const JUBILANT_CAP = 10;
/** p23: blown cavalry recovers at an accumulated 10. */
export const RECOVERY_TARGET = 10;
/** p37: victory points. */
export const VP = { brokenBrigade: 5, shakenUnit: 1, shatteredUnit: 2, objective: 5 } as const;
/** p37: an objective is held by an unbroken unit within 4" with no enemy within 6". */
export const OBJECTIVE_HOLD = 4;
export const OBJECTIVE_CLEAR = 6;
/** p2, p26: enemies within 8" forbid reserve moves; none may end within 4". */
export const RESERVE_ENEMY_RANGE = 8;
export const RESERVE_CLOSEST = 4;
/** p7: pinning: enemy foot or horse within 8" (and its charge arc) makes a formation change need a test. */
export const PINNING_RANGE = 8;
/** p22: aggressive cavalry must charge formed infantry within 8" (12" out of command, p4; British 12", p35). */
export const AGGRESSIVE_RANGE = 8;
export const AGGRESSIVE_RANGE_UNCOMMANDED = 12;
