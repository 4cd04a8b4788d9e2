/**
 * The Cavalry Control Table ([Control] l.255-283): cavalry that wins a melee tests for control
 * ([Melee] l.254; `cwj.controlTest`) on 2d6. A natural 2 removes it from the field; otherwise the
 * modified total gives the result.
 */
import { d6, type Uniform } from '../../core/dice.js';
import type { CwjOptions } from './options.js';

export const CONTROL_REMOVED = 0;
export const CONTROL_UNCONTROLLED_CHARGE = 1;
export const CONTROL_UNCONTROLLED_MOVE = 2;
export const CONTROL_MILL = 3;
export const CONTROL_CONTROLLED = 4;
export type ControlResult = 0 | 1 | 2 | 3 | 4;
export const CONTROL_RESULT_NAMES = ['removed from the field', 'uncontrolled charge', 'uncontrolled move', 'mill about', 'controlled'] as const;

/** [Control] l.255-283 as data. */
export const CONTROL_TABLE = {
  source: '[Control] l.255-283',
  /** l.258-259: an unmodified 2 removes the unit. */
  naturalRemoves: 2,
  bands: [
    { upTo: 4, result: CONTROL_UNCONTROLLED_CHARGE, text: 'contact the nearest enemy or move 30 cm; disordered (l.266-268)' },
    { upTo: 7, result: CONTROL_UNCONTROLLED_MOVE, text: 'move 20 cm after the beaten foe; disordered (l.270-272)' },
    { upTo: 9, result: CONTROL_MILL, text: 'stay in place (l.274-275)' },
    { upTo: Infinity, result: CONTROL_CONTROLLED, text: 'stay, or make another move or charge (l.277-279)' },
  ],
  modifiers: { generalAttached: 2, britishNotKgl: -1, disordered: -1, enemyFlankOrRearVisible: -2 }, // l.264-265
  uncontrolledChargeCm: 30,
  uncontrolledMoveCm: 20,
} as const;

/** The control test's modifiers ([Control] l.264-265). */
export interface ControlCase {
  generalServes: boolean;
  /** British cavalry other than the King's German Legion. */
  britishNotKgl: boolean;
  /** Disordered or unformed. */
  disordered: boolean;
  /** An enemy flank or rear is visible to it. */
  enemyFlankOrRearVisible: boolean;
}

export function controlModifier(c: ControlCase): number {
  const m = CONTROL_TABLE.modifiers;
  return (
    (c.generalServes ? m.generalAttached : 0) +
    (c.britishNotKgl ? m.britishNotKgl : 0) +
    (c.disordered ? m.disordered : 0) +
    (c.enemyFlankOrRearVisible ? m.enemyFlankOrRearVisible : 0)
  );
}

/**
 * [Control] l.255-283: the result of a control test from its two dice' sum (`natural`) and modifier.
 * A natural 2 removes the unit whatever the modifier; a modified total below 2 is an uncontrolled
 * charge, above 12 controlled.
 */
export function controlResult(natural: number, modifier: number): ControlResult {
  if (natural === CONTROL_TABLE.naturalRemoves) return CONTROL_REMOVED;
  const t = natural + modifier;
  return t <= 4 ? CONTROL_UNCONTROLLED_CHARGE : t <= 7 ? CONTROL_UNCONTROLLED_MOVE : t <= 9 ? CONTROL_MILL : CONTROL_CONTROLLED;
}

/** One control test: 2d6 from `u`, natural 2 first, then `modifier`. */
export function rollControl(u: Uniform, modifier: number): ControlResult {
  return controlResult(d6(u) + d6(u), modifier);
}

/**
 * [Melee] l.254, `cwj.controlTest`: whether winning cavalry tests. `contactBroken`: the win left it out
 * of contact with every enemy (its foe retreated or was eliminated); under `anyWin` every win tests.
 */
export function controlTestRequired(reading: CwjOptions['controlTest'], contactBroken: boolean): boolean {
  return reading === 'anyWin' || contactBroken;
}

/** [Control] l.266-272: the uncontrolled results leave the unit disordered. */
export function controlDisorders(result: ControlResult): boolean {
  return result === CONTROL_UNCONTROLLED_CHARGE || result === CONTROL_UNCONTROLLED_MOVE;
}

/**
 * `cwj.uncontrolledContact`: whether a contact made by an uncontrolled charge or move is fought in the
 * current melee phase, or (default) in the next one.
 */
export function uncontrolledContactFightsNow(reading: CwjOptions['uncontrolledContact']): boolean {
  return reading === 'samePhase';
}
