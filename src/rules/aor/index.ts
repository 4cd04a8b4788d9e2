/** Age of Rifles Basic Rules (Markus Stumptner, 2007) as a Ruleset: the assault engagement and battles. */
import type { EngagementDice } from '../../core/dice.js';
import { emptyResult } from '../../core/result.js';
import type { EngagementShape, PlayOptions, Ruleset } from '../../core/ruleset.js';
import type { BattleScenario } from './battleSchema.js';
import { compileBattle, type CompiledBattle } from './battle/compile.js';
import { newBattleResult, playBattle } from './battle/play.js';
import { compileAssault, playAssault, type AssaultScenario, type CompiledAssault } from './engagement.js';
import { AOR_OPTIONS, aorOptions } from './options.js';

export type AorScenario = (AssaultScenario & { engagement: 'assault' }) | BattleScenario;
export type AorCompiled = CompiledAssault | CompiledBattle;

function describe(c: AorCompiled): EngagementShape {
  if (c.kind === 'assault') {
    return {
      sides: [
        { name: c.sideNames[0], role: 'attacker' },
        { name: c.sideNames[1], role: 'defender' },
      ],
      units: c.specs.map((s) => ({ id: s.id, side: s.side, kind: s.kind, formation: s.formation })),
      formations: [],
      objectives: [],
      turns: c.turns,
    };
  }
  return {
    sides: [
      { name: c.sides[0].name, role: c.sides[0].role },
      { name: c.sides[1].name, role: c.sides[1].role },
    ],
    units: c.specs.map((s) => ({ id: s.id, side: s.side, kind: s.kind, formation: s.formation })),
    formations: c.formations.map((f) => ({ id: f.id, name: f.name, side: f.side })),
    objectives: c.objectives.map((o) => ({ name: o.name, vp: o.vp })),
    turns: c.turns,
  };
}

export const aor: Ruleset<AorScenario, AorCompiled> = {
  id: 'aor',
  title: 'Age of Rifles Basic Rules (2007)',
  options: AOR_OPTIONS,
  compile: (scenario, options) =>
    scenario.engagement === 'battle' ? compileBattle(scenario, aorOptions(options)) : compileAssault(scenario, aorOptions(options)),
  play: (c: AorCompiled, dice: EngagementDice, opts?: PlayOptions) => (c.kind === 'battle' ? playBattle(c, dice, opts) : playAssault(c, dice, opts)),
  unitNames: (c) => c.specs.map((s) => ({ id: s.id, side: s.side })),
  describe,
  newResult: (c) => (c.kind === 'battle' ? newBattleResult(c) : emptyResult(c.specs.length)),
};
