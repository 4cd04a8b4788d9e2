/**
 * Invariants of a battle, checked under --check-invariants and in tests (DESIGN.md, "Reliability"):
 * no unit in two places, hex tallies and unit lists that match the units, stacking after movement (5.3), no
 * negative steps, eliminated units off the map, and losses that add up; and every move against the zone
 * of control rules (checkMove).
 */
import { TERRAIN } from '../terrain.js';
import type { EngagementResult } from '../../../core/result.js';
import { BRIDGE, RIVER } from '../map.js';
import type { AorSink } from '../events.js';
import { mayEnterZoc, mayLeaveZoc, movesOnThroughZoc } from './movement.js';
import type { BattleState } from './state.js';
import { lossOf } from '../results.js';
import { LOSS_CAUSES } from '../vocabulary.js';

export class InvariantError extends Error {}

/**
 * 5.4, 5.5, 12.1, 12.2, 16: a move of unit `u` along `path` (its start first) as the zones of control of
 * the enemy stand, read as the movement rules read them (a fort is in no ZOC, 10.1, except that cavalry
 * keeps out of every hex an enemy projects into). Infantry and artillery stop on entering an enemy ZOC
 * (unless aor.zocMovement lets them move through) and leave one they start in only when their orders let
 * them; no unit enters one at night or out of command range, nor under orders that forbid it (cavalry
 * may under any orders unless aor.cavalryZocOrders = apply).
 */
export function checkMove(b: BattleState, u: number, path: readonly number[], night: boolean): void {
  const s = b.spec(u);
  const side = s.side;
  const fail = (msg: string): never => {
    throw new InvariantError(`invariant broken in movement of turn ${b.turn}: ${s.id} moving ${path.join('>')}: ${msg}`);
  };
  const cavalry = s.kind === 'cavalry';
  const zocAt = (h: number) => b.inEnemyZoc(side, h) || (cavalry && b.zoc[1 - side][h] > 0);
  if (!cavalry && b.inEnemyZoc(side, path[0]) && !mayLeaveZoc(b, u)) fail('left an enemy ZOC its orders hold it in (5.4, 12.2)');
  const mayEnter = !night && mayEnterZoc(b, u);
  const through = movesOnThroughZoc(b, u);
  for (let i = 1; i < path.length; i++) {
    if (!zocAt(path[i])) continue;
    if (!mayEnter) fail(`entered an enemy ZOC at ${path[i]}${night ? ' at night (5.5, 16)' : b.inCommand[u] !== 1 ? ' out of command range (12.1)' : ' under orders that forbid it (12.2)'}`);
    if (!through && i < path.length - 1) fail(`moved on from the enemy ZOC hex ${path[i]} (5.4)`);
  }
}

/** A sink that checks every move event (checkMove), then passes every event on to `next`. */
export function moveChecker(b: BattleState, night: () => boolean, next?: AorSink): AorSink {
  const byId = new Map(b.c.specs.map((s, u) => [s.id, u]));
  return (e) => {
    if (e.type === 'move') checkMove(b, byId.get(e.unit)!, e.path, night());
    next?.(e);
  };
}

export function checkBattleInvariants(b: BattleState, res: EngagementResult, when: string): void {
  const c = b.c;
  const fail = (msg: string): never => {
    throw new InvariantError(`invariant broken ${when} of turn ${b.turn}: ${msg}`);
  };
  const count = new Uint8Array(b.count.length);
  const side = new Int8Array(b.count.length).fill(-1);
  for (let u = 0; u < c.specs.length; u++) {
    const s = c.specs[u];
    const steps = b.st.steps[u];
    if (steps < 0 || steps > s.maxSteps) fail(`${s.id} has ${steps} steps`);
    const h = b.pos[u];
    if (steps === 0 && h >= 0) fail(`eliminated ${s.id} is still on the map`);
    if (steps > 0 && h < 0 && b.entered[u]) fail(`${s.id} has steps but is off the map`);
    if (h < 0) continue;
    count[h]++;
    if (side[h] >= 0 && side[h] !== s.side) fail(`hex ${h} holds units of both sides`);
    side[h] = s.side;
  }
  for (let h = 0; h < count.length; h++) {
    if (count[h] !== b.count[h]) fail(`hex ${h} tally ${b.count[h]} but ${count[h]} units are there`);
    // The hex's unit list holds exactly its units, in unit order.
    let listed = 0;
    for (let u = b.firstAt[h], prev = -1; u >= 0; prev = u, u = b.nextAt[u]) {
      if (b.pos[u] !== h || u <= prev) fail(`hex ${h} lists ${c.specs[u]?.id ?? u} out of place or order`);
      if (++listed > c.specs.length) fail(`hex ${h}'s unit list loops`);
    }
    if (listed !== count[h]) fail(`hex ${h} lists ${listed} units but ${count[h]} are there`);
    const limit = c.map.terrain[h] === TERRAIN.fort /* 10.1 */ ? 1 : 2;
    if (when === 'after movement' && count[h] > limit && side[h] === b.phasing) fail(`hex ${h} holds ${count[h]} units after movement (5.3, 10.1)`);
  }
  // 5.4: the zone of control counts are those of a full count from where units stood at the last computeZoc.
  const zoc = [new Uint8Array(b.count.length), new Uint8Array(b.count.length)];
  const g = c.map.grid;
  for (let u = 0; u < c.specs.length; u++) {
    const h = b.zocFrom[u];
    if (h < 0 || c.map.terrain[h] === TERRAIN.chateau) continue;
    for (let d = 0; d < 6; d++) {
      const n = g.neighbors[h * 6 + d];
      const f = c.map.sides[g.hexsideId(h, d)];
      if (n < 0 || (f & RIVER && !(f & BRIDGE)) || c.map.terrain[n] === TERRAIN.chateau) continue;
      zoc[c.specs[u].side][n]++;
    }
  }
  for (const s of [0, 1] as const) for (let h = 0; h < zoc[s].length; h++) if (zoc[s][h] !== b.zoc[s][h]) fail(`side ${s}'s zone of control count at hex ${h} is ${b.zoc[s][h]}, a recount gives ${zoc[s][h]}`);
  // 11: a living leader stands on the map and never with enemy units once his side's turn is over.
  c.leaders.forEach((l, i) => {
    const h = b.leaderPos[i];
    if (h < -1 || h >= b.count.length) fail(`leader ${l.id} is at ${h}`);
    if (h >= 0 && when === 'at turn end' && b.sideAt[h] === 1 - l.side) fail(`leader ${l.id} shares hex ${h} with the enemy`);
    if (b.leaderRating[i] < 0) fail(`leader ${l.id} has rating ${b.leaderRating[i]}`);
  });
  // 12.1: a formation without a leader is always in command.
  c.formations.forEach((f, fi) => {
    if (c.leaderOf[fi] >= 0) return;
    for (const u of f.units) if (b.inCommand[u] !== 1) fail(`${c.specs[u].id} is out of command though its formation has no leader`);
  });
  // 12.2: every formation has one of the four orders; March and Reserve units carry the -1.
  c.formations.forEach((f, fi) => {
    const o = b.ordersOf(fi);
    if (o === undefined) fail(`formation ${f.id} has no orders`);
    const penalty = o === 'march' || o === 'reserve' ? 1 : 0;
    for (const u of f.units) if (b.st.ordersPenalty[u] !== penalty) fail(`${c.specs[u].id} has the wrong orders penalty for ${o}`);
  });
  for (const s of [0, 1] as const) {
    let lost = 0;
    for (const u of c.sides[s].units) {
      const spec = c.specs[u];
      lost += (spec.startSteps === spec.maxSteps ? spec.full : spec.reduced) - b.st.strength(u);
    }
    if (lost !== res.sides[s].strengthLost) fail(`side ${s} lost ${lost} strength but recorded ${res.sides[s].strengthLost}`);
    // Every point lost is tallied under one cause (the casualty model reads them).
    const byCause = LOSS_CAUSES.reduce((sum, cause) => sum + lossOf(res, s, cause), 0);
    if (byCause !== res.sides[s].strengthLost) fail(`side ${s} lost ${res.sides[s].strengthLost} strength but ${byCause} by cause`);
  }
}
