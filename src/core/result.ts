/**
 * The engagement result vocabulary shared by every rule system (DESIGN.md, "EngagementResult").
 * A ruleset maps its own notions onto these fields; reports and comparisons read only these.
 */

export type SideIndex = 0 | 1;

/** Why an engagement ended. */
export const OUTCOME_REASONS = [
  'retreat', // the loser retreated (forced or voluntary) and gave up the fight
  'destroyed', // the loser has no units left
  'time', // the turn limit was reached
  'bothRetreated', // both sides left the field in the same round
  'victoryPoints',
  'armyDemoralized',
] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** Unit classes used in breakdowns across rule systems. */
export const UNIT_CLASSES = ['infantry', 'cavalry', 'artillery'] as const;
export type UnitClass = (typeof UNIT_CLASSES)[number];

/** Morale values are tallied in slots 0..MORALE_SLOTS-1; the last slot holds that value and above. */
export const MORALE_SLOTS = 8;

export interface SideResult {
  startStrength: number;
  strengthLost: number;
  stepsLost: number;
  unitsEliminated: number;
  retreatsForced: number;
  retreatsVoluntary: number;
  /** Units that became disrupted (a unit disrupted twice counts twice). */
  disruptions: number;
  /** Morale checks that decide retreat, square and the like (not disruption recovery). */
  moraleChecks: number;
  moraleChecksFailed: number;
  /** Indexed by the modified morale value the check was made against, clamped to 0..MORALE_SLOTS-1. */
  checksByMorale: number[];
  failedByMorale: number[];
  /** Indexed by UNIT_CLASSES: the class whose morale the (group) check used. */
  checksByClass: number[];
  failedByClass: number[];
  /** Disruption recovery checks (6.2) taken and passed. */
  recoveryChecks: number;
  recoveries: number;
  /** Formations demoralized during the engagement, with the turn. */
  formationsDemoralized: { formation: string; turn: number }[];
  /** Turn the army became demoralized, or 0 if it did not. */
  armyDemoralizedTurn: number;
  leadersLost: number;
  /** Strength on the map at the end of each turn (index 0 = turn 1); empty for engagements without turns of their own. */
  strengthByTurn: number[];
  /** Victory points at the end, where the rule system scores them. */
  victoryPoints: number;
}

/** A formation (corps, division, brigade) and what happened to it. */
export interface FormationResult {
  strengthLost: number;
  unitsEliminated: number;
  retreats: number;
  /** Turn it became demoralized (broken, fatigued), 0 if it did not. */
  demoralizedTurn: number;
}

export interface UnitResult {
  eliminated: boolean;
  retreated: boolean;
  checksFailed: number;
}

export interface EngagementResult {
  /** 0 or 1, or null for a draw. */
  winner: SideIndex | null;
  reason: OutcomeReason;
  turns: number;
  sides: [SideResult, SideResult];
  /** Per unit, in the compiled order of units (side 0 first). */
  units: UnitResult[];
  /** Per formation, in compiled order. */
  formations: FormationResult[];
  /** Per objective: the side holding it at the end, or -1. */
  objectives: number[];
  /** Ruleset-specific extra counters, by name. */
  extras: Record<string, number>;
}

export function emptySide(): SideResult {
  return {
    startStrength: 0,
    strengthLost: 0,
    stepsLost: 0,
    unitsEliminated: 0,
    retreatsForced: 0,
    retreatsVoluntary: 0,
    disruptions: 0,
    moraleChecks: 0,
    moraleChecksFailed: 0,
    checksByMorale: new Array(MORALE_SLOTS).fill(0),
    failedByMorale: new Array(MORALE_SLOTS).fill(0),
    checksByClass: new Array(UNIT_CLASSES.length).fill(0),
    failedByClass: new Array(UNIT_CLASSES.length).fill(0),
    recoveryChecks: 0,
    recoveries: 0,
    formationsDemoralized: [],
    armyDemoralizedTurn: 0,
    leadersLost: 0,
    strengthByTurn: [],
    victoryPoints: 0,
  };
}

export function emptyResult(unitCount: number, formationCount = 0, objectiveCount = 0): EngagementResult {
  const units: UnitResult[] = [];
  for (let i = 0; i < unitCount; i++) units.push({ eliminated: false, retreated: false, checksFailed: 0 });
  const formations: FormationResult[] = [];
  for (let i = 0; i < formationCount; i++) formations.push({ strengthLost: 0, unitsEliminated: 0, retreats: 0, demoralizedTurn: 0 });
  const objectives = new Array<number>(objectiveCount).fill(-1);
  return { winner: null, reason: 'time', turns: 0, sides: [emptySide(), emptySide()], units, formations, objectives, extras: {} };
}

/** Reset a result in place so one object can serve many engagements. */
export function resetResult(r: EngagementResult): void {
  r.winner = null;
  r.reason = 'time';
  r.turns = 0;
  for (const s of r.sides) {
    s.startStrength = 0;
    s.strengthLost = 0;
    s.stepsLost = 0;
    s.unitsEliminated = 0;
    s.retreatsForced = 0;
    s.retreatsVoluntary = 0;
    s.disruptions = 0;
    s.moraleChecks = 0;
    s.moraleChecksFailed = 0;
    s.checksByMorale.fill(0);
    s.failedByMorale.fill(0);
    s.checksByClass.fill(0);
    s.failedByClass.fill(0);
    s.recoveryChecks = 0;
    s.recoveries = 0;
    s.formationsDemoralized.length = 0;
    s.armyDemoralizedTurn = 0;
    s.leadersLost = 0;
    s.strengthByTurn.length = 0;
    s.victoryPoints = 0;
  }
  for (const f of r.formations) {
    f.strengthLost = 0;
    f.unitsEliminated = 0;
    f.retreats = 0;
    f.demoralizedTurn = 0;
  }
  r.objectives.fill(-1);
  for (const u of r.units) {
    u.eliminated = false;
    u.retreated = false;
    u.checksFailed = 0;
  }
  for (const k in r.extras) r.extras[k] = 0;
}

export function moraleSlot(morale: number): number {
  return morale < 0 ? 0 : morale >= MORALE_SLOTS ? MORALE_SLOTS - 1 : morale;
}
