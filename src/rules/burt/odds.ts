/**
 * Exact odds (STYLE.md 7) of Burt's core resolutions, by convolution of per-die chances: a fire
 * (hits and figures removed; guns put out of action), one melee round (the joint casualties, the
 * outcome and the indecisive-melee tests that follow), and a morale test. Every die of a fire or a
 * round is independent of the others, so figures removed by a side are a sum of Bernoulli trials:
 * each plain die removes a figure with chance hit x (1 - save), the 1-2 figure die with its own.
 */
import { fireSaveModifier, fireToHitModifier, firePlan, gunFirePlan, gunOutChance, gunOut, gunShot, planChances, type Cover, type FirePlan, type FireSituation } from './fire.js';
import { bothTestAfter, meleeOutcome, meleePlan, MELEE_OUTCOMES, type MeleeFighter, type MeleeOutcome } from './melee.js';
import { levelAfterTest, moraleModifier, moralePassProbability, type MoralePurpose, type MoraleSituation } from './morale.js';
import type { BurtOptions } from './options.js';
import { ROUT, type Ammunition, type MoraleClass, type Ordnance, type Shot } from './tables.js';

// ---------------------------------------------------------------------------------------------
// Distributions as arrays: element k is P(value = k).

/** P(k successes in n trials of chance p), k = 0..n. */
export function binomial(n: number, p: number): number[] {
  let dist = [1];
  for (let i = 0; i < n; i++) dist = convolve(dist, [1 - p, p]);
  return dist;
}

/** The distribution of the sum of two independent counts. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  }
  return out;
}

/** Everything above `cap` piled onto `cap` (a target cannot lose more figures than it has). */
export function capAt(dist: readonly number[], cap: number): number[] {
  if (cap < 0 || dist.length <= cap + 1) return [...dist];
  const out = dist.slice(0, cap + 1);
  for (let k = cap + 1; k < dist.length; k++) out[cap] += dist[k];
  return out;
}

export function mean(dist: readonly number[]): number {
  let m = 0;
  for (let k = 0; k < dist.length; k++) m += k * dist[k];
  return m;
}

/** 6: hits of a plan: plain dice and the penalised die. */
export function hitDistribution(p: FirePlan): number[] {
  const c = planChances(p);
  return convolve(binomial(p.plain, c.hit), binomial(p.penalised, c.penalisedHit));
}

/** 6: figures removed by a plan (each die hits and then fails its save), capped at the target's figures. */
export function casualtyDistribution(p: FirePlan, targetFigures = Infinity): number[] {
  const c = planChances(p);
  const dist = convolve(binomial(p.plain, c.hit * (1 - c.save)), binomial(p.penalised, c.penalisedHit * (1 - c.save)));
  return Number.isFinite(targetFigures) ? capAt(dist, targetFigures) : dist;
}

// ---------------------------------------------------------------------------------------------
// (a) A fire.

export type FireOddsOptions = Pick<BurtOptions, 'movingModifier' | 'firstVolleyArtillery' | 'cohesionModifiers' | 'leftoverFigures' | 'extendedDie' | 'naturalOne'>;

/** Who fires: figures with small arms, or guns with their ammunition. */
export type Firers = { figures: number } | { guns: number; ordnance: Ordnance; ammunition: Ammunition };

/** The target's side of a fire. */
export interface FireTarget {
  cover: Cover;
  skirmishersOrCrew: boolean;
  /** Figures the target has (casualties are capped at it); Infinity when not capped. */
  figures: number;
}

export interface FireOdds {
  plan: FirePlan;
  /** P(hits = k). */
  hits: number[];
  /** P(figures removed = k), capped at the target's figures. */
  removed: number[];
  expectedHits: number;
  expectedRemoved: number;
}

/**
 * (a) The exact distribution of one fire (6): the situation gives the to-hit modifier (guns set
 * situation.guns), the target its save; hits and figures removed.
 */
export function fireOdds(firers: Firers, situation: FireSituation, target: FireTarget, o: FireOddsOptions): FireOdds {
  const toHit = fireToHitModifier(situation, o);
  let plan: FirePlan;
  if ('figures' in firers) {
    plan = firePlan(firers.figures, toHit, fireSaveModifier('smallArms', target.cover, target.skirmishersOrCrew), o);
  } else {
    const shot = gunShot(firers.ordnance, firers.ammunition);
    plan = gunFirePlan(firers.guns, firers.ammunition, toHit, fireSaveModifier(shot, target.cover, target.skirmishersOrCrew), o);
  }
  const hits = hitDistribution(plan);
  const removed = casualtyDistribution(plan, target.figures);
  return { plan, hits, removed, expectedHits: mean(hits), expectedRemoved: mean(removed) };
}

/** Distribution of the total of `dice` d6: element s is P(total = s). */
export function diceTotalDistribution(dice: number): number[] {
  let dist = [1];
  const face = [0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];
  for (let i = 0; i < dice; i++) dist = convolve(dist, face);
  return dist;
}

/**
 * 6 (burt.gunCasualtyRoll): guns put out of action by exactly `casualties` among `guns` with `crew`
 * each: perCasualty, at most `guns` of Binomial(casualties, per-die chance); summed, each gun's share
 * of the casualties (dealt in turn) totalled against its crew, guns independent.
 */
export function gunLossDistribution(casualties: number, guns: number, crew: number, shot: Shot, mode: BurtOptions['gunCasualtyRoll']): number[] {
  if (guns <= 0) return [1];
  if (casualties <= 0) return [1];
  if (mode === 'perCasualty') return capAt(binomial(casualties, gunOutChance(crew, shot)), guns);
  const each = Math.floor(casualties / guns);
  const extra = casualties - each * guns;
  let dist = [1];
  for (let g = 0; g < guns; g++) {
    const dice = each + (g < extra ? 1 : 0);
    if (dice === 0) continue;
    const totals = diceTotalDistribution(dice);
    let p = 0;
    for (let s = 0; s < totals.length; s++) if (gunOut(s, crew, shot)) p += totals[s];
    dist = convolve(dist, [1 - p, p]);
  }
  return dist;
}

/** Guns put out of action by a fire whose casualties follow `casualties` (a distribution). */
export function gunLossOdds(casualties: readonly number[], guns: number, crew: number, shot: Shot, mode: BurtOptions['gunCasualtyRoll']): number[] {
  const out = new Array<number>(guns + 1).fill(0);
  for (let c = 0; c < casualties.length; c++) {
    if (casualties[c] === 0) continue;
    const lost = gunLossDistribution(c, guns, crew, shot, mode);
    for (let g = 0; g < lost.length; g++) out[g] += casualties[c] * lost[g];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// (b) One melee round.

export type MeleeOddsOptions = Pick<
  BurtOptions,
  'cohesionModifiers' | 'routSavePenalty' | 'lightCavalryFormed' | 'leftoverFigures' | 'extendedDie' | 'naturalOne' | 'zeroCasualtyBreak' | 'indecisiveMelee' | 'strengthModifiers' | 'sightRange' | 'commandElementAsGeneral'
>;

/** One side of a melee round for the odds. */
export interface MeleeOddsSide {
  fighter: MeleeFighter;
  figuresInContact: number;
  /** Figures the side has (casualties it suffers are capped at it). */
  figures: number;
  /** For the step-12 test after an indecisive round: its class and its situation before the round. */
  morale?: { klass: MoraleClass; situation: MoraleSituation };
}

export interface MeleeOdds {
  planA: FirePlan;
  planB: FirePlan;
  /** P(a removes k figures of b), P(b removes k of a). */
  inflictedByA: number[];
  inflictedByB: number[];
  /** joint[i][j] = P(a removes i and b removes j); the two are independent within a round. */
  joint: number[][];
  outcomes: Record<MeleeOutcome, number>;
  /** P(both sides test in step 12): a round that calls for the test (burt.indecisiveMelee) with neither side routing already (a routing side does not test). */
  bothTest: number;
  /** With morale given: P(the side tests after the round and fails), by side a, b (never a side already routing: it does not test). */
  testFails?: [number, number];
  /** With morale given: P(the side routs): it breaks, or fails its test when a lost level is rout; never a side already routing. */
  routs?: [number, number];
}

/**
 * The morale situation of a side after a round in which it lost `lost` figures and was pushed back,
 * pushed the enemy back, or neither: strength, casualties this turn and the push-back items change.
 */
export function situationAfterRound(s: MoraleSituation, lost: number, pushedBack: boolean, pushingBack: boolean): MoraleSituation {
  return {
    ...s,
    figures: Math.max(0, s.figures - lost),
    casualtiesThisTurn: s.casualtiesThisTurn || lost > 0,
    retiringOrPushedBack: s.retiringOrPushedBack || pushedBack,
    advancingOrPushingBack: s.advancingOrPushingBack || pushingBack,
  };
}

const TEST_PURPOSE: MoralePurpose = 'melee';

/**
 * (b) The exact distribution of one melee round (9): each side's casualties inflicted, their joint
 * distribution, the probability of each outcome, and, when both sides' morale is given, the chance
 * each fails the indecisive-melee test of step 12 and each routs.
 */
export function meleeOdds(a: MeleeOddsSide, b: MeleeOddsSide, firstContact: boolean, o: MeleeOddsOptions): MeleeOdds {
  const planA = meleePlan(a.figuresInContact, a.fighter, b.fighter, firstContact, o);
  const planB = meleePlan(b.figuresInContact, b.fighter, a.fighter, firstContact, o);
  const byA = casualtyDistribution(planA, b.figures);
  const byB = casualtyDistribution(planB, a.figures);
  const joint = byA.map((pa) => byB.map((pb) => pa * pb));
  const outcomes = Object.fromEntries(MELEE_OUTCOMES.map((k) => [k, 0])) as Record<MeleeOutcome, number>;
  let bothTest = 0;
  // 12: a routing side does not take the test (play marks only the others), so both test only when neither routs.
  const bothMayTest = a.fighter.level !== ROUT && b.fighter.level !== ROUT;
  const withMorale = a.morale !== undefined && b.morale !== undefined;
  const fails: [number, number] = [0, 0];
  const routs: [number, number] = [0, 0];
  for (let i = 0; i < byA.length; i++) {
    for (let j = 0; j < byB.length; j++) {
      const p = joint[i][j];
      if (p === 0) continue;
      const out = meleeOutcome(i, j, o.zeroCasualtyBreak);
      outcomes[out] += p;
      // 9: a side that breaks routs; one routing already does not rout again (play's setLevel keeps it).
      if (out === 'aBreaks' && a.morale?.situation.level !== ROUT) routs[0] += p;
      if (out === 'bBreaks' && b.morale?.situation.level !== ROUT) routs[1] += p;
      if (!bothTestAfter(out, o.indecisiveMelee)) continue;
      if (bothMayTest) bothTest += p;
      if (!withMorale) continue;
      const sides = [
        [a, j, out === 'aPushedBack', out === 'bPushedBack'],
        [b, i, out === 'bPushedBack', out === 'aPushedBack'],
      ] as const;
      for (let s = 0; s < 2; s++) {
        const [side, lost, pushedBack, pushingBack] = sides[s];
        const m = side.morale!;
        // 12: a routing side does not take the indecisive-melee test (play marks only the others).
        if (m.situation.level === ROUT) continue;
        const sit = situationAfterRound(m.situation, lost, pushedBack, pushingBack);
        const fail = 1 - moralePassProbability(m.klass, moraleModifier(sit, TEST_PURPOSE, o), o.extendedDie, o.naturalOne);
        fails[s] += p * fail;
        if (levelAfterTest(sit.level, TEST_PURPOSE, false) === ROUT) routs[s] += p * fail;
      }
    }
  }
  const result: MeleeOdds = { planA, planB, inflictedByA: byA, inflictedByB: byB, joint, outcomes, bothTest };
  if (withMorale) {
    result.testFails = fails;
    result.routs = routs;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// (c) A morale test.

/** (c) 8: the exact chance of passing a test of class `klass` with roll modifier `modifier`. */
export function moraleOdds(klass: MoraleClass, modifier: number, o: Pick<BurtOptions, 'extendedDie' | 'naturalOne'>): number {
  return moralePassProbability(klass, modifier, o.extendedDie, o.naturalOne);
}

/** (c) 8: the chance of passing a test for `purpose` in a situation. */
export function moraleTestOdds(klass: MoraleClass, s: MoraleSituation, purpose: MoralePurpose, o: Pick<BurtOptions, 'extendedDie' | 'naturalOne' | 'strengthModifiers' | 'cohesionModifiers' | 'sightRange' | 'commandElementAsGeneral'>): number {
  return moraleOdds(klass, moraleModifier(s, purpose, o), o);
}

