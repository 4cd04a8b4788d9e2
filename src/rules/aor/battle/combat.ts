/**
 * The Formation Combat Segment on the map (7.3-7.5): which stacks must or may attack whom, each
 * defending stack's assault round through the kernel, retreats on the map, advance after combat.
 */
import type { EngagementDice } from '../../../core/dice.js';
import type { AorSink } from '../events.js';
import { type EngagementResult, type SideIndex } from '../../../core/result.js';
import { choosesFireFirst } from '../doctrine/assault.js';
import { flankedNow, resolveAssaultRound, type AssaultSituation, type AttackingStack, type RoundOutcome } from '../assault.js';
import { hasLineOfSight } from '../los.js';
import { HEX_TERRAIN, TERRAIN } from '../terrain.js';
import { isArtillery } from '../units.js';
import { LOSS } from '../vocabulary.js';
import { recordEliminations } from './losses.js';
import { retreatBeforeAssault } from './charges.js';
import { carryOutRetreat, defendsObjective, markHolder } from './retreat.js';
import { canAssaultAcross, hexsideKinds } from './hexsides.js';
import { placeLeader } from './command.js';

import type { BattleState } from './state.js';

/** 7.3 target priority for a stack with infantry: chateau, infantry, cavalry, artillery. */
export function targetClass(b: BattleState, hex: number): number {
  if (b.c.map.terrain[hex] === TERRAIN.chateau) return 0;
  let best = 4;
  for (let u = b.firstAt[hex]; u >= 0; u = b.nextAt[u]) {
    const k = b.spec(u).kind;
    best = Math.min(best, k === 'infantry' ? 1 : k === 'cavalry' ? 2 : 3);
  }
  return best;
}

export interface AttackPlan {
  /** Attacking hex -> defending hex. */
  attacks: Map<number, number>;
}

/** Units of a stack that may fire in an attack: not Reserve or March orders (12.2), not artillery that bombarded (8.2). */
export function attackersIn(b: BattleState, hex: number): number[] {
  const out: number[] = [];
  for (let u = b.firstAt[hex]; u >= 0; u = b.nextAt[u]) if (mayAttack(b, u)) out.push(u);
  return out;
}

function mayAttack(b: BattleState, u: number): boolean {
  const o = b.unitOrders(u);
  if (o === 'reserve' || o === 'march') return false;
  if (!b.inCommand[u]) return false; // 12.1: out of command range: no attacks
  return !(isArtillery(b.spec(u).kind) && b.bombarded[u]);
}

function anyAttackerIn(b: BattleState, hex: number): boolean {
  for (let u = b.firstAt[hex]; u >= 0; u = b.nextAt[u]) if (mayAttack(b, u)) return true;
  return false;
}

/** Whether a unit of the stack has these orders. */
function stackHasOrders(b: BattleState, hex: number, orders: string): boolean {
  for (let u = b.firstAt[hex]; u >= 0; u = b.nextAt[u]) if (b.unitOrders(u) === orders) return true;
  return false;
}

/** Enemy hexes a stack in `hex` could assault. */
export function assaultTargets(b: BattleState, hex: number, side: SideIndex): number[] {
  const g = b.c.map.grid;
  const out: number[] = [];
  const acrossRivers = b.c.options.riverAssault === 'asStream';
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[hex * 6 + d];
    if (n >= 0 && b.sideAt[n] === 1 - side && (acrossRivers || canAssaultAcross(b, hex, d))) out.push(n);
  }
  return out;
}

/**
 * Whether the stack must attack: a unit with Attack orders in an enemy ZOC (7.3), other than cavalry
 * that charged this turn (12.2: "cavalry charges satisfy the attack requirement").
 */
export function mustAttack(b: BattleState, hex: number, side: SideIndex): boolean {
  if (b.c.map.terrain[hex] === TERRAIN.fort) return false; // 10.1: never required to attack
  if (!b.inEnemyZoc(side, hex)) return false;
  for (let u = b.firstAt[hex]; u >= 0; u = b.nextAt[u]) {
    if (b.unitOrders(u) === 'attack' && !(b.spec(u).kind === 'cavalry' && b.charged[u])) return true;
  }
  return false;
}

/**
 * Assign targets (7.3). Stacks that must attack go first, fewest choices first; a stack with Attack
 * orders may not join an attack on a stack already attacked while another adjacent enemy stack goes
 * unattacked; a stack with infantry must pick the highest target class present. `choose` is the
 * doctrine's pick among what is left; `volunteer` says whether a stack that need not attack does.
 */
export function planAttacks(
  b: BattleState,
  side: SideIndex,
  choose: (attackHex: number, options: number[]) => number,
  volunteer: (attackHex: number, options: number[]) => boolean,
): Map<number, number> {
  const stacks: { hex: number; options: number[]; must: boolean }[] = [];
  const g = b.c.map.grid;
  for (const u of b.c.sides[side].units) {
    const h = b.pos[u];
    if (h < 0 || b.firstAt[h] !== u) continue; // each stack once, at its first unit (the order is sorted below)
    let enemyNear = false;
    for (let d = 0; d < 6 && !enemyNear; d++) {
      const n = g.neighbors[h * 6 + d];
      enemyNear = n >= 0 && b.sideAt[n] === 1 - side;
    }
    if (!enemyNear || !anyAttackerIn(b, h)) continue;
    const options = assaultTargets(b, h, side);
    if (options.length === 0) continue;
    stacks.push({ hex: h, options, must: mustAttack(b, h, side) });
  }
  stacks.sort((x, y) => Number(y.must) - Number(x.must) || x.options.length - y.options.length || x.hex - y.hex);
  const attacked = new Set<number>();
  const plan = new Map<number, number>();
  for (const s of stacks) {
    if (!s.must && !volunteer(s.hex, s.options)) continue;
    let opts = s.options;
    // 10.1: a unit that could attack a fort or another stack attacks the fort, unless it is already attacked.
    const forts = opts.filter((h) => b.c.map.terrain[h] === TERRAIN.fort && !attacked.has(h));
    if (forts.length > 0) opts = forts;
    const attackOrders = stackHasOrders(b, s.hex, 'attack');
    let infantry = false;
    for (let u = b.firstAt[s.hex]; u >= 0; u = b.nextAt[u]) if (b.spec(u).kind === 'infantry') infantry = true;
    const spread = (o: number[]) => {
      const fresh = attackOrders ? o.filter((h) => !attacked.has(h)) : [];
      return fresh.length > 0 ? fresh : o;
    };
    const priority = (o: number[]) => {
      if (!infantry) return o;
      const best = Math.min(...o.map((h) => targetClass(b, h)));
      return o.filter((h) => targetClass(b, h) === best);
    };
    // aor.targetRuleOrder: which of 7.3's two rules narrows the choice first.
    opts = b.c.options.targetRuleOrder === 'distributionFirst' ? priority(spread(opts)) : spread(priority(opts));
    const target = opts.length === 1 ? opts[0] : choose(s.hex, opts);
    plan.set(s.hex, target);
    attacked.add(target);
  }
  return plan;
}

/**
 * 7.3: a stack that moved adjacent this turn out of a non-adjacent hex in the defender's LOS: any step
 * of a unit's path from a hex not adjacent to the defender into one adjacent to it (a unit may have
 * gone on along the defender's front after it), else the hex it left on its last step.
 */
export function movedAdjacentInLos(b: BattleState, units: readonly number[], defHex: number): boolean {
  for (const u of units) if (unitMovedAdjacentInLos(b, u, defHex)) return true;
  return false;
}

/** 7.3: whether this one unit moved adjacent to `defHex` this turn out of a non-adjacent hex in its LOS (as above). */
function unitMovedAdjacentInLos(b: BattleState, u: number, defHex: number): boolean {
  const g = b.c.map.grid;
  const los = (from: number) => g.distance(from, defHex) > 1 && hasLineOfSight(b.c.map, defHex, from);
  const path = b.movePath[u];
  if (path) {
    for (let i = 1; i < path.length; i++) if (g.distance(path[i], defHex) <= 1 && los(path[i - 1])) return true;
    return false;
  }
  return b.enteredFrom[u] >= 0 && los(b.enteredFrom[u]);
}

/**
 * Build the kernel's view of one defending stack and the stacks attacking it. `fought` marks units that
 * attacked earlier in the segment (one that retreated into another attacking hex): they do not attack
 * again (7.3: each stack attacks once a segment).
 */
export function situationFor(b: BattleState, side: SideIndex, defHex: number, attackHexes: readonly number[], fought?: Uint8Array): AssaultSituation {
  const g = b.c.map.grid;
  const stacks: AttackingStack[] = attackHexes.map((h) => {
    const units = fought ? attackersIn(b, h).filter((u) => !fought[u]) : attackersIn(b, h);
    const direction = g.directionTo(defHex, h);
    const [hexside, hexside2] = hexsideKinds(b.c.map.sides[g.hexsideId(defHex, direction)]);
    const moved = movedAdjacentInLos(b, units, defHex);
    // Under aor.fireFirstTargets = movedUnits, the movers are named when they are some of the stack's units, not all.
    const movers = moved && b.c.options.fireFirstTargets === 'movedUnits' ? units.filter((u) => unitMovedAdjacentInLos(b, u, defHex)) : null;
    const movedUnits = movers && movers.length < units.length ? movers : undefined;
    return { units, direction, hexside, hexside2, terrain: HEX_TERRAIN[b.c.map.terrain[h]], movedAdjacentInLos: moved, movedUnits };
  });
  const defender = b.stackAt(defHex);
  return {
    attacker: side,
    stacks,
    defender,
    defenderTerrain: HEX_TERRAIN[b.c.map.terrain[defHex]],
    defenderMarching: marchingOnRoad(b, defender, defHex),
    defenderOnObjective: defendsObjective(b, defender, defHex),
  };
}

export { defendsObjective };

/** 12.2: some defender's formation is under March orders, in a hex a road or trail runs through. */
function marchingOnRoad(b: BattleState, defender: readonly number[], h: number): boolean {
  if (!defender.some((u) => b.ordersOf(b.c.formationOf[u]) === 'march')) return false;
  const g = b.c.map.grid;
  for (let d = 0; d < 6; d++) if (g.neighbors[h * 6 + d] >= 0 && b.c.map.roads[g.hexsideId(h, d)] !== 0) return true;
  return false;
}

/**
 * 7.5: the unit that may advance beside `u`: where a leader of its side stands in u's hex and the hex
 * holds two units, the other one, if it took part in the attack and is not foot artillery; else -1.
 */
export function advanceCompanion(b: BattleState, u: number): number {
  const h = b.pos[u];
  const side = b.spec(u).side;
  if (h < 0 || b.count[h] !== 2 || !b.c.leaders.some((l, i) => l.side === side && b.leaderPos[i] === h)) return -1;
  const other = b.stackAt(h).find((v) => v !== u)!;
  return mayAttack(b, other) && b.spec(other).kind !== 'artillery' ? other : -1;
}

/**
 * 7.5: the chosen units advance into the vacated hex `defHex`, which their side now holds (18): one
 * unit, or the two of a hex with a leader (advanceCompanion), who then goes with them.
 */
function advanceInto(b: BattleState, units: readonly number[], defHex: number, side: SideIndex, res: EngagementResult, sink: AorSink | undefined): void {
  if (units.length === 0) return;
  const from = b.pos[units[0]];
  if (units.length > 2 || (units.length === 2 && advanceCompanion(b, units[0]) !== units[1])) {
    throw new Error(`invariant: ${units.map((u) => b.spec(u).id).join(' and ')} may not advance together (7.5)`);
  }
  for (const u of units) {
    b.moveTo(u, defHex);
    if (sink) sink({ type: 'relocate', side, unit: b.spec(u).id, from, to: defHex, why: 'advance' });
    res.extras.advances++;
  }
  if (units.length === 2) {
    b.c.leaders.forEach((l, i) => {
      if (l.side === side && b.leaderPos[i] === from) placeLeader(b, i, defHex, 'advance', sink);
    });
  }
  markHolder(b, defHex, side);
  b.computeZoc();
}

/**
 * One combat segment for the phasing side. `choose` and `volunteer` are the doctrine's; `advance`
 * picks the units that advance into a vacated hex (7.5): none, one, or two with their leader.
 */
export function combatSegment(
  b: BattleState,
  side: SideIndex,
  plan: Map<number, number>,
  advance: (defHex: number, attackHexes: readonly number[]) => readonly number[],
  dice: EngagementDice,
  res: EngagementResult,
  round: RoundOutcome,
  sink?: AorSink,
  /** Called for each attacking unit that retreated, with the hexes it went through (7.8 reaction charges). */
  onRetreat?: (u: number, path: number[]) => void,
): void {
  const byDefender = new Map<number, number[]>();
  for (const [att, def] of plan) {
    const list = byDefender.get(def);
    if (list) list.push(att);
    else byDefender.set(def, [att]);
  }
  const defenders = [...byDefender.keys()].sort((x, y) => x - y);
  const st = b.st;
  // 7.6 Disruption: only units disrupted when the segment began fire at half strength.
  b.segmentDisrupted.set(st.disrupted);
  const fought = b.foughtInSegment;
  fought.fill(0);
  // A hex whose attackers have all fought already (units that retreated into it) attacks no more (7.3).
  const fresh = (h: number) => {
    for (let u = b.firstAt[h]; u >= 0; u = b.nextAt[u]) if (!fought[u] && mayAttack(b, u)) return true;
    return false;
  };
  for (const defHex of defenders) {
    const attackHexes = byDefender.get(defHex)!.filter((h) => b.sideAt[h] === side && fresh(h)).sort((x, y) => x - y);
    if (attackHexes.length === 0 || b.sideAt[defHex] !== 1 - side) continue;
    // 7.11: cavalry and horse artillery may slip away before the assault; the attackers may advance.
    if (retreatBeforeAssault(b, defHex, attackHexes, dice, res, sink)) {
      b.computeZoc();
      if (b.c.map.terrain[defHex] !== TERRAIN.fort) advanceInto(b, advance(defHex, attackHexes), defHex, side, res, sink);
      continue;
    }
    const sit = situationFor(b, side, defHex, attackHexes, fought);
    for (const s of sit.stacks) for (const u of s.units) fought[u] = 1;
    sit.disruptedAtSegmentStart = b.segmentDisrupted;
    const guns = sit.defender.filter((u) => b.spec(u).kind === 'artillery');
    // 7.3: the defender's choice to fire first is made here, so that the story can tell it up front.
    const d = (1 - side) as SideIndex;
    sit.defenderFiresFirst = sit.stacks.some((s) => s.movedAdjacentInLos) && choosesFireFirst(b.c.sides[d].doctrine, () => dice.ai(d)());
    if (sink) {
      const flanked = flankedNow(st, sit, b.c.options);
      const firing = sit.stacks.map((s) => s.units.map((u) => b.spec(u).id));
      sink({ type: 'assault', side, attackers: attackHexes.slice(), defender: defHex, flanked, defenderFiresFirst: sit.defenderFiresFirst, firing });
    }
    resolveAssaultRound(st, sit, b.c.options, [b.c.sides[0].doctrine, b.c.sides[1].doctrine], dice, res, round, sink);
    if (round.flanked) res.extras.flankAttacks++;
    res.extras.assaults++;
    recordEliminations(b, res, sink);
    // Defender first, then attackers, away from each other (7.4).
    carryOutRetreat(b, defHex, attackHexes, dice, res, sink);
    const before = new Map<number, number>();
    for (const h of attackHexes) for (const u of b.stackAt(h)) before.set(u, h);
    for (const h of attackHexes) carryOutRetreat(b, h, [defHex], dice, res, sink);
    if (onRetreat) for (const [u, h] of before) if (b.pos[u] >= 0 && b.pos[u] !== h) onRetreat(u, [h, b.pos[u]]);
    b.computeZoc();
    // 7.5: the target hex is empty and the attackers held their ground.
    // 10.1: units cannot advance into forts.
    if (b.count[defHex] === 0 && round.attackerRetreat === 0 && b.c.map.terrain[defHex] !== TERRAIN.fort) {
      const units = advance(defHex, attackHexes);
      if (units.length > 0) {
        // 7.4: the defender's foot artillery that could not retreat is lost for good once an enemy
        // advances; a battery its hits eliminated is not (it may be reorganized, 15).
        for (const x of guns) if (!st.alive(x) && st.lastLoss[x] === LOSS.lostInBlockedRetreats) b.permanent[x] = 1;
        advanceInto(b, units, defHex, side, res, sink);
      }
    }
  }
}
