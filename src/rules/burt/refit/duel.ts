/**
 * The standard duel of `volley refit check` for Burt: a unit's rating in isolation. The unit, alone
 * and fresh, assaults a standard line battalion (24 figures in line, muskets, at the refit's default
 * class) in the open from 12" away, and the standard battalion assaults it; each duel is played with
 * the unit as the refit rates it and at the refit's defaults, on the same dice. Both sides play
 * column-assault attacking and hold-and-fire defending; 6 turns.
 */
import type { DuelSubject, RefitDuels } from '../../../core/ruleset.js';
import { groupDuelSubjects } from '../../../core/duels.js';
import { rawUnits } from './apply.js';
import type { Refit } from './schema.js';

export type DuelRole = 'attacking' | 'defending';
export const DUEL_ROLES: readonly DuelRole[] = ['attacking', 'defending'];
export const STANDARD_ID = 'standard-line';
export const DUEL_TURNS = 6;
/** Inches between the fronts at the start: inside a column's charge reach after one move. */
export const DUEL_GAP = 12;

/** The fields that make a unit's counter: what it is and its rating, not where it stands or its orders. */
const COUNTER_FIELDS = ['id', 'arm', 'figures', 'guns', 'ordnance', 'horse', 'weapon', 'class', 'light', 'armoured', 'lancers', 'formation'] as const;

export interface StandardUnit {
  arm: 'infantry';
  figures: number;
  class: string;
  formation: 'line';
}

export function standardUnit(refit: Pick<Refit, 'defaultClass' | 'standard'>): StandardUnit {
  return { arm: 'infantry', figures: refit.standard?.figures ?? 24, class: refit.defaultClass, formation: 'line' };
}

function counter(u: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of COUNTER_FIELDS) if (u[k] !== undefined) out[k] = u[k];
  return out;
}

const canonical = (u: Record<string, unknown>) => JSON.stringify(COUNTER_FIELDS.filter((k) => k !== 'id').map((k) => u[k] ?? null));

/** The counters the refit rates differently from the defaults (units alike share one duel). */
export function duelSubjects(
  scenarios: readonly { file: string; raw: Record<string, unknown>; refitted: Record<string, unknown> }[],
  refit: Pick<Refit, 'defaultClass'>,
): DuelSubject[] {
  return groupDuelSubjects(
    scenarios.flatMap((sc) => {
      const raw = new Map(rawUnits(sc.raw).map((u) => [u.unit.id, u.unit]));
      return rawUnits(sc.refitted).map((u) => ({
        scenario: sc.file,
        unit: String(u.unit.id),
        rated: counter(u.unit),
        atDefaults: counter({ ...(raw.get(u.unit.id) ?? u.unit), class: refit.defaultClass, quality: undefined }),
      }));
    }),
    canonical,
  );
}

/** The lane scenario (raw data) of one duel. */
export function duelScenario(unit: Record<string, unknown>, role: DuelRole, std: StandardUnit, ruleset: string, options: Record<string, unknown>): Record<string, unknown> {
  const standard: Record<string, unknown> = { id: STANDARD_ID, ...std };
  const attacker: Record<string, unknown> = { ...(role === 'attacking' ? unit : standard), at: DUEL_GAP, offset: 0 };
  const defender: Record<string, unknown> = { ...(role === 'attacking' ? standard : unit), at: 0, offset: 0, orders: 'fire' };
  const attackerOrders = attacker.arm === 'guns' ? 'fire' : 'manoeuvre';
  return {
    kind: 'scenario',
    name: 'standard-duel',
    title: `${String(unit.id)} ${role} against a standard line battalion in the open`,
    ruleset,
    options,
    engagement: 'lane',
    turns: DUEL_TURNS,
    onTime: 'defender',
    lane: { width: 16, xMin: -24, xMax: 40 },
    objective: { name: 'the defended ground', from: -4, to: 0, yMin: -6, yMax: 6 },
    sides: [
      { name: String(attacker.id), role: 'attacker', doctrine: 'column-assault', units: [{ ...attacker, orders: attackerOrders }] },
      { name: String(defender.id), role: 'defender', doctrine: 'hold-and-fire', units: [defender] },
    ],
  };
}

export const duels: RefitDuels = {
  roles: DUEL_ROLES.map((role) => ({ role, side: role === 'attacking' ? 0 : 1 })),
  standard: (refit: Refit) => ({ ...standardUnit(refit) }),
  subjects: duelSubjects,
  scenario: (unit, role, refit: Refit, ruleset, options) => duelScenario(unit, role as DuelRole, standardUnit(refit), ruleset, options),
  label: (u) => `${String(u.arm ?? 'infantry')}${u.figures !== undefined ? ` ${String(u.figures)}` : ''}, class ${String(u.class ?? 'C')}${u.armoured ? ', armoured' : ''}`,
  describe: (refit: Refit) => {
    const s = standardUnit(refit);
    return (
      `Each unit the refit rates differently from the defaults, alone and fresh, assaults and is assaulted by a standard line battalion ` +
      `(${s.figures} figures in line, muskets, class ${s.class}) in the open from ${DUEL_GAP}" away, for up to ${DUEL_TURNS} turns; ` +
      `the attacker plays column-assault, the defender hold-and-fire.`
    );
  },
};
