/**
 * Test helpers for the Age of Rifles kernel: hand-made unit specs and scripted dice.
 * Not a test file itself (vitest only collects *.test.ts).
 */
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import type { AssaultDoctrine } from '../../src/rules/aor/doctrine/assault.js';
import { DEFAULT_AOR_OPTIONS, type AorOptions } from '../../src/rules/aor/options.js';
import { UnitState, type UnitKind, type UnitSpec } from '../../src/rules/aor/units.js';

export interface SpecOpts {
  reduced?: number;
  maxSteps?: 1 | 2;
  damaged?: boolean;
  disrupted?: boolean;
  morale?: number;
  steadfast?: boolean;
  oldGuard?: boolean;
  repeating?: boolean;
  formation?: string;
}

/** A hand-made unit spec. Defaults: two steps (artillery one), reduced = half rounded up, morale 4. */
export function spec(id: string, side: 0 | 1, kind: UnitKind, full: number, o: SpecOpts = {}): UnitSpec {
  const maxSteps = o.maxSteps ?? (kind === 'artillery' || kind === 'horseArtillery' ? 1 : 2);
  return {
    id,
    side,
    kind,
    full,
    reduced: maxSteps === 1 ? full : (o.reduced ?? Math.ceil(full / 2)),
    maxSteps,
    startSteps: o.damaged ? 1 : maxSteps,
    startDisrupted: o.disrupted ?? false,
    morale: o.morale ?? 4,
    steadfast: o.steadfast ?? false,
    oldGuard: o.oldGuard ?? false,
    repeating: o.repeating ?? false,
    formation: o.formation ?? (side === 0 ? 'A' : 'B'),
    pursuit: -1,
  };
}

export function state(...specs: UnitSpec[]): UnitState {
  return new UnitState(specs);
}

/** The uniform draw that makes `1 + floor(6u)` come out as die face k. */
export const face = (k: number): number => (k - 0.5) / 6;

type Purpose = 'fire' | 'morale' | 'ai';

export interface DiceScript {
  /** Die faces (1..6) per side; a 2d6 roll consumes two faces. */
  fire?: [number[], number[]];
  morale?: [number[], number[]];
  /** Raw uniforms per side for doctrine choices. */
  ai?: [number[], number[]];
}

/**
 * A stand-in for EngagementDice that replays fixed die faces and throws when a stream is used more
 * often than the script allows, so an unexpected roll (e.g. a morale check that should not happen)
 * fails the test. `used` counts the draws per purpose and side.
 */
export class ScriptedDice {
  readonly used: Record<Purpose, [number, number]> = { fire: [0, 0], morale: [0, 0], ai: [0, 0] };
  private readonly script: Record<Purpose, [number[], number[]]>;

  constructor(s: DiceScript) {
    this.script = {
      fire: [(s.fire?.[0] ?? []).map(face), (s.fire?.[1] ?? []).map(face)],
      morale: [(s.morale?.[0] ?? []).map(face), (s.morale?.[1] ?? []).map(face)],
      ai: [s.ai?.[0] ?? [], s.ai?.[1] ?? []],
    };
  }

  private stream(p: Purpose, side: 0 | 1): Uniform {
    return () => {
      const i = this.used[p][side]++;
      const v = this.script[p][side][i];
      if (v === undefined) throw new Error(`ScriptedDice: unexpected ${p} draw #${i + 1} for side ${side}`);
      return v;
    };
  }

  fire(side: 0 | 1): Uniform {
    return this.stream('fire', side);
  }
  morale(side: 0 | 1): Uniform {
    return this.stream('morale', side);
  }
  ai(side: 0 | 1): Uniform {
    return this.stream('ai', side);
  }

  /** Typed as the kernel's dice (EngagementDice has a private field, so a cast is needed). */
  get asDice(): EngagementDice {
    return this as unknown as EngagementDice;
  }
}

/** A 2d6 roll as two faces summing to `sum` (2..12). */
export function roll2d6(sum: number): [number, number] {
  if (sum < 2 || sum > 12) throw new Error(`bad 2d6 sum ${sum}`);
  const a = Math.min(6, sum - 1);
  return [a, sum - a];
}

export function doctrine(o: Partial<AssaultDoctrine> = {}): AssaultDoctrine {
  return { retreatWhen: 'never', retreatHits: 1, fireFirst: false, hitAllocation: 'leastStrength', holdObjective: false, ...o };
}

export function options(o: Partial<AorOptions> = {}): AorOptions {
  return { ...DEFAULT_AOR_OPTIONS, ...o };
}
