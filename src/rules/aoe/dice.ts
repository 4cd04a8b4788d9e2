/**
 * The die of Age of Eagles tests. The text names no die (rulings 1, "Dice"); the parent game rolls one
 * ten-sided die [gap]. `aoe.die` picks a d10 or a d6 and `aoe.d10Faces` how a d10 is read: 1..10, or
 * 0..9 (the result bands then sit where Fire & Fury's do). Every test is one die plus modifiers; in
 * Bayonet & Sabre each side rolls one and the difference is read (rulings 1).
 *
 * Mapping from a uniform draw u on [0, 1): roll = first + floor(u * faces), so each face has
 * probability 1/faces exactly (faces divides the 2^32 grid only approximately; that bias is below
 * 2^-32 and is the same one `d6` in src/core/dice.ts has).
 */
import type { Uniform } from '../../core/dice.js';
import type { AoeOptions } from './options.js';

/** A fair die with faces first, first + 1, ..., first + faces - 1. */
export interface Die {
  readonly first: number;
  readonly faces: number;
}

/** A d10 read 1..10 (aoe.die d10, aoe.d10Faces 1-10: the default). */
export const D10: Die = Object.freeze({ first: 1, faces: 10 });
/** A d10 read 0..9 (aoe.d10Faces 0-9). */
export const D10_ZERO: Die = Object.freeze({ first: 0, faces: 10 });
/** A d6 read 1..6 (aoe.die d6; aoe.d10Faces does not apply). */
export const D6: Die = Object.freeze({ first: 1, faces: 6 });

/** The die the options name. */
export function aoeDie(die: AoeOptions['die'], d10Faces: AoeOptions['d10Faces']): Die {
  if (die === 'd6') return D6;
  return d10Faces === '0-9' ? D10_ZERO : D10;
}

/** One roll of `die` from one uniform draw. */
export function rollDie(u: Uniform, die: Die): number {
  return die.first + Math.floor(u() * die.faces);
}

/** The highest face of a die. */
export function lastFace(die: Die): number {
  return die.first + die.faces - 1;
}

/**
 * p1 Play Sequence, Initiative Phase: which side is first player this turn. `roll` [gap]: each side
 * rolls one die from its own stream (`u0` for side 0, `u1` for side 1, so the dice of one side never
 * shift the other's), ties are rolled again, the higher roll goes first. `attackerFirst`: the attacking
 * side always goes first, and no die is rolled. `rolls`, when given, receives each pair rolled.
 */
export function initiativeFirst(u0: Uniform, u1: Uniform, die: Die, rule: AoeOptions['initiative'], attacker: 0 | 1, rolls?: [number, number][]): 0 | 1 {
  if (rule === 'attackerFirst') return attacker;
  for (;;) {
    const a = rollDie(u0, die);
    const b = rollDie(u1, die);
    if (rolls) rolls.push([a, b]);
    if (a !== b) return a > b ? 0 : 1;
  }
}
