/**
 * Figures on the table (6, 9, 12): how many dice a body of figures rolls, and the figure model the
 * rulings give (12 never sizes bases): a base is one rank of burt.figuresPerBase figures, figures are
 * 0.5" wide (cavalry 0.75"), gun models 1". Rank depths are the project's guess (docs/rules/burt.md).
 */
import type { LeftoverFigures, MeleeRanks } from './options.js';
import { FIGURES_PER_DIE } from './tables.js';

/** Dice a body rolls: `plain` at the normal score, `penalised` (0 or 1) at +1 (the 1-2 figure die). */
export interface FigureDice {
  plain: number;
  penalised: number;
}

/**
 * 6, 9: a die per full four figures; a left-over 3 counts as four; a left-over 1 or 2 rolls one more
 * die at +1 (burt.leftoverFigures penalisedDie) or none (dropped).
 */
export function figureDice(figures: number, leftover: LeftoverFigures): FigureDice {
  return { plain: plainDice(figures, leftover), penalised: penalisedDice(figures, leftover) };
}

/** 6, 9: the dice of figureDice that roll at the normal score (no allocation: the play loop's). */
export function plainDice(figures: number, leftover: LeftoverFigures): number {
  void leftover;
  if (figures <= 0) return 0;
  const full = Math.floor(figures / FIGURES_PER_DIE);
  return figures - full * FIGURES_PER_DIE === 3 ? full + 1 : full;
}

/** 6, 9: the die of figureDice at +1 (1 or 2 figures left over, burt.leftoverFigures penalisedDie): 0 or 1. */
export function penalisedDice(figures: number, leftover: LeftoverFigures): number {
  if (figures <= 0 || leftover !== 'penalisedDie') return 0;
  const rest = figures % FIGURES_PER_DIE;
  return rest === 1 || rest === 2 ? 1 : 0;
}

export type Arm = 'infantry' | 'cavalry' | 'skirmishers' | 'guns';
/** 12: column, line, square, open order (skirmishers only). Cavalry fights in line or column. */
export type Formation = 'line' | 'column' | 'square' | 'open';

/** Width of one figure (a gun model), inches (rulings, figure model). */
export const FIGURE_WIDTH: Readonly<Record<Arm, number>> = { infantry: 0.5, cavalry: 0.75, skirmishers: 1, guns: 1 };
/** Depth of one rank, inches: not given anywhere; the project's guess. */
export const RANK_DEPTH: Readonly<Record<Arm, number>> = { infantry: 0.5, cavalry: 1, skirmishers: 0.5, guns: 1 };

export interface FigureModel {
  /** Bases the unit fills (a part-filled base counts). */
  bases: number;
  /** Figures across the face toward the enemy. */
  frontageFigures: number;
  ranks: number;
  frontageInches: number;
  depthInches: number;
  /** 6: figures that may fire at a target in front (two ranks of foot, one of horse; a square's face). */
  firingFigures: number;
  frontRankFigures: number;
  secondRankFigures: number;
  /** 6: more than two ranks deep, for guns firing at it (a square per burt.squareDeepTarget). */
  overTwoRanks: boolean;
}

/**
 * 12: a square's four faces "as equal as possible" in whole bases, front and rear taking the odd
 * bases first: [front, rear, right, left]. Six bases give 2, 2, 1, 1 (the rulings' 2, 1, 2, 1 round
 * the square).
 */
export function squareFaces(bases: number): [number, number, number, number] {
  const each = Math.floor(bases / 4);
  const extra = bases - each * 4;
  return [each + (extra > 0 ? 1 : 0), each + (extra > 1 ? 1 : 0), each + (extra > 2 ? 1 : 0), each];
}

/**
 * 12: column width in bases: two bases wide if that leaves more than two ranks, else one (so a column
 * always has more ranks than bases across).
 */
export function columnWidthBases(bases: number): number {
  return Math.ceil(bases / 2) > 2 ? 2 : 1;
}

/**
 * The figure model of a body of `figures` (rulings, figure-model table and its "other sizes" rule):
 * - line: frontage ceil(N/2) figures, two ranks; all fire;
 * - column: 1 or 2 bases wide (columnWidthBases), the front two ranks fire;
 * - square: one rank, the face toward the target fires and fights; its depth is a side face;
 * - cavalry: two ranks in line (frontage ceil(N/2) at 0.75"), one rank fires; in column as foot;
 * - skirmishers in open order: a line at double width (figures 1" apart), both ranks fire;
 * - guns: one model per figure, side by side, each fires (dice per gun are set by the ammunition).
 */
export function figureModel(arm: Arm, formation: Formation, figures: number, figuresPerBase: number, squareDeepTarget: boolean): FigureModel {
  const n = Math.max(0, figures);
  const bases = Math.ceil(n / figuresPerBase);
  const w = FIGURE_WIDTH[arm];
  const d = RANK_DEPTH[arm];
  if (arm === 'guns') {
    return { bases: n, frontageFigures: n, ranks: n > 0 ? 1 : 0, frontageInches: n * w, depthInches: d, firingFigures: n, frontRankFigures: n, secondRankFigures: 0, overTwoRanks: false };
  }
  const firingRanks = arm === 'cavalry' ? 1 : 2; // 6: infantry fire with two ranks at most, cavalry with one
  if (formation === 'square') {
    const faces = squareFaces(bases);
    const face = Math.min(n, faces[0] * figuresPerBase);
    const side = Math.max(faces[2], faces[3]) * figuresPerBase;
    return {
      bases,
      frontageFigures: face,
      ranks: n > 0 ? 1 : 0,
      frontageInches: face * w,
      depthInches: side * w,
      firingFigures: face,
      frontRankFigures: face,
      secondRankFigures: 0,
      overTwoRanks: squareDeepTarget && n > 0,
    };
  }
  let front: number;
  if (formation === 'column') front = Math.min(n, columnWidthBases(bases) * figuresPerBase);
  else front = Math.ceil(n / 2); // line, and open order at double spacing
  const ranks = front > 0 ? Math.ceil(n / front) : 0;
  const second = Math.min(front, n - front);
  return {
    bases,
    frontageFigures: front,
    ranks,
    frontageInches: front * w,
    depthInches: ranks * d,
    firingFigures: firingRanks === 1 ? front : front + second,
    frontRankFigures: front,
    secondRankFigures: second,
    overTwoRanks: ranks > 2,
  };
}

/** Whole figures of a frontage inside an overlap of `inches` (the lane gives the overlap). */
export function figuresInOverlap(inches: number, figureWidth: number): number {
  return inches <= 0 ? 0 : Math.floor(inches / figureWidth + 1e-9);
}

/**
 * 9 (burt.meleeRanks): figures in contact: those of the front rank inside the overlap (`overlap`,
 * in figures of this unit's front rank), and under twoRanks also as many of the second rank behind them.
 */
export function figuresInContact(model: FigureModel, overlap: number, meleeRanks: MeleeRanks): number {
  const front = Math.min(model.frontRankFigures, Math.max(0, overlap));
  if (meleeRanks === 'front') return front;
  return front + Math.min(model.secondRankFigures, front);
}
