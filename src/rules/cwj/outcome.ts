/**
 * How an engagement ends and how its figures map onto the common result vocabulary (rulings section
 * 10; [Win] l.293-306). These are the checks the play loop makes after every phase.
 */
import type { CwjOptions } from './options.js';

export const OUTCOME_NONE = 0;
export const OUTCOME_ATTACKER_BROKEN = 1;
export const OUTCOME_DEFENDER_ROUTED = 2;
export const OUTCOME_CARRIED = 3;
export const OUTCOME_REPULSED = 4;
export const OUTCOME_TIME_LIMIT = 5;
export const OUTCOME_DRAW = 6;
export type Outcome = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const OUTCOME_NAMES = ['none', 'attacker broken', 'defender routed', 'attacker carried the position', 'attacker repulsed', 'time limit', 'draw (both armies defeated)'] as const;

/** What the outcome checks read; side 0 is the attacker, 1 the defender. */
export interface OutcomeCase {
  /** Army dish at or past army morale ([Win] l.295; chips.ts armyDefeated). */
  attackerDefeated: boolean;
  defenderDefeated: boolean;
  attackerUnitsLeft: number;
  defenderUnitsLeft: number;
  /** The attacker holds the objective (a unit in it, no enemy). Only read at a player turn's end. */
  attackerHoldsObjective: boolean;
  /** This check is made at the end of a player turn (carrying is judged only then). */
  endOfPlayerTurn: boolean;
  /** Every attacking corps is fatigued ([Win] l.304-306). */
  attackerFatigued: boolean;
  /** Some attacking unit with a leader attached is able to advance (the only ones a fatigued corps may). */
  attackerLeaderLedCanAdvance: boolean;
  /** The last player turn of the turn limit has been played. */
  turnLimitReached: boolean;
  /** The side phasing now. */
  phasing: 0 | 1;
}

/**
 * Rulings section 10 "Outcomes", in order: army defeat first (both at once per `cwj.mutualDefeat`; a
 * side with no units left counts as defeated), then carrying at a player turn's end, then repulse
 * (every attacking corps fatigued, no leader-led unit able to advance), then the time limit.
 */
export function outcomeOf(c: OutcomeCase, mutualDefeat: CwjOptions['mutualDefeat']): Outcome {
  const aDown = c.attackerDefeated || c.attackerUnitsLeft === 0;
  const dDown = c.defenderDefeated || c.defenderUnitsLeft === 0;
  if (aDown && dDown) {
    if (mutualDefeat === 'draw') return OUTCOME_DRAW;
    return c.phasing === 0 ? OUTCOME_ATTACKER_BROKEN : OUTCOME_DEFENDER_ROUTED;
  }
  if (aDown) return OUTCOME_ATTACKER_BROKEN;
  if (dDown) return OUTCOME_DEFENDER_ROUTED;
  if (c.endOfPlayerTurn && c.attackerHoldsObjective) return OUTCOME_CARRIED;
  if (c.attackerFatigued && !c.attackerLeaderLedCanAdvance) return OUTCOME_REPULSED;
  if (c.turnLimitReached) return OUTCOME_TIME_LIMIT;
  return OUTCOME_NONE;
}

/**
 * The winner of an outcome: 0 attacker, 1 defender, -1 none. At the time limit the objective's holder
 * wins (`objectiveHolder`: 0, 1, or -1 when nobody has held it, which leaves it to the defender).
 */
export function outcomeWinner(o: Outcome, objectiveHolder: -1 | 0 | 1): -1 | 0 | 1 {
  switch (o) {
    case OUTCOME_ATTACKER_BROKEN:
    case OUTCOME_REPULSED:
      return 1;
    case OUTCOME_DEFENDER_ROUTED:
    case OUTCOME_CARRIED:
      return 0;
    case OUTCOME_TIME_LIMIT:
      return objectiveHolder === 0 ? 0 : 1;
    default:
      return -1;
  }
}

/** How a unit left the table. */
export type RemovalCause = 'eliminated' | 'routed' | 'surrendered' | 'offTable' | 'controlRemoved';

/**
 * Rulings section 10 "Strength": what a removed unit's men count as. Eliminated by fire or melee:
 * casualties; routed: dispersed; surrendered: captured. Units leaving by a table edge or on a natural
 * 2 for control are not fought down or taken: dispersed.
 */
export function removedMenAs(cause: RemovalCause): 'casualties' | 'dispersed' | 'captured' {
  return cause === 'eliminated' ? 'casualties' : cause === 'surrendered' ? 'captured' : 'dispersed';
}

/** The cohesion ladder (rulings section 10): good 0, disordered 1, shaken 2 (never reached), routed 3, removed 4. */
export const LADDER_GOOD = 0;
export const LADDER_DISORDERED = 1;
export const LADDER_ROUTED = 3;
export const LADDER_REMOVED = 4;

/**
 * The highest rung a removal reaches: a Rally Table rout reaches routed and removed; every other
 * removal reaches removed only (disordered on its way where it was).
 */
export function removalRungs(cause: RemovalCause): readonly number[] {
  return cause === 'routed' ? ROUTED_RUNGS : REMOVED_RUNGS;
}
const ROUTED_RUNGS: readonly number[] = [LADDER_ROUTED, LADDER_REMOVED];
const REMOVED_RUNGS: readonly number[] = [LADDER_REMOVED];

/**
 * Retreats in the common vocabulary: fire 10-11, a melee loss by 2-4 (capped cavalry included) and the
 * Rally Table's 4-5 are forced; a cavalry withdrawal is voluntary.
 */
export type RetreatKind = 'forced' | 'voluntary';
export function retreatKind(cause: 'fire' | 'melee' | 'rallyTable' | 'withdrawal'): RetreatKind {
  return cause === 'withdrawal' ? 'voluntary' : 'forced';
}
