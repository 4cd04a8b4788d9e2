/**
 * What happens to units, with its bookkeeping in the common result (src/core/result.ts): figures and
 * guns lost (6, 9), levels lost and regained on the ladder of 7, routs (7, 8), removal, order chits
 * changed by choice or by force (4, 11), the army morale counter (10), and morale tests (8) with their
 * situation read off the lane.
 */
import type { Uniform } from '../../../core/dice.js';
import { reachRung, recordCheck, RUNG } from '../../../core/result.js';
import { dropArmyMorale, reachedZeroNow } from '../armyMorale.js';
import { loseLevels, regroup } from '../cohesion.js';
import { advancingItem, moraleTarget, MORALE_FAILURE, MORALE_PURPOSES, retiringItem, type MoralePurpose } from '../morale.js';
import { moraleRequired, rollReaches } from '../die.js';
import { leavesReserve } from '../orders.js';
import { COHESION_LEVELS, DISORDERED, MORALE_MODIFIERS, ROUT, SHAKEN, type Cohesion } from '../tables.js';
import { BURT_VOCABULARY, EXTRA, PURPOSE } from '../vocabulary.js';
import {
  coverOf,
  faceAbout,
  facesEnemy,
  hasCommittedSupport,
  modelOf,
  enemySeenWithin,
  friendsAround,
  bodyMoved,
  shrinkBody,
} from './lane.js';
import { COLUMN, MANOEUVRE, ORDER_LIST, PARKED, REGROUP, RESERVE, SQUARE, type Game } from './state.js';

const LADDER = [RUNG.good, RUNG.good, RUNG.disordered, RUNG.shaken, RUNG.routed] as const;
const COUNTED = BURT_VOCABULARY.checkPurposes.map((p) => p.counted);

/** Add to a per-side extra, by its index (EXTRA; counted in g.counters, written into the result at the end). */
export function bump(g: Game, key: number, side: number, by = 1): void {
  g.counters[2 * key + side] += by;
}

/** 4, 11: place a new order chit; leaving RESERVE costs the army a point of morale (4, 10). */
export function setOrder(g: Game, u: number, order: number, forced: string | null): void {
  const before = g.order[u];
  if (before === order) return;
  g.order[u] = order;
  const side = g.c.units[u].side;
  if (g.sink) g.sink({ type: 'orders', side, unit: g.c.units[u].id, from: ORDER_LIST[before], to: ORDER_LIST[order], forced });
  if (leavesReserve(ORDER_LIST[before], ORDER_LIST[order])) {
    bump(g, EXTRA.reservesCommitted, side);
    armyMoraleDrop(g, side, u, ' left RESERVE');
  }
}

/**
 * 7: set a unit's level, keeping the ladder's books: the worst rung reached, a disruption each time it
 * falls to disordered or worse, a shaken retreat due next turn (8), a rout (7, 10).
 */
export function setLevel(g: Game, u: number, level: Cohesion, why: string): void {
  const before = g.level[u] as Cohesion;
  if (before === level || g.present[u] === 0) return;
  const spec = g.c.units[u];
  const side = spec.side;
  g.level[u] = level;
  if (before === ROUT || level === ROUT) g.steadyDirty = true;
  g.sideFriends[side] = ++g.epoch;
  if (g.sink) g.sink({ type: 'cohesion', side, unit: spec.id, from: COHESION_LEVELS[before], to: COHESION_LEVELS[level] });
  if (level < before) return;
  if (level >= DISORDERED) g.res.sides[side].disruptions++;
  reachRung(g.res, side, u, LADDER[level]);
  if (level === SHAKEN) g.shakenRetreat[u] = g.turn; // 8: a compulsory retreat next period
  if (level === ROUT) routed(g, u, why);
}

/** 7, 8: lose `n` levels (a shaken unit losing one routs). */
export function loseLevel(g: Game, u: number, why: string, n = 1): void {
  if (g.present[u] === 0 || g.level[u] === ROUT) return;
  setLevel(g, u, loseLevels(g.level[u] as Cohesion, n), why);
}

/** 7 (step 8): a REGROUP order regains a level. */
export function regainLevel(g: Game, u: number): boolean {
  const before = g.level[u] as Cohesion;
  const after = regroup(before, g.c.units[u].arm);
  if (after === before) return false;
  setLevel(g, u, after, 'regroup');
  bump(g, EXTRA.regroups, g.c.units[u].side);
  if (g.sink) g.sink({ type: 'regroup', side: g.c.units[u].side, unit: g.c.units[u].id, from: COHESION_LEVELS[before], to: COHESION_LEVELS[after] });
  return true;
}

/** 7, 8, 10: a unit routs: it turns to face away, its assault and support end, the army loses a point of morale. */
function routed(g: Game, u: number, why: string): void {
  const spec = g.c.units[u];
  const side = spec.side;
  const r = g.res.sides[side];
  r.routs++;
  r.retreatsForced++;
  g.res.units[u].retreated = true;
  g.routedTurn[u] = g.turn;
  g.routUnseen[u] = 1;
  g.shakenRetreat[u] = 0;
  g.assaultTarget[u] = -1;
  g.supporting[u] = -1;
  g.pursuing[u] = -1;
  g.takeGround[u] = -1;
  g.followingUp[u] = 0;
  if (facesEnemy(g, u)) faceAbout(g, u);
  if (g.sink) g.sink({ type: 'rout', side, unit: spec.id });
  void why;
  // 4, 10 (burt.routedReserve leavesAtRout): the rout ends RESERVE status; its point is the rout's.
  if (g.order[u] === RESERVE && g.c.options.routedReserve === 'leavesAtRout') {
    g.order[u] = MANOEUVRE;
    if (g.sink) g.sink({ type: 'orders', side, unit: spec.id, from: ORDER_LIST[RESERVE], to: ORDER_LIST[MANOEUVRE], forced: 'routed (4, 10)' });
  }
  armyMoraleDrop(g, side, u, ' routed');
}

/** A unit leaves play: no figures or guns left, or routed off the lane (its figures dispersed). */
export function removeUnit(g: Game, u: number, why: 'destroyed' | 'offLane'): void {
  if (g.present[u] === 0) return;
  const spec = g.c.units[u];
  const side = spec.side;
  const r = g.res.sides[side];
  if (why === 'offLane' && g.figures[u] > 0) {
    // Dispersed, not killed (rulings, "Mapping"): men lost but not casualties.
    r.strengthLost += g.figures[u];
    bump(g, EXTRA.figuresDispersed, side, g.figures[u]);
    g.figures[u] = 0;
    g.guns[u] = 0;
  }
  g.present[u] = 0;
  g.body[u].offset = PARKED;
  bodyMoved(g, u);
  g.steadyDirty = true;
  r.unitsEliminated++;
  g.res.units[u].eliminated = true;
  reachRung(g.res, side, u, RUNG.removed);
  for (let i = 0; i < g.supporting.length; i++) {
    if (g.supporting[i] === u) g.supporting[i] = -1;
    if (g.assaultTarget[i] === u) g.assaultTarget[i] = -1;
  }
  if (g.sink) g.sink({ type: 'removed', side, unit: spec.id, why });
}

/**
 * 6, 9: figures removed (killed and wounded). At no figures the unit is removed. `fire`: from fire
 * (counted for the 10% test of 8); small-arms casualties push a RESERVE unit into MANOEUVER (11).
 */
export function loseFigures(g: Game, u: number, n: number, fire: boolean, smallArms: boolean): void {
  if (n <= 0 || g.present[u] === 0) return;
  const spec = g.c.units[u];
  const lost = n < g.figures[u] ? n : g.figures[u];
  g.figures[u] -= lost;
  const r = g.res.sides[spec.side];
  r.strengthLost += lost;
  r.stepsLost += lost;
  g.casualtiesTurn[u] = 1;
  if (fire) g.fireLosses[u] += lost;
  if (g.sink) g.sink({ type: 'hit', side: spec.side, unit: spec.id, lost, left: g.figures[u], eliminated: g.figures[u] === 0 });
  if (g.figures[u] === 0) return removeUnit(g, u, 'destroyed');
  shrinkBody(g, u);
  if (smallArms && g.order[u] === RESERVE) setOrder(g, u, MANOEUVRE, 'small-arms casualties (11)');
}

/**
 * 6, 8, 11: casualties on a battery's crews (6 rolls a die for each casualty a battery sustains instead
 * of counting crew, so most remove no figure): casualties this turn all the same (8: -1), and from small
 * arms they push a RESERVE battery into MANOEUVER (11), as figures lost do any other unit. Called after
 * the guns they put out of action are gone (a battery silenced to the last gun is no longer there).
 */
export function crewCasualties(g: Game, u: number, smallArms: boolean): void {
  if (g.present[u] === 0) return;
  g.casualtiesTurn[u] = 1;
  if (smallArms && g.order[u] === RESERVE) setOrder(g, u, MANOEUVRE, 'small-arms casualties (11)');
}

/** 6: guns put out of action: each takes its crew's figures with it. No guns left: the battery is removed. */
export function loseGuns(g: Game, u: number, n: number, how: 'silenced' | 'destroyed', fire: boolean): void {
  if (n <= 0 || g.present[u] === 0) return;
  const spec = g.c.units[u];
  const lost = n < g.guns[u] ? n : g.guns[u];
  g.guns[u] -= lost;
  const figures = lost * spec.crew;
  g.figures[u] -= figures;
  const r = g.res.sides[spec.side];
  r.strengthLost += figures;
  r.stepsLost += figures;
  g.casualtiesTurn[u] = 1;
  if (fire) g.gunsLostTurn[u] += lost;
  bump(g, EXTRA.gunsLost, spec.side, lost);
  if (g.sink) g.sink({ type: 'gunsLost', side: spec.side, unit: spec.id, lost, left: g.guns[u], how });
  if (g.guns[u] === 0) removeUnit(g, u, 'destroyed');
}

/** 10: a rout or a unit leaving RESERVE costs a point; reaching 0 the first time, every unit tests at once. */
export function armyMoraleDrop(g: Game, side: 0 | 1, u: number, what: string): void {
  const before = g.armyMorale[side];
  const after = dropArmyMorale(before, 1);
  g.armyMorale[side] = after;
  // The reason in words (the unit's id and what it did) only for a sink.
  if (g.sink) g.sink({ type: 'armyMorale', side, value: after, why: `${g.c.units[u].id}${what}` });
  if (!reachedZeroNow(before, after)) return;
  g.res.sides[side].armyBrokenTurn = g.turn;
  if (g.sink) g.sink({ type: 'broken', side, formation: null, turn: g.turn });
  // 10: ALL units test at once at -1; failing, a level. Routers have no level left to lose.
  for (const u of g.c.sides[side].units) {
    if (g.present[u] === 1 && g.level[u] !== ROUT) testAndApply(g, u, 'armyMorale');
  }
}

/** 10: the army is demoralised (-1 on every test from now on). */
export function demoralised(g: Game, side: number): boolean {
  return g.armyMorale[side] <= 0;
}

// ---------------------------------------------------------------------------------------------
// 8: morale tests.

/**
 * 8: the sum of a test's modifiers (morale.ts moraleModifier over the situation the lane gives: every
 * modifier's condition), summed straight from the game. The modifiers are whole numbers, so the sum
 * does not depend on the order they are added in.
 */
export function moraleModifierOf(g: Game, u: number, purpose: MoralePurpose, target = -1): number {
  const spec = g.c.units[u];
  const o = g.c.options;
  // The lane's part of the situation stays the same until something it depends on moves or changes.
  // Sight and cover: the unit's body and the enemies' bodies; support and flanks: its side's bodies and levels.
  const enemy = spec.side === 0 ? 1 : 0;
  const bodyAt = g.bodyStamp[u];
  // An answer found holds while its witness's body and the unit's are unchanged (and the witness still
  // qualifies, read live); an answer of none while nothing the search looked at changed.
  const sightAt = g.sightAt[u];
  const sw = g.sightWitness[u];
  if (sightAt < bodyAt || (sw >= 0 ? sightAt < g.bodyStamp[sw] : sightAt < g.sideGeom[enemy])) {
    g.sightAt[u] = g.epoch;
    const w = enemySeenWithin(g, u, o.sightRange);
    g.sightWitness[u] = w;
    g.inSight[u] = w >= 0 ? 1 : 0;
  }
  const friends = g.sideFriends[spec.side];
  const behindAt = g.behindAt[u];
  const bw = g.behind[u];
  const fw = g.secureWitness[u];
  if (
    behindAt < bodyAt ||
    (bw >= 0 ? behindAt < g.bodyStamp[bw] || g.level[bw] >= SHAKEN : behindAt < friends) ||
    (fw >= 0 ? behindAt < g.bodyStamp[fw] || g.level[fw] === ROUT : fw === -1 && behindAt < friends)
  ) {
    g.behindAt[u] = g.epoch;
    friendsAround(g, u, o.supported === 'within6Behind');
  }
  const M = MORALE_MODIFIERS;
  let m = 0;
  // 8 (burt.sightRange): only whether an enemy is in sight matters: the nearest visible one at 0, or none.
  if ((g.inSight[u] === 1 ? 0 : Infinity) > o.sightRange) m += M.noEnemyInSight;
  if (purpose === 'assault' && target >= 0) {
    if (g.c.units[target].arm === 'skirmishers' || g.level[target] === ROUT) m += M.chargingSkirmishersOrRouters;
    // On the lane an assault strikes a flank never, a rear when the target faces away; a square has
    // no flank or rear (12: it faces 4 ways).
    if (g.face[target] === g.face[u] && g.formation[target] !== SQUARE) m += M.chargingFlankOrRear;
  }
  if (purpose === 'assaulted') {
    if (g.formation[u] === SQUARE) m += M.chargedInSquare;
    else if (g.formation[u] === COLUMN) m += M.chargedInColumn;
  }
  // A C-in-C's +2 or a subordinate's +1 (compiled); the command element counts as a subordinate once.
  m += spec.moraleGeneral;
  if (spec.general !== 'subordinate' && o.commandElementAsGeneral && g.commandTouch[u] === 1) m += M.subordinateGeneral;
  // isSupported: a committed support, or (within6Behind) a friend behind neither shaken nor routing.
  const behind = g.behind[u];
  if (hasCommittedSupport(g, u) || (o.supported !== 'committedOnly' && behind >= 0 && g.level[behind] < SHAKEN)) m += M.supported;
  const cover = coverOf(g, u);
  if (cover === 2) m += M.hardCover;
  else if (cover === 1) m += M.softCover;
  // advancingItem, retiringItem: any move toward (away) this turn; the rout or pursuit move per option.
  if (advancingItem(g.movedToward[u], g.stateMove[u], g.pushingBack[u] === 1, purpose, o)) m += M.advancingOrPushingBack;
  if (retiringItem(g.movedAway[u], g.stateMove[u], g.pushedBack[u] === 1, purpose, o)) m += M.retiringOrPushedBack;
  if (g.secure[u] === 1) m += M.secureFlank;
  if (g.casualtiesTurn[u] === 1) m += M.casualtiesThisTurn;
  if (demoralised(g, spec.side)) m += M.armyDemoralised;
  m += spec.moraleStrength[spec.arm === 'guns' ? g.guns[u] : g.figures[u]];
  m += spec.moraleCohesion[g.level[u]];
  return m;
}

/** 8: take one test (the extended die on the side's morale stream, plus modifiers, against the class); record it. */
export function takeTest(g: Game, u: number, purpose: MoralePurpose, target = -1): boolean {
  const spec = g.c.units[u];
  const o = g.c.options;
  const modifier = moraleModifierOf(g, u, purpose, target);
  // rollMoraleTest: the extended die against moraleTarget (the class's score less the modifiers).
  const stream = g.dice.morale(spec.side);
  const passed = rollReaches(moraleRequired(spec.classTarget, modifier), o.extendedDie, o.naturalOne, g.sink ? recording(stream) : stream);
  const p = purposeIndex(purpose);
  recordCheck(g.res.sides[spec.side], p, COUNTED[p], spec.classIndex, spec.unitClass, passed);
  if (!passed && COUNTED[p]) g.res.units[u].checksFailed++;
  if (g.sink) g.sink({ type: 'check', side: spec.side, purpose, unit: spec.id, target: moraleTarget(spec.klass, modifier), modifiers: [modifier >= 0 ? `+${modifier}` : String(modifier)], roll: FACES.slice(), passed });
  return passed;
}

/** The faces of the last traced test, first die first (a 6 extended shows the dice that followed it). */
const FACES: number[] = [];

/** When tracing: the same stream, each value also kept as the d6 face it shows (the draws are unchanged). */
function recording(u: Uniform): Uniform {
  FACES.length = 0;
  return () => {
    const v = u();
    FACES.push(1 + Math.floor(v * 6));
    return v;
  };
}

/**
 * 8: take a test and apply its result (8's table): lose a level, rout, or nothing; a router passing a
 * rally test becomes shaken with REGROUP orders and no retreat to make (7, 11).
 */
export function testAndApply(g: Game, u: number, purpose: MoralePurpose, target = -1): boolean {
  const passed = takeTest(g, u, purpose, target);
  if (passed) {
    if (purpose === 'rally') rallyUnit(g, u);
    return true;
  }
  const f = FAILURE_LEVEL[purposeIndex(purpose)];
  if (f === 'rout') setLevel(g, u, ROUT, purpose);
  else if (f === 'loseLevel') loseLevel(g, u, purpose);
  return false;
}

/** MORALE_FAILURE's level by purpose index. */
const FAILURE_LEVEL = MORALE_PURPOSES.map((p) => MORALE_FAILURE[p].level);

/**
 * PURPOSE[purpose] without a lookup by a string key: the purposes are literals of the code, compared
 * by identity (checked against PURPOSE once, below).
 */
function purposeIndex(purpose: MoralePurpose): number {
  switch (purpose) {
    case 'fireLoss':
      return 0;
    case 'assault':
      return 1;
    case 'assaulted':
      return 2;
    case 'support':
      return 3;
    case 'melee':
      return 4;
    case 'friendsRouting':
      return 5;
    case 'armyMorale':
      return 6;
    case 'rally':
      return 7;
    case 'stopPursuit':
      return 8;
    default:
      return PURPOSE[purpose];
  }
}
for (const p of MORALE_PURPOSES) if (purposeIndex(p) !== PURPOSE[p]) throw new Error(`internal: purpose ${p} is not at ${purposeIndex(p)}`);

/** 7, 11: a router rallies: shaken, facing the enemy, with REGROUP orders and no retreat due. */
export function rallyUnit(g: Game, u: number): void {
  setLevel(g, u, SHAKEN, 'rally');
  g.shakenRetreat[u] = 0;
  g.routedTurn[u] = 0;
  if (!facesEnemy(g, u)) faceAbout(g, u);
  setOrder(g, u, REGROUP, 'rallied (11)');
  bump(g, EXTRA.rallies, g.c.units[u].side);
  if (g.sink) g.sink({ type: 'rally', side: g.c.units[u].side, unit: g.c.units[u].id });
}

/** Figures a unit fights or fires with now. */
export function firingFigures(g: Game, u: number): number {
  return modelOf(g, u).firingFigures;
}
