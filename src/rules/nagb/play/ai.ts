/**
 * The players: every choice the rules leave open, made by the side's doctrine (../doctrine.ts) or, for
 * the random-legal baseline, at random among the legal choices from the side's AI dice. The rules'
 * obligations are not here: the play modules enforce them and ask only what is a choice.
 */
import { EPS, frontGap } from '../../../table/index.js';
import { outOfRangeSurcharge } from '../command.js';
import type { ChargeReaction } from '../charge.js';
import { reactionAllowed } from '../charge.js';
import { squareFireAtChargers } from '../shooting.js';
import { type NagbPurpose, PURPOSE, PURPOSES } from '../vocabulary.js';
import {
  bodyGap,
  canisterAtChargersOf,
  chargeBaseOf,
  chargeThreat,
  commanderDistance,
  enemyAhead,
  formationFits,
  nearestEnemyDistance,
  sectorAtEdge,
} from './geometry.js';
import { BROKEN, type Game, type Intent, type LaneFormation, type Unit, clear } from './state.js';
import { brokenBrigadeMayAdvance } from '../brigade.js';

const STATUS = ['intact', 'faltering', 'broken'] as const;

/** A coin of the side's AI dice. */
function coin(g: Game, side: 0 | 1, p = 0.5): boolean {
  return g.ai(side)() < p;
}

/** A whole number 0..n-1 from the side's AI dice. */
export function pick(g: Game, side: 0 | 1, n: number): number {
  return Math.floor(g.ai(side)() * n);
}

const IMPORTANT_PURPOSES: readonly NagbPurpose[] = ['breakTest', 'brigade', 'panic', 'charge', 'chargeHome', 'formSquare', 'proximity', 'rally', 'burstThrough'];
/** By purpose index (vocabulary.PURPOSE): rerolled under `rerolls: important`. */
const IMPORTANT: readonly boolean[] = PURPOSES.map((p) => IMPORTANT_PURPOSES.includes(p));

/** p4: whether the commander declares his personal influence on this test. */
export function wantsInfluence(g: Game, u: Unit, purpose: number): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  return d.influence && purpose !== PURPOSE.pinning;
}

/** p3: whether to spend a pip on rerolling this failed test (at `ld`, influence in). */
export function wantsReroll(g: Game, u: Unit, purpose: number, ld: number): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  if (d.rerolls === 'none' || ld < 2) return false;
  if (d.rerolls === 'all') return true;
  return IMPORTANT[purpose] && !(purpose === PURPOSE.rally && u.state !== BROKEN);
}

/** What an order to u costs now (p3, p4). */
export function costFor(g: Game, u: Unit, base: number): number {
  const b = u.spec.brigade;
  return base + outOfRangeSurcharge(commanderDistance(g, b, u), g.c.brigades[b].commander.row.radius);
}

/** Pips the brigade of u may spend now, keeping back what the doctrine keeps for later in the turn. */
export function spare(g: Game, u: Unit, keep: boolean): number {
  const b = u.spec.brigade;
  if (g.unhorsed[b]) return 0;
  const d = g.doctrine(u.side);
  return g.pips[b] - (keep && !d.random ? d.keepPips : 0);
}

// ---------------------------------------------------------------------------------------------------
// Commanders

/**
 * p2, p4: where a brigade commander rides (into Game.spot) (10", before his orders): with personal influence, 1" behind
 * the unit nearest the enemy (within 4" of it); otherwise 2" behind the middle of his brigade's units.
 * Random: behind a unit of his brigade picked at random.
 */
export function commanderSpot(g: Game, b: number): void {
  const spec = g.c.brigades[b];
  const side = spec.side;
  const d = g.doctrine(side);
  const facing = g.c.sides[side].facing;
  let lead = -1;
  let leadGap = Infinity;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const i of spec.units) {
    const u = g.units[i];
    if (!u.active || u.spec.arm === 'artillery') continue;
    const rear = u.body.front - facing * u.body.depth;
    sx += rear;
    sy += u.body.offset;
    n++;
    const gap = nearestEnemyDistance(g, u);
    if (gap < leadGap) {
      leadGap = gap;
      lead = i;
    }
  }
  if (n === 0) return spotAt(g, g.cmdX[b], g.cmdY[b]);
  if (d.random) {
    const live = spec.units.filter((i) => g.units[i].active && g.units[i].spec.arm !== 'artillery');
    const u = g.units[live[pick(g, side, live.length)]];
    return spotAt(g, u.body.front - facing * (u.body.depth + 1), u.body.offset);
  }
  if (d.influence && lead >= 0) {
    const u = g.units[lead];
    return spotAt(g, u.body.front - facing * (u.body.depth + 1), u.body.offset);
  }
  spotAt(g, sx / n - facing * 2, sy / n);
}

/** commanderSpot's answer, into Game.spot (no pair allocated). */
function spotAt(g: Game, x: number, y: number): void {
  g.spot[0] = x;
  g.spot[1] = y;
}

// ---------------------------------------------------------------------------------------------------
// Charges and reactions

/** A target worth charging for the doctrine: weakened (disordered, shaken, blown, silenced) or any. */
function weakened(t: Unit): boolean {
  return t.disordered;
}

/**
 * p12: whether u (able to charge t at distance D) declares the charge. Attackers by the doctrine's
 * `charge` and `chargeMargin`; defenders only counter-charge weakened attackers; cavalry never charges a
 * formed square by choice; random: a coin.
 */
export function wantsCharge(g: Game, u: Unit, t: Unit, D: number): boolean {
  // p29 (nagb.brokenBrigade withdraw): a broken brigade charges no more.
  if (!brokenBrigadeMayAdvance(STATUS[g.brigadeStatus[u.spec.brigade]], g.c.options)) return false;
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  const base = chargeBaseOf(g, u);
  if (D > base + d.chargeMargin + EPS) return false;
  if (u.spec.arm === 'cavalry') {
    if (t.formation === 'square' && !t.disordered) return false;
    return g.attacks(u.side) || d.counterCharge || weakened(t);
  }
  if (!g.attacks(u.side)) return d.counterCharge && weakened(t);
  if (d.charge === 'never') return false;
  // p30: an empty sector at the column's edge is taken rather than charged through.
  if (d.enterSectors && sectorAtEdge(g, u) >= 0) return false;
  if (d.charge === 'weakened') return weakened(t) || t.spec.arm === 'artillery';
  return true;
}

/**
 * p5, p12-13, p19: the target's reaction to a charge, among those allowed. Doctrines: infantry charged
 * by cavalry forms square (unless already in one, or in a village, or the doctrine never does), else
 * stands and shoots if loaded; infantry charged by infantry as the doctrine says; a battery stands
 * against infantry and, against cavalry, flees or (doctrine `battery`) fires canister and flees when
 * its guns reach. Random: any allowed reaction.
 */
export function chooseReaction(g: Game, t: Unit, charger: Unit): ChargeReaction {
  const d = g.doctrine(t.side);
  // A battery's fire at chargers is its guns' canister (p19-20); its crew carry no small arms.
  const canister = t.spec.arm === 'artillery' ? canisterAtChargersOf(g, t, charger, Math.max(0, frontGap(charger.body, t.body))) : 0;
  const loaded = t.spec.arm === 'artillery' ? canister > 0 : t.loaded && !t.noFire;
  // p25, p40: horse without carbines or pistols has nothing to fire.
  const armed = t.spec.arm === 'artillery' || t.spec.weapon !== null;
  const rc = {
    arm: t.spec.arm,
    formation: t.formation === 'battery' ? 'line' : t.formation,
    armed,
    loaded,
    skirmishers: false,
    lightCavalry: t.spec.light,
    crew: t.spec.arm === 'artillery',
    onReact: false,
    chargerFormed: true,
    // p8, p10 (nagb.squareWithoutVolley): a square fires its volley, or without one as the option says.
    squareFires: t.formation === 'square' && squareFireAtChargers(t.disordered, t.lowAmmo, g.c.options) !== 'none',
  } as const;
  const squareOk = t.spec.arm === 'infantry' && t.formation !== 'square' && t.sector < 0 && formationFits(g, t, 'square');
  if (d.random) {
    const options: ChargeReaction[] = [];
    for (const r of ['stand', 'standAndShoot', 'fireAndFlee', 'flee', 'formSquare'] as const) {
      if (r === 'formSquare' && !squareOk) continue;
      if (r === 'standAndShoot' && t.spec.arm === 'artillery') continue;
      if (reactionAllowed(r, rc)) options.push(r);
    }
    return options[pick(g, t.side, options.length)];
  }
  if (t.spec.arm === 'artillery') {
    if (charger.spec.arm !== 'cavalry') return 'stand';
    return d.battery === 'fireAndFlee' && loaded ? 'fireAndFlee' : 'flee';
  }
  if (charger.spec.arm === 'cavalry' && t.spec.arm === 'infantry' && squareOk && d.square !== 'never') return 'formSquare';
  if (d.reaction === 'standAndShoot' && reactionAllowed('standAndShoot', rc)) return 'standAndShoot';
  return 'stand';
}

// ---------------------------------------------------------------------------------------------------
// Movement

export type { Intent };

const HOLD: Intent = { kind: 'hold' };

/** The formations an infantry or cavalry unit may take by an order. */
function formationsFor(u: Unit): LaneFormation[] {
  if (u.spec.arm === 'cavalry') return ['line', 'column'];
  return ['line', 'attackColumn', 'marchColumn', 'square'];
}

/** How far the unit's normal pace takes it (p6, p22): infantry by formation, cavalry at a canter. */
export function paceOf(g: Game, u: Unit): number {
  if (u.spec.arm === 'cavalry') return 10;
  switch (u.formation) {
    case 'line':
      return 6;
    case 'attackColumn':
    case 'marchColumn':
      return 8;
    case 'square':
      return 1;
    default:
      return 0;
  }
}

/** The unit's intent in its movement phase. */
export function moveIntent(g: Game, u: Unit, cavalryPhase: boolean): Intent {
  const d = g.doctrine(u.side);
  if (d.random) return randomIntent(g, u);
  if (u.state === BROKEN || u.spec.arm === 'artillery') return HOLD;
  const threatCav = u.spec.arm === 'infantry' ? nearestEnemyDistance(g, u, 2) : Infinity;
  // p13: a square formed early against cavalry that could charge next turn; back to line when it is gone.
  if (u.spec.arm === 'infantry' && u.sector < 0 && d.square === 'early' && !u.disordered) {
    if (u.formation !== 'square' && threatCav <= 22) return { kind: 'form', formation: 'square' };
  }
  if (u.formation === 'square' && threatCav > 24 && !u.disordered) return { kind: 'form', formation: g.attacks(u.side) ? d.advanceIn : 'line' };
  if (!g.attacks(u.side) || u.sector >= 0 || u.disordered || (cavalryPhase && u.spec.arm !== 'cavalry')) return HOLD;
  // p29 (nagb.brokenBrigade withdraw): a broken brigade advances no more.
  if (!brokenBrigadeMayAdvance(STATUS[g.brigadeStatus[u.spec.brigade]], g.c.options)) return HOLD;
  if (u.formation === 'square') return HOLD;
  // p30: an empty sector at the unit's edge: enter it.
  if (d.enterSectors && u.spec.arm === 'infantry') {
    const v = sectorAtEdge(g, u);
    if (v >= 0) return { kind: 'enter', sector: v };
  }
  const e = enemyAhead(g, u);
  const gap = e >= 0 ? frontGap(u.body, g.units[e].body) : objectiveGap(g, u);
  const near = nearestEnemyDistance(g, u);
  let want: LaneFormation | null = null;
  if (u.spec.arm === 'infantry') {
    const f: LaneFormation = d.deployWithin > 0 && near <= d.deployWithin ? 'line' : d.advanceIn;
    if (f !== u.formation) want = f;
  }
  // Cavalry closes on anything but a formed square; from a square it keeps beyond its aggressive 8" (p22).
  const square = e >= 0 && g.units[e].formation === 'square' && !g.units[e].disordered;
  const stop = u.spec.arm === 'cavalry' ? (square ? 8.5 : 1) : d.closeTo > 0 ? d.closeTo : 2;
  if (e < 0 && gap <= 0.5) return want ? { kind: 'form', formation: want } : HOLD;
  if (gap <= stop + 0.5) return want ? { kind: 'form', formation: want } : HOLD;
  return { kind: 'advance', dist: gap - stop, formation: want };
}

/** Axial distance from u's front to the objective, along its facing. */
function objectiveGap(g: Game, u: Unit): number {
  return (g.c.objective.x - u.body.front) * u.body.facing;
}

/** Random-legal movement: hold, advance, step back, change formation, or enter a sector, at random. */
function randomIntent(g: Game, u: Unit): Intent {
  if (u.state === BROKEN || u.spec.arm === 'artillery') return HOLD;
  const mayAdvance = brokenBrigadeMayAdvance(STATUS[g.brigadeStatus[u.spec.brigade]], g.c.options);
  const side = u.side;
  const r = pick(g, side, 6);
  const pace = paceOf(g, u);
  switch (r) {
    case 0:
      return HOLD;
    case 1:
    case 2: {
      const v = sectorAtEdge(g, u);
      if (v >= 0 && u.spec.arm === 'infantry' && coin(g, side)) return { kind: 'enter', sector: v };
      const dist = g.ai(side)() * pace;
      return mayAdvance ? { kind: 'advance', dist, formation: null } : HOLD;
    }
    case 3:
      return { kind: 'back', dist: g.ai(side)() * 2 };
    case 4: {
      if (u.disordered) return HOLD;
      const fs = formationsFor(u).filter((f) => f !== u.formation);
      return { kind: 'form', formation: fs[pick(g, side, fs.length)] };
    }
    default:
      return { kind: 'fallBack', rapid: coin(g, side) };
  }
}

/** p3: spend a pip on a general advance of the brigade's columns when two or more would advance. */
export function wantsGeneralAdvance(g: Game, side: 0 | 1, columns: number): boolean {
  const d = g.doctrine(side);
  if (d.random) return columns >= 1 && coin(g, side);
  return d.generalAdvance && columns >= 2;
}

/** p2: whether a column in good order moves in the reserve phase. */
export function wantsReserveMove(g: Game, u: Unit): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  return d.reserveMoves && g.attacks(u.side);
}

/**
 * Order units ask for pips in, written into `out`: the one nearest the enemy first, ties by index
 * (random: shuffled).
 */
export function orderOfUnits(g: Game, units: readonly number[], out: number[]): number[] {
  clear(out);
  for (const i of units) out.push(i);
  if (out.length < 2) return out;
  const side = g.units[out[0]].side;
  if (g.doctrine(side).random) return shuffled(g, side, out);
  const key = g.sortKey;
  for (const i of out) key[i] = nearestEnemyDistance(g, g.units[i]);
  // Insertion sort: a handful of units, no closure.
  for (let i = 1; i < out.length; i++) {
    const v = out[i];
    let j = i - 1;
    while (j >= 0 && (key[out[j]] > key[v] || (key[out[j]] === key[v] && out[j] > v))) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = v;
  }
  return out;
}

/** orderOfUnits for random-legal play: shuffled in place. */
function shuffled(g: Game, side: 0 | 1, out: number[]): number[] {
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(g, side, i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Fire

/**
 * p10, p12: whether a loaded unit fires in this fire phase or keeps its load to stand and shoot: the
 * doctrine holds fire while an enemy could charge it next turn. Random: a coin.
 */
export function firesNow(g: Game, u: Unit): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  if (u.spec.arm === 'artillery' || u.sector >= 0) return true;
  return !(d.holdFire && chargeThreat(g, u, 2));
}

/** p10: whether to spend a pip on a volley at this range. Random: a coin. */
export function wantsVolley(g: Game, u: Unit, distance: number): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  return d.volleyWithin > 0 && distance <= d.volleyWithin + EPS;
}

/** Which of the candidate targets a unit fires at: the nearest (random: any). */
export function pickTarget(g: Game, u: Unit, cands: ArrayLike<number>, count = cands.length): number {
  if (count === 0) return -1;
  if (g.doctrine(u.side).random) return cands[pick(g, u.side, count)];
  let best = cands[0];
  let bd = Infinity;
  for (let i = 0; i < count; i++) {
    const k = cands[i];
    const dd = bodyGap(u.body, g.units[k].body);
    if (dd < bd) {
      bd = dd;
      best = k;
    }
  }
  return best;
}

/** Whether a battery spends its pip to fire (random: a coin). */
export function batteryFires(g: Game, u: Unit): boolean {
  const d = g.doctrine(u.side);
  return d.random ? coin(g, u.side) : true;
}

// ---------------------------------------------------------------------------------------------------
// After a melee

/** p16: whether a melee winner tries to stand (test) rather than pursue or fall back. */
export function wantsToStand(g: Game, u: Unit): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  return d.stand;
}

/** p23: whether cavalry that won, or fought cavalry with nobody broken, is recalled (a pip). */
export function wantsRecall(g: Game, u: Unit): boolean {
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  return d.recall;
}

/** The most a 3d6 fall back can carry a unit (p2, p23: a recall of blown cavalry). */
const RECALL_MOST = 18;

/**
 * p2, p23: whether to spend a pip recalling blown cavalry in the rally phase, with `unsafe` an enemy still
 * within its safe distance: the doctrine's rallyRecall, and only when its 3d6 back cannot carry it off
 * the table (p6). Random: a coin whenever there is a pip to spend.
 */
export function wantsRallyRecall(g: Game, u: Unit, unsafe: boolean): boolean {
  if (spare(g, u, true) < costFor(g, u, 1)) return false;
  const d = g.doctrine(u.side);
  if (d.random) return coin(g, u.side);
  if (!d.rallyRecall || !unsafe) return false;
  const b = u.body;
  const lane = g.c.lane;
  const behind = b.facing > 0 ? b.front - b.depth - lane.xMin : lane.xMax - (b.front + b.depth);
  return behind > RECALL_MOST + EPS;
}

// ---------------------------------------------------------------------------------------------------
// Command

/** p2, p4: pips of the CinC put on the initiative roll (the rest go to his brigades). Random: any share. */
export function initiativePips(g: Game, side: 0 | 1, pips: number): number {
  const d = g.doctrine(side);
  if (d.random) return pick(g, side, pips + 1);
  return Math.min(pips, d.initiativePips);
}

/** nagb.initiative winnerChooses: whether the winner moves first (side A). Random: a coin. */
export function choosesToMoveFirst(g: Game, side: 0 | 1): boolean {
  const d = g.doctrine(side);
  if (d.random) return coin(g, side);
  return true;
}

/** Does any unit of the side stand within `d` of the enemy (for the reserve phase's 8"). */
export function enemyWithin(g: Game, u: Unit, d: number): boolean {
  for (const e of g.units) if (e.side !== u.side && !e.removed && bodyGap(u.body, e.body) <= d + EPS) return true;
  return false;
}
