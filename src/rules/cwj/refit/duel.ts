/**
 * The standard duel of `volley refit check`: a unit's ratings in isolation. The unit, alone and fresh,
 * attacks a standard French Line battalion in line in the open from 400 yards, and the standard
 * battalion, in column, attacks it; each duel is played with the unit as the refit rates it and as it
 * stood before, on the same dice. A duel is a charge scenario's clash (rulings 12, C): it ends once
 * contact has been made and broken, at most four game turns, army morale off; the side that gave way
 * or was removed lost.
 */
import type { DuelSubject, RefitDuels } from '../../../core/ruleset.js';
import { groupDuelSubjects } from '../../../core/duels.js';
import { TROOP_KINDS, type TroopType } from '../troops.js';
import { rawUnits } from './apply.js';
import type { Refit } from './schema.js';

export type DuelRole = 'attacking' | 'defending';
export const DUEL_ROLES: readonly DuelRole[] = ['attacking', 'defending'];
export const STANDARD_ID = 'standard-line';
export const DUEL_TURNS = 4;

/** The yardstick: a French Line battalion (1/1/4, [FrT] l.332-335), 720 men. */
export const STANDARD_UNIT = { id: STANDARD_ID, type: 'line', nation: 'french', men: 720 } as const;

/** The fields of a unit a duel keeps: what rates it, with the table its nation reads. */
const COUNTER_FIELDS = ['type', 'nation', 'quality', 'guard', 'fire', 'rally', 'melee', 'bases', 'men', 'tags'] as const;

function counter(u: Record<string, unknown>, nation: string, table: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { id: u.id, nation };
  for (const k of COUNTER_FIELDS) if (u[k] !== undefined && k !== 'nation') out[k] = u[k];
  if (table !== undefined) out.table = table;
  return out;
}

const canonical = (u: Record<string, unknown>) => JSON.stringify([...COUNTER_FIELDS, 'table'].filter((k) => k !== 'tags').map((k) => u[k] ?? null));

/** The units the refit rates differently from before it, each counter once. */
export function duelSubjects(scenarios: readonly { file: string; raw: Record<string, unknown>; refitted: Record<string, unknown> }[]): DuelSubject[] {
  return groupDuelSubjects(
    scenarios.flatMap((sc) => {
      const rawTables = (sc.raw.nationTables as Record<string, string> | undefined) ?? {};
      const newTables = (sc.refitted.nationTables as Record<string, string> | undefined) ?? {};
      const before = new Map(rawUnits(sc.raw).map((u) => [u.unit.id, u]));
      return rawUnits(sc.refitted).map((u) => {
        const key = u.nation.toLowerCase();
        const b = before.get(u.unit.id) ?? u;
        return { scenario: sc.file, unit: String(u.unit.id), rated: counter(u.unit, u.nation, newTables[key]), atDefaults: counter(b.unit, b.nation, rawTables[key]) };
      });
    }),
    canonical,
  );
}

/** A unit of a duel scenario from a counter, in the formation it fights the duel in. */
function duelUnit(c: Record<string, unknown>, attacking: boolean): Record<string, unknown> {
  const arm = TROOP_KINDS[(c.type as TroopType | undefined) ?? 'line'].arm;
  const u: Record<string, unknown> = {};
  for (const k of ['id', ...COUNTER_FIELDS]) if (c[k] !== undefined) u[k] = c[k];
  u.formation = arm === 'infantry' ? (attacking ? 'column' : 'line') : arm === 'cavalry' ? 'line' : 'unlimbered';
  return u;
}

/** The lane scenario (raw data) of one duel. */
export function duelScenario(unit: Record<string, unknown>, role: DuelRole, ruleset: string, options: Record<string, unknown>): Record<string, unknown> {
  const attacking = role === 'attacking';
  const own = duelUnit(unit, attacking);
  const standard = duelUnit({ ...STANDARD_UNIT }, !attacking);
  const nation = String(unit.nation ?? 'french');
  const side = (u: Record<string, unknown>, name: string, line: number | string, doctrine: string) => ({
    name,
    nation: String(u.nation ?? 'french'),
    line,
    doctrine,
    corps: [{ id: `${name}-corps`, units: [u] }],
  });
  const a = attacking ? own : standard;
  const d = attacking ? standard : own;
  return {
    kind: 'scenario',
    name: 'cwj-standard-duel',
    title: `${String(unit.id)} ${role} against a standard French Line battalion`,
    ruleset,
    options,
    engagement: 'lane',
    turns: DUEL_TURNS,
    decision: 'firstClash',
    armyMorale: false,
    lane: { width: 40, edge: 40 },
    ...(unit.table !== undefined ? { nationTables: { [nation.toLowerCase()]: unit.table } } : {}),
    attacker: side(a, String(a.id), '-400yd', 'columns'),
    defender: side(d, String(d.id), 0, 'hold'),
  };
}

export const duels: RefitDuels = {
  roles: DUEL_ROLES.map((role) => ({ role, side: role === 'attacking' ? 0 : 1 })),
  standard: () => ({ ...STANDARD_UNIT, formation: 'line' }),
  subjects: (scenarios) => duelSubjects(scenarios),
  scenario: (unit, role, _refit: Refit, ruleset, options) => duelScenario(unit, role as DuelRole, ruleset, options),
  label: (u) => {
    const parts = [`${String(u.type ?? 'line')} (${String(u.nation ?? 'french')}${u.table ? `, ${String(u.table)} table` : ''})`];
    if (u.quality) parts.push(`quality ${String(u.quality)}`);
    for (const k of ['fire', 'rally', 'melee'] as const) if (u[k] !== undefined) parts.push(`${k} ${String(u[k])}`);
    return parts.join(', ');
  },
  describe: () =>
    'Each unit the refit rates differently, alone and fresh, attacks a standard French Line battalion (1/1/4, in line in the open) from 400 yards, and is attacked by it in column; ' +
    `the duel ends once contact has been made and broken, at most ${DUEL_TURNS} game turns, army morale off (rulings 12, C): the side that gave way or was removed lost. ` +
    'Attackers play the columns doctrine, defenders hold.',
};
