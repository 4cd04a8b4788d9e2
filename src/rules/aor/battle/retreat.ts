/**
 * Retreats on the map (7.4, 5.6) and the passing fire they and moves draw (7.12): where a retreating
 * group goes, carrying it out, and who holds an objective a unit moves into (18). Combat, charges,
 * command and the AI all retreat through here.
 */

import type { EngagementDice } from '../../../core/dice.js';
import { twoD6 } from '../../../core/dice.js';
import { reachRung, RUNG, type EngagementResult, type SideIndex } from '../../../core/result.js';
import { groupCheck, loseFootArtillery } from '../assault.js';
import type { AorSink } from '../events.js';
import { hasRifledOrArtillery, isRifledOrArtillery, rawFireStrength } from '../fire.js';
import { hitsFor } from '../fireTable.js';
import { allocateHits } from '../hits.js';
import { roundHalfUp, terrainFactor } from '../numbers.js';
import { ATTACK_ACROSS_HEXSIDE, ATTACK_INTO_HEX, HEX_TERRAIN, TERRAIN } from '../terrain.js';
import { isArtillery } from '../units.js';
import { canAssaultAcross, hexsideKinds, projectsZocAcross } from './hexsides.js';
import { recordEliminations, stepLoss } from './losses.js';
import { stackLimit } from './movement.js';
import type { BattleState } from './state.js';
import { LOSS } from '../vocabulary.js';

/**
 * Where a retreating group goes (7.4): one hex farther from every enemy hex it fought, never into an
 * enemy unit or across a river without a bridge; preferring hexes out of enemy ZOC, then (under
 * aor.retreatRoom preferRoom) with room in the stack, then nearer its own supply. Off the map is the
 * last resort (5.6). Returns -1 when there is nowhere to go, -2 for off the map.
 */
export function retreatHex(b: BattleState, side: SideIndex, from: number, enemies: readonly number[], units: number): number {
  const g = b.c.map.grid;
  let best = -1;
  let bestScore = Infinity;
  let offMap = false;
  const roomFirst = b.c.options.retreatRoom === 'preferRoom';
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[from * 6 + d];
    if (!canAssaultAcross(b, from, d)) continue;
    if (n < 0) {
      offMap = true;
      continue;
    }
    if (b.sideAt[n] === 1 - side) continue;
    if (b.c.map.terrain[n] === TERRAIN.fort && b.count[n] > 0) continue; // 10.1: no retreat into an occupied fort
    let farther = true;
    for (const e of enemies) if (g.distance(n, e) <= g.distance(from, e)) farther = false;
    if (!farther) continue;
    let supply = Infinity;
    for (const s of b.c.sides[side].supply) supply = Math.min(supply, g.distance(n, s));
    const crowded = roomFirst && b.count[n] + units > stackLimit(b, n);
    const score = (b.inEnemyZoc(side, n) ? 1000 : 0) + (crowded ? 100 : 0) + supply;
    if (score < bestScore) {
      bestScore = score;
      best = n;
    }
  }
  return best >= 0 ? best : offMap ? -2 : -1;
}

/**
 * Move the units the kernel marked as retreating (st.retreated) out of `from`, away from `enemies`.
 * Overstacking disrupts everyone in the hex; a retreat into an enemy ZOC draws passing fire (7.4,
 * 7.12), which can force a further retreat.
 */
export function carryOutRetreat(
  b: BattleState,
  from: number,
  enemies: readonly number[],
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
  depth = 0,
): void {
  const st = b.st;
  const group = b.stackAt(from).filter((u) => st.retreated[u]);
  if (group.length === 0) return;
  const side = b.spec(group[0]).side;
  const to = retreatHex(b, side, from, enemies, group.length);
  for (const u of group) {
    st.retreated[u] = 0;
    b.bombDisrupted[u] = 0; // its disruption now comes from the retreat (7.4), not bombardment
    res.formations[b.c.formationOf[u]].retreats++;
  }
  if (to === -1) {
    // Nowhere to go (aor.blockedRetreat).
    for (const u of group) {
      if (b.c.options.blockedRetreat === 'eliminate') {
        while (st.steps[u] > 0) stepLoss(b, u, res, LOSS.lostInBlockedRetreats);
      } else stepLoss(b, u, res, LOSS.lostInBlockedRetreats);
      if (sink) sink({ type: 'eliminated', side, unit: b.spec(u).id, reason: 'retreat blocked (7.4)' });
    }
    recordEliminations(b, res, sink);
    return;
  }
  if (to === -2) {
    for (const u of group) {
      b.exited[u] = 1; // 5.6: leaving the map in a retreat counts as eliminated
    }
    recordEliminations(b, res, sink);
    return;
  }
  for (const u of group) {
    b.moveTo(u, to);
    if (sink) sink({ type: 'relocate', side, unit: b.spec(u).id, from, to, why: 'retreat' });
  }
  b.markLeadersLeftAlone(from, side); // 11
  markHolder(b, to, side);
  if (b.count[to] > stackLimit(b, to)) {
    for (const u of b.stackAt(to)) {
      if (!st.disrupted[u]) {
        st.disrupted[u] = 1;
        res.sides[side].disruptions++;
        reachRung(res, side, u, RUNG.disordered);
      }
    }
  }
  b.computeZoc();
  if (depth < 2 && b.inEnemyZoc(side, to)) passingFire(b, to, group, dice, res, sink, depth);
}

/**
 * Terrain Effects on Combat for passing fire (7.12) at units in `hex` from its neighbour across hexside
 * `d`: the reduction for fire into the hex and across the hexside, as for any fire. The firing stack
 * is the side that initiates this fire, the "attacking" one in 7.1's words, so the hexside reduces its
 * fire whatever aor.hexsideFire says, and the woods footnote (the defender's fire out of woods) does not apply.
 */
export function passingFireTerrain(b: BattleState, hex: number, d: number): number {
  const m = b.c.map;
  const [side1, side2] = hexsideKinds(m.sides[m.grid.hexsideId(hex, d)]);
  return terrainFactor(b.c.options.terrainReductions, ATTACK_INTO_HEX[HEX_TERRAIN[m.terrain[hex]]], ATTACK_ACROSS_HEXSIDE[side1], ATTACK_ACROSS_HEXSIDE[side2]);
}

/**
 * 7.12 as 7.4 applies it to a retreat into an enemy ZOC: each enemy stack whose ZOC the hex lies in
 * fires at half strength; a hit makes the retreating units check morale as in 7.4, and a failure sends
 * them one hex further.
 */
function passingFire(
  b: BattleState,
  hex: number,
  group: readonly number[],
  dice: EngagementDice,
  res: EngagementResult,
  sink: AorSink | undefined,
  depth: number,
): void {
  const g = b.c.map.grid;
  const side = b.spec(group[0]).side;
  const enemy = (1 - side) as SideIndex;
  const st = b.st;
  if (b.c.options.cavalryPassingFire === 'ignored' && group.every((u) => b.spec(u).kind === 'cavalry')) return; // 5.4
  const firers: number[] = [];
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[hex * 6 + d];
    if (n < 0 || b.sideAt[n] !== enemy || !projectsZocAcross(b, n, hex, d)) continue;
    const stack = b.stackAt(n);
    const raw =
      0.5 * rawFireStrength(st, stack, stack.length, passingFireTerrain(b, hex, d), { flanking: false, firesFirst: false, targetHasRifledOrArtillery: hasRifledOrArtillery(st, group, group.length), disrupted: st.disrupted });
    const strength = roundHalfUp(raw);
    const roll = twoD6(dice.fire(enemy));
    const hits = hitsFor(strength, roll);
    if (sink) sink({ type: 'fire', side: enemy, rawStrength: raw, strength, roll, hits, modifiers: passingLabels(b, hex, d, 'retreat') });
    if (hits === 0) continue;
    firers.push(n);
    const d2 = b.c.sides[side].doctrine;
    allocateHits(st, group, group.length, hits, b.c.options.hitAllocation === 'combined', d2.hitAllocation, d2.hitAllocation === 'random' ? dice.ai(side) : () => 0, res, sink);
    recordEliminations(b, res, sink);
    const left = group.filter((u) => st.alive(u));
    if (left.length === 0) return;
    const passed = groupCheck(st, left, left.length, side, { flanked: false, firedOnByArtillery: stack.some((u) => isArtillery(b.spec(u).kind)), attackedByOldGuard: false }, b.c.options, dice, res, 'passingFire', sink);
    if (!passed) {
      for (const u of left) {
        st.retreated[u] = 1;
        res.sides[side].retreatsForced++;
        res.units[u].retreated = true;
        reachRung(res, side, u, RUNG.shaken);
      }
      carryOutRetreat(b, hex, firers, dice, res, sink, depth + 1);
      return;
    }
  }
}

/** 7.12: whether a step of a unit of `side` from `from` into `to` goes from one ZOC hex of an enemy stack into another. */
export function drawsPassingFire(b: BattleState, side: SideIndex, from: number, to: number): boolean {
  if (!b.inEnemyZoc(side, from) || !b.inEnemyZoc(side, to)) return false;
  const g = b.c.map.grid;
  for (let d = 0; d < 6; d++) {
    const e = g.neighbors[to * 6 + d];
    if (e < 0 || b.sideAt[e] !== 1 - side || !projectsZocAcross(b, e, to, d)) continue;
    const back = g.directionTo(from, e);
    if (back >= 0 && projectsZocAcross(b, e, from, back)) return true;
  }
  return false;
}

/**
 * 7.12: a unit moving from one ZOC hex of an enemy stack into another is fired on by that stack at half
 * strength, by each such stack in turn; a hit makes it check morale as in 7.4, and a failure sends it
 * back one hex, away from the stacks that hit it. Returns true when the unit's move ends here (it
 * retreated or was destroyed).
 */
export function passingFireOnMove(
  b: BattleState,
  u: number,
  from: number,
  to: number,
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
): boolean {
  const g = b.c.map.grid;
  const st = b.st;
  const side = b.spec(u).side;
  const enemy = (1 - side) as SideIndex;
  if (b.c.options.cavalryPassingFire === 'ignored' && b.spec(u).kind === 'cavalry') return false; // 5.4
  const firers: number[] = [];
  for (let d = 0; d < 6; d++) {
    const e = g.neighbors[to * 6 + d];
    if (e < 0 || b.sideAt[e] !== enemy || !projectsZocAcross(b, e, to, d)) continue;
    const back = g.directionTo(from, e);
    if (back < 0 || !projectsZocAcross(b, e, from, back)) continue; // not moving from this stack's ZOC
    const stack = b.stackAt(e);
    const raw = 0.5 * rawFireStrength(st, stack, stack.length, passingFireTerrain(b, to, d), { flanking: false, firesFirst: false, targetHasRifledOrArtillery: isRifledOrArtillery(b.spec(u)), disrupted: st.disrupted });
    const strength = roundHalfUp(raw);
    const roll = twoD6(dice.fire(enemy));
    const hits = hitsFor(strength, roll);
    if (sink) sink({ type: 'fire', side: enemy, rawStrength: raw, strength, roll, hits, modifiers: passingLabels(b, to, d, 'move') });
    res.extras[`passingFire.${enemy}`]++;
    if (hits === 0) continue;
    firers.push(e);
    const doc = b.c.sides[side].doctrine;
    allocateHits(st, [u], 1, hits, b.c.options.hitAllocation === 'combined', doc.hitAllocation, doc.hitAllocation === 'random' ? dice.ai(side) : () => 0, res, sink);
    recordEliminations(b, res, sink);
    if (!st.alive(u)) return true;
    const passed = groupCheck(st, [u], 1, side, { flanked: false, firedOnByArtillery: stack.some((x) => isArtillery(b.spec(x).kind)), attackedByOldGuard: false }, b.c.options, dice, res, 'passingFire', sink);
    if (passed) continue;
    if (b.spec(u).kind === 'artillery') {
      // 7.4: foot artillery cannot retreat and is destroyed instead.
      loseFootArtillery(st, u, side, res, sink);
      recordEliminations(b, res, sink);
      return true;
    }
    st.retreated[u] = 1;
    res.sides[side].retreatsForced++;
    res.units[u].retreated = true;
    reachRung(res, side, u, RUNG.shaken);
    if (!st.disrupted[u]) {
      st.disrupted[u] = 1;
      res.sides[side].disruptions++;
    }
    carryOutRetreat(b, to, firers, dice, res, sink);
    return true;
  }
  return false;
}

function passingLabels(b: BattleState, hex: number, d: number, on: 'move' | 'retreat'): string[] {
  const f = passingFireTerrain(b, hex, d);
  const g = b.c.map.grid;
  const what = `passing fire at half strength on the ${on} into ${g.col(hex)},${g.row(hex)} (7.12)`;
  return f < 1 ? [what, `terrain ${Math.round((f - 1) * 100)}% (Terrain Effects)`] : [what];
}

/** Whether the defenders stand on a victory objective (18), or on the objective their Defend orders hold (12.2). */
export function defendsObjective(b: BattleState, defender: readonly number[], defHex: number): boolean {
  if (b.objectiveHex[defHex] === 1) return true;
  return defender.some((u) => b.unitOrders(u) === 'defend' && b.objective[b.c.formationOf[u]] === defHex);
}

/** 18: the last side to move a unit into or through an objective hex holds it. */
export function markHolder(b: BattleState, hex: number, side: SideIndex): void {
  const obj = b.c.objectives;
  for (let i = 0; i < obj.length; i++) if (obj[i].hex === hex) b.holder[i] = side;
}

