/**
 * Steve Burt's Napoleonic Wargames Rules as a Ruleset (src/core/ruleset.ts): engagements on the lane
 * (src/table/) with the twelve steps of the sequence of play, doctrines, refits, exact odds and a trace.
 */
import type { EngagementDice } from '../../core/dice.js';
import type { DoctrineSupport, EngagementShape, PlayOptions, Ruleset } from '../../core/ruleset.js';
import { BURT_DOCTRINE_PRESETS } from './doctrine/presets.js';
import { BURT_ODDS } from './oddsQuestions.js';
import { BURT_OPTIONS, burtOptions } from './options.js';
import { compileLane } from './play/compile.js';
import { newLaneResult, playLane } from './play/play.js';
import { FORMATION_LIST, type CompiledLane } from './play/state.js';
import { BURT_QUALITY } from './quality.js';
import { BURT_REFIT } from './refit/index.js';
import { BURT_SCENARIO_KINDS, type BurtScenario } from './scenarios.js';
import { BURT_TRACE } from './trace/index.js';
import { BURT_SCALE, BURT_VOCABULARY } from './vocabulary.js';

function describe(c: CompiledLane): EngagementShape {
  return {
    sides: [
      { name: c.sides[0].name, role: c.sides[0].role },
      { name: c.sides[1].name, role: c.sides[1].role },
    ],
    units: c.units.map((u) => ({ id: u.id, side: u.side, kind: u.arm, formation: c.brigades[u.brigade].name })),
    formations: [],
    objectives: c.objective ? [{ name: c.objective.name, vp: 0 }] : [],
    turns: c.turns,
    scale: c.scale,
    what: 'a Burt engagement on the lane',
    turnByTurn: true,
  };
}

/** A doctrine plays a whole side: its attack or its defence parameters by the side's posture. */
const doctrines: DoctrineSupport = {
  list: Object.entries(BURT_DOCTRINE_PRESETS).map(([name, p]) => ({ name, doc: p.doc, ...(p.role === 'baseline' ? { baseline: true } : {}) })),
  path: (_scenario, side) => `sides[${side}].doctrine`,
  fields: ['doctrine'],
  assign(scenario, side, name) {
    const data = structuredClone(scenario);
    (data.sides as Record<string, unknown>[])[side].doctrine = name;
    return data;
  },
};

export const burt: Ruleset<BurtScenario, CompiledLane> = {
  id: 'burt',
  title: "Steve Burt's Napoleonic Wargames Rules",
  short: 'Burt',
  source: { text: 'burt-napoleonic-wargames-rules.txt', rulings: 'burt-napoleonic-wargames-rules.md', docs: 'docs/rules/burt.md' },
  scale: BURT_SCALE,
  options: BURT_OPTIONS,
  scenarioKinds: BURT_SCENARIO_KINDS,
  vocabulary: BURT_VOCABULARY,
  compile: (scenario, options) => compileLane(scenario, burtOptions(options)),
  play: (c: CompiledLane, dice: EngagementDice, opts?: PlayOptions) => playLane(c, dice, opts),
  describe,
  newResult: newLaneResult,
  doctrines,
  refit: BURT_REFIT,
  quality: BURT_QUALITY,
  odds: BURT_ODDS,
  trace: BURT_TRACE,
  examples: [
    'sims/burt/common-a-village.scenario.yaml',
    'sims/burt/common-b-open.scenario.yaml',
    'sims/burt/common-c-cavalry.scenario.yaml',
    'sims/burt/meeting.scenario.yaml',
    'sims/burt/village-by-class.experiment.yaml',
    'sims/burt/open-line-zero-break.experiment.yaml',
    'sims/burt/cuirassiers-square.experiment.yaml',
    'sims/burt/meeting-doctrines.experiment.yaml',
  ],
};

export { FORMATION_LIST };
