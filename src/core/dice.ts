/**
 * Seeded dice. All randomness of an engagement comes from here (DESIGN.md, "Dice").
 *
 * Seed derivation, documented because results depend on it:
 *   engagement seed  = `${experimentSeed}/${cellKey}/${index}`
 *   sub-stream seed  = `${engagement seed}/${side}/${purpose}`
 * Each sub-stream is an independent seedrandom `alea` generator keyed by that string (alea hashes the
 * string with its Mash function). Cells that are compared share `cellKey`, so engagement i of each sees
 * the same dice (common random numbers); separate sub-streams per side and purpose keep the dice
 * aligned for longer when a variant changes how many rolls one kind of decision needs.
 */
import seedrandom from 'seedrandom';

/** Who a stream belongs to. */
export const SIDES = ['a', 'b'] as const;
/** What a stream is used for. */
export const PURPOSES = ['fire', 'morale', 'ai'] as const;
export type Purpose = (typeof PURPOSES)[number];

/** A uniform source on [0, 1) with 32 bits of resolution. */
export type Uniform = () => number;

export function engagementSeed(experimentSeed: string | number, cellKey: string, index: number): string {
  return `${experimentSeed}/${cellKey}/${index}`;
}

export function subStreamSeed(engagement: string, side: 0 | 1, purpose: Purpose): string {
  return `${engagement}/${SIDES[side]}/${purpose}`;
}

export function aleaStream(seed: string): Uniform {
  return seedrandom.alea(seed) as unknown as Uniform;
}

/** A die roll from a uniform draw: 1..6. */
export function d6(u: Uniform): number {
  return 1 + Math.floor(u() * 6);
}

/** Two dice summed: 2..12. */
export function twoD6(u: Uniform): number {
  return 2 + Math.floor(u() * 6) + Math.floor(u() * 6);
}

/** Exact distribution of 2d6: TWO_D6_WAYS[s] / 36 is P(sum = s). */
export const TWO_D6_WAYS: readonly number[] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/**
 * The dice of one engagement: one lazily created stream per (side, purpose).
 * Streams are created on first use so an engagement that never needs, say, side b's AI stream pays
 * nothing for it.
 */
export class EngagementDice {
  readonly seed: string;
  private readonly streams: (Uniform | undefined)[] = new Array(SIDES.length * PURPOSES.length);

  constructor(seed: string) {
    this.seed = seed;
  }

  static for(experimentSeed: string | number, cellKey: string, index: number): EngagementDice {
    return new EngagementDice(engagementSeed(experimentSeed, cellKey, index));
  }

  stream(side: 0 | 1, purpose: Purpose): Uniform {
    const k = side * PURPOSES.length + PURPOSES.indexOf(purpose);
    let s = this.streams[k];
    if (s === undefined) {
      s = aleaStream(subStreamSeed(this.seed, side, purpose));
      this.streams[k] = s;
    }
    return s;
  }

  fire(side: 0 | 1): Uniform {
    return this.stream(side, 'fire');
  }

  morale(side: 0 | 1): Uniform {
    return this.stream(side, 'morale');
  }

  ai(side: 0 | 1): Uniform {
    return this.stream(side, 'ai');
  }
}
