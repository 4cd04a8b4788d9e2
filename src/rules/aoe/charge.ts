/**
 * Charges and the fire that stops them (p1 March phase, p2 Die Result "Charge checked", p3 Volley and
 * Cannonade; rulings 2, 3.1, 3.5). A charge is a move into contact made in the March phase; the
 * defender's fire in the next Volley & Cannonade phase may check it; survivors fight in Bayonet & Sabre.
 */
import { A_LA_BAYONETTE, ELAN, MARCH_RESULTS, type MarchResult } from './march.js';
import type { AoeOptions } from './options.js';
import type { Arm } from './units.js';
import { volleyChecksCharge, type VolleyResult } from './volley.js';

/**
 * aoe.chargeRequires: which March results allow a charge. `anyMove`: any result that moves the unit
 * (a half move charges if it reaches); `fullMove`: only results that move normally; `aLaBayonette`:
 * only the top band (A la Bayonette, or Elan for a disordered unit).
 */
export function mayCharge(result: MarchResult, rule: AoeOptions['chargeRequires']): boolean {
  const m = MARCH_RESULTS[result].move;
  if (rule === 'aLaBayonette') return result === A_LA_BAYONETTE || result === ELAN;
  if (rule === 'fullMove') return m === 'full';
  return m === 'full' || m === 'half';
}

/** A charge goes home when the distance to contact is within the inches the unit may still move. */
export function chargeReaches(distanceToContact: number, allowance: number): boolean {
  return distanceToContact <= allowance;
}

/** p1 Special Rules: only one attacking unit may contact each face of the defender. */
export const ATTACKERS_PER_FACE = 1;

/** Whether a charging unit hit by this result is checked (Telling or better; p3 "Telling Fire" read as at least Telling). */
export function chargeChecked(r: VolleyResult): boolean {
  return volleyChecksCharge(r);
}

/** p2 notes: a checked charger goes back 2" from the enemy. */
export const CHARGE_CHECKED_RETREAT = 2;

/**
 * Inches a checked charger moves back: 2"; cavalry may recall instead, up to a full move (`recall`
 * is the distance its owner picks, at most `fullMove`).
 */
export function chargeCheckedRetreat(arm: Arm, recall: number, fullMove: number): number {
  if (arm !== 'cavalry' || recall <= CHARGE_CHECKED_RETREAT) return CHARGE_CHECKED_RETREAT;
  return recall < fullMove ? recall : fullMove;
}
