/**
 * The Bayonet & Sabre phase (p2; p3 Bayonet and Sabre, Built Up Areas; rulings 3.6): every contact is
 * fought, all units in contact with one defender in one combat; each side rolls one die plus its
 * modifiers and the difference is read at once: hits, disorder, retreats, guns lost, occupation of the
 * position, and breakthrough charges, which fight again at once with no fire between.
 */
import {
  attackerModifier,
  BAYONET_BAND_KEYS,
  bayonetBand,
  bayonetLeaderCaptured,
  bayonetSides,
  bayonetUnitOutcome,
  bayonetWinner,
  BOTH_SHATTERED,
  breakthroughReach,
  breakthroughTarget,
  countercharges,
  DEFENDER_SHATTERED,
  ATTACKER_SHATTERED,
  defenderModifier,
  fightsAgain,
  hitsForUnit,
  losesBreakthroughBonus,
  RETREAT_FULL_MOVE,
  type BreakthroughCandidate,
  type CombatUnit,
  type UnitOutcome,
} from './bayonet.js';
import type { Play } from './context.js';
import { rollDie } from './dice.js';
import { addHits, cavalryAtBua, disorder, fullMoveOf, recall, removeUnit, retreat, rout, stopInBlock } from './effects.js';
import { attachedPartner, blockAhead, blockCrowded, blockEdgeContact, blockHolder, blockNearEdge, chargeRoute, coverOf, defendingPair, dropLostContacts, enemyAtBlockEdge, enemyLimit, enemyMeeting, friendsBeforeBlock, moveAmongFriends, occupyBlock, outflanked, pairAttacked, placeInContact, shortOfFriends, STANDOFF, unitDistance, unitOverlapping, type ChargeRoute } from './geometry.js';
import { bayonetLabels } from './labels.js';
import { PASSAGE_OF_LINES } from './movement.js';
import { pickHitUnit, wantsBreakthrough, wantsRecall } from './orders.js';
import { NO_UNIT } from './state.js';
import { aheadOf, axialOverlap, EPS, inContact, lateralOverlap, pathLimit, rear } from '../../table/index.js';
import { X } from './vocabulary.js';

/** Fights after a 0 under aoe.drawResult immediate, at most, and breakthrough combats a phase (a safety cap). */
const MAX_ROUNDS = 10;
const MAX_CHAIN = 16;

const ROUTE: ChargeRoute = { face: -1, distance: Infinity, passed: 0 };
const PAIR = new Int32Array(2);
const CANDS: BreakthroughCandidate[] = [];
const CAND_UNIT: number[] = [];

/** The unit as Bayonet & Sabre reads it (bayonet.ts CombatUnit), in the context's pool. */
function view(p: Play, u: number, defending: boolean): CombatUnit {
  const s = p.c.specs[u];
  const st = p.st;
  const v = p.combat.pool[u];
  v.arm = s.arm;
  v.stands = s.stands;
  v.formation = st.formationOf(u);
  v.troops = s.troops;
  v.hits = st.hits[u];
  v.freshHits = st.fresh[u];
  v.disordered = st.disordered[u] === 1;
  v.cover = defending ? coverOf(p.c, st, u) : 0;
  v.lancers = s.lancers;
  v.heavy = s.heavy;
  v.armoured = s.armoured;
  // Set by fight once it knows whether the defender is outflanked (aoe.countercharge).
  v.countercharging = false;
  v.attached = s.arm === 'artillery' && attachedPartner(p.c, st, u) !== NO_UNIT;
  v.leader = st.leader[u] as 0 | 1 | 2;
  return v;
}

function overlapsEnemy(p: Play, u: number): boolean {
  const enemies = p.c.sideUnits[1 - p.c.specs[u].side];
  const b = p.st.body[u];
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (!p.st.removed[e] && axialOverlap(b, p.st.body[e]) > EPS && lateralOverlap(b, p.st.body[e]) > EPS) return true;
  }
  return false;
}

/** The distance of a retreat a result orders (RETREAT_FULL_MOVE: the unit's full move). */
function retreatDistance(p: Play, u: number, o: UnitOutcome): number {
  return o.retreat === RETREAT_FULL_MOVE ? fullMoveOf(p, u) : o.retreat;
}

/**
 * The winner takes the position the defender held (p2 +1..+6; a reading on +7): the village block if
 * it was one, else the ground of the defender's footprint.
 */
function occupy(p: Play, a: number, block: number, oldRear: number, oldOffset: number): void {
  const c = p.c;
  const st = p.st;
  if (st.removed[a]) return;
  const b = st.body[a];
  if (block >= 0) {
    if (blockHolder(st, block) !== NO_UNIT || blockCrowded(c, st, block, a)) return;
    occupyBlock(c, st, a, block);
  } else {
    const front = b.front;
    const offset = b.offset;
    b.front = oldRear;
    if (st.chargeFace[a] === 1) {
      const half = c.lane.width / 2 - b.frontage / 2;
      b.offset = Math.max(-half, Math.min(half, oldOffset));
    }
    if (overlapsEnemy(p, a)) {
      b.front = front;
      b.offset = offset;
      return;
    }
    // Taking the ground is not a charge (rulings 2: only a charge is a move into contact): where the
    // ground's far edge meets another enemy front to front (the beaten unit's friend behind it), the
    // winner goes only as far as STANDOFF short of it, as an advance does; a flank winner stays put.
    if (enemyMeeting(c, st, a, b, NO_UNIT) !== NO_UNIT) {
      b.front = front;
      b.offset = offset;
      if (st.chargeFace[a] === 1) return;
      const lim = enemyLimit(c, st, a, 1);
      const to = Number.isNaN(lim) || aheadOf(b, lim - b.facing * STANDOFF) > aheadOf(b, oldRear) ? oldRear : lim - b.facing * STANDOFF;
      if (aheadOf(b, to) <= EPS) return;
      b.front = to;
    }
    // Nor does it end on a friend's ground (p1/p3 Built-up Areas: one unit to a block; aoe.friendInPath):
    // it stops where it meets the friend, a flank winner staying put.
    if (c.options.friendInPath !== 'share' && unitOverlapping(c, st, a, c.specs[a].side) >= 0) {
      if (st.chargeFace[a] === 1) {
        b.front = front;
        b.offset = offset;
        return;
      }
      shortOfFriends(c, st, a, front);
      if (aheadOf(b, front) >= -EPS) {
        b.front = front;
        return;
      }
    }
  }
  st.chargeTarget[a] = NO_UNIT;
  dropLostContacts(st, a);
  if (p.sink) p.sink({ type: 'occupy', side: c.specs[a].side, unit: c.specs[a].id, at: b.front, block: block >= 0 });
}

/**
 * A breakthrough charge (p2 +7; +4..+6 cavalry): half a move at the closest enemy (aoe.breakthrough);
 * if it reaches a free face it is a new combat at once, else the unit closes on it as far as the half
 * move lets it and never passes it.
 */
function breakthrough(p: Play, a: number, beaten: readonly number[]): void {
  const c = p.c;
  const st = p.st;
  const s = c.specs[a];
  const opts = c.options;
  if (st.removed[a]) return;
  p.res.extras[X.breakthroughs[s.side]]++;
  const enemies = c.sideUnits[1 - s.side];
  CANDS.length = 0;
  CAND_UNIT.length = 0;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e]) continue;
    let engaged = false;
    for (let x = 0; x < st.n; x++) if (x !== a && !st.removed[x] && st.chargeTarget[x] === e) engaged = true;
    CANDS.push({ distance: unitDistance(st.body[a], st.body[e]), beaten: beaten.includes(e), engaged });
    CAND_UNIT.push(e);
  }
  const k = breakthroughTarget(CANDS, opts.breakthrough);
  const target = k < 0 ? NO_UNIT : CAND_UNIT[k];
  if (p.sink) p.sink({ type: 'breakthrough', side: s.side, unit: s.id, target: target === NO_UNIT ? null : c.specs[target].id });
  if (target === NO_UNIT) return;
  const reach = breakthroughReach(fullMoveOf(p, a));
  const row = c.specs[a].arm === 'cavalry' ? 'cavalry' : 'infantryColumn';
  chargeRoute(c, st, a, target, ROUTE);
  if (ROUTE.face >= 0 && ROUTE.distance <= reach + EPS && p.chain < MAX_CHAIN) {
    // p1 Built-up Areas: a vacant block on its straight path ends the breakthrough charge in it; home
    // if the block's outside edge touches the target (aoe.blockEdge contact).
    const from = st.body[a].front;
    const block = ROUTE.face === 0 ? blockAhead(c, st, a, ROUTE.distance - PASSAGE_OF_LINES * ROUTE.passed, 0) : -1;
    if (block >= 0) {
      // A block another enemy touches would put it in contact with that one too (aoe.blockEdge
      // contact), a contact this charge does not make: it stops at the block's near edge.
      if (blockEdgeContact(opts.blockEdge) && enemyAtBlockEdge(c, st, a, block, target)) {
        moveAmongFriends(c, st, a, 1, reach, Infinity, p.costs[row], blockNearEdge(c, st.body[a], block));
        if (Math.abs(st.body[a].front - from) > EPS) {
          dropLostContacts(st, a);
          if (p.sink) p.sink({ type: 'move', side: s.side, unit: s.id, path: [from, st.body[a].front] });
        }
        return;
      }
      stopInBlock(p, a, block);
      if (!blockEdgeContact(opts.blockEdge) || !inContact(st.body[a], st.body[target])) return;
    }
    placeInContact(c, st, a, target, ROUTE.face);
    dropLostContacts(st, a);
    st.breakthrough[a] = 1;
    p.homeCounted[a] = 0;
    p.res.sides[s.side].chargesDeclared++;
    p.res.extras[X.charges[s.side]]++;
    p.chargeMet = true;
    if (p.sink) p.sink({ type: 'charge', side: s.side, units: [s.id], target: c.specs[target].id, from, to: st.body[a].front, reached: true, face: ROUTE.face === 1 ? 'flank' : 'front', breakthrough: true });
    cavalryAtBua(p, a, target);
    p.chain++;
    fight(p, target, a);
    return;
  }
  // Short of any enemy: it goes up to half a move toward the closest and stops short of contact, and
  // no further than level with the target's near edge (beyond it the unit would be moving away).
  const from = st.body[a].front;
  const stopAt = pathLimit(st.body[a], 1, st.body[target]);
  const block = blockAhead(c, st, a, Math.min(reach, Math.max(0, aheadOf(st.body[a], stopAt))), STANDOFF);
  // As an advance does (marchPhase moveAhead): not into a block an enemy touches (aoe.blockEdge contact).
  const short = block >= 0 && blockEdgeContact(opts.blockEdge) && enemyAtBlockEdge(c, st, a, block);
  // Friends in its path as for an advance (aoe.friendInPath), on the way to a block too.
  if (block >= 0 && !short) {
    if (friendsBeforeBlock(c, st, a, block, reach, Infinity, p.costs[row])) return stopInBlock(p, a, block);
  } else moveAmongFriends(c, st, a, 1, reach, Infinity, p.costs[row], short ? blockNearEdge(c, st.body[a], block) : stopAt);
  if (Math.abs(st.body[a].front - from) > EPS) {
    dropLostContacts(st, a);
    if (p.sink) p.sink({ type: 'move', side: s.side, unit: s.id, path: [from, st.body[a].front] });
  }
}

/**
 * Whether attacker a in contact fights combat `id` (aoe.breakthroughCombat): under oncePerPhase only if
 * it has not attacked in another combat this phase, or it is the unit making the breakthrough charge
 * that began this one (`breaker`); under allInContact always.
 */
function joins(p: Play, a: number, id: number, breaker: number): boolean {
  const k = p.attackedIn[a];
  return k === 0 || k === id || a === breaker || p.c.options.breakthroughCombat === 'allInContact';
}

/**
 * One combat at defender d with the units in contact with it (p2; who joins a breakthrough's combat:
 * aoe.breakthroughCombat), fought again at once after a 0 under aoe.drawResult immediate. `breaker` is
 * the unit whose breakthrough charge began it, or NO_UNIT.
 */
export function fight(p: Play, d: number, breaker = NO_UNIT): void {
  const c = p.c;
  const st = p.st;
  const cb = p.combat;
  const opts = c.options;
  const id = ++p.combatSeq;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (st.removed[d]) return;
    // p1 Special Rules: a battery touching troops is attached and fights with them (rulings 4 Fixed):
    // one combat for the pair, with every unit in contact with either (rulings 3.6).
    const pair = defendingPair(c, st, d, PAIR);
    if (!pairAttacked(st, pair)) return;
    const head = pair[0];
    const partner = pair[1];
    // Its combat is fought now (in the phase's loop or as a breakthrough's): the loop does not fight
    // it again this phase (p1 Play Sequence: each charge and breakthrough resolved once, results at
    // once); only a new breakthrough charge at it brings it into combat again.
    p.defended[head] = 1;
    if (partner !== NO_UNIT) p.defended[partner] = 1;
    cb.attIdx.length = 0;
    cb.defIdx.length = 0;
    cb.att.length = 0;
    cb.def.length = 0;
    for (let a = 0; a < st.n; a++) {
      const t = st.chargeTarget[a];
      if (!st.removed[a] && t !== NO_UNIT && (t === head || t === partner) && joins(p, a, id, breaker)) cb.attIdx.push(a);
    }
    if (cb.attIdx.length === 0) return;
    for (const a of cb.attIdx) p.attackedIn[a] = id;
    cb.defIdx.push(head);
    if (partner !== NO_UNIT) cb.defIdx.push(partner);
    for (const a of cb.attIdx) cb.att.push(view(p, a, false));
    for (const x of cb.defIdx) cb.def.push(view(p, x, true));
    const attSide = c.specs[cb.attIdx[0]].side;
    const defSide = c.specs[head].side;
    cb.sit.breakthrough = false;
    for (const a of cb.attIdx) if (st.breakthrough[a]) cb.sit.breakthrough = true;
    cb.sit.defenderOutflanked = outflanked(st, head) || (partner !== NO_UNIT && outflanked(st, partner));
    for (const v of cb.def) v.countercharging = countercharges(v.arm, v.disordered, cb.sit.defenderOutflanked, opts.countercharge);
    const am = attackerModifier(cb.att, cb.def, cb.sit, opts);
    const dm = defenderModifier(cb.att, cb.def, cb.sit, opts);
    const ra = rollDie(p.dice.fire(attSide), c.die);
    const rd = rollDie(p.dice.fire(defSide), c.die);
    const diff = ra + am - (rd + dm);
    const band = bayonetBand(diff);
    const sides = bayonetSides(cb.att, cb.def);
    p.res.extras.combats++;
    if (band === BOTH_SHATTERED) p.res.extras.drawnCombats++;
    for (const a of cb.attIdx) {
      st.fought[a] = 1;
      if (!p.homeCounted[a]) {
        p.homeCounted[a] = 1;
        p.res.sides[attSide].chargesHome++;
      }
    }
    for (const x of cb.defIdx) st.fought[x] = 1;
    if (p.sink) {
      p.sink({
        type: 'melee',
        sides: [cb.attIdx.map((a) => c.specs[a].id), cb.defIdx.map((x) => c.specs[x].id)],
        casualties: [0, 0],
        result: BAYONET_BAND_KEYS[band],
        rolls: [ra, rd],
        modifiers: bayonetLabels(cb.att, cb.def, cb.sit, opts),
        totals: [ra + am, rd + dm],
        diff,
        band: BAYONET_BAND_KEYS[band],
        attacker: attSide,
      });
    }
    const attackerWon = bayonetWinner(band, sides) === 'attacker';
    const defBody = st.body[head];
    const oldRear = rear(defBody);
    const oldOffset = defBody.offset;
    const oldBlock = st.block[head];
    // The defenders.
    const defPicked = opts.multiUnitHits === 'oneUnit' ? pickHitUnit(p, defSide, cb.defIdx) : -1;
    let captured = false;
    for (let i = 0; i < cb.defIdx.length; i++) {
      const x = cb.defIdx[i];
      if (st.removed[x]) continue;
      const o = bayonetUnitOutcome(band, 'defender', cb.def[i], sides, opts, cb.out);
      const hits = hitsForUnit(o.hits, c.specs[x].arm, i === defPicked, opts.multiUnitHits);
      if (o.disordered) disorder(p, x);
      if (hits > 0) {
        p.res.extras[X.bayonetHits[defSide]] += hits;
        addHits(p, x, hits, false);
      }
      if (!captured && bayonetLeaderCaptured(band, 'defender') && st.leader[x]) {
        captured = true;
        st.leader[x] = 0;
        p.res.sides[defSide].leadersLost++;
        if (p.sink) p.sink({ type: 'leaderCaptured', side: defSide, unit: c.specs[x].id });
      }
      if (st.removed[x]) continue;
      if (o.gunsLost || o.gunWrecked) {
        if (p.sink) p.sink({ type: 'guns', side: defSide, unit: c.specs[x].id, effect: o.gunsLost ? 'lost' : 'wrecked' });
        removeUnit(p, x, 'guns');
        continue;
      }
      if (band === DEFENDER_SHATTERED) rout(p, x);
      if (o.retreat !== 0) {
        if (o.mayRecall && wantsRecall(p, x)) recall(p, x);
        else retreat(p, x, retreatDistance(p, x, o), BAYONET_BAND_KEYS[band], true);
        // p2 +1..+6: the defender's guns limber and retreat a full move (+7: they retreat silenced).
        if (c.specs[x].arm === 'artillery' && band !== DEFENDER_SHATTERED && !st.removed[x]) st.limbered[x] = 1;
      }
    }
    // The attackers.
    const attPicked = opts.multiUnitHits === 'oneUnit' ? pickHitUnit(p, attSide, cb.attIdx) : -1;
    let occupier = NO_UNIT;
    captured = false;
    // Winners that break through (rare: +4 and more), collected before any of them fights again.
    let winners: number[] | null = null;
    for (let i = 0; i < cb.attIdx.length; i++) {
      const a = cb.attIdx[i];
      if (st.removed[a]) continue;
      const o = bayonetUnitOutcome(band, 'attacker', cb.att[i], sides, opts, cb.out);
      const hits = hitsForUnit(o.hits, c.specs[a].arm, i === attPicked, opts.multiUnitHits);
      if (o.disordered) disorder(p, a);
      if (hits > 0) {
        p.res.extras[X.bayonetHits[attSide]] += hits;
        addHits(p, a, hits, false);
      }
      if (!captured && bayonetLeaderCaptured(band, 'attacker') && st.leader[a]) {
        captured = true;
        st.leader[a] = 0;
        p.res.sides[attSide].leadersLost++;
        if (p.sink) p.sink({ type: 'leaderCaptured', side: attSide, unit: c.specs[a].id });
      }
      if (st.removed[a]) continue;
      if (attackerWon) p.res.sides[attSide].chargesWon++;
      if (band === ATTACKER_SHATTERED) rout(p, a);
      if (losesBreakthroughBonus(band)) st.breakthrough[a] = 0;
      if (o.retreat !== 0) {
        if (o.mayRecall && wantsRecall(p, a)) recall(p, a);
        else retreat(p, a, retreatDistance(p, a, o), BAYONET_BAND_KEYS[band], true);
        continue;
      }
      if (o.mayRecall && wantsRecall(p, a)) {
        recall(p, a);
        continue;
      }
      // A winner in a village block (a charge that ended in one, aoe.blockEdge contact) stays in it:
      // leaving a block takes a full move reforming (p1 Built-up Areas).
      if (o.occupies && st.block[a] < 0 && (occupier === NO_UNIT || (st.chargeFace[a] === 0 && st.chargeFace[occupier] === 1))) occupier = a;
      if (o.breakthrough === 2 || (o.breakthrough === 1 && wantsBreakthrough(p, a))) (winners ??= []).push(a);
      else if (o.occupies) st.breakthrough[a] = 0;
    }
    // The beaten defender has gone (retreated or removed, which ended every contact with it): one winner takes its ground.
    if (occupier !== NO_UNIT) occupy(p, occupier, oldBlock, oldRear, oldOffset);
    // The beaten units, kept before a breakthrough's own combat reuses the scratch lists.
    const beaten = winners ? cb.defIdx.slice() : null;
    if (winners) for (const a of winners) {
      st.chargeTarget[a] = NO_UNIT;
      st.breakthrough[a] = 0;
      // Entering a village block ends a unit's movement (p1 Built-up Areas): the winner that took the
      // block, or fought from one, stays in it (a reading, docs/rules/aoe.md); the others break through.
      if (st.block[a] >= 0) continue;
      breakthrough(p, a, beaten!);
    }
    if (band === BOTH_SHATTERED && fightsAgain(band, opts.drawResult) === 'immediate') continue;
    return;
  }
}

/**
 * The phase: every defender with units in contact, in unit order (p1 Bayonet & Sabre); a defender
 * and the battery attached to it fight once, as one. A defender already fought this phase (a
 * breakthrough's combat at it came first) is not fought again by the loop: a 0 there leaves the
 * contact for the next phase (aoe.drawResult nextPhase).
 */
export function bayonetPhase(p: Play): void {
  const st = p.st;
  const c = p.c;
  p.chain = 0;
  p.combatSeq = 0;
  p.defended.fill(0);
  p.attackedIn.fill(0);
  for (let d = 0; d < st.n; d++) {
    if (st.removed[d] || p.defended[d]) continue;
    if (!pairAttacked(st, defendingPair(c, st, d, PAIR))) continue;
    fight(p, d);
  }
}
