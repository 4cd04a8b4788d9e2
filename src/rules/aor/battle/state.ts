/**
 * The state of one battle: where every unit is, what each hex holds, which hexes are in whose zone of
 * control, and the running tallies that demoralization (13, 14) and victory (18) read. One object per
 * compiled cell, reset between engagements.
 */
import { BRIDGE, RIVER, type BattleMap } from '../map.js';
import { UnitState, type UnitSpec } from '../units.js';
import type { EngagementDice } from '../../../core/dice.js';
import type { CompiledBattle } from './compile.js';
import { ORDER_CODES, type Orders } from './orders.js';

type Static = Omit<CompiledBattle, 'workspace'>;

const CHATEAU = 2, FORT = 5; // indexes in HEX_TERRAIN

export class BattleState {
  readonly c: Static;
  readonly st: UnitState;
  /** Hex of each unit, -1 once off the map. */
  readonly pos: Int32Array;
  /** Units in each hex. */
  readonly count: Uint8Array;
  /** Side holding each hex, -1 if empty. */
  readonly sideAt: Int8Array;
  /** zoc[s][h]: how many units of side s project a zone of control into h (5.4). */
  readonly zoc: [Uint8Array, Uint8Array];
  /** Hex a unit left on its last step this turn, -1 if it has not moved (7.3 defender fires first). */
  readonly enteredFrom: Int32Array;
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
  /** 1 while a unit is within command range (12.1). */
  readonly inCommand: Uint8Array;
  /** Leaders (formation leaders, then commanders): hex (-1 while dead), rating, turn of return. */
  readonly leaderPos: Int32Array;
  readonly leaderRating: Int8Array;
  readonly leaderBack: Int32Array;
  readonly planDone: Uint8Array;
  /** 1 while a leader shares his hex with a friendly unit (11: only then can he be left alone). */
  readonly leaderAccompanied: Uint8Array;
  /** Per formation: least command-range cost to each hex from its commanders (12.1), null without a leader. */
  readonly commandField: (Float64Array | null)[];
  /** One reused buffer per formation for its command field. */
  readonly commandBuffers: Float64Array[];
  /** Per formation: its last goal field and what it was computed from (src/rules/aor/battle/ai.ts). */
  readonly goalCache: ({ goals: number[]; enemy: Int32Array; field: Float64Array } | null)[];
  /** Turn a unit was eliminated (15: reorganized from the next night on). */
  readonly lostTurn: Int32Array;
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
    this.sideAt = new Int8Array(hexes);
    this.zoc = [new Uint8Array(hexes), new Uint8Array(hexes)];
    this.enteredFrom = new Int32Array(n);
    this.bombarded = new Uint8Array(n);
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
    this.leaderAccompanied = new Uint8Array(c.leaders.length);
    this.commandField = new Array(nf).fill(null);
    this.commandBuffers = c.formations.map(() => new Float64Array(hexes));
    this.lostTurn = new Int32Array(n);
    this.goalCache = new Array(nf).fill(null);
    this.reset();
  }

  reset(): void {
    const c = this.c;
    this.st.reset();
    this.count.fill(0);
    this.sideAt.fill(-1);
    this.enteredFrom.fill(-1);
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
    this.goalCache.fill(null);
    this.commandField.fill(null);
    c.leaders.forEach((l, i) => {
      this.leaderPos[i] = l.startHex;
      this.leaderAccompanied[i] = this.sideAt[l.startHex] === l.side ? 1 : 0;
      this.leaderRating[i] = l.rating;
      this.leaderBack[i] = 0;
    });
    this.planDone.fill(0);
    c.objectives.forEach((o, i) => {
      this.holder[i] = o.holder >= 0 ? o.holder : this.sideAt[o.hex];
    });
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
    this.count[hex]++;
    this.sideAt[hex] = this.c.specs[u].side;
  }

  remove(u: number): void {
    const hex = this.pos[u];
    if (hex < 0) return;
    this.pos[u] = -1;
    if (--this.count[hex] === 0) this.sideAt[hex] = -1;
  }

  moveTo(u: number, hex: number): void {
    this.remove(u);
    this.place(u, hex);
  }

  /** Units in a hex, written into `out`; returns how many. */
  unitsAt(hex: number, out: Int32Array): number {
    let n = 0;
    if (this.count[hex] === 0) return 0;
    for (let u = 0; u < this.pos.length; u++) if (this.pos[u] === hex) out[n++] = u;
    return n;
  }

  /** Units in a hex as a fresh array (outside hot loops). */
  stackAt(hex: number): number[] {
    const out: number[] = [];
    if (this.count[hex] === 0) return out;
    for (let u = 0; u < this.pos.length; u++) if (this.pos[u] === hex) out.push(u);
    return out;
  }

  /**
   * 5.4: every combat unit projects a zone of control into its six neighbours, except across a river
   * hexside without a bridge and across the hexsides of a chateau hex.
   */
  computeZoc(): void {
    const m: BattleMap = this.c.map;
    const g = m.grid;
    this.zoc[0].fill(0);
    this.zoc[1].fill(0);
    for (let u = 0; u < this.pos.length; u++) {
      const h = this.pos[u];
      if (h < 0) continue;
      const z = this.zoc[this.c.specs[u].side];
      const fromChateau = m.terrain[h] === CHATEAU;
      for (let d = 0; d < 6; d++) {
        const n = g.neighbors[h * 6 + d];
        if (n < 0) continue;
        const f = m.sides[g.hexsideId(h, d)];
        if (f & RIVER && !(f & BRIDGE)) continue;
        if (fromChateau || m.terrain[n] === CHATEAU) continue;
        z[n]++;
      }
    }
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
