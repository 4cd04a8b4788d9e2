/**
 * Leaders (11) and command (12), night (16) and reorganization (15): the Command and Reorganization
 * Phase that opens each game turn, command range, and what happens to leaders left alone.
 */
import type { EngagementDice } from '../../../core/dice.js';
import { d6 } from '../../../core/dice.js';
import type { AorSink, LeaderMove } from '../events.js';
import { reachRung, recordCheck, RUNG, type EngagementResult, type SideIndex } from '../../../core/result.js';
import { PURPOSE } from '../vocabulary.js';
import { costFieldMasked, type Reached } from '../../../hex/paths.js';
import { hasLineOfSight } from '../los.js';
import { BRIDGE, RIVER, ROAD, streamCost, TRAIL } from '../map.js';
import { markHolder, retreatHex } from './retreat.js';
import { eliminate, recordEliminations, updateDemoralization } from './losses.js';
import { enterCost, stackLimit } from './movement.js';
import { complianceDelay, ORDER_CODES, type Orders } from './orders.js';
import type { BattleState } from './state.js';
import { recordReturn } from '../results.js';

const FORT = 5; // index in HEX_TERRAIN

/** Command range (12.1): 4 cavalry movement points. */
export const COMMAND_RANGE = 4;
/** Leaders move as cavalry (11). */
export const LEADER_MOVEMENT = 6;

/**
 * A leader's (and a command range trace's) step cost (5.2, 11, 12.1): cavalry costs, road and trail
 * rates always, never into enemy units, through enemy ZOC only where friendly units stand.
 */
export function leaderStepCost(b: BattleState, side: SideIndex) {
  const m = b.c.map;
  return (from: number, d: number, to: number): number => {
    if (to < 0 || b.sideAt[to] === 1 - side) return Infinity;
    const id = m.grid.hexsideId(from, d);
    const f = m.sides[id];
    if (f & RIVER && !(f & BRIDGE)) return Infinity;
    if (b.inEnemyZoc(side, to) && b.sideAt[to] !== side) return Infinity;
    const road = m.roads[id];
    const stream = streamCost(f);
    if (road === ROAD) return 0.5 + stream;
    if (road === TRAIL) return 1 + stream;
    return enterCost(m.terrain[to], false) + stream;
  };
}

/**
 * 12.1's trace: as a leader moves, but it may end in an enemy ZOC hex (the unit there is the friendly
 * unit 12.1 asks for); it only may not pass on through one that no friendly unit occupies.
 */
export function commandTraceCost(b: BattleState, side: SideIndex, source: number) {
  const m = b.c.map;
  return (from: number, d: number, to: number): number => {
    if (to < 0 || b.sideAt[to] === 1 - side) return Infinity;
    if (from !== source && b.inEnemyZoc(side, from) && b.sideAt[from] !== side) return Infinity;
    const id = m.grid.hexsideId(from, d);
    const f = m.sides[id];
    if (f & RIVER && !(f & BRIDGE)) return Infinity;
    const road = m.roads[id];
    const stream = streamCost(f);
    if (road === ROAD) return 0.5 + stream;
    if (road === TRAIL) return 1 + stream;
    return enterCost(m.terrain[to], false) + stream;
  };
}

/**
 * The masks of leaderStepCost and commandTraceCost for `side` as things stand, for costFieldMasked
 * with the map's leaderSteps: `enter` forbids hexes of enemy units, `leave` the enemy ZOC hexes no
 * friendly unit occupies (a trace may end there, not pass on), and `leaderEnter` both (a leader may not
 * even enter one). Written into the state's reused buffers.
 */
export function commandMasks(b: BattleState, side: SideIndex): { enter: Uint8Array; leave: Uint8Array; leaderEnter: Uint8Array } {
  const enter = b.traceEnter[side], leave = b.traceLeave[side], leaderEnter = b.leaderEnter[side];
  const enemyZoc = b.zoc[1 - side];
  const terrain = b.c.map.terrain;
  // Blocks where a trace mask changed are stamped with this version (the range fields' cache reads it).
  const version = ++b.maskVersion[side];
  const changed = b.blockChanged[side];
  const blockOf = b.blockOf;
  const update = (h: number) => {
    const at = b.sideAt[h];
    const e = at === 1 - side ? 0 : 1;
    const l = enemyZoc[h] > 0 && terrain[h] !== FORT && at !== side ? 0 : 1; // inEnemyZoc, not held by a friend
    if (enter[h] !== e || leave[h] !== l) changed[blockOf[h]] = version;
    enter[h] = e;
    leave[h] = l;
    leaderEnter[h] = e & l;
  };
  // Only hexes whose units or zone of control changed since the last time (the whole map at first).
  const dirty = b.maskDirty[side];
  if (dirty.all) for (let h = 0; h < enter.length; h++) update(h);
  else for (let k = 0; k < dirty.count; k++) update(dirty.hexes[k]);
  b.clearDirty(dirty);
  return { enter, leave, leaderEnter };
}

/**
 * Whether leader l's range field (traced from `at` with the trace masks at version rangeVersion[l])
 * still holds: the search read the masks only in the blocks of the hexes it reached and their
 * neighbours, and none of those changed since.
 */
function rangeFieldHolds(b: BattleState, l: number, side: SideIndex, at: number): boolean {
  if (b.rangeFrom[l] !== at) return false;
  const changed = b.blockChanged[side];
  const since = b.rangeVersion[l];
  const blocks = b.rangeBlocks[l];
  for (let k = 0, n = b.rangeBlockCount[l]; k < n; k++) if (changed[blocks[k]] > since) return false;
  return true;
}

/**
 * Record the blocks leader l's new range field depends on (see rangeFieldHolds): those of the box
 * around the hexes it reached and their neighbours (a few more than needed, never fewer).
 */
function recordRangeBlocks(b: BattleState, l: number, side: SideIndex, at: number): void {
  const g = b.c.map.grid;
  const reached = b.rangeReached[l];
  let c0 = g.width, c1 = -1, r0 = g.height, r1 = -1;
  for (let i = 0; i < reached.count; i++) {
    const h = reached.hexes[i];
    const col = g.col(h), row = g.row(h);
    if (col < c0) c0 = col;
    if (col > c1) c1 = col;
    if (row < r0) r0 = row;
    if (row > r1) r1 = row;
  }
  // A neighbour is at most one column and one row away.
  const bc0 = Math.max(0, c0 - 1) >> 2, bc1 = Math.min(g.width - 1, c1 + 1) >> 2;
  const br0 = Math.max(0, r0 - 1) >> 2, br1 = Math.min(g.height - 1, r1 + 1) >> 2;
  const blockCols = (g.width + 3) >> 2;
  const blocks = b.rangeBlocks[l];
  let n = 0;
  for (let br = br0; br <= br1; br++) for (let bc = bc0; bc <= bc1; bc++) blocks[n++] = br * blockCols + bc;
  b.rangeBlockCount[l] = n;
  b.rangeFrom[l] = at;
  b.rangeVersion[l] = b.maskVersion[side];
}

/** Least leader cost (leaderStepCost) from one hex to another, Infinity if there is no way. */
function leaderDistance(b: BattleState, side: SideIndex, from: number, to: number): number {
  const m = commandMasks(b, side);
  return costFieldMasked(b.c.map.grid, [from], b.c.map.leaderSteps, m.leaderEnter, null, 0, Infinity, b.leaderField, b.leaderReached, to)[to];
}

/**
 * 12.4: the distance in cavalry MP an order travels: along a way a leader could ride (11: never alone
 * into an enemy ZOC); where enemy ZOCs close every such way, over the terrain alone; where the terrain
 * closes it too (a river), a cavalry MP a hex. Never Infinity: an order always has a distance.
 */
export function orderDistance(b: BattleState, side: SideIndex, from: number, to: number): number {
  const d = leaderDistance(b, side, from, to);
  if (Number.isFinite(d)) return d;
  const g = b.c.map.grid;
  const open = costFieldMasked(g, [from], b.c.map.leaderSteps, null, null, 0, Infinity, b.leaderField, b.leaderReached, to)[to];
  return Number.isFinite(open) ? open : g.distance(from, to);
}

/**
 * 12.1: mark each unit in or out of range of its formation leader, a wing commander or the OC. With
 * `phasing` given (the start of a player turn), the other side's formations are traced only if they
 * have cavalry that may charge: reaction charges (7.8) are all that reads the non-phasing side's range
 * before it is traced again, and only for cavalry under Attack or Defend orders (isReadyCavalry), which
 * no order changes during the other side's player turn.
 */
export function updateCommandRange(b: BattleState, phasing?: SideIndex): void {
  const c = b.c;
  const g = c.map.grid;
  const ready = b.rangeReady;
  ready.fill(0);
  let masked = 0; // bit s: side s's masks are written
  // Each leader's field once, with the hexes it reached (a few dozen: the range is short).
  const field = (l: number): Reached | null => {
    const at = b.leaderPos[l];
    if (at < 0 || b.leaderAwayTurn[l] === b.turn) return null; // off the map, or reorganizing (15)
    const reached = b.rangeReached[l];
    if (!ready[l]) {
      const side = c.leaders[l].side;
      if (!(masked & (1 << side))) {
        commandMasks(b, side);
        masked |= 1 << side;
      }
      // A leader who has not moved, with no trace mask changed near him, keeps his last field.
      if (!rangeFieldHolds(b, l, side, at)) {
        costFieldMasked(g, [at], c.map.leaderSteps, b.traceEnter[side], b.traceLeave[side], 0, COMMAND_RANGE, b.rangeFields[l], reached);
        recordRangeBlocks(b, l, side, at);
        b.rangeGeneration[l]++;
      }
      ready[l] = 1;
    }
    return reached;
  };
  for (let fi = 0; fi < c.formations.length; fi++) {
    if (phasing !== undefined && c.formations[fi].side !== phasing && !(c.formationHasCavalry[fi] && mayCharge(b.ordersOf(fi)))) continue;
    for (const u of c.formations[fi].units) b.inCommand[u] = 1;
    b.commandField[fi] = null;
    if (c.leaderOf[fi] < 0) continue; // a formation without a leader is always in command
    // The union of the commanders' fields, rebuilt only when one of them changed (each field's
    // generation, -1 for a commander off the map, is what the union was built from).
    const union = (b.commandField[fi] = b.commandBuffers[fi]);
    const commanders = c.commandersOf[fi];
    const from = b.unionFrom[fi];
    let same = b.unionValid[fi] === 1;
    for (let i = 0; i < commanders.length; i++) {
      const l = commanders[i];
      const gen = field(l) ? b.rangeGeneration[l] : -1;
      if (from[i] !== gen) same = false;
      from[i] = gen;
    }
    if (!same) {
      const held = b.commandHeld[fi];
      for (let k = 0; k < held.count; k++) union[held.hexes[k]] = Infinity;
      held.count = 0;
      for (let i = 0; i < commanders.length; i++) {
        if (from[i] < 0) continue; // off the map, or reorganizing (15): no range
        const l = commanders[i];
        const reached = b.rangeReached[l];
        const fl = b.rangeFields[l];
        for (let k = 0; k < reached.count; k++) {
          const h = reached.hexes[k];
          if (union[h] === Infinity) held.hexes[held.count++] = h;
          if (fl[h] < union[h]) union[h] = fl[h];
        }
      }
      b.unionValid[fi] = 1;
    }
    for (const u of c.formations[fi].units) {
      const h = b.pos[u];
      if (h < 0) continue;
      b.inCommand[u] = union[h] <= COMMAND_RANGE ? 1 : 0;
    }
  }
}

/** Orders under which cavalry may charge (isReadyCavalry). */
const mayCharge = (o: Orders) => o === 'attack' || o === 'defend';

/**
 * Whether a leader of `side` is stacked in hex `h` (7.8, 11). A formation leader whose formation marches
 * is not: under March orders (12.2) his counter marks where the units head, not where he is; nor is one
 * who reorganized units this turn (15: not present for any other purpose).
 */
export function leaderStackedWith(b: BattleState, side: SideIndex, h: number): boolean {
  const c = b.c;
  for (let i = 0; i < c.leaders.length; i++) {
    const l = c.leaders[i];
    if (l.side !== side || b.leaderPos[i] !== h || b.leaderAwayTurn[i] === b.turn) continue;
    if (l.role === 'leader' && b.ordersOf(l.formation) === 'march') continue;
    return true;
  }
  return false;
}

/**
 * 11: the hex of the friendly unit nearest `from`, or -1. Of hexes equally near, one holding a unit of
 * `formation` (the leader's own), then the lowest.
 */
export function nearestFriendly(b: BattleState, side: SideIndex, from: number, formation: number): number {
  const g = b.c.map.grid;
  let best = -1;
  let bestD = Infinity;
  let bestOwn = false;
  for (const u of b.c.sides[side].units) {
    const h = b.pos[u];
    if (h < 0) continue;
    const d = g.distance(from, h);
    const own = b.c.formationOf[u] === formation;
    if (d < bestD || (d === bestD && ((own && !bestOwn) || (own === bestOwn && h < best)))) (best = h), (bestD = d), (bestOwn = own);
  }
  return best;
}

/** The hex of the unit of `formation` nearest `from`, or, with none of them on the map, the nearest friendly unit (-1: none). */
function nearestOfFormation(b: BattleState, side: SideIndex, from: number, formation: number): number {
  const g = b.c.map.grid;
  let best = -1;
  for (const u of formation >= 0 ? b.c.formations[formation].units : []) {
    const h = b.pos[u];
    if (h < 0) continue;
    if (best < 0 || g.distance(from, h) < g.distance(from, best) || (g.distance(from, h) === g.distance(from, best) && h < best)) best = h;
  }
  return best >= 0 ? best : nearestFriendly(b, side, from, formation);
}

/** Puts leader `i` in hex `to` (-1: dead), and tells a trace where he went and why when he changed hex. */
export function placeLeader(b: BattleState, i: number, to: number, why: LeaderMove, sink?: AorSink): void {
  const from = b.leaderPos[i];
  b.leaderPos[i] = to;
  if (sink && to !== from) {
    const l = b.c.leaders[i];
    sink({ type: 'leader', side: l.side, leader: l.id, from, to, why });
  }
}

/**
 * 11: a leader alone in a hex an enemy entered is placed with the nearest friendly unit; a leader an
 * elimination or a retreat left alone (BattleState.markLeadersLeftAlone) dies on a 1, whether or not an
 * enemy has entered the hex since (an overrun leader is not spared the roll), else joins the nearest
 * friendly unit. A leader alone for any other reason (his units marched or advanced away) stays where
 * he is.
 */
export function checkLeaders(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  c.leaders.forEach((l, i) => {
    const h = b.leaderPos[i];
    const leftAlone = b.leaderLeftAlone[i] === 1;
    b.leaderLeftAlone[i] = 0;
    if (h < 0 || b.sideAt[h] === l.side) return;
    // Alone for another reason (his units marched or advanced away) with no enemy there: he stays.
    if (!leftAlone && b.sideAt[h] !== 1 - l.side) return;
    // Left alone by an elimination or a retreat, he rolls even if an enemy has since entered the hex.
    if (leftAlone) {
      const roll = d6(dice.morale(l.side));
      recordCheck(res.sides[l.side], PURPOSE.leader, false, -1, -1, roll !== 1);
      if (sink) sink({ type: 'check', side: l.side, purpose: 'leader', unit: l.id, target: 1, modifiers: ['left alone: dies on a 1 (11)'], roll, passed: roll !== 1 });
      if (roll === 1) {
        placeLeader(b, i, -1, 'killed', sink);
        b.leaderBack[i] = b.turn + 1;
        res.sides[l.side].leadersLost++;
        return;
      }
    }
    placeLeader(b, i, nearestFriendly(b, l.side, h, l.formation), 'joined', sink);
  });
}

/** Leaders move with their formations (11, 12.2): to the unit hex nearest the formation's middle. */
export function moveLeaders(b: BattleState, side: SideIndex, sink?: AorSink): void {
  const c = b.c;
  const g = c.map.grid;
  let masked = false;
  c.leaders.forEach((l, i) => {
    if (l.side !== side || l.role !== 'leader' || b.leaderPos[i] < 0) return;
    if (b.ordersOf(l.formation) === 'reserve') return; // 12.2: the leader cannot move
    const units = c.formations[l.formation].units.filter((u) => b.pos[u] >= 0);
    if (units.length === 0) return;
    let best = -1, bestSum = Infinity;
    for (const u of units) {
      let sum = 0;
      for (const v of units) sum += g.distance(b.pos[u], b.pos[v]);
      if (sum < bestSum || (sum === bestSum && b.pos[u] < best)) (bestSum = sum), (best = b.pos[u]);
    }
    if (!masked) {
      commandMasks(b, side); // nothing moves while leaders do
      masked = true;
    }
    // The search stops once the hex is reached; the rest of the field is read only when it is not.
    const reached = b.leaderReached;
    const reach = costFieldMasked(g, [b.leaderPos[i]], c.map.leaderSteps, b.leaderEnter[side], null, 0, LEADER_MOVEMENT, b.leaderField, reached, best);
    if (reach[best] <= LEADER_MOVEMENT) placeLeader(b, i, best, 'moved', sink);
    else {
      // As far toward it as a move allows: the nearest friendly hex he can reach (the lowest on a tie),
      // if it is nearer than where he stands.
      let near = -1, nearD = Infinity;
      for (let k = 0; k < reached.count; k++) {
        const h = reached.hexes[k];
        if (reach[h] > LEADER_MOVEMENT || b.sideAt[h] !== side) continue;
        const d = g.distance(h, best);
        if (d < nearD || (d === nearD && h < near)) (near = h), (nearD = d);
      }
      if (near >= 0 && nearD < g.distance(b.leaderPos[i], best)) placeLeader(b, i, near, 'moved', sink);
    }
  });
}

/**
 * 12.3: the leader's units all retreat three hexes, disrupted, as a retreat goes (7.4): each step
 * farther from every enemy that was within three hexes of the unit as it began; foot artillery goes too,
 * or is destroyed (aor.fallBackArtillery); a unit with no such hex stops where it is, and one that leaves
 * the map counts as eliminated (5.6). Enemy cavalry may then charge the units that fell back (7.8).
 */
function fallBack(b: BattleState, f: number, res: EngagementResult, sink?: AorSink, react?: RetreatReaction): void {
  const c = b.c;
  const g = c.map.grid;
  const side = c.formations[f].side;
  const paths: [number, number[]][] = [];
  for (const u of c.formations[f].units) {
    const start = b.pos[u];
    if (start < 0) continue;
    const path = [start];
    paths.push([u, path]);
    if (c.specs[u].kind === 'artillery' && c.options.fallBackArtillery === 'destroyed') {
      eliminate(b, u, res);
      if (sink) sink({ type: 'eliminated', side, unit: c.specs[u].id, reason: 'foot artillery cannot retreat (7.4, 12.3)' });
      continue;
    }
    // The enemy it falls back from: those within three hexes as it starts. Judged afresh at each step, an
    // enemy first met behind it would turn it back the way it came (5,2 -> 4,2 -> 5,2 -> 4,2).
    const enemies = c.sides[1 - side].units.map((e) => b.pos[e]).filter((e) => e >= 0 && g.distance(e, start) <= 3);
    for (let k = 0; k < 3; k++) {
      const h = b.pos[u];
      const to = retreatHex(b, side, h, enemies, 1);
      if (to === -2) {
        b.exited[u] = 1; // 5.6
        break;
      }
      // No hex farther from every enemy within three hexes: the unit goes no farther. (Hemmed in by
      // enemies on several sides it stays put; 7.4's blocked retreat, judged against the one stack a unit
      // fought, is not applied to this wider test.)
      if (to === -1) break;
      b.moveTo(u, to);
      path.push(to);
      markHolder(b, to, side); // 18: the last to move a unit into or through the hex
      if (sink) sink({ type: 'relocate', side, unit: c.specs[u].id, from: h, to, why: 'retreat' });
    }
    if (b.st.alive(u) && !b.exited[u] && !b.st.disrupted[u]) {
      b.st.disrupted[u] = 1;
      res.sides[side].disruptions++;
      reachRung(res, side, u, RUNG.disordered);
    }
    if (b.pos[u] !== start) b.markLeadersLeftAlone(start, side); // 11: left alone by a retreat
  }
  recordEliminations(b, res, sink);
  b.computeZoc();
  // 7.8: enemy cavalry within two hexes of a hex the units retreated into or through may charge them,
  // once the formation has fallen back; one on the map still.
  if (react) for (const [u, path] of paths) if (path.length > 1 && b.pos[u] >= 0) react(u, path);
}

/** 7.8: a reaction charge against unit `u`, which has just retreated along `path` (its hexes, the first its start). */
export type RetreatReaction = (u: number, path: number[]) => void;

function formationSteps(b: BattleState, f: number): number {
  let s = 0;
  for (const u of b.c.formations[f].units) s += b.st.steps[u];
  return s;
}

/**
 * The order in which a side brings back its eliminated units (15 leaves it to the player): the
 * doctrine's `reorganize` choice, the random-legal baseline's a random order. Ties keep the listed order.
 */
export function reorganizationOrder(b: BattleState, side: 0 | 1, units: readonly number[], dice: EngagementDice): number[] {
  const d = b.c.sides[side].battle;
  const list = units.slice();
  if (d.random) {
    // A uniformly random order (Fisher-Yates) from the side's AI dice; none drawn for one unit or none.
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(dice.ai(side)() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  }
  const strength = (u: number) => (b.c.specs[u].maxSteps === 1 ? b.c.specs[u].full : b.c.specs[u].reduced);
  const morale = (u: number) => b.c.specs[u].morale;
  const key = d.reorganize === 'steadiest' ? (u: number) => morale(u) * 100 + strength(u) : (u: number) => strength(u) * 100 + morale(u);
  return list.sort((x, y) => key(y) - key(x));
}

/**
 * 15: whether an eliminated unit may come back this turn: from the first night turn after its
 * elimination, on night turns only or on any turn from then on (aor.reorganizationTurns).
 */
export function mayReorganize(b: BattleState, u: number): boolean {
  const c = b.c;
  if (b.lostTurn[u] >= b.turn) return false;
  if (c.options.reorganizationTurns === 'nightTurns') return c.night[b.turn] === 1;
  for (let t = b.lostTurn[u] + 1; t <= b.turn; t++) if (c.night[t] === 1) return true;
  return false;
}

/** 15: a Reserve formation's leader out of enemy sight brings back up to two units (see mayReorganize). */
function reorganize(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  c.formations.forEach((f, fi) => {
    const l = c.leaderOf[fi];
    if (l < 0 || b.ordersOf(fi) !== 'reserve') return;
    const at = b.leaderPos[l];
    if (at < 0) return;
    const side = f.side;
    // Extended LOS: any enemy unit anywhere that can see the leader's hex.
    for (const e of c.sides[1 - side].units) if (b.pos[e] >= 0 && hasLineOfSight(c.map, b.pos[e], at)) return;
    let placed = 0;
    let tried = false;
    // 5.6: a unit that left the map (in a retreat or a fall back) is eliminated for victory points only;
    // it comes back only where the game's own rules say so, which reorganization is not.
    const waiting = f.units.filter((u) => b.pos[u] < 0 && b.entered[u] !== 0 && !b.permanent[u] && !b.exited[u] && mayReorganize(b, u));
    for (const u of reorganizationOrder(b, side, waiting, dice)) {
      if (placed >= 2) break;
      if (b.count[at] >= stackLimit(b, at) || b.sideAt[at] === 1 - side) break;
      tried = true;
      if (b.formationDemoralized[fi] || b.armyDemoralized[side]) {
        const roll = d6(dice.morale(side));
        if (roll < 5) {
          b.permanent[u] = 1; // 15: lost for good
          if (sink) sink({ type: 'eliminated', side, unit: c.specs[u].id, reason: `not reorganized, roll ${roll} (15: a demoralized formation or army needs 5-6): lost for good` });
          continue;
        }
      }
      const s = c.specs[u];
      b.st.steps[u] = 1;
      b.st.disrupted[u] = 0;
      b.lostAt[u] = -1;
      b.place(u, at);
      markHolder(b, at, side); // 18: units in the hex
      res.sides[side].strengthLost -= s.maxSteps === 1 ? s.full : s.reduced;
      recordReturn(res, b.st, u, s.maxSteps === 1 ? s.full : s.reduced);
      b.formationLoss[fi] -= s.full;
      b.armyLoss[side] -= s.full;
      res.extras[`unitsReorganized.${side}`]++;
      placed++;
      if (sink) sink({ type: 'relocate', side, unit: s.id, from: -1, to: at, why: 'reorganized' });
    }
    // 15: the leader who reorganized does not count as present for anything else this turn.
    if (tried) b.leaderAwayTurn[l] = b.turn;
    // 14.1: demoralization lifts when reorganization brings the eliminated strength below the limit.
    if (b.formationDemoralized[fi] && f.limit > 0 && b.formationLoss[fi] < f.limit) {
      b.formationDemoralized[fi] = 0;
      for (const u of f.units) b.st.demoralized[u] = 0;
    }
  });
  b.computeZoc();
}

/**
 * The Command and Reorganization Phase (4.1): leaders come back, 12.3's check of leaders whose Attack
 * orders cost them a hit (the fall back of those who fail it draws reaction charges, `react`, 7.8),
 * orders arriving (12.4), night failures of Attack orders (16), the plan's new orders within each
 * commander's capacity (12.5), and reorganization (15: on night turns, or from the first on).
 */
export function commandPhase(b: BattleState, dice: EngagementDice, res: EngagementResult, sink?: AorSink, react?: RetreatReaction): void {
  const c = b.c;
  const night = c.night[b.turn] === 1;
  // 11: a fallen leader returns rated 1 with the nearest unit of his formation.
  c.leaders.forEach((l, i) => {
    if (b.leaderPos[i] >= 0 || b.leaderBack[i] === 0 || b.leaderBack[i] > b.turn) return;
    const side = l.side;
    const anyUnit = c.sides[side].units.find((u) => b.pos[u] >= 0);
    if (anyUnit === undefined) return;
    placeLeader(b, i, nearestOfFormation(b, side, b.pos[anyUnit], l.formation), 'returned', sink);
    b.leaderRating[i] = 1;
    b.leaderBack[i] = 0;
  });
  // 12.3: a leader on Attack orders one of whose units suffered a hit checks his rating (+2 if not demoralized).
  c.formations.forEach((f, fi) => {
    const steps = formationSteps(b, fi);
    const hit = steps < b.stepsAtCommand[fi];
    b.stepsAtCommand[fi] = steps;
    const l = c.leaderOf[fi];
    if (!hit || l < 0 || b.leaderPos[l] < 0 || b.ordersOf(fi) !== 'attack' || b.turn === 1) return;
    const rating = b.leaderRating[l] + (b.formationDemoralized[fi] ? 0 : 2);
    const roll = d6(dice.morale(f.side));
    const passed = roll <= rating;
    recordCheck(res.sides[f.side], PURPOSE.orders, false, -1, -1, passed);
    if (sink) sink({ type: 'check', side: f.side, purpose: 'orders', unit: c.leaders[l].id, target: rating, modifiers: [b.formationDemoralized[fi] ? 'rating, formation demoralized' : 'rating +2 (formation not demoralized)'], roll, passed });
    if (passed) return;
    b.setOrders(fi, 'reserve', -1);
    res.extras[`attackOrdersAbandoned.${f.side}`]++;
    // 7.8: the fall back is a retreat into and through hexes, so it draws reaction charges; none at night (16).
    fallBack(b, fi, res, sink, night ? undefined : react);
  });
  // 12.4: orders on their way arrive.
  c.formations.forEach((f, fi) => {
    if (b.pendingTurn[fi] === 0 || b.pendingTurn[fi] > b.turn) return;
    b.setOrders(fi, ORDER_CODES[b.pendingOrders[fi]], b.pendingObjective[fi]);
    b.pendingTurn[fi] = 0;
    if (sink) sink({ type: 'orders', side: f.side, formation: f.id, orders: b.ordersOf(fi), turn: b.turn, arrives: b.turn });
  });
  // 16: at night, Attack orders that do not occupy part of their target fail.
  if (night) {
    c.formations.forEach((f, fi) => {
      if (b.ordersOf(fi) !== 'attack') return;
      const target = b.objective[fi];
      if (target >= 0 && f.units.some((u) => b.pos[u] === target)) return;
      b.setOrders(fi, c.options.nightAttackFailure, -1);
      res.extras[`attackOrdersFailedAtNight.${f.side}`]++;
      if (sink) sink({ type: 'orders', side: f.side, formation: f.id, orders: b.ordersOf(fi), turn: b.turn, arrives: b.turn, why: 'night' });
    });
  }
  // 12.5: each commander sends at most his rating in new orders a turn.
  const sent = new Int32Array(c.leaders.length);
  // Formations the scenario's plan gave an order this turn: the doctrine does not countermand them.
  const planned = new Uint8Array(c.formations.length);
  c.plan.forEach((p, i) => {
    if (b.planDone[i]) return;
    const due =
      (p.turn > 0 && b.turn >= p.turn) ||
      (p.whenDemoralized >= 0 && b.formationDemoralized[p.whenDemoralized] === 1) ||
      (p.whenLost >= 0 && b.holder[p.whenLost] === 1 - p.side);
    if (!due) return;
    const from = p.from;
    if (from < 0 || b.leaderPos[from] < 0 || sent[from] >= b.leaderRating[from]) return; // waits for a later turn
    sent[from]++;
    b.planDone[i] = 1;
    planned[p.formation] = 1;
    sendOrder(b, p.side, from, p.formation, p.orders, p.objective, res, sink);
  });
  commitReserves(b, sent, dice, res, sink);
  rallyBroken(b, sent, planned, dice, res, sink);
  if (night || c.options.reorganizationTurns === 'fromFirstNight') {
    reorganize(b, dice, res, sink);
    // Units brought back are not hits undone: the next 12.3 check compares against today's steps.
    c.formations.forEach((_, fi) => (b.stepsAtCommand[fi] = formationSteps(b, fi)));
  }
  updateDemoralization(b, res, sink);
}

/**
 * The doctrine's part of the commander's plan: the overall commander sends formations held in Reserve
 * to attack the objective the enemy holds nearest to them, when the battle is joined or a friendly
 * formation has broken (battleDoctrine.commitReserves), within his capacity; a random-legal doctrine
 * does so on a coin toss. Orders travel with the delay of 12.4.
 */
function commitReserves(b: BattleState, sent: Int32Array, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  const g = c.map.grid;
  for (const side of [0, 1] as SideIndex[]) {
    const d = c.sides[side].battle;
    if (d.commitReserves === 'never') continue;
    const oc = c.leaders.findIndex((l) => l.side === side && l.role === 'oc');
    if (oc < 0 || b.leaderPos[oc] < 0) continue;
    const engaged = c.sides[side].units.some((u) => b.pos[u] >= 0 && b.inEnemyZoc(side, b.pos[u]));
    const broken = c.sides[side].formations.some((f) => b.formationDemoralized[f] === 1);
    if (d.commitReserves === 'whenEngaged' ? !engaged : !broken) continue;
    for (const f of c.sides[side].formations) {
      // A doctrine that rallies broken formations does not send them back in.
      if (b.ordersOf(f) !== 'reserve' || (d.rallyBroken && b.formationDemoralized[f]) || b.pendingTurn[f] > 0 || sent[oc] >= b.leaderRating[oc]) continue;
      if (d.random && d6(dice.ai(side)) <= 3) continue;
      const at = firstUnitHex(b, f);
      if (at < 0) continue;
      let objective = -1;
      for (const o of c.objectives) {
        if (b.holder[c.objectives.indexOf(o)] === side) continue;
        if (objective < 0 || g.distance(at, o.hex) < g.distance(at, objective)) objective = o.hex;
      }
      if (objective < 0) continue;
      sent[oc]++;
      sendOrder(b, side, oc, f, 'attack', objective, res, sink);
    }
  }
}

/**
 * The doctrine's other part of the plan (battleDoctrine.rallyBroken): the overall commander sends a
 * demoralized formation that has Attack orders, and none of whose units is in contact, a Reserve order
 * within his capacity, so that it does not go back into the attack (12.2) and may reorganize at night
 * (15); a random-legal doctrine does so on a coin toss. Not a formation in contact (Reserve units
 * may not attack, and the doctrines keep them still, so it would stand there at morale -1), nor one the plan ordered this turn.
 */
function rallyBroken(b: BattleState, sent: Int32Array, planned: Uint8Array, dice: EngagementDice, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  for (const side of [0, 1] as SideIndex[]) {
    const d = c.sides[side].battle;
    if (!d.rallyBroken && !d.random) continue;
    const oc = c.leaders.findIndex((l) => l.side === side && l.role === 'oc');
    if (oc < 0 || b.leaderPos[oc] < 0) continue;
    for (const f of c.sides[side].formations) {
      if (!b.formationDemoralized[f] || b.ordersOf(f) !== 'attack' || planned[f] || b.pendingTurn[f] > 0 || sent[oc] >= b.leaderRating[oc]) continue;
      const units = c.formations[f].units.filter((u) => b.pos[u] >= 0);
      if (units.length === 0 || units.some((u) => b.inEnemyZoc(side, b.pos[u]))) continue;
      if (d.random && d6(dice.ai(side)) <= 3) continue;
      sent[oc]++;
      sendOrder(b, side, oc, f, 'reserve', -1, res, sink);
    }
  }
}

/** 12.4: an order from a commander to a formation, in force at once or after the compliance delay. */
function sendOrder(b: BattleState, side: SideIndex, from: number, f: number, orders: Orders, objective: number, res: EngagementResult, sink?: AorSink): void {
  const c = b.c;
  const receiver = c.leaderOf[f];
  const where = receiver >= 0 && b.leaderPos[receiver] >= 0 ? b.leaderPos[receiver] : firstUnitHex(b, f);
  const dist = where < 0 ? 0 : orderDistance(b, side, b.leaderPos[from], where);
  const extra = b.formationDemoralized[f] ? c.options.demoralizedComplianceDelay : 0;
  const delay = complianceDelay(orders, b.leaderRating[from], receiver >= 0 ? b.leaderRating[receiver] : 0, dist, extra);
  res.extras[`ordersSent.${side}`]++;
  res.extras[`orderDelayTurns.${side}`] += delay;
  if (sink) sink({ type: 'orders', side, formation: c.formations[f].id, orders, turn: b.turn, arrives: b.turn + delay });
  if (delay === 0) b.setOrders(f, orders, objective);
  else {
    b.pendingOrders[f] = ORDER_CODES.indexOf(orders);
    b.pendingObjective[f] = objective;
    b.pendingTurn[f] = b.turn + delay;
  }
}

function firstUnitHex(b: BattleState, f: number): number {
  for (const u of b.c.formations[f].units) if (b.pos[u] >= 0) return b.pos[u];
  return -1;
}
