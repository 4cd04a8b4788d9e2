/**
 * The compiled engagement (immutable specs, built once per cell) and the state of one engagement on the
 * lane (mutable, reset by play for every engagement so that nothing is allocated per engagement).
 */
import type { EngagementDice, Uniform } from '../../../core/dice.js';
import type { EngagementResult } from '../../../core/result.js';
import type { Scale } from '../../../core/vocabulary.js';
import { type Body, type Lane, type TerrainInterval, newMoveResult } from '../../../table/index.js';
import type { NagbDoctrine } from '../doctrine.js';
import type { NagbEvent, NagbSink } from '../events.js';
import type { NagbOptions } from '../options.js';
import type { ShotRecord } from '../artillery.js';
import type { Arm, Army, CavalryType, CavalryWeapon, CommanderRating, CommanderRow, Formation, Gun, Terrain, UnitClass, Weapon } from '../tables.js';
import type { Nation } from '../command.js';
import type { Footprint } from '../units.js';
import { newHitRoll } from '../shooting.js';
import { newChargeResult } from '../charge.js';
import { newMeleeResult } from '../melee.js';
import { PER_SIDE_KEYS } from '../vocabulary.js';

/**
 * Empty a reused list. Popping keeps its backing store (setting length to 0 calls into the runtime and
 * drops it, so the next push allocates again).
 */
export function clear(a: unknown[]): void {
  while (a.length > 0) a.pop();
}

export type LaneFormation = Formation | 'battery';

/** What never changes about a unit during an engagement. */
export interface UnitSpec {
  index: number;
  id: string;
  side: 0 | 1;
  brigade: number;
  arm: Arm;
  cls: UnitClass;
  /** Leadership from the class (p39-40, nagb.guardLeadership). */
  ld: number;
  raw: boolean;
  drilled: boolean;
  stubborn: boolean;
  /** Its small arm (p10), or null: a battery's crew, cavalry its scenario gives none (p25, p40). */
  weapon: Weapon | null;
  cavalryType: CavalryType | null;
  cavalryWeapon: CavalryWeapon | null;
  /** Light cavalry (p24): free formation changes, 3-wide columns. */
  light: boolean;
  guns: Gun[];
  horse: boolean;
  startFigures: number;
  fourPerThree: boolean;
  startFormation: LaneFormation;
  startFront: number;
  startOffset: number;
  facing: 1 | -1;
  colours: boolean;
  startDisordered: boolean;
  /** Index (in CompiledLane.terrain) of the village sector it starts in, or -1. */
  startSector: number;
  /** The front rank of its line (for squares' faces and firing out of a village). */
  lineFront: number;
  /** Recovery modifier of blown cavalry (p40). */
  recovery: number;
  /** A battery's national modifier to hit (p35: Russian guns, nagb.russianArtillery); 0 for others. */
  gunnery: number;
}

export interface CommanderSpec {
  id: string;
  rating: CommanderRating;
  row: CommanderRow;
  x: number;
  y: number;
}

export interface BrigadeSpec {
  index: number;
  id: string;
  name: string;
  side: 0 | 1;
  units: number[];
  commander: CommanderSpec;
  /** Batteries are left out of the brigade's figure count (rulings 3.11). */
  countedFigures: number;
}

export interface SideSpec {
  name: string;
  role: 'attacker' | 'defender';
  army: Army;
  nation: Nation;
  napoleon: boolean;
  cinc: { id: string; rating: CommanderRating; row: CommanderRow } | null;
  doctrine: NagbDoctrine;
  brigades: number[];
  units: number[];
  facing: 1 | -1;
}

export interface CompiledLane {
  kind: 'lane';
  name: string;
  specs: UnitSpec[];
  brigades: BrigadeSpec[];
  sides: [SideSpec, SideSpec];
  lane: Lane;
  terrain: TerrainInterval[];
  terrainKinds: Terrain[];
  terrainNames: string[];
  /** Indices of the village sectors in `terrain`. */
  villages: number[];
  /** Hit points of each terrain interval (p31, nagb.buildingDamage; villages only). */
  hitPoints: number[];
  objective: { name: string; x: number; y: number };
  /** Turns played before the game-length roll, and the most that can be played. */
  baseTurns: number;
  maxTurns: number;
  victory: 'objective' | 'points';
  onTime: 'defender' | 'draw';
  options: NagbOptions;
  scale: Scale;
  /** The engagement's state, reused by every play of this compiled cell. */
  game: Game;
}

/** Game.footprints: formations (act.formIndex) and figures (0 up to this) kept per unit. */
export const FOOTPRINT_FORMS = 7;
export const FOOTPRINT_FIGURES = 64;

/** Morale states (p27): good order, disordered, broken (fleeing). */
export const GOOD = 0;
export const DISORDERED = 1;
export const BROKEN = 2;
if (GOOD !== 0 || BROKEN !== 2) throw new Error('nagb: Unit.active and Unit.disordered read the morale states as 0 and 2');

/** Why a unit left the table. */
export type RemovedWhy = 'shattered' | 'dispersed' | 'surrendered' | 'offTable' | 'abandoned';

/** The state of one unit in one engagement. */
export class Unit {
  readonly spec: UnitSpec;
  readonly body: Body;
  formation: LaneFormation = 'line';
  figures = 0;
  /** Figures killed (casualties). */
  killed = 0;
  /** Figures of the unit removed whole (dispersed, surrendered, off the table): not casualties. */
  dispersed = 0;
  state = GOOD;
  shaken = false;
  colours = true;
  blown = false;
  silenced = false;
  lowAmmo = false;
  jubilant = 0;
  loaded = true;
  /** A battery that could not pay its reload reloads free at the next End phase (p19). */
  reloadFree = false;
  moved = false;
  fired = false;
  charged = false;
  fought = false;
  /** May not fire this turn (entered a sector, failed a burst-through test). */
  noFire = false;
  /** Began the turn compelled to charge (p22). */
  aggressive = false;
  /** p4, p22: in its brigadier's command radius when the turn began (what made it aggressive, and whether it may test not to charge). */
  aggressiveInCommand = false;
  /** p22: the enemies (unit indices) that made it aggressive at the turn's start: its compelled charge is at one of them. */
  readonly provokedBy: number[] = [];
  removed = false;
  removedWhy: RemovedWhy | null = null;
  /** The village sector (terrain index) it holds, or -1. */
  sector = -1;
  /** Blown cavalry's recovery tally (p23). */
  recovery = 0;
  /** Charges made, for recall (p23). */
  chargeCount = 0;
  /** Guns left (batteries). */
  guns = 0;
  /** Figures in the front rank now (a square: one face) and ranks, as the footprint gives them (act.reshape). */
  frontFigures = 0;
  ranks = 0;
  /** A battery's own pips this turn (p19). */
  pips = 0;
  /** Casualties in the current fire step (tests, p11) and crew lost this round (silencing, p21). */
  stepCasualties = 0;
  /** The fire step in which the unit was last fired at (blown cavalry's recovery, p23). */
  firedAtTurn = 0;
  /** The unit its fire last landed on (unit index; -1 none): p28's jubilance when that unit runs. */
  shotAt = -1;
  /** The rung of the common ladder the unit is on now (for drawing and invariants). */
  constructor(spec: UnitSpec) {
    this.spec = spec;
    this.body = { front: spec.startFront, facing: spec.facing, frontage: 1, depth: 1, offset: spec.startOffset };
  }

  get side(): 0 | 1 {
    return this.spec.side;
  }

  /** On the table and able to act: not removed, not fleeing. */
  get active(): boolean {
    // (The morale states as literals here: these getters are read everywhere, and a module binding is
    // loaded and checked at every read.)
    return !this.removed && this.state !== 2; // BROKEN
  }

  /** Acts disordered (p27): disordered or broken, shaken, blown, silenced. */
  get disordered(): boolean {
    return this.state !== 0 || this.shaken || this.blown || this.silenced; // GOOD
  }
}

/** What a unit means to do with its order in a movement phase (./ai.ts decides it). */
export type Intent =
  | { kind: 'hold' }
  | { kind: 'advance'; dist: number; formation: LaneFormation | null }
  | { kind: 'back'; dist: number }
  | { kind: 'form'; formation: LaneFormation }
  | { kind: 'enter'; sector: number }
  | { kind: 'fallBack'; rapid: boolean };

/** A pending melee: the charger (or attacker) and its target, fought in the next close-combat phase. */
export interface Contact {
  a: number;
  b: number;
  /** The attacker charged (chargers strike first, p14); cavalry charging (kill numbers, p40). */
  charge: boolean;
}

/** The state of one engagement (one per compiled cell, reset by play). */
export class Game {
  readonly c: CompiledLane;
  readonly units: Unit[];
  /** Bodies in unit order (the table functions take lists of bodies). */
  readonly bodies: Body[];
  turn = 0;
  /** Bumped whenever a body changes (or a unit leaves the table): distance caches stamped with an older value are stale. */
  epoch = 1;
  /** Bumped whenever a unit's morale state changes (caches that depend on it). */
  stateEpoch = 1;
  /** Bumped when a body of the side changes, and when the unit's own does. */
  readonly sideEpoch = new Float64Array(2);
  readonly unitEpoch: Float64Array;
  /** Per (filter, unit): the unit's and the enemy side's epochs its nearest distance was found at. */
  readonly nearUnit: Float64Array;
  readonly nearEnemy: Float64Array;
  /** Per unit: the body first in its path forward and the epoch it was found at. */
  readonly aheadCache: Int32Array;
  readonly aheadEpoch: Float64Array;
  readonly nearState: Float64Array;
  /** Nearest enemy distance per unit and filter (all, foot and horse, cavalry). */
  readonly nearCache: Float64Array;
  /** The side moving first this turn (side A, p2). */
  sideA: 0 | 1 = 0;
  /** The side that lost the last initiative roll (+1 next time), or -1. */
  lostInitiative = -1;
  /** Brigade commanders' pips this turn, their position, and whether unhorsed this turn (p4). */
  readonly pips: Int32Array;
  readonly cmdX: Float64Array;
  readonly cmdY: Float64Array;
  readonly unhorsed: Uint8Array;
  /** Where a brigade commander means to ride (ai.commanderSpot's answer). */
  readonly spot = new Float64Array(2);
  /** Brigade status 0 intact, 1 faltering, 2 broken (p29), and the status last tested at. */
  readonly brigadeStatus: Uint8Array;
  readonly brigadeTested: Uint8Array;
  readonly cincPips = new Int32Array(2);
  /**
   * Per brigade: bumped when a unit of it loses figures or leaves the table (act.casualties, act.remove),
   * the stamp its loss status (0 intact, 1 faltering, 2 broken) was last found at, and that status.
   */
  readonly lossStamp: Float64Array;
  readonly lossSeen: Float64Array;
  readonly lossRank: Uint8Array;
  /** The attacking side's brigades faltered at some time (rulings 5: attackRepulsed). */
  faltered = [false, false];
  /** Melees to fight in the next close-combat phase. */
  readonly contacts: Contact[] = [];
  /** Units that broke from melee this phase (proximity tests, p28). */
  readonly brokeFromMelee: number[] = [];
  /** Units that took a break test in a melee this phase (p28, nagb.breakTestsPerPhase). */
  readonly breakTested: number[] = [];
  /**
   * Since the last shooting tests: the firers whose fire has landed, and the units that fire destroyed
   * or made run (p28: the firers of those, in good order, become jubilant).
   */
  readonly shooters: number[] = [];
  readonly ranFromFire: number[] = [];
  dice!: EngagementDice;
  res!: EngagementResult;
  sink: NagbSink | undefined;
  /** Events held back while a charge or a melee is resolved (act.holdEvents). */
  held: NagbEvent[] | null = null;
  checkInvariants = false;
  /** Reused records. */
  readonly hitRoll = newHitRoll();
  readonly chargeOut = newChargeResult();
  readonly meleeOut = newMeleeResult();
  readonly move = newMoveResult();
  /** A battery's ball and shell in one fire (ShotRecord): hits (p31: each damages a building), shots that struck the target (p23). */
  readonly gunHits: ShotRecord = { n: 0, struck: 0 };
  readonly scratch: number[] = [];
  /** Fire landing later (simultaneous small arms): firers, targets and casualties. */
  readonly pendF: number[] = [];
  readonly pendT: number[] = [];
  readonly pendK: number[] = [];
  /** Sort keys by unit, and unit lists for the phases that order units. */
  readonly sortKey: Float64Array;
  /** Fire targets of one unit (fire.candidates). */
  readonly cand: Int32Array;
  /** Their footprint distances from the firer. */
  readonly candGap: Float64Array;
  /** Their axial and lateral gaps from the firer (the legs of candGap, which is found only when needed). */
  readonly candDx: Float64Array;
  readonly candDy: Float64Array;
  /**
   * Each unit's footprint extents, kept equal to its body by act.syncExtents at every change of a body:
   * axial min and max, lateral min and max at 4i .. 4i+3 (the same arithmetic as table's axialMin etc.).
   */
  readonly ext: Float64Array;
  /** Each unit's charge reach (geometry.chargeReachOf) and the formation it was found for. */
  readonly reach: Float64Array;
  readonly reachForm: (LaneFormation | null)[];
  /** Greatest range of each unit's fire (p10, p21), set at compile. */
  readonly range: Float64Array;
  readonly order1: number[] = [];
  readonly order2: number[] = [];
  readonly list1: number[] = [];
  /** Per-side extras, two slots each (see act.bump). */
  readonly extra = new Float64Array(2 * PER_SIDE_KEYS.length);
  /** Each unit's movement intent this phase. */
  readonly intents: (Intent | null)[];
  readonly scratchBodies: Body[] = [];
  /** act.footprintNow's footprints by unit, formation and figures (null until first needed). */
  readonly footprints: (Footprint | null)[];
  /** commandPhase's reused records of each brigade's units (brigade.BrigadeUnit), made on first use. */
  brigadeUnits: unknown[][] | null = null;

  /** Each side's units in index order; its foot and horse (no batteries); its cavalry. */
  readonly sideUnits: [Unit[], Unit[]];
  readonly sideFootHorse: [Unit[], Unit[]];
  readonly sideCavalry: [Unit[], Unit[]];
  /**
   * The same lists as unit indices, at 2 * filter + side (filter 0 all, 1 foot and horse, 2 cavalry:
   * nearestEnemyDistance's), and each unit's removed flag (1 when removed): the hot scans over the
   * enemy read these and Game.ext, not the units.
   */
  readonly idxLists: Int32Array[];
  /** Each side's batteries (unit indices, in the order of units). */
  readonly batteries: [Int32Array, Int32Array];
  readonly gone: Uint8Array;

  constructor(c: CompiledLane) {
    this.c = c;
    this.units = c.specs.map((s) => new Unit(s));
    this.bodies = this.units.map((u) => u.body);
    const bySide = (keep: (u: Unit) => boolean): [Unit[], Unit[]] => [this.units.filter((u) => u.side === 0 && keep(u)), this.units.filter((u) => u.side === 1 && keep(u))];
    this.sideUnits = bySide(() => true);
    this.sideFootHorse = bySide((u) => u.spec.arm !== 'artillery');
    this.sideCavalry = bySide((u) => u.spec.arm === 'cavalry');
    const idx = (l: Unit[]) => Int32Array.from(l, (u) => u.spec.index);
    this.idxLists = [this.sideUnits, this.sideFootHorse, this.sideCavalry].flatMap((p) => [idx(p[0]), idx(p[1])]);
    const guns = bySide((u) => u.spec.arm === 'artillery');
    this.batteries = [idx(guns[0]), idx(guns[1])];
    this.gone = new Uint8Array(c.specs.length);
    const nb = c.brigades.length;
    this.pips = new Int32Array(nb);
    this.cmdX = new Float64Array(nb);
    this.cmdY = new Float64Array(nb);
    this.unhorsed = new Uint8Array(nb);
    this.brigadeStatus = new Uint8Array(nb);
    this.brigadeTested = new Uint8Array(nb);
    this.lossStamp = new Float64Array(nb);
    this.lossSeen = new Float64Array(nb).fill(-1);
    this.lossRank = new Uint8Array(nb);
    this.sortKey = new Float64Array(c.specs.length);
    this.range = new Float64Array(c.specs.length);
    this.reach = new Float64Array(c.specs.length);
    this.reachForm = c.specs.map(() => null);
    this.cand = new Int32Array(c.specs.length);
    this.candGap = new Float64Array(c.specs.length);
    this.candDx = new Float64Array(c.specs.length);
    this.candDy = new Float64Array(c.specs.length);
    this.ext = new Float64Array(4 * c.specs.length);
    this.sectorHP = new Float64Array(c.terrain.length);
    this.collapsed = new Uint8Array(c.terrain.length);
    this.nearCache = new Float64Array(3 * c.specs.length);
    this.nearState = new Float64Array(3 * c.specs.length);
    this.unitEpoch = new Float64Array(c.specs.length);
    this.nearUnit = new Float64Array(3 * c.specs.length).fill(-1);
    this.nearEnemy = new Float64Array(3 * c.specs.length).fill(-1);
    this.aheadCache = new Int32Array(c.specs.length);
    this.aheadEpoch = new Float64Array(c.specs.length);
    this.intents = c.specs.map(() => null);
    this.threatUnit = new Int32Array(2 * c.specs.length);
    this.threatTarget = new Int32Array(2 * c.specs.length);
    this.threatInfantry = new Uint8Array(2 * c.specs.length);
    this.threatFront = new Float64Array(2 * c.specs.length);
    this.threatFacing = new Float64Array(2 * c.specs.length);
    this.threatReach = new Float64Array(2 * c.specs.length);
    this.footprints = new Array<Footprint | null>(c.specs.length * FOOTPRINT_FORMS * (FOOTPRINT_FIGURES + 1)).fill(null);
  }

  /**
   * chargeThreat's facts about each side's possible chargers, found at the epochs in threatEpoch and
   * threatState: their count, and at side * units + k each one's index, first body ahead, infantry flag,
   * front, facing and charge reach.
   */
  readonly threatEpoch = new Float64Array([-1, -1]);
  readonly threatState = new Float64Array([-1, -1]);
  readonly threatN = new Int32Array(2);
  readonly threatUnit: Int32Array;
  readonly threatTarget: Int32Array;
  readonly threatInfantry: Uint8Array;
  readonly threatFront: Float64Array;
  readonly threatFacing: Float64Array;
  readonly threatReach: Float64Array;

  /** A village sector's hit points left and whether it has collapsed (p31, nagb.buildingDamage). */
  readonly sectorHP: Float64Array;
  readonly collapsed: Uint8Array;
  /** The engagement's streams, fetched from the dice on first use (fire 0, 1, morale 0, 1, ai 0, 1). */
  readonly streams: (Uniform | null)[] = [null, null, null, null, null, null];

  /** Start on another engagement's dice. */
  useDice(dice: EngagementDice): void {
    this.dice = dice;
    this.streams.fill(null);
  }

  fire(side: 0 | 1): Uniform {
    return this.streams[side] ?? (this.streams[side] = this.dice.fire(side));
  }

  morale(side: 0 | 1): Uniform {
    return this.streams[2 + side] ?? (this.streams[2 + side] = this.dice.morale(side));
  }

  ai(side: 0 | 1): Uniform {
    return this.streams[4 + side] ?? (this.streams[4 + side] = this.dice.ai(side));
  }

  doctrine(side: 0 | 1): NagbDoctrine {
    return this.c.sides[side].doctrine;
  }

  /** The side's role (rulings 5); in a meeting engagement both sides attack. */
  attacks(side: 0 | 1): boolean {
    return this.c.victory === 'points' || this.c.sides[side].role === 'attacker';
  }
}
