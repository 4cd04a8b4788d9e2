/** `volley validate`: any volley file checked by its kind, without running it. */
import { VolleyInputError } from '../core/errors.js';
import { resolveOptions } from '../core/ruleset.js';
import { findRuleset } from '../rules/index.js';
import { DEFAULT_MAX_ENGAGEMENTS } from './limits.js';
import { expectMap, fileKind, loadExperiment } from './load.js';
import { loadOddsRequest } from './odds.js';
import { loadRefitFile } from './refit.js';
import { scenarioSchema } from './schema.js';
import { lineOf, readYaml, validate } from './yamlFile.js';

/** Validate any volley file by its `kind`, without running it. Returns a one-line summary. */
export function validateFile(file: string): string {
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
    return `${file}: valid experiment '${e.experiment.name}' (${e.cells.length} cells x ${e.experiment.engagements !== undefined ? `${e.experiment.engagements} engagements` : `engagements until every primary share is known to ±${e.experiment.precision}, at most ${(e.experiment.maxEngagements ?? DEFAULT_MAX_ENGAGEMENTS).toLocaleString('en-US')}`}${variants})${e.warnings.map((w) => `\n  warning: ${w}`).join('')}`;
  }
  if (k === 'refit') {
    const { refit, ruleset, support } = loadRefitFile(file);
    const counts = new Map<string, number>();
    for (const e of support.entries(refit)) counts.set(e.list, (counts.get(e.list) ?? 0) + 1);
    const listed = [...counts].map(([list, n]) => `${n} ${list}`).join(', ');
    return `${file}: valid refit '${refit.name}' for ${ruleset.id} (${support.defaults(refit)}${listed ? `; ${listed}` : ''})`;
  }
  if (k === 'odds') {
    const req = loadOddsRequest(file);
    return `${file}: valid odds question '${req.question.id}' of ${req.ruleset.id}`;
  }
  throw new VolleyInputError(file, lineOf(src, ['kind']) ?? 1, 'kind', `expected 'scenario', 'experiment', 'refit' or 'odds', found ${k === undefined ? 'nothing' : `'${k}'`}`);
}

