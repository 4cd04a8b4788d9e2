/** The grouping of refit check's duel subjects (src/core/duels.ts), shared by every rule system. */
import { describe, expect, it } from 'vitest';
import { groupDuelSubjects, type DuelCandidate } from '../../src/core/duels.js';

const canonical = (c: Record<string, unknown>) => JSON.stringify([c.morale ?? null, c.strength ?? null]);
const cand = (scenario: string, unit: string, rated: number, atDefaults: number, strength = 6): DuelCandidate => ({
  scenario,
  unit,
  rated: { id: unit, morale: rated, strength },
  atDefaults: { id: unit, morale: atDefaults, strength },
});

describe('groupDuelSubjects', () => {
  it('skips units the refit rates as their defaults would, ids aside', () => {
    expect(groupDuelSubjects([cand('a', 'x', 4, 4), cand('a', 'y', 4, 4)], canonical)).toEqual([]);
  });

  it('gives one duel to units whose two counters are alike, in one scenario or several, under the first', () => {
    const out = groupDuelSubjects([cand('a', 'x', 5, 4), cand('a', 'y', 3, 4), cand('b', 'z', 5, 4), cand('b', 'x', 5, 4)], canonical);
    expect(out.map((s) => [s.unit, s.units, s.scenario])).toEqual([
      ['x', ['x', 'z'], 'a'],
      ['y', ['y'], 'a'],
    ]);
  });

  it('keeps apart units rated alike whose counters differ in what else plays', () => {
    const out = groupDuelSubjects([cand('a', 'x', 5, 4, 6), cand('a', 'y', 5, 4, 3)], canonical);
    expect(out.map((s) => s.units)).toEqual([['x'], ['y']]);
  });
});
