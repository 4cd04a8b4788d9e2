/** `volley validate`: any volley file checked by its kind, without running it. */
import { VolleyInputError } from '../core/errors.js';
import { resolveOptions } from '../core/ruleset.js';
import { findRuleset } from '../rules/index.js';
import { DEFAULT_MAX_ENGAGEMENTS } from './limits.js';
import { expectMap, fileKind, loadExperiment, loadScenario } from './load.js';
import { loadOddsRequest } from './odds.js';
import { applyRefitToAll, loadRefitFile, refitChangeSetsText, refitErrorAt } from './refit.js';
import { scenarioSchema } from './schema.js';
import { lineOf, readYaml, validate } from './yamlFile.js';

const indent = (text: string) => text.split('\n').map((l) => (l ? `  ${l}` : l)).join('\n');

/** The `kind` a file names, or undefined when it cannot be read or names none (validateFile then says why). */
export function kindOfFile(file: string): string | undefined {
  try {
    return fileKind(readYaml(file));
  } catch (e) {
    if (e instanceof VolleyInputError) return undefined;
    throw e;
  }
}

/** Validate any volley file by its `kind`, without running it; a refit is applied to `scenarioFiles` if given. */
export function validateFile(file: string, scenarioFiles: readonly string[] = []): string {
  const src = readYaml(file);
  expectMap(src);
  const k = fileKind(src);
  if (k === 'scenario') {
    const s = validate(src, scenarioSchema);
    const rs = findRuleset(s.ruleset)!;
    const units = rs.describe(rs.compile(s, resolveOptions(rs.options, s.options))).units.length;
    return `${file}: valid scenario '${s.name}' (${s.ruleset}${s.engagement ? ` ${s.engagement}` : ''}, ${units} units)`;
  }
  if (k === 'experiment') {
    const e = loadExperiment(file);
    const variants = e.comparisons ? `, ${e.comparisons.variants.length} variants compared with '${e.comparisons.reference}'` : '';
    const changes = e.refitChanges.length ? `\n${indent(refitChangeSetsText(e.refitChanges))}` : '';
    return `${file}: valid experiment '${e.experiment.name}' (${e.cells.length} cells x ${e.experiment.engagements !== undefined ? `${e.experiment.engagements} engagements` : `engagements until every primary share is known to ±${e.experiment.precision}, at most ${(e.experiment.maxEngagements ?? DEFAULT_MAX_ENGAGEMENTS).toLocaleString('en-US')}`}${variants})${e.warnings.map((w) => `\n  warning: ${w}`).join('')}${changes}`;
  }
  if (k === 'refit') {
    const { src: rsrc, refit, ruleset, support } = loadRefitFile(file, scenarioFiles.length ? loadScenario(scenarioFiles[0]).scenario.ruleset : undefined);
    const counts = new Map<string, number>();
    for (const e of support.entries(refit)) counts.set(e.list, (counts.get(e.list) ?? 0) + 1);
    const listed = [...counts].map(([list, n]) => `${n} ${list}`).join(', ');
    const head = `${file}: valid refit '${refit.name}' for ${ruleset.id} (${support.defaults(refit)}${listed ? `; ${listed}` : ''})`;
    if (scenarioFiles.length === 0) return `${head}\n  what it changes: volley validate ${file} --scenario SCENARIO`;
    // Applied to the scenarios given: what it changes, unit by unit (and refused where it changes a unit no rule names).
    const scenarios = scenarioFiles.map((f) => ({ file: f, data: loadScenario(f).src.data }));
    const outcomes = applyRefitToAll(ruleset, scenarios, refit, refitErrorAt(file, rsrc));
    const sets = outcomes.map((o, i) => ({ refit: file, scenario: scenarios[i].file, changes: o.changes }));
    return `${head}${outcomes.flatMap((o) => o.warnings).map((w) => `\n  warning: ${w}`).join('')}\n${indent(refitChangeSetsText(sets))}`;
  }
  if (k === 'odds') {
    const req = loadOddsRequest(file);
    return `${file}: valid odds question '${req.question.id}' of ${req.ruleset.id}`;
  }
  throw new VolleyInputError(file, lineOf(src, ['kind']) ?? 1, 'kind', `expected 'scenario', 'experiment', 'refit' or 'odds', found ${k === undefined ? 'nothing' : `'${k}'`}`);
}

