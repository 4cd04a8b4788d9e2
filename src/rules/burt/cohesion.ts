/**
 * The cohesion ladder (7): formed > unformed > disordered > shaken > rout. Units lose levels to failed
 * tests, broken melees, obstacles and difficult ground, interpenetration and army morale; they regain
 * one with REGROUP orders, and rally from rout to shaken.
 */
import type { CohesionModifiers } from './options.js';
import type { Arm } from './figures.js';
import { COHESION_ITEMS, DISORDERED, FORMED, ROUT, SHAKEN, UNFORMED, type Cohesion, type CohesionColumn, type CohesionItem } from './tables.js';

/** 7: skirmishers and guns start unformed and can never be formed; everyone else starts formed. */
export function bestLevel(arm: Arm): Cohesion {
  return arm === 'skirmishers' || arm === 'guns' ? UNFORMED : FORMED;
}

/** 7: the level a unit starts at. */
export function startLevel(arm: Arm): Cohesion {
  return bestLevel(arm);
}

/**
 * 7, 8: lose `levels` levels (one marker each). A shaken unit that loses a level routs; rout is the
 * bottom, so a router losing more stays routing.
 */
export function loseLevels(level: Cohesion, levels = 1): Cohesion {
  const next = level + Math.max(0, levels);
  return (next >= ROUT ? ROUT : next) as Cohesion;
}

/** Whether a change of level made the unit rout now (army morale -1, 10) or shaken now (retreat next turn, 8). */
export function routedNow(before: Cohesion, after: Cohesion): boolean {
  return before !== ROUT && after === ROUT;
}

export function becameShaken(before: Cohesion, after: Cohesion): boolean {
  return before < SHAKEN && after === SHAKEN;
}

/**
 * 7 (step 8): REGROUP orders regain one level, never above the unit's best; a router does not
 * regroup (it must rally).
 */
export function regroup(level: Cohesion, arm: Arm): Cohesion {
  if (level === ROUT) return level;
  const best = bestLevel(arm);
  return (level - 1 < best ? best : level - 1) as Cohesion;
}

/** 7, 8: a router that passes its rally test becomes shaken. */
export function rally(level: Cohesion): Cohesion {
  return level === ROUT ? SHAKEN : level;
}

/**
 * Whether a cohesion item applies to a unit at `level`: the item names the level (rout added to the
 * melee save under burt.routSavePenalty), or (cumulative) names a lost level between unformed and the
 * unit's own. Formed is never lost, so an item naming formed applies to formed units only.
 */
export function itemApplies(item: CohesionItem, level: Cohesion, mode: CohesionModifiers, routSavePenalty: boolean): boolean {
  if (item.levels.includes(level)) return true;
  if (item.column === 'meleeSave' && routSavePenalty && level === ROUT) return true;
  if (mode === 'currentLevel' || level === FORMED) return false;
  for (let l = UNFORMED; l < level; l++) if (item.levels.includes(l as Cohesion)) return true;
  return false;
}

/**
 * 7: the sum of a column's cohesion items for a unit at `level` (burt.cohesionModifiers;
 * burt.routSavePenalty adds rout to the melee save's "unformed, disordered or shaken").
 */
export function cohesionModifier(column: CohesionColumn, level: Cohesion, mode: CohesionModifiers, routSavePenalty: boolean): number {
  return cohesionModifierAt(COLUMN_INDEX[column], level, mode, routSavePenalty);
}

/** cohesionModifier with the column by its index (COL), as the play loop calls it: no lookup by name. */
export function cohesionModifierAt(column: number, level: Cohesion, mode: CohesionModifiers, routSavePenalty: boolean): number {
  // The sum is a function of its four arguments over a fixed table: summed once, then looked up.
  const k = ((column * 2 + (mode === 'cumulative' ? 1 : 0)) * 2 + (routSavePenalty ? 1 : 0)) * 5 + level;
  const known = COHESION_MEMO[k];
  if (known === known) return known;
  return (COHESION_MEMO[k] = sumCohesionItems(COLUMNS[column], level, mode, routSavePenalty));
}

/** The columns by index (COLUMN_INDEX). */
export const COL = { fireToHit: 0, morale: 1, meleeToHit: 2, meleeSave: 3, enemyMeleeToHit: 4, enemyCavalryMeleeToHit: 5, enemyLightCavalryMeleeToHit: 6 } as const;
const COLUMNS: readonly CohesionColumn[] = ['fireToHit', 'morale', 'meleeToHit', 'meleeSave', 'enemyMeleeToHit', 'enemyCavalryMeleeToHit', 'enemyLightCavalryMeleeToHit'];

const COLUMN_INDEX: Readonly<Record<CohesionColumn, number>> = COL;
/** cohesionModifier by (column, mode, routSavePenalty, level); NaN: not summed yet. */
const COHESION_MEMO = new Float64Array(7 * 2 * 2 * 5).fill(NaN);

function sumCohesionItems(column: CohesionColumn, level: Cohesion, mode: CohesionModifiers, routSavePenalty: boolean): number {
  let sum = 0;
  for (const item of COHESION_ITEMS) {
    if (item.column === column && itemApplies(item, level, mode, routSavePenalty)) sum += item.value;
  }
  return sum;
}

/** Precomputed cohesionModifier by [column][level] for one pair of options (the play loop's lookup). */
export function cohesionTable(mode: CohesionModifiers, routSavePenalty: boolean): Readonly<Record<CohesionColumn, readonly number[]>> {
  const columns: CohesionColumn[] = ['fireToHit', 'morale', 'meleeToHit', 'meleeSave', 'enemyMeleeToHit', 'enemyCavalryMeleeToHit', 'enemyLightCavalryMeleeToHit'];
  const out = {} as Record<CohesionColumn, number[]>;
  for (const c of columns) out[c] = [FORMED, UNFORMED, DISORDERED, SHAKEN, ROUT].map((l) => cohesionModifier(c, l as Cohesion, mode, routSavePenalty));
  return out;
}

/** 6, rulings: routers do not fire. */
export function mayFire(level: Cohesion): boolean {
  return level !== ROUT;
}
