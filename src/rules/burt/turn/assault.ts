/**
 * Step 4 of the sequence of play: assault declarations (4, 5.1). Every unit with ASSAULT orders must
 * assault an enemy in its charge reach: it names the first enemy in its path within reach, both are
 * marked, and it moves half the gap. With no enemy in reach it advances or stands
 * (burt.assaultOutOfReach).
 */
import { EPS } from '../../../table/index.js';
import { rates, reach } from '../doctrine/choose.js';
import { assaultAdvance } from '../movement.js';
import { ROUT } from '../tables.js';
import { facesEnemy, firstInPathOf, gapTo, inContactWithEnemy } from '../play/lane.js';
import { laneMove, MoveKind } from '../play/moves.js';
import { ASSAULT, MANOEUVRE, RESERVE, type Game } from '../play/state.js';
import { setOrder } from '../play/units.js';

/**
 * 4, 5.1: the enemy an ASSAULT unit must assault: the first body in its path, an enemy within charge
 * reach, or -1. A friend in the way blocks it (charging through friends into a melee, 12, needs the
 * 2-D table: on the lane two bodies cannot share the front).
 */
export function assaultTargetOf(g: Game, u: number): number {
  const r = reach(g, u);
  if (r <= 0) return -1;
  const e = firstInPathOf(g, u, 1, -1);
  return e >= 0 && g.c.units[e].side !== g.c.units[u].side && gapTo(g, u, e) <= r + EPS ? e : -1;
}

/**
 * 5.1: declare the assault: mark both, move half the gap; under burt.assaultedReserveOrders
 * atDeclaration the assaulted RESERVE unit becomes MANOEUVER now (11), else after its reaction (step 10).
 */
export function declareAssault(g: Game, u: number, t: number): void {
  const spec = g.c.units[u];
  const gap = gapTo(g, u, t);
  g.assaultTarget[u] = t;
  g.assaultedBy[t]++;
  g.res.sides[spec.side].chargesDeclared++;
  g.res.extras.assaults++;
  const target = g.c.units[t];
  if (spec.arm === 'cavalry' && target.arm === 'infantry' && g.order[t] === MANOEUVRE) {
    g.squareChance[u] = 1;
    g.res.extras.squareChecks++;
  }
  g.assaultAdvance[u] = laneMove(g, u, 1, reach(g, u), MoveKind.Charge, assaultAdvance(gap));
  // 5, 9: the advance is paid from the charge reach at its cost over the ground (what goIn has left).
  g.assaultSpent[u] = g.moveSpent;
  if (g.sink) g.sink({ type: 'assault', side: spec.side, unit: spec.id, target: target.id, gap, after: gap - g.assaultAdvance[u] });
  if (g.order[t] === RESERVE && g.c.options.assaultedReserveOrders === 'atDeclaration') setOrder(g, t, MANOEUVRE, 'assaulted (11)');
}

/** 3.4: every ASSAULT unit not in melee, routing or pursuing declares, the sides alternating. */
export function step4Declare(g: Game): void {
  for (const u of g.c.alternation[g.first]) {
    if (g.present[u] === 0 || g.order[u] !== ASSAULT || g.level[u] === ROUT || g.pursuing[u] >= 0) continue;
    if (inContactWithEnemy(g, u)) continue;
    const t = assaultTargetOf(g, u);
    if (t >= 0) declareAssault(g, u, t);
    else if (g.c.options.assaultOutOfReach === 'advance' && facesEnemy(g, u)) {
      // 4: the order is to close with the enemy: a normal move toward it (one facing away cannot turn: 4, 12).
      const from = g.body[u].front;
      laneMove(g, u, 1, rates(g, u).move, MoveKind.Move);
      if (g.sink) g.sink({ type: 'move', side: g.c.units[u].side, unit: g.c.units[u].id, path: [from, g.moveEnd], why: 'advancing to assault' });
    }
  }
}
