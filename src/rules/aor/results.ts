/**
 * The result of an Age of Rifles engagement in the common vocabulary (src/core/result.ts): sized by
 * the rule system's check purposes and morale scale, started with every unit in good order (or
 * disrupted, as the scenario sets it), finished in men and minutes at the engagement's scale.
 */
import { emptyResult, reachRung, RUNG, type EngagementResult } from '../../core/result.js';
import type { Scale } from '../../core/vocabulary.js';
import type { UnitSpec } from './units.js';
import { AOR_VOCABULARY, MORALE_SLOTS } from './vocabulary.js';

export function newAorResult(units: number, formations = 0, objectives = 0): EngagementResult {
  return emptyResult({ units, formations, objectives, purposes: AOR_VOCABULARY.checkPurposes.length, ratings: MORALE_SLOTS });
}

/** Every unit counts on the ladder's first rung; a unit the scenario starts disrupted (6.2) is disordered already. */
export function startLadder(res: EngagementResult, specs: readonly UnitSpec[]): void {
  for (let u = 0; u < specs.length; u++) {
    res.sides[specs[u].side].rungs[RUNG.good]++;
    if (specs[u].startDisrupted) reachRung(res, specs[u].side, u, RUNG.disordered);
  }
}

/**
 * Men and minutes: every strength point lost is `scale.menPerStrength` men. The basic rules do not tell
 * the killed and wounded from the men of broken units who scatter, so casualties are every man lost.
 * `fightingTurns`: the turns played in which there could be combat (16: none at night).
 */
export function finishResult(res: EngagementResult, scale: Scale, fightingTurns: number): void {
  res.minutes = fightingTurns * scale.minutesPerTurn;
  for (const s of res.sides) {
    s.startMen = s.startStrength * scale.menPerStrength;
    s.menLost = s.strengthLost * scale.menPerStrength;
    s.casualties = s.menLost;
  }
}
