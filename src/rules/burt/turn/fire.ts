/**
 * Steps 8 and 9 of the sequence of play: regroup (4, 7) and firing (6). `fireAt` is one fire, used in
 * step 9 and for the reaction volleys of step 10; the odds of src/rules/burt/oddsQuestions.ts sample
 * through the same `resolveFire`.
 */
import { EXTRA } from '../vocabulary.js';
import type { Uniform } from '../../../core/dice.js';
import { EPS } from '../../../table/index.js';
import { ammunition, doctrineOf, fireTarget } from '../doctrine/choose.js';
import { fireSaveModifier, gunCasualtyEffect, gunShot, LONG, rangeBand, rollGunCasualties, rollHits, rollSaves, setFirePlan, setGunFirePlan, SHORT, type FirePlan } from '../fire.js';
import { mayFire } from '../cohesion.js';
import type { GunCasualtyRoll } from '../options.js';
import { FIRE_TO_HIT, GUN_CREW, ROUT, type Cohesion, type Shot } from '../tables.js';
import { axialEdgeGap, canSee, clearLine, coverAt, edgeDistance, inContactWithEnemy, inFront, modelOf } from '../play/lane.js';
import { FIRE, REGROUP, type Game } from '../play/state.js';
import { bump, crewCasualties, loseFigures, loseGuns, regainLevel, takeTest } from '../play/units.js';

/** 3.8 (4, 7; burt.regroupTest): REGROUP units regain a level, at once or by passing a test. Routers must rally instead. */
export function step8Regroup(g: Game): void {
  for (const u of g.c.alternation[g.first]) {
    if (g.present[u] === 0 || g.order[u] !== REGROUP || g.level[u] === ROUT) continue;
    if (g.level[u] === (g.c.units[u].arm === 'guns' || g.c.units[u].arm === 'skirmishers' ? 1 : 0)) continue;
    if (g.c.options.regroupTest === 'moraleTest' && !takeTest(g, u, 'regroup')) continue;
    regainLevel(g, u);
  }
}

/** What a fire did: hits, figures removed (crew casualties on a battery), guns put out of action. */
export interface FireOutcome {
  hits: number;
  removed: number;
  gunsOut: number;
}

/**
 * 6: roll a fire's hits and saves on `u` (figures removed, at most `cap`), then, on a battery, a d6 per
 * casualty against the crew of the next gun (burt.gunCasualtyRoll). The engine and the odds sampler
 * both draw through this.
 */
export function resolveFire(plan: FirePlan, cap: number, battery: { guns: number; crew: number; shot: Shot; mode: GunCasualtyRoll } | null, u: Uniform, out: FireOutcome): FireOutcome {
  // rollCasualties' draws, keeping the hits: the dice to hit, then a save for each hit.
  out.hits = rollHits(plan, u);
  const lost = rollSaves(out.hits, plan.saveOn, plan.die, plan.naturalOne, u);
  out.removed = lost < cap ? lost : cap;
  out.gunsOut = battery ? rollGunCasualties(out.removed, battery.guns, battery.crew, battery.shot, battery.mode, u) : 0;
  return out;
}

/** The longest reach of a unit's fire, inches (a battery's ball, small arms' long range). */
export function maxRange(g: Game, u: number): number {
  return g.c.units[u].maxRange; // compiled: a battery's ball or canister, whichever reaches further; small arms' long range
}

/**
 * 6: the enemies the unit may fire at: in front of it, within its longest range, in sight, with no
 * unit between, and not in melee (a careful referee does not fire into a melee). Written into `out`.
 */
export function legalTargets(g: Game, u: number, out: number[]): number[] {
  while (out.length > 0) out.pop(); // (length = 0 calls into the runtime)
  const side = g.c.units[u].side;
  const range = maxRange(g, u);
  const enemies = g.c.sides[side === 0 ? 1 : 0].units;
  const far = range + EPS;
  for (let k = 0; k < enemies.length; k++) {
    const t = enemies[k];
    // The distance front to front is never less than the distance along the lane (edgeDistance).
    if (g.present[t] === 0 || axialEdgeGap(g, u, t) > far || edgeDistance(g, u, t) > far) continue;
    if (!inFront(g, u, t) || inContactWithEnemy(g, t) || !clearLine(g, u, t) || !canSee(g, u, t)) continue;
    out.push(t);
  }
  return out;
}

/**
 * fireTarget over legalTargets in one pass for a doctrine that does not choose at random: the nearest
 * legal target; on a tie the one squarely in front (most frontage shared), then the first in order.
 * Each enemy's distance is found once. -1: none.
 */
export function nearestLegalTarget(g: Game, u: number): number {
  const side = g.c.units[u].side;
  const enemies = g.c.sides[side === 0 ? 1 : 0].units;
  const far = maxRange(g, u) + EPS;
  const fu = g.fx[u];
  const row = u * g.n;
  let best = -1;
  let bestD = 0;
  let bestW = 0;
  for (let k = 0; k < enemies.length; k++) {
    const t = enemies[k];
    if (g.present[t] === 0 || Math.abs(g.fx[t] - fu) > far) continue;
    const d = edgeDistance(g, u, t);
    if (d > far) continue;
    if (!inFront(g, u, t) || inContactWithEnemy(g, t) || !clearLine(g, u, t) || !canSee(g, u, t)) continue;
    const w = g.latOv[row + t];
    if (best < 0 || d < bestD - EPS || (d <= bestD + EPS && w > bestW + EPS)) (bestD = d), (bestW = w), (best = t);
  }
  return best;
}

const outcome: FireOutcome = { hits: 0, removed: 0, gunsOut: 0 };
const battery = { guns: 0, crew: 0, shot: 'ball' as Shot, mode: 'perCasualty' as GunCasualtyRoll };

/**
 * 6: one fire of `u` at `t`: the band from the distance front to front, the to-hit score (range,
 * moving, cover, shaken firers, guns at a deep target, first volley), dice from the firing figures (a
 * die per gun, two with canister), saves by the target's cover and kind. `now`: remove the casualties
 * at once; otherwise they wait for the end of step 9 (burt.simultaneousFire). Returns false if no fire.
 */
export function fireAt(g: Game, u: number, t: number, reaction: boolean, now: boolean): boolean {
  const c = g.c;
  const o = c.options;
  const spec = c.units[u];
  const target = c.units[t];
  const dist = edgeDistance(g, u, t);
  let ammo: 'ball' | 'canister' | null = null;
  let shot: Shot = 'smallArms';
  let band: number;
  if (spec.arm === 'guns') {
    ammo = ammunition(g, u, t);
    if (ammo === null) return false;
    shot = gunShot(spec.ordnance, ammo);
    band = rangeBand(dist, ammo === 'canister' ? spec.canisterBands : spec.ballBands);
  } else band = rangeBand(dist, spec.bands);
  if (band < 0) return false;
  const cover = coverAt(g, t);
  const tm = modelOf(g, t);
  // fireToHitModifier over the game's own values (no situation filled in): band, moving (per
  // burt.movingModifier), target in cover, the firers' level (compiled column of 7), guns at a deep
  // target, first volley. Whole numbers: the order of the sum does not matter.
  const guns = spec.arm === 'guns';
  let toHit = band === LONG ? FIRE_TO_HIT.longRange : band === SHORT ? FIRE_TO_HIT.shortRange : 0;
  const mode = o.movingModifier;
  const firerMoved = g.moved[u] === 1;
  const targetMoved = g.moved[t] === 1;
  if (mode === 'firer' ? firerMoved : mode === 'target' ? targetMoved : firerMoved || targetMoved) toHit += FIRE_TO_HIT.moving;
  if (cover !== 'none') toHit += FIRE_TO_HIT.targetInCover;
  toHit += spec.fireCohesion[g.level[u]];
  if (guns && tm.overTwoRanks) toHit += FIRE_TO_HIT.gunsAtDeepTarget;
  if (g.firedEver[u] === 0 && spec.arm !== 'skirmishers' && (!guns || o.firstVolleyArtillery)) toHit += FIRE_TO_HIT.firstVolley;
  const save = fireSaveModifier(shot, cover, target.arm === 'skirmishers' || target.arm === 'guns');
  const plan = g.scratch.plan;
  if (ammo !== null) setGunFirePlan(plan, g.guns[u], ammo, toHit, save, o);
  else setFirePlan(plan, modelOf(g, u).firingFigures, toHit, save, o);
  const isBattery = target.arm === 'guns';
  const cap = isBattery ? Infinity : g.figures[t] - g.pendingFigures[t];
  if (isBattery) {
    battery.guns = g.guns[t] - g.pendingGuns[t];
    battery.crew = GUN_CREW[target.ordnance];
    battery.shot = shot;
    battery.mode = o.gunCasualtyRoll;
  }
  resolveFire(plan, cap, isBattery ? battery : null, g.dice.fire(spec.side), outcome);
  g.firedEver[u] = 1;
  if (!reaction) g.firedTurn[u] = 1;
  bump(g, reaction ? EXTRA.reactionVolleys : EXTRA.volleys, spec.side);
  if (g.sink) {
    const bandName = ['short', 'medium', 'long'][band];
    const mods = [`to hit ${plan.hitOn}+`, `save ${plan.saveOn}+`];
    g.sink({ type: 'fire', side: spec.side, units: [spec.id], target: target.id, roll: [plan.plain, plan.penalised], hits: outcome.hits, modifiers: mods, band: bandName, dice: plan.plain + plan.penalised, hitOn: plan.hitOn, saveOn: plan.saveOn, removed: outcome.removed, reaction, ...(ammo ? { ammunition: ammo } : {}) });
  }
  if (outcome.removed === 0) return true;
  if (isBattery) {
    // 6, 8, 11: every casualty counts (crewCasualties), whether or not its die put a gun out of action.
    if (now) {
      if (outcome.gunsOut > 0) loseGuns(g, t, outcome.gunsOut, gunCasualtyEffect(shot), true);
      crewCasualties(g, t, shot === 'smallArms');
    } else {
      g.pendingGuns[t] += outcome.gunsOut;
      g.pendingMarks[t] |= CREW | (shot === 'smallArms' ? SMALL_ARMS : 0) | (outcome.gunsOut > 0 && gunCasualtyEffect(shot) === 'destroyed' ? DESTROYED : 0);
    }
    return true;
  }
  if (now) loseFigures(g, t, outcome.removed, true, shot === 'smallArms');
  else {
    g.pendingFigures[t] += outcome.removed;
    if (shot === 'smallArms') g.pendingMarks[t] |= SMALL_ARMS;
  }
  return true;
}

/**
 * The marks (pendingMarks) of the fire a unit took in step 9: small-arms casualties among it (11);
 * on a battery, guns destroyed by ball or shell (6) rather than silenced, and casualties on its crews.
 */
const SMALL_ARMS = 1;
const DESTROYED = 2;
const CREW = 4;

/** 6 (burt.simultaneousFire): remove what step 9's fire took, every unit having fired. */
export function removePending(g: Game): void {
  for (let t = 0; t < g.c.units.length; t++) {
    const marks = g.pendingMarks[t];
    if (g.pendingGuns[t] > 0) loseGuns(g, t, g.pendingGuns[t], (marks & DESTROYED) !== 0 ? 'destroyed' : 'silenced', true);
    if ((marks & CREW) !== 0) crewCasualties(g, t, (marks & SMALL_ARMS) !== 0);
    if (g.pendingFigures[t] > 0) loseFigures(g, t, g.pendingFigures[t], true, (marks & SMALL_ARMS) !== 0);
    g.pendingGuns[t] = 0;
    g.pendingFigures[t] = 0;
    g.pendingMarks[t] = 0;
  }
}

/** A unit may fire in step 9: FIRE orders, not routing, not in melee, not pursuing, guns unlimbered. */
export function mayFireNow(g: Game, u: number): boolean {
  return g.present[u] === 1 && g.order[u] === FIRE && mayFire(g.level[u] as Cohesion) && g.pursuing[u] < 0 && g.limbered[u] === 0 && !inContactWithEnemy(g, u);
}

/** 3.9 (6): every unit with FIRE orders fires at one target, the sides alternating. */
export function step9Fire(g: Game): void {
  const simultaneous = g.c.options.simultaneousFire;
  const legal = g.scratch.list;
  for (const u of g.c.alternation[g.first]) {
    if (!mayFireNow(g, u)) continue;
    const t = doctrineOf(g, u).random ? fireTarget(g, u, legalTargets(g, u, legal)) : nearestLegalTarget(g, u);
    if (t < 0) continue;
    if (fireAt(g, u, t, false, !simultaneous)) g.fireTurns[u]++;
  }
  if (simultaneous) removePending(g);
}
