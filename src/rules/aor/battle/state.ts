/**
 * The compiled battle's types, and the state of one battle: where every unit is, what each hex holds, which hexes are in whose zone of
 * control, and the running tallies that demoralization (13, 14) and victory (18) read. One object per
 * compiled cell, reset between engagements.
 */
import { LazyCostField, newReached, type Reached, type StepVariations } from '../../../hex/paths.js';
import { BRIDGE, RIVER, type BattleMap } from '../map.js';
import { UnitState, type UnitSpec } from '../units.js';
import type { EngagementDice } from '../../../core/dice.js';
import { packedMap } from '../../../core/records.js';
import { ORDER_CODES, type Orders } from './orders.js';
import type { Scale } from '../../../core/vocabulary.js';
import type { SideIndex } from '../../../core/result.js';
import type { AssaultDoctrine } from '../doctrine/assault.js';
import type { BattleDoctrine } from '../doctrine/battle.js';
import type { BattleScenario } from '../battleSchema.js';
import type { AorOptions } from '../options.js';

// The compiled battle (src/rules/aor/battle/compile.ts builds it): immutable data, and this workspace.
export type { Orders } from './orders.js';

export interface FormationDef {
  id: string;
  name: string;
  side: 0 | 1;
  orders: Orders;
  /** Objective hex of an Attack order, or -1. */
  objective: number;
  /** Demoralization limit (14.1), 0 for none. */
  limit: number;
  units: readonly number[];
}

export interface SideDef {
  name: string;
  role: string;
  /** Army demoralization level (13), 0 for none. */
  armyLevel: number;
  supply: readonly number[];
  doctrine: AssaultDoctrine;
  /** How the side plays its orders (src/rules/aor/doctrine/battle.ts). */
  battle: BattleDoctrine;
  formations: readonly number[];
  units: readonly number[];
}

export interface LeaderDef {
  id: string;
  name: string;
  side: 0 | 1;
  rating: number;
  startHex: number;
  /** 'leader' of formation `formation`; 'oc' and 'wc' send orders to `commands`. */
  role: 'leader' | 'oc' | 'wc';
  formation: number;
  commands: readonly number[];
}

export interface PlanStep {
  side: 0 | 1;
  turn: number;
  whenDemoralized: number;
  whenLost: number;
  formation: number;
  orders: Orders;
  objective: number;
  /** The commander (index in leaders) who sends it. */
  from: number;
}

export interface ObjectiveDef {
  name: string;
  hex: number;
  vp: number;
  holder: number;
}

export interface CompiledBattle {
  readonly kind: 'battle';
  readonly options: AorOptions;
  readonly map: BattleMap;
  readonly specs: readonly UnitSpec[];
  readonly movement: Int8Array;
  readonly startHex: Int32Array;
  /** Turn each unit enters the map (1 for units there at the start; 9 reinforcements later). */
  readonly arrives: Int16Array;
  readonly formationOf: Int32Array;
  readonly formations: readonly FormationDef[];
  /** 1 for a formation with a cavalry unit. */
  readonly formationHasCavalry: Uint8Array;
  /** Formation leaders, then overall and wing commanders. */
  readonly leaders: readonly LeaderDef[];
  /** Per formation: its leader's index, or -1. */
  readonly leaderOf: Int32Array;
  /** Per formation: every leader whose command range counts for it (its leader, wing commanders, the OC). */
  readonly commandersOf: readonly (readonly number[])[];
  readonly plan: readonly PlanStep[];
  readonly sides: readonly [SideDef, SideDef];
  readonly objectives: readonly ObjectiveDef[];
  readonly turns: number;
  /** The scenario's `history` scale where it gives one, else a turn an hour and 250 men a strength point. */
  readonly scale: Scale;
  /** 1 on night (or rain) turns, indexed by turn. */
  readonly night: Uint8Array;
  readonly first: 0 | 1;
  readonly victory: BattleScenario['victory'];
  readonly supplyRule: boolean;
  readonly workspace: BattleState;
}

type Static = Omit<CompiledBattle, 'workspace'>;

/** Hexes to look at again: `count` of `hexes`, each marked in `mark`; or all of them. */
export interface DirtyHexes {
  all: boolean;
  count: number;
  readonly hexes: Int32Array;
  readonly mark: Uint8Array;
}

const CHATEAU = 2, FORT = 5; // indexes in HEX_TERRAIN

function markHex(d: DirtyHexes, h: number): void {
  if (d.all || d.mark[h]) return;
  d.mark[h] = 1;
  d.hexes[d.count++] = h;
}

export class BattleState {
  readonly c: Static;
  readonly st: UnitState;
  /** Hex of each unit, -1 once off the map. */
  readonly pos: Int32Array;
  /** Units in each hex. */
  readonly count: Uint8Array;
  /**
   * The units of each hex as a list in unit order: the first unit of a hex (-1 when empty) and each
   * unit's next in its hex (-1 at the end). Kept by place and remove.
   */
  readonly firstAt: Int32Array;
  readonly nextAt: Int32Array;
  /** Side holding each hex, -1 if empty. */
  readonly sideAt: Int8Array;
  /** zoc[s][h]: how many units of side s project a zone of control into h (5.4), as of computeZoc. */
  readonly zoc: [Uint8Array, Uint8Array];
  /** The hex each unit projected its zone of control from at the last computeZoc (-1: none). */
  readonly zocFrom: Int32Array;
  /** Hex a unit left on its last step this turn, -1 if it has not moved (7.3 defender fires first). */
  readonly enteredFrom: Int32Array;
  /** The path a unit moved this turn, its start first (7.3: did it step adjacent out of a non-adjacent hex?); null if it has not moved. */
  readonly movePath: (readonly number[] | null)[];
  /** The turn a unit last held back from an enemy ZOC to wait for support (battleDoctrine.support); -1: never. */
  readonly heldBack: Int32Array;
  /** 7.6 Disruption: the markers the phasing side's combat segment began with (fire halves by these). */
  readonly segmentDisrupted: Uint8Array;
  /** 7.3: 1 for a unit that has attacked in this combat segment already (one attack a segment). */
  readonly foughtInSegment: Uint8Array;
  readonly bombarded: Uint8Array;
  /** 1 when a unit's disruption came from bombardment (removed at the end of the game turn, 8.1). */
  readonly bombDisrupted: Uint8Array;
  /** Foot artillery destroyed and overrun: never to be reorganized (7.4). */
  readonly permanent: Uint8Array;
  /** 1 once a unit has been on the map (reinforcements enter later, 9). */
  readonly entered: Uint8Array;
  /** Cavalry that has charged this game turn (7.6: once a turn). */
  readonly charged: Uint8Array;
  /** The unit was in an enemy ZOC when the current player turn began (7.11). */
  readonly startedInZoc: Uint8Array;
  /** Hex where a unit was eliminated, -1 while it lives. */
  readonly lostAt: Int32Array;
  /** Left the map in a retreat (5.6: counts as eliminated). */
  readonly exited: Uint8Array;
  /** Full strength of each formation's eliminated units (14.1). */
  readonly formationLoss: Int32Array;
  readonly formationDemoralized: Uint8Array;
  /** Full strength of each side's eliminated units (13). */
  readonly armyLoss: Int32Array;
  readonly armyDemoralized: Uint8Array;
  /** Side holding each objective (18), -1 for nobody. */
  readonly holder: Int8Array;
  /** Current orders (index into ORDER_CODES) and objective hex of each formation (12.2). */
  readonly orders: Uint8Array;
  readonly objective: Int32Array;
  /** An order on its way (12.4): what, where, and the turn it takes effect (0: none). */
  readonly pendingOrders: Uint8Array;
  readonly pendingObjective: Int32Array;
  readonly pendingTurn: Int32Array;
  /** Steps of each formation at the last Command Phase (12.3: did a unit suffer a hit?). */
  readonly stepsAtCommand: Int32Array;
  /**
   * 1 while a unit is within command range (12.1), as traced at the start of the player turn; the
   * non-phasing side's is kept current for its cavalry only (reaction charges, 7.8, read no other).
   */
  readonly inCommand: Uint8Array;
  /** Leaders (formation leaders, then commanders): hex (-1 while dead), rating, turn of return. */
  readonly leaderPos: Int32Array;
  readonly leaderRating: Int8Array;
  readonly leaderBack: Int32Array;
  readonly planDone: Uint8Array;
  /**
   * 1 once an elimination or a retreat has left a leader alone in his hex (11: he dies on a 1), until
   * checkLeaders settles it; a leader whose units simply marched off is alone but not at risk.
   */
  readonly leaderLeftAlone: Uint8Array;
  /**
   * 15: the turn on which a leader reorganized units (-1 if never): for the rest of that turn he does not
   * count as present for anything else, so he gives his formation no command range (12.1).
   */
  readonly leaderAwayTurn: Int32Array;
  /** Per formation: least command-range cost to each hex from its commanders (12.1), null without a leader. */
  readonly commandField: (Float64Array | null)[];
  /** One reused buffer per formation for its command field, and the hexes where it is finite. */
  readonly commandBuffers: Float64Array[];
  readonly commandHeld: Reached[];
  /**
   * Per formation: its goal field (src/rules/aor/battle/ai.ts), created on first use, what it was
   * computed from (goals, enemy positions), and whether that is from this engagement.
   */
  readonly goalSearch: (LazyCostField | null)[];
  readonly goalKey: { goals: number[]; enemy: Int32Array }[];
  readonly goalValid: Uint8Array;
  /** Scratch of the movement segment: the field back to a leader (12.1). */
  readonly backSearch: LazyCostField;
  /** Turn a unit was eliminated (15: reorganized from the next night on). */
  readonly lostTurn: Int32Array;
  /** Scratch of src/rules/aor/battle/command.ts, per side: the masks of a command trace and a leader's move. */
  readonly traceEnter: [Uint8Array, Uint8Array];
  readonly traceLeave: [Uint8Array, Uint8Array];
  readonly leaderEnter: [Uint8Array, Uint8Array];
  /** Scratch: each leader's command range field this player turn, and whether it is computed yet. */
  readonly rangeFields: Float64Array[];
  readonly rangeReached: Reached[];
  readonly rangeReady: Uint8Array;
  /**
   * What each leader's range field was traced from (src/rules/aor/battle/command.ts): his hex (-1:
   * nothing yet), the trace masks' version, and the map blocks the trace read. Blocks are 4 x 4 hexes;
   * each side's trace masks stamp the blocks where they changed with their version.
   */
  readonly rangeFrom: Int32Array;
  /** Counts each leader's range field recomputations; per formation, the counts its union was built from. */
  readonly rangeGeneration: Int32Array;
  readonly unionFrom: Int32Array[];
  readonly unionValid: Uint8Array;
  readonly rangeVersion: Int32Array;
  readonly rangeBlocks: Int32Array[];
  readonly rangeBlockCount: Int32Array;
  readonly blockOf: Int32Array;
  readonly maskVersion: Int32Array;
  /**
   * Per side: the hexes whose units or zone of control changed since that side's trace masks were last
   * written (commandMasks), each once (`mark`), or `all` when every hex must be written again.
   */
  readonly maskDirty: [DirtyHexes, DirtyHexes];
  /** The same for the leave prices of the movement segment (leaveExtra), last written for `leaveSide`. */
  readonly leaveDirty: DirtyHexes;
  leaveSide: 0 | 1 = 0;
  readonly blockChanged: [Int32Array, Int32Array];
  /** Scratch: a leader's movement field, and the hexes it reached. */
  readonly leaderField: Float64Array;
  readonly leaderReached: Reached;
  /** Scratch of the movement segment: entry and leave masks per kind of mover (cavalry * 2 + zocEntry). */
  readonly moveMasks: { enter: Uint8Array; leave: Uint8Array }[];
  readonly moveMasksReady: Uint8Array;
  /**
   * Scratch of the movement segment, with the masks: the steps that draw passing fire (7.12) for the
   * moving side (1 at i * 6 + d), ready when passBarReady; and the price of leaving each hex (5.4),
   * kept current through leaveDirty.
   */
  readonly passBar: Uint8Array;
  passBarReady = 0;
  readonly leaveExtra: Float64Array;
  /** Scratch: a mark per hex, all 0 between uses. */
  readonly hexMark: Uint8Array;
  /** 1 on the victory objectives' hexes (18); fixed for the battle. */
  readonly objectiveHex: Uint8Array;
  /** Scratch of goalField: the hexes it may enter. */
  readonly goalOpen: Uint8Array;
  /** Scratch of supply tracing (17). */
  readonly supplyOk: Uint8Array;
  readonly supplyDist: Int32Array;
  readonly supplyQueue: Int32Array;
  /** 1 at the hexes applySupply asks about (all 0 between calls). */
  readonly supplyNeed: Uint8Array;
  /** Scratch of the movement segment: a unit's reach, the hexes it reached, and its search's step variations. */
  readonly reachField: Float64Array;
  readonly reached: Reached;
  readonly reachVary: StepVariations = { bar: null, leaveExtra: null, maxLeaveExtra: 0, emptySteps: null, occupancy: null };
  turn = 0;
  phasing: 0 | 1 = 0;
  /** The dice of the engagement being played (a random-legal doctrine draws from its side's AI stream). */
  dice: EngagementDice | null = null;

  constructor(c: Static) {
    this.c = c;
    const n = c.specs.length;
    const hexes = c.map.grid.size;
    this.st = new UnitState(c.specs);
    this.pos = new Int32Array(n);
    this.count = new Uint8Array(hexes);
    this.firstAt = new Int32Array(hexes).fill(-1);
    this.nextAt = new Int32Array(n).fill(-1);
    this.sideAt = new Int8Array(hexes);
    this.zoc = [new Uint8Array(hexes), new Uint8Array(hexes)];
    this.zocFrom = new Int32Array(n).fill(-1);
    this.enteredFrom = new Int32Array(n);
    this.movePath = new Array<readonly number[] | null>(n).fill(null);
    this.heldBack = new Int32Array(n);
    this.bombarded = new Uint8Array(n);
    this.segmentDisrupted = new Uint8Array(n);
    this.foughtInSegment = new Uint8Array(n);
    this.bombDisrupted = new Uint8Array(n);
    this.permanent = new Uint8Array(n);
    this.exited = new Uint8Array(n);
    this.lostAt = new Int32Array(n);
    this.charged = new Uint8Array(n);
    this.entered = new Uint8Array(n);
    this.startedInZoc = new Uint8Array(n);
    this.formationLoss = new Int32Array(c.formations.length);
    this.formationDemoralized = new Uint8Array(c.formations.length);
    this.armyLoss = new Int32Array(2);
    this.armyDemoralized = new Uint8Array(2);
    this.holder = new Int8Array(c.objectives.length);
    const nf = c.formations.length;
    this.orders = new Uint8Array(nf);
    this.objective = new Int32Array(nf);
    this.pendingOrders = new Uint8Array(nf);
    this.pendingObjective = new Int32Array(nf);
    this.pendingTurn = new Int32Array(nf);
    this.stepsAtCommand = new Int32Array(nf);
    this.inCommand = new Uint8Array(n);
    this.leaderPos = new Int32Array(c.leaders.length);
    this.leaderRating = new Int8Array(c.leaders.length);
    this.leaderBack = new Int32Array(c.leaders.length);
    this.planDone = new Uint8Array(c.plan.length);
    this.leaderLeftAlone = new Uint8Array(c.leaders.length);
    this.leaderAwayTurn = new Int32Array(c.leaders.length);
    this.commandField = new Array(nf).fill(null);
    this.commandBuffers = packedMap(c.formations, () => new Float64Array(hexes).fill(Infinity));
    this.commandHeld = packedMap(c.formations, () => newReached(c.map.grid));
    this.lostTurn = new Int32Array(n);
    this.goalSearch = new Array(nf).fill(null);
    this.goalKey = packedMap(c.formations, (f) => ({ goals: [], enemy: new Int32Array(c.sides[1 - f.side].units.length) }));
    this.goalValid = new Uint8Array(nf);
    this.backSearch = new LazyCostField(c.map.grid);
    const masks = (): [Uint8Array, Uint8Array] => [new Uint8Array(hexes), new Uint8Array(hexes)];
    this.traceEnter = masks();
    this.traceLeave = masks();
    this.leaderEnter = masks();
    this.rangeFields = packedMap(c.leaders, () => new Float64Array(hexes));
    this.rangeReached = packedMap(c.leaders, () => newReached(c.map.grid));
    this.rangeReady = new Uint8Array(c.leaders.length);
    const g = c.map.grid;
    const blockCols = Math.ceil(g.width / 4);
    const blocks = blockCols * Math.ceil(g.height / 4);
    this.blockOf = new Int32Array(hexes);
    for (let h = 0; h < hexes; h++) this.blockOf[h] = ((g.row(h) / 4) | 0) * blockCols + ((g.col(h) / 4) | 0);
    this.rangeFrom = new Int32Array(c.leaders.length).fill(-1);
    this.rangeGeneration = new Int32Array(c.leaders.length);
    this.unionFrom = packedMap(c.commandersOf, (l) => new Int32Array(l.length));
    this.unionValid = new Uint8Array(c.formations.length);
    this.rangeVersion = new Int32Array(c.leaders.length);
    this.rangeBlocks = packedMap(c.leaders, () => new Int32Array(blocks));
    this.rangeBlockCount = new Int32Array(c.leaders.length);
    this.maskVersion = new Int32Array(2);
    this.blockChanged = [new Int32Array(blocks), new Int32Array(blocks)];
    const dirty = (): DirtyHexes => ({ all: true, count: 0, hexes: new Int32Array(hexes), mark: new Uint8Array(hexes) });
    this.maskDirty = [dirty(), dirty()];
    this.leaveDirty = dirty();
    this.leaderField = new Float64Array(hexes);
    this.leaderReached = newReached(c.map.grid);
    this.reachField = new Float64Array(hexes);
    this.moveMasks = packedMap([0, 1, 2, 3], () => ({ enter: new Uint8Array(hexes), leave: new Uint8Array(hexes) }));
    this.moveMasksReady = new Uint8Array(4);
    this.passBar = new Uint8Array(hexes * 6);
    this.leaveExtra = new Float64Array(hexes);
    this.goalOpen = new Uint8Array(hexes);
    this.hexMark = new Uint8Array(hexes);
    this.objectiveHex = new Uint8Array(hexes);
    for (const o of c.objectives) this.objectiveHex[o.hex] = 1;
    this.supplyOk = new Uint8Array(hexes);
    this.supplyDist = new Int32Array(hexes);
    this.supplyQueue = new Int32Array(hexes);
    this.supplyNeed = new Uint8Array(hexes);
    this.reached = newReached(c.map.grid);
    this.reset();
  }

  reset(): void {
    const c = this.c;
    this.st.reset();
    this.count.fill(0);
    this.firstAt.fill(-1);
    this.nextAt.fill(-1);
    this.sideAt.fill(-1);
    this.enteredFrom.fill(-1);
    this.movePath.fill(null);
    this.heldBack.fill(-1);
    this.bombarded.fill(0);
    this.bombDisrupted.fill(0);
    this.permanent.fill(0);
    this.exited.fill(0);
    this.lostAt.fill(-1);
    this.charged.fill(0);
    this.startedInZoc.fill(0);
    this.formationLoss.fill(0);
    this.formationDemoralized.fill(0);
    this.armyLoss.fill(0);
    this.armyDemoralized.fill(0);
    this.st.demoralized.fill(0);
    for (let u = 0; u < c.specs.length; u++) {
      this.pos[u] = -1;
      this.entered[u] = c.arrives[u] <= 1 ? 1 : 0;
      if (this.entered[u]) this.place(u, c.startHex[u]); // later arrivals enter in their turn (9)

    }
    c.formations.forEach((f, i) => {
      this.objective[i] = f.objective;
      this.setOrders(i, f.orders, f.objective);
    });
    this.pendingTurn.fill(0);
    this.pendingOrders.fill(0);
    this.pendingObjective.fill(-1);
    this.stepsAtCommand.fill(0);
    this.inCommand.fill(1);
    this.lostTurn.fill(0);
    this.goalValid.fill(0);
    this.rangeFrom.fill(-1); // fields of the last engagement do not carry over
    this.unionValid.fill(0);
    for (const side of [0, 1] as const) {
      this.clearDirty(this.maskDirty[side]);
      this.maskDirty[side].all = true;
    }
    this.clearDirty(this.leaveDirty);
    this.leaveDirty.all = true;
    this.commandField.fill(null);
    c.leaders.forEach((l, i) => {
      this.leaderPos[i] = l.startHex;
      this.leaderLeftAlone[i] = 0;
      this.leaderAwayTurn[i] = -1;
      this.leaderRating[i] = l.rating;
      this.leaderBack[i] = 0;
    });
    this.planDone.fill(0);
    c.objectives.forEach((o, i) => {
      this.holder[i] = o.holder >= 0 ? o.holder : this.sideAt[o.hex];
    });
    this.zoc[0].fill(0);
    this.zoc[1].fill(0);
    this.zocFrom.fill(-1);
    this.computeZoc();
    this.turn = 0;
    this.phasing = c.first;
  }

  ordersOf(f: number): Orders {
    return ORDER_CODES[this.orders[f]];
  }

  unitOrders(u: number): Orders {
    return ORDER_CODES[this.orders[this.c.formationOf[u]]];
  }

  /** Give a formation new orders (12.3): March and Reserve cost its units 1 morale (12.2). */
  setOrders(f: number, orders: Orders, objective: number): void {
    this.orders[f] = ORDER_CODES.indexOf(orders);
    if (objective >= 0) this.objective[f] = objective;
    const penalty = orders === 'march' || orders === 'reserve' ? 1 : 0;
    for (const u of this.c.formations[f].units) this.st.ordersPenalty[u] = penalty;
  }

  spec(u: number): UnitSpec {
    return this.c.specs[u];
  }

  place(u: number, hex: number): void {
    this.pos[u] = hex;
    if (hex < 0) return;
    this.markDirty(hex);
    this.count[hex]++;
    this.sideAt[hex] = this.c.specs[u].side;
    // Into the hex's list, in unit order.
    let prev = -1;
    let cur = this.firstAt[hex];
    while (cur >= 0 && cur < u) {
      prev = cur;
      cur = this.nextAt[cur];
    }
    this.nextAt[u] = cur;
    if (prev < 0) this.firstAt[hex] = u;
    else this.nextAt[prev] = u;
  }

  remove(u: number): void {
    const hex = this.pos[u];
    if (hex < 0) return;
    this.pos[u] = -1;
    this.markDirty(hex);
    if (--this.count[hex] === 0) this.sideAt[hex] = -1;
    let prev = -1;
    let cur = this.firstAt[hex];
    while (cur !== u) {
      prev = cur;
      cur = this.nextAt[cur];
    }
    if (prev < 0) this.firstAt[hex] = this.nextAt[u];
    else this.nextAt[prev] = this.nextAt[u];
    this.nextAt[u] = -1;
  }

  /** 11: the leaders of `side` in `hex`, if no unit of theirs is left there, were left alone by a loss. */
  markLeadersLeftAlone(hex: number, side: SideIndex): void {
    if (hex < 0 || this.sideAt[hex] === side) return;
    this.c.leaders.forEach((l, i) => {
      if (l.side === side && this.leaderPos[i] === hex) this.leaderLeftAlone[i] = 1;
    });
  }

  moveTo(u: number, hex: number): void {
    this.remove(u);
    this.place(u, hex);
  }

  /** Units in a hex, written into `out`; returns how many. */
  unitsAt(hex: number, out: Int32Array): number {
    let n = 0;
    for (let u = this.firstAt[hex]; u >= 0; u = this.nextAt[u]) out[n++] = u;
    return n;
  }

  /** Units in a hex as a fresh array, in unit order (outside hot loops: walk firstAt/nextAt there). */
  stackAt(hex: number): number[] {
    const out: number[] = [];
    for (let u = this.firstAt[hex]; u >= 0; u = this.nextAt[u]) out.push(u);
    return out;
  }

  /**
   * 5.4: every combat unit projects a zone of control into its six neighbours, except across a river
   * hexside without a bridge and across the hexsides of a chateau hex.
   */
  computeZoc(): void {
    // Only units that moved since the last time change the counts: their old projection is taken
    // away and the new one added, which gives the counts a full recount would.
    for (let u = 0; u < this.pos.length; u++) {
      const h = this.pos[u];
      const was = this.zocFrom[u];
      if (h === was) continue;
      if (was >= 0) this.project(u, was, -1);
      if (h >= 0) this.project(u, h, 1);
      this.zocFrom[u] = h;
    }
  }

  /** Add (or with -1 take away) unit u's zone of control from hex h (5.4). */
  private project(u: number, h: number, by: 1 | -1): void {
    const m: BattleMap = this.c.map;
    const g = m.grid;
    const z = this.zoc[this.c.specs[u].side];
    const fromChateau = m.terrain[h] === CHATEAU;
    if (fromChateau) return;
    for (let d = 0; d < 6; d++) {
      const n = g.neighbors[h * 6 + d];
      if (n < 0) continue;
      const f = m.sides[g.hexsideId(h, d)];
      if (f & RIVER && !(f & BRIDGE)) continue;
      if (m.terrain[n] === CHATEAU) continue;
      z[n] += by;
      this.markDirty(n);
    }
  }

  /** Hex h's units or zone of control changed: both sides' trace masks and the leave prices must look at it again. */
  markDirty(h: number): void {
    markHex(this.maskDirty[0], h);
    markHex(this.maskDirty[1], h);
    markHex(this.leaveDirty, h);
  }

  /** Nothing to look at again in `d`: its hexes have been seen to. */
  clearDirty(d: DirtyHexes): void {
    for (let k = 0; k < d.count; k++) d.mark[d.hexes[k]] = 0;
    d.count = 0;
    d.all = false;
  }

  /** Whether a unit of `side` standing in `hex` is in an enemy zone of control (forts are immune, 10.1). */
  inEnemyZoc(side: 0 | 1, hex: number): boolean {
    return this.zoc[1 - side][hex] > 0 && this.c.map.terrain[hex] !== FORT;
  }

  /** A reinforcement that has not entered the map yet (9). */
  pending(u: number): boolean {
    return this.entered[u] === 0;
  }

  /** Strength of a side's units on the map. */
  strengthOnMap(side: 0 | 1): number {
    let s = 0;
    for (const u of this.c.sides[side].units) if (this.pos[u] >= 0) s += this.st.strength(u);
    return s;
  }
}
