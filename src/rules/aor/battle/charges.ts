/**
 * Cavalry charges (7.6, 7.10), pursuit (7.7), reaction charges (7.8) and cavalry retreat before
 * assault (7.11) on the map.
 */
import type { EngagementDice } from '../../../core/dice.js';
import { d6, twoD6 } from '../../../core/dice.js';
import type { AorSink } from '../events.js';
import { reachRung, recordCheck, RUNG, type EngagementResult, type SideIndex } from '../../../core/result.js';
import { PURPOSE } from '../vocabulary.js';
import { groupCheck, loseFootArtillery } from '../assault.js';
import { hitsFor } from '../fireTable.js';
import { allocateHits } from '../hits.js';
import { BRIDGE, FORTIFIED, RIVER, STREAM } from '../map.js';
import { NO_SITUATION, passProbability, unitMorale } from '../morale.js';
import { roundHalfUp, terrainFactor } from '../numbers.js';
import { carryOutRetreat, defendsObjective, markHolder, retreatHex } from './retreat.js';
import { choosesRetreatBeforeAssault } from '../doctrine/assault.js';
import { recordEliminations } from './losses.js';
import type { BattleState } from './state.js';
import type { AorOptions } from '../options.js';

const CLEAR = 0, TOWN = 1, CHATEAU = 2, WOODS = 3, FOREST = 4, FORT = 5;

/** Terrain Effects "Charge" column: reduction of the charger for the target's hex (NaN: N/A). */
export function chargeIntoHex(terrain: number): number {
  if (terrain === TOWN) return 0.5;
  if (terrain === WOODS || terrain === FOREST) return 0.75;
  if (terrain === CHATEAU || terrain === FORT) return NaN; // chateau N/A; forts cannot be charged (10.1)
  return 0;
}

/** Whether a charge may cross this hexside: not a river without a bridge, a bridge (N/A) or a wall. */
function crossable(b: BattleState, hex: number, d: number, final: boolean): boolean {
  const f = b.c.map.sides[b.c.map.grid.hexsideId(hex, d)];
  if (f & RIVER && !(f & BRIDGE)) return false;
  if (f & BRIDGE || f & FORTIFIED) return false;
  // 7.6: a charge passes over clear ground and crests only; the final hexside may be a stream (-25%).
  if (f & STREAM && !final) return false;
  return true;
}

export interface ChargeOption {
  target: number;
  /** The empty clear hex crossed on a two-hex charge, or -1. */
  via: number;
}

/** 7.6: the enemy hexes cavalry in `from` may charge: adjacent, or two hexes off across an empty clear hex. */
export function chargeOptions(b: BattleState, side: SideIndex, from: number): ChargeOption[] {
  const g = b.c.map.grid;
  const out: ChargeOption[] = [];
  const seen = new Set<number>();
  const add = (target: number, via: number) => {
    if (seen.has(target) || Number.isNaN(chargeIntoHex(b.c.map.terrain[target]))) return;
    seen.add(target);
    out.push({ target, via });
  };
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[from * 6 + d];
    if (n < 0) continue;
    if (b.sideAt[n] === 1 - side) {
      if (crossable(b, from, d, true)) add(n, -1);
      continue;
    }
    if (b.count[n] !== 0 || b.c.map.terrain[n] !== CLEAR || !crossable(b, from, d, false)) continue;
    for (let d2 = 0; d2 < 6; d2++) {
      const t = g.neighbors[n * 6 + d2];
      if (t < 0 || b.sideAt[t] !== 1 - side || g.distance(from, t) !== 2) continue;
      if (crossable(b, n, d2, true)) add(t, n);
    }
  }
  return out.sort((x, y) => x.target - y.target || x.via - y.via);
}

/** The side's cavalry that may charge this turn: on the map, not charged yet, under Attack or Defend orders. */
export function readyCavalry(b: BattleState, side: SideIndex): number[] {
  return b.c.sides[side].units.filter((u) => isReadyCavalry(b, u));
}

export function isReadyCavalry(b: BattleState, u: number): boolean {
  if (b.pos[u] < 0 || b.spec(u).kind !== 'cavalry' || b.charged[u] || !b.inCommand[u]) return false;
  const o = b.unitOrders(u);
  return o === 'attack' || o === 'defend';
}

export interface ChargeResult {
  /** Steps lost by the chargers and by the target. */
  chargerLost: number;
  targetLost: number;
  winner: 'charger' | 'target' | 'tie';
  squareFormed: boolean;
}

/** The strength factor of the square rule (aor.squareEffect): 7.6 normal/double, 7.10 half/normal. */
export function squareFactor(effect: '7.6' | '7.10', formed: boolean): number {
  if (effect === '7.6') return formed ? 1 : 2;
  return formed ? 0.5 : 1;
}

/** The hex a charge enters its target from: the empty hex a two-hex charge crosses (7.6), else its start. */
function approachHex(b: BattleState, side: SideIndex, from: number, target: number): number {
  if (b.c.map.grid.distance(from, target) !== 2) return from;
  const via = chargeOptions(b, side, from).find((o) => o.target === target)?.via ?? -1;
  return via >= 0 ? via : from;
}

/**
 * 7.10 flank charge: the target already stands next to a unit on the chargers' side, and the charge
 * comes from a different hex; not against towns. `engaged` are units that do not count as such friends:
 * the chargers themselves, and (7.6) every charger of the segment, which has moved into its own target.
 */
export function isFlankCharge(b: BattleState, side: SideIndex, from: number, target: number, engaged: readonly number[]): boolean {
  if (b.c.map.terrain[target] === TOWN) return false;
  const g = b.c.map.grid;
  const approach = approachHex(b, side, from, target);
  for (let d = 0; d < 6; d++) {
    const n = g.neighbors[target * 6 + d];
    if (n < 0 || n === approach || b.sideAt[n] !== side) continue;
    if (b.stackAt(n).some((u) => !engaged.includes(u))) return true;
  }
  return false;
}

/**
 * Resolve one charge (7.6): the target forms square or not, both sides fire once, the side that loses
 * more steps loses; losses are never halved. Does not move anyone: see carryOutCharge.
 */
export function resolveCharge(
  b: BattleState,
  chargers: readonly number[],
  from: number,
  target: number,
  dice: EngagementDice,
  res: EngagementResult,
  /**
   * reaction: a 7.8 charge; backhand: 7.10's backhand blow; pursuit: a pursuit's round (7.7), where
   * `silent` units of the target hex do not fire back (the pursued); flank: 7.10's flank charge as
   * judged before the segment's charges resolved (7.6).
   */
  opts: { reaction?: boolean; backhand?: boolean; pursuit?: boolean; silent?: readonly number[]; flank?: boolean } = {},
  sink?: AorSink,
): ChargeResult {
  const st = b.st;
  const c = b.c;
  const side = b.spec(chargers[0]).side;
  const enemy = (1 - side) as SideIndex;
  const defenders = b.stackAt(target);
  const g = c.map.grid;
  const approach = approachHex(b, side, from, target);
  // 7.6 / 7.10: infantry that is all undisrupted checks morale to form square.
  const infantry = defenders.filter((u) => b.spec(u).kind === 'infantry');
  let formed = false;
  if (infantry.length > 0 && infantry.every((u) => !st.disrupted[u])) {
    formed = groupCheck(st, defenders, defenders.length, enemy, NO_SITUATION, c.options, dice, res, 'square', sink);
    res.extras.squareChecks++;
    if (formed) {
      res.extras.squaresFormed++;
      res.sides[enemy].squaresFormed++;
    }
    if (sink) sink({ type: 'square', side: enemy, hex: target, formed });
  }
  let factor = infantry.length === 0 && c.options.chargeWithoutInfantry === 'normal' ? 1 : squareFactor(c.options.squareEffect, formed);
  // 7.10 flank charge, judged by the caller when charges resolve together (7.6), else here.
  if (opts.flank ?? isFlankCharge(b, side, from, target, chargers)) {
    factor *= 2;
    res.extras.flankCharges++;
  }
  if (opts.backhand) factor *= 2; // 7.10 backhand blow
  // Terrain Effects "Charge" column: the target's hex and a stream on the final hexside.
  const d = g.directionTo(target, approach);
  const flags = d >= 0 ? c.map.sides[g.hexsideId(target, d)] : 0;
  const terrain = terrainFactor(c.options.terrainReductions, chargeIntoHex(c.map.terrain[target]), flags & STREAM && !(flags & BRIDGE) ? 0.25 : 0);
  let raw = 0;
  for (const u of chargers) if (st.present(u)) raw += st.strength(u) * (st.disrupted[u] ? 0.5 : 1);
  raw *= factor * terrain;
  let rawD = 0;
  const halve = c.options.chargeDefenceFire === 'halvedUnlessRepeating';
  const firing = opts.silent ? defenders.filter((u) => !opts.silent!.includes(u)) : defenders;
  for (const u of firing) rawD += st.strength(u) * (st.disrupted[u] ? 0.5 : 1) * (halve && !b.spec(u).repeating ? 0.5 : 1);
  const sA = roundHalfUp(raw);
  const rollA = twoD6(dice.fire(side));
  const hitsA = hitsFor(sA, rollA);
  const returnFire = firing.length > 0;
  if (sink) sink({ type: 'fire', side, rawStrength: raw, strength: sA, roll: rollA, hits: hitsA, modifiers: chargeLabels(c.options.squareEffect, formed, factor, opts, returnFire) });
  let hitsD = 0;
  // A charge (not a pursuit's extra round, 7.7) that comes to be resolved went home.
  if (!opts.pursuit) res.sides[side].chargesHome++;
  if (returnFire) {
    const sD = roundHalfUp(rawD);
    const rollD = twoD6(dice.fire(enemy));
    hitsD = hitsFor(sD, rollD);
    if (sink) sink({ type: 'fire', side: enemy, rawStrength: rawD, strength: sD, roll: rollD, hits: hitsD, modifiers: ['against a charge (7.6)'] });
  }
  const combined = c.options.hitAllocation === 'combined';
  const dS = c.sides[side].doctrine, dE = c.sides[enemy].doctrine;
  const targetLost = allocateHits(st, defenders, defenders.length, hitsA, combined, dE.hitAllocation, dE.hitAllocation === 'random' ? dice.ai(enemy) : NEVER, res, sink);
  const chargerLost = allocateHits(st, chargers, chargers.length, hitsD, combined, dS.hitAllocation, dS.hitAllocation === 'random' ? dice.ai(side) : NEVER, res, sink);
  recordEliminations(b, res, sink);
  const winner = targetLost > chargerLost ? 'charger' : targetLost < chargerLost ? 'target' : 'tie';
  return { chargerLost, targetLost, winner, squareFormed: formed };
}

const NEVER = () => {
  throw new Error('a deterministic hit allocation drew a random number');
};

function chargeLabels(effect: string, formed: boolean, factor: number, opts: { reaction?: boolean; backhand?: boolean; pursuit?: boolean; silent?: readonly number[] }, returnFire: boolean): string[] {
  const pursuit = !returnFire
    ? 'pursuit: no return fire (7.7)'
    : opts.silent?.length
      ? 'pursuit: the retreated do not fire back, the others in the hex do (7.7)'
      : 'pursuit: a charge on another enemy (7.7)';
  return [
    opts.reaction ? 'reaction charge (7.8)' : opts.pursuit ? pursuit : 'charge (7.6)',
    `square ${formed ? 'formed' : 'not formed'} (aor.squareEffect ${effect})`,
    `x${factor} in all`,
    ...(opts.backhand ? ['backhand blow x2 (7.10)'] : []),
  ];
}

/** The losing side of a charge falls back: the chargers to their start hex, the target one hex away. */
export function carryOutCharge(
  b: BattleState,
  chargers: readonly number[],
  from: number,
  target: number,
  r: ChargeResult,
  pursue: PursuitChoice,
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
  /** 7.8, 7.10: enemy cavalry may react to a pursuit (a charge), with the backhand blow; not the pursued. */
  react?: (pursuer: number, path: number[], backhand: boolean, exclude: readonly number[]) => void,
  /** A pursuit's round against another enemy (7.7): its loser falls back, and nobody pursues again. */
  pursuitRound = false,
  /** Units that are no flank friends of a pursuit's target (7.6, 7.10): the segment's chargers, each gone into its own target. */
  engaged: readonly number[] = chargers,
): void {
  const st = b.st;
  const side = b.spec(chargers[0]).side;
  let left = chargers.filter((u) => st.alive(u));
  const chargerFallsBack = chargersFallBack(r, b.c.options.chargeTie);
  // A pursuit's round is no charge declared (7.6): it counts as neither won nor lost.
  if (!pursuitRound && r.winner === 'charger') {
    res.extras[`chargesWon.${side}`]++;
    res.sides[side].chargesWon++;
  } else if (!pursuitRound && r.winner === 'target') res.extras[`chargesLost.${side}`]++;
  if (chargerFallsBack) {
    // 7.6: the charger retreats to its start hex (it never left it on our map), disrupted like any retreat (7.4).
    for (const u of left) {
      if (!st.disrupted[u]) {
        st.disrupted[u] = 1;
        res.sides[side].disruptions++;
      }
      res.sides[side].retreatsForced++;
      res.units[u].retreated = true;
      reachRung(res, side, u, RUNG.shaken);
    }
    return;
  }
  if (r.winner !== 'charger') return;
  // The target lost: it retreats one hex, disrupted (7.4 as 7.6 applies it); foot artillery cannot
  // retreat and is destroyed instead (7.4), for good if the winner takes the hex.
  const beaten = b.stackAt(target);
  const guns: number[] = [];
  for (const u of beaten) {
    if (b.spec(u).kind === 'artillery') {
      loseFootArtillery(st, u, (1 - side) as SideIndex, res, sink);
      guns.push(u);
      continue;
    }
    st.retreated[u] = 1;
    res.sides[1 - side].retreatsForced++;
    res.units[u].retreated = true;
    reachRung(res, (1 - side) as SideIndex, u, RUNG.shaken);
    if (!st.disrupted[u]) {
      st.disrupted[u] = 1;
      res.sides[1 - side].disruptions++;
    }
  }
  if (guns.length > 0) recordEliminations(b, res, sink);
  carryOutRetreat(b, target, [from], dice, res, sink);
  b.computeZoc();
  if (left.length === 0 || pursuitRound) return;
  // 7.7: pursue by choice, or forced on a roll above the pursuit rating, while there is an enemy to pursue.
  const fled = beaten.filter((u) => st.alive(u) && b.pos[u] >= 0);
  const targets = pursuitTargets(b, side, target, fled);
  if (targets.length > 0) {
    let choice = pursue(left, target, targets, false);
    if (choice < 0) {
      const rating = pursuitRating(b, left);
      if (rating >= 0) {
        const roll = d6(dice.morale(side));
        const forced = roll > rating;
        recordCheck(res.sides[side], PURPOSE.pursuit, false, -1, -1, !forced);
        if (sink) sink({ type: 'check', side, purpose: 'pursuit', unit: b.spec(left[0]).id, target: rating, modifiers: ['pursuit test (7.7): a roll above the rating pursues'], roll, passed: !forced });
        if (forced) {
          res.extras[`pursuitsForced.${side}`]++;
          // The chooser must name a target now; the first (the retreated units when there) if it does not.
          choice = Math.max(0, pursue(left, target, targets, true));
        }
      }
    } else res.extras[`pursuitsChosen.${side}`]++;
    if (choice >= 0) left = pursueInto(b, left, from, target, targets[choice], fled, engaged, dice, res, sink, react);
  }
  // The winner may stay in the target hex (7.6): the doctrine takes it when it is empty.
  if (b.count[target] === 0 && left.some((u) => st.alive(u))) {
    // 7.4: the guns that could not retreat are lost for good once an enemy enters their hex.
    for (const x of guns) b.permanent[x] = 1;
    for (const u of left.filter((x) => st.alive(x))) {
      b.moveTo(u, target);
      if (sink) sink({ type: 'relocate', side, unit: b.spec(u).id, from, to: target, why: 'advance' });
    }
    markHolder(b, target, side);
    b.computeZoc();
  }
}

/** 7.7: an enemy stack that cavalry which won a charge may pursue into. */
export interface PursuitTarget {
  hex: number;
  /** The units that just retreated, which do not fire back; else another enemy next to the won hex, charged as usual. */
  retreated: boolean;
}

/**
 * Chooses a pursuit (7.7) for cavalry that won the charge on `won`: the index of a target, or -1 not to
 * pursue. When `forced` (a roll above the pursuit rating) it must name one.
 */
export type PursuitChoice = (chargers: readonly number[], won: number, targets: readonly PursuitTarget[], forced: boolean) => number;

/**
 * 7.7: whom cavalry that won the charge on `won` may pursue, as a charge from the won hex could reach
 * them (chargeOptions: the Charge column not N/A, no river, bridge or wall to cross; two hexes off only
 * across an empty clear hex): the units that just retreated, or any other enemy stack next to the won hex.
 */
export function pursuitTargets(b: BattleState, side: SideIndex, won: number, fled: readonly number[]): PursuitTarget[] {
  const out: PursuitTarget[] = [];
  const at = fled.length > 0 ? b.pos[fled[0]] : -1; // a retreat moves its units together (7.4)
  const g = b.c.map.grid;
  for (const o of chargeOptions(b, side, won)) {
    if (o.target === at) out.unshift({ hex: at, retreated: true });
    else if (g.distance(won, o.target) === 1) out.push({ hex: o.target, retreated: false });
  }
  return out;
}

/**
 * One round of pursuit (7.7) from the won hex: enemy cavalry may react to it first (7.8, with the
 * backhand blow of 7.10); the retreated units take the pursuers' fire without replying, any other enemy
 * meets a normal charge (a square, return fire, and the loser falls back), also one standing in the hex
 * the retreated entered (aor.pursuedHexFire othersFire: they fire back, the retreated do not). Returns
 * the pursuers still free to take the won hex: none if a reaction or the pursued beat them.
 */
function pursueInto(
  b: BattleState,
  pursuers: number[],
  from: number,
  won: number,
  t: PursuitTarget,
  fled: readonly number[],
  engaged: readonly number[],
  dice: EngagementDice,
  res: EngagementResult,
  sink: AorSink | undefined,
  react: ((pursuer: number, path: number[], backhand: boolean, exclude: readonly number[]) => void) | undefined,
): number[] {
  const st = b.st;
  const side = b.spec(pursuers[0]).side;
  let left = pursuers;
  // 7.7: the retreated do not fire back; others in their hex do, as any other enemy (aor.pursuedHexFire).
  const others = t.retreated && b.c.options.pursuedHexFire === 'othersFire' && b.stackAt(t.hex).some((u) => !fled.includes(u));
  const returnFire = !t.retreated || others;
  if (sink) sink({ type: 'pursuit', side, units: left.map((u) => b.spec(u).id), target: t.hex, ...(returnFire ? { returnFire } : {}), ...(t.retreated ? { retreated: true } : {}) });
  // 7.8: the pursuit is a charge that enemy cavalry may react to, doubled against pursuers (7.10); a
  // pursuer beaten by it falls back and pursues no more.
  if (react) {
    // Whether the reaction beat the pursuers: its side won a charge (one reaction at most is made).
    const wonBefore = res.extras[`chargesWon.${1 - side}`];
    react(left[0], [from, won, t.hex], true, t.retreated ? fled : []);
    if (res.extras[`chargesWon.${1 - side}`] > wonBefore) return [];
    left = left.filter((u) => st.alive(u) && b.pos[u] === from);
  }
  if (left.length === 0 || b.sideAt[t.hex] !== 1 - side) return left;
  // 7.10's flank charge as 7.6 judges it: the segment's other chargers are in their own targets.
  const flank = isFlankCharge(b, side, won, t.hex, [...engaged, ...left]);
  if (!returnFire) {
    resolveCharge(b, left, won, t.hex, dice, res, { pursuit: true, silent: b.stackAt(t.hex), flank }, sink);
    return left;
  }
  const r = resolveCharge(b, left, won, t.hex, dice, res, { pursuit: true, silent: t.retreated ? fled : [], flank }, sink);
  // After one round the pursuit stops (7.7): the loser falls back as after any charge, without a pursuit of its own.
  carryOutCharge(b, left, won, t.hex, r, NO_PURSUIT, dice, res, sink, undefined, true);
  return chargersFallBack(r, b.c.options.chargeTie) ? [] : left.filter((u) => st.alive(u));
}

/** 7.6: the chargers fall back to their start hex when they lost, or tied under aor.chargeTie chargerReturns. */
function chargersFallBack(r: ChargeResult, chargeTie: AorOptions['chargeTie']): boolean {
  return r.winner === 'target' || (r.winner === 'tie' && chargeTie === 'chargerReturns');
}

const NO_PURSUIT: PursuitChoice = () => -1;

/** 2.2, 7.7: the pursuit rating of a group of cavalry: the best given rating, else (option) its morale. */
export function pursuitRating(b: BattleState, units: readonly number[]): number {
  let best = -1;
  for (const u of units) {
    const s = b.spec(u);
    const r = s.pursuit >= 0 ? s.pursuit : b.c.options.pursuitRatingDefault === 'morale' ? unitMorale(b.st, u) : -1;
    if (r > best) best = r;
  }
  return best;
}

/** Expected strength factor of a charge on `target` given the chance it forms square (for doctrines). */
export function expectedChargeFactor(b: BattleState, target: number): number {
  const st = b.st;
  const defenders = b.stackAt(target);
  const infantry = defenders.filter((u) => b.spec(u).kind === 'infantry');
  const effect = b.c.options.squareEffect;
  if (infantry.length === 0 && b.c.options.chargeWithoutInfantry === 'normal') return 1;
  if (infantry.length === 0 || infantry.some((u) => st.disrupted[u])) return squareFactor(effect, false);
  let best = -Infinity;
  for (const u of infantry) best = Math.max(best, unitMorale(st, u));
  const p = passProbability(best);
  return p * squareFactor(effect, true) + (1 - p) * squareFactor(effect, false);
}

/**
 * 7.11: a cavalry unit or horse battery about to be assaulted may fall back a hex first, provided it
 * began the turn outside enemy ZOCs and the attackers include no cavalry. In a stack with other units it
 * goes alone, leaving them to be assaulted, or not at all (aor.retreatBeforeAssaultMixed). With no hex
 * to fall back to, it stays. Returns true when the hex emptied.
 */
export function retreatBeforeAssault(
  b: BattleState,
  defHex: number,
  attackHexes: readonly number[],
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
): boolean {
  const st = b.st;
  const defenders = b.stackAt(defHex);
  if (defenders.length === 0) return false;
  const movers = defenders.filter((u) => {
    const k = b.spec(u).kind;
    return (k === 'cavalry' || k === 'horseArtillery') && !b.startedInZoc[u];
  });
  if (movers.length === 0) return false;
  if (movers.length < defenders.length && b.c.options.retreatBeforeAssaultMixed === 'wholeStack') return false;
  if (attackHexes.some((h) => b.stackAt(h).some((u) => b.spec(u).kind === 'cavalry'))) return false;
  const side = b.spec(defenders[0]).side;
  // 7.11 "may retreat one hex": with no hex to go to (7.4's retreat hexes; off the map is none, 5.6)
  // there is nothing to choose, and the stack is assaulted where it stands.
  if (retreatHex(b, side, defHex, attackHexes, movers.length) < 0) return false;
  // 7.11 "may retreat": the side's choice (aor.retreatBeforeAssault), its assault doctrine's; a side
  // defending its objective keeps its cavalry there too, whoever else stays.
  if (b.c.options.retreatBeforeAssault === 'chosen' && !choosesRetreatBeforeAssault(b.c.sides[side].doctrine, defendsObjective(b, defenders, defHex), () => dice.ai(side)())) return false;
  const disrupts = b.c.options.retreatBeforeAssaultCohesion === 'disrupted';
  for (const u of movers) {
    st.retreated[u] = 1;
    res.sides[side].retreatsVoluntary++;
    res.units[u].retreated = true;
    // 7.4 disrupts retreating units; whether this retreat is one of them is aor.retreatBeforeAssaultCohesion.
    if (disrupts && !st.disrupted[u]) {
      st.disrupted[u] = 1;
      res.sides[side].disruptions++;
      reachRung(res, side, u, RUNG.disordered);
    }
  }
  res.extras[`retreatsBeforeAssault.${side}`]++;
  if (sink) sink({ type: 'retreat', side, forced: false, units: movers.map((u) => b.spec(u).id), beforeAssault: true });
  carryOutRetreat(b, defHex, attackHexes, dice, res, sink);
  return b.count[defHex] === 0;
}

export interface PlannedCharge {
  chargers: number[];
  from: number;
  target: number;
}

/**
 * The Cavalry Charge Segment (7.6): every planned charge moves, then all are resolved: each with the
 * modifiers it had when they all had moved, one after another for the dice; a charge whose target has
 * gone by then does nothing. Returns after the last charge.
 */
export function chargeSegment(
  b: BattleState,
  side: SideIndex,
  plan: readonly PlannedCharge[],
  pursue: PursuitChoice,
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
  /** 7.8: enemy cavalry may react to a charge or a pursuit; called with a charger, the hexes its charge crosses, whether the backhand blow applies (7.10: against pursuers), and units that may not react (the pursued). */
  react?: (charger: number, path: number[], backhand: boolean, exclude?: readonly number[]) => void,
): void {
  for (const p of plan) {
    for (const u of p.chargers) b.charged[u] = 1; // 7.6: one charge a turn
    res.extras[`charges.${side}`]++;
    res.sides[side].chargesDeclared++;
    if (sink) sink({ type: 'charge', side, units: p.chargers.map((u) => b.spec(u).id), from: p.from, target: p.target, reaction: false });
  }
  if (react) {
    for (const p of plan) {
      const first = p.chargers.find((u) => b.st.alive(u) && b.pos[u] === p.from);
      if (first !== undefined) react(first, [p.from, p.target], false);
    }
  }
  // 7.6: all charges have moved before any is resolved, so each flank charge (7.10) is judged now, on
  // the board as it stands, and the segment's chargers (each gone into its own target) count for none.
  const engaged = plan.flatMap((p) => p.chargers);
  const flank = plan.map((p) => b.sideAt[p.target] === 1 - side && isFlankCharge(b, side, p.from, p.target, engaged));
  for (const [i, p] of plan.entries()) {
    if (b.sideAt[p.target] !== 1 - side) continue;
    const chargers = p.chargers.filter((u) => b.st.alive(u) && b.pos[u] === p.from);
    if (chargers.length === 0) continue;
    const r = resolveCharge(b, chargers, p.from, p.target, dice, res, { flank: flank[i] }, sink);
    carryOutCharge(b, chargers, p.from, p.target, r, pursue, dice, res, sink, react && ((u, path, _backhand, exclude) => react(u, path, true, exclude)), false, engaged);
  }
}
