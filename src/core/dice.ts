/**
 * Seeded dice. All randomness of an engagement comes from here (DESIGN.md, "Dice").
 *
 * Stream derivation, documented because results depend on it (DICE_FORMAT names it):
 *   cell key      (h1, h2) = murmur3(`${experimentSeed}/${cellKey}`, seed 0 and G), once per cell and run
 *   engagement i  (e1, e2) = (fmix32(h1 ^ lo), fmix32((h2 ^ hi) + lo * G2)), lo and hi the low and high
 *                 32 bits of i: e1 differs for every i below 2^32 (fmix32 is a bijection)
 *   sub-stream m  = side * 3 + purpose (fire 0, morale 1, ai 2); its word j of three (n = 3m + j + 1):
 *                 w = fmix32(fmix32(e1 + n * G) ^ e2)
 * The three words are the state (s0, s1, s2) = w / 2^32 of an alea generator (Baagøe's, the one
 * seedrandom ships, carry 1 as its seeding leaves it), so a stream costs a dozen integer mixes rather
 * than hashing a seed string three times (Mash over `${seed}/${cell}/${i}/${side}/${purpose}`, the
 * previous format, half the cost of a one-round assault). fmix32 is MurmurHash3's 32-bit finalizer,
 * G = 0x9e3779b9 (the golden-ratio step of splitmix), G2 = 0x85ebca77; murmur3 is MurmurHash3 (x86,
 * 32-bit) over the UTF-16 code units. test/core/dice.test.ts checks the streams'
 * faces and pairs of faces across neighbouring keys and streams with chi-square tests.
 * Cells that are compared share `cellKey`, so engagement i of each sees the same dice (common random
 * numbers); separate sub-streams per side and purpose keep the dice aligned for longer when a variant
 * changes how many rolls one kind of decision needs.
 *
 * `new EngagementDice(text)` (tests, tools) keys the dice by the text alone: engagement 0 of the cell
 * key `text`. `Alea`/`aleaStream` still seed a generator from a string exactly as seedrandom does.
 */

/**
 * The name of the scheme above (key derivation, sub-streams, the generator). It changes whenever any of
 * them changes, since the same seed would then give other dice: it is recorded in results.json and the
 * report, a checkpoint of other dice is not resumed (src/sim/store/folderRun.ts), and a plan played on
 * other machines (src/sim/queue/) is refused by a worker whose dice differ.
 * History: 'alea-mash/seed-path/1' seeded each sub-stream from its seed string with Mash.
 */
export const DICE_FORMAT = 'alea-mix32/int-key/2';

/** Who a stream belongs to. */
export const SIDES = ['a', 'b'] as const;
/** What a stream is used for. */
export const PURPOSES = ['fire', 'morale', 'ai'] as const;
export type Purpose = (typeof PURPOSES)[number];

/** A uniform source on [0, 1) with 32 bits of resolution. */
export type Uniform = () => number;

/**
 * The engagement's name, `${experimentSeed}/${cellKey}/${index}`: what errors, exports and traces show
 * to replay it (`volley trace`). Its dice come from the same three things (see above), not from this text.
 */
export function engagementSeed(experimentSeed: string | number, cellKey: string, index: number): string {
  return `${experimentSeed}/${cellKey}/${index}`;
}

/** MurmurHash3's finalizer: a bijection of 32-bit words whose every output bit depends on every input bit. */
export function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const G = 0x9e3779b9;
const G2 = 0x85ebca77;

/** MurmurHash3 (x86, 32-bit) of the UTF-16 code units of `text`, with `seed`. */
function murmur3(text: string, seed: number): number {
  let h = seed | 0;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return fmix32(h ^ text.length);
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

  constructor(seed: string) {
    this.reseed(seed);
  }

  /** Start from the state (w0, w1, w2) / 2^32 and carry 1, three 32-bit words (DICE_FORMAT's streams). */
  setWords(w0: number, w1: number, w2: number): void {
    this.s0 = (w0 >>> 0) * TWO_M32;
    this.s1 = (w1 >>> 0) * TWO_M32;
    this.s2 = (w2 >>> 0) * TWO_M32;
    this.c = 1;
  }

  /** Start over as `new Alea(seed)` would (the same `next` function draws the new stream). */
  reseed(seed: string): void {
    // Baagøe's seeding: three states less three successive Mash hashes of the seed.
    let n = mashInto(MASH3, seed);
    let s0 = S0 - (n >>> 0) * TWO_M32;
    if (s0 < 0) s0 += 1;
    n = mashInto(n, seed);
    let s1 = S1 - (n >>> 0) * TWO_M32;
    if (s1 < 0) s1 += 1;
    n = mashInto(n, seed);
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

const STREAMS = SIDES.length * PURPOSES.length;
const TWO_32 = 0x100000000;

/**
 * The dice of one engagement: one lazily created stream per (side, purpose).
 * Streams are created on first use so an engagement that never needs, say, side b's AI stream pays
 * nothing for it. A runner may `resetTo` one object for engagement after engagement: the generators are
 * then set anew rather than made anew (a stream of an earlier engagement must not be used after it),
 * and the cell's text is hashed only when it changes.
 */
export class EngagementDice {
  private readonly streams: (Uniform | undefined)[] = new Array(STREAMS);
  /** The generators behind the streams, kept across resets. */
  private readonly generators: (Alea | undefined)[] = new Array(STREAMS);
  private experimentSeed: string | number = '';
  private cellKey: string | null = null;
  private index = 0;
  /** The text hashed into (h1, h2), and the words: the cell's key. */
  private keyText: string | null = null;
  private h1 = 0;
  private h2 = 0;
  /** The engagement's words (see the top of this file). */
  private e1 = 0;
  private e2 = 0;

  /** Dice keyed by `text` alone (engagement 0 of the cell key `text`): for tests and tools. */
  constructor(text: string) {
    this.reset(text);
  }

  /** The engagement's name (engagementSeed), or the text the dice were keyed by. */
  get seed(): string {
    return this.cellKey === null ? (this.keyText ?? '') : engagementSeed(this.experimentSeed, this.cellKey, this.index);
  }

  /** The dice keyed by `text` alone, in this object. */
  reset(text: string): this {
    this.cellKey = null;
    this.key(text, 0);
    return this;
  }

  /** The dice of engagement `index` of a cell, in this object. */
  resetTo(experimentSeed: string | number, cellKey: string, index: number): this {
    if (experimentSeed !== this.experimentSeed || cellKey !== this.cellKey || this.keyText === null) {
      this.experimentSeed = experimentSeed;
      this.cellKey = cellKey;
      this.keyText = null;
    }
    this.index = index;
    this.key(this.keyText ?? `${experimentSeed}/${cellKey}`, index);
    return this;
  }

  private key(text: string, index: number): void {
    if (text !== this.keyText) {
      this.keyText = text;
      this.h1 = murmur3(text, 0);
      this.h2 = murmur3(text, G);
    }
    if (!(index >= 0 && index < Number.MAX_SAFE_INTEGER && Number.isInteger(index))) throw new Error(`internal: engagement index ${index}`);
    const lo = index >>> 0;
    const hi = Math.floor(index / TWO_32) >>> 0;
    this.e1 = fmix32(this.h1 ^ lo);
    this.e2 = fmix32(((this.h2 ^ hi) + Math.imul(lo, G2)) | 0);
    this.streams.fill(undefined);
  }

  static for(experimentSeed: string | number, cellKey: string, index: number): EngagementDice {
    return new EngagementDice('').resetTo(experimentSeed, cellKey, index);
  }

  stream(side: 0 | 1, purpose: Purpose): Uniform {
    const m = side * PURPOSES.length + (purpose === 'fire' ? 0 : purpose === 'morale' ? 1 : 2);
    let s = this.streams[m];
    if (s === undefined) {
      let g = this.generators[m];
      if (g === undefined) g = this.generators[m] = new Alea('');
      const n = 3 * m + 1;
      const e1 = this.e1;
      const e2 = this.e2;
      g.setWords(
        fmix32(fmix32((e1 + Math.imul(n, G)) | 0) ^ e2),
        fmix32(fmix32((e1 + Math.imul(n + 1, G)) | 0) ^ e2),
        fmix32(fmix32((e1 + Math.imul(n + 2, G)) | 0) ^ e2),
      );
      s = this.streams[m] = g.next;
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
