/**
 * Rule variants of an experiment (`variants:`): each changes the scenario by rule options, fixed
 * scenario values (`set`, the path syntax of `vary`) and a refit, and is played on the same dice as the
 * others, so that engagement i of every variant can be compared in pairs (docs/files.md, "Variants").
 *
 * A variant is applied to the scenario before the experiment's `vary` factors, in this order: its
 * refit, its options, its `set` values. A variant may not set what `vary` varies.
 */
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { formatPath, VolleyInputError } from '../core/errors.js';
import { parsePath, PathError, setPath } from './paths.js';
import { applyRefitToAll, loadRefitFile, refitErrorAt, type RefitChangeSet } from './refit.js';
import { scenarioSchema, type Experiment, type FactorValue } from './schema.js';
import { describeIssue, lineOf, type YamlSource } from './yamlFile.js';
import { VOLLEY_COMMAND } from '../core/command.js';

/** A variant as results.json records it. */
export interface VariantInfo {
  name: string;
  note: string | null;
  options: Record<string, unknown>;
  set: Record<string, FactorValue>;
  /** The refit file, relative to the current directory. */
  refit: string | null;
  ruleset: string;
}

/** Which cells are compared: per combination of the other factors, one cell per variant. */
export interface ComparisonPlan {
  reference: string;
  referenceIndex: number;
  variants: VariantInfo[];
  groups: VariantGroup[];
}

export interface VariantGroup {
  /** The other factors' values, "defender.terrain=town"; '' when nothing else varies. */
  label: string;
  factors: Record<string, unknown>;
  /** Cell index of each variant, in the order of `variants`. */
  cells: number[];
}

/** The factor name variants take in cell factors, labels and exports. */
export const VARIANT_FACTOR = 'variant';

const rel = (f: string) => relative(process.cwd(), f) || f;

interface Context {
  file: string;
  src: YamlSource;
  scenarioFile: string;
  rulesetId: string;
  rulesetIds: readonly string[];
}

/** An option path of vary (`aor.x` or `options.aor.x`) as the option name, or null. */
function optionName(path: string, rulesetIds: readonly string[]): string | null {
  if (path.startsWith('options.')) return path.slice('options.'.length);
  return rulesetIds.includes(path.split('.')[0]) ? path : null;
}

/**
 * The raw scenario data of every variant (base data with the experiment's options already in), each
 * validated on its own. Errors name the experiment file, the variant's line and field.
 */
export function variantsData(experiment: Experiment, baseData: Record<string, unknown>, ctx: Context): { info: VariantInfo[]; data: Record<string, unknown>[]; warnings: string[]; changes: RefitChangeSet[] } {
  const variants = experiment.variants ?? [];
  const err = (path: (string | number)[], message: string) => new VolleyInputError(ctx.file, lineOf(ctx.src, path), formatPath(path), message);
  const warnings: string[] = [];
  const changes: RefitChangeSet[] = [];
  const seen = new Map<string, number>();
  variants.forEach((v, i) => {
    if (seen.has(v.name)) throw err(['variants', i, 'name'], `duplicate variant name '${v.name}' (first used by variants[${seen.get(v.name)}])`);
    seen.set(v.name, i);
  });
  const varyOptions = new Set(Object.keys(experiment.vary).map((p) => optionName(p, ctx.rulesetIds)).filter((x): x is string => x !== null));
  const info: VariantInfo[] = [];
  const data = variants.map((v, i) => {
    if (v.ruleset !== undefined && v.ruleset !== ctx.rulesetId) {
      const known = ctx.rulesetIds.includes(v.ruleset);
      throw err(
        ['variants', i, 'ruleset'],
        known
          ? `a variant plays the scenario's own rule system ('${ctx.rulesetId}'); to compare rule systems, write a cross-system experiment (scenarios: one per rule system; docs/files.md, "Cross-system experiments")`
          : `unknown rule system '${v.ruleset}' (see '${VOLLEY_COMMAND} rulesets'); for now only the scenario's own ('${ctx.rulesetId}')`,
      );
    }
    let d = structuredClone(baseData);
    let refitFile: string | null = null;
    if (v.refit !== undefined) {
      const path = resolve(dirname(ctx.file), v.refit);
      refitFile = rel(path);
      if (!existsSync(path)) throw err(['variants', i, 'refit'], `file not found: ${refitFile}`);
      const { src: rsrc, refit, ruleset } = loadRefitFile(refitFile, ctx.rulesetId);
      const [applied] = applyRefitToAll(ruleset, [{ file: rel(ctx.scenarioFile), data: d }], refit, refitErrorAt(refitFile, rsrc));
      d = applied.data;
      warnings.push(...applied.warnings);
      changes.push({ refit: refitFile, scenario: rel(ctx.scenarioFile), where: `variant ${v.name}`, changes: applied.changes });
    }
    for (const name of Object.keys(v.options)) {
      if (varyOptions.has(name)) throw err(['variants', i, 'options', name], `${name} is varied by vary as well; set it in the variants or vary it, not both`);
    }
    d.options = { ...((d.options as object) ?? {}), ...v.options };
    for (const [path, value] of Object.entries(v.set)) {
      const at = ['variants', i, 'set', path];
      if (path in experiment.vary) throw err(at, `${path} is varied by vary as well; set it in the variants or vary it, not both`);
      const opt = optionName(path, ctx.rulesetIds);
      if (opt !== null && varyOptions.has(opt)) throw err(at, `${opt} is varied by vary as well; set it in the variants or vary it, not both`);
      let segs;
      try {
        segs = parsePath(path, ctx.rulesetIds);
      } catch (e) {
        if (e instanceof PathError) throw err(at, e.message);
        throw e;
      }
      if (setPath(d, segs, value) === 0) throw err(at, `selects nothing in ${rel(ctx.scenarioFile)}`);
    }
    const r = scenarioSchema.safeParse(d);
    if (!r.success) {
      const first = r.error.issues.find((x) => x.code === 'unrecognized_keys') ?? r.error.issues[0];
      const issue = describeIssue(first, d, scenarioSchema);
      throw err(['variants', i], `variant '${v.name}' makes the scenario invalid at ${formatPath(issue.path)}: ${issue.message}`);
    }
    info.push({ name: v.name, note: v.note ?? null, options: v.options, set: v.set, refit: refitFile, ruleset: ctx.rulesetId });
    return d;
  });
  return { info, data, warnings, changes };
}

/** The index of the reference variant: `reference` by name, or the first. */
export function referenceIndex(experiment: Experiment, ctx: Pick<Context, 'file' | 'src'>): number {
  const names = (experiment.variants ?? []).map((v) => v.name);
  if (experiment.reference === undefined) return 0;
  if (names.length === 0) {
    throw new VolleyInputError(ctx.file, lineOf(ctx.src, ['reference']), 'reference', 'names a reference variant, but the experiment has no variants');
  }
  const k = names.indexOf(experiment.reference);
  if (k < 0) {
    throw new VolleyInputError(ctx.file, lineOf(ctx.src, ['reference']), 'reference', `expected one of the variants' names: ${names.map((n) => JSON.stringify(n)).join(', ')}`);
  }
  return k;
}
