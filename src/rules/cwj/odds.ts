/**
 * Exact distributions of the CWJ chance procedures (STYLE.md 7), by convolution over the faces:
 * the Firing Table (with the attached general's downgrade), melee (opposed 1d6 each), the Rally Table
 * and the Cavalry Control Table (2d6), and the generals' exploding dice for chips. Each is built from
 * the same table functions play uses, so sampling can only disagree with them by chance.
 */
import { TWO_D6_WAYS } from '../../core/dice.js';
import { controlResult } from './control.js';
import { GENERAL_EFFECTS } from './generals.js';
import { FIRE_NONE, firingTableResult } from './fire.js';
import { cavalryCapApplies, meleeResult } from './melee.js';
import type { CwjOptions } from './options.js';
import { rallyTableResult } from './rally.js';

/** P(one d6 shows `face` or more), faces 1..6. */
function atLeast(face: number): number {
  return face <= 1 ? 1 : face > 6 ? 0 : (7 - face) / 6;
}

// ---------------------------------------------------------------------------------------------
// (a) Firing Table

export interface FireOdds {
  /** P(final result = r), indexed by FIRE_NONE..FIRE_ELIMINATE. */
  result: number[];
  /** P(the general tries to lower the result): the table gave 7+ and he serves the target. */
  generalTries: number;
  /** P(the general dies): he tried, then rolled 1. */
  generalDies: number;
}

/**
 * [Fire] l.143-224 and [Gen] l.286-290: the distribution of one fire roll's result on the target, given
 * the whole modifier (fire.ts fireModifier) and whether a general serves the target.
 */
export function fireOdds(modifier: number, generalServesTarget = false): FireOdds {
  const result = [0, 0, 0, 0];
  let tries = 0;
  const lower = atLeast(GENERAL_EFFECTS.downgradeAt);
  for (let s = 2; s <= 12; s++) {
    const p = TWO_D6_WAYS[s] / 36;
    const r = firingTableResult(s + modifier);
    if (generalServesTarget && r !== FIRE_NONE) {
      result[r - 1] += p * lower;
      result[r] += p * (1 - lower);
      tries += p;
    } else result[r] += p;
  }
  return { result, generalTries: tries, generalDies: tries / 6 };
}

// ---------------------------------------------------------------------------------------------
// (b) Melee

export interface MeleeOdds {
  /** P((total0 + die0) - (total1 + die1) = d) at index d - minDifference. */
  difference: number[];
  minDifference: number;
  /** P(a tie): every unit of both sides disordered, contact kept. */
  standoff: number;
  /** P(side i loses with result r), r = MELEE_DISORDER..MELEE_ELIMINATE (index 0 unused, 0). */
  loses: [number[], number[]];
}

/**
 * [Melee] l.226-253: the distribution of one melee between two sides' totals before their dice
 * (melee.ts sideMeleeTotal). `capped[i]`: side i's losing units treat 5+ as 4 (melee.ts
 * cavalryCapApplies for its units; a side whose units differ is asked once per kind).
 */
export function meleeOdds(total0: number, total1: number, capped: readonly [boolean, boolean] = [false, false]): MeleeOdds {
  const minDifference = total0 - total1 - 5;
  const difference = new Array<number>(11).fill(0);
  const loses: [number[], number[]] = [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  let standoff = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const d = total0 + a - (total1 + b);
      const p = 1 / 36;
      difference[d - minDifference] += p;
      if (d === 0) standoff += p;
      else {
        const loser = d < 0 ? 0 : 1;
        const r = meleeResult(d, capped[loser]);
        loses[loser][r] += p;
      }
    }
  }
  return { difference, minDifference, standoff, loses };
}

/** The caps of `meleeOdds` for one cavalry-cap reading, each side's loser taken as one kind. */
export function meleeCaps(
  reading: CwjOptions['cavalryCap'],
  side0Cavalry: boolean,
  side1Cavalry: boolean,
): [boolean, boolean] {
  return [cavalryCapApplies(reading, side0Cavalry, side1Cavalry), cavalryCapApplies(reading, side1Cavalry, side0Cavalry)];
}

/** P(side 0 wins), P(side 1 wins), P(standoff) of a MeleeOdds. */
export function meleeWinShares(o: MeleeOdds): [number, number, number] {
  const l0 = o.loses[0].reduce((a, b) => a + b, 0);
  const l1 = o.loses[1].reduce((a, b) => a + b, 0);
  return [l1, l0, o.standoff];
}

// ---------------------------------------------------------------------------------------------
// (c) Rally Table

/**
 * [Rally] l.34-58: P(result = r) of a Rally Table roll with this modifier, indexed RALLY_ROUT..
 * RALLY_PASS. Contact, withdrawal and rough-terrain checks read the same table (a pass is 9+).
 */
export function rallyOdds(modifier: number): number[] {
  const out = [0, 0, 0, 0];
  for (let s = 2; s <= 12; s++) out[rallyTableResult(s + modifier)] += TWO_D6_WAYS[s] / 36;
  return out;
}

// ---------------------------------------------------------------------------------------------
// (d) Cavalry Control Table

/** [Control] l.255-283: P(result = r), indexed CONTROL_REMOVED..CONTROL_CONTROLLED. */
export function controlOdds(modifier: number): number[] {
  const out = [0, 0, 0, 0, 0];
  for (let s = 2; s <= 12; s++) out[controlResult(s, modifier)] += TWO_D6_WAYS[s] / 36;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generals' exploding dice [Win] l.300-303

/** P(one general's exploding die gives exactly k extra chips) = (1/6)^k * 5/6. */
export function explodingSixesProbability(k: number): number {
  return k < 0 ? 0 : Math.pow(1 / 6, k) * (5 / 6);
}

/**
 * P(the bonus chips of `generals` generals = k) for k = 0..maxK, by convolving one general's
 * distribution `generals` times; the last element, index maxK + 1, is P(more than maxK).
 */
export function bonusChipOdds(generals: number, maxK: number): number[] {
  let dist = new Array<number>(maxK + 1).fill(0);
  dist[0] = 1;
  const one = new Array<number>(maxK + 1);
  for (let k = 0; k <= maxK; k++) one[k] = explodingSixesProbability(k);
  for (let g = 0; g < generals; g++) {
    const next = new Array<number>(maxK + 1).fill(0);
    for (let i = 0; i <= maxK; i++) {
      if (dist[i] === 0) continue;
      for (let j = 0; i + j <= maxK; j++) next[i + j] += dist[i] * one[j];
    }
    dist = next;
  }
  const shown = dist.reduce((a, b) => a + b, 0);
  dist.push(Math.max(0, 1 - shown));
  return dist;
}
