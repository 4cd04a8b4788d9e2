/**
 * The question answered in one line per cell (src/report/question.ts), from the figures behind it:
 * who held every objective at the end, counted together (src/stats/cellAccumulator.ts), and each
 * engagement's men lost as a share of its men at the start (src/stats/summary.ts).
 */
import { describe, expect, it } from 'vitest';
import { emptyResult, type EngagementResult } from '../../src/core/result.js';
import type { EngagementShape } from '../../src/core/ruleset.js';
import type { Vocabulary } from '../../src/core/vocabulary.js';
import { answerOf, answerText, costText } from '../../src/report/question.js';
import type { Results } from '../../src/results/results.js';
import { addResult, emptyCellAcc, mergeCellAcc, objectiveEndHolders, objectiveEndKey } from '../../src/stats/cellAccumulator.js';
import { carriedBy, summarizeCell } from '../../src/stats/summary.js';

const vocabulary = { outcomes: [{ id: 'time', label: 'turn limit reached', doc: '' }], checkPurposes: [], ratings: { name: 'morale', labels: [] } } as unknown as Vocabulary;

/** Blue attacks a mill and a bridge that Red holds at the start, and a farm Blue holds itself. */
const shape: EngagementShape = {
  sides: [
    { name: 'Blue', role: 'attacker' },
    { name: 'Reds', role: 'defender' },
  ],
  units: [],
  formations: [],
  objectives: [
    { name: 'mill', vp: 1, holder: 1 },
    { name: 'bridge', vp: 1, holder: 1 },
    { name: 'farm', vp: 1, holder: 0 },
  ],
  turns: 4,
  scale: {} as EngagementShape['scale'],
  what: 'a test engagement',
  turnByTurn: true,
};

/** An engagement: the holders at the end, and Blue's men lost of its 1,000. */
function engagement(holders: number[], blueLost: number): EngagementResult {
  const r = emptyResult({ units: 0, objectives: 3, purposes: 0, ratings: 0 });
  holders.forEach((h, i) => (r.objectives[i] = h));
  r.sides[0].startMen = 1000;
  r.sides[0].menLost = blueLost;
  r.sides[1].startMen = 500;
  return r;
}

/** The Wilson interval, written out here from its formula (z = 1.959964 for 95%). */
function wilsonByHand(k: number, n: number): [number, number] {
  const z = 1.959964;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

// Blue carries both the mill and the bridge in engagements 0 and 3 (the farm does not count: it held
// it at the start, and lost it in engagement 3). Engagement 1 takes the mill only; 2 takes nothing.
const plays: [number[], number][] = [
  [[0, 0, 0], 100],
  [[0, 1, 0], 200],
  [[1, -1, 0], 300],
  [[0, 0, 1], 400],
];

function cell() {
  const acc = emptyCellAcc({ units: 0, objectives: 3, reasons: ['time'], purposes: 0, ratings: 0 });
  plays.forEach(([h, lost], i) => addResult(acc, engagement(h, lost), i));
  return acc;
}

describe('who held every objective, counted together', () => {
  it('a key holds each objective’s holder and gives them back', () => {
    for (const h of [[0, 1, -1], [-1, -1, -1], [1, 1, 1], [0]]) expect(objectiveEndHolders(objectiveEndKey(h), h.length)).toEqual(h);
    expect(objectiveEndKey([])).toBe(0);
  });
  it('the attacker carried what it attacked in the engagements where it held all of it at the end', () => {
    const c = carriedBy(cell(), shape.objectives.map((o) => o.holder), 0)!;
    expect([c.count, c.n]).toEqual([2, 4]);
  });
  it('batches merge into the same counts as one accumulator', () => {
    const a = emptyCellAcc({ units: 0, objectives: 3, reasons: ['time'], purposes: 0, ratings: 0 });
    const b = emptyCellAcc({ units: 0, objectives: 3, reasons: ['time'], purposes: 0, ratings: 0 });
    plays.forEach(([h, lost], i) => addResult(i < 2 ? a : b, engagement(h, lost), i));
    mergeCellAcc(a, b);
    expect(a.objectiveEnds).toEqual(cell().objectiveEnds);
    // Shares are fractions: their sums agree to rounding (a run merges its fixed batches in order, so
    // it gives the same bits on any number of workers).
    expect(a.sides[0].menLostShare!.sum).toBeCloseTo(cell().sides[0].menLostShare!.sum, 12);
    expect(a.sides[0].menLostShare!.sumSq).toBeCloseTo(cell().sides[0].menLostShare!.sumSq, 12);
  });
  it('a batch saved before the counts existed leaves the figure out instead of under-counting', () => {
    const a = cell();
    const old = cell();
    delete old.objectiveEnds;
    delete old.sides[0].menLostShare;
    mergeCellAcc(a, old);
    expect(carriedBy(a, [1, 1, 0], 0)).toBeNull();
    const s = summarizeCell(a, shape, vocabulary);
    expect(s.sides[0].carried).toBeUndefined();
    expect(s.sides[0].menLostFraction).toBeUndefined();
  });
});

describe('the summary of a cell', () => {
  const s = summarizeCell(cell(), shape, vocabulary);
  it('gives the attacker its share of engagements carried, and the defender none', () => {
    const [lo, hi] = wilsonByHand(2, 4);
    expect(s.sides[0].carried!.p).toBe(0.5);
    expect(s.sides[0].carried!.lo).toBeCloseTo(lo, 6);
    expect(s.sides[0].carried!.hi).toBeCloseTo(hi, 6);
    expect(s.sides[1].carried).toBeUndefined();
  });
  it('gives the men lost as a share of the men at the start, engagement by engagement, with its interval', () => {
    // Shares 0.1, 0.2, 0.3, 0.4: mean 0.25, sample sd sqrt(0.05/3), half-width 1.959964 sd / 2.
    const f = s.sides[0].menLostFraction!;
    expect(f.mean).toBeCloseTo(0.25, 12);
    expect(f.hi - f.mean).toBeCloseTo((1.959964 * Math.sqrt(0.05 / 3)) / 2, 6);
  });
});

describe('the answer line', () => {
  const s = summarizeCell(cell(), shape, vocabulary);
  const r = { sides: shape.sides, objectives: shape.objectives } as unknown as Results;
  it('says how often the attack won, how often it held what it attacked at the end, at what cost in men and in share of strength', () => {
    // Won none of 4 (every engagement a draw): Wilson [0, 49.0]. Held both objectives at the end in 2 of 4:
    // Wilson [15.0, 85.0]. Men: mean 250, sd sqrt(50000/3) = 129.10, half 126.52: [123, 377]. Share: 25.0% with half 12.65 points.
    expect(answerOf(r, { summary: s })).toBe(
      'The attack (Blue) won 0.0% [0.0, 49.0] of 4 engagements (carried the position or broke the defence, by its rules’ end conditions) and held all 2 objectives at the end in 50.0% [15.0, 85.0], at 250 men [123, 377] (25.0% [12.3, 37.7] of its strength)',
    );
  });
  it('leads with the win share, not the share held at the end, when the attack wins without holding what it attacked', () => {
    // Blue wins engagements 0, 1 and 2 (in 1 and 2 its enemy broke, the objectives not all taken): 3 of 4;
    // it holds both objectives at the end in engagements 0 and 3 only: 2 of 4.
    const acc = emptyCellAcc({ units: 0, objectives: 3, reasons: ['time'], purposes: 0, ratings: 0 });
    plays.forEach(([h, lost], i) => {
      const e = engagement(h, lost);
      e.winner = i < 3 ? 0 : null;
      addResult(acc, e, i);
    });
    const won = summarizeCell(acc, shape, vocabulary);
    const [lo, hi] = wilsonByHand(3, 4).map((x) => (100 * x).toFixed(1));
    expect(answerOf(r, { summary: won })).toMatch(new RegExp(`^The attack \\(Blue\\) won 75\\.0% \\[${lo}, ${hi}\\] of 4 engagements \\(.*\\) and held all 2 objectives at the end in 50\\.0% \\[15\\.0, 85\\.0\\],`));
  });
  it('names the objective when there is one to take', () => {
    const one = { sides: shape.sides, objectives: [{ name: 'the mill', vp: 1, holder: 1 }] } as unknown as Results;
    expect(answerOf(one, { summary: s })).toMatch(/ and held its objective \(the mill\) at the end in 50.0%/);
  });
  it('without objectives to take, speaks of wins', () => {
    const noObjectives = summarizeCell(cell(), { ...shape, objectives: [] }, vocabulary);
    // Every engagement here ended in a draw: Blue won none of 4, Wilson [0, 49.0].
    expect(answerOf({ sides: shape.sides, objectives: [] } as unknown as Results, { summary: noObjectives })).toBe(
      'The attack (Blue) won 0.0% [0.0, 49.0] of 4 engagements, at 250 men [123, 377] (25.0% [12.3, 37.7] of its strength)',
    );
  });
  it('without a single attacker, gives each side its own figures, the pronoun agreeing with its name', () => {
    const meeting = { ...shape, sides: [{ name: 'Blue', role: 'attacker' }, { name: 'Reds', role: 'attacker' }] } as EngagementShape;
    const m = summarizeCell(cell(), meeting, vocabulary);
    const text = answerOf({ sides: meeting.sides, objectives: shape.objectives } as unknown as Results, { summary: m });
    expect(text.startsWith('Blue won 0.0% [0.0, 49.0] and held every objective at the end in 50.0% [15.0, 85.0], at 250 men')).toBe(true);
    // Reds attack the farm only (they hold the rest at the start), and hold it at the end once: Wilson(1, 4) = [4.6, 69.9].
    expect(text).toContain('; Reds won 0.0% [0.0, 49.0] and held every objective at the end in 25.0% [4.6, 69.9], at 0 men [0, 0] (0.0% [0.0, 0.0] of their strength) (of 4 engagements)');
  });
  it('counts in strength points where the rule system gives no men', () => {
    const side = { ...s.sides[0], startMen: { mean: 0, sd: 0, lo: 0, hi: 0, n: 4 }, strengthLost: { mean: 2.5, lo: 1.5, hi: 3.5 }, strengthLostShare: 0.25 } as typeof s.sides[0];
    expect(costText(side)).toBe('2.50 [1.50, 3.50] strength points (25.0% of its strength)');
  });
  it('a run of several cells gives one line per cell, named, and says the level once', () => {
    const results = {
      sides: shape.sides,
      objectives: shape.objectives,
      provenance: { factors: { 'sides[1].doctrine': ['a', 'b'] } },
      cells: ['a', 'b'].map((d) => ({ label: `sides[1].doctrine=${d}`, factors: { 'sides[1].doctrine': d }, options: {}, summary: s })),
    } as unknown as Results;
    const lines = answerText(results).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].startsWith('a: The attack (Blue) won')).toBe(true);
    expect(lines[1].startsWith('b: The attack (Blue) won')).toBe(true);
    expect(lines[2]).toBe('(in brackets: 95% intervals)');
  });
});
