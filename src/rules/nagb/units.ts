/**
 * Units on the lane (rulings 6): how many figures stand in the front rank of each formation, and the
 * footprint that makes: an infantry figure 0.8" wide and 0.8" deep per rank, a cavalry figure 1" wide
 * and 2" deep per rank, a gun with its crew 2" wide and 3" deep (a reading: the text gives no basing).
 */
import { footprintByFiles } from '../../table/index.js';
import type { NagbOptions } from './options.js';
import { frontAfterLosses, frontOf, ranksOf, squareFace } from './shooting.js';
import type { Arm, Formation } from './tables.js';

/** Rulings 6: an infantry figure is 0.8" wide and 0.8" deep per rank. */
export const INFANTRY_FIGURE = 0.8;
/** Rulings 6: a cavalry figure is 1" wide and 2" deep per rank. */
export const CAVALRY_FIGURE_WIDTH = 1;
export const CAVALRY_RANK_DEPTH = 2;
/** A gun model with its crew (a reading; p19 gives four crew a gun and no basing). */
export const GUN_WIDTH = 2;
export const GUN_DEPTH = 3;

export interface Footprint {
  frontage: number;
  depth: number;
  /** Figures in the front rank (a square: one face). */
  front: number;
  ranks: number;
}

/** Rulings 1: a stand is 4 figures in one rank (p29). */
export const STAND_FIGURES = 4;

/** p28: the width of one base of the arm: a stand of foot (3.2") or horse (4"), a gun model (2"). */
export function baseWidth(arm: Arm): number {
  return arm === 'artillery' ? GUN_WIDTH : STAND_FIGURES * figureWidth(arm);
}

/** Width of one figure of the arm. */
export function figureWidth(arm: Arm): number {
  return arm === 'cavalry' ? CAVALRY_FIGURE_WIDTH : INFANTRY_FIGURE;
}

/**
 * The front rank of a unit of `startFigures` fresh in a formation (shooting.frontOf), and after losses
 * down to `figures` (p8, nagb.casualtyRemoval: the rear ranks go first, or every rank alike).
 */
export function frontRank(arm: Arm, f: Formation, startFigures: number, figures: number, light: boolean, opts: Pick<NagbOptions, 'attackColumnWidth' | 'squareFace' | 'casualtyRemoval'>): number {
  if (figures <= 0) return 0;
  if (f === 'square') return squareFace(figures, Math.ceil(figures / 2), opts);
  const fresh = frontOf(arm, f, startFigures, light, opts);
  const ranks = ranksOf(arm, f, startFigures, light, opts);
  return frontAfterLosses(figures, fresh, ranks, opts);
}

/**
 * A unit's footprint: its front rank and the ranks behind it, figure widths and rank depths by arm;
 * a square (p8) a block of a quarter of its figures a side; a battery its manned guns abreast.
 */
export function unitFootprint(
  arm: Arm,
  f: Formation | 'battery',
  startFigures: number,
  figures: number,
  guns: number,
  light: boolean,
  opts: Pick<NagbOptions, 'attackColumnWidth' | 'squareFace' | 'casualtyRemoval'>,
): Footprint {
  if (arm === 'artillery' || f === 'battery') {
    const g = Math.max(1, guns);
    return { frontage: g * GUN_WIDTH, depth: GUN_DEPTH, front: g, ranks: 1 };
  }
  const n = Math.max(1, figures);
  if (f === 'square') {
    // p8, p14: each face has a quarter of the front rank (nagb.squareFace); a block as wide as a face.
    const face = squareFace(n, Math.ceil(n / 2), opts);
    const side = Math.max(2, face) * INFANTRY_FIGURE;
    return { frontage: side, depth: side, front: face, ranks: 4 };
  }
  const front = Math.max(1, frontRank(arm, f, startFigures, n, light, opts));
  const w = figureWidth(arm);
  const d = arm === 'cavalry' ? CAVALRY_RANK_DEPTH : INFANTRY_FIGURE;
  const fp = footprintByFiles(n, front, w, d);
  return { frontage: fp.frontage, depth: fp.depth, front, ranks: fp.ranks };
}

/** Default figures of an arm: a 24-figure battalion (p11, p27), a 16-figure regiment (rulings 7), 4 crew a gun (p19). */
export function defaultFigures(arm: Arm, guns: number): number {
  return arm === 'infantry' ? 24 : arm === 'cavalry' ? 16 : 4 * guns;
}

/** The footprint of a unit as a scenario gives it (null when its fields do not fit: the schema reports that). */
export function footprintOf(
  u: { arm: Arm; figures?: number; formation?: string; guns?: readonly string[]; cavalryType?: string },
  opts: Pick<NagbOptions, 'attackColumnWidth' | 'squareFace' | 'casualtyRemoval'>,
): Footprint | null {
  const guns = u.guns?.length ?? 0;
  if (u.arm === 'artillery') return guns > 0 ? unitFootprint('artillery', 'battery', 0, 0, guns, false, opts) : null;
  const n = u.figures ?? defaultFigures(u.arm, 0);
  const f = (u.formation ?? 'line') as Formation;
  const ok = u.arm === 'infantry' ? ['line', 'attackColumn', 'marchColumn', 'square'].includes(f) : ['line', 'column'].includes(f);
  if (!ok) return null;
  return unitFootprint(u.arm, f, n, n, 0, u.cavalryType === 'light', opts);
}
