/**
 * Refit files (DESIGN.md): an overlay a rule system defines (src/core/ruleset.ts, RefitSupport) that
 * converts a scenario's order of battle to a set of ratings. This module reads them, knows which rule
 * system's refit a file is, and applies it to one or several scenarios through the rule system.
 */
import { z } from 'zod';
import { VolleyInputError } from '../core/errors.js';
import type { RefitErrorAt, RefitOmit, RefitOutcome, RefitSupport, Ruleset } from '../core/ruleset.js';
import { RULESETS, findRuleset } from '../rules/index.js';
import { shortName } from './names.js';
import { kindOf, lineOf, readYaml, validate, type YamlSource } from './yamlFile.js';

/** A validated refit: its rule system's fields, and the envelope. */
export type Refit = { kind: 'refit'; name: string; title?: string; ruleset?: string } & Record<string, unknown>;

/** The rule systems that have refits. */
export function refitRulesets(): Ruleset<any, any>[] {
  return RULESETS.filter((r) => r.refit !== undefined);
}

/** The schema of a refit file of one rule system: the envelope and the rule system's own fields. */
export function refitFileSchema(rs: Ruleset<any, any>): z.ZodType<Refit> {
  if (!rs.refit) throw new Error(`internal: rule system '${rs.id}' has no refits`);
  return z.strictObject({
    kind: z.literal('refit').describe('Always "refit".'),
    name: shortName,
    title: z.string().optional().describe('One line for reports.'),
    ruleset: z.literal(rs.id).optional().describe(`Rule system of the refit (${rs.id}); default: that of the scenario it is applied to.`),
    ...rs.refit.body,
  }) as unknown as z.ZodType<Refit>;
}

/** Where errors about the entries of a refit point. */
export function refitErrorAt(file: string, src?: YamlSource): RefitErrorAt {
  return { file, lineOf: src ? (path) => lineOf(src, path) : undefined };
}

export interface LoadedRefit {
  src: YamlSource;
  refit: Refit;
  ruleset: Ruleset<any, any>;
  support: RefitSupport;
}

/**
 * Read and validate a refit file; errors name the file, line and field. The rule system is the file's
 * `ruleset`, else `rulesetId` (the scenario's it is applied to), else the one rule system with refits.
 */
export function loadRefitFile(file: string, rulesetId?: string): LoadedRefit {
  const src = readYaml(file);
  const data = src.data as { kind?: unknown; ruleset?: unknown } | null;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new VolleyInputError(file, lineOf(src, []) ?? 1, undefined, `expected a YAML map with 'kind: refit', found ${kindOf(src.data)}`);
  }
  const k = data.kind;
  if (k !== 'refit') throw new VolleyInputError(file, lineOf(src, ['kind']) ?? 1, 'kind', `expected 'refit', found ${k === undefined ? 'nothing' : `'${String(k)}'`}`);
  const withRefits = refitRulesets();
  const named = typeof data.ruleset === 'string' ? data.ruleset : undefined;
  if (named !== undefined && rulesetId !== undefined && named !== rulesetId) {
    throw new VolleyInputError(file, lineOf(src, ['ruleset']), 'ruleset', `a refit of '${named}' cannot apply to a scenario of '${rulesetId}'`);
  }
  const id = named ?? rulesetId ?? (withRefits.length === 1 ? withRefits[0].id : undefined);
  if (id === undefined) {
    throw new VolleyInputError(file, lineOf(src, ['kind']) ?? 1, 'ruleset', `missing: name the rule system (${withRefits.map((r) => r.id).join(', ')})`);
  }
  const rs = findRuleset(id);
  if (!rs?.refit) {
    throw new VolleyInputError(file, lineOf(src, ['ruleset']) ?? 1, 'ruleset', `expected a rule system with refits (${withRefits.map((r) => r.id).join(', ')}), found '${id}'`);
  }
  return { src, refit: validate(src, refitFileSchema(rs)), ruleset: rs, support: rs.refit };
}

/** The scenario data with the refit applied (a copy) and what was set; conflicting entries are errors. */
export function applyRefit(support: RefitSupport, scenarioData: unknown, refit: Refit, at: RefitErrorAt = { file: 'refit' }, omit?: RefitOmit): RefitOutcome {
  return support.apply(scenarioData, refit, at, omit);
}

/**
 * Apply a refit to several scenarios. An entry that matches nothing in any of them is an error naming
 * the refit file, the entry's line and its field.
 */
export function applyRefitToAll(support: RefitSupport, scenarios: readonly { file: string; data: unknown }[], refit: Refit, at: RefitErrorAt): RefitOutcome[] {
  const outcomes = scenarios.map((s) => support.apply(s.data, refit, at));
  const names = scenarios.map((s) => s.file).join(', ');
  for (const e of support.entries(refit)) {
    const used = outcomes.some((o) => o.applied.some((a) => a.list === e.list && a.ruleIndex === e.index));
    if (!used) throw new VolleyInputError(at.file, at.lineOf?.(e.path), e.field, `${e.what} in ${names}`);
  }
  return outcomes;
}
