/**
 * Units of an Age of Rifles engagement: immutable specs (compiled once per cell) and the mutable state
 * of one engagement in typed arrays that are reset, not reallocated, between engagements.
 */
import type { UnitClass } from '../../core/result.js';

export const UNIT_KINDS = ['infantry', 'cavalry', 'artillery', 'horseArtillery'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export interface UnitSpec {
  id: string;
  side: 0 | 1;
  kind: UnitKind;
  /** Strength on the front (full) side. */
  full: number;
  /** Strength on the reverse side; equals `full` for a one-step unit. */
  reduced: number;
  /** 2 for backprinted units, 1 otherwise (6.1). */
  maxSteps: 1 | 2;
  /** Steps at the start of an engagement (a unit may start damaged). */
  startSteps: 1 | 2;
  startDisrupted: boolean;
  /** Morale rating before modifiers (2.2; refits set exceptions to the default 4). */
  morale: number;
  /** Refit flag: no -1 for a lost step ("except British and KGL", Morale Modifiers). */
  steadfast: boolean;
  /** Refit flag: attacking with it gives the enemy -1 morale (Morale Modifiers). */
  oldGuard: boolean;
  /** Armed with repeating weapons: the underlined combat value of 7.6. */
  repeating: boolean;
  formation: string;
  /** Pursuit rating (2.2, 7.7), or -1 when the scenario gives none. */
  pursuit: number;
}

/** Steps a unit has when the scenario gives none: one for artillery, two (front and back) for the others (6.1). */
export function defaultSteps(kind: UnitKind): 1 | 2 {
  return kind === 'artillery' || kind === 'horseArtillery' ? 1 : 2;
}

export function unitClass(kind: UnitKind): UnitClass {
  return kind === 'infantry' ? 'infantry' : kind === 'cavalry' ? 'cavalry' : 'artillery';
}

export const CLASS_INDEX: Readonly<Record<UnitClass, number>> = { infantry: 0, cavalry: 1, artillery: 2 };

export const isArtillery = (k: UnitKind) => k === 'artillery' || k === 'horseArtillery';

/** Per-engagement state of every unit, indexed like the specs. */
export class UnitState {
  readonly specs: readonly UnitSpec[];
  /** Steps left; 0 means eliminated. */
  readonly steps: Int8Array;
  readonly disrupted: Uint8Array;
  /** 1 once the unit has left the fight by retreating (the map-free engagement). */
  readonly retreated: Uint8Array;
  /** 1 while the unit's formation is demoralized (2.2, 14.1). Set by the engagement, not reset. */
  readonly demoralized: Uint8Array;
  /** 1 while the unit's formation has March or Reserve orders (12.2: morale -1). Set by the engagement. */
  readonly ordersPenalty: Uint8Array;
  /** The cause (an index of LOSS_CAUSES, src/rules/aor/vocabulary.ts) of the unit's last loss of strength. */
  readonly lastLoss: Uint8Array;

  constructor(specs: readonly UnitSpec[]) {
    this.specs = specs;
    this.steps = new Int8Array(specs.length);
    this.disrupted = new Uint8Array(specs.length);
    this.retreated = new Uint8Array(specs.length);
    this.demoralized = new Uint8Array(specs.length);
    this.ordersPenalty = new Uint8Array(specs.length);
    this.lastLoss = new Uint8Array(specs.length);
    this.reset();
  }

  reset(): void {
    for (let i = 0; i < this.specs.length; i++) {
      this.steps[i] = this.specs[i].startSteps;
      this.disrupted[i] = this.specs[i].startDisrupted ? 1 : 0;
      this.retreated[i] = 0;
      this.lastLoss[i] = 0;
    }
  }

  /** Printed strength of the side the unit shows now (0 once eliminated). */
  strength(u: number): number {
    const s = this.specs[u];
    const steps = this.steps[u];
    return steps <= 0 ? 0 : steps === s.maxSteps ? s.full : s.reduced;
  }

  /** A unit that has lost a step (6.1) and is still on the map. */
  damaged(u: number): boolean {
    return this.steps[u] > 0 && this.steps[u] < this.specs[u].maxSteps;
  }

  alive(u: number): boolean {
    return this.steps[u] > 0;
  }

  /** Alive and still in the fight. */
  present(u: number): boolean {
    return this.steps[u] > 0 && this.retreated[u] === 0;
  }
}
