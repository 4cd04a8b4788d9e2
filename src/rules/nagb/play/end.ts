/**
 * The End phase (p2, p19, p37; rulings 5): reloading (batteries pay pips, +1 a 25% of crew lost), the
 * outcome checks in their order, victory points and objectives, and the game-length roll.
 */
import { batteryOrderCost } from '../command.js';
import { engagementOutcome, holdsObjective, playsAnotherTurn, rollsForGameEnd, victoryPoints } from '../game.js';
import { mayReload } from '../shooting.js';
import { OBJECTIVE_CLEAR, VP } from '../tables.js';
import { bump, X } from './act.js';
import { hypot2, rangeGap } from '../../../table/index.js';
import { objectiveDistance } from './geometry.js';
import { BROKEN, type Game } from './state.js';

/** Turns the game-length roll can add after the base turns (p37: an 8th on 5+, then a 9th on a 6). */
export const BASE_TURNS_EXTRA = 2;

/**
 * p2, p10, p19: units that fired reload (rifles not after moving); a battery reloads for a pip plus one a
 * 25% of its crew lost, or, unable to pay, free at the next End phase.
 */
export function reload(g: Game): void {
  for (const u of g.units) {
    if (u.removed || u.loaded) continue;
    if (u.spec.arm !== 'artillery') {
      if (mayReload(u.spec.weapon, u.moved)) u.loaded = true;
      continue;
    }
    if (u.reloadFree) {
      u.loaded = true;
      u.reloadFree = false;
      continue;
    }
    const cost = batteryOrderCost('reload', u.spec.startFigures, u.spec.startFigures - u.figures);
    if (u.pips >= cost) {
      u.pips -= cost;
      bump(g, X.pipsSpent, u.side, cost);
      u.loaded = true;
    } else u.reloadFree = true;
  }
}

/** Nearest distance to the objective of a side's units that are on the table and not fleeing (Infinity if none). */
function nearestTo(g: Game, side: 0 | 1): number {
  // objectiveDistance (pointToBody) over the kept extents, its hypot only where it could be the
  // nearest (it is never below the larger leg).
  const ox = g.c.objective.x;
  const oy = g.c.objective.y;
  const ext = g.ext;
  let best = Infinity;
  for (const i of g.c.sides[side].units) {
    const u = g.units[i];
    if (u.removed || u.state === BROKEN) continue;
    const k = 4 * i;
    const dx = rangeGap(ox, ox, ext[k], ext[k + 1]);
    const dy = rangeGap(oy, oy, ext[k + 2], ext[k + 3]);
    const d = dx === 0 ? dy : dy === 0 ? dx : (dx > dy ? dx : dy) < best ? hypot2(dx, dy) : Infinity;
    if (d < best) best = d;
  }
  return best;
}

/** Which side holds the objective (p37: an unbroken unit within 4", no enemy within 6"), or -1. */
export function objectiveHolder(g: Game): number {
  const d0 = nearestTo(g, 0);
  const d1 = nearestTo(g, 1);
  if (holdsObjective(d0, d1)) return 0;
  if (holdsObjective(d1, d0)) return 1;
  return -1;
}

/** Units of a side on the table and not fleeing. */
function activeCount(g: Game, side: 0 | 1): number {
  let n = 0;
  for (const i of g.c.sides[side].units) if (g.units[i].active) n++;
  return n;
}

/** p37: a side's victory points: enemy brigades broken 5, enemy units shaken 1 and shattered 2, objectives held 5 (`holder`: objectiveHolder now). */
export function sideVictoryPoints(g: Game, side: 0 | 1, holder = objectiveHolder(g)): number {
  const enemy = (1 - side) as 0 | 1;
  let broken = 0;
  for (const b of g.c.sides[enemy].brigades) if (g.brigadeStatus[b] === 2) broken++;
  let shaken = 0;
  let shattered = 0;
  for (const i of g.c.sides[enemy].units) {
    const u = g.units[i];
    if (u.removed) shattered++;
    else if (u.shaken) shaken++;
  }
  return victoryPoints({ brokenBrigades: broken, shakenUnits: shaken, shatteredUnits: shattered, objectives: holder === side ? 1 : 0 });
}

/** Outcome of this End phase (rulings 5; p37 for a meeting engagement), or null to play on. */
export function outcome(g: Game, lastTurn: boolean): { winner: 0 | 1 | null; reason: string } | null {
  const c = g.c;
  if (c.victory === 'points') {
    const b0 = g.res.sides[0].armyBrokenTurn > 0 || activeCount(g, 0) === 0;
    const b1 = g.res.sides[1].armyBrokenTurn > 0 || activeCount(g, 1) === 0;
    if (b0 || b1) return { winner: b0 && b1 ? null : b0 ? 1 : 0, reason: 'armyBroken' };
    if (!lastTurn) return null;
    const v0 = sideVictoryPoints(g, 0);
    const v1 = sideVictoryPoints(g, 1);
    return { winner: v0 === v1 ? null : v0 > v1 ? 0 : 1, reason: 'victoryPoints' };
  }
  const att = (c.sides[0].role === 'attacker' ? 0 : 1) as 0 | 1;
  const def = (1 - att) as 0 | 1;
  let defendersNear = 0;
  for (const i of c.sides[def].units) {
    const u = g.units[i];
    if (u.active && objectiveDistance(g, u) <= OBJECTIVE_CLEAR) defendersNear++;
  }
  const o = engagementOutcome({
    attackerBroken: g.res.sides[att].armyBrokenTurn > 0,
    attackersLeft: activeCount(g, att),
    attackerHoldsObjective: objectiveHolder(g) === att,
    defenderBroken: g.res.sides[def].armyBrokenTurn > 0,
    defendersNearObjective: defendersNear,
    attackerFaltered: g.faltered[att],
    lastTurn,
  });
  if (o === null) return null;
  switch (o) {
    case 'attackerBroken':
    case 'attackRepulsed':
      return { winner: def, reason: o };
    case 'carried':
    case 'defenderRouted':
      return { winner: att, reason: o };
    case 'timeLimit':
      return { winner: c.onTime === 'defender' ? def : null, reason: o };
  }
}

/** p37: whether another turn is played after this one (the roll from side 0's morale dice when one is due). */
export function anotherTurn(g: Game): boolean {
  const c = g.c;
  if (g.turn < c.baseTurns) return true;
  if (!rollsForGameEnd(g.turn, c.options, c.baseTurns)) return false;
  const roll = 1 + Math.floor(g.morale(0)() * 6);
  const more = playsAnotherTurn(g.turn, roll, c.options, c.baseTurns);
  if (g.sink) g.sink({ type: 'gameLength', turn: g.turn, roll, more });
  return more;
}

export { VP };
