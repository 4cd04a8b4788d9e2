/**
 * Firing (6): range band, dice from figures or guns, the to-hit and save scores after modifiers,
 * hits, saves and figures removed; artillery ammunition and gun casualties.
 */
import { d6, type Uniform } from '../../core/dice.js';
import { COL, cohesionModifierAt } from './cohesion.js';
import { reachProbability, requiredScore, rollReaches } from './die.js';
import { penalisedDice, plainDice } from './figures.js';
import type { BurtOptions, CohesionModifiers, ExtendedDieMode, GunCasualtyRoll, LeftoverFigures, MovingModifier, NaturalOne } from './options.js';
import {
  BALL_RANGES,
  CANISTER_RANGES,
  DICE_PER_GUN,
  FIRE_SAVE,
  FIRE_TO_HIT,
  SMALL_ARMS_RANGES,
  type Ammunition,
  type Cohesion,
  type Ordnance,
  type RangeBands,
  type Shot,
  type SmallArm,
} from './tables.js';

export type Cover = 'none' | 'soft' | 'hard';
/** Ground that may give cover (5, 6, 8; the lane's terrain zones and obstacles). */
export type CoverFeature = 'open' | 'woods' | 'village' | 'hedge' | 'wall' | 'ford';

/** 6, 8 (rulings; burt.villageCover): woods and hedges are soft cover, walls hard, a village either. */
export function coverOf(feature: CoverFeature, villageCover: 'hard' | 'soft'): Cover {
  switch (feature) {
    case 'woods':
    case 'hedge':
      return 'soft';
    case 'wall':
      return 'hard';
    case 'village':
      return villageCover;
    default:
      return 'none';
  }
}

/** 0 short, 1 medium, 2 long. */
export type RangeBand = 0 | 1 | 2;
export const SHORT = 0 as const;
export const MEDIUM = 1 as const;
export const LONG = 2 as const;

/** 6 (rulings): the band a distance falls in; a band includes its outer edge; beyond long, -1 (no fire). */
export function rangeBand(distance: number, bands: RangeBands): RangeBand | -1 {
  if (distance <= bands[0]) return SHORT;
  if (distance <= bands[1]) return MEDIUM;
  if (distance <= bands[2]) return LONG;
  return -1;
}

/** 6: the range bands of a weapon: small arms, or a gun's canister or ball (shell for howitzers). */
export function weaponBands(weapon: SmallArm | Ordnance, ammunition: Ammunition = 'ball'): RangeBands {
  if (weapon === 'carbine' || weapon === 'musket' || weapon === 'rifle') return SMALL_ARMS_RANGES[weapon];
  return ammunition === 'canister' ? CANISTER_RANGES[weapon] : BALL_RANGES[weapon];
}

/** What a gun's fire counts as for saves and gun casualties: ball, shell (howitzer) or canister. */
export function gunShot(ordnance: Ordnance, ammunition: Ammunition): Shot {
  if (ammunition === 'canister') return 'canister';
  return ordnance === 'howitzer' ? 'shell' : 'ball';
}

/** 6 (burt.gunsPerBattery): gun models in a battery: the scenario's number, else the option's. */
export function gunsInBattery(given: number | undefined, gunsPerBattery: number): number {
  return given ?? gunsPerBattery;
}

/** 6: dice a battery rolls: one per gun in action, two with canister. */
export function gunDice(guns: number, ammunition: Ammunition): number {
  return Math.max(0, guns) * DICE_PER_GUN[ammunition];
}

/** The firing side of a fire, everything the to-hit score depends on but the small-group die. */
export interface FireSituation {
  band: RangeBand;
  firerMoved: boolean;
  targetMoved: boolean;
  /** The target is in any cover (soft or hard). */
  targetInCover: boolean;
  firerLevel: Cohesion;
  /** The firers are guns. */
  guns: boolean;
  /** The firers are skirmishers (no first-volley bonus). */
  skirmishers: boolean;
  /** The target is more than two ranks deep (figureModel(...).overTwoRanks). */
  targetOverTwoRanks: boolean;
  /** The firers' first volley of the day. */
  firstVolley: boolean;
}

/** Options the fire scores read. */
export interface FireOptions {
  movingModifier: MovingModifier;
  firstVolleyArtillery: boolean;
  cohesionModifiers: CohesionModifiers;
}

/** 6 (burt.movingModifier): the +1 for moving, once, for the firer, the target or either. */
export function movedForFire(s: Pick<FireSituation, 'firerMoved' | 'targetMoved'>, mode: MovingModifier): boolean {
  return mode === 'firer' ? s.firerMoved : mode === 'target' ? s.targetMoved : s.firerMoved || s.targetMoved;
}

/**
 * 6: the to-hit modifier of a fire (added to 5): long range, moving, target in cover, firers shaken
 * +1 each; short range, guns at a target over two ranks deep, first volley (not skirmishers; guns per
 * burt.firstVolleyArtillery) -1 each. The 1-2 figure die's +1 is added per die (firePlan).
 */
export function fireToHitModifier(s: FireSituation, o: FireOptions): number {
  let m = 0;
  if (s.band === LONG) m += FIRE_TO_HIT.longRange;
  else if (s.band === SHORT) m += FIRE_TO_HIT.shortRange;
  if (movedForFire(s, o.movingModifier)) m += FIRE_TO_HIT.moving;
  if (s.targetInCover) m += FIRE_TO_HIT.targetInCover;
  m += cohesionModifierAt(COL.fireToHit, s.firerLevel, o.cohesionModifiers, false);
  if (s.guns && s.targetOverTwoRanks) m += FIRE_TO_HIT.gunsAtDeepTarget;
  if (s.firstVolley && !s.skirmishers && (!s.guns || o.firstVolleyArtillery)) m += FIRE_TO_HIT.firstVolley;
  return m;
}

/**
 * 6: the save modifier (added to 5): shot at by guns (ball, shell or canister) and not in hard cover
 * +1; in hard cover against small arms or canister -1; skirmishers or gun crew -1.
 */
export function fireSaveModifier(shot: Shot, cover: Cover, skirmishersOrCrew: boolean): number {
  let m = 0;
  if (shot !== 'smallArms' && cover !== 'hard') m += FIRE_SAVE.gunsNotInHardCover;
  if (cover === 'hard' && (shot === 'smallArms' || shot === 'canister')) m += FIRE_SAVE.hardCoverVsSmallArmsOrCanister;
  if (skirmishersOrCrew) m += FIRE_SAVE.skirmishersOrCrew;
  return m;
}

/** Everything one fire (or melee round) rolls, precomputed: the Monte Carlo and the odds share it. */
export interface FirePlan {
  plain: number;
  penalised: number;
  /** Score a plain die must reach to hit. */
  hitOn: number;
  /** Score the 1-2 figure die must reach (hitOn + 1). */
  penalisedHitOn: number;
  /** Score a save must reach. */
  saveOn: number;
  die: ExtendedDieMode;
  naturalOne: NaturalOne;
}

/** 6, 9: the plan of a body of figures: dice from figures, hit on 5 + modifier, save on 5 + modifier. */
export function firePlan(figures: number, toHitModifier: number, saveModifier: number, o: { leftoverFigures: LeftoverFigures; extendedDie: ExtendedDieMode; naturalOne: NaturalOne }): FirePlan {
  return setFirePlan(emptyPlan(o), figures, toHitModifier, saveModifier, o);
}

/** A plan with no dice, to fill in place. */
export function emptyPlan(o: { extendedDie: ExtendedDieMode; naturalOne: NaturalOne }): FirePlan {
  return { plain: 0, penalised: 0, hitOn: FIRE_TO_HIT.base, penalisedHitOn: FIRE_TO_HIT.base + FIRE_TO_HIT.smallGroup, saveOn: FIRE_SAVE.base, die: o.extendedDie, naturalOne: o.naturalOne };
}

/** firePlan written into `out` (the play loop reuses one plan). */
export function setFirePlan(out: FirePlan, figures: number, toHitModifier: number, saveModifier: number, o: { leftoverFigures: LeftoverFigures; extendedDie: ExtendedDieMode; naturalOne: NaturalOne }): FirePlan {
  const hitOn = requiredScore(FIRE_TO_HIT.base, toHitModifier);
  out.plain = plainDice(figures, o.leftoverFigures);
  out.penalised = penalisedDice(figures, o.leftoverFigures);
  out.hitOn = hitOn;
  out.penalisedHitOn = hitOn + FIRE_TO_HIT.smallGroup;
  out.saveOn = requiredScore(FIRE_SAVE.base, saveModifier);
  out.die = o.extendedDie;
  out.naturalOne = o.naturalOne;
  return out;
}

/** 6: the plan of a battery: a die per gun (two with canister), no small-group die. */
export function gunFirePlan(guns: number, ammunition: Ammunition, toHitModifier: number, saveModifier: number, o: { extendedDie: ExtendedDieMode; naturalOne: NaturalOne }): FirePlan {
  return setGunFirePlan(emptyPlan(o), guns, ammunition, toHitModifier, saveModifier, o);
}

/** gunFirePlan written into `out`. */
export function setGunFirePlan(out: FirePlan, guns: number, ammunition: Ammunition, toHitModifier: number, saveModifier: number, o: { extendedDie: ExtendedDieMode; naturalOne: NaturalOne }): FirePlan {
  const hitOn = requiredScore(FIRE_TO_HIT.base, toHitModifier);
  out.plain = gunDice(guns, ammunition);
  out.penalised = 0;
  out.hitOn = hitOn;
  out.penalisedHitOn = hitOn + FIRE_TO_HIT.smallGroup;
  out.saveOn = requiredScore(FIRE_SAVE.base, saveModifier);
  out.die = o.extendedDie;
  out.naturalOne = o.naturalOne;
  return out;
}

/** Probability that one plain die hits, that the penalised die hits, and that a hit is saved. */
export function planChances(p: FirePlan): { hit: number; penalisedHit: number; save: number } {
  return {
    hit: reachProbability(p.hitOn, p.die, p.naturalOne),
    penalisedHit: reachProbability(p.penalisedHitOn, p.die, p.naturalOne),
    save: reachProbability(p.saveOn, p.die, p.naturalOne),
  };
}

/** 6: roll the hit dice of a plan. */
export function rollHits(p: FirePlan, u: Uniform): number {
  let hits = 0;
  if (p.hitOn <= 6) hits += rollPlain(p.plain, p.hitOn, p.naturalOne === 'alwaysFails', u);
  else for (let i = 0; i < p.plain; i++) if (rollReaches(p.hitOn, p.die, p.naturalOne, u)) hits++;
  if (p.penalisedHitOn <= 6) hits += rollPlain(p.penalised, p.penalisedHitOn, p.naturalOne === 'alwaysFails', u);
  else for (let i = 0; i < p.penalised; i++) if (rollReaches(p.penalisedHitOn, p.die, p.naturalOne, u)) hits++;
  return hits;
}

/**
 * rollReaches `n` times for a score of 6 or less, counting successes: one die each, never extended,
 * so the same draws (a first die of 1 fails under naturalOne alwaysFails).
 */
function rollPlain(n: number, required: number, oneFails: boolean, u: Uniform): number {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    const first = d6(u);
    if (first >= required && !(oneFails && first === 1)) ok++;
  }
  return ok;
}

/** 6: roll a save for each hit; returns the casualties (failed saves). */
export function rollSaves(hits: number, saveOn: number, die: ExtendedDieMode, naturalOne: NaturalOne, u: Uniform): number {
  if (saveOn <= 6) return hits - rollPlain(hits, saveOn, naturalOne === 'alwaysFails', u);
  let lost = 0;
  for (let i = 0; i < hits; i++) if (!rollReaches(saveOn, die, naturalOne, u)) lost++;
  return lost;
}

/** 6: hits, then saves; the figures removed, at most `targetFigures`. */
export function rollCasualties(p: FirePlan, targetFigures: number, u: Uniform): number {
  const lost = rollSaves(rollHits(p, u), p.saveOn, p.die, p.naturalOne, u);
  return lost < targetFigures ? lost : Math.max(0, targetFigures);
}

/** Expected casualties of a plan (before any cap). */
export function expectedCasualties(p: FirePlan): number {
  const c = planChances(p);
  return (p.plain * c.hit + p.penalised * c.penalisedHit) * (1 - c.save);
}

/** A gun's target, for choosing its ammunition. */
export interface GunTarget {
  distance: number;
  targetMoved: boolean;
  cover: Cover;
  targetOverTwoRanks: boolean;
  /** Skirmishers or gun crew (save -1). */
  skirmishersOrCrew: boolean;
}

/**
 * 6 (rulings step 1: "guns choose ball/shell or canister within its range"): the ammunition in range
 * that removes more figures on average (canister on a tie), or null when the target is beyond both.
 * A careful gunner's choice: long-range canister can do less than short-range ball.
 */
export function chooseAmmunition(
  ordnance: Ordnance,
  guns: number,
  t: GunTarget,
  firer: { moved: boolean; level: Cohesion; firstVolley: boolean },
  o: Pick<BurtOptions, 'movingModifier' | 'firstVolleyArtillery' | 'cohesionModifiers' | 'extendedDie' | 'naturalOne'>,
): Ammunition | null {
  let best: Ammunition | null = null;
  let bestValue = -1;
  for (const ammunition of ['canister', 'ball'] as const) {
    const band = rangeBand(t.distance, weaponBands(ordnance, ammunition));
    if (band < 0) continue;
    const hit = fireToHitModifier(
      { band: band as RangeBand, firerMoved: firer.moved, targetMoved: t.targetMoved, targetInCover: t.cover !== 'none', firerLevel: firer.level, guns: true, skirmishers: false, targetOverTwoRanks: t.targetOverTwoRanks, firstVolley: firer.firstVolley },
      o,
    );
    const save = fireSaveModifier(gunShot(ordnance, ammunition), t.cover, t.skirmishersOrCrew);
    const value = expectedCasualties(gunFirePlan(guns, ammunition, hit, save, o));
    if (value > bestValue) (best = ammunition), (bestValue = value);
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// 6: hits on artillery: a d6 per crew casualty instead of keeping track of crew.

/** What a casualty does to the gun it falls on: small arms or canister silence, ball or shell destroy. */
export function gunCasualtyEffect(shot: Shot): 'silenced' | 'destroyed' {
  return shot === 'ball' || shot === 'shell' ? 'destroyed' : 'silenced';
}

/**
 * 6: whether a d6 (or, summed, a total) puts a gun out of action: from small arms or canister it must
 * be higher than the crew; from ball or shell equal or higher.
 */
export function gunOut(total: number, crew: number, shot: Shot): boolean {
  return gunCasualtyEffect(shot) === 'destroyed' ? total >= crew : total > crew;
}

/** 6: the chance that one casualty's d6 puts its gun out of action. */
export function gunOutChance(crew: number, shot: Shot): number {
  const need = gunCasualtyEffect(shot) === 'destroyed' ? crew : crew + 1;
  return need <= 1 ? 1 : need > 6 ? 0 : (7 - need) / 6;
}

/**
 * 6 (burt.gunCasualtyRoll): guns put out of action by `casualties` among `guns` in action.
 * perCasualty: each casualty falls on the next gun still in action and rolls a d6 against its crew.
 * summed: the casualties are dealt round the guns in turn and each gun's dice are totalled once.
 */
export function rollGunCasualties(casualties: number, guns: number, crew: number, shot: Shot, mode: GunCasualtyRoll, u: Uniform): number {
  if (guns <= 0 || casualties <= 0) return 0;
  let out = 0;
  if (mode === 'perCasualty') {
    for (let i = 0; i < casualties && out < guns; i++) if (gunOut(d6(u), crew, shot)) out++;
    return out;
  }
  const each = Math.floor(casualties / guns);
  const extra = casualties - each * guns;
  for (let g = 0; g < guns; g++) {
    const dice = each + (g < extra ? 1 : 0);
    if (dice === 0) continue;
    let total = 0;
    for (let k = 0; k < dice; k++) total += d6(u);
    if (gunOut(total, crew, shot)) out++;
  }
  return out;
}

/** 8 (burt.fireTestBase): 10% casualties from fire this turn call for a test; a battery tests on losing a gun. */
export function fireLossTestDue(casualties: number, figuresAtStartOfTurn: number, startingFigures: number, base: 'startOfTurn' | 'original'): boolean {
  if (casualties <= 0) return false;
  const of = base === 'startOfTurn' ? figuresAtStartOfTurn : startingFigures;
  return casualties * 10 >= of;
}

/** 8 (rulings, fireLoss): a battery tests when fire put a gun out of action this turn. */
export function batteryFireLossTestDue(gunsLost: number): boolean {
  return gunsLost > 0;
}
