/**
 * The Formation Combat Segment on the map (7.3-7.5): which stacks must or may attack whom, each
 * defending stack's assault round through the kernel, retreats on the map, advance after combat.
 */
import type { EngagementDice } from '../../../core/dice.js';
import { twoD6 } from '../../../core/dice.js';
import type { EventSink } from '../../../core/events.js';
import type { EngagementResult, SideIndex } from '../../../core/result.js';
import { choosesFireFirst } from '../doctrine/assault.js';
import { flankedNow, groupCheck, resolveAssaultRound, type AssaultSituation, type AttackingStack, type RoundOutcome } from '../assault.js';
import { hitsFor } from '../fireTable.js';
import { rawFireStrength } from '../fire.js';
import { allocateHits } from '../hits.js';
import { hasLineOfSight } from '../los.js';
import { BRIDGE, CREST, FORTIFIED, RIVER, STREAM } from '../map.js';
import { roundHalfUp } from '../numbers.js';
import { HEX_TERRAIN, type HexsideTerrain } from '../terrain.js';
import { isArtillery } from '../units.js';
import { recordEliminations, stepLoss } from './losses.js';
import { retreatBeforeAssault } from './charges.js';
import { stackLimit } from './movement.js';

const CHATEAU_TERRAIN = 2, FORT_TERRAIN = 5; // indexes in HEX_TERRAIN
import type { BattleState } from './state.js';

/** The hexside terrain an attack crosses, as the kernel reads it (the two that matter most). */
export function hexsideKinds(flags: number): [HexsideTerrain, HexsideTerrain] {
  // A river without a bridge is assaulted across only under aor.riverAssault = asStream, as a stream.
  const primary: HexsideTerrain = flags & FORTIFIED ? 'fortified' : flags & BRIDGE ? 'bridge' : flags & (STREAM | RIVER) ? 'stream' : flags & CREST ? 'crest' : 'none';
  const second: HexsideTerrain = flags & CREST && primary !== 'crest' ? 'crest' : 'none';
  return [primary, second];
}

/** Whether units in `a` can assault `b` across their shared hexside (not across a river without a bridge). */
export function canAssaultAcross(b: BattleState, a: number, d: number): boolean {
  const f = b.c.map.sides[b.c.map.grid.hexsideId(a, d)];
  return !(f & RIVER && !(f & BRIDGE));
}

/** 5.4: a unit in `from` projects its ZOC into the neighbour `to` (across `to`'s hexside `d`). */
export function projectsZocAcross(b: BattleState, from: number, to: number, d: number): boolean {
  const m = b.c.map;
  const f = m.sides[m.grid.hexsideId(to, d)];
  if (f & RIVER && !(f & BRIDGE)) return false;
  return m.terrain[from] !== CHATEAU_TERRAIN && m.terrain[to] !== CHATEAU_TERRAIN;
}

/** 7.3 target priority for a stack with infantry: chateau, infantry, cavalry, artillery. */
export function targetClass(b: BattleState, hex: number): number {
  if (b.c.map.terrain[hex] === CHATEAU_TERRAIN) return 0;
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

/** Whether the stack must attack: a unit with Attack orders in an enemy ZOC (7.3). */
export function mustAttack(b: BattleState, hex: number, side: SideIndex): boolean {
  if (b.c.map.terrain[hex] === FORT_TERRAIN) return false; // 10.1: never required to attack
  if (!b.inEnemyZoc(side, hex)) return false;
  return stackHasOrders(b, hex, 'attack');
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
    const forts = opts.filter((h) => b.c.map.terrain[h] === FORT_TERRAIN && !attacked.has(h));
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

/** 7.3: a stack that moved adjacent this turn out of a non-adjacent hex in the defender's LOS. */
export function movedAdjacentInLos(b: BattleState, units: readonly number[], defHex: number): boolean {
  const g = b.c.map.grid;
  for (const u of units) {
    const from = b.enteredFrom[u];
    if (from >= 0 && g.distance(from, defHex) > 1 && hasLineOfSight(b.c.map, defHex, from)) return true;
  }
  return false;
}

/** Build the kernel's view of one defending stack and the stacks attacking it. */
export function situationFor(b: BattleState, side: SideIndex, defHex: number, attackHexes: readonly number[]): AssaultSituation {
  const g = b.c.map.grid;
  const stacks: AttackingStack[] = attackHexes.map((h) => {
    const units = attackersIn(b, h);
    const direction = g.directionTo(defHex, h);
    const [hexside, hexside2] = hexsideKinds(b.c.map.sides[g.hexsideId(defHex, direction)]);
    return { units, direction, hexside, hexside2, terrain: HEX_TERRAIN[b.c.map.terrain[h]], movedAdjacentInLos: movedAdjacentInLos(b, units, defHex) };
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

/** Whether the defenders stand on a victory objective (18), or on the objective their Defend orders hold (12.2). */
export function defendsObjective(b: BattleState, defender: readonly number[], defHex: number): boolean {
  if (b.objectiveHex[defHex] === 1) return true;
  return defender.some((u) => b.unitOrders(u) === 'defend' && b.objective[b.c.formationOf[u]] === defHex);
}

/** 12.2: some defender's formation is under March orders, in a hex a road or trail runs through. */
function marchingOnRoad(b: BattleState, defender: readonly number[], h: number): boolean {
  if (!defender.some((u) => b.ordersOf(b.c.formationOf[u]) === 'march')) return false;
  const g = b.c.map.grid;
  for (let d = 0; d < 6; d++) if (g.neighbors[h * 6 + d] >= 0 && b.c.map.roads[g.hexsideId(h, d)] !== 0) return true;
  return false;
}

/**
 * Where a retreating group goes (7.4): one hex farther from every enemy hex it fought, never into an
 * enemy unit or across a river without a bridge; preferring hexes out of enemy ZOC, then with room in
 * the stack, then nearer its own supply. Off the map is the last resort (5.6). Returns -1 when there is
 * nowhere to go, -2 for off the map.
 */
export function retreatHex(b: BattleState, side: SideIndex, from: number, enemies: readonly number[], units: number): number {
  const g = b.c.map.grid;
  let best = -1;
  let bestScore = Infinity;
  let offMap = false;
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[from * 6 + d];
    if (!canAssaultAcross(b, from, d)) continue;
    if (n < 0) {
      offMap = true;
      continue;
    }
    if (b.sideAt[n] === 1 - side) continue;
    if (b.c.map.terrain[n] === FORT_TERRAIN && b.count[n] > 0) continue; // 10.1: no retreat into an occupied fort
    let farther = true;
    for (const e of enemies) if (g.distance(n, e) <= g.distance(from, e)) farther = false;
    if (!farther) continue;
    let supply = Infinity;
    for (const s of b.c.sides[side].supply) supply = Math.min(supply, g.distance(n, s));
    const score = (b.inEnemyZoc(side, n) ? 1000 : 0) + (b.count[n] + units > stackLimit(b, n) ? 100 : 0) + supply;
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
  sink?: EventSink,
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
        while (st.steps[u] > 0) stepLoss(b, u, res);
      } else stepLoss(b, u, res);
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
  markHolder(b, to, side);
  if (b.count[to] > stackLimit(b, to)) {
    for (const u of b.stackAt(to)) {
      if (!st.disrupted[u]) {
        st.disrupted[u] = 1;
        res.sides[side].disruptions++;
      }
    }
  }
  b.computeZoc();
  if (depth < 2 && b.inEnemyZoc(side, to)) passingFire(b, to, group, dice, res, sink, depth);
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
  sink: EventSink | undefined,
  depth: number,
): void {
  const g = b.c.map.grid;
  const side = b.spec(group[0]).side;
  const enemy = (1 - side) as SideIndex;
  const st = b.st;
  const firers: number[] = [];
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[hex * 6 + d];
    if (n < 0 || b.sideAt[n] !== enemy || !projectsZocAcross(b, n, hex, d)) continue;
    const stack = b.stackAt(n);
    const raw =
      0.5 * rawFireStrength(st, stack, stack.length, 1, { flanking: false, firesFirst: false, targetHasRifledOrArtillery: true });
    const strength = roundHalfUp(raw);
    const roll = twoD6(dice.fire(enemy));
    const hits = hitsFor(strength, roll);
    if (sink) sink({ type: 'fire', side: enemy, rawStrength: raw, strength, roll, hits, modifiers: ['passing fire at half strength (7.12)'] });
    if (hits === 0) continue;
    firers.push(n);
    const d2 = b.c.sides[side].doctrine;
    allocateHits(st, group, group.length, hits, b.c.options.hitAllocation === 'combined', d2.hitAllocation, d2.hitAllocation === 'random' ? dice.ai(side) : () => 0, res, sink);
    recordEliminations(b, res, sink);
    const left = group.filter((u) => st.alive(u));
    if (left.length === 0) return;
    const passed = groupCheck(st, left, left.length, side, { flanked: false, firedOnByArtillery: stack.some((u) => isArtillery(b.spec(u).kind)), attackedByOldGuard: false }, b.c.options, dice, res, sink);
    if (!passed) {
      for (const u of left) {
        st.retreated[u] = 1;
        res.sides[side].retreatsForced++;
        res.units[u].retreated = true;
      }
      carryOutRetreat(b, hex, firers, dice, res, sink, depth + 1);
      return;
    }
  }
}

/**
 * 7.12: a unit moving from one ZOC hex of an enemy stack into another is fired on by that stack at half
 * strength; a hit makes it check morale as in 7.4, and a failure sends it back one hex. Returns true
 * when the unit's move ends here (it retreated or was destroyed).
 */
export function passingFireOnMove(
  b: BattleState,
  u: number,
  from: number,
  to: number,
  dice: EngagementDice,
  res: EngagementResult,
  sink?: EventSink,
): boolean {
  const g = b.c.map.grid;
  const st = b.st;
  const side = b.spec(u).side;
  const enemy = (1 - side) as SideIndex;
  for (let d = 0; d < 6; d++) {
    const e = g.neighbors[to * 6 + d];
    if (e < 0 || b.sideAt[e] !== enemy || !projectsZocAcross(b, e, to, d)) continue;
    const back = g.directionTo(from, e);
    if (back < 0 || !projectsZocAcross(b, e, from, back)) continue; // not moving from this stack's ZOC
    const stack = b.stackAt(e);
    const raw = 0.5 * rawFireStrength(st, stack, stack.length, 1, { flanking: false, firesFirst: false, targetHasRifledOrArtillery: !b.spec(u).repeating });
    const strength = roundHalfUp(raw);
    const roll = twoD6(dice.fire(enemy));
    const hits = hitsFor(strength, roll);
    if (sink) sink({ type: 'fire', side: enemy, rawStrength: raw, strength, roll, hits, modifiers: ['passing fire at half strength (7.12)'] });
    res.extras[`passingFire.${enemy}`]++;
    if (hits === 0) return false;
    const doc = b.c.sides[side].doctrine;
    allocateHits(st, [u], 1, hits, b.c.options.hitAllocation === 'combined', doc.hitAllocation, doc.hitAllocation === 'random' ? dice.ai(side) : () => 0, res, sink);
    recordEliminations(b, res, sink);
    if (!st.alive(u)) return true;
    const passed = groupCheck(st, [u], 1, side, { flanked: false, firedOnByArtillery: stack.some((x) => isArtillery(b.spec(x).kind)), attackedByOldGuard: false }, b.c.options, dice, res, sink);
    if (passed) return false;
    st.retreated[u] = 1;
    res.sides[side].retreatsForced++;
    res.units[u].retreated = true;
    if (!st.disrupted[u]) {
      st.disrupted[u] = 1;
      res.sides[side].disruptions++;
    }
    carryOutRetreat(b, to, [e], dice, res, sink);
    return true;
  }
  return false;
}

/** 18: the last side to move a unit into or through an objective hex holds it. */
export function markHolder(b: BattleState, hex: number, side: SideIndex): void {
  const obj = b.c.objectives;
  for (let i = 0; i < obj.length; i++) if (obj[i].hex === hex) b.holder[i] = side;
}

/** 7.5: unit `u` advances into the vacated hex `defHex`, which its side now holds (18). */
function advanceInto(b: BattleState, u: number, defHex: number, side: SideIndex, res: EngagementResult, sink: EventSink | undefined): void {
  const from = b.pos[u];
  b.moveTo(u, defHex);
  if (sink) sink({ type: 'relocate', side, unit: b.spec(u).id, from, to: defHex, why: 'advance' });
  markHolder(b, defHex, side);
  res.extras.advances++;
  b.computeZoc();
}

/**
 * One combat segment for the phasing side. `choose` and `volunteer` are the doctrine's; `advance`
 * picks the unit (or -1) that advances into a vacated hex (7.5).
 */
export function combatSegment(
  b: BattleState,
  side: SideIndex,
  plan: Map<number, number>,
  advance: (defHex: number, attackHexes: readonly number[]) => number,
  dice: EngagementDice,
  res: EngagementResult,
  round: RoundOutcome,
  sink?: EventSink,
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
  for (const defHex of defenders) {
    const attackHexes = byDefender.get(defHex)!.filter((h) => b.sideAt[h] === side).sort((x, y) => x - y);
    if (attackHexes.length === 0 || b.sideAt[defHex] !== 1 - side) continue;
    // 7.11: cavalry and horse artillery may slip away before the assault; the attackers may advance.
    if (retreatBeforeAssault(b, defHex, attackHexes, dice, res, sink)) {
      b.computeZoc();
      const u = b.c.map.terrain[defHex] === FORT_TERRAIN ? -1 : advance(defHex, attackHexes);
      if (u >= 0) advanceInto(b, u, defHex, side, res, sink);
      continue;
    }
    const sit = situationFor(b, side, defHex, attackHexes);
    const guns = sit.defender.filter((u) => b.spec(u).kind === 'artillery');
    // 7.3: the defender's choice to fire first is made here, so that the story can tell it up front.
    const d = (1 - side) as SideIndex;
    sit.defenderFiresFirst = sit.stacks.some((s) => s.movedAdjacentInLos) && choosesFireFirst(b.c.sides[d].doctrine, () => dice.ai(d)());
    if (sink) {
      const flanked = flankedNow(st, sit, b.c.options);
      sink({ type: 'assault', side, attackers: attackHexes.slice(), defender: defHex, flanked, defenderFiresFirst: sit.defenderFiresFirst });
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
    if (b.count[defHex] === 0 && round.attackerRetreat === 0 && b.c.map.terrain[defHex] !== FORT_TERRAIN) {
      const u = advance(defHex, attackHexes);
      if (u >= 0) {
        // 7.4: the defender's foot artillery that could not retreat is lost for good once an enemy advances.
        for (const x of guns) if (!st.alive(x)) b.permanent[x] = 1;
        advanceInto(b, u, defHex, side, res, sink);
      }
    }
  }
}
