/**
 * Schemas of the file kinds: scenario and experiment. They are the single source of truth for
 * validation, for the JSON Schemas that `volley schema` writes, and for the field reference in docs.
 *
 * A scenario file is an envelope (kind, name, title, question, ruleset, options) and the fields of one
 * kind of engagement of its rule system (src/core/ruleset.ts, ScenarioKind): the union of every
 * registered rule system's kinds, so that a new rule system adds its scenarios without touching this file.
 */
import { z } from 'zod';
import type { Ruleset, ScenarioKind } from '../core/ruleset.js';
import { MAX_BATCH, MAX_ENGAGEMENTS } from './limits.js';
import { RULESETS } from '../rules/index.js';
import { shortName } from './names.js';
import { expandQuality } from './quality.js';
import { VOLLEY_COMMAND } from '../core/command.js';

const optionValue = z.union([z.string(), z.number(), z.boolean()]);

const optionField = (o: Ruleset['options'][number]) =>
  z
    .literal(o.values as [string, ...string[]])
    .optional()
    .describe(`${o.doc} Default ${JSON.stringify(o.default)}. Source: ${o.source}.`);

/**
 * Every option of every rule system, with its values (experiments and variants, whose rule system is
 * their scenario's): errors name the option, and the JSON Schema lets an editor complete option names
 * and values.
 */
export const optionsSchema = z.strictObject(Object.fromEntries(RULESETS.flatMap((r) => r.options.map((o) => [o.name, optionField(o)])))).default({});

/** The options of one rule system. */
function rulesetOptions(rs: Ruleset<any, any>) {
  return z
    .strictObject(Object.fromEntries(rs.options.map((o) => [o.name, optionField(o)])), {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `not an option of rule system '${rs.id}' (see \`${VOLLEY_COMMAND} rulesets ${rs.id}\`)` : undefined),
    })
    .default({})
    .describe(`Rule options (see \`volley rulesets ${rs.id}\`).`);
}

/** The fields every scenario has, whatever its rule system and engagement. */
function envelope(rs: Ruleset<any, any>) {
  return {
    kind: z.literal('scenario').describe('Always "scenario".'),
    name: shortName,
    title: z.string().optional().describe('One line for reports.'),
    question: z.string().optional().describe('The question the scenario answers, shown in reports.'),
    common: z
      .enum(['A', 'B', 'C'])
      .optional()
      .describe(
        "The variant of the common order of battle the scenario maps (A: the brigade against the village; B: against a line in the open; C: cuirassiers against a battalion that may form square). A cross-system experiment refuses scenarios of different variants.",
      ),
    ruleset: z.literal(rs.id).describe(`Rule system: ${rs.title}.`),
    options: rulesetOptions(rs),
  };
}

/** The schema of one kind of scenario of one rule system: the envelope, the kind's fields and its cross-field checks. */
export function scenarioKindSchema(rs: Ruleset<any, any>, kind: ScenarioKind) {
  const object = z.strictObject({ ...envelope(rs), ...kind.body });
  return kind.refine ? object.superRefine(kind.refine) : object;
}

/** A rule system's scenarios: its kinds, told apart by `engagement`. */
function rulesetScenarios(rs: Ruleset<any, any>) {
  const kinds = rs.scenarioKinds.map((k) => scenarioKindSchema(rs, k));
  if (kinds.length === 1) return kinds[0];
  const expected = rs.scenarioKinds.map((k) => `'${k.engagement}' (${k.doc})`);
  return z.discriminatedUnion('engagement', kinds as unknown as [ReturnType<typeof scenarioKindSchema>, ...ReturnType<typeof scenarioKindSchema>[]], {
    error: `expected ${expected.slice(0, -1).join(', ')}${expected.length > 1 ? ' or ' : ''}${expected[expected.length - 1]}`,
  });
}

/** Every scenario of every rule system, told apart by `ruleset`, then by `engagement`. */
const scenarioUnion = z.discriminatedUnion(
  'ruleset',
  RULESETS.map(rulesetScenarios) as unknown as [ReturnType<typeof rulesetScenarios>, ...ReturnType<typeof rulesetScenarios>[]],
  { error: `expected a rule system id: ${RULESETS.map((r) => `'${r.id}'`).join(', ')} (see \`${VOLLEY_COMMAND} rulesets\`)` },
);

/** A scenario file: its units' quality rungs turned into their rule system's ratings (src/scenario/quality.ts), then validated. */
export const scenarioSchema = z.preprocess((data, ctx) => {
  const rs = data !== null && typeof data === 'object' && !Array.isArray(data) ? RULESETS.find((r) => r.id === (data as { ruleset?: unknown }).ruleset) : undefined;
  return rs ? expandQuality(rs, data as Record<string, unknown>, ctx) : data;
}, scenarioUnion) as unknown as z.ZodType<Scenario>;

/** A validated scenario: the envelope, and its rule system's fields (read by the rule system only). */
export type Scenario = {
  kind: 'scenario';
  name: string;
  title?: string;
  question?: string;
  /** The common order of battle's variant the scenario maps. */
  common?: 'A' | 'B' | 'C';
  ruleset: string;
  options: Record<string, string | number | boolean>;
  engagement?: string;
  [field: string]: unknown;
};

const factorValue = z.union([optionValue, z.array(optionValue)]);

/** The longest name a factor's value may be given: it labels chart axes and table headers. */
export const MAX_VALUE_NAME = 32;

/**
 * A factor value with a name for reports (`{ value: 2, name: flank }`): charts and tables say the name
 * instead of the value. The cell's label, its dice and results.json's factors keep the value.
 */
export const namedValueSchema = z
  .strictObject({
    value: factorValue.describe('The value the path takes, as a plain entry of the list would give it.'),
    name: z
      .string()
      .trim()
      .min(1, 'expected a name, found an empty one')
      .max(MAX_VALUE_NAME, `a name of at most ${MAX_VALUE_NAME} characters: it labels charts`)
      .describe(`What reports call this value (at most ${MAX_VALUE_NAME} characters), e.g. flank for a hexside number.`),
  })
  .describe('A value with a name for the report\'s charts and tables.');

/** A numeric factor swept over a range: from, from + step, ... up to to (at most MAX_RANGE_VALUES values). */
export const rangeSchema = z
  .strictObject({
    from: z.number().describe('First value.'),
    to: z.number().describe('Last value (reached when (to - from) is a whole number of steps).'),
    step: z.number().describe('Distance between values; greater than 0.'),
  })
  .describe('A numeric range, expanded to its values when the experiment is loaded.');

/** A cross-system experiment names one scenario per rule system: a few, not a sweep. */
export const MAX_SYSTEMS = 12;

/** Variants are compared in pairs and drawn one per row: a few, not a sweep. */
export const MAX_VARIANTS = 12;

/** A variant's name: shown in tables, legends and CSV columns. */
export const VARIANT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+-]*$/;

/** One rule variant of a paired comparison: what it changes in the scenario, on the same dice as the others. */
export const variantSchema = z
  .strictObject({
    name: z
      .string({ error: 'expected a name in quotes (a number such as 7.10 must be quoted: "7.10")' })
      .min(1)
      .max(40)
      .regex(VARIANT_NAME, 'expected letters, digits, spaces and . _ + - (starting with a letter or digit)')
      .describe('Short unique name, shown in tables and charts. Quote names that look like numbers ("7.10").'),
    note: z.string().min(1).optional().describe('What the variant stands for, shown in the report.'),
    options: optionsSchema.describe('Rule options of this variant (over the scenario and the experiment).'),
    set: z
      .record(z.string(), factorValue)
      .default({})
      .describe('Scenario values of this variant: a path (as in vary) and the one value it takes.'),
    refit: z.string().min(1).optional().describe('A refit file applied to the scenario in this variant, relative to this file.'),
    ruleset: z
      .string()
      .min(1)
      .optional()
      .describe("Rule system of this variant; for now only the scenario's own (comparing rule systems comes with later ones)."),
  })
  .describe('A rule variant: options, scenario values and a refit, played on the same dice as the other variants.');

/**
 * An experiment file's `out:` stays in the project's reports folder: a relative path whose first segment
 * is reports and that never climbs out (`..`). A file someone sends may not write anywhere else; the
 * command line (--out) may.
 */
export function underReports(out: string): boolean {
  if (/^([\\/]|[A-Za-z]:)/.test(out)) return false;
  const parts = out.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  return parts[0] === 'reports' && parts.length > 1 && !parts.includes('..');
}

export const experimentSchema = z.strictObject({
  kind: z.literal('experiment').describe('Always "experiment".'),
  name: shortName,
  title: z.string().optional().describe('One line for reports.'),
  question: z.string().optional().describe('The question the experiment answers, shown in reports.'),
  scenario: z.string().min(1).optional().describe('Scenario file, relative to this file (or `scenarios`, one per rule system).'),
  scenarios: z
    .array(z.string().min(1))
    .min(1)
    .max(MAX_SYSTEMS)
    .optional()
    .describe(
      'A cross-system experiment: one scenario file per rule system (relative to this file), each mapping the same order of battle; `vary` then takes common factors (attacker.quality, defender.quality) and the report sets the systems side by side.',
    ),
  engagements: z.int().min(1).max(MAX_ENGAGEMENTS).optional().describe('Engagements per cell (or a precision target instead).'),
  precision: z
    .number()
    .gt(0)
    .lt(0.5)
    .optional()
    .describe('Instead of engagements: play each cell until its primary shares are known to this 95% half-width, as a fraction (0.01 is ±1 percentage point).'),
  maxEngagements: z.int().min(1).max(MAX_ENGAGEMENTS).optional().describe('With precision: the most engagements a cell plays (default 100,000).'),
  seed: z.union([z.int(), z.string().min(1)]).describe('Experiment seed; with the cell key and index it fixes every die.'),
  batch: z.int().min(1).max(MAX_BATCH).default(500).describe('Engagements per batch (never depends on the worker count).'),
  out: z
    .string()
    .min(1)
    .refine(underReports, { error: (i) => `an experiment writes under reports/: expected a folder such as reports/<name>, found ${JSON.stringify(i.input)} (give --out on the command line to write elsewhere)` })
    .optional()
    .describe('Output folder under reports/, relative to the current directory; default reports/<name>. --out on the command line may write elsewhere.'),
  commonRandomNumbers: z
    .boolean()
    .default(true)
    .describe('All cells share one random-number key, so engagement i of every cell sees the same dice.'),
  options: optionsSchema.describe('Rule options applied to every cell (they override the scenario).'),
  refit: z
    .string()
    .min(1)
    .optional()
    .describe("A refit file, relative to this file, applied to the scenario in every cell; `vary` can set its values with paths starting `refit.` (e.g. refit.defaultMorale, refit.rules[0].set.morale)."),
  vary: z
    .record(z.string(), z.union([z.array(z.union([factorValue, namedValueSchema])).min(1), rangeSchema]))
    .default({})
    .describe('Factors: a path into the scenario and the values it takes (a list, or a numeric range); one cell per combination. A value of the list may be given a name for reports: { value: 2, name: flank }.'),
  acrossDoctrines: z
    .array(z.string().min(1))
    .min(2)
    .optional()
    .describe("Doctrines (see `volley rulesets RULESET`) to play every cell under, for both sides: the report says whether each conclusion holds under every pairing."),
  variants: z
    .array(variantSchema)
    .min(2)
    .max(MAX_VARIANTS)
    .optional()
    .describe('Rule variants compared in pairs: engagement i of every variant has the same dice. They cross with vary.'),
  reference: z.string().min(1).optional().describe('The variant the others are compared with (default: the first).'),
});

/** One value a factor takes. */
export type FactorValue = z.infer<typeof factorValue>;

/** An experiment after loading: every range in `vary` expanded to its list of values. */
export type Experiment = Omit<z.infer<typeof experimentSchema>, 'vary'> & {
  vary: Record<string, FactorValue[]>;
  /** The names given to values in `vary` (`{ value, name }`), in the order of each factor's values; null where a value has none. Only factors with a name. */
  valueNames?: Record<string, (string | null)[]>;
};

export const FILE_KINDS = { scenario: scenarioSchema, experiment: experimentSchema } as const;
