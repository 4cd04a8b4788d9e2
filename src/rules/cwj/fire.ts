/**
 * Fire ([Fire] l.130-225): ranges, targets, the Firing Table and its modifiers, combined batteries,
 * and the attached general's attempt to lower a result ([Gen] l.286-290). The modifier table's cells
 * are read in their printed order, pairs of (firer, mod), (target, mod), (battery, range) per row
 * (rulings section 4).
 */
import { d6, type Uniform } from '../../core/dice.js';
import { GENERAL_EFFECTS, generalDies } from './generals.js';
import type { CwjOptions } from './options.js';
import type { Arm, Cover, Formation } from './types.js';

/** Firing Table results, least first. */
export const FIRE_NONE = 0;
export const FIRE_DISORDER = 1;
export const FIRE_RETREAT = 2;
export const FIRE_ELIMINATE = 3;
export type FireResult = 0 | 1 | 2 | 3;
export const FIRE_RESULT_NAMES = ['no effect', 'disordered', 'retreats 30 cm, disordered', 'eliminated'] as const;

/** [Fire] l.145-158 as data: each band's highest modified 2d6 total. */
export const FIRING_TABLE = {
  source: '[Fire] l.145-158',
  bands: [
    { upTo: 6, result: FIRE_NONE, text: 'no effect (l.148-149)' },
    { upTo: 9, result: FIRE_DISORDER, text: 'target disordered (l.150-152)' },
    { upTo: 11, result: FIRE_RETREAT, text: 'target retreats 30 cm and is disordered (l.153-155)' },
    { upTo: Infinity, result: FIRE_ELIMINATE, text: 'target eliminated (l.156-158)' },
  ],
  retreatCm: 30,
} as const;

/** [Fire] l.145-158: the result of a modified 2d6 total. */
export function firingTableResult(total: number): FireResult {
  return total <= 6 ? FIRE_NONE : total <= 9 ? FIRE_DISORDER : total <= 11 ? FIRE_RETREAT : FIRE_ELIMINATE;
}

/** [Fire] l.159-224 as data. The firer's own fire mod (l.165-166) is added on top. */
export const FIRE_MODIFIERS = {
  source: '[Fire] l.159-224',
  firer: {
    range2x: -2, // l.172-173
    range3x: -4, // l.178-179
    inSquare: -2, // l.184-185
    deployedInArea: -1, // l.190-191
    disordered: -1, // l.196-197
    atCavalryInContact: -2, // l.202-204: not in square or area, at cavalry in contact with it
    inLine: 1, // l.209-210
    inSkirmish: 2, // l.215-216
  },
  target: {
    flankOrRear: 2, // l.168-169
    disordered: 1, // l.174-175
    mounted: 1, // l.180-181
    inColumn: 1, // l.186-187
    inSquare: 2, // l.192-193
    inSkirmish: -1, // l.198-199
    artillery: -1, // l.205-206
    unlimbered: -1, // l.211-212
    softCover: -1, // l.217-218
    hardCover: -2, // l.223-224
  },
} as const;

/** [Fire] l.140: musket range. */
export const MUSKET_RANGE_CM = 5;

/** [Fire] l.140-141, l.163-183: normal artillery range by battery weight ("l0m" is 10 cm). */
export const ARTILLERY_RANGE_CM = { heavy: 20, medium: 15, light: 10 } as const;

/** Range bands: normal, double, triple; -1 out of range. */
export type RangeBand = -1 | 0 | 1 | 2;

/**
 * [Fire] l.140-142: the band of a distance. Infantry: 5 cm, no longer bands. Artillery: normal range,
 * out to double (-2) and triple (-4). `weight` undefined means infantry.
 */
export function rangeBand(distanceCm: number, weight: 'heavy' | 'medium' | 'light' | undefined): RangeBand {
  if (weight === undefined) return distanceCm <= MUSKET_RANGE_CM ? 0 : -1;
  const r = ARTILLERY_RANGE_CM[weight];
  return distanceCm <= r ? 0 : distanceCm <= 2 * r ? 1 : distanceCm <= 3 * r ? 2 : -1;
}

/** Who fires, as the firer column reads it. */
export interface Firer {
  arm: Arm;
  formation: Formation;
  /** Disordered or unformed. */
  disordered: boolean;
}

/**
 * Who may fire at all ([Fire] l.130-142, [Melee] l.254): infantry and unlimbered artillery, not in a
 * standing melee. Cavalry has no fire mod ("-" in [FrT] [AuT]).
 */
export function mayFire(arm: Arm, formation: Formation, inStandingMelee: boolean): boolean {
  if (inStandingMelee) return false;
  return arm === 'infantry' || (arm === 'artillery' && formation === 'unlimbered');
}

/**
 * The firer's modifiers (the fire mod apart), [Fire] l.165-216. `atCavalryInContact`: the target is
 * cavalry in contact with the firer. The row of l.202-204 names no arm: under
 * `cwj.cavalryContactFire` = anyFirer (the text) its -2 falls on any firer neither in square nor
 * deployed in an area, a battery too; under infantryOnly (the rulings' reading) on infantry alone.
 */
export function firerModifier(f: Firer, band: RangeBand, atCavalryInContact: boolean, opts: Pick<CwjOptions, 'cavalryContactFire'>): number {
  const m = FIRE_MODIFIERS.firer;
  let x = band === 1 ? m.range2x : band === 2 ? m.range3x : 0;
  if (f.formation === 'square') x += m.inSquare;
  else if (f.formation === 'deployed') x += m.deployedInArea;
  else if (atCavalryInContact && (opts.cavalryContactFire === 'anyFirer' || f.arm === 'infantry')) x += m.atCavalryInContact;
  if (f.formation === 'line') x += m.inLine;
  else if (f.formation === 'skirmish') x += m.inSkirmish;
  if (f.disordered) x += m.disordered;
  return x;
}

/** The target, as the target column reads it. */
export interface FireTarget {
  arm: Arm;
  formation: Formation;
  /** Disordered or unformed. */
  disordered: boolean;
  /** Hit in flank or rear. */
  flankOrRear: boolean;
  cover: Cover;
}

/** The cover modifier, a village's by `cwj.villageCover` ([Fire] l.217-224). */
export function coverModifier(cover: Cover, villageCover: CwjOptions['villageCover']): number {
  const c = cover === 'village' ? villageCover : cover;
  return c === 'soft' ? FIRE_MODIFIERS.target.softCover : c === 'hard' ? FIRE_MODIFIERS.target.hardCover : 0;
}

/**
 * The target's modifiers, [Fire] l.168-224. Mounted is cavalry. A battery takes "Artillery -1" and,
 * unlimbered, "Unlimbered -1" as well (`cwj.artilleryTargetMods` = stack) or one -1 in all (single).
 */
export function targetModifier(t: FireTarget, opts: Pick<CwjOptions, 'artilleryTargetMods' | 'villageCover'>): number {
  const m = FIRE_MODIFIERS.target;
  let x = 0;
  if (t.flankOrRear) x += m.flankOrRear;
  if (t.disordered) x += m.disordered;
  if (t.arm === 'cavalry') x += m.mounted;
  if (t.formation === 'column') x += m.inColumn;
  else if (t.formation === 'square') x += m.inSquare;
  else if (t.formation === 'skirmish') x += m.inSkirmish;
  if (t.arm === 'artillery') {
    x += m.artillery;
    if (t.formation === 'unlimbered' && opts.artilleryTargetMods === 'stack') x += m.unlimbered;
  }
  return x + coverModifier(t.cover, opts.villageCover);
}

/** The whole modifier of one fire roll: fire mod + firer + target. */
export function fireModifier(
  fireMod: number,
  f: Firer,
  band: RangeBand,
  atCavalryInContact: boolean,
  t: FireTarget,
  opts: Pick<CwjOptions, 'artilleryTargetMods' | 'villageCover' | 'cavalryContactFire'>,
): number {
  return fireMod + firerModifier(f, band, atCavalryInContact, opts) + targetModifier(t, opts);
}

/**
 * [Fire] l.134-136: two batteries in contact with each other and firing at one target may roll once
 * with their fire mods added, each 0 counting as 1.
 */
export function combinedBatteryFireMod(a: number, b: number): number {
  return (a === 0 ? 1 : a) + (b === 0 ? 1 : b);
}

/**
 * [Fire] l.131-134, [Melee] l.254, `cwj.fireIntoContact`: whether a firer may choose a target in
 * contact with its side. A standing melee is never fired on. A fresh contact (made this player turn)
 * may be fired on by the unit whose front it contacted, or (`freshContact`) by any unit.
 */
export function mayFireAtContact(
  standingMelee: boolean,
  contactedFirerFront: boolean,
  reading: CwjOptions['fireIntoContact'],
): boolean {
  if (standingMelee) return false;
  return contactedFirerFront || reading === 'freshContact';
}

/**
 * [Fire] l.131-133, `cwj.fireArc` (2-D only): whether a bearing, in degrees off the firer's straight
 * ahead, is within the arc: 45 degrees each side, or 45 in all.
 */
export function withinFireArc(bearingDeg: number, reading: CwjOptions['fireArc']): boolean {
  const half = reading === '45each' ? 45 : 22.5;
  return Math.abs(bearingDeg) <= half;
}

/**
 * [Fire] l.137-139: firing over units. Only artillery on higher ground may, and only when the screen
 * is artillery, or the target stands 10 cm or more behind the screening unit.
 */
export function mayFireOver(firerArm: Arm, firerHigher: boolean, screenArm: Arm, targetBehindScreenCm: number): boolean {
  if (firerArm !== 'artillery' || !firerHigher) return false;
  return screenArm === 'artillery' || targetBehindScreenCm >= 10;
}

// ---------------------------------------------------------------------------------------------
// The attached general [Gen] l.286-290

/** [Gen] l.287: the general must try against any 7+ result (any result but "no effect"). */
export function generalMustTryDowngrade(result: FireResult, generalServes: boolean): boolean {
  return generalServes && result !== FIRE_NONE;
}

/** [Gen] l.287-289: a try succeeds on 1d6 5-6 and lowers the result one level (eliminated to retreat, and so on). */
export function downgradeFire(result: FireResult, die: number): FireResult {
  return die >= GENERAL_EFFECTS.downgradeAt && result > FIRE_NONE ? ((result - 1) as FireResult) : result;
}

/** What one fire roll did beside its result (reused by the caller: no allocation per roll). */
export interface FireRoll {
  /** The unmodified 2d6. */
  dice: number;
  /** The table's result before the general's try. */
  tableResult: FireResult;
  generalTried: boolean;
  generalDied: boolean;
}

export function newFireRoll(): FireRoll {
  return { dice: 0, tableResult: FIRE_NONE, generalTried: false, generalDied: false };
}

/**
 * One fire roll ([Fire] l.143-158, [Gen] l.286-290): 2d6 + `modifier` on the Firing Table; a general
 * serving the target then must try to lower a 7+ result (1d6, 5+), and rolls 1d6 for his life after
 * trying. Dice in that order from `u`. Returns the final result; `out` gets the details.
 */
export function resolveFire(u: Uniform, modifier: number, generalServesTarget: boolean, out: FireRoll): FireResult {
  const dice = d6(u) + d6(u);
  const table = firingTableResult(dice + modifier);
  out.dice = dice;
  out.tableResult = table;
  out.generalTried = generalMustTryDowngrade(table, generalServesTarget);
  out.generalDied = false;
  if (!out.generalTried) return table;
  const result = downgradeFire(table, d6(u));
  out.generalDied = generalDies(d6(u));
  return result;
}
