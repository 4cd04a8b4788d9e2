/**
 * Reinforcements (9): units enter at their entry hex in their turn, stacked if need be; if the hex is
 * blocked or in an enemy ZOC they enter at the closest hex that is neither.
 */
import type { AorSink } from '../events.js';
import type { SideIndex } from '../../../core/result.js';
import { bfsDistance } from '../../../hex/paths.js';
import { markHolder } from './retreat.js';
import { stackLimit } from './movement.js';
import type { BattleState } from './state.js';

/** Where a reinforcement enters: its hex, or the nearest free hex out of enemy ZOC; -1 if none. */
export function entryHex(b: BattleState, side: SideIndex, hex: number): number {
  const free = (h: number) => b.sideAt[h] !== 1 - side && b.count[h] < stackLimit(b, h) && !b.inEnemyZoc(side, h);
  if (free(hex)) return hex;
  const g = b.c.map.grid;
  const dist = bfsDistance(g, [hex], (h) => b.sideAt[h] !== 1 - side, new Int32Array(g.size));
  let best = -1;
  for (let h = 0; h < g.size; h++) {
    if (dist[h] < 0 || !free(h)) continue;
    if (best < 0 || dist[h] < dist[best] || (dist[h] === dist[best] && h < best)) best = h;
  }
  return best;
}

/** Place the side's reinforcements due this turn; returns how many entered. */
export function bringOnReinforcements(b: BattleState, side: SideIndex, sink?: AorSink): number {
  const c = b.c;
  let n = 0;
  for (const u of c.sides[side].units) {
    if (c.arrives[u] > b.turn || b.entered[u]) continue;
    const to = entryHex(b, side, c.startHex[u]);
    if (to < 0) continue; // nowhere to enter: it waits for the next turn
    b.place(u, to);
    b.entered[u] = 1;
    markHolder(b, to, side);
    n++;
    if (sink) sink({ type: 'relocate', side, unit: c.specs[u].id, from: -1, to, why: 'arrival' });
  }
  if (n > 0) b.computeZoc();
  return n;
}
