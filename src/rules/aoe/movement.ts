/**
 * Movement (p1 movement table and its notes; rulings 3.2). Rates are inches per full move. The lane
 * (src/table) will place units; these functions only say how far a unit may go.
 */
import type { AoeOptions } from './options.js';
import type { Arm, Formation } from './units.js';

export type MoveRow = 'infantryColumn' | 'infantryLine' | 'openOrder' | 'cavalry' | 'footArtillery' | 'horseArtillery' | 'leader';

export interface MoveRates {
  /** Inches per full move in the open. */
  basic: number;
  /** Inches on a road; null where the table has "-". */
  road: number | null;
  /** Multiplier in rough ground; null where the cell is blank (aoe.infantryRough). */
  rough: number | null;
  /** Inches lost crossing a ford. */
  ford: number;
}

const R = (basic: number, road: number | null, rough: number | null, ford: number): MoveRates => Object.freeze({ basic, road, rough, ford });

/** p1 movement table. The infantry rows print three cells: read as basic, road and ford, rough blank [layout]. */
export const MOVEMENT_TABLE: Readonly<Record<MoveRow, MoveRates>> = Object.freeze({
  infantryColumn: R(9, 12, null, 2),
  infantryLine: R(6, null, null, 2),
  openOrder: R(12, null, null, 2),
  cavalry: R(12, 15, 1 / 3, 2),
  footArtillery: R(6, 9, 1 / 3, 3),
  horseArtillery: R(9, 12, 1 / 3, 3),
  leader: R(12, 15, 1 / 3, 3),
});

/** p1 notes: each friendly unit passed through (passage of lines) costs 3". */
export const PASSAGE_OF_LINES = 3;
/** p1 notes: a battery may shift 1" (prolong) without limbering. */
export const PROLONGE = 1;

/**
 * The row a unit moves on. Infantry "column" is Field Column, Masse and March Column (rulings 3.2);
 * a square does not move [gap] and a unit in a BUA leaves only by spending a full move reforming
 * outside it (p3 Built Up Areas): both null.
 */
export function moveRow(arm: Arm, formation: Formation, horseArtillery = false): MoveRow | null {
  if (arm === 'cavalry') return 'cavalry';
  if (arm === 'artillery') return horseArtillery ? 'horseArtillery' : 'footArtillery';
  switch (formation) {
    case 'line':
      return 'infantryLine';
    case 'fieldColumn':
    case 'masse':
    case 'marchColumn':
      return 'infantryColumn';
    case 'openOrder':
      return 'openOrder';
    default:
      return null;
  }
}

/**
 * A full move, the distance of a retreat too: the basic rate (rulings 3.2). A square or a unit in a
 * BUA retreats as infantry in Line (rulings 3.4 puts a unit pushed out of a BUA in Line; a square is
 * read the same way, docs/rules/aoe.md).
 */
export function fullMove(arm: Arm, formation: Formation, horseArtillery = false): number {
  const row = moveRow(arm, formation, horseArtillery) ?? 'infantryLine';
  return MOVEMENT_TABLE[row].basic;
}

/** The multiplier of rough ground: the table's x1/3, or for the blank infantry cells aoe.infantryRough. */
export function roughFactor(row: MoveRow, infantryRough: AoeOptions['infantryRough']): number {
  const r = MOVEMENT_TABLE[row].rough;
  if (r !== null) return r;
  return infantryRough === 'half' ? 0.5 : 1;
}

/** The road rate applies to troops in March Column only [gap], and to batteries and leaders. */
export function roadRateApplies(arm: Arm | 'leader', formation: Formation): boolean {
  return arm === 'artillery' || arm === 'leader' || formation === 'marchColumn';
}

export type Ground = 'open' | 'road' | 'rough';

/** Inches per full move of a row on a kind of ground. */
export function rateOn(row: MoveRow, ground: Ground, roadAllowed: boolean, infantryRough: AoeOptions['infantryRough']): number {
  const t = MOVEMENT_TABLE[row];
  if (ground === 'road') return roadAllowed && t.road !== null ? t.road : t.basic;
  if (ground === 'rough') return t.basic * roughFactor(row, infantryRough);
  return t.basic;
}

/**
 * Inches a unit may still move this March phase in the open: its basic rate times the share its
 * March result allows (moveShare), less half a full move for a formation change and 3" per unit
 * passed through (p1 notes); never below 0. A half move that changes formation leaves nothing.
 */
export function moveAllowance(basic: number, share: number, changesFormation: boolean, passages: number): number {
  const a = basic * share - (changesFormation ? basic / 2 : 0) - PASSAGE_OF_LINES * passages;
  return a > 0 ? a : 0;
}

/** A stretch of the path a unit moves along: its length, the rate on it, and inches lost entering it (a ford). */
export interface PathStretch {
  length: number;
  rate: number;
  toll?: number;
}

/**
 * How far a unit gets along a path of stretches with `allowance` inches of open-ground movement
 * (moveAllowance): each inch of a stretch costs basic / rate inches of allowance, a ford's toll is
 * paid on entering it. Movement stops where the allowance runs out or the path ends.
 */
export function travelDistance(allowance: number, basic: number, path: readonly PathStretch[]): number {
  let left = allowance;
  let covered = 0;
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (s.toll) left -= s.toll;
    if (left <= 0 || s.rate <= 0) return covered;
    const need = (s.length * basic) / s.rate;
    if (left >= need) {
      covered += s.length;
      left -= need;
    } else {
      return covered + (left * s.rate) / basic;
    }
  }
  return covered;
}
