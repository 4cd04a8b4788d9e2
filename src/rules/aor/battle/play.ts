/**
 * One battle (4): game turns of two player turns each (bombardment, cavalry charges, movement,
 * combat, turn end), then disruption removal; ends by army demoralization (13), by a side losing its
 * last unit, or at the last turn on victory points (18).
 */
import type { EngagementDice } from '../../../core/dice.js';
import type { AorSink } from '../events.js';
import { padStrengthByTurn, resetResult, type EngagementResult, type SideIndex } from '../../../core/result.js';
import { aorExtras, finishResult, newAorResult, startLadder } from '../results.js';
import type { PlayOptions } from '../../../core/ruleset.js';
import { newRoundOutcome } from '../assault.js';
import { recoverDisrupted } from '../engagement.js';
import { chooseAdvancers, choosePursuit, chooseTarget, moveSide, planBombardment, planCharges, reactionCharge, volunteerAttack } from './ai.js';
import { chargeSegment } from './charges.js';
import { bringOnReinforcements } from './arrivals.js';
import { applySupply } from './supply.js';
import { checkLeaders, commandPhase, moveLeaders, updateCommandRange, type RetreatReaction } from './command.js';
import { bombard } from './bombard.js';
import { combatSegment, planAttacks } from './combat.js';
import { carryOutRetreat } from './retreat.js';
import type { CompiledBattle } from './compile.js';
import { checkBattleInvariants, moveChecker } from './invariants.js';
import { recordEliminations } from './losses.js';
import type { BattleState } from './state.js';

const PER_SIDE = ['passingFire', 'attackOrdersAbandoned', 'attackOrdersFailedAtNight', 'ordersSent', 'orderDelayTurns', 'unitsReorganized', 'supplyLosses', 'bombardmentHits', 'bombardments', 'charges', 'chargesWon', 'chargesLost', 'reactionCharges', 'pursuitsChosen', 'pursuitsForced', 'retreatsBeforeAssault'];
export const BATTLE_EXTRAS = [
  'assaults',
  'flankAttacks',
  'advances',
  'squareChecks',
  'squaresFormed',
  'flankCharges',
  ...PER_SIDE.flatMap((k) => [`${k}.0`, `${k}.1`]),
] as const;

const RESULT_EXTRAS = aorExtras(BATTLE_EXTRAS);

/** A result sized for the battle, with every extra at 0. */
export function newBattleResult(c: CompiledBattle): EngagementResult {
  return newAorResult(c.specs.length, c.formations.length, c.objectives.length, RESULT_EXTRAS);
}

const round = newRoundOutcome();

/** A side with strength on the map or reinforcements still to come. */
function sideAlive(b: BattleState, side: SideIndex): boolean {
  for (const u of b.c.sides[side].units) if ((b.pos[u] >= 0 && b.st.strength(u) > 0) || b.pending(u)) return true;
  return false;
}

/** Whether the battle is over now; sets winner and reason when it is. */
function decided(b: BattleState, res: EngagementResult): boolean {
  const c = b.c;
  if (c.victory.armyDemoralizedLoses) {
    // 13: the non-phasing army first when both happen at once; 18 (aor.armyDemoralization = french):
    // only the French army's, the French moving first (4); the other army loses when it disintegrates.
    for (const side of [1 - b.phasing, b.phasing] as SideIndex[]) {
      if (c.options.armyDemoralization === 'french' && side !== c.first) continue;
      if (b.armyDemoralized[side]) {
        res.winner = (1 - side) as SideIndex;
        res.reason = 'armyDemoralized';
        return true;
      }
    }
  }
  const alive0 = sideAlive(b, 0);
  const alive1 = sideAlive(b, 1);
  if (!alive0 || !alive1) {
    res.winner = alive0 ? 0 : alive1 ? 1 : null;
    res.reason = 'destroyed';
    return true;
  }
  return false;
}

/** 18: objectives held plus VP for the full strength of eliminated enemy units. */
function scoreVictoryPoints(b: BattleState, res: EngagementResult): void {
  const c = b.c;
  for (const side of [0, 1] as SideIndex[]) {
    let vp = c.victory.eliminationVp * b.armyLoss[1 - side];
    c.objectives.forEach((o, i) => {
      if (b.holder[i] === side) vp += o.vp;
    });
    res.sides[side].victoryPoints = vp;
  }
  c.objectives.forEach((_, i) => (res.objectives[i] = b.holder[i]));
}

function playerTurn(b: BattleState, side: SideIndex, dice: EngagementDice, res: EngagementResult, opts: PlayOptions): boolean {
  const c = b.c;
  const sink = opts.sink;
  const night = c.night[b.turn] === 1;
  b.phasing = side;
  if (sink) sink({ type: 'playerTurn', turn: b.turn, side, night });
  updateCommandRange(b, side); // 12.1
  for (const u of c.sides[side].units) {
    b.enteredFrom[u] = -1;
    b.movePath[u] = null;
    b.bombarded[u] = 0;
  }
  for (const u of c.sides[1 - side].units) b.startedInZoc[u] = b.pos[u] >= 0 && b.inEnemyZoc((1 - side) as SideIndex, b.pos[u]) ? 1 : 0;
  // I. Bombardment (8.1); none at night (16).
  if (!night) {
    if (sink) sink({ type: 'phase', turn: b.turn, side, phase: 'bombardment' });
    for (const [target, guns] of planBombardment(b, side)) {
      if (b.sideAt[target] !== 1 - side) continue;
      if (sink) sink({ type: 'bombard', side, guns: guns.map((u) => c.specs[u].id), from: guns.map((u) => b.pos[u]), target });
      bombard(b, guns, target, dice, res, sink);
      res.extras[side === 0 ? 'bombardments.0' : 'bombardments.1']++;
      recordEliminations(b, res, sink);
      carryOutRetreat(b, target, [b.pos[guns[0]]], dice, res, sink); // only under aor.bombardmentRetreatCheck
      if (decided(b, res)) return true;
    }
    checkLeaders(b, dice, res, sink); // 11: leaders left alone by the bombardment
  }
  // II. Cavalry charge segment (7.6): all charges move, then all are resolved.
  if (!night) {
    if (sink) sink({ type: 'phase', turn: b.turn, side, phase: 'charges' });
    const reactToCharge = (u: number, path: number[], backhand: boolean, exclude?: readonly number[]) => {
      if (reactionCharge(b, u, path, dice, res, sink, backhand, undefined, exclude)) b.computeZoc();
    };
    chargeSegment(b, side, planCharges(b, side), (ch, won, targets, forced) => choosePursuit(b, ch, won, targets, forced), dice, res, sink, reactToCharge);
    checkLeaders(b, dice, res, sink); // 11: leaders left alone by the charges
    if (decided(b, res)) return true;
  }
  // III. Formation movement (5, 12.2).
  if (sink) sink({ type: 'phase', turn: b.turn, side, phase: 'movement' });
  bringOnReinforcements(b, side, sink); // 9
  moveSide(b, side, night, dice, res, sink);
  moveLeaders(b, side, sink); // 11
  b.computeZoc();
  if (opts.checkInvariants) checkBattleInvariants(b, res, 'after movement');
  if (decided(b, res)) return true;
  // IV. Formation combat (7.3-7.5); none at night (5.5, 16).
  if (!night) {
    if (sink) sink({ type: 'phase', turn: b.turn, side, phase: 'combat' });
    const plan = planAttacks(b, side, (h, o) => chooseTarget(b, h, o), (h, o) => volunteerAttack(b, h, o, c.sides[side].battle));
    // 7.8: retreating attackers may draw reaction charges.
    combatSegment(b, side, plan, (d, a) => chooseAdvancers(b, d, a, c.sides[side].battle), dice, res, round, sink, retreatReaction(b, dice, res, sink));
    recordEliminations(b, res, sink);
    if (opts.checkInvariants) checkBattleInvariants(b, res, 'after combat');
    if (decided(b, res)) return true;
  }
  checkLeaders(b, dice, res, sink); // 11: leaders left alone
  if (opts.checkInvariants) checkBattleInvariants(b, res, 'at turn end');
  // V. Turn end: "all disrupted units check morale" (4, 6.2): both sides', the phasing side's first, or
  // only the phasing side's (aor.turnEndRecovery).
  if (sink) sink({ type: 'phase', turn: b.turn, side, phase: 'turnEnd' });
  for (const s of c.options.turnEndRecovery === 'allUnits' ? [side, (1 - side) as SideIndex] : [side]) {
    const onMap = c.sides[s].units.filter((u) => b.pos[u] >= 0);
    recoverDisrupted(b.st, onMap, s, c.options.moraleBounds, dice, res, sink);
    for (const u of onMap) if (!b.st.disrupted[u]) b.bombDisrupted[u] = 0;
  }
  applySupply(b, side, res, sink); // 17
  return decided(b, res);
}

/**
 * 7.8: enemy cavalry within two hexes of the hexes a unit retreated into or through may charge it (an
 * attacker's retreat after combat, a 12.3 fall back); the backhand blow against retreating cavalry (7.10).
 */
export function retreatReaction(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: AorSink): RetreatReaction {
  return (u, path) => {
    if (b.pos[u] >= 0 && reactionCharge(b, u, path, dice, res, sink, b.c.specs[u].kind === 'cavalry')) b.computeZoc();
  };
}

export function playBattle(c: CompiledBattle, dice: EngagementDice, opts: PlayOptions = {}): EngagementResult {
  const b = c.workspace;
  // Checking invariants, every move is checked as it is made (a sink only watches: play is the same).
  if (opts.checkInvariants) opts = { ...opts, sink: moveChecker(b, () => c.night[b.turn] === 1, opts.sink) };
  const sink: AorSink | undefined = opts.sink;
  const res = opts.out ?? newBattleResult(c);
  resetResult(res, false);
  RESULT_EXTRAS.reset(res);
  b.reset();
  b.dice = dice;
  for (const side of [0, 1] as SideIndex[]) res.sides[side].startStrength = b.strengthOnMap(side);
  startLadder(res, c.specs);
  if (opts.checkInvariants) checkBattleInvariants(b, res, 'at the start');

  let over = false;
  for (let turn = 1; turn <= c.turns && !over; turn++) {
    b.turn = turn;
    res.turns = turn;
    b.charged.fill(0); // 7.6: a cavalry unit charges once a turn
    if (sink) {
      sink({ type: 'turn', turn });
      sink({ type: 'phase', turn, side: c.first, phase: 'command' });
    }
    commandPhase(b, dice, res, sink, retreatReaction(b, dice, res, sink)); // 4.1, 11, 12, 15, 16
    over = playerTurn(b, c.first, dice, res, opts) || playerTurn(b, (1 - c.first) as SideIndex, dice, res, opts);
    // 4. Disruption removal: bombardment disruption ends with the game turn (8.1).
    for (let u = 0; u < c.specs.length; u++) {
      if (b.bombDisrupted[u]) {
        b.st.disrupted[u] = 0;
        b.bombDisrupted[u] = 0;
      }
    }
    for (const side of [0, 1] as SideIndex[]) res.sides[side].strengthByTurn.push(b.strengthOnMap(side));
  }
  padStrengthByTurn(res, c.turns);
  for (let u = 0; u < c.specs.length; u++) res.formations[c.formationOf[u]].strengthLost += strengthLostBy(b, u);
  scoreVictoryPoints(b, res);
  if (!over) {
    const [a, d] = [res.sides[0].victoryPoints, res.sides[1].victoryPoints];
    res.winner = Math.abs(a - d) <= c.victory.drawMargin ? null : a > d ? 0 : 1;
    res.reason = 'victoryPoints';
  }
  let dayTurns = 0;
  for (let t = 1; t <= res.turns; t++) if (!c.night[t]) dayTurns++;
  finishResult(res, c.scale, dayTurns, c.options); // 16: no combat at night
  if (sink) sink({ type: 'end', winner: res.winner, reason: res.reason, turn: res.turns });
  return res;
}

function strengthLostBy(b: BattleState, u: number): number {
  const s = b.spec(u);
  const start = s.startSteps === s.maxSteps ? s.full : s.reduced;
  return start - b.st.strength(u);
}
