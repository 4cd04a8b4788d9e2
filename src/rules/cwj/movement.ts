/**
 * Movement ([Move] l.59-102), its special cases ([Spec] l.103-109) and the rough-terrain test ([Rough]
 * l.110-124). Distances in cm.
 */
import type { CwjOptions } from './options.js';
import { RALLY_PASS_AT, rallyModifier } from './rally.js';
import type { Arm, Cohesion, Formation } from './types.js';

/**
 * The Movement Factors as data. `halves`: the row carries the * of l.100-102 (a change of facing or
 * formation halves it, light bonus included). The road row has no *; the charge row is read by
 * `cwj.chargeMove` (`chargeDistance`).
 */
export const MOVEMENT_FACTORS = {
  source: '[Move] l.59-102',
  infantryCavalry: {
    road: { infantry: 30, cavalry: 38, light: 6, halves: false, source: 'l.67-70' },
    column: { infantry: 18, cavalry: 22, light: 4, halves: true, source: 'l.71-74' },
    line: { infantry: 12, cavalry: 14, light: 4, halves: true, source: 'l.75-78' },
    /** As printed: 12 in the Infantry cell, +2 in the Cavalry cell, nothing under Light bonus. */
    charge: { infantryCell: 12, cavalryCell: 2, source: 'l.79-83' },
  },
  artillery: {
    limbered: { foot: 20, horse: 30, light: 4, halves: true, source: 'l.91-94' },
    unlimbered: { foot: 6, horse: 6, light: 2, halves: true, source: 'l.95-98' },
  },
} as const;

/** What the movement functions need to know of a unit. */
export interface Mover {
  arm: Arm;
  /** Marked * in its table: the light bonus ([FrT] l.391). */
  light: boolean;
  /** Horse artillery. */
  horse: boolean;
}

/**
 * The full rate of a formation, light bonus included (0: it may not move). Skirmish and Deployed move
 * at the line rate (rulings section 3); a square at half its line rate or not at all
 * (`cwj.squareMove`).
 */
export function formationRate(m: Mover, formation: Formation, squareMove: CwjOptions['squareMove']): number {
  const f = MOVEMENT_FACTORS;
  if (m.arm === 'artillery') {
    const r = formation === 'limbered' ? f.artillery.limbered : formation === 'unlimbered' ? f.artillery.unlimbered : undefined;
    if (!r) return 0;
    return (m.horse ? r.horse : r.foot) + (m.light ? r.light : 0);
  }
  if (m.arm === 'cavalry' && formation !== 'line' && formation !== 'column') return 0; // [Form] l.17
  switch (formation) {
    case 'column':
      return footOrHorse(m, f.infantryCavalry.column);
    case 'line':
    case 'skirmish':
    case 'deployed':
      return footOrHorse(m, f.infantryCavalry.line);
    case 'square':
      return m.arm === 'infantry' && squareMove === 'halfLine' ? footOrHorse(m, f.infantryCavalry.line) / 2 : 0;
    default:
      return 0;
  }
}

/** One row of the infantry/cavalry table for this mover, light bonus included. */
function footOrHorse(m: Mover, r: { readonly infantry: number; readonly cavalry: number; readonly light: number }): number {
  return (m.arm === 'infantry' ? r.infantry : r.cavalry) + (m.light ? r.light : 0);
}

/** The road rate ([Move] l.67-70): infantry and cavalry on a road for their whole move; artillery has none. */
export function roadRate(m: Mover): number {
  const r = MOVEMENT_FACTORS.infantryCavalry.road;
  if (m.arm === 'artillery') return 0;
  return (m.arm === 'infantry' ? r.infantry : r.cavalry) + (m.light ? r.light : 0);
}

/**
 * Whether a unit may move in its movement phase at all. A disordered unit stands in place (Rally Table
 * 6-8, l.50-53), and so does any unit whose rally roll this turn did not pass (`heldByRally`: an
 * unformed one too). An unformed unit may otherwise move and stays unformed: staying still is what
 * ends it ([Rough] l.123-124; rulings section 2).
 */
export function mayMove(cohesion: Cohesion, heldByRally: boolean): boolean {
  return cohesion !== 'disordered' && !heldByRally;
}

/**
 * Whether a unit may change its facing: a disordered one may not ([Rally] l.50-53), and an unformed one
 * is identical to it save for the chip and the recovery ([Rough] l.121-124), neither of which touches
 * facing; so only a good unit may (as only a good unit may change formation, `mayReform`). On the lane
 * a move back is a change of facing, so an unformed unit moves forward or not at all.
 */
export function mayChangeFacing(cohesion: Cohesion): boolean {
  return cohesion === 'good';
}

/** One movement-phase move's circumstances. */
export interface MoveCase {
  from: Formation;
  /** The formation at the end of the move (== from when unchanged). */
  to: Formation;
  changesFacing: boolean;
  /** On a road for the entire move. */
  road: boolean;
  cohesion: Cohesion;
  /** Its Rally Table roll this turn did not pass (it stands in place). */
  heldByRally: boolean;
}

/**
 * [Move] l.59-102: how far a unit may move in the movement phase (0 unless `mayMove`). A road move
 * keeps the road rate (its row has no *, l.67-70). A change of facing and/or formation halves the rate
 * (l.100-102), the rate of the slower, starting or ending formation (`cwj.formationChangeRate`).
 */
export function moveAllowance(m: Mover, c: MoveCase, opts: Pick<CwjOptions, 'formationChangeRate' | 'squareMove'>): number {
  if (!mayMove(c.cohesion, c.heldByRally)) return 0;
  if (c.changesFacing && !mayChangeFacing(c.cohesion)) return 0;
  const road = c.road ? roadRate(m) : 0;
  if (road > 0) return road;
  const start = formationRate(m, c.from, opts.squareMove);
  if (c.from === c.to && !c.changesFacing) return start;
  if (c.from === c.to) return start / 2;
  const end = formationRate(m, c.to, opts.squareMove);
  const rate = opts.formationChangeRate === 'start' ? start : opts.formationChangeRate === 'end' ? end : Math.min(start, end);
  return rate / 2;
}

/**
 * [Move] l.79-83, [SoP] l.12: the charge move of cavalry (no other arm charges). Straight at one
 * target, with no facing or formation change, so never halved.
 */
export function chargeDistance(m: Mover, formation: Formation, reading: CwjOptions['chargeMove']): number {
  if (m.arm !== 'cavalry') return 0;
  const c = MOVEMENT_FACTORS.infantryCavalry.charge;
  switch (reading) {
    case 'cavalry12':
      return c.infantryCell + (m.light ? c.cavalryCell : 0);
    case 'cavalry14':
      return c.infantryCell + c.cavalryCell;
    case 'ratePlus2':
      return formationRate(m, formation, 'halfLine') + c.cavalryCell;
  }
}

/**
 * [SoP] l.12, rulings section 2: cavalry may charge when good and not in contact (a charge allows no
 * facing or formation change, [Move] l.79-80).
 */
export function mayCharge(arm: Arm, cohesion: Cohesion, inContact: boolean): boolean {
  return arm === 'cavalry' && cohesion === 'good' && !inContact;
}

/**
 * Who may move toward an enemy ([Spec] l.105-106, [Win] l.304-306, Rally Table l.50-53):
 * - never a unit that may not move at all (`mayMove`);
 * - never a square toward a visible enemy;
 * - never infantry into frontal contact with cavalry;
 * - never a unit of a fatigued corps (no chips) toward a known enemy, unless a leader is attached.
 */
export interface AdvanceCase {
  arm: Arm;
  formation: Formation;
  cohesion: Cohesion;
  heldByRally: boolean;
  corpsFatigued: boolean;
  leaderAttached: boolean;
  /** The move brings it closer to a known (visible) enemy. */
  towardEnemy: boolean;
  /** The move ends in frontal contact with enemy cavalry. */
  intoFrontalContactWithCavalry: boolean;
}

export function mayMoveTowardEnemy(a: AdvanceCase): boolean {
  if (!mayMove(a.cohesion, a.heldByRally)) return false;
  if (a.arm === 'infantry' && a.intoFrontalContactWithCavalry) return false;
  if (!a.towardEnemy) return true;
  if (a.formation === 'square') return false;
  return !a.corpsFatigued || a.leaderAttached;
}

/**
 * `cwj.cavalryMoveContact` ([SoP] l.10-12): whether cavalry may end a normal (movement-phase) move in
 * contact, or reaches contact only by a charge in the charge phase.
 */
export function cavalryMayContactInMovement(reading: CwjOptions['cavalryMoveContact']): boolean {
  return reading === 'allowed';
}

// ---------------------------------------------------------------------------------------------
// Cavalry withdrawal [Spec] l.107-109

/** [Spec] l.107: enemy infantry or artillery that moves within 10 cm of cavalry lets it withdraw. */
export const WITHDRAWAL_TRIGGER_CM = 10;

/**
 * [Spec] l.107-109, [SoP] l.7-9: non-phasing cavalry may withdraw when phasing infantry or artillery
 * moved to within 10 cm of it this movement phase, if it is free to move (not disordered, not in
 * contact).
 */
export function mayWithdraw(
  arm: Arm,
  cohesion: Cohesion,
  inContact: boolean,
  enemyArm: Arm,
  enemyMovedWithinCm: number,
): boolean {
  return arm === 'cavalry' && cohesion !== 'disordered' && !inContact && enemyArm !== 'cavalry' && enemyMovedWithinCm <= WITHDRAWAL_TRIGGER_CM;
}

/** What a unit did in its movement phase: nothing, changed its place (perhaps its formation too), or only its formation. */
export const STOOD = 0;
export const MOVED = 1;
export const REFORMED = 2;

/**
 * [Spec] l.107: whether a unit's movement this phase is one that lets cavalry within 10 cm of it withdraw
 * (`cwj.withdrawalTrigger`): a change of place always; a formation change in place under `moveOrReform`.
 */
export function closedForWithdrawal(did: number, trigger: 'moveOrReform' | 'moveOnly'): boolean {
  return did === MOVED || (did === REFORMED && trigger === 'moveOrReform');
}

/** [Spec] l.108: the withdrawal distance is 2d6 cm; the Rally Table roll comes after (rally.ts). */
export function withdrawalDistance(die1: number, die2: number): number {
  return die1 + die2;
}

// ---------------------------------------------------------------------------------------------
// Rough terrain [Rough] l.110-124

/** Rough terrain kinds as bits, so a move over several is one number. */
export const ROUGH_WATER = 1;
export const ROUGH_WOODS = 2;
export const ROUGH_UPHILL = 4;
export const ROUGH_LINEAR = 8;

/** [Rough] l.115-120 as data: terrain values (sign by `cwj.roughSign`) and unit modifiers. */
export const ROUGH_TERRAIN = {
  source: '[Rough] l.115-120',
  terrain: [
    { bit: ROUGH_WATER, name: 'water', value: 2 },
    { bit: ROUGH_WOODS, name: 'woods', value: 3 },
    { bit: ROUGH_UPHILL, name: 'uphill', value: 5 },
    { bit: ROUGH_LINEAR, name: 'crossing a linear obstacle', value: 4 },
  ],
  unit: { line: -1, cavalry: -1, artillery: -2, lightInfantry: 1 },
} as const;

/**
 * The terrain part of one rough-terrain test: a move over several kinds tests once, with the least
 * favourable (rulings section 3). As printed the values are bonuses (`bonus`: the smallest counts);
 * read as penalties they are subtracted (`penalty`: the largest counts). 0 when `kinds` is empty.
 */
export function roughTerrainModifier(kinds: number, sign: CwjOptions['roughSign']): number {
  let out = 0;
  let first = true;
  for (const t of ROUGH_TERRAIN.terrain) {
    if ((kinds & t.bit) === 0) continue;
    const v = sign === 'bonus' ? t.value : -t.value;
    if (first || v < out) out = v;
    first = false;
  }
  return out;
}

/** The unit part of the test ([Rough] l.117-118): a unit in line -1, cavalry -1, artillery -2, light infantry +1. */
export function roughUnitModifier(arm: Arm, formation: Formation, lightInfantry: boolean): number {
  const u = ROUGH_TERRAIN.unit;
  let m = formation === 'line' ? u.line : 0; // any unit in line, cavalry too
  if (arm === 'cavalry') m += u.cavalry;
  else if (arm === 'artillery') m += u.artillery;
  else if (lightInfantry) m += u.lightInfantry;
  return m;
}

/**
 * The whole modifier of a rough-terrain test: the Rally Table's usual ones ([Rough] l.116: rally mod,
 * attached general per `cwj.generalCheckBonus`), the unit's and the terrain's. `formation` is the one
 * it moves in.
 */
export function roughTestModifier(
  rallyMod: number,
  generalServes: boolean,
  arm: Arm,
  formation: Formation,
  lightInfantry: boolean,
  kinds: number,
  opts: Pick<CwjOptions, 'roughSign' | 'generalCheckBonus'>,
): number {
  return (
    rallyModifier(rallyMod, generalServes, 'rough', opts.generalCheckBonus) +
    roughUnitModifier(arm, formation, lightInfantry) +
    roughTerrainModifier(kinds, opts.roughSign)
  );
}

/**
 * [Rough] l.112-114, l.121-124: a modified total of 9 or more passes with no effect; anything less
 * leaves the unit unformed (or disordered, `cwj.roughFailure` = disordered) once it has completed its
 * move, nothing worse.
 */
export function roughTestOutcome(total: number, reading: CwjOptions['roughFailure']): Cohesion {
  if (total >= RALLY_PASS_AT) return 'good';
  return reading === 'disordered' ? 'disordered' : 'unformed';
}

/**
 * The cohesion after a rough test: a pass changes nothing; a failure leaves a good unit unformed (or
 * disordered) and never lightens disorder to unformed.
 */
export function cohesionAfterRoughTest(before: Cohesion, test: Cohesion): Cohesion {
  if (test === 'good') return before;
  return before === 'disordered' ? 'disordered' : test;
}
