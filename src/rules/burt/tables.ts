/**
 * The tables of Burt's rules as data, each with its section. The layout of the text's tables was
 * lost; these are the rulings page's re-derivations (../shared/rulings/burt-napoleonic-wargames-rules.md),
 * checked against the text in test/burt/tables.test.ts. Modifiers are added to the score a die must
 * reach (to hit, to save) or, for morale, to the roll; cohesion-level modifiers live in COHESION_ITEMS.
 */

/** 1: the ground and time scales. */
export const SCALE = { yardsPerInch: 25, menPerFigure: 30, minutesPerTurn: 15 } as const;

// ---------------------------------------------------------------------------------------------
// 5: movement, charge and reserve rates, inches a turn.

export const TROOP_TYPES = [
  'infantryColumn',
  'infantryLine',
  'infantrySquare',
  'skirmishers',
  'heavyCavalry',
  'lightCavalry',
  'footGuns',
  'horseGuns',
  'staff',
  'wagons',
] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

/** A rate of null is the text's "NA" (no charge) or a blank cell (ruled: none). */
export interface Rates {
  move: number;
  charge: number | null;
  reserve: number | null;
}

/** 5: the movement table. Blank cells of staff and wagons are ruled "none". */
export const MOVEMENT_RATES: Readonly<Record<TroopType, Rates>> = {
  infantryColumn: { move: 6, charge: 8, reserve: 12 },
  infantryLine: { move: 4, charge: 6, reserve: 8 },
  infantrySquare: { move: 3, charge: null, reserve: 6 },
  skirmishers: { move: 8, charge: null, reserve: 16 },
  heavyCavalry: { move: 10, charge: 12, reserve: 20 },
  lightCavalry: { move: 12, charge: 16, reserve: 24 },
  footGuns: { move: 6, charge: null, reserve: 12 },
  horseGuns: { move: 9, charge: null, reserve: 18 },
  staff: { move: 24, charge: null, reserve: null },
  wagons: { move: 6, charge: null, reserve: null },
};

/** 5: terrain and obstacle effects on movement, as fractions of a move or of the rate. */
export const MOVEMENT_EFFECTS = {
  /** A road adds 2", to troops in column only. */
  roadBonus: 2,
  /** Limbering or unlimbering takes half a move. */
  limberCost: 0.5,
  /** Crossing a hedge or wall takes half a move (closed to guns and wagons). */
  hedgeOrWallCost: 0.5,
  /** Woods halve formed infantry. */
  woodsInfantryRate: 0.5,
  /** Woods "reduce cavalry by three-quarters": burt.woodsCavalry quarter reads a quarter rate. */
  woodsCavalryQuarter: 0.25,
  woodsCavalryThreeQuarters: 0.75,
  /** A fordable river halves speed (closed to guns and wagons). */
  fordRate: 0.5,
  /** Obliquing counts double distance. */
  obliqueFactor: 2,
  /** 4: FIRE orders allow half a move forward or a quarter back. */
  fireOrderForward: 0.5,
  fireOrderBack: 0.25,
  /** 12: a base of frontage changed costs a quarter move. */
  formationChangePerBase: 0.25,
} as const;

// ---------------------------------------------------------------------------------------------
// 6: weapon ranges: the outer edge of short, medium and long, inches (a band includes its edge).

export type SmallArm = 'carbine' | 'musket' | 'rifle';
export type Ordnance = '4pdr' | '6pdr' | '9pdr' | '12pdr' | 'howitzer';
/** What a fire is made with; 'ball' is a howitzer's shell. */
export type Ammunition = 'ball' | 'canister';
/** What hit the target, for saves and gun casualties (6). */
export type Shot = 'smallArms' | 'ball' | 'shell' | 'canister';
export type RangeBands = readonly [short: number, medium: number, long: number];

export const SMALL_ARMS_RANGES: Readonly<Record<SmallArm, RangeBands>> = {
  carbine: [2, 4, 6],
  musket: [3, 6, 9],
  rifle: [4, 8, 12],
};

export const CANISTER_RANGES: Readonly<Record<Ordnance, RangeBands>> = {
  '4pdr': [3, 6, 9],
  '6pdr': [4, 8, 12],
  '9pdr': [5, 10, 15],
  '12pdr': [6, 12, 18],
  howitzer: [4, 8, 12],
};

/** Ball for guns, shell for the howitzer. */
export const BALL_RANGES: Readonly<Record<Ordnance, RangeBands>> = {
  '4pdr': [12, 24, 36],
  '6pdr': [16, 32, 48],
  '9pdr': [20, 40, 60],
  '12pdr': [24, 48, 72],
  howitzer: [16, 32, 48],
};

/** 6: crew of a gun model: 3 for 4pdrs, 4 for 6 and 9pdrs, 5 for 12pdrs; the howitzer is ruled 4. */
export const GUN_CREW: Readonly<Record<Ordnance, number>> = { '4pdr': 3, '6pdr': 4, '9pdr': 4, '12pdr': 5, howitzer: 4 };

/** 6: dice a gun rolls: one, two with canister. */
export const DICE_PER_GUN: Readonly<Record<Ammunition, number>> = { ball: 1, canister: 2 };

/** 6: figures per die (a left-over 3 counts as a die; 1-2 see burt.leftoverFigures). */
export const FIGURES_PER_DIE = 4;

/** 6: to hit, the score required is 5 plus these. Firers shaken (+1) is in COHESION_ITEMS. */
export const FIRE_TO_HIT = {
  base: 5,
  longRange: +1,
  moving: +1,
  /** The die of 1 or 2 left-over figures. */
  smallGroup: +1,
  targetInCover: +1,
  shortRange: -1,
  /** Artillery firing at more than two ranks. */
  gunsAtDeepTarget: -1,
  /** First volley of the day (not skirmishers; guns per burt.firstVolleyArtillery). */
  firstVolley: -1,
} as const;

/** 6: the save is 5 plus these. */
export const FIRE_SAVE = {
  base: 5,
  /** Shot at by artillery (ball, shell, canister), if not in hard cover. */
  gunsNotInHardCover: +1,
  /** Target in hard cover, fired on by muskets, rifles or canister. */
  hardCoverVsSmallArmsOrCanister: -1,
  skirmishersOrCrew: -1,
} as const;

// ---------------------------------------------------------------------------------------------
// 9: melee. Cohesion-level items (own disordered/shaken, opponents shaken/routing, cavalry against
// disordered..., light cavalry against formed, save of unformed...) are in COHESION_ITEMS.

/** 9: a die per four figures in contact; to hit 5 plus these. */
export const MELEE_TO_HIT = {
  base: 5,
  smallGroup: +1,
  targetInCover: +1,
  cavalryAttackingSquare: +1,
  /** Charging or following up (an impetus bonus: lapses against a square or cover). */
  chargingOrFollowingUp: -1,
  /** Deeper formation than the enemy at first contact (impetus). */
  deeperAtFirstContact: -1,
  closeOrderVsOpenOrder: -1,
  againstFlankOrRear: -1,
  /** Armoured cavalry or lancers at first contact (impetus). */
  armouredOrLancersAtFirstContact: -2,
} as const;

/** 9: melee save, 5 plus these. */
export const MELEE_SAVE = {
  base: 5,
  downhillOfEnemy: +1,
  armouredCavalry: -1,
} as const;

// ---------------------------------------------------------------------------------------------
// 7: cohesion.

export const COHESION_LEVELS = ['formed', 'unformed', 'disordered', 'shaken', 'rout'] as const;
export type CohesionName = (typeof COHESION_LEVELS)[number];
/** A level as its index in COHESION_LEVELS: 0 formed ... 4 rout. */
export type Cohesion = 0 | 1 | 2 | 3 | 4;
export const FORMED = 0 as const;
export const UNFORMED = 1 as const;
export const DISORDERED = 2 as const;
export const SHAKEN = 3 as const;
export const ROUT = 4 as const;

/** Where a cohesion item is added. */
export type CohesionColumn =
  | 'fireToHit' // 6: the unit's own fire
  | 'morale' // 8: added to its morale roll
  | 'meleeToHit' // 9: its own melee dice
  | 'meleeSave' // 9: its own melee saves
  | 'enemyMeleeToHit' // 9: the melee dice of any enemy fighting it
  | 'enemyCavalryMeleeToHit' // 9: ... of enemy cavalry only
  | 'enemyLightCavalryMeleeToHit'; // 9: ... of enemy light cavalry only

export interface CohesionItem {
  column: CohesionColumn;
  value: number;
  /** The levels the item names (rout in the melee save only under burt.routSavePenalty). */
  levels: readonly Cohesion[];
  section: string;
  text: string;
}

/**
 * 7: "being shaken affects shooting, morale and melee; disordered morale and melee; unformed melee
 * only" - every item of 6, 8 and 9 that names a cohesion level. Each item counts once: under
 * burt.cohesionModifiers cumulative a unit takes the items naming its level or any lost level above it.
 */
export const COHESION_ITEMS: readonly CohesionItem[] = [
  { column: 'fireToHit', value: +1, levels: [SHAKEN], section: '6', text: 'firers shaken' },
  { column: 'morale', value: -1, levels: [DISORDERED], section: '8', text: 'disordered' },
  { column: 'morale', value: -2, levels: [SHAKEN], section: '8', text: 'shaken' },
  { column: 'morale', value: -3, levels: [ROUT], section: '8', text: 'routing' },
  { column: 'meleeToHit', value: +1, levels: [DISORDERED], section: '9', text: 'disordered' },
  { column: 'meleeToHit', value: +2, levels: [SHAKEN, ROUT], section: '9', text: 'shaken or routing' },
  { column: 'meleeSave', value: +1, levels: [UNFORMED, DISORDERED, SHAKEN], section: '9', text: 'unformed, disordered or shaken' },
  { column: 'enemyMeleeToHit', value: -1, levels: [SHAKEN], section: '9', text: 'opponents shaken' },
  { column: 'enemyMeleeToHit', value: -2, levels: [ROUT], section: '9', text: 'opponents routing' },
  { column: 'enemyCavalryMeleeToHit', value: -1, levels: [DISORDERED, SHAKEN, ROUT], section: '9', text: 'cavalry against disordered, shaken or routing troops' },
  { column: 'enemyLightCavalryMeleeToHit', value: +1, levels: [FORMED], section: '9', text: 'light cavalry attacking formed troops' },
];

/** The common result vocabulary's ladder rung of each level (rulings, "Mapping"). */
export const LADDER_RUNG: Readonly<Record<CohesionName, 'good' | 'disordered' | 'shaken' | 'routed'>> = {
  formed: 'good',
  unformed: 'good',
  disordered: 'disordered',
  shaken: 'shaken',
  rout: 'routed',
};

// ---------------------------------------------------------------------------------------------
// 8: morale.

export type MoraleClass = 'A' | 'B' | 'C' | 'D' | 'E';
/** 8: a test passes when the roll plus modifiers equals or exceeds the class's score. */
export const MORALE_CLASS_TARGET: Readonly<Record<MoraleClass, number>> = { A: 2, B: 3, C: 4, D: 5, E: 6 };

/** 8: situational modifiers added to the morale roll. Disordered, shaken, routing: COHESION_ITEMS. */
export const MORALE_MODIFIERS = {
  noEnemyInSight: +2,
  chargingSkirmishersOrRouters: +2,
  chargingFlankOrRear: +2,
  commanderInChief: +2,
  chargedInSquare: +2,
  supported: +2,
  hardCover: +2,
  advancingOrPushingBack: +1,
  subordinateGeneral: +1,
  chargedInColumn: +1,
  secureFlank: +1,
  softCover: +1,
  underThreeQuarters: -1,
  casualtiesThisTurn: -1,
  retiringOrPushedBack: -1,
  armyDemoralised: -1,
  underHalf: -2,
  underThird: -3,
} as const;

/** 10: the army morale loss per unit routing or leaving RESERVE. */
export const ARMY_MORALE_DROP = 1;

/** The section each table comes from, for tools that list them. */
export const TABLE_SECTIONS = {
  SCALE: '1',
  MOVEMENT_RATES: '5',
  MOVEMENT_EFFECTS: '4, 5, 12',
  SMALL_ARMS_RANGES: '6',
  CANISTER_RANGES: '6',
  BALL_RANGES: '6',
  GUN_CREW: '6',
  DICE_PER_GUN: '6',
  FIRE_TO_HIT: '6',
  FIRE_SAVE: '6',
  MELEE_TO_HIT: '9',
  MELEE_SAVE: '9',
  COHESION_ITEMS: '6, 7, 8, 9',
  MORALE_CLASS_TARGET: '8',
  MORALE_MODIFIERS: '8',
  ARMY_MORALE_DROP: '10',
} as const;
