/**
 * Small-arms shooting (p8, p10, p12, p17-18, p30, p35): figures that fire, range bands, the score to hit
 * with every modifier, a die per figure, 4+ to hit and 4+ to kill, volleys and low ammunition, the front
 * rank after casualties.
 */
import type { Uniform } from '../../core/dice.js';
import type { NagbOptions } from './options.js';
import {
  type Arm,
  classHitModifier,
  type Cover,
  coverModifier,
  type Formation,
  SMALL_ARMS_HIT,
  type UnitClass,
  VOLLEY_FIRE_ZONE,
  type Weapon,
  weaponRow,
} from './tables.js';

export type RangeBand = 'pointBlank' | 'short' | 'long' | 'out';

/**
 * p10: the band of a shot at `distance` inches: short up to the weapon's short range (musket:
 * nagb.musketShortRange), long up to its long range (a musket volley: nagb.volleyRange), else out of
 * range. 'pointBlank' (1" or less, p12) is returned where nagb.pointBlank lets it count: always for
 * defensive fire, for all fire under 'allFire'.
 */
export function rangeBand(
  weapon: Weapon,
  distance: number,
  volley: boolean,
  defensive: boolean,
  opts: Pick<NagbOptions, 'musketShortRange' | 'volleyRange' | 'pointBlank'>,
): RangeBand {
  const row = weaponRow(weapon, opts);
  const long = weapon === 'musket' && volley ? Math.max(row.long, opts.volleyRange) : row.long;
  if (distance > long) return 'out';
  if (distance <= 1 && (defensive || opts.pointBlank === 'allFire')) return 'pointBlank';
  if (distance <= row.short || !row.longPenalty) return 'short';
  return 'long';
}

/** The firer's and target's circumstances that change the score to hit (p10, p12, p17, p25, p27, p35). */
export interface ShotModifiers {
  firerClass: UnitClass;
  /** p10, p27: -1 (shaken units and units without colours are disordered too). */
  firerDisordered: boolean;
  band: RangeBand;
  cover: Cover;
  /** p10, p12: -1; a charging target has no cover. */
  targetCharging: boolean;
  /** p10: -1. */
  targetSkirmishers: boolean;
  /** p10: -1 shooting at deployed (unlimbered) artillery. */
  targetDeployedArtillery: boolean;
  /** p10, p25: -1 for cavalry firing mounted. */
  mounted: boolean;
  /** p35: the Portuguese line alternative: one off the number needed when in line. */
  portugueseLine: boolean;
}

/**
 * p10: the score a die must reach to hit: 4+, made harder by each minus and easier by each plus. The
 * caller skips the fire when it exceeds 6 (p10: the battalion commander holds fire); the rulings read
 * 2+ as the best possible (a 1 always misses).
 */
export function toHitNeeded(m: ShotModifiers, opts: Pick<NagbOptions, 'eliteFireBonus'>): number {
  let mod = classHitModifier(m.firerClass, opts);
  if (m.firerDisordered) mod -= 1;
  if (m.band === 'long') mod -= 1;
  else if (m.band === 'pointBlank') mod += 1;
  if (!m.targetCharging) mod += coverModifier(m.cover);
  if (m.targetCharging) mod -= 1;
  if (m.targetSkirmishers) mod -= 1;
  if (m.targetDeployedArtillery) mod -= 1;
  if (m.mounted) mod -= 1;
  if (m.portugueseLine) mod += 1;
  const need = SMALL_ARMS_HIT - mod;
  return need < 2 ? 2 : need;
}

/** p10: needing 7 or more, the unit does not fire at all. */
export function holdsFire(need: number): boolean {
  return need > 6;
}

export type FireKind = 'normal' | 'volley' | 'skirmish';

/**
 * p8, p10: figures that fire: half the front rank rounded up; a volley the whole front rank; skirmishers
 * every figure. (A square fires only a volley of one face at chargers, p8: pass its face as the front.)
 */
export function firingFigures(kind: FireKind, frontRank: number, figures: number): number {
  if (kind === 'skirmish') return figures;
  if (kind === 'volley') return frontRank;
  return Math.ceil(frontRank / 2);
}

/**
 * p30 (nagb.townFireFigures): a unit in a village fires out of an edge at half effect: half the figures
 * facing that edge, rounded up; the facing figures are a line's front rank, or all the unit's figures.
 */
export function townFiringFigures(figures: number, lineFront: number, opts: Pick<NagbOptions, 'townFireFigures'>): number {
  const facing = opts.townFireFigures === 'facingFrontage' ? Math.min(lineFront, figures) : figures;
  return Math.ceil(facing / 2);
}

/** p35: British line infantry (and Portuguese line) roll four dice for each three figures. */
export function diceForFigures(figures: number, fourPerThree: boolean): number {
  return fourPerThree ? figures + Math.floor(figures / 3) : figures;
}

export interface VolleyConditions {
  /** p10: ordered by the commander (a pip; a stand-and-shoot volley: nagb.standAndShootVolley). */
  ordered: boolean;
  arm: Arm;
  formation: Formation;
  goodOrder: boolean;
  movedThisTurn: boolean;
  /** p10: a friend within 8" straight ahead. */
  friendAheadWithin: number;
  lowOnAmmo: boolean;
  /** Rulings 3.12: a unit in a village sector fires at half effect, never a volley. */
  inVillage: boolean;
}

/**
 * p3, p8, p10, p25: the formations that volley: infantry in line, and in attack column as p10 lists it
 * (nagb.volleyFormations; p3's order and p8 name the line alone); cavalry never (p8 gives the volley to
 * infantry; p25 lets carbines fire mounted, no more), or in line as infantry does (nagb.cavalryVolley:
 * p10's conditions name no arm).
 */
export function formationMayVolley(arm: Arm, formation: Formation, opts: Pick<NagbOptions, 'volleyFormations' | 'cavalryVolley'>): boolean {
  if (arm === 'infantry') return formation === 'line' || (formation === 'attackColumn' && opts.volleyFormations === 'lineOrAttackColumn');
  return arm === 'cavalry' && opts.cavalryVolley === 'inLine' && formation === 'line';
}

/** p8, p10: a full-front-rank volley: line or attack column (formationMayVolley), good order, unmoved, clear fire zone, ammunition. */
export function mayVolley(c: VolleyConditions, opts: Pick<NagbOptions, 'volleyFormations' | 'cavalryVolley'>): boolean {
  return (
    c.ordered &&
    formationMayVolley(c.arm, c.formation, opts) &&
    c.goodOrder &&
    !c.movedThisTurn &&
    !(c.friendAheadWithin <= VOLLEY_FIRE_ZONE) &&
    !c.lowOnAmmo &&
    !c.inVillage
  );
}

/**
 * p8, p10, p12 (nagb.squareWithoutVolley): a square's fire at chargers. Its only fire is a volley of its
 * face, free and without a test (p8); but a volley needs good order and is lost for the battle to low
 * ammunition (p10). A square that may not volley holds its fire, or stands and shoots at normal effect
 * (half its face, p12) under halfFace.
 */
export function squareFireAtChargers(disordered: boolean, lowOnAmmo: boolean, opts: Pick<NagbOptions, 'squareWithoutVolley'>): 'volley' | 'normal' | 'none' {
  if (!disordered && !lowOnAmmo) return 'volley';
  return opts.squareWithoutVolley === 'halfFace' ? 'normal' : 'none';
}

/**
 * p10 (nagb.lowAmmo): after a volley, the unit is low on ammunition (no more volleys this battle) when
 * its to-hit dice show more 6s than 1s (the literal text), or more 1s than 6s, or never.
 */
export function lowOnAmmo(sixes: number, ones: number, opts: Pick<NagbOptions, 'lowAmmo'>): boolean {
  if (opts.lowAmmo === 'off') return false;
  return opts.lowAmmo === 'more6sThan1s' ? sixes > ones : ones > sixes;
}

/** p10: rifles cannot reload in a turn they moved (tap-loaded, they count as muskets); a unit without small arms has nothing to reload. */
export function mayReload(weapon: Weapon | null, moved: boolean): boolean {
  return !(weapon === 'rifle' && moved);
}

// ---------------------------------------------------------------------------------------------------
// Who carries small arms (p10, p19, p25, p38-40)

/** A scenario's small arm for a unit: a weapon of p10's table, or none. */
export type SmallArmChoice = Weapon | 'none';

/**
 * The small arms an arm may carry: infantry muskets or rifles (p39 "muskets and bayonets"; p10 and
 * p38 rifles); cavalry carbines or pistols, or none (p40: light and heavy cavalry alike "may have"
 * carbines or pistols, by scenario and troop type; p25: those with carbines fire mounted); a battery's
 * crew none (its guns fire, p19-21).
 */
export function smallArmsOfArm(arm: Arm): readonly SmallArmChoice[] {
  return arm === 'infantry' ? INFANTRY_ARMS : arm === 'cavalry' ? CAVALRY_ARMS : NO_ARMS;
}
const INFANTRY_ARMS: readonly SmallArmChoice[] = ['musket', 'rifle'];
const CAVALRY_ARMS: readonly SmallArmChoice[] = ['carbine', 'pistol', 'none'];
const NO_ARMS: readonly SmallArmChoice[] = ['none'];

/** Why a small arm does not fit the arm (p10, p25, p38-40), for the checks of scenarios and odds files. */
export function smallArmRefusal(arm: Arm, given: SmallArmChoice): string {
  if (arm === 'infantry') return `infantry carries muskets or rifles (p10, p38-39); found '${given}'`;
  if (arm === 'cavalry') return `cavalry carries carbines or pistols, or none (p25, p40); found '${given}'`;
  return "a battery's crew carry no small arms: its guns fire (p19-21)";
}

/**
 * p10, p25, p39-40: the small arm a unit fires, or null when it has none: what its scenario gives it,
 * else infantry its musket (p39) and cavalry nothing: p40 gives carbines or pistols only as the
 * scenario and troop type have it, so a regiment whose scenario names none (cuirassiers, say) cannot
 * fire, stand and shoot, or fire and flee. A battery's crew carry none (p19-21: its guns fire).
 */
export function smallArmOf(arm: Arm, given: SmallArmChoice | undefined): Weapon | null {
  if (arm === 'artillery') return null;
  const w = given ?? (arm === 'infantry' ? 'musket' : 'none');
  return w === 'none' ? null : w;
}

/** A reusable record of one roll of to-hit dice. */
export interface HitRoll {
  hits: number;
  sixes: number;
  ones: number;
}

export function newHitRoll(): HitRoll {
  return { hits: 0, sixes: 0, ones: 0 };
}

/** p10: roll `dice` d6, each hitting on `need` or more; counts kept for low ammunition. */
export function rollHits(u: Uniform, dice: number, need: number, out: HitRoll): HitRoll {
  let hits = 0, sixes = 0, ones = 0;
  for (let i = 0; i < dice; i++) {
    const f = 1 + Math.floor(u() * 6);
    if (f >= need) hits++;
    if (f === 6) sixes++;
    else if (f === 1) ones++;
  }
  out.hits = hits;
  out.sixes = sixes;
  out.ones = ones;
  return out;
}

/** p10, p20, p21: a d6 per hit, a casualty on `killOn` or more (small arms 4+, canister and shell 3+). */
export function rollKills(u: Uniform, hits: number, killOn: number): number {
  let k = 0;
  for (let i = 0; i < hits; i++) if (1 + Math.floor(u() * 6) >= killOn) k++;
  return k;
}

/** p10: the casualties of one firing unit: hits then kills, at most `cap` (the target's figures). */
export function rollCasualties(u: Uniform, dice: number, need: number, killOn: number, cap: number, rec: HitRoll): number {
  if (holdsFire(need)) {
    rec.hits = rec.sixes = rec.ones = 0;
    return 0;
  }
  rollHits(u, dice, need, rec);
  const k = rollKills(u, rec.hits, killOn);
  return k < cap ? k : cap;
}

/** p10: several units ahead of a volley share its casualties logically: evenly, the rest to the first. */
export function splitCasualties(total: number, targets: number, index: number): number {
  const base = Math.floor(total / targets);
  return base + (index < total - base * targets ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------------
// Frontage and casualty removal (p6, p8, p22, p24; rulings 3.2)

/**
 * The figures of the front rank of a fresh unit: infantry line two ranks deep, attack column
 * nagb.attackColumnWidth wide for 24 figures (3 or 6 ranks), march column 2 wide (p6), skirmishers
 * every figure; cavalry line two deep, column 2 wide (light 3, p24). A square's face is squareFace.
 */
export function ranksOf(arm: Arm, f: Formation, figures: number, lightCavalry: boolean, opts: Pick<NagbOptions, 'attackColumnWidth'>): number {
  if (f === 'skirmish') return 1;
  if (arm === 'cavalry') {
    if (f === 'column') return Math.max(1, Math.ceil(figures / (lightCavalry ? 3 : 2)));
    return Math.min(2, figures);
  }
  switch (f) {
    case 'line':
      return Math.min(2, figures);
    case 'attackColumn':
      return Math.min(figures, 24 / opts.attackColumnWidth);
    case 'marchColumn':
      return Math.max(1, Math.ceil(figures / 2));
    case 'square':
      return 4; // p8: counts as four ranks against artillery
    default:
      return 1;
  }
}

/** Front rank of a fresh unit in a formation (see ranksOf). */
export function frontOf(arm: Arm, f: Formation, figures: number, lightCavalry: boolean, opts: Pick<NagbOptions, 'attackColumnWidth' | 'squareFace'>): number {
  if (figures <= 0) return 0;
  if (f === 'square') return squareFace(figures, Math.ceil(figures / 2), opts);
  if (f === 'marchColumn') return Math.min(2, figures);
  if (arm === 'cavalry' && f === 'column') return Math.min(lightCavalry ? 3 : 2, figures);
  return Math.ceil(figures / ranksOf(arm, f, figures, lightCavalry, opts));
}

/** p8, p14 (nagb.squareFace): figures on one face: a quarter of the line front rank, or of all figures, rounded up. */
export function squareFace(figures: number, lineFront: number, opts: Pick<NagbOptions, 'squareFace'>): number {
  return Math.ceil((opts.squareFace === 'lineFrontQuarter' ? lineFront : figures) / 4);
}

/**
 * p8 (nagb.casualtyRemoval): the front rank after losses: casualties come from the rear ranks until the
 * front itself thins (rearFirst), or from every rank alike, the ranks kept even (proportional).
 */
export function frontAfterLosses(figuresNow: number, freshFront: number, ranks: number, opts: Pick<NagbOptions, 'casualtyRemoval'>): number {
  if (figuresNow <= 0) return 0;
  if (opts.casualtyRemoval === 'rearFirst') return Math.min(freshFront, figuresNow);
  return Math.min(freshFront, Math.ceil(figuresNow / ranks));
}

/** p2 (nagb.fireAtEngaged): whether units in base contact fire or are fired at. */
export function mayFireAt(firerEngaged: boolean, targetEngaged: boolean, opts: Pick<NagbOptions, 'fireAtEngaged'>): boolean {
  return opts.fireAtEngaged || (!firerEngaged && !targetEngaged);
}
