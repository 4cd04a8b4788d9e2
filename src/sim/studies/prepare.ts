/**
 * From a file on disk (experiment or scenario) and command-line overrides to a run plan and the
 * metadata results.json records.
 */
import { dirname, relative, resolve } from 'node:path';
import { VolleyInputError } from '../../core/errors.js';
import { checkCount, DEFAULT_MAX_ENGAGEMENTS, MAX_BATCH, MAX_ENGAGEMENTS } from '../../scenario/limits.js';
import { expectMap, loadExperiment, loadScenario, singleCell, SYSTEM_FACTOR, type Cell, type LoadedExperiment } from '../../scenario/load.js';
import { validateFile } from '../../scenario/validate.js';
import { VARIANT_FACTOR } from '../../scenario/variants.js';
import type { RefitChangeSet } from '../../scenario/refit.js';
import { readYaml } from '../../scenario/yamlFile.js';
import type { RunPlan } from '../engine/plan.js';
import { findRuleset } from '../../rules/index.js';
import type { Ruleset } from '../../core/ruleset.js';
import { buildResults, type Provenance, type Results, type ResultsInput } from '../../results/results.js';
import { buildCrossResults, type CrossResults } from '../../results/cross.js';
import type { CellAccumulator } from '../../stats/cellAccumulator.js';
import { trialsFor, type CellStop } from '../../stats/precision.js';
import { changedFlags, defaultFolder, folderSuffix, type FlagPart } from '../store/folderName.js';
import { inputsHash } from '../store/outputFolder.js';
import { planHash } from '../engine/planHash.js';
import { robustnessPlan } from '../../results/robustness.js';
import { loadWithSettings, type SettingsFlags } from './settings.js';

export interface RunRequest {
  file: string;
  engagements?: number;
  seed?: string | number;
  batch?: number;
  out?: string;
  checkInvariants?: boolean;
  /** Stop each cell at this 95% half-width of its primary proportions (--precision). */
  precision?: number;
  /** With `precision`: the most engagements a cell plays (--max-engagements). */
  maxEngagements?: number;
  /**
   * Play a fixed number of engagements even when the experiment names a precision target (volley
   * tune: every value tried plays the same engagements).
   */
  fixedCount?: boolean;
  /** Changes on the command line: --set PATH=VALUE (repeatable) and --compare PATH=A,B (src/sim/studies/settings.ts). */
  settings?: SettingsFlags;
}

/** A run's precision target as resolved from the flags and the file: where its cap came from, for messages. */
export interface Target {
  halfWidth: number;
  maxEngagements: number;
  /** '--max-engagements', 'maxEngagements in FILE', or null for the default cap. */
  capFrom: string | null;
}

/** The target of a run: --precision or the file's (`file`), capped by --max-engagements, the file's cap, or the default. */
function targetOf(req: RunRequest, file?: { precision?: number; maxEngagements?: number; name: string }): Target | null {
  const fileTarget = file?.precision !== undefined && !req.fixedCount && req.engagements === undefined && req.precision === undefined;
  const halfWidth = fileTarget ? file!.precision! : req.precision;
  if (halfWidth === undefined) {
    if (req.maxEngagements !== undefined) {
      throw flagError('--max-engagements', `only with a precision target (--precision${file ? `, or precision in ${file.name}` : ''})`);
    }
    return null;
  }
  // The file's cap holds for either target unless --max-engagements is given.
  if (req.maxEngagements !== undefined) return { halfWidth, maxEngagements: req.maxEngagements, capFrom: '--max-engagements' };
  if (file?.maxEngagements !== undefined) return { halfWidth, maxEngagements: file.maxEngagements, capFrom: `maxEngagements in ${file.name}` };
  return { halfWidth, maxEngagements: DEFAULT_MAX_ENGAGEMENTS, capFrom: null };
}

/** What results.json records of a run, apart from what its batches add. */
export type RunMeta = Omit<ResultsInput, 'accumulators'>;

/** One rule system of a cross-system run: its own results' metadata, and its cells' positions in the plan. */
export interface SystemRun {
  meta: RunMeta;
  cells: number[];
}

export interface PreparedRun {
  plan: RunPlan;
  cells: Cell[];
  outDir: string;
  /** The run's metadata (a cross-system run's: its first system's; `systems` has each). */
  meta: RunMeta;
  /** A cross-system run: each rule system's part, in the experiment's order; null otherwise. */
  systems: SystemRun[] | null;
  /** What the run should know before it plays: what the refits an experiment applies say of themselves, a precision target its cap stops short (printed as warnings; they change nothing). */
  warnings: string[];
  /** What those refits change in the scenario, printed before the run (and kept in the provenance). */
  refitChanges: RefitChangeSet[];
  /** The name that folders of this file start with: the experiment's, or the scenario's and `.scenario`. */
  folderName: string;
  /** The flags that change what the file plays, as they name its default folder (src/sim/store/folderName.ts). */
  changes: FlagPart[];
}

export const DEFAULT_ENGAGEMENTS = 1000;
export const DEFAULT_BATCH = 500;
export const DEFAULT_SEED = 1;
export { DEFAULT_MAX_ENGAGEMENTS };

const flagError = (flag: string, message: string) => new VolleyInputError(flag, undefined, undefined, message);

/** The flags of a precision run, checked before any file is read (exit code 2). */
function checkPrecisionFlags(req: RunRequest): void {
  if (req.maxEngagements !== undefined) checkCount('--max-engagements', req.maxEngagements, MAX_ENGAGEMENTS);
  if (req.precision === undefined) {
    if (req.maxEngagements !== undefined && req.engagements !== undefined) {
      throw flagError('--max-engagements', 'only with a precision target (-n sets the engagements per cell)');
    }
    return;
  }
  const h = req.precision;
  if (typeof h !== 'number' || !Number.isFinite(h) || h <= 0 || h >= 0.5) {
    throw flagError('--precision', `expected a half-width above 0 and below 0.5, as a fraction (0.01 is ±1 percentage point), found ${String(h)}`);
  }
  if (req.engagements !== undefined) {
    throw flagError('--precision', 'cannot be combined with -n/--engagements: the target decides how many engagements each cell plays; cap them with --max-engagements');
  }
}

export function prepareRun(req: RunRequest): PreparedRun {
  checkPrecisionFlags(req);
  const src = readYaml(req.file);
  expectMap(src);
  const kind = (src.data as { kind?: unknown } | null)?.kind;
  const rel = (f: string) => relative(process.cwd(), f) || f;
  const flags = req.settings && ((req.settings.set?.length ?? 0) > 0 || req.settings.compare !== undefined) ? req.settings : null;
  if (flags && (kind === 'experiment' || kind === 'scenario')) return withSettings(req, flags, kind);
  if (kind === 'experiment') {
    const e = loadExperiment(req.file);
    const x = e.experiment;
    // The file's precision target, unless the command line gives a count or a target of its own.
    const target = targetOf(req, { precision: x.precision, maxEngagements: x.maxEngagements, name: rel(req.file) });
    const engagements = req.engagements ?? x.engagements ?? DEFAULT_ENGAGEMENTS;
    const seed = req.seed ?? x.seed;
    const batch = req.batch ?? x.batch;
    const factors = e.comparisons ? { ...x.vary, [VARIANT_FACTOR]: e.comparisons.variants.map((v) => v.name) } : x.vary;
    const changes = experimentChanges(req, x);
    const prepared = finish(e.cells, engagements, seed, batch, experimentFolder(req, x, x.name, changes), req, target, {
      commonRandomNumbers: x.commonRandomNumbers,
      factors,
      ...(x.valueNames ? { valueNames: x.valueNames } : {}),
      comparisons: e.comparisons,
      scenarioFile: rel(e.scenarioFile),
      experiment: experimentMeta(req.file, e),
    });
    if (e.systems) {
      // Each rule system's results on their own: its cells, its vocabulary, its scenario.
      const systems = e.systems.map((sys) => ({
        cells: sys.cells,
        meta: { ...subsetMeta(prepared.meta, sys.cells), scenarioFile: rel(sys.scenarioFile) },
      }));
      const withSystems = { [SYSTEM_FACTOR]: e.systems.map((sys) => sys.ruleset), ...factors };
      return { ...prepared, meta: { ...prepared.meta, factors: withSystems }, systems, warnings: [...prepared.warnings, ...e.warnings], refitChanges: e.refitChanges, folderName: x.name, changes };
    }
    return { ...prepared, warnings: [...prepared.warnings, ...e.warnings], refitChanges: e.refitChanges, folderName: x.name, changes };
  }
  if (kind === 'scenario') {
    const target = targetOf(req);
    const s = loadScenario(req.file).scenario;
    // A scenario and an experiment may share a name (town-assault): the scenario's folders say which.
    const folderName = `${s.name}.scenario`;
    const changes = changedFlags([
      ['n', req.engagements, DEFAULT_ENGAGEMENTS],
      ['seed', req.seed, DEFAULT_SEED],
      ['batch', req.batch, DEFAULT_BATCH],
      ['precision', req.precision, undefined],
      ['max', req.maxEngagements, DEFAULT_MAX_ENGAGEMENTS],
    ]);
    const prepared = finish([singleCell(s)], req.engagements ?? DEFAULT_ENGAGEMENTS, req.seed ?? DEFAULT_SEED, req.batch ?? DEFAULT_BATCH, req.out ?? defaultFolder(folderName, changes), req, target, {
      commonRandomNumbers: true,
      factors: {},
      comparisons: null,
      scenarioFile: rel(req.file),
      experiment: null,
    });
    return { ...prepared, folderName, changes };
  }
  // Neither kind: the message `volley validate` gives for a file it cannot read, else what run plays.
  const playable = `expected 'scenario' or 'experiment', found ${kind === undefined ? 'nothing' : `'${String(kind)}'`}`;
  try {
    validateFile(req.file);
  } catch (e) {
    if (e instanceof VolleyInputError && e.field === 'kind') throw new VolleyInputError(e.file, e.line, 'kind', playable);
    throw e;
  }
  throw new VolleyInputError(req.file, 1, 'kind', playable);
}

/**
 * A run of `req.file` with the command line's changes (--set, --compare): loaded as an experiment
 * (a scenario file as one of its own scenario), its settings recorded with the results.
 */
function withSettings(req: RunRequest, flags: SettingsFlags, kind: 'experiment' | 'scenario'): PreparedRun {
  const { loaded: e, settings } = loadWithSettings(req.file, flags, { engagements: DEFAULT_ENGAGEMENTS, seed: DEFAULT_SEED, batch: DEFAULT_BATCH });
  const x = e.experiment;
  const rel = (f: string) => relative(process.cwd(), f) || f;
  const target = targetOf(req, kind === 'experiment' ? { precision: x.precision, maxEngagements: x.maxEngagements, name: rel(req.file) } : undefined);
  const factors = e.comparisons ? { ...x.vary, [VARIANT_FACTOR]: e.comparisons.variants.map((v) => v.name) } : x.vary;
  // The folder is the file's (a scenario's named as such), with the flags that change what it plays:
  // --set and --compare among them.
  const folderName = kind === 'experiment' ? x.name : `${x.name}.scenario`;
  const changes = experimentChanges(req, x, [
    ['set', flags.set?.length ? flags.set.join(' ') : undefined, undefined],
    ['compare', flags.compare, undefined],
  ]);
  const outDir = experimentFolder(req, kind === 'experiment' ? x : { ...x, out: undefined }, folderName, changes);
  const prepared = finish(e.cells, req.engagements ?? x.engagements ?? DEFAULT_ENGAGEMENTS, req.seed ?? x.seed, req.batch ?? x.batch, outDir, req, target, {
    commonRandomNumbers: x.commonRandomNumbers,
    factors,
    ...(x.valueNames ? { valueNames: x.valueNames } : {}),
    comparisons: e.comparisons,
    scenarioFile: rel(e.scenarioFile),
    experiment: kind === 'experiment' ? experimentMeta(req.file, e) : null,
    settings,
  });
  return { ...prepared, warnings: [...prepared.warnings, ...e.warnings], refitChanges: e.refitChanges, folderName, changes };
}

/** The experiment as results.json's provenance names it: its file, names, refit and what the refit changes. */
function experimentMeta(file: string, e: LoadedExperiment): Provenance['experiment'] {
  const x = e.experiment;
  const rel = (f: string) => relative(process.cwd(), f) || f;
  return {
    file: rel(file),
    name: x.name,
    title: x.title,
    question: x.question,
    ...(x.refit ? { refit: rel(resolve(dirname(file), x.refit)) } : {}),
    ...(e.refitChanges.length ? { refitChanges: e.refitChanges } : {}),
  };
}

type Flag = readonly [flag: string, value: string | number | undefined, fileValue: string | number | undefined];

/** The flags given that change what an experiment file plays (and name its default folder), then `more`. */
function experimentChanges(req: RunRequest, x: LoadedExperiment['experiment'], more: readonly Flag[] = []): FlagPart[] {
  return changedFlags([
    ['n', req.engagements, x.engagements ?? DEFAULT_ENGAGEMENTS],
    ['seed', req.seed, x.seed ?? DEFAULT_SEED],
    ['batch', req.batch, x.batch ?? DEFAULT_BATCH],
    ['precision', req.precision, x.precision],
    ['max', req.maxEngagements, x.maxEngagements ?? DEFAULT_MAX_ENGAGEMENTS],
    ...more,
  ]);
}

/** --out, else the file's own `out` or reports/<name>, with the suffix of the flags that change it. */
function experimentFolder(req: RunRequest, x: Pick<LoadedExperiment['experiment'], 'out'>, name: string, changes: readonly FlagPart[]): string {
  return req.out ?? (x.out !== undefined ? `${x.out.replace(/\/+$/, '')}${folderSuffix(changes)}` : defaultFolder(name, changes));
}

function finish(
  cells: Cell[],
  engagements: number,
  seed: string | number,
  batch: number,
  outDir: string,
  req: RunRequest,
  target: Target | null,
  rest: Pick<ResultsInput, 'commonRandomNumbers' | 'factors' | 'valueNames' | 'scenarioFile' | 'experiment' | 'comparisons' | 'settings'>,
): Omit<PreparedRun, 'folderName' | 'changes'> {
  checkCount('--engagements', engagements, MAX_ENGAGEMENTS);
  checkCount('--batch', batch, MAX_BATCH);
  if (target && rest.comparisons) {
    // Cells stop on their own; variants are compared engagement by engagement and must play the same ones.
    throw new VolleyInputError(
      '--precision',
      undefined,
      undefined,
      `does not apply to ${rest.experiment?.file ?? 'this experiment'}, which compares variants: they are paired engagement by engagement and play the same engagements; give -n`,
    );
  }
  if (target) {
    // The target decides how many engagements each cell plays, up to the maximum (the file's are not used).
    engagements = target.maxEngagements;
    if (engagements < batch) {
      if (target.capFrom === '--max-engagements') {
        throw flagError('--max-engagements', `expected at least one batch (${batch} engagements; see --batch), found ${engagements}`);
      }
      const cap = `${engagements.toLocaleString('en-US')}${target.capFrom ? `, ${target.capFrom}` : ' by default; see --max-engagements'}`;
      throw flagError('--batch', `expected at most the most engagements a cell plays (${cap}), found ${batch}`);
    }
  }
  const warnings = target ? capWarning(target) : [];
  const rulesetId = cells[0].scenario.ruleset;
  const plan: RunPlan = {
    rulesetId,
    seed,
    engagements,
    batch,
    // A cell of another rule system than the first names its own (a cross-system experiment).
    cells: cells.map((c) => ({ index: c.index, rngKey: c.rngKey, scenario: c.scenario, options: c.options, ...(c.scenario.ruleset !== rulesetId ? { ruleset: c.scenario.ruleset } : {}) })),
    checkInvariants: req.checkInvariants ?? false,
    // Paired comparisons need each engagement's figures, not only their sums: those of variants, and
    // those of a study across doctrines (each pairing's effect, on the same dice; not with a target,
    // where cells play different numbers of engagements).
    ...(rest.comparisons || (!target && robustnessPlan(rest.factors, cells)) ? { pairs: true } : {}),
    ...(target ? { precision: { halfWidth: target.halfWidth } } : {}),
  };
  const shapes = cells.map((c) => {
    const rs = findRuleset(c.scenario.ruleset)!;
    return rs.describe(rs.compile(c.scenario, c.options));
  });
  const rs = findRuleset(rulesetId)!;
  const ruleset = rulesetMeta(rs);
  return { plan, cells, outDir, meta: { ruleset, cells, shapes, seed, engagements, batch, ...rest }, systems: null, warnings, refitChanges: [] };
}

/**
 * Said before a precision run plays, when the default cap (no --max-engagements, no maxEngagements in
 * the file) stops it short: a share near one half needs trialsFor(1/2, H) engagements for the target, and
 * a cell whose shares are near there stops at the cap with a wider interval (said again when the run
 * ends). A cap the user gave is the user's choice, said only at the end.
 */
export function capWarning(target: Target): string[] {
  const needed = trialsFor(0.5, target.halfWidth);
  if (target.capFrom !== null || needed <= target.maxEngagements) return [];
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `--precision ${target.halfWidth} needs up to ${n(needed)} engagements a cell (for a share near 50%); cells stop at ${n(target.maxEngagements)} by default, some with wider intervals (see --max-engagements)`,
  ];
}

/**
 * What fixes a run's output, as a hash recorded beside it when it is finished: the plan (version, rule
 * systems, scenarios, options, seed, engagements, batch, precision) and what the report says of the files
 * (their names, titles, questions, factors and the names of their values). The same hash means the same results.json and report,
 * apart from the timing: a run asked again is shown from its folder instead of being played again.
 */
export function runInputs(prep: Pick<PreparedRun, 'plan' | 'meta'>): string {
  const m = prep.meta;
  return inputsHash({ plan: planHash(prep.plan), experiment: m.experiment, scenarioFile: m.scenarioFile, factors: m.factors, valueNames: m.valueNames, commonRandomNumbers: m.commonRandomNumbers, settings: m.settings });
}

/** What the results take of a rule system: its names, its vocabulary, and what each kind of its scenarios does not measure. */
function rulesetMeta(rs: Ruleset<any, any>): ResultsInput['ruleset'] {
  return { id: rs.id, title: rs.title, vocabulary: rs.vocabulary, scenarioKinds: rs.scenarioKinds.map((k) => ({ engagement: k.engagement, ...(k.unmeasured ? { unmeasured: k.unmeasured } : {}) })) };
}

/** The metadata of some of a run's cells (one rule system's), with their rule system and shapes. */
function subsetMeta(meta: RunMeta, cells: readonly number[]): RunMeta {
  const rs = findRuleset((meta.cells[cells[0]] as Cell).scenario.ruleset)!;
  return {
    ...meta,
    factors: Object.fromEntries(Object.entries(meta.factors).filter(([k]) => k !== SYSTEM_FACTOR)),
    ruleset: rulesetMeta(rs),
    cells: cells.map((i) => meta.cells[i]),
    shapes: cells.map((i) => meta.shapes[i]),
  };
}

/**
 * The results of a finished run from its merged accumulators (and, in a precision run, how each cell
 * stopped): a cross-system run's each system's results and the comparison, else the run's results.
 */
export function resultsOf(prep: Pick<PreparedRun, 'meta' | 'systems'>, accumulators: CellAccumulator[], precision?: { halfWidth: number; stops: CellStop[] }): Results | CrossResults {
  if (!prep.systems) return buildResults({ ...prep.meta, accumulators, ...(precision ? { precision } : {}) });
  const systems = prep.systems.map((sys) =>
    buildResults({
      ...sys.meta,
      accumulators: sys.cells.map((i) => accumulators[i]),
      ...(precision ? { precision: { halfWidth: precision.halfWidth, stops: sys.cells.map((i) => precision.stops[i]) } } : {}),
    }),
  );
  const x = prep.meta.experiment!;
  const common = Object.fromEntries(Object.entries(prep.meta.factors).filter(([k]) => k !== SYSTEM_FACTOR));
  const shortNames = Object.fromEntries(prep.systems.map((sys) => [sys.meta.ruleset.id, findRuleset(sys.meta.ruleset.id)?.short ?? sys.meta.ruleset.title]));
  return buildCrossResults({ systems, shortNames, experiment: { file: x.file, name: x.name, title: x.title, question: x.question }, factors: common, systemFactor: SYSTEM_FACTOR });
}
