/** Shared test helpers: scenarios built in code and validated by the real schema. */
import type { AssaultScenario } from '../src/rules/aor/engagement.js';
import type { BattleScenario } from '../src/rules/aor/battleSchema.js';
import { aor } from '../src/rules/aor/index.js';
import { scenarioKindSchema, type Scenario } from '../src/scenario/schema.js';

/** The schema of an Age of Rifles scenario file of one kind, as src/scenario builds it from the registry. */
const kindSchema = (engagement: string) => scenarioKindSchema(aor, aor.scenarioKinds.find((k) => k.engagement === engagement)!);
export const assaultScenarioSchema = kindSchema('assault') as unknown as { parse(d: unknown): AssaultScenarioFile; safeParse: ReturnType<typeof kindSchema>['safeParse'] };
export const battleScenarioSchema = kindSchema('battle') as unknown as { parse(d: unknown): BattleScenario & Scenario; safeParse: ReturnType<typeof kindSchema>['safeParse'] };

/** A validated assault scenario file: the envelope and the assault's fields. */
export type AssaultScenarioFile = Scenario & AssaultScenario & { engagement: 'assault'; ruleset: 'aor' };

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

/** stderr without the progress lines a command writes outside a terminal (src/cli/progress.ts). */
export const withoutProgress = (stderr: string): string => stderr.replace(/^volley: (playing|writing the report|round \d+): .*\n/gm, '');
