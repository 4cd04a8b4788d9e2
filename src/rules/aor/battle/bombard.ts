/**
 * Bombardment (8.1, 8.3; Terrain Effects "Bomb." column; Combat modifiers "Bombardment (opt.)").
 * Phasing artillery fires at an enemy stack one or two hexes away in line of sight; the target does
 * not fire back; the first hit only disrupts; artillery that bombarded does not move this turn.
 */
import type { EngagementDice } from '../../../core/dice.js';
import { twoD6 } from '../../../core/dice.js';
import type { AorSink } from '../events.js';
import { reachRung, RUNG, type EngagementResult } from '../../../core/result.js';
import { groupCheck, retreatUnits } from '../assault.js';
import { hitsFor } from '../fireTable.js';
import { allocateHits, eligibleForHit, pickHitTarget } from '../hits.js';
import { traceLine } from '../../../hex/line.js';
import { hasLineOfSight } from '../los.js';
import { FORTIFIED, type BattleMap } from '../map.js';
import { roundHalfUp } from '../numbers.js';
import { isArtillery } from '../units.js';
import type { BattleState } from './state.js';

/** Terrain Effects "Bomb." column by HEX_TERRAIN index; NaN where bombardment is not possible (N/A). */
const BOMB_REDUCTION = [0, 0.75, NaN, 0.5, 0.5, NaN]; // clear, town, chateau (N/A), woods, forest, fort (10.1)

export function canBeBombarded(b: BattleState, hex: number): boolean {
  return !Number.isNaN(BOMB_REDUCTION[b.c.map.terrain[hex]]);
}

/**
 * Whether artillery unit `u` could bombard the stack in `target` (range 1-2, LOS, terrain allows; under
 * aor.fortifiedHexsideBombard likeFort, not across a fortified hexside of the target's hex, 10.1, 10.2).
 */
export function canBombard(b: BattleState, u: number, target: number): boolean {
  const from = b.pos[u];
  if (from < 0 || target < 0 || b.count[target] === 0) return false;
  if (b.sideAt[target] === b.spec(u).side) return false;
  const d = b.c.map.grid.distance(from, target);
  return (
    d >= 1 &&
    d <= 2 &&
    canBeBombarded(b, target) &&
    hasLineOfSight(b.c.map, from, target) &&
    (b.c.options.fortifiedHexsideBombard === 'allowed' || !shotAcrossFortified(b.c.map, from, target))
  );
}

/**
 * 10.1, 10.2: the line between the centres of `from` and `to` crosses a fortified hexside of `to`'s
 * hex, or meets one at an end point. An adjacent gun's line crosses the hexside the two hexes share; a
 * line two hexes long crosses either the hexside facing the hex in between, or, where it runs along
 * the hexside between two hexes in between, none: it enters the target's hex at the corner where two
 * of its hexsides meet, and either one fortified stops it (8.3 blocks sight at a crest hexside's end
 * points the same way).
 */
export function shotAcrossFortified(m: BattleMap, from: number, to: number): boolean {
  const g = m.grid;
  let any = false;
  for (let d = 0; d < 6; d++) if (m.sides[g.hexsideId(to, d)] & FORTIFIED) any = true;
  if (!any) return false;
  const t = traceLine(g, from, to);
  for (let d = 0; d < 6; d++) {
    const id = g.hexsideId(to, d);
    if (!(m.sides[id] & FORTIFIED)) continue;
    if (t.sides.includes(id)) return true;
    const [v, w] = g.hexsideVertices(id);
    if (t.vertices.includes(v) || t.vertices.includes(w)) return true;
  }
  return false;
}

const scratch = new Int32Array(8);

/**
 * The artillery units in `firers` bombard the stack in `target` together: strengths added after
 * halving for disruption, the terrain "Bomb." reduction, the optional +50% against two stacked
 * non-artillery units, rounded once. Returns the hits scored.
 */
export function bombard(
  b: BattleState,
  firers: readonly number[],
  target: number,
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
): number {
  const st = b.st;
  const side = b.spec(firers[0]).side;
  const enemy = (1 - side) as 0 | 1;
  let raw = 0;
  for (const u of firers) {
    raw += st.strength(u) * (st.disrupted[u] ? 0.5 : 1);
    b.bombarded[u] = 1;
  }
  raw *= 1 - BOMB_REDUCTION[b.c.map.terrain[target]];
  const n = b.unitsAt(target, scratch);
  if (b.c.options.bombardStackBonus) {
    let nonArt = 0;
    for (let i = 0; i < n; i++) if (!isArtillery(b.spec(scratch[i]).kind)) nonArt++;
    if (nonArt >= 2) raw *= 1.5;
  }
  const strength = roundHalfUp(raw);
  const roll = twoD6(dice.fire(side));
  let hits = hitsFor(strength, roll);
  if (sink) sink({ type: 'fire', side, rawStrength: raw, strength, roll, hits, modifiers: ['bombardment (8.1)'] });
  res.extras[side === 0 ? 'bombardmentHits.0' : 'bombardmentHits.1'] += hits;
  if (hits === 0) return 0;
  const targets = Array.from(scratch.subarray(0, n));
  const doctrine = b.c.sides[enemy].doctrine;
  const rng = doctrine.hitAllocation === 'random' ? dice.ai(enemy) : () => 0;
  const scored = hits;
  const cand = new Int32Array(n);
  const combined = b.c.options.hitAllocation === 'combined';
  let firstIsDisruption = true;
  let u = -1;
  if (b.c.options.bombardFirstHit === 'alwaysDisrupt') {
    // 8.1: the first hit is a disruption, placed as 7.1 places any first hit: on infantry when the
    // stack has some (combined: damaged infantry first), else on a damaged unit if any. The owner
    // chooses among those; a disruption costs nothing on a unit already disrupted, so a deliberate
    // doctrine puts it there when it can (random: any of them). On such a unit it is spent.
    let k = eligibleForHit(st, targets, n, true, combined, cand);
    if (doctrine.hitAllocation !== 'random') {
      let m = 0;
      for (let i = 0; i < k; i++) if (st.disrupted[cand[i]]) cand[m++] = cand[i];
      if (m > 0) k = m;
    }
    if (k > 0) u = pickHitTarget(st, cand, k, doctrine.hitAllocation, rng);
    if (u >= 0 && st.disrupted[u]) u = -1;
  } else {
    // disruptOrStep: the disruption goes to an undisrupted unit, infantry first as 7.1 places a first
    // hit; when every unit is disrupted already, the first hit is a step loss like any other.
    let k = 0;
    const anyInfantry = targets.some((t) => st.present(t) && !st.disrupted[t] && b.spec(t).kind === 'infantry');
    for (const t of targets) {
      if (st.present(t) && !st.disrupted[t] && (!anyInfantry || b.spec(t).kind === 'infantry')) cand[k++] = t;
    }
    if (k > 0) u = pickHitTarget(st, cand, k, doctrine.hitAllocation, rng);
    else firstIsDisruption = false;
  }
  if (u >= 0) {
    st.disrupted[u] = 1;
    b.bombDisrupted[u] = 1;
    res.sides[enemy].disruptions++;
    reachRung(res, enemy, u, RUNG.disordered);
    if (sink) sink({ type: 'cohesion', side: enemy, unit: b.spec(u).id, from: 'good', to: 'disrupted' });
  }
  if (firstIsDisruption) hits--;
  const lost = allocateHits(st, targets, n, hits, combined, doctrine.hitAllocation, rng, res, sink, firstIsDisruption);
  // aor.bombardmentRetreatCheck: a step lost to bombardment makes the target check morale (not 8.1's default).
  if (lost > 0 && b.c.options.bombardmentRetreatCheck) {
    const passed = groupCheck(st, targets, n, enemy, { flanked: false, firedOnByArtillery: true, attackedByOldGuard: false }, b.c.options, dice, res, 'bombardment', sink);
    if (!passed) retreatUnits(st, targets, n, enemy, false, res, sink); // 7.4: counted and disrupted; the map moves them
  }
  return scored;
}
