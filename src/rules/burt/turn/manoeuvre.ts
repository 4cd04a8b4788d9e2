/**
 * Steps 5 and 6 of the sequence of play: manoeuvres (MANOEUVER units move or change formation, FIRE
 * units make their short moves) and reserve movement (RESERVE units move at the reserve rate; reserves
 * are committed to support an assaulted friend). 4, 5, 12.
 */
import { EPS } from '../../../table/index.js';
import { batteryIntent, commitsSupport, fireMove, manoeuvreIntent, rates, reserveMove, turnsToFace } from '../doctrine/choose.js';
import { batteryWalk, formationChangeCost, formationChangeQuarters, fireOrderMoveLimit, limberCost, turnAboutCost } from '../movement.js';
import { forcedOrders } from '../orders.js';
import { ROUT } from '../tables.js';
import { faceAbout, facesEnemy, fireForward, inContactWithEnemy, standsInSupport, syncBody, towardEnemy } from '../play/lane.js';
import { laneMove, MoveKind } from '../play/moves.js';
import { ASSAULT, FIRE, FORMATION_LIST, MANOEUVRE, ORDER_LIST, RESERVE, SQUARE, type Game } from '../play/state.js';
import { setOrder } from '../play/units.js';

/** Units free to move this step: present, not routing, pursuing or in melee. */
function free(g: Game, u: number): boolean {
  return g.present[u] === 1 && g.level[u] !== ROUT && g.pursuing[u] < 0 && !inContactWithEnemy(g, u);
}

/**
 * 12: change formation at a quarter move per base of frontage changed (to or from square a half), out
 * of the `share` of the move the unit has left; returns the share left to walk, or -1 if the change
 * costs more than that.
 */
export function changeFormation(g: Game, u: number, to: number, share = 1): number {
  const from = g.formation[u];
  if (to === from) return share;
  const o = g.c.options;
  const move = rates(g, u).move;
  const quarters = formationChangeQuarters(FORMATION_LIST[from], FORMATION_LIST[to], g.figures[u], o.figuresPerBase);
  const cost = formationChangeCost(quarters, move);
  if (cost > share * move + EPS) return -1;
  g.formation[u] = to;
  syncBody(g, u);
  // Not moving for 6's fire modifier (g.moved): 4 sets changing formation apart from moving.
  const spec = g.c.units[u];
  if (to === SQUARE) g.res.sides[spec.side].squaresFormed++;
  if (g.sink) g.sink({ type: 'formation', side: spec.side, unit: spec.id, from: FORMATION_LIST[from], to: FORMATION_LIST[to], quarters });
  return share - cost / move;
}

/**
 * 4, 12 (burt.turnAboutCost): a MANOEUVER unit facing away from the enemy (an evader, 9.r3) turns
 * about to face it, a change of formation; returns the share of its move left.
 */
export function turnToFace(g: Game, u: number): number {
  const move = rates(g, u).move;
  const cost = turnAboutCost(move, g.c.options.turnAboutCost);
  faceAbout(g, u);
  // A change of formation (facing), not moving for 6 (g.moved).
  const spec = g.c.units[u];
  if (g.sink) g.sink({ type: 'face', side: spec.side, unit: spec.id, quarters: g.c.options.turnAboutCost === 'none' ? 0 : 1 });
  return move > 0 ? 1 - cost / move : 0;
}

/** Move with an order's budget, recording a voluntary retreat for a move away from the enemy. */
function orderedMove(g: Game, u: number, signed: number, budget: number, why: string): void {
  if (!(Math.abs(signed) > EPS) || !(budget > EPS)) return;
  const from = g.body[u].front;
  const moved = laneMove(g, u, signed > 0 ? 1 : -1, budget, MoveKind.Move, Math.abs(signed));
  if (moved <= EPS) return;
  const spec = g.c.units[u];
  // A move away from the enemy, whatever the unit's facing, leaving it back from where it began the turn.
  if (g.advanced[u] < -EPS && (g.moveEnd - from) * towardEnemy(g, spec.side) < 0) {
    g.res.sides[spec.side].retreatsVoluntary++;
    if (g.sink) g.sink({ type: 'retreat', side: spec.side, forced: false, units: [spec.id], why: 'ordered' });
  }
  if (g.sink) g.sink({ type: 'move', side: spec.side, unit: spec.id, path: [from, g.moveEnd], why });
}

/** 5.2 (12; burt.assaultedTargetManoeuvre): a MANOEUVER unit changes formation and walks what is left of its move. */
export function manoeuvre(g: Game, u: number): void {
  const spec = g.c.units[u];
  const may = g.assaultedBy[u] > 0 ? g.c.options.assaultedTargetManoeuvre : 'full';
  // 12: facing away, it turns to face the enemy first (a change of formation: formationOnly allows it);
  // a battery too (an evader, 9.r3: 4 lets MANOEUVER change formation and limber, 5 prices each).
  const share = may !== 'none' && !facesEnemy(g, u) && turnsToFace(g, u) ? turnToFace(g, u) : 1;
  if (spec.arm === 'guns') {
    if (may !== 'none') manoeuvreBattery(g, u, may, share);
    return;
  }
  const intent = manoeuvreIntent(g, u, may, g.scratch.intent, g.scratch.orderB);
  const left = changeFormation(g, u, intent.formation, share);
  if (left <= 0 || may !== 'full') return;
  orderedMove(g, u, intent.way * intent.distance, left * rates(g, u).move, 'manoeuvre');
}

/** 4, 5: a battery limbers or unlimbers (half a move, paid by the caller). */
export function setLimbered(g: Game, u: number, limbered: 0 | 1): void {
  g.limbered[u] = limbered;
  // Not moving for 6 (g.moved): 4 lets artillery "limber/unlimber" apart from moving.
  const spec = g.c.units[u];
  if (g.sink) g.sink({ type: 'limber', side: spec.side, unit: spec.id, limbered: limbered === 1 });
}

/**
 * 4, 5 (burt.assaultedTargetManoeuvre): a battery with MANOEUVER orders, with `share` of its move in
 * hand (less after turning to face, 12). To move it limbers (half a move) if it stands unlimbered,
 * walks at its gun rate (foot 6", horse 9"; a road adds 2" limbered) what is left, and may unlimber at
 * the end with half a move still in hand (batteryWalk); standing, it limbers or unlimbers (half a
 * move), if it has that much left. A marked target may limber or unlimber but not move.
 */
export function manoeuvreBattery(g: Game, u: number, may: 'formationOnly' | 'full', share = 1): void {
  const intent = batteryIntent(g, u, may, g.scratch.intent);
  const endLimbered = intent.formation === 1;
  const limbered = g.limbered[u] === 1;
  const move = rates(g, u).move;
  const walk = batteryWalk(move, limbered, !endLimbered) - (1 - share) * move;
  if (may === 'full' && intent.distance > EPS && walk > EPS) {
    if (!limbered) setLimbered(g, u, 1);
    orderedMove(g, u, intent.way * intent.distance, walk, 'manoeuvre');
    if (!endLimbered && g.present[u] === 1 && g.level[u] !== ROUT) setLimbered(g, u, 0);
    return;
  }
  if (g.limbered[u] !== intent.formation && share * move >= limberCost(move) - EPS) setLimbered(g, u, endLimbered ? 1 : 0);
}

/**
 * 4 (burt.fireMoveFrame): a FIRE unit may move half a move forwards or a quarter backwards (guns
 * stand: they would have to limber); forwards is toward the enemy, or by the unit's own front.
 */
export function fireOrderMove(g: Game, u: number): void {
  if (g.c.units[u].arm === 'guns') return;
  const want = fireMove(g, u);
  const move = rates(g, u).move;
  const budget = fireOrderMoveLimit(move, want >= 0 ? 'forward' : 'back');
  orderedMove(g, u, fireForward(g, u) * want, budget, 'short move with FIRE orders');
}

/** 3.5: MANOEUVER units, then FIRE units' short moves, the sides alternating. */
export function step5Manoeuvre(g: Game): void {
  for (const u of g.c.alternation[g.first]) {
    if (!free(g, u)) continue;
    if (g.order[u] === MANOEUVRE) manoeuvre(g, u);
    else if (g.order[u] === FIRE) fireOrderMove(g, u);
  }
}

/**
 * 5.3: the assaulted friend a RESERVE unit could support, or -1: one the reserve stands behind within
 * 6", "behind" as the +2 "Supported" has it (8, burt.supportFrame), so that the friend a reserve may be
 * committed to is the one a friend on its ground would support.
 */
export function supportable(g: Game, u: number): number {
  const side = g.c.units[u].side;
  for (let f = 0; f < g.c.units.length; f++) {
    if (f === u || g.present[f] === 0 || g.c.units[f].side !== side || g.assaultedBy[f] === 0 || g.level[f] === ROUT) continue;
    if (standsInSupport(g, f, u)) return f;
  }
  return -1;
}

/**
 * 3.6 (5.3, 11): RESERVE units move at the reserve rate; a reserve named to support an assaulted friend
 * is committed even if the assault does not go in: it leaves RESERVE for ASSAULT (attacking) or FIRE.
 */
export function step6Reserve(g: Game): void {
  for (const u of g.c.alternation[g.first]) {
    if (!free(g, u) || g.order[u] !== RESERVE) continue;
    const f = supportable(g, u);
    if (f >= 0 && commitsSupport(g, u)) {
      const spec = g.c.units[u];
      const posture = g.c.sides[spec.side].posture;
      g.supporting[u] = f;
      const order = forcedOrders('reserve', 'committedToSupport', posture === 'attack' ? 'assault' : 'fire');
      setOrder(g, u, order === 'assault' ? ASSAULT : FIRE, 'committed to support (11)');
      if (g.sink) g.sink({ type: 'support', side: spec.side, unit: spec.id, supports: g.c.units[f].id });
      void ORDER_LIST;
      continue;
    }
    // A marked target (burt.assaultedReserveOrders afterReaction) reacts in step 10 where it stands,
    // unless burt.assaultedTargetManoeuvre full lets it move (RESERVE orders change no formation).
    if (g.assaultedBy[u] > 0 && g.c.options.assaultedTargetManoeuvre !== 'full') continue;
    const want = reserveMove(g, u);
    orderedMove(g, u, want, rates(g, u).reserve ?? 0, 'reserve move');
  }
}
