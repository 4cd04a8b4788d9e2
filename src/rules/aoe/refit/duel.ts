/**
 * The standard duel of `volley refit check`: a unit's ratings in isolation. The unit, alone and fresh,
 * attacks a standard infantry unit (6 stands, the refit's default quality, Impulse, 3-rank muskets, in
 * Line) standing 5" (400 yards) away in the open, and the standard unit attacks it; each duel is played
 * with the unit as the refit rates it and with the same unit at the refit's defaults, on the same dice.
 * The attacker charges whenever a charge can reach and the defender stands (doctrine column-assault),
 * so the result turns on the March Table, fire and Bayonet & Sabre. Six turns of 20 minutes.
 */
import type { DuelSubject, RefitDuels } from '../../../core/ruleset.js';
import { groupDuelSubjects } from '../../../core/duels.js';
import { unitShape } from '../scenarios.js';
import { rawUnits } from './apply.js';
import type { AoeRefit } from './schema.js';

export type DuelRole = 'attacking' | 'defending';
export const DUEL_ROLES: readonly DuelRole[] = ['attacking', 'defending'];
export const STANDARD_ID = 'standard-line';
export const DUEL_TURNS = 6;
export const DUEL_DOCTRINE = 'column-assault';

export function standardUnit(refit: Pick<AoeRefit, 'defaultTroops'>): Record<string, unknown> {
  return { id: STANDARD_ID, arm: 'infantry', stands: 6, troops: refit.defaultTroops, marchMode: 'impulse', musket: 3, formation: 'line' };
}

/** The fields of a unit a duel keeps: what plays, fresh and placed by the duel (not its position, hits or disorder). */
const DROPPED = new Set(['front', 'offset', 'hits', 'disordered', 'nationality', 'tags', 'limbered']);
function counter(u: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(unitShape)) if (u[k] !== undefined && !DROPPED.has(k)) out[k] = u[k];
  // A unit holding a village block fights the duel in Line in the open.
  if (out.formation === 'bua') out.formation = 'line';
  return out;
}

function canonical(u: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(unitShape).filter((k) => k !== 'id' && !DROPPED.has(k)).map((k) => u[k] ?? null));
}

/**
 * The units the refit rates differently from its defaults, in scenario order; units with the same two
 * counters (ids aside), in one scenario or several, share one duel, listed under the first.
 */
export function duelSubjects(
  scenarios: readonly { file: string; raw: Record<string, unknown>; refitted: Record<string, unknown> }[],
  refit: Pick<AoeRefit, 'defaultTroops'>,
): DuelSubject[] {
  return groupDuelSubjects(
    scenarios.flatMap((sc) => {
      const raw = new Map(rawUnits(sc.raw).map((u) => [u.unit.id, u.unit]));
      return rawUnits(sc.refitted).map((u) => ({
        scenario: sc.file,
        unit: String(u.unit.id),
        rated: counter(u.unit),
        atDefaults: counter({ ...(raw.get(u.unit.id) ?? u.unit), troops: refit.defaultTroops }),
      }));
    }),
    canonical,
  );
}

/** The lane scenario (raw data) of one duel: the unit attacking or defending against the standard. */
export function duelScenario(unit: Record<string, unknown>, role: DuelRole, refit: Pick<AoeRefit, 'defaultTroops'>, ruleset: string, options: Record<string, unknown>): Record<string, unknown> {
  const standard = standardUnit(refit);
  const attacker: Record<string, unknown> = { ...(role === 'attacking' ? unit : standard), front: 10, offset: 0 };
  const defender: Record<string, unknown> = { ...(role === 'attacking' ? standard : unit), front: 15, offset: 0 };
  return {
    kind: 'scenario',
    name: 'standard-duel',
    title: `${String(unit.id)} ${role} against a standard infantry unit in the open`,
    ruleset,
    options,
    engagement: 'lane',
    turns: DUEL_TURNS,
    lane: { length: 30, width: 16 },
    sides: [
      { name: String(attacker.id), role: 'attacker', doctrine: DUEL_DOCTRINE, units: [attacker] },
      { name: String(defender.id), role: 'defender', doctrine: DUEL_DOCTRINE, units: [defender] },
    ],
  };
}

export const duels: RefitDuels = {
  roles: DUEL_ROLES.map((role) => ({ role, side: role === 'attacking' ? 0 : 1 })),
  standard: (refit: AoeRefit) => standardUnit(refit),
  subjects: duelSubjects,
  scenario: (unit, role, refit: AoeRefit, ruleset, options) => duelScenario(unit, role as DuelRole, refit, ruleset, options),
  label: (u) => `${String(u.arm ?? 'infantry')}${u.stands ? ` ${String(u.stands)}` : ''}, ${String(u.troops ?? 'regular')}${u.marchMode ? `, ${String(u.marchMode)}` : ''}${u.musket ? `, ${String(u.musket)}-rank` : ''}`,
  describe: (refit: AoeRefit) =>
    `Each unit the refit rates differently from its defaults, alone and fresh, attacks and is attacked by a standard infantry unit ` +
    `(6 stands, ${refit.defaultTroops}, Impulse March Mode, 3-rank muskets, in Line) 5" (400 yards) away in the open, for up to ${DUEL_TURNS} turns of 20 minutes; ` +
    `the attacker charges whenever a charge can reach and the defender stands (doctrine ${DUEL_DOCTRINE}).`,
};
