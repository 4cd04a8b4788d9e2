/**
 * The standard duel of `volley refit check`: a counter's rating in isolation. The unit, alone and
 * fresh, assaults a standard line unit in clear terrain across an open hexside, and the standard unit
 * assaults it; each duel is played with the unit as the refit rates it and with the same unit at the
 * refit's defaults (default morale, its own flags and pursuit), on the same dice. Neither side gives
 * ground by choice (DUEL_DOCTRINE), so the result turns on fire and morale. Both are assault
 * engagements (DESIGN.md, "Engagements"): the rounds of 7.3/7.4 until one side retreats or is
 * eliminated, or time runs out.
 */
import type { DuelSubject, RefitDuels } from '../../../core/ruleset.js';
import { groupDuelSubjects } from '../../../core/duels.js';
import { unitShape } from '../schema.js';
import { rawUnits } from './apply.js';
import type { Refit } from './schema.js';

export type DuelRole = 'attacking' | 'defending';
export const DUEL_ROLES: readonly DuelRole[] = ['attacking', 'defending'];

/** The yardstick: a line infantry battalion at the refit's default morale, no flags. */
export interface StandardUnit {
  kind: 'infantry';
  strength: number;
  reduced: number;
  morale: number;
}

export const STANDARD_ID = 'standard-line';
/** Turns of a duel: the assault scenarios' default (src/rules/aor/schema.ts). */
export const DUEL_TURNS = 6;
/**
 * Both sides of a duel stand (no retreat by choice, 7.4): a side that gives ground when the hits
 * mount would end most duels before a morale check, and the duel would not show the rating.
 */
export const DUEL_DOCTRINE = 'stubborn';

export function standardUnit(refit: Pick<Refit, 'defaultMorale' | 'standard'>): StandardUnit {
  const strength = refit.standard?.strength ?? 6;
  return { kind: 'infantry', strength, reduced: refit.standard?.reduced ?? Math.ceil(strength / 2), morale: refit.defaultMorale };
}

/** The fields of a unit that a duel keeps: its counter (unitShape), fresh (not damaged, not disrupted). */
function counter(u: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(unitShape)) if (u[k] !== undefined && k !== 'damaged' && k !== 'disrupted' && k !== 'formation') out[k] = u[k];
  return out;
}

/** A counter as text, fields in unitShape order, flags sorted; nationality and tags do not play. */
function canonical(u: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(unitShape)
      .filter((k) => k !== 'nationality' && k !== 'tags')
      .map((k) => (k === 'flags' ? [...((u.flags as string[]) ?? [])].sort() : (u[k] ?? null))),
  );
}

/**
 * The counters the refit rates differently from their defaults, in scenario order. Units with the same
 * two counters (the same ratings, kind and strengths; ids, nationality and tags aside), in one
 * scenario or several, share one duel, listed under the first.
 */
export function duelSubjects(
  scenarios: readonly { file: string; raw: Record<string, unknown>; refitted: Record<string, unknown> }[],
  refit: Pick<Refit, 'defaultMorale'>,
): DuelSubject[] {
  return groupDuelSubjects(
    scenarios.flatMap((sc) => {
      const raw = new Map(rawUnits(sc.raw).map((u) => [u.unit.id, u.unit]));
      return rawUnits(sc.refitted).map((u) => ({
        scenario: sc.file,
        unit: String(u.unit.id),
        rated: counter(u.unit),
        atDefaults: counter({ ...(raw.get(u.unit.id) ?? u.unit), morale: refit.defaultMorale }),
      }));
    }),
    (c) => canonical({ ...c, id: '' }),
  );
}

/** The assault scenario (raw data) of one duel: the unit attacking or defending against the standard. */
export function duelScenario(unit: Record<string, unknown>, role: DuelRole, std: StandardUnit, ruleset: string, options: Record<string, unknown>): Record<string, unknown> {
  const standard = { id: STANDARD_ID, ...std };
  const attacker = role === 'attacking' ? unit : standard;
  const defender = role === 'attacking' ? standard : unit;
  return {
    kind: 'scenario',
    name: 'standard-duel',
    title: `${String(unit.id)} ${role} against a standard line unit in clear terrain`,
    ruleset,
    options,
    engagement: 'assault',
    turns: DUEL_TURNS,
    onTime: 'defender',
    attacker: { name: String(attacker.id), orders: 'attack', doctrine: DUEL_DOCTRINE, stacks: [{ hexside: 0, terrain: 'clear', units: [attacker] }] },
    defender: { name: String(defender.id), orders: 'defend', doctrine: DUEL_DOCTRINE, terrain: 'clear', units: [defender] },
  };
}

/** The duels of `volley refit check` (src/core/ruleset.ts, RefitDuels). */
export const duels: RefitDuels = {
  roles: DUEL_ROLES.map((role) => ({ role, side: role === 'attacking' ? 0 : 1 })),
  standard: (refit: Refit) => ({ ...standardUnit(refit) }),
  subjects: duelSubjects,
  scenario: (unit, role, refit: Refit, ruleset, options) => duelScenario(unit, role as DuelRole, standardUnit(refit), ruleset, options),
  label: (u) => {
    const flags = (u.flags as string[] | undefined) ?? [];
    return `${String(u.kind ?? 'infantry')} ${String(u.strength)}, morale ${String(u.morale)}${flags.length ? `, ${flags.join('+')}` : ''}`;
  },
  describe: (refit: Refit) => {
    const s = standardUnit(refit);
    return (
      `Each unit the refit rates differently from its defaults, alone and fresh, assaults and is assaulted by a standard line infantry unit ` +
      `(strength ${s.strength}, reduced ${s.reduced}, morale ${s.morale}, no flags) in clear terrain across an open hexside, for up to ${DUEL_TURNS} rounds; ` +
      `neither side gives ground by choice, so fire and morale decide.`
    );
  },
};
