/**
 * One CWJ engagement on the lane: the turn sequence of [SoP] l.4-15 (rulings section 2), turn after
 * turn, with army defeat settled after every phase and carrying, repulse and the turn limit judged at
 * each player turn's end (rulings section 10). ./phases.ts plays the phases.
 */
import type { EngagementDice } from '../../core/dice.js';
import { padStrengthByTurn, type EngagementResult } from '../../core/result.js';
import type { PlayOptions } from '../../core/ruleset.js';
import { corpsFatigueNumber, generalBonusChips } from './chips.js';
import type { CompiledLane } from './compile.js';
import { currentArmyMorale } from './effects.js';
import type { CwjEvent, CwjPhase, CwjSink, LaneUnit } from './events.js';
import { fill8, Game } from './game.js';
import { checkInvariants } from './invariants.js';
import {
  OUTCOME_ATTACKER_BROKEN,
  OUTCOME_CARRIED,
  OUTCOME_DEFENDER_ROUTED,
  OUTCOME_DRAW,
  OUTCOME_NONE,
  OUTCOME_REPULSED,
  OUTCOME_TIME_LIMIT,
  outcomeOf,
  outcomeWinner,
  type Outcome,
  type OutcomeCase,
} from './outcome.js';
import { advancingFirePhase, chargePhase, defensiveFirePhase, meleePhase, movementPhase, rallyPhase } from './phases.js';
import { finishResult, newLaneResult, startResult } from './results.js';

/** The reason ids of the vocabulary, by outcome.ts's outcome. */
const REASONS: Record<number, string> = {
  [OUTCOME_ATTACKER_BROKEN]: 'attackerBroken',
  [OUTCOME_DEFENDER_ROUTED]: 'defenderRouted',
  [OUTCOME_CARRIED]: 'carried',
  [OUTCOME_REPULSED]: 'repulsed',
  [OUTCOME_TIME_LIMIT]: 'time',
  [OUTCOME_DRAW]: 'draw',
};

/** The outcome checks' question, reused. */
const CASE: OutcomeCase = {
  attackerDefeated: false,
  defenderDefeated: false,
  attackerUnitsLeft: 0,
  defenderUnitsLeft: 0,
  attackerHoldsObjective: false,
  endOfPlayerTurn: false,
  attackerFatigued: false,
  attackerLeaderLedCanAdvance: false,
  turnLimitReached: false,
  phasing: 0,
};

const games = new WeakMap<CompiledLane, Game>();
/** The last compiled scenario played and its state: a run plays one cell engagement after engagement. */
let lastCompiled: CompiledLane | null = null;
let lastGame: Game | null = null;

/**
 * The engagement state of a compiled scenario, made once. The ruleset's play calls it before playLane,
 * so that playLane finds the state ready and holds no path that runs once a cell: V8 keeps no type
 * feedback for such a path, and a second cell's first engagement threw away the optimized playLane that
 * inlined it (test/sim/rehearsal.test.ts).
 */
export function gameFor(c: CompiledLane): Game {
  if (c !== lastCompiled) {
    let g = games.get(c);
    if (!g) games.set(c, (g = new Game(c)));
    lastCompiled = c;
    lastGame = g;
  }
  return lastGame!;
}

/** The lane as the trace draws it (only with a sink). */
export function laneSnapshot(g: Game): CwjEvent {
  const units: LaneUnit[] = g.c.units.map((s, u) => {
    const b = g.bodies[u];
    const gen = g.generalOf(u);
    return {
      id: s.id,
      front: b.front,
      facing: b.facing,
      frontage: b.frontage,
      depth: b.depth,
      offset: b.offset,
      formation: g.formation[u],
      cohesion: g.cohesion[u],
      alive: g.alive[u] === 1,
      general: gen >= 0 ? g.c.generals[gen].id : null,
      engaged: g.engaged[u] === 1,
    };
  });
  const commanders = g.c.corps.map((k, i) => ({ side: k.side, x: g.cmdX[i], y: g.cmdY[i] }));
  return { type: 'lane', units, holder: g.holder, commanders };
}

/** Who holds the objective: the side with a unit in it and no enemy; empty or contested, its last holder (rulings 8). */
export function updateHolder(g: Game): void {
  if (!g.c.objective || g.holderGeo === g.geo) return;
  g.holderGeo = g.geo;
  let a = 0;
  let d = 0;
  for (let i = 0; i < g.live.length; i++) {
    const u = g.live[i];
    if (!g.inObjective(u)) continue;
    if (g.c.units[u].side === 0) a++;
    else d++;
  }
  if (a > 0 && d === 0) g.holder = 0;
  else if (d > 0 && a === 0) g.holder = 1;
  if (g.holder >= 0) g.heldBy |= 1 << g.holder;
}

/** [Win] l.295-306: each corps' chips and fatigue number at the start, the generals' exploding dice drawn. */
function startChips(g: Game): void {
  if (!g.c.armyMorale) return;
  for (let k = 0; k < g.c.corps.length; k++) {
    const spec = g.c.corps[k];
    const bonus = generalBonusChips(g.dice.morale(spec.side), spec.generals.length);
    const n = corpsFatigueNumber(spec.chipGroups.length, spec.generals.length, bonus);
    g.fatigueNumber[k] = n;
    g.chips[k] = n;
    if (g.sink) g.sink({ type: 'chips', side: spec.side, corps: spec.id, lost: 0, corpsLeft: n, dish: 0, morale: 0, why: `${spec.chipGroups.length} units, ${spec.generals.length} generals, ${bonus} for sixes` });
  }
}

function unitsLeft(g: Game, side: 0 | 1): number {
  return g.left[side];
}

/** [Win] l.295: a side whose army dish reaches its army morale is defeated (once, with the turn). */
function settleArmies(g: Game): void {
  if (!g.c.armyMorale) return;
  // What it reads changes with the dishes and the holder (army morale) alone: nothing new to settle
  // while neither has changed since the last time.
  if (g.dish[0] === g.settled[0] && g.dish[1] === g.settled[1] && g.holder === g.settled[2]) return;
  g.settled[0] = g.dish[0];
  g.settled[1] = g.dish[1];
  g.settled[2] = g.holder;
  for (let k = 0; k < 2; k++) {
    const side = k as 0 | 1;
    if (g.defeated[side]) continue;
    if (g.dish[side] >= currentArmyMorale(g, side)) {
      g.defeated[side] = 1;
      g.res.sides[side].armyBrokenTurn = Math.max(1, g.turn);
      if (g.sink) g.sink({ type: 'broken', side, formation: null, turn: Math.max(1, g.turn) });
    }
  }
}

/** Rulings 12, C: a charge scenario's outcome from what became of the battalion and the cavalry. */
function clashOutcome(g: Game): Outcome {
  let defenderLeft = 0;
  let retreated = false;
  for (let u = 0; u < g.n; u++) {
    if (g.c.units[u].side !== 1) continue;
    if (g.alive[u]) defenderLeft++;
    if (g.everRetreated[u]) retreated = true;
  }
  if (defenderLeft === 0) return OUTCOME_DEFENDER_ROUTED;
  if (retreated) return OUTCOME_CARRIED;
  if (unitsLeft(g, 0) === 0) return OUTCOME_ATTACKER_BROKEN;
  return OUTCOME_REPULSED;
}

/** Whether the engagement ends now; if so the result's winner and reason are set. */
function judge(g: Game, endOfPlayerTurn: boolean, lastTurn: boolean): boolean {
  // Between a player turn's phases only army defeat, or a charge scenario's broken contact, can end
  // it: both need a change of footprints or of the army dishes since the last look.
  const key = g.geo * 4096 + g.dish[0] * 64 + g.dish[1];
  if (!endOfPlayerTurn && key === g.judged) return false;
  g.judged = key;
  updateHolder(g);
  settleArmies(g);
  let o: Outcome = OUTCOME_NONE;
  if (g.c.decision === 'firstClash') {
    let inContact = false;
    for (let i = 0; i < g.live.length && !inContact; i++) inContact = g.inContact(g.live[i]);
    const side0 = unitsLeft(g, 0);
    const side1 = unitsLeft(g, 1);
    if ((g.contactMade && !inContact) || side0 === 0 || side1 === 0 || lastTurn) o = clashOutcome(g);
  } else {
    // Fatigue is read at a player turn's end alone, and leaders only when the attacker is fatigued.
    let fatigued = endOfPlayerTurn;
    const corps = g.c.sides[0].corps;
    for (let i = 0; i < corps.length && fatigued; i++) if (!g.fatigued[corps[i]]) fatigued = false;
    let leaderLed = false;
    for (let gen = 0; gen < g.genUnit.length && fatigued; gen++) {
      const u = g.genUnit[gen];
      if (g.c.generals[gen].side !== 0 || !g.genAlive[gen] || u < 0 || !g.alive[u]) continue;
      if (g.cohesion[u] !== 'disordered' && !g.engaged[u]) leaderLed = true;
    }
    const k = CASE;
    k.attackerDefeated = g.defeated[0] === 1;
    k.defenderDefeated = g.defeated[1] === 1;
    k.attackerUnitsLeft = unitsLeft(g, 0);
    k.defenderUnitsLeft = unitsLeft(g, 1);
    k.attackerHoldsObjective = g.c.objective !== null && g.c.objective.carry && g.holder === 0;
    k.endOfPlayerTurn = endOfPlayerTurn;
    k.attackerFatigued = endOfPlayerTurn && fatigued;
    k.attackerLeaderLedCanAdvance = leaderLed;
    k.turnLimitReached = lastTurn;
    k.phasing = g.phasing;
    o = outcomeOf(k, g.c.options.mutualDefeat);
  }
  if (o === OUTCOME_NONE) return false;
  const w = outcomeWinner(o, g.holder as -1 | 0 | 1);
  g.res.winner = w < 0 ? null : (w as 0 | 1);
  g.res.reason = REASONS[o];
  g.ended = true;
  return true;
}

type PhaseFn = (g: Game) => void;
const PHASES: readonly [CwjPhase, PhaseFn][] = [
  ['rally', rallyPhase],
  ['movement', movementPhase],
  ['defensiveFire', defensiveFirePhase],
  ['charge', chargePhase],
  ['advancingFire', advancingFirePhase],
  ['melee', meleePhase],
];

/** One player turn of side P: the six phases, the engagement judged after each. */
function playerTurn(g: Game, P: 0 | 1, lastTurn: boolean, invariants: boolean): void {
  g.phasing = P;
  fill8(g.held, 0);
  fill8(g.contactedBy, 0);
  fill8(g.ownContact, 0);
  for (let u = 0; u < g.n; u++) if (g.arrived[u] && (!g.alive[u] || !g.inContact(u))) g.arrived[u] = 0;
  if (g.sink) g.sink({ type: 'playerTurn', turn: g.turn, side: P });
  for (let i = 0; i < PHASES.length; i++) {
    const [name, fn] = PHASES[i];
    g.phase = name;
    g.phaseNo++; // no contact check taken yet this phase (Game.checked)
    if (g.sink) g.sink({ type: 'phase', turn: g.turn, side: P, phase: name });
    fn(g);
    if (invariants) checkInvariants(g);
    const last = i === PHASES.length - 1;
    const ended = judge(g, last, last && lastTurn);
    if (g.sink) g.sink(laneSnapshot(g));
    if (ended) return;
  }
  g.playerTurns++;
}

/** Play one engagement (src/core/ruleset.ts, Ruleset.play). */
export function playLane(c: CompiledLane, dice: EngagementDice, opts: PlayOptions = {}): EngagementResult {
  const g = c === lastCompiled ? lastGame! : gameFor(c);
  const res = opts.out ?? newLaneResult(c);
  const sink = opts.sink as CwjSink | undefined;
  g.reset(dice, res, sink);
  startResult(g);
  startChips(g);
  updateHolder(g);
  g.startHolder = g.holder;
  if (sink) sink(laneSnapshot(g));
  const invariants = opts.checkInvariants === true;
  if (invariants) checkInvariants(g);
  for (let t = 1; t <= c.turns && !g.ended; t++) {
    g.turn = t;
    if (sink) sink({ type: 'turn', turn: t });
    const first = c.first;
    playerTurn(g, first, false, invariants);
    if (!g.ended) playerTurn(g, (1 - first) as 0 | 1, t === c.turns, invariants);
    if (g.ended) g.playerTurns++; // the player turn that ended it counts
    res.sides[0].strengthByTurn.push(unitsLeft(g, 0));
    res.sides[1].strengthByTurn.push(unitsLeft(g, 1));
  }
  padStrengthByTurn(res, c.turns);
  finishResult(g);
  if (sink) sink({ type: 'end', winner: res.winner, reason: res.reason, turn: res.turns });
  return res;
}
