/**
 * Compile a lane scenario once per cell (STYLE.md 2): resolve defaults (figures, formations, orders,
 * classes, army morale), precompute each unit's figure models and terrain costs, and build the
 * workspace every engagement of the cell reuses.
 */
import { emptyResult } from '../../../core/result.js';
import { interned } from '../../../core/intern.js';
import { EPS, axialOverlap, body, lateralOverlap, makeLane, newMoveResult, onLane, terrainInterval, withinWidth, type TerrainCost } from '../../../table/index.js';
import { DEFAULT_DOCTRINE, resolveDoctrine, type BurtDoctrine } from '../doctrine/presets.js';
import { armyMoraleStart } from '../armyMorale.js';
import { figureModel, FIGURE_WIDTH, type Arm, type Formation } from '../figures.js';
import { gunsInBattery, weaponBands } from '../fire.js';
import { obstacleCost, ratesOf, terrainRateFactor, type MoverKind, type Terrain } from '../movement.js';
import type { BurtOptions } from '../options.js';
import { QUALITY_CLASS } from '../quality.js';
import { defaultFigures, defaultFormation, type BurtScenario, type BurtUnitInput, type DoctrineInput } from '../scenarios.js';
import { BALL_RANGES, CANISTER_RANGES, GUN_CREW, MORALE_CLASS_TARGET, MORALE_MODIFIERS, type Cohesion, type MoraleClass, type SmallArm } from '../tables.js';
import { strengthModifier } from '../morale.js';
import { COL, cohesionModifierAt } from '../cohesion.js';
import { BURT_SCALE, BURT_VOCABULARY, CLASS_INDEX, GLOBAL_EXTRAS, PER_SIDE_EXTRAS } from '../vocabulary.js';
import { FORMATION_LIST, ORDER_LIST, T_FORD, T_HEDGE, T_OTHER, T_ROAD, T_VILLAGE, T_WALL, T_WOODS, type Brigade, type CompiledLane, type Game, type Ground, type SideSpec, type UnitSpec } from './state.js';
import type { TerrainInterval } from '../../../table/index.js';
import { recordMaker } from '../../../core/records.js';

const KIND_CODE: Readonly<Record<string, number>> = { village: T_VILLAGE, woods: T_WOODS, hedge: T_HEDGE, wall: T_WALL, road: T_ROAD, ford: T_FORD };

/** The terrain as flat arrays for the play loop (state.ts, Ground). */
export function groundOf(terrain: readonly TerrainInterval[]): Ground {
  const k = terrain.length;
  const g: Ground = { count: k, kind: new Int8Array(k), from: new Float64Array(k), to: new Float64Array(k), yMin: new Float64Array(k), yMax: new Float64Array(k), anyRoad: false };
  terrain.forEach((t, i) => {
    g.kind[i] = KIND_CODE[t.kind] ?? T_OTHER;
    g.from[i] = t.from;
    g.to[i] = t.to;
    g.yMin[i] = t.yMin ?? -Infinity;
    g.yMax[i] = t.yMax ?? Infinity;
    if (t.kind === 'road') g.anyRoad = true;
  });
  return g;
}

/** A doctrine field: a preset's name, parameters over a preset (default the posture's), or the posture's default. */
export function doctrineOf(field: DoctrineInput, posture: 'attack' | 'defend'): BurtDoctrine {
  if (field === undefined) return resolveDoctrine(DEFAULT_DOCTRINE[posture]);
  if (typeof field === 'string') return resolveDoctrine(field);
  const { preset, ...overrides } = field;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return resolveDoctrine(preset ?? DEFAULT_DOCTRINE[posture], defined as Partial<BurtDoctrine>);
}

/** A doctrine field in words: the preset's name, and the parameters it changes. */
export function doctrineLabel(field: DoctrineInput, posture: 'attack' | 'defend'): string {
  if (field === undefined) return DEFAULT_DOCTRINE[posture];
  if (typeof field === 'string') return field;
  const { preset, ...overrides } = field;
  const changed = Object.entries(overrides).filter(([, v]) => v !== undefined);
  const name = preset ?? DEFAULT_DOCTRINE[posture];
  return changed.length ? `${name} with ${changed.map(([k, v]) => `${k} ${String(v)}`).join(', ')}` : name;
}

/** 5: what a unit in a formation pays to move over each kind of ground (moveBody's TerrainCost). */
export function terrainCostOf(k: MoverKind, o: BurtOptions): TerrainCost {
  const move = ratesOf(k).move;
  return (kind: string) => {
    if (kind === 'hedge' || kind === 'wall') return obstacleCost(kind, k) * move; // half a move to cross
    if (kind === 'road') return 1;
    const f = terrainRateFactor(kind as Terrain, k, o);
    return f > 0 ? 1 / f : Infinity;
  };
}

/**
 * A terrain cost read from a table of its answers for each interval of `terrain` (by index): the same
 * numbers as `cost` gives, without comparing kinds on every call of a move.
 */
function tabulated(cost: TerrainCost, terrain: readonly TerrainInterval[]): TerrainCost {
  const table = Float64Array.from(terrain, (t, i) => cost(t.kind, i));
  return (_kind, i) => table[i];
}

function unitSpec(u: BurtUnitInput, index: number, side: 0 | 1, brigade: number, role: 'attacker' | 'defender', o: BurtOptions, terrain: readonly TerrainInterval[]): UnitSpec {
  const arm = interned(u.arm) as Arm;
  const guns = arm === 'guns' ? gunsInBattery(u.guns, o.gunsPerBattery) : 0;
  // The defaults of the fields of one arm (scenarios.ts; checkLane refuses them on another).
  const ordnance = u.ordnance ?? '6pdr';
  const horse = u.horse ?? false;
  const light = u.light ?? false;
  const crew = arm === 'guns' ? GUN_CREW[ordnance] : 0;
  const figures = arm === 'guns' ? guns * crew : (u.figures ?? defaultFigures(arm));
  const formation = (u.formation ?? defaultFormation(arm)) as Formation;
  // A scenario file's rung is already its class (src/scenario/quality.ts sets it before validation);
  // a scenario built through the kind's schema alone may carry only the rung.
  const klass: MoraleClass = u.class ?? (u.quality ? QUALITY_CLASS[u.quality] : 'C');
  const weapon: SmallArm = u.weapon ?? (arm === 'cavalry' ? 'carbine' : 'musket');
  const order = u.orders ?? (arm === 'guns' || role === 'defender' ? 'fire' : 'manoeuvre');
  // Guns keep the frontage of the whole battery (a silenced gun is still on its ground).
  const models = FORMATION_LIST.map((f) =>
    Array.from({ length: figures + 1 }, (_, n) => figureModel(arm, arm === 'guns' ? 'line' : f, arm === 'guns' ? guns : n, o.figuresPerBase, o.squareDeepTarget)),
  );
  const costs = FORMATION_LIST.map((f) => tabulated(terrainCostOf({ arm, formation: f, lightCavalry: light, horseGuns: horse }, o), terrain));
  const rates = FORMATION_LIST.map((f) => ratesOf({ arm, formation: f, lightCavalry: light, horseGuns: horse }));
  return {
    id: u.id,
    index,
    side,
    arm,
    brigade,
    figures,
    guns,
    crew,
    ordnance: interned(ordnance) as UnitSpec['ordnance'],
    horse,
    weapon: interned(weapon) as SmallArm,
    klass: interned(klass) as MoraleClass,
    classIndex: CLASS_INDEX[klass],
    classTarget: MORALE_CLASS_TARGET[klass],
    unitClass: arm === 'cavalry' ? 1 : arm === 'guns' ? 2 : 0,
    light,
    armoured: u.armoured ?? false,
    lancers: u.lancers ?? false,
    formation: FORMATION_LIST.indexOf(formation),
    limbered: arm === 'guns' && (u.limbered ?? false),
    at: u.at,
    offset: u.offset,
    facing: u.facing ?? (role === 'attacker' ? -1 : 1),
    order: ORDER_LIST.indexOf(order),
    general: interned(u.general) as UnitSpec['general'],
    moraleGeneral: u.general === 'commanderInChief' ? MORALE_MODIFIERS.commanderInChief : u.general === 'subordinate' ? MORALE_MODIFIERS.subordinateGeneral : 0,
    // strengthModifier by what is left (guns of a battery, else figures), and the morale column of 7 by level.
    moraleStrength: Int8Array.from({ length: (arm === 'guns' ? guns : figures) + 1 }, (_, n) => strengthModifier(n, arm === 'guns' ? guns : figures, o.strengthModifiers)),
    moraleCohesion: Int8Array.from({ length: 5 }, (_, l) => cohesionModifierAt(COL.morale, l as Cohesion, o.cohesionModifiers, false)),
    fireCohesion: Int8Array.from({ length: 5 }, (_, l) => cohesionModifierAt(COL.fireToHit, l as Cohesion, o.cohesionModifiers, false)),
    models,
    costs,
    rates,
    figureWidth: FIGURE_WIDTH[arm],
    bands: arm === 'guns' ? weaponBands(ordnance, 'ball') : weaponBands(weapon),
    canisterBands: arm === 'guns' ? weaponBands(ordnance, 'canister') : weaponBands(weapon),
    ballBands: arm === 'guns' ? weaponBands(ordnance, 'ball') : weaponBands(weapon),
    maxRange: arm === 'guns' ? Math.max(BALL_RANGES[ordnance][2], CANISTER_RANGES[ordnance][2]) : weaponBands(weapon)[2],
  };
}

function newGame(c: Omit<CompiledLane, 'game'>): Game {
  const n = c.units.length;
  const i8 = () => new Int8Array(n);
  const u8 = () => new Uint8Array(n);
  const i16 = () => new Int16Array(n);
  const i32 = () => new Int32Array(n);
  const f64 = () => new Float64Array(n);
  const situation = {
    figures: 0, startFigures: 0, level: 0, nearestVisibleEnemy: Infinity, chargingSkirmishersOrRouters: false, chargingFlankOrRear: false,
    commanderInChief: false, subordinateGeneral: false, commandElement: false, formation: 'line', supported: false, cover: 'none',
    advancingOrPushingBack: false, retiringOrPushedBack: false, secureFlank: false, casualtiesThisTurn: false, armyDemoralised: false,
  } as Game['scratch']['morale'];
  const fighter = (): Game['scratch']['fighterA'] => ({
    arm: 'infantry', formation: 'line', ranks: 0, level: 0, lightCavalry: false, armoured: false, lancers: false, chargingOrFollowingUp: false, attacking: false, cover: 'none', downhillOfEnemy: false, againstFlankOrRear: false,
  });
  const plan = (): Game['scratch']['plan'] => ({ plain: 0, penalised: 0, hitOn: 5, penalisedHitOn: 6, saveOn: 5, die: c.options.extendedDie, naturalOne: c.options.naturalOne });
  const res = emptyResult({ units: n, objectives: c.objective ? 1 : 0, purposes: BURT_VOCABULARY.checkPurposes.length, ratings: BURT_VOCABULARY.ratings.labels.length });
  const bodies = c.units.map(() => body(0, 1, 1, 1, 0));
  return {
    c: c as CompiledLane,
    n,
    dice: undefined as never,
    res,
    sink: undefined,
    turn: 0,
    first: 0,
    moveEnd: 0,
    moveSpent: 0,
    figures: i32(),
    guns: i32(),
    level: i8(),
    order: i8(),
    formation: i8(),
    limbered: u8(),
    present: u8(),
    body: bodies,
    lo: new Float64Array(n),
    hi: new Float64Array(n),
    fx: new Float64Array(n),
    face: new Float64Array(n),
    off: new Float64Array(n),
    wide: new Float64Array(n),
    deep: new Float64Array(n),
    ax0: new Float64Array(n),
    ax1: new Float64Array(n),
    latOv: new Float64Array(n * n),
    latGap: new Float64Array(n * n),
    sideBodies: [c.sides[0].units.map((u) => bodies[u]), c.sides[1].units.map((u) => bodies[u])],
    steady: [[], []],
    steadyDirty: true,
    pairs: new Uint8Array(n * n),
    engagedCount: new Int16Array(n),
    changedBody: new Uint8Array(n),
    contactDirty: true,
    counters: new Int32Array(PER_SIDE_EXTRAS.length * 2),
    epoch: 0,
    bodyStamp: new Float64Array(n),
    sideGeom: new Float64Array(2),
    sideFriends: new Float64Array(2),
    pathAt: new Float64Array(6 * n).fill(-1),
    path: new Int16Array(6 * n),
    sightAt: new Float64Array(n).fill(-1),
    inSight: new Uint8Array(n),
    sightWitness: new Int16Array(n),
    coverAt: new Float64Array(n).fill(-1),
    cover: new Int8Array(n),
    behindAt: new Float64Array(n).fill(-1),
    behind: new Int16Array(n),
    secure: new Uint8Array(n),
    secureWitness: new Int16Array(n),
    figuresAtTurnStart: i32(),
    advanced: f64(),
    movedToward: f64(),
    movedAway: f64(),
    stateMove: f64(),
    moved: u8(),
    casualtiesTurn: u8(),
    fireLosses: i32(),
    gunsLostTurn: i32(),
    pendingFigures: i32(),
    pendingGuns: i32(),
    firedTurn: u8(),
    pushedBack: u8(),
    pushingBack: u8(),
    assaultTarget: i16(),
    assaultedBy: i16(),
    assaultAdvance: f64(),
    assaultSpent: f64(),
    terrainLost: u8(),
    supporting: i16(),
    reacted: u8(),
    charging: u8(),
    meleeTest: u8(),
    inMelee: u8(),
    firedEver: u8(),
    shakenRetreat: i16(),
    routedTurn: i16(),
    routUnseen: u8(),
    pursuing: i16(),
    pursuitTurn: i16(),
    followingUp: u8(),
    attacking: u8(),
    contactTurn: i16(),
    takeGround: i16(),
    groundX: f64(),
    pendingMarks: u8(),
    squareChance: u8(),
    commandTouch: u8(),
    fireTurns: i16(),
    armyMorale: new Int32Array(2),
    scratch: {
      move: newMoveResult(),
      moveB: newMoveResult(),
      body: body(0, 1, 1, 1, 0),
      bodies: [],
      index: [],
      plan: plan(),
      planB: plan(),
      fire: { band: 0, firerMoved: false, targetMoved: false, targetInCover: false, firerLevel: 0, guns: false, skirmishers: false, targetOverTwoRanks: false, firstVolley: false },
      morale: situation,
      fighterA: fighter(),
      fighterB: fighter(),
      parent: new Int32Array(n),
      group: new Int32Array(n),
      opponent: new Int32Array(n),
      bestOverlap: new Float64Array(n),
      inflicted: new Int32Array(n),
      reasons: new Uint8Array(n),
      distance: new Float64Array(n),
      order: [],
      orderB: [],
      list: [],
      passed: [],
      intent: { formation: 0, way: 1, distance: 0 },
    },
  };
}

/** Extras every result carries (zeroed by resetResult): the global ones, then `${key}.${side}` of the per-side ones. */
export const EXTRA_KEYS: readonly string[] = [...GLOBAL_EXTRAS, ...PER_SIDE_EXTRAS.flatMap((k) => [`${k}.0`, `${k}.1`])];

/** The result keys of the per-side counters, at 2k + side. */
export const COUNTER_KEYS: readonly string[] = PER_SIDE_EXTRAS.flatMap((k) => [`${k}.0`, `${k}.1`]);

/** Every extra at 0, as one literal (built key by key, or parsed, its 31 counters are a dictionary). */
export const makeExtras = recordMaker(EXTRA_KEYS);

/** Validate the parts the options decide (footprints by burt.figuresPerBase) and build the compiled engagement. */
export function compileLane(s: BurtScenario, o: BurtOptions): CompiledLane {
  const lane = makeLane(s.lane.xMin, s.lane.xMax, s.lane.width, s.lane.anchoredLow, s.lane.anchoredHigh);
  const terrain = s.terrain.map((t) => terrainInterval(interned(t.kind), t.from, t.to, t.yMin, t.yMax));
  const brigades: { name: string; side: 0 | 1; units: number[] }[] = [];
  const units: UnitSpec[] = [];
  const sides = s.sides.map((side, si) => {
    const posture = side.posture ?? (side.role === 'attacker' ? 'attack' : 'defend');
    const own: number[] = [];
    for (const u of side.units) {
      const name = u.brigade ?? side.name;
      let b = brigades.findIndex((x) => x.name === name && x.side === si);
      if (b < 0) b = brigades.push({ name, side: si as 0 | 1, units: [] }) - 1;
      const spec = unitSpec(u, units.length, si as 0 | 1, b, side.role, o, terrain);
      brigades[b].units.push(spec.index);
      own.push(spec.index);
      units.push(spec);
    }
    const spec: SideSpec = {
      name: side.name,
      role: side.role,
      posture,
      doctrine: doctrineOf(side.doctrine, posture),
      doctrineLabel: doctrineLabel(side.doctrine, posture),
      armyMorale: side.armyMorale ?? armyMoraleStart(o.armyMoraleStart, own.length),
      units: own,
      cavalry: own.some((i) => units[i].arm === 'cavalry'),
    };
    return spec;
  }) as [SideSpec, SideSpec];
  // The footprints under these options must fit the lane and stand apart (the schema checked the defaults).
  const bodies = units.map((u) => {
    const m = u.models[u.formation][u.figures];
    return body(u.at, u.facing, m.frontageInches, m.depthInches, u.offset);
  });
  bodies.forEach((b, i) => {
    const where = `sides[${units[i].side}].units (${units[i].id})`;
    if (!onLane(lane, b) || !withinWidth(lane, b)) throw new Error(`${where}: with burt.figuresPerBase ${o.figuresPerBase} the unit reaches beyond the lane`);
    for (let j = 0; j < i; j++) {
      if (axialOverlap(bodies[j], b) > EPS && lateralOverlap(bodies[j], b) > EPS) throw new Error(`${where}: with burt.figuresPerBase ${o.figuresPerBase} the unit overlaps ${units[j].id} at the start`);
    }
  });
  // Each side's enemy lies toward the other side's starting line (by the mean front of each side).
  const mean = (side: number) => {
    const own = units.filter((x) => x.side === side);
    return own.reduce((a, x) => a + x.at, 0) / own.length;
  };
  const d = Math.sign(mean(1) - mean(0)) || units[0].facing; // level lines: side 0 faces its enemy
  const towardEnemy: [number, number] = [d, -d];
  const objective = s.objective ? { name: s.objective.name, area: terrainInterval('objective', s.objective.from, s.objective.to, s.objective.yMin, s.objective.yMax) } : null;
  const compiled: Omit<CompiledLane, 'game'> = {
    kind: 'lane',
    options: o,
    units,
    sides,
    brigades: brigades as Brigade[],
    lane,
    terrain,
    objective,
    turns: s.turns,
    onTime: s.onTime,
    holdToEnd: s.holdToEnd,
    attacker: sides[0].role === 'attacker' ? 0 : 1,
    towardEnemy,
    alternation: [alternate(sides[0].units, sides[1].units), alternate(sides[1].units, sides[0].units)],
    scale: BURT_SCALE,
    ground: groundOf(terrain),
    everyUnit: units.map((_, i) => i),
  };
  const game = newGame(compiled);
  const out = compiled as CompiledLane & { game: Game };
  out.game = game;
  game.c = out;
  game.res.extras = makeExtras();
  return out;
}

/** 3: the sides alternate unit by unit, `a` first; the longer list finishes alone. */
export function alternate(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    if (k < a.length) out.push(a[k]);
    if (k < b.length) out.push(b[k]);
  }
  return out;
}

/** The class of a unit as the morale test reads it. */
export function classOf(c: CompiledLane, u: number): MoraleClass {
  return c.units[u].klass;
}
