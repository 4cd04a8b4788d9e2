/**
 * Retreats: 30 cm on the Firing Table (l.153-155) and the Rally Table (l.44-48), 20 cm after a melee
 * loss (l.243-245). A retreat that would meet another enemy surrenders the unit ([Rally] l.47-48; the
 * rulings extend it to every retreat, section 4.6); one that would carry it past the table edge takes it
 * off the table. Either removes the unit.
 */
import { EPS } from '../../table/index.js';

export const RETREAT_STAYS = 0;
export const RETREAT_SURRENDERS = 1;
export const RETREAT_OFF_TABLE = 2;
export type RetreatFate = 0 | 1 | 2;
export const RETREAT_FATE_NAMES = ['retreats', 'surrenders', 'leaves the table'] as const;

/**
 * The fate of a retreat of `distanceCm` straight back. `enemyBehindCm`: how far it may go before it
 * touches another enemy (Infinity: none in its way); `roomBehindCm`: how far before it passes the
 * table edge. The nearer obstacle decides; ending exactly at the edge keeps it on the table.
 */
export function retreatFate(distanceCm: number, enemyBehindCm: number, roomBehindCm: number): RetreatFate {
  if (enemyBehindCm <= distanceCm && enemyBehindCm <= roomBehindCm) return RETREAT_SURRENDERS;
  if (roomBehindCm < distanceCm) return RETREAT_OFF_TABLE;
  return RETREAT_STAYS;
}

/**
 * Which way along the lane a retreat goes, as the sign of x (rulings 4.6: straight away from what
 * caused it; [Rally] l.47: directly away from the nearest enemy): back toward the unit's own rear
 * (-facing), unless what caused it stands wholly behind it, when it goes forward, away from it.
 * `rear`: the x of the unit's rear edge; `causeReach`: the x of the point of the cause (the firer, the
 * melee's winners, the nearest or the contacting enemy) furthest toward the unit's front. A cause level
 * with the unit, beside it, is not behind it.
 */
export function retreatSign(facing: 1 | -1, rear: number, causeReach: number): 1 | -1 {
  return (causeReach - rear) * facing <= EPS ? facing : (-facing as 1 | -1);
}
