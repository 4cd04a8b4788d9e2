/**
 * Corps fatigue and army morale ([Win] l.293-306): every corps has a dish of poker chips; units
 * leaving the table and failed rallies take chips out and put them in the side's army dish; a corps
 * with an empty dish is fatigued; a side whose army dish reaches its army morale is defeated.
 */
import type { Uniform } from '../../core/dice.js';
import type { CwjOptions } from './options.js';
import { RALLY_PASS, RALLY_ROUT, type CheckPurpose, type RallyResult } from './rally.js';

/** [Win] l.295-306 as data. */
export const CHIPS = {
  source: '[Win] l.293-306',
  perUnit: 1, // l.299 ("1 for each regiment"; `cwj.chipUnit`)
  perGeneral: 1, // l.299-300
  unitLeavesTable: 2, // l.303
  failedRally: 1, // l.304
  objectiveHeld: 2, // l.296
  objectiveLost: -2, // l.296
} as const;

/**
 * [Win] l.300-303: the exploding die of one divisional general. Roll 1d6; each 6 is one more chip and
 * another roll. Returns the number of sixes (0 with probability 5/6, k with (1/6)^k * 5/6). Uses the
 * same face mapping as d6 in src/core/dice.ts: a draw u is a 6 when floor(6u) = 5, u >= 5/6.
 */
export function explodingSixes(u: Uniform): number {
  let k = 0;
  while (Math.floor(u() * 6) === 5) k++;
  return k;
}

/** The bonus chips of `generals` divisional generals: one exploding die each. */
export function generalBonusChips(u: Uniform, generals: number): number {
  let k = 0;
  for (let g = 0; g < generals; g++) k += explodingSixes(u);
  return k;
}

/**
 * [Win] l.298-303: a corps' starting chips, its corps fatigue number: 1 per unit (or regiment,
 * `cwj.chipUnit`: the caller counts what earns chips), 1 per divisional general, plus the generals'
 * exploding-die sixes.
 */
export function corpsFatigueNumber(units: number, generals: number, bonusSixes: number): number {
  return units * CHIPS.perUnit + generals * CHIPS.perGeneral + bonusSixes;
}

/** [Win] l.303: chips a unit (regiment) leaving the table costs, however it leaves. */
export function chipsForLeavingTable(): number {
  return CHIPS.unitLeavesTable;
}

/**
 * [Win] l.304: the chip a Rally Table result costs as a failed rally, apart from the removal a rout is
 * also (`chipsForLeavingTable`). A failure is any result below a pass. It costs 1:
 * - in the rally phase, unless the unit was unformed ([Rough] l.122-123);
 * - on a contact or withdrawal check only under `cwj.checkFailureChips` = anyRallyTable;
 * - never on a rough-terrain test (its failure has "no other penalty", [Rough] l.114);
 * - a rout's failed-rally chip is dropped under `cwj.routChips` = removalOnly.
 */
export function chipsForRallyResult(
  result: RallyResult,
  purpose: CheckPurpose,
  unformed: boolean,
  opts: Pick<CwjOptions, 'checkFailureChips' | 'routChips'>,
): number {
  if (result === RALLY_PASS || purpose === 'rough') return 0;
  if (purpose === 'rally') {
    if (unformed) return 0;
  } else if (opts.checkFailureChips !== 'anyRallyTable') return 0;
  if (result === RALLY_ROUT && opts.routChips === 'removalOnly') return 0;
  return CHIPS.failedRally;
}

/** A corps' chips after losing `loss`: never below zero. */
export function corpsChipsAfter(chips: number, loss: number): number {
  return chips > loss ? chips - loss : 0;
}

/**
 * [Win] l.295, `cwj.chipTally`: the chips a loss puts in the army dish: all of them (`count`), or only
 * those the corps still had (`capAtCorps`).
 */
export function armyDishGain(corpsChips: number, loss: number, reading: CwjOptions['chipTally']): number {
  if (reading === 'count') return loss;
  return loss < corpsChips ? loss : corpsChips > 0 ? corpsChips : 0;
}

/**
 * [Win] l.297-298, l.304-306: a corps with no chips is fatigued. A side's only corps too
 * (`cwj.singleCorpsFatigue` = apply), or never (skip: "if a side has multiple Corps").
 */
export function corpsFatigued(chips: number, corpsOnSide: number, reading: CwjOptions['singleCorpsFatigue']): boolean {
  if (chips > 0) return false;
  return corpsOnSide > 1 || reading === 'apply';
}

/**
 * [Win] l.296, `cwj.objectiveLost`: a side has lost a terrain objective to the enemy when the enemy holds
 * it now and the side has held it: at any time before (`held`, the text: "each terrain objective you
 * have lost to the enemy"), or at the start (`heldAtStart`, the rulings' section 8). `heldBy`: bit 1 the
 * attacker has held it, bit 2 the defender; `startHolder` -1, 0 or 1.
 */
export function objectiveLost(side: 0 | 1, holder: number, heldBy: number, startHolder: number, reading: CwjOptions['objectiveLost']): boolean {
  if (holder !== 1 - side) return false;
  return reading === 'heldAtStart' ? startHolder === side : (heldBy & (1 << side)) !== 0;
}

/**
 * [Win] l.296: army morale = the sum of the side's corps fatigue numbers, +2 per terrain objective it
 * holds, -2 per objective it held and has lost to the enemy (`objectiveLost`).
 */
export function armyMorale(sumOfFatigueNumbers: number, objectivesHeld: number, objectivesLost: number): number {
  return sumOfFatigueNumbers + CHIPS.objectiveHeld * objectivesHeld + CHIPS.objectiveLost * objectivesLost;
}

/**
 * [Win] l.295: defeated when the dish holds as many chips as the army morale. Army morale can fall
 * (objectives lost) below the dish, so "equal to" reads as reaching or passing it.
 */
export function armyDefeated(dish: number, morale: number): boolean {
  return dish >= morale;
}
