/**
 * The CWJ-based Napoleonic rules v1.2 as a Ruleset (src/core/ruleset.ts): engagements on the lane
 * (src/table), with their doctrines, refits, quality ladder, exact odds and trace.
 */
import type { EngagementDice } from '../../core/dice.js';
import type { DoctrineSupport, EngagementShape, PlayOptions, ResolvedOptions, Ruleset } from '../../core/ruleset.js';
import { compileLane, type CompiledLane } from './compile.js';
import { CWJ_DOCTRINE_PRESETS } from './doctrine.js';
import { CWJ_ODDS } from './oddsQuestions.js';
import { CWJ_OPTIONS } from './options.js';
import { gameFor, playLane } from './play.js';
import { CWJ_QUALITY } from './quality.js';
import { CWJ_REFIT } from './refit/index.js';
import { newLaneResult } from './results.js';
import { CWJ_SCENARIO_KINDS, type LaneScenarioData } from './scenarios.js';
import { CWJ_TRACE } from './trace/index.js';
import { CWJ_SCALE, CWJ_VOCABULARY } from './vocabulary.js';

function describe(c: CompiledLane): EngagementShape {
  let men = 0;
  for (const u of c.units) men += u.men;
  return {
    sides: [
      { name: c.sides[0].name, role: 'attacker' },
      { name: c.sides[1].name, role: 'defender' },
    ],
    units: c.units.map((u) => ({ id: u.id, side: u.side, kind: u.arm, formation: c.corps[u.corps].id })),
    formations: c.corps.map((k) => ({ id: k.id, name: k.name, side: k.side })),
    objectives: c.objective ? [{ name: c.objective.name, vp: c.objective.terrain ? 2 : 0 }] : [],
    turns: c.turns,
    scale: {
      ...CWJ_SCALE,
      yardsPerUnit: c.options.yardsPerCm,
      minutesPerTurn: c.options.minutesPerTurn,
      menPerStrength: c.units.length ? Math.round(men / c.units.length) : CWJ_SCALE.menPerStrength,
    },
    what: 'a CWJ engagement on the lane',
    turnByTurn: true,
  };
}

const doctrines: DoctrineSupport = {
  list: Object.entries(CWJ_DOCTRINE_PRESETS).map(([name, p]) => ({ name, doc: p.doc, baseline: p.params.random })),
  path: (_scenario, side) => `${side === 0 ? 'attacker' : 'defender'}.doctrine`,
  fields: ['doctrine'],
  assign(scenario, side, name) {
    const data = structuredClone(scenario);
    (data[side === 0 ? 'attacker' : 'defender'] as Record<string, unknown>).doctrine = name;
    return data;
  },
};

export const cwj: Ruleset<LaneScenarioData, CompiledLane> = {
  id: 'cwj',
  title: 'Napoleonic rules v1.2 based on the Canadian Wargames Journal',
  short: 'CWJ',
  source: { text: 'cwj-napoleonic-rules-v1.2.txt', rulings: 'cwj-napoleonic-rules.md', docs: 'docs/rules/cwj.md' },
  scale: CWJ_SCALE,
  options: CWJ_OPTIONS,
  scenarioKinds: CWJ_SCENARIO_KINDS,
  vocabulary: CWJ_VOCABULARY,
  compile: (scenario: LaneScenarioData, options: ResolvedOptions) => compileLane(scenario, options),
  // The engagement state made here, outside playLane (gameFor in play.ts says why).
  play: (c: CompiledLane, dice: EngagementDice, opts?: PlayOptions) => (gameFor(c), playLane(c, dice, opts)),
  describe,
  newResult: newLaneResult,
  doctrines,
  refit: CWJ_REFIT,
  quality: CWJ_QUALITY,
  odds: CWJ_ODDS,
  trace: CWJ_TRACE,
  examples: [
    'sims/cwj/common-a-village.scenario.yaml',
    'sims/cwj/common-b-open.scenario.yaml',
    'sims/cwj/common-c-cavalry.scenario.yaml',
    'sims/cwj/c-square.scenario.yaml',
    'sims/cwj/c-caught.scenario.yaml',
    'sims/cwj/meeting.scenario.yaml',
    'sims/cwj/a-nation-table.experiment.yaml',
    'sims/cwj/c-cavalry-cap.experiment.yaml',
    'sims/cwj/c-caught-cap.experiment.yaml',
    'sims/cwj/b-quality.experiment.yaml',
    'sims/cwj/meeting-doctrines.experiment.yaml',
    'sims/cwj/a-ground-scale.experiment.yaml',
  ],
};
