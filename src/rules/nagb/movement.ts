/**
 * Movement (p6-8, p19, p22-24, p26, p35): rates by formation, pace and terrain; formation changes;
 * terrain disorder tests; falling back in good order; the reserve movement phase.
 */
import type { Uniform } from '../../core/dice.js';
import type { Nation } from './command.js';
import { rollTest } from './leadership.js';
import type { NagbOptions } from './options.js';
import {
  type Arm,
  CAVALRY_CHARGE_DICE,
  type CavalryFormation,
  type CavalryPace,
  cavalryMoveRate,
  cavalryTerrainTest,
  classRow,
  FRENCH_GUARD_GUN_BONUS,
  type Formation,
  type Gun,
  GUN_ROAD_BONUS,
  GUNS,
  INFANTRY_CHARGE_DICE,
  INFANTRY_TERRAIN_ROW,
  type InfantryFormation,
  type InfantryPace,
  infantryMoveRow,
  MARCH_COLUMN_ROAD,
  PINNING_RANGE,
  RESERVE_ENEMY_RANGE,
  type Terrain,
  type TerrainTest,
  type UnitClass,
} from './tables.js';

/**
 * p6, p8: an infantry unit's move at a pace (charges: the base before the d6). 0 where the formation
 * may not move so (march columns and squares do not charge). Slow pace is nagb.slowPace for formed
 * foot; a march column moves 10" on a road.
 */
export function infantryMoveRate(
  f: InfantryFormation,
  pace: InfantryPace,
  onRoad: boolean,
  opts: Pick<NagbOptions, 'slowPace' | 'columnChargeBase'>,
): number {
  const row = infantryMoveRow(f, opts);
  switch (pace) {
    case 'backSide':
      return row.backSide;
    case 'slow':
      return row.slow ?? opts.slowPace;
    case 'normal':
      return f === 'marchColumn' && onRoad ? MARCH_COLUMN_ROAD : row.normal;
    case 'charge':
      return row.charge ?? 0;
  }
}

/** p6, p8: whether the formation may charge at all (march columns and squares may not). */
export function formationMayCharge(arm: Arm, f: Formation): boolean {
  if (arm === 'cavalry') return true;
  return f !== 'marchColumn' && f !== 'square';
}

/** p12, p22: the charge move before its dice: the infantry pace of p6, cavalry's canter (p13: 10"). */
export function chargeBase(arm: Arm, f: Formation, opts: Pick<NagbOptions, 'columnChargeBase'>): number {
  if (arm === 'cavalry') return cavalryMoveRate(f as CavalryFormation, 'canter');
  return infantryMoveRow(f as InfantryFormation, opts).charge ?? 0;
}

/**
 * p22, p30-32: ground cavalry may charge over, into and out of: clear ground only. Any area not clear
 * is difficult terrain (p30; rough, woods, villages, slopes), and obstacles and streams may not be
 * charged across (p22); a road and fields of crops do nothing to movement (p31-32), so they are clear.
 */
export function cavalryChargesOver(t: Terrain): boolean {
  return t === 'clear' || t === 'road' || t === 'crops';
}

/** p12: infantry adds 1d6 when charging, cavalry 2d6. */
export function chargeDice(arm: Arm): number {
  return arm === 'cavalry' ? CAVALRY_CHARGE_DICE : INFANTRY_CHARGE_DICE;
}

/** p12: a charge is only declared at a target it could reach: the charge base plus every die showing 6. */
export function chargeReach(base: number, dice: number): number {
  return base + 6 * dice;
}

/** p22: a cavalry unit's move at a pace (charges: the canter before 2d6; back or side 1" when charging). */
export function cavalryRate(f: CavalryFormation, pace: CavalryPace): number {
  return pace === 'charge' ? cavalryMoveRate(f, 'canter') : cavalryMoveRate(f, pace);
}

/**
 * p22: the slowest pace that covers a cavalry move of `distance` inches: a walk up to 6", a trot up to
 * 8", else a canter. Its terrain test goes by that pace (a walk never risks disorder).
 */
export function cavalryPaceFor(f: CavalryFormation, distance: number): 'walk' | 'trot' | 'canter' {
  if (distance <= cavalryMoveRate(f, 'walk') + 1e-9) return 'walk';
  if (distance <= cavalryMoveRate(f, 'trot') + 1e-9) return 'trot';
  return 'canter';
}

/**
 * p19, p21, p32, p35: a gun's move: unlimbered (manhandled), limbered foot or horse; +2" limbered on a
 * road; +1" French guard; -1" per crew or horse lost (0: it may only pivot).
 */
export function gunMoveRate(
  gun: Gun,
  limbered: boolean,
  horse: boolean,
  crewLost: number,
  onRoad: boolean,
  frenchGuard: boolean,
): number {
  const row = GUNS[gun];
  let m = !limbered ? row.unlimbered : horse && row.limberedHorse !== null ? row.limberedHorse : row.limberedFoot;
  if (limbered && onRoad) m += GUN_ROAD_BONUS;
  if (frenchGuard) m += FRENCH_GUARD_GUN_BONUS;
  m -= crewLost;
  return m < 0 ? 0 : m;
}

const isColumn = (f: Formation) => f === 'attackColumn' || f === 'marchColumn' || f === 'column';

/**
 * p7, p24, p39: the share of its move a formation change costs: light cavalry nothing (p24); raw troops
 * all of it (p7); drilled troops nothing for a line/column change, the march column forming line on
 * the spot included (p7 "as their drilled manoeuvre") (the one free change a move is the caller's to
 * count); a march column forming line otherwise all of it (p7); any other change half (p7).
 */
export function formationChangeCost(
  arm: Arm,
  cls: UnitClass,
  drilled: boolean,
  lightCavalry: boolean,
  from: Formation,
  to: Formation,
): number {
  if (from === to) return 0;
  if (arm === 'cavalry' && lightCavalry) return 0;
  if (classRow(cls).raw) return 1;
  const lineColumn = (from === 'line' && isColumn(to)) || (isColumn(from) && to === 'line');
  if (drilled && lineColumn) return 0;
  if (from === 'marchColumn' && to === 'line') return 1;
  return 0.5;
}

/**
 * p35, nagb.scenarioYear: Russian foot before 1812, Prussian before 1813 and minor nations' foot may not
 * change formation and move in the same phase (the cut-off dates are lost; the rulings' reading). The
 * Portuguese exception's date is lost too: they are read as free, as the British.
 */
export function mayMoveAndChangeFormation(nation: Nation, year: number): boolean {
  if (nation === 'russian') return year >= 1812;
  if (nation === 'prussian') return year >= 1813;
  if (nation === 'minor') return false;
  return true;
}

/** p35: French foot is drilled except in 1813-1814 (recruits never: the caller's class decides). */
export function frenchInfantryDrilled(year: number): boolean {
  return year < 1813 || year > 1814;
}

/**
 * p7: a unit within 8" and the charge arc of enemy infantry or cavalry must pass a test to change
 * formation (failing: the pip is lost).
 */
export function pinningTestRequired(enemyDistance: number, inChargeArc: boolean, enemyArm: Arm): boolean {
  return enemyArm !== 'artillery' && inChargeArc && enemyDistance <= PINNING_RANGE;
}

/**
 * p6, p22, p26, p30: the terrain disorder test of a move. Slow pace (and back or side steps) never risk
 * disorder; skirmishers cannot be disordered (p26). Infantry at normal pace reads the surviving row per
 * nagb.infantryTerrainDisorder; a village sector per nagb.villageAssaultDisorder (its fence, -4).
 */
export function terrainDisorderTest(
  arm: Arm,
  f: Formation,
  pace: InfantryPace | CavalryPace,
  terrain: Terrain,
  cossack: boolean,
  opts: Pick<NagbOptions, 'infantryTerrainDisorder' | 'villageAssaultDisorder'>,
): TerrainTest {
  if (f === 'skirmish') return 'none';
  if (arm === 'cavalry') return cavalryTerrainTest(terrain, pace as CavalryPace, cossack);
  if (pace === 'slow' || pace === 'backSide' || pace === 'walk') return 'none';
  if (terrain === 'village') return opts.villageAssaultDisorder ? -4 : 'none';
  const row = INFANTRY_TERRAIN_ROW[terrain];
  if (row === 'none') return 'none';
  if (pace !== 'charge' && opts.infantryTerrainDisorder === 'normalUnmodified') return 0;
  return row;
}

/**
 * Take a terrain test at `ld` (already modified for the unit's state): true when the unit is
 * disordered. 'auto' disorders without dice, 'none' and 'closed' roll nothing.
 */
export function disorderedByTerrain(u: Uniform, ld: number, test: TerrainTest): boolean {
  if (test === 'auto') return true;
  if (test === 'none' || test === 'closed') return false;
  return !rollTest(u, ld + test);
}

/** p3, p6: an ordered fall back: d6", or 2d6" (rapid); cavalry add a d6 (p3). */
export function fallBackDice(arm: Arm, rapid: boolean): number {
  return (rapid ? 2 : 1) + (arm === 'cavalry' ? 1 : 0);
}

/**
 * p3, p6: the test after an ordered fall back: -1 when rapid (2d6), plus the terrain modifier; the
 * disordered unit's -1 is the usual one (modifiedLd). A number, or the terrain's 'auto'.
 */
export function fallBackTestModifier(rapid: boolean, terrain: TerrainTest): number | 'auto' {
  if (terrain === 'auto') return 'auto';
  const t = typeof terrain === 'number' ? terrain : 0;
  return (rapid ? -1 : 0) + t;
}

/**
 * p6, p27: the result of failing the fall-back test: a unit in good order becomes disordered; a
 * disordered one is caught up in the retreat and breaks.
 */
export function fallBackFailure(disordered: boolean): 'disordered' | 'broken' {
  return disordered ? 'broken' : 'disordered';
}

/** p4: flight dice of a unit out of command that breaks while falling back: 2d6 infantry, 3d6 cavalry. */
export function fleeMoveDice(arm: Arm): number {
  return arm === 'cavalry' ? 3 : 2;
}

export interface ReserveMove {
  arm: Arm;
  formation: Formation;
  /** Artillery: whether limbered (p19: only limbered guns move here). */
  limbered: boolean;
  goodOrder: boolean;
  /** Has shot, charged or been in a hand-to-hand fight this turn (p2, p6). */
  firedOrFought: boolean;
  /** Distance to the nearest enemy that can see the unit (p2, p6: none within 8"). */
  nearestSeeingEnemy: number;
  /** Whether the move would enter a village sector (p30: not in this phase). */
  entersVillage: boolean;
  /** A march column moving double (p2: 1 pip). */
  double: boolean;
}

/**
 * p2, p6, p8, p19, p24, p26: the pips a reserve move costs, or -1 when the unit may not make one. March
 * columns move free (double for a pip), attack columns for a pip, skirmishers free, light or formed
 * cavalry columns free and lines for a pip (p24), limbered guns for the battery's move pip; lines and
 * squares never. Good order, not fired or fought, no seeing enemy within 8", no village. The caller also
 * stops the move 4" from the enemy and forbids formation changes.
 */
export function reserveMoveCost(r: ReserveMove): number {
  if (!r.goodOrder || r.firedOrFought || r.entersVillage || r.nearestSeeingEnemy <= RESERVE_ENEMY_RANGE) return -1;
  if (r.arm === 'artillery') return r.limbered ? 1 : -1;
  if (r.arm === 'cavalry') return r.formation === 'column' || r.formation === 'skirmish' ? 0 : 1;
  switch (r.formation) {
    case 'marchColumn':
      return r.double ? 1 : 0;
    case 'attackColumn':
      return 1;
    case 'skirmish':
      return 0;
    default:
      return -1;
  }
}

/**
 * p27: a disordered unit may move but changes formation only to try to form square when charged; p7:
 * raw, regular or drilled, anyone else may change (pinning permitting).
 */
export function mayChangeFormation(disordered: boolean, toSquareWhenCharged: boolean): boolean {
  return !disordered || toSquareWhenCharged;
}

/**
 * p30, p32: whether a unit may enter terrain: heavy woods are closed to cavalry (Cossacks excepted)
 * and to artillery; guns cross difficult terrain only limbered and never deploy in woods (p30, p31);
 * a bridge (`bridge`) takes formed units in march column only (p32); skirmishers go anywhere.
 */
export function mayEnter(arm: Arm, f: Formation, t: Terrain, limbered: boolean, cossack: boolean, bridge: boolean): boolean {
  if (f === 'skirmish') return true;
  if (bridge && f !== 'marchColumn' && f !== 'column' && arm !== 'artillery') return false;
  if (t === 'heavyWoods') return arm === 'infantry' || (arm === 'cavalry' && cossack);
  if (arm === 'artillery' && t !== 'clear' && t !== 'road' && t !== 'crops') return limbered;
  return true;
}

/** p24: light cavalry may change formation in the reserve phase; nobody else may (p2). */
export function reserveFormationChange(arm: Arm, lightCavalry: boolean): boolean {
  return arm === 'cavalry' && lightCavalry;
}
