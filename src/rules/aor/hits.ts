/**
 * Hit allocation and step losses (7.1, 7.2, 6.1). The owner chooses which unit takes each hit within
 * two constraints: the first hit goes to infantry when the target has any; hits go to damaged units
 * while any are present. Which eligible unit is the owning side's doctrine's choice.
 */
import type { Uniform } from '../../core/dice.js';
import type { AorSink } from './events.js';
import { reachRung, RUNG, type EngagementResult } from '../../core/result.js';
import type { HitPolicy } from './doctrine/assault.js';
import { unitMorale } from './morale.js';
import { recordLoss } from './results.js';
import type { UnitState } from './units.js';
import { LOSS } from './vocabulary.js';

/** Strength the unit loses if it takes one hit now: a flip costs full - reduced, elimination all that is left. */
export function hitCost(st: UnitState, u: number): number {
  const s = st.specs[u];
  return st.steps[u] > 1 ? s.full - s.reduced : st.strength(u);
}

/** eligibleForHit's marks of a present unit: infantry, damaged (6.1). */
const INF = 1, DMG = 2;
const eligibleScratch = new Uint8Array(64);

/**
 * The units that may take the next hit, written into `out`; returns how many.
 * `first` is the first hit of this fire; `combined` is aor.hitAllocation = combined.
 */
export function eligibleForHit(
  st: UnitState,
  targets: ArrayLike<number>,
  n: number,
  first: boolean,
  combined: boolean,
  out: Int32Array,
): number {
  // One pass over the stack: the present units, each with its marks, and which marks occur at all.
  const marks = eligibleScratch.length >= n ? eligibleScratch : new Uint8Array(n);
  let seen = 0, anyDamagedInf = false, k = 0;
  for (let i = 0; i < n; i++) {
    const u = targets[i];
    if (!st.present(u)) continue;
    const mark = (st.specs[u].kind === 'infantry' ? INF : 0) | (st.damaged(u) ? DMG : 0);
    seen |= mark;
    if (mark === (INF | DMG)) anyDamagedInf = true;
    out[k] = u;
    marks[k++] = mark;
  }
  // 7.1: the first hit to infantry when the stack has any (combined: to damaged infantry if any);
  // otherwise to a damaged unit while one is present. The marks a unit needs, 0 for none.
  const need = first && seen & INF ? INF | (combined && anyDamagedInf ? DMG : 0) : seen & DMG;
  if (need === 0) return k;
  let m = 0;
  for (let j = 0; j < k; j++) if ((marks[j] & need) === need) out[m++] = out[j];
  return m;
}

/** The doctrine's pick among eligible units. Ties fall to the earlier unit. */
export function pickHitTarget(st: UnitState, cand: Int32Array, k: number, policy: HitPolicy, rng: Uniform): number {
  if (k === 1) return cand[0];
  if (policy === 'random') return cand[Math.floor(rng() * k)];
  let best = cand[0];
  for (let i = 1; i < k; i++) {
    const u = cand[i];
    if (policy === 'leastStrength') {
      const d = hitCost(st, u) - hitCost(st, best);
      if (d < 0 || (d === 0 && unitMorale(st, u) < unitMorale(st, best))) best = u;
    } else {
      const d = unitMorale(st, u) - unitMorale(st, best);
      if (d < 0 || (d === 0 && hitCost(st, u) < hitCost(st, best))) best = u;
    }
  }
  return best;
}

/** 7.2 / 6.1: one hit on a unit: flip a full unit, eliminate a one-step one. Records the loss. */
export function applyStepLoss(st: UnitState, u: number, res: EngagementResult, sink?: AorSink): void {
  const side = res.sides[st.specs[u].side];
  const cost = hitCost(st, u);
  side.strengthLost += cost;
  recordLoss(res, st, u, st.steps[u] > 1 ? LOSS.lostInSteps : LOSS.lostInEliminations, cost);
  side.stepsLost += 1;
  st.steps[u] -= 1;
  if (st.steps[u] === 0) {
    side.unitsEliminated += 1;
    res.units[u].eliminated = true;
    reachRung(res, st.specs[u].side, u, RUNG.removed);
    st.disrupted[u] = 0;
  }
  if (sink) {
    sink({ type: 'hit', side: st.specs[u].side, unit: st.specs[u].id, lost: 1, left: st.steps[u], eliminated: st.steps[u] === 0 });
  }
}

const scratch = new Int32Array(64);

/**
 * Apply `hits` to the target units one at a time (7.1, 7.2). Hits beyond the last step are lost.
 * `firstPlaced`: the fire's first hit was already placed elsewhere (bombardment's disruption, 8.1).
 * Returns the number of steps actually lost.
 */
export function allocateHits(
  st: UnitState,
  targets: ArrayLike<number>,
  n: number,
  hits: number,
  combined: boolean,
  policy: HitPolicy,
  rng: Uniform,
  res: EngagementResult,
  sink?: AorSink,
  firstPlaced = false,
): number {
  const cand = n <= scratch.length ? scratch : new Int32Array(n);
  let lost = 0;
  for (let h = 0; h < hits; h++) {
    const k = eligibleForHit(st, targets, n, h === 0 && !firstPlaced, combined, cand);
    if (k === 0) break;
    applyStepLoss(st, pickHitTarget(st, cand, k, policy, rng), res, sink);
    lost++;
  }
  return lost;
}
