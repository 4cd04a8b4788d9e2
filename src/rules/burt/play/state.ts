/**
 * What an engagement on the lane is made of: the compiled data (immutable, built once per cell by
 * compile.ts) and the state of one engagement (typed arrays and one mutable Body per unit, reset by
 * play for every engagement, so that playing allocates next to nothing).
 */
import type { EngagementDice, Uniform } from '../../../core/dice.js';
import type { EngagementResult, SideIndex } from '../../../core/result.js';
import type { Scale } from '../../../core/vocabulary.js';
import type { Body, Lane, MoveResult, TerrainCost, TerrainInterval } from '../../../table/index.js';
import type { BurtDoctrine } from '../doctrine/presets.js';
import type { BurtSink } from '../events.js';
import type { FirePlan, FireSituation } from '../fire.js';
import type { Arm, FigureModel, Formation } from '../figures.js';
import type { MeleeFighter } from '../melee.js';
import type { MoraleSituation } from '../morale.js';
import type { BurtOptions } from '../options.js';
import type { Order } from '../orders.js';
import type { Cohesion, MoraleClass, Ordnance, RangeBands, Rates, SmallArm } from '../tables.js';

/** Formations by index (12). */
export const FORMATION_LIST: readonly Formation[] = ['line', 'column', 'square', 'open'];
export const LINE = 0;
export const COLUMN = 1;
export const SQUARE = 2;
export const OPEN = 3;

/** Orders by index (4). */
export const ORDER_LIST: readonly Order[] = ['reserve', 'manoeuvre', 'fire', 'assault', 'regroup'];
export const RESERVE = 0;
export const MANOEUVRE = 1;
export const FIRE = 2;
export const ASSAULT = 3;
export const REGROUP = 4;

export interface UnitSpec {
  id: string;
  index: number;
  side: SideIndex;
  arm: Arm;
  /** The brigade (its command element), an index into CompiledLane.brigades. */
  brigade: number;
  /** Figures at the start; for a battery, its gun models times their crew. */
  figures: number;
  /** Gun models of a battery (0 for others) and the crew of each (6). */
  guns: number;
  crew: number;
  ordnance: Ordnance;
  horse: boolean;
  weapon: SmallArm;
  klass: MoraleClass;
  /** Index of the class on the vocabulary's rating scale (E 0 ... A 4). */
  classIndex: number;
  /** 8: the score its class must reach (MORALE_CLASS_TARGET), and its arm's index among the results' unit classes (foot 0, horse 1, guns 2). */
  classTarget: number;
  unitClass: number;
  light: boolean;
  armoured: boolean;
  lancers: boolean;
  formation: number;
  limbered: boolean;
  at: number;
  offset: number;
  facing: 1 | -1;
  order: number;
  /** 8: +1 subordinate general, +2 C-in-C with the unit all engagement. */
  general: 'none' | 'subordinate' | 'commanderInChief';
  /** 8: the general's modifier (+2 C-in-C, +1 subordinate, 0). */
  moraleGeneral: number;
  /** 8: strengthModifier by the figures left (a battery: guns left), and the morale column of 7 by level (cohesionModifier). */
  moraleStrength: Int8Array;
  moraleCohesion: Int8Array;
  /** 6: the fire to-hit column of 7 by level (cohesionModifier). */
  fireCohesion: Int8Array;
  /** 12: the figure model of each formation (FORMATION_LIST) for each count of figures 0..figures. */
  models: readonly (readonly FigureModel[])[];
  /** 5: the terrain cost of the lane for this unit in each formation (index), for moveBody. */
  costs: readonly TerrainCost[];
  /** 5: move, charge and reserve rates in each formation (index). */
  rates: readonly Rates[];
  /** Width of one figure (a gun model), inches. */
  figureWidth: number;
  /** 6: the range bands of its small arms (a battery: its ball), of a battery's canister and ball, and its longest reach (turn/fire.ts maxRange). */
  bands: RangeBands;
  canisterBands: RangeBands;
  ballBands: RangeBands;
  maxRange: number;
}

export interface SideSpec {
  name: string;
  role: 'attacker' | 'defender';
  posture: 'attack' | 'defend';
  doctrine: BurtDoctrine;
  /** The doctrine as the scenario names it: a preset, or a preset and what it changes. */
  doctrineLabel: string;
  armyMorale: number;
  units: readonly number[];
  /** Some unit of the side is cavalry. */
  cavalry: boolean;
}

export interface Brigade {
  name: string;
  side: SideIndex;
  units: readonly number[];
}

export interface CompiledLane {
  readonly kind: 'lane';
  readonly options: BurtOptions;
  readonly units: readonly UnitSpec[];
  readonly sides: readonly [SideSpec, SideSpec];
  readonly brigades: readonly Brigade[];
  readonly lane: Lane;
  readonly terrain: readonly TerrainInterval[];
  /** The objective zone, or null. */
  readonly objective: { name: string; area: TerrainInterval } | null;
  readonly turns: number;
  readonly onTime: 'defender' | 'attacker' | 'draw' | 'holder';
  /** The objective counts only at the end (carried is not checked each turn). */
  readonly holdToEnd: boolean;
  /** The attacker's side index. */
  readonly attacker: SideIndex;
  /** Every unit in the order the sides alternate in a step, side `first` first (3: "players alternate"). */
  readonly alternation: readonly [readonly number[], readonly number[]];
  /** The direction along x in which each side's enemy lies (+1 or -1). */
  readonly towardEnemy: readonly [number, number];
  readonly scale: Scale;
  /** The terrain as flat arrays (kind by TERRAIN_KIND, missing yMin/yMax as -/+Infinity), for the play loop's queries. */
  readonly ground: Ground;
  /** Every unit's index, 0 .. units.length - 1. */
  readonly everyUnit: readonly number[];
  /** Reused by every play of this compiled cell (one per worker thread). */
  readonly game: Game;
}

/** Terrain kinds by small integer (Ground.kind). */
export const T_OTHER = 0;
export const T_VILLAGE = 1;
export const T_WOODS = 2;
export const T_HEDGE = 3;
export const T_WALL = 4;
export const T_ROAD = 5;
export const T_FORD = 6;

/** The lane's terrain intervals as flat arrays (the same numbers as CompiledLane.terrain). */
export interface Ground {
  count: number;
  kind: Int8Array;
  from: Float64Array;
  to: Float64Array;
  /** yMin ?? -Infinity, yMax ?? Infinity. */
  yMin: Float64Array;
  yMax: Float64Array;
  /** Some interval is a road (5: the road bonus is looked for only then). */
  anyRoad: boolean;
}

/** The state of one engagement; every array is indexed by unit. */
export interface Game {
  c: CompiledLane;
  /** Units (c.units.length). */
  n: number;
  dice: EngagementDice;
  res: EngagementResult;
  sink: BurtSink | undefined;
  turn: number;
  /** 3.2: the side that acts first in every step this turn. */
  first: SideIndex;
  /** Where the last laneMove brought the unit's front, before a rout on the way turned it about (for its move event). */
  moveEnd: number;
  /** 5: the inches of budget the last laneMove spent (its cost over the ground: more than the ground in woods or over a hedge). */
  moveSpent: number;

  figures: Int32Array;
  /** Gun models still in action (batteries). */
  guns: Int32Array;
  level: Int8Array;
  order: Int8Array;
  formation: Int8Array;
  limbered: Uint8Array;
  /** On the lane (not removed). */
  present: Uint8Array;
  /**
   * The unit's footprint, kept in step with figures and formation (one object per unit, changed in
   * place). A removed unit's body is parked far off the lane's side (PARKED), so that no question the
   * lane answers can involve it.
   */
  body: Body[];
  /**
   * Each body's lateral extent (lateralMin, lateralMax) and, by pair u * n + v, the lateral overlap and
   * gap of two bodies (rangeOverlap and rangeGap of their extents): kept in step by lateralChanged
   * whenever a body's offset or frontage changes (a move along the lane changes neither).
   */
  lo: Float64Array;
  hi: Float64Array;
  /**
   * Each body's front, facing and axial extent (axialMin, axialMax), kept in step by bodyChanged, so
   * the lane's queries read flat arrays rather than the bodies (the rear is ax0 facing +x, else ax1).
   */
  fx: Float64Array;
  face: Float64Array;
  /** Each body's lateral centre (offset). */
  off: Float64Array;
  /** The body's frontage and depth as bodyChanged last saw them (to tell a change from none). */
  wide: Float64Array;
  deep: Float64Array;
  ax0: Float64Array;
  ax1: Float64Array;
  latOv: Float64Array;
  latGap: Float64Array;
  /** The same bodies by side (side units' order), for the lane's queries over one side. */
  sideBodies: [Body[], Body[]];
  /** Bodies of each side's units on the lane and not routing (rebuilt when `steadyDirty`). */
  steady: [Body[], Body[]];
  steadyDirty: boolean;
  /**
   * Contacts: pairs[u * n + e] is 1 when u and enemy e are engaged, engagedCount[u] how many enemies u
   * is engaged with; units whose body changed since (changedBody) have their pairs redone when asked.
   */
  pairs: Uint8Array;
  engagedCount: Int16Array;
  changedBody: Uint8Array;
  contactDirty: boolean;
  /** Per-side extras (vocabulary PER_SIDE_EXTRAS), at 2k + side; written into the result at the end. */
  counters: Int32Array;
  /**
   * Bumped whenever a body moves or changes, a unit leaves or changes level: what the lane answered
   * at an epoch stays true until the next (the caches below).
   */
  epoch: number;
  /**
   * The epoch of the last change to each unit's body, and to any body of each side (sideGeom) or any
   * body or level of each side (sideFriends): a cached answer taken at epoch e holds while every change
   * it depends on is stamped at e or before (the caches below).
   */
  bodyStamp: Float64Array;
  sideGeom: Float64Array;
  sideFriends: Float64Array;
  /** The first body in each unit's path (lane.firstInPathOf), by way and side (6 a unit), and the epoch it was found at. */
  pathAt: Float64Array;
  path: Int16Array;
  /** The lane's part of each unit's morale situation (8): an enemy in sight and cover (the unit's body, the enemies' bodies); a friend behind and a secure flank (its side's bodies and levels). */
  sightAt: Float64Array;
  inSight: Uint8Array;
  /**
   * The enemy that made inSight 1 (-1: none seen). An answer of 1 holds while neither the unit's body
   * nor the witness's changed; an answer of 0 only while no enemy body changed.
   */
  sightWitness: Int16Array;
  /** Cover depends on the unit's body only. */
  coverAt: Float64Array;
  cover: Int8Array;
  /**
   * The friend supporting from behind (supportBehind, -1 none): a friend found holds while neither
   * body changed and it is neither shaken nor routing (read live); none found, while no body or level
   * of the side changed.
   */
  behindAt: Float64Array;
  behind: Int16Array;
  /** A secure flank, with its witness (-2: an anchored lane edge, the unit's body only; -1: none; else the friend beside, not routing), found with behind (lane.friendsAround) at behindAt. */
  secure: Uint8Array;
  secureWitness: Int16Array;

  // -- this turn -------------------------------------------------------------------------------
  figuresAtTurnStart: Int32Array;
  /** Distance moved toward the enemy (> 0) or away (< 0) this turn, summed over its moves. */
  advanced: Float64Array;
  /** 8: inches moved toward the enemy, and away from it, this turn, each summed over its moves (advancingItem, retiringItem). */
  movedToward: Float64Array;
  movedAway: Float64Array;
  /** 3.3, 8 (burt.routRetiring, burt.pursuitAdvancing): inches of this turn's rout move (a router) or pursuit move (a pursuer). */
  stateMove: Float64Array;
  /** Moved at all this turn (6: "moving"). */
  moved: Uint8Array;
  /** 8: casualties (fire or melee) this turn. */
  casualtiesTurn: Uint8Array;
  /** 8: figures lost to fire this turn (fire-loss test), and guns lost to fire (a battery's test). */
  fireLosses: Int32Array;
  gunsLostTurn: Int32Array;
  /** 6 (burt.simultaneousFire): figures and guns to remove at the end of step 9. */
  pendingFigures: Int32Array;
  pendingGuns: Int32Array;
  firedTurn: Uint8Array;
  pushedBack: Uint8Array;
  pushingBack: Uint8Array;
  /** 3.4: the enemy this unit assaults (-1 none); the count of assaults on it; the ground it advanced in step 4. */
  assaultTarget: Int16Array;
  assaultedBy: Int16Array;
  assaultAdvance: Float64Array;
  /** 5 (burt.terrainLoss perTurn): lost its level to an obstacle or difficult ground this turn. */
  terrainLost: Uint8Array;
  /** 5, 9: the inches of its charge reach the step-4 advance spent (its cost: terrain and obstacles on the way). */
  assaultSpent: Float64Array;
  /** 5.3: the friend this reserve was committed to support (-1 none). */
  supporting: Int16Array;
  /** 9: took its being-assaulted test and made its reaction this step (a mutual pair's partner: burt.mutualAssault). */
  reacted: Uint8Array;
  /** 9: charged into contact this turn (or is following up / pursuing into contact). */
  charging: Uint8Array;
  /** 9: the melee test of step 12 is due. */
  meleeTest: Uint8Array;
  /** In a melee this turn (a unit that leaves one gets REGROUP orders, 11). */
  inMelee: Uint8Array;

  // -- across turns ----------------------------------------------------------------------------
  /** 6: has fired before (no first-volley bonus). */
  firedEver: Uint8Array;
  /** 8: the turn the unit became shaken: it retreats in step 3 of the next turn (0: none due). */
  shakenRetreat: Int16Array;
  /** The turn the unit last routed (rally tests from the next turn on), 0 if not routing. */
  routedTurn: Int16Array;
  /** 8 (burt.seeingRouts): routed since friends last tested for seeing it. */
  routUnseen: Uint8Array;
  /** 3.3: the enemy this unit pursues (-1 none), and the turn the pursuit began. */
  pursuing: Int16Array;
  pursuitTurn: Int16Array;
  /** 9: fights its next round following up (a push-back followed, a pursuit). */
  followingUp: Uint8Array;
  /**
   * 9 (burt.lightCavalryFormed): attacks in its current melee: it charged, countercharged, followed up
   * or pursued into it; kept until it leaves the melee.
   */
  attacking: Uint8Array;
  /** The turn of the unit's first contact in its current melee (9: "first contact"), 0 none. */
  contactTurn: Int16Array;
  /** The enemy whose ground this winner takes once it has run (-1 none), and the x its front goes to. */
  takeGround: Int16Array;
  groundX: Float64Array;
  /** Marks of the fire pending from step 9 (turn/fire.ts): small-arms casualties (11); on a battery, guns destroyed (6), crew casualties (8). */
  pendingMarks: Uint8Array;
  /** Cavalry assault declared on infantry with MANOEUVER orders (it could form square). */
  squareChance: Uint8Array;
  /** 2, 4: the command element touches the unit this turn (may change orders in step 1). */
  commandTouch: Uint8Array;
  /** Turns this unit has had FIRE orders within range of an enemy (a firefight's length, doctrines). */
  fireTurns: Int16Array;
  /** 10: each side's army morale. */
  armyMorale: Int32Array;

  // -- scratch, reused ---------------------------------------------------------------------------
  scratch: Scratch;
}

export interface Scratch {
  move: MoveResult;
  moveB: MoveResult;
  body: Body;
  bodies: Body[];
  index: number[];
  plan: FirePlan;
  planB: FirePlan;
  fire: FireSituation;
  morale: MoraleSituation;
  fighterA: MeleeFighter;
  fighterB: MeleeFighter;
  /** Melee groups: union-find parents and labels. */
  parent: Int32Array;
  group: Int32Array;
  /** Each unit's opponent in the melee (the touching enemy it shares most frontage with). */
  opponent: Int32Array;
  /** The frontage each unit shares with its opponent. */
  bestOverlap: Float64Array;
  /** Figures each unit removed in this round. */
  inflicted: Int32Array;
  /** 8: each unit's step-12 reasons to test, as of the step's start (reasonsDue bits). */
  reasons: Uint8Array;
  /** A number per unit (commandPicks: the distance to the nearest enemy). */
  distance: Float64Array;
  order: number[];
  orderB: number[];
  list: number[];
  /** Friends a move passed through. */
  passed: number[];
  intent: { formation: number; way: 1 | -1; distance: number };
}

/** Lateral offset of a removed unit's body: beyond any lane's width. */
export const PARKED = 1e9;

/** Level by index (7). */
export type { Cohesion };

/** The streams of a side. */
export function fireDice(g: Game, side: SideIndex): Uniform {
  return g.dice.fire(side);
}
export function moraleDice(g: Game, side: SideIndex): Uniform {
  return g.dice.morale(side);
}
export function aiDice(g: Game, side: SideIndex): Uniform {
  return g.dice.ai(side);
}
