/**
 * The start of the turn (p2-5, p19, p27-29): the command phase (pips for every brigade commander, the
 * CinC and each battery; the CinC's pips to the initiative and his brigades; brigade morale tests after
 * the pips), the rally phase, and the initiative roll.
 */
import { armyBroken, batteryBrigadeTestFailure, batteryTakesBrigadeTest, type BrigadeUnit, brigadeLossFraction, brigadeStatus, brigadeTestDue, brigadeTestFailure } from '../brigade.js';
import { blownRecallLd } from '../cavalry.js';
import { commanderPips, initiativeModifier } from '../command.js';
import { rallyLd, routerMoveDice } from '../morale.js';
import { sumD6 } from '../roll.js';
import { bump, disorder, fallBack, ldOf, rallyUp, recallRideBack, rout, silence, spendPips, test, flee, X } from './act.js';
import { PURPOSE as P } from '../vocabulary.js';
import { choosesToMoveFirst, initiativePips, wantsRallyRecall } from './ai.js';
import { nearestEnemyDistance } from './geometry.js';
import { SAFE_DISTANCE } from './moves.js';
import { BROKEN, DISORDERED, type Game } from './state.js';

const STATUS = ['intact', 'faltering', 'broken'] as const;

/** Reused per-brigade records of brigadeLossFraction (kept on the game: one set per compiled cell). */
const brigadeUnits = new WeakMap<Game, BrigadeUnit[][]>();

function unitsOf(g: Game, b: number): BrigadeUnit[] {
  let all = g.brigadeUnits as BrigadeUnit[][] | null;
  if (!all) {
    all = brigadeUnits.get(g) ?? g.c.brigades.map((br) => br.units.map(() => ({ startFigures: 0, figures: 0, removed: false, battery: false })));
    brigadeUnits.set(g, all);
    g.brigadeUnits = all;
  }
  const list = all[b];
  const members = g.c.brigades[b].units;
  for (let k = 0; k < members.length; k++) {
    const u = g.units[members[k]];
    const r = list[k];
    r.startFigures = u.spec.startFigures;
    r.figures = u.figures;
    r.removed = u.removed;
    r.battery = u.spec.arm === 'artillery';
  }
  return list;
}

/** p2, p4, p5, p19: every commander's and battery's pips; the CinC's go to the initiative and his brigades. */
function rollPips(g: Game): void {
  for (const side of [0, 1] as const) {
    const s = g.c.sides[side];
    const r = g.morale(side);
    let cincShare = 0;
    g.cincPips[side] = 0;
    if (s.cinc) {
      const roll = 1 + Math.floor(r() * 6);
      const pips = commanderPips(roll, s.cinc.rating, g.c.options);
      bump(g, X.pipsRolled, side, pips);
      const init = initiativePips(g, side, pips);
      g.cincPips[side] = init;
      bump(g, X.pipsSpent, side, init);
      cincShare = pips - init;
      if (g.sink) g.sink({ type: 'pips', side, who: s.cinc.id, roll, pips, kind: 'cinc' });
    }
    for (let k = 0; k < s.brigades.length; k++) {
      const b = s.brigades[k];
      const cmd = g.c.brigades[b].commander;
      const roll = 1 + Math.floor(r() * 6);
      const pips = commanderPips(roll, cmd.rating, g.c.options);
      // The CinC's pips shared among his brigades, the first ones first.
      const share = Math.floor(cincShare / s.brigades.length) + (k < cincShare % s.brigades.length ? 1 : 0);
      g.pips[b] = pips + share;
      g.unhorsed[b] = 0;
      bump(g, X.pipsRolled, side, pips);
      if (g.sink) {
        g.sink({ type: 'pips', side, who: cmd.id, roll, pips, kind: 'brigade' });
        if (share > 0) g.sink({ type: 'cincPips', side, brigade: g.c.brigades[b].id, pips: share });
      }
    }
    for (const i of s.units) {
      const u = g.units[i];
      if (u.spec.arm !== 'artillery' || u.removed) continue;
      const roll = 1 + Math.floor(r() * 6);
      u.pips = u.silenced ? 0 : roll;
      bump(g, X.pipsRolled, side, u.pips);
      if (g.sink) g.sink({ type: 'pips', side, who: u.spec.id, roll, pips: u.pips, kind: 'battery' });
    }
  }
}

/**
 * p29: in the command phase after the pips, each brigade's losses (nagb.brigadeLosses): at 50% it
 * falters, at 60% it is broken; when a test is due (nagb.brigadeTestFrequency) every unit tests: a unit
 * in good order failing falls back 2d6 and takes a disorder test at -1 (broken: -2); a disordered or
 * shaken unit failing flees 2d6.
 */
function brigadeTests(g: Game): void {
  const opts = g.c.options;
  for (const br of g.c.brigades) {
    const b = br.index;
    // The status from the brigade's losses, found again only when a unit of it lost figures or left.
    let rank = g.lossRank[b];
    if (g.lossSeen[b] !== g.lossStamp[b]) {
      rank = STATUS.indexOf(brigadeStatus(brigadeLossFraction(unitsOf(g, b), opts)));
      g.lossSeen[b] = g.lossStamp[b];
      g.lossRank[b] = rank;
    }
    const status = STATUS[rank];
    if (rank > g.brigadeStatus[b]) {
      g.brigadeStatus[b] = rank;
      if (g.sink) g.sink({ type: 'brigade', side: br.side, brigade: br.id, status: status as 'faltering' | 'broken', losses: brigadeLossFraction(unitsOf(g, b), opts) });
      if (g.c.sides[br.side].role === 'attacker') g.faltered[br.side] = true;
      if (status === 'broken') {
        g.res.sides[br.side].formationsBroken.push({ formation: br.id, turn: g.turn });
        g.res.formations[b].brokenTurn = g.turn;
        if (g.sink) g.sink({ type: 'broken', side: br.side, formation: br.id, turn: g.turn });
      }
    }
    if (status === 'intact' || !brigadeTestDue(status, STATUS[g.brigadeTested[b]], opts)) continue;
    g.brigadeTested[b] = rank;
    for (const i of br.units) {
      const u = g.units[i];
      if (!u.active) continue;
      const battery = u.spec.arm === 'artillery';
      if (battery && !batteryTakesBrigadeTest(opts)) continue;
      if (test(g, u, P.brigade, ldOf(g, u))) continue;
      // p19, p21 (nagb.batteryBrigadeTest): a battery's guns stay; it is silenced, or its crew flee.
      if (battery) {
        if (batteryBrigadeTestFailure(!u.disordered) === 'silenced') silence(g, u);
        else rout(g, u, sumD6(g.morale(u.side), 2));
        continue;
      }
      const f = brigadeTestFailure(status as 'faltering' | 'broken', !u.disordered);
      if (f.kind === 'flee') rout(g, u, sumD6(g.morale(u.side), f.dice));
      else {
        fallBack(g, u, sumD6(g.morale(u.side), f.dice), 'forced', 'brigade test');
        if (!u.removed && !test(g, u, P.fallBack, ldOf(g, u, f.disorderTestModifier))) disorder(g, u);
      }
    }
  }
  for (const side of [0, 1] as const) {
    if (g.res.sides[side].armyBrokenTurn > 0) continue;
    // armyBroken over the side's brigade statuses, without listing them unless every one is broken.
    const bs = g.c.sides[side].brigades;
    let all = bs.length > 0;
    for (let k = 0; all && k < bs.length; k++) if (g.brigadeStatus[bs[k]] !== 2) all = false;
    if (all && armyBroken(bs.map((b) => STATUS[g.brigadeStatus[b]]))) {
      g.res.sides[side].armyBrokenTurn = g.turn;
      if (g.sink) g.sink({ type: 'broken', side, formation: null, turn: g.turn });
    }
  }
}

/** The command phase (p2). */
export function commandPhase(g: Game): void {
  rollPips(g);
  brigadeTests(g);
}

/**
 * p2, p27-28: each disordered (not shaken, not blown) or broken unit and each silenced battery tests
 * (nagb.rallyModifier): passing, it goes up one state; a broken unit failing flees again toward its edge
 * (nagb.routerMove). Blown cavalry takes no rally test: once blown it must recover by its tally (p23);
 * it may be recalled (rallyRecalls).
 */
export function rallyPhase(g: Game): void {
  const opts = g.c.options;
  for (const u of g.units) {
    if (u.removed) continue;
    const broken = u.state === BROKEN;
    const rallies = broken || u.silenced || (u.state === DISORDERED && !u.shaken && !u.blown);
    if (!rallies) continue;
    if (test(g, u, P.rally, rallyLd(u.spec.ld, 0, opts))) {
      rallyUp(g, u);
      continue;
    }
    if (broken) {
      const n = routerMoveDice(u.spec.arm, opts);
      if (n > 0) flee(g, u, sumD6(g.morale(u.side), n));
    }
  }
  rallyRecalls(g);
}

/**
 * p2, p23: then blown cavalry may be recalled for a pip of its brigade commander (the cavalry commander;
 * the CinC's pips reach him as his share): a test at its own Ld, disordered (blownRecallLd); passing, it
 * falls back 3d6 (recallRideBack, nagb.recallRide) and stays blown. The recall is a move of the turn (p23: an extra one), so the unit does
 * not recover this turn; it still rides back in its movement phase while an enemy is near.
 */
function rallyRecalls(g: Game): void {
  if (g.sideCavalry[0].length === 0 && g.sideCavalry[1].length === 0) return;
  for (const u of g.units) {
    if (!u.blown || !u.active) continue;
    if (!wantsRallyRecall(g, u, nearestEnemyDistance(g, u) <= SAFE_DISTANCE)) continue;
    if (!spendPips(g, u, 'recall', 1)) continue;
    if (!test(g, u, P.recall, blownRecallLd(u.spec.ld))) continue;
    bump(g, X.recalls, u.side);
    recallRideBack(g, u);
    u.moved = true;
  }
}

/**
 * p2, p35: each side's d6, +1 a CinC pip, +1 if it lost the last roll, +1 French, +1 Napoleon, -1
 * Russian or Austrian; ties rolled again. The winner is side A (nagb.initiative winnerIsA), or chooses.
 */
export function initiativePhase(g: Game): void {
  const s0 = g.c.sides[0];
  const s1 = g.c.sides[1];
  const m0 = initiativeModifier({ pips: g.cincPips[0], lostLastTurn: g.lostInitiative === 0, nation: s0.nation, napoleon: s0.napoleon });
  const m1 = initiativeModifier({ pips: g.cincPips[1], lostLastTurn: g.lostInitiative === 1, nation: s1.nation, napoleon: s1.napoleon });
  let r0 = 0;
  let r1 = 0;
  do {
    r0 = 1 + Math.floor(g.morale(0)() * 6);
    r1 = 1 + Math.floor(g.morale(1)() * 6);
  } while (r0 + m0 === r1 + m1);
  const winner: 0 | 1 = r0 + m0 > r1 + m1 ? 0 : 1;
  g.sideA = g.c.options.initiative === 'winnerIsA' || choosesToMoveFirst(g, winner) ? winner : ((1 - winner) as 0 | 1);
  g.lostInitiative = 1 - winner;
  bump(g, X.initiativeWon, winner);
  if (g.sink) g.sink({ type: 'initiative', rolls: [r0, r1], totals: [r0 + m0, r1 + m1], winner, sideA: g.sideA });
}
