/**
 * Schemas of the file kinds: scenario and experiment. They are the single source of truth for
 * validation, for the JSON Schemas that `volley schema` writes, and for the field reference in docs.
 */
import { z } from 'zod';
import { formatPath } from './errors.js';
import { MAX_BATCH, MAX_ENGAGEMENTS } from './limits.js';
import { assaultScenarioBody } from '../rules/aor/schema.js';
import { battleScenarioBody, type BattleScenario } from '../rules/aor/battleSchema.js';
import { checkBattle } from '../rules/aor/battle/compile.js';
import { RULESETS } from '../rules/index.js';
import { BATTLE_DOCTRINE_PRESETS } from '../rules/aor/doctrine/battle.js';
import { refitSchema, shortName } from '../rules/aor/refit/schema.js';

const optionValue = z.union([z.string(), z.number(), z.boolean()]);

/**
 * Every option of every rule system, with its values: errors name the option, and the JSON Schema
 * lets an editor complete option names and values.
 */
export const optionsSchema = z
  .strictObject(
    Object.fromEntries(
      RULESETS.flatMap((r) =>
        r.options.map((o) => [
          o.name,
          z
            .literal(o.values as [string, ...string[]])
            .optional()
            .describe(`${o.doc} Default ${JSON.stringify(o.default)}. Source: ${o.source}.`),
        ]),
      ),
    ),
  )
  .default({});

/** Fields every scenario has, whatever its engagement. */
const envelope = {
    kind: z.literal('scenario').describe('Always "scenario".'),
    name: shortName,
    title: z.string().optional().describe('One line for reports.'),
    question: z.string().optional().describe('The question the scenario answers, shown in reports.'),
    ruleset: z.enum(RULESETS.map((r) => r.id) as [string, ...string[]]).describe('Rule system id, see `volley rulesets`.'),
    options: optionsSchema.describe('Rule options (see `volley rulesets aor`).'),
};

function checkOptionsBelong(s: { ruleset: string; options: Record<string, unknown> }, ctx: z.RefinementCtx): void {
  for (const name of Object.keys(s.options)) {
    if (!name.startsWith(`${s.ruleset}.`)) {
      ctx.addIssue({ code: 'custom', path: ['options', name], message: `not an option of rule system '${s.ruleset}'` });
    }
  }
}

function uniqueIds(ids: [string, (string | number)[]][], ctx: z.RefinementCtx): void {
  const seen = new Map<string, string>();
  for (const [id, path] of ids) {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path, message: `duplicate unit id '${id}' (first used at ${seen.get(id)})` });
    else seen.set(id, formatPath(path));
  }
}

export const assaultScenarioSchema = z
  .strictObject({ ...envelope, ...assaultScenarioBody })
  .superRefine((s, ctx) => {
    checkOptionsBelong(s, ctx);
    uniqueIds(
      [
        ...s.attacker.stacks.flatMap((st, i) => st.units.map((u, j): [string, (string | number)[]] => [u.id, ['attacker', 'stacks', i, 'units', j, 'id']])),
        ...s.defender.units.map((u, j): [string, (string | number)[]] => [u.id, ['defender', 'units', j, 'id']]),
      ],
      ctx,
    );
    // Each attacking stack stands in its own hex: one hexside each.
    const sides = new Map<number, number>();
    s.attacker.stacks.forEach((st, i) => {
      if (sides.has(st.hexside)) {
        ctx.addIssue({
          code: 'custom',
          path: ['attacker', 'stacks', i, 'hexside'],
          message: `hexside ${st.hexside} is already used by stack ${sides.get(st.hexside)}; each stack attacks from its own hex`,
        });
      } else sides.set(st.hexside, i);
    });
    if (s.defender.terrain === 'fort' && s.defender.units.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['defender', 'units'], message: 'a fort holds one unit (10.1)' });
    }
  });

export const battleScenarioSchema = z
  .strictObject({ ...envelope, ...battleScenarioBody })
  .superRefine((s, ctx) => {
    checkOptionsBelong(s, ctx);
    uniqueIds(
      s.sides.flatMap((side, si) =>
        side.formations.flatMap((f, fi) => f.units.map((u, ui): [string, (string | number)[]] => [u.id, ['sides', si, 'formations', fi, 'units', ui, 'id']])),
      ),
      ctx,
    );
    for (const issue of checkBattle(s as BattleScenario)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const scenarioSchema = z.discriminatedUnion('engagement', [assaultScenarioSchema, battleScenarioSchema], {
  error: "expected 'assault' (a map-free assault) or 'battle' (a battle on a hex map)",
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type AssaultScenarioFile = z.infer<typeof assaultScenarioSchema>;
export type BattleScenarioFile = z.infer<typeof battleScenarioSchema>;

const factorValue = z.union([optionValue, z.array(optionValue)]);

/** A numeric factor swept over a range: from, from + step, ... up to to (at most MAX_RANGE_VALUES values). */
export const rangeSchema = z
  .strictObject({
    from: z.number().describe('First value.'),
    to: z.number().describe('Last value (reached when (to - from) is a whole number of steps).'),
    step: z.number().describe('Distance between values; greater than 0.'),
  })
  .describe('A numeric range, expanded to its values when the experiment is loaded.');

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

export const experimentSchema = z.strictObject({
  kind: z.literal('experiment').describe('Always "experiment".'),
  name: shortName,
  title: z.string().optional().describe('One line for reports.'),
  question: z.string().optional().describe('The question the experiment answers, shown in reports.'),
  scenario: z.string().min(1).describe('Scenario file, relative to this file.'),
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
  out: z.string().min(1).optional().describe('Output folder, relative to the current directory; default reports/<name>.'),
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
    .record(z.string(), z.union([z.array(factorValue).min(1), rangeSchema]))
    .default({})
    .describe('Factors: a path into the scenario and the values it takes (a list, or a numeric range); one cell per combination.'),
  acrossDoctrines: z
    .array(z.enum(Object.keys(BATTLE_DOCTRINE_PRESETS) as [string, ...string[]]))
    .min(2)
    .optional()
    .describe("Battle doctrines to play every cell under, for both sides: the report says whether each conclusion holds under every pairing."),
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
export type Experiment = Omit<z.infer<typeof experimentSchema>, 'vary'> & { vary: Record<string, FactorValue[]> };

export const FILE_KINDS = { scenario: scenarioSchema, experiment: experimentSchema, refit: refitSchema } as const;
