/** Shared test helpers: scenarios built in code and validated by the real schema. */
import { assaultScenarioSchema, type AssaultScenarioFile } from '../src/scenario/schema.js';

type Unit = { id: string; kind?: string; strength: number; reduced?: number; morale?: number; flags?: string[]; damaged?: boolean; disrupted?: boolean; steps?: 1 | 2 };

export interface SetUp {
  turns?: number;
  options?: Record<string, string | number | boolean>;
  attacker: { orders?: string; doctrine?: unknown; demoralized?: boolean; stacks: { hexside: number; across?: string; terrain?: string; movedAdjacent?: boolean; units: Unit[] }[] };
  defender: { orders?: string; doctrine?: unknown; demoralized?: boolean; terrain?: string; units: Unit[] };
}

export function scenarioOf(s: SetUp): AssaultScenarioFile {
  return assaultScenarioSchema.parse({
    kind: 'scenario',
    name: 'test',
    ruleset: 'aor',
    engagement: 'assault',
    turns: s.turns ?? 1,
    options: s.options ?? {},
    attacker: { name: 'Attacker', ...s.attacker },
    defender: { name: 'Defender', ...s.defender },
  });
}
