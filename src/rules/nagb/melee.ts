/**
 * Hand to hand (p8, p14-16, p22-25, p31, p39-40): dice from frontage and overlaps, strike order, to hit,
 * to kill and saves, bonus points, the score, the loser's break test, draws, pursuit, being caught
 * fleeing and the free hack, cavalry breaking through. `resolveMeleeRound` plays one round with the
 * dice; odds.ts gives its exact odds.
 */
import type { Uniform } from '../../core/dice.js';
import { modifiedLd, rollTest, stubbornLd } from './leadership.js';
import type { NagbOptions } from './options.js';
import {
  type Arm,
  BONUS,
  CAVALRY_SAVE,
  type CavalryType,
  type CavalryWeapon,
  classHitModifier,
  type Cover,
  type Formation,
  MELEE_HIT,
  MELEE_KILL,
  type UnitClass,
} from './tables.js';

/**
 * p14 (nagb.overlapDice): dice of one side. A unit no wider than its enemy rolls a die for each
 * front-rank figure; a wider one rolls for its figures facing the enemy front (rounded up) plus a die
 * for each end it overlaps (or one in all), never more than its front rank. p14: a 12-figure line
 * against an 8-figure column front rolls 8 + 2 = 10.
 */
export function meleeDice(
  ownFront: number,
  ownFigureWidth: number,
  enemyFrontWidth: number,
  overlappedEnds: number,
  opts: Pick<NagbOptions, 'overlapDice'>,
): number {
  if (ownFront * ownFigureWidth <= enemyFrontWidth + 1e-9) return ownFront;
  const facing = Math.ceil(enemyFrontWidth / ownFigureWidth - 1e-9);
  const extra = opts.overlapDice === 'perOverlappedEnd' ? overlappedEnds : overlappedEnds > 0 ? 1 : 0;
  const d = facing + extra;
  return d < ownFront ? d : ownFront;
}

/**
 * Rulings 3.5.7: on the lane the units are slid centre to centre, so the figures beyond those facing
 * the enemy overhang both ends alike: one surplus figure overlaps one end, two or more both.
 */
export function laneOverlappedEnds(ownFront: number, facingFigures: number): number {
  const surplus = ownFront - facingFigures;
  return surplus <= 0 ? 0 : surplus >= 2 ? 2 : 1;
}

/** Figures of a front of `width` inches facing an enemy front (the facing count of meleeDice). */
export function facingFigures(enemyFrontWidth: number, ownFigureWidth: number): number {
  return Math.ceil(enemyFrontWidth / ownFigureWidth - 1e-9);
}

export interface MeleeHitCase {
  cls: UnitClass;
  disordered: boolean;
  /** Cover of the building sector this side assaults ('none' when not assaulting one). */
  assaulting: Cover;
  /** p16: the free hack on a caught unit is at +1 to hit. */
  freeHack: boolean;
}

/**
 * p14, p31 (nagb.buildingAssault): 4+ to hit, veterans +1 (nagb.eliteFireBonus), raw -1, disordered -1;
 * assaulters of a hard-cover sector (any building under 'always6') hit on 6s only. 7 = no hits.
 */
export function meleeHitNeeded(c: MeleeHitCase, opts: Pick<NagbOptions, 'buildingAssault' | 'eliteFireBonus'>): number {
  if (c.assaulting !== 'none' && (opts.buildingAssault === 'always6' || c.assaulting === 'hard')) return 6;
  let mod = classHitModifier(c.cls, opts);
  if (c.disordered) mod -= 1;
  if (c.freeHack) mod += 1;
  const need = MELEE_HIT - mod;
  return need < 2 ? 2 : need;
}

/** p14, p24, p40: kill on 4+; charging cavalry with sabres 3+, lancers 2+, Cossack lancers 3+. */
export function meleeKillOn(arm: Arm, weapon: CavalryWeapon | null, charging: boolean): number {
  if (arm !== 'cavalry' || !charging || weapon === null) return MELEE_KILL;
  return weapon === 'lance' ? 2 : 3;
}

/** p25, p40: the save of a cavalry figure against a hand-to-hand kill; 7 = none (foot and crews). */
export function meleeSaveOn(arm: Arm, type: CavalryType | null): number {
  return arm === 'cavalry' && type !== null ? CAVALRY_SAVE[type] : 7;
}

/** P(a die scores a hit), with a reroll of misses when a commander has joined the unit (p5, p39). */
export function meleeHitProbability(need: number, rerollMisses: boolean): number {
  const p = need <= 1 ? 1 : need > 6 ? 0 : (7 - need) / 6;
  return rerollMisses ? 1 - (1 - p) * (1 - p) : p;
}

/** P(one die of this side makes a casualty): a hit, a kill, and no save. */
export function casualtyPerDie(need: number, rerollMisses: boolean, killOn: number, saveOn: number): number {
  const kill = killOn > 6 ? 0 : (7 - Math.max(1, killOn)) / 6;
  const save = saveOn > 6 ? 0 : (7 - saveOn) / 6;
  return meleeHitProbability(need, rerollMisses) * kill * (1 - save);
}

export type StrikeOrder = 'charger' | 'target' | 'simultaneous' | 'initiative';

export interface StrikeOrderCase {
  chargerArm: Arm;
  chargerLancers: boolean;
  targetFormation: Formation;
  targetDisordered: boolean;
  /** The target defends a building sector (p14, p31). */
  targetInBuilding: boolean;
  /** The target defends a wall, hedge, fence or ditch (p14, p32). */
  targetDefendsObstacle: boolean;
  /** Both sides charged (a counter-charge, p5). */
  counterCharge: boolean;
}

/**
 * p5, p8, p14, p24, p31, p32: chargers strike first, except: counter-charges strike on initiative;
 * building defenders strike first; a square strikes first against cavalry unless disordered (lancers
 * still strike first); defenders of walls, hedges, fences and ditches strike together with the chargers.
 */
export function strikeOrder(c: StrikeOrderCase): StrikeOrder {
  if (c.counterCharge) return 'initiative';
  if (c.targetInBuilding) return 'target';
  if (c.chargerArm === 'cavalry' && c.targetFormation === 'square' && !c.targetDisordered && !c.chargerLancers) return 'target';
  if (c.targetDefendsObstacle) return 'simultaneous';
  return 'charger';
}

export interface BonusCase {
  arm: Arm;
  formation: Formation;
  enemyArm: Arm;
  enemyFormation: Formation;
  flankAttack: boolean;
  rearAttack: boolean;
  higherGround: boolean;
  /** The unit still has its standard (p14). */
  standard: boolean;
  /** Friends within 4" on both flanks (p15; the caller applies the army's support table). */
  flankSupport: boolean;
  rearSupport: boolean;
  /** Cavalry lapping round the flanks / to the rear of an infantry front it wholly contacts (p22, p24). */
  lapFlank: boolean;
  lapRear: boolean;
}

/**
 * p14 bonus points (everything but casualties and outnumbering): flank +1 and rear +2 (cumulative, +3;
 * a square has no flanks), higher ground +1, standard +1, flank support +1, rear support +1 (support
 * counts nothing for infantry against cavalry, p15), square against cavalry +4, march column -1; cavalry
 * lapping an infantry unit not in square +1, all the way to the rear +2 (p22, p24).
 */
export function meleeBonus(b: BonusCase): number {
  let s = 0;
  const enemySquare = b.enemyFormation === 'square';
  if (!enemySquare) {
    if (b.flankAttack) s += BONUS.flankAttack;
    if (b.rearAttack) s += BONUS.rearAttack;
  }
  if (b.higherGround) s += BONUS.higherGround;
  if (b.standard) s += BONUS.standard;
  if (!(b.arm === 'infantry' && b.enemyArm === 'cavalry')) {
    if (b.flankSupport) s += BONUS.flankSupport;
    if (b.rearSupport) s += BONUS.rearSupport;
  }
  if (b.formation === 'square' && b.enemyArm === 'cavalry') s += BONUS.squareVsCavalry;
  if (b.formation === 'marchColumn') s += BONUS.marchColumn;
  if (b.arm === 'cavalry' && b.enemyArm === 'infantry' && !enemySquare) {
    if (b.lapRear) s += BONUS.lapRear;
    else if (b.lapFlank) s += BONUS.lapFlank;
  }
  return s;
}

/** p14: +1 to the side that outnumbers the other after the combat (cavalry figures count 2). */
export function outnumberBonus(mine: number, myWeight: number, theirs: number, theirWeight: number): number {
  return mine * myWeight > theirs * theirWeight ? BONUS.outnumber : 0;
}

export interface LoserCase {
  disordered: boolean;
  stubborn: boolean;
  formation: Formation;
  /** p40: beaten by charging heavy cavalry (ferocious charge). */
  beatenByChargingHeavyCavalry: boolean;
}

/**
 * p8, p27, p39, p40 (nagb.disorderedLoser, nagb.stubbornAutobreak): the loser breaks without a test
 * when in march column or beaten by charging heavy cavalry (a stubborn one too, by default), or when
 * disordered (unless stubborn, by default).
 */
export function loserBreaksOutright(c: LoserCase, opts: Pick<NagbOptions, 'disorderedLoser' | 'stubbornAutobreak'>): boolean {
  if (c.formation === 'marchColumn' || c.beatenByChargingHeavyCavalry) return !(c.stubborn && opts.stubbornAutobreak === 'tests');
  if (!c.disordered) return false;
  if (opts.disorderedLoser === 'breaks') return true;
  if (opts.disorderedLoser === 'tests') return false;
  return !c.stubborn;
}

/** p15, p39: the loser's break test: Ld less the margin (and its state); stubborn units at plain Ld + influence. */
export function breakTestLd(ld: number, margin: number, stubborn: boolean, disordered: boolean, jubilant: number, influence: number): number {
  if (stubborn) return stubbornLd(ld, influence);
  return modifiedLd(ld, jubilant, disordered, influence - margin);
}

/** p15, p16: flight after breaking in melee (and its second flight when caught): 2d6, cavalry 3d6; pursuit likewise. */
export function meleeFlightDice(arm: Arm): number {
  return arm === 'cavalry' ? 3 : 2;
}

/** p15, p16: a loser passing its test, and both sides of a draw, fall back d6" disordered. */
export const MELEE_FALL_BACK_DICE = 1;

/** p8, p16: a square never pursues. */
export function mayPursue(formation: Formation): boolean {
  return formation !== 'square';
}

/** What a winner does after the round (p16). */
export type WinnerMove = 'pursue' | 'fallBack' | 'stand';

/**
 * p8, p16: a square always stands. When the loser broke, the winner pursues 2d6 (cavalry 3d6) unless it
 * tries and passes a test to stand; when the loser only fell back, it falls back d6" in good order
 * unless it tries and passes a test to stand. (Cavalry may instead be recalled, p16, p23.)
 */
export function winnerMove(loserBroke: boolean, formation: Formation, triesToStand: boolean, standPassed: boolean): WinnerMove {
  if (formation === 'square') return 'stand';
  if (triesToStand && standPassed) return 'stand';
  return loserBroke ? 'pursue' : 'fallBack';
}

/** p16 (nagb.freeHack): the free hack's dice: the winner's front-rank dice, or one. */
export function freeHackDice(frontDice: number, opts: Pick<NagbOptions, 'freeHack'>): number {
  return opts.freeHack === 'round' ? frontDice : Math.min(1, frontDice);
}

/**
 * p23: cavalry fighting cavalry that ends drawn or with neither side broken: both break through 2d6 and
 * the chargers are blown.
 */
export function cavalryBreakThrough(bothCavalry: boolean, drawn: boolean, loserBroke: boolean): boolean {
  return bothCavalry && (drawn || !loserBroke);
}
export const BREAK_THROUGH_DICE = 2;

/** One of two cavalry units that fought each other front to front, as it breaks through (p23). */
export interface BreakThroughSide {
  /** Its 2d6. */
  roll: number;
  /** The depth of its footprint. */
  depth: number;
  /** How far its front may go straight ahead before something stops it (Infinity: nothing short of the table's end). */
  room: number;
  /** It breaks through (false: it was recalled instead, or is gone). */
  goes: boolean;
}

/**
 * p23 (nagb.cavalryBreakThrough) on the lane: how far each of two cavalry units that fought front to
 * front rides straight ahead, through the other. fromContact: its 2d6 from the point of contact (as p22
 * measures a follow-up from first contact); when both go and their rolls fall short of their depths
 * together, they would still stand on each other's ground, so each goes on by half the shortfall.
 * beyondEnemy: through the enemy's whole depth and its 2d6 beyond. Neither goes beyond its room; when
 * one is stopped short, the other goes on, within its own room, until the two are clear (if it can).
 * Writes the distances of a and b into out[0] and out[1] (0 for a unit that does not go, and under off).
 */
export function breakThroughMoves(a: BreakThroughSide, b: BreakThroughSide, opts: Pick<NagbOptions, 'cavalryBreakThrough'>, out: number[]): number[] {
  let ma = 0;
  let mb = 0;
  if (opts.cavalryBreakThrough !== 'off') {
    const beyond = opts.cavalryBreakThrough === 'beyondEnemy';
    if (a.goes) ma = beyond ? b.depth + a.roll : a.roll;
    if (b.goes) mb = beyond ? a.depth + b.roll : b.roll;
    const depths = a.depth + b.depth;
    if (a.goes && b.goes && ma + mb < depths) {
      const half = (depths - ma - mb) / 2;
      ma += half;
      mb += half;
    }
    if (ma > a.room) ma = a.room;
    if (mb > b.room) mb = b.room;
    if (a.goes && b.goes && ma + mb < depths) {
      // One was stopped short: the other goes on to clear it, as far as its own room lets it.
      if (a.room > ma) ma = Math.min(a.room, depths - mb);
      if (b.room > mb && ma + mb < depths) mb = Math.min(b.room, depths - ma);
    }
  }
  out[0] = ma;
  out[1] = mb;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// One round

/** One side of a melee compiled to numbers (see meleeSpec in odds.ts). */
export interface MeleeSideSpec {
  /** Dice rolled when striking with every figure (p14); the second striker loses one per casualty. */
  dice: number;
  need: number;
  rerollMisses: boolean;
  killOn: number;
  saveOn: number;
  /** Figures of the unit (casualties cannot exceed them). */
  figures: number;
  /** Figures counted for outnumbering before this round's casualties (nagb.outnumberBasis), and their weight. */
  countFigures: number;
  weight: number;
  /**
   * p8: an attack column takes its casualties off its back ranks, so the figures it fights with (the
   * count under `inContact`) stay while it has others behind them; every other unit loses them one for one.
   */
  backRanksFirst: boolean;
  /** Bonus points of meleeBonus. */
  bonus: number;
  /** Loses: breaks outright, or tests at `breakLd` (less the margin when `marginModifies`). */
  autoBreak: boolean;
  breakLd: number;
  marginModifies: boolean;
  cavalry: boolean;
}

export interface MeleeSpec {
  a: MeleeSideSpec;
  b: MeleeSideSpec;
  /** Who strikes first: side a, side b, or both together. */
  order: 'a' | 'b' | 'simultaneous';
}

/** How a round ends for the loser (or both, drawn). */
export type MeleeEnding = 'draw' | 'aBreaks' | 'aFallsBack' | 'bBreaks' | 'bFallsBack';
export const MELEE_ENDINGS: readonly MeleeEnding[] = ['draw', 'aBreaks', 'aFallsBack', 'bBreaks', 'bFallsBack'];

export interface MeleeResult {
  /** Casualties suffered by side a and by side b. */
  onA: number;
  onB: number;
  scoreA: number;
  scoreB: number;
  ending: MeleeEnding;
  /** p23: cavalry against cavalry with nobody broken: both break through. */
  breakThrough: boolean;
}

export function newMeleeResult(): MeleeResult {
  return { onA: 0, onB: 0, scoreA: 0, scoreB: 0, ending: 'draw', breakThrough: false };
}

/** p14, p25: strike with `dice` dice: hit (misses rerolled by a joined commander), kill, save; at most `cap`. */
export function rollStrike(u: Uniform, dice: number, need: number, reroll: boolean, killOn: number, saveOn: number, cap: number): number {
  let c = 0;
  for (let i = 0; i < dice; i++) {
    let f = 1 + Math.floor(u() * 6);
    if (f < need && reroll) f = 1 + Math.floor(u() * 6);
    if (f < need || need > 6) continue;
    if (1 + Math.floor(u() * 6) < killOn) continue;
    if (saveOn <= 6 && 1 + Math.floor(u() * 6) >= saveOn) continue;
    c++;
  }
  return c < cap ? c : cap;
}

/**
 * p14: one side's score: the casualties it inflicted, its bonus points, and +1 if it outnumbers the
 * other after the round.
 */
export function sideScore(mine: MeleeSideSpec, theirs: MeleeSideSpec, onMine: number, onTheirs: number): number {
  return onTheirs + mine.bonus + outnumberBonus(figuresCounted(mine, onMine), mine.weight, figuresCounted(theirs, onTheirs), theirs.weight);
}

/** p14: the figures a side counts for outnumbering after `casualties` (its back ranks first in an attack column, p8). */
export function figuresCounted(s: MeleeSideSpec, casualties: number): number {
  const left = s.backRanksFirst ? Math.min(s.countFigures, s.figures - casualties) : s.countFigures - casualties;
  return left > 0 ? left : 0;
}

/**
 * Takes the loser's break test at `ld` and says whether it passed (the play loop records it, adds
 * influence and buys rerolls); without one, a plain 2d6 on the round's dice.
 */
export type BreakTester = (loser: 'a' | 'b', ld: number) => boolean;

/**
 * Play one round of hand to hand with the dice (p14-16, p23): the first striker's dice, the reply with
 * one die fewer per casualty (both at once when simultaneous), the scores, and the loser's break test.
 */
export function resolveMeleeRound(u: Uniform, s: MeleeSpec, out: MeleeResult, test?: BreakTester): MeleeResult {
  const a = s.a, b = s.b;
  let onA = 0, onB = 0;
  if (s.order === 'a') {
    onB = rollStrike(u, a.dice, a.need, a.rerollMisses, a.killOn, a.saveOn, b.figures);
    onA = rollStrike(u, Math.max(0, b.dice - onB), b.need, b.rerollMisses, b.killOn, b.saveOn, a.figures);
  } else if (s.order === 'b') {
    onA = rollStrike(u, b.dice, b.need, b.rerollMisses, b.killOn, b.saveOn, a.figures);
    onB = rollStrike(u, Math.max(0, a.dice - onA), a.need, a.rerollMisses, a.killOn, a.saveOn, b.figures);
  } else {
    onB = rollStrike(u, a.dice, a.need, a.rerollMisses, a.killOn, a.saveOn, b.figures);
    onA = rollStrike(u, b.dice, b.need, b.rerollMisses, b.killOn, b.saveOn, a.figures);
  }
  const scoreA = sideScore(a, b, onA, onB);
  const scoreB = sideScore(b, a, onB, onA);
  out.onA = onA;
  out.onB = onB;
  out.scoreA = scoreA;
  out.scoreB = scoreB;
  const both = a.cavalry && b.cavalry;
  if (scoreA === scoreB) {
    out.ending = 'draw';
    out.breakThrough = both;
    return out;
  }
  const aLost = scoreA < scoreB;
  const loser = aLost ? a : b;
  const margin = Math.abs(scoreA - scoreB);
  const ld = loser.marginModifies ? loser.breakLd - margin : loser.breakLd;
  const breaks = loser.autoBreak || !(test ? test(aLost ? 'a' : 'b', ld) : rollTest(u, ld));
  out.ending = aLost ? (breaks ? 'aBreaks' : 'aFallsBack') : breaks ? 'bBreaks' : 'bFallsBack';
  out.breakThrough = cavalryBreakThrough(both, false, breaks);
  return out;
}
