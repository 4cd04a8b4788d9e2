/**
 * What a ruleset declares about its results (DESIGN.md, "EngagementResult"): the reasons an engagement
 * ends, the purposes morale checks are made for, the rating scale checks are tallied by, its extra
 * counters, and its scale. results.json records the declarations, so a report reads labels and
 * definitions from the results alone, never from a rule system.
 */

export interface OutcomeReasonSpec {
  /** The value of EngagementResult.reason, e.g. "carried". */
  id: string;
  /** A few words for tables: "the attacker carried the position". */
  label: string;
  /** One sentence with the rule's section. */
  doc: string;
  /** The engagement ran out of turns: nothing decided it (the time to decision is then the limit). */
  timeLimit?: boolean;
}

export interface CheckPurposeSpec {
  /** e.g. "retreat", "recovery", "square". */
  id: string;
  label: string;
  doc: string;
  /**
   * Counted in the morale statistics (failure rates by rating and class, checks per engagement). Tests
   * that ask leave rather than measure steadiness (a permission to charge, a recovery) are not.
   */
  counted: boolean;
}

/** The rating scale counted checks are tallied by: AoR's morale values, Burt's classes A-E, NAGB's leadership. */
export interface RatingScale {
  /** What the rating is called: "morale", "class", "leadership". */
  name: string;
  /** One label per index, from the shakiest to the steadiest or in the system's own order. */
  labels: readonly string[];
  /**
   * Where the rules make a check's chance depend on the rating alone (the rating is the value after
   * every modifier): the chance a check against each rating fails, and the rule in words for charts.
   */
  failure?: { rule: string; p: readonly number[] };
}

/**
 * An extra counter of the ruleset (EngagementResult.extras) and how the report shows it. Per-side
 * extras are stored as `${key}.0` and `${key}.1`.
 */
export interface ExtraSpec {
  key: string;
  /** A heading the report groups rows under ("Cavalry", "Command"). */
  group: string;
  label: string;
  definition: string;
  perSide: boolean;
  /** Counted for a ratio row only, not shown as a row of its own. */
  hidden?: boolean;
}

/**
 * A derived row of the extras table: a share (numerator extras over denominator extras, pooled over a
 * cell, with a Wilson interval) or a ratio (the same, without an interval), e.g. squares formed per
 * square check.
 */
export interface ExtraRatioSpec {
  id: string;
  group: string;
  label: string;
  definition: string;
  kind: 'share' | 'ratio';
  /** Extras summed above and below the line (per-side keys in full, `charges.0`). */
  numerator: readonly string[];
  denominator: readonly string[];
  /** What the denominator counts, singular and plural ("check", "checks"). */
  of: readonly [string, string];
  /** For ratios: the unit of the value ("turns"). */
  unit?: string;
  /** Per side: the keys' `{side}` stands for 0, then 1, and the row is made once for each side. */
  perSide?: boolean;
}

/**
 * A glossary entry of the rule system. `measures`: what the report's figures mean in this system (an
 * entry with the term of a general one replaces it); `rules`: its mechanisms, after the general
 * entries. `withFormations`: only for results with formations or objectives (battles).
 */
export interface GlossaryEntrySpec {
  term: string;
  definition: string;
  place: 'measures' | 'rules';
  withFormations?: boolean;
}

/**
 * The report's sentences that cite the rules, in the rule system's own words and sections, so that no
 * system's report speaks another's rules.
 */
export interface ReportWords {
  /** Who holds an objective at the end, said in the parenthesis after "held by each side". */
  objectiveHolder: string;
  /** The formations and armies whose breaking by turn is charted, with their sections: "each formation (14.1) and each whole army (13)". */
  formations: string;
  /** The whole army's series in that chart: "Whole army (13)". */
  army: string;
  /** The two kinds of retreat: legend labels, and a sentence on what each counts (after "How many units of a side retreated in an engagement, on average: "). */
  retreats: { forced: string; voluntary: string; definition: string };
  /** What a side's strength lost counts, said in the parenthesis after "How many figures each side lost in an engagement". */
  strengthLost: string;
  /** What takes a unit out of play, said in the parenthesis after "the share of engagements in which it was eliminated". */
  eliminated: string;
}

/** Everything a report needs to read a ruleset's results without knowing it. */
export interface Vocabulary {
  /** The rule system's word for a broken formation or army ("demoralized", "broken", "fatigued"). */
  broken: string;
  outcomes: readonly OutcomeReasonSpec[];
  checkPurposes: readonly CheckPurposeSpec[];
  ratings: RatingScale;
  extras: readonly ExtraSpec[];
  extraRatios: readonly ExtraRatioSpec[];
  /** Terms the report's glossary adds for this rule system. */
  glossary: readonly GlossaryEntrySpec[];
  /**
   * How the system's killed and wounded (`casualties` of a side's result) come about, in a sentence:
   * what is counted, at what scale, and what is lost without being a casualty. A cross-system page sets
   * the systems' sentences under their casualty rates, which are not alike (every registered rule
   * system gives it; the conformance suite checks; results written before it lack it).
   */
  casualties?: string;
  /**
   * The report's sentences that cite the rules (every registered rule system gives them; the
   * conformance suite checks; results written before them lack them and get a wording citing none).
   */
  report?: ReportWords;
  /**
   * Common figures the rule system has no such thing as (Age of Rifles has no rout): a cross-system
   * comparison shows them as not in this system, not as a measured 0. A kind of scenario may add its
   * own (ScenarioKind.unmeasured).
   */
  unmeasured?: readonly UnmeasuredFigure[];
}

/** A common figure a rule system, or a kind of its scenarios, may not measure: routs, an army broken. */
export type UnmeasuredFigure = 'routs' | 'armyBroken';

/**
 * A rule system's scale (DESIGN.md, "Contracts"): its ground unit and what one stands for, men per
 * unit of strength, minutes per turn. Scenarios may set their own where the rules leave it open (Age
 * of Rifles: a turn an hour and 250 men a strength point unless the scenario says otherwise).
 */
export interface Scale {
  /** "hex", "inch", "cm". */
  groundUnit: string;
  yardsPerUnit: number;
  /** Men one unit of strength stands for (a strength point, a figure, a stand). */
  menPerStrength: number;
  /** What one unit of strength is called ("strength point", "figure"). */
  strengthUnit: string;
  minutesPerTurn: number;
  /** What one turn is called where it is not "turn": an Age of Rifles assault is fought in rounds (7). */
  turnWord?: string;
}

/** The index of a purpose by id; throws when the ruleset did not declare it (a programming error). */
export function purposeIndex(v: Pick<Vocabulary, 'checkPurposes'>, id: string): number {
  const i = v.checkPurposes.findIndex((p) => p.id === id);
  if (i < 0) throw new Error(`internal: no check purpose '${id}'`);
  return i;
}
