/**
 * Melee ([Melee] l.226-254): each side totals the melee factors of its units in the group with their
 * modifiers and adds one 1d6; the lower total loses, and the difference gives the loser's result.
 */
import { d6, type Uniform } from '../../core/dice.js';
import type { CwjOptions } from './options.js';
import type { Arm, Formation } from './types.js';

/** Melee results for the loser; STANDOFF is a tie (every unit of both sides disordered). */
export const MELEE_STANDOFF = 0;
export const MELEE_DISORDER = 1;
export const MELEE_RETREAT = 2;
export const MELEE_ELIMINATE = 3;
export type MeleeResult = 0 | 1 | 2 | 3;
export const MELEE_RESULT_NAMES = ['standoff: all disordered, stay in contact', 'loser disordered, stays in contact', 'loser retreats 20 cm, disordered', 'loser eliminated'] as const;

/** [Melee] l.231-253 as data: each band's lowest difference; and the modifiers of l.236-239. */
export const MELEE_TABLE = {
  source: '[Melee] l.231-253',
  bands: [
    { from: 5, result: MELEE_ELIMINATE, text: 'loser eliminated (l.240-241)' },
    { from: 2, result: MELEE_RETREAT, text: 'loser retreats 20 cm and is disordered (l.243-245)' },
    { from: 1, result: MELEE_DISORDER, text: 'loser disordered, stays in contact (l.247-249)' },
    { from: 0, result: MELEE_STANDOFF, text: 'all units disordered, stay in contact, fight again next melee phase (l.251-253)' },
  ],
  modifiers: {
    disordered: -2,
    flankOrRear: -2,
    infantryOpenVsCavalry: -2, // infantry neither in square nor in a defensive area, against cavalry
    wallOrFortification: 1,
    leaderAttached: 1,
    uphill: 1,
    squareVsCavalry: 4,
  },
  /** l.239: cavalry treats a difference of 5+ as 4. */
  cavalryCapTo: 4,
  retreatCm: 20,
} as const;

/**
 * [Melee] l.254, [SoP] l.13: a unit left in contact by a melee phase stays in its standing melee (no
 * move, formation change, rally or fire, none at it) only while it is still in contact: once every
 * enemy it touched has gone (removed, or retreated on a check or a shot) it is free again.
 */
export function stillInStandingMelee(leftInContact: boolean, inContactNow: boolean): boolean {
  return leftInContact && inContactNow;
}

/** One unit in a melee, as the modifiers read it. */
export interface MeleeUnit {
  /** Its melee factor (lancers: meleeFactorOf in troops.ts). */
  factor: number;
  arm: Arm;
  formation: Formation;
  /** Disordered or unformed. */
  disordered: boolean;
  /** Hit in flank or rear. */
  flankOrRear: boolean;
  /** A divisional general of its arm and corps is attached. */
  generalServes: boolean;
}

/**
 * [Melee] l.236-238: a unit's factor with its own modifiers. `enemyHasCavalry`: the opposing side of
 * the group includes cavalry. Deployed infantry holds a defensive area.
 */
export function unitMeleeValue(u: MeleeUnit, enemyHasCavalry: boolean): number {
  const m = MELEE_TABLE.modifiers;
  let v = u.factor;
  if (u.disordered) v += m.disordered;
  if (u.flankOrRear) v += m.flankOrRear;
  if (enemyHasCavalry && u.arm === 'infantry') {
    if (u.formation === 'square') v += m.squareVsCavalry;
    else if (u.formation !== 'deployed') v += m.infantryOpenVsCavalry;
  }
  if (u.generalServes) v += m.leaderAttached;
  return v;
}

/**
 * [Melee] l.237-238: the modifiers a side takes once: defending a wall or fortification (a village
 * too under `cwj.villageWall`), uphill of the enemy.
 */
export function sideMeleeModifier(defendsWall: boolean, defendsVillage: boolean, uphill: boolean, villageWall: boolean): number {
  const m = MELEE_TABLE.modifiers;
  return (defendsWall || (villageWall && defendsVillage) ? m.wallOrFortification : 0) + (uphill ? m.uphill : 0);
}

/**
 * [Melee] l.228, `cwj.meleeMultiUnit`: a side's total before its die, from its units' values
 * (`unitMeleeValue`) in `values[0..n)`: their sum, or the best one +1 for each other unit.
 */
export function sideMeleeTotal(values: ArrayLike<number>, n: number, sideModifier: number, reading: CwjOptions['meleeMultiUnit']): number {
  if (n <= 0) return sideModifier;
  if (reading === 'sum') {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[i];
    return s + sideModifier;
  }
  let best = values[0];
  for (let i = 1; i < n; i++) if (values[i] > best) best = values[i];
  return best + (n - 1) + sideModifier;
}

/** [Melee] l.240-253: the loser's result for an absolute difference of totals. */
export function meleeResult(difference: number, capped: boolean): MeleeResult {
  const d = difference < 0 ? -difference : difference;
  if (d === 0) return MELEE_STANDOFF;
  if (d === 1) return MELEE_DISORDER;
  if (d <= 4 || capped) return MELEE_RETREAT;
  return MELEE_ELIMINATE;
}

/**
 * [Melee] l.239, `cwj.cavalryCap`: whether a loser treats a difference of 5+ as 4. `loserCavalry`:
 * the losing unit is cavalry; `winnerAllCavalry`: every unit of the winning side is cavalry.
 */
export function cavalryCapApplies(reading: CwjOptions['cavalryCap'], loserCavalry: boolean, winnerAllCavalry: boolean): boolean {
  switch (reading) {
    case 'loser':
      return loserCavalry;
    case 'winner':
      return winnerAllCavalry;
    case 'both':
      return loserCavalry || winnerAllCavalry;
    case 'none':
      return false;
  }
}

/** Who lost: 0 or 1 for the side with the lower total, -1 for a tie. */
export function meleeLoser(total0: number, total1: number): -1 | 0 | 1 {
  return total0 < total1 ? 0 : total1 < total0 ? 1 : -1;
}

/**
 * [Melee] l.240-254: whether the loser (or, on a standoff, every unit) stays in contact: a 1 or a tie
 * leaves the melee standing; a retreat or elimination ends it for that unit.
 */
export function meleeKeepsContact(result: MeleeResult): boolean {
  return result === MELEE_STANDOFF || result === MELEE_DISORDER;
}

/** One melee's outcome (reused by the caller: no allocation per melee). */
export interface MeleeRoll {
  die0: number;
  die1: number;
  /** (total0 + die0) - (total1 + die1). */
  difference: number;
  /** 0 or 1, -1 for a standoff. */
  loser: -1 | 0 | 1;
  /** The loser's result (MELEE_STANDOFF on a tie: every unit disordered). */
  result: MeleeResult;
}

export function newMeleeRoll(): MeleeRoll {
  return { die0: 0, die1: 0, difference: 0, loser: -1, result: MELEE_STANDOFF };
}

/**
 * [Melee] l.228-253: each side adds one 1d6 (side 0 from `u0`, side 1 from `u1`) to its total; the
 * lower loses with the difference's result, capped at 4 when `capped[loser]` (cavalryCapApplies).
 */
export function resolveMelee(
  u0: Uniform,
  u1: Uniform,
  total0: number,
  total1: number,
  cap0: boolean,
  cap1: boolean,
  out: MeleeRoll,
): MeleeResult {
  out.die0 = d6(u0);
  out.die1 = d6(u1);
  const a = total0 + out.die0;
  const b = total1 + out.die1;
  out.difference = a - b;
  out.loser = meleeLoser(a, b);
  out.result = meleeResult(out.difference, out.loser === 0 ? cap0 : out.loser === 1 ? cap1 : false);
  return out.result;
}
