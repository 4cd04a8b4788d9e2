/**
 * Seeded dice. All randomness of an engagement comes from here (DESIGN.md, "Dice").
 *
 * Seed derivation, documented because results depend on it:
 *   engagement seed  = `${experimentSeed}/${cellKey}/${index}`
 *   sub-stream seed  = `${engagement seed}/${side}/${purpose}`
 * Each sub-stream is an independent `alea` generator (Baagøe's, as seedrandom ships it) keyed by that
 * string (alea hashes the string with its Mash function). `Alea` below is that generator written out
 * so that seeding one costs a hash of the string and two small objects; it draws exactly seedrandom's
 * numbers (test/core/dice.test.ts). Cells that are compared share `cellKey`, so engagement i of each sees
 * the same dice (common random numbers); separate sub-streams per side and purpose keep the dice
 * aligned for longer when a variant changes how many rolls one kind of decision needs.
 */

/**
 * The name of the scheme above (seed strings, sub-streams, the generator). It changes whenever any of
 * them changes, since the same seed would then give other dice: a plan played on other machines
 * (src/sim/queue/) is refused by a worker whose dice differ.
 */
export const DICE_FORMAT = 'alea-mash/seed-path/1';

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

/** Baagøe's Mash, one string into the running state `n` (a double below 2^32 + 1). */
function mashInto(n: number, data: string): number {
  for (let i = 0; i < data.length; i++) {
    n += data.charCodeAt(i);
    let h = 0.02519603282416938 * n;
    n = h >>> 0;
    h -= n;
    h *= n;
    n = h >>> 0;
    h -= n;
    n += h * 0x100000000; // 2^32
  }
  return n;
}

const TWO_M32 = 2.3283064365386963e-10; // 2^-32
// Alea's seeding starts from Mash's fixed state hashing ' ' three times: the same for every seed.
const MASH0 = 0xefc8249d;
const MASH1 = mashInto(MASH0, ' ');
const MASH2 = mashInto(MASH1, ' ');
const MASH3 = mashInto(MASH2, ' ');
const S0 = (MASH1 >>> 0) * TWO_M32;
const S1 = (MASH2 >>> 0) * TWO_M32;
const S2 = (MASH3 >>> 0) * TWO_M32;

/** One alea generator: seedrandom's `alea(seed)`, its draws through `next`. */
export class Alea {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private c = 1;
  /** The next uniform on [0, 1). */
  readonly next: Uniform = () => {
    const t = 2091639 * this.s0 + this.c * TWO_M32;
    this.s0 = this.s1;
    this.s1 = this.s2;
    return (this.s2 = t - (this.c = t | 0));
  };

  /**
   * `firstPass`, when given, is Mash's state after hashing the seed once (mashState(seed)): engagement
   * dice hash the seed prefix their streams share only once.
   */
  constructor(seed: string, firstPass = -1) {
    this.reseed(seed, firstPass);
  }

  /** Start over as `new Alea(seed, firstPass)` would (the same `next` function draws the new stream). */
  reseed(seed: string, firstPass = -1): void {
    this.reseedParts(seed, '', firstPass);
  }

  /**
   * Start over as `new Alea(head + tail)` would, without building that string: Mash reads a seed one
   * character after another, so hashing `head` then `tail` is hashing their concatenation.
   */
  reseedParts(head: string, tail: string, firstPass = -1): void {
    // Baagøe's seeding: three states less three successive Mash hashes of the seed.
    let n = firstPass >= 0 ? firstPass : mashInto(mashInto(MASH3, head), tail);
    let s0 = S0 - (n >>> 0) * TWO_M32;
    if (s0 < 0) s0 += 1;
    n = mashInto(mashInto(n, head), tail);
    let s1 = S1 - (n >>> 0) * TWO_M32;
    if (s1 < 0) s1 += 1;
    n = mashInto(mashInto(n, head), tail);
    let s2 = S2 - (n >>> 0) * TWO_M32;
    if (s2 < 0) s2 += 1;
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.c = 1;
  }
}

export function aleaStream(seed: string): Uniform {
  return new Alea(seed).next;
}

/** Mash's state after hashing `text` once at the start of alea's seeding (see Alea's firstPass). */
export function mashState(text: string, from = MASH3): number {
  return mashInto(from, text);
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

/** The end of each sub-stream's seed, by side * 3 + purpose index. */
const SUFFIXES = SIDES.flatMap((side) => PURPOSES.map((purpose) => `${side}/${purpose}`));
/** The same with the separator before it: a sub-stream's seed is the engagement's seed and this. */
const TAILS = SUFFIXES.map((s) => `/${s}`);

/**
 * The dice of one engagement: one lazily created stream per (side, purpose).
 * Streams are created on first use so an engagement that never needs, say, side b's AI stream pays
 * nothing for it. A runner may `reset` one object for engagement after engagement: the generators are
 * then reseeded rather than made anew (a stream of an earlier engagement must not be used after it).
 */
export class EngagementDice {
  private seedText: string;
  private readonly streams: (Uniform | undefined)[] = new Array(SIDES.length * PURPOSES.length);
  /** The generators behind the streams, kept across resets. */
  private readonly generators: (Alea | undefined)[] = new Array(SIDES.length * PURPOSES.length);
  /** Mash's state after `${seed}/`, the prefix every sub-stream seed starts with (-1: not yet). */
  private prefix = -1;

  constructor(seed: string) {
    this.seedText = seed;
  }

  get seed(): string {
    return this.seedText;
  }

  /** The dice of another engagement, in this object. */
  reset(seed: string): this {
    this.seedText = seed;
    this.streams.fill(undefined);
    this.prefix = -1;
    return this;
  }

  static for(experimentSeed: string | number, cellKey: string, index: number): EngagementDice {
    return new EngagementDice(engagementSeed(experimentSeed, cellKey, index));
  }

  stream(side: 0 | 1, purpose: Purpose): Uniform {
    const k = side * PURPOSES.length + (purpose === 'fire' ? 0 : purpose === 'morale' ? 1 : 2);
    let s = this.streams[k];
    if (s === undefined) {
      if (this.prefix < 0) this.prefix = mashState('/', mashState(this.seedText));
      // The sub-stream's seed is subStreamSeed(seed, side, purpose), hashed in its two parts.
      const first = mashState(SUFFIXES[k], this.prefix);
      let g = this.generators[k];
      if (g === undefined) this.generators[k] = g = new Alea('', 0);
      g.reseedParts(this.seedText, TAILS[k], first);
      s = g.next;
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
