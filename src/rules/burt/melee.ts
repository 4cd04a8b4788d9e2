/**
 * Melee (9, 11): a round of dice from the figures in contact on both sides at once, hits on 5 plus
 * modifiers, saves on 5 plus modifiers; the casualties inflicted decide the round.
 */
import type { Uniform } from '../../core/dice.js';
import { COL, cohesionModifierAt } from './cohesion.js';
import { firePlan, rollCasualties, setFirePlan, type Cover, type FirePlan } from './fire.js';
import type { Arm, Formation } from './figures.js';
import type { BurtOptions, CohesionModifiers, IndecisiveMelee, LightCavalryFormed, MeleeContinuation, PushBack, Pursuit } from './options.js';
import { MELEE_SAVE, MELEE_TO_HIT, type Cohesion } from './tables.js';

/** One side of a melee as the modifiers of 9 see it. */
export interface MeleeFighter {
  arm: Arm;
  formation: Formation;
  /** Ranks of the formation (figureModel(...).ranks), for "deeper at first contact". */
  ranks: number;
  level: Cohesion;
  lightCavalry: boolean;
  armoured: boolean;
  lancers: boolean;
  /** Charged into this melee this turn, or is following up. */
  chargingOrFollowingUp: boolean;
  /**
   * It attacks in this melee: it charged or countercharged into it, or followed up or pursued into it,
   * this turn or in an earlier round of the same melee (9: "light cavalry attacking formed troops").
   */
  attacking: boolean;
  cover: Cover;
  downhillOfEnemy: boolean;
  /** It fights the enemy's flank or rear. */
  againstFlankOrRear: boolean;
}

export type MeleeModifierOptions = Pick<BurtOptions, 'cohesionModifiers' | 'routSavePenalty'>;

/**
 * 9 (burt.lightCavalryFormed): whether light cavalry's +1 against formed troops counts for `own`: the
 * text says "attacking", so under `attacking` only when it attacks in this melee; under `fighting` in
 * every round. (Whether the enemy is formed is the cohesion item's own condition.)
 */
export function lightCavalryPenaltyApplies(own: Pick<MeleeFighter, 'arm' | 'lightCavalry' | 'attacking'>, mode: LightCavalryFormed): boolean {
  return own.arm === 'cavalry' && own.lightCavalry && (mode === 'fighting' || own.attacking);
}

/** 9, 12: open order is skirmishers (the only troops allowed it). */
export function openOrder(f: Pick<MeleeFighter, 'arm' | 'formation'>): boolean {
  return f.arm === 'skirmishers' || f.formation === 'open';
}

/** 9: foot and horse not in open order are close order (gun crews are neither). */
export function closeOrder(f: Pick<MeleeFighter, 'arm' | 'formation'>): boolean {
  return (f.arm === 'infantry' || f.arm === 'cavalry') && !openOrder(f);
}

/** 9: a square, or troops in any cover, deny those fighting them their impetus (first contact) bonus. */
export function impetusCancelled(enemy: Pick<MeleeFighter, 'formation' | 'cover'>): boolean {
  return enemy.formation === 'square' || enemy.cover !== 'none';
}

/**
 * 9: the to-hit modifier (added to 5) of `own` fighting `enemy`; the 1-2 figure die's +1 is added per
 * die. Target in cover +1; cavalry attacking a square +1; charging or following up -1, deeper at first
 * contact -1, armoured cavalry or lancers at first contact -2 (these three lapse against a square or
 * cover); close order against open order -1; against flank or rear -1; and the cohesion items: own
 * disordered +1, own shaken or routing +2, opponents shaken -1 or routing -2, cavalry against
 * disordered, shaken or routing -1, light cavalry attacking formed troops +1 (burt.lightCavalryFormed).
 */
export function meleeToHitModifier(own: MeleeFighter, enemy: MeleeFighter, firstContact: boolean, cohesion: CohesionModifiers, lightCavalry: LightCavalryFormed): number {
  let m = 0;
  if (enemy.cover !== 'none') m += MELEE_TO_HIT.targetInCover;
  if (own.arm === 'cavalry' && enemy.formation === 'square') m += MELEE_TO_HIT.cavalryAttackingSquare;
  if (!impetusCancelled(enemy)) {
    if (own.chargingOrFollowingUp) m += MELEE_TO_HIT.chargingOrFollowingUp;
    if (firstContact && own.ranks > enemy.ranks) m += MELEE_TO_HIT.deeperAtFirstContact;
    if (firstContact && own.arm === 'cavalry' && (own.armoured || own.lancers)) m += MELEE_TO_HIT.armouredOrLancersAtFirstContact;
  }
  if (closeOrder(own) && openOrder(enemy)) m += MELEE_TO_HIT.closeOrderVsOpenOrder;
  if (own.againstFlankOrRear) m += MELEE_TO_HIT.againstFlankOrRear;
  m += cohesionModifierAt(COL.meleeToHit, own.level, cohesion, false);
  m += cohesionModifierAt(COL.enemyMeleeToHit, enemy.level, cohesion, false);
  if (own.arm === 'cavalry') m += cohesionModifierAt(COL.enemyCavalryMeleeToHit, enemy.level, cohesion, false);
  if (lightCavalryPenaltyApplies(own, lightCavalry)) m += cohesionModifierAt(COL.enemyLightCavalryMeleeToHit, enemy.level, cohesion, false);
  return m;
}

/**
 * 9: the save modifier (added to 5): own unformed, disordered or shaken +1 (routing too under
 * burt.routSavePenalty); downhill of the enemy +1; armoured cavalry -1.
 */
export function meleeSaveModifier(own: MeleeFighter, o: MeleeModifierOptions): number {
  let m = cohesionModifierAt(COL.meleeSave, own.level, o.cohesionModifiers, o.routSavePenalty);
  if (own.downhillOfEnemy) m += MELEE_SAVE.downhillOfEnemy;
  if (own.arm === 'cavalry' && own.armoured) m += MELEE_SAVE.armouredCavalry;
  return m;
}

/**
 * 9: the plan of one side's melee dice: its figures in contact, its to-hit modifier, and the enemy's
 * save modifier (the saves are rolled by the side that was hit).
 */
export function meleePlan(
  figuresInContact: number,
  own: MeleeFighter,
  enemy: MeleeFighter,
  firstContact: boolean,
  o: Pick<BurtOptions, 'cohesionModifiers' | 'routSavePenalty' | 'lightCavalryFormed' | 'leftoverFigures' | 'extendedDie' | 'naturalOne'>,
): FirePlan {
  return firePlan(figuresInContact, meleeToHitModifier(own, enemy, firstContact, o.cohesionModifiers, o.lightCavalryFormed), meleeSaveModifier(enemy, o), o);
}

/** meleePlan written into `out` (the play loop reuses one plan). */
export function setMeleePlan(
  out: FirePlan,
  figuresInContact: number,
  own: MeleeFighter,
  enemy: MeleeFighter,
  firstContact: boolean,
  o: Pick<BurtOptions, 'cohesionModifiers' | 'routSavePenalty' | 'lightCavalryFormed' | 'leftoverFigures' | 'extendedDie' | 'naturalOne'>,
): FirePlan {
  return setFirePlan(out, figuresInContact, meleeToHitModifier(own, enemy, firstContact, o.cohesionModifiers, o.lightCavalryFormed), meleeSaveModifier(enemy, o), o);
}

/** The result of comparing a round's casualties. */
export type MeleeOutcome = 'indecisive' | 'aPushedBack' | 'bPushedBack' | 'aBreaks' | 'bBreaks';
export const MELEE_OUTCOMES: readonly MeleeOutcome[] = ['indecisive', 'aPushedBack', 'bPushedBack', 'aBreaks', 'bBreaks'];

/**
 * 9: compare the casualties each side inflicted: equal is indecisive; more but under twice pushes the
 * other back; at least twice breaks it. One against none breaks under burt.zeroCasualtyBreak, and
 * only pushes back otherwise (two or more against none breaking).
 */
export function meleeOutcome(inflictedByA: number, inflictedByB: number, zeroCasualtyBreak: boolean): MeleeOutcome {
  if (inflictedByA === inflictedByB) return 'indecisive';
  const aWins = inflictedByA > inflictedByB;
  const hi = aWins ? inflictedByA : inflictedByB;
  const lo = aWins ? inflictedByB : inflictedByA;
  const breaks = lo === 0 ? (zeroCasualtyBreak ? hi >= 1 : hi >= 2) : hi >= 2 * lo;
  if (breaks) return aWins ? 'bBreaks' : 'aBreaks';
  return aWins ? 'bPushedBack' : 'aPushedBack';
}

/**
 * 9 (burt.indecisiveMelee): whether both sides test in step 12: after every round in which neither
 * breaks (noBreak), or only after equal casualties (equalOnly).
 */
export function bothTestAfter(outcome: MeleeOutcome, mode: IndecisiveMelee): boolean {
  if (outcome === 'indecisive') return true;
  return mode === 'noBreak' && (outcome === 'aPushedBack' || outcome === 'bPushedBack');
}

/** Casualties of one round, both sides rolling at once. */
export interface MeleeRoundResult {
  /** Figures side a removed from side b, and b from a. */
  inflictedByA: number;
  inflictedByB: number;
  outcome: MeleeOutcome;
}

/** 9: roll one round: a's dice and b's saves, then b's dice and a's saves (one stream, or one per side). */
export function rollMeleeRound(
  planA: FirePlan,
  planB: FirePlan,
  figuresA: number,
  figuresB: number,
  zeroCasualtyBreak: boolean,
  uA: Uniform,
  uB: Uniform,
  out: MeleeRoundResult = { inflictedByA: 0, inflictedByB: 0, outcome: 'indecisive' },
): MeleeRoundResult {
  out.inflictedByA = rollCasualties(planA, figuresB, uA);
  out.inflictedByB = rollCasualties(planB, figuresA, uB);
  out.outcome = meleeOutcome(out.inflictedByA, out.inflictedByB, zeroCasualtyBreak);
  return out;
}

// ---------------------------------------------------------------------------------------------
// What follows a round (9, 11; options the play loop reads).

/** 9 (burt.pushBack): how far a pushed-back unit goes back, inches. */
export function pushBackDistance(normalMove: number, mode: PushBack): number {
  return mode === 'halfMove' ? normalMove / 2 : mode === 'fullMove' ? normalMove : 1;
}

/** 3.3, 8 (burt.pursuit): whether the winner of a broken melee pursues (else it may take the ground). */
export function pursues(winner: Arm, mode: Pursuit): boolean {
  if (mode === 'none') return false;
  if (mode === 'all') return winner !== 'guns';
  return winner === 'cavalry';
}

/** What a round's result does to each side (9; rulings, "Assault and melee" 4). */
export interface Aftermath {
  /** The loser is pushed back (burt.pushBack) or routs; null when neither side lost. */
  loser: 'pushedBack' | 'routs' | null;
  /** The winner may follow up (and fights its next round at -1 for following up), or pursues
   * (burt.pursuit) or else takes the ground. */
  winner: 'mayFollowUp' | 'pursuesOrTakesGround' | null;
}

export const AFTERMATH: Readonly<Record<'indecisive' | 'pushBack' | 'break', Aftermath>> = {
  indecisive: { loser: null, winner: null },
  pushBack: { loser: 'pushedBack', winner: 'mayFollowUp' },
  break: { loser: 'routs', winner: 'pursuesOrTakesGround' },
};

/** The aftermath of an outcome. */
export function aftermathOf(outcome: MeleeOutcome): Aftermath {
  return outcome === 'indecisive' ? AFTERMATH.indecisive : outcome === 'aBreaks' || outcome === 'bBreaks' ? AFTERMATH.break : AFTERMATH.pushBack;
}

/** 9, 11 (burt.meleeContinuation): what happens to units still in contact after a round. */
export interface Continuation {
  /** Rounds fought each turn while in contact. */
  roundsPerTurn: number;
  /** A later round keeps no charge bonus (following up still counts). */
  chargeBonusAfterFirstRound: boolean;
  /** The melee ends after its round: the sides part (11: both come out with REGROUP orders). */
  endsAfterRound: boolean;
}

export const CONTINUATION: Readonly<Record<MeleeContinuation, Continuation>> = {
  continuous: { roundsPerTurn: 1, chargeBonusAfterFirstRound: false, endsAfterRound: false },
  oneRound: { roundsPerTurn: 1, chargeBonusAfterFirstRound: false, endsAfterRound: true },
};
