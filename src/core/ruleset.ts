/**
 * The Ruleset contract (DESIGN.md, "Contracts"): one object per rule system, in the spirit of
 * OpenSpiel's registered games (STYLE.md 2, 4). A rule system declares its scale, its options, the
 * scenario files it plays, its result vocabulary, its doctrines and, where it has them, refits, exact
 * odds, a trace and report extras; it compiles a scenario once per cell into immutable fast data and
 * plays single engagements from it. The CLI, the runner, the scenario loader and the report know rule
 * systems only through this contract (src/rules/index.ts lists them).
 */
import type { z } from 'zod';
import type { EngagementDice } from './dice.js';
import type { BaseEvent, EventSink } from './events.js';
import type { EngagementResult } from './result.js';
import type { Quality } from './quality.js';
import type { Scale, UnmeasuredFigure, Vocabulary } from './vocabulary.js';
import { didYouMean } from './suggest.js';

export type OptionValue = string | number | boolean;

export interface OptionSpec {
  /** Full name, e.g. `aor.terrainReductions`. */
  name: string;
  values: readonly OptionValue[];
  default: OptionValue;
  /** Section of the rule text the option reads, e.g. "7.6, Terrain Effects table". */
  source: string;
  /** One line: what the option decides. */
  doc: string;
  /** One line per value, optional. */
  valueDocs?: Record<string, string>;
}

export type ResolvedOptions = Record<string, OptionValue>;

export interface PlayOptions {
  sink?: EventSink<any>;
  /** A result object to reuse (reset by play). */
  out?: EngagementResult;
  /** Check invariants after every step and throw on a violation. */
  checkInvariants?: boolean;
}

/** What results are about: side names and roles, units, formations and objectives in compiled order. */
export interface EngagementShape {
  sides: [{ name: string; role: string }, { name: string; role: string }];
  units: { id: string; side: 0 | 1; kind: string; formation: string }[];
  formations: { id: string; name: string; side: 0 | 1 }[];
  /** `holder`: the side holding it at the start (-1 or absent: nobody, or not known before play). */
  objectives: { name: string; vp: number; holder?: number }[];
  /** The turn limit, for charts by turn. */
  turns: number;
  /**
   * The turns every engagement plays unless something decides it first, where the limit itself is
   * rolled (NAGB, p37: seven, then a die for an eighth and a ninth); absent: `turns`.
   */
  fewestTurns?: number;
  /** The scale this engagement is played at (the ruleset's, or the scenario's own where it sets one). */
  scale: Scale;
  /** What the scenario is, in words for messages that refuse a figure it lacks: "an Age of Rifles map-free assault". */
  what: string;
  /**
   * Whether it records each side's strength on the map turn by turn and can break an army: every
   * engagement but an Age of Rifles map-free assault (rounds of one assault, with no map and no army).
   */
  turnByTurn: boolean;
}

/**
 * One kind of engagement a ruleset plays (Age of Rifles: `assault` and `battle`): the fields of its
 * scenario files beyond the common envelope (kind, name, title, question, ruleset, options), which
 * src/scenario adds. The union of every ruleset's kinds is the scenario file's schema.
 */
export interface ScenarioKind {
  /** The value of the file's `engagement` field. */
  engagement: string;
  /** One line for the error that lists the kinds. */
  doc: string;
  /** The kind's own fields (a zod shape); `engagement: z.literal(...)` among them. */
  body: z.ZodRawShape;
  /** Checks across fields, after the shape is valid (duplicate ids, stacking, a map's consistency). */
  refine?: (scenario: any, ctx: z.RefinementCtx) => void;
  /**
   * Common figures engagements of this kind have no such thing as, beside the rule system's own
   * (Vocabulary.unmeasured): an Age of Rifles assault has no army to break.
   */
  unmeasured?: readonly UnmeasuredFigure[];
}

/**
 * The common figures a rule system's engagements of this kind (`engagement`, the scenario's field) do
 * not measure: the system's own (Vocabulary.unmeasured) and the kind's (ScenarioKind.unmeasured).
 */
export function unmeasuredFigures(rs: { vocabulary: Pick<Vocabulary, 'unmeasured'>; scenarioKinds?: readonly Pick<ScenarioKind, 'engagement' | 'unmeasured'>[] }, engagement: string | undefined): UnmeasuredFigure[] {
  const kinds = rs.scenarioKinds ?? [];
  const kind = kinds.find((k) => k.engagement === engagement) ?? (kinds.length === 1 ? kinds[0] : undefined);
  return [...new Set([...(rs.vocabulary.unmeasured ?? []), ...(kind?.unmeasured ?? [])])];
}

/** A unit in a scenario file's raw data, as refits and the duel of `volley refit check` find it. */
export interface RawUnit {
  unit: Record<string, unknown>;
  formation?: string;
  side: 0 | 1;
}

/** One value a refit set: a rule on the units it matched, or an entry for a formation, an army or a leader. */
export interface AppliedRefit {
  /** The refit's list the entry is in: "rules", "formations", ... */
  list: string;
  /** Index of the entry in its list. */
  ruleIndex: number;
  /** For rules on units: the units matched. Empty for other entries. */
  unitIds: string[];
  /** For other entries: the formation id, side or leader id. */
  target?: string;
  /** The field set: morale, pursuit, flags.<flag>, class, demoralization, rating, ... */
  field: string;
  value: unknown;
  side?: 0 | 1;
  note?: string;
}

/** Leave one value out: the baseline of a paired comparison (`volley refit check`). */
export interface RefitOmit {
  list: string;
  ruleIndex: number;
  field: string;
  /** For rules on units: the unit left at its default. */
  unitId?: string;
}

export interface RefitOutcome {
  data: Record<string, unknown>;
  applied: AppliedRefit[];
  warnings: string[];
}

/** Where an error about a refit entry points: the refit file and the entry's path in it. */
export interface RefitErrorAt {
  file: string;
  /** The line of a path in the refit file, if it is known. */
  lineOf?: (path: (string | number)[]) => number | undefined;
}

/** The standard duel of `volley refit check`: a unit rated by the refit against itself at the defaults. */
export interface RefitDuels {
  /** The two duels a subject plays (e.g. attacking, defending); the unit's side in each. */
  roles: readonly { role: string; side: 0 | 1 }[];
  /** The yardstick unit, as the report describes it. */
  standard(refit: any): Record<string, unknown>;
  /** Counters the refit rates differently from its defaults, each once (units with the same counter share it). */
  subjects(scenarios: readonly { file: string; raw: Record<string, unknown>; refitted: Record<string, unknown> }[], refit: any): DuelSubject[];
  /** The raw scenario of one duel. */
  scenario(unit: Record<string, unknown>, role: string, refit: any, ruleset: string, options: Record<string, unknown>): Record<string, unknown>;
  /** What a duel is, in a paragraph for the report: the standard unit, the ground, the length, the doctrine. */
  describe(refit: any): string;
  /** A counter in a few words, for tables and charts ("infantry 5, morale 3"). */
  label(counter: Record<string, unknown>): string;
}

export interface DuelSubject {
  unit: string;
  units: string[];
  scenario: string;
  rated: Record<string, unknown>;
  atDefaults: Record<string, unknown>;
}

/**
 * Refits (DESIGN.md): an overlay that converts a scenario's order of battle to a set of ratings,
 * applied to the raw scenario data before validation.
 */
export interface RefitSupport {
  /** The refit file's fields beyond kind, name, title and ruleset (a zod shape). */
  body: z.ZodRawShape;
  /** What the refit's defaults are, in a line for reports (e.g. "default morale 4"). */
  defaults(refit: any): string;
  /** The scenario data with the refit applied (a copy), and what was set. Conflicts throw VolleyInputError-like errors via `error`. */
  apply(data: unknown, refit: any, at: RefitErrorAt, omit?: RefitOmit): RefitOutcome;
  /** The refit entries, as (list, index, path to point an error at, what it names): to refuse entries that match nothing. */
  entries(refit: any): { list: string; index: number; path: (string | number)[]; field: string; what: string }[];
  /** A value of a refitted scenario, for the report's "without" column. */
  valueIn(data: Record<string, unknown>, applied: AppliedRefit, unit: string | null): unknown;
  /** Every unit of a raw scenario, with its formation and side. */
  units(data: Record<string, unknown>): RawUnit[];
  /**
   * The unit fields the refit rates, each with what it is when a raw unit does not give it (the
   * scenario's default, in a few words where it depends on more): what a refit changes is shown
   * field by field (src/scenario/refit.ts, refitChanges).
   */
  unitFields: Readonly<Record<string, unknown>>;
  /**
   * The refit field that rates every unit no rule names (defaultMorale, defaultClass, ...), for rule
   * systems whose refits have one. Such a refit may change a unit no rule names only if it says
   * `resetUnnamed: true`.
   */
  defaultsField?: string;
  duels?: RefitDuels;
}

export { QUALITY_LADDER, type Quality } from './quality.js';

/**
 * The common quality ladder (src/core/quality.ts) in this system's ratings. A unit that says
 * `quality: <rung>` gets the rung's fields before its scenario is validated (lists joined with the
 * unit's own; any other field the unit gives itself must agree), and its unit schema accepts the
 * `quality` field (qualityField).
 */
export interface QualitySupport {
  /** What each rung becomes in this system, in words (docs and `volley rulesets`). */
  describe: Readonly<Record<Quality, string>>;
  /** The unit fields a rung sets (the unit as written, for rungs that depend on its kind). */
  fields(quality: Quality, unit: Record<string, unknown>): Record<string, unknown>;
  /** Every unit of a raw scenario with its side; default: the refit's `units`. */
  units?(data: Record<string, unknown>): RawUnit[];
}

/** A named AI policy of the ruleset. */
export interface DoctrineSpec {
  name: string;
  doc: string;
  /** The yardstick every real doctrine must beat: every choice at random among the legal ones. */
  baseline?: boolean;
  /** The kinds of engagement (ScenarioKind.engagement) it plays; all when absent. */
  engagements?: readonly string[];
}

export interface DoctrineSupport {
  list: readonly DoctrineSpec[];
  /** The scenario path (as in `vary`) that sets side `side`'s doctrine, for acrossDoctrines. */
  path(scenario: { engagement?: unknown }, side: 0 | 1): string;
  /** The fields of its scenarios that hold a doctrine (a factor may set one, then one of its parameters). */
  fields: readonly string[];
  /** The raw scenario with side `side` played wholly by doctrine `name` (a tournament's seats). */
  assign(scenario: Record<string, unknown>, side: 0 | 1, name: string): Record<string, unknown>;
}

/** The doctrines a scenario of this kind can name. */
export function doctrinesFor(d: DoctrineSupport, engagement: unknown): DoctrineSpec[] {
  return d.list.filter((x) => !x.engagements || x.engagements.includes(String(engagement)));
}

/** One marginal distribution of an odds question: each value with its exact probability. */
export interface OddsDistribution {
  name: string;
  label: string;
  values: { value: number | string; p: number }[];
}

/** One question `volley odds` answers exactly, e.g. "one Burt fire" or "the first assault round". */
export interface OddsQuestion<P = any> {
  id: string;
  doc: string;
  /** The question's parameters (a zod schema; an odds file's `params` or a scenario's data). */
  params: z.ZodType<P>;
  /**
   * Exact distributions, by enumeration or convolution (STYLE.md 7); `worked` says in words what the
   * question worked out before the dice (modifiers, scores to reach, dice), so an answer can be checked.
   */
  exact(params: P, options: ResolvedOptions): { distributions: OddsDistribution[]; paths?: number; summary?: Record<string, unknown>; worked?: string };
  /** One draw of the same quantities with the given dice, keyed by distribution name (the conformance suite compares). */
  sample(params: P, options: ResolvedOptions, dice: EngagementDice): Record<string, number | string>;
  /** Parameters the conformance suite checks sampling against exactness with (besides the examples' scenarios). */
  examples: readonly P[];
  /**
   * The units of raw parameters, for a question whose units may name a rung of the common quality
   * ladder (`quality: guard`): each rung becomes the rule system's ratings (Ruleset.quality) before the
   * parameters are validated, as in a scenario. A question without it takes no `quality` field.
   */
  qualityUnits?(params: Record<string, unknown>): RawUnit[];
  /**
   * What the schema cannot refuse because it depends on the options (a nation's table, a range): the
   * parameters' problems, each at its field's path below `params`; none when the question can be answered.
   */
  check?(params: P, options: ResolvedOptions): OddsIssue[];
  /**
   * Options whose effect these parameters give instead, when the file gives them (the option's name:
   * dotted paths below `params`), as Burt's `burt.meleeRanks` decides the
   * figures in contact that the melee question may be given. `volley odds` names them beside an option
   * set in the file that changes nothing in the answer.
   */
  givenByParams?: Readonly<Record<string, readonly string[]>>;
  /**
   * How to sample what the question asks where its exact odds are out of reach (too many dice paths,
   * hits allocated at random), in words a refusal ends with; none where volley has no way to.
   */
  sampling?: string;
}

/**
 * What an odds question's sampler works out before its dice (profiles, dice, scores), made once for
 * each parameters and options it is asked with: the conformance suite and the enumerations of every
 * die path draw thousands of times with the same two objects, which are never changed.
 */
export function onceAsked<P extends object, R>(make: (params: P, options: ResolvedOptions) => R): (params: P, options: ResolvedOptions) => R {
  const kept = new WeakMap<P, WeakMap<ResolvedOptions, R>>();
  return (params, options) => {
    let byOptions = kept.get(params);
    if (byOptions === undefined) kept.set(params, (byOptions = new WeakMap()));
    let made = byOptions.get(options);
    if (made === undefined) byOptions.set(options, (made = make(params, options)));
    return made;
  };
}

/** A problem with an odds question's parameters: the field's path below `params` and what is wrong. */
export interface OddsIssue {
  path: (string | number)[];
  message: string;
}

export interface OddsSupport {
  questions: readonly OddsQuestion[];
  /** The question a scenario file asks (`volley odds SCENARIO`), with its parameters, or null. */
  ofScenario?(scenario: any): { question: string; params: unknown } | null;
  /** The scenarios ofScenario answers, in words, for the message when it answers none. */
  scenariosAnswered?: string;
}

/** A line of a trace's story. */
export interface TraceLine {
  depth: number;
  kind: 'title' | 'section' | 'turn' | 'player' | 'phase' | 'event';
  text: string;
}

/** One step of a trace page: its title, its story lines and its picture's overlay (SVG markup). */
export interface TraceFrame {
  title: string;
  turn: number;
  side: number | null;
  phase: string | null;
  end: boolean;
  lines: TraceLine[];
  svg: string;
}

/** A picture's fixed parts: size, definitions, background (SVG markup), legend items, words and styles. */
export interface TracePicture {
  width: number;
  height: number;
  defs: string;
  background: string;
  /** Each item: a small SVG swatch and what it stands for. */
  legend: { svg: string; text: string }[];
  /** One sentence under the picture's heading: how to read it. */
  caption: string;
  /** The picture's accessible name. */
  label: string;
  /** CSS for the classes the picture's markup uses. */
  css: string;
}

/**
 * The trace of one engagement (`volley trace`): the ruleset tells its story and draws it. `subject`
 * turns the compiled engagement into plain data the story and the pictures read besides the events.
 */
export interface TraceSupport<Compiled = unknown, Subject = unknown, Event extends BaseEvent = BaseEvent> {
  subject(compiled: Compiled, name: string, title?: string): Subject;
  /** The story lines (story.txt; golden transcripts diff it). */
  story(events: readonly Event[], subject: Subject, result: EngagementResult): TraceLine[];
  /** The page's steps, each with its picture. */
  frames(events: readonly Event[], subject: Subject, result: EngagementResult): TraceFrame[];
  picture(subject: Subject): TracePicture;
  /** The outcome in words ("the defender held: time ran out"). */
  outcome(result: EngagementResult, subject: Subject): string;
}

export interface Ruleset<Scenario = unknown, Compiled = unknown> {
  id: string;
  title: string;
  /** A name of a few words for legends and table heads ("Age of Rifles"); default: the title. */
  short?: string;
  /** The text, and where the project's readings of it are written. */
  source: { text: string; rulings: string; docs: string };
  scale: Scale;
  options: readonly OptionSpec[];
  scenarioKinds: readonly ScenarioKind[];
  vocabulary: Vocabulary;
  /** Validate the ruleset-specific scenario and build immutable data for play. */
  compile(scenario: Scenario, options: ResolvedOptions): Compiled;
  play(compiled: Compiled, dice: EngagementDice, opts?: PlayOptions): EngagementResult;
  describe(compiled: Compiled): EngagementShape;
  /** A result object sized for this compiled engagement. */
  newResult(compiled: Compiled): EngagementResult;
  doctrines: DoctrineSupport;
  refit?: RefitSupport;
  quality?: QualitySupport;
  odds?: OddsSupport;
  trace?: TraceSupport<Compiled, any, any>;
  /** Scenario and experiment files (paths from the project's root) the conformance suite plays. */
  examples: readonly string[];
}

export class OptionError extends Error {}

/**
 * Resolve user-given options against a ruleset's specs: unknown names and values are errors;
 * every option not given takes its default. The result lists every option (provenance).
 */
export function resolveOptions(specs: readonly OptionSpec[], given: Record<string, unknown> = {}): ResolvedOptions {
  const out: ResolvedOptions = {};
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const [name, value] of Object.entries(given)) {
    const spec = byName.get(name);
    if (!spec) {
      throw new OptionError(`unknown option '${name}'; known options: ${specs.map((s) => s.name).join(', ')}${didYouMean(name, byName.keys())}`);
    }
    if (!spec.values.some((v) => v === value)) {
      throw new OptionError(
        `option '${name}' cannot be ${JSON.stringify(value)}; expected one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    }
  }
  for (const spec of specs) out[spec.name] = givenValue(given, spec) ?? spec.default;
  return out;
}

function givenValue(given: Record<string, unknown>, spec: OptionSpec): OptionValue | undefined {
  return Object.prototype.hasOwnProperty.call(given, spec.name) ? (given[spec.name] as OptionValue) : undefined;
}
