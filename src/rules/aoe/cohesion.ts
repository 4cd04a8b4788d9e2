/**
 * Army cohesion levels. The text gives only their March Table modifier (p1 Tactical Movement
 * Modifiers: -1 each); the levels themselves are undefined, and aoe.cohesion supplies them [gap]
 * (rulings 3.7, 4, 5).
 */
import type { AoeOptions } from './options.js';

/**
 * The cohesion level of a side: under `quarters` and `quartersNoBreak`, floor(4 x removed / starting)
 * over foot and horse units (batteries do not count); 0 under `none` or for a side with no such units.
 */
export function cohesionLevel(removed: number, starting: number, rule: AoeOptions['cohesion']): number {
  if (rule === 'none' || starting <= 0) return 0;
  return Math.floor((4 * removed) / starting);
}

/** The level at which a side's army breaks under `quarters`. */
export const ARMY_BROKEN_LEVEL = 2;

/** Whether a side's army is broken (rulings 5: demoralized): level 2 or more under `quarters` only. */
export function armyBroken(level: number, rule: AoeOptions['cohesion']): boolean {
  return rule === 'quarters' && level >= ARMY_BROKEN_LEVEL;
}

/** p1 Tactical Movement Modifiers: -1 on the March Table for each cohesion level. */
export function cohesionMarchDrm(level: number): number {
  return -level;
}
