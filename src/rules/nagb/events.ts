/**
 * The events a NAGB engagement emits: the common kinds of src/core/events.ts where they fit (turn,
 * phase, fire, hit, check, move, charge, melee, cohesion, retreat, rout, removed, broken, end) with
 * NAGB's details added, and kinds of its own for what only these rules have: pips, the initiative,
 * orders, formation changes, the body of a unit on the lane (for pictures), brigade morale, village
 * sectors, commanders unhorsed, the game-length roll. Places are x positions on the lane, in inches.
 */
import type { CoreEvent, EventSink } from '../../core/events.js';
import type { SideIndex } from '../../core/result.js';
import type { Gun } from './tables.js';
import type { NagbPurpose } from './vocabulary.js';

type Core<T extends CoreEvent['type']> = Extract<CoreEvent, { type: T }>;

/** One gun of a battery's fire (p19-21): its type, what it fired, its dice (canister shots, or 1) and the score it needed to hit. */
export interface GunFire {
  gun: Gun;
  ammo: 'canister' | 'ball' | 'shell';
  dice: number;
  need: number;
}

/** Phases of the turn (p2). `side` of a phase event is the side acting, null for both. */
export type NagbPhase = 'command' | 'rally' | 'initiative' | 'movement' | 'fire' | 'closeCombat' | 'cavalry' | 'reserve' | 'end';

/** Cohesion words: the unit's morale state and what sits on it. */
export type NagbCohesion = 'good' | 'jubilant' | 'disordered' | 'shaken' | 'blown' | 'silenced' | 'broken';

export type NagbEvent =
  | Core<'turn'>
  | (Core<'phase'> & { phase: NagbPhase; step?: number })
  /** Pips rolled in the command phase by a brigade commander, a CinC or a battery (p2, p5, p19). */
  | { type: 'pips'; side: SideIndex; who: string; roll: number; pips: number; kind: 'brigade' | 'cinc' | 'battery' }
  /** The CinC hands pips to a brigade commander (p2). */
  | { type: 'cincPips'; side: SideIndex; brigade: string; pips: number }
  | { type: 'initiative'; rolls: [number, number]; totals: [number, number]; winner: SideIndex; sideA: SideIndex }
  /** A pip (or several) spent. */
  | { type: 'order'; side: SideIndex; brigade: string; unit: string; order: string; pips: number; left: number }
  /** A commander rode to (x, y). */
  | { type: 'commander'; side: SideIndex; brigade: string; x: number; y: number }
  /**
   * Fire at a target (p10, p20-21): the dice, the score needed, the hits and the casualties. A battery's
   * (p19-21) tells each manned gun that fired in `guns`, in the battery's order, with the score it
   * needed (its own range band and ammunition), and the least of them in `need`.
   */
  | (Core<'fire'> & { kind: 'musket' | 'volley' | 'ball' | 'canister' | 'shell' | 'standAndShoot'; distance: number; dice: number; need: number; kills: number; guns?: GunFire[] })
  | Core<'hit'>
  | (Core<'check'> & { purpose: NagbPurpose; rerolled: boolean; influence: boolean })
  | Core<'move'>
  /** The body of a unit on the lane after a change: where it stands and how it is formed. */
  | { type: 'body'; unit: string; front: number; offset: number; frontage: number; depth: number; facing: 1 | -1; formation: string }
  | { type: 'formation'; side: SideIndex; unit: string; from: string; to: string }
  /** A charge declared (p12): its target, the distance, and the reaction the target declares (p12-13). */
  | { type: 'declare'; side: SideIndex; unit: string; target: string; distance: number; reaction: string; aggressive: boolean }
  /** A charge from declaration to its end (p12-13, p17-18): the tests taken in it are told after it. */
  | (Core<'charge'> & {
      distance: number;
      reaction: string;
      tested: boolean;
      move: number;
      ending: string;
      targetAfter: string;
      /** Where the target's fire landed (inches; 0: point blank at contact, p12); -1 when it did not fire or fired high. */
      fireDistance: number;
      casualties: number;
      volley: boolean;
      firedHigh: boolean;
      flight: number;
    })
  /**
   * A round of hand to hand (p14-16). `sides` and `casualties` are by side (0 first); `attacker` (side a,
   * the chargers) and `defender` (b) name the units that `dice`, `need`, `scores`, `order` and `ending`
   * are given for, a first.
   */
  | (Core<'melee'> & {
      attacker: string;
      defender: string;
      dice: [number, number];
      need: [number, number];
      scores: [number, number];
      order: string;
      ending: string;
      /** Cavalry against cavalry, drawn or neither broken: both break through (p23, nagb.cavalryBreakThrough) instead of falling back. */
      breakThrough: boolean;
    })
  | (Core<'cohesion'> & { from: NagbCohesion; to: NagbCohesion })
  | (Core<'retreat'> & { distance: number; why: string })
  | (Core<'rout'> & { distance: number })
  | (Core<'removed'> & { why: string })
  | Core<'broken'>
  /** A brigade reached 50% (faltering) or 60% (broken) losses (p29). */
  | { type: 'brigade'; side: SideIndex; brigade: string; status: 'faltering' | 'broken'; losses: number }
  | { type: 'sector'; side: SideIndex; unit: string; sector: string; entered: boolean }
  /** A village sector brought down by artillery (p31, nagb.buildingDamage). */
  | { type: 'collapse'; sector: string }
  | { type: 'unhorsed'; side: SideIndex; brigade: string }
  /**
   * Cavalry breaking through the enemy cavalry it fought (p23): its 2d6 and how far its front went
   * straight ahead (the ride is told by the move that follows).
   */
  | { type: 'breakThrough'; side: SideIndex; unit: string; through: string; roll: number; distance: number }
  /** A fugitive caught (p13, p16): colours taken and the casualties of the free hack. */
  | { type: 'caught'; side: SideIndex; unit: string; by: string; kills: number }
  | { type: 'gameLength'; turn: number; roll: number; more: boolean }
  | { type: 'recovery'; side: SideIndex; unit: string; tally: number; recovered: boolean }
  | Core<'end'>;

export type NagbSink = EventSink<NagbEvent>;
