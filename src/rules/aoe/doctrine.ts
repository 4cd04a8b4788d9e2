/**
 * Doctrines: the choices Age of Eagles leaves to a player, as named presets of parameters (plain data;
 * the player that applies them is ./orders.ts). A doctrine is a whole player: how its side attacks
 * (the formation it advances in, when it deploys, when it charges) and how it defends (squares,
 * rallying, counter-charges), so a tournament can seat it on either side. A scenario names a preset
 * and may override any parameter; experiments vary either like any factor.
 *
 * What no doctrine decides: everything the rules impose (March Table results, retreats, the square
 * roll's threshold, charge checked, breakthroughs that must be made, removal).
 */
import { overridden } from '../../core/records.js';

export interface AoeDoctrine {
  /**
   * The yardstick: every choice at random among the legal ones, drawn from the side's AI dice (orders,
   * distances, formations, targets, square rolls, recalls). The other parameters are then unused.
   */
  random: boolean;
  /** The formation troops advance in: Field Column, Line, or whatever they stand in. */
  approach: 'fieldColumn' | 'line' | 'keep';
  /** The formation infantry deploys into for a fire fight once an enemy is within deployAt (none: never deploys). */
  deploy: 'line' | 'none';
  deployAt: number;
  /** A unit that does not charge yet halts this many inches from the enemy ahead (3: musket range). */
  halt: number;
  /**
   * When to charge an enemy a charge can reach: `reach`, always; `weakened`, only an enemy disordered
   * or with chargeHits hits or more (and anyone in the last turn); `late`, only an enemy with
   * chargeHits + 1 hits or more, or in the last turn.
   */
  chargeWhen: 'reach' | 'weakened' | 'late';
  chargeHits: number;
  /** A defending side's troops charge out at an enemy within reach that is disordered or has chargeHits hits. */
  countercharge: 'never' | 'weakened';
  /** Infantry charged by cavalry rolls to form square (p1, p3 Forming Square). */
  square: boolean;
  /** A disordered unit with nothing else to do rolls on the March Table to rally (p1). */
  rally: boolean;
  /** Cavalry recalls up to a full move whenever a result lets it (p2, p3), instead of staying. */
  recall: boolean;
}

export const DOCTRINE_PRESETS: Readonly<Record<string, { doc: string; params: AoeDoctrine }>> = {
  'column-assault': {
    doc: 'Attacks in Field Column straight at the enemy and charges whenever a charge can reach; defends standing: volleys, squares against cavalry, rallies.',
    params: { random: false, approach: 'fieldColumn', deploy: 'none', deployAt: 0, halt: 3, chargeWhen: 'reach', chargeHits: 2, countercharge: 'never', square: true, rally: true, recall: false },
  },
  'fire-and-charge': {
    doc: 'Attacks in Field Column, deploys into Line 8" from the enemy, halts at musket range and fires; charges a target disordered or with 2 hits (anyone in the last turn); cavalry recalls. Defends standing.',
    params: { random: false, approach: 'fieldColumn', deploy: 'line', deployAt: 8, halt: 3, chargeWhen: 'weakened', chargeHits: 2, countercharge: 'never', square: true, rally: true, recall: true },
  },
  'stand-fast': {
    doc: 'Defends standing: volleys, squares against cavalry, rallies, never leaves its ground. Attacks slowly in Line, halts at musket range and charges only a target with 3 hits or in the last turn.',
    params: { random: false, approach: 'line', deploy: 'line', deployAt: 99, halt: 3, chargeWhen: 'late', chargeHits: 2, countercharge: 'never', square: true, rally: true, recall: true },
  },
  counterattack: {
    doc: 'Defends by volleys and counter-charges: troops charge out at any attacker within reach that is disordered or hit, then go back to their ground; squares against cavalry. Attacks in Field Column and charges whenever it can reach.',
    params: { random: false, approach: 'fieldColumn', deploy: 'none', deployAt: 0, halt: 3, chargeWhen: 'reach', chargeHits: 1, countercharge: 'weakened', square: true, rally: true, recall: false },
  },
  'random-legal': {
    doc: 'Every choice at random among the legal ones (orders, distances, formations, targets, square rolls, recalls): the baseline that real doctrines must beat.',
    params: { random: true, approach: 'keep', deploy: 'none', deployAt: 0, halt: 3, chargeWhen: 'reach', chargeHits: 2, countercharge: 'never', square: true, rally: true, recall: false },
  },
};

export const DOCTRINE_NAMES = Object.keys(DOCTRINE_PRESETS) as [string, ...string[]];
export const BASELINE_DOCTRINE = 'random-legal';

/** A preset by name with parameters overridden. */
export function resolveDoctrine(name: string, overrides: Partial<AoeDoctrine> = {}): AoeDoctrine {
  const preset = DOCTRINE_PRESETS[name];
  if (!preset) throw new Error(`unknown doctrine '${name}'; known: ${DOCTRINE_NAMES.join(', ')}`);
  return overridden(preset.params, overrides);
}

/** A scenario's doctrine field (a preset's name, or a preset with overrides) to the parameters. */
export function doctrineOf(field: string | ({ preset: string } & Partial<AoeDoctrine>)): AoeDoctrine {
  if (typeof field === 'string') return resolveDoctrine(field);
  const { preset, ...rest } = field;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<AoeDoctrine>;
  return resolveDoctrine(preset, defined);
}

/** A doctrine's preset name when it is one, else the nearest preset and what differs (for traces). */
export function doctrineName(d: AoeDoctrine): string {
  let best = '';
  let diff: string[] = [];
  for (const [name, p] of Object.entries(DOCTRINE_PRESETS)) {
    const q = p.params as unknown as Record<string, unknown>;
    const differs = Object.entries(d)
      .filter(([k, v]) => q[k] !== v)
      .map(([k, v]) => `${k} ${String(v)}`);
    if (!best || differs.length < diff.length) [best, diff] = [name, differs];
  }
  return diff.length ? `${best} with ${diff.join(', ')}` : best;
}
