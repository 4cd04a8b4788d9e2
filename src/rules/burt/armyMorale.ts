/**
 * Army morale (10): a secret counter, one per unit by default; every rout and every unit leaving
 * RESERVE costs one. On first reaching 0 every unit of the army tests at once at -1 (failure: a
 * level), and every later test of that army has -1 too. No defeat follows by itself.
 */
import { ARMY_MORALE_DROP } from './tables.js';

/** 10 (burt.armyMoraleStart): the starting value: one per unit, or a given number. */
export function armyMoraleStart(option: 'units' | number, units: number): number {
  return option === 'units' ? units : option;
}

/** 10: the counter after `events` routs or reserves committed; it stays at 0 once there. */
export function dropArmyMorale(value: number, events = 1): number {
  const next = value - events * ARMY_MORALE_DROP;
  return next < 0 ? 0 : next;
}

/** 10: whether this drop is the one that first brings the army to 0 (every unit tests now). */
export function reachedZeroNow(before: number, after: number): boolean {
  return before > 0 && after <= 0;
}

/** 10: an army at 0 is demoralised: -1 on every morale test for the rest of the battle. */
export function armyDemoralised(value: number): boolean {
  return value <= 0;
}
