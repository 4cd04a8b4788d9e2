/**
 * Stopping at a target precision (`volley run --precision H`): the rule that decides, from a cell's
 * merged results only, whether the cell has played enough engagements and, if not, how many more it
 * plays before the next look. Pure: the runner (src/sim/engine/runner.ts) and the coverage test call the
 * same functions.
 *
 * The rule (docs/files.md, "Stopping at a target precision"):
 *  - a cell plays `firstLook` engagements before its first look: two batches, and at least 200;
 *  - at each look, every primary proportion's 95% Wilson interval (the one results.json reports) has
 *    a half-width, (hi - lo) / 2; the cell stops when the widest is at most H, or when it has played
 *    the maximum;
 *  - otherwise it plays on, in whole batches, to the number of engagements at which the widest
 *    proportion's half-width would be H if its share stayed where it is (at least one batch more, never
 *    past the maximum), and looks again.
 * Looking again and again at the data and stopping when the interval is narrow can lower the coverage
 * of the final interval. Here the check is on the width, which depends on the estimate only through
 * p(1 - p), and a look is made only when the predicted sample is reached, so a cell looks 2 or 3 times
 * in all; the test (test/stats/precision.test.ts) measures the coverage of the whole rule.
 */
import type { CellAccumulator } from './cellAccumulator.js';
import { wilson, zFor } from './intervals.js';
import { sideVerb } from '../core/words.js';

/** The level of the intervals whose half-width is held to the target. */
export const PRECISION_LEVEL = 0.95;
/** The name of this stopping rule, recorded in results.json; change it when the rule changes. */
export const PRECISION_RULE = 'wilson-halfwidth-sequential/1';
/** The fewest engagements a cell plays before its first look (rounded up to whole batches). */
export const FIRST_LOOK_MIN = 200;
/** The fewest batches a cell plays before its first look. */
export const FIRST_LOOK_BATCHES = 2;

export interface PrecisionRule {
  /** The target: the largest half-width of a 95% interval allowed, as a fraction (0.01 = ±1 point). */
  halfWidth: number;
  /** The most engagements a cell plays. */
  maxEngagements: number;
  /** Engagements per batch: a cell always plays whole batches (the last may be cut by the maximum). */
  batch: number;
}

/** A proportion the stopping rule watches: `k` of `m` trials, after the cell's engagements so far. */
export interface PrimaryProportion {
  /** Its path in results.json's `cells[].summary`, e.g. `outcome[0]` or `sides[1].retreatRate`. */
  metric: string;
  k: number;
  m: number;
}

export interface Widest {
  metric: string;
  halfWidth: number;
}

/** One look at a cell: its widest half-width, whether the target is met, and what it does next. */
export interface Look {
  /** Engagements the cell had played at this look. */
  n: number;
  /** The widest 95% half-width among the primary proportions (null before the first look). */
  widest: Widest | null;
  /** Every primary proportion's half-width is at most the target. */
  met: boolean;
  /** Engagements the cell is to have played at its next look; `n` when it stops. */
  next: number;
}

/** How a cell of a precision run ended: its last look, and how many looks it took. */
export interface CellStop {
  engagements: number;
  looks: number;
  /** Every primary proportion's half-width was at most the target at the last look. */
  met: boolean;
  widest: Widest | null;
}

/** Engagements before the first look: two batches and at least FIRST_LOOK_MIN, whole batches, at most the maximum. */
export function firstLook(rule: PrecisionRule): number {
  const b = rule.batch;
  return Math.min(rule.maxEngagements, b * Math.max(FIRST_LOOK_BATCHES, Math.ceil(FIRST_LOOK_MIN / b)));
}

/** Half-width, (hi - lo) / 2, of the 95% Wilson interval of k in m, as results.json reports it. */
export function halfWidth(k: number, m: number): number {
  const w = wilson(k, m, PRECISION_LEVEL);
  return (w.hi - w.lo) / 2;
}

/** Wilson half-width for a share p over m trials (k = p m need not be whole), for predictions. */
function predictedHalfWidth(p: number, m: number, z: number): number {
  const z2 = z * z;
  return (z * Math.sqrt((p * (1 - p)) / m + z2 / (4 * m * m))) / (1 + z2 / m);
}

/** The fewest trials at which a share p would have a 95% half-width of at most h. */
export function trialsFor(p: number, h: number): number {
  const z = zFor(PRECISION_LEVEL);
  // The half-width is largest at p = 1/2, where it is below z / (2 sqrt(m)): hi trials always do.
  let lo = 1;
  let hi = Math.max(1, Math.ceil((z / (2 * h)) ** 2));
  // Past 2^53 integers are no longer exact and the search would not end; no run comes near
  // (MAX_ENGAGEMENTS caps a cell at 10^8), so the bound itself will do.
  if (hi > Number.MAX_SAFE_INTEGER) return hi;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (predictedHalfWidth(p, mid, z) <= h) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The look after a cell has played `n` engagements, with its primary proportions at that point. Only
 * merged counts go in, so the decision is the same for any number of workers and after a resume.
 */
export function look(rule: PrecisionRule, n: number, proportions: readonly PrimaryProportion[]): Look {
  if (n <= 0) return { n: 0, widest: null, met: false, next: firstLook(rule) };
  let widest: Widest | null = null;
  for (const x of proportions) {
    if (x.m <= 0) continue;
    const h = halfWidth(x.k, x.m);
    if (widest === null || h > widest.halfWidth) widest = { metric: x.metric, halfWidth: h };
  }
  const met = widest === null || widest.halfWidth <= rule.halfWidth;
  if (met || n >= rule.maxEngagements) return { n, widest, met, next: n };
  // Predict the engagements at which the widest proportions would reach the target, trials per
  // engagement (morale checks are not one per engagement) as observed so far.
  let wanted = n;
  for (const x of proportions) {
    if (x.m <= 0 || halfWidth(x.k, x.m) <= rule.halfWidth) continue;
    const perEngagement = x.m / n;
    wanted = Math.max(wanted, Math.ceil(trialsFor(x.k / x.m, rule.halfWidth) / perEngagement));
  }
  const b = rule.batch;
  const next = Math.min(rule.maxEngagements, Math.max(n + b, Math.ceil(wanted / b) * b));
  return { n, widest, met, next };
}

/**
 * The primary proportions of a cell, in this order: each side's win share and the draw share
 * (`outcome[0..2]`); per side the retreat rate (`sides[s].retreatRate`: engagements in which a unit of
 * the side retreated), where the engagements have armies that can break (`armies`: every rule system's
 * but an Age of Rifles assault, whose kind of scenario does not measure armyBroken) the army-broken
 * share (`sides[s].armyBroken`), and the morale-check failure rate (`sides[s].moraleChecks.failRate`,
 * over the checks the side took; left out while it has taken none).
 */
export function primaryProportions(acc: CellAccumulator, armies: boolean): PrimaryProportion[] {
  const n = acc.n;
  const out: PrimaryProportion[] = [0, 1, 2].map((slot) => ({ metric: `outcome[${slot}]`, k: acc.winners[slot], m: n }));
  for (const s of [0, 1] as const) {
    const a = acc.sides[s];
    out.push({ metric: `sides[${s}].retreatRate`, k: a.anyRetreat, m: n });
    if (armies) {
      const broken = a.armyBrokenTurn.reduce((sum, c, turn) => (turn > 0 ? sum + c : sum), 0);
      out.push({ metric: `sides[${s}].armyBroken`, k: broken, m: n });
    }
    if (a.moraleChecks > 0) out.push({ metric: `sides[${s}].moraleChecks.failRate`, k: a.moraleChecksFailed, m: a.moraleChecks });
  }
  return out;
}

/** A primary proportion's name in words, with the sides' names. */
export function metricLabel(metric: string, sides: readonly [string, string]): string {
  const m = /^(?:outcome\[(\d)\]|sides\[(\d)\]\.(retreatRate|armyBroken|moraleChecks\.failRate))$/.exec(metric);
  if (!m) return metric;
  if (m[1] !== undefined) return m[1] === '2' ? 'Draw' : sideVerb(sides[Number(m[1])], 'wins', 'win');
  const side = sides[Number(m[2])];
  if (m[3] === 'retreatRate') return `${side}: any unit retreated`;
  if (m[3] === 'armyBroken') return `${side}: army broken`;
  return `${side}: morale checks failed`;
}
