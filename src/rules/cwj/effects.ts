/**
 * What happens to units, generals and dishes in play, each in one place: a unit disordered or rallied,
 * retreating ([Fire] l.153-155, [Rally] l.44-48, [Melee] l.243-245; rulings 4.6), leaving the table;
 * chips out of a corps dish into the army dish ([Win] l.293-306); generals used and killed ([Gen]
 * l.290). The common result is kept as things happen (rulings section 10).
 */
import { d6 } from '../../core/dice.js';
import { reachRung, recordCheck, RUNG, UNIT_CLASSES } from '../../core/result.js';
import { EPS } from '../../table/index.js';
import { armyDishGain, armyMorale, chipsForLeavingTable, corpsChipsAfter, corpsFatigued, objectiveLost } from './chips.js';
import type { Game } from './game.js';
import { generalDies, generalSurvivesUnitLoss } from './generals.js';
import { stillInStandingMelee } from './melee.js';
import { removedMenAs, type RemovalCause } from './outcome.js';
import { retreatFate, retreatSign, RETREAT_OFF_TABLE, RETREAT_SURRENDERS } from './retreat.js';
import type { Cohesion } from './types.js';
import { PURPOSE, ratingSlot, X, type CwjPurpose } from './vocabulary.js';

const CLASS_INDEX = { infantry: UNIT_CLASSES.indexOf('infantry'), cavalry: UNIT_CLASSES.indexOf('cavalry'), artillery: UNIT_CLASSES.indexOf('artillery') };

/**
 * Add to a per-side extra counter (`key`: its index in EXTRA_KEYS, X.name). Play counts extras in a
 * typed array; finishResult writes them into the result.
 */
export function bump(g: Game, key: number, side: 0 | 1, by = 1): void {
  g.extra[key + side] += by;
}

/** A unit's cohesion changes; worse states count as disruptions and on the ladder (rulings 10). */
export function setCohesion(g: Game, u: number, to: Cohesion): void {
  const from = g.cohesion[u];
  if (from === to) return;
  g.cohesion[u] = to;
  const side = g.side(u);
  if (from === 'good') {
    g.res.sides[side].disruptions++;
    reachRung(g.res, side, u, RUNG.disordered);
  }
  if (g.sink) g.sink({ type: 'cohesion', side, unit: g.c.units[u].id, from, to });
}

/** A result disorders the unit: good or unformed become disordered ([Fire] l.150-152; rulings 4). */
export function disorder(g: Game, u: number): void {
  if (g.cohesion[u] !== 'disordered') setCohesion(g, u, 'disordered');
}

/** One Rally Table check recorded by purpose, its modifier's slot and the unit's class. */
export function recordRallyCheck(g: Game, u: number, purpose: CwjPurpose, modifier: number, passed: boolean): void {
  const s = g.c.units[u];
  const counted = purpose !== 'rally';
  recordCheck(g.res.sides[s.side], PURPOSE[purpose], counted, ratingSlot(modifier), CLASS_INDEX[s.arm], passed);
  if (!passed) g.res.units[u].checksFailed++;
}

/** [Gen] l.290: a general used rolls 1d6 and dies on a 1 (his side's morale dice). */
export function generalUsed(g: Game, gen: number): void {
  const side = g.c.generals[gen].side;
  if (generalDies(d6(g.dice.morale(side)))) killGeneral(g, gen);
}

export function killGeneral(g: Game, gen: number): void {
  if (!g.genAlive[gen]) return;
  g.genAlive[gen] = 0;
  const spec = g.c.generals[gen];
  g.res.sides[spec.side].leadersLost++;
  if (g.sink) g.sink({ type: 'general', side: spec.side, general: spec.id, unit: g.genUnit[gen] >= 0 ? g.c.units[g.genUnit[gen]].id : null, what: 'dies' });
  g.genUnit[gen] = -1;
}

/** Attach a general to a unit (of his arm and corps: the caller checks). */
export function attachGeneral(g: Game, gen: number, u: number): void {
  if (g.genUnit[gen] === u) return;
  g.genUnit[gen] = u;
  if (g.sink) g.sink({ type: 'general', side: g.c.generals[gen].side, general: g.c.generals[gen].id, unit: g.c.units[u].id, what: 'joins' });
}

/**
 * `cwj.generalUnitLost`: the general of a removed unit joins the nearest unit of his arm and corps
 * (survives), or is lost with it (dies). With no such unit left he leaves the field, not killed.
 */
function generalAfterLoss(g: Game, u: number): void {
  for (let gen = 0; gen < g.genUnit.length; gen++) {
    if (g.genUnit[gen] !== u || !g.genAlive[gen]) continue;
    if (!generalSurvivesUnitLoss(g.c.options.generalUnitLost)) {
      killGeneral(g, gen);
      continue;
    }
    const spec = g.c.generals[gen];
    let best = -1;
    let bestD = Infinity;
    for (const v of g.c.corps[spec.corps].units) {
      if (!g.alive[v] || v === u || g.c.units[v].arm !== spec.arm) continue;
      const d = Math.abs(g.bodies[v].front - g.bodies[u].front) + Math.abs(g.bodies[v].offset - g.bodies[u].offset);
      if (d < bestD) (bestD = d), (best = v);
    }
    if (best >= 0) attachGeneral(g, gen, best);
    else {
      g.genUnit[gen] = -1;
      if (g.sink) g.sink({ type: 'general', side: spec.side, general: spec.id, unit: null, what: 'lost' });
    }
  }
}

/** Army morale now ([Win] l.296): the corps fatigue numbers, +2 for a terrain objective held, -2 for one lost (`cwj.objectiveLost`). */
export function currentArmyMorale(g: Game, side: 0 | 1): number {
  let sum = 0;
  for (const k of g.c.sides[side].corps) sum += g.fatigueNumber[k];
  const o = g.c.objective;
  const held = o !== null && o.terrain && g.holder === side ? 1 : 0;
  const lost = o !== null && o.terrain && objectiveLost(side, g.holder, g.heldBy, g.startHolder, g.c.options.objectiveLost) ? 1 : 0;
  return armyMorale(sum, held, lost);
}

/**
 * [Win] l.295, l.303-306: a corps loses chips into its side's army dish (all of them, or only those
 * it had, `cwj.chipTally`); one left with none is fatigued (`cwj.singleCorpsFatigue`).
 */
export function loseChips(g: Game, corps: number, loss: number, unit: number, purpose: CwjPurpose | null): void {
  if (!g.c.armyMorale || loss <= 0) return;
  const spec = g.c.corps[corps];
  const side = spec.side;
  const gain = armyDishGain(g.chips[corps], loss, g.c.options.chipTally);
  g.chips[corps] = corpsChipsAfter(g.chips[corps], loss);
  g.dish[side] += gain;
  bump(g, X.chipsLost, side, gain);
  if (g.sink) {
    // Why, in words: a unit that failed a roll, or (no purpose) left the table; built only for a sink.
    const why = purpose === null ? `${g.c.units[unit].id} left the table` : `${g.c.units[unit].id} failed a ${purpose} roll`;
    g.sink({ type: 'chips', side, corps: spec.id, lost: gain, corpsLeft: g.chips[corps], dish: g.dish[side], morale: currentArmyMorale(g, side), why });
  }
  if (!g.fatigued[corps] && corpsFatigued(g.chips[corps], g.c.sides[side].corps.length, g.c.options.singleCorpsFatigue)) {
    g.fatigued[corps] = 1;
    const turn = Math.max(1, g.turn);
    g.res.sides[side].formationsBroken.push({ formation: spec.id, turn });
    g.res.formations[corps].brokenTurn = turn;
    if (g.sink) g.sink({ type: 'broken', side, formation: spec.id, turn });
  }
}

/**
 * A unit leaves the table (rulings 10): eliminated by fire or melee (casualties), routed on the Rally
 * Table (dispersed; a rout too), surrendered (captured), off a table edge or lost on a natural 2 for
 * control (dispersed). Its corps loses 2 chips (for its regiment's last battalion under
 * `cwj.chipUnit` = regiment); its general joins another unit or is lost (`cwj.generalUnitLost`).
 */
export function removeUnit(g: Game, u: number, cause: RemovalCause): void {
  if (!g.alive[u]) return;
  const s = g.c.units[u];
  const side = s.side;
  const r = g.res;
  const sr = r.sides[side];
  g.alive[u] = 0;
  g.engaged[u] = 0;
  r.units[u].eliminated = true;
  sr.unitsEliminated++;
  sr.strengthLost++;
  sr.stepsLost++;
  sr.menLost += s.men;
  if (removedMenAs(cause) === 'casualties') sr.casualties += s.men;
  const f = r.formations[s.corps];
  f.strengthLost++;
  f.unitsEliminated++;
  if (cause === 'routed') {
    sr.routs++;
    reachRung(r, side, u, RUNG.routed);
    if (g.sink) g.sink({ type: 'rout', side, unit: s.id });
  }
  reachRung(r, side, u, RUNG.removed);
  if (cause === 'surrendered') bump(g, X.surrendered, side);
  if (cause === 'offTable') bump(g, X.offTable, side);
  if (g.chargePending[u]) {
    g.chargePending[u] = 0;
    bump(g, X.chargesRepulsed, side);
  }
  if (g.sink) g.sink({ type: 'removed', side, unit: s.id, why: cause });
  g.rebuildLive();
  releaseStandingMelees(g);
  generalAfterLoss(g, u);
  const left = --g.groupLeft[s.chipGroup];
  if (left === 0 || g.c.options.chipUnit === 'unit') loseChips(g, s.corps, chipsForLeavingTable(), u, null);
}

/**
 * A retreat of `cm` straight away from its cause (rulings 4.6, [Rally] l.44-48): toward the unit's own
 * rear, unless the cause stands wholly behind it (`retreatSign`; `causeReach` the x of the cause's
 * point furthest toward the unit's front). The unit keeps its facing. It passes through friends
 * (interpenetration is left to the 2-D table) and, ending on one, goes on to the first clear ground
 * beyond; an enemy in its way, or one it would come beside under `cwj.besideContact` = flanks, makes it
 * surrender; the table edge takes it off. Returns whether it is still on the table.
 */
export function retreatUnit(g: Game, u: number, causeReach: number, cm: number, forced: boolean, why: 'fire' | 'melee' | 'rally' | 'contact' | 'withdrawal' | 'control'): boolean {
  const b = g.bodies[u];
  const dir = retreatSign(b.facing, b.front - b.facing * b.depth, causeReach); // x direction away
  const way: 1 | -1 = dir === b.facing ? 1 : -1;
  const from = b.front;
  const side = g.side(u);
  let togo = cm;
  for (let guard = 0; guard <= g.n; guard++) {
    const e = g.firstEnemyAhead(u, way);
    // An enemy beside the path touches the unit once it is alongside by more than EPS ([Rally] l.47-48).
    const beside = g.besideRoom(u, way) + EPS;
    const enemyGap = Math.min(e < 0 ? Infinity : Math.max(0, g.gapTo(u, way, e)), beside);
    const room = g.roomTo(u, way);
    const fate = retreatFate(togo, enemyGap, room);
    if (fate === RETREAT_SURRENDERS || fate === RETREAT_OFF_TABLE) {
      countRetreat(g, u, forced, why, from, b.front + dir * Math.min(togo, enemyGap, room), cm);
      removeUnit(g, u, fate === RETREAT_SURRENDERS ? 'surrendered' : 'offTable');
      return false;
    }
    b.front += dir * togo;
    g.stepped(u);
    // Ending on a friend: on to the first clear ground beyond it.
    let over = -1;
    for (let i = 0; i < g.live.length; i++) {
      const v = g.live[i];
      if (v === u || g.sideOf[v] !== side || !(g.lat[u * g.n + v] & 1)) continue;
      // The footprints' extents: min and max of front and rear.
      const bMin = g.x0[u];
      const bMax = g.x1[u];
      const oMin = g.x0[v];
      const oMax = g.x1[v];
      if (Math.min(bMax, oMax) - Math.max(bMin, oMin) > EPS) {
        over = v;
        break;
      }
    }
    if (over < 0) break;
    const oFar = dir > 0 ? g.x1[over] : g.x0[over];
    const bNear = dir > 0 ? g.x0[u] : g.x1[u];
    togo = (oFar - bNear) * dir;
    if (togo <= EPS) break;
  }
  countRetreat(g, u, forced, why, from, b.front, cm);
  g.engaged[u] = 0;
  releaseStandingMelees(g);
  leaveAreaIfOut(g, u);
  return true;
}

/**
 * [Melee] l.254: a unit whose standing melee has lost every enemy it touched (removed or retreated
 * between melee phases) is out of it at once, not at the next melee phase.
 */
export function releaseStandingMelees(g: Game): void {
  for (let i = 0; i < g.live.length; i++) {
    const v = g.live[i];
    if (g.engaged[v] && !stillInStandingMelee(true, g.inContact(v))) g.engaged[v] = 0;
  }
}

/** A Deployed unit whose front has left its village or fortification stands in line (rulings 3). */
export function leaveAreaIfOut(g: Game, u: number): void {
  if (g.formation[u] !== 'deployed' || g.deployDepthAt(g.bodies[u].facing, g.bodies[u].front) > 0) return;
  const s = g.c.units[u];
  g.formation[u] = 'line';
  g.shape(u, 'line');
  if (g.sink) g.sink({ type: 'formation', side: s.side, unit: s.id, from: 'deployed', to: 'line' });
}

function countRetreat(g: Game, u: number, forced: boolean, why: 'fire' | 'melee' | 'rally' | 'contact' | 'withdrawal' | 'control', from: number, to: number, cm: number): void {
  const side = g.side(u);
  const sr = g.res.sides[side];
  if (forced) sr.retreatsForced++;
  else sr.retreatsVoluntary++;
  g.res.units[u].retreated = true;
  g.res.formations[g.c.units[u].corps].retreats++;
  g.everRetreated[u] = 1;
  if (g.chargePending[u] && forced) {
    g.chargePending[u] = 0;
    bump(g, X.chargesRepulsed, side);
  }
  if (g.sink) g.sink({ type: 'retreat', side, forced, units: [g.c.units[u].id], from, to, cm, why });
}
