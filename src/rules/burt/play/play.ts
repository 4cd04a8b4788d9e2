/**
 * One engagement on the lane: reset the workspace, play turns until an outcome or the turn limit, and
 * finish the result in men and minutes at the scale of 1 (rulings, "Mapping to the common result
 * vocabulary").
 */
import { recordWriter } from '../../../core/records.js';
import type { EngagementDice } from '../../../core/dice.js';
import type { EngagementResult } from '../../../core/result.js';
import { emptyResult, padStrengthByTurn, resetResult, RUNG } from '../../../core/result.js';
import type { PlayOptions } from '../../../core/ruleset.js';
import { startLevel } from '../cohesion.js';
import type { BurtSink } from '../events.js';
import { givesUp } from '../doctrine/choose.js';
import { playTurn, positions } from '../turn/index.js';
import { holder, outcomeNow, timeOutcome } from '../turn/outcome.js';
import { BURT_VOCABULARY } from '../vocabulary.js';
import { COUNTER_KEYS, EXTRA_KEYS, makeExtras } from './compile.js';
import { checkInvariants } from './invariants.js';
import { lateralAll } from './lane.js';
import type { CompiledLane, Game } from './state.js';

const LAST_EXTRA = EXTRA_KEYS[EXTRA_KEYS.length - 1];

/** Zero the global extras (GLOBAL_EXTRAS), named one by one. */
function zeroGlobalExtras(e: Record<string, number>): void {
  e.assaults = 0;
  e.squareChecks = 0;
  e.squaresFormed = 0;
}

/**
 * Write the per-side counters into the result's extras under COUNTER_KEYS: one store a key, each
 * named in the function's own text (built once), so no store looks a key up by a string it is handed.
 */
const writeCounters = recordWriter<Int32Array>(COUNTER_KEYS);

/** A result sized for the compiled engagement. */
export function newLaneResult(c: CompiledLane): EngagementResult {
  const r = emptyResult({ units: c.units.length, objectives: c.objective ? 1 : 0, purposes: BURT_VOCABULARY.checkPurposes.length, ratings: BURT_VOCABULARY.ratings.labels.length });
  r.extras = makeExtras();
  return r;
}

/** Put every unit back where the scenario has it, and clear every mark. */
export function resetGame(g: Game, res: EngagementResult, dice: EngagementDice, sink: BurtSink | undefined): void {
  const c = g.c;
  g.res = res;
  g.dice = dice;
  g.sink = sink;
  g.turn = 0;
  g.first = 0;
  // The extras are not zeroed key by key: the global ones are zeroed here, the per-side ones written at the end.
  resetResult(res, false);
  if (!(LAST_EXTRA in res.extras)) for (const k of EXTRA_KEYS) if (res.extras[k] === undefined) res.extras[k] = 0;
  zeroGlobalExtras(res.extras);
  // Small arrays filled by loops (TypedArray fill calls into the runtime). The caches (pathAt, sightAt,
  // friendsAt) need no clearing: everything is stamped with a new epoch, later than any answer kept.
  const counters = g.counters;
  for (let k = 0; k < counters.length; k++) counters[k] = 0;
  const pairs = g.pairs;
  for (let k = 0; k < pairs.length; k++) pairs[k] = 0;
  g.contactDirty = true;
  const e = ++g.epoch;
  for (let u = 0; u < g.n; u++) {
    g.engagedCount[u] = 0;
    g.changedBody[u] = 1;
    g.bodyStamp[u] = e;
  }
  g.sideGeom[0] = g.sideGeom[1] = e;
  g.sideFriends[0] = g.sideFriends[1] = e;
  g.steadyDirty = true;
  for (let u = 0; u < c.units.length; u++) {
    const s = c.units[u];
    g.figures[u] = s.figures;
    g.guns[u] = s.guns;
    g.level[u] = startLevel(s.arm);
    g.order[u] = s.order;
    g.formation[u] = s.formation;
    g.limbered[u] = s.limbered ? 1 : 0;
    g.present[u] = 1;
    const m = s.models[s.formation][s.figures];
    const b = g.body[u];
    b.front = s.at;
    b.facing = s.facing;
    b.frontage = m.frontageInches;
    b.depth = m.depthInches;
    b.offset = s.offset;
    g.pendingFigures[u] = 0;
    g.pendingGuns[u] = 0;
    g.pendingMarks[u] = 0;
    g.firedEver[u] = 0;
    g.shakenRetreat[u] = 0;
    g.routedTurn[u] = 0;
    g.routUnseen[u] = 0;
    g.pursuing[u] = -1;
    g.pursuitTurn[u] = 0;
    g.followingUp[u] = 0;
    g.attacking[u] = 0;
    g.contactTurn[u] = 0;
    g.takeGround[u] = -1;
    g.groundX[u] = 0;
    g.commandTouch[u] = 0;
    g.fireTurns[u] = 0;
    g.inMelee[u] = 0;
    g.supporting[u] = -1;
    const side = res.sides[s.side];
    side.startStrength += s.figures;
    side.rungs[RUNG.good]++;
  }
  lateralAll(g);
  g.armyMorale[0] = c.sides[0].armyMorale;
  g.armyMorale[1] = c.sides[1].armyMorale;
}

/** Strength on the field at the end of a turn, per side (figures of units not removed). */
function recordStrength(g: Game): void {
  let a = 0;
  let b = 0;
  for (let u = 0; u < g.c.units.length; u++) {
    if (g.present[u] === 0) continue;
    if (g.c.units[u].side === 0) a += g.figures[u];
    else b += g.figures[u];
  }
  g.res.sides[0].strengthByTurn.push(a);
  g.res.sides[1].strengthByTurn.push(b);
}

/** Men and minutes (1): 30 men a figure, 15 minutes a turn; casualties are the figures killed and wounded. */
export function finishResult(g: Game): void {
  const res = g.res;
  const scale = g.c.scale;
  res.minutes = res.turns * scale.minutesPerTurn;
  writeCounters(res.extras, g.counters);
  for (const s of res.sides) {
    s.startMen = s.startStrength * scale.menPerStrength;
    s.menLost = s.strengthLost * scale.menPerStrength;
    s.casualties = s.stepsLost * scale.menPerStrength;
  }
}

/** Play one engagement. */
export function playLane(c: CompiledLane, dice: EngagementDice, opts: PlayOptions = {}): EngagementResult {
  const g = c.game;
  const res = opts.out ?? g.res;
  resetGame(g, res, dice, opts.sink as BurtSink | undefined);
  const sink = g.sink;
  if (sink) sink(positions(g, 0));
  let ended = false;
  for (let turn = 1; turn <= c.turns; turn++) {
    g.turn = turn;
    res.turns = turn;
    if (sink) sink({ type: 'turn', turn });
    playTurn(g);
    recordStrength(g);
    if (opts.checkInvariants) checkInvariants(g);
    const o = outcomeNow(g);
    if (o) {
      res.winner = o.winner;
      res.reason = o.reason;
      ended = true;
      if (sink) {
        if (o.reason === 'repulsed' && givesUp(g, c.attacker)) sink({ type: 'giveUp', side: c.attacker });
        sink({ type: 'end', winner: o.winner, reason: o.reason, turn });
      }
      break;
    }
  }
  if (!ended) {
    res.winner = timeOutcome(g);
    res.reason = 'time';
    if (sink) sink({ type: 'end', winner: res.winner, reason: 'time', turn: c.turns });
  }
  // The objective at the end: the side alone in it (not routing), else nobody.
  if (c.objective) res.objectives[0] = holder(g);
  padStrengthByTurn(res, c.turns);
  finishResult(g);
  return res;
}
