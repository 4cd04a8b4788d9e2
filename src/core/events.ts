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
      purpose: 'retreat' | 'recovery';
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
  | { type: 'end'; winner: SideIndex | null; reason: string; turn: number };

export type EventSink = (e: VolleyEvent) => void;
