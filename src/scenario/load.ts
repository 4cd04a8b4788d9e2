/**
 * Loading scenario and experiment files into a validated list of cells.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve, relative } from 'node:path';
import { doctrinesFor, resolveOptions, type ResolvedOptions } from '../core/ruleset.js';
import { RULESETS, findRuleset } from '../rules/index.js';
import { formatPath, VolleyInputError } from '../core/errors.js';
import { parsePath, PathError, placeKeysAt, placesAt, setPath, sharedSegments } from './paths.js';
import { refitFileSchema } from './refit.js';
import { experimentSchema, scenarioSchema, type Experiment, type FactorValue, type Scenario } from './schema.js';
import { applyRefitToAll, loadRefitFile, refitErrorAt, type LoadedRefit, type RefitChangeSet } from './refit.js';
import { DEFAULT_MAX_ENGAGEMENTS } from './limits.js';
import { describeIssue, kindOf, lineOf, readYaml, validate, type YamlSource } from './yamlFile.js';
import { referenceIndex, VARIANT_FACTOR, variantsData, type ComparisonPlan } from './variants.js';
import { ROLE_QUALITY, roleQualityPlaces } from './quality.js';
import { splitValueNames, ValueNameError } from './valueNames.js';
import type { Ruleset } from '../core/ruleset.js';

export interface LoadedScenario {
  file: string;
  src: YamlSource;
  scenario: Scenario;
}

export interface Cell {
  index: number;
  /** e.g. "defender.units[*].morale=5, aor.terrainReductions=multiply"; "base" without factors. */
  label: string;
  factors: Record<string, unknown>;
  /** Random-number key: cells with the same key see the same dice (common random numbers). */
  rngKey: string;
  scenario: Scenario;
  options: ResolvedOptions;
}

/** One rule system of a cross-system experiment: its scenario and its cells. */
export interface SystemPart {
  ruleset: string;
  scenarioFile: string;
  scenario: Scenario;
  /** Indices of its cells, in order. */
  cells: number[];
}

export interface LoadedExperiment {
  file: string;
  experiment: Experiment;
  /** The scenario (a cross-system experiment's first; `systems` has them all). */
  scenarioFile: string;
  scenario: Scenario;
  cells: Cell[];
  /** A cross-system experiment's rule systems, in the order of its `scenarios`; null otherwise. */
  systems: SystemPart[] | null;
  /** With `variants`: the variants and which cells are compared; null without. */
  comparisons: ComparisonPlan | null;
  /** What the refits it applies (its own, its variants') say of themselves: rules that repeat each other. */
  warnings: string[];
  /** What the refits it applies change, before anything is played (one set per refit and scenario, per cell where `refit.` factors vary it). */
  refitChanges: RefitChangeSet[];
}

export function fileKind(src: YamlSource): string | undefined {
  const d = src.data as { kind?: unknown } | null;
  return d && typeof d === 'object' && typeof d.kind === 'string' ? d.kind : undefined;
}

export function loadScenario(file: string): LoadedScenario {
  const src = readYaml(file);
  expectKind(src, 'scenario');
  return { file, src, scenario: validate(src, scenarioSchema) };
}

function expectKind(src: YamlSource, kind: string): void {
  const k = fileKind(src);
  expectMap(src, `'kind: ${kind}'`);
  if (k !== kind) {
    throw new VolleyInputError(src.file, lineOf(src, ['kind']) ?? 1, 'kind', `expected '${kind}', found ${k === undefined ? 'nothing' : `'${k}'`}`);
  }
}

/** The top of a volley file is a map. */
export function expectMap(src: YamlSource, what = "'kind: scenario' or 'kind: experiment'"): void {
  if (src.data === null || typeof src.data !== 'object' || Array.isArray(src.data)) {
    throw new VolleyInputError(src.file, lineOf(src, []) ?? 1, undefined, `expected a YAML map with ${what}, found ${kindOf(src.data)}`);
  }
}

/** More cells than this is a mistake in the vary section, not a study: each cell is compiled and reported. */
export const MAX_CELLS = 10_000;

function cartesian(factors: [string, unknown[]][]): Record<string, unknown>[] {
  let combos: Record<string, unknown>[] = [{}];
  for (const [path, values] of factors) {
    const next: Record<string, unknown>[] = [];
    for (const c of combos) for (const v of values) next.push({ ...c, [path]: v });
    combos = next;
  }
  return combos;
}

export function cellLabel(factors: Record<string, unknown>): string {
  const parts = Object.entries(factors).map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.join(',')}]` : String(v)}`);
  return parts.length ? parts.join(', ') : 'base';
}

function resolvedOptionsOf(scenario: Scenario): ResolvedOptions {
  const rs = findRuleset(scenario.ruleset)!;
  return resolveOptions(rs.options, scenario.options);
}

/** A scenario run on its own: one cell. */
export function singleCell(scenario: Scenario): Cell {
  return { index: 0, label: 'base', factors: {}, rngKey: 'cell', scenario, options: resolvedOptionsOf(scenario) };
}

/** A range may give at most this many values: a sweep is drawn and tabulated value by value. */
export const MAX_RANGE_VALUES = 50;

/** Digits after the decimal point of a number as written (1e-7 style included). */
function decimals(x: number): number {
  const m = /^-?\d*(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(x));
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/**
 * The values of a range `{ from, to, step }`: from, from + step, ... while not past `to` (within a
 * millionth of a step). Each is rounded to the decimals of from and step, so 0.1 steps give 0.3, not
 * 0.30000000000000004. Throws a message for the field at fault.
 */
export function rangeValues(range: { from: number; to: number; step: number }): number[] {
  const { from, to, step } = range;
  if (!(step > 0)) throw new RangeFieldError('step', `expected a number greater than 0, found ${step}`);
  if (to < from) throw new RangeFieldError('to', `expected a number not below from (${from}), found ${to}`);
  const count = Math.floor((to - from) / step + 1e-6) + 1;
  if (count > MAX_RANGE_VALUES) {
    throw new RangeFieldError('step', `the range gives ${count} values, more than ${MAX_RANGE_VALUES}; use a larger step or a shorter range`);
  }
  const d = Math.min(15, Math.max(decimals(from), decimals(step)));
  return Array.from({ length: count }, (_, i) => Number((from + i * step).toFixed(d)));
}

class RangeFieldError extends Error {
  constructor(
    readonly field: 'from' | 'to' | 'step',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The experiment's data with every well-formed range in `vary` replaced by its list of values. A range
 * with a number where it should be is left for the schema to report; one that gives no sensible list
 * is an error naming the file, the line and the field.
 */
function expandRanges(src: YamlSource): unknown {
  const data = src.data as { vary?: unknown };
  const vary = data?.vary;
  if (!vary || typeof vary !== 'object' || Array.isArray(vary)) return data;
  const out: Record<string, unknown> = {};
  for (const [path, v] of Object.entries(vary as Record<string, unknown>)) {
    const r = v as { from?: unknown; to?: unknown; step?: unknown } | null;
    const isRange =
      r !== null &&
      typeof r === 'object' &&
      !Array.isArray(r) &&
      Object.keys(r).every((k) => k === 'from' || k === 'to' || k === 'step') &&
      typeof r.from === 'number' &&
      typeof r.to === 'number' &&
      typeof r.step === 'number';
    if (!isRange) {
      out[path] = v;
      continue;
    }
    try {
      out[path] = rangeValues(r as { from: number; to: number; step: number }) satisfies FactorValue[];
    } catch (e) {
      if (!(e instanceof RangeFieldError)) throw e;
      throw new VolleyInputError(src.file, lineOf(src, ['vary', path, e.field]), `vary.${path}.${e.field}`, e.message);
    }
  }
  return { ...data, vary: out };
}

/** The experiment's data with the names of `vary` values taken out (src/scenario/valueNames.ts), and those names. */
function withoutValueNames(src: YamlSource, data: unknown): { data: unknown; valueNames: Record<string, (string | null)[]> } {
  const vary = (data as { vary?: unknown } | null)?.vary;
  if (!vary || typeof vary !== 'object' || Array.isArray(vary)) return { data, valueNames: {} };
  try {
    const split = splitValueNames(vary as Record<string, unknown>);
    return { data: { ...(data as object), vary: split.vary }, valueNames: split.names };
  } catch (e) {
    if (!(e instanceof ValueNameError)) throw e;
    throw new VolleyInputError(src.file, lineOf(src, e.path), formatPath(e.path), e.message);
  }
}

/** A place that holds a doctrine (one of the rule system's doctrine fields): a later factor may set one of its parameters. */
const doctrinePlace = (fields: readonly string[]) => new RegExp(`(^|\\.)(${fields.map((f) => f.replace(/[^A-Za-z0-9]/g, '')).join('|') || '$^'})$`);

/**
 * Each factor sets places of its own (`places[i]`, from placesAt), and lists each value once: two that
 * set one place, or one inside the other, would let the later one win unseen and make the cell labels
 * mislead. The one nesting that works is a doctrine, then one of its parameters (not its preset).
 * Factors acrossDoctrines added (not in the file's vary) are named by its line; factors added by the
 * command line (`added`, as volley tune's --param) by their flag.
 */
function checkFactorsApart(
  file: string,
  src: YamlSource,
  factors: readonly [string, readonly unknown[]][],
  places: readonly string[][],
  doctrineFields: readonly string[],
  added?: { flag: string; paths: ReadonlySet<string> },
): void {
  const DOCTRINE_PLACE = doctrinePlace(doctrineFields);
  const ownVary = new Set(Object.keys(((src.data as Record<string, unknown>).vary as object | undefined) ?? {}));
  const fromFlag = (path: string) => added !== undefined && added.paths.has(path);
  const fromAcross = (path: string) => !ownVary.has(path) && !fromFlag(path);
  const lineOfFactor = (path: string) => lineOf(src, fromAcross(path) ? ['acrossDoctrines'] : ['vary', path]);
  const nameOf = (path: string) => (fromFlag(path) ? `${added!.flag} ${path}` : fromAcross(path) ? `acrossDoctrines (${path})` : `vary.${path}`);
  // Places in the syntax of vary paths: defender.units.0.morale is defender.units[0].morale.
  const asPath = (place: string) => place.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  factors.forEach(([path, values], j) => {
    const refuse = (message: string) =>
      fromFlag(path)
        ? new VolleyInputError(added!.flag, undefined, undefined, message)
        : new VolleyInputError(file, lineOfFactor(path), fromAcross(path) ? 'acrossDoctrines' : `vary.${path}`, message);
    const seen = new Set<string>();
    for (const v of values) {
      const key = JSON.stringify(v);
      if (seen.has(key)) throw refuse(`value ${key} is listed twice; each value makes one cell`);
      seen.add(key);
    }
    for (let i = 0; i < j; i++) {
      for (const p of places[j]) {
        const parameterOf = (q: string) => DOCTRINE_PLACE.test(q) && p.startsWith(`${q}.`) && p !== `${q}.preset`;
        const q = places[i].find((q) => q === p || (p.startsWith(`${q}.`) && !parameterOf(q)) || q.startsWith(`${p}.`));
        if (q === undefined) continue;
        const [outer, inner] = q.length < p.length ? [q, p] : [p, q];
        const both = p === q ? asPath(p) : `${asPath(outer)} (and ${asPath(inner)} in it)`;
        const hint = fromFlag(path)
          ? `give that factor's own path, or one no factor sets`
          : fromAcross(path)
          ? 'acrossDoctrines sets whole doctrines, after vary: vary a parameter without it'
          : DOCTRINE_PLACE.test(p) && q.startsWith(`${p}.`)
            ? 'list the doctrine before its parameter'
            : 'let one factor set it';
        const other = factors[i][0];
        // A factor of the file's vary is named by the message's location; the others in it.
        const subject = fromFlag(path) ? `'${path}' sets` : fromAcross(path) ? `${nameOf(path)} sets` : 'sets';
        const whose = fromFlag(path) ? `${file}'s ` : '';
        throw refuse(`${subject} ${both}, which ${whose}${nameOf(other)} (line ${lineOfFactor(other) ?? '?'}) sets too; ${hint}`);
      }
    }
  });
}

/** An experiment being loaded: its file, its data, its scenario and its factors, read once. */
interface ExperimentContext {
  file: string;
  src: YamlSource;
  experiment: Experiment;
  scenarioFile: string;
  base: LoadedScenario;
  /** The scenario's data with the experiment's options. */
  baseData: Record<string, unknown>;
  factors: [string, FactorValue[]][];
  /** Each factor's path, parsed (a `refit.` path without its prefix). */
  parsed: ReturnType<typeof parsePath>[];
  /** How each factor sets its value in the scenario's data (not used for `refit.` factors). */
  setters: Setter[];
  refit: (LoadedRefit & { file: string }) | null;
  rulesetIds: string[];
}

/** The experiment file, validated, its ranges expanded, `override` applied. */
export function readExperiment(file: string, override?: { vary: Record<string, FactorValue[]> }): { src: YamlSource; experiment: Experiment } {
  const src = readYaml(file);
  expectKind(src, 'experiment');
  const { data, valueNames } = withoutValueNames(src, expandRanges(src));
  const experiment = validate(src, experimentSchema, data) as Experiment;
  if (Object.keys(valueNames).length) experiment.valueNames = valueNames;
  if (experiment.scenario === undefined && experiment.scenarios === undefined) {
    throw new VolleyInputError(file, lineOf(src, []) ?? 1, 'scenario', 'missing: expected the scenario file (scenario: FILE), or one per rule system (scenarios: [FILE, ...])');
  }
  if (override) {
    experiment.vary = { ...experiment.vary, ...override.vary };
    // Values the command line gives have no names: the file's names were for its own values.
    for (const path of Object.keys(override.vary)) delete experiment.valueNames?.[path];
  }
  checkEngagementCount(file, src, experiment);
  return { src, experiment };
}

/** A scenario the experiment names (`at`: the field that names it), loaded; its errors name the experiment too. */
function baseScenario(file: string, src: YamlSource, name: string, at: (string | number)[] = ['scenario']): { base: LoadedScenario; scenarioFile: string } {
  const scenarioPath = resolve(dirname(file), name);
  const scenarioFile = relative(process.cwd(), scenarioPath) || scenarioPath;
  if (!existsSync(scenarioPath)) {
    throw new VolleyInputError(file, lineOf(src, at), formatPath(at), `file not found: ${scenarioFile}`);
  }
  try {
    return { base: loadScenario(scenarioFile), scenarioFile };
  } catch (e) {
    if (e instanceof VolleyInputError) throw new VolleyInputError(e.file, e.line, e.field, `${e.detail} (the scenario of ${file})`);
    throw e;
  }
}

/** acrossDoctrines: both sides' doctrines become factors, after the experiment's own. */
function addAcrossDoctrines(file: string, src: YamlSource, experiment: Experiment, scenario: Scenario): void {
  if (!experiment.acrossDoctrines) return;
  const rs = findRuleset(scenario.ruleset)!;
  const known = doctrinesFor(rs.doctrines, scenario.engagement).map((d) => d.name);
  experiment.acrossDoctrines.forEach((d, i) => {
    if (!known.includes(d)) throw new VolleyInputError(file, lineOf(src, ['acrossDoctrines', i]), `acrossDoctrines[${i}]`, `unknown doctrine '${d}'; known: ${known.join(', ')}`);
  });
  const [p0, p1] = [rs.doctrines.path(scenario, 0), rs.doctrines.path(scenario, 1)];
  experiment.vary = { ...experiment.vary, [p0]: experiment.acrossDoctrines, [p1]: experiment.acrossDoctrines };
}

function checkCellCount(file: string, src: YamlSource, experiment: Experiment): void {
  const cellCount = Object.values(experiment.vary).reduce((n, values) => n * values.length, 1) * (experiment.variants?.length ?? 1);
  if (cellCount > MAX_CELLS) {
    throw new VolleyInputError(
      file,
      lineOf(src, ['vary']),
      'vary',
      `the factors' values combine into ${cellCount.toLocaleString('en-US')} cells, more than ${MAX_CELLS.toLocaleString('en-US')}; vary fewer factors or fewer values per run`,
    );
  }
}

/** The scenario's data with the experiment's options over its own; the options must be the rule system's. */
function withExperimentOptions(file: string, src: YamlSource, base: LoadedScenario, options: Experiment['options']): Record<string, unknown> {
  const baseData = structuredClone(base.src.data) as Record<string, unknown>;
  baseData.options = { ...((baseData.options as object) ?? {}), ...options };
  const checkBase = scenarioSchema.safeParse(baseData);
  if (!checkBase.success) throw new VolleyInputError(file, lineOf(src, ['options']), 'options', checkBase.error.issues[0].message);
  return baseData;
}

/** Each factor's path, parsed; an unreadable one is an error at its line. */
function parseFactors(file: string, src: YamlSource, factors: readonly [string, unknown][], rulesetIds: readonly string[]): ReturnType<typeof parsePath>[] {
  return factors.map(([path]) => {
    try {
      return isRefitPath(path) ? parsePath(path.slice(REFIT_PREFIX.length), []) : parsePath(path, rulesetIds);
    } catch (e) {
      if (e instanceof PathError) throw new VolleyInputError(file, lineOf(src, ['vary', path]), `vary.${path}`, e.message);
      throw e;
    }
  });
}

/** How a factor sets its value in a scenario's data; returns how many places it set. */
type Setter = (data: Record<string, unknown>, value: unknown) => number;

/** The roles of a scenario's sides (attacker, defender, ...), as its rule system describes them. */
function sideRoles(rs: Ruleset<any, any>, scenario: Scenario): string[] {
  return rs.describe(rs.compile(scenario, resolvedOptionsOf(scenario))).sides.map((s) => s.role);
}

/** Set `value` at one path of `data` (a path that exists). */
function setAtPath(data: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let node = data as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path[path.length - 1]] = structuredClone(value);
}

/**
 * Each factor's setter and the places it sets in the scenario's data (`places`, for checkFactorsApart).
 * `<role>.quality` is the common factor of the quality ladder: the `quality` of every unit of the side
 * with that role (src/scenario/quality.ts). Any other path is set where it points.
 */
function factorSetters(
  x: { file: string; src: YamlSource; scenarioFile: string; base: LoadedScenario },
  factors: readonly [string, unknown][],
  parsed: ReturnType<typeof parsePath>[],
  baseData: Record<string, unknown>,
): { setters: Setter[]; places: (string[] | null)[] } {
  const rs = findRuleset(x.base.scenario.ruleset)!;
  let roles: string[] | null = null;
  const setters: Setter[] = [];
  const places: (string[] | null)[] = [];
  factors.forEach(([path], i) => {
    const m = ROLE_QUALITY.exec(path);
    if (!m || isRefitPath(path)) {
      setters.push((data, value) => setPath(data, parsed[i], value));
      places.push(null);
      return;
    }
    const at = (message: string) => new VolleyInputError(x.file, lineOf(x.src, ['vary', path]), `vary.${path}`, message);
    if (!rs.quality) throw at(`rule system '${rs.id}' (${x.scenarioFile}) does not map the quality ladder`);
    roles ??= sideRoles(rs, x.base.scenario);
    const role = m[1];
    const sides = roles;
    if (!sides.includes(role)) {
      const names = rs.describe(rs.compile(x.base.scenario, resolvedOptionsOf(x.base.scenario))).sides.map((s) => `${s.name} (${s.role})`);
      throw at(`no side of ${x.scenarioFile} has the role '${role}'; its sides: ${names.join(', ')}`);
    }
    setters.push((data, value) => {
      const ps = roleQualityPlaces(rs, data, sides, role) ?? [];
      for (const p of ps) setAtPath(data, p, value);
      return ps.length;
    });
    places.push((roleQualityPlaces(rs, baseData, sides, role) ?? []).map((p) => p.join('.')));
  });
  return { setters, places };
}

/** The scenario with the experiment's refit applied, its `refit.` factors set to this combination's values. */
function refitted(x: ExperimentContext, combo: Record<string, unknown>, warnings: Set<string>, changes: RefitChangeSet[]): Record<string, unknown> {
  const { file, src, refit, factors, parsed } = x;
  if (!refit) return x.baseData;
  const cellRefit = structuredClone(refit.refit) as unknown as Record<string, unknown>;
  factors.forEach(([path], i) => {
    if (!isRefitPath(path)) return;
    if (setPath(cellRefit, parsed[i], combo[path]) === 0) {
      throw new VolleyInputError(file, lineOf(src, ['vary', path]), `vary.${path}`, `selects nothing in ${relative(process.cwd(), refit.file)}`);
    }
  });
  const checked = refitFileSchema(refit.ruleset).safeParse(cellRefit);
  if (!checked.success) {
    const d = describeIssue(checked.error.issues[0], cellRefit);
    const culprit = factors.find(([p]) => isRefitPath(p))?.[0] ?? '';
    throw new VolleyInputError(file, lineOf(src, ['vary', culprit]), `vary.${culprit}`, `value ${JSON.stringify(combo[culprit])} makes the refit invalid at ${formatPath(d.path)}: ${d.message}`);
  }
  // A rule that matches nothing in the scenario is refused at its line, as for a variant's refit.
  const [applied] = applyRefitToAll(refit.ruleset, [{ file: x.scenarioFile, data: x.baseData }], checked.data, refitErrorAt(refit.file, refit.src));
  for (const w of applied.warnings) warnings.add(w);
  const where = factors.some(([p]) => isRefitPath(p)) ? cellLabel(Object.fromEntries(Object.entries(combo).filter(([p]) => isRefitPath(p)))) : undefined;
  changes.push({ refit: refit.file, scenario: relative(process.cwd(), x.scenarioFile) || x.scenarioFile, ...(where ? { where } : {}), changes: applied.changes });
  return applied.data;
}

/** The cell of one combination of the factors (and one variant): the factors set, the scenario validated. */
function comboCell(x: ExperimentContext, combo: Record<string, unknown>, variantBase: Record<string, unknown>, variant: string | null, index: number): Cell {
  const { file, src, factors, setters } = x;
  const data = structuredClone(variantBase);
  factors.forEach(([path], i) => {
    if (isRefitPath(path)) return;
    if (setters[i](data, combo[path]) === 0) {
      throw new VolleyInputError(file, lineOf(src, ['vary', path]), `vary.${path}`, `selects nothing in ${relative(process.cwd(), x.scenarioFile)}`);
    }
  });
  const r = scenarioSchema.safeParse(data);
  if (!r.success) {
    const first = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
    const described = describeIssue(first, data, scenarioSchema);
    const at = formatPath(described.path);
    // The factor whose places lead furthest along the invalid field's path is the one to blame; when
    // none leads there, or two lead as far (a field the values change together), the cell is.
    let culprit: string | null = null;
    let best = 0;
    let tied = false;
    factors.forEach(([path], i) => {
      if (isRefitPath(path)) return;
      let n = 0;
      for (const place of placeKeysAt(data, x.parsed[i])) n = Math.max(n, sharedSegments(place, described.path));
      if (n > best) [best, culprit, tied] = [n, path, false];
      else if (n === best && n > 0) tied = true;
    });
    if (tied) culprit = null;
    if (culprit === null) {
      throw new VolleyInputError(file, lineOf(src, ['vary']), 'vary', `the cell ${cellLabel(combo)} makes the scenario invalid at ${at}: ${described.message}`);
    }
    throw new VolleyInputError(file, lineOf(src, ['vary', culprit]), `vary.${culprit}`, `value ${JSON.stringify(combo[culprit])} makes the scenario invalid at ${at}: ${described.message}`);
  }
  const cellFactors = variant === null ? combo : { ...combo, [VARIANT_FACTOR]: variant };
  return {
    index,
    label: cellLabel(cellFactors),
    factors: cellFactors,
    // Variants of one combination always share their dice: they are compared engagement by engagement.
    rngKey: x.experiment.commonRandomNumbers ? 'cell' : cellLabel(combo),
    scenario: r.data,
    options: resolvedOptionsOf(r.data),
  };
}

/**
 * Load an experiment: the file and its scenario, the factors (acrossDoctrines' included) checked apart,
 * the refit, then one cell per combination of the factors and, innermost, per variant. `override.vary`
 * replaces or adds factors after the file is read (volley tune sets its parameter so, `refit.` paths
 * included); a factor it adds that overlaps one of the file's is refused in the name of `override.flag`.
 */
export function loadExperiment(file: string, override?: { vary: Record<string, FactorValue[]>; flag: string }): LoadedExperiment {
  const { src, experiment } = readExperiment(file, override);
  return loadExperimentData(file, src, experiment, override);
}

/**
 * Load an experiment already read (`experiment`, as in `file`, whose source `src` gives the lines): an
 * experiment file with changes made on the command line, or a scenario run as one (src/sim/studies/settings.ts).
 */
export function loadExperimentData(file: string, src: YamlSource, experiment: Experiment, override?: { vary: Record<string, FactorValue[]>; flag: string }): LoadedExperiment {
  if (experiment.scenarios) return loadCrossSystem(file, src, experiment, experiment.scenarios);
  const { base, scenarioFile } = baseScenario(file, src, experiment.scenario!);
  addAcrossDoctrines(file, src, experiment, base.scenario);
  checkCellCount(file, src, experiment);
  const rulesetIds = RULESETS.map((r) => r.id);
  const baseData = withExperimentOptions(file, src, base, experiment.options);
  const reference = referenceIndex(experiment, { file, src });
  const factors = Object.entries(experiment.vary);
  const refit = experimentRefit(file, src, experiment, factors, base.scenario.ruleset);
  const ownRefit = experiment.variants?.findIndex((v) => v.refit !== undefined) ?? -1;
  if (refit && ownRefit >= 0) {
    throw new VolleyInputError(
      file,
      lineOf(src, ['variants', ownRefit, 'refit']),
      `variants[${ownRefit}].refit`,
      "the experiment's refit already applies to every cell; name a refit in each variant or at the top, not both",
    );
  }
  const parsed = parseFactors(file, src, factors, rulesetIds);
  const { setters, places: common } = factorSetters({ file, src, scenarioFile, base }, factors, parsed, baseData);
  // Where each factor writes, in the scenario (or the experiment's refit).
  const places = factors.map(([path], i) =>
    common[i] ?? (isRefitPath(path) ? (refit ? placesAt(refit.refit, parsed[i]).map((p) => `refit.${p}`) : []) : placesAt(baseData, parsed[i])),
  );
  const rs = findRuleset(base.scenario.ruleset)!;
  checkFactorsApart(file, src, factors, places, rs.doctrines.fields, override && { flag: override.flag, paths: new Set(Object.keys(override.vary)) });
  const x: ExperimentContext = { file, src, experiment, scenarioFile, base, baseData, factors, parsed, setters, refit, rulesetIds };

  const warnings = new Set<string>();
  // The refit first, then the variants (options, set), then the scenario's factors.
  const variantsOf = (data: Record<string, unknown>) => variantsData(experiment, data, { file, src, scenarioFile, rulesetId: base.scenario.ruleset, rulesetIds });
  const refitVaries = factors.some(([p]) => isRefitPath(p));
  const refitChanges: RefitChangeSet[] = [];
  const fixedBase = refitVaries ? null : refitted(x, {}, warnings, refitChanges);
  const fixedVariants = experiment.variants && fixedBase ? variantsOf(fixedBase) : null;
  const groups: ComparisonPlan['groups'] = [];
  let variantInfo: ReturnType<typeof variantsOf>['info'] | null = fixedVariants?.info ?? null;
  const cells: Cell[] = cartesian(factors).flatMap((combo, g) => {
    const cellBase = fixedBase ?? refitted(x, combo, warnings, refitChanges);
    const variants = experiment.variants ? (fixedVariants ?? variantsOf(cellBase)) : null;
    for (const w of variants?.warnings ?? []) warnings.add(w);
    for (const c of variants?.changes ?? []) if (!refitChanges.some((s) => s.refit === c.refit && s.where === c.where)) refitChanges.push(c);
    variantInfo ??= variants?.info ?? null;
    const bases = variants ? variants.data : [cellBase];
    if (variants) groups.push({ label: Object.keys(combo).length ? cellLabel(combo) : '', factors: combo, cells: bases.map((_, v) => g * bases.length + v) });
    return bases.map((variantBase, v) => comboCell(x, combo, variantBase, variants ? variants.info[v].name : null, g * bases.length + v));
  });
  const comparisons: ComparisonPlan | null = variantInfo
    ? { reference: variantInfo[reference].name, referenceIndex: reference, variants: variantInfo, groups }
    : null;
  return { file, experiment, scenarioFile, scenario: base.scenario, cells, systems: null, comparisons, warnings: [...warnings], refitChanges };
}

/** The factor cross-system cells take in labels, exports and results: the rule system's id. */
export const SYSTEM_FACTOR = 'system';

/**
 * A cross-system experiment (DESIGN.md, "Cross-system studies"): one scenario per rule system, each
 * played in every combination of the common factors (`<role>.quality`), with its own dice streams
 * (the cells of one system share their key when commonRandomNumbers holds). Cells go system by system,
 * in the order of `scenarios`. The experiment's options apply to the system whose prefix they carry.
 */
function loadCrossSystem(file: string, src: YamlSource, experiment: Experiment, names: readonly string[]): LoadedExperiment {
  const refuse = (field: string, message: string) => new VolleyInputError(file, lineOf(src, [field]), field, message);
  for (const field of ['scenario', 'refit', 'variants', 'reference', 'acrossDoctrines'] as const) {
    if (experiment[field] === undefined) continue;
    const why =
      field === 'scenario'
        ? 'give one scenario, or scenarios (one per rule system), not both'
        : `does not apply to a cross-system experiment (scenarios); ${field === 'refit' ? 'a refit belongs to one rule system' : "compare one system's variants or doctrines in an experiment of its own scenario"}`;
    throw refuse(field, why);
  }
  for (const path of Object.keys(experiment.vary)) {
    if (!ROLE_QUALITY.test(path)) {
      throw new VolleyInputError(
        file,
        lineOf(src, ['vary', path]),
        `vary.${path}`,
        "a cross-system experiment varies common factors only: <role>.quality (attacker.quality, defender.quality); vary one system's own values in an experiment of its scenario",
      );
    }
  }
  checkCellCount(file, src, { ...experiment, vary: { ...experiment.vary, [SYSTEM_FACTOR]: [...names] } });
  const rulesetIds = RULESETS.map((r) => r.id);
  const bases = names.map((name, i) => baseScenario(file, src, name, ['scenarios', i]));
  bases.forEach(({ base }, i) => {
    const first = bases.findIndex((b) => b.base.scenario.ruleset === base.scenario.ruleset);
    if (first < i) {
      throw new VolleyInputError(file, lineOf(src, ['scenarios', i]), `scenarios[${i}]`, `a second scenario of '${base.scenario.ruleset}' (scenarios[${first}] is one); name one scenario per rule system`);
    }
  });
  // One question: the scenarios that say which variant of the common order of battle they map must agree.
  const variants = bases.map((b) => b.base.scenario.common);
  const firstVariant = variants.findIndex((v) => v !== undefined);
  variants.forEach((v, i) => {
    if (v !== undefined && v !== variants[firstVariant]) {
      throw new VolleyInputError(
        file,
        lineOf(src, ['scenarios', i]),
        `scenarios[${i}]`,
        `maps variant ${v} of the common order of battle, scenarios[${firstVariant}] variant ${variants[firstVariant]}: the systems of one experiment answer one question`,
      );
    }
  });
  const systemIds = bases.map((b) => b.base.scenario.ruleset);
  for (const option of Object.keys(experiment.options)) {
    if (!systemIds.includes(option.split('.')[0])) {
      throw new VolleyInputError(file, lineOf(src, ['options', option]), `options.${option}`, `an option of '${option.split('.')[0]}', which plays no scenario here (${systemIds.join(', ')})`);
    }
  }
  const factors = Object.entries(experiment.vary);
  const combos = cartesian(factors);
  const cells: Cell[] = [];
  const systems: SystemPart[] = bases.map(({ base, scenarioFile }) => {
    const id = base.scenario.ruleset;
    const own = Object.fromEntries(Object.entries(experiment.options).filter(([o]) => o.split('.')[0] === id));
    const baseData = withExperimentOptions(file, src, base, own);
    const parsed = parseFactors(file, src, factors, rulesetIds);
    const { setters } = factorSetters({ file, src, scenarioFile, base }, factors, parsed, baseData);
    const x: ExperimentContext = { file, src, experiment, scenarioFile, base, baseData, factors, parsed, setters, refit: null, rulesetIds };
    const ownCells = combos.map((combo) => {
      const cell = comboCell(x, combo, baseData, null, cells.length);
      const factorsOf = { [SYSTEM_FACTOR]: id, ...combo };
      // Each system its own dice: the cells of one system share them (common random numbers), not the systems.
      const full: Cell = { ...cell, factors: factorsOf, label: cellLabel(factorsOf), rngKey: experiment.commonRandomNumbers ? id : `${id}/${cellLabel(combo)}` };
      cells.push(full);
      return full.index;
    });
    return { ruleset: id, scenarioFile, scenario: base.scenario, cells: ownCells };
  });
  return { file, experiment, scenarioFile: systems[0].scenarioFile, scenario: systems[0].scenario, cells, systems, comparisons: null, warnings: [], refitChanges: [] };
}

/**
 * How many engagements a cell plays: `engagements`, or a `precision` target (capped by
 * `maxEngagements`), one of the two. Variants cannot stop cell by cell: they are paired engagement by
 * engagement.
 */
function checkEngagementCount(file: string, src: YamlSource, x: Experiment): void {
  const at = (field: string, message: string) => new VolleyInputError(file, lineOf(src, [field]), field, message);
  if (x.precision === undefined) {
    if (x.maxEngagements !== undefined) throw at('maxEngagements', 'only with precision (without a target, engagements sets the engagements per cell)');
    if (x.engagements === undefined) throw at('engagements', 'missing: expected the engagements per cell, or a precision target (precision: 0.01)');
    return;
  }
  if (x.engagements !== undefined) throw at('precision', 'given with engagements: choose one (the target decides how many engagements each cell plays; cap them with maxEngagements)');
  if (x.variants) throw at('precision', 'does not apply to an experiment that compares variants: they are paired engagement by engagement and play the same engagements; give engagements');
  if (x.maxEngagements !== undefined && x.maxEngagements < x.batch) {
    throw at('maxEngagements', `expected at least one batch (${x.batch} engagements; see batch), found ${x.maxEngagements}`);
  }
  if (x.maxEngagements === undefined && DEFAULT_MAX_ENGAGEMENTS < x.batch) {
    throw at('batch', `a batch of ${x.batch} is more than a cell plays with precision (at most ${DEFAULT_MAX_ENGAGEMENTS.toLocaleString('en-US')} by default); set maxEngagements or a smaller batch`);
  }
}

/** Factor paths into the experiment's refit: `refit.defaultMorale`, `refit.rules[0].set.morale`, ... */
export const REFIT_PREFIX = 'refit.';
const isRefitPath = (path: string) => path.startsWith(REFIT_PREFIX);

/** The refit the experiment names (relative to the experiment file), or null; `refit.` factors need one. */
function experimentRefit(file: string, src: YamlSource, experiment: Experiment, factors: [string, unknown][], rulesetId: string): (LoadedRefit & { file: string }) | null {
  if (experiment.refit === undefined) {
    const stray = factors.find(([p]) => isRefitPath(p));
    if (stray) throw new VolleyInputError(file, lineOf(src, ['vary', stray[0]]), `vary.${stray[0]}`, "varies a refit value, but the experiment names no refit (add 'refit: FILE')");
    return null;
  }
  const path = resolve(dirname(file), experiment.refit);
  const shown = relative(process.cwd(), path) || path;
  if (!existsSync(path)) throw new VolleyInputError(file, lineOf(src, ['refit']), 'refit', `file not found: ${shown}`);
  return { file: shown, ...loadRefitFile(shown, rulesetId) };
}
