/**
 * Changes made on the command line to the file a run plays (`volley run FILE --set PATH=VALUE` and
 * `--compare PATH=A,B`), without writing an experiment file. A path is one of `vary`'s (docs/files.md,
 * "Vary paths"): a rule option (`aor.squareEffect`) or a scenario value (`defender.units[*].morale`).
 *
 * --set fixes a value in every cell: it is played as a factor of one value (after the file's refit and
 * variants, as `vary` is), and left out of the cells' labels and factors, since it does not vary.
 * --compare makes each value a variant, compared in pairs on the same dice, as an experiment's
 * `variants` (the first value is the reference). A scenario file is played as an experiment of that
 * scenario. Both are recorded in results.json (`provenance.settings`) and its hash.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { VolleyInputError } from '../../core/errors.js';
import { didYouMean } from '../../core/suggest.js';
import { findRuleset, RULESETS } from '../../rules/index.js';
import { cellLabel, loadExperimentData, loadScenario, readExperiment, type LoadedExperiment } from '../../scenario/load.js';
import { parsePath, PathError, setPath } from '../../scenario/paths.js';
import type { Experiment, FactorValue } from '../../scenario/schema.js';
import { readYaml, type YamlSource } from '../../scenario/yamlFile.js';
import type { RunSettings as ResultsSettings } from '../../results/results.js';

type Variant = NonNullable<Experiment['variants']>[number];

export const SET_FLAG = '--set';
export const COMPARE_FLAG = '--compare';

/** What the command line changed, as results.json records it. */
export interface RunSettings extends ResultsSettings {
  set: Record<string, FactorValue>;
  compare: { path: string; values: FactorValue[] } | null;
}

/** The flags as given: PATH=VALUE (repeatable) and PATH=A,B,... */
export interface SettingsFlags {
  set?: readonly string[];
  compare?: string;
}

const flagError = (flag: string, message: string) => new VolleyInputError(flag, undefined, undefined, message);

/** "PATH=VALUE" split at its first '='; both sides must be there. */
export function splitSetting(flag: string, text: string): { path: string; value: string } {
  const i = text.indexOf('=');
  const path = i < 0 ? '' : text.slice(0, i).trim();
  const value = i < 0 ? '' : text.slice(i + 1).trim();
  const example = flag === COMPARE_FLAG ? 'aor.squareEffect=7.6,7.10' : 'aor.squareEffect=7.10';
  if (i < 0 || path === '' || value === '') throw flagError(flag, `expected PATH=${flag === COMPARE_FLAG ? 'A,B' : 'VALUE'} (e.g. ${example}), found '${text}'`);
  return { path, value };
}

/** An option path (`aor.x`, `options.aor.x`) as the option's name, or null for a scenario path. */
export function optionNameOf(path: string): string | null {
  if (path.startsWith('options.')) return path.slice('options.'.length);
  return RULESETS.some((r) => r.id === path.split('.')[0]) ? path : null;
}

/**
 * The value a flag's text stands for at `path` in a scenario of rule system `rulesetId`: an option's
 * declared value whose text it is (7.10 is the option value "7.10", not the number 7.1), else the text
 * read as YAML (5 is a number, true a boolean, town a word).
 */
export function settingValue(flag: string, path: string, text: string, rulesetId: string): FactorValue {
  const name = optionNameOf(path);
  if (name === null) return scenarioValue(flag, path, text);
  const rs = findRuleset(rulesetId)!;
  const owner = name.split('.')[0];
  if (owner !== rs.id && RULESETS.some((r) => r.id === owner)) throw flagError(flag, `${path} is an option of '${owner}', but the file plays '${rs.id}' (see 'volley rulesets ${rs.id}')`);
  const spec = rs.options.find((o) => o.name === name);
  if (!spec) throw flagError(flag, `unknown option '${name}' (see 'volley rulesets ${rs.id}')${didYouMean(name, rs.options.map((o) => o.name))}`);
  const value = spec.values.find((v) => String(v) === text);
  if (value === undefined) throw flagError(flag, `${name} cannot be '${text}'; expected one of ${spec.values.map(String).join(', ')}`);
  return value;
}

/**
 * A scenario value's text read as YAML, as a file's factor value is: a number, a boolean, a word, or a
 * list of them (`[elite, guard]`). A map is refused (a factor value is never one): its fields are set
 * one by one. Text YAML cannot read, and null, stand for themselves as words.
 */
function scenarioValue(flag: string, path: string, text: string): FactorValue {
  let v: unknown;
  try {
    v = parseYaml(text);
  } catch {
    return text;
  }
  const scalar = (x: unknown) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';
  if (v === null) return text;
  if (Array.isArray(v)) {
    if (v.every(scalar)) return v as FactorValue;
    throw flagError(flag, `${path}: a list of numbers, words or booleans, found '${text}'`);
  }
  if (typeof v === 'object') {
    const first = Object.keys(v as object)[0] ?? 'field';
    throw flagError(flag, `${path}: a map is not a value --set gives; set its fields one at a time (--set ${path}.${first}=...)`);
  }
  return v as FactorValue;
}

/** The path as a factor key: an option by its name alone (`options.aor.x` is `aor.x`). */
const factorKey = (path: string) => optionNameOf(path) ?? path;

/**
 * The experiment to load: `file`'s own (kind experiment), or one made for a scenario file, which plays
 * it as `volley run` does (one cell, the engagements and seed given by the caller's defaults).
 */
function baseExperiment(file: string, defaults: { engagements: number; seed: number; batch: number }): { experiment: Experiment; src: YamlSource; made: boolean } {
  const src = readYaml(file);
  if ((src.data as { kind?: unknown } | null)?.kind === 'experiment') return { ...readExperiment(file), made: false };
  const { scenario } = loadScenario(file);
  const experiment: Experiment = {
    kind: 'experiment',
    name: scenario.name,
    ...(scenario.title !== undefined ? { title: scenario.title } : {}),
    ...(scenario.question !== undefined ? { question: scenario.question } : {}),
    scenario: basename(file),
    engagements: defaults.engagements,
    seed: defaults.seed,
    batch: defaults.batch,
    commonRandomNumbers: true,
    options: {},
    vary: {},
  };
  return { experiment, src, made: true };
}

/** Refuse what the flags cannot do to this experiment, naming the flag and what it meets there. */
function checkAgainstFile(file: string, x: Experiment, setKeys: readonly string[], compare: { path: string } | null): void {
  if (x.scenarios) {
    throw flagError(setKeys.length ? SET_FLAG : COMPARE_FLAG, `does not apply to ${file}, a cross-system experiment (scenarios); change one system's scenario or experiment instead`);
  }
  const varied = new Set(Object.keys(x.vary).map(factorKey));
  const inVariants = new Set((x.variants ?? []).flatMap((v) => [...Object.keys(v.options), ...Object.keys(v.set).map(factorKey)]));
  const taken = (flag: string, key: string) => {
    if (varied.has(key)) throw flagError(flag, `${key} is varied by ${file} (vary); a value given on the command line would hide that factor`);
    if (inVariants.has(key)) throw flagError(flag, `${key} is set by ${file}'s variants; a value given on the command line would hide theirs`);
  };
  for (const k of setKeys) taken(SET_FLAG, k);
  if (!compare) return;
  const key = factorKey(compare.path);
  taken(COMPARE_FLAG, key);
  if (setKeys.includes(key)) throw flagError(COMPARE_FLAG, `${key} is fixed by --set as well; give it to one of the two`);
  if (x.variants) throw flagError(COMPARE_FLAG, `${file} compares variants of its own; add the values to its variants, or --set the others`);
  if (x.precision !== undefined) {
    throw flagError(COMPARE_FLAG, `${file} stops at a precision target, which does not apply to variants (they are paired engagement by engagement and play the same engagements); give -n`);
  }
}

/** An error the loading met at a factor or a variant that a flag added, said in the flag's name. */
function asFlagError(e: unknown, setKeys: readonly string[], compare: boolean): unknown {
  if (!(e instanceof VolleyInputError) || e.field === undefined) return e;
  const at = setKeys.find((k) => e.field === `vary.${k}` || e.field === `vary.options.${k}`);
  if (at !== undefined) return flagError(SET_FLAG, `${at}: ${e.detail}`);
  if (compare && /^variants(\[|$)/.test(e.field)) return flagError(COMPARE_FLAG, e.detail);
  return e;
}

/**
 * Load `file` (a scenario or an experiment) with the flags' changes: the loaded experiment (cells
 * labelled without the --set values) and the settings results.json records.
 */
export function loadWithSettings(
  file: string,
  flags: SettingsFlags,
  defaults: { engagements: number; seed: number; batch: number },
): { loaded: LoadedExperiment; settings: RunSettings; fromScenario: boolean } {
  const sets = (flags.set ?? []).map((t) => splitSetting(SET_FLAG, t));
  const compare = flags.compare === undefined ? null : splitSetting(COMPARE_FLAG, flags.compare);
  const { experiment, src, made } = baseExperiment(file, defaults);
  const rulesetId = experiment.scenarios ? '' : rulesetOf(file, src, experiment, made);
  const setKeys = sets.map((s) => factorKey(s.path));
  const twice = setKeys.find((k, i) => setKeys.indexOf(k) !== i);
  if (twice) throw flagError(SET_FLAG, `${twice} is given more than once; give it once`);
  checkAgainstFile(file, experiment, setKeys, compare);
  for (const s of [...sets, ...(compare ? [compare] : [])]) {
    try {
      parsePath(s.path, RULESETS.map((r) => r.id));
    } catch (e) {
      if (e instanceof PathError) throw flagError(s === compare ? COMPARE_FLAG : SET_FLAG, e.message);
      throw e;
    }
  }
  const set: Record<string, FactorValue> = {};
  for (const s of sets) set[factorKey(s.path)] = settingValue(SET_FLAG, s.path, s.value, rulesetId);
  let compared: RunSettings['compare'] = null;
  if (compare) {
    const texts = compare.value.split(',').map((t) => t.trim());
    if (texts.length < 2 || texts.some((t) => t === '')) throw flagError(COMPARE_FLAG, `expected two values or more after '=', separated by commas (e.g. aor.squareEffect=7.6,7.10), found '${compare.value}'`);
    const again = texts.find((t, i) => texts.indexOf(t) !== i);
    if (again !== undefined) throw flagError(COMPARE_FLAG, `value '${again}' is given twice; each value is one variant`);
    const values = texts.map((t) => settingValue(COMPARE_FLAG, compare.path, t, rulesetId));
    const key = factorKey(compare.path);
    const option = optionNameOf(compare.path) !== null;
    experiment.variants = values.map((v, i): Variant => ({ name: texts[i], options: (option ? { [key]: v } : {}) as Variant['options'], set: option ? {} : { [key]: v } }));
    experiment.reference = texts[0];
    compared = { path: key, values };
  }
  const vary = Object.fromEntries(Object.entries(set).map(([k, v]) => [k, [v]]));
  let loaded: LoadedExperiment;
  try {
    experiment.vary = { ...experiment.vary, ...vary };
    loaded = loadExperimentData(file, src, experiment, { vary, flag: SET_FLAG });
  } catch (e) {
    throw asFlagError(e, setKeys, compare !== null);
  }
  return { loaded: withoutFixed(loaded, setKeys), settings: { set, compare: compared }, fromScenario: made };
}

/** The rule system the file plays (an experiment's: its scenario's; one not found is reported as loading does). */
function rulesetOf(file: string, src: YamlSource, x: Experiment, made: boolean): string {
  if (made) return loadScenario(file).scenario.ruleset;
  const scenarioFile = resolve(dirname(file), x.scenario!);
  if (!existsSync(scenarioFile)) return loadExperimentData(file, src, x).scenario.ruleset;
  return loadScenario(relative(process.cwd(), scenarioFile) || scenarioFile).scenario.ruleset;
}

/** The loaded experiment without the --set factors in its cells' labels and factors (they do not vary). */
function withoutFixed(e: LoadedExperiment, fixed: readonly string[]): LoadedExperiment {
  if (fixed.length === 0) return e;
  const drop = (f: Record<string, unknown>) => Object.fromEntries(Object.entries(f).filter(([k]) => !fixed.includes(k)));
  const cells = e.cells.map((c) => ({ ...c, factors: drop(c.factors), label: cellLabel(drop(c.factors)) }));
  const comparisons = e.comparisons && {
    ...e.comparisons,
    groups: e.comparisons.groups.map((g) => {
      const factors = drop(g.factors);
      return { ...g, factors, label: Object.keys(factors).length ? cellLabel(factors) : '' };
    }),
  };
  const vary = Object.fromEntries(Object.entries(e.experiment.vary).filter(([k]) => !fixed.includes(k)));
  return { ...e, cells, comparisons, experiment: { ...e.experiment, vary } };
}
