/**
 * Events an engagement can emit (DESIGN.md, "Event log"). Monte Carlo runs pass no sink and build no
 * event objects: every emit site is guarded by `if (sink)`.
 *
 * Core knows the common kinds below; phases are named by the ruleset and positions (`Place`) are
 * opaque to core: a hex index on a hex map, a distance along the lane in the system's ground unit. A
 * ruleset may emit kinds of its own besides these (its event type is a union that includes them); only
 * its own trace narrates them. Events are plain JSON (events.ndjson).
 */
import type { SideIndex } from './result.js';

/** A position as the ruleset understands it. */
export type Place = number;

/** Any event: a `type` and plain JSON fields. */
export interface BaseEvent {
  type: string;
}

export type CoreEvent =
  | { type: 'turn'; turn: number }
  /** A phase (or step, or segment) of a turn begins; `side` is the side acting, null for both. */
  | { type: 'phase'; turn: number; side: SideIndex | null; phase: string }
  /** Fire at a target: the dice, the hits and the modifiers in words. */
  | { type: 'fire'; side: SideIndex; units: string[]; target: string; roll: number | number[]; hits: number; modifiers: string[] }
  /** Losses to a unit: `lost` in the system's strength units, `left` what remains; `eliminated` when none. */
  | { type: 'hit'; side: SideIndex; unit: string; lost: number; left: number; eliminated: boolean }
  /** A morale check (or test) for a purpose the ruleset declares, against a target value. */
  | { type: 'check'; side: SideIndex; purpose: string; unit: string; target: number; modifiers: string[]; roll: number | number[]; passed: boolean }
  | { type: 'move'; side: SideIndex; unit: string; path: Place[] }
  | { type: 'charge'; side: SideIndex; units: string[]; target: string; from: Place; to: Place }
  | { type: 'melee'; sides: [string[], string[]]; casualties: [number, number]; result: string }
  /** A unit's cohesion changed, named by the ruleset's own states (formed, disordered, shaken, ...). */
  | { type: 'cohesion'; side: SideIndex; unit: string; from: string; to: string }
  | { type: 'retreat'; side: SideIndex; forced: boolean; units: string[] }
  | { type: 'rout'; side: SideIndex; unit: string }
  | { type: 'removed'; side: SideIndex; unit: string; why: string }
  /** A formation (or, with formation null, the army) broke. */
  | { type: 'broken'; side: SideIndex; formation: string | null; turn: number }
  | { type: 'end'; winner: SideIndex | null; reason: string; turn: number };

export type EventSink<E extends BaseEvent = BaseEvent> = (e: E) => void;
