/**
 * Movement (4, 5, 9.r3, 12): rates by troop type and formation, terrain and obstacles, the level lost
 * to them and to interpenetration, formation changes, evading, and the compulsory moves' lengths.
 */
import { d6, type Uniform } from '../../core/dice.js';
import { columnWidthBases, type Arm, type Formation } from './figures.js';
import type { BurtOptions } from './options.js';
import { MOVEMENT_EFFECTS, MOVEMENT_RATES, type Rates, type TroopType } from './tables.js';

/** What a unit is, beyond its arm, for the movement table. */
export interface MoverKind {
  arm: Arm;
  formation: Formation;
  /** Cavalry: light (else heavy). */
  lightCavalry?: boolean;
  /** Guns: horse artillery (else foot). */
  horseGuns?: boolean;
}

/** 5: the row of the movement table a unit moves by. Cavalry has one rate in any formation. */
export function troopType(k: MoverKind): TroopType {
  switch (k.arm) {
    case 'skirmishers':
      return 'skirmishers';
    case 'cavalry':
      return k.lightCavalry ? 'lightCavalry' : 'heavyCavalry';
    case 'guns':
      return k.horseGuns ? 'horseGuns' : 'footGuns';
    default:
      return k.formation === 'column' ? 'infantryColumn' : k.formation === 'square' ? 'infantrySquare' : 'infantryLine';
  }
}

/** 5: move, charge and reserve rates of a unit. */
export function ratesOf(k: MoverKind): Rates {
  return MOVEMENT_RATES[troopType(k)];
}

/** 5, 9: an assault's reach is the charge rate (null: the unit cannot assault, e.g. a square or guns). */
export function chargeReach(k: MoverKind): number | null {
  return ratesOf(k).charge;
}

/** 5.1: an assaulting unit moves half the distance to its target in step 4. */
export function assaultAdvance(gap: number): number {
  return Math.max(0, gap) / 2;
}

/** 4: FIRE orders allow up to half a move forward or a quarter back. */
export function fireOrderMoveLimit(move: number, direction: 'forward' | 'back'): number {
  return move * (direction === 'forward' ? MOVEMENT_EFFECTS.fireOrderForward : MOVEMENT_EFFECTS.fireOrderBack);
}

/** Lane terrain kinds that change movement (5). Hedges and walls are obstacles at a point. */
export type Terrain = 'open' | 'woods' | 'village' | 'ford';
export type Obstacle = 'hedge' | 'wall';

/** Wheeled: guns and wagons (5: hedges, walls and fords are closed to them). */
function wheeled(k: MoverKind): boolean {
  return k.arm === 'guns';
}

/**
 * 5: the fraction of its rate a unit moves at in a terrain (0: impassable). Woods halve formed
 * (close-order) infantry and slow cavalry per burt.woodsCavalry; skirmishers are not slowed; guns,
 * which 5 does not name, are slowed as horses are. A village is woods or open (burt.villageMovement).
 * A ford halves everyone and is closed to guns.
 */
export function terrainRateFactor(terrain: Terrain, k: MoverKind, o: Pick<BurtOptions, 'woodsCavalry' | 'villageMovement'>): number {
  const t = terrain === 'village' ? (o.villageMovement === 'asWoods' ? 'woods' : 'open') : terrain;
  if (t === 'open') return 1;
  if (t === 'ford') return wheeled(k) ? 0 : MOVEMENT_EFFECTS.fordRate;
  if (k.arm === 'skirmishers') return 1;
  if (k.arm === 'infantry') return MOVEMENT_EFFECTS.woodsInfantryRate;
  return o.woodsCavalry === 'quarter' ? MOVEMENT_EFFECTS.woodsCavalryQuarter : MOVEMENT_EFFECTS.woodsCavalryThreeQuarters;
}

/** 5: the part of a move spent crossing an obstacle (Infinity: closed to guns). */
export function obstacleCost(obstacle: Obstacle, k: MoverKind): number {
  void obstacle; // hedge and wall cost the same; they differ as cover (6, 8)
  return wheeled(k) ? Infinity : MOVEMENT_EFFECTS.hedgeOrWallCost;
}

/** 5: difficult ground: woods, a ford, and a village read as woods. */
export function difficultGround(terrain: Terrain, villageMovement: 'asWoods' | 'open'): boolean {
  return terrain === 'woods' || terrain === 'ford' || (terrain === 'village' && villageMovement === 'asWoods');
}

/**
 * 5: formed troops (close-order foot and horse; not skirmishers, and not guns, which are never formed)
 * lose one level in a move in which they cross an obstacle or move in difficult ground: one a move,
 * however many obstacles and grounds it meets. burt.terrainLoss says whether the text's "move" is the
 * turn (one a turn, the default) or each move the unit makes in it (laneMove).
 */
export function terrainLevelLoss(k: MoverKind, crossedObstacle: boolean, inDifficultGround: boolean): number {
  if (k.arm !== 'infantry' && k.arm !== 'cavalry') return 0;
  return crossedObstacle || inDifficultGround ? 1 : 0;
}

/** 5: a road adds 2" to troops in column (limbered guns travel in column and get it too). */
export function roadBonus(k: MoverKind, limbered = false): number {
  if (k.arm === 'guns') return limbered ? MOVEMENT_EFFECTS.roadBonus : 0;
  return k.formation === 'column' ? MOVEMENT_EFFECTS.roadBonus : 0;
}

/** 5: limbering or unlimbering takes half a move. */
export function limberCost(move: number): number {
  return move * MOVEMENT_EFFECTS.limberCost;
}

/**
 * 4, 5: inches a battery with MANOEUVER orders may walk this turn: its move (foot guns 6", horse 9")
 * less half a move to limber if it stands unlimbered (guns move limbered) and half a move to unlimber
 * at the end if it means to; never below 0.
 */
export function batteryWalk(move: number, limbered: boolean, unlimberAfter: boolean): number {
  const w = move - (limbered ? 0 : limberCost(move)) - (unlimberAfter ? limberCost(move) : 0);
  return w > 0 ? w : 0;
}

/** 5: obliquing counts double distance (for the 2-D table). */
export function obliqueCost(distance: number): number {
  return distance * MOVEMENT_EFFECTS.obliqueFactor;
}

/**
 * 12: interpenetration: when neither body is skirmishers, both lose a level (returned for each); a
 * skirmisher passes and is passed freely. Charging through friends into a melee is allowed, and the
 * loss still applies (12 gives no exception).
 */
export function interpenetrationLoss(mover: Arm, passed: Arm): number {
  return mover === 'skirmishers' || passed === 'skirmishers' ? 0 : 1;
}

/** 12: the frontage of a formation in bases (line ceil(N/2) figures; column 1 or 2 bases). */
export function frontageBases(formation: Formation, figures: number, figuresPerBase: number): number {
  const bases = Math.ceil(figures / figuresPerBase);
  if (formation === 'column') return columnWidthBases(bases);
  return Math.ceil(Math.ceil(figures / 2) / figuresPerBase);
}

/**
 * 12: quarter moves a formation change costs: one per base of frontage changed, at least one; to or
 * from square two (a half move, the rulings' guess: 12 gives a square no single frontage).
 */
export function formationChangeQuarters(from: Formation, to: Formation, figures: number, figuresPerBase: number): number {
  if (from === to) return 0;
  if (from === 'square' || to === 'square') return 2;
  const change = Math.abs(frontageBases(from, figures, figuresPerBase) - frontageBases(to, figures, figuresPerBase));
  return Math.max(1, change);
}

/** 12: inches of a move spent on a formation change, at the rate of the formation it starts in. */
export function formationChangeCost(quarters: number, move: number): number {
  return (quarters * MOVEMENT_EFFECTS.formationChangePerBase) * move;
}

/**
 * 12 (burt.turnAboutCost): inches of a MANOEUVER move a unit facing away spends turning to face the
 * enemy: a change of formation that changes no frontage, at the least rate of 12 (a quarter move), or
 * nothing.
 */
export function turnAboutCost(move: number, mode: 'quarterMove' | 'none'): number {
  return mode === 'none' ? 0 : formationChangeCost(1, move);
}

/** 3.3, 8, 9: the way (relative to the unit's facing) that takes a retreat, a push-back or a fall-back away from the enemy. */
export function awayFromEnemy(facesEnemy: boolean): 1 | -1 {
  return facesEnemy ? -1 : 1;
}

/** 9.r3: an evader moves its normal move plus one die less the other straight back, never less than 0. */
export function evadeDistanceOf(normalMove: number, plus: number, minus: number): number {
  return Math.max(0, normalMove + plus - minus);
}

/** 9.r3: evadeDistanceOf with the two dice thrown from `u`, the plus die first. */
export function evadeDistance(normalMove: number, u: Uniform): number {
  const plus = d6(u);
  return evadeDistanceOf(normalMove, plus, d6(u));
}

/** 9.r3: exact distribution of evadeDistance: [distance, probability] pairs, ascending. */
export function evadeDistribution(normalMove: number): [number, number][] {
  const by = new Map<number, number>();
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    const d = Math.max(0, normalMove + a - b);
    by.set(d, (by.get(d) ?? 0) + 1 / 36);
  }
  return [...by.entries()].sort((x, y) => x[0] - y[0]);
}

/** 3.3 (burt.routMove): how far routers run: the reserve rate (the move where there is none) or the move. */
export function routMoveDistance(rates: Rates, mode: 'reserveRate' | 'normalMove'): number {
  return mode === 'reserveRate' ? (rates.reserve ?? rates.move) : rates.move;
}

/** 3.3, 8 (burt.retreatMove): the retreat of a newly shaken unit, next turn. */
export function retreatMoveDistance(rates: Rates, mode: 'normalMove' | 'halfMove'): number {
  return mode === 'normalMove' ? rates.move : rates.move / 2;
}
