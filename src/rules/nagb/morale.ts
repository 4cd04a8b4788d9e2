/**
 * Morale states (p27-28): good order (jubilant), disordered, broken; shaken and shattered by losses;
 * lost colours; rallying (p2, p27); proximity tests after a friend breaks (p2, p28); burst-through;
 * surrender; the optional battalion commanders (p5).
 */
import type { NagbOptions } from './options.js';
import { type Arm, PROXIMITY_RANGE, SHAKEN_SHARE, SHATTERED_SHARE } from './tables.js';

/** p27: the morale ladder of a unit on the table (removed units leave it). */
export type MoraleState = 'good' | 'disordered' | 'broken';

/** p28: failing a test drops one state: good order to disordered, disordered to broken. */
export function worsen(s: MoraleState): MoraleState {
  return s === 'good' ? 'disordered' : 'broken';
}

/**
 * p27: over 50% of its starting figures lost, a unit is shaken (permanently disordered); p28: so is a
 * unit that lost its colours.
 */
export function isShaken(figures: number, startFigures: number, coloursLost: boolean): boolean {
  return coloursLost || startFigures - figures > SHAKEN_SHARE * startFigures;
}

/** p27: over 75% lost, a unit is shattered and removed. */
export function isShattered(figures: number, startFigures: number): boolean {
  return startFigures - figures > SHATTERED_SHARE * startFigures;
}

/**
 * p16, p28 (nagb.lostColours): a unit without colours is removed once below 50% strength ('shaken'), or
 * at once ('removed').
 */
export function removedForLostColours(figures: number, startFigures: number, coloursLost: boolean, opts: Pick<NagbOptions, 'lostColours'>): boolean {
  if (!coloursLost) return false;
  return opts.lostColours === 'removed' || figures < 0.5 * startFigures;
}

/** p27: whether a unit counts as disordered for modifiers: its state, or permanently (shaken, blown, silenced). */
export function actsDisordered(s: MoraleState, permanentlyDisordered: boolean): boolean {
  return s !== 'good' || permanentlyDisordered;
}

/** p2, p27 (nagb.rallyModifier): the Ld of a rally test: -1 (its disorder) or unmodified, + influence. */
export function rallyLd(ld: number, influence: number, opts: Pick<NagbOptions, 'rallyModifier'>): number {
  return ld + opts.rallyModifier + influence;
}

/**
 * p2, p27: a passed rally moves a unit up one level: broken to disordered, disordered to good order,
 * except that a shaken unit stays disordered (p27, p28).
 */
export function afterRally(s: MoraleState, shaken: boolean): MoraleState {
  if (s === 'broken') return 'disordered';
  return shaken ? 'disordered' : 'good';
}

/** p28 (nagb.routerMove): flight dice of a broken unit failing to rally: 2d6 (cavalry 3d6), or none. */
export function routerMoveDice(arm: Arm, opts: Pick<NagbOptions, 'routerMove'>): number {
  if (opts.routerMove === 'stay') return 0;
  return arm === 'cavalry' ? 3 : 2;
}

/**
 * p2, p28: after a close-combat phase, a unit within 6" of a friend that broke from melee tests once
 * (good order to disordered, disordered to broken). Formed units ignore breaking skirmishers but not
 * breaking guns.
 */
export function proximityTestRequired(distance: number, breakerIsSkirmishers: boolean, testerIsSkirmishers: boolean): boolean {
  if (distance > PROXIMITY_RANGE) return false;
  return !(breakerIsSkirmishers && !testerIsSkirmishers);
}

/** p28: routers bursting through a friend: the friend tests (squares never); fail: one state down, no fire this turn. */
export function burstThroughTestRequired(friendInSquare: boolean, gapOfABaseWidth: boolean): boolean {
  return !friendInSquare && !gapOfABaseWidth;
}

/**
 * p28 (nagb.routerGap): whether a router whose path runs laterally over [lo, hi] finds a gap of at least
 * `base` to flow through: a stretch of [min, max] (the lane's width) that none of `blocks` (the lateral
 * ranges of the units across its flight) covers, at least `base` wide and reached by its path (reached:
 * the gap overlaps the path or its edge meets the path's edge, as a gap beside a friend squarely behind the
 * router does, p15 letting routers flow around friends), or at least `base` wide within its path (inPath).
 */
export function flowGap(lo: number, hi: number, blocks: readonly (readonly [number, number])[], min: number, max: number, base: number, where: 'reached' | 'inPath'): boolean {
  const sorted = [...blocks].sort((p, q) => p[0] - q[0]);
  const fits = (from: number, to: number) => {
    const open = (to < hi ? to : hi) - (from > lo ? from : lo);
    return where === 'inPath' ? open >= base - 1e-9 : to - from >= base - 1e-9 && open >= -1e-9;
  };
  let at = min;
  for (const [from, to] of sorted) {
    if (from > at && fits(at, from)) return true;
    if (to > at) at = to;
  }
  return max > at && fits(at, max);
}

/**
 * p28: a unit in good order that destroys an enemy, makes it run, retreat or retire, or takes a
 * standard or general becomes jubilant (+1 more each time); disorder ends it.
 */
export function jubilanceAfter(levels: number, goodOrder: boolean, enemyRanOrRetreated: boolean): number {
  if (!goodOrder) return 0;
  return enemyRanOrRetreated ? levels + 1 : levels;
}

/** p28: a unit that breaks with no possible line of retreat surrenders. */
export function surrenders(breaks: boolean, hasLineOfRetreat: boolean): boolean {
  return breaks && !hasLineOfRetreat;
}

/** p5 (optional): a whole stand removed: on a 1 the battalion commander dies, -1 to that test only. */
export function battalionCommanderKilled(d6: number): boolean {
  return d6 === 1;
}

/** p31: a structure collapsing on a unit: it tests, and flees 2d6 from the building on failure. */
export const COLLAPSE_FLIGHT_DICE = 2;
