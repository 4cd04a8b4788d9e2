/**
 * Napoleonic Avant-garde Battles (V/4/2015) as a Ruleset (src/core/ruleset.ts): brigades on the
 * engagement lane (src/table), the whole turn sequence of p2, with its doctrines, refits, exact odds and
 * trace.
 */
import type { EngagementDice } from '../../core/dice.js';
import type { DoctrineSupport, EngagementShape, PlayOptions, ResolvedOptions, Ruleset } from '../../core/ruleset.js';
import { DOCTRINE_PRESETS } from './doctrine.js';
import { NAGB_ODDS } from './oddsQuestions.js';
import { NAGB_OPTIONS, nagbOptions } from './options.js';
import { compileLane } from './play/compile.js';
import { newLaneResult, playLane } from './play/play.js';
import type { CompiledLane } from './play/state.js';
import { NAGB_QUALITY } from './quality.js';
import { NAGB_REFIT } from './refit.js';
import { NAGB_SCENARIO_KINDS, type LaneScenario } from './scenarios.js';
import { NAGB_TRACE } from './trace/index.js';
import { NAGB_SCALE, NAGB_VOCABULARY } from './vocabulary.js';

function describe(c: CompiledLane): EngagementShape {
  return {
    sides: [
      { name: c.sides[0].name, role: c.sides[0].role },
      { name: c.sides[1].name, role: c.sides[1].role },
    ],
    units: c.specs.map((s) => ({ id: s.id, side: s.side, kind: s.arm, formation: c.brigades[s.brigade].id })),
    formations: c.brigades.map((b) => ({ id: b.id, name: b.name, side: b.side })),
    objectives: [{ name: c.objective.name, vp: 5 }],
    turns: c.maxTurns,
    fewestTurns: c.baseTurns,
    scale: c.scale,
    what: 'an NAGB engagement on the lane',
    turnByTurn: true,
  };
}

const doctrines: DoctrineSupport = {
  list: Object.entries(DOCTRINE_PRESETS).map(([name, p]) => ({ name, doc: p.doc, baseline: p.params.random, engagements: ['lane'] })),
  path: (_scenario, side) => `sides[${side}].doctrine`,
  fields: ['doctrine'],
  assign(scenario, side, name) {
    const data = structuredClone(scenario);
    const sides = data.sides as Record<string, unknown>[];
    sides[side].doctrine = name;
    return data;
  },
};

export const nagb: Ruleset<LaneScenario, CompiledLane> = {
  id: 'nagb',
  title: 'Napoleonic Avant-garde Battles (V/4/2015)',
  short: 'NAGB',
  source: { text: 'napoleonic-avant-garde-battles.txt', rulings: 'napoleonic-avant-garde-battles.md', docs: 'docs/rules/nagb.md' },
  scale: NAGB_SCALE,
  options: NAGB_OPTIONS,
  scenarioKinds: NAGB_SCENARIO_KINDS,
  vocabulary: NAGB_VOCABULARY,
  compile: (scenario: LaneScenario, options: ResolvedOptions) => compileLane(scenario, nagbOptions(options)),
  play: (c: CompiledLane, dice: EngagementDice, opts?: PlayOptions) => playLane(c, dice, opts),
  describe,
  newResult: newLaneResult,
  doctrines,
  refit: NAGB_REFIT,
  quality: NAGB_QUALITY,
  odds: NAGB_ODDS,
  trace: NAGB_TRACE,
  examples: [
    'sims/nagb/common-a-village.scenario.yaml',
    'sims/nagb/common-b-open.scenario.yaml',
    'sims/nagb/common-c-cavalry.scenario.yaml',
    'sims/nagb/meeting.scenario.yaml',
    'sims/nagb/garrison-class.experiment.yaml',
    'sims/nagb/column-charge.experiment.yaml',
    'sims/nagb/musket-range.experiment.yaml',
    'sims/nagb/squares.experiment.yaml',
    'sims/nagb/meeting-commander.experiment.yaml',
  ],
};
