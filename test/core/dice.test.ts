/**
 * The engine's alea generator is seedrandom's, written out (DESIGN.md, "Dice"; src/core/dice.ts): every
 * seed must give the same numbers, or every stored result and golden trace would change.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Alea, aleaStream, EngagementDice, engagementSeed, PURPOSES, subStreamSeed } from '../../src/core/dice.js';

describe('Alea draws exactly what seedrandom.alea draws', () => {
  it('for run seeds, odd seeds (empty, non-ASCII, long) and many draws', () => {
    const seeds = ['', ' ', 'a', '1815/base/0/a/fire', 'é€😀/x', 'x'.repeat(500)];
    for (let i = 0; i < 2000; i++) seeds.push(subStreamSeed(engagementSeed(i % 3 === 0 ? 'seed' : i, `cell${i % 7}`, i * 31), (i % 2) as 0 | 1, i % 3 === 0 ? 'ai' : 'morale'));
    for (const seed of seeds) {
      const want = seedrandom.alea(seed);
      const got = aleaStream(seed);
      for (let k = 0; k < 40; k++) expect(got(), seed).toBe(want());
    }
    const long = new Alea('long run');
    const ref = seedrandom.alea('long run');
    for (let k = 0; k < 100_000; k++) if (long.next() !== ref()) throw new Error(`draw ${k} differs`);
  });

  it('engagement dice (which hash the seed prefix their streams share once) draw seedrandom\'s numbers', () => {
    for (let i = 0; i < 300; i++) {
      const d = EngagementDice.for(i % 2 ? 'run-seed' : i, `cell ${i % 5}`, i * 977);
      for (const side of [0, 1] as const) {
        for (const purpose of PURPOSES) {
          const want = seedrandom.alea(subStreamSeed(d.seed, side, purpose));
          const got = d.stream(side, purpose);
          for (let k = 0; k < 5; k++) expect(got()).toBe(want());
        }
      }
    }
  });

  it('dice reset for engagement after engagement draw what fresh dice draw', () => {
    const reused = new EngagementDice('');
    for (let i = 0; i < 200; i++) {
      const seed = engagementSeed(7, 'cell', i);
      const fresh = new EngagementDice(seed);
      const d = reused.reset(seed);
      expect(d.seed).toBe(seed);
      // Streams in a different order each time, some not at all.
      const order = [(i % 2) as 0 | 1, ((i + 1) % 2) as 0 | 1];
      for (const side of order) {
        for (const purpose of i % 3 ? PURPOSES : (['ai'] as const)) {
          for (let k = 0; k < 3; k++) expect(d.stream(side, purpose)()).toBe(fresh.stream(side, purpose)());
        }
      }
    }
  });

  it('engagement dice give each (side, purpose) its own stream, created once', () => {
    const d = EngagementDice.for(1815, 'base', 12);
    expect(d.fire(0)).toBe(d.stream(0, 'fire'));
    expect(d.ai(1)).toBe(d.stream(1, 'ai'));
    expect(d.morale(1)()).toBe(seedrandom.alea('1815/base/12/b/morale')());
  });
});
