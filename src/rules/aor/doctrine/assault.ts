/**
 * Doctrines for the choices an assault leaves to a player (7.1 hit allocation, 7.3 defender fires
 * first, 7.4 voluntary retreat). A doctrine is a named preset of parameters; a scenario may name a
 * preset and override any parameter. Choices that need chance draw only from the side's `ai` stream.
 */

import type { Uniform } from '../../../core/dice.js';
import { overridden } from '../../../core/records.js';

export const RETREAT_POLICIES = ['never', 'hitsAtLeast', 'outshot', 'heavyLoss', 'random'] as const;
export type RetreatPolicy = (typeof RETREAT_POLICIES)[number];

export const HIT_POLICIES = ['leastStrength', 'lowestMorale', 'random'] as const;
export type HitPolicy = (typeof HIT_POLICIES)[number];

export interface AssaultDoctrine {
  /** When to retreat voluntarily (7.4) instead of standing to the morale check. */
  retreatWhen: RetreatPolicy;
  /** Threshold in hits for `hitsAtLeast` and `outshot`. */
  retreatHits: number;
  /** As defender, fire first at stacks that moved adjacent in LOS when allowed (7.3); 'random': on a coin flip each time. */
  fireFirst: boolean | 'random';
  /** Which eligible unit takes each hit (7.1). */
  hitAllocation: HitPolicy;
  /** As defender of an objective hex, never retreat from it voluntarily (7.4), whatever retreatWhen says. */
  holdObjective: boolean;
}

export const RETREAT_POLICY_DOCS: Readonly<Record<RetreatPolicy, string>> = {
  never: 'never retreats voluntarily; always stands to the morale check',
  hitsAtLeast: 'retreats voluntarily when it is about to take at least retreatHits hits',
  outshot: 'retreats voluntarily when it is about to take at least retreatHits hits and more than it inflicts',
  heavyLoss: 'retreats voluntarily when the hits about to land would cost at least half its remaining steps',
  random: 'retreats voluntarily on a coin flip whenever it may (a random-legal choice)',
};

export const HIT_POLICY_DOCS: Readonly<Record<HitPolicy, string>> = {
  leastStrength: 'each hit goes to the eligible unit whose hit costs the least printed strength',
  lowestMorale: 'each hit goes to the eligible unit with the lowest morale rating',
  random: 'each hit goes to an eligible unit chosen at random',
};

/** One line per policy, for schema descriptions. */
export const policyList = (docs: Readonly<Record<string, string>>): string =>
  Object.entries(docs)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');

export const DOCTRINE_PRESETS: Readonly<Record<string, { doc: string; params: AssaultDoctrine }>> = {
  'by-the-book': {
    doc: 'Fires first when it may, stands unless the pending hits would cost half its steps (never off an objective it defends, nor when the attacker has already retreated), hits go where they cost least.',
    params: { retreatWhen: 'heavyLoss', retreatHits: 1, fireFirst: true, hitAllocation: 'leastStrength', holdObjective: true },
  },
  stubborn: {
    doc: 'Never gives ground voluntarily: every hit is met with a morale check.',
    params: { retreatWhen: 'never', retreatHits: 1, fireFirst: true, hitAllocation: 'leastStrength', holdObjective: true },
  },
  careful: {
    doc: 'Pulls back voluntarily (halving both sides\' losses) whenever it is outshot by two hits or more, even off an objective.',
    params: { retreatWhen: 'outshot', retreatHits: 2, fireFirst: true, hitAllocation: 'leastStrength', holdObjective: false },
  },
  'random-legal': {
    doc: 'Every choice on a coin flip or at random: fires first or not, retreats voluntarily or not, hits go to a random eligible unit.',
    params: { retreatWhen: 'random', retreatHits: 1, fireFirst: 'random', hitAllocation: 'random', holdObjective: false },
  },
};

export const DEFAULT_DOCTRINE = 'by-the-book';

/** What a side knows when it decides whether to retreat voluntarily (7.4). */
export interface RetreatView {
  /** Hits this side is about to take (before halving). */
  hitsTaken: number;
  /** Hits this side is about to inflict (before halving). */
  hitsDealt: number;
  /** Steps this side has in the fight now. */
  stepsLeft: number;
  /** The other side has already chosen to retreat (the defender decides second). */
  enemyRetreats: boolean;
  /** This side defends an objective hex (a battle's objective, or its formation's Defend objective). */
  onObjective?: boolean;
}

/**
 * 7.4: the decision itself. Pure: only the 'random' policy draws, one number from `coin` (the side's
 * AI stream), and only when retreating is a choice at all. No policy retreats when the other side
 * already has (the defender decides second): the hits are halved once either way, so it keeps its hex.
 */
export function wantsVoluntaryRetreat(d: AssaultDoctrine, v: RetreatView, coin?: Uniform): boolean {
  if (v.enemyRetreats || v.hitsTaken === 0) return false;
  if (d.holdObjective && v.onObjective === true) return false;
  switch (d.retreatWhen) {
    case 'random':
      if (!coin) throw new Error('a random retreat policy needs the side\'s AI dice');
      return coin() < 0.5;
    case 'never':
      return false;
    case 'hitsAtLeast':
      return v.hitsTaken >= d.retreatHits;
    case 'outshot':
      return v.hitsTaken >= d.retreatHits && v.hitsTaken > v.hitsDealt;
    case 'heavyLoss':
      return v.hitsTaken * 2 >= v.stepsLeft;
  }
}

/**
 * 7.11: whether cavalry or horse artillery about to be assaulted slips away first when it may (under
 * aor.retreatBeforeAssault = chosen): as its voluntary retreats go, a stubborn side never does, a side
 * holding an objective it defends does not, random-legal on a coin flip (one draw from `coin`).
 */
export function choosesRetreatBeforeAssault(d: AssaultDoctrine, onObjective: boolean, coin: Uniform): boolean {
  if (d.retreatWhen === 'random') return coin() < 0.5;
  if (d.retreatWhen === 'never') return false;
  return !(d.holdObjective && onObjective);
}

/** 7.3: whether the defender fires first when it may; 'random' draws one number from `coin`. */
export function choosesFireFirst(d: AssaultDoctrine, coin: Uniform): boolean {
  return d.fireFirst === 'random' ? coin() < 0.5 : d.fireFirst;
}

/** Whether a doctrine ever draws from its side's AI stream in an assault. */
export function assaultDrawsDice(d: AssaultDoctrine): boolean {
  return d.hitAllocation === 'random' || d.retreatWhen === 'random' || d.fireFirst === 'random';
}

export function resolveDoctrine(name: string, overrides: Partial<AssaultDoctrine> = {}): AssaultDoctrine {
  const preset = DOCTRINE_PRESETS[name];
  if (!preset) throw new Error(`unknown doctrine '${name}'; known: ${Object.keys(DOCTRINE_PRESETS).join(', ')}`);
  return overridden(preset.params, overrides);
}
