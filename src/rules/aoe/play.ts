/**
 * One engagement on the lane, the whole turn sequence (p1 Play Sequence; rulings 2): each game turn
 * an initiative roll, then the first player's March, Volley & Cannonade and Bayonet & Sabre phases,
 * then the second player's; the end conditions of rulings 5 after every Bayonet & Sabre phase and every
 * game turn. The result is filled in the common vocabulary (./results.ts).
 */
import type { EngagementDice } from '../../core/dice.js';
import { padStrengthByTurn, resetResult, type EngagementResult } from '../../core/result.js';
import type { PlayOptions } from '../../core/ruleset.js';
import { bayonetPhase } from './bayonetPhase.js';
import type { CompiledLane } from './compile.js';
import { newPlay, type Play } from './context.js';
import { initiativeFirst } from './dice.js';
import type { AoeEvent, AoePhase, AoeSink, LaneUnitView } from './events.js';
import { volleyPhase } from './firePhase.js';
import { checkLaneInvariants } from './invariants.js';
import { marchPhase } from './marchPhase.js';
import { sideInZone } from './orders.js';
import { finishResult, newAoeResult, resetExtras, startResult, strengthNow } from './results.js';
import { F_NONE } from './state.js';
import type { AoeOutcomeReason } from './vocabulary.js';

/** The play context of each compiled cell (one per worker thread, as the compiled data is). */
const PLAYS = new WeakMap<CompiledLane, Play>();

function playOf(c: CompiledLane): Play {
  let p = PLAYS.get(c);
  if (!p) {
    p = newPlay(c);
    PLAYS.set(c, p);
  }
  return p;
}

export function newLaneResult(c: CompiledLane): EngagementResult {
  return newAoeResult(c.specs.length);
}

/** The lane as the trace draws it. */
function snapshot(p: Play): LaneUnitView[] {
  const st = p.st;
  return p.c.specs.map((s, u) => ({
    id: s.id,
    front: st.body[u].front,
    facing: st.body[u].facing,
    offset: st.body[u].offset,
    frontage: st.body[u].frontage,
    depth: st.body[u].depth,
    formation: s.arm === 'artillery' ? (st.limbered[u] ? 'limbered' : 'battery') : st.formation[u] === F_NONE ? 'bua' : st.formationOf(u),
    hits: st.hits[u],
    disordered: st.disordered[u] === 1,
    removed: st.removed[u] === 1,
  }));
}

function lanePicture(p: Play, side: 0 | 1 | null, phase: AoePhase | 'start' | 'end'): void {
  if (p.sink) p.sink({ type: 'lane', turn: p.turn, side, phase, units: snapshot(p) });
}

function aliveCount(p: Play, side: number): number {
  let n = 0;
  const units = p.c.sideUnits[side];
  for (let i = 0; i < units.length; i++) if (!p.st.removed[units[i]]) n++;
  return n;
}

/** Who alone stands on the objective: 0, 1, or -1 (nobody, or both). */
export function objectiveHolder(p: Play): number {
  const a = sideInZone(p, 0);
  const b = sideInZone(p, 1);
  return a === b ? -1 : a ? 0 : 1;
}

/**
 * The end conditions (rulings 5), first match wins: both gone; every defending unit removed; the
 * objective carried; the attacker removed or broken; the defender broken (a reading); at the time limit
 * a neutral objective held by one side alone, else repulsed or time. Null while none applies.
 */
export function endCheck(p: Play, atTimeLimit: boolean): { reason: AoeOutcomeReason; winner: 0 | 1 | null } | null {
  const c = p.c;
  const att = c.attacker;
  const def = att === 0 ? 1 : 0;
  const broken = c.options.cohesion === 'quarters';
  const attAlive = aliveCount(p, att);
  const defAlive = aliveCount(p, def);
  if (attAlive === 0 && defAlive === 0) return { reason: 'draw', winner: null };
  if (defAlive === 0) return { reason: 'defenderRouted', winner: att };
  if (c.objective.held && p.defenderLeft && sideInZone(p, att) && !sideInZone(p, def)) return { reason: 'carried', winner: att };
  if (attAlive === 0 || (broken && p.res.sides[att].armyBrokenTurn > 0)) return { reason: 'attackerBroken', winner: def };
  if (broken && p.res.sides[def].armyBrokenTurn > 0) return { reason: 'defenderBroken', winner: att };
  if (!atTimeLimit) return null;
  if (!c.objective.held) {
    const h = objectiveHolder(p);
    if (h >= 0) return { reason: 'held', winner: h as 0 | 1 };
  } else if (p.chargeMet) return { reason: 'repulsed', winner: def };
  return { reason: 'time', winner: c.onTime === 'defender' ? def : null };
}

function finish(p: Play, end: { reason: AoeOutcomeReason; winner: 0 | 1 | null }): void {
  p.over = true;
  p.res.winner = end.winner;
  p.res.reason = end.reason;
  if (p.sink) p.sink({ type: 'end', winner: end.winner, reason: end.reason, turn: p.turn });
}

function phaseEvent(p: Play, side: 0 | 1, phase: AoePhase): void {
  if (p.sink) p.sink({ type: 'phase', turn: p.turn, side, phase });
}

/** One player turn (p1): March, Volley & Cannonade, Bayonet & Sabre; then the end checks. */
function playerTurn(p: Play, side: 0 | 1, opts: PlayOptions): void {
  phaseEvent(p, side, 'march');
  marchPhase(p, side);
  lanePicture(p, side, 'march');
  if (opts.checkInvariants) checkLaneInvariants(p);
  phaseEvent(p, side, 'volley');
  volleyPhase(p, side);
  lanePicture(p, side, 'volley');
  if (opts.checkInvariants) checkLaneInvariants(p);
  phaseEvent(p, side, 'bayonet');
  bayonetPhase(p);
  lanePicture(p, side, 'bayonet');
  if (opts.checkInvariants) checkLaneInvariants(p);
  const end = endCheck(p, false);
  if (end) finish(p, end);
}

/**
 * The context of a new engagement of `c`: state back at the scenario's start, the result reset and
 * counted at the start (every unit on the first rung), the dice and the sink in place. playLane starts
 * here; tests start here to set up a situation and call one phase.
 */
export function startPlay(c: CompiledLane, dice: EngagementDice, opts: PlayOptions = {}): Play {
  const p = playOf(c);
  const st = p.st;
  const res = opts.out ?? newLaneResult(c);
  resetResult(res);
  resetExtras(res);
  st.reset();
  p.res = res;
  p.dice = dice;
  p.sink = opts.sink as AoeSink | undefined;
  p.turn = 0;
  p.level.fill(0);
  p.troopsRemoved.fill(0);
  p.chargeMet = false;
  p.defenderLeft = false;
  p.over = false;
  p.homeCounted.fill(0);
  startResult(c, st, res);
  return p;
}

/** Play one engagement (src/core/ruleset.ts Ruleset.play). */
export function playLane(c: CompiledLane, dice: EngagementDice, opts: PlayOptions = {}): EngagementResult {
  const p = startPlay(c, dice, opts);
  const st = p.st;
  const res = p.res;
  lanePicture(p, null, 'start');
  for (let turn = 1; turn <= c.turns && !p.over; turn++) {
    p.turn = turn;
    res.turns = turn;
    st.changed.fill(0);
    if (p.sink) p.sink({ type: 'turn', turn } satisfies AoeEvent);
    // p1 Initiative Phase: each side rolls from its own morale dice (aoe.initiative).
    const rolls: [number, number][] | undefined = p.sink ? [] : undefined;
    const first = initiativeFirst(dice.morale(0), dice.morale(1), c.die, c.options.initiative, c.attacker, rolls);
    if (p.sink) p.sink({ type: 'initiative', turn, rolls: c.options.initiative === 'roll' ? rolls! : null, first });
    playerTurn(p, first, opts);
    if (!p.over) playerTurn(p, first === 0 ? 1 : 0, opts);
    res.sides[0].strengthByTurn.push(strengthNow(c, st, 0));
    res.sides[1].strengthByTurn.push(strengthNow(c, st, 1));
    if (!p.over) {
      const end = endCheck(p, turn === c.turns);
      if (end) finish(p, end);
    }
  }
  res.objectives[0] = objectiveHolder(p);
  padStrengthByTurn(res, c.turns);
  finishResult(c, st, res);
  lanePicture(p, null, 'end');
  if (opts.checkInvariants) checkLaneInvariants(p);
  p.sink = undefined;
  return res;
}
