/**
 * Movement (5): terrain costs from the Terrain Effects table, roads and trails under March orders
 * (5.2), zones of control (5.4), night (5.5), demoralization (14.1) and what each order allows (12.2).
 */
import { TERRAIN } from '../terrain.js';
import { costField } from '../../../hex/paths.js';
import { BRIDGE, RIVER, STREAM, TRAIL } from '../map.js';
import type { BattleState } from './state.js';

const CHATEAU = 2, WOODS = 3, FOREST = 4, FORT = 5;

/** Terrain Effects "Movement" column: the cost to enter a hex (woods 2 for infantry, 4 for others). */
export function enterCost(terrain: number, infantry: boolean): number {
  if (terrain === CHATEAU) return 2;
  if (terrain === WOODS || terrain === FOREST) return infantry ? 2 : 4; // forest moves as woods
  return 1; // clear, town, fort
}

/** Stacking limit of a hex: two units (5.3), one in a fort (10.1). */
export function stackLimit(b: BattleState, hex: number): number {
  return b.c.map.terrain[hex] === TERRAIN.fort ? 1 : 2;
}

/** The movement allowance this turn: -1 for a demoralized formation (14.1). */
export function allowance(b: BattleState, u: number): number {
  return Math.max(0, b.c.movement[u] - b.st.demoralized[u]);
}

/** Whether the unit's orders let it enter an enemy zone of control (12.2). */
export function ordersAllowZocEntry(b: BattleState, u: number): boolean {
  return b.unitOrders(u) === 'attack';
}

/**
 * Whether unit `u` may enter an enemy ZOC this move (night aside): in command range (12.1), with orders
 * that allow it (12.2); cavalry under any orders (5.4) unless aor.cavalryZocOrders = apply.
 */
export function mayEnterZoc(b: BattleState, u: number): boolean {
  if (b.inCommand[u] !== 1) return false;
  if (b.spec(u).kind === 'cavalry' && b.c.options.cavalryZocOrders === 'ignore') return true;
  return ordersAllowZocEntry(b, u);
}

/**
 * Whether a unit that entered an enemy ZOC hex during its move may move on from it: cavalry always
 * (5.4); others under aor.zocMovement = moveThrough, paying +1 MP as the last unit out (5.4).
 */
export function movesOnThroughZoc(b: BattleState, u: number): boolean {
  return b.spec(u).kind === 'cavalry' || b.c.options.zocMovement === 'moveThrough';
}

/**
 * Whether a unit that starts in an enemy zone of control may leave it by movement: cavalry always
 * (5.4), others only under Defend orders (12.2; the rulings' reading of 5.4).
 */
export function mayLeaveZoc(b: BattleState, u: number): boolean {
  const s = b.spec(u);
  if (s.kind === 'cavalry') return true;
  return b.unitOrders(u) === 'defend';
}

export interface MoveContext {
  b: BattleState;
  unit: number;
  side: 0 | 1;
  start: number;
  infantry: boolean;
  cavalry: boolean;
  march: boolean;
  zocEntry: boolean;
  /** A non-cavalry unit may move on from an enemy ZOC hex it entered (aor.zocMovement = moveThrough). */
  through: boolean;
  night: boolean;
  /** +1 MP to leave the start hex: the last unit out of a ZOC hex (5.4). */
  leaveCost: number;
}

/**
 * Cost of one step for a unit, or Infinity. Hexes in an enemy ZOC can be entered (if orders and night
 * allow) but not left again in the same move, except by cavalry (5.4), unless aor.zocMovement =
 * moveThrough: then leaving one costs +1 MP when no friendly unit stays behind in it (5.4).
 */
export function stepCost(m: MoveContext, from: number, d: number, to: number): number {
  const b = m.b;
  const map = b.c.map;
  if (to < 0) return Infinity; // leaving the map is not a move (5.6)
  const side = b.sideAt[to];
  if (side >= 0 && side !== m.side) return Infinity;
  const id = map.grid.hexsideId(from, d);
  const f = map.sides[id];
  if (f & RIVER && !(f & BRIDGE)) return Infinity;
  // A ZOC stops a non-cavalry unit: it may not step on from an enemy ZOC hex it entered this move;
  // moving through, the last unit to leave a ZOC hex spends an extra MP (5.4).
  let leave = 0;
  if (from !== m.start && !m.cavalry && b.inEnemyZoc(m.side, from)) {
    if (!m.through) return Infinity;
    if (b.count[from] === 0) leave = 1;
  }
  if (b.inEnemyZoc(m.side, to) || (m.cavalry && b.zoc[1 - m.side][to] > 0)) {
    if (m.night || !m.zocEntry) return Infinity; // 5.5, 16; 12.2
  }
  let cost = enterCost(map.terrain[to], m.infantry);
  const road = map.roads[id];
  if (m.march && road !== 0) {
    // 5.2, 12.2: the trail rate (1 MP whatever the terrain) and the road rate (1/2 MP) only moving
    // (unstacked) into an empty hex.
    if (b.count[to] === 0) cost = road === TRAIL ? 1 : 0.5;
  }
  if (f & STREAM && !(f & BRIDGE)) cost += 2; // 5.2
  if (from === m.start) cost += m.leaveCost;
  return cost + leave;
}

/**
 * 12.2 Attack: a unit more than two hexes (artillery range, 8.1) from every enemy unit must end its move
 * at least one hex closer to the enemy unit closest to it (to one of them, when several are as close).
 * Fills `targets` with the hexes of those closest units and returns their distance; returns 0 where the
 * order binds no more or not at all: within artillery range, once the formation occupies its target
 * (12.2: the duties last until it is occupied), out of command range (a unit there moves as 12.1 says),
 * or garrisoning a fort (10.1: never required to attack).
 */
export function closingDistance(b: BattleState, u: number, orders: string, targets: number[]): number {
  targets.length = 0;
  if (orders !== 'attack' || b.inCommand[u] !== 1) return 0;
  const at = b.pos[u];
  const side = b.spec(u).side;
  if (at < 0 || b.c.map.terrain[at] === TERRAIN.fort) return 0;
  const objective = b.objective[b.c.formationOf[u]];
  if (objective >= 0 && b.sideAt[objective] === side) return 0;
  const g = b.c.map.grid;
  let best = Infinity;
  for (const e of b.c.sides[1 - side].units) {
    const h = b.pos[e];
    if (h < 0) continue;
    const d = g.distance(at, h);
    if (d <= 2) {
      targets.length = 0;
      return 0; // within artillery range: bound no more
    }
    if (d < best) {
      best = d;
      targets.length = 0;
    }
    if (d === best) targets.push(h);
  }
  if (best === Infinity) return 0;
  return best;
}

/** Whether hex `h` is closer than `distance` to one of the enemy hexes `targets` (closingDistance). */
export function closesIn(b: BattleState, h: number, targets: readonly number[], distance: number): boolean {
  const g = b.c.map.grid;
  for (const t of targets) if (g.distance(h, t) < distance) return true;
  return false;
}

/** Whether moveContext gives the unit a move at all (not held in an enemy ZOC it may not leave). */
export function mayMoveFrom(b: BattleState, u: number): boolean {
  return !(b.inEnemyZoc(b.spec(u).side, b.pos[u]) && !mayLeaveZoc(b, u));
}

export function moveContext(b: BattleState, u: number, night: boolean): MoveContext | null {
  const s = b.spec(u);
  const start = b.pos[u];
  const cavalry = s.kind === 'cavalry';
  const inZoc = b.inEnemyZoc(s.side, start);
  if (inZoc && !mayLeaveZoc(b, u)) return null;
  const orders = b.unitOrders(u);
  return {
    b,
    unit: u,
    side: s.side,
    start,
    infantry: s.kind === 'infantry',
    cavalry,
    march: orders === 'march',
    zocEntry: mayEnterZoc(b, u), // 12.1, 12.2, 5.4
    through: !cavalry && movesOnThroughZoc(b, u),
    night,
    leaveCost: inZoc && !cavalry && b.count[start] === 1 ? 1 : 0,
  };
}

/**
 * Entry and leave masks for a moving unit (5.4, 5.5, 12.2), the same rules stepCost applies one step at
 * a time: no entering enemy units, no entering an enemy ZOC at night or without the orders for it, no
 * moving on from an enemy ZOC hex (cavalry excepted). Depends only on the enemy's positions, so one set
 * serves every unit of a kind during a movement segment.
 */
export function moveMasks(
  b: BattleState,
  side: 0 | 1,
  cavalry: boolean,
  zocEntry: boolean,
  night: boolean,
  out?: { enter: Uint8Array; leave: Uint8Array },
): { enter: Uint8Array; leave: Uint8Array } {
  const n = b.c.map.grid.size;
  const enter = out?.enter ?? new Uint8Array(n);
  const leave = out?.leave ?? new Uint8Array(n);
  const enemyZoc = b.zoc[1 - side];
  const terrain = b.c.map.terrain;
  const enemy = 1 - side;
  const closed = night || !zocEntry;
  for (let h = 0; h < n; h++) {
    const inZoc = enemyZoc[h] > 0 && terrain[h] !== FORT; // inEnemyZoc: forts are immune (10.1)
    const zoc = inZoc || (cavalry && enemyZoc[h] > 0);
    enter[h] = b.sideAt[h] === enemy || (zoc && closed) ? 0 : 1;
    leave[h] = !cavalry && inZoc ? 0 : 1;
  }
  return { enter, leave };
}

/**
 * Least costs from the unit's hex to every hex it can reach this turn (Infinity elsewhere); null when
 * the unit may not move (in an enemy ZOC and unable to leave).
 */
export function reachable(b: BattleState, u: number, night: boolean, out?: Float64Array): Float64Array | null {
  const m = moveContext(b, u, night);
  if (!m) return null;
  return costField(b.c.map.grid, [m.start], (from, d, to) => stepCost(m, from, d, to), allowance(b, u), out);
}
