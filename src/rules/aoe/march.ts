/**
 * The March Table (p1 March Table, Tactical Movement Modifiers; p3 March Table - Artillery, March
 * Mode, Secure Flanks; rulings 3.1). One die plus modifiers; the result is read in the left column
 * for a disordered unit or silenced battery, in the right one for a unit in good order. The March
 * Table is also the morale of the game: hits and cohesion levels count against it (rulings 3.7).
 */
import type { Uniform } from '../../core/dice.js';
import { cohesionMarchDrm } from './cohesion.js';
import { rollDie, type Die } from './dice.js';
import type { AoeOptions } from './options.js';
import { isColumnMasseOrSquare, marchQualityDrm, type Arm, type Formation, type MarchMode, type Troops } from './units.js';

// ---- Modifiers (p1 Tactical Movement Modifiers) ----

/**
 * Detached division or army leaders within 12": +1 each, +2 a charismatic one, at most +4 in all
 * (the "Max 4 pts" read as the cap of this line [layout], rulings 3.1).
 */
export function detachedLeaderDrm(plain: number, charismatic: number): number {
  return Math.min(4, plain + 2 * charismatic);
}

/** An attached leader: none 0, a leader +2, a charismatic leader +3. */
export function attachedLeaderMarchDrm(leader: 0 | 1 | 2): number {
  return leader === 0 ? 0 : leader === 1 ? 2 : 3;
}

/** +1 for troops in Field or March Column, Masse or Square (rulings 3.1 reads "Column" as both). */
export function formationMarchDrm(arm: Arm, formation: Formation): number {
  return arm !== 'artillery' && isColumnMasseOrSquare(formation) ? 1 : 0;
}

/**
 * p3 March Table - March Mode: Linear infantry is out of its mode in Field Column (and in Masse, p1;
 * aoe.linearMasse), Columnar infantry in Line; Impulse infantry never.
 */
export function inconsistentWithMarchMode(mode: MarchMode, formation: Formation, linearMasse: AoeOptions['linearMasse']): boolean {
  if (mode === 'linear') return formation === 'fieldColumn' || (formation === 'masse' && linearMasse === 'inconsistent');
  if (mode === 'columnar') return formation === 'line';
  return false;
}

/**
 * Whether an order counts as "wanting to move" for the March Mode -2 (p1; p3 March Mode): a move along
 * the ground (advance, withdrawal, charge) always; a formation change where the unit stands only under
 * aoe.marchModeChange `changeToo` (p3 lets a unit adopt any formation; the -2 is for moving in one).
 */
export function movesForMarchMode(travels: boolean, changesFormation: boolean, rule: AoeOptions['marchModeChange']): boolean {
  return travels || (changesFormation && rule === 'changeToo');
}

/** -2 for infantry that wants to move in a formation against its March Mode (p1; p3 March Mode). */
export function marchModeDrm(mode: MarchMode | null, movingFormation: Formation, moving: boolean, linearMasse: AoeOptions['linearMasse']): number {
  return moving && mode !== null && inconsistentWithMarchMode(mode, movingFormation, linearMasse) ? -2 : 0;
}

/** -3 for disordered cavalry moving into a charge. */
export function disorderedChargeDrm(arm: Arm, disordered: boolean, charging: boolean): number {
  return arm === 'cavalry' && disordered && charging ? -3 : 0;
}

/**
 * Whether the charge roll takes the -3 as disordered cavalry: the unit is disordered, or (p3 Built Up
 * Areas: cavalry attacking a unit in a BUA are always Disordered) it charges a unit in a village block
 * under aoe.buaCavalry `disordered`. The result is still read in the column of its own state.
 */
export function chargesAsDisordered(disordered: boolean, chargeAtBua: boolean, rule: AoeOptions['buaCavalry']): boolean {
  return disordered || (chargeAtBua && rule === 'disordered');
}

/** What the March Table modifiers depend on, for one unit and one roll. */
export interface MarchSituation {
  arm: Arm;
  /** Troops disordered, or a battery silenced: the left column, and the -3 of disordered cavalry charging. */
  disordered: boolean;
  /** The unit's formation now (batteries: ignored). */
  formation: Formation;
  troops: Troops;
  hits: number;
  /** 0 none, 1 an attached leader, 2 an attached charismatic leader. */
  attachedLeader: 0 | 1 | 2;
  /** Detached division or army leaders within 12", plain and charismatic. */
  detachedLeaders: number;
  detachedCharismatic: number;
  /** Infantry March Mode (null for cavalry and batteries). */
  marchMode: MarchMode | null;
  /** Whether the unit wants to move, and in which formation it would move. */
  moving: boolean;
  movingFormation: Formation;
  /** p3 March Table - Secure Flanks: a friendly unit within 3" of each flank. */
  secureFlanks: boolean;
  /** The unit wants to charge (a move into contact). */
  charging: boolean;
  /** Its charge is at a unit in a village block (p3 Built Up Areas; aoe.buaCavalry). */
  chargeAtBua: boolean;
  /** Army cohesion level of its side (cohesion.ts). */
  cohesionLevel: number;
}

/** The sum of every March Table modifier that applies (p1 Tactical Movement Modifiers). */
export function marchModifier(s: MarchSituation, opts: Pick<AoeOptions, 'linearMasse' | 'guardStep' | 'buaCavalry'>): number {
  return (
    detachedLeaderDrm(s.detachedLeaders, s.detachedCharismatic) +
    attachedLeaderMarchDrm(s.attachedLeader) +
    formationMarchDrm(s.arm, s.formation) +
    marchModeDrm(s.marchMode, s.movingFormation, s.moving, opts.linearMasse) +
    (s.secureFlanks ? 1 : 0) +
    marchQualityDrm(s.troops, opts.guardStep) -
    s.hits +
    disorderedChargeDrm(s.arm, chargesAsDisordered(s.disordered, s.chargeAtBua, opts.buaCavalry), s.charging) +
    cohesionMarchDrm(s.cohesionLevel)
  );
}

// ---- Results (p1 March Table) ----

/** Band of a modified roll: 0 for 9 or more, 1 for 6-8, 2 for 4-5, 3 for 2-3, 4 for 0-1, 5 below 0. */
export function marchBand(modified: number): number {
  return modified >= 9 ? 0 : modified >= 6 ? 1 : modified >= 4 ? 2 : modified >= 2 ? 3 : modified >= 0 ? 4 : 5;
}

/** Result codes: good order 0..5 (A la Bayonette .. Fall Back), disordered/silenced 6..11 (Elan .. Routs). */
export const A_LA_BAYONETTE = 0, EN_AVANT = 1, CAUTIOUS = 2, HOLD_GROUND = 3, RETIRE = 4, FALL_BACK = 5;
export const ELAN = 6, RALLY = 7, SHAKEN = 8, WAVERING = 9, BROKEN = 10, ROUTS = 11;
export type MarchResult = number;

/** The result of a modified roll for a unit in good order or disordered (silenced). */
export function marchResult(modified: number, disordered: boolean): MarchResult {
  return marchBand(modified) + (disordered ? 6 : 0);
}

/** Roll one die for a unit: the result code. */
export function rollMarch(u: Uniform, die: Die, modifier: number, disordered: boolean): MarchResult {
  return marchResult(rollDie(u, die) + modifier, disordered);
}

/** What a result lets the unit do this March phase. */
export interface MarchEffect {
  key: string;
  /** full or half a move; none; retreat a full move; retire beyond range; removed from play. */
  move: 'full' | 'half' | 'none' | 'retreat' | 'retire' | 'removed';
  /** Formation changes allowed: any, to square only, to square or limber/unlimber only, none. */
  change: 'any' | 'square' | 'squareOrLimber' | 'none';
  /** Troops rally: their disorder is removed. */
  rallies: boolean;
  /** A battery's silenced marker is removed (p1 Special Rules: a Rally; Elan rallies too, rulings 3.1). */
  unsilences: boolean;
  /** The unit ends disordered (silenced): it becomes so or stays so. */
  disordered: boolean;
  /** Troops lose a stand (aoe.standLoss: read as a hit, or ignored). */
  loseStand: boolean;
}

const E = (key: string, move: MarchEffect['move'], change: MarchEffect['change'], rallies: boolean, unsilences: boolean, disordered: boolean, loseStand = false): MarchEffect =>
  Object.freeze({ key, move, change, rallies, unsilences, disordered, loseStand });

/** p1 March Table, by result code. "Moves normally" includes formation changes (rulings 3.1). */
export const MARCH_RESULTS: readonly MarchEffect[] = Object.freeze([
  // Good order (right column).
  E('aLaBayonette', 'full', 'any', false, false, false),
  E('enAvant', 'full', 'any', false, false, false),
  E('cautious', 'half', 'squareOrLimber', false, false, false),
  E('holdGround', 'none', 'none', false, false, false),
  E('retire', 'retire', 'none', false, false, false), // no disorder is stated
  E('fallBack', 'retreat', 'none', false, false, true),
  // Disordered or silenced (left column).
  E('elan', 'full', 'any', true, true, false),
  E('rally', 'half', 'square', true, true, false),
  E('shaken', 'none', 'none', true, false, false), // troops rally; a battery stays silenced
  E('wavering', 'none', 'none', false, false, true),
  E('broken', 'retreat', 'none', false, false, true, true),
  E('routs', 'removed', 'none', false, false, true),
]);

/** Ends disordered or silenced after the result, for a unit that was `disordered` before. */
export function disorderedAfter(result: MarchResult, arm: Arm): boolean {
  const e = MARCH_RESULTS[result];
  if (e.disordered) return true;
  if (result < ELAN) return false; // good order stays in order
  return arm === 'artillery' ? !e.unsilences : !e.rallies;
}

/** Hits a result costs: Broken troops lose a stand, read per aoe.standLoss (p3 Hits: stands are never removed). */
export function marchStandLossHits(result: MarchResult, arm: Arm, standLoss: AoeOptions['standLoss']): number {
  return MARCH_RESULTS[result].loseStand && arm !== 'artillery' && standLoss === 'hit' ? 1 : 0;
}

/** Share of its move a result allows: 1, 1/2 or 0 (retreats are not moves of the unit's choosing). */
export function moveShare(result: MarchResult): number {
  const m = MARCH_RESULTS[result].move;
  return m === 'full' ? 1 : m === 'half' ? 0.5 : 0;
}

/** Whether a result allows a change to `to` ('square', 'limber' for limbering or unlimbering, or 'other'). */
export function mayChangeFormation(result: MarchResult, to: 'square' | 'limber' | 'other'): boolean {
  const c = MARCH_RESULTS[result].change;
  if (c === 'any') return true;
  if (c === 'square') return to === 'square';
  if (c === 'squareOrLimber') return to === 'square' || to === 'limber';
  return false;
}

/**
 * Rulings 5: a March roll counts as a failed morale check when the modified roll is 3 or less (Hold
 * Ground, Retire, Fall Back; Wavering, Broken, Routs).
 */
export function marchCheckFailed(modified: number): boolean {
  return modified <= 3;
}

/**
 * p1 Play Sequence b: units moving roll. aoe.marchCheck `movers`: a unit rolls when it wants to move,
 * change formation, charge or rally; `everyUnit`: every unit rolls every March phase.
 */
export function rollsOnMarchTable(wantsToAct: boolean, rule: AoeOptions['marchCheck']): boolean {
  return rule === 'everyUnit' || wantsToAct;
}

/** p1 Retire: where the unit must end, in inches from the nearest enemy: beyond 3" (musket) or 6" (skirmish). */
export function retireBeyond(rule: AoeOptions['retireDistance']): number {
  // p2 measures ranges to a tenth of an inch (skirmish fire from 3.1"): beyond 3" is 3.1".
  return rule === 'musket' ? 3.1 : 6.1;
}

/**
 * p1 Retire: how far the unit moves back from `distance` inches to be beyond the range; 0 when it
 * already is, and then the result is played as Hold Ground [gap] (rulings 3.1).
 */
export function retireDistance(distance: number, rule: AoeOptions['retireDistance']): number {
  const d = retireBeyond(rule) - distance;
  return d > 0 ? d : 0;
}
