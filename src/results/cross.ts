/**
 * The results of a cross-system experiment (DESIGN.md, "Cross-system studies"): each rule system's
 * results whole (as a run of its own scenario would write them), and the figures that set the systems
 * side by side, in men and in hours, for every combination of the common factors, with a table of
 * where they agree within their intervals and where they part.
 */
import { createHash } from 'node:crypto';
import { holm, tTwoSidedP } from '../stats/comparison.js';
import { wonWithin } from '../stats/summary.js';
import { newcombeDifference, pooledProportionZ, wilson, zFor, type MeanInterval, type Proportion } from '../stats/intervals.js';
import { canonicalJson, type Results, type Timing } from './results.js';
import { VOLLEY_VERSION } from './version.js';
import { DICE_FORMAT } from '../core/dice.js';

export const CROSS_RESULTS_FORMAT = 'volley-cross-results/1';

/** A rate with its 95% interval. */
export interface Rate {
  value: number;
  lo: number;
  hi: number;
}

/** One side of one system's cell, in the common terms. */
export interface CrossSide {
  name: string;
  role: string;
  /** Men at the start (mean over engagements). */
  startMen: number;
  menLost: MeanInterval;
  casualties: MeanInterval;
  /** Killed and wounded as a share of the men at the start, per hour of fighting, in per cent. */
  casualtiesPerHour: Rate;
  /** The side that lost the larger share an hour (CDB90 compares it with the worse-hit side of battles). */
  hitHarder: boolean;
  /** Null where the rule system has no rout (Vocabulary.unmeasured). */
  routsPerEngagement: MeanInterval | null;
  /** Share of engagements in which the side's army (or command) broke; null where the scenario kind has no army to break (Results.unmeasured). */
  armyBroken: Proportion | null;
}

/** One rule system's figures in one combination of the common factors. */
export interface CrossCell {
  system: string;
  /** The cell's index in the run (for `volley trace --cell`). */
  cell: number;
  /** The common factors' values ('base' when none vary). */
  label: string;
  factors: Record<string, unknown>;
  engagements: number;
  /** The side with the role of attacker; null when neither side has it (then side 0 stands in). */
  attacker: 0 | 1 | null;
  /**
   * Share of engagements the attacker won, by its system's end conditions: it carried the position or
   * broke the defence (routed it, broke its army). Not the share in which it held what it attacked at
   * the end (SideSummary.carried): an attack that routs every defender wins without standing in the
   * objective. The field keeps its old name for the results already written.
   */
  carried: Proportion;
  /**
   * The attacker's share won within the comparison's common time (CrossComparison.commonMinutes: the
   * time every system's game lasts unless decided first), so that a system whose game runs longer is
   * not credited with the wins of its extra turns. Absent where there is no common time to compare
   * over (every system plays the same time) and from results without the wins by minute; null where
   * not one of the system's turns ends within the common time (an Age of Rifles turn of an hour against
   * a common time of 40 minutes): it has no wins to count yet, which is not 0%.
   */
  wonWithin?: Proportion | null;
  /** The minutes one of the system's turns stands for. */
  turnMinutes?: number;
  /** Share won by the other side ("defence won": not the share in which the defender held its objective at the end), and drawn. */
  held: Proportion;
  draw: Proportion;
  /** Hours of fighting played, and the share of engagements decided before the turn limit ran out. */
  hours: MeanInterval;
  decided: Proportion;
  sides: [CrossSide, CrossSide];
}

/** A figure compared across systems in one combination: each system's value, and the pairs that differ. */
export interface AgreementRow {
  figure: string;
  /** The figure's unit in words: "% of engagements", "% of the men an hour", "hours". */
  unit: string;
  /** Decimals the report shows. */
  digits: number;
  /** Whether the systems are tested against each other on it (men at the start are shown only). */
  compared: boolean;
  /** The side the figure is about, if any. */
  side?: 0 | 1;
  /** The combination of the common factors. */
  label: string;
  values: { system: string; value: number; lo: number; hi: number }[];
  /** Largest minus smallest estimate. */
  spread: number;
  /** Systems that have no such figure (Vocabulary.unmeasured), left out of `values`. */
  unmeasured?: string[];
  /** Why a system of `unmeasured` has no figure, where the system has the figure but not in this comparison ("no turn ends within 40 minutes"). */
  why?: Record<string, string>;
  /** Pairs whose difference is significant after Holm's correction over the row's pairs (5%). */
  differ: { a: string; b: string; difference: number; lo: number; hi: number; p: number }[];
}

export interface CrossComparison {
  /**
   * The common time, in minutes: the shortest of the times the systems' games always last unless
   * decided first (commonMinutes). Absent when every system plays the same time.
   */
  commonMinutes?: number;
  cells: CrossCell[];
  agreement: AgreementRow[];
  /** How the figures are computed, in words for the report. */
  method: string;
}

export interface CrossProvenance {
  volley: string;
  /** The dice scheme (Provenance.dice). */
  dice?: string;
  experiment: { file: string; name: string; title?: string; question?: string };
  seed: string | number;
  engagementsPerCell: number;
  batch: number;
  commonRandomNumbers: boolean;
  /** The common factors (the rule systems are the `system` factor). */
  factors: Record<string, unknown[]>;
  /**
   * Each system: its id, title and short name, its scenario file and its results' hash, and its time
   * limit (the scenario's turns, of the system's minutes a turn; absent from results written before it).
   */
  systems: { id: string; title: string; short: string; scenario: string; hash: string; timeLimit?: TimeLimit }[];
  /** sha256 of everything above but file names. */
  hash: string;
}

/** A system's time limit in the scenario it plays: the last turn, and what a turn stands for. */
export interface TimeLimit {
  turns: number;
  minutesPerTurn: number;
  /** The turns every game plays unless decided first, where the limit is rolled (NAGB: 7 of up to 9). */
  fewestTurns?: number;
  /** What a turn is called where it is not "turn" (an Age of Rifles assault is fought in rounds). */
  turnWord?: string;
}

/** "2 rounds of 60 minutes, 2 hours"; "7 to 9 turns of 10 minutes, 1.17 to 1.5 hours". */
export function timeLimitText(t: TimeLimit): string {
  const word = t.turnWord ?? 'turn';
  const hoursOfTurns = (turns: number) => Math.round((turns * t.minutesPerTurn * 100) / 60) / 100;
  const hours = hoursOfTurns(t.turns);
  const fewest = t.fewestTurns !== undefined && t.fewestTurns < t.turns ? t.fewestTurns : null;
  const turns = fewest === null ? String(t.turns) : `${fewest} to ${t.turns}`;
  const time = fewest === null ? String(hours) : `${hoursOfTurns(fewest)} to ${hours}`;
  return `${turns} ${word}${t.turns === 1 ? '' : 's'} of ${t.minutesPerTurn} minutes, ${time} hour${hours === 1 && fewest === null ? '' : 's'}`;
}

/** The minutes a game always lasts unless decided first (its fewest turns times its turn length). */
export const surelyMinutes = (t: TimeLimit): number => (t.fewestTurns ?? t.turns) * t.minutesPerTurn;

/** The minutes a game can last at most. */
export const mostMinutes = (t: TimeLimit): number => t.turns * t.minutesPerTurn;

/** A run's time limit, from its results. */
export const timeLimitOf = (r: Pick<Results, 'turns' | 'fewestTurns' | 'scale'>): TimeLimit => ({
  turns: r.turns,
  minutesPerTurn: r.scale.minutesPerTurn,
  ...(r.fewestTurns !== undefined ? { fewestTurns: r.fewestTurns } : {}),
  ...(r.scale.turnWord ? { turnWord: r.scale.turnWord } : {}),
});

/**
 * The common time of systems with these time limits, in minutes: the shortest time every one of them
 * always plays unless decided first; null when each game lasts the same fixed time, where the share won
 * within it is the share won.
 */
export function commonMinutes(limits: readonly TimeLimit[]): number | null {
  if (limits.length === 0) return null;
  const common = Math.min(...limits.map(surelyMinutes));
  return limits.some((t) => mostMinutes(t) > common) ? common : null;
}

/** The turns of a system's game that have ended by `minutes` of fighting, and the minutes they stand for. */
export function turnsWithin(t: TimeLimit, minutes: number): { turns: number; minutes: number } {
  const turns = Math.min(t.turns, Math.floor(minutes / t.minutesPerTurn + 1e-9));
  return { turns, minutes: turns * t.minutesPerTurn };
}

/**
 * What each system counts within the common time where its turns do not end on it: "Age of Rifles 1
 * round (60 minutes); Burt 4 turns (60 minutes)"; systems with no turn ended by then are left out (they
 * have no figure, and say so), and so are those whose turns end on it. Empty when every one does.
 */
export function countedWithin(systems: readonly { short: string; timeLimit?: TimeLimit }[], common: number): string {
  return systems
    .flatMap((s) => {
      if (!s.timeLimit) return [];
      const w = turnsWithin(s.timeLimit, common);
      if (w.turns === 0 || w.minutes >= common) return [];
      const word = s.timeLimit.turnWord ?? 'turn';
      return [`${s.short} ${w.turns} ${word}${w.turns === 1 ? '' : 's'} (${minutesText(w.minutes)})`];
    })
    .join('; ');
}

/** Why a system has no wins to count within the common time: its first turn ends after it. */
export function noTurnEnds(common: number, turnMinutes: number): string {
  return `no turn ends within ${minutesText(common)} (a turn is ${minutesText(turnMinutes)})`;
}

/** "70 minutes", "2 hours", "1 hour 30 minutes". */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes - 60 * h);
  if (h === 0 || (minutes < 120 && m !== 0)) return `${Math.round(minutes)} minutes`;
  return `${h} hour${h === 1 ? '' : 's'}${m ? ` ${m} minutes` : ''}`;
}

export interface CrossResults {
  format: typeof CROSS_RESULTS_FORMAT;
  provenance: CrossProvenance;
  /** Each rule system's results, as a run of its scenario with the common factors would write them. */
  systems: Results[];
  comparison: CrossComparison;
  timing?: Timing;
}

export const CROSS_METHOD =
  'Each rule system plays its own scenario of the common order of battle with its own dice. Attacks won: share of engagements the attacker won by its system\'s end conditions, carrying the position or breaking the defence, not only those it ended holding the objective (95% Wilson interval). ' +
  "Attacks won within the common time (where the systems' games last different times): the share won within the shortest time every system's game always lasts unless decided first (a system that rolls for its last turns, as NAGB does after its seventh, counts its fewest), each system counting the wins of its turns ended by then, so that a longer game is not credited with the wins of its extra turns. " +
  'Casualties per hour: the mean killed and wounded over the mean men at the start and the mean hours of fighting (the turns played times the system\'s turn length), in per cent; ' +
  'its interval is the casualties\' interval on the same scale (the hours taken as known). Decided: share of engagements that something other than the turn limit ended (a retreat, a rout, a broken army). ' +
  'Agreement: for every pair of systems, the difference of their estimates and a two-sided test (the systems\' dice are independent): for shares of engagements Newcombe\'s score interval (the two Wilson intervals combined) and the pooled two-proportion score statistic, ' +
  'for means a normal interval with the standard errors added in quadrature and Welch\'s statistic, both statistics against Student\'s t with n1 + n2 - 2 degrees of freedom; ' +
  "the p-values of one row's pairs form a family for Holm's correction; a pair differs when its corrected p-value is below 5%. Systems agree on a row when no pair differs.";

const hoursOf = (m: MeanInterval): MeanInterval => ({ mean: m.mean / 60, sd: m.sd / 60, lo: m.lo / 60, hi: m.hi / 60, n: m.n });

/**
 * The figures of one cell of one system's results; `common`, the comparison's common time in minutes
 * (commonMinutes), adds the attacker's share won within it.
 */
export function crossCell(r: Results, i: number, label: string, factors: Record<string, unknown>, common: number | null = null): CrossCell {
  const cell = r.cells[i];
  const s = cell.summary;
  const n = s.engagements;
  const roles = r.sides.map((x) => x.role);
  const found = roles.indexOf('attacker');
  const attacker: 0 | 1 | null = found === 0 || found === 1 ? found : null;
  const a: 0 | 1 = attacker ?? 0;
  const win = (side: 0 | 1) => s.outcome.find((o) => o.side === side) ?? wilson(0, n);
  const hours = hoursOf(s.minutes);
  const timeLimit = new Set(r.vocabulary.outcomes.filter((o) => o.timeLimit).map((o) => o.id));
  const decided = s.reasons.filter((x) => !timeLimit.has(x.reason)).reduce((k, x) => k + x.count, 0);
  // Figures these engagements have no such thing as (results written before Results.unmeasured: the system's own).
  const unmeasured = new Set<string>(r.unmeasured ?? r.vocabulary.unmeasured ?? []);
  const sides = s.sides.map((side): CrossSide => {
    const start = Math.max(1e-9, side.startMen.mean);
    const k = 100 / start / Math.max(1e-9, hours.mean);
    return {
      name: side.name,
      role: side.role,
      startMen: side.startMen.mean,
      menLost: side.menLost,
      casualties: side.casualties,
      casualtiesPerHour: { value: side.casualties.mean * k, lo: Math.max(0, side.casualties.lo * k), hi: side.casualties.hi * k },
      hitHarder: false,
      routsPerEngagement: unmeasured.has('routs') ? null : side.routs,
      armyBroken: unmeasured.has('armyBroken') ? null : side.armyBroken,
    };
  }) as unknown as [CrossSide, CrossSide];
  sides[sides[0].casualtiesPerHour.value >= sides[1].casualtiesPerHour.value ? 0 : 1].hitHarder = true;
  const turnMinutes = r.scale.minutesPerTurn;
  const within = common === null ? undefined : turnsWithin(timeLimitOf(r), common).turns === 0 ? null : (wonWithin(s.sides[a], n, common) ?? undefined);
  return {
    system: r.provenance.ruleset.id,
    cell: cell.index,
    label,
    factors,
    engagements: n,
    attacker,
    carried: win(a),
    ...(within === undefined ? {} : { wonWithin: within, turnMinutes }),
    held: win(a === 0 ? 1 : 0),
    draw: s.outcome.find((o) => o.side === null) ?? wilson(0, n),
    hours,
    decided: wilson(decided, n),
    sides,
  };
}

/** An estimate of a figure: its value, 95% interval, standard error and sample size. */
interface Estimate {
  value: number;
  lo: number;
  hi: number;
  se: number;
  n: number;
  /** A share of engagements: its count, for the difference of two shares (Newcombe's interval, a pooled test). */
  share?: Proportion;
}

/** A figure of a cross cell, as the side-by-side table shows it and the agreement test compares it. */
interface FigureDef {
  /** The figure in words; `{side}` stands for the side's role. */
  id: string;
  unit: string;
  /** Decimals shown. */
  digits: number;
  /** Null where the system has no such figure (Vocabulary.unmeasured): left out of the row. */
  get(c: CrossCell): Estimate | null;
  /** Why a cell has no figure, where it is not that the system has no such thing (AgreementRow.why). */
  why?(c: CrossCell, common: number | null): string | undefined;
  /** Shown only where the comparison has a common time (CrossComparison.commonMinutes); `{time}` in the id stands for it. */
  common?: boolean;
  /** Compared across systems (men at the start differ by each system's mapping of the order of battle: shown, not tested). */
  compare: boolean;
  /** The side the figure is about, if any. */
  side?: 0 | 1;
}

const z95 = zFor(0.95);
const fromProportion = (p: Proportion): Estimate => ({ value: 100 * p.p, lo: 100 * p.lo, hi: 100 * p.hi, se: 100 * Math.sqrt((p.p * (1 - p.p)) / Math.max(1, p.n)), n: p.n, share: p });
const fromMean = (m: MeanInterval): Estimate => ({ value: m.mean, lo: m.lo, hi: m.hi, se: m.sd / Math.sqrt(Math.max(1, m.n)), n: m.n });
/** A mean the system measures, or null where it has no such figure (Vocabulary.unmeasured). */
const measuredMean = (m: MeanInterval | null): Estimate | null => (m ? fromMean(m) : null);
/** A share the system measures, or null where it has no such figure (Results.unmeasured). */
const measuredShare = (p: Proportion | null): Estimate | null => (p ? fromProportion(p) : null);
const fromRate = (r: Rate, n: number): Estimate => ({ ...r, se: (r.hi - r.value) / z95, n });

const perSide = (make: (k: 0 | 1) => Omit<FigureDef, 'side'>): FigureDef[] => ([0, 1] as const).map((k) => ({ ...make(k), side: k }));

/** The figures of the side-by-side table, in its order. */
export const CROSS_FIGURES: readonly FigureDef[] = [
  { id: 'attacks won', unit: '% of engagements', digits: 1, compare: true, get: (c) => fromProportion(c.carried) },
  {
    id: 'attacks won within {time}',
    unit: '% of engagements',
    digits: 1,
    compare: true,
    common: true,
    get: (c) => (c.wonWithin ? fromProportion(c.wonWithin) : null),
    why: (c, common) => (c.wonWithin === null && common !== null ? noTurnEnds(common, c.turnMinutes ?? 0) : undefined),
  },
  { id: 'defence won', unit: '% of engagements', digits: 1, compare: true, get: (c) => fromProportion(c.held) },
  { id: 'drawn', unit: '% of engagements', digits: 1, compare: true, get: (c) => fromProportion(c.draw) },
  { id: 'hours of fighting', unit: 'hours', digits: 2, compare: true, get: (c) => fromMean(c.hours) },
  { id: 'decided before the turn limit', unit: '% of engagements', digits: 1, compare: true, get: (c) => fromProportion(c.decided) },
  ...perSide((k) => ({ id: 'men at the start, {side}', unit: 'men', digits: 0, compare: false, get: (c) => ({ value: c.sides[k].startMen, lo: c.sides[k].startMen, hi: c.sides[k].startMen, se: 0, n: c.engagements }) })),
  ...perSide((k) => ({ id: 'men lost, {side}', unit: 'men per engagement', digits: 0, compare: true, get: (c) => fromMean(c.sides[k].menLost) })),
  ...perSide((k) => ({ id: 'killed and wounded, {side}', unit: 'men per engagement', digits: 0, compare: true, get: (c) => fromMean(c.sides[k].casualties) })),
  ...perSide((k) => ({ id: 'casualties per hour, {side}', unit: '% of the men an hour', digits: 2, compare: true, get: (c) => fromRate(c.sides[k].casualtiesPerHour, c.engagements) })),
  ...perSide((k) => ({ id: 'routs, {side}', unit: 'units per engagement', digits: 2, compare: true, get: (c) => measuredMean(c.sides[k].routsPerEngagement) })),
  ...perSide((k) => ({ id: 'army broken, {side}', unit: '% of engagements', digits: 1, compare: true, get: (c) => measuredShare(c.sides[k].armyBroken) })),
];

/** The role of side k in these cells, as all of them have it (or "side 1", "side 2"). */
export function roleOf(cells: readonly CrossCell[], k: 0 | 1): string {
  const roles = [...new Set(cells.map((c) => c.sides[k].role))];
  return roles.length === 1 ? roles[0] : `side ${k + 1}`;
}

/**
 * y − x, with its 95% interval and the two-sided p-value of no difference (before Holm's correction).
 * Two shares of engagements: Newcombe's interval and the pooled score statistic, which keep their
 * width where a share is 0% or 100% (a normal interval there has none: 0 of 400 against 3 of 400
 * would differ "for certain"). Means: the normal interval, the standard errors in quadrature, and
 * Welch's statistic. Both statistics are read against Student's t with n₁ + n₂ − 2 degrees of freedom.
 */
function difference(x: Estimate & { system: string }, y: Estimate & { system: string }): AgreementRow['differ'][number] {
  const df = Math.max(1, x.n + y.n - 2);
  if (x.share && y.share && x.share.n > 0 && y.share.n > 0) {
    const nd = newcombeDifference(x.share, y.share);
    const p = tTwoSidedP(pooledProportionZ(x.share, y.share), df);
    return { a: x.system, b: y.system, difference: 100 * nd.difference, lo: 100 * nd.lo, hi: 100 * nd.hi, p };
  }
  const d = y.value - x.value;
  const se = Math.sqrt(x.se ** 2 + y.se ** 2);
  const p = se > 0 ? tTwoSidedP(d / se, df) : d === 0 ? 1 : 0;
  return { a: x.system, b: y.system, difference: d, lo: d - z95 * se, hi: d + z95 * se, p };
}

/**
 * The side-by-side rows of one combination of the common factors: every figure across the systems,
 * tested pair by pair; the figures over a common time only where there is one (`common`, in minutes).
 */
export function agreementRows(cells: readonly CrossCell[], common: number | null = null): AgreementRow[] {
  return CROSS_FIGURES.filter((f) => !f.common || common !== null).map((f) => {
    const values = cells.flatMap((c) => {
      const e = f.get(c);
      return e ? [{ system: c.system, ...e }] : [];
    });
    const pairs: AgreementRow['differ'] = [];
    for (let i = 0; f.compare && i < values.length; i++) {
      for (let j = i + 1; j < values.length; j++) {
        pairs.push(difference(values[i], values[j]));
      }
    }
    const adjusted = holm(pairs.map((p) => p.p));
    const differ = pairs.map((p, k) => ({ ...p, p: adjusted[k] ?? 1 })).filter((p) => p.p < 0.05);
    const vs = values.map((v) => v.value);
    const id = common === null ? f.id : f.id.replace('{time}', minutesText(common));
    const absent = cells.filter((c) => !values.some((v) => v.system === c.system));
    const why: Record<string, string> = {};
    for (const c of absent) {
      const w = f.why?.(c, common);
      if (w) why[c.system] = w;
    }
    return {
      figure: f.side === undefined ? id : id.replace('{side}', roleOf(cells, f.side)),
      unit: f.unit,
      digits: f.digits,
      compared: f.compare,
      ...(f.side === undefined ? {} : { side: f.side }),
      label: cells[0]?.label ?? 'base',
      values: values.map(({ system, value, lo, hi }) => ({ system, value, lo, hi })),
      ...(absent.length ? { unmeasured: absent.map((c) => c.system) } : {}),
      ...(Object.keys(why).length ? { why } : {}),
      spread: vs.length ? Math.max(...vs) - Math.min(...vs) : 0,
      differ: differ.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference)),
    };
  });
}

/** The common factors of a cell as its label in the side-by-side tables. */
export function commonLabel(factors: Record<string, unknown>): string {
  const parts = Object.entries(factors).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? parts.join(', ') : 'base';
}

/**
 * The cross-system comparison of the systems' results (each with its cells in the same order of the
 * common factors' combinations).
 */
export function crossComparison(systems: readonly Results[], systemFactor: string): CrossComparison {
  const time = commonMinutes(systems.map(timeLimitOf));
  const cells = systems.flatMap((r) =>
    r.cells.map((c, i) => {
      const common = Object.fromEntries(Object.entries(c.factors).filter(([k]) => k !== systemFactor));
      return crossCell(r, i, commonLabel(common), common, time);
    }),
  );
  const labels = [...new Set(cells.map((c) => c.label))];
  const agreement = labels.flatMap((l) => agreementRows(cells.filter((c) => c.label === l), time));
  return { ...(time === null ? {} : { commonMinutes: time }), cells, agreement, method: CROSS_METHOD };
}

export interface CrossInput {
  systems: Results[];
  /** Each system's short name, by id. */
  shortNames: Record<string, string>;
  experiment: CrossProvenance['experiment'];
  factors: Record<string, unknown[]>;
  systemFactor: string;
}

/** The cross-system results from each system's results. */
export function buildCrossResults(inp: CrossInput): CrossResults {
  const first = inp.systems[0].provenance;
  const fixed = {
    volley: VOLLEY_VERSION,
    dice: DICE_FORMAT,
    seed: first.seed,
    engagementsPerCell: Math.max(...inp.systems.map((r) => r.provenance.engagementsPerCell)),
    batch: first.batch,
    commonRandomNumbers: first.commonRandomNumbers,
    factors: inp.factors,
    systems: inp.systems.map((r) => ({ id: r.provenance.ruleset.id, hash: r.provenance.hash })),
  };
  const provenance: CrossProvenance = {
    ...fixed,
    experiment: inp.experiment,
    systems: inp.systems.map((r) => {
      const { id, title } = r.provenance.ruleset;
      const timeLimit = timeLimitOf(r);
      return { id, title, short: inp.shortNames[id] ?? title, scenario: r.provenance.scenario.file, hash: r.provenance.hash, timeLimit };
    }),
    hash: createHash('sha256').update(canonicalJson(fixed)).digest('hex'),
  };
  return { format: CROSS_RESULTS_FORMAT, provenance, systems: inp.systems, comparison: crossComparison(inp.systems, inp.systemFactor) };
}

/** Whether results.json holds a cross-system run. */
export const isCross = (r: Results | CrossResults): r is CrossResults => r.format === CROSS_RESULTS_FORMAT;
