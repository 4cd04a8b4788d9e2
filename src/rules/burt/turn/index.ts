/**
 * The turn of Burt's rules: the twelve steps of the sequence of play (3), one function each, in the
 * text's order. Within each step the side that won the initiative acts first and the sides alternate
 * unit by unit.
 */
import { FORMATION_LIST, ORDER_LIST, type Game } from '../play/state.js';
import { STEP_NAMES, type BurtEvent, type UnitSnapshot } from '../events.js';
import { COHESION_LEVELS } from '../tables.js';
import { step4Declare } from './assault.js';
import { step3Compulsory } from './compulsory.js';
import { step8Regroup, step9Fire } from './fire.js';
import { leaveMelees, step11Melee } from './melee.js';
import { step5Manoeuvre, step6Reserve } from './manoeuvre.js';
import { step12Morale } from './morale.js';
import { step1Orders, step2Initiative, step7Command } from './orders.js';
import { step10Reactions } from './reaction.js';

/** The steps in the order of 3; each takes the engagement's state and changes it. */
export const STEPS: readonly ((g: Game) => void)[] = [
  step1Orders, // 3.1 change orders (4)
  step2Initiative, // 3.2 roll for initiative
  (g) => {
    step3Compulsory(g); // 3.3 routs, pursuits, retreats
    leaveMelees(g); // 11: units the compulsory moves took out of contact come out with REGROUP orders
  },
  step4Declare, // 3.4 declare assaults (5.1)
  step5Manoeuvre, // 3.5 manoeuvres (5.2; FIRE units' short moves, 4)
  step6Reserve, // 3.6 reserve movement (5.3)
  step7Command, // 3.7 move command elements (2)
  step8Regroup, // 3.8 regroup (4, 7)
  step9Fire, // 3.9 firing (6)
  step10Reactions, // 3.10 assault reaction (9)
  step11Melee, // 3.11 resolve assaults (9)
  step12Morale, // 3.12 morale tests (8)
];

/** Clear what lasts a turn (moves, casualties, marks) at its start. */
export function beginTurn(g: Game): void {
  // One pass over the units rather than a fill per array (a handful of units, twenty arrays).
  const n = g.c.units.length;
  for (let u = 0; u < n; u++) {
    g.figuresAtTurnStart[u] = g.figures[u];
    g.advanced[u] = 0;
    g.movedToward[u] = 0;
    g.movedAway[u] = 0;
    g.stateMove[u] = 0;
    g.moved[u] = 0;
    g.casualtiesTurn[u] = 0;
    g.fireLosses[u] = 0;
    g.gunsLostTurn[u] = 0;
    g.firedTurn[u] = 0;
    g.pushedBack[u] = 0;
    g.pushingBack[u] = 0;
    g.assaultTarget[u] = -1;
    g.assaultedBy[u] = 0;
    g.assaultAdvance[u] = 0;
    g.assaultSpent[u] = 0;
    g.terrainLost[u] = 0;
    g.reacted[u] = 0;
    g.charging[u] = 0;
    g.meleeTest[u] = 0;
    g.squareChance[u] = 0;
    g.supporting[u] = -1;
  }
}

/** One turn: its twelve steps. */
export function playTurn(g: Game): void {
  beginTurn(g);
  const sink = g.sink;
  for (let k = 0; k < STEPS.length; k++) {
    if (sink) sink({ type: 'phase', turn: g.turn, side: k <= 1 ? null : g.first, phase: STEP_NAMES[k] });
    STEPS[k](g);
    if (sink) sink(positions(g, k + 1));
  }
}

/** The positions event: every unit's footprint and state now (only built with a sink). */
export function positions(g: Game, step: number): BurtEvent {
  const units: UnitSnapshot[] = g.c.units.map((_, u) => {
    const b = g.body[u];
    return {
      front: b.front,
      facing: b.facing,
      frontage: b.frontage,
      depth: b.depth,
      offset: g.present[u] ? b.offset : g.c.units[u].offset,
      figures: g.figures[u],
      guns: g.guns[u],
      level: COHESION_LEVELS[g.level[u]],
      formation: FORMATION_LIST[g.formation[u]],
      order: ORDER_LIST[g.order[u]],
      present: g.present[u] === 1,
    };
  });
  return { type: 'positions', turn: g.turn, step, units };
}
