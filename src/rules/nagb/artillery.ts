/**
 * Artillery (p8, p19-21): the score to hit, ball (bounce, figures along the line, near misses),
 * canister (at chargers too), shell, fire at a battery (crew or gun), guns manned.
 */
import type { Uniform } from '../../core/dice.js';
import type { Nation } from './command.js';
import type { NagbOptions } from './options.js';
import { d3 } from './roll.js';
import {
  ARTILLERY_HIT,
  BALL_KILL,
  classHitModifier,
  type Cover,
  coverModifier,
  type Gun,
  GUNS,
  SHELL_BURST,
  SHELL_KILL,
  SHELL_PARTIAL_HITS,
  SHELL_TEMPLATE,
  type UnitClass,
} from './tables.js';

export type ArtilleryBand = 'short' | 'long' | 'out';

/** p21: ball range band of a gun (howitzers fire no ball). */
export function ballBand(gun: Gun, distance: number): ArtilleryBand {
  const g = GUNS[gun];
  if (g.ballShort === null || g.ballLong === null) return 'out';
  return distance <= g.ballShort ? 'short' : distance <= g.ballLong ? 'long' : 'out';
}

/** p21: canister reaches its range in the table (a single band). */
export function canisterInRange(gun: Gun, distance: number): boolean {
  return distance <= GUNS[gun].canisterRange;
}

/**
 * p12, p19-21: the canister dice of a battery that fires and flees when charged: the shots of each manned
 * gun whose canister reaches the chargers' start distance. Canister is resolved as musketry (p20); a gun
 * the chargers are beyond fires nothing at them (its ball at chargers is not played), so a battery
 * none of whose guns reach has no fire to flee after.
 */
export function canisterAtChargers(guns: readonly Gun[], manned: number, distance: number): number {
  let dice = 0;
  for (let i = 0; i < manned && i < guns.length; i++) if (canisterInRange(guns[i], distance)) dice += canisterDice(guns[i], 1);
  return dice;
}

/** p21: shell reaches between its least and greatest range; guns other than howitzers fire it only if British. */
export function shellInRange(gun: Gun, distance: number, british: boolean): boolean {
  const g = GUNS[gun];
  if (g.shellBritishOnly && !british) return false;
  return distance >= g.shellMin && distance <= g.shellMax;
}

/** p21: shell at the far half of its span counts as long range (-1); the text gives no bands (a reading). */
export function shellLong(gun: Gun, distance: number): boolean {
  const g = GUNS[gun];
  return distance > (g.shellMin + g.shellMax) / 2;
}

/** p35, nagb.scenarioYear: the year before which the Russian rules apply (the date is lost; read as the Russian foot's). */
export const RUSSIAN_ARTILLERY_UNTIL = 1812;

/**
 * p35 (nagb.russianArtillery): Russian guns before the lost date (RUSSIAN_ARTILLERY_UNTIL) take one off
 * the score they need to hit (+1), or a -1 to hit; other guns, and Russian ones from then on, nothing.
 */
export function nationalGunneryModifier(nation: Nation, year: number, opts: Pick<NagbOptions, 'russianArtillery'>): number {
  if (nation !== 'russian' || year >= RUSSIAN_ARTILLERY_UNTIL) return 0;
  return opts.russianArtillery === 'easier' ? 1 : -1;
}

export interface GunneryModifiers {
  crewClass: UnitClass;
  /** p27: a disordered battery is silenced and does not fire; kept for reaction fire of a disordered crew. */
  disordered: boolean;
  longRange: boolean;
  cover: Cover;
  /** p20: unlimbered, moved or pivoted this turn. */
  movedOrUnlimbered: boolean;
  targetSkirmishers: boolean;
  /**
   * Canister at chargers: -1 and no cover, which p12 gives all fire at chargers. (p10's -1 at deployed
   * artillery is small arms' own: neither canister's list nor ball's names it.)
   */
  targetCharging: boolean;
  /** p35: the national modifier of the guns (nationalGunneryModifier; 0 when absent). */
  national?: number;
  /** p21: the roll is a shell's (its own modifier list under nagb.shellModifiers p21). */
  shell?: boolean;
  /** p20: the roll is a canister shot's (its own modifier list under nagb.canisterModifiers p20). */
  canister?: boolean;
}

/**
 * p20, p21: 4+ to hit: long range -1, soft cover -1, hard -2, unlimbered/moved/pivoted -1, skirmishers
 * -1, veteran and guard crews +1 (nagb.eliteFireBonus for elite alone), raw -1; disordered -1 (p27);
 * Russian guns before the lost date of p35 by nagb.russianArtillery. Canister,
 * "resolved as musketry", also takes -1 at charging enemy, who have no cover (p12). Shell under
 * nagb.shellModifiers p21 takes p21's own list (crew class, long range) and the disorder and national
 * modifiers, which p27 and p35 give every roll: no cover, moved or skirmisher modifier. Canister under
 * nagb.canisterModifiers p20 takes p20's own list (crew class) with the same disorder and national
 * modifiers, and at chargers p12's -1 (which p12 gives all fire at chargers); asBall gives it ball's.
 */
export function artilleryHitNeeded(m: GunneryModifiers, opts: Pick<NagbOptions, 'eliteFireBonus' | 'shellModifiers' | 'canisterModifiers'>): number {
  // p20 names "Veterans/Guard": guard crews take the +1 under either reading of nagb.eliteFireBonus.
  let mod = m.crewClass === 'guard' ? 1 : classHitModifier(m.crewClass, opts);
  if (m.disordered) mod -= 1;
  if (m.longRange) mod -= 1;
  // p12: fire at chargers takes -1, and they have no cover.
  if (m.targetCharging) mod -= 1;
  // Ball's list (p20): cover, moved or unlimbered, skirmishers; shell under p21 and canister under p20
  // have lists of their own without them.
  const ownList = (m.shell === true && opts.shellModifiers === 'p21') || (m.canister === true && opts.canisterModifiers === 'p20');
  if (!ownList) {
    if (!m.targetCharging) mod += coverModifier(m.cover);
    if (m.movedOrUnlimbered) mod -= 1;
    if (m.targetSkirmishers) mod -= 1;
  }
  if (m.national) mod += m.national;
  const need = ARTILLERY_HIT - mod;
  return need < 2 ? 2 : need;
}

/**
 * p20, p21, p10 (nagb.nearMissAtSeven): whether a ball or shell needing `need` to hit can do anything, so
 * that its die is rolled: 6 or less always; exactly 7 under onSix, when near misses are played (a 6 then
 * misses by 1); else never (p10's 7+ read for guns).
 */
export function shotMayStrike(need: number, opts: Pick<NagbOptions, 'nearMiss' | 'nearMissAtSeven'>): boolean {
  return need <= 6 || (need === 7 && opts.nearMissAtSeven === 'onSix' && opts.nearMiss !== 'off');
}

/** p20, p21: a roll missing by exactly 1 is a near miss (when the shot may strike at all, shotMayStrike). */
export function isNearMiss(roll: number, need: number, opts: Pick<NagbOptions, 'nearMiss' | 'nearMissAtSeven'>): boolean {
  return roll === need - 1 && shotMayStrike(need, opts);
}

/**
 * p20, p8 (nagb.ballFigures): figures a ball hit can kill (each on 2+): one per inch of its d6 bounce
 * through the target's ranks (a square counts 4 ranks), or every rank.
 */
export function ballFigures(bounce: number, ranks: number, opts: Pick<NagbOptions, 'ballFigures'>): number {
  if (opts.ballFigures === 'ranks') return ranks;
  return bounce < ranks ? bounce : ranks;
}

export type ScatterDirection = 'over' | 'left' | 'right' | 'short';

/** p20: near-miss direction on a d6: 1-2 over, 3 left, 4 right, 5-6 short. */
export function scatterDirection(d6: number): ScatterDirection {
  return d6 <= 2 ? 'over' : d6 === 3 ? 'left' : d6 === 4 ? 'right' : 'short';
}

/** p21 ("miss d3 / miss d6"): the near-miss distance die: d3 at short range, d6 at long range. */
export function scatterDistance(u: Uniform, band: ArtilleryBand): number {
  return band === 'short' ? d3(u) : 1 + Math.floor(u() * 6);
}

/**
 * p20 (nagb.nearMiss): figures a near-missing ball can still strike on the lane. An undershot lands
 * `distance` inches short of the front rank and runs on `trail` inches: a figure per inch beyond the
 * front, up to the ranks. 'full' also lets an overshot land inside a deep formation (`distance` ranks
 * behind the front) and run on; wide shots miss on the lane. 'off': none.
 */
export function nearMissFigures(
  dir: ScatterDirection,
  distance: number,
  trail: number,
  ranks: number,
  opts: Pick<NagbOptions, 'nearMiss'>,
): number {
  if (opts.nearMiss === 'off') return 0;
  if (dir === 'short') {
    const n = trail - distance;
    return n <= 0 ? 0 : n < ranks ? n : ranks;
  }
  if (dir === 'over' && opts.nearMiss === 'full') {
    const left = ranks - distance;
    if (left <= 0) return 0;
    return trail < left ? trail : left;
  }
  return 0;
}

/** Roll the figures killed on a line of `figures` figures, each on `killOn` or more (ball: 2+). */
export function rollLineKills(u: Uniform, figures: number, killOn: number): number {
  let k = 0;
  for (let i = 0; i < figures; i++) if (1 + Math.floor(u() * 6) >= killOn) k++;
  return k;
}

/**
 * What a battery's ball and shell did in one fire, counted shot by shot (rollBallShot, rollShellShot).
 * `n`: shots whose roll to hit succeeded (p20-21; p31: each artillery hit damages a building).
 * `struck`: shots that reached the target's figures: a ball, hitting or near-missing, with at least one
 * figure on its line (p20); a shell, hitting or near-missing, with a burst die of 4+ (p21). A shot can
 * strike without its roll hitting (a near miss, p20: it "may still hit") and hit without striking (a
 * shell bounced on and burst clear, p21: only a target under the template is hit). p23's reset of blown
 * cavalry follows `struck` (nagb.recoveryReset hit).
 */
export interface ShotRecord {
  n: number;
  struck: number;
}

/**
 * One gun's ball shot (p20, p21): the roll to hit; on a hit the d6 bounce and a 2+ kill roll for each
 * figure on the line; on a near miss the scatter (direction, distance, trail). A shot that may not
 * strike (shotMayStrike) rolls nothing. Returns the casualties; `hits`, when given, counts the shot
 * in `n` if its roll hit and in `struck` if a figure stood on its line (ShotRecord).
 */
export function rollBallShot(
  u: Uniform,
  need: number,
  band: ArtilleryBand,
  ranks: number,
  opts: Pick<NagbOptions, 'ballFigures' | 'nearMiss' | 'nearMissAtSeven'>,
  hits?: ShotRecord,
): number {
  if (!shotMayStrike(need, opts) || band === 'out') return 0;
  const roll = 1 + Math.floor(u() * 6);
  if (roll >= need) {
    const figures = ballFigures(1 + Math.floor(u() * 6), ranks, opts);
    if (hits) {
      hits.n++;
      if (figures > 0) hits.struck++;
    }
    return rollLineKills(u, figures, BALL_KILL);
  }
  if (opts.nearMiss === 'off' || !isNearMiss(roll, need, opts)) return 0;
  const dir = scatterDirection(1 + Math.floor(u() * 6));
  const dist = scatterDistance(u, band);
  const trail = 1 + Math.floor(u() * 6);
  const figures = nearMissFigures(dir, dist, trail, ranks, opts);
  if (hits && figures > 0) hits.struck++;
  return rollLineKills(u, figures, BALL_KILL);
}

/** p20, p21: canister dice: the gun's shots in the table, each gun manned. */
export function canisterDice(gun: Gun, guns: number): number {
  return GUNS[gun].canisterShots * guns;
}

/** p21: a shell that hits bursts on 2+; on a 1 it runs on d6" straight ahead first. */
export function shellBursts(d6: number): boolean {
  return d6 >= SHELL_BURST;
}

/**
 * p21 (nagb.shellHits): dice thrown at the target by a burst `runOn` inches behind its front rank: the
 * full count while the target is still under the template's centre (within its depth), 2 when only the
 * 3" template's edge touches it, else none.
 */
export function shellDice(runOn: number, depth: number, opts: Pick<NagbOptions, 'shellHits'>): number {
  if (runOn <= depth) return opts.shellHits;
  if (runOn - SHELL_TEMPLATE / 2 <= depth) return SHELL_PARTIAL_HITS;
  return 0;
}

/** Where a battery's casualty falls (p21): 1-5 on the crew, 6 on the gun. */
export function batteryHitLocation(d6: number): 'crew' | 'gun' {
  return d6 === 6 ? 'gun' : 'crew';
}

/** p21: a casualty on the gun destroys it only when it comes from ball; small arms and canister do nothing. */
export function gunDestroyed(location: 'crew' | 'gun', ball: boolean): boolean {
  return location === 'gun' && ball;
}

/** p21: ball kills at most one crew figure per hit. */
export function ballCrewKills(kills: number): number {
  return kills > 0 ? 1 : 0;
}

/**
 * Guns that can fire: every gun left needs a crew figure (a reading: the text gives four crew per gun
 * and no rule for a gun without crew).
 */
export function gunsManned(guns: number, crew: number): number {
  return guns < crew ? guns : crew;
}

/** p20: canister may not be fired with friends within its range and arc. */
export function canisterAllowed(friendInRangeAndArc: boolean): boolean {
  return !friendInRangeAndArc;
}

/** p21: the burst dice hit on 4+ and kill on 3+. */
export const SHELL_DICE_HIT = 4;

/**
 * A near-missing shell on the lane (p21: scatter as ball, then as a hit): an undershot bursts `distance`
 * short of the front (its template's edge reaching 1.5"); an overshot ('full' only) bursts `distance`
 * behind the front; wide shells miss on the lane.
 */
export function nearMissShellDice(
  dir: ScatterDirection,
  distance: number,
  depth: number,
  opts: Pick<NagbOptions, 'nearMiss' | 'shellHits'>,
): number {
  if (opts.nearMiss === 'off') return 0;
  if (dir === 'short') return distance <= SHELL_TEMPLATE / 2 ? SHELL_PARTIAL_HITS : 0;
  if (dir === 'over' && opts.nearMiss === 'full') return shellDice(distance, depth, opts);
  return 0;
}

/**
 * One shell (p21): the roll to hit; on a hit it bursts on 2+ at the front, or on a 1 runs on d6" first;
 * on a near miss it scatters. Each die of the burst hits on 4+ and kills on 3+. A shell that may not
 * strike (shotMayStrike) rolls nothing. Returns the casualties; `hits`, when given, counts the shot in
 `n` if its roll hit and in `struck` if a burst die scored 4+ on the target (ShotRecord).
 */
export function rollShellShot(
  u: Uniform,
  need: number,
  band: ArtilleryBand,
  depth: number,
  opts: Pick<NagbOptions, 'nearMiss' | 'nearMissAtSeven' | 'shellHits'>,
  hits?: ShotRecord,
): number {
  if (!shotMayStrike(need, opts) || band === 'out') return 0;
  const roll = 1 + Math.floor(u() * 6);
  let dice = 0;
  if (roll >= need) {
    if (hits) hits.n++;
    const runOn = shellBursts(1 + Math.floor(u() * 6)) ? 0 : 1 + Math.floor(u() * 6);
    dice = shellDice(runOn, depth, opts);
  } else if (opts.nearMiss !== 'off' && isNearMiss(roll, need, opts)) {
    const dir = scatterDirection(1 + Math.floor(u() * 6));
    dice = nearMissShellDice(dir, scatterDistance(u, band), depth, opts);
  }
  let k = 0;
  let struck = false;
  for (let i = 0; i < dice; i++) {
    if (1 + Math.floor(u() * 6) < SHELL_DICE_HIT) continue;
    struck = true;
    if (1 + Math.floor(u() * 6) >= SHELL_KILL) k++;
  }
  if (hits && struck) hits.struck++;
  return k;
}

/** p19: a battery may unlimber and fire, or move and unlimber, but never do all three in one phase. */
export function batteryActionsAllowed(moved: boolean, limberedOrUnlimbered: boolean, fired: boolean): boolean {
  return (moved ? 1 : 0) + (limberedOrUnlimbered ? 1 : 0) + (fired ? 1 : 0) <= 2;
}
