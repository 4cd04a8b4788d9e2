/**
 * Typed events an engagement can emit (DESIGN.md, "Event log"). Monte Carlo runs pass no sink and
 * build no event objects: every emit site is guarded by `if (sink)`.
 */
import type { SideIndex } from './result.js';

export type VolleyEvent =
  | { type: 'turn'; turn: number }
  | {
      type: 'fire';
      side: SideIndex;
      /** Strength after all modifiers, before rounding, and the rounded figure looked up. */
      rawStrength: number;
      strength: number;
      roll: number;
      hits: number;
      modifiers: string[];
    }
  | { type: 'voluntaryRetreat'; side: SideIndex }
  | { type: 'halved'; side: SideIndex; before: number; after: number }
  | { type: 'hit'; side: SideIndex; unit: string; stepsLeft: number; eliminated: boolean }
  | {
      type: 'check';
      side: SideIndex;
      purpose: 'retreat' | 'recovery' | 'square' | 'reaction' | 'pursuit' | 'orders' | 'leader';
      unit: string;
      morale: number;
      modifiers: string[];
      roll: number;
      passed: boolean;
    }
  | { type: 'retreat'; side: SideIndex; forced: boolean; units: string[] }
  | { type: 'disrupted'; side: SideIndex; unit: string }
  | { type: 'recovered'; side: SideIndex; unit: string }
  | { type: 'eliminated'; side: SideIndex; unit: string; reason: string }
  | { type: 'end'; winner: SideIndex | null; reason: string; turn: number }
  /** A player turn begins: the phasing side. */
  | { type: 'playerTurn'; turn: number; side: SideIndex; night: boolean }
  /** A segment of a player turn begins (bombardment, charges, movement, combat, turn end). */
  | { type: 'phase'; turn: number; side: SideIndex; phase: 'command' | 'bombardment' | 'charges' | 'movement' | 'combat' | 'turnEnd' | 'disruptionRemoval' }
  /** A unit moved along a path of hexes (map positions are opaque hex indices of the ruleset's map). */
  | { type: 'move'; side: SideIndex; unit: string; path: number[] }
  /** Units changed hex outside movement: a retreat, an advance. */
  | { type: 'relocate'; side: SideIndex; unit: string; from: number; to: number; why: 'retreat' | 'advance' | 'stacking' | 'arrival' }
  /** An assault on the map: attacking hexes against one defending hex. */
  | { type: 'assault'; side: SideIndex; attackers: number[]; defender: number; flanked: boolean; defenderFiresFirst: boolean }
  | { type: 'bombard'; side: SideIndex; guns: string[]; from: number[]; target: number }
  /** Cavalry charges (reaction: a charge against moving enemies, 7.8). */
  | { type: 'charge'; side: SideIndex; units: string[]; from: number; target: number; reaction: boolean }
  /** Infantry tried to form square against a charge. */
  | { type: 'square'; side: SideIndex; hex: number; formed: boolean }
  | { type: 'pursuit'; side: SideIndex; units: string[]; target: number }
  | { type: 'demoralized'; side: SideIndex; formation: string | null; turn: number }
  /** New orders sent (12.4: `arrives` is the turn they take effect) or taking effect (turn === arrives). */
  | { type: 'orders'; side: SideIndex; formation: string; orders: string; turn: number; arrives: number }
  /** A unit left the map (eliminated, or off the edge in a retreat). */
  | { type: 'removed'; side: SideIndex; unit: string; hex: number; why: 'eliminated' | 'exited' };

export type EventSink = (e: VolleyEvent) => void;
