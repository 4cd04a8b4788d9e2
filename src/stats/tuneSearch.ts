/**
 * Finding the value of one parameter that brings a metric to a target (`volley tune`), on common
 * random numbers: every value is played on the same engagements (the same seed, cell key and indices),
 * so the estimate f(x) is a deterministic function of x for those dice, a step function that changes
 * only where some engagement plays differently. Its crossing of the target can then be found by
 * bisection like that of any deterministic function, without the noise a fresh sample at each value
 * would add. The tuned value is, of the two values around the crossing, the one nearer the target. docs/files.md ("volley tune") gives the method in full and why it was chosen.
 *
 * The 95% interval of the tuned value is the set of values whose estimate's 95% interval contains the
 * target (test inversion): the true value x* has f(x*) = target, and its estimate's interval contains
 * the target 95 times in 100, so the set contains x* as often. Its ends are found by the same
 * bisection. Integers use the same search on whole numbers; small ranges are evaluated in full.
 */
import type { Estimate } from './metricPath.js';

export interface SearchPoint extends Estimate {
  x: number;
  /** The round of the search that evaluated it (0: the first grid). */
  round: number;
}

export interface SearchSpec {
  from: number;
  to: number;
  /** Whole numbers only. */
  integer: boolean;
  target: number;
  /** Reals: stop bisecting a bracket once it is at most this wide (default (to - from) / 100). */
  tolerance?: number;
  /** Integers: evaluate every candidate when there are at most this many (default 12). */
  allUpTo?: number;
  /** Points of the first grid when not every candidate is evaluated (default 5, ends included). */
  gridPoints?: number;
  /** Stop (with a warning) after this many evaluations (default 80). */
  maxEvaluations?: number;
}

/** Evaluate the metric at each value, on the same engagements; called once per round. */
export type Evaluate = (xs: number[], round: number) => Promise<Estimate[]>;

export interface TunedInterval {
  lo: number;
  hi: number;
  /**
   * contains: the values whose estimate's 95% interval contains the target; bracket: no evaluated
   * value's interval contains it, and these are the neighbours between which the estimate jumps
   * across it.
   */
  kind: 'contains' | 'bracket';
  /** The interval reaches an end of the range and may go on beyond it. */
  beyondFrom: boolean;
  beyondTo: boolean;
}

export interface SearchOutcome {
  method: 'every candidate' | 'bisection';
  /** Every evaluated point, by value. */
  points: SearchPoint[];
  /** The estimate crosses (or meets) the target within the range. */
  reached: boolean;
  /** The tuned value: of the two values around the crossing, the one nearer the target; when the target is not reached, the value nearest it. */
  chosen: SearchPoint;
  /** The final bracket of the crossing: the estimate is on one side of the target at lo, on the other (or at it) at hi. */
  bracket: [number, number] | null;
  interval: TunedInterval | null;
  /** Every bracket in which the estimate crosses the target; more than one: not monotone in the range. */
  crossings: [number, number][];
  rounds: number;
  evaluations: number;
  /** Resolution of the search: 1 for integers, the tolerance for reals. */
  resolution: number;
  warnings: string[];
}

export class SearchError extends Error {}

/** Decimals that show a step of `tol` (two more than its first significant digit needs, at most 12). */
export function decimalsFor(tol: number): number {
  return Math.min(12, Math.max(0, Math.ceil(-Math.log10(tol)) + 2));
}

/** The first values to evaluate: every integer of a small range, else an even grid, ends included. */
export function firstGrid(spec: SearchSpec): number[] {
  const { from, to } = spec;
  if (spec.integer) {
    const count = to - from + 1;
    if (count <= (spec.allUpTo ?? 12)) return Array.from({ length: count }, (_, i) => from + i);
  }
  const g = Math.max(2, spec.gridPoints ?? 5);
  const d = decimalsFor(tolerance(spec));
  const xs = Array.from({ length: g }, (_, k) => {
    const x = from + (k * (to - from)) / (g - 1);
    return spec.integer ? Math.round(x) : round(x, d);
  });
  return [...new Set(xs)];
}

function tolerance(spec: SearchSpec): number {
  return spec.integer ? 1 : (spec.tolerance ?? (spec.to - spec.from) / 100);
}

const round = (x: number, d: number) => Number(x.toFixed(d));

const sign = (p: Estimate, target: number) => (p.value > target ? 1 : p.value < target ? -1 : 0);
const contains = (p: Estimate, target: number) => p.lo <= target && target <= p.hi;

interface Analysis {
  reached: boolean;
  crossings: [number, number][];
  /** Indices of the anchor: the first crossing (a < b, or a = b for an exact hit), or the point nearest the target. */
  a: number;
  b: number;
  /** The run of points whose interval contains the target around the anchor, or null. */
  run: { L: number; R: number } | null;
}

/** Where the target is crossed among sorted points, and the run of points consistent with it. */
function analyse(ps: readonly SearchPoint[], target: number): Analysis {
  const crossings: [number, number][] = [];
  const firstIdx: [number, number][] = [];
  for (let i = 0; i < ps.length; i++) {
    const s = sign(ps[i], target);
    if (s === 0) {
      crossings.push([ps[i].x, ps[i].x]);
      firstIdx.push([i, i]);
    } else if (i + 1 < ps.length && s * sign(ps[i + 1], target) < 0) {
      crossings.push([ps[i].x, ps[i + 1].x]);
      firstIdx.push([i, i + 1]);
    }
  }
  let a: number;
  let b: number;
  const reached = firstIdx.length > 0;
  if (reached) [a, b] = firstIdx[0];
  else {
    a = 0;
    for (let i = 1; i < ps.length; i++) if (Math.abs(ps[i].value - target) < Math.abs(ps[a].value - target)) a = i;
    b = a;
  }
  const C = (i: number) => contains(ps[i], target);
  const leftStart = C(a) ? a : C(b) ? b : -1;
  const rightStart = C(b) ? b : C(a) ? a : -1;
  let run: Analysis['run'] = null;
  if (leftStart >= 0) {
    let L = leftStart;
    while (L > 0 && C(L - 1)) L--;
    let R = rightStart;
    while (R + 1 < ps.length && C(R + 1)) R++;
    run = { L, R };
  }
  return { reached, crossings, a, b, run };
}

/** Run the search. `evaluate` is called once per round with the values to play. */
export async function tuneSearch(spec: SearchSpec, evaluate: Evaluate): Promise<SearchOutcome> {
  if (!(spec.to > spec.from)) throw new SearchError(`the range must go from a lower to a higher value, found ${spec.from}..${spec.to}`);
  if (spec.integer && !(Number.isInteger(spec.from) && Number.isInteger(spec.to))) throw new SearchError('an integer range needs whole-number ends');
  const tol = tolerance(spec);
  if (!(tol > 0)) throw new SearchError(`the tolerance must be above 0, found ${tol}`);
  const d = spec.integer ? 0 : decimalsFor(tol);
  const maxEvaluations = spec.maxEvaluations ?? 80;
  const points = new Map<number, SearchPoint>();
  const warnings: string[] = [];
  let rounds = 0;

  const run = async (xs: number[]) => {
    const fresh = [...new Set(xs)].filter((x) => !points.has(x)).sort((p, q) => p - q);
    if (fresh.length === 0) return;
    const est = await evaluate(fresh, rounds);
    if (est.length !== fresh.length) throw new Error(`internal: ${fresh.length} values evaluated into ${est.length} estimates`);
    fresh.forEach((x, i) => points.set(x, { x, round: rounds, ...est[i] }));
    rounds++;
  };
  const sorted = () => [...points.values()].sort((p, q) => p.x - q.x);
  const mid = (lo: number, hi: number) => (spec.integer ? Math.floor((lo + hi) / 2) : round((lo + hi) / 2, d));
  const wide = (lo: number, hi: number) => hi - lo > tol;

  const grid = firstGrid(spec);
  const everyCandidate = spec.integer && grid.length === spec.to - spec.from + 1;
  await run(grid);

  // Bisect the crossing and both ends of the run of consistent values until every bracket is narrow.
  for (;;) {
    const ps = sorted();
    const an = analyse(ps, spec.target);
    const want: number[] = [];
    if (an.reached && an.a !== an.b && wide(ps[an.a].x, ps[an.b].x)) want.push(mid(ps[an.a].x, ps[an.b].x));
    if (an.run) {
      const { L, R } = an.run;
      if (L > 0 && wide(ps[L - 1].x, ps[L].x)) want.push(mid(ps[L - 1].x, ps[L].x));
      if (R + 1 < ps.length && wide(ps[R].x, ps[R + 1].x)) want.push(mid(ps[R].x, ps[R + 1].x));
    }
    const fresh = [...new Set(want)].filter((x) => !points.has(x));
    if (fresh.length === 0) break;
    if (points.size + fresh.length > maxEvaluations) {
      warnings.push(`stopped after ${points.size} evaluations (the limit is ${maxEvaluations}); the brackets are wider than the tolerance`);
      break;
    }
    await run(fresh);
  }

  const ps = sorted();
  const an = analyse(ps, spec.target);
  const A = ps[an.a];
  const B = ps[an.b];
  // Of the two values around the crossing (at most the resolution apart), the one nearer the target.
  const chosen = Math.abs(B.value - spec.target) < Math.abs(A.value - spec.target) ? B : A;

  let interval: TunedInterval | null = null;
  if (an.run) {
    const { L, R } = an.run;
    // Integers: the candidates themselves; reals: halfway to the first value outside (within the tolerance).
    const lo = L === 0 || spec.integer ? ps[L].x : round((ps[L - 1].x + ps[L].x) / 2, d);
    const hi = R === ps.length - 1 || spec.integer ? ps[R].x : round((ps[R].x + ps[R + 1].x) / 2, d);
    interval = { lo, hi, kind: 'contains', beyondFrom: L === 0, beyondTo: R === ps.length - 1 };
  } else if (an.reached) {
    interval = { lo: A.x, hi: B.x, kind: 'bracket', beyondFrom: false, beyondTo: false };
  }
  // Crossings among values consistent with the target are the estimate wavering within its interval;
  // one beyond them is another root, which the user should know of.
  const near = an.run
    ? [ps[Math.max(0, an.run.L - 1)].x, ps[Math.min(ps.length - 1, an.run.R + 1)].x]
    : [A.x, B.x];
  const far = an.crossings.filter(([lo, hi]) => lo < near[0] || hi > near[1]);
  if (far.length) {
    const where = far.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}..${hi}`));
    warnings.push(`the estimate also crosses the target at ${where.join(', ')}: it is not monotone in the range; the crossing nearest the start of the range was tuned`);
  }
  if (ps.length > 1 && ps.every((p) => p.value === ps[0].value)) {
    warnings.push('every value tried gives the same estimate: the parameter may not change this metric in this scenario');
  }
  return {
    method: everyCandidate ? 'every candidate' : 'bisection',
    points: ps,
    reached: an.reached,
    chosen,
    bracket: an.reached ? [A.x, B.x] : null,
    interval,
    crossings: an.crossings,
    rounds,
    evaluations: ps.length,
    resolution: tol,
    warnings,
  };
}
