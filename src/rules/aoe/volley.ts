/**
 * Volley & Cannonade (p2 Volley & Cannonade; p3 Fire Points, Volley and Cannonade; rulings 3.5): a
 * firing unit's fire points at the range give a die modifier, the target's situation others; one die
 * plus modifiers is read on the result bands (the simpler Fire & Fury kind of table, p3).
 */
import type { Uniform } from '../../core/dice.js';
import { rollDie, type Die } from './dice.js';
import type { AoeOptions } from './options.js';
import { frontRankStands, type Formation } from './units.js';

// ---- Ranges (p2 Fire Points at Range; p3 Volley and Cannonade) ----

/** p3: musket range is 150% of the parent's: 3". */
export const MUSKET_RANGE = 3;
/** p2: skirmish fire from 3.1" to 6". */
export const SKIRMISH_RANGE = 6;
/** p2: the longest artillery column. */
export const ARTILLERY_RANGE = 24;
/** p2 column heads: a distance up to each is in that band. */
export const RANGE_BANDS: readonly number[] = Object.freeze([3, 6, 12, 18, 24]);

/** The band of a distance in inches: 0 for up to 3" (contact included), ... 4 for up to 24"; -1 beyond. */
export function rangeBand(distance: number): number {
  for (let b = 0; b < RANGE_BANDS.length; b++) if (distance <= RANGE_BANDS[b]) return b;
  return -1;
}

// ---- Fire points (p2 Fire Points at Range, Fire Point Modifiers, notes) ----

/** p2: fire points of a gun stand by guns, weight and band (heavy / light). */
export const BATTERY_FIRE_POINTS: Readonly<Record<6 | 8, Readonly<Record<'heavy' | 'light', readonly number[]>>>> = Object.freeze({
  8: Object.freeze({ heavy: Object.freeze([24, 18, 14, 10, 8]), light: Object.freeze([20, 12, 10, 8, 6]) }),
  6: Object.freeze({ heavy: Object.freeze([18, 14, 10, 8, 6]), light: Object.freeze([14, 10, 8, 6, 4]) }),
});

/** p2: musket fire points per firing stand within 3": 2.5 for a 2-rank musket, 2 for 3 ranks. */
export function musketPointsPerStand(ranks: 2 | 3): number {
  return ranks === 2 ? 2.5 : 2;
}

/** p2 "1 Sk": skirmish fire points per firing stand at 3.1"-6". */
export const SKIRMISH_POINTS_PER_STAND = 1;
/** p2 notes: a square fires 1 point per stand. */
export const SQUARE_POINTS_PER_STAND = 1;

/**
 * Stands that fire within 3" [gap] (rulings 3.5): the front rank facing the target (Line and Open
 * Order all, Field Column and Masse 2, March Column 1); a square all its stands or the face toward the
 * target (aoe.squareFire); a unit in a BUA all its stands (p3 Built Up Areas). The same whether the
 * unit is engaged in Bayonet & Sabre or not: p3 limits engaged units to their front rank, which is
 * all that fires anyway.
 */
export function firingStands(formation: Formation, stands: number, squareFire: AoeOptions['squareFire']): number {
  if (formation === 'square') return squareFire === 'allStands' ? stands : frontRankStands('square', stands);
  return frontRankStands(formation, stands);
}

/**
 * Whether a unit may skirmish at 3.1"-6": not from a BUA (p3), nor from a Square or March Column
 * [gap] (rulings 4, aoe.skirmishFire).
 */
export function maySkirmish(formation: Formation): boolean {
  return formation !== 'none' && formation !== 'square' && formation !== 'marchColumn';
}

/**
 * p2 Fire Point Modifiers: a disordered firer or damaged gun (value missing: halved under
 * aoe.disorderedFire half) and stands in a BUA (half, p3) multiply.
 */
export function firePointFactor(disorderedOrDamaged: boolean, inBua: boolean, disorderedFire: AoeOptions['disorderedFire']): number {
  return (disorderedOrDamaged && disorderedFire === 'half' ? 0.5 : 1) * (inBua ? 0.5 : 1);
}

/** A musket-armed unit as a firer. */
export interface MusketFirer {
  ranks: 2 | 3;
  stands: number;
  formation: Formation;
  disordered: boolean;
}

/**
 * Fire points of infantry at `distance` inches: volley within 3" (squares 1 a stand), skirmish at
 * 3.1"-6" (aoe.skirmishFire: 1 a front stand, or 1 a unit), none beyond. Cavalry has no fire points.
 */
export function musketFirePoints(f: MusketFirer, distance: number, opts: Pick<AoeOptions, 'squareFire' | 'skirmishFire' | 'disorderedFire'>): number {
  const band = rangeBand(distance);
  const factor = firePointFactor(f.disordered, f.formation === 'none', opts.disorderedFire);
  if (band === 0) {
    const n = firingStands(f.formation, f.stands, opts.squareFire);
    const per = f.formation === 'square' ? SQUARE_POINTS_PER_STAND : musketPointsPerStand(f.ranks);
    return n * per * factor;
  }
  if (band === 1 && maySkirmish(f.formation)) {
    const pts = opts.skirmishFire === 'perStand' ? firingStands(f.formation, f.stands, opts.squareFire) * SKIRMISH_POINTS_PER_STAND : 1;
    return pts * factor;
  }
  return 0;
}

/** Whether musket fire at this distance is skirmish fire (3.1"-6"). */
export function isSkirmishRange(distance: number): boolean {
  return rangeBand(distance) === 1;
}

/** A battery as a firer. Limbered or silenced guns do not fire (rulings 3.5). */
export interface BatteryFirer {
  guns: 6 | 8;
  weight: 'heavy' | 'light';
  limbered: boolean;
  silenced: boolean;
  damaged: boolean;
  inBua: boolean;
}

/** Fire points of a battery at `distance` inches (p2 table), 0 out of range, limbered or silenced. */
export function batteryFirePoints(b: BatteryFirer, distance: number, disorderedFire: AoeOptions['disorderedFire']): number {
  const band = rangeBand(distance);
  if (band < 0 || b.limbered || b.silenced) return 0;
  return BATTERY_FIRE_POINTS[b.guns][b.weight][band] * firePointFactor(b.damaged, b.inBua, disorderedFire);
}

/** p3 Volley and Cannonade: at most two batteries fire at one unit unless no other target is available. */
export const MAX_BATTERIES_PER_TARGET = 2;

export function batteryMayFireAt(batteriesAlreadyOnTarget: number, otherTargetAvailable: boolean): boolean {
  return batteriesAlreadyOnTarget < MAX_BATTERIES_PER_TARGET || !otherTargetAvailable;
}

// ---- Die roll modifiers (p2 Die Roll Modifiers) ----

/** p2: the fire point thresholds and their modifiers; the largest threshold reached counts, no rounding. */
export const FIRE_POINT_STEPS: readonly (readonly [number, number])[] = Object.freeze([
  [50, 5], [40, 4], [30, 3], [22, 2], [16, 1], [12, 0], [10, -1], [8, -2], [6, -3], [4, -4],
].map((s) => Object.freeze(s) as readonly [number, number]));

/** The die modifier of a number of fire points: -5 below 4 ... +5 at 50 or more (FIRE_POINT_STEPS, unrolled). */
export function firePointDrm(points: number): number {
  if (points >= 12) return points >= 50 ? 5 : points >= 40 ? 4 : points >= 30 ? 3 : points >= 22 ? 2 : points >= 16 ? 1 : 0;
  return points >= 10 ? -1 : points >= 8 ? -2 : points >= 6 ? -3 : points >= 4 ? -4 : -5;
}

/** What the target modifiers depend on. */
export interface VolleyTarget {
  /** `none` for a unit in a BUA (no formation, p3). */
  formation: Formation;
  aboutFaced: boolean;
  /** A battery target that is limbered. */
  limbered: boolean;
  /** The target changed formation this turn. */
  changedFormation: boolean;
  enfiladed: boolean;
  /** Cover level 0..3 (a BUA block: aoe.buaCover; woods 1, rulings 6). */
  cover: number;
}

/**
 * p2 +1 "changed formation" and p3 Built Up Areas: whether occupying a block (entering a vacant one,
 * or taking it after a combat) counts as a formation change (aoe.buaEntry). The text calls only leaving
 * a block "reforming"; entering is automatic and leaves the unit in no particular formation.
 */
export function blockEntryChangesFormation(rule: AoeOptions['buaEntry']): boolean {
  return rule === 'changedFormation';
}

/**
 * p2 target modifiers, one per line, lines adding [gap]: +1 Field Column, about-faced, limbered or
 * changed formation; +2 March Column, Masse, Square or enfiladed; -2 Open Order target or skirmish
 * fire (aoe.skirmishPenalty); minus the cover level.
 */
export function targetDrm(t: VolleyTarget, skirmish: boolean, skirmishPenalty: AoeOptions['skirmishPenalty']): number {
  let m = 0;
  if (t.formation === 'fieldColumn' || t.aboutFaced || t.limbered || t.changedFormation) m += 1;
  if (t.formation === 'marchColumn' || t.formation === 'masse' || t.formation === 'square' || t.enfiladed) m += 2;
  if (t.formation === 'openOrder' || (skirmish && skirmishPenalty === 'either')) m -= 2;
  return m - t.cover;
}

/** One roll of fire at one target: its fire points, whether guns fire (cannonade), whether it is skirmish fire. */
export interface Volley {
  firePoints: number;
  cannonade: boolean;
  skirmish: boolean;
}

/**
 * aoe.combineFire combined: the fire of several units at one target as one roll: fire points add; it is
 * cannonade if any battery fires, skirmish fire only if every part is (docs/rules/aoe.md).
 */
export function combineVolleys(parts: readonly Volley[]): Volley {
  let firePoints = 0, cannonade = false, skirmish = parts.length > 0;
  for (const p of parts) {
    firePoints += p.firePoints;
    cannonade ||= p.cannonade;
    skirmish &&= p.skirmish;
  }
  return { firePoints, cannonade, skirmish };
}

/** The total die modifier of a volley at a target. */
export function volleyModifier(v: Volley, t: VolleyTarget, skirmishPenalty: AoeOptions['skirmishPenalty']): number {
  return firePointDrm(v.firePoints) + targetDrm(t, v.skirmish, skirmishPenalty);
}

// ---- Results (p2 Die Result) ----

export const DESULTORY = 0, LIVELY = 1, GALLING = 2, TELLING = 3, WITHERING = 4;
export type VolleyResult = number;
export const VOLLEY_RESULT_KEYS: readonly string[] = Object.freeze(['desultory', 'lively', 'galling', 'telling', 'withering']);

/** p2: 11 or more Withering, 8-10 Telling, 6-7 Galling, 5 Lively, 4 or less Desultory. */
export function volleyResult(modified: number): VolleyResult {
  return modified >= 11 ? WITHERING : modified >= 8 ? TELLING : modified >= 6 ? GALLING : modified === 5 ? LIVELY : DESULTORY;
}

/** Roll one volley: the result code. */
export function rollVolley(u: Uniform, die: Die, modifier: number): VolleyResult {
  return volleyResult(rollDie(u, die) + modifier);
}

/** Hits on troops: Withering 2, Telling 1, else none (p2). */
export function volleyHits(r: VolleyResult): number {
  return r === WITHERING ? 2 : r === TELLING ? 1 : 0;
}

/** Troops disordered: Galling or better; Lively only from cannonade (musketry has no effect) (p2). */
export function volleyDisorders(r: VolleyResult, cannonade: boolean): boolean {
  return r >= GALLING || (r === LIVELY && cannonade);
}

/** p2, p3: Telling or Withering fire checks a charge (the charger goes back 2", cavalry may recall). */
export function volleyChecksCharge(r: VolleyResult): boolean {
  return r >= TELLING;
}

/** What fire does to a gun stand: 0 nothing, 1 silenced, 2 damaged, 3 wrecked. */
export const GUNS_UNHARMED = 0, GUNS_SILENCED = 1, GUNS_DAMAGED = 2, GUNS_WRECKED = 3;

/** p2: Withering wrecks a gun stand, Telling damages it, Galling (or Lively from cannonade) silences it. */
export function volleyGunEffect(r: VolleyResult, cannonade: boolean): number {
  if (r === WITHERING) return GUNS_WRECKED;
  if (r === TELLING) return GUNS_DAMAGED;
  if (r === GALLING || (r === LIVELY && cannonade)) return GUNS_SILENCED;
  return GUNS_UNHARMED;
}

/** A battery's state as bits. */
export const SILENCED = 1, DAMAGED = 2, WRECKED = 4;

/**
 * Apply a gun effect to a battery's state bits. A damaged gun damaged again is wrecked [gap]; a wrecked
 * one-stand battery is removed (rulings 3.5). Silence does not damage; damage silences only under
 * aoe.tellingGuns silencedToo (p2 names only the damage on a Telling result).
 */
export function applyGunEffect(state: number, effect: number, tellingGuns: AoeOptions['tellingGuns']): number {
  if (effect === GUNS_SILENCED) return state | SILENCED;
  if (effect === GUNS_DAMAGED) {
    const s = tellingGuns === 'silencedToo' ? state | SILENCED : state;
    return s & DAMAGED ? s | WRECKED : s | DAMAGED;
  }
  if (effect === GUNS_WRECKED) return state | WRECKED;
  return state;
}
