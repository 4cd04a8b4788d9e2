/**
 * The events a Burt engagement emits: the common kinds of src/core/events.ts where they fit, and kinds
 * of its own for what only these rules have (order chits, initiative, assault declarations and
 * reactions, formation changes, push-backs, pursuits, the army morale counter). Places are inches
 * along the lane: the x of a unit's front edge (the defender's front line at 0, the attacker beyond).
 */
import type { CoreEvent, EventSink } from '../../core/events.js';
import type { SideIndex } from '../../core/result.js';
import type { MoralePurpose } from './morale.js';

type Core<T extends CoreEvent['type']> = Extract<CoreEvent, { type: T }>;

/** The twelve steps of 3, by the names the story uses. */
export const STEP_NAMES = [
  'orders',
  'initiative',
  'compulsory moves',
  'assault declarations',
  'manoeuvres',
  'reserve moves',
  'command elements',
  'regroup',
  'firing',
  'assault reactions',
  'melee',
  'morale tests',
] as const;
export type BurtStep = (typeof STEP_NAMES)[number];

/** 9: where a charge ended (the charge event). */
export type ChargeEnd = 'home' | 'blocked' | 'meets' | 'short' | 'routed';

export type BurtEvent =
  | Core<'turn'>
  | (Core<'phase'> & { phase: BurtStep })
  /** 6: a fire: dice thrown (`roll`: plain and penalised dice), the score to hit and save, hits and figures removed. */
  | (Core<'fire'> & { band: string; dice: number; hitOn: number; saveOn: number; removed: number; reaction: boolean; ammunition?: string })
  | Core<'hit'>
  | (Core<'check'> & { purpose: MoralePurpose })
  | (Core<'move'> & { why: string })
  /**
   * 9: a charge (an assault going in, a countercharge): where it ended: touching its target (`home`),
   * against another unit in its path (`blocked`, `by` that unit, friend or enemy), met half way by the
   * target's own charge still to come (`meets`), its reach spent short of the target (`short`), or the
   * charger routed before it got there (`routed`, 7);
   * `gap` is what was left to the target (0 home).
   */
  | (Core<'charge'> & { ended: ChargeEnd; by: string | null; gap: number })
  /** 9: a round of melee; `casualties` are the figures each side removed (side 0's units first). */
  | Core<'melee'>
  | Core<'cohesion'>
  | (Core<'retreat'> & { why: 'rout' | 'pushBack' | 'shaken' | 'evade' | 'ordered' })
  | Core<'rout'>
  | (Core<'removed'> & { why: 'destroyed' | 'offLane' })
  /** 10: the army's morale reached 0 (formation null). */
  | Core<'broken'>
  | Core<'end'>
  /** 3.2: each side's die and the side that acts first in every step. */
  | { type: 'initiative'; rolls: [number, number]; winner: SideIndex; first: SideIndex }
  /** 4: a unit's order chit, placed by choice (`forced` null) or changed by 11. */
  | { type: 'orders'; side: SideIndex; unit: string; from: string; to: string; forced: string | null }
  /** 2, 4: the units the brigade's command element touches next turn. */
  | { type: 'command'; side: SideIndex; brigade: string; units: string[] }
  /** 12: a formation change and the quarter moves it cost. */
  | { type: 'formation'; side: SideIndex; unit: string; from: string; to: string; quarters: number }
  /** 4, 5: a battery limbers (true) or unlimbers (false), half a move. */
  | { type: 'limber'; side: SideIndex; unit: string; limbered: boolean }
  /** 12 (burt.turnAboutCost): a unit facing away turns about to face the enemy, and the quarter moves it cost. */
  | { type: 'face'; side: SideIndex; unit: string; quarters: number }
  /** 5, 9: an assault declared in step 4: the gap when declared and after the half-way move. */
  | { type: 'assault'; side: SideIndex; unit: string; target: string; gap: number; after: number }
  /** 9: an assaulted unit's reaction. */
  | { type: 'reaction'; side: SideIndex; unit: string; reaction: string; against: string }
  /** 9.r3: an evade, the dice and the distance. */
  | { type: 'evade'; side: SideIndex; unit: string; dice: [number, number]; distance: number }
  /** 5: a reserve committed to support an assaulted friend. */
  | { type: 'support'; side: SideIndex; unit: string; supports: string }
  | { type: 'pushBack'; side: SideIndex; unit: string; distance: number; followedBy: string | null }
  | { type: 'pursuit'; side: SideIndex; unit: string; target: string }
  | { type: 'rally'; side: SideIndex; unit: string }
  | { type: 'regroup'; side: SideIndex; unit: string; from: string; to: string }
  /** 10: the army's morale counter after a drop. */
  | { type: 'armyMorale'; side: SideIndex; value: number; why: string }
  /** 12: two bodies passed through each other. */
  | { type: 'interpenetrate'; side: SideIndex; unit: string; through: string; levels: boolean }
  /** 6: guns of a battery put out of action. */
  | { type: 'gunsLost'; side: SideIndex; unit: string; lost: number; left: number; how: 'silenced' | 'destroyed' }
  /** A winner takes the ground the broken enemy held (rulings, "Assault and melee" 4). */
  | { type: 'takeGround'; side: SideIndex; unit: string; to: number }
  /** The attacker's doctrine gives up the attack (rulings, "Mapping": repulsed). */
  | { type: 'giveUp'; side: SideIndex }
  /** Where every unit stands after a step (traces draw the lane from it), in compiled order. */
  | { type: 'positions'; turn: number; step: number; units: UnitSnapshot[] };

/** A unit at the end of a step: its footprint on the lane and its state. */
export interface UnitSnapshot {
  front: number;
  facing: 1 | -1;
  frontage: number;
  depth: number;
  offset: number;
  figures: number;
  guns: number;
  level: string;
  formation: string;
  order: string;
  present: boolean;
}

export type BurtSink = EventSink<BurtEvent>;
