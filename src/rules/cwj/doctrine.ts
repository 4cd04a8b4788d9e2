/**
 * Doctrines: the choices the CWJ rules leave to the players, as named presets of parameters (plain
 * data; ./ai.ts plays them). A side names a preset and may override any parameter; experiments vary
 * either like any other factor. Every preset plays both roles: a side attacks while it does not hold
 * the objective, and defends it once it does (the defender of the common order of battle holds it from
 * the start).
 */
import { overridden } from '../../core/records.js';

export interface CwjDoctrine {
  /**
   * Infantry attacking: `column` marches in column straight into contact (an infantry column's contact
   * makes the defender check, [Contact] l.127-128); `fireFirst` deploys into line at musket range
   * (line +1 to fire, [Fire] l.209-210), fires, and goes in in column only at a disordered target.
   */
  assault: 'column' | 'fireFirst';
  /**
   * Defending: `hold` stands and fires; `counter` also sends good infantry in column into contact
   * with a disordered enemy within reach, and good cavalry at one in its path.
   */
  defend: 'hold' | 'counter';
  /** Infantry forms square (defensive fire phase) when enemy cavalry could charge it next player turn. */
  square: boolean;
  /**
   * Cavalry attacking: `charge` halts beyond musket range and charges in the charge phase; `contact`
   * rides into contact in the movement phase (the target may not square, [SoP] l.10-11); `hold` stays.
   */
  cavalry: 'charge' | 'contact' | 'hold';
  /** What cavalry charges: any enemy in its path, or only one neither in square nor in an area. */
  chargeAt: 'any' | 'open';
  /** A controlled result ([Control] l.277-279): stay, charge again if it can, or fall back. */
  control: 'stay' | 'charge' | 'retire';
  /** Cavalry withdraws 2d6 cm when enemy foot or guns close within 10 cm ([Spec] l.107-109). */
  withdraw: boolean;
  /** Batteries: stand where they are, or step forward unlimbered until the target is at normal range. */
  battery: 'stand' | 'close';
  /** Whom to fire at: the nearest target, or the one the table favours most (the highest modifier). */
  fireAt: 'nearest' | 'best';
  /** Morale passes ([Rally] l.24-32): on every disordered unit in reach, or only on those within 15 cm of an enemy. */
  passes: 'always' | 'nearEnemy';
  /** Divisional generals ([Gen]): join the unit of their arm nearest the enemy each movement phase, or stay. */
  generals: 'lead' | 'stay';
  /** Corps commanders stand this far behind the rearmost front of their units (cm), to keep them within 30 cm. */
  commanderBehind: number;
  /**
   * The yardstick of play quality: every choice at random among the legal ones (from the side's own AI
   * dice), the rules' obligations still enforced. The other parameters are then unused.
   */
  random: boolean;
}

export const CWJ_DOCTRINE_PRESETS: Readonly<Record<string, { doc: string; params: CwjDoctrine }>> = {
  columns: {
    doc: 'Attacks in column straight into contact, cavalry charging from beyond musket range; batteries close to normal range; generals lead; passes on every disordered unit. Defends by standing and firing, squaring against cavalry.',
    params: { assault: 'column', defend: 'hold', square: true, cavalry: 'charge', chargeAt: 'any', control: 'charge', withdraw: true, battery: 'close', fireAt: 'nearest', passes: 'always', generals: 'lead', commanderBehind: 6, random: false },
  },
  firefight: {
    doc: 'Attacks by deploying into line at musket range and firing, going in in column only at a disordered target; cavalry charges only targets out of square; batteries pick the best target. Defends by standing and firing, squaring against cavalry.',
    params: { assault: 'fireFirst', defend: 'hold', square: true, cavalry: 'charge', chargeAt: 'open', control: 'stay', withdraw: true, battery: 'close', fireAt: 'best', passes: 'nearEnemy', generals: 'lead', commanderBehind: 6, random: false },
  },
  hold: {
    doc: 'Defends by standing and firing at the best target, squaring against cavalry, passes on every disordered unit. Attacks cautiously: line at musket range, fire, assault only a disordered target; cavalry charges only targets out of square.',
    params: { assault: 'fireFirst', defend: 'hold', square: true, cavalry: 'charge', chargeAt: 'open', control: 'retire', withdraw: true, battery: 'stand', fireAt: 'best', passes: 'always', generals: 'stay', commanderBehind: 4, random: false },
  },
  counter: {
    doc: 'Defends by firing and counterattacking: good infantry goes in in column at a disordered enemy within reach, cavalry charges what is in its path. Attacks in column straight into contact; cavalry rides into contact in the movement phase.',
    params: { assault: 'column', defend: 'counter', square: true, cavalry: 'contact', chargeAt: 'any', control: 'charge', withdraw: false, battery: 'close', fireAt: 'nearest', passes: 'always', generals: 'lead', commanderBehind: 6, random: false },
  },
  'random-legal': {
    doc: 'Every choice at random among the legal ones: the baseline that real doctrines must beat.',
    params: { assault: 'column', defend: 'hold', square: true, cavalry: 'charge', chargeAt: 'any', control: 'stay', withdraw: true, battery: 'stand', fireAt: 'nearest', passes: 'always', generals: 'stay', commanderBehind: 6, random: true },
  },
};

export const DOCTRINE_NAMES = Object.keys(CWJ_DOCTRINE_PRESETS) as [string, ...string[]];

/** A preset's parameters with a scenario's overrides. */
export function resolveDoctrine(name: string, overrides: Partial<CwjDoctrine> = {}): CwjDoctrine {
  const preset = CWJ_DOCTRINE_PRESETS[name];
  if (!preset) throw new Error(`unknown cwj doctrine '${name}'; known: ${DOCTRINE_NAMES.join(', ')}`);
  return overridden(preset.params, overrides);
}

/** A doctrine as a scenario gives it: a preset's name, or { preset, ...parameters }. */
export function doctrineOf(given: string | ({ preset: string } & Partial<CwjDoctrine>)): CwjDoctrine {
  if (typeof given === 'string') return resolveDoctrine(given);
  const { preset, ...rest } = given;
  return resolveDoctrine(preset, rest);
}

/** A doctrine's preset name when it is one, else the nearest preset's name and what differs. */
export function doctrineName(d: CwjDoctrine): string {
  let best = '';
  let diff: string[] = [];
  for (const [name, p] of Object.entries(CWJ_DOCTRINE_PRESETS)) {
    const q = p.params as unknown as Record<string, unknown>;
    const differs = Object.entries(d).filter(([k, v]) => q[k] !== v).map(([k, v]) => `${k} ${String(v)}`);
    if (!best || differs.length < diff.length) [best, diff] = [name, differs];
  }
  return diff.length ? `${best} with ${diff.join(', ')}` : best;
}
