/**
 * Helpers of the Age of Eagles play tests: a lane scenario from a few fields (validated by the real
 * scenario schema, defaults and cross-field checks included), compiled with options, and dice whose
 * rolls are scripted face by face per side and purpose.
 */
import { aleaStream, EngagementDice, type Purpose, type Uniform } from '../../src/core/dice.js';
import { compileLane, type CompiledLane } from '../../src/rules/aoe/compile.js';
import { aoeOptions } from '../../src/rules/aoe/options.js';
import type { LaneScenario } from '../../src/rules/aoe/scenarios.js';
import { scenarioSchema } from '../../src/scenario/schema.js';

/** A raw lane scenario: the envelope and whatever `fields` give. */
export function laneData(fields: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'scenario', name: 'test', ruleset: 'aoe', engagement: 'lane', ...fields };
}

/** Parse a raw lane scenario with the real schema. */
export function parseLane(fields: Record<string, unknown>): LaneScenario {
  return scenarioSchema.parse(laneData(fields)) as unknown as LaneScenario;
}

export function compile(fields: Record<string, unknown>, options: Record<string, string | number | boolean> = {}): CompiledLane {
  return compileLane(parseLane(fields), aoeOptions(options));
}

/** Two sides from unit lists (side 0 attacks with `doctrine0`, side 1 defends with `doctrine1`). */
export function sides(a: Record<string, unknown>[], b: Record<string, unknown>[], doctrine0: unknown = 'column-assault', doctrine1: unknown = 'stand-fast') {
  return [
    { name: 'French', role: 'attacker', doctrine: doctrine0, units: a },
    { name: 'Prussians', role: 'defender', doctrine: doctrine1, units: b },
  ];
}

/** The uniform that makes a d10 read 1-10 show `face`. */
export const d10 = (face: number) => (face - 0.5) / 10;

/**
 * Dice whose streams return scripted uniforms first (key `${side}/${purpose}`, e.g. '0/morale'), then
 * fall back to a seeded alea stream. `used` counts the scripted values drawn.
 */
export class ScriptedDice extends EngagementDice {
  used = 0;
  private readonly made = new Map<string, Uniform>();
  constructor(private readonly script: Record<string, number[]>, seed = 'scripted') {
    super(seed);
  }
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const key = `${side}/${purpose}`;
    let s = this.made.get(key);
    if (!s) {
      const list = (this.script[key] ?? []).slice();
      const rest = aleaStream(`${this.seed}/${key}`);
      s = () => {
        if (list.length) {
          this.used++;
          return list.shift()!;
        }
        return rest();
      };
      this.made.set(key, s);
    }
    return s;
  }
}

/** Scenario A of rulings 7 as fields (sims/aoe/common-a-village.scenario.yaml without its comments). */
export const VILLAGE = {
  turns: 6,
  lane: { length: 30, width: 16 },
  terrain: [{ kind: 'village', from: 15, to: 18, yMin: -1.5, yMax: 1.5 }],
  flankFaces: 2,
  sides: sides(
    [
      { id: 'Fr-1', formation: 'fieldColumn', front: 10, offset: -1 },
      { id: 'Fr-2', formation: 'fieldColumn', front: 10, offset: 1 },
      { id: 'Fr-Bty', arm: 'artillery', front: 10, offset: -4 },
    ],
    [{ id: 'Pr-IR', marchMode: 'columnar', formation: 'bua', front: 15 }],
  ),
};
