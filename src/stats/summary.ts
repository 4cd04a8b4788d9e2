/**
 * From a merged cell accumulator to the figures results.json reports: shares with Wilson intervals,
 * means with intervals, and the histograms behind them.
 */
import { RUNGS, UNIT_CLASSES } from '../core/result.js';
import type { Vocabulary } from '../core/vocabulary.js';
import { objectiveEndHolders, type CellAccumulator, type SideAccumulator, type Sums } from './cellAccumulator.js';
import { summarize, type HistogramSummary, type IntHistogram } from './histogram.js';
import type { EngagementShape } from '../core/ruleset.js';
import { meanInterval, wilson, type MeanInterval, type Proportion } from './intervals.js';
import { counted } from '../core/words.js';

export interface OutcomeShare extends Proportion {
  /** Side index, or null for a draw. */
  side: 0 | 1 | null;
  winner: string;
}

export interface ReasonShare extends OutcomeShare {
  reason: string;
}

/** Counted checks made against one rating of the rule system's scale (vocabulary.ratings). */
export interface RatingRow extends Proportion {
  /** Index on the scale, and its label. */
  index: number;
  rating: string;
  taken: number;
  failed: number;
}

/** Checks for one purpose the rule system declares, counted or not. */
export interface PurposeRow extends Proportion {
  purpose: string;
  counted: boolean;
  taken: number;
  failed: number;
  /** Per engagement. */
  perEngagement: number;
}

/** Units of the side that reached a rung of the cohesion ladder or a worse one, per engagement. */
export interface RungRow {
  rung: string;
  perEngagement: number;
  /** Of the side's units (the good rung's count). */
  share: number;
}

export interface ClassRow extends Proportion {
  unitClass: string;
  taken: number;
  failed: number;
}

export interface SideSummary {
  name: string;
  role: string;
  startStrength: HistogramSummary;
  strengthLost: HistogramSummary;
  /** Strength lost as a share of the starting strength, mean over engagements. */
  strengthLostShare: number;
  /** Men at the start, lost (every man who left the ranks), and of them killed and wounded. */
  startMen: MeanInterval;
  menLost: MeanInterval;
  casualties: MeanInterval;
  /** Men lost as a share of the men at the start, mean over engagements. */
  menLostShare: number;
  /**
   * The same share engagement by engagement, with its 95% interval (its mean equals menLostShare when
   * the men at the start do not vary). Absent from results written before it existed.
   */
  menLostFraction?: MeanInterval;
  /**
   * For a side whose role is attacker: the share of engagements in which it held, at the end, every
   * objective it did not hold at the start (it carried everything it attacked). Absent for other
   * sides, when it had no objective to take, and in results written before it existed.
   */
  carried?: Proportion;
  stepsLost: HistogramSummary;
  unitsEliminated: HistogramSummary;
  retreatsForced: HistogramSummary;
  retreatsVoluntary: HistogramSummary;
  routs: HistogramSummary;
  /** Share of engagements in which at least one unit of the side retreated. */
  retreatRate: Proportion;
  disruptions: HistogramSummary;
  /** The cohesion ladder below good: units that reached each rung or worse. */
  rungs: RungRow[];
  moraleChecks: { taken: number; failed: number; failRate: Proportion; perEngagement: number };
  byPurpose: PurposeRow[];
  byRating: RatingRow[];
  byClass: ClassRow[];
  chargesDeclared: HistogramSummary;
  chargesHome: HistogramSummary;
  chargesWon: HistogramSummary;
  squaresFormed: HistogramSummary;
  armyBroken: Proportion;
  /** Share of engagements in which the army broke by the end of each turn (cumulative). */
  armyBrokenByTurn: TurnShare[];
  leadersLost: HistogramSummary;
  /** Mean strength on the map at the end of each turn, with its 95% interval. */
  strengthByTurn: { turn: number; mean: number; lo: number; hi: number }[];
  victoryPoints: MeanInterval;
  /**
   * The engagements the side won, by the minutes of fighting they lasted: [minutes, count] pairs in
   * increasing minutes (wonWithin reads the share won by any time). Absent from results written
   * before it existed.
   */
  wonByMinute?: [number, number][];
}

export interface TurnShare extends Proportion {
  turn: number;
}

export interface FormationSummary {
  id: string;
  name: string;
  side: 0 | 1;
  strengthLost: HistogramSummary;
  unitsEliminated: HistogramSummary;
  retreats: HistogramSummary;
  broken: Proportion;
  /** Cumulative share broken by the end of each turn. */
  brokenByTurn: TurnShare[];
}

export interface ObjectiveSummary {
  name: string;
  vp: number;
  /** Share of engagements it ended held by side 0, side 1, nobody. */
  heldBy: [Proportion, Proportion, Proportion];
}

export interface UnitSummary {
  id: string;
  side: 0 | 1;
  eliminated: Proportion;
  retreated: Proportion;
  checksFailedPerEngagement: number;
}

/** An engagement worth tracing, and why. */
export interface TracePick {
  engagement: number;
  why: string;
}

export interface CellSummary {
  engagements: number;
  outcome: OutcomeShare[];
  reasons: ReasonShare[];
  turns: HistogramSummary;
  /** Minutes of fighting the turns played stand for (the rule system's scale). */
  minutes: MeanInterval;
  sides: [SideSummary, SideSummary];
  units: UnitSummary[];
  formations: FormationSummary[];
  objectives: ObjectiveSummary[];
  extras: Record<string, HistogramSummary>;
  /** Engagements worth tracing: the most typical of each outcome, and the extremes. */
  traceThese: TracePick[];
}

/**
 * The most typical engagement of each outcome (among its first candidates, the one whose losses on
 * both sides are nearest the cell's means, measured in standard deviations), then the extremes. An
 * engagement picked twice is listed once, with both reasons.
 */
export function tracePicks(acc: CellAccumulator, sides: readonly [SideSummary, SideSummary], winnerName: (slot: number) => string, reasonName: (reason: string) => string = (r) => r, turnWord = 'turn'): TracePick[] {
  const out: TracePick[] = [];
  const add = (engagement: number, why: string) => {
    if (engagement < 0) return;
    const listed = out.find((p) => p.engagement === engagement);
    if (listed) listed.why += `; ${why}`;
    else out.push({ engagement, why });
  };
  const [m0, m1] = [sides[0].strengthLost, sides[1].strengthLost];
  const z = (v: number, m: { mean: number; sd: number }) => (m.sd > 0 ? (v - m.mean) / m.sd : v - m.mean);
  const keys = Object.keys(acc.picks.byOutcome).sort((a, b) => (acc.outcomes[b] ?? 0) - (acc.outcomes[a] ?? 0) || a.localeCompare(b));
  for (const key of keys) {
    const list = acc.picks.byOutcome[key];
    let best = list[0];
    let bestD = Infinity;
    for (const c of list) {
      const d = z(c[1], m0) ** 2 + z(c[2], m1) ** 2;
      if (d < bestD) (bestD = d), (best = c);
    }
    const [slot, reason] = key.split(':');
    add(best[0], `typical ${slot === '2' ? 'draw' : `${winnerName(Number(slot))} win`} (${reasonName(reason)})`);
  }
  add(acc.picks.maxLost0[0], `heaviest loss of ${sides[0].name} (${acc.picks.maxLost0[1]} strength)`);
  add(acc.picks.maxLost1[0], `heaviest loss of ${sides[1].name} (${acc.picks.maxLost1[1]} strength)`);
  add(acc.picks.longest[0], `longest (${counted(acc.picks.longest[1], turnWord)})`);
  add(acc.picks.shortest[0], `shortest (${counted(acc.picks.shortest[1], turnWord)})`);
  return out;
}

/** Cumulative incidence by turn from a histogram of the turn something happened (0 = never). */
export function cumulativeByTurn(h: IntHistogram, n: number, turns: number): TurnShare[] {
  const out: TurnShare[] = [];
  let k = 0;
  for (let t = 1; t <= turns; t++) {
    k += h[t] ?? 0;
    out.push({ turn: t, ...wilson(k, n) });
  }
  return out;
}

const meanOf = (s: Sums, n: number): MeanInterval => meanInterval(n, s.sum, s.sumSq);

/**
 * Strength lost: the histogram's figures, but the mean and its interval from the exact sums when the
 * engagements lost parts of a unit of strength (the histogram holds each rounded to a whole); where
 * every engagement lost a whole number the two agree to the bit and the histogram's stand.
 */
function strengthLostSummary(a: SideAccumulator, n: number): HistogramSummary {
  const h = summarize(a.strengthLost);
  const s = a.strengthLostSums;
  if (!s) return h;
  let whole = 0;
  for (let v = 0; v < a.strengthLost.length; v++) whole += v * a.strengthLost[v];
  if (s.sum === whole) return h;
  const m = meanOf(s, n);
  return { ...h, mean: m.mean, sd: m.sd, lo: m.lo, hi: m.hi };
}

function sideSummary(a: SideAccumulator, n: number, name: string, role: string, turns: number, v: Pick<Vocabulary, 'checkPurposes' | 'ratings'>): SideSummary {
  const start = summarize(a.startStrength);
  const lost = strengthLostSummary(a, n);
  const startMen = meanOf(a.startMen, n);
  const menLost = meanOf(a.menLost, n);
  const byRating: RatingRow[] = [];
  for (let m = 0; m < a.checksByRating.length; m++) {
    if (a.checksByRating[m] === 0) continue;
    byRating.push({ index: m, rating: v.ratings.labels[m] ?? String(m), taken: a.checksByRating[m], failed: a.failedByRating[m], ...wilson(a.failedByRating[m], a.checksByRating[m]) });
  }
  const byPurpose: PurposeRow[] = v.checkPurposes.flatMap((p, i) =>
    a.checksTaken[i] ? [{ purpose: p.id, counted: p.counted, taken: a.checksTaken[i], failed: a.checksFailed[i], perEngagement: n ? a.checksTaken[i] / n : 0, ...wilson(a.checksFailed[i], a.checksTaken[i]) }] : [],
  );
  const byClass: ClassRow[] = UNIT_CLASSES.flatMap((c, i) =>
    a.checksByClass[i] === 0 ? [] : [{ unitClass: c, taken: a.checksByClass[i], failed: a.failedByClass[i], ...wilson(a.failedByClass[i], a.checksByClass[i]) }],
  );
  const broken = a.armyBrokenTurn.reduce((s, c, turn) => (turn > 0 ? s + c : s), 0);
  const units = a.rungs[0];
  return {
    name,
    role,
    startStrength: start,
    strengthLost: lost,
    strengthLostShare: start.mean > 0 ? lost.mean / start.mean : 0,
    startMen,
    menLost,
    casualties: meanOf(a.casualties, n),
    menLostShare: startMen.mean > 0 ? menLost.mean / startMen.mean : 0,
    ...(a.menLostShare ? { menLostFraction: meanOf(a.menLostShare, n) } : {}),
    stepsLost: summarize(a.stepsLost),
    unitsEliminated: summarize(a.unitsEliminated),
    retreatsForced: summarize(a.retreatsForced),
    retreatsVoluntary: summarize(a.retreatsVoluntary),
    routs: summarize(a.routs),
    retreatRate: wilson(a.anyRetreat, n),
    disruptions: summarize(a.disruptions),
    rungs: RUNGS.slice(1).map((rung, k) => ({ rung, perEngagement: n ? a.rungs[k + 1] / n : 0, share: units ? a.rungs[k + 1] / units : 0 })),
    moraleChecks: {
      taken: a.moraleChecks,
      failed: a.moraleChecksFailed,
      failRate: wilson(a.moraleChecksFailed, a.moraleChecks),
      perEngagement: n ? a.moraleChecks / n : 0,
    },
    byPurpose,
    byRating,
    byClass,
    chargesDeclared: summarize(a.chargesDeclared),
    chargesHome: summarize(a.chargesHome),
    chargesWon: summarize(a.chargesWon),
    squaresFormed: summarize(a.squaresFormed),
    armyBroken: wilson(broken, n),
    armyBrokenByTurn: cumulativeByTurn(a.armyBrokenTurn, n, turns),
    leadersLost: summarize(a.leadersLost),
    strengthByTurn: a.strengthByTurnSum.map((sum, t) => {
      const m = meanInterval(n, sum, a.strengthByTurnSumSq[t]);
      return { turn: t + 1, mean: m.mean, lo: m.lo, hi: m.hi };
    }),
    victoryPoints: meanInterval(n, a.victoryPointsSum, a.victoryPointsSumSq),
    ...(a.wonMinutes ? { wonByMinute: countsOf(a.wonMinutes) } : {}),
  };
}

/** A histogram's [value, count] pairs where the count is not 0. */
function countsOf(h: IntHistogram): [number, number][] {
  const out: [number, number][] = [];
  for (let v = 0; v < h.length; v++) if (h[v] > 0) out.push([v, h[v]]);
  return out;
}

/**
 * The share of `n` engagements a side won within `minutes` of fighting (SideSummary.wonByMinute), or
 * null where the results do not have it.
 */
export function wonWithin(side: Pick<SideSummary, 'wonByMinute'>, n: number, minutes: number): Proportion | null {
  if (!side.wonByMinute) return null;
  let k = 0;
  for (const [m, c] of side.wonByMinute) if (m <= minutes) k += c;
  return wilson(k, n);
}

/**
 * Engagements in which `side` held at the end every objective it did not hold at the start (held by
 * the enemy or by nobody; `startHolders[i]` undefined, a holder the rule system finds only in play,
 * counts as not its own: meant for an attacker), or null when it had none to take or the cell's
 * counts of who held what together do not cover every engagement.
 */
export function carriedBy(acc: Pick<CellAccumulator, 'n' | 'objectiveEnds'>, startHolders: readonly (number | undefined)[], side: 0 | 1): Proportion | null {
  const attacked = startHolders.flatMap((h, i) => (h === side ? [] : [i]));
  if (attacked.length === 0 || !acc.objectiveEnds) return null;
  let counted = 0;
  let k = 0;
  for (const [key, v] of Object.entries(acc.objectiveEnds)) {
    counted += v;
    const held = objectiveEndHolders(Number(key), startHolders.length);
    if (attacked.every((i) => held[i] === side)) k += v;
  }
  return counted === acc.n ? wilson(k, acc.n) : null;
}

export function summarizeCell(acc: CellAccumulator, shape: EngagementShape, vocabulary: Vocabulary): CellSummary {
  const summary = summarizeCellFigures(acc, shape, vocabulary);
  // The reason in the rule system's words ("army demoralized"), not its identifier.
  const reasonName = (id: string) => vocabulary.outcomes.find((o) => o.id === id)?.label ?? id;
  summary.traceThese = tracePicks(acc, summary.sides, (slot) => shape.sides[slot].name, reasonName, shape.scale?.turnWord);
  return summary;
}

function summarizeCellFigures(acc: CellAccumulator, shape: EngagementShape, vocabulary: Vocabulary): CellSummary {
  const n = acc.n;
  const sideNames = shape.sides.map((s) => s.name);
  const winnerName = (slot: number) => (slot === 2 ? 'draw' : sideNames[slot]);
  const sideOf = (slot: number) => (slot === 2 ? null : (slot as 0 | 1));
  const outcome = [0, 1, 2].map((slot) => ({ side: sideOf(slot), winner: winnerName(slot), ...wilson(acc.winners[slot], n) }));
  const reasons: ReasonShare[] = [];
  for (const slot of [0, 1, 2]) {
    for (const reason of vocabulary.outcomes.map((o) => o.id)) {
      const k = acc.outcomes[`${slot}:${reason}`] ?? 0;
      if (k > 0) reasons.push({ side: sideOf(slot), winner: winnerName(slot), reason, ...wilson(k, n) });
    }
  }
  const sides: [SideSummary, SideSummary] = [
    sideSummary(acc.sides[0], n, shape.sides[0].name, shape.sides[0].role, shape.turns, vocabulary),
    sideSummary(acc.sides[1], n, shape.sides[1].name, shape.sides[1].role, shape.turns, vocabulary),
  ];
  for (const k of [0, 1] as const) {
    if (shape.sides[k].role !== 'attacker') continue;
    const carried = carriedBy(acc, shape.objectives.map((o) => o.holder), k);
    if (carried) sides[k].carried = carried;
  }
  return {
    engagements: n,
    outcome,
    reasons,
    turns: summarize(acc.turns),
    minutes: meanOf(acc.minutes, n),
    sides,
    units: shape.units.map((u, i) => ({
      id: u.id,
      side: u.side,
      eliminated: wilson(acc.units[i][0], n),
      retreated: wilson(acc.units[i][1], n),
      checksFailedPerEngagement: n ? acc.units[i][2] / n : 0,
    })),
    formations: shape.formations.map((f, i) => {
      const a = acc.formations[i];
      const never = a.brokenTurn[0] ?? 0;
      return {
        id: f.id,
        name: f.name,
        side: f.side,
        strengthLost: summarize(a.strengthLost),
        unitsEliminated: summarize(a.unitsEliminated),
        retreats: summarize(a.retreats),
        broken: wilson(n - never, n),
        brokenByTurn: cumulativeByTurn(a.brokenTurn, n, shape.turns),
      };
    }),
    objectives: shape.objectives.map((o, i) => ({
      name: o.name,
      vp: o.vp,
      heldBy: [wilson(acc.objectives[i][0], n), wilson(acc.objectives[i][1], n), wilson(acc.objectives[i][2], n)],
    })),
    extras: Object.fromEntries(Object.entries(acc.extras).sort(([a], [b]) => a.localeCompare(b)).map(([k, h]) => [k, summarize(h)])),
    traceThese: [],
  };
}
