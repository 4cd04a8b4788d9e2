/**
 * The accumulator of one cell: everything results.json reports, as integer counts and histograms that
 * merge exactly (DESIGN.md, "Accumulators"). Plain JSON, so it crosses worker threads and checkpoints.
 */
import { RUNGS, UNIT_CLASSES, type EngagementResult } from '../core/result.js';
import type { EngagementShape } from '../core/ruleset.js';
import type { Vocabulary } from '../core/vocabulary.js';
import { addTo, mergeInto, type IntHistogram } from './histogram.js';
import { concatFigures, type EngagementFigures } from './pairedMetrics.js';

/** A figure too large for a histogram (men): its sum and sum of squares over the engagements. */
export interface Sums {
  sum: number;
  sumSq: number;
}

export interface SideAccumulator {
  startStrength: IntHistogram;
  strengthLost: IntHistogram;
  startMen: Sums;
  menLost: Sums;
  casualties: Sums;
  stepsLost: IntHistogram;
  unitsEliminated: IntHistogram;
  retreatsForced: IntHistogram;
  retreatsVoluntary: IntHistogram;
  routs: IntHistogram;
  disruptions: IntHistogram;
  /** Engagements in which at least one unit of the side retreated. */
  anyRetreat: number;
  /** Units that reached each rung of RUNGS or worse, summed over the engagements. */
  rungs: number[];
  moraleChecks: number;
  moraleChecksFailed: number;
  checksTaken: number[];
  checksFailed: number[];
  checksByRating: number[];
  failedByRating: number[];
  checksByClass: number[];
  failedByClass: number[];
  chargesDeclared: IntHistogram;
  chargesHome: IntHistogram;
  chargesWon: IntHistogram;
  squaresFormed: IntHistogram;
  /** Engagements in which the side's army broke, by turn (0: it did not). */
  armyBrokenTurn: IntHistogram;
  leadersLost: IntHistogram;
  /** Per turn (index 0 = turn 1): sum and sum of squares of the strength on the map at its end. */
  strengthByTurnSum: number[];
  strengthByTurnSumSq: number[];
  victoryPointsSum: number;
  victoryPointsSumSq: number;
  /**
   * Men lost as a share of the men at the start, engagement by engagement (so its interval holds when
   * the start varies). Absent from batches saved before it existed.
   */
  menLostShare?: Sums;
  /**
   * Strength lost to the fraction, engagement by engagement: the histogram rounds each to a whole, which
   * shifts the mean where a rule system counts parts (Age of Eagles' hits are parts of a figure).
   * Absent from batches saved before it existed.
   */
  strengthLostSums?: Sums;
  /**
   * The engagements the side won, by the minutes of fighting they lasted (rounded up to a whole
   * minute): how many it had won by any time, for comparing rule systems over a common time
   * (src/results/cross.ts). Absent from batches saved before it existed.
   */
  wonMinutes?: IntHistogram;
}

export interface FormationAccumulator {
  strengthLost: IntHistogram;
  unitsEliminated: IntHistogram;
  retreats: IntHistogram;
  /** Turn it broke; 0 counts the engagements in which it did not. */
  brokenTurn: IntHistogram;
}

export interface CellAccumulator {
  n: number;
  /** Winner counts: [side 0, side 1, draw]. */
  winners: [number, number, number];
  /** Counts by winner slot (0, 1, 2 = draw) and reason, key `${slot}:${reason}`. */
  outcomes: Record<string, number>;
  turns: IntHistogram;
  minutes: Sums;
  sides: [SideAccumulator, SideAccumulator];
  /** Per unit: [eliminated, retreated, checks failed] totals. */
  units: [number, number, number][];
  formations: FormationAccumulator[];
  /** Per objective: engagements it ended held by side 0, side 1, nobody. */
  objectives: [number, number, number][];
  /**
   * Engagements by who held every objective at the end, together: the key is objectiveEndKey of the
   * holders. The per-objective counts above cannot tell how often one side held all of them. Absent
   * from batches saved before it existed (then the counts here fall short of n).
   */
  objectiveEnds?: Record<string, number>;
  extras: Record<string, IntHistogram>;
  /** Engagements worth tracing (see tracePicks). */
  picks: TracePicks;
  /** With variants: each engagement's compared figures, in engagement order (src/stats/pairedMetrics.ts). */
  pairs?: EngagementFigures;
}

/** How many early engagements of each outcome are kept as candidates for "the most typical". */
export const PICK_CANDIDATES = 32;

/**
 * Engagements worth tracing, chosen so that merging batches in any order gives the same picks: per
 * outcome (winner slot and reason) the first PICK_CANDIDATES engagements with their figures, and the
 * extremes, ties to the lower index. Each candidate is [index, strength lost by side 0, by side 1, turns].
 */
export interface TracePicks {
  byOutcome: Record<string, [number, number, number, number][]>;
  /** [index, value] of the heaviest loss of each side, the longest and the shortest engagement. */
  maxLost0: [number, number];
  maxLost1: [number, number];
  longest: [number, number];
  shortest: [number, number];
}

function emptyPicks(): TracePicks {
  return { byOutcome: {}, maxLost0: [-1, -1], maxLost1: [-1, -1], longest: [-1, -1], shortest: [-1, 0] };
}

function better(a: [number, number], b: [number, number], larger: boolean): boolean {
  if (b[0] < 0) return false;
  if (a[0] < 0) return true;
  if (b[1] !== a[1]) return larger ? b[1] > a[1] : b[1] < a[1];
  return b[0] < a[0];
}

function addPick(p: TracePicks, key: string, index: number, r: EngagementResult): void {
  const list = (p.byOutcome[key] ??= []);
  if (list.length < PICK_CANDIDATES) list.push([index, r.sides[0].strengthLost, r.sides[1].strengthLost, r.turns]);
  if (better(p.maxLost0, [index, r.sides[0].strengthLost], true)) p.maxLost0 = [index, r.sides[0].strengthLost];
  if (better(p.maxLost1, [index, r.sides[1].strengthLost], true)) p.maxLost1 = [index, r.sides[1].strengthLost];
  if (better(p.longest, [index, r.turns], true)) p.longest = [index, r.turns];
  if (better(p.shortest, [index, r.turns], false)) p.shortest = [index, r.turns];
}

function mergePicks(into: TracePicks, from: TracePicks): void {
  for (const [k, list] of Object.entries(from.byOutcome)) {
    const merged = [...(into.byOutcome[k] ?? []), ...list].sort((a, b) => a[0] - b[0]).slice(0, PICK_CANDIDATES);
    into.byOutcome[k] = merged;
  }
  for (const key of ['maxLost0', 'maxLost1', 'longest'] as const) if (better(into[key], from[key], true)) into[key] = from[key];
  if (better(into.shortest, from.shortest, false)) into.shortest = from.shortest;
}

const sums = (): Sums => ({ sum: 0, sumSq: 0 });

function addSum(s: Sums, v: number): void {
  s.sum += v;
  s.sumSq += v * v;
}

function mergeSums(into: Sums, from: Sums): void {
  into.sum += from.sum;
  into.sumSq += from.sumSq;
}

function emptySideAcc(purposes: number, ratings: number): SideAccumulator {
  return {
    startStrength: [],
    strengthLost: [],
    startMen: sums(),
    menLost: sums(),
    casualties: sums(),
    stepsLost: [],
    unitsEliminated: [],
    retreatsForced: [],
    retreatsVoluntary: [],
    routs: [],
    disruptions: [],
    anyRetreat: 0,
    rungs: new Array(RUNGS.length).fill(0),
    moraleChecks: 0,
    moraleChecksFailed: 0,
    checksTaken: new Array(purposes).fill(0),
    checksFailed: new Array(purposes).fill(0),
    checksByRating: new Array(ratings).fill(0),
    failedByRating: new Array(ratings).fill(0),
    checksByClass: new Array(UNIT_CLASSES.length).fill(0),
    failedByClass: new Array(UNIT_CLASSES.length).fill(0),
    chargesDeclared: [],
    chargesHome: [],
    chargesWon: [],
    squaresFormed: [],
    armyBrokenTurn: [],
    leadersLost: [],
    strengthByTurnSum: [],
    strengthByTurnSumSq: [],
    victoryPointsSum: 0,
    victoryPointsSumSq: 0,
    menLostShare: sums(),
    strengthLostSums: sums(),
    wonMinutes: [],
  };
}

/** What a cell's accumulator is sized by: its units, formations and objectives, and its rule system's vocabulary. */
export interface AccSize {
  units: number;
  formations?: number;
  objectives?: number;
  /** The rule system's outcome reasons, check purposes and rating scale (src/core/vocabulary.ts). */
  reasons: readonly string[];
  purposes: number;
  ratings: number;
}

/** The size of a cell's accumulator from its engagement's shape and its rule system's vocabulary. */
export function accSize(shape: Pick<EngagementShape, 'units' | 'formations' | 'objectives'>, v: Pick<Vocabulary, 'outcomes' | 'checkPurposes' | 'ratings'>): AccSize {
  return {
    units: shape.units.length,
    formations: shape.formations.length,
    objectives: shape.objectives.length,
    reasons: v.outcomes.map((o) => o.id),
    purposes: v.checkPurposes.length,
    ratings: v.ratings.labels.length,
  };
}

export function emptyCellAcc(size: AccSize): CellAccumulator {
  const units: [number, number, number][] = [];
  for (let i = 0; i < size.units; i++) units.push([0, 0, 0]);
  const formations: FormationAccumulator[] = [];
  for (let i = 0; i < (size.formations ?? 0); i++) formations.push({ strengthLost: [], unitsEliminated: [], retreats: [], brokenTurn: [] });
  const objectives: [number, number, number][] = [];
  for (let i = 0; i < (size.objectives ?? 0); i++) objectives.push([0, 0, 0]);
  const outcomes: Record<string, number> = {};
  for (const slot of [0, 1, 2]) for (const r of size.reasons) outcomes[`${slot}:${r}`] = 0;
  const side = () => emptySideAcc(size.purposes, size.ratings);
  return { n: 0, winners: [0, 0, 0], outcomes, turns: [], minutes: sums(), sides: [side(), side()], units, formations, objectives, objectiveEnds: {}, extras: {}, picks: emptyPicks() };
}

/**
 * The holders of every objective at the end as one number: digit i in base 3 is objective i's holder
 * plus one (0 nobody, 1 side 0, 2 side 1). Exact for up to 33 objectives; 0 when there are none.
 */
export function objectiveEndKey(holders: readonly number[]): number {
  let key = 0;
  for (let i = holders.length - 1; i >= 0; i--) key = key * 3 + (holders[i] < 0 ? 0 : holders[i] + 1);
  return key;
}

/** The holders a key of objectiveEndKey stands for (-1: nobody). */
export function objectiveEndHolders(key: number, objectives: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < objectives; i++) {
    out.push((key % 3) - 1);
    key = Math.floor(key / 3);
  }
  return out;
}

/** The outcome keys `${slot}:${reason}`, made once per reason. */
const OUTCOME_KEYS: Map<string, string>[] = [new Map(), new Map(), new Map()];

function outcomeKey(slot: number, reason: string): string {
  let k = OUTCOME_KEYS[slot].get(reason);
  if (k === undefined) OUTCOME_KEYS[slot].set(reason, (k = `${slot}:${reason}`));
  return k;
}

/**
 * Add one engagement's result to a cell's accumulator. `order` finds the accumulator's histograms of
 * the result's extras by position (ExtrasOrder): one made for this accumulator and kept with it while
 * results are added (BatchRunner keeps one a batch); without it, each extra is looked up by its key.
 */
export function addResult(acc: CellAccumulator, r: EngagementResult, index = -1, order: ExtrasOrder = newExtrasOrder()): void {
  acc.n++;
  const slot = r.winner === null ? 2 : r.winner;
  acc.winners[slot]++;
  const key = outcomeKey(slot, r.reason);
  acc.outcomes[key] = (acc.outcomes[key] ?? 0) + 1;
  if (index >= 0) addPick(acc.picks, key, index, r);
  addTo(acc.turns, r.turns);
  addSum(acc.minutes, r.minutes);
  for (let s = 0; s < 2; s++) {
    const a = acc.sides[s];
    const x = r.sides[s];
    addTo(a.startStrength, x.startStrength);
    addTo(a.strengthLost, x.strengthLost);
    addSum(a.startMen, x.startMen);
    addSum(a.menLost, x.menLost);
    addSum(a.casualties, x.casualties);
    addTo(a.stepsLost, x.stepsLost);
    addTo(a.unitsEliminated, x.unitsEliminated);
    addTo(a.retreatsForced, x.retreatsForced);
    addTo(a.retreatsVoluntary, x.retreatsVoluntary);
    addTo(a.routs, x.routs);
    addTo(a.disruptions, x.disruptions);
    if (x.retreatsForced + x.retreatsVoluntary > 0) a.anyRetreat++;
    addInto(a.rungs, x.rungs);
    a.moraleChecks += x.moraleChecks;
    a.moraleChecksFailed += x.moraleChecksFailed;
    addInto(a.checksTaken, x.checksTaken);
    addInto(a.checksFailed, x.checksFailed);
    addInto(a.checksByRating, x.checksByRating);
    addInto(a.failedByRating, x.failedByRating);
    addInto(a.checksByClass, x.checksByClass);
    addInto(a.failedByClass, x.failedByClass);
    addTo(a.chargesDeclared, x.chargesDeclared);
    addTo(a.chargesHome, x.chargesHome);
    addTo(a.chargesWon, x.chargesWon);
    addTo(a.squaresFormed, x.squaresFormed);
    addTo(a.armyBrokenTurn, x.armyBrokenTurn);
    addTo(a.leadersLost, x.leadersLost);
    for (let t = 0; t < x.strengthByTurn.length; t++) {
      const v = x.strengthByTurn[t];
      a.strengthByTurnSum[t] = (a.strengthByTurnSum[t] ?? 0) + v;
      a.strengthByTurnSumSq[t] = (a.strengthByTurnSumSq[t] ?? 0) + v * v;
    }
    a.victoryPointsSum += x.victoryPoints;
    a.victoryPointsSumSq += x.victoryPoints * x.victoryPoints;
    if (a.menLostShare && x.startMen > 0) addSum(a.menLostShare, x.menLost / x.startMen);
    if (a.strengthLostSums) addSum(a.strengthLostSums, x.strengthLost);
    if (a.wonMinutes && r.winner === s) addTo(a.wonMinutes, Math.ceil(r.minutes));
  }
  for (let f = 0; f < r.formations.length; f++) {
    const x = r.formations[f];
    const a = acc.formations[f];
    addTo(a.strengthLost, x.strengthLost);
    addTo(a.unitsEliminated, x.unitsEliminated);
    addTo(a.retreats, x.retreats);
    addTo(a.brokenTurn, x.brokenTurn);
  }
  for (let o = 0; o < r.objectives.length; o++) acc.objectives[o][r.objectives[o] < 0 ? 2 : r.objectives[o]]++;
  if (acc.objectiveEnds) {
    const k = objectiveEndKey(r.objectives);
    acc.objectiveEnds[k] = (acc.objectiveEnds[k] ?? 0) + 1;
  }
  for (let u = 0; u < r.units.length; u++) {
    const x = r.units[u];
    const a = acc.units[u];
    if (x.eliminated) a[0]++;
    if (x.retreated) a[1]++;
    a[2] += x.checksFailed;
  }
  let i = 0;
  for (const k in r.extras) {
    // The histogram of the extra at this position when the result lists the same key there as the last one did.
    const h = order.keys[i] === k ? order.hists[i] : extrasSlot(acc, order, i, k);
    addTo(h, r.extras[k]);
    i++;
  }
}

/**
 * An accumulator's histograms of extras in the order the last result listed them. A rule system's
 * result keeps its extras in one order, engagement after engagement: addResult then finds each
 * histogram by position (comparing the key) instead of looking its key up in `acc.extras`. For one
 * accumulator only: `hists[i]` is always `acc.extras[keys[i]]` (histograms grow in place and are
 * never replaced).
 */
export interface ExtrasOrder {
  keys: string[];
  hists: IntHistogram[];
}

export const newExtrasOrder = (): ExtrasOrder => ({ keys: [], hists: [] });

/** The histogram of extra `k` (made empty if new), remembered at position i. */
function extrasSlot(acc: CellAccumulator, order: ExtrasOrder, i: number, k: string): IntHistogram {
  const h = (acc.extras[k] ??= []);
  order.keys[i] = k;
  order.hists[i] = h;
  return h;
}

/** Add `from` element by element into `into` (the same length). Most of a result's tallies are 0: those are not stored. */
function addInto(into: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i++) {
    const v = from[i];
    if (v !== 0) into[i] += v;
  }
}

const SIDE_HISTOGRAMS = [
  'startStrength',
  'strengthLost',
  'stepsLost',
  'unitsEliminated',
  'retreatsForced',
  'retreatsVoluntary',
  'routs',
  'disruptions',
  'chargesDeclared',
  'chargesHome',
  'chargesWon',
  'squaresFormed',
  'armyBrokenTurn',
  'leadersLost',
] as const;

function mergeSide(into: SideAccumulator, from: SideAccumulator): void {
  for (const k of SIDE_HISTOGRAMS) mergeInto(into[k], from[k]);
  for (const k of ['startMen', 'menLost', 'casualties'] as const) mergeSums(into[k], from[k]);
  into.anyRetreat += from.anyRetreat;
  into.moraleChecks += from.moraleChecks;
  into.moraleChecksFailed += from.moraleChecksFailed;
  for (const k of ['rungs', 'checksTaken', 'checksFailed', 'checksByRating', 'failedByRating', 'checksByClass', 'failedByClass'] as const) addInto(into[k], from[k]);
  for (let t = 0; t < from.strengthByTurnSum.length; t++) {
    into.strengthByTurnSum[t] = (into.strengthByTurnSum[t] ?? 0) + from.strengthByTurnSum[t];
    into.strengthByTurnSumSq[t] = (into.strengthByTurnSumSq[t] ?? 0) + from.strengthByTurnSumSq[t];
  }
  into.victoryPointsSum += from.victoryPointsSum;
  into.victoryPointsSumSq += from.victoryPointsSumSq;
  // A batch saved before the share existed has none: the merged sums then fall short, and are dropped.
  if (into.menLostShare && from.menLostShare) mergeSums(into.menLostShare, from.menLostShare);
  else delete into.menLostShare;
  if (into.strengthLostSums && from.strengthLostSums) mergeSums(into.strengthLostSums, from.strengthLostSums);
  else delete into.strengthLostSums;
  if (into.wonMinutes && from.wonMinutes) mergeInto(into.wonMinutes, from.wonMinutes);
  else delete into.wonMinutes;
}

/** Merge `from` into `into` exactly. */
export function mergeCellAcc(into: CellAccumulator, from: CellAccumulator): void {
  into.n += from.n;
  for (let i = 0; i < 3; i++) into.winners[i] += from.winners[i];
  for (const [k, v] of Object.entries(from.outcomes)) into.outcomes[k] = (into.outcomes[k] ?? 0) + v;
  mergeInto(into.turns, from.turns);
  mergeSums(into.minutes, from.minutes);
  mergeSide(into.sides[0], from.sides[0]);
  mergeSide(into.sides[1], from.sides[1]);
  for (let u = 0; u < into.units.length; u++) for (let i = 0; i < 3; i++) into.units[u][i] += from.units[u][i];
  for (let f = 0; f < into.formations.length; f++) {
    for (const k of ['strengthLost', 'unitsEliminated', 'retreats', 'brokenTurn'] as const) mergeInto(into.formations[f][k], from.formations[f][k]);
  }
  for (let o = 0; o < into.objectives.length; o++) for (let i = 0; i < 3; i++) into.objectives[o][i] += from.objectives[o][i];
  if (into.objectiveEnds && from.objectiveEnds) for (const [k, v] of Object.entries(from.objectiveEnds)) into.objectiveEnds[k] = (into.objectiveEnds[k] ?? 0) + v;
  else delete into.objectiveEnds;
  for (const [k, h] of Object.entries(from.extras)) mergeInto((into.extras[k] ??= []), h);
  mergePicks(into.picks, from.picks);
  // Batches of a cell merge in engagement order: their figures follow one another.
  if (from.pairs) {
    if (into.pairs) concatFigures(into.pairs, from.pairs);
    else into.pairs = structuredClone(from.pairs);
  }
}
