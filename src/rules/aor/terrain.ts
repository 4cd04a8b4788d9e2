/**
 * Terrain Effects on Combat (the table after section 18) and the terrain kinds of a hex and a hexside.
 * Reductions are fractions of strength removed from fire into that terrain.
 */

export const HEX_TERRAIN = ['clear', 'town', 'chateau', 'woods', 'forest', 'fort'] as const;
export type HexTerrain = (typeof HEX_TERRAIN)[number];

/** The index of each hex terrain in HEX_TERRAIN: a compiled map stores these (src/rules/aor/map.ts). */
export const TERRAIN = Object.fromEntries(HEX_TERRAIN.map((t, i) => [t, i])) as { readonly [K in HexTerrain]: number };

export const HEXSIDE_TERRAIN = ['none', 'stream', 'crest', 'bridge', 'fortified'] as const;
export type HexsideTerrain = (typeof HEXSIDE_TERRAIN)[number];

/**
 * "Attack" column: reduction of fire into a hex of this terrain. Forest has no row of its own; it
 * is read as woods (docs/rules/age-of-rifles.md). A fort halves attacker strength (10.1).
 */
export const ATTACK_INTO_HEX: Readonly<Record<HexTerrain, number>> = {
  clear: 0,
  town: 0.25,
  chateau: 0.5,
  woods: 0.5,
  forest: 0.5,
  fort: 0.5,
};

/** "Attack" column for hexsides: reduction of fire across it. A fortified hexside works as a fort (10.2). */
export const ATTACK_ACROSS_HEXSIDE: Readonly<Record<HexsideTerrain, number>> = {
  none: 0,
  stream: 0.25,
  crest: 0.25,
  bridge: 0.5,
  fortified: 0.5,
};

/** The woods footnote: the defender's fire out of woods is reduced like fire into woods. */
export function defenderFireOutOf(t: HexTerrain): number {
  return t === 'woods' || t === 'forest' ? 0.5 : 0;
}

/** 7.6: a defender in a town or fort is never flanked. */
export function canBeFlanked(t: HexTerrain): boolean {
  return t !== 'town' && t !== 'fort';
}
