/**
 * Balance figures of a scenario, in the spirit of Ludii's game metrics (Browne et al., "Ludii: the
 * ludemic general game system"): how far the scenario favours one side, how often it ends drawn, how
 * decisive it is (how often something other than the clock ends it, and how early), and how long it
 * lasts. Each from a cell's summary, with its 95% interval.
 */
import type { CellSummary } from '../stats/summary.js';
import { wilson, zFor, type Proportion } from '../stats/intervals.js';

export interface Balance {
  /** Each side's share of wins, and of draws. */
  wins: [Proportion, Proportion];
  draws: Proportion;
  /**
   * Side 0's share of wins minus side 1's, in percentage points, with a 95% interval (the variance of
   * a difference of two shares of one multinomial sample: (p0 + p1 − (p0 − p1)²) / n).
   */
  advantage: { points: number; lo: number; hi: number };
  /** The side the interval says is favoured, or null when it includes zero. */
  favoured: 0 | 1 | null;
  /** Share of engagements something other than the turn limit ended. */
  decided: Proportion;
  /**
   * Of the decided engagements, the mean share of the turn limit played before the decision (1: at the
   * last turn); null when none was decided.
   */
  settledAt: number | null;
  /** Turns played, mean with its interval, and the turn limit. */
  turns: { mean: number; lo: number; hi: number; limit: number };
}

/**
 * Side 0's share of wins minus side 1's in percentage points, with its 95% interval: the variance of a
 * difference of two shares of one multinomial sample of n is (p0 + p1 − (p0 − p1)²) / n.
 */
export function advantageOf(p0: number, p1: number, n: number): { points: number; lo: number; hi: number } {
  const diff = p0 - p1;
  const half = n > 0 ? zFor(0.95) * Math.sqrt(Math.max(0, p0 + p1 - diff * diff) / n) : 0;
  return { points: 100 * diff, lo: 100 * (diff - half), hi: 100 * (diff + half) };
}

/**
 * The balance of one cell. `timeLimit`: the outcome reasons that mean the turns ran out (the
 * vocabulary marks them); `limit`: the turn limit.
 */
export function balanceOf(s: CellSummary, timeLimit: ReadonlySet<string>, limit: number): Balance {
  const n = s.engagements;
  const share = (side: 0 | 1 | null) => s.outcome.find((o) => o.side === side) ?? wilson(0, n);
  const [w0, w1, d] = [share(0), share(1), share(null)];
  const advantage = advantageOf(w0.p, w1.p, n);
  const decidedCount = s.reasons.filter((r) => !timeLimit.has(r.reason)).reduce((k, r) => k + r.count, 0);
  // Engagements that ended before the last turn were all decided (the clock ends them only at the
  // limit); the other decided ones ended on the last turn.
  let early = 0;
  let earlyTurns = 0;
  for (const [t, c] of s.turns.counts ?? []) {
    if (t < limit) {
      early += c;
      earlyTurns += t * c;
    }
  }
  const settledAt = decidedCount > 0 ? (earlyTurns + limit * Math.max(0, decidedCount - early)) / (decidedCount * limit) : null;
  return {
    wins: [w0, w1],
    draws: d,
    advantage,
    favoured: advantage.lo > 0 ? 0 : advantage.hi < 0 ? 1 : null,
    decided: wilson(decidedCount, n),
    settledAt,
    turns: { mean: s.turns.mean, lo: s.turns.lo, hi: s.turns.hi, limit },
  };
}
