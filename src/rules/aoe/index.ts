/**
 * Age of Eagles, regimental scale 1:60, as a Ruleset (src/core/ruleset.ts): engagements on the lane
 * (rulings 6) with the whole turn sequence, its doctrines, refits, exact odds and trace.
 */
import type { EngagementDice } from '../../core/dice.js';
import type { DoctrineSupport, EngagementShape, PlayOptions, Ruleset } from '../../core/ruleset.js';
import { compileLane, type CompiledLane } from './compile.js';
import { BASELINE_DOCTRINE, DOCTRINE_PRESETS } from './doctrine.js';
import { AOE_ODDS } from './oddsQuestions.js';
import { AOE_OPTIONS, aoeOptions } from './options.js';
import { newLaneResult, playLane } from './play.js';
import { AOE_QUALITY } from './quality.js';
import { AOE_REFIT } from './refit/index.js';
import { AOE_SCENARIO_KINDS, type LaneScenario } from './scenarios.js';
import { AOE_TRACE } from './trace/index.js';
import { AOE_SCALE, AOE_VOCABULARY } from './vocabulary.js';

function describe(c: CompiledLane): EngagementShape {
  return {
    sides: [
      { name: c.sideNames[0], role: c.attacker === 0 ? 'attacker' : 'defender' },
      { name: c.sideNames[1], role: c.attacker === 1 ? 'attacker' : 'defender' },
    ],
    units: c.specs.map((s) => ({ id: s.id, side: s.side, kind: s.arm, formation: s.startFormation === 'none' ? 'bua' : s.arm === 'artillery' ? (s.startLimbered ? 'limbered' : 'battery') : s.startFormation })),
    formations: [],
    objectives: [{ name: c.objective.name, vp: 0 }],
    turns: c.turns,
    scale: c.scale,
    what: 'an Age of Eagles engagement on the lane',
    turnByTurn: true,
  };
}

/** A doctrine is a whole player; a scenario names one per side (`sides[i].doctrine`). */
const doctrines: DoctrineSupport = {
  list: Object.entries(DOCTRINE_PRESETS).map(([name, p]) => ({ name, doc: p.doc, baseline: name === BASELINE_DOCTRINE })),
  path: (_scenario, side) => `sides[${side}].doctrine`,
  fields: ['doctrine'],
  assign(scenario, side, name) {
    const data = structuredClone(scenario);
    const sides = data.sides as Record<string, unknown>[];
    sides[side].doctrine = name;
    return data;
  },
};

export const aoe: Ruleset<LaneScenario, CompiledLane> = {
  id: 'aoe',
  title: 'Age of Eagles, regimental scale 1:60',
  short: 'Age of Eagles',
  source: { text: 'age-of-eagles-regimental.txt', rulings: 'age-of-eagles-regimental.md', docs: 'docs/rules/aoe.md' },
  scale: AOE_SCALE,
  options: AOE_OPTIONS,
  scenarioKinds: AOE_SCENARIO_KINDS,
  vocabulary: AOE_VOCABULARY,
  compile: (scenario, options) => compileLane(scenario, aoeOptions(options)),
  play: (c: CompiledLane, dice: EngagementDice, opts?: PlayOptions) => playLane(c, dice, opts),
  describe,
  newResult: newLaneResult,
  doctrines,
  refit: AOE_REFIT,
  quality: AOE_QUALITY,
  odds: AOE_ODDS,
  trace: AOE_TRACE,
  examples: [
    'sims/aoe/common-a-village.scenario.yaml',
    'sims/aoe/common-b-open.scenario.yaml',
    'sims/aoe/common-c-cavalry.scenario.yaml',
    'sims/aoe/meeting.scenario.yaml',
    'sims/aoe/die.experiment.yaml',
    'sims/aoe/readings.experiment.yaml',
    'sims/aoe/village.experiment.yaml',
    'sims/aoe/open-line.experiment.yaml',
    'sims/aoe/cuirassiers.experiment.yaml',
    'sims/aoe/meeting.experiment.yaml',
  ],
};
