/**
 * Hits and removal (p2 notes, p3 Hits; rulings 3.7, 5). Losses are hit markers: no stand is ever
 * removed, so a unit fires and counts with all its stands until it reaches its removal threshold.
 */
import type { AoeOptions } from './options.js';
import { MEN_PER_STAND, STANDARD_STANDS, type Arm } from './units.js';

/** p3 Hits: a unit with 5 hits is removed from play. */
export const REMOVAL_HITS = 5;

/**
 * Hits that remove a unit. `five`: 5 (p3 Hits). `prorated`: ceil(5 x stands / standard stands of the
 * arm), for units smaller than the text's 6-stand infantry and 4-stand cavalry. The rulings write the
 * formula with 6 for every arm, which would remove a standard 4-stand cavalry unit at 4 hits against
 * p3 Hits; the text wins (docs/rules/aoe.md, "Text and rulings").
 */
export function removalThreshold(arm: Arm, stands: number, rule: AoeOptions['removalHits']): number {
  if (rule === 'five' || arm === 'artillery') return REMOVAL_HITS;
  return Math.max(1, Math.ceil((REMOVAL_HITS * stands) / STANDARD_STANDS[arm]));
}

/** Whether a unit with `hits` is removed at `threshold`. */
export function removedByHits(hits: number, threshold: number): boolean {
  return hits >= threshold;
}

/**
 * aoe.standLoss: a result that makes troops "lose a stand" (p1 Broken, p2 result 0) costs one hit, or
 * nothing (p3 Hits: no stand removal).
 */
export function standLossHits(rule: AoeOptions['standLoss']): number {
  return rule === 'hit' ? 1 : 0;
}

/**
 * Rulings 5, the cohesion ladder: a unit is "shaken" (the parent's Spent) at 3-4 hits, that is within 2
 * hits of removal; under aoe.removalHits prorated the same distance from its own threshold.
 */
export function shakenByHits(hits: number, threshold: number): boolean {
  return hits < threshold && hits >= Math.max(1, threshold - 2);
}

/**
 * Men lost for reporting (rulings 5, aoe.hitMen): `fifth`: each hit a fifth of the starting men;
 * `stand`: each hit a stand's men; all of them once removed. Never more than the unit had.
 */
export function menLost(arm: Arm, stands: number, hits: number, removed: boolean, rule: AoeOptions['hitMen']): number {
  const men = MEN_PER_STAND[arm] * stands;
  if (removed) return men;
  const lost = rule === 'fifth' ? (hits * men) / REMOVAL_HITS : hits * MEN_PER_STAND[arm];
  return lost < men ? lost : men;
}
