/**
 * The common result vocabulary in this system's terms (rulings 5, "Mapping to the common
 * vocabulary"): the cohesion ladder of a unit and the end-of-engagement checks. The text has no
 * victory rules; these are the rulings' mapping [gap].
 */
import { shakenByHits } from './hits.js';

/** Rungs of the common cohesion ladder, best to worst. */
export const RUNG_GOOD = 0, RUNG_DISORDERED = 1, RUNG_SHAKEN = 2, RUNG_ROUTED = 3, RUNG_REMOVED = 4;
export const RUNG_KEYS: readonly string[] = Object.freeze(['good', 'disordered', 'shaken', 'routed', 'removed']);

/** What a unit's rung depends on. */
export interface RungState {
  removed: boolean;
  /** This turn it rolled Broken on the March Table, or was beaten by +7 (Shattered) in Bayonet & Sabre. */
  routedThisTurn: boolean;
  hits: number;
  /** Its removal threshold (hits.ts removalThreshold). */
  threshold: number;
  /** Disordered troops or a silenced battery. */
  disordered: boolean;
}

/**
 * The worst rung that applies (rulings 5): removed; routed (Broken this turn, or beaten by +7);
 * shaken (3-4 hits, the parent's Spent); disordered (or silenced); else good.
 */
export function ladderRung(s: RungState): number {
  if (s.removed) return RUNG_REMOVED;
  if (s.routedThisTurn) return RUNG_ROUTED;
  if (shakenByHits(s.hits, s.threshold)) return RUNG_SHAKEN;
  if (s.disordered) return RUNG_DISORDERED;
  return RUNG_GOOD;
}

/** The ends of an engagement (rulings 5), and `null` while it goes on. */
export type AoeOutcome = 'draw' | 'defenderRouted' | 'carried' | 'attackerBroken' | 'repulsed' | 'time';

/** What the end checks read, after each Bayonet & Sabre phase and each game turn. */
export interface OutcomeState {
  /** Units of each side still in play. */
  attackerUnits: number;
  defenderUnits: number;
  /** The attacker's army is broken (cohesion.ts armyBroken). */
  attackerArmyBroken: boolean;
  /** An attacking unit occupies the objective (the block, or the ground the defender held) after a defender retreat. */
  carried: boolean;
  /** The last turn of the scenario has been played. */
  atTimeLimit: boolean;
  /** Some charge reached contact or was checked during the engagement. */
  chargeMet: boolean;
}

/**
 * Rulings 5, first match wins: both sides gone: draw; every defending unit removed: defenderRouted
 * (attacker wins); the objective carried (attacker); every attacking unit removed or its army broken:
 * attackerBroken (defender); at the time limit: repulsed (defender) if a charge met the enemy or was
 * checked, else time. Null while none applies.
 */
export function engagementOutcome(s: OutcomeState): AoeOutcome | null {
  if (s.attackerUnits === 0 && s.defenderUnits === 0) return 'draw';
  if (s.defenderUnits === 0) return 'defenderRouted';
  if (s.carried) return 'carried';
  if (s.attackerUnits === 0 || s.attackerArmyBroken) return 'attackerBroken';
  if (s.atTimeLimit) return s.chargeMet ? 'repulsed' : 'time';
  return null;
}

/**
 * The winning role of an outcome: 0 the attacker, 1 the defender, -1 none. A draw has none; so has
 * `time`, to which the rulings name no winner (a scenario may award it; the play loop decides).
 */
export function outcomeWinner(o: AoeOutcome): 0 | 1 | -1 {
  if (o === 'draw' || o === 'time') return -1;
  return o === 'defenderRouted' || o === 'carried' ? 0 : 1;
}
