/**
 * The two kinds of Age of Rifles scenario (src/core/ruleset.ts, ScenarioKind): the map-free assault of
 * stacks against one defending stack, and the battle on a hex map. src/scenario adds the envelope.
 */
import type { z } from 'zod';
import { formatPath } from '../../core/errors.js';
import type { ScenarioKind } from '../../core/ruleset.js';
import { checkBattle } from './battle/compile.js';
import { battleScenarioBody, type BattleScenario } from './battleSchema.js';
import { assaultScenarioBody } from './schema.js';

type Path = (string | number)[];

/**
 * Unit ids are unique within a scenario: refits and vary paths select units by them (formations' ids
 * likewise). `base` is where the checked body sits in its file (an odds file's `params`), so the message
 * names the first use as the file has it, as the issue's own path is.
 */
function uniqueIds(ids: [string, Path][], ctx: z.RefinementCtx, what = 'unit', base: Path = []): void {
  const seen = new Map<string, string>();
  for (const [id, path] of ids) {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path, message: `duplicate ${what} id '${id}' (first used at ${seen.get(id)})` });
    else seen.set(id, formatPath([...base, ...path]));
  }
}

interface AssaultShape {
  attacker: { stacks: { hexside: number; units: { id: string }[] }[] };
  defender: { terrain: string; units: { id: string }[] };
}

/**
 * The assault's checks across fields: unique unit ids, one stack a hexside, one unit in a fort (10.1).
 * An odds file's assault params are checked alike, with `base` ['params'] where its messages name another field.
 */
export function checkAssault(s: AssaultShape, ctx: z.RefinementCtx, base: Path = []): void {
  uniqueIds(
    [
      ...s.attacker.stacks.flatMap((st, i) => st.units.map((u, j): [string, Path] => [u.id, ['attacker', 'stacks', i, 'units', j, 'id']])),
      ...s.defender.units.map((u, j): [string, Path] => [u.id, ['defender', 'units', j, 'id']]),
    ],
    ctx,
    'unit',
    base,
  );
  // Each attacking stack stands in its own hex: one hexside each.
  const sides = new Map<number, number>();
  s.attacker.stacks.forEach((st, i) => {
    if (sides.has(st.hexside)) {
      ctx.addIssue({
        code: 'custom',
        path: ['attacker', 'stacks', i, 'hexside'],
        message: `hexside ${st.hexside} is already used by ${formatPath([...base, 'attacker', 'stacks', sides.get(st.hexside)!])}; each stack attacks from its own hex`,
      });
    } else sides.set(st.hexside, i);
  });
  if (s.defender.terrain === 'fort' && s.defender.units.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['defender', 'units'], message: 'a fort holds one unit (10.1)' });
  }
}

function checkBattleFile(s: BattleScenario, ctx: z.RefinementCtx): void {
  // Orders, plans, commanders, refits and reports name formations by id: one id, one formation.
  uniqueIds(
    s.sides.flatMap((side, si) => side.formations.map((f, fi): [string, Path] => [f.id, ['sides', si, 'formations', fi, 'id']])),
    ctx,
    'formation',
  );
  uniqueIds(
    s.sides.flatMap((side, si) => side.formations.flatMap((f, fi) => f.units.map((u, ui): [string, Path] => [u.id, ['sides', si, 'formations', fi, 'units', ui, 'id']]))),
    ctx,
  );
  for (const issue of checkBattle(s)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const AOR_SCENARIO_KINDS: readonly ScenarioKind[] = [
  // An assault has no armies or formations (a battle's 13, 14): nothing in it breaks as an army.
  { engagement: 'assault', doc: 'a map-free assault', body: assaultScenarioBody, refine: (s, ctx) => checkAssault(s, ctx), unmeasured: ['armyBroken'] },
  { engagement: 'battle', doc: 'a battle on a hex map', body: battleScenarioBody, refine: checkBattleFile },
];
