/**
 * Doctrines: the choices Burt's rules leave to a player (which orders to place, where the command
 * element goes, how far to move, when to assault, how to react to an assault, whether to follow up),
 * as named presets of parameters. A side names a preset and may override any parameter; experiments
 * vary either like any factor. A doctrine plays both postures: a side attacking uses its attack
 * parameters, a side defending its defence parameters (a scenario's `posture`, by default its role),
 * so that a tournament may seat any doctrine on either side.
 */
import type { Cohesion } from '../tables.js';
import { overridden } from '../../../core/records.js';

export interface BurtDoctrine {
  /**
   * The yardstick of play quality: every choice at random among the legal ones (from the side's own
   * AI dice), the rules' obligations still enforced. The other parameters are then unused.
   */
  random: boolean;
  /** 3.2: the side that wins the initiative acts first, or lets the other act first. */
  initiative: 'first' | 'second';
  // -- attacking ------------------------------------------------------------------------------
  /** 12: the formation foot advances in: column (faster, deeper) or line (every figure fires). */
  approach: 'column' | 'line';
  /**
   * Inches from the enemy at which an attacking battalion in column deploys into line to fire (a
   * firefight); 0: never deploys.
   */
  deployAt: number;
  /** Inches from the enemy to close to before firing or assaulting (a FIRE line halts here). */
  closeTo: number;
  /**
   * 4, 9: when an attacking unit within charge reach is given ASSAULT orders: at once ('inReach'), only
   * once its target is disordered or worse ('targetDisordered'), or shaken or worse ('targetShaken').
   */
  assaultWhen: 'inReach' | 'targetDisordered' | 'targetShaken';
  /** Turns a firefight may last before the unit assaults anyway (0: no limit). */
  fireTurns: number;
  /**
   * 4, 10: when the second line (RESERVE) is committed: when the unit it follows is in melee, routing or
   * gone ('whenEngaged'), only when it is routing or gone ('onRout'), or never.
   */
  commitReserves: 'whenEngaged' | 'onRout' | 'never';
  /** The attack is given up (repulsed) when the side's army morale reaches 0 (10), or never. */
  giveUp: 'never' | 'armyDemoralised';
  // -- defending ------------------------------------------------------------------------------
  /**
   * 4, 9: a defending unit within charge reach of an assailant that is disordered or worse (or shaken
   * or worse) gets ASSAULT orders and counter-attacks; 'never' holds and fires.
   */
  counterAttack: 'never' | 'disordered' | 'shaken';
  /** 4, 12: infantry with cavalry within reach of a charge next turn takes MANOEUVER orders to form square. */
  squareAgainstCavalry: boolean;
  // -- both -----------------------------------------------------------------------------------
  /** 4, 7: a unit at this level or worse (and not in melee) gets REGROUP orders to recover. */
  regroupAt: Cohesion;
  /** 9: a unit that pushed its enemy back follows up (and fights on at -1 for following up). */
  followUp: boolean;
}

const SHAKEN = 3 as const;

const BASE: BurtDoctrine = {
  random: false,
  initiative: 'first',
  approach: 'column',
  deployAt: 0,
  closeTo: 8,
  assaultWhen: 'inReach',
  fireTurns: 0,
  commitReserves: 'whenEngaged',
  giveUp: 'never',
  counterAttack: 'never',
  squareAgainstCavalry: true,
  regroupAt: SHAKEN,
  followUp: true,
};

export const BURT_DOCTRINE_PRESETS: Readonly<Record<string, { doc: string; role: 'attack' | 'defend' | 'baseline'; params: BurtDoctrine }>> = {
  'column-assault': {
    role: 'attack',
    doc: 'Attacking: columns close to charge reach and assault at once, the second line following 3" behind and committed when the first is engaged. Defending: holds and fires, forms square against cavalry, counter-attacks a shaken assailant in reach.',
    params: { ...BASE, counterAttack: 'shaken' },
  },
  firefight: {
    role: 'attack',
    doc: 'Attacking: columns deploy into line at 10", close to 3" and fire; a battalion assaults only once its target is disordered (or after three turns of fire). Defending: holds and fires, forms square against cavalry.',
    params: { ...BASE, approach: 'column', deployAt: 10, closeTo: 3, assaultWhen: 'targetDisordered', fireTurns: 3, commitReserves: 'onRout', regroupAt: SHAKEN },
  },
  'hold-and-fire': {
    role: 'defend',
    doc: 'Defending: every battalion keeps FIRE orders in its position, regroups when shaken and forms square against cavalry; never counter-attacks. Attacking: as column-assault.',
    params: { ...BASE },
  },
  'counter-attack': {
    role: 'defend',
    doc: 'Defending: fires, and assaults any assailant within its charge reach that is disordered or worse, then returns to its position. Attacking: as column-assault.',
    params: { ...BASE, counterAttack: 'disordered', regroupAt: SHAKEN },
  },
  'random-legal': {
    role: 'baseline',
    doc: 'Every choice at random among the legal ones (orders, command element, moves, formations, targets, ammunition, reactions, follow-ups): the baseline that real doctrines must beat.',
    params: { ...BASE, random: true },
  },
};

export const DOCTRINE_NAMES = Object.keys(BURT_DOCTRINE_PRESETS) as [string, ...string[]];

export const DEFAULT_DOCTRINE = { attack: 'column-assault', defend: 'hold-and-fire' } as const;

/** A preset with any of its parameters overridden; unknown names throw. */
export function resolveDoctrine(name: string, overrides: Partial<BurtDoctrine> = {}): BurtDoctrine {
  const preset = BURT_DOCTRINE_PRESETS[name];
  if (!preset) throw new Error(`unknown doctrine '${name}'; known: ${DOCTRINE_NAMES.join(', ')}`);
  return overridden(preset.params, overrides);
}

/** The name of the preset a doctrine is, or the nearest preset's and what differs. */
export function doctrineName(d: BurtDoctrine): string {
  let best = '';
  let diff: string[] = [];
  for (const [name, p] of Object.entries(BURT_DOCTRINE_PRESETS)) {
    const q = p.params as unknown as Record<string, unknown>;
    const differs = Object.entries(d).filter(([k, v]) => q[k] !== v).map(([k, v]) => `${k} ${String(v)}`);
    if (!best || differs.length < diff.length) [best, diff] = [name, differs];
  }
  return diff.length ? `${best} with ${diff.join(', ')}` : best;
}

