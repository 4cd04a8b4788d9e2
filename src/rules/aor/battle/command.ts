/**
 * Leaders (11) and command (12), night (16) and reorganization (15): the Command and Reorganization
 * Phase that opens each game turn, command range, and what happens to leaders left alone.
 */
import type { EngagementDice } from '../../../core/dice.js';
import { d6 } from '../../../core/dice.js';
import type { EventSink } from '../../../core/events.js';
import type { EngagementResult, SideIndex } from '../../../core/result.js';
import { costField } from '../../../hex/paths.js';
import { hasLineOfSight } from '../los.js';
import { BRIDGE, RIVER, ROAD, STREAM, TRAIL } from '../map.js';
import { retreatHex } from './combat.js';
import { updateDemoralization } from './losses.js';
import { enterCost, stackLimit } from './movement.js';
import { complianceDelay, ORDER_CODES } from './orders.js';
import type { BattleState } from './state.js';

/** Command range (12.1): 4 cavalry movement points. */
export const COMMAND_RANGE = 4;
/** Leaders move as cavalry (11). */
export const LEADER_MOVEMENT = 6;

/**
 * A leader's (and a command range trace's) step cost (5.2, 11, 12.1): cavalry costs, road and trail
 * rates always, never into enemy units, through enemy ZOC only where friendly units stand.
 */
export function leaderStepCost(b: BattleState, side: SideIndex) {
  const m = b.c.map;
  return (from: number, d: number, to: number): number => {
    if (to < 0 || b.sideAt[to] === 1 - side) return Infinity;
    const id = m.grid.hexsideId(from, d);
    const f = m.sides[id];
    if (f & RIVER && !(f & BRIDGE)) return Infinity;
    if (b.inEnemyZoc(side, to) && b.sideAt[to] !== side) return Infinity;
    const road = m.roads[id];
    if (road === ROAD) return 0.5;
    if (road === TRAIL) return 1;
    return enterCost(m.terrain[to], false) + (f & STREAM && !(f & BRIDGE) ? 2 : 0);
  };
}

/**
 * 12.1's trace: as a leader moves, but it may end in an enemy ZOC hex (the unit there is the friendly
 * unit 12.1 asks for); it only may not pass on through one that no friendly unit occupies.
 */
export function commandTraceCost(b: BattleState, side: SideIndex, source: number) {
  const m = b.c.map;
  return (from: number, d: number, to: number): number => {
    if (to < 0 || b.sideAt[to] === 1 - side) return Infinity;
    if (from !== source && b.inEnemyZoc(side, from) && b.sideAt[from] !== side) return Infinity;
    const id = m.grid.hexsideId(from, d);
    const f = m.sides[id];
    if (f & RIVER && !(f & BRIDGE)) return Infinity;
    const road = m.roads[id];
    if (road === ROAD) return 0.5;
    if (road === TRAIL) return 1;
    return enterCost(m.terrain[to], false) + (f & STREAM && !(f & BRIDGE) ? 2 : 0);
  };
}

/** 12.1: mark each unit in or out of range of its formation leader, a wing commander or the OC. */
export function updateCommandRange(b: BattleState): void {
  const c = b.c;
  const g = c.map.grid;
  b.inCommand.fill(1);
  const fields = new Map<number, Float64Array>();
  const field = (l: number): Float64Array | null => {
    if (b.leaderPos[l] < 0) return null;
    let f = fields.get(l);
    if (!f) {
      f = costField(g, [b.leaderPos[l]], commandTraceCost(b, c.leaders[l].side, b.leaderPos[l]), COMMAND_RANGE);
      fields.set(l, f);
    }
    return f;
  };
  c.formations.forEach((f, fi) => {
    b.commandField[fi] = null;
    if (c.leaderOf[fi] < 0) return; // a formation without a leader is always in command
    const union = (b.commandField[fi] = b.commandBuffers[fi]);
    union.fill(Infinity);
    for (const l of c.commandersOf[fi]) {
      const fl = field(l);
      if (fl) for (let h = 0; h < g.size; h++) if (fl[h] < union[h]) union[h] = fl[h];
    }
    for (const u of f.units) {
      const h = b.pos[u];
      if (h < 0) continue;
      b.inCommand[u] = union[h] <= COMMAND_RANGE ? 1 : 0;
    }
  });
}

/** The hex of the nearest friendly unit (of `formation` if it has any on the map), or -1. */
export function nearestFriendly(b: BattleState, side: SideIndex, from: number, formation: number): number {
  const g = b.c.map.grid;
  const own = formation >= 0 ? b.c.formations[formation].units.filter((u) => b.pos[u] >= 0) : [];
  const pool = own.length > 0 ? own : b.c.sides[side].units.filter((u) => b.pos[u] >= 0);
  let best = -1;
  for (const u of pool) {
    const h = b.pos[u];
    if (best < 0 || g.distance(from, h) < g.distance(from, best) || (g.distance(from, h) === g.distance(from, best) && h < best)) best = h;
  }
  return best;
}

/**
 * 11: a leader alone in a hex an enemy entered is placed with the nearest friendly unit; a leader left
 * alone by elimination or retreat dies on a 1, else joins the nearest friendly unit.
 */
export function checkLeaders(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: EventSink): void {
  const c = b.c;
  c.leaders.forEach((l, i) => {
    const h = b.leaderPos[i];
    if (h < 0) return;
    if (b.sideAt[h] === l.side) {
      b.leaderAccompanied[i] = 1;
      return;
    }
    if (b.sideAt[h] !== 1 - l.side) {
      if (!b.leaderAccompanied[i]) return; // he was alone already: nothing happened to him
      // Left alone: a leader whose hex held friends at the start of the phase may fall (11).
      const roll = d6(dice.morale(l.side));
      if (sink) sink({ type: 'check', side: l.side, purpose: 'leader', unit: l.id, morale: 1, modifiers: ['left alone: dies on a 1 (11)'], roll, passed: roll !== 1 });
      if (roll === 1) {
        b.leaderPos[i] = -1;
        b.leaderBack[i] = b.turn + 1;
        res.sides[l.side].leadersLost++;
        return;
      }
    }
    b.leaderPos[i] = nearestFriendly(b, l.side, h, l.formation);
    b.leaderAccompanied[i] = b.leaderPos[i] >= 0 ? 1 : 0;
  });
}

/** Leaders move with their formations (11, 12.2): to the unit hex nearest the formation's middle. */
export function moveLeaders(b: BattleState, side: SideIndex): void {
  const c = b.c;
  const g = c.map.grid;
  c.leaders.forEach((l, i) => {
    if (l.side !== side || l.role !== 'leader' || b.leaderPos[i] < 0) return;
    if (b.ordersOf(l.formation) === 'reserve') return; // 12.2: the leader cannot move
    const units = c.formations[l.formation].units.filter((u) => b.pos[u] >= 0);
    if (units.length === 0) return;
    let best = -1, bestSum = Infinity;
    for (const u of units) {
      let sum = 0;
      for (const v of units) sum += g.distance(b.pos[u], b.pos[v]);
      if (sum < bestSum || (sum === bestSum && b.pos[u] < best)) (bestSum = sum), (best = b.pos[u]);
    }
    const reach = costField(g, [b.leaderPos[i]], leaderStepCost(b, side), LEADER_MOVEMENT);
    if (reach[best] <= LEADER_MOVEMENT) b.leaderPos[i] = best;
    else {
      // As far toward it as a move allows.
      let near = b.leaderPos[i];
      for (let h = 0; h < g.size; h++) if (reach[h] <= LEADER_MOVEMENT && b.sideAt[h] === side && g.distance(h, best) < g.distance(near, best)) near = h;
      b.leaderPos[i] = near;
    }
    b.leaderAccompanied[i] = b.sideAt[b.leaderPos[i]] === side ? 1 : 0;
  });
}

/** 12.3: the leader's units all fall back three hexes, disrupted. */
function fallBack(b: BattleState, f: number, res: EngagementResult, sink?: EventSink): void {
  const c = b.c;
  const g = c.map.grid;
  const side = c.formations[f].side;
  for (const u of c.formations[f].units) {
    for (let k = 0; k < 3; k++) {
      const h = b.pos[u];
      if (h < 0) break;
      const enemies = c.sides[1 - side].units.map((e) => b.pos[e]).filter((e) => e >= 0 && g.distance(e, h) <= 3);
      const to = retreatHex(b, side, h, enemies, 1);
      if (to < 0) break;
      b.moveTo(u, to);
      if (sink) sink({ type: 'relocate', side, unit: c.specs[u].id, from: h, to, why: 'retreat' });
    }
    if (b.pos[u] >= 0 && !b.st.disrupted[u]) {
      b.st.disrupted[u] = 1;
      res.sides[side].disruptions++;
    }
  }
  b.computeZoc();
}

function formationSteps(b: BattleState, f: number): number {
  let s = 0;
  for (const u of b.c.formations[f].units) s += b.st.steps[u];
  return s;
}

/** 15: on a night turn, a Reserve formation's leader out of enemy sight brings back up to two units. */
function reorganize(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: EventSink): void {
  const c = b.c;
  c.formations.forEach((f, fi) => {
    const l = c.leaderOf[fi];
    if (l < 0 || b.ordersOf(fi) !== 'reserve') return;
    const at = b.leaderPos[l];
    if (at < 0) return;
    const side = f.side;
    // Extended LOS: any enemy unit anywhere that can see the leader's hex.
    for (const e of c.sides[1 - side].units) if (b.pos[e] >= 0 && hasLineOfSight(c.map, b.pos[e], at)) return;
    let placed = 0;
    for (const u of f.units) {
      if (placed >= 2 || b.pos[u] >= 0 || b.entered[u] === 0 || b.permanent[u] || b.lostTurn[u] >= b.turn) continue;
      if (b.count[at] >= stackLimit(b, at) || b.sideAt[at] === 1 - side) break;
      if (b.formationDemoralized[fi] || b.armyDemoralized[side]) {
        const roll = d6(dice.morale(side));
        if (roll < 5) {
          b.permanent[u] = 1; // 15: lost for good
          continue;
        }
      }
      const s = c.specs[u];
      b.st.steps[u] = 1;
      b.st.disrupted[u] = 0;
      b.exited[u] = 0;
      b.lostAt[u] = -1;
      b.place(u, at);
      res.sides[side].strengthLost -= s.maxSteps === 1 ? s.full : s.reduced;
      b.formationLoss[fi] -= s.full;
      b.armyLoss[side] -= s.full;
      res.extras[`unitsReorganized.${side}`]++;
      placed++;
      if (sink) sink({ type: 'relocate', side, unit: s.id, from: -1, to: at, why: 'arrival' });
    }
    // 14.1: demoralization lifts when reorganization brings the eliminated strength below the limit.
    if (b.formationDemoralized[fi] && f.limit > 0 && b.formationLoss[fi] < f.limit) {
      b.formationDemoralized[fi] = 0;
      for (const u of f.units) b.st.demoralized[u] = 0;
    }
  });
  b.computeZoc();
}

/**
 * The Command and Reorganization Phase (4.1): leaders come back, 12.3's check of leaders whose Attack
 * orders cost them a hit, orders arriving (12.4), night failures of Attack orders (16), the plan's new
 * orders within each commander's capacity (12.5), and reorganization on night turns (15).
 */
export function commandPhase(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: EventSink): void {
  const c = b.c;
  const g = c.map.grid;
  const night = c.night[b.turn] === 1;
  // 11: a fallen leader returns rated 1 with the nearest unit of his formation.
  c.leaders.forEach((l, i) => {
    if (b.leaderPos[i] >= 0 || b.leaderBack[i] === 0 || b.leaderBack[i] > b.turn) return;
    const side = l.side;
    const anyUnit = c.sides[side].units.find((u) => b.pos[u] >= 0);
    if (anyUnit === undefined) return;
    b.leaderPos[i] = nearestFriendly(b, side, b.pos[anyUnit], l.formation);
    b.leaderRating[i] = 1;
    b.leaderBack[i] = 0;
    b.leaderAccompanied[i] = 1;
  });
  // 12.3: a leader on Attack orders one of whose units suffered a hit checks his rating (+2 if not demoralized).
  c.formations.forEach((f, fi) => {
    const steps = formationSteps(b, fi);
    const hit = steps < b.stepsAtCommand[fi];
    b.stepsAtCommand[fi] = steps;
    const l = c.leaderOf[fi];
    if (!hit || l < 0 || b.leaderPos[l] < 0 || b.ordersOf(fi) !== 'attack' || b.turn === 1) return;
    const rating = b.leaderRating[l] + (b.formationDemoralized[fi] ? 0 : 2);
    const roll = d6(dice.morale(f.side));
    const passed = roll <= rating;
    if (sink) sink({ type: 'check', side: f.side, purpose: 'orders', unit: c.leaders[l].id, morale: rating, modifiers: [b.formationDemoralized[fi] ? 'rating, formation demoralized' : 'rating +2 (formation not demoralized)'], roll, passed });
    if (passed) return;
    b.setOrders(fi, 'reserve', -1);
    res.extras[`attackOrdersAbandoned.${f.side}`]++;
    fallBack(b, fi, res, sink);
  });
  // 12.4: orders on their way arrive.
  c.formations.forEach((f, fi) => {
    if (b.pendingTurn[fi] === 0 || b.pendingTurn[fi] > b.turn) return;
    b.setOrders(fi, ORDER_CODES[b.pendingOrders[fi]], b.pendingObjective[fi]);
    b.pendingTurn[fi] = 0;
    if (sink) sink({ type: 'orders', side: f.side, formation: f.id, orders: b.ordersOf(fi), turn: b.turn, arrives: b.turn });
  });
  // 16: at night, Attack orders that do not occupy part of their target fail.
  if (night) {
    c.formations.forEach((f, fi) => {
      if (b.ordersOf(fi) !== 'attack') return;
      const target = b.objective[fi];
      if (target >= 0 && f.units.some((u) => b.pos[u] === target)) return;
      b.setOrders(fi, c.options.nightAttackFailure, -1);
      res.extras[`attackOrdersFailedAtNight.${f.side}`]++;
    });
  }
  // 12.5: each commander sends at most his rating in new orders a turn.
  const sent = new Int32Array(c.leaders.length);
  c.plan.forEach((p, i) => {
    if (b.planDone[i]) return;
    const due =
      (p.turn > 0 && b.turn >= p.turn) ||
      (p.whenDemoralized >= 0 && b.formationDemoralized[p.whenDemoralized] === 1) ||
      (p.whenLost >= 0 && b.holder[p.whenLost] === 1 - p.side);
    if (!due) return;
    const from = p.from;
    if (from < 0 || b.leaderPos[from] < 0 || sent[from] >= b.leaderRating[from]) return; // waits for a later turn
    sent[from]++;
    b.planDone[i] = 1;
    const receiver = c.leaderOf[p.formation];
    const where = receiver >= 0 && b.leaderPos[receiver] >= 0 ? b.leaderPos[receiver] : firstUnitHex(b, p.formation);
    const dist = where < 0 ? 0 : costField(g, [b.leaderPos[from]], leaderStepCost(b, p.side))[where];
    const extra = b.formationDemoralized[p.formation] ? c.options.demoralizedComplianceDelay : 0;
    const delay = complianceDelay(p.orders, b.leaderRating[from], receiver >= 0 ? b.leaderRating[receiver] : 0, Number.isFinite(dist) ? dist : 0, extra);
    res.extras[`ordersSent.${p.side}`]++;
    res.extras[`orderDelayTurns.${p.side}`] += delay;
    if (sink) sink({ type: 'orders', side: p.side, formation: c.formations[p.formation].id, orders: p.orders, turn: b.turn, arrives: b.turn + delay });
    if (delay === 0) b.setOrders(p.formation, p.orders, p.objective);
    else {
      b.pendingOrders[p.formation] = ORDER_CODES.indexOf(p.orders);
      b.pendingObjective[p.formation] = p.objective;
      b.pendingTurn[p.formation] = b.turn + delay;
    }
  });
  commitReserves(b, sent, dice, res, sink);
  if (night) {
    reorganize(b, dice, res, sink);
    // Units brought back are not hits undone: the next 12.3 check compares against today's steps.
    c.formations.forEach((_, fi) => (b.stepsAtCommand[fi] = formationSteps(b, fi)));
  }
  updateDemoralization(b, res, sink);
}

/**
 * The doctrine's part of the commander's plan: the overall commander sends formations held in Reserve
 * to attack the objective the enemy holds nearest to them, when the battle is joined or a friendly
 * formation has broken (battleDoctrine.commitReserves), within his capacity; a random-legal doctrine
 * does so on a coin toss. Orders travel with the delay of 12.4.
 */
function commitReserves(b: BattleState, sent: Int32Array, dice: EngagementDice, res: EngagementResult, sink?: EventSink): void {
  const c = b.c;
  const g = c.map.grid;
  for (const side of [0, 1] as SideIndex[]) {
    const d = c.sides[side].battle;
    if (d.commitReserves === 'never') continue;
    const oc = c.leaders.findIndex((l) => l.side === side && l.role === 'oc');
    if (oc < 0 || b.leaderPos[oc] < 0) continue;
    const engaged = c.sides[side].units.some((u) => b.pos[u] >= 0 && b.inEnemyZoc(side, b.pos[u]));
    const broken = c.sides[side].formations.some((f) => b.formationDemoralized[f] === 1);
    if (d.commitReserves === 'whenEngaged' ? !engaged : !broken) continue;
    for (const f of c.sides[side].formations) {
      if (b.ordersOf(f) !== 'reserve' || b.pendingTurn[f] > 0 || sent[oc] >= b.leaderRating[oc]) continue;
      if (d.random && d6(dice.ai(side)) <= 3) continue;
      const at = firstUnitHex(b, f);
      if (at < 0) continue;
      let objective = -1;
      for (const o of c.objectives) {
        if (b.holder[c.objectives.indexOf(o)] === side) continue;
        if (objective < 0 || g.distance(at, o.hex) < g.distance(at, objective)) objective = o.hex;
      }
      if (objective < 0) continue;
      sent[oc]++;
      const receiver = c.leaderOf[f];
      const where = receiver >= 0 && b.leaderPos[receiver] >= 0 ? b.leaderPos[receiver] : at;
      const dist = costField(g, [b.leaderPos[oc]], leaderStepCost(b, side))[where];
      const extra = b.formationDemoralized[f] ? c.options.demoralizedComplianceDelay : 0;
      const delay = complianceDelay('attack', b.leaderRating[oc], receiver >= 0 ? b.leaderRating[receiver] : 0, Number.isFinite(dist) ? dist : 0, extra);
      res.extras[`ordersSent.${side}`]++;
      res.extras[`orderDelayTurns.${side}`] += delay;
      if (sink) sink({ type: 'orders', side, formation: c.formations[f].id, orders: 'attack', turn: b.turn, arrives: b.turn + delay });
      if (delay === 0) b.setOrders(f, 'attack', objective);
      else {
        b.pendingOrders[f] = ORDER_CODES.indexOf('attack');
        b.pendingObjective[f] = objective;
        b.pendingTurn[f] = b.turn + delay;
      }
    }
  }
}

function firstUnitHex(b: BattleState, f: number): number {
  for (const u of b.c.formations[f].units) if (b.pos[u] >= 0) return b.pos[u];
  return -1;
}
