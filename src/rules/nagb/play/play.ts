/**
 * One NAGB engagement on the lane, the turn sequence of p2 (rulings 2): command (pips, brigade tests),
 * rally, initiative; movement A, fire 1, close combat 1; movement B, fire 2, close combat 2; cavalry
 * movement A and B (each with its melees); reserve movement A then B; End (reload, the outcome checks,
 * the game-length roll). The result in the common vocabulary (rulings 5).
 */
import { recordMaker } from '../../../core/records.js';
import type { EngagementDice } from '../../../core/dice.js';
import { emptyResult, padStrengthByTurn, reachRung, resetResult, RUNG, type EngagementResult } from '../../../core/result.js';
import type { PlayOptions } from '../../../core/ruleset.js';
import type { NagbSink } from '../events.js';
import { EXTRA_KEYS, LD_SLOTS, NAGB_VOCABULARY } from '../vocabulary.js';
import { placed, reshape, writeExtras } from './act.js';
import { markAggressive } from './charges.js';
import { closeCombatPhase } from './closeCombat.js';
import { commandPhase, initiativePhase, rallyPhase } from './commandPhase.js';
import { anotherTurn, objectiveHolder, outcome, reload, sideVictoryPoints } from './end.js';
import { firePhase } from './fire.js';
import { checkLaneInvariants } from './invariants.js';
import { cavalryPhase, movementPhase, reservePhase } from './moves.js';
import { type CompiledLane, DISORDERED, type Game, GOOD, clear } from './state.js';

/**
 * Every extra at 0 (EXTRA_KEYS' order) as one object literal made by a function compiled once, as CWJ's
 * results.ts does: added one by one, the keys turned the object into a dictionary.
 */
const newExtras = recordMaker(EXTRA_KEYS);

/** A result sized for the compiled engagement, every extra at 0. */
export function newLaneResult(c: CompiledLane): EngagementResult {
  const r = emptyResult({ units: c.specs.length, formations: c.brigades.length, objectives: 1, purposes: NAGB_VOCABULARY.checkPurposes.length, ratings: LD_SLOTS });
  r.extras = newExtras();
  return r;
}

/** Every unit as the scenario sets it up. */
function setUp(g: Game): void {
  const c = g.c;
  for (const u of g.units) {
    const s = u.spec;
    u.formation = s.startFormation;
    u.figures = s.startFigures;
    u.killed = 0;
    u.dispersed = 0;
    u.state = s.startDisordered ? DISORDERED : GOOD;
    u.shaken = false;
    u.colours = s.colours;
    u.blown = false;
    u.silenced = false;
    u.lowAmmo = false;
    u.jubilant = 0;
    u.loaded = true;
    u.reloadFree = false;
    u.moved = u.fired = u.charged = u.fought = u.noFire = u.aggressive = false;
    u.removed = false;
    u.removedWhy = null;
    u.sector = s.startSector;
    u.recovery = 0;
    u.chargeCount = 0;
    u.guns = s.guns.length;
    u.pips = 0;
    u.stepCasualties = 0;
    u.firedAtTurn = 0;
    u.shotAt = -1;
    u.body.front = s.startFront;
    u.body.offset = s.startOffset;
    u.body.facing = s.facing;
    reshape(g, u);
  }
  for (const b of c.brigades) {
    g.cmdX[b.index] = b.commander.x;
    g.cmdY[b.index] = b.commander.y;
  }
  g.pips.fill(0);
  g.unhorsed.fill(0);
  g.brigadeStatus.fill(0);
  g.brigadeTested.fill(0);
  g.lossSeen.fill(-1);
  g.cincPips.fill(0);
  g.faltered[0] = g.faltered[1] = false;
  clear(g.contacts);
  clear(g.brokeFromMelee);
  clear(g.breakTested);
  clear(g.shooters);
  clear(g.ranFromFire);
  g.lostInitiative = -1;
  g.sideA = 0;
  g.turn = 0;
  g.epoch++;
  g.sideEpoch[0]++;
  g.sideEpoch[1]++;
  g.extra.fill(0);
  for (let i = 0; i < c.terrain.length; i++) g.sectorHP[i] = c.hitPoints[i];
  g.collapsed.fill(0);
  g.gone.fill(0);
}

/** Turn flags back to none (p2: what a unit did this turn). */
function newTurn(g: Game): void {
  for (const u of g.units) {
    u.moved = u.fired = u.charged = u.fought = u.noFire = false;
  }
}

type PhaseName = 'command' | 'rally' | 'initiative' | 'movement' | 'fire' | 'closeCombat' | 'cavalry' | 'reserve' | 'end';

/** A phase begins: told, and the invariants checked when asked for (small: inlined at every phase of the turn). */
function phase(g: Game, phase: PhaseName, side: 0 | 1 | null, step: number): void {
  if (g.sink || g.checkInvariants) phaseBegins(g, phase, side, step);
}

function phaseBegins(g: Game, phase: PhaseName, side: 0 | 1 | null, step: number): void {
  if (g.sink) g.sink({ type: 'phase', turn: g.turn, side, phase, step });
  if (g.checkInvariants) checkLaneInvariants(g, `before ${phase} ${step}`);
}

/** Figures on the table, per side. */
function onTable(g: Game, side: 0 | 1): number {
  let n = 0;
  for (const i of g.c.sides[side].units) if (!g.units[i].removed) n += g.units[i].figures;
  return n;
}

export function playLane(c: CompiledLane, dice: EngagementDice, opts: PlayOptions = {}): EngagementResult {
  const g = c.game;
  const res = opts.out ?? newLaneResult(c);
  // The extras are all written at the end (writeExtras, from Game.extra): no need to zero them here.
  resetResult(res, false);
  g.useDice(dice);
  g.res = res;
  g.sink = opts.sink as NagbSink | undefined;
  g.checkInvariants = opts.checkInvariants === true;
  setUp(g);
  for (const u of g.units) {
    const s = res.sides[u.side];
    s.startStrength += u.spec.startFigures;
    s.rungs[RUNG.good]++;
    if (u.state !== GOOD) reachRung(res, u.side, u.spec.index, RUNG.disordered);
  }
  if (g.sink) for (const u of g.units) placed(g, u);
  if (g.checkInvariants) checkLaneInvariants(g, 'at the start');
  let ended: { winner: 0 | 1 | null; reason: string } | null = null;
  for (let turn = 1; turn <= c.maxTurns; turn++) {
    g.turn = turn;
    res.turns = turn;
    if (g.sink) g.sink({ type: 'turn', turn });
    newTurn(g);
    markAggressive(g);
    phase(g, 'command', null, 0);
    commandPhase(g);
    phase(g, 'rally', null, 1);
    rallyPhase(g);
    phase(g, 'initiative', null, 2);
    initiativePhase(g);
    const A = g.sideA;
    const B = (1 - A) as 0 | 1;
    phase(g, 'movement', A, 3);
    movementPhase(g, A);
    phase(g, 'fire', A, 4);
    firePhase(g, A);
    phase(g, 'closeCombat', A, 5);
    closeCombatPhase(g);
    phase(g, 'movement', B, 6);
    movementPhase(g, B);
    phase(g, 'fire', B, 7);
    firePhase(g, B);
    phase(g, 'closeCombat', B, 8);
    closeCombatPhase(g);
    phase(g, 'cavalry', A, 9);
    cavalryPhase(g, A);
    const cavB = c.options.cavalryPhaseBSide === 'B' ? B : A;
    phase(g, 'cavalry', cavB, 10);
    cavalryPhase(g, cavB);
    phase(g, 'reserve', A, 11);
    reservePhase(g, A);
    reservePhase(g, B);
    phase(g, 'end', null, 12);
    reload(g);
    res.sides[0].strengthByTurn.push(onTable(g, 0));
    res.sides[1].strengthByTurn.push(onTable(g, 1));
    ended = outcome(g, false);
    if (ended) break;
    if (!(turn < c.maxTurns && anotherTurn(g))) {
      ended = outcome(g, true);
      break;
    }
  }
  finish(g, res, ended ?? { winner: null, reason: 'timeLimit' });
  writeExtras(g);
  if (g.checkInvariants) checkLaneInvariants(g, 'at the end');
  if (g.sink) g.sink({ type: 'end', winner: res.winner, reason: res.reason, turn: res.turns });
  g.sink = undefined;
  return res;
}

/** The result in the common vocabulary (rulings 5): men from figures, casualties apart from dispersal, minutes. */
function finish(g: Game, res: EngagementResult, end: { winner: 0 | 1 | null; reason: string }): void {
  const c = g.c;
  res.winner = end.winner;
  res.reason = end.reason;
  res.minutes = res.turns * c.scale.minutesPerTurn;
  const holder = objectiveHolder(g);
  for (const side of [0, 1] as const) {
    const s = res.sides[side];
    let killed = 0;
    let lost = 0;
    for (const i of c.sides[side].units) {
      const u = g.units[i];
      killed += u.killed;
      lost += u.killed + u.dispersed;
    }
    s.strengthLost = lost;
    s.startMen = s.startStrength * c.scale.menPerStrength;
    s.menLost = lost * c.scale.menPerStrength;
    s.casualties = killed * c.scale.menPerStrength;
    s.victoryPoints = sideVictoryPoints(g, side, holder);
  }
  padStrengthByTurn(res, c.maxTurns);
  for (const b of c.brigades) {
    const f = res.formations[b.index];
    for (const i of b.units) {
      const u = g.units[i];
      f.strengthLost += u.killed + u.dispersed;
      if (u.removed) f.unitsEliminated++;
      if (res.units[i].retreated) f.retreats++;
    }
  }
  res.objectives[0] = holder;
}
