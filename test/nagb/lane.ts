/** Helpers of the NAGB play-loop tests: small lane scenarios built in code, compiled and played. */
import { EngagementDice } from '../../src/core/dice.js';
import type { BaseEvent } from '../../src/core/events.js';
import type { EngagementResult } from '../../src/core/result.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { nagb } from '../../src/rules/nagb/index.js';
import type { CompiledLane } from '../../src/rules/nagb/play/state.js';
import type { LaneScenario } from '../../src/rules/nagb/scenarios.js';
import { loadScenario } from '../../src/scenario/load.js';
import { scenarioSchema } from '../../src/scenario/schema.js';

/** An event as the tests read it: its type and any fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Ev = BaseEvent & Record<string, any>;

/** A lane scenario from plain data, validated as a file would be. */
export function laneScenario(data: Record<string, unknown>): LaneScenario {
  return scenarioSchema.parse({ kind: 'scenario', name: 'test', ruleset: 'nagb', engagement: 'lane', ...data }) as unknown as LaneScenario;
}

export function compiled(s: LaneScenario, options: Record<string, string | number | boolean> = {}): CompiledLane {
  return nagb.compile(s, resolveOptions(nagb.options, options));
}

/** A shipped scenario file, compiled with options. */
export function shipped(file: string, options: Record<string, string | number | boolean> = {}): CompiledLane {
  const { scenario } = loadScenario(file);
  return compiled(scenario as unknown as LaneScenario, { ...(scenario.options ?? {}), ...options });
}

export function play(c: CompiledLane, seed: string, i: number, events?: Ev[]): EngagementResult {
  return nagb.play(c, EngagementDice.for(seed, 'test', i), { checkInvariants: true, ...(events ? { sink: (e: BaseEvent) => events.push(e as Ev) } : {}) });
}

/** Two sides facing each other on a 48" lane, one brigade each. */
export function duel(side0: Record<string, unknown>[], side1: Record<string, unknown>[], extra: Record<string, unknown> = {}, doctrines: [unknown, unknown] = ['column-assault', 'hold-and-volley']): LaneScenario {
  return laneScenario({
    lane: { length: 48, width: 40 },
    objective: { x: 33, y: 0 },
    sides: [
      { name: 'A', role: 'attacker', doctrine: doctrines[0], brigades: [{ id: 'BA', units: side0 }] },
      { name: 'B', role: 'defender', army: 'laterPrussian', nation: 'prussian', doctrine: doctrines[1], brigades: [{ id: 'BB', units: side1 }] },
    ],
    ...extra,
  });
}
