/**
 * Steps 1, 2 and 7 of the sequence of play (3): order chits (4), the initiative, and where the
 * brigades' command elements go for the next turn (2).
 */
import { d6 } from '../../../core/dice.js';
import { actsFirst, commandPicks, wantedOrder } from '../doctrine/choose.js';
import { commandSlots, mayChangeOrders } from '../orders.js';
import { ROUT } from '../tables.js';
import type { Game } from '../play/state.js';
import { setOrder } from '../play/units.js';

/**
 * 3.1 (2, 4): units the command element touches, and guns and skirmishers always, may take a new order
 * chit; the others keep theirs. Turn 1's chits are the scenario's. Routers and pursuers are out of
 * hand. The chits are chosen from the state at the start of the turn, so both sides choose at once.
 */
export function step1Orders(g: Game): void {
  if (g.turn === 1) return;
  const units = g.c.units;
  const scratch = g.scratch.list;
  for (const u of g.c.alternation[g.first]) {
    if (g.present[u] === 0 || g.level[u] === ROUT || g.pursuing[u] >= 0) continue;
    if (!mayChangeOrders(units[u].arm, g.commandTouch[u] === 1)) continue;
    const want = wantedOrder(g, u, scratch);
    if (want !== g.order[u]) setOrder(g, u, want, null);
  }
}

/**
 * 3.2: each side rolls a die (its morale stream), ties rolled again; the higher chooses who acts first
 * in every step of the turn.
 */
export function step2Initiative(g: Game): void {
  let a = 0;
  let b = 0;
  do {
    a = d6(g.dice.morale(0));
    b = d6(g.dice.morale(1));
  } while (a === b);
  const winner: 0 | 1 = a > b ? 0 : 1;
  g.first = actsFirst(g, winner) ? winner : winner === 0 ? 1 : 0;
  if (g.sink) g.sink({ type: 'initiative', rolls: [a, b], winner, first: g.first });
}

/**
 * 3.7 (2, 4; burt.commandReach): each brigade's command element moves to touch at most `commandReach`
 * of its units; they may change orders in step 1 of the next turn.
 */
export function step7Command(g: Game): void {
  const picks = g.scratch.order;
  for (let b = 0; b < g.c.brigades.length; b++) {
    const brigade = g.c.brigades[b];
    for (const u of brigade.units) g.commandTouch[u] = 0;
    commandPicks(g, b, commandSlots(g.c.options.commandReach, brigade.units.length), picks, g.scratch.orderB);
    for (const u of picks) g.commandTouch[u] = 1;
    if (g.sink && picks.length) g.sink({ type: 'command', side: brigade.side, brigade: brigade.name, units: picks.map((u) => g.c.units[u].id) });
  }
}
