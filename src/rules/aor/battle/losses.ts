/**
 * Taking eliminated units off the map and keeping the tallies of corps (14.1) and army (13)
 * demoralization. Called after every step of play that can eliminate a unit.
 */
import { reachRung, RUNG, type EngagementResult } from '../../../core/result.js';
import type { AorSink } from '../events.js';
import { recordLoss } from '../results.js';
import { LOSS, type LossIndex } from '../vocabulary.js';
import type { BattleState } from './state.js';

/** A step loss outside fire (a blocked retreat, 7.4; supply, 17): recorded like a hit (7.2), under its cause. */
export function stepLoss(b: BattleState, u: number, res: EngagementResult, cause: LossIndex): void {
  const st = b.st;
  const s = b.spec(u);
  const side = res.sides[s.side];
  const cost = st.steps[u] > 1 ? s.full - s.reduced : st.strength(u);
  side.strengthLost += cost;
  recordLoss(res, st, u, cause, cost);
  side.stepsLost++;
  st.steps[u]--;
  if (st.steps[u] === 0) {
    side.unitsEliminated++;
    res.units[u].eliminated = true;
    reachRung(res, s.side, u, RUNG.removed);
    st.disrupted[u] = 0;
  }
}

/** Every remaining step of a unit is lost (a unit with nowhere to go: under blocked retreats). */
export function eliminate(b: BattleState, u: number, res: EngagementResult, cause: LossIndex = LOSS.lostInBlockedRetreats): void {
  while (b.st.steps[u] > 0) stepLoss(b, u, res, cause);
}

/** Remove newly eliminated (or retreated-off-map) units, count their full strength, demoralize. */
export function recordEliminations(b: BattleState, res: EngagementResult, sink?: AorSink): void {
  const st = b.st;
  let changed = false;
  for (let u = 0; u < b.pos.length; u++) {
    const gone = (st.steps[u] === 0 && b.pos[u] >= 0) || (b.exited[u] === 1 && b.lostAt[u] < 0);
    if (!gone) continue;
    const s = b.spec(u);
    b.lostAt[u] = b.pos[u] >= 0 ? b.pos[u] : b.lostAt[u] < 0 ? -2 : b.lostAt[u];
    b.lostTurn[u] = b.turn;
    if (b.exited[u] && st.steps[u] > 0) {
      // 5.6: a unit that leaves the map in a retreat counts as eliminated.
      res.sides[s.side].unitsEliminated++;
      res.sides[s.side].strengthLost += st.strength(u);
      recordLoss(res, st, u, LOSS.lostOffMap, st.strength(u));
      res.sides[s.side].stepsLost += st.steps[u];
      res.units[u].eliminated = true;
      reachRung(res, s.side, u, RUNG.removed);
      st.steps[u] = 0;
      st.disrupted[u] = 0;
    }
    if (sink) sink({ type: 'removed', side: s.side, unit: s.id, at: b.pos[u] >= 0 ? b.pos[u] : -1, why: b.exited[u] ? 'exited' : 'eliminated' });
    const at = b.pos[u];
    b.remove(u);
    b.markLeadersLeftAlone(at, s.side); // 11
    const f = b.c.formationOf[u];
    b.formationLoss[f] += s.full; // 14.1: the full strength of eliminated units
    b.armyLoss[s.side] += s.full;
    res.formations[f].unitsEliminated++;
    changed = true;
  }
  if (changed) {
    b.computeZoc();
    updateDemoralization(b, res, sink);
  }
}

/** 14.1 corps and 13 army demoralization; records the turn each happens. */
export function updateDemoralization(b: BattleState, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  c.formations.forEach((f, i) => {
    if (b.formationDemoralized[i] || f.limit === 0 || b.formationLoss[i] < f.limit) return;
    b.formationDemoralized[i] = 1;
    for (const u of f.units) b.st.demoralized[u] = 1; // 2.2, 14.1: morale -1, movement -1
    res.formations[i].brokenTurn = b.turn;
    res.sides[f.side].formationsBroken.push({ formation: f.id, turn: b.turn });
    if (sink) sink({ type: 'broken', side: f.side, formation: f.id, turn: b.turn });
  });
  // 13: the non-phasing army first if both reach their level at once.
  for (const side of [1 - b.phasing, b.phasing] as (0 | 1)[]) {
    const level = c.sides[side].armyLevel;
    if (level === 0 || b.armyDemoralized[side]) continue;
    const loss = c.options.armyLossMeasure === 'strengthLost' ? res.sides[side].strengthLost : b.armyLoss[side];
    if (loss >= level) {
      b.armyDemoralized[side] = 1;
      res.sides[side].armyBrokenTurn = b.turn;
      if (sink) sink({ type: 'broken', side, formation: null, turn: b.turn });
    }
  }
}
