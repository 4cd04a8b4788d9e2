/**
 * The engagement result vocabulary shared by every rule system (DESIGN.md, "EngagementResult").
 * A ruleset maps its own notions onto these fields and declares the rest (src/core/vocabulary.ts:
 * outcome reasons, morale-check purposes, the rating scale checks are tallied by, extras); reports and
 * comparisons read only these and the declarations.
 *
 * Strength is counted twice: in the system's own units (strength points, figures, stands, hits) and
 * in men, so that systems at different scales compare. Time is counted in turns and in minutes.
 */

export type SideIndex = 0 | 1;

/** Unit classes used in breakdowns across rule systems. */
export const UNIT_CLASSES = ['infantry', 'cavalry', 'artillery'] as const;
export type UnitClass = (typeof UNIT_CLASSES)[number];

/**
 * The common cohesion ladder (DESIGN.md): good -> disordered -> shaken -> routed -> removed. A ruleset
 * says which of its own states is which rung (docs/rules/<system>.md). A unit's rung is the worst it
 * reached; a side counts, for each rung below good, the units that reached it or worse.
 */
export const RUNGS = ['good', 'disordered', 'shaken', 'routed', 'removed'] as const;
export type Rung = (typeof RUNGS)[number];
export const RUNG = { good: 0, disordered: 1, shaken: 2, routed: 3, removed: 4 } as const satisfies Record<Rung, number>;

export interface SideResult {
  /** Strength at the start and lost, in the system's own units (strength points, figures, ...). */
  startStrength: number;
  strengthLost: number;
  /** The same in men (the ruleset's scale): every man who left the ranks counts in menLost. */
  startMen: number;
  menLost: number;
  /**
   * Of menLost, the killed and wounded. A system that tells casualties from men dispersed or captured
   * (a broken unit's men scatter) reports fewer here; one that does not reports menLost.
   */
  casualties: number;
  /** Steps (or stands, or hits) lost: the system's own granularity of loss. */
  stepsLost: number;
  /** Units removed from play (eliminated, dispersed, routed off the field). */
  unitsEliminated: number;
  retreatsForced: number;
  retreatsVoluntary: number;
  /** Units that routed (broke and fled), a unit that routs twice counting twice. */
  routs: number;
  /** Times a unit of the side lost cohesion (was disordered, disrupted or worse), a unit counting each time. */
  disruptions: number;
  /** Indexed by RUNGS: units that reached that rung or a worse one (index 0, good, counts every unit). */
  rungs: number[];
  /**
   * Checks counted in the morale statistics (the purposes the ruleset declares `counted`), and of them
   * failed: the same totals as the sums of checksTaken/checksFailed over those purposes.
   */
  moraleChecks: number;
  moraleChecksFailed: number;
  /** Indexed by the ruleset's check purposes (vocabulary.checkPurposes): every check, counted or not. */
  checksTaken: number[];
  checksFailed: number[];
  /** Counted checks by the rating they were made against, indexed by the ruleset's rating scale. */
  checksByRating: number[];
  failedByRating: number[];
  /** Counted checks by UNIT_CLASSES: the class of the unit whose rating the (group) check used. */
  checksByClass: number[];
  failedByClass: number[];
  /** Charges the side declared, that went home (reached contact), and that won (the target gave way). */
  chargesDeclared: number;
  chargesHome: number;
  chargesWon: number;
  /** Squares the side's infantry formed against cavalry. */
  squaresFormed: number;
  /** Formations (brigades, divisions, corps) of the side broken or demoralized, with the turn. */
  formationsBroken: { formation: string; turn: number }[];
  /** Turn the army broke (was demoralized, reached zero morale), or 0 if it did not. */
  armyBrokenTurn: number;
  leadersLost: number;
  /** Strength on the field at the end of each turn (index 0 = turn 1); empty for engagements without turns of their own. */
  strengthByTurn: number[];
  /** Victory points at the end, where the rule system scores them. */
  victoryPoints: number;
}

/** A formation (corps, division, brigade) and what happened to it. */
export interface FormationResult {
  strengthLost: number;
  unitsEliminated: number;
  retreats: number;
  /** Turn it broke (was demoralized, faltered for good, fatigued), 0 if it did not. */
  brokenTurn: number;
}

export interface UnitResult {
  eliminated: boolean;
  retreated: boolean;
  checksFailed: number;
  /** The worst rung of RUNGS the unit reached. */
  worst: number;
}

export interface EngagementResult {
  /** 0 or 1, or null for a draw. */
  winner: SideIndex | null;
  /** One of the ruleset's declared outcome reasons (vocabulary.outcomes). */
  reason: string;
  turns: number;
  /** Minutes of fighting the turns played stand for (the ruleset's time scale; a night without combat counts none). */
  minutes: number;
  sides: [SideResult, SideResult];
  /** Per unit, in the compiled order of units (side 0 first). */
  units: UnitResult[];
  /** Per formation, in compiled order. */
  formations: FormationResult[];
  /** Per objective: the side holding it at the end, or -1. */
  objectives: number[];
  /** Ruleset-specific extra counters, by name (declared in vocabulary.extras). */
  extras: Record<string, number>;
}

/** How many purposes and ratings a result tallies checks by, and how many units, formations and objectives it has. */
export interface ResultSize {
  units: number;
  formations?: number;
  objectives?: number;
  purposes: number;
  ratings: number;
}

export function emptySide(purposes: number, ratings: number): SideResult {
  return {
    startStrength: 0,
    strengthLost: 0,
    startMen: 0,
    menLost: 0,
    casualties: 0,
    stepsLost: 0,
    unitsEliminated: 0,
    retreatsForced: 0,
    retreatsVoluntary: 0,
    routs: 0,
    disruptions: 0,
    rungs: new Array(RUNGS.length).fill(0),
    moraleChecks: 0,
    moraleChecksFailed: 0,
    checksTaken: new Array(purposes).fill(0),
    checksFailed: new Array(purposes).fill(0),
    checksByRating: new Array(ratings).fill(0),
    failedByRating: new Array(ratings).fill(0),
    checksByClass: new Array(UNIT_CLASSES.length).fill(0),
    failedByClass: new Array(UNIT_CLASSES.length).fill(0),
    chargesDeclared: 0,
    chargesHome: 0,
    chargesWon: 0,
    squaresFormed: 0,
    formationsBroken: [],
    armyBrokenTurn: 0,
    leadersLost: 0,
    strengthByTurn: [],
    victoryPoints: 0,
  };
}

export function emptyResult(size: ResultSize): EngagementResult {
  const units: UnitResult[] = [];
  for (let i = 0; i < size.units; i++) units.push({ eliminated: false, retreated: false, checksFailed: 0, worst: 0 });
  const formations: FormationResult[] = [];
  for (let i = 0; i < (size.formations ?? 0); i++) formations.push({ strengthLost: 0, unitsEliminated: 0, retreats: 0, brokenTurn: 0 });
  const objectives = new Array<number>(size.objectives ?? 0).fill(-1);
  return {
    winner: null,
    reason: 'time',
    turns: 0,
    minutes: 0,
    sides: [emptySide(size.purposes, size.ratings), emptySide(size.purposes, size.ratings)],
    units,
    formations,
    objectives,
    extras: {},
  };
}

/**
 * Set every element of a small array to v: an inlined loop, cheaper than Array.prototype.fill (a call
 * into the runtime) for the few counters of a result.
 */
function fillSmall(a: number[], v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v;
}

/**
 * Reset a result in place so one object can serve many engagements. `extras` false leaves the extras
 * alone, for a rule system that writes every one of them when the engagement ends.
 */
export function resetResult(r: EngagementResult, extras = true): void {
  r.winner = null;
  r.reason = 'time';
  r.turns = 0;
  r.minutes = 0;
  for (const s of r.sides) {
    s.startStrength = 0;
    s.strengthLost = 0;
    s.startMen = 0;
    s.menLost = 0;
    s.casualties = 0;
    s.stepsLost = 0;
    s.unitsEliminated = 0;
    s.retreatsForced = 0;
    s.retreatsVoluntary = 0;
    s.routs = 0;
    s.disruptions = 0;
    fillSmall(s.rungs, 0);
    s.moraleChecks = 0;
    s.moraleChecksFailed = 0;
    fillSmall(s.checksTaken, 0);
    fillSmall(s.checksFailed, 0);
    fillSmall(s.checksByRating, 0);
    fillSmall(s.failedByRating, 0);
    fillSmall(s.checksByClass, 0);
    fillSmall(s.failedByClass, 0);
    s.chargesDeclared = 0;
    s.chargesHome = 0;
    s.chargesWon = 0;
    s.squaresFormed = 0;
    // Emptied by popping: setting length calls into the runtime, slower than a few inlined pops.
    while (s.formationsBroken.length !== 0) s.formationsBroken.pop();
    s.armyBrokenTurn = 0;
    s.leadersLost = 0;
    while (s.strengthByTurn.length !== 0) s.strengthByTurn.pop();
    s.victoryPoints = 0;
  }
  for (const f of r.formations) {
    f.strengthLost = 0;
    f.unitsEliminated = 0;
    f.retreats = 0;
    f.brokenTurn = 0;
  }
  fillSmall(r.objectives, -1);
  for (const u of r.units) {
    u.eliminated = false;
    u.retreated = false;
    u.checksFailed = 0;
    u.worst = 0;
  }
  if (extras) for (const k in r.extras) r.extras[k] = 0;
}

/**
 * Fill each side's strength on the map (strengthByTurn) up to the turn limit: an engagement that ended
 * early keeps its last strength for the turns it did not play (its starting strength if it recorded
 * none), so every turn's mean over a cell counts every engagement and the curve's last point is the
 * starting strength less the mean strength lost.
 */
export function padStrengthByTurn(r: EngagementResult, turnLimit: number): void {
  for (const s of r.sides) {
    const byTurn = s.strengthByTurn;
    const last = byTurn.length !== 0 ? byTurn[byTurn.length - 1] : s.startStrength;
    while (byTurn.length < turnLimit) byTurn.push(last);
  }
}

/**
 * Record one check. `purpose` indexes the ruleset's purposes; `counted` says whether the purpose counts
 * in the morale statistics (then `rating`, an index into the ruleset's rating scale, and `unitClass`, an
 * index into UNIT_CLASSES, are tallied too; -1 leaves either out).
 */
export function recordCheck(s: SideResult, purpose: number, counted: boolean, rating: number, unitClass: number, passed: boolean): void {
  s.checksTaken[purpose]++;
  if (!passed) s.checksFailed[purpose]++;
  if (!counted) return;
  s.moraleChecks++;
  if (rating >= 0) s.checksByRating[rating]++;
  if (unitClass >= 0) s.checksByClass[unitClass]++;
  if (passed) return;
  s.moraleChecksFailed++;
  if (rating >= 0) s.failedByRating[rating]++;
  if (unitClass >= 0) s.failedByClass[unitClass]++;
}

/**
 * A unit of side `side` reached rung `rung` (RUNG): if it is worse than any it reached before, the
 * side's count of every rung in between goes up by one.
 */
export function reachRung(r: EngagementResult, side: SideIndex, unit: number, rung: number): void {
  const u = r.units[unit];
  if (rung <= u.worst) return;
  const rungs = r.sides[side].rungs;
  for (let k = u.worst + 1; k <= rung; k++) rungs[k]++;
  u.worst = rung;
}

/** The index of a value on a rating scale that starts at `first`: values below and above clamp to the ends. */
export function ratingIndex(value: number, first: number, count: number): number {
  const i = value - first;
  return i < 0 ? 0 : i >= count ? count - 1 : i;
}
