/**
 * `volley tune`: the value of one parameter that brings a metric to a target. Every value tried is a
 * cell of the file's scenario with the parameter set, played through the ordinary runner on the same
 * engagements (random-number key `cell`: common random numbers); the search itself is
 * src/stats/tuneSearch.ts. This module reads and checks the request, evaluates the values, and builds
 * tune.json.
 */
import type { Ruleset } from '../../core/ruleset.js';
import { defaultFolder } from '../store/folderName.js';
import { findRuleset, RULESETS } from '../../rules/index.js';
import { formatPath, VolleyInputError } from '../../core/errors.js';
import { loadExperiment, REFIT_PREFIX, singleCell, type Cell } from '../../scenario/load.js';
import { loadRefitFile, type Refit } from '../../scenario/refit.js';
import { parsePath, PathError, setPath, valuesAt, type Segment } from '../../scenario/paths.js';
import { scenarioSchema, type Scenario } from '../../scenario/schema.js';
import { describeIssue } from '../../scenario/yamlFile.js';
import { listMetrics, MetricError, parseMetric, type Metric, type MetricListEntry } from '../../stats/metricPath.js';
import { prepareRun, type PreparedRun } from './prepare.js';

export { TUNE_CHART, TUNE_CSV, TUNE_FILE, TUNE_FORMAT, TUNE_PAGE } from '../../results/tune.js';
export type { TunePoint, TuneResults } from '../../results/tune.js';

/** Every value of an integer range is evaluated when there are at most this many. */
export const EVERY_CANDIDATE_UP_TO = 12;

export interface TuneRequest {
  file: string;
  param: string;
  target: string;
  range?: string;
  engagements?: number;
  seed?: string | number;
  batch?: number;
  /** Which cell of an experiment with several: its index or label. */
  cell?: string;
  tolerance?: number;
  out?: string;
}

export interface PreparedTune {
  run: PreparedRun;
  base: Cell;
  /** `scenarioValues` and `places` are the refit's for a `refit.` path, whose refit is `refit`. */
  param: { path: string; segs: Segment[]; integer: boolean; places: number; scenarioValues: unknown[]; refit?: Refit };
  range: { from: number; to: number; given: boolean };
  tolerance: number | null;
  metric: Metric;
  target: { value: number; text: string };
  outDir: string;
  name: string;
  /** The scenario with the parameter at x, as a cell keyed `cell` (common random numbers). */
  cellAt: (x: number) => Cell;
  ruleset: Ruleset<any, any>;
}

/** An input error in a command-line flag: printed as "--flag: message", exit code 2. */
export const flagError = (flag: string, message: string) => new VolleyInputError(flag, undefined, undefined, message);

/** "A..B" with numbers (negative allowed). */
export function parseRange(text: string): { from: number; to: number } {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) throw flagError('--range', `expected A..B with two numbers, e.g. 8..28 or 0.5..2.5, found '${text}'`);
  const from = Number(m[1]);
  const to = Number(m[2]);
  if (!(to > from)) throw flagError('--range', `expected the first number below the second, found ${text}`);
  return { from, to };
}

/** "METRIC = VALUE": the metric path and the value as written. */
export function splitTarget(text: string): { metric: string; value: string } {
  const i = text.lastIndexOf('=');
  if (i < 0) throw flagError('--target', `expected "METRIC = VALUE", e.g. "winner[0] = 50%", found '${text}'`);
  const metric = text.slice(0, i).trim();
  const value = text.slice(i + 1).trim();
  if (metric === '') throw flagError('--target', `no metric before '=' in '${text}'`);
  if (value === '') throw flagError('--target', `no value after '=' in '${text}'`);
  return { metric, value };
}

/** A share as "30%" or 0.3; a mean as a plain number. */
export function parseTargetValue(value: string, metric: Metric): number {
  const pct = /^(-?\d+(?:\.\d+)?)\s*%$/.exec(value);
  if (metric.kind === 'share') {
    const v = pct ? Number(pct[1]) / 100 : /^-?\d*\.?\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(v)) throw flagError('--target', `${metric.path} is a share: expected a percentage such as 30% or a fraction such as 0.3, found '${value}'`);
    if (v < 0 || v > 1) {
      throw flagError('--target', `${metric.path} is a share, from 0 to 1 (0% to 100%); found ${value}${pct ? '' : ` (for ${value}% write the % sign)`}`);
    }
    return v;
  }
  if (pct) throw flagError('--target', `${metric.path} is a mean per engagement, not a share: give a number without %`);
  const v = /^-?\d*\.?\d+(?:e-?\d+)?$/i.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(v)) throw flagError('--target', `expected a number after '=', found '${value}'`);
  // Every mean a metric reads counts something (turns, strength, men, checks, points): none goes below 0.
  if (v < 0) throw flagError('--target', `${metric.path} is a mean of ${metric.words} per engagement, never below 0; found ${value}`);
  return v;
}

function pickCell(run: PreparedRun, which: string | undefined, file: string, param?: string): Cell {
  const cells = run.cells;
  if (which === undefined) {
    if (cells.length === 1) return cells[0];
    // Cells that differ only in the parameter tuned are one cell to the tune.
    const others = (c: Cell) => JSON.stringify(Object.entries(c.factors).filter(([p]) => p !== param));
    if (param !== undefined && cells.every((c) => others(c) === others(cells[0]))) return cells[0];
    throw flagError('--cell', `${file} has ${cells.length} cells; name the one to tune with --cell (an index or a label): ${cells.map((c) => `${c.index} (${c.label})`).join(', ')}`);
  }
  const c = /^\d+$/.test(which) ? cells[Number(which)] : cells.find((x) => x.label === which);
  if (!c) throw flagError('--cell', `no cell '${which}' in ${file}; cells: ${cells.map((x) => `${x.index} (${x.label})`).join(', ')}`);
  return c;
}

/** The scenario with the parameter at x, or why there is none ("makes the scenario invalid at ..."). */
type WithValue = (x: number) => { scenario: Scenario } | { problem: string; unknownField: boolean };

/** A scenario path: the parameter set in `base`'s scenario. */
function scenarioWithValue(base: Cell, segs: readonly Segment[]): WithValue {
  return (x) => {
    const data = structuredClone(base.scenario) as unknown;
    setPath(data, segs, x);
    const r = scenarioSchema.safeParse(data);
    if (r.success) return { scenario: r.data };
    const first = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
    const d = describeIssue(first, data, scenarioSchema);
    return { problem: `makes the scenario invalid at ${formatPath(d.path)}: ${d.message}`, unknownField: first.code === 'unrecognized_keys' };
  };
}

/**
 * A `refit.` path: the experiment loaded again with the parameter as a factor of one value, so that the
 * refit is set, checked and applied as for `vary` (docs/files.md, "Vary paths"); the cell is `base`'s
 * (the same values of the experiment's other factors).
 */
function refitWithValue(file: string, base: Cell, param: string): WithValue {
  const key = (factors: Record<string, unknown>) => JSON.stringify(Object.entries(factors).filter(([p]) => p !== param));
  const want = key(base.factors);
  return (x) => {
    try {
      const cell = loadExperiment(file, { vary: { [param]: [x] }, flag: '--param' }).cells.find((c) => key(c.factors) === want);
      if (!cell) throw new Error(`tune: no cell of ${file} has the factors of cell ${base.index} (${base.label})`);
      return { scenario: cell.scenario };
    } catch (e) {
      if (!(e instanceof VolleyInputError) || e.file === '--param') throw e; // the parameter overlaps a factor
      // "value 2.5 makes the refit invalid at rules[0].set.morale: ...", as vary words it.
      const problem = e.detail.replace(/^value \S+ (?=makes )/, '');
      return { problem: problem.startsWith('makes ') ? problem : `makes the experiment invalid: ${problem}`, unknownField: /unknown field|unrecognized key/i.test(problem) };
    }
  };
}


/** The outcome reasons a rule system declares (metric paths ended[R]). */
const reasonsOf = (rs: Ruleset<any, any>) => rs.vocabulary.outcomes.map((o) => o.id);

/** Read and check everything a tune needs before anything runs: every mistake is an input error (exit 2). */
export function prepareTune(req: TuneRequest): PreparedTune {
  const run = prepareRun({ file: req.file, engagements: req.engagements, seed: req.seed, batch: req.batch, fixedCount: true });
  const base = pickCell(run, req.cell, req.file, req.param);
  const rs = findRuleset(base.scenario.ruleset)!;
  const shape = rs.describe(rs.compile(base.scenario, base.options));

  // The target first: a wrong metric is the likeliest mistake and costs nothing to report.
  const t = splitTarget(req.target);
  let metric: Metric;
  try {
    metric = parseMetric(t.metric, shape, reasonsOf(rs));
  } catch (e) {
    if (e instanceof MetricError) throw flagError('--target', e.message);
    throw e;
  }
  const targetValue = parseTargetValue(t.value, metric);

  // A path into the scenario, or (`refit.`) into the experiment's refit.
  const inRefit = req.param.startsWith(REFIT_PREFIX);
  const refit = inRefit ? run.meta.experiment?.refit : undefined;
  if (inRefit && refit === undefined) {
    throw flagError('--param', `'${req.param}' is a value of a refit: tune an experiment that names one (refit: FILE), not ${req.file}`);
  }
  if (inRefit && req.param.length === REFIT_PREFIX.length) throw flagError('--param', `'${req.param}' names no value: give a path into the refit after it, such as refit.defaultMorale`);
  const where = refit ?? run.meta.scenarioFile;
  const what = inRefit ? 'the refit' : 'the scenario';
  let segs: Segment[];
  try {
    segs = inRefit ? parsePath(req.param.slice(REFIT_PREFIX.length), []) : parsePath(req.param, RULESETS.map((r) => r.id));
  } catch (e) {
    if (e instanceof PathError) throw flagError('--param', e.message);
    throw e;
  }
  const doc = inRefit ? loadRefitFile(refit!, base.scenario.ruleset).refit : base.scenario;
  const places = setPath(structuredClone(doc) as unknown, segs, 0);
  if (places === 0) throw flagError('--param', `'${req.param}' selects nothing in ${where} (it takes the paths of an experiment's vary, docs/files.md)`);
  const withValue = inRefit ? refitWithValue(req.file, base, req.param) : scenarioWithValue(base, segs);
  const isOption = !inRefit && 'key' in segs[0] && segs[0].key === 'options';
  const optionName = isOption && segs[1] && 'key' in segs[1] ? segs[1].key : null;
  const probed = withValue(1);
  if ('problem' in probed && probed.unknownField) throw flagError('--param', `'${req.param}' is not in ${what}: ${probed.problem.replace(/^makes the \w+ invalid at /, '')}`);
  // An option's value is the resolved one (its default when the scenario does not set it).
  const scenarioValues = optionName !== null ? [base.options[optionName]] : valuesAt(doc, segs);
  const notNumber = scenarioValues.find((v) => v !== undefined && typeof v !== 'number');
  if (notNumber !== undefined) throw flagError('--param', `'${req.param}' is ${JSON.stringify(notNumber)} in ${what}, not a number: only numeric values can be tuned`);

  let range: { from: number; to: number; given: boolean };
  if (req.range !== undefined) range = { ...parseRange(req.range), given: true };
  else {
    const spec = optionName ? rs.options.find((o) => o.name === optionName) : undefined;
    const numeric = spec?.values.filter((v): v is number => typeof v === 'number') ?? [];
    if (numeric.length < 2) {
      const now = scenarioValues.filter((v) => v !== undefined);
      throw flagError('--range', `give the values to search as --range A..B (${req.param} is ${now.length ? [...new Set(now)].join(', ') : 'not set'} in ${what})`);
    }
    range = { from: Math.min(...numeric), to: Math.max(...numeric), given: false };
  }
  for (const x of [range.from, range.to]) {
    const r = withValue(x);
    if ('problem' in r) throw flagError('--range', `${req.param} = ${x} ${r.problem}`);
  }
  // An integer parameter is one the scenario refuses a fraction for (a whole-number field or option).
  const fraction = [(range.from + range.to) / 2, range.from + 0.5, (range.from + range.to) / 2 + 0.25].find((x) => !Number.isInteger(x) && x > range.from && x < range.to);
  const integer = fraction === undefined || 'problem' in withValue(fraction);
  if (integer && !(Number.isInteger(range.from) && Number.isInteger(range.to))) throw flagError('--range', `${req.param} takes whole numbers: give whole-number ends, found ${req.range}`);
  let tolerance: number | null = null;
  if (req.tolerance !== undefined) {
    if (integer) throw flagError('--tolerance', `${req.param} takes whole numbers; --tolerance is for real-valued parameters`);
    if (!(req.tolerance > 0 && req.tolerance < range.to - range.from)) throw flagError('--tolerance', `expected a number above 0 and below the width of the range (${range.to - range.from}), found ${req.tolerance}`);
    tolerance = req.tolerance;
  } else if (!integer) tolerance = Number(((range.to - range.from) / 100).toPrecision(2));

  const name = run.meta.experiment?.name ?? base.scenario.name;
  const cellAt = (x: number): Cell => {
    const r = withValue(x);
    if ('problem' in r) throw flagError('--range', `${req.param} = ${x} ${r.problem}`);
    return { ...singleCell(r.scenario), label: `${req.param}=${x}`, factors: { [req.param]: x } };
  };
  // The metric must exist at both ends too (a parameter such as `turns` changes the turns there are).
  for (const x of [range.from, range.to]) {
    const c = cellAt(x);
    try {
      parseMetric(t.metric, rs.describe(rs.compile(c.scenario, c.options)), reasonsOf(rs));
    } catch (e) {
      if (e instanceof MetricError) throw flagError('--target', `when ${req.param} = ${x}: ${e.message}`);
      throw e;
    }
  }
  return {
    run,
    base,
    param: { path: req.param, segs, integer, places, scenarioValues, ...(inRefit ? { refit: doc as Refit } : {}) },
    range,
    tolerance,
    metric,
    target: { value: targetValue, text: req.target.trim() },
    // A folder for each question asked of a file: the flags that change what is played, and a hash of
    // the question (the parameter, the target, the range).
    outDir: req.out ?? defaultFolder(`tune-${run.folderName}`, [...run.changes, ['question', JSON.stringify([req.param, req.target, req.range ?? null, req.cell ?? null, req.tolerance ?? null])]]),
    name,
    cellAt,
    ruleset: rs,
  };
}

/** The metrics an engagement offers, for --list-metrics. */
export function tuneMetricList(file: string, cell?: string, param?: string): { cell: Cell; metrics: MetricListEntry[] } {
  const run = prepareRun({ file, fixedCount: true });
  const base = pickCell(run, cell, file, param);
  const rs = findRuleset(base.scenario.ruleset)!;
  return { cell: base, metrics: listMetrics(rs.describe(rs.compile(base.scenario, base.options)), reasonsOf(rs)) };
}

export { INTERVAL_METHOD } from '../../results/tune.js';
