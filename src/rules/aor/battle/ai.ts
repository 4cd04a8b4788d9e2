/**
 * The orders-driven player (12.2) that makes a side's choices in a battle: where each unit moves,
 * which artillery bombards what, whom each stack attacks, who advances. Deterministic for the real
 * doctrines; the random-legal baseline draws only from its side's AI dice. Parameters:
 * src/rules/aor/doctrine/battle.ts.
 */
import type { BattleDoctrine } from '../doctrine/battle.js';
import { costField, costFieldMasked, LazyCostField, pathTo } from '../../../hex/paths.js';
import { BRIDGE, RIVER } from '../map.js';
import { isArtillery } from '../units.js';
import { canBombard } from './bombard.js';
import { COMMAND_RANGE, leaderStackedWith, placeLeader } from './command.js';
import { carryOutCharge, chargeIntoHex, chargeOptions, expectedChargeFactor, isReadyCavalry, readyCavalry, resolveCharge, type ChargeOption, type PlannedCharge, type PursuitTarget } from './charges.js';
import { d6, type EngagementDice } from '../../../core/dice.js';
import { boundMorale, moraleModifierLabels, NO_SITUATION, passesCheck, unitMorale } from '../morale.js';
import { advanceCompanion, attackersIn } from './combat.js';
import { drawsPassingFire, markHolder, passingFireOnMove } from './retreat.js';
import { allowance, closesIn, closingDistance, mayLeaveZoc, mayMoveFrom, moveContext, moveMasks, stackLimit, stepCost } from './movement.js';
import type { BattleState } from './state.js';
import type { Orders } from './orders.js';
import { recordCheck, type EngagementResult } from '../../../core/result.js';
import { PURPOSE } from '../vocabulary.js';
import type { AorSink } from '../events.js';
import { eliminate, recordEliminations } from './losses.js';
import { hasLineOfSight } from '../los.js';
import { ATTACK_INTO_HEX, HEX_TERRAIN } from '../terrain.js';
import { projectsZocAcross } from './hexsides.js';

/** The battle doctrine of the side a formation or unit belongs to. */
const sideDoctrine = (b: BattleState, side: number): BattleDoctrine => b.c.sides[side].battle;

/** For a random-legal doctrine: a draw from the side's AI stream. */
function draw(b: BattleState, side: number): number {
  if (!b.dice) throw new Error('a random-legal doctrine needs the engagement dice');
  return b.dice.ai(side as 0 | 1)();
}

/** A uniformly random element (random-legal doctrine). */
function pick<T>(b: BattleState, side: number, options: readonly T[]): T {
  return options[Math.floor(draw(b, side) * options.length)];
}

const ascending = (x: number, y: number) => x - y;

/**
 * Sort a short list in place by `cmp`, a total order (insertion sort: the order any sort gives, without
 * the scratch Array.prototype.sort allocates).
 */
function sortShort(a: number[], cmp: (x: number, y: number) => number): number[] {
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    let j = i - 1;
    for (; j >= 0 && cmp(a[j], x) > 0; j--) a[j + 1] = a[j];
    a[j + 1] = x;
  }
  return a;
}

/**
 * Hexes a formation heads for (12.2): its objective; with Attack orders also the empty victory
 * objectives and the hexes next to enemies within engageRadius of it.
 */
export function goalHexes(b: BattleState, f: number, d: BattleDoctrine = sideDoctrine(b, b.c.formations[f].side)): number[] {
  const def = b.c.formations[f];
  const g = b.c.map.grid;
  const enemy = 1 - def.side;
  const objective = b.objective[f];
  if (objective < 0) return [];
  const goals: number[] = [];
  const mark = b.hexMark;
  const add = (h: number) => {
    if (mark[h]) return;
    mark[h] = 1;
    goals.push(h);
  };
  if (b.sideAt[objective] !== enemy) add(objective);
  if (b.ordersOf(f) === 'attack') {
    // Empty victory objectives (18) near the formation's own that our side does not hold are worth
    // taking too; one with enemy units in it is closed with like any enemy near the objective (below).
    b.c.objectives.forEach((o, i) => {
      if (b.sideAt[o.hex] < 0 && b.holder[i] !== def.side && g.distance(o.hex, objective) <= d.engageRadius) add(o.hex);
    });
    for (const u of b.c.sides[enemy].units) {
      const h = b.pos[u];
      if (h < 0 || g.distance(h, objective) > d.engageRadius) continue;
      for (let k = 0; k < 6; k++) {
        const n = g.neighbors[h * 6 + k];
        if (n >= 0 && b.sideAt[n] !== enemy) add(n);
      }
    }
  }
  for (const h of goals) mark[h] = 0;
  return sortShort(goals, ascending);
}

/** Cost-to-go toward the goals over the map, as infantry would walk it, around enemy units. */
export function goalField(b: BattleState, side: 0 | 1, goals: readonly number[], out?: Float64Array): Float64Array {
  const open = b.goalOpen;
  for (let h = 0; h < open.length; h++) open[h] = b.sideAt[h] === 1 - side ? 0 : 1;
  return costFieldMasked(b.c.map.grid, goals, b.c.map.goalSteps, open, null, 0, Infinity, out);
}

/** goalField as a search settled only as far as it is read (the same costs). */
export function lazyLazyCostField(b: BattleState, side: 0 | 1, goals: readonly number[], search: LazyCostField): LazyCostField {
  const open = search.enter;
  for (let h = 0; h < open.length; h++) open[h] = b.sideAt[h] === 1 - side ? 0 : 1;
  search.start(goals, b.c.map.goalSteps);
  return search;
}

/**
 * The formation's goal field, reused from its last computation when the goals and every enemy unit's
 * position are the same (an exact comparison, so play does not change).
 */
function cachedLazyCostField(b: BattleState, f: number, side: 0 | 1, goals: readonly number[]): LazyCostField {
  const enemy = b.c.sides[1 - side].units;
  const key = b.goalKey[f];
  let search = b.goalSearch[f];
  if (search && b.goalValid[f] && key.goals.length === goals.length && key.goals.every((h, i) => h === goals[i]) && enemy.every((u, i) => b.pos[u] === key.enemy[i])) {
    return search;
  }
  if (!search) search = b.goalSearch[f] = new LazyCostField(b.c.map.grid);
  key.goals = goals.slice();
  for (let i = 0; i < enemy.length; i++) key.enemy[i] = b.pos[enemy[i]];
  b.goalValid[f] = 1;
  return lazyLazyCostField(b, side, goals, search);
}

/** Formation Movement Segment for one side (5, 12.2). */
export function moveSide(b: BattleState, side: 0 | 1, night: boolean, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  b.moveMasksReady.fill(0);
  b.passBarReady = 0;
  const cache: MoveCache = { lastReach: { start: -1, key: 0, steps: null, extra: 0, allow: 0 } };
  for (const f of b.c.sides[side].formations) {
    const orders = b.ordersOf(f);
    // 12.2: under Reserve the leader stays; the units may move, no ZOC entry (cavalry: by
    // aor.cavalryZocOrders; moveContext): the doctrines close those out of command range up on him
    // (12.1) and hold the others (moveFormation); random-legal moves each as it would under any order
    // (moveRandomly).
    if (orders === 'defend' && b.objective[f] < 0) continue;
    if (sideDoctrine(b, side).random) moveRandomly(b, f, side, night, dice, res, sink);
    else moveFormation(b, f, side, night, cache, dice, res, sink);
  }
  fixStacking(b, side, res, sink);
}

/** What the reach field in the battle's buffer was computed from (start -1: nothing usable), kept across a segment's units. */
interface MoveCache {
  lastReach: { start: number; key: number; steps: Float64Array | null; extra: number; allow: number };
}

/**
 * 12.1, 12.2: one formation's units move, nearest its goals first: units out of command range back
 * toward their leader, the others toward the formation's goals; Defend holds at the objective or in
 * contact. Under Reserve there are no goals: only the units out of command range move, back toward the
 * leader, who stays (12.2), so that they are in range when new orders come.
 */
function moveFormation(b: BattleState, f: number, side: 0 | 1, night: boolean, cache: MoveCache, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  const g = c.map.grid;
  const def = c.formations[f];
  const orders = b.ordersOf(f);
  const reserve = orders === 'reserve';
  const goals = reserve ? [] : goalHexes(b, f);
  const leader = c.leaderOf[f];
  let anyOut = false;
  for (const u of def.units) if (b.pos[u] >= 0 && !b.inCommand[u]) anyOut = true;
  if (reserve && !anyOut) return;
  const units = def.units.filter((u) => b.pos[u] >= 0 && !(isArtillery(c.specs[u].kind) && b.bombarded[u]) && !(reserve && b.inCommand[u]));
  const holds = (u: number) => orders === 'defend' && b.inCommand[u] && (g.distance(b.pos[u], b.objective[f]) <= 1 || b.inEnemyZoc(side, b.pos[u]));
  // Nothing to compute when no unit of the formation can or will move.
  if (!units.some((u) => !holds(u) && mayMoveFrom(b, u))) return;
  const backField = anyOut && leader >= 0 && b.leaderPos[leader] >= 0 ? lazyLazyCostField(b, side, [b.leaderPos[leader]], b.backSearch) : null;
  if (goals.length === 0 && !backField) return;
  const field = goals.length > 0 ? cachedLazyCostField(b, f, side, goals) : backField!;
  sortShort(units, (x, y) => field.at(b.pos[x]) - field.at(b.pos[y]) || x - y);
  for (const u of units) {
    // A unit the moves before it put off the map (a reaction charge won against its stack, 7.8) moves no more.
    if (b.pos[u] < 0 || holds(u)) continue;
    moveUnit(b, u, f, orders, side, night, !b.inCommand[u] && backField ? backField : field, cache, dice, res, sink);
  }
}

/**
 * 7.12: the steps that draw passing fire for `side` (from one ZOC hex of an enemy stack into another),
 * 1 at from * 6 + d: drawsPassingFire for every step, found from the enemy stacks. Such a step joins
 * two neighbours of the stack that are next to each other (ring neighbours k and k + 1, the step
 * between them in direction k + 2 or back in k + 5). Depends only on the enemy's positions: kept for
 * the segment, like the masks.
 */
export function passingFireSteps(b: BattleState, side: 0 | 1): Uint8Array {
  const bar = b.passBar;
  if (b.passBarReady) return bar;
  const nb = b.c.map.grid.neighbors;
  bar.fill(0);
  for (const u of b.c.sides[1 - side].units) {
    const e = b.pos[u];
    if (e < 0 || b.firstAt[e] !== u) continue; // each stack once
    for (let k = 0; k < 6; k++) {
      const k1 = k === 5 ? 0 : k + 1;
      const x = nb[e * 6 + k], y = nb[e * 6 + k1];
      if (x < 0 || y < 0 || !b.inEnemyZoc(side, x) || !b.inEnemyZoc(side, y)) continue;
      if (!projectsZocAcross(b, e, x, (k + 3) % 6) || !projectsZocAcross(b, e, y, (k1 + 3) % 6)) continue;
      bar[x * 6 + ((k + 2) % 6)] = 1;
      bar[y * 6 + ((k + 5) % 6)] = 1;
    }
  }
  b.passBarReady = 1;
  return bar;
}

/**
 * 5.4, moving through (aor.zocMovement = moveThrough): +1 MP to leave an enemy ZOC hex no friendly unit
 * stays in. Written again only where units or zones of control changed since the last call for this side.
 */
function zocLeavePrices(b: BattleState, side: 0 | 1): Float64Array {
  const price = b.leaveExtra;
  const dirty = b.leaveDirty;
  if (dirty.all || b.leaveSide !== side) {
    for (let h = 0; h < price.length; h++) price[h] = b.count[h] === 0 && b.inEnemyZoc(side, h) ? 1 : 0;
  } else {
    for (let k = 0; k < dirty.count; k++) {
      const h = dirty.hexes[k];
      price[h] = b.count[h] === 0 && b.inEnemyZoc(side, h) ? 1 : 0;
    }
  }
  b.leaveSide = side;
  b.clearDirty(dirty);
  return price;
}

/** The reach of unit `u` from `start` this segment: the allowance spent over the map, and how to step (its cost). */
function reachOf(b: BattleState, u: number, start: number, ctx: NonNullable<ReturnType<typeof moveContext>>, night: boolean, cache: MoveCache) {
  const c = b.c;
  const g = c.map.grid;
  const side = c.specs[u].side;
  const extra = ctx.leaveCost;
  // Masks depend only on the enemy, who does not move in this segment; per kind of mover.
  const key = (ctx.cavalry ? 2 : 0) + (ctx.zocEntry ? 1 : 0);
  const m = b.moveMasks[key];
  if (!b.moveMasksReady[key]) {
    moveMasks(b, side, ctx.cavalry, ctx.zocEntry, night, m);
    b.moveMasksReady[key] = 1;
  }
  const allow = allowance(b, u);
  if (ctx.march || ctx.through) {
    // Road rates depend on who stands where along the way, and so does the cost of leaving a ZOC hex
    // moving through it (5.4): the search reads the occupancy as it stands, for this unit alone. Moving
    // through ZOCs, the doctrine never takes a step that draws passing fire (7.12).
    const march = c.map.marchSteps;
    const steps = ctx.march ? (ctx.infantry ? march.infantry : march.other) : ctx.infantry ? c.map.moveStepsInfantry : c.map.moveStepsOther;
    const vary = b.reachVary;
    vary.bar = ctx.through ? passingFireSteps(b, side) : null;
    vary.leaveExtra = ctx.through ? zocLeavePrices(b, side) : null;
    vary.maxLeaveExtra = 1;
    vary.emptySteps = ctx.march ? (ctx.infantry ? march.infantryEmpty : march.otherEmpty) : null;
    vary.occupancy = ctx.march ? b.count : null;
    costFieldMasked(g, [start], steps, m.enter, ctx.through ? null : m.leave, extra, allow, b.reachField, b.reached, -1, vary);
    cache.lastReach.start = -1;
    // The same steps one at a time through the rules, for the way back from the chosen hex.
    const cost = ctx.through
      ? (from: number, d: number, to: number) => (drawsPassingFire(b, side, from, to) ? Infinity : stepCost(ctx, from, d, to))
      : (from: number, d: number, to: number) => stepCost(ctx, from, d, to);
    return { reach: b.reachField, cost, list: true };
  }
  const steps = ctx.infantry ? c.map.moveStepsInfantry : c.map.moveStepsOther;
  // The unit before it may have had the very same field (the same hex, masks, steps and allowance:
  // stacked units of a kind sort next to each other).
  const l = cache.lastReach;
  if (!(l.start === start && l.key === key && l.steps === steps && l.extra === extra && l.allow === allow)) {
    costFieldMasked(g, [start], steps, m.enter, m.leave, extra, allow, b.reachField, b.reached);
    l.start = start;
    l.key = key;
    l.steps = steps;
    l.extra = extra;
    l.allow = allow;
  }
  // The same steps as the masked field, one at a time, for the way back from the chosen hex.
  const en = m.enter, lv = m.leave;
  const cost = (from: number, d: number, to: number) => (en[to] === 0 || (from !== start && lv[from] === 0) ? Infinity : steps[from * 6 + d] + (from === start ? extra : 0));
  return { reach: b.reachField, cost, list: true };
}

/**
 * Where unit `u` goes: the reachable hex nearest the goal, then an objective hex (18: it counts at the
 * end), then the cheapest to reach; ties to staying, then the lowest hex. battleDoctrine.support: a
 * step into contact (where it must attack, 7.3) away from the objective without support enough is
 * chosen again without such hexes, once; a unit that waited last turn goes in regardless (12.2).
 */
function chooseHex(
  b: BattleState,
  u: number,
  f: number,
  orders: Orders,
  side: 0 | 1,
  start: number,
  reach: Float64Array,
  list: boolean,
  toward: LazyCostField,
  /** 12.2 Attack (closingDistance): the distance to close from, 0 if none, and the enemy hexes to close on. */
  closing: number,
  targets: readonly number[],
): number {
  const c = b.c;
  const g = c.map.grid;
  const doctrine = sideDoctrine(b, side);
  const range = b.commandField[f];
  const objective = b.objective[f];
  const objectiveRank = (h: number) => (b.objectiveHex[h] === 1 || h === objective ? 1 : 0);
  const artillery = isArtillery(c.specs[u].kind);
  const cavalryUnit = c.specs[u].kind === 'cavalry';
  const enemyZoc = b.zoc[1 - side];
  const checkRange = b.inCommand[u] === 1 && range !== null;
  const alone = (h: number) =>
    enemyZoc[h] > 0 && h !== objective && !(b.sideAt[objective] === 1 - side && g.distance(h, objective) === 1) && !supportedAt(b, u, h, doctrine.support);
  const waits = orders === 'attack' && doctrine.support > 0 && b.heldBack[u] !== b.turn - 1;
  // Guns and horse keep out of enemy ZOCs (below), unless 12.2 Attack binds them to close in and only
  // such hexes would.
  const keepOut = (artillery || cavalryUnit) && !(closing > 0 && onlyContactClosesIn(b, u, f, start, reach, list, closing, targets));
  let best = start;
  let held = false;
  let first = start; // pass 0's choice
  for (let pass = 0; ; pass++) {
    // Bound to close in (12.2 Attack), the unit may not stay: the best hex that closes in, if any does.
    best = closing > 0 ? -1 : start;
    // The goal field is read only as far as the best hex so far: a hex further from the goal cannot win.
    let tb = closing > 0 ? Infinity : toward.at(start);
    const n = list ? b.reached.count : g.size;
    for (let k = 0; k < n; k++) {
      const h = list ? b.reached.hexes[k] : k;
      if (reach[h] === Infinity || h === start) continue;
      if (b.count[h] >= stackLimit(b, h)) continue; // 5.3, 10.1
      // Guns keep out of contact; horse closes by charging (7.6), not by walking up.
      if (keepOut && enemyZoc[h] > 0) continue;
      if (checkRange && range![h] > COMMAND_RANGE) continue; // 12.1: not out of range by movement
      if (closing > 0 && !closesIn(b, h, targets, closing)) continue;
      const th = toward.atMost(h, tb);
      const tie = th === tb && best >= 0 ? objectiveRank(h) - objectiveRank(best) : 0;
      if (best < 0 || th < tb || tie > 0 || (th === tb && tie === 0 && (reach[h] < reach[best] || (reach[h] === reach[best] && best !== start && h < best)))) {
        if (pass === 1 && alone(h)) continue;
        best = h;
        tb = th;
      }
    }
    // Nowhere closer within reach: it stays; held back from contact (pass 1) with every closer hex a
    // contact, it goes in after all (12.2 binds more than the doctrine's caution).
    if (best < 0) best = pass === 1 ? first : start;
    if (pass === 1 || !waits || !alone(best)) break;
    first = best;
    held = true;
  }
  if (held && enemyZoc[best] === 0) b.heldBack[u] = b.turn; // it waits this turn
  return best;
}

/**
 * 12.2 Attack: whether every hex within reach where unit u could end its move closer to the enemy
 * (closesIn) lies in an enemy ZOC, and there is one: then the duty to close in overrides the
 * doctrine's keeping guns and horse out of contact.
 */
function onlyContactClosesIn(b: BattleState, u: number, f: number, start: number, reach: Float64Array, list: boolean, closing: number, targets: readonly number[]): boolean {
  const g = b.c.map.grid;
  const range = b.commandField[f];
  const checkRange = b.inCommand[u] === 1 && range !== null;
  const enemyZoc = b.zoc[1 - b.spec(u).side];
  let contact = false;
  const n = list ? b.reached.count : g.size;
  for (let k = 0; k < n; k++) {
    const h = list ? b.reached.hexes[k] : k;
    if (reach[h] === Infinity || h === start || b.count[h] >= stackLimit(b, h)) continue;
    if (checkRange && range![h] > COMMAND_RANGE) continue;
    if (!closesIn(b, h, targets, closing)) continue;
    if (enemyZoc[h] === 0) return false;
    contact = true;
  }
  return contact;
}

/** 12.2: a March stopped by an enemy ZOC (the way on toward its goal leads into one) ends; the formation stands on the defensive, its leader with the leading unit. */
function endMarchIfStopped(b: BattleState, f: number, orders: Orders, side: 0 | 1, at: number, toward: LazyCostField, sink?: AorSink): void {
  if (orders !== 'march' || !stoppedByZoc(b, side, at, toward)) return;
  b.setOrders(f, 'defend', b.objective[f]);
  if (sink) sink({ type: 'orders', side, formation: b.c.formations[f].id, orders: 'defend', turn: b.turn, arrives: b.turn, why: 'zoc' });
  const leader = b.c.leaderOf[f];
  if (leader >= 0 && b.leaderPos[leader] >= 0) placeLeader(b, leader, at, 'march', sink);
}

/** Scratch for closingDistance: the hexes of the enemy units a unit under Attack orders must close on. */
const closeOn: number[] = [];

/**
 * One unit moves (5, 12.2): its reach, its destination, the path there, passing fire and reaction
 * charges on the way. `orders` are the formation's as the segment began.
 */
function moveUnit(b: BattleState, u: number, f: number, orders: Orders, side: 0 | 1, night: boolean, toward: LazyCostField, cache: MoveCache, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  const start = b.pos[u];
  const ctx = moveContext(b, u, night);
  if (!ctx) return; // in an enemy ZOC and may not leave (5.4, 12.2)
  const { reach, cost, list } = reachOf(b, u, start, ctx, night, cache);
  const closing = closingDistance(b, u, orders, closeOn);
  const best = chooseHex(b, u, f, orders, side, start, reach, list, toward, closing, closeOn);
  // A move that gains nothing toward the goals is not made, unless 12.2 obliges the unit to close in.
  if (best === start || (closing === 0 && !(toward.at(best) < toward.at(start)))) {
    endMarchIfStopped(b, f, orders, side, start, toward, sink);
    return;
  }
  const artillery = isArtillery(c.specs[u].kind);
  const cavalryUnit = c.specs[u].kind === 'cavalry';
  let path = pathTo(c.map.grid, reach, best, cost);
  // Guns and horse keep out of contact by walking (above); at night nobody fires (16).
  if (sideDoctrine(b, side).approach === 'covered' && !night && !artillery && !cavalryUnit) path = coveredApproach(b, side, path, reach, cost, allowance(b, u));
  const stopped = cavalryUnit || ctx.through ? passingFireAlong(b, u, path, dice, res, sink) : -1;
  const walked = stopped >= 0 ? path.slice(0, stopped + 1) : path;
  if (sink) sink({ type: 'move', side, unit: c.specs[u].id, path: walked });
  if (stopped >= 0) return;
  for (const h of path) markHolder(b, h, side); // 18: last to move through
  b.moveTo(u, best);
  b.enteredFrom[u] = path.length >= 2 ? path[path.length - 2] : start;
  b.movePath[u] = path;
  endMarchIfStopped(b, f, orders, side, best, toward, sink);
  if (!night && reactionCharge(b, u, path, dice, res, sink)) {
    b.computeZoc();
    b.moveMasksReady.fill(0); // enemy cavalry may have moved
    b.passBarReady = 0;
    cache.lastReach.start = -1;
  }
}

/**
 * 7.12: a unit that moves on from an enemy ZOC hex (cavalry; others under aor.zocMovement =
 * moveThrough) draws passing fire at each step from one ZOC hex of an enemy stack into another. Returns
 * the index in `path` where the fire stopped it (it retreated or was destroyed), or -1.
 */
function passingFireAlong(b: BattleState, u: number, path: readonly number[], dice: EngagementDice, res: EngagementResult, sink?: AorSink): number {
  const side = b.spec(u).side;
  for (let i = 1; i < path.length; i++) {
    if (!b.inEnemyZoc(side, path[i - 1]) || !b.inEnemyZoc(side, path[i])) continue;
    b.moveTo(u, path[i]);
    markHolder(b, path[i], side);
    if (passingFireOnMove(b, u, path[i - 1], path[i], dice, res, sink)) return i;
  }
  return -1;
}

/**
 * The random-legal doctrine's movement: each unit that may move goes to a hex drawn at random among
 * those it can reach legally (staying put included), within stacking and command range; a unit out of
 * command range that moves goes back toward it as quickly as it can (12.1): to a hex of those nearest
 * its leader. Reserve units too: 12.2 bars them only from entering ZOCs, no ZOC entry (cavalry: by
 * aor.cavalryZocOrders), which moveContext applies.
 */
function moveRandomly(b: BattleState, f: number, side: 0 | 1, night: boolean, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  const g = c.map.grid;
  const range = b.commandField[f];
  const leader = c.leaderOf[f];
  for (const u of c.formations[f].units) {
    if (b.pos[u] < 0 || (isArtillery(c.specs[u].kind) && b.bombarded[u])) continue;
    const ctx = moveContext(b, u, night);
    if (!ctx) continue;
    const start = b.pos[u];
    const cost = (from: number, d: number, to: number) => stepCost(ctx, from, d, to);
    const reach = costField(g, [start], cost, allowance(b, u));
    // 12.2 Attack: bound to close in, the unit stays only if no hex within reach is closer.
    const closing = closingDistance(b, u, b.ordersOf(f), closeOn);
    const options: number[] = [start];
    for (let h = 0; h < g.size; h++) {
      if (h === start || reach[h] === Infinity || b.count[h] >= stackLimit(b, h)) continue;
      if (b.inCommand[u] && range && range[h] > COMMAND_RANGE) continue; // 12.1
      if (closing > 0 && !closesIn(b, h, closeOn, closing)) continue;
      options.push(h);
    }
    if (!b.inCommand[u] && leader >= 0 && b.leaderPos[leader] >= 0 && options.length > 1) {
      // The way back to the leader, found for each such unit: a reaction charge may have moved the enemy.
      keepNearest(options, lazyLazyCostField(b, side, [b.leaderPos[leader]], b.backSearch));
    }
    if (closing > 0 && options.length > 1) options.shift();
    const to = pick(b, side, options);
    if (to === start) continue;
    const path = pathTo(g, reach, to, cost);
    const stopped = ctx.cavalry || ctx.through ? passingFireAlong(b, u, path, dice, res, sink) : -1; // 7.12
    if (sink) sink({ type: 'move', side, unit: c.specs[u].id, path: stopped >= 0 ? path.slice(0, stopped + 1) : path });
    if (stopped >= 0) continue;
    for (const h of path) markHolder(b, h, side);
    b.moveTo(u, to);
    b.enteredFrom[u] = path.length >= 2 ? path[path.length - 2] : start;
    b.movePath[u] = path;
    if (!night && reactionCharge(b, u, path, dice, res, sink)) b.computeZoc();
  }
}

/**
 * 12.1: of the hexes a unit out of command range may move to (`options`, its own hex first), keep its own
 * hex and those nearest its leader by `back` (the quickest way back into range), if nearer than it stands.
 */
export function keepNearest(options: number[], back: LazyCostField): void {
  let best = back.at(options[0]);
  for (let i = 1; i < options.length; i++) best = Math.min(best, back.at(options[i]));
  let n = 1;
  for (let i = 1; i < options.length; i++) if (back.at(options[i]) === best && best < back.at(options[0])) options[n++] = options[i];
  options.length = n;
}

/**
 * battleDoctrine.approach 'covered' (7.3): a unit that ends its move next to enemy stacks, and whose
 * last step comes from a hex that lets one of them fire first (not adjacent to it, and in its line of
 * sight), takes that last step from another hex within its allowance that lets none of them, if there
 * is one; the way there is the cheapest. Otherwise the path stays as it is.
 */
export function coveredApproach(b: BattleState, side: 0 | 1, path: number[], reach: Float64Array, cost: (from: number, d: number, to: number) => number, budget: number): number[] {
  if (path.length < 2) return path;
  const g = b.c.map.grid;
  const to = path[path.length - 1];
  // The enemy stacks next to the hex; none in most moves, and then nothing is allocated.
  let enemies: number[] | null = null;
  for (let k = 0; k < 6; k++) {
    const e = g.neighbors[to * 6 + k];
    if (e >= 0 && b.sideAt[e] === 1 - side) (enemies ??= []).push(e);
  }
  if (!enemies) return path;
  const near = enemies;
  const opensFire = (from: number) => near.some((e) => g.distance(from, e) > 1 && hasLineOfSight(b.c.map, e, from));
  if (!opensFire(path[path.length - 2])) return path;
  let best = -1, bestCost = Infinity;
  for (let d = 0; d < 6; d++) {
    const q = g.neighbors[to * 6 + d];
    if (q < 0 || !(reach[q] < Infinity) || opensFire(q)) continue;
    const c = reach[q] + cost(q, (d + 3) % 6, to);
    if (c <= budget && (c < bestCost || (c === bestCost && q < best))) {
      best = q;
      bestCost = c;
    }
  }
  return best < 0 ? path : [...pathTo(g, reach, best, cost), to];
}

/** Whether every step from `hex` that would bring a unit nearer its goal enters an enemy ZOC. */
function stoppedByZoc(b: BattleState, side: 0 | 1, hex: number, field: LazyCostField): boolean {
  const g = b.c.map.grid;
  let nearer = false;
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[hex * 6 + d];
    if (n < 0 || !(field.at(n) < field.at(hex))) continue;
    if (!b.inEnemyZoc(side, n)) return false;
    nearer = true;
  }
  return nearer;
}

/**
 * 5.3: at the end of the movement segment no hex holds more than two units (a fort one, 10.1). Units left overstacked by
 * a retreat move out to a free neighbouring hex out of enemy ZOC; one that cannot is eliminated
 * (docs/rules/age-of-rifles.md). The units that go are those free to leave the hex by movement first
 * (5.4, 12.2: cavalry, Defend orders, or a hex in no enemy ZOC), so that a unit its ZOC holds stays
 * while another could go; only when none of them may does a held one go: moved out, finishing the
 * retreat that overstacked it (7.4), or under aor.heldOverstack = eliminated removed in place, the
 * weakest first.
 */
export function fixStacking(b: BattleState, side: 0 | 1, res: EngagementResult, sink?: AorSink): void {
  const g = b.c.map.grid;
  const eliminateHeld = b.c.options.heldOverstack === 'eliminated';
  for (const first of b.c.sides[side].units) {
    const h = b.pos[first];
    if (h < 0 || b.count[h] <= stackLimit(b, h)) continue;
    const held = (u: number) => b.inEnemyZoc(side, h) && !mayLeaveZoc(b, u);
    const weaker = (x: number, y: number) => (eliminateHeld && held(x) && held(y) ? b.st.strength(x) - b.st.strength(y) : 0);
    const units = b.stackAt(h).sort((x, y) => Number(held(x)) - Number(held(y)) || weaker(x, y) || x - y);
    for (let i = 0; b.count[h] > stackLimit(b, h); i++) {
      const u = units[i];
      let moved = false;
      for (let d = 0; d < 6 && !moved && !(eliminateHeld && held(u)); d++) {
        const n = g.neighbors[h * 6 + d];
        if (n < 0 || b.sideAt[n] === 1 - side || b.count[n] >= stackLimit(b, n) || b.inEnemyZoc(side, n)) continue;
        const f = b.c.map.sides[g.hexsideId(h, d)];
        if (f & RIVER && !(f & BRIDGE)) continue;
        b.moveTo(u, n);
        markHolder(b, n, side);
        moved = true;
        if (sink) sink({ type: 'relocate', side, unit: b.spec(u).id, from: h, to: n, why: 'stacking' });
      }
      if (!moved) {
        eliminate(b, u, res);
        recordEliminations(b, res, sink); // off the map now: the hex counts one fewer
      }
    }
  }
}

/** Attack strength of a unit, a rough odds measure for choices: disrupted and cavalry halved (6.1, 7.3). */
function unitPower(b: BattleState, u: number): number {
  return b.st.strength(u) * (b.st.disrupted[u] ? 0.5 : 1) * (b.spec(u).kind === 'cavalry' ? 0.5 : 1);
}

/** Attack strength of a stack against the defender's terrain, a rough odds measure for choices. */
function stackPower(b: BattleState, units: readonly number[]): number {
  let s = 0;
  for (const u of units) s += unitPower(b, u);
  return s;
}

/** stackPower of the units in a hex, in the same (unit) order, walking the hex's list. */
function stackPowerAt(b: BattleState, hex: number): number {
  let s = 0;
  for (let u = b.firstAt[hex]; u >= 0; u = b.nextAt[u]) s += unitPower(b, u);
  return s;
}

/**
 * battleDoctrine.support: whether unit `u`, standing in hex `h`, would have support enough against one
 * of the enemy stacks next to it: its own strength and that of the other infantry and cavalry of its
 * side with Attack orders within two hexes of that stack, after the stack's terrain, against the stack.
 */
export function supportedAt(b: BattleState, u: number, h: number, ratio: number): boolean {
  const g = b.c.map.grid;
  const side = b.spec(u).side;
  const power = (v: number) => (isArtillery(b.spec(v).kind) ? 0 : unitPower(b, v));
  for (let k = 0; k < 6; k++) {
    const e = g.neighbors[h * 6 + k];
    if (e < 0 || b.sideAt[e] !== 1 - side) continue;
    let ours = power(u);
    for (const v of b.c.sides[side].units) {
      if (v !== u && b.pos[v] >= 0 && g.distance(b.pos[v], e) <= 2 && b.unitOrders(v) === 'attack') ours += power(v);
    }
    const reduction = ATTACK_INTO_HEX[HEX_TERRAIN[b.c.map.terrain[e]]];
    if ((ours * (1 - reduction)) / Math.max(1, stackPowerAt(b, e)) >= ratio) return true;
  }
  return false;
}

/** The doctrine's pick among allowed targets: the one whose defence is weakest after terrain. */
export function chooseTarget(b: BattleState, attackHex: number, options: number[]): number {
  const side = Math.max(0, b.sideAt[attackHex]);
  if (sideDoctrine(b, side).random) return pick(b, side, options);
  let best = options[0];
  let bestPower = Infinity;
  for (const h of options) {
    const p = stackPowerAt(b, h) / (1 - ATTACK_INTO_HEX[HEX_TERRAIN[b.c.map.terrain[h]]]);
    if (p < bestPower) {
      bestPower = p;
      best = h;
    }
  }
  return best;
}

/**
 * Whether a stack that need not attack does. Attack orders (12.2: some units must attack once in
 * contact): attack the formation's objective whenever adjacent (a chateau projects no ZOC, so nothing
 * forces it), other targets at even odds or better. Defend orders: counterattack at good odds in the open.
 */
export function volunteerAttack(b: BattleState, attackHex: number, options: number[], d: BattleDoctrine = sideDoctrine(b, Math.max(0, b.sideAt[attackHex]))): boolean {
  const units = attackersIn(b, attackHex);
  if (units.length === 0) return false;
  if (d.random) return draw(b, b.spec(units[0]).side) < 0.5;
  const target = chooseTarget(b, attackHex, options);
  const reduction = ATTACK_INTO_HEX[HEX_TERRAIN[b.c.map.terrain[target]]];
  const odds = (stackPower(b, units) * (1 - reduction)) / Math.max(1, stackPowerAt(b, target));
  const f = b.c.formationOf[units[0]];
  if (b.ordersOf(f) === 'attack') return options.includes(b.objective[f]) || odds >= d.attackOdds;
  if (!units.some((u) => b.unitOrders(u) === 'defend')) return false;
  if (reduction > 0) return false;
  return odds >= d.counterattackRatio;
}

/**
 * 7.5, 12.2: whether unit `u`, having attacked `defHex`, is one that may advance into it: not a battery;
 * under Attack orders; under Defend orders only back into the objective its formation holds (a
 * counterattack that wins retakes the hex; 12.2 lets Defend enter ZOC hexes friendly units held).
 */
function mayAdvance(b: BattleState, u: number, defHex: number): boolean {
  if (b.spec(u).kind === 'artillery') return false;
  const orders = b.unitOrders(u);
  return orders === 'attack' || (orders === 'defend' && b.objective[b.c.formationOf[u]] === defHex);
}

/**
 * 7.5: the unit that advances into the vacated hex, or -1 (mayAdvance says which may): always into
 * the formation's objective; elsewhere if the doctrine advances at all, and (unless it advances into
 * threats) only where the enemy next to the hex is not stronger than the unit that would stand there.
 */
export function chooseAdvance(b: BattleState, defHex: number, attackHexes: readonly number[], d: BattleDoctrine = sideDoctrine(b, Math.max(0, ...attackHexes.map((h) => b.sideAt[h])))): number {
  const g = b.c.map.grid;
  let best = -1;
  let score = -Infinity;
  for (const h of attackHexes) {
    for (const u of attackersIn(b, h)) {
      if (!mayAdvance(b, u, defHex)) continue;
      const s = b.st.strength(u) * (b.st.disrupted[u] ? 0.5 : 1) + (b.spec(u).kind === 'infantry' ? 100 : 0);
      if (s > score) {
        score = s;
        best = u;
      }
    }
  }
  if (best < 0) return -1;
  if (d.random) {
    const side = b.spec(best).side;
    if (draw(b, side) < 0.5) return -1;
    const eligible = attackHexes.flatMap((h) => attackersIn(b, h)).filter((u) => mayAdvance(b, u, defHex));
    return pick(b, side, eligible);
  }
  if (b.objective[b.c.formationOf[best]] === defHex) return best; // into the objective: always
  if (!d.advance) return -1;
  let threat = 0;
  const side = b.spec(best).side;
  for (let k = 0; k < 6; k++) {
    const n = g.neighbors[defHex * 6 + k];
    if (n >= 0 && b.sideAt[n] === 1 - side) threat += stackPowerAt(b, n);
  }
  return d.advanceIntoThreat || threat <= b.st.strength(best) ? best : -1;
}

/**
 * 7.5: the units that advance: the one chooseAdvance picks and, where a leader stands in its hex with
 * two units, the other as well (the leader goes with them): a second unit holds the hex better, and
 * nothing is left behind. The random-legal baseline takes the second on a coin.
 */
export function chooseAdvancers(b: BattleState, defHex: number, attackHexes: readonly number[], d: BattleDoctrine = sideDoctrine(b, Math.max(0, ...attackHexes.map((h) => b.sideAt[h])))): number[] {
  const u = chooseAdvance(b, defHex, attackHexes, d);
  if (u < 0) return [];
  const mate = advanceCompanion(b, u);
  if (mate < 0 || (d.random && draw(b, b.spec(u).side) < 0.5)) return [u];
  return [u, mate];
}

/** Bombardment targets (8.1): each gun picks the enemy stack in range worth most after terrain. */
export function planBombardment(b: BattleState, side: 0 | 1): Map<number, number[]> {
  const c = b.c;
  const g = c.map.grid;
  const plan = new Map<number, number[]>();
  for (const u of c.sides[side].units) {
    const h = b.pos[u];
    if (h < 0 || !isArtillery(c.specs[u].kind)) continue;
    const orders = b.unitOrders(u);
    if (orders !== 'attack' && orders !== 'defend') continue; // 12.2: Reserve and March do not attack
    if (!b.inCommand[u]) continue; // 12.1: out of command range a unit may not attack, nor bombard (8.1)
    // Enemy hexes one or two hexes away, each once.
    const targets: number[] = [];
    for (let k = 0; k < 6; k++) {
      const n = g.neighbors[h * 6 + k];
      if (n < 0) continue;
      for (let k2 = -1; k2 < 6; k2++) {
        const t = k2 < 0 ? n : g.neighbors[n * 6 + k2];
        if (t >= 0 && t !== h && b.sideAt[t] === 1 - side && !targets.includes(t)) targets.push(t);
      }
    }
    sortShort(targets, ascending);
    let best = -1;
    let value = 0;
    if (sideDoctrine(b, side).random) {
      const legal = targets.filter((t) => canBombard(b, u, t));
      const choice = pick(b, side, [-1, ...legal]);
      if (choice >= 0) {
        const list = plan.get(choice);
        if (list) list.push(u);
        else plan.set(choice, [u]);
      }
      continue;
    }
    for (const t of targets) {
      if (!canBombard(b, u, t)) continue;
      const v = stackPowerAt(b, t) * (1 - ATTACK_INTO_HEX[HEX_TERRAIN[c.map.terrain[t]]]);
      if (v > value || (v === value && t < best)) {
        value = v;
        best = t;
      }
    }
    if (best >= 0) {
      const list = plan.get(best);
      if (list) list.push(u);
      else plan.set(best, [u]);
    }
  }
  return plan;
}

/** Strength the target would fire back at a charge with. */
function defenceAgainstCharge(b: BattleState, target: number): number {
  let s = 0;
  for (let u = b.firstAt[target]; u >= 0; u = b.nextAt[u]) s += b.st.strength(u) * (b.st.disrupted[u] ? 0.5 : 1);
  return s;
}

/** A charge's expected strength against the fire the target would reply with (the doctrine's charge odds). */
function chargeScore(b: BattleState, cavalry: readonly number[], target: number): number {
  let raw = 0;
  for (const u of cavalry) raw += b.st.strength(u) * (b.st.disrupted[u] ? 0.5 : 1);
  const terrain = 1 - chargeIntoHex(b.c.map.terrain[target]);
  return (raw * expectedChargeFactor(b, target) * terrain) / Math.max(1, defenceAgainstCharge(b, target));
}

/** The best charge for a cavalry stack, or null: expected charge strength against the target's fire. */
function bestCharge(b: BattleState, side: 0 | 1, from: number, cavalry: readonly number[], d: BattleDoctrine): ChargeOption | null {
  if (d.random) return pick<ChargeOption | null>(b, side, [null, ...chargeOptions(b, side, from)]);
  let best: ChargeOption | null = null;
  let bestScore = 0;
  for (const o of chargeOptions(b, side, from)) {
    const score = chargeScore(b, cavalry, o.target);
    if (score >= d.chargeRatio && score > bestScore) {
      bestScore = score;
      best = o;
    }
  }
  return best;
}

/** 7.6: which cavalry stacks charge whom this segment. */
export function planCharges(b: BattleState, side: 0 | 1, d: BattleDoctrine = sideDoctrine(b, side)): PlannedCharge[] {
  const byHex = new Map<number, number[]>();
  for (const u of readyCavalry(b, side)) {
    const list = byHex.get(b.pos[u]);
    if (list) list.push(u);
    else byHex.set(b.pos[u], [u]);
  }
  const plan: PlannedCharge[] = [];
  for (const [from, cavalry] of [...byHex].sort((x, y) => x[0] - y[0])) {
    const best = bestCharge(b, side, from, cavalry, d);
    if (best) plan.push({ chargers: cavalry, from, target: best.target });
  }
  return plan;
}

/**
 * 7.7: whom to pursue (an index into `targets`), or -1. By choice only fresh cavalry pursues (not
 * disrupted, no step lost), and only under a doctrine that pursues: the units that just retreated
 * (they cannot fire back), else another enemy next to the won hex if the charge on it has the odds the
 * side charges at. Forced, it takes the retreated units, else the enemy it has the best odds against.
 * The random-legal baseline pursues on an even draw, any target alike.
 */
export function choosePursuit(
  b: BattleState,
  chargers: readonly number[],
  _won: number,
  targets: readonly PursuitTarget[],
  forced: boolean,
  d: BattleDoctrine = sideDoctrine(b, b.spec(chargers[0]).side),
): number {
  const side = b.spec(chargers[0]).side;
  if (d.random) {
    if (!forced && draw(b, side) >= 0.5) return -1;
    return targets.length === 1 ? 0 : Math.floor(draw(b, side) * targets.length);
  }
  if (!forced && !(d.pursue && chargers.every((u) => !b.st.disrupted[u] && !b.st.damaged(u)))) return -1;
  const retreated = targets.findIndex((t) => t.retreated);
  if (retreated >= 0) return retreated;
  let best = -1;
  let bestScore = -Infinity;
  for (const [i, t] of targets.entries()) {
    const score = chargeScore(b, chargers, t.hex);
    if (score > bestScore) (best = i), (bestScore = score);
  }
  return forced || bestScore >= d.chargeRatio ? best : -1;
}

/**
 * 7.8: after an enemy unit moved into or through hexes within two hexes of it, non-phasing cavalry
 * may charge it, after passing a morale check. Returns true when a reaction charge was made.
 */
export function reactionCharge(
  b: BattleState,
  mover: number,
  path: readonly number[],
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
  backhand = false,
  d: BattleDoctrine = sideDoctrine(b, 1 - b.spec(mover).side),
  /** Units that may not react: the units a pursuit goes after (7.7: they do not even fire back). */
  exclude: readonly number[] = [],
): boolean {
  const g = b.c.map.grid;
  const side = b.spec(mover).side;
  const reacting = (1 - side) as 0 | 1;
  const at = b.pos[mover];
  if (at < 0) return false;
  // The ready cavalry (readyCavalry) in unit order; nothing below changes another unit's readiness.
  for (const u of b.c.sides[reacting].units) {
    if (!isReadyCavalry(b, u) || exclude.includes(u)) continue;
    const from = b.pos[u];
    let near = false;
    for (let i = 0; i < path.length && !near; i++) near = g.distance(path[i], from) <= 2;
    if (!near) continue;
    const option = bestCharge(b, reacting, from, [u], d);
    if (!option || option.target !== at) continue;
    const roll = d6(dice.morale(reacting));
    const withLeader = leaderStackedWith(b, reacting, from); // 7.8: +1
    const morale = boundMorale(unitMorale(b.st, u) + (withLeader ? 1 : 0), b.c.options.moraleBounds);
    const passed = passesCheck(roll, morale);
    recordCheck(res.sides[reacting], PURPOSE.reaction, false, -1, -1, passed);
    if (sink) {
      const modifiers = ['reaction charge test (7.8)', ...moraleModifierLabels(b.st, u, NO_SITUATION), ...(withLeader ? ['leader stacked with it +1 (7.8)'] : [])];
      sink({ type: 'check', side: reacting, purpose: 'reaction', unit: b.spec(u).id, target: morale, modifiers, roll, passed });
    }
    // 7.8: a failed test bars only this reaction; the unit may still charge in its own segment (7.6).
    if (!passed) continue;
    b.charged[u] = 1;
    res.extras[`reactionCharges.${reacting}`]++;
    res.sides[reacting].chargesDeclared++;
    if (sink) sink({ type: 'charge', side: reacting, units: [b.spec(u).id], from, target: at, reaction: true });
    const r = resolveCharge(b, [u], from, at, dice, res, { reaction: true, backhand }, sink);
    carryOutCharge(b, [u], from, at, r, (ch, won, targets, forced) => choosePursuit(b, ch, won, targets, forced, d), dice, res, sink);
    return true;
  }
  return false;
}
