/**
 * Line of sight (8.3). Blocked by town, chateau and forest hexes between the two hexes (woods do not
 * block: the text names forest only; aor.losWoods = woodsToo makes them), by any crest hexside the line crosses (the firer's and target's
 * own included) and by the end points of crest hexsides. A line running exactly along a hexside is
 * blocked when that hexside is a crest, when the hexes on both sides of it block, or when it runs
 * between a crest on one side and blocking terrain on the other (docs/rules/age-of-rifles.md).
 */
import { traceLine } from '../../hex/line.js';
import { CREST, type BattleMap } from './map.js';

const TOWN = 1, CHATEAU = 2, WOODS = 3, FOREST = 4; // indexes in HEX_TERRAIN

/** 8.3: town, chateau and forest hexes block; woods too under aor.losWoods = woodsToo. */
export function blocksLos(m: BattleMap, hex: number): boolean {
  const t = m.terrain[hex];
  return t === TOWN || t === CHATEAU || t === FOREST || (t === WOODS && m.woodsBlockLos === true);
}

/** Per map: the vertex ids that are end points of a crest hexside. */
const crestVertexCache = new WeakMap<BattleMap, Uint8Array>();

function crestVertices(m: BattleMap): Uint8Array {
  let v = crestVertexCache.get(m);
  if (!v) {
    v = new Uint8Array(m.grid.vertexCount);
    for (let id = 0; id < m.sides.length; id++) {
      if (!(m.sides[id] & CREST)) continue;
      for (const x of m.grid.hexsideVertices(id)) v[x] = 1;
    }
    crestVertexCache.set(m, v);
  }
  return v;
}

/** A hex has a crest hexside meeting one of the given vertices. */
function crestTouches(m: BattleMap, hex: number, vertices: readonly number[]): boolean {
  if (hex < 0) return false;
  for (let d = 0; d < 6; d++) {
    const id = m.grid.hexsideId(hex, d);
    if (!(m.sides[id] & CREST)) continue;
    const [a, b] = m.grid.hexsideVertices(id);
    if (vertices.includes(a) || vertices.includes(b)) return true;
  }
  return false;
}

/**
 * Per map: the answers found so far, 1 + (0 blocked, 1 clear) at from * hexes + to, 0 not yet traced.
 * Sight depends on the map alone, so an answer never changes; kept for maps of up to 4096 hexes (16 MB).
 */
const losCache = new WeakMap<BattleMap, Uint8Array>();
const LOS_CACHE_HEXES = 4096;

export function hasLineOfSight(m: BattleMap, from: number, to: number): boolean {
  if (from === to) return true;
  const n = m.grid.size;
  if (n > LOS_CACHE_HEXES) return traceSight(m, from, to);
  let cache = losCache.get(m);
  if (!cache) losCache.set(m, (cache = new Uint8Array(n * n)));
  const k = from * n + to;
  const known = cache[k];
  if (known !== 0) return known === 2;
  const clear = traceSight(m, from, to);
  cache[k] = clear ? 2 : 1;
  return clear;
}

function traceSight(m: BattleMap, from: number, to: number): boolean {
  const t = traceLine(m.grid, from, to);
  for (const h of t.hexes) if (h !== from && h !== to && blocksLos(m, h)) return false;
  for (const id of t.sides) if (m.sides[id] & CREST) return false;
  const cv = crestVertices(m);
  for (const v of t.vertices) if (cv[v]) return false;
  for (const a of t.alongs) {
    if (m.sides[a.side] & CREST) return false;
    const lb = a.left >= 0 && a.left !== from && a.left !== to && blocksLos(m, a.left);
    const rb = a.right >= 0 && a.right !== from && a.right !== to && blocksLos(m, a.right);
    if (lb && rb) return false;
    const ends = m.grid.hexsideVertices(a.side);
    if ((lb && crestTouches(m, a.right, ends)) || (rb && crestTouches(m, a.left, ends))) return false;
  }
  return true;
}
