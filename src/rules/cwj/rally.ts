/**
 * The Rally Table ([Rally] l.34-58), the "morale table/test/check" of the text: 2d6 + the unit's rally
 * ("morale") mod + 1 for an attached general, read for the rally phase, contact checks ([Contact]
 * l.125-129), cavalry withdrawals ([Spec] l.107-109) and rough terrain ([Rough] l.110-124). Morale
 * passes ([Rally] l.24-30) and the unformed state are here too.
 */
import { d6, type Uniform } from '../../core/dice.js';
import type { CwjOptions } from './options.js';
import type { Arm, Cohesion, Formation } from './types.js';

/** Rally Table results, worst first. */
export const RALLY_ROUT = 0;
export const RALLY_RETREAT = 1;
export const RALLY_DISORDERED = 2;
export const RALLY_PASS = 3;
export type RallyResult = 0 | 1 | 2 | 3;
export const RALLY_RESULT_NAMES = ['rout', 'retreat', 'disordered', 'rally'] as const;

/**
 * [Rally] l.34-58 as data: each band's highest modified total (a total below 2 is still a rout, one
 * above 12 still rallies).
 */
export const RALLY_TABLE = {
  source: '[Rally] l.34-58',
  bands: [
    { upTo: 3, result: RALLY_ROUT, text: 'rout: removed from the table (l.38-41)' },
    { upTo: 5, result: RALLY_RETREAT, text: '30 cm straight away from the nearest enemy; surrenders if that meets another enemy (l.44-48)' },
    { upTo: 8, result: RALLY_DISORDERED, text: 'stays disordered: no move, formation or facing change (l.50-53)' },
    { upTo: Infinity, result: RALLY_PASS, text: 'rallied (pass): recovers and acts normally (l.55-58)' },
  ],
  /** l.42-43: the table's own modifiers. */
  modifiers: { generalAttached: 1 },
  /** l.44-48: the retreat distance. */
  retreatCm: 30,
} as const;

/** The lowest modified total that passes ("Rally (Pass)", l.55-56); contact, withdrawal and rough checks pass on it too. */
export const RALLY_PASS_AT = 9;

/** [Rally] l.34-58: the result of a modified 2d6 total. */
export function rallyTableResult(total: number): RallyResult {
  return total <= 3 ? RALLY_ROUT : total <= 5 ? RALLY_RETREAT : total <= 8 ? RALLY_DISORDERED : RALLY_PASS;
}

/** One Rally Table roll: 2d6 from `u` + `modifier`. */
export function rollRallyTable(u: Uniform, modifier: number): RallyResult {
  return rallyTableResult(d6(u) + d6(u) + modifier);
}

/** Why a unit rolls on the Rally Table (the rulings' check purposes, section 10). */
export type CheckPurpose = 'rally' | 'contact' | 'withdrawal' | 'rough';
export const CHECK_PURPOSES: readonly CheckPurpose[] = ['rally', 'contact', 'withdrawal', 'rough'];

/**
 * [Rally] l.42-43 and [Gen] l.286-287: the attached general's +1, on every Rally Table roll
 * (`allChecks`: the table's own modifier column) or in the rally phase only (`rallyPhaseOnly`).
 * `generalServes`: a divisional general of the unit's arm and corps is attached (generals.ts).
 */
export function generalRallyBonus(generalServes: boolean, purpose: CheckPurpose, reading: CwjOptions['generalCheckBonus']): number {
  if (!generalServes) return 0;
  return reading === 'allChecks' || purpose === 'rally' ? RALLY_TABLE.modifiers.generalAttached : 0;
}

/**
 * Whether the general's bonus was used on this roll, so he rolls for death afterwards ([Gen] l.290).
 * He is used whenever his bonus applies, whatever the roll.
 */
export function generalUsedOnCheck(generalServes: boolean, purpose: CheckPurpose, reading: CwjOptions['generalCheckBonus']): boolean {
  return generalRallyBonus(generalServes, purpose, reading) > 0;
}

/** The Rally Table modifier shared by every purpose: the unit's rally mod and the general's bonus. */
export function rallyModifier(rallyMod: number, generalServes: boolean, purpose: CheckPurpose, reading: CwjOptions['generalCheckBonus']): number {
  return rallyMod + generalRallyBonus(generalServes, purpose, reading);
}

// ---------------------------------------------------------------------------------------------
// Contact checks [Contact] l.125-129

/** [Contact] l.129: a unit in skirmish formation checks at -3. */
export const CONTACT_SKIRMISH_MOD = -3;

/**
 * [Contact] l.127-128: infantry not in square contacted by cavalry, and any infantry (a square too)
 * contacted by an infantry column, check on the Rally Table.
 */
export function contactCheckRequired(targetArm: Arm, targetFormation: Formation, contacterArm: Arm, contacterFormation: Formation): boolean {
  if (targetArm !== 'infantry') return false;
  if (contacterArm === 'cavalry') return targetFormation !== 'square';
  return contacterArm === 'infantry' && contacterFormation === 'column';
}

/** [Contact] l.128-129: the contact check's modifier (rally mod, general, skirmish -3). */
export function contactCheckModifier(
  rallyMod: number,
  generalServes: boolean,
  formation: Formation,
  reading: CwjOptions['generalCheckBonus'],
): number {
  return rallyModifier(rallyMod, generalServes, 'contact', reading) + (formation === 'skirmish' ? CONTACT_SKIRMISH_MOD : 0);
}

/**
 * The cohesion a unit keeps after a Rally Table roll that did not remove it. A rally-phase pass
 * recovers a disordered or unformed unit, any other result leaves it as it was. On a check, 6-8
 * disorders the unit; 4-5 retreats it and disorders it unless `cwj.checkRetreatDisorders` is false
 * (then it keeps its cohesion); a pass changes nothing.
 * Rough-terrain tests are read by `roughTestOutcome` (movement.ts), never here.
 */
export function cohesionAfterRoll(
  result: RallyResult,
  before: Cohesion,
  purpose: Exclude<CheckPurpose, 'rough'>,
  checkRetreatDisorders: boolean,
): Cohesion {
  if (purpose === 'rally') return result === RALLY_PASS ? 'good' : before;
  if (result === RALLY_PASS) return before;
  if (result === RALLY_DISORDERED) return 'disordered';
  // RALLY_RETREAT (a rout removes the unit: the caller never asks)
  return checkRetreatDisorders ? 'disordered' : before;
}

/**
 * Whether a rally-phase roll leaves the unit standing in place for the rest of its turn: every result
 * but a pass (6-8 stands, l.50-53; a 4-5 retreat has moved it and it stays disordered or unformed).
 */
export function heldAfterRallyRoll(result: RallyResult): boolean {
  return result !== RALLY_PASS;
}

/** Whether a Rally Table result removes the unit (rout, l.38-41). */
export function rallyRemoves(result: RallyResult): boolean {
  return result === RALLY_ROUT;
}

/** Whether a Rally Table result moves the unit back 30 cm (l.44-48). */
export function rallyRetreats(result: RallyResult): boolean {
  return result === RALLY_RETREAT;
}

// ---------------------------------------------------------------------------------------------
// Morale passes [Rally] l.24-30

/** [Rally] l.25 and l.31-32: a pass reaches units within 30 cm of their corps commander. */
export const PASS_RANGE_CM = 30;

/**
 * [Rally] l.24-32: a corps commander may spend a pass on a disordered (or unformed) unit of his own
 * corps within 30 cm that is not in contact ([Melee] l.254: units in contact may not rally); the unit
 * turns good with no roll. Passes never return (l.26-27).
 */
export function mayUsePass(passesLeft: number, ownCorps: boolean, distanceCm: number, cohesion: Cohesion, inContact: boolean): boolean {
  return passesLeft > 0 && ownCorps && distanceCm <= PASS_RANGE_CM && cohesion !== 'good' && !inContact;
}

/** [Rally] l.24, `cwj.moralePasses`: a commander's passes at the start, the scenario's number first. */
export function startingPasses(scenarioPasses: number | undefined, optionDefault: number): number {
  return scenarioPasses ?? optionDefault;
}

/**
 * [SoP] l.5-6, [Rally] l.29-30: which units must roll in their rally phase. Disordered units not in
 * contact always; unformed ones unless `cwj.roughFailure` = unformedNoRoll.
 */
export function mustRollToRally(cohesion: Cohesion, inContact: boolean, roughFailure: CwjOptions['roughFailure']): boolean {
  if (inContact || cohesion === 'good') return false;
  return cohesion === 'disordered' || roughFailure !== 'unformedNoRoll';
}

/**
 * [Rough] l.123-124: an unformed unit that does not move in its own movement phase is formed again
 * (the marker "is removed").
 */
export function unformedRecovers(cohesion: Cohesion, movedThisPhase: boolean): boolean {
  return cohesion === 'unformed' && !movedThisPhase;
}
