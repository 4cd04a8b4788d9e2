/**
 * Metric paths: one named figure of a cell's summary, as `volley tune` aims it at a target.
 *
 *   winner[S]                          share of engagements side S won (S: name, 0, 1, attacker,
 *                                      defender); winner[draw]: drawn
 *   ended[R]                           share that ended for reason R (one the rule system declares:
 *                                      retreat, time, carried, ...), whoever won
 *   turns                              turns played (mean)
 *   side[S].retreatRate                share in which at least one unit of S retreated
 *   side[S].strengthLost ...           means per engagement: strengthLost, menLost, casualties, stepsLost,
 *                                      unitsEliminated, retreatsForced, retreatsVoluntary, routs,
 *                                      disruptions, leadersLost
 *   side[S].armyBroken                 share in which the army broke (was demoralized)
 *   side[S].armyBrokenByTurn[T]        ... by the end of turn T
 *   side[S].strengthByTurn[T]          mean strength on the map at the end of turn T, an engagement that
 *                                      ended early at the strength it ended with
 *                                      (these three: every engagement but an AoR map-free assault)
 *   side[S].victoryPoints              with formations: mean victory points
 *   formation[F].broken                with formations: share in which formation F (id, name or index) broke
 *   formation[F].brokenByTurn[T]       with formations: ... by the end of turn T
 * The words of Age of Rifles work as well: armyDemoralized, armyDemoralizedByTurn, demoralized and
 * demoralizedByTurn are armyBroken, armyBrokenByTurn, broken and brokenByTurn.
 *   formation[F].strengthLost | unitsEliminated | retreats   with formations: means
 *   objective[O].heldBy[S]             with objectives: share ending with objective O (name or index)
 *                                      held by S, or by nobody (heldBy[nobody])
 *   unit[U].eliminated | retreated     share in which unit U (id) was eliminated, retreated
 *
 * Every metric is a mean over engagements (a share is the mean of a 0/1), so its 95% interval says how
 * well the engagements pin it down. Rates over morale checks are left out: checks within an engagement
 * are not independent, and their Wilson interval would be too narrow to tune against.
 */
import type { SideIndex } from '../core/result.js';
import type { EngagementShape } from '../core/ruleset.js';
import type { HistogramSummary } from './histogram.js';
import { wilson, zFor, type Proportion } from './intervals.js';
import type { CellSummary } from './summary.js';
import { VOLLEY_COMMAND } from '../core/command.js';

export type MetricKind = 'share' | 'mean';

/** A metric's estimate in one cell: value, 95% interval, standard error, engagements. */
export interface Estimate {
  value: number;
  lo: number;
  hi: number;
  se: number;
  n: number;
}

export interface Metric {
  /** The path in canonical form (selectors as ids or names as the battle gives them). */
  path: string;
  kind: MetricKind;
  /** Plain words: "Foy's division demoralized by the end of turn 8". */
  words: string;
  /** The estimate in a cell's summary; null when the summary does not have it. */
  read: (s: CellSummary) => Estimate | null;
}

/** A metric path that cannot be read; `suggestions` are the nearest known metrics. */
export class MetricError extends Error {
  constructor(
    message: string,
    readonly suggestions: string[] = [],
  ) {
    super(suggestions.length ? `${message}; did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?` : message);
    this.name = 'MetricError';
  }
}

const Z95 = zFor(0.95);

function fromShare(p: Proportion): Estimate {
  return { value: p.p, lo: p.lo, hi: p.hi, se: p.n > 0 ? Math.sqrt((p.p * (1 - p.p)) / p.n) : 0, n: p.n };
}

function fromMean(h: Pick<HistogramSummary, 'mean' | 'lo' | 'hi'>, n: number): Estimate {
  return { value: h.mean, lo: h.lo, hi: h.hi, se: (h.hi - h.lo) / (2 * Z95), n };
}

const SIDE_SHARES = ['retreatRate'] as const;
const SIDE_MEANS = ['strengthLost', 'menLost', 'casualties', 'stepsLost', 'unitsEliminated', 'retreatsForced', 'retreatsVoluntary', 'routs', 'disruptions', 'leadersLost'] as const;
const SIDE_BY_TURN = ['armyBrokenByTurn', 'strengthByTurn'] as const;

/** The words of Age of Rifles for the common vocabulary's broken formations and armies. */
const ALIASES: Readonly<Record<string, string>> = { armyDemoralized: 'armyBroken', armyDemoralizedByTurn: 'armyBrokenByTurn', demoralized: 'broken', demoralizedByTurn: 'brokenByTurn' };
const FORMATION_MEANS = ['strengthLost', 'unitsEliminated', 'retreats'] as const;

const SIDE_WORDS: Record<string, string> = {
  retreatRate: 'had a unit retreat',
  strengthLost: 'strength lost',
  menLost: 'men lost',
  casualties: 'casualties (killed and wounded)',
  stepsLost: 'steps lost',
  unitsEliminated: 'units eliminated',
  retreatsForced: 'forced retreats',
  retreatsVoluntary: 'voluntary retreats',
  routs: 'routs',
  disruptions: 'disruptions',
  leadersLost: 'leaders lost',
  armyBroken: 'army broken',
  victoryPoints: 'victory points',
  armyBrokenByTurn: 'army broken by the end of turn',
  strengthByTurn: 'strength on the map at the end of turn',
};

const FORMATION_WORDS: Record<string, string> = {
  broken: 'broken',
  brokenByTurn: 'broken by the end of turn',
  strengthLost: 'strength lost',
  unitsEliminated: 'units eliminated',
  retreats: 'retreats',
};

/** Victory points come with formations (an AoR battle, NAGB, CWJ); Burt, Age of Eagles and an AoR assault score none. */
const scoresVictoryPoints = (shape: EngagementShape) => shape.formations.length > 0;

/** One line per kind of metric the engagement has, for `volley tune --list-metrics`. */
export interface MetricListEntry {
  pattern: string;
  kind: MetricKind;
  words: string;
  /** Every path the pattern stands for (turns and alternatives written out): what suggestions are drawn from. */
  names: string[];
}

export function listMetrics(shape: EngagementShape, reasons: readonly string[]): MetricListEntry[] {
  const out: MetricListEntry[] = [];
  const turns = Array.from({ length: shape.turns }, (_, i) => i + 1);
  const T = `[1..${shape.turns}]`;
  // Every name is listed with its Age of Rifles spelling too (ALIASES), so that suggestions reach either.
  const withAliases = (names: string[]) => [...names, ...names.flatMap((n) => Object.entries(ALIASES).filter(([, to]) => n.includes(`.${to}`)).map(([from, to]) => n.replace(`.${to}`, `.${from}`)))];
  const add = (pattern: string, kind: MetricKind, words: string, names = [pattern]) => out.push({ pattern, kind, words, names: withAliases(names) });
  const byTurn = (prefix: string, kind: MetricKind, words: string) =>
    add(`${prefix}${T}`, kind, words, turns.map((t) => `${prefix}[${t}]`));
  for (const s of shape.sides) add(`winner[${s.name}]`, 'share', `${s.name} (${s.role}) won`);
  add('winner[draw]', 'share', 'a draw');
  add('ended[R]', 'share', `ended for reason R, whoever won: ${reasons.join(', ')}`, reasons.map((r) => `ended[${r}]`));
  add('turns', 'mean', 'turns played');
  for (const s of shape.sides) {
    const p = `side[${s.name}]`;
    for (const f of SIDE_SHARES) add(`${p}.${f}`, 'share', `${s.name}: ${SIDE_WORDS[f]}`);
    for (const f of SIDE_MEANS) add(`${p}.${f}`, 'mean', `${s.name}: ${SIDE_WORDS[f]} per engagement`);
    if (shape.turnByTurn) {
      add(`${p}.armyBroken`, 'share', `${s.name}: ${SIDE_WORDS.armyBroken}`);
      byTurn(`${p}.armyBrokenByTurn`, 'share', `${s.name}: ${SIDE_WORDS.armyBrokenByTurn} T`);
    }
    if (scoresVictoryPoints(shape)) add(`${p}.victoryPoints`, 'mean', `${s.name}: ${SIDE_WORDS.victoryPoints} at the end`);
    if (shape.turnByTurn) byTurn(`${p}.strengthByTurn`, 'mean', `${s.name}: ${SIDE_WORDS.strengthByTurn} T`);
  }
  for (const f of shape.formations) {
    const p = `formation[${f.id}]`;
    add(`${p}.broken`, 'share', `${f.name}: broken`);
    byTurn(`${p}.brokenByTurn`, 'share', `${f.name}: ${FORMATION_WORDS.brokenByTurn} T`);
    for (const m of FORMATION_MEANS) add(`${p}.${m}`, 'mean', `${f.name}: ${FORMATION_WORDS[m]} per engagement`);
  }
  for (const o of shape.objectives) {
    const holders = [shape.sides[0].name, shape.sides[1].name, 'nobody'];
    add(`objective[${o.name}].heldBy[S]`, 'share', `${o.name} held at the end by side S, or by nobody`, holders.map((h) => `objective[${o.name}].heldBy[${h}]`));
  }
  for (const u of shape.units) {
    add(`unit[${u.id}].eliminated`, 'share', `${u.id} eliminated`);
    add(`unit[${u.id}].retreated`, 'share', `${u.id} retreated`);
  }
  return out;
}

/** Every metric path written out: what suggestions are drawn from. */
export function metricNames(shape: EngagementShape, reasons: readonly string[]): string[] {
  return listMetrics(shape, reasons).flatMap((e) => e.names);
}

/** Edit distance (Levenshtein), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

/**
 * The known names nearest to `wrong` (at most `max`, and not absurdly far). Names come in groups (the
 * turns of one by-turn metric): each group offers only its nearest name.
 */
export function nearest(wrong: string, known: readonly (string | readonly string[])[], max = 3): string[] {
  const limit = Math.max(3, Math.ceil(wrong.length / 2));
  return known
    .map((g) => {
      const names = typeof g === 'string' ? [g] : g;
      return names.map((k) => ({ k, d: editDistance(wrong, k) })).reduce((a, b) => (b.d < a.d ? b : a));
    })
    .filter((e) => e.d <= limit)
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k))
    .slice(0, max)
    .map((e) => e.k);
}

interface Parsed {
  head: string;
  sel?: string;
  field?: string;
  arg?: string;
}

const PATH_RE = /^([A-Za-z]+)(?:\[([^\]]*)\])?(?:\.([A-Za-z]+)(?:\[([^\]]*)\])?)?$/;

function parse(text: string): Parsed | null {
  const m = PATH_RE.exec(text);
  if (!m) return null;
  return { head: m[1], sel: m[2]?.trim(), field: m[3], arg: m[4]?.trim() };
}

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A side by index, name or role. */
function sideOf(sel: string, shape: EngagementShape): SideIndex | null {
  if (sel === '0' || sel === '1') return Number(sel) as SideIndex;
  const byName = shape.sides.findIndex((s) => eq(s.name, sel));
  if (byName >= 0) return byName as SideIndex;
  const byRole = shape.sides.map((s, i) => (eq(s.role, sel) ? i : -1)).filter((i) => i >= 0);
  return byRole.length === 1 ? (byRole[0] as SideIndex) : null;
}

const sideChoices = (shape: EngagementShape) => `${shape.sides.map((s, i) => `${i} or '${s.name}' (${s.role})`).join(', ')}`;

/** An index, or the id, or the name (case-insensitive; an id wins over a name). */
function pick<T extends { id?: string; name: string }>(sel: string, list: readonly T[]): number {
  if (/^\d+$/.test(sel)) return Number(sel) < list.length ? Number(sel) : -1;
  const byId = list.findIndex((x) => x.id !== undefined && eq(x.id, sel));
  return byId >= 0 ? byId : list.findIndex((x) => eq(x.name, sel));
}

function turnOf(arg: string | undefined, shape: EngagementShape, path: string): number {
  const t = arg !== undefined && /^\d+$/.test(arg) ? Number(arg) : NaN;
  if (!(t >= 1 && t <= shape.turns)) {
    throw new MetricError(`${path}: expected a turn from 1 to ${shape.turns} in the brackets, found ${arg === undefined ? 'nothing' : `'${arg}'`}`);
  }
  return t;
}

/**
 * Read a metric path against an engagement's shape. Throws MetricError with the nearest known metrics
 * when the path names nothing.
 */
export function parseMetric(text: string, shape: EngagementShape, reasons: readonly string[]): Metric {
  const path = text.trim();
  const unknown = (why?: string): never => {
    throw new MetricError(why ?? `unknown metric '${path}' (${VOLLEY_COMMAND} tune FILE --list-metrics lists them)`, nearest(path, listMetrics(shape, reasons).map((e) => e.names)));
  };
  if (path === '') throw new MetricError('no metric given: expected a path such as winner[0] or side[1].retreatRate');
  const p = parse(path);
  if (!p) return unknown();
  // A figure the scenario has no such thing as: refused with what the scenario is.
  const lacks = (has: boolean, what: string) => {
    if (!has) throw new MetricError(`${path}: this scenario is ${shape.what}, which has no ${what}`);
  };
  const noArg = () => {
    if (p.arg !== undefined) unknown();
  };

  switch (p.head) {
    case 'winner': {
      if (p.sel === undefined || p.field !== undefined) return unknown();
      if (eq(p.sel, 'draw')) return { path: 'winner[draw]', kind: 'share', words: 'a draw (no winner)', read: (s) => fromShare(s.outcome[2]) };
      const side = sideOf(p.sel, shape);
      if (side === null) return unknown(`${path}: no side '${p.sel}'; expected ${sideChoices(shape)}, or draw`);
      const name = shape.sides[side].name;
      return { path: `winner[${name}]`, kind: 'share', words: `${name} won`, read: (s) => fromShare(s.outcome[side]) };
    }
    case 'ended': {
      if (p.sel === undefined || p.field !== undefined) return unknown();
      const reason = reasons.find((r) => eq(r, p.sel!));
      if (!reason) return unknown(`${path}: no end reason '${p.sel}'; expected one of ${reasons.join(', ')}`);
      return {
        path: `ended[${reason}]`,
        kind: 'share',
        words: `ended by ${reason}`,
        read: (s) => {
          const count = s.reasons.filter((r) => r.reason === reason).reduce((k, r) => k + r.count, 0);
          return fromShare(wilson(count, s.engagements));
        },
      };
    }
    case 'turns':
      if (p.sel !== undefined || p.field !== undefined) return unknown();
      return { path: 'turns', kind: 'mean', words: 'turns played', read: (s) => fromMean(s.turns, s.engagements) };
    case 'side': {
      if (p.sel === undefined || p.field === undefined) return unknown();
      const side = sideOf(p.sel, shape);
      if (side === null) return unknown(`${path}: no side '${p.sel}'; expected ${sideChoices(shape)}`);
      const name = shape.sides[side].name;
      const f = ALIASES[p.field] ?? p.field;
      const base = `side[${name}].${f}`;
      if ((SIDE_SHARES as readonly string[]).includes(f)) {
        noArg();
        return { path: base, kind: 'share', words: `${name} ${SIDE_WORDS[f]}`, read: (s) => fromShare(s.sides[side].retreatRate) };
      }
      if ((SIDE_MEANS as readonly string[]).includes(f)) {
        noArg();
        const k = f as (typeof SIDE_MEANS)[number];
        return { path: base, kind: 'mean', words: `${name}: ${SIDE_WORDS[f]}`, read: (s) => fromMean(s.sides[side][k], s.engagements) };
      }
      if (f === 'armyBroken') {
        lacks(shape.turnByTurn, 'army to break');
        noArg();
        return { path: base, kind: 'share', words: `${name}: ${SIDE_WORDS[f]}`, read: (s) => fromShare(s.sides[side].armyBroken) };
      }
      if (f === 'victoryPoints') {
        lacks(scoresVictoryPoints(shape), 'victory points');
        noArg();
        return { path: base, kind: 'mean', words: `${name}: ${SIDE_WORDS[f]}`, read: (s) => fromMean(s.sides[side].victoryPoints, s.engagements) };
      }
      if ((SIDE_BY_TURN as readonly string[]).includes(f)) {
        lacks(shape.turnByTurn, f === 'strengthByTurn' ? 'strength on the map turn by turn' : 'army to break');
        const t = turnOf(p.arg, shape, path);
        const words = `${name}: ${SIDE_WORDS[f]} ${t}`;
        if (f === 'armyBrokenByTurn') {
          return { path: `${base}[${t}]`, kind: 'share', words, read: (s) => optional(s.sides[side].armyBrokenByTurn[t - 1], fromShare) };
        }
        return { path: `${base}[${t}]`, kind: 'mean', words, read: (s) => optional(s.sides[side].strengthByTurn[t - 1], (x) => fromMean(x, s.engagements)) };
      }
      return unknown();
    }
    case 'formation': {
      lacks(shape.formations.length > 0, 'formations');
      if (p.sel === undefined || p.field === undefined) return unknown();
      const i = pick(p.sel, shape.formations);
      if (i < 0) return unknown(`${path}: no formation '${p.sel}'; formations: ${shape.formations.map((f) => (f.name === f.id ? f.id : `${f.id} (${f.name})`)).join(', ')}`);
      const fm = shape.formations[i];
      const f = ALIASES[p.field] ?? p.field;
      const base = `formation[${fm.id}].${f}`;
      const at = (s: CellSummary) => s.formations.find((x) => x.id === fm.id);
      if (f === 'broken') {
        noArg();
        return { path: base, kind: 'share', words: `${fm.name} broken`, read: (s) => optional(at(s), (x) => fromShare(x.broken)) };
      }
      if (f === 'brokenByTurn') {
        const t = turnOf(p.arg, shape, path);
        return {
          path: `${base}[${t}]`,
          kind: 'share',
          words: `${fm.name} ${FORMATION_WORDS[f]} ${t}`,
          read: (s) => optional(at(s)?.brokenByTurn[t - 1], fromShare),
        };
      }
      if ((FORMATION_MEANS as readonly string[]).includes(f)) {
        noArg();
        const k = f as (typeof FORMATION_MEANS)[number];
        return { path: base, kind: 'mean', words: `${fm.name}: ${FORMATION_WORDS[f]}`, read: (s) => optional(at(s), (x) => fromMean(x[k], s.engagements)) };
      }
      return unknown();
    }
    case 'objective': {
      lacks(shape.objectives.length > 0, 'objectives');
      if (p.sel === undefined || p.field !== 'heldBy' || p.arg === undefined) return unknown();
      const i = pick(p.sel, shape.objectives);
      if (i < 0) return unknown(`${path}: no objective '${p.sel}'; objectives: ${shape.objectives.map((o) => o.name).join(', ')}`);
      const o = shape.objectives[i];
      const slot = eq(p.arg, 'nobody') ? 2 : sideOf(p.arg, shape);
      if (slot === null) return unknown(`${path}: heldBy[${p.arg}]: expected ${sideChoices(shape)}, or nobody`);
      const by = slot === 2 ? 'nobody' : shape.sides[slot].name;
      return {
        path: `objective[${o.name}].heldBy[${by}]`,
        kind: 'share',
        words: slot === 2 ? `${o.name} held by nobody at the end` : `${o.name} held by ${by} at the end`,
        read: (s) => optional(s.objectives[i]?.heldBy[slot], fromShare),
      };
    }
    case 'unit': {
      if (p.sel === undefined || (p.field !== 'eliminated' && p.field !== 'retreated')) return unknown();
      noArg();
      const u = shape.units.find((x) => eq(x.id, p.sel!));
      if (!u) return unknown(`${path}: no unit '${p.sel}'`);
      const f = p.field;
      return {
        path: `unit[${u.id}].${f}`,
        kind: 'share',
        words: `${u.id} ${f}`,
        read: (s) => optional(s.units.find((x) => x.id === u.id), (x) => fromShare(x[f])),
      };
    }
    default:
      return unknown();
  }
}

function optional<T>(x: T | undefined, f: (x: T) => Estimate): Estimate | null {
  return x === undefined ? null : f(x);
}
