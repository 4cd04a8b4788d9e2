/**
 * Step 3 of the sequence of play: compulsory moves, in the text's order: routs, pursuits, retreats
 * (3.3), the sides alternating unit by unit. A winner that broke its enemy and does not pursue takes
 * the ground once the routers have run (rulings, "Assault and melee" 4).
 */
import { EPS } from '../../../table/index.js';
import { rates } from '../doctrine/choose.js';
import { limberCost, retreatMoveDistance, routMoveDistance } from '../movement.js';
import { ROUT, SHAKEN } from '../tables.js';
import { enemyAhead, faceAbout, facesEnemy, touchingUnits } from '../play/lane.js';
import { laneMove, MoveKind } from '../play/moves.js';
import { MANOEUVRE, RESERVE, type Game } from '../play/state.js';
import { setOrder } from '../play/units.js';
import { setLimbered } from './manoeuvre.js';

/**
 * 3.3, 5 (burt.gunsCompulsoryMove limberFirst): an unlimbered battery limbers before its compulsory
 * move (half a move); returns what is left of the distance `d`. Otherwise `d`, the guns as they stand.
 */
export function limberToGo(g: Game, u: number, d: number): number {
  if (g.c.units[u].arm !== 'guns' || g.limbered[u] === 1 || g.c.options.gunsCompulsoryMove !== 'limberFirst') return d;
  setLimbered(g, u, 1);
  const left = d - limberCost(rates(g, u).move);
  return left > 0 ? left : 0;
}

/** 3.3 (burt.routMove): a router runs its reserve rate (or normal move) away from the enemy; off the lane it is gone. */
export function routMove(g: Game, u: number): void {
  if (facesEnemy(g, u)) faceAbout(g, u);
  const d = limberToGo(g, u, routMoveDistance(rates(g, u), g.c.options.routMove));
  const from = g.body[u].front;
  const away = g.movedAway[u];
  laneMove(g, u, 1, d, MoveKind.Flee);
  g.stateMove[u] += g.movedAway[u] - away;
  if (g.sink) g.sink({ type: 'retreat', side: g.c.units[u].side, forced: true, units: [g.c.units[u].id], why: 'rout' });
  if (g.sink && g.present[u] === 1) g.sink({ type: 'move', side: g.c.units[u].side, unit: g.c.units[u].id, path: [from, g.moveEnd], why: 'rout' });
}

/**
 * 3.3: a pursuer moves its charge distance after the routers; meeting an enemy is a contact, fought
 * in step 11 with the pursuer following up (9). A RESERVE unit it meets is drawn into the fight, as one
 * a charge meets is (11, 10: MANOEUVER orders, a point off its army's morale).
 */
export function pursuitMove(g: Game, u: number): void {
  const from = g.body[u].front;
  const r = rates(g, u);
  const toward = g.movedToward[u];
  laneMove(g, u, 1, r.charge ?? r.move, MoveKind.Charge);
  g.stateMove[u] += g.movedToward[u] - toward;
  const e = enemyAhead(g, u);
  if (e >= 0 && touchingUnits(g, u, e)) {
    g.followingUp[u] = 1;
    g.contactTurn[u] = g.turn;
    g.contactTurn[e] = g.turn;
    if (g.order[e] === RESERVE) setOrder(g, e, MANOEUVRE, 'assaulted (11)');
  }
  if (g.sink) g.sink({ type: 'move', side: g.c.units[u].side, unit: g.c.units[u].id, path: [from, g.moveEnd], why: 'pursuit' });
}

/** The winner of a broken melee takes the ground the routers left, up to a normal move. */
export function takeGroundMove(g: Game, u: number): void {
  const b = g.body[u];
  const ahead = (g.groundX[u] - b.front) * b.facing;
  g.takeGround[u] = -1;
  if (ahead <= EPS) return;
  const from = b.front;
  laneMove(g, u, 1, rates(g, u).move, MoveKind.Move, ahead);
  if (g.sink) g.sink({ type: 'takeGround', side: g.c.units[u].side, unit: g.c.units[u].id, to: g.moveEnd });
  if (g.sink) g.sink({ type: 'move', side: g.c.units[u].side, unit: g.c.units[u].id, path: [from, g.moveEnd], why: 'taking the ground' });
}

/**
 * 3.3, 8 (burt.retreatMove): a unit that became shaken last turn falls back, facing the enemy (the
 * rulings' reading): one facing away (an evader, 9.r3) turns to face it as part of the retreat.
 */
export function shakenRetreat(g: Game, u: number): void {
  const spec = g.c.units[u];
  if (!facesEnemy(g, u)) faceAbout(g, u);
  const from = g.body[u].front;
  laneMove(g, u, -1, limberToGo(g, u, retreatMoveDistance(rates(g, u), g.c.options.retreatMove)), MoveKind.Move);
  g.res.sides[spec.side].retreatsForced++;
  g.res.units[u].retreated = true;
  if (g.sink) g.sink({ type: 'retreat', side: spec.side, forced: true, units: [spec.id], why: 'shaken' });
  if (g.sink) g.sink({ type: 'move', side: spec.side, unit: spec.id, path: [from, g.moveEnd], why: 'shaken retreat' });
}

/** 3.3: routs, then pursuits (and winners taking the ground), then the retreats of units shaken last turn. */
export function step3Compulsory(g: Game): void {
  const order = g.c.alternation[g.first];
  for (const u of order) if (g.present[u] === 1 && g.level[u] === ROUT) routMove(g, u);
  for (const u of order) {
    if (g.present[u] === 0 || g.level[u] === ROUT) continue;
    if (g.pursuing[u] >= 0) pursuitMove(g, u);
    else if (g.takeGround[u] >= 0) takeGroundMove(g, u);
  }
  for (const u of order) {
    const due = g.shakenRetreat[u];
    if (due === 0 || due >= g.turn) continue;
    g.shakenRetreat[u] = 0;
    if (g.present[u] === 1 && g.level[u] === SHAKEN) shakenRetreat(g, u);
  }
}
