/**
 * Divisional generals ([Gen] l.284-292) and corps commanders ([Rally] l.24-30, [Win] l.295). A
 * divisional general is an infantry or a cavalry general; he serves only units of his own corps and
 * arm, so artillery has none. His effects: +1 on his unit's Rally Table rolls (rally.ts,
 * `cwj.generalCheckBonus`), the fire downgrade (fire.ts), +1 in melee (melee.ts) and +2 on control
 * (control.ts). After every use, whatever its effect, he dies on 1d6 = 1 (l.290).
 */
import type { CwjOptions } from './options.js';
import type { Arm } from './types.js';

/** The two kinds of divisional general ([Gen] l.291-292). */
export type GeneralArm = 'infantry' | 'cavalry';

/** The modifiers a serving general gives, as data. */
export const GENERAL_EFFECTS = {
  source: '[Gen] l.284-292',
  rally: 1, // [Rally] l.42-43
  melee: 1, // [Melee] l.238, [Gen] l.289-290
  control: 2, // [Control] l.264
  downgradeAt: 5, // [Gen] l.288
  diesOn: 1, // [Gen] l.290
} as const;

/** [Gen] l.291-292: whether an attached general serves a unit: same corps, same arm. */
export function generalServes(general: GeneralArm, generalCorps: number, unitArm: Arm, unitCorps: number): boolean {
  return generalCorps === unitCorps && general === unitArm;
}

/** [Gen] l.290: after a use, a 1 on his d6 kills him. */
export function generalDies(die: number): boolean {
  return die === GENERAL_EFFECTS.diesOn;
}

/** `cwj.generalUnitLost`: whether a general survives the removal of the unit he is attached to. */
export function generalSurvivesUnitLoss(reading: CwjOptions['generalUnitLost']): boolean {
  return reading === 'survives';
}
