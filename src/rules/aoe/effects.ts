/**
 * What happens to a unit, with its bookkeeping: hits and removal (p3 Hits), disorder and rallying,
 * retreats (p1 March Table, p2), army cohesion (aoe.cohesion), the cohesion ladder and the common
 * result's counters (rulings 5). Every phase changes units through these, so the result always agrees
 * with the state.
 */
import { reachRung, RUNG } from '../../core/result.js';
import { axialMax, axialMin, axialOverlap, EPS } from '../../table/index.js';
import { aboutFacedAfterRetreat, buaContactDisorders } from './bayonet.js';
import { armyBroken, cohesionLevel } from './cohesion.js';
import type { Play } from './context.js';
import { dropLostContacts, fallBack, occupyBlock, roomBehind, unitOverlapping } from './geometry.js';
import { removedByHits, shakenByHits } from './hits.js';
import { fullMove } from './movement.js';
import { NO_UNIT } from './state.js';
import { X } from './vocabulary.js';

/** The side that holds the objective at the start, or -1 when nobody does (a meeting engagement). */
export function defenderSide(p: Play): number {
  return p.c.attacker === 0 ? 1 : 0;
}

function stateWord(p: Play, u: number, disordered: boolean): 'good order' | 'disordered' | 'silenced' {
  if (!disordered) return 'good order';
  return p.c.specs[u].arm === 'artillery' ? 'silenced' : 'disordered';
}

/** Troops become disordered, a battery silenced (p1, p2): a disruption, and the ladder's second rung. */
export function disorder(p: Play, u: number): void {
  const st = p.st;
  if (st.disordered[u] || st.removed[u]) return;
  st.disordered[u] = 1;
  const side = p.c.specs[u].side;
  p.res.sides[side].disruptions++;
  reachRung(p.res, side, u, RUNG.disordered);
  if (p.c.specs[u].arm === 'artillery') p.res.extras[X.gunsSilenced[side]]++;
  if (p.sink) p.sink({ type: 'cohesion', side, unit: p.c.specs[u].id, from: 'good order', to: stateWord(p, u, true) });
}

/** Disorder (silence) removed by a March result (p1 Elan, Rally, Shaken; a battery by Elan or Rally). */
export function rally(p: Play, u: number): void {
  const st = p.st;
  if (!st.disordered[u]) return;
  st.disordered[u] = 0;
  if (p.sink) p.sink({ type: 'cohesion', side: p.c.specs[u].side, unit: p.c.specs[u].id, from: stateWord(p, u, true), to: 'good order' });
}

/**
 * Hits on troops (p3 Hits: markers, no stand removed). `fresh`: taken in the Volley & Cannonade phase
 * (p2 Bayonet & Sabre -1 each). The unit is removed at its threshold (aoe.removalHits). Batteries take
 * no hits.
 */
export function addHits(p: Play, u: number, hits: number, fresh: boolean): void {
  const st = p.st;
  const s = p.c.specs[u];
  if (hits <= 0 || st.removed[u] || s.arm === 'artillery') return;
  const before = st.hits[u];
  const after = Math.min(before + hits, s.threshold);
  st.hits[u] = after;
  if (fresh) st.fresh[u] += after - before;
  const removed = removedByHits(after, s.threshold);
  if (p.sink) p.sink({ type: 'hit', side: s.side, unit: s.id, lost: after - before, left: s.threshold - after, eliminated: removed });
  if (removed) removeUnit(p, u, 'hits');
  else if (shakenByHits(after, s.threshold)) reachRung(p.res, s.side, u, RUNG.shaken);
}

/** A unit routed (p1 Broken; rulings 5: or beaten by +7): counted as a rout, the ladder's fourth rung. */
export function rout(p: Play, u: number): void {
  const side = p.c.specs[u].side;
  p.res.sides[side].routs++;
  reachRung(p.res, side, u, RUNG.routed);
  if (p.sink) p.sink({ type: 'rout', side, unit: p.c.specs[u].id });
}

/** Contact ends for u: its own charge and every charge at it. */
export function breakContact(p: Play, u: number): void {
  const st = p.st;
  st.chargeTarget[u] = NO_UNIT;
  st.breakthrough[u] = 0;
  for (let a = 0; a < st.n; a++) {
    if (st.chargeTarget[a] === u) {
      st.chargeTarget[a] = NO_UNIT;
      st.breakthrough[a] = 0;
    }
  }
}

/**
 * A unit leaves play: 5 hits, a Routs result, guns lost or wrecked, or off the lane. Its side's army
 * cohesion level is recounted (aoe.cohesion) and the army may break.
 */
export function removeUnit(p: Play, u: number, why: 'hits' | 'routs' | 'guns' | 'offLane' | 'cutOff'): void {
  const st = p.st;
  if (st.removed[u]) return;
  const s = p.c.specs[u];
  st.removed[u] = 1;
  st.block[u] = -1;
  breakContact(p, u);
  p.res.units[u].eliminated = true;
  p.res.sides[s.side].unitsEliminated++;
  reachRung(p.res, s.side, u, RUNG.removed);
  if (s.side !== p.c.attacker) p.defenderLeft = true;
  if (p.sink) p.sink({ type: 'removed', side: s.side, unit: s.id, why });
  if (s.arm === 'artillery') return;
  p.troopsRemoved[s.side]++;
  const rule = p.c.options.cohesion;
  const was = p.level[s.side];
  const level = cohesionLevel(p.troopsRemoved[s.side], p.c.troopUnits[s.side], rule);
  p.level[s.side] = level;
  if (armyBroken(level, rule) && !armyBroken(was, rule)) {
    p.res.sides[s.side].armyBrokenTurn = p.turn;
    if (p.sink) p.sink({ type: 'broken', side: s.side, formation: null, turn: p.turn });
  }
}

/**
 * A withdrawal by choice has been made (rulings 5: a doctrine's move away is a voluntary retreat):
 * counted as one, and a defending unit that withdraws has retreated, as `carried` asks.
 */
export function countWithdrawal(p: Play, u: number): void {
  const side = p.c.specs[u].side;
  p.res.sides[side].retreatsVoluntary++;
  p.res.units[u].retreated = true;
  if (side !== p.c.attacker) p.defenderLeft = true;
}

/**
 * A retreat of `distance` inches straight back from the enemy, facing kept (aoe.retreatFacing may
 * leave it about-faced). A unit in a village block leaves it and ends in Line beyond the block's far
 * edge (rulings 3.4). A unit pushed off the lane is removed (rulings 3.6), a recall apart (it stops at
 * the edge); one that an enemy behind
 * it keeps from retreating its distance is cut off and removed (aoe.blockedRetreat cutOff), a recall
 * ("up to a full move") and a Retire (p1 March Table: as far as falling back takes it) apart. One that
 * would end on a friend's ground goes on through it (aoe.retreatOntoFriend beyond), the friends read as
 * absent for what stops it there. Contact ends.
 */
export function retreat(p: Play, u: number, distance: number, why: string, forced: boolean): void {
  const st = p.st;
  if (st.removed[u] || distance <= 0) return;
  const s = p.c.specs[u];
  const b = st.body[u];
  const from = b.front;
  breakContact(p, u);
  if (st.block[u] >= 0) {
    // Out of the block: in Line, its front on the block's far edge, then back the distance.
    const t = p.c.terrain[st.block[u]];
    st.block[u] = -1;
    st.setFormation(u, 'line', p.c.lane.width);
    b.front = b.facing > 0 ? t.from : t.to;
    st.changed[u] = 1;
  }
  const start = b.front;
  // A recall is "up to a full move" (p2, p3): like a withdrawal it stops at its own table edge.
  if (why === 'recall') distance = Math.min(distance, roomBehind(p.c.lane, b));
  const r = fallBack(p.c, p.st, u, distance);
  // An enemy behind it stopped it short of its distance (a recall is "up to a full move": p2; a Retire
  // goes only as far as falling back takes it from the enemy ahead, p1 March Table).
  const short = r === 'ok' && Math.abs(b.front - start) < distance - EPS;
  // Beyond friends (aoe.retreatOntoFriend beyond), what stops it is read as if they were not there.
  const past = r === 'ok' ? clearOfFriends(p, u, start, why === 'recall') : 'clear';
  const offLane = r === 'offLane' || past === 'offLane';
  const blocked = forced && (short || past === 'blocked') && why !== 'recall' && why !== 'retire';
  const side = p.res.sides[s.side];
  if (forced) side.retreatsForced++;
  else side.retreatsVoluntary++;
  p.res.units[u].retreated = true;
  if (s.side !== p.c.attacker) p.defenderLeft = true;
  st.aboutFaced[u] = aboutFacedAfterRetreat(p.c.options.retreatFacing) ? 1 : 0;
  if (p.sink) {
    p.sink({ type: 'retreat', side: s.side, forced, units: [s.id], unit: s.id, from, to: b.front, why });
  }
  if (offLane) removeUnit(p, u, 'offLane');
  else if (standsOnEnemy(p, u) || (blocked && p.c.options.blockedRetreat === 'cutOff')) removeUnit(p, u, 'cutOff');
}

/**
 * u's footprint overlaps an enemy's: after a retreat, an enemy stood where it had to go (out of a
 * village block into Line, past a unit that had gone round it). A blocked retreat removes the unit
 * (a reading of the lane: it is cut off; rulings 6 leave blocked retreats to the 2-D table).
 */
function standsOnEnemy(p: Play, u: number): boolean {
  return unitOverlapping(p.c, p.st, u, 1 - p.c.specs[u].side) >= 0;
}

/**
 * A forced retreat that ended on a friend's ground (aoe.retreatOntoFriend). The text lets units pass
 * through friends (p1 movement notes: passage of lines) and never lets two share ground (p1/p3 Built-up
 * Areas: a block holds a single unit). Under `beyond` the unit goes on through the friend (and any
 * behind it) to the first clear ground, so it retreats at least its distance, and what stops it
 * there is read as if the friends were not there: an enemy behind them stops it short of the friend,
 * stopped by that enemy ('blocked': cut off under aoe.blockedRetreat cutOff), and the table edge
 * behind them takes it off the lane ('offLane': removed, rulings 3.6). A recall, "up to a full move"
 * (`upTo`), stops at the friend's near edge instead. Under `short` a friend stops the retreat at its
 * near edge, as an enemy behind does. Stopping short, the unit never comes back past where its
 * retreat began (`start`). `share` leaves it where it ended.
 */
function clearOfFriends(p: Play, u: number, start: number, upTo: boolean): 'clear' | 'blocked' | 'offLane' {
  const rule = p.c.options.retreatOntoFriend;
  if (rule === 'share') return 'clear';
  let past: 'clear' | 'blocked' = 'clear';
  const side = p.c.specs[u].side;
  const b = p.st.body[u];
  const n = p.c.specs.length;
  if (rule === 'beyond' && !upTo) {
    for (let guard = 0; guard < n; guard++) {
      const v = unitOverlapping(p.c, p.st, u, side);
      if (v < 0) return 'clear';
      const o = p.st.body[v];
      // Back until u's front is past the friend's far edge.
      const extra = b.facing > 0 ? b.front - axialMin(o) : axialMax(o) - b.front;
      if (extra > roomBehind(p.c.lane, b) + EPS) return 'offLane'; // the friend stands at the table edge
      fallBack(p.c, p.st, u, extra);
      if (axialOverlap(b, o) > EPS) {
        past = 'blocked'; // an enemy behind the friend
        break;
      }
    }
  }
  // Short of the friends: its rear on the near edge of each friend it stands on, never past `start`.
  for (let guard = 0; guard < n; guard++) {
    const v = unitOverlapping(p.c, p.st, u, side);
    if (v < 0) break;
    const o = p.st.body[v];
    const near = b.facing > 0 ? axialMax(o) : axialMin(o);
    let front = near + b.facing * b.depth;
    if ((front - start) * b.facing >= 0) front = start;
    b.front = front;
    if (front === start) break;
  }
  return past;
}

/** A full move for u where it stands (rulings 3.2: the basic rate; a square or a block unit as Line). */
export function fullMoveOf(p: Play, u: number): number {
  const s = p.c.specs[u];
  return fullMove(s.arm, p.st.formationOf(u), s.horse);
}

/**
 * Cavalry recalls up to a full move (p2, p3): back toward its own edge, stopping there (never off the
 * lane), counted as a forced retreat.
 */
export function recall(p: Play, u: number): void {
  const from = p.st.body[u].front;
  const side = p.c.specs[u].side;
  retreat(p, u, fullMoveOf(p, u), 'recall', true);
  p.res.extras[X.recalls[side]]++;
  if (p.sink && !p.st.removed[u]) p.sink({ type: 'recall', side, unit: p.c.specs[u].id, from, to: p.st.body[u].front });
}

/**
 * Cavalry in contact with a unit in a village block (a charge or a breakthrough charge) is disordered
 * (p3 Built Up Areas: always Disordered), unless aoe.buaCavalry combatOnly.
 */
export function cavalryAtBua(p: Play, u: number, t: number): void {
  if (p.c.specs[u].arm === 'cavalry' && p.st.block[t] >= 0 && buaContactDisorders(p.c.options.buaCavalry)) disorder(p, u);
}

/** u's move enters vacant village block k and ends there (p1 Built-up Areas). */
export function stopInBlock(p: Play, u: number, k: number): void {
  const c = p.c;
  const b = p.st.body[u];
  const from = b.front;
  occupyBlock(c, p.st, u, k);
  dropLostContacts(p.st, u);
  if (p.sink) {
    p.sink({ type: 'move', side: c.specs[u].side, unit: c.specs[u].id, path: [from, b.front] });
    p.sink({ type: 'occupy', side: c.specs[u].side, unit: c.specs[u].id, at: b.front, block: true });
  }
}
