/**
 * Village sectors and cover (p30-32): the sector's cover, entering and leaving, shooting out, assaults,
 * and (nagb.buildingDamage) damage and collapse.
 */
import { EPS } from '../../table/index.js';
import type { NagbOptions } from './options.js';
import { type Cover } from './tables.js';

/**
 * p31 (nagb.villageCover): a sector's cover, hard (-2) or soft (-1); a collapsed structure's cover drops
 * one step, at most (hard to soft, soft to none).
 */
export function sectorCover(collapsed: boolean, opts: Pick<NagbOptions, 'villageCover'>): Cover {
  const c = opts.villageCover;
  if (!collapsed) return c;
  return c === 'hard' ? 'soft' : 'none';
}

/**
 * p30: a unit enters a sector from its very edge, at the start of its move, never in the reserve phase;
 * it may not fire the turn it enters.
 */
export function mayEnterSector(atEdge: boolean, reservePhase: boolean): boolean {
  return atEdge && !reservePhase;
}

/** A village sector's ground on the lane: x from..to, y yMin..yMax (the whole width when absent). */
export interface SectorGround {
  readonly from: number;
  readonly to: number;
  readonly yMin?: number;
  readonly yMax?: number;
}

/**
 * p30-31: how far an edge at x `lead`, going along x in direction `dir` (+1 or -1) with the lateral
 * span y0..y1, may go before it steps onto a village sector (`terrain[sectors[k]]`) other than `own`:
 * the distance to the nearest such sector's near edge ahead, Infinity if none. A unit enters a sector
 * only from its very edge, by an order to enter (p30), and cannot charge out of one (p31): no other
 * move carries it over a sector's edge. A sector the edge is already on or past does not stop it.
 */
export function roomBeforeSector(
  terrain: readonly SectorGround[],
  sectors: readonly number[],
  own: number,
  lead: number,
  dir: number,
  y0: number,
  y1: number,
): number {
  let room = Infinity;
  for (let k = 0; k < sectors.length; k++) {
    const v = sectors[k];
    if (v === own) continue;
    const t = terrain[v];
    const lo = t.yMin ?? -Infinity;
    const hi = t.yMax ?? Infinity;
    // Lateral overlap of more than a hair (an edge along the sector's side does not enter it).
    if (!((y1 < hi ? y1 : hi) - (y0 > lo ? y0 : lo) > EPS)) continue;
    const d = ((dir > 0 ? t.from : t.to) - lead) * dir;
    if (d >= -EPS && d < room) room = d > 0 ? d : 0;
  }
  return room;
}

/** p30: one unit to a sector by default (the players fix the capacity before the battle). */
export const SECTOR_CAPACITY_UNITS = 1;

/** p31: troops leave a sector up to 4" out, then test to form up or are disordered; no charging out. */
export const LEAVE_SECTOR_MOVE = 4;

/**
 * p31: a unit in a sector does not break from shooting (disordered at worst). Rulings 3.12: a unit that
 * falls back, breaks or draws in melee leaves the sector.
 */
export function leavesSectorAfterMelee(ending: 'won' | 'draw' | 'fellBack' | 'broke'): boolean {
  return ending !== 'won';
}

/** p31: assaulters of a sector strike last (its defenders strike first, p14). */
export const DEFENDERS_STRIKE_FIRST = true;

/** p31 (nagb.buildingDamage): hit points after damage (each artillery hit and each burning end phase: d6). */
export function structureAfterDamage(hitPoints: number, damage: number, opts: Pick<NagbOptions, 'buildingDamage'>): number {
  if (!opts.buildingDamage) return hitPoints;
  const h = hitPoints - damage;
  return h > 0 ? h : 0;
}

/** p31: a structure at 0 hit points collapses: units in it test, fleeing 2d6 on a failure. */
export function collapsed(hitPoints: number): boolean {
  return hitPoints <= 0;
}

/** p31: troops in a burning sector that stay suffer -2 to their tests. */
export const BURNING_SECTOR_LD = -2;
