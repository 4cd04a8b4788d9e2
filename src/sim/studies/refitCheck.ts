/**
 * `volley refit check`: what each exception of a refit changes. For every exception (a rule on one
 * unit, or a formation, army or leader entry) and every scenario it touches, the same engagements are
 * played twice with the same dice (common random numbers: the same seed and cell key): once with the
 * whole refit, once with that one value left at its default. The per-engagement differences of the
 * unit's retreat, elimination and failed morale checks, and of its side's win, go into paired
 * accumulators (src/stats/paired.ts).
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EngagementDice } from '../../core/dice.js';
import type { EngagementResult } from '../../core/result.js';
import type { ResolvedOptions, Ruleset } from '../../core/ruleset.js';
import { findRuleset } from '../../rules/index.js';
import { formatPath, VolleyInputError } from '../../scenario/errors.js';
import { checkCount, MAX_ENGAGEMENTS } from '../../scenario/limits.js';
import { expectMap, singleCell } from '../../scenario/load.js';
import { applyRefit, applyRefitToAll, loadRefitFile, type AppliedRefit, type RefitOmit } from '../../scenario/refit.js';
import type { Refit } from '../../rules/aor/refit/schema.js';
import { scenarioSchema } from '../../scenario/schema.js';
import { describeIssue, lineOf, readYaml, validate } from '../../scenario/yamlFile.js';
import { wilson, type Proportion } from '../../stats/intervals.js';
import { addPair, emptyPaired, mergePaired, pairedDifference, type PairedAcc, type PairedDifference } from '../../stats/paired.js';
import { EngagementError, type EngagementFailure } from '../engine/batch.js';
import { VOLLEY_VERSION } from '../../results/version.js';
import { DUEL_ROLES, duelScenario, duelSubjects, standardUnit, type DuelRole, type StandardUnit } from '../../rules/aor/refit/duel.js';

export const REFIT_CHECK_FILE = 'refit-check.json';
export const REFIT_CHECK_PAGE = 'refit-check.html';
/** The cell key both variants share: engagement i of both sees the same dice. */
const RNG_KEY = 'cell';

export interface RefitCheckRequest {
  refitFile: string;
  scenarioFiles: string[];
  engagements: number;
  seed: string | number;
}

/** What the exception is, for the report. */
export interface ExceptionInfo {
  scenario: string;
  list: AppliedRefit['list'];
  ruleIndex: number;
  /** The unit, for rule exceptions. */
  unit: string | null;
  /** The formation, side or leader, for the other entries. */
  target: string | null;
  side: 0 | 1;
  sideName: string;
  field: string;
  value: unknown;
  /** The value without the exception. */
  defaultValue: unknown;
  note: string | null;
}

/** One pair of cells: what a worker (or this thread) plays. */
export interface PairTask {
  index: number;
  rulesetId: string;
  seed: string | number;
  engagements: number;
  withScenario: unknown;
  withOptions: ResolvedOptions;
  baseScenario: unknown;
  baseOptions: ResolvedOptions;
  unit: string | null;
  side: 0 | 1;
}

export interface PairAccs {
  retreated: PairedAcc;
  eliminated: PairedAcc;
  checksFailed: PairedAcc;
  sideWon: PairedAcc;
  /** Σ of each figure with the exception (the first of the pair): its level, beside the difference. */
  withSums: { retreated: number; eliminated: number; checksFailed: number; sideWon: number };
}

export type PairReply = { ok: true; accs: PairAccs } | { ok: false; failure: EngagementFailure };

/** One standard duel (src/rules/aor/refit/duel.ts): the unit as rated against the unit at defaults. */
export interface DuelInfo {
  unit: string;
  /** Every unit with the same counter: the duel is theirs too. */
  units: string[];
  scenario: string;
  role: DuelRole;
  /** The unit's side in the duel: 0 attacking, 1 defending. */
  side: 0 | 1;
  rated: Record<string, unknown>;
  atDefaults: Record<string, unknown>;
}

export interface PreparedRefitCheck {
  refit: Refit;
  refitFile: string;
  scenarioFiles: string[];
  exceptions: ExceptionInfo[];
  /** The standard duels; their tasks follow the exceptions' in `tasks`. */
  duels: DuelInfo[];
  standard: StandardUnit;
  /** Exceptions' tasks first (task k is exception k), then the duels'. */
  tasks: PairTask[];
  warnings: string[];
  engagements: number;
  seed: string | number;
}

const rel = (f: string) => relative(process.cwd(), f) || f;


/** Validate a refitted scenario; an error names the refit file and the scenario. */
function validated(data: unknown, refitFile: string, scenarioFile: string) {
  const r = scenarioSchema.safeParse(data);
  if (r.success) return r.data;
  const first = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
  const d = describeIssue(first, data);
  throw new VolleyInputError(refitFile, undefined, undefined, `makes ${scenarioFile} invalid at ${formatPath(d.path)}: ${d.message}`);
}

/** A value of the refitted scenario data, for the report's "default" column. */
function valueIn(data: Record<string, unknown>, a: AppliedRefit, unit: string | null): unknown {
  const sides = (data.sides as Record<string, unknown>[] | undefined) ?? [];
  if (a.list === 'rules') {
    const units: Record<string, unknown>[] = [];
    if (data.engagement === 'battle') for (const s of sides) for (const f of s.formations as { units: Record<string, unknown>[] }[]) units.push(...f.units);
    else {
      for (const st of (data.attacker as { stacks: { units: Record<string, unknown>[] }[] }).stacks) units.push(...st.units);
      units.push(...(data.defender as { units: Record<string, unknown>[] }).units);
    }
    const u = units.find((x) => x.id === unit);
    if (!u) return null;
    if (a.field.startsWith('flags.')) return ((u.flags as string[] | undefined) ?? []).includes(a.field.slice(6));
    return u[a.field] ?? null;
  }
  const side = sides[a.side ?? 0] ?? {};
  if (a.list === 'armies') return side.armyDemoralization ?? null;
  const formations = (side.formations as Record<string, unknown>[]) ?? [];
  if (a.list === 'formations') return formations.find((f) => f.id === a.target)?.demoralization ?? null;
  const leaders = [...formations.map((f) => f.leader as Record<string, unknown> | undefined), ...((side.commanders as Record<string, unknown>[]) ?? [])];
  return leaders.find((l) => l?.id === a.target)?.rating ?? null;
}

/** Read and check everything; nothing is played yet. Input errors are VolleyInputErrors. */
export function prepareRefitCheck(req: RefitCheckRequest): PreparedRefitCheck {
  checkCount('--engagements', req.engagements, MAX_ENGAGEMENTS);
  if (req.scenarioFiles.length === 0) throw new VolleyInputError('--scenario', undefined, undefined, 'name at least one scenario');
  const { src, refit } = loadRefitFile(req.refitFile);
  const scenarios = req.scenarioFiles.map((file) => {
    const s = readYaml(file);
    expectMap(s, "'kind: scenario'");
    const k = (s.data as { kind?: unknown }).kind;
    if (k !== 'scenario') throw new VolleyInputError(file, lineOf(s, ['kind']) ?? 1, 'kind', `expected 'scenario', found ${k === undefined ? 'nothing' : `'${String(k)}'`}`);
    validate(s, scenarioSchema); // the scenario is good on its own
    return { file: rel(file), data: s.data as Record<string, unknown> };
  });
  const at = { file: req.refitFile, src };
  const outcomes = applyRefitToAll(scenarios, refit, at);
  const exceptions: ExceptionInfo[] = [];
  const tasks: PairTask[] = [];
  const warnings = [...new Set(outcomes.flatMap((o) => o.warnings))];
  scenarios.forEach((sc, si) => {
    const outcome = outcomes[si];
    const withScenario = validated(outcome.data, req.refitFile, sc.file);
    const withCell = singleCell(withScenario);
    const rs = findRuleset(withScenario.ruleset)!;
    const compiled = rs.compile(withScenario, withCell.options);
    const names = rs.unitNames(compiled);
    const sideNames = rs.describe(compiled).sides.map((s) => s.name);
    for (const a of outcome.applied) {
      const units: (string | null)[] = a.list === 'rules' ? a.unitIds : [null];
      for (const unit of units) {
        const omit: RefitOmit = { list: a.list, ruleIndex: a.ruleIndex, field: a.field, unitId: unit ?? undefined };
        const base = applyRefit(sc.data, refit, at, omit);
        const baseScenario = validated(base.data, req.refitFile, sc.file);
        const side = unit === null ? (a.side ?? 0) : (names.find((n) => n.id === unit)?.side ?? 0);
        exceptions.push({
          scenario: sc.file,
          list: a.list,
          ruleIndex: a.ruleIndex,
          unit,
          target: a.target ?? null,
          side,
          sideName: sideNames[side] ?? String(side),
          field: a.field,
          value: a.value,
          defaultValue: valueIn(base.data, a, unit),
          note: a.note ?? null,
        });
        tasks.push({
          index: tasks.length,
          rulesetId: withScenario.ruleset,
          seed: req.seed,
          engagements: req.engagements,
          withScenario,
          withOptions: withCell.options,
          baseScenario,
          baseOptions: singleCell(baseScenario).options,
          unit,
          side,
        });
      }
    }
  });
  const standard = standardUnit(refit);
  const duels: DuelInfo[] = [];
  const subjects = duelSubjects(
    scenarios.map((sc, si) => ({ file: sc.file, raw: sc.data, refitted: outcomes[si].data })),
    refit,
  );
  for (const d of subjects) {
    const sc = scenarios.find((x) => x.file === d.scenario)!;
    const ruleset = String(sc.data.ruleset);
    const options = (sc.data.options as Record<string, unknown> | undefined) ?? {};
    for (const role of DUEL_ROLES) {
      const what = `the standard duel of ${d.unit} (${role})`;
      const withScenario = validated(duelScenario(d.rated, role, standard, ruleset, options), req.refitFile, what);
      const baseScenario = validated(duelScenario(d.atDefaults, role, standard, ruleset, options), req.refitFile, what);
      const side = role === 'attacking' ? 0 : 1;
      duels.push({ unit: d.unit, units: d.units, scenario: d.scenario, role, side, rated: d.rated, atDefaults: d.atDefaults });
      tasks.push({
        index: tasks.length,
        rulesetId: ruleset,
        seed: req.seed,
        engagements: req.engagements,
        withScenario,
        withOptions: singleCell(withScenario).options,
        baseScenario,
        baseOptions: singleCell(baseScenario).options,
        unit: d.unit,
        side,
      });
    }
  }
  return {
    refit,
    refitFile: rel(req.refitFile),
    scenarioFiles: scenarios.map((s) => s.file),
    exceptions,
    duels,
    standard,
    tasks,
    warnings,
    engagements: req.engagements,
    seed: req.seed,
  };
}

export const emptyPairAccs = (): PairAccs => ({
  retreated: emptyPaired(),
  eliminated: emptyPaired(),
  checksFailed: emptyPaired(),
  sideWon: emptyPaired(),
  withSums: { retreated: 0, eliminated: 0, checksFailed: 0, sideWon: 0 },
});

/** Add engagement pair (a with the exception, b without) to the accumulators. */
export function addEngagementPair(accs: PairAccs, a: EngagementResult, b: EngagementResult, unitIndex: number, side: 0 | 1): void {
  if (unitIndex >= 0) {
    const ua = a.units[unitIndex];
    const ub = b.units[unitIndex];
    addPair(accs.retreated, ua.retreated ? 1 : 0, ub.retreated ? 1 : 0);
    addPair(accs.eliminated, ua.eliminated ? 1 : 0, ub.eliminated ? 1 : 0);
    addPair(accs.checksFailed, ua.checksFailed, ub.checksFailed);
    accs.withSums.retreated += ua.retreated ? 1 : 0;
    accs.withSums.eliminated += ua.eliminated ? 1 : 0;
    accs.withSums.checksFailed += ua.checksFailed;
  }
  addPair(accs.sideWon, a.winner === side ? 1 : 0, b.winner === side ? 1 : 0);
  accs.withSums.sideWon += a.winner === side ? 1 : 0;
}

/** Play engagements 0..n-1 of both cells with the same dice and pair them. */
export function runPairTask(t: PairTask): PairAccs {
  const rs = findRuleset(t.rulesetId) as Ruleset<unknown, unknown> | undefined;
  if (!rs) throw new Error(`unknown ruleset '${t.rulesetId}'`);
  const cw = rs.compile(t.withScenario, t.withOptions);
  const cb = rs.compile(t.baseScenario, t.baseOptions);
  const unitIndex = t.unit === null ? -1 : rs.unitNames(cw).findIndex((u) => u.id === t.unit);
  const unitIndexB = t.unit === null ? -1 : rs.unitNames(cb).findIndex((u) => u.id === t.unit);
  if (unitIndex !== unitIndexB) throw new Error(`unit '${t.unit}' is not in the same place in both variants`);
  const outW = rs.newResult(cw);
  const outB = rs.newResult(cb);
  const accs = emptyPairAccs();
  for (let i = 0; i < t.engagements; i++) {
    const play = (compiled: unknown, out: EngagementResult) => {
      const dice = EngagementDice.for(t.seed, RNG_KEY, i);
      try {
        return rs.play(compiled, dice, { out, checkInvariants: false });
      } catch (e) {
        throw new EngagementError(t.index, i, dice.seed, e instanceof Error ? e.message : String(e));
      }
    };
    const a = play(cw, outW);
    const b = play(cb, outB);
    addEngagementPair(accs, a, b, unitIndex, t.side);
  }
  return accs;
}

export function pairedWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return fileURLToPath(new URL('./refitWorkerEntry.cjs', import.meta.url));
  const built = here.replace(/[/\\]src[/\\]sim[/\\]studies[/\\]refitCheck\.ts$/, '/dist/src/sim/studies/refitWorkerEntry.cjs');
  if (!existsSync(built)) throw new Error(`the worker is not built (${built}); run 'npm run build'`);
  return built;
}

/** Run every pair: in this thread (workers = 0) or on a pool. Sums are integers: any order gives the same. */
export async function runRefitCheck(prep: PreparedRefitCheck, workers: number, onDone?: (done: number, total: number) => void): Promise<PairAccs[]> {
  const total = prep.tasks.length;
  if (workers === 0) {
    return prep.tasks.map((t, k) => {
      const r = runPairTask(t);
      onDone?.(k + 1, total);
      return r;
    });
  }
  const { Piscina } = await import('piscina');
  const pool = new Piscina({ filename: pathToFileURL(pairedWorkerFile()).href, minThreads: 0, maxThreads: workers });
  let done = 0;
  try {
    return await Promise.all(
      prep.tasks.map(async (t) => {
        const r = (await pool.run(t)) as PairReply;
        if (!r.ok) throw EngagementError.fromPlain(r.failure);
        onDone?.(++done, total);
        return r.accs;
      }),
    );
  } finally {
    await pool.destroy().catch(() => undefined);
  }
}

export interface ExceptionResult extends ExceptionInfo {
  n: number;
  /** Paired differences (with the exception minus without), mean and 95% interval; null for entries that are not units. */
  retreated: PairedDifference | null;
  eliminated: PairedDifference | null;
  checksFailed: PairedDifference | null;
  sideWon: PairedDifference;
  noMeasurableEffect: boolean;
  largestEffect: boolean;
}

/** A duel's figures for the unit's side: shares of engagements with their 95% Wilson intervals. */
export interface DuelFigures {
  sideWon: Proportion;
  retreated: Proportion;
  eliminated: Proportion;
  /** Failed morale checks of the unit per engagement. */
  checksFailed: number;
}

export interface DuelResult extends DuelInfo {
  n: number;
  /** The unit as the refit rates it, and at the refit's defaults. */
  figuresRated: DuelFigures;
  figuresAtDefaults: DuelFigures;
  /** Paired differences, rated minus at defaults. */
  difference: { sideWon: PairedDifference; retreated: PairedDifference; eliminated: PairedDifference; checksFailed: PairedDifference };
}

export interface RefitCheckResults {
  format: 'volley-refit-check/1';
  volleyVersion: string;
  refit: { file: string; name: string; title: string | null; defaultMorale: number };
  /** The standard unit of the duels. */
  standard: StandardUnit;
  duels: DuelResult[];
  scenarios: string[];
  seed: string | number;
  engagements: number;
  commonRandomNumbers: true;
  level: number;
  method: string;
  warnings: string[];
  exceptions: ExceptionResult[];
}

export const LARGEST_EFFECTS = 3;

export function buildRefitResults(prep: PreparedRefitCheck, accs: PairAccs[]): RefitCheckResults {
  const rows: ExceptionResult[] = prep.exceptions.map((x, k) => {
    const a = accs[k];
    const isUnit = x.unit !== null;
    const diffs = {
      retreated: isUnit ? pairedDifference(a.retreated) : null,
      eliminated: isUnit ? pairedDifference(a.eliminated) : null,
      checksFailed: isUnit ? pairedDifference(a.checksFailed) : null,
      sideWon: pairedDifference(a.sideWon),
    };
    const all = [diffs.retreated, diffs.eliminated, diffs.checksFailed, diffs.sideWon].filter((d): d is PairedDifference => d !== null);
    return { ...x, n: a.sideWon.n, ...diffs, noMeasurableEffect: all.every((d) => d.containsZero), largestEffect: false };
  });
  [...rows]
    .filter((r) => !r.sideWon.containsZero)
    .sort((p, q) => Math.abs(q.sideWon.mean) - Math.abs(p.sideWon.mean))
    .slice(0, LARGEST_EFFECTS)
    .forEach((r) => (r.largestEffect = true));
  const duels = prep.duels.map((d, j): DuelResult => {
    const a = accs[prep.exceptions.length + j];
    const n = a.sideWon.n;
    const figures = (k: (c: keyof PairAccs['withSums']) => number): DuelFigures => ({
      sideWon: wilson(k('sideWon'), n),
      retreated: wilson(k('retreated'), n),
      eliminated: wilson(k('eliminated'), n),
      checksFailed: n ? k('checksFailed') / n : 0,
    });
    return {
      ...d,
      n,
      figuresRated: figures((c) => a.withSums[c]),
      // Without the exceptions: the sum with them minus the sum of the differences.
      figuresAtDefaults: figures((c) => a.withSums[c] - a[c].sum),
      difference: {
        sideWon: pairedDifference(a.sideWon),
        retreated: pairedDifference(a.retreated),
        eliminated: pairedDifference(a.eliminated),
        checksFailed: pairedDifference(a.checksFailed),
      },
    };
  });
  return {
    format: 'volley-refit-check/1',
    volleyVersion: VOLLEY_VERSION,
    refit: { file: prep.refitFile, name: prep.refit.name, title: prep.refit.title ?? null, defaultMorale: prep.refit.defaultMorale },
    standard: prep.standard,
    duels,
    scenarios: prep.scenarioFiles,
    seed: prep.seed,
    engagements: prep.engagements,
    commonRandomNumbers: true,
    level: 0.95,
    method:
      'Paired differences: engagement i is played with and without the exception with the same dice; mean of the per-engagement differences (with minus without) with the normal 95% interval mean ± 1.96·s/√n, s the sample standard deviation of the differences.',
    warnings: prep.warnings,
    exceptions: rows,
  };
}

/** Merge accumulators of the same exception (kept for callers that split a task). */
export function mergePairAccs(into: PairAccs, other: PairAccs): void {
  mergePaired(into.retreated, other.retreated);
  mergePaired(into.eliminated, other.eliminated);
  mergePaired(into.checksFailed, other.checksFailed);
  mergePaired(into.sideWon, other.sideWon);
  for (const k of Object.keys(into.withSums) as (keyof PairAccs['withSums'])[]) into.withSums[k] += other.withSums[k];
}
