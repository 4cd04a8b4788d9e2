/**
 * The context of one engagement being played: the compiled cell, its state, the result being
 * filled, the dice, the optional event sink, and the per-engagement facts the outcome checks read
 * (rulings 5). One context per compiled cell, reset for every engagement (no allocation per roll).
 */
import type { EngagementDice } from '../../core/dice.js';
import type { EngagementResult } from '../../core/result.js';
import type { TerrainCost } from '../../table/index.js';
import type { BayonetSituation, CombatUnit, UnitOutcome } from './bayonet.js';
import { newUnitOutcome } from './bayonet.js';
import type { CompiledLane } from './compile.js';
import type { AoeSink } from './events.js';
import { terrainCosts } from './geometry.js';
import type { MarchSituation } from './march.js';
import type { MoveRow } from './movement.js';
import type { LaneState } from './state.js';

/** Order kinds (p1 March phase b1); O_PROLONGE is an unlimbered battery's 1" shift (p1 movement notes, aoe.prolonge). */
export const O_HOLD = 0, O_ADVANCE = 1, O_WITHDRAW = 2, O_CHARGE = 3, O_PROLONGE = 4;
export const ORDER_KEYS = ['hold', 'advance', 'withdraw', 'charge', 'prolonge'] as const;

/** The order a unit is given in the March phase: what it wants, before the March Table says what it may. */
export interface Order {
  kind: number;
  /** The formation it wants to change to (FORMATIONS index), or -1. */
  formation: number;
  /** Battery: 1 limber, 2 unlimber, 0 neither. */
  limber: number;
  /** Inches it wants to move at most (advance or withdraw); a prolonge's inches, negative going back. */
  distance: number;
  /** x its front should stop at when advancing (NaN: as far as it may). */
  stopAt: number;
  /** Charge target and face (0 front, 1 flank). */
  target: number;
  face: number;
  /** It wants to enter a vacant village block ahead of it (p1 Built-up Areas). */
  enterBlock: boolean;
  /** A disordered unit rolls to rally even if it stays (p1: units that rally roll). */
  rally: boolean;
}

export function newOrder(): Order {
  return { kind: O_HOLD, formation: -1, limber: 0, distance: 0, stopAt: NaN, target: -1, face: 0, enterBlock: false, rally: false };
}

export function clearOrder(o: Order): Order {
  o.kind = O_HOLD;
  o.formation = -1;
  o.limber = 0;
  o.distance = 0;
  o.stopAt = NaN;
  o.target = -1;
  o.face = 0;
  o.enterBlock = false;
  o.rally = false;
  return o;
}

export function newCombatUnit(): CombatUnit {
  return { arm: 'infantry', stands: 0, formation: 'line', troops: 'regular', hits: 0, freshHits: 0, disordered: false, cover: 0, lancers: false, heavy: false, armoured: false, countercharging: false, attached: false, leader: 0 };
}

export interface Play {
  readonly c: CompiledLane;
  readonly st: LaneState;
  res: EngagementResult;
  dice: EngagementDice;
  sink: AoeSink | undefined;
  turn: number;
  /** Army cohesion level of each side (aoe.cohesion) and troop units removed. */
  readonly level: Int32Array;
  readonly troopsRemoved: Int32Array;
  /** A charge has reached contact or been checked (rulings 5: repulsed). */
  chargeMet: boolean;
  /** A defending unit has retreated or been removed (rulings 5: carried). */
  defenderLeft: boolean;
  /** The engagement has ended. */
  over: boolean;
  /** Terrain costs by movement row. */
  readonly costs: Readonly<Record<MoveRow, TerrainCost>>;
  // Scratch objects, reused.
  readonly order: Order;
  readonly march: MarchSituation;
  readonly combat: { att: CombatUnit[]; def: CombatUnit[]; attIdx: number[]; defIdx: number[]; pool: CombatUnit[]; sit: BayonetSituation; out: UnitOutcome };
  /** Batteries already firing at each unit this fire phase (p3: at most two). */
  readonly batteriesOn: Uint8Array;
  /** Combined fire (aoe.combineFire combined): points, cannonade and skirmish per target. */
  readonly combinedPoints: Float64Array;
  readonly combinedCannonade: Uint8Array;
  readonly combinedSkirmish: Uint8Array;
  readonly combinedFirers: Int32Array;
  /** The target each unit fired at in combined fire. */
  readonly firedAt: Int16Array;
  /** Units whose current charge has been counted home (chargesHome). */
  readonly homeCounted: Uint8Array;
  /** Units that have defended in a combat this Bayonet & Sabre phase, the loop's or a breakthrough's (a unit and its attached battery fight once, as one). */
  readonly defended: Uint8Array;
  /** Breakthrough combats fought this phase (a cap against endless chains). */
  chain: number;
  /** Combats begun this phase, and the one each unit last attacked in (0: none this phase; aoe.breakthroughCombat). */
  combatSeq: number;
  readonly attackedIn: Int32Array;
  /** Scratch list of candidates. */
  readonly scratch: number[];
  /** Fire targets of one firer and their distances (firePhase.ts). */
  readonly targets: Int16Array;
  readonly targetDist: Float64Array;
  readonly targetPoints: Float64Array;
}

export function newPlay(c: CompiledLane): Play {
  const n = c.specs.length;
  const pool: CombatUnit[] = [];
  for (let i = 0; i < n; i++) pool.push(newCombatUnit());
  return {
    c,
    st: c.state,
    res: undefined as unknown as EngagementResult,
    dice: undefined as unknown as EngagementDice,
    sink: undefined,
    turn: 0,
    level: new Int32Array(2),
    troopsRemoved: new Int32Array(2),
    chargeMet: false,
    defenderLeft: false,
    over: false,
    costs: terrainCosts(c.options),
    order: newOrder(),
    march: {
      arm: 'infantry',
      disordered: false,
      formation: 'line',
      troops: 'regular',
      hits: 0,
      attachedLeader: 0,
      detachedLeaders: 0,
      detachedCharismatic: 0,
      marchMode: null,
      moving: false,
      movingFormation: 'line',
      secureFlanks: false,
      charging: false,
      chargeAtBua: false,
      cohesionLevel: 0,
    },
    combat: { att: [], def: [], attIdx: [], defIdx: [], pool, sit: { breakthrough: false, defenderOutflanked: false }, out: newUnitOutcome() },
    batteriesOn: new Uint8Array(n),
    combinedPoints: new Float64Array(n),
    combinedCannonade: new Uint8Array(n),
    combinedSkirmish: new Uint8Array(n),
    combinedFirers: new Int32Array(n),
    firedAt: new Int16Array(n),
    homeCounted: new Uint8Array(n),
    defended: new Uint8Array(n),
    chain: 0,
    combatSeq: 0,
    attackedIn: new Int32Array(n),
    scratch: [],
    targets: new Int16Array(n),
    targetDist: new Float64Array(n),
    targetPoints: new Float64Array(n),
  };
}
