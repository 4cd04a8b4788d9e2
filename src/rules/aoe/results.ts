/**
 * The result of an Age of Eagles engagement in the common vocabulary (src/core/result.ts; rulings 5):
 * sized by its check purposes and quality scale, every unit counted on the first rung at the start,
 * and at the end hits turned into men (aoe.hitMen), figures, casualties apart from the men of removed
 * units, and minutes from the turns played.
 */
import { emptyResult, reachRung, RUNG, type EngagementResult } from '../../core/result.js';
import type { CompiledLane } from './compile.js';
import { menLost } from './hits.js';
import type { LaneState } from './state.js';
import { AOE_VOCABULARY, EXTRA_KEYS, TROOPS_LABELS } from './vocabulary.js';

export function newAoeResult(units: number): EngagementResult {
  const r = emptyResult({ units, objectives: 1, purposes: AOE_VOCABULARY.checkPurposes.length, ratings: TROOPS_LABELS.length });
  resetExtras(r);
  return r;
}

/** Every extra at 0 (each engagement declares all of them, so the accumulators see every key). */
export function resetExtras(r: EngagementResult): void {
  const e = r.extras;
  for (let i = 0; i < EXTRA_KEYS.length; i++) e[EXTRA_KEYS[i]] = 0;
}

/** The men a unit has lost so far (aoe.hitMen), over what it had lost at the start. */
export function unitMenLost(c: CompiledLane, st: LaneState, u: number): number {
  const s = c.specs[u];
  if (s.arm === 'artillery') return 0;
  return menLost(s.arm, s.stands, st.hits[u], st.removed[u] === 1, c.options.hitMen) - menLost(s.arm, s.stands, s.startHits, false, c.options.hitMen);
}

/** The casualties among them: the men its hits stand for, not the rest of a removed unit (dispersed). */
export function unitCasualties(c: CompiledLane, st: LaneState, u: number): number {
  const s = c.specs[u];
  if (s.arm === 'artillery') return 0;
  return menLost(s.arm, s.stands, st.hits[u], false, c.options.hitMen) - menLost(s.arm, s.stands, s.startHits, false, c.options.hitMen);
}

/** Start of an engagement: strength in men and figures, every unit on the first rung (a unit starting disordered or shaken on its own). */
export function startResult(c: CompiledLane, st: LaneState, res: EngagementResult): void {
  for (let u = 0; u < c.specs.length; u++) {
    const s = c.specs[u];
    const side = res.sides[s.side];
    side.rungs[RUNG.good]++;
    const atStart = s.men - menLost(s.arm, s.stands, s.startHits, false, c.options.hitMen);
    side.startMen += atStart;
    side.startStrength += atStart / c.scale.menPerStrength;
    if (st.disordered[u]) reachRung(res, s.side, u, RUNG.disordered);
    if (s.startHits > 0 && s.startHits >= s.threshold - 2) reachRung(res, s.side, u, RUNG.shaken);
  }
}

/** Strength on the field now, in figures, for each side (strengthByTurn). */
export function strengthNow(c: CompiledLane, st: LaneState, side: 0 | 1): number {
  let men = 0;
  const units = c.sideUnits[side];
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const s = c.specs[u];
    men += s.men - menLost(s.arm, s.stands, s.startHits, false, c.options.hitMen) - unitMenLost(c, st, u);
  }
  return men / c.scale.menPerStrength;
}

/** End of an engagement: men, casualties, figures and hits lost; minutes from the turns played. */
export function finishResult(c: CompiledLane, st: LaneState, res: EngagementResult): void {
  res.minutes = res.turns * c.scale.minutesPerTurn;
  for (let u = 0; u < c.specs.length; u++) {
    const s = c.specs[u];
    const side = res.sides[s.side];
    const lost = unitMenLost(c, st, u);
    side.menLost += lost;
    side.casualties += unitCasualties(c, st, u);
    side.strengthLost += lost / c.scale.menPerStrength;
    if (s.arm !== 'artillery') side.stepsLost += st.hits[u] - s.startHits;
  }
}
