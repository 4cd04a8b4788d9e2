/**
 * Test helpers for the play loop on the lane: a small scenario compiled from a few lines, its game
 * reset with given dice, and dice that throw the faces a test scripts.
 */
import { z } from 'zod';
import { EngagementDice, type Purpose, type Uniform } from '../../src/core/dice.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { BURT_OPTIONS, burtOptions } from '../../src/rules/burt/options.js';
import { compileLane } from '../../src/rules/burt/play/compile.js';
import { newLaneResult, resetGame } from '../../src/rules/burt/play/play.js';
import type { CompiledLane, Game } from '../../src/rules/burt/play/state.js';
import { checkLane, laneBody, type BurtScenario } from '../../src/rules/burt/scenarios.js';
import type { BurtEvent } from '../../src/rules/burt/events.js';
import { beginTurn } from '../../src/rules/burt/turn/index.js';

const schema = z.strictObject(laneBody).superRefine(checkLane as never);

export interface Setup {
  attacker: Record<string, unknown>[];
  defender: Record<string, unknown>[];
  terrain?: Record<string, unknown>[];
  objective?: Record<string, unknown>;
  options?: Record<string, string | number | boolean>;
  attackerDoctrine?: unknown;
  defenderDoctrine?: unknown;
  turns?: number;
  onTime?: string;
  lane?: Record<string, unknown>;
  attackerMorale?: number;
  defenderMorale?: number;
  defenderPosture?: 'attack' | 'defend';
}

/** A compiled lane engagement from a few lines (the attacker at positive x facing the defender at 0). */
export function compileSetup(s: Setup): CompiledLane {
  const scenario = schema.parse({
    engagement: 'lane',
    turns: s.turns ?? 8,
    onTime: s.onTime ?? 'defender',
    lane: s.lane ?? { width: 16, xMin: -24, xMax: 40 },
    terrain: s.terrain ?? [],
    ...(s.objective ? { objective: s.objective } : {}),
    sides: [
      { name: 'French', role: 'attacker', units: s.attacker, ...(s.attackerDoctrine ? { doctrine: s.attackerDoctrine } : {}), ...(s.attackerMorale ? { armyMorale: s.attackerMorale } : {}) },
      {
        name: 'Prussians',
        role: 'defender',
        units: s.defender,
        ...(s.defenderDoctrine ? { doctrine: s.defenderDoctrine } : {}),
        ...(s.defenderMorale ? { armyMorale: s.defenderMorale } : {}),
        ...(s.defenderPosture ? { posture: s.defenderPosture } : {}),
      },
    ],
  }) as BurtScenario;
  return compileLane(scenario, burtOptions(resolveOptions(BURT_OPTIONS, s.options ?? {})));
}

/** The game of a setup, reset with `dice`, at turn 1 with side `first` acting first; events into `events`. */
export function gameOf(s: Setup, dice: EngagementDice = new EngagementDice('test'), events?: BurtEvent[]): Game {
  const c = compileSetup(s);
  const g = c.game;
  resetGame(g, newLaneResult(c), dice, events ? (e) => events.push(e) : undefined);
  g.turn = 1;
  g.first = 0;
  beginTurn(g);
  return g;
}

/** The index of a unit by id. */
export function unit(g: Game, id: string): number {
  const i = g.c.units.findIndex((u) => u.id === id);
  if (i < 0) throw new Error(`no unit ${id}`);
  return i;
}

/**
 * Dice whose streams throw scripted d6 faces: `faces[side][purpose]` is consumed in order (a face f is
 * the uniform (f - 0.5) / 6); when a script runs out the stream throws, so a test knows every die.
 */
export class ScriptedDice extends EngagementDice {
  private readonly queues = new Map<string, number[]>();
  constructor(faces: Partial<Record<`${0 | 1}.${Purpose}`, number[]>>) {
    super('scripted');
    for (const [k, v] of Object.entries(faces)) this.queues.set(k, [...(v as number[])]);
  }
  override stream(side: 0 | 1, purpose: Purpose): Uniform {
    const q = this.queues.get(`${side}.${purpose}`) ?? [];
    this.queues.set(`${side}.${purpose}`, q);
    return () => {
      const f = q.shift();
      if (f === undefined) throw new Error(`the script of ${side}.${purpose} ran out`);
      return (f - 0.5) / 6;
    };
  }
  /** Faces left unthrown on a stream. */
  left(side: 0 | 1, purpose: Purpose): number {
    return this.queues.get(`${side}.${purpose}`)?.length ?? 0;
  }
}

/** A line battalion of 24 figures, class C, facing the enemy. */
export const battalion = (id: string, at: number, extra: Record<string, unknown> = {}) => ({ id, figures: 24, class: 'C', formation: 'line', at, offset: 0, ...extra });
