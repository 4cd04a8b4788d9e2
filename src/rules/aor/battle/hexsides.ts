/**
 * What a hexside of the map means for combat and zones of control: the terrain an attack crosses
 * (7.6, Terrain Effects on Combat), whether it can be assaulted across (a river without a bridge
 * cannot), and whether a zone of control reaches across it (5.4).
 */
import { BRIDGE, CREST, FORTIFIED, RIVER, STREAM } from '../map.js';
import { TERRAIN, type HexsideTerrain } from '../terrain.js';
import type { BattleState } from './state.js';

/** The hexside terrain an attack crosses, as the kernel reads it (the two that matter most). */
export function hexsideKinds(flags: number): [HexsideTerrain, HexsideTerrain] {
  // A river without a bridge is assaulted across only under aor.riverAssault = asStream, as a stream.
  const primary: HexsideTerrain = flags & FORTIFIED ? 'fortified' : flags & BRIDGE ? 'bridge' : flags & (STREAM | RIVER) ? 'stream' : flags & CREST ? 'crest' : 'none';
  const second: HexsideTerrain = flags & CREST && primary !== 'crest' ? 'crest' : 'none';
  return [primary, second];
}

/** Whether units in `a` can assault `b` across their shared hexside (not across a river without a bridge). */
export function canAssaultAcross(b: BattleState, a: number, d: number): boolean {
  const f = b.c.map.sides[b.c.map.grid.hexsideId(a, d)];
  return !(f & RIVER && !(f & BRIDGE));
}

/** 5.4: a unit in `from` projects its ZOC into the neighbour `to` (across `to`'s hexside `d`). */
export function projectsZocAcross(b: BattleState, from: number, to: number, d: number): boolean {
  const m = b.c.map;
  const f = m.sides[m.grid.hexsideId(to, d)];
  if (f & RIVER && !(f & BRIDGE)) return false;
  return m.terrain[from] !== TERRAIN.chateau && m.terrain[to] !== TERRAIN.chateau;
}
