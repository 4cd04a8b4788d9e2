/**
 * Game length, victory points and objectives (p37, p41), and the outcome checks of the rulings'
 * mapping to the common result vocabulary (rulings 5), made each End phase in order.
 */
import type { NagbOptions } from './options.js';
import { OBJECTIVE_CLEAR, OBJECTIVE_HOLD, VP } from './tables.js';

/** p37: the turns always played. */
export const BASE_TURNS = 7;
/** p37: the greatest number of turns (turn 9 on a 6 after turn 8). */
export const MAX_TURNS = 9;

/**
 * p37 (nagb.gameLength): after the End phase of `turn`, whether another turn is played: after turn 7 on
 * a d6 of 5+, after turn 8 on a 6, never after 9; under 'fixed7' never after 7. A scenario of another
 * length (`base` turns) rolls the same way after its own last turns.
 */
export function playsAnotherTurn(turn: number, d6: number, opts: Pick<NagbOptions, 'gameLength'>, base = BASE_TURNS): boolean {
  if (turn < base) return true;
  if (opts.gameLength === 'fixed7') return false;
  if (turn === base) return d6 >= 5;
  if (turn === base + 1) return d6 >= 6;
  return false;
}

/** Whether the end-of-turn roll is needed (no die is spent otherwise). */
export function rollsForGameEnd(turn: number, opts: Pick<NagbOptions, 'gameLength'>, base = BASE_TURNS): boolean {
  return opts.gameLength === 'sevenThenRoll' && (turn === base || turn === base + 1);
}

/** Exact P(the game lasts exactly n turns), index n (p37: 7 at 2/3, 8 at 5/18, 9 at 1/18). */
export function gameLengthDistribution(opts: Pick<NagbOptions, 'gameLength'>): number[] {
  const out = new Array(MAX_TURNS + 1).fill(0);
  if (opts.gameLength === 'fixed7') {
    out[BASE_TURNS] = 1;
    return out;
  }
  out[7] = 4 / 6;
  out[8] = (2 / 6) * (5 / 6);
  out[9] = (2 / 6) * (1 / 6);
  return out;
}

export interface VictoryTally {
  /** Enemy brigades broken, enemy units shaken and shattered, objectives held (p37). */
  brokenBrigades: number;
  shakenUnits: number;
  shatteredUnits: number;
  objectives: number;
}

/** p37: broken brigade 5, shaken unit 1, shattered unit 2, victory location 5. */
export function victoryPoints(t: VictoryTally): number {
  return t.brokenBrigades * VP.brokenBrigade + t.shakenUnits * VP.shakenUnit + t.shatteredUnits * VP.shatteredUnit + t.objectives * VP.objective;
}

/**
 * p37: an objective is held by a side with an unbroken unit (shaken units count) within 4" and no
 * enemy unit within 6". Distances: the side's nearest unbroken unit, and the nearest enemy unit.
 */
export function holdsObjective(nearestUnbrokenFriend: number, nearestEnemy: number): boolean {
  return nearestUnbrokenFriend <= OBJECTIVE_HOLD && nearestEnemy > OBJECTIVE_CLEAR;
}

/** The outcomes of rulings 5, in the order they are checked. */
export type Outcome = 'attackerBroken' | 'carried' | 'defenderRouted' | 'attackRepulsed' | 'timeLimit';

export interface OutcomeState {
  /** The attacking brigade is broken (60%), or no unbroken attacking unit is left. */
  attackerBroken: boolean;
  attackersLeft: number;
  /** The attacker holds the objective (holdsObjective). */
  attackerHoldsObjective: boolean;
  /** The defending brigade is broken, or no unbroken defender is within 6" of the objective. */
  defenderBroken: boolean;
  defendersNearObjective: number;
  /** The attacking brigade has faltered (50%) at some time. */
  attackerFaltered: boolean;
  /** This End phase closes the last turn. */
  lastTurn: boolean;
}

/**
 * Rulings 5: checked each End phase in order: attackerBroken; carried; defenderRouted; after the last
 * turn attackRepulsed if the attacker faltered, else timeLimit. null: the engagement goes on.
 */
export function engagementOutcome(s: OutcomeState): Outcome | null {
  if (s.attackerBroken || s.attackersLeft === 0) return 'attackerBroken';
  if (s.attackerHoldsObjective) return 'carried';
  if (s.defenderBroken || s.defendersNearObjective === 0) return 'defenderRouted';
  if (!s.lastTurn) return null;
  return s.attackerFaltered ? 'attackRepulsed' : 'timeLimit';
}

/** Rulings 1: scales. Figures to men, inches to yards, turns to minutes. */
export function men(figures: number, opts: Pick<NagbOptions, 'figureScale'>): number {
  return figures * opts.figureScale;
}
export function yards(inches: number, opts: Pick<NagbOptions, 'groundScale'>): number {
  return inches * opts.groundScale;
}
export function inches(yardsApart: number, opts: Pick<NagbOptions, 'groundScale'>): number {
  return yardsApart / opts.groundScale;
}
export function minutes(turns: number, opts: Pick<NagbOptions, 'turnMinutes'>): number {
  return turns * opts.turnMinutes;
}
