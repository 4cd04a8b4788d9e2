/**
 * Fire strength of a side in normal combat (7.1, 7.3, 7.6): each unit's printed strength times its
 * percentage changes, summed over the side, rounded once, looked up on the Fire Table.
 */
import { isArtillery, type UnitKind, type UnitState } from './units.js';

export interface FireMods {
  /** 7.6 Flanking: attacker strength +50%. */
  flanking: boolean;
  /** 7.6 Armament: the enemy's losses are applied first (the defender firing first, 7.3). */
  firesFirst: boolean;
  /** 7.6 Armament: the target holds units with rifled muskets or artillery. */
  targetHasRifledOrArtillery: boolean;
  /**
   * The disruption that halves fire: the units' markers now (6.2), or in an assault on the map the
   * markers the combat segment began with (7.6: a unit disrupted since fires at full strength).
   */
  disrupted: ArrayLike<number>;
}

/** The product of a unit's own percentage changes in normal combat (terrain excluded). */
export function unitFireFactor(st: UnitState, u: number, m: FireMods): number {
  const spec = st.specs[u];
  let f = 1;
  if (m.disrupted[u]) f *= 0.5; // 6.2, 7.6 Disruption
  if (spec.kind === 'cavalry') f *= 0.5; // 7.3: cavalry in normal combat is halved
  if (spec.repeating && (m.targetHasRifledOrArtillery || m.firesFirst)) f *= 1.5; // 7.6 Armament
  if (m.flanking) f *= 1.5; // 7.6 Flanking
  return f;
}

/** Unrounded fire strength of the present units of a list, all under one terrain factor. */
export function rawFireStrength(
  st: UnitState,
  units: ArrayLike<number>,
  n: number,
  terrain: number,
  m: FireMods,
): number {
  let raw = 0;
  for (let i = 0; i < n; i++) {
    const u = units[i];
    if (!st.present(u)) continue;
    raw += st.strength(u) * unitFireFactor(st, u, m) * terrain;
  }
  return raw;
}

/**
 * 7.6 Armament: units with rifled muskets are every non-artillery unit without repeating weapons; a
 * stack "contains rifled muskets or artillery" unless every present unit is a non-artillery unit with
 * repeating weapons (a battery is artillery whatever its flags).
 */
export function hasRifledOrArtillery(st: UnitState, units: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const u = units[i];
    if (st.present(u) && isRifledOrArtillery(st.specs[u])) return true;
  }
  return false;
}

/** 7.6 Armament: whether one unit is rifled muskets or artillery (a battery whatever its flags). */
export function isRifledOrArtillery(spec: { kind: UnitKind; repeating: boolean }): boolean {
  return !spec.repeating || isArtillery(spec.kind);
}

/** Whether a present artillery unit with strength fires in this list (Morale Modifiers: -1). */
export function includesArtillery(st: UnitState, units: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const u = units[i];
    const k = st.specs[u].kind;
    if (st.present(u) && (k === 'artillery' || k === 'horseArtillery')) return true;
  }
  return false;
}

/** Whether a present Old Guard infantry unit is in this list (Morale Modifiers: -1). */
export function includesOldGuard(st: UnitState, units: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const u = units[i];
    if (st.present(u) && st.specs[u].oldGuard && st.specs[u].kind === 'infantry') return true;
  }
  return false;
}
