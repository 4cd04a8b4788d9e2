/**
 * Step 12 of the sequence of play: morale tests (8). Routers test to rally and pursuers to stop, each
 * turn after the one they began; the others test for 10% casualties from fire this turn, after an
 * indecisive melee, and on seeing friends routing (burt.testsPerTurn: a test each, or one for all).
 */
import { fireLossTestDue } from '../fire.js';
import { friendsRoutingTestDue, testsToTake, type MoralePurpose } from '../morale.js';
import { ROUT } from '../tables.js';
import { canSee, edgeDistance } from '../play/lane.js';
import { REGROUP, type Game } from '../play/state.js';
import { setOrder, takeTest, testAndApply } from '../play/units.js';

/** 8: the unit lost 10% to fire this turn (burt.fireTestBase); a battery, a gun. */
export function fireLossDue(g: Game, u: number): boolean {
  const spec = g.c.units[u];
  if (spec.arm === 'guns') return g.gunsLostTurn[u] > 0;
  return fireLossTestDue(g.fireLosses[u], g.figuresAtTurnStart[u], spec.figures, g.c.options.fireTestBase);
}

/** 8 (burt.seeingRouts): routing friends the unit sees within burt.sightRange: those newly routed, and all. */
export function routingFriendsSeen(g: Game, u: number, onlyNew: boolean): number {
  const friends = g.c.sides[g.c.units[u].side].units;
  let n = 0;
  for (let k = 0; k < friends.length; k++) {
    const f = friends[k];
    if (f === u || g.present[f] === 0 || g.level[f] !== ROUT) continue;
    if (onlyNew && g.routUnseen[f] !== SEEN_NOW) continue;
    if (edgeDistance(g, u, f) > g.c.options.sightRange || !canSee(g, u, f)) continue;
    n++;
  }
  return n;
}

/** The step-12 reasons, in the order a unit tests for them (bits of reasonsDue). */
export const STEP12_REASONS: readonly MoralePurpose[] = ['fireLoss', 'melee', 'friendsRouting'];

/**
 * 8: the reasons a unit (not routing, not pursuing) has to test in step 12, as bits of STEP12_REASONS.
 * `anyRouting` false: no friend routing the unit could count (no look for them).
 */
export function reasonsDue(g: Game, u: number, anyRouting = true): number {
  let due = 0;
  if (fireLossDue(g, u)) due |= 1;
  if (g.meleeTest[u] === 1) due |= 2;
  if (!anyRouting) return due;
  const mode = g.c.options.seeingRouts;
  if (friendsRoutingTestDue(routingFriendsSeen(g, u, true), mode === 'anyRouting' ? routingFriendsSeen(g, u, false) : 0, mode)) due |= 4;
  return due;
}

/** Routs since the last step 12 are marked so while it runs; routs during it wait for the next. */
const SEEN_NOW = 2;

/** 3.12: every unit's tests, the sides alternating. Routs seen in this step are new for the next. */
export function step12Morale(g: Game): void {
  let anyRouting = false;
  // Under newRoutsOnly only a side with a router newly seen can owe a test for seeing routs.
  let newRouting0 = false;
  let newRouting1 = false;
  for (let f = 0; f < g.c.units.length; f++) {
    if (g.routUnseen[f] === 1) g.routUnseen[f] = SEEN_NOW;
    if (g.present[f] === 1 && g.level[f] === ROUT) {
      anyRouting = true;
      if (g.routUnseen[f] === SEEN_NOW) {
        if (g.c.units[f].side === 0) newRouting0 = true;
        else newRouting1 = true;
      }
    }
  }
  const onlyNew = g.c.options.seeingRouts === 'newRoutsOnly';
  // 3, 8: the reasons are those of the step's start, so the order of the tests within it (the sides
  // alternating) changes none: a router rallying early in the step was still seen routing by the
  // friends that test after it, as a rout during the step waits for the next (SEEN_NOW).
  const due = g.scratch.reasons;
  for (const u of g.c.alternation[g.first]) {
    due[u] = g.present[u] === 0 || g.level[u] === ROUT ? 0 : reasonsDue(g, u, onlyNew ? (g.c.units[u].side === 0 ? newRouting0 : newRouting1) : anyRouting);
  }
  for (const u of g.c.alternation[g.first]) {
    if (g.present[u] === 0) continue;
    if (g.level[u] === ROUT) {
      // 8: trying to rally from rout, each turn after the one it routed.
      if (g.routedTurn[u] < g.turn) testAndApply(g, u, 'rally');
      continue;
    }
    if (g.pursuing[u] >= 0 && g.pursuitTurn[u] < g.turn && takeTest(g, u, 'stopPursuit')) {
      // 8, 11: it stops and comes back under command with REGROUP orders.
      g.pursuing[u] = -1;
      setOrder(g, u, REGROUP, 'stopped pursuing (11)');
    }
    const bits = due[u];
    if (bits === 0) continue;
    if (g.c.options.testsPerTurn === 'eachReason') {
      for (let k = 0; k < STEP12_REASONS.length; k++) {
        if ((bits & (1 << k)) === 0) continue;
        if (g.present[u] === 0 || g.level[u] === ROUT) break;
        testAndApply(g, u, STEP12_REASONS[k]);
      }
      continue;
    }
    // burt.testsPerTurn onePerStep: one test, for the reason whose failure is worst.
    testAndApply(g, u, testsToTake(STEP12_REASONS.filter((_, k) => (bits & (1 << k)) !== 0), 'onePerStep')[0]);
  }
  for (let f = 0; f < g.c.units.length; f++) if (g.routUnseen[f] === SEEN_NOW) g.routUnseen[f] = 0;
}
