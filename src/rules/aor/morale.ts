/**
 * Morale (2.2, 2.3, Morale Modifiers table). A check rolls 1d6 and fails when the roll is higher than
 * the morale value.
 */
import type { UnitState } from './units.js';

/** 2.3: a check passes when the d6 roll is not higher than the morale. */
export function passesCheck(roll: number, morale: number): boolean {
  return roll <= morale;
}

/** Exact probability of passing: morale 6 or more never fails, 0 or less always fails. */
export function passProbability(morale: number): number {
  return morale <= 0 ? 0 : morale >= 6 ? 1 : morale / 6;
}

/**
 * A unit's own morale: its rating, -1 once it has lost a step unless `steadfast` (2.2; Morale
 * Modifiers "except British and KGL"), -1 if its formation is demoralized (2.2, 14.1), -1 under March
 * or Reserve orders (12.2).
 */
export function unitMorale(st: UnitState, u: number): number {
  const s = st.specs[u];
  let m = s.morale;
  if (st.damaged(u) && !s.steadfast) m -= 1;
  m -= st.demoralized[u];
  m -= st.ordersPenalty[u];
  return m;
}

/**
 * 2.3: the unit whose morale a group checks with: the highest-morale infantry unit present, else the
 * highest cavalry, else (aor.groupMoraleFallback = artillery) the highest artillery. Returns -1 when the
 * group has no unit to check with (or only artillery under `fails`): the check fails outright.
 */
export function groupMoraleUnit(
  st: UnitState,
  units: ArrayLike<number>,
  n: number,
  fallback: 'artillery' | 'fails',
): number {
  let bestInf = -1, bestCav = -1, bestArt = -1;
  let mInf = -Infinity, mCav = -Infinity, mArt = -Infinity;
  for (let i = 0; i < n; i++) {
    const u = units[i];
    if (!st.present(u)) continue;
    const m = unitMorale(st, u);
    const k = st.specs[u].kind;
    if (k === 'infantry') {
      if (m > mInf) (mInf = m), (bestInf = u);
    } else if (k === 'cavalry') {
      if (m > mCav) (mCav = m), (bestCav = u);
    } else if (m > mArt) (mArt = m), (bestArt = u);
  }
  if (bestInf >= 0) return bestInf;
  if (bestCav >= 0) return bestCav;
  return fallback === 'artillery' ? bestArt : -1;
}

/** aor.moraleBounds: keep modified morale within 1..5 (full rules) or leave it as is. */
export function boundMorale(m: number, bounds: 'none' | '1-5'): number {
  if (bounds === 'none') return m;
  return m < 1 ? 1 : m > 5 ? 5 : m;
}

/** Situational modifiers of the Morale Modifiers table, added once to a group check. */
export interface SituationalMorale {
  flanked: boolean; // Flank attack -2 (7.6)
  firedOnByArtillery: boolean; // Fired at by artillery in normal combat -1
  attackedByOldGuard: boolean; // Attacked by Old Guard infantry -1
}

/** No situational modifier: a check outside combat (recovery, a reaction charge, forming square). */
export const NO_SITUATION: Readonly<SituationalMorale> = Object.freeze({ flanked: false, firedOnByArtillery: false, attackedByOldGuard: false });

export function situationalModifier(s: SituationalMorale): number {
  return (s.flanked ? -2 : 0) + (s.firedOnByArtillery ? -1 : 0) + (s.attackedByOldGuard ? -1 : 0);
}

/** Labels of the modifiers in force, for the event log only. */
export function moraleModifierLabels(st: UnitState, u: number, s: SituationalMorale): string[] {
  const out: string[] = [];
  const spec = st.specs[u];
  if (st.damaged(u) && !spec.steadfast) out.push('step loss -1');
  if (st.demoralized[u]) out.push('demoralized formation -1');
  if (st.ordersPenalty[u]) out.push('March/Reserve orders -1');
  if (s.flanked) out.push('flank attack -2');
  if (s.firedOnByArtillery) out.push('fired on by artillery -1');
  if (s.attackedByOldGuard) out.push('attacked by Old Guard -1');
  return out;
}
