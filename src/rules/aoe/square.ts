/**
 * Forming square (p1 Forming Square, p3 Forming Square; rulings 3.3). Infantry charged by cavalry may
 * roll on the March Table in the enemy's March phase, once the charge is declared and before contact:
 * Cautious or better (good order) or Rally or better (disordered) forms square.
 */
import { marchBand, marchResult, type MarchResult } from './march.js';
import type { AoeOptions } from './options.js';
import type { Arm, Formation } from './units.js';

/**
 * Who may roll: infantry not in March Column (p1); not a unit already in square, nor one in a BUA,
 * which has no formation to change (p3 Built Up Areas; a reading, docs/rules/aoe.md).
 */
export function mayRollForSquare(arm: Arm, formation: Formation): boolean {
  return arm === 'infantry' && formation !== 'marchColumn' && formation !== 'square' && formation !== 'none';
}

/** Whether a modified March roll forms square: good order 4 or more (Cautious), disordered 6 or more (Rally). */
export function formsSquare(modified: number, disordered: boolean): boolean {
  return marchBand(modified) <= (disordered ? 1 : 2);
}

/**
 * aoe.squareRoll: under `squareOnly` the roll decides the square and nothing else (null); under
 * `fullResult` the March result it gives applies as well (rallies, retreats, rout).
 */
export function squareRollResult(modified: number, disordered: boolean, rule: AoeOptions['squareRoll']): MarchResult | null {
  return rule === 'fullResult' ? marchResult(modified, disordered) : null;
}
