/**
 * What `volley odds` is asked: a scenario file (its rule system says which question it asks, e.g. Age
 * of Rifles' first assault round) or an odds file naming a rule system's question and its parameters:
 *
 *   kind: odds
 *   ruleset: burt
 *   question: fire
 *   options: { burt.extendedDie: chained }
 *   params: { figures: 24, range: short, ... }
 */
import { z } from 'zod';
import { formatPath, VolleyInputError } from '../core/errors.js';
import { resolveOptions, type OddsDistribution, type OddsQuestion, type ResolvedOptions, type Ruleset } from '../core/ruleset.js';
import { RULESETS, findRuleset } from '../rules/index.js';
import { expectMap, loadScenario } from './load.js';
import { expandQuality } from './quality.js';
import { lineOf, readYaml, validate } from './yamlFile.js';
import { VOLLEY_COMMAND } from '../core/command.js';

export interface OddsRequest {
  ruleset: Ruleset<any, any>;
  question: OddsQuestion;
  params: unknown;
  options: ResolvedOptions;
  /** The options the file sets (the others take their defaults), in its order. */
  set: string[];
  /** What was asked, for the first line of the answer. */
  title: string;
}

const oddsEnvelope = z.strictObject({
  kind: z.literal('odds'),
  ruleset: z.string().min(1),
  question: z.string().min(1),
  title: z.string().optional(),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  params: z.unknown(),
});

const isMap = (d: unknown): d is Record<string, unknown> => d !== null && typeof d === 'object' && !Array.isArray(d);

/** The question a file asks; errors name the file, line and field. */
/** The refusal of a question whose dice paths pass the enumeration's cap (TooManyPathsError), and what to do instead. */
export function tooManyPathsMessage(q: OddsQuestion, maxPaths: number): string {
  return `too large for exact odds: the ${q.id} question here has more than ${maxPaths.toLocaleString('en-US')} dice paths (fewer units, or doctrines that choose without coin flips, bring it down)${q.sampling ? `; ${q.sampling}` : ''}`;
}

export function loadOddsRequest(file: string): OddsRequest {
  const src = readYaml(file);
  expectMap(src, "'kind: scenario' or 'kind: odds'");
  const kind = (src.data as { kind?: unknown }).kind;
  if (kind === 'scenario') {
    const { scenario } = loadScenario(file);
    const rs = findRuleset(scenario.ruleset)!;
    const asked = rs.odds?.ofScenario?.(scenario) ?? null;
    if (!asked) {
      const kinds = RULESETS.filter((r) => r.odds?.questions.length).map((r) => `${r.id}: ${r.odds!.questions.map((q) => q.id).join(', ')}`);
      throw new VolleyInputError(file, lineOf(src, ['engagement']) ?? lineOf(src, ['ruleset']), scenario.engagement ? 'engagement' : 'ruleset', `no exact odds for this scenario${rs.odds?.scenariosAnswered ? `: ${rs.id} answers ${rs.odds.scenariosAnswered}, and this one is ${scenario.engagement ? `engagement: ${scenario.engagement}` : 'a battle'}` : ''}; odds files (kind: odds) ask ${kinds.join('; ')}`);
    }
    const question = rs.odds!.questions.find((q) => q.id === asked.question)!;
    const options = resolveOptions(rs.options, scenario.options);
    const issue = question.check?.(asked.params, options)[0];
    if (issue) throw new VolleyInputError(file, lineOf(src, issue.path) ?? lineOf(src, issue.path.slice(0, 1)), formatPath(issue.path), issue.message);
    return { ruleset: rs, question, params: asked.params, options, set: Object.entries(scenario.options ?? {}).filter(([, v]) => v !== undefined).map(([k]) => k), title: scenario.title ?? scenario.name };
  }
  if (kind !== 'odds') throw new VolleyInputError(file, lineOf(src, ['kind']) ?? 1, 'kind', `expected 'scenario' or 'odds', found ${kind === undefined ? 'nothing' : `'${String(kind)}'`}`);
  const env = validate(src, oddsEnvelope);
  const rs = findRuleset(env.ruleset);
  if (!rs) throw new VolleyInputError(file, lineOf(src, ['ruleset']), 'ruleset', `unknown rule system '${env.ruleset}'; known: ${RULESETS.map((r) => r.id).join(', ')}`);
  const questions = rs.odds?.questions ?? [];
  const question = questions.find((q) => q.id === env.question);
  if (!question) {
    throw new VolleyInputError(file, lineOf(src, ['question']), 'question', `'${env.question}' is not a question of ${rs.id}; expected ${questions.map((q) => `'${q.id}'`).join(', ') || 'none: it has no exact odds'}`);
  }
  for (const name of Object.keys(env.options)) {
    const spec = rs.options.find((o) => o.name === name);
    if (!spec) throw new VolleyInputError(file, lineOf(src, ['options', name]), `options.${name}`, `not an option of rule system '${rs.id}' (see \`${VOLLEY_COMMAND} rulesets ${rs.id}\`)`);
    if (!spec.values.includes(env.options[name])) {
      throw new VolleyInputError(file, lineOf(src, ['options', name]), `options.${name}`, `expected one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}, found ${JSON.stringify(env.options[name])}`);
    }
  }
  // A unit's rung of the quality ladder becomes its ratings first, as in a scenario (src/scenario/quality.ts).
  const qualityUnits = question.qualityUnits;
  const schema = qualityUnits ? z.preprocess((d, ctx) => (isMap(d) ? expandQuality(rs, d, ctx, qualityUnits) : d), question.params) : question.params;
  const params = validate(src, z.strictObject({ params: schema }).transform((x) => x.params), { params: env.params });
  const options = resolveOptions(rs.options, env.options);
  const issue = question.check?.(params, options)[0];
  if (issue) throw new VolleyInputError(file, lineOf(src, ['params', ...issue.path]), formatPath(['params', ...issue.path]), issue.message);
  return { ruleset: rs, question, params, options, set: Object.keys(env.options), title: env.title ?? `${rs.id} ${question.id}` };
}

/** An option set in the file that changes nothing in its answer, and what stands for it in the parameters. */
export interface OptionWithoutEffect {
  option: string;
  /** The parameters given that decide what the option would (OddsQuestion.givenByParams), if they do. */
  givenBy?: readonly string[];
}

/** Whether `params` gives a value at the dotted `path` ('a.figuresInContact'). */
export function givesParam(params: unknown, path: string): boolean {
  let v: unknown = params;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return false;
    v = (v as Record<string, unknown>)[key];
  }
  return v !== undefined;
}

/**
 * The options the file sets whose every value gives the same distributions with these parameters (a
 * value the question cannot be asked under, OddsQuestion.check, is passed over): an option set to no
 * effect is said, not taken silently. Each value costs one exact answer.
 */
export function optionsWithoutEffect(req: OddsRequest, answered: readonly OddsDistribution[]): OptionWithoutEffect[] {
  const rs = req.ruleset;
  const base = JSON.stringify(answered);
  const out: OptionWithoutEffect[] = [];
  for (const name of req.set) {
    const spec = rs.options.find((o) => o.name === name);
    if (!spec) continue; // not this rule system's (refused where the file is read)
    const changes = spec.values.some((v) => {
      if (v === req.options[name]) return false;
      const options = { ...req.options, [name]: v };
      if (req.question.check?.(req.params, options).length) return false;
      return JSON.stringify(req.question.exact(req.params, options).distributions) !== base;
    });
    if (changes) continue;
    const givenBy = req.question.givenByParams?.[name];
    out.push(givenBy && givenBy.every((path) => givesParam(req.params, path)) ? { option: name, givenBy } : { option: name });
  }
  return out;
}
