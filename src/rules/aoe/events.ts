/**
 * The events an Age of Eagles engagement emits: the common kinds of src/core/events.ts where they fit
 * (turn, phase, check, fire, hit, move, charge, melee, cohesion, retreat, rout, removed, broken, end)
 * and kinds of its own for what only these rules have (the initiative roll, formation changes, the
 * square roll, charges checked, gun damage, occupation, breakthroughs, recalls, and a picture of the
 * lane at the end of every phase). Places are x positions on the lane in inches. Built only when a
 * sink is given.
 */
import type { CoreEvent, EventSink } from '../../core/events.js';
import type { SideIndex } from '../../core/result.js';

type Core<T extends CoreEvent['type']> = Extract<CoreEvent, { type: T }>;

/** Phases of a player turn (p1 Play Sequence). */
export type AoePhase = 'march' | 'volley' | 'bayonet';

/** A unit as the lane pictures draw it. */
export interface LaneUnitView {
  id: string;
  front: number;
  facing: 1 | -1;
  offset: number;
  frontage: number;
  depth: number;
  /** Formation key, `bua` in a village block, `battery` or `limbered` for guns. */
  formation: string;
  hits: number;
  disordered: boolean;
  removed: boolean;
}

export type AoeEvent =
  | Core<'turn'>
  | (Core<'phase'> & { phase: AoePhase })
  /** p1 Initiative Phase: the dice (null when the attacker always goes first) and the first player. */
  | { type: 'initiative'; turn: number; rolls: [number, number][] | null; first: SideIndex }
  /** A March Table roll (or a square roll): the core check, with the modified roll and the result's key. */
  | (Core<'check'> & { modified: number; result: string; order: string })
  /** An order stated in the March phase (p1 b1) for a unit that acts. */
  | { type: 'order'; side: SideIndex; unit: string; order: string; target: string | null }
  | { type: 'formation'; side: SideIndex; unit: string; from: string; to: string }
  /** Infantry charged by cavalry rolls for square (p1, p3). */
  | { type: 'square'; side: SideIndex; unit: string; formed: boolean }
  | Core<'move'>
  | (Core<'charge'> & { reached: boolean; face: 'front' | 'flank'; breakthrough: boolean })
  /**
   * One roll of Volley & Cannonade: fire points, the modified roll and the result (p2). `rolled` false:
   * no face could make the fire tell, so no die was rolled (roll and modified are then 0).
   */
  | (Core<'fire'> & { points: number; modifier: number; modified: number; result: string; cannonade: boolean; distance: number; rolled: boolean })
  | Core<'hit'>
  /** A gun stand silenced, damaged or wrecked (p2). */
  | { type: 'guns'; side: SideIndex; unit: string; effect: 'silenced' | 'damaged' | 'wrecked' | 'lost' }
  /** p2 notes: a charger hit by Telling or Withering fire goes back and does not fight. */
  | { type: 'checked'; side: SideIndex; unit: string; by: string; back: number }
  /** A Bayonet & Sabre combat: the dice, totals, difference and band (p2). */
  | (Core<'melee'> & { rolls: [number, number]; modifiers: [string[], string[]]; totals: [number, number]; diff: number; band: string; attacker: SideIndex })
  | (Core<'cohesion'> & { from: 'good order' | 'disordered' | 'silenced'; to: 'good order' | 'disordered' | 'silenced' })
  | (Core<'retreat'> & { unit: string; from: number; to: number; why: string })
  | Core<'rout'>
  | (Core<'removed'> & { why: 'hits' | 'routs' | 'guns' | 'offLane' | 'cutOff' })
  | { type: 'occupy'; side: SideIndex; unit: string; at: number; block: boolean }
  | { type: 'breakthrough'; side: SideIndex; unit: string; target: string | null }
  | { type: 'recall'; side: SideIndex; unit: string; from: number; to: number }
  /** An unlimbered battery shifts up to 1" without limbering (p1 movement notes, aoe.prolonge). */
  | { type: 'prolonge'; side: SideIndex; unit: string; from: number; to: number; back: boolean }
  | { type: 'leaderCaptured'; side: SideIndex; unit: string }
  | Core<'broken'>
  /** The lane at the end of a phase (for the trace's pictures). */
  | { type: 'lane'; turn: number; side: SideIndex | null; phase: AoePhase | 'start' | 'end'; units: LaneUnitView[] }
  | Core<'end'>;

export type AoeSink = EventSink<AoeEvent>;
