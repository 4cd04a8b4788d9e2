/**
 * Age of Rifles Basic Rules (Markus Stumptner, 2007) as a Ruleset (src/core/ruleset.ts): the map-free
 * assault engagement and battles on a hex map, with their doctrines, refits, exact odds and trace.
 */
import type { EngagementDice } from '../../core/dice.js';
import type { DoctrineSupport, EngagementShape, PlayOptions, Ruleset } from '../../core/ruleset.js';
import type { BattleScenario } from './battleSchema.js';
import { compileBattle, type CompiledBattle } from './battle/compile.js';
import { newBattleResult, playBattle } from './battle/play.js';
import { DOCTRINE_PRESETS } from './doctrine/assault.js';
import { BATTLE_DOCTRINE_PRESETS } from './doctrine/battle.js';
import { compileAssault, newAssaultResult, playAssault, type AssaultScenario, type CompiledAssault } from './engagement.js';
import { AOR_ODDS } from './odds.js';
import { AOR_OPTIONS, aorOptions } from './options.js';
import { AOR_QUALITY } from './quality.js';
import { AOR_REFIT } from './refit/index.js';
import { AOR_SCENARIO_KINDS } from './scenarios.js';
import { AOR_TRACE } from './trace/index.js';
import { AOR_SCALE, AOR_VOCABULARY } from './vocabulary.js';

export type AorScenario = (AssaultScenario & { engagement: 'assault' }) | BattleScenario;
export type AorCompiled = CompiledAssault | CompiledBattle;

function describe(c: AorCompiled): EngagementShape {
  const units = c.specs.map((s) => ({ id: s.id, side: s.side, kind: s.kind, formation: s.formation }));
  if (c.kind === 'assault') {
    return {
      sides: [
        { name: c.sideNames[0], role: 'attacker' },
        { name: c.sideNames[1], role: 'defender' },
      ],
      units,
      formations: [],
      objectives: [],
      turns: c.turns,
      scale: c.scale,
      what: 'an Age of Rifles map-free assault',
      turnByTurn: false,
    };
  }
  return {
    sides: [
      { name: c.sides[0].name, role: c.sides[0].role },
      { name: c.sides[1].name, role: c.sides[1].role },
    ],
    units,
    formations: c.formations.map((f) => ({ id: f.id, name: f.name, side: f.side })),
    objectives: c.objectives.map((o) => ({ name: o.name, vp: o.vp, holder: o.holder })),
    turns: c.turns,
    scale: c.scale,
    what: 'an Age of Rifles battle on a hex map',
    turnByTurn: true,
  };
}

/**
 * Battle doctrines play battles (12.2's choices, each with the assault doctrine it names); assault
 * doctrines play the choices of an assault (7.1, 7.3, 7.4).
 */
const doctrines: DoctrineSupport = {
  list: [
    // A battle doctrine fights its assaults with an assault doctrine, often of the same name: the doc says which.
    ...Object.entries(BATTLE_DOCTRINE_PRESETS).map(([name, p]) => ({ name, doc: `${p.doc} Assaults: as the assault doctrine ${p.params.assault}.`, baseline: p.params.random, engagements: ['battle'] })),
    ...Object.entries(DOCTRINE_PRESETS).map(([name, p]) => ({ name, doc: p.doc, baseline: name === 'random-legal', engagements: ['assault'] })),
  ],
  path: (scenario, side) => (scenario.engagement === 'battle' ? `sides[${side}].battleDoctrine` : `${side === 0 ? 'attacker' : 'defender'}.doctrine`),
  fields: ['doctrine', 'battleDoctrine'],
  assign(scenario, side, name) {
    const data = structuredClone(scenario);
    if (data.engagement === 'battle') {
      // The battle doctrine is the whole player: its assault choices too (its `assault` parameter),
      // whatever assault doctrine the scenario names for the side.
      const s = (data.sides as Record<string, unknown>[])[side];
      s.battleDoctrine = name;
      delete s.doctrine;
    } else (data[side === 0 ? 'attacker' : 'defender'] as Record<string, unknown>).doctrine = name;
    return data;
  },
};

export const aor: Ruleset<AorScenario, AorCompiled> = {
  id: 'aor',
  title: 'Age of Rifles Basic Rules (2007)',
  short: 'Age of Rifles',
  source: { text: 'age-of-rifles-basic.txt', rulings: 'age-of-rifles.md', docs: 'docs/rules/age-of-rifles.md' },
  scale: AOR_SCALE,
  options: AOR_OPTIONS,
  scenarioKinds: AOR_SCENARIO_KINDS,
  vocabulary: AOR_VOCABULARY,
  compile: (scenario, options) =>
    scenario.engagement === 'battle' ? compileBattle(scenario, aorOptions(options)) : compileAssault(scenario, aorOptions(options)),
  play: (c: AorCompiled, dice: EngagementDice, opts?: PlayOptions) => (c.kind === 'battle' ? playBattle(c, dice, opts) : playAssault(c, dice, opts)),
  describe,
  newResult: (c) => (c.kind === 'battle' ? newBattleResult(c) : newAssaultResult(c)),
  doctrines,
  refit: AOR_REFIT,
  quality: AOR_QUALITY,
  odds: AOR_ODDS,
  trace: AOR_TRACE,
  examples: [
    'sims/town-assault.scenario.yaml',
    'sims/village-assault.scenario.yaml',
    'sims/cavalry-vs-squares.scenario.yaml',
    'sims/meeting-engagement.scenario.yaml',
    'sims/aor/common-a-village.scenario.yaml',
    'sims/aor/common-b-open.scenario.yaml',
    'sims/aor/common-c-cavalry.scenario.yaml',
  ],
};
