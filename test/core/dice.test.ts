/**
 * The dice (DESIGN.md, "Dice"; src/core/dice.ts). The alea generator is seedrandom's, written out: a
 * string seed gives seedrandom's numbers. Engagement streams are keyed by integers mixed as the top of
 * dice.ts documents (DICE_FORMAT): checked against that formula written again here in BigInt
 * arithmetic, for common random numbers, and for quality (chi-square tests of faces, and of pairs of
 * faces across neighbouring keys and streams, at fixed seeds).
 */
import seedrandom from 'seedrandom';
import { probit } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { Alea, aleaStream, DICE_FORMAT, EngagementDice, engagementSeed, fmix32, PURPOSES, type Uniform } from '../../src/core/dice.js';

describe('Alea draws exactly what seedrandom.alea draws', () => {
  it('for run seeds, odd seeds (empty, non-ASCII, long) and many draws', () => {
    const seeds = ['', ' ', 'a', '1815/base/0/a/fire', 'é€😀/x', 'x'.repeat(500)];
    for (let i = 0; i < 500; i++) seeds.push(`${engagementSeed(i % 3 === 0 ? 'seed' : i, `cell${i % 7}`, i * 31)}/${i % 2 ? 'b' : 'a'}/morale`);
    for (const seed of seeds) {
      const want = seedrandom.alea(seed);
      const got = aleaStream(seed);
      for (let k = 0; k < 40; k++) expect(got(), seed).toBe(want());
    }
    const long = new Alea('long run');
    const ref = seedrandom.alea('long run');
    for (let k = 0; k < 100_000; k++) if (long.next() !== ref()) throw new Error(`draw ${k} differs`);
  });
});

// ------------------------------------------------------------------ the documented derivation, again

const M32 = 0xffffffffn;
const mul32 = (a: bigint, b: bigint) => (a * b) & M32;
function fmixBig(h: bigint): bigint {
  h = mul32(h ^ (h >> 16n), 0x85ebca6bn);
  h = mul32(h ^ (h >> 13n), 0xc2b2ae35n);
  return h ^ (h >> 16n);
}
const rotl = (x: bigint, r: bigint) => ((x << r) | (x >> (32n - r))) & M32;
function murmurBig(text: string, seed: bigint): bigint {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    let k = mul32(BigInt(text.charCodeAt(i)), 0xcc9e2d51n);
    k = rotl(k, 15n);
    h ^= mul32(k, 0x1b873593n);
    h = rotl(h, 13n);
    h = (mul32(h, 5n) + 0xe6546b64n) & M32;
  }
  return fmixBig(h ^ BigInt(text.length));
}
const G = 0x9e3779b9n;
const G2 = 0x85ebca77n;

/** The first draws of stream (side, purpose) of engagement `index`, from the formula at the top of dice.ts. */
function documented(experimentSeed: string | number, cellKey: string, index: number, side: 0 | 1, purpose: number, draws: number): number[] {
  return documentedText(`${experimentSeed}/${cellKey}`, index, side, purpose, draws);
}

/** The same for dice keyed by a text (`new EngagementDice(text)`: engagement 0 of that key). */
function documentedText(text: string, index: number, side: 0 | 1, purpose: number, draws: number): number[] {
  const h1 = murmurBig(text, 0n);
  const h2 = murmurBig(text, G);
  const lo = BigInt(index) & M32;
  const hi = BigInt(index) >> 32n;
  const e1 = fmixBig(h1 ^ lo);
  const e2 = fmixBig(((h2 ^ hi) + lo * G2) & M32);
  const m = BigInt(side * 3 + purpose);
  const w = [0n, 1n, 2n].map((j) => Number(fmixBig(fmixBig((e1 + (3n * m + j + 1n) * G) & M32) ^ e2)));
  const a = new Alea('');
  a.setWords(w[0], w[1], w[2]);
  return Array.from({ length: draws }, () => a.next());
}

describe('engagement dice (DICE_FORMAT ' + DICE_FORMAT + ')', () => {
  it('fmix32 is MurmurHash3 finalizer', () => {
    for (const x of [0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 123456789]) expect(fmix32(x)).toBe(Number(fmixBig(BigInt(x))));
    expect(fmix32(0)).toBe(0);
  });

  it('draw what the documented derivation gives', () => {
    const keys: [string | number, string, number][] = [
      [1, 'base', 0],
      ['run-seed', 'cell 3', 977],
      [20250601, 'é€😀', 2 ** 32 + 5],
      ['', '', 2 ** 40 + 2 ** 31],
    ];
    for (let i = 0; i < 40; i++) keys.push([i % 2 ? 'x' : i, `c${i % 5}`, i * 7919]);
    for (const [seed, cell, index] of keys) {
      const d = EngagementDice.for(seed, cell, index);
      for (const side of [0, 1] as const) {
        PURPOSES.forEach((purpose, p) => {
          const u = d.stream(side, purpose);
          expect([u(), u(), u(), u()]).toEqual(documented(seed, cell, index, side, p, 4));
        });
      }
    }
  });

  it('dice reset for engagement after engagement draw what fresh dice draw, streams in any order', () => {
    const reused = new EngagementDice('');
    for (let i = 0; i < 200; i++) {
      const cell = i % 50 < 25 ? 'cell' : 'other';
      const fresh = EngagementDice.for(7, cell, i);
      const d = reused.resetTo(7, cell, i);
      expect(d.seed).toBe(engagementSeed(7, cell, i));
      // Streams in a different order each time, some not at all.
      const order = [(i % 2) as 0 | 1, ((i + 1) % 2) as 0 | 1];
      for (const side of order) {
        for (const purpose of i % 3 ? PURPOSES : (['ai'] as const)) {
          for (let k = 0; k < 3; k++) expect(d.stream(side, purpose)()).toBe(fresh.stream(side, purpose)());
        }
      }
    }
  });

  it('keep common random numbers: a stream depends only on seed, cell key, engagement, side and purpose', () => {
    // Another variant of the same cell key drawing more from other streams first sees the same stream.
    const a = EngagementDice.for(1815, 'base', 12);
    const b = EngagementDice.for(1815, 'base', 12);
    for (let k = 0; k < 50; k++) b.fire(0)();
    b.ai(1)();
    const want = [a.morale(1)(), a.morale(1)()];
    expect([b.morale(1)(), b.morale(1)()]).toEqual(want);
    // Change any one of them and the stream is another.
    const first = (d: EngagementDice, side: 0 | 1 = 1, purpose: (typeof PURPOSES)[number] = 'morale') => d.stream(side, purpose)();
    const others = [
      first(EngagementDice.for(1816, 'base', 12)),
      first(EngagementDice.for(1815, 'basf', 12)),
      first(EngagementDice.for(1815, 'base', 13)),
      first(EngagementDice.for(1815, 'base', 12), 0),
      first(EngagementDice.for(1815, 'base', 12), 1, 'fire'),
    ];
    expect(new Set([want[0], ...others]).size).toBe(6);
  });

  it('give each (side, purpose) its own stream, created once; text-keyed dice are their own', () => {
    const d = EngagementDice.for(1815, 'base', 12);
    expect(d.fire(0)).toBe(d.stream(0, 'fire'));
    expect(d.ai(1)).toBe(d.stream(1, 'ai'));
    const t = new EngagementDice('moves');
    expect(t.seed).toBe('moves');
    expect([t.ai(1)(), t.ai(1)()]).toEqual(documentedText('moves', 0, 1, 2, 2));
    expect(t.reset('other').ai(1)()).toBe(documentedText('other', 0, 1, 2, 1)[0]);
  });
});

// ------------------------------------------------------------------------------------------- quality

/** The chi-square statistic of counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  const e = n / counts.length;
  return counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
}

/** The chi-square quantile at `p` for `df` degrees of freedom (Wilson-Hilferty; within 1% here). */
function chiQuantile(p: number, df: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + probit(p) * Math.sqrt(a)) ** 3;
}

const face = (u: Uniform) => Math.floor(u() * 6);
/** Every statistic below is tested at this level: a correct generator fails one in a thousand seeds. */
const P = 0.999;
const N = 36_000;

/** Faces of one draw taken from the stream `pick` of every key: counts of faces, and of pairs of neighbouring keys. */
function faceTables(pick: (i: number) => number): { faces: number[]; pairs: number[] } {
  const faces = new Array(6).fill(0);
  const pairs = new Array(36).fill(0);
  let prev = -1;
  for (let i = 0; i < N; i++) {
    const f = pick(i);
    faces[f]++;
    // Pairs (2k, 2k + 1): disjoint, so that the 36 counts are a multinomial sample.
    if (i % 2 === 1) pairs[6 * prev + f]++;
    prev = f;
  }
  return { faces, pairs };
}

describe('engagement streams are uniform and uncorrelated across neighbouring keys (chi-square, fixed seeds)', () => {
  const d = new EngagementDice('');
  const faceLimit = chiQuantile(P, 5);
  const pairLimit = chiQuantile(P, 35);

  it('the Wilson-Hilferty quantiles are the tabled ones', () => {
    expect(chiQuantile(0.995, 5)).toBeCloseTo(16.75, 0);
    expect(chiQuantile(0.995, 30)).toBeCloseTo(53.67, 0);
  });

  it('first draws of neighbouring engagements', () => {
    for (const purpose of PURPOSES) {
      const { faces, pairs } = faceTables((i) => face(d.resetTo(1, 'base', i).stream(0, purpose)));
      expect(chiSquare(faces), purpose).toBeLessThan(faceLimit);
      expect(chiSquare(pairs), purpose).toBeLessThan(pairLimit);
    }
  });

  it('first draws of neighbouring cell keys and seeds, at one engagement', () => {
    const byCell = faceTables((i) => face(d.resetTo(1, `cell-${i}`, 0).fire(1)));
    const bySeed = faceTables((i) => face(d.resetTo(i, 'base', 0).fire(1)));
    for (const t of [byCell, bySeed]) {
      expect(chiSquare(t.faces)).toBeLessThan(faceLimit);
      expect(chiSquare(t.pairs)).toBeLessThan(pairLimit);
    }
  });

  it('the streams of one engagement against each other, and a stream\'s first draws against its next', () => {
    const pairs = (f: (d: EngagementDice) => [number, number]) => {
      const c = new Array(36).fill(0);
      for (let i = 0; i < N / 2; i++) {
        const [a, b] = f(d.resetTo('streams', 'x', i));
        c[6 * a + b]++;
      }
      return chiSquare(c);
    };
    expect(pairs((e) => [face(e.fire(0)), face(e.fire(1))])).toBeLessThan(pairLimit);
    expect(pairs((e) => [face(e.fire(0)), face(e.morale(0))])).toBeLessThan(pairLimit);
    expect(pairs((e) => [face(e.morale(1)), face(e.ai(1))])).toBeLessThan(pairLimit);
    expect(pairs((e) => [face(e.ai(0)), face(e.fire(1))])).toBeLessThan(pairLimit);
    expect(pairs((e) => [face(e.fire(0)), face(e.fire(0))])).toBeLessThan(pairLimit);
  });

  it('the test sees neighbouring keys that share their dice', () => {
    const a = new Alea('');
    const naive = faceTables((i) => {
      a.setWords(fmix32(i >> 1), 1, 2); // keys 2k and 2k + 1 start alike; faces stay uniform
      return face(a.next);
    });
    expect(chiSquare(naive.faces)).toBeLessThan(faceLimit);
    expect(chiSquare(naive.pairs)).toBeGreaterThan(pairLimit);
  });
});
