/**
 * Refit files (DESIGN.md): an overlay a rule system defines (src/core/ruleset.ts, RefitSupport) that
 * converts a scenario's order of battle to a set of ratings. This module reads them, knows which rule
 * system's refit a file is, and applies it to one or several scenarios through the rule system.
 */
import { z } from 'zod';
import { VolleyInputError } from '../core/errors.js';
import { mergeQualityFields, QUALITY_LADDER, type Quality } from '../core/quality.js';
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
    ...(rs.refit.defaultsField
      ? {
          resetUnnamed: z
            .boolean()
            .optional()
            .describe(
              `Let ${rs.refit.defaultsField} change units no rule names (their own ratings in the scenario replaced). Without it, a refit that would change such a unit is refused, naming the units.`,
            ),
        }
      : {}),
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

/** One value a refit changes in a scenario: a unit's rating, or a formation's, army's or leader's value. */
export interface RefitChange {
  /** The unit, or the formation, side or leader an entry names. */
  subject: string;
  side: 0 | 1;
  field: string;
  before: unknown;
  after: unknown;
  /** The entry that set it ("rules[0]", "formations[1]"), or the defaults field (defaultMorale, ...). */
  by: string;
  /** False where the refit's defaults change a unit no rule names. */
  named: boolean;
}

/** A unit's ratings as they play: its quality rung's fields where it gives none of its own, then the scenario's defaults. */
function ratingsOf(rs: Ruleset<any, any>, unit: Record<string, unknown>): Record<string, unknown> {
  const rung = typeof unit.quality === 'string' && (QUALITY_LADDER as readonly string[]).includes(unit.quality) ? (unit.quality as Quality) : undefined;
  const u = rung && rs.quality ? mergeQualityFields(unit, rs.quality.fields(rung, unit)).merged : unit;
  const out: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(rs.refit!.unitFields)) {
    const v = u[field] ?? fallback;
    // Flags are a set: their order in the file does not play.
    out[field] = Array.isArray(v) ? [...v].map(String).sort() : v;
  }
  return out;
}

/**
 * What applying the refit changed in one scenario, unit by unit and field by field, then the
 * formation, army and leader entries that changed a value. A unit's change is named when a rule that
 * matched the unit set the field; otherwise the refit's defaults made it.
 */
export function refitChanges(rs: Ruleset<any, any>, rawData: Record<string, unknown>, outcome: RefitOutcome): RefitChange[] {
  const support = rs.refit!;
  const before = support.units(rawData);
  const after = support.units(outcome.data);
  const out: RefitChange[] = [];
  after.forEach((u, i) => {
    const id = String(u.unit.id);
    const was = ratingsOf(rs, before[i]?.unit ?? {});
    const now = ratingsOf(rs, u.unit);
    for (const field of Object.keys(now)) {
      if (JSON.stringify(was[field]) === JSON.stringify(now[field])) continue;
      const rule = outcome.applied.filter((a) => a.list === 'rules' && a.unitIds.includes(id) && (a.field === field || a.field.startsWith(`${field}.`)));
      const by = rule.length ? [...new Set(rule.map((a) => `rules[${a.ruleIndex}]`))].join(', ') : (support.defaultsField ?? 'the refit');
      out.push({ subject: id, side: u.side, field, before: was[field], after: now[field], by, named: rule.length > 0 });
    }
  });
  for (const a of outcome.applied) {
    if (a.list === 'rules') continue;
    const was = support.valueIn(rawData, a, null);
    const now = support.valueIn(outcome.data, a, null);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    out.push({ subject: a.target ?? '', side: a.side ?? 0, field: a.field, before: was, after: now, by: `${a.list}[${a.ruleIndex}]`, named: true });
  }
  return out;
}

/** What one refit changes in one scenario (for one cell where the experiment varies the refit, or one variant). */
export interface RefitChangeSet {
  refit: string;
  scenario: string;
  /** The cell's label where `refit.` factors vary it, or the variant's name. */
  where?: string;
  changes: RefitChange[];
}

/** Change sets as text for the terminal: a heading per refit and scenario, then its table. */
export function refitChangeSetsText(sets: readonly RefitChangeSet[]): string {
  return sets
    .map((s) => {
      const head = `refit ${s.refit} on ${s.scenario}${s.where ? ` (${s.where})` : ''}`;
      return s.changes.length ? `${head} changes:\n${refitChangesTable(s.changes)}` : `${head} changes nothing`;
    })
    .join('\n\n');
}

/** A value in the table of changes: lists joined, nothing as "none". */
export function changeValue(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (Array.isArray(v)) return v.length ? v.join('+') : 'none';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** The changes as a plain-text table (unit, field, before, after, set by), one line each. */
export function refitChangesTable(changes: readonly RefitChange[]): string {
  const head = ['unit', 'field', 'before', 'after', 'set by'];
  const body = changes.map((c) => [c.subject, c.field, changeValue(c.before), changeValue(c.after), c.named ? c.by : `${c.by} (no rule names it)`]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/**
 * Refuse a refit whose defaults change units no rule names, unless it says `resetUnnamed: true`: a
 * refit meant to add exceptions would otherwise move the baseline it is measured against. The error
 * names the refit file, the line of the defaults field and every such unit with its two values.
 */
export function refuseUnnamed(support: RefitSupport, refit: Refit, changes: readonly RefitChange[], scenarioFile: string, at: RefitErrorAt): void {
  const field = support.defaultsField;
  if (field === undefined || refit.resetUnnamed === true) return;
  const unnamed = changes.filter((c) => !c.named);
  if (unnamed.length === 0) return;
  const shown = unnamed.slice(0, 6).map((c) => `${c.subject} ${c.field} ${changeValue(c.before)} -> ${changeValue(c.after)}`);
  const more = unnamed.length > shown.length ? `, and ${unnamed.length - shown.length} more` : '';
  const units = new Set(unnamed.map((c) => c.subject)).size;
  throw new VolleyInputError(
    at.file,
    // The field's line, or the top of the file where the default is not written.
    at.lineOf?.([field]),
    field,
    `puts every unit no rule names at ${changeValue(refit[field])}, which changes ${units} unit${units === 1 ? '' : 's'} of ${scenarioFile}: ` +
      `${shown.join(', ')}${more}; name ${units === 1 ? 'it' : 'them'} in rules to keep or set ${units === 1 ? 'its' : 'their'} rating, or add 'resetUnnamed: true' to give every unit no rule names the default`,
  );
}

/**
 * Apply a refit to several scenarios. An entry that matches nothing in any of them is an error naming
 * the refit file, the entry's line and its field; so is a change to a unit no rule names, unless the
 * refit says `resetUnnamed: true` (refuseUnnamed). Each outcome carries its table of changes.
 */
export function applyRefitToAll(rs: Ruleset<any, any>, scenarios: readonly { file: string; data: unknown }[], refit: Refit, at: RefitErrorAt): (RefitOutcome & { changes: RefitChange[] })[] {
  const support = rs.refit!;
  const outcomes = scenarios.map((s) => {
    const o = support.apply(s.data, refit, at);
    const changes = refitChanges(rs, (s.data ?? {}) as Record<string, unknown>, o);
    return { ...o, changes };
  });
  const names = scenarios.map((s) => s.file).join(', ');
  for (const e of support.entries(refit)) {
    const used = outcomes.some((o) => o.applied.some((a) => a.list === e.list && a.ruleIndex === e.index));
    if (!used) throw new VolleyInputError(at.file, at.lineOf?.(e.path), e.field, `${e.what} in ${names}`);
  }
  outcomes.forEach((o, i) => refuseUnnamed(support, refit, o.changes, scenarios[i].file, at));
  return outcomes;
}
