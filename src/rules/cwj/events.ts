/**
 * The events a CWJ engagement on the lane emits (src/core/events.ts): the common kinds where they fit
 * (turn, phase, fire, check, move, charge, melee, cohesion, retreat, rout, removed, broken, end) and
 * kinds of its own for what only these rules have (a player turn, formation changes and squares, morale
 * passes, control results, generals, chips, withdrawals, and a picture of the lane after every phase).
 * Places are positions along the lane in cm (a unit's front edge). Nothing is built without a sink.
 */
import type { CoreEvent, EventSink } from '../../core/events.js';
import type { SideIndex } from '../../core/result.js';

type Core<T extends CoreEvent['type']> = Extract<CoreEvent, { type: T }>;

/** The phases of a player turn ([SoP] l.4-15; rulings section 2). */
export const CWJ_PHASES = ['rally', 'movement', 'defensiveFire', 'charge', 'advancingFire', 'melee'] as const;
export type CwjPhase = (typeof CWJ_PHASES)[number];

/** A unit on the lane as the trace draws it. */
export interface LaneUnit {
  id: string;
  front: number;
  facing: 1 | -1;
  frontage: number;
  depth: number;
  offset: number;
  formation: string;
  cohesion: string;
  alive: boolean;
  /** A divisional general attached. */
  general: string | null;
  /** In a standing melee. */
  engaged: boolean;
}

export type CwjEvent =
  | Core<'turn'>
  | (Core<'phase'> & { side: SideIndex; phase: CwjPhase })
  /** A player turn begins: the phasing side. */
  | { type: 'playerTurn'; turn: number; side: SideIndex }
  /** One roll on the Firing Table: the firer(s), the target, 2d6, the whole modifier and its parts, the table's and the final result. */
  | (Core<'fire'> & { modifier: number; table: string; result: string; range: number; general: 'none' | 'lowered' | 'held' })
  /** A Rally Table roll: contact, withdrawal, rough or rally; `target` is 9 (a pass), `result` the table's word. */
  | (Core<'check'> & { purpose: 'contact' | 'withdrawal' | 'rough' | 'rally'; modifier: number; result: string; /** A retreat taken where it stands, in its melee (cwj.meleeContactCheck stays). */ staysInMelee?: true })
  | Core<'move'>
  | (Core<'charge'> & { inMovement: boolean })
  /** A melee: the units of each side, units lost, the words of the result, the totals and dice. */
  | (Core<'melee'> & { totals: [number, number]; dice: [number, number]; loser: -1 | 0 | 1; standing: boolean })
  | (Core<'cohesion'> & { from: 'good' | 'disordered' | 'unformed'; to: 'good' | 'disordered' | 'unformed' })
  | (Core<'retreat'> & { from: number; to: number; cm: number; why: 'fire' | 'melee' | 'rally' | 'contact' | 'withdrawal' | 'control' })
  | Core<'rout'>
  | (Core<'removed'> & { why: 'eliminated' | 'routed' | 'surrendered' | 'offTable' | 'controlRemoved' })
  | Core<'broken'>
  | Core<'end'>
  /** A formation change (into square among them). */
  | { type: 'formation'; side: SideIndex; unit: string; from: string; to: string }
  /** A corps commander spent a morale pass on a unit. */
  | { type: 'pass'; side: SideIndex; corps: string; unit: string; left: number }
  /** A Cavalry Control Table roll of winning cavalry. */
  | { type: 'control'; side: SideIndex; unit: string; roll: number; modifier: number; result: string }
  /** A divisional general joined a unit, or died ([Gen] l.290). */
  | { type: 'general'; side: SideIndex; general: string; unit: string | null; what: 'joins' | 'dies' | 'lost' }
  /** Chips out of a corps dish into the army dish ([Win] l.293-306). */
  | { type: 'chips'; side: SideIndex; corps: string; lost: number; corpsLeft: number; dish: number; morale: number; why: string }
  /** Where the corps commanders stand (they move freely). */
  | { type: 'commander'; side: SideIndex; corps: string; x: number; y: number }
  /** The lane after a phase: every unit's footprint, formation and state, for the trace's pictures. */
  | { type: 'lane'; units: LaneUnit[]; holder: number; commanders: { side: SideIndex; x: number; y: number }[] };

export type CwjSink = EventSink<CwjEvent>;
