/**
 * The Volley & Cannonade phase (p2; p3 Fire Points, Volley and Cannonade; rulings 3.5): first every
 * unit of the side not moving fires, results at once (the fire at chargers in contact), then every
 * unit of the moving side. Each firer picks one target in its arc and range (its doctrine; the
 * default a unit charging it, else the nearest), at most two batteries a target unless it has no
 * other; a roll per firer (aoe.combineFire separate) or per target (combined).
 */
import { chargeChecked, chargeCheckedRetreat } from './charge.js';
import type { Play } from './context.js';
import { lastFace, rollDie } from './dice.js';
import { addHits, disorder, fullMoveOf, recall, removeUnit, retreat } from './effects.js';
import { clearLine, coverOf, inArc, unitDistance } from './geometry.js';
import { volleyLabels } from './labels.js';
import { chooseTarget, wantsRecall } from './orders.js';
import { NO_UNIT } from './state.js';
import {
  applyGunEffect,
  ARTILLERY_RANGE,
  batteryFirePoints,
  batteryMayFireAt,
  DAMAGED,
  DESULTORY,
  GUNS_DAMAGED,
  GUNS_UNHARMED,
  GUNS_WRECKED,
  isSkirmishRange,
  musketFirePoints,
  SILENCED,
  SKIRMISH_RANGE,
  VOLLEY_RESULT_KEYS,
  volleyDisorders,
  volleyGunEffect,
  volleyHits,
  volleyModifier,
  volleyResult,
  WRECKED,
  type BatteryFirer,
  type MusketFirer,
  type Volley,
  type VolleyTarget,
} from './volley.js';
import { X } from './vocabulary.js';

const MUSKET: MusketFirer = { ranks: 3, stands: 6, formation: 'line', disordered: false };
const BATTERY: BatteryFirer = { guns: 8, weight: 'light', limbered: false, silenced: false, damaged: false, inBua: false };
const VOLLEY: Volley = { firePoints: 0, cannonade: false, skirmish: false };
const TARGET: VolleyTarget = { formation: 'line', aboutFaced: false, limbered: false, changedFormation: false, enfiladed: false, cover: 0 };

/** Fire points of u at e where they stand (0 when it cannot fire at it); `d` their distance when known. */
export function firePointsAt(p: Play, u: number, e: number, d = unitDistance(p.st.body[u], p.st.body[e])): number {
  const s = p.c.specs[u];
  const st = p.st;
  if (s.arm === 'artillery') {
    BATTERY.guns = s.guns;
    BATTERY.weight = s.weight;
    BATTERY.limbered = st.limbered[u] === 1;
    BATTERY.silenced = st.disordered[u] === 1;
    BATTERY.damaged = st.damaged[u] === 1;
    BATTERY.inBua = false;
    return batteryFirePoints(BATTERY, d, p.c.options.disorderedFire);
  }
  if (s.arm !== 'infantry') return 0;
  MUSKET.ranks = s.ranks;
  MUSKET.stands = s.stands;
  MUSKET.formation = st.formationOf(u);
  MUSKET.disordered = st.disordered[u] === 1;
  return musketFirePoints(MUSKET, d, p.c.options);
}

/** Whether u may fire this phase at all: infantry and unlimbered, unsilenced batteries (cavalry has no fire points). */
export function mayFire(p: Play, u: number): boolean {
  const s = p.c.specs[u];
  const st = p.st;
  if (st.removed[u] || s.arm === 'cavalry') return false;
  if (s.arm === 'artillery') return !st.limbered[u] && !st.disordered[u];
  // p3 Fire Points: chargers in contact fire with their front rank, under aoe.chargerFires.
  return st.chargeTarget[u] === NO_UNIT || p.c.options.chargerFires;
}

/**
 * Live enemies u may fire on now, written into p.targets (their distances and u's fire points at them
 * into p.targetDist and p.targetPoints); returns
 * how many: in its arc, in range, with some fire points, nothing between.
 */
function candidates(p: Play, u: number): number {
  const out = p.targets;
  const dist = p.targetDist;
  const c = p.c;
  const st = p.st;
  const battery = c.specs[u].arm === 'artillery';
  const range = battery ? ARTILLERY_RANGE : SKIRMISH_RANGE;
  const enemies = c.sideUnits[1 - c.specs[u].side];
  let n = 0;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (st.removed[e]) continue;
    const d = unitDistance(st.body[u], st.body[e]);
    if (d > range + 1e-6 || !inArc(st, u, e)) continue;
    const points = firePointsAt(p, u, e, d);
    if (points <= 0 || !clearLine(st, u, e)) continue;
    dist[n] = d;
    p.targetPoints[n] = points;
    out[n++] = e;
  }
  // p3: at most two batteries a unit unless it has no other target.
  if (battery && n > 1) {
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (!batteryMayFireAt(p.batteriesOn[out[i]], true)) continue;
      dist[k] = dist[i];
      p.targetPoints[k] = p.targetPoints[i];
      out[k++] = out[i];
    }
    if (k > 0) n = k;
  }
  return n;
}

/** The target's situation for the die modifiers (p2). */
function targetOf(p: Play, e: number): VolleyTarget {
  const st = p.st;
  TARGET.formation = st.formationOf(e);
  TARGET.aboutFaced = st.aboutFaced[e] === 1;
  TARGET.limbered = p.c.specs[e].arm === 'artillery' && st.limbered[e] === 1;
  TARGET.changedFormation = st.changed[e] === 1;
  TARGET.enfiladed = false; // enfilade needs the 2-D table (rulings 6)
  TARGET.cover = coverOf(p.c, st, e);
  return TARGET;
}

/** Apply a fire result to its target at once (p2 Die Result). */
function applyFire(p: Play, side: 0 | 1, e: number, result: number, cannonade: boolean): void {
  const c = p.c;
  const st = p.st;
  const t = c.specs[e];
  if (t.arm === 'artillery') {
    const effect = volleyGunEffect(result, cannonade);
    if (effect === GUNS_UNHARMED) return;
    p.res.extras[X.fireDisorders[side]]++;
    const wasSilenced = st.disordered[e] === 1;
    const before = (wasSilenced ? SILENCED : 0) | (st.damaged[e] ? DAMAGED : 0);
    const after = applyGunEffect(before, effect, c.options.tellingGuns);
    if (after & SILENCED) disorder(p, e);
    if (after & DAMAGED && !st.damaged[e]) {
      st.damaged[e] = 1;
      // One gun stand harmed: counted once, by disorder when the damage also silenced it.
      if (wasSilenced || !(after & SILENCED)) p.res.extras[X.gunsSilenced[t.side]]++;
    }
    if (p.sink) p.sink({ type: 'guns', side: t.side, unit: t.id, effect: after & WRECKED ? 'wrecked' : effect === GUNS_DAMAGED ? 'damaged' : 'silenced' });
    if (after & WRECKED || effect === GUNS_WRECKED) removeUnit(p, e, 'guns');
    return;
  }
  const hits = volleyHits(result);
  if (volleyDisorders(result, cannonade)) {
    p.res.extras[X.fireDisorders[side]]++;
    disorder(p, e);
  }
  if (hits > 0) {
    p.res.extras[X.fireHits[side]] += hits;
    addHits(p, e, hits, true);
  }
  // p2 notes, p3: Telling or Withering fire checks a charger in contact.
  if (!st.removed[e] && st.chargeTarget[e] !== NO_UNIT && chargeChecked(result)) {
    p.chargeMet = true;
    p.res.extras[X.chargesChecked[t.side]]++;
    const full = fullMoveOf(p, e);
    const wants = t.arm === 'cavalry' && wantsRecall(p, e);
    const back = chargeCheckedRetreat(t.arm, wants ? full : 0, full);
    if (p.sink) p.sink({ type: 'checked', side: t.side, unit: t.id, by: '', back });
    if (wants) recall(p, e);
    else retreat(p, e, back, 'charge checked', true);
  }
}

/** One roll of fire at e with these points (p2): modifiers, the die, the result applied. */
function roll(p: Play, side: 0 | 1, firers: string[] | null, e: number, points: number, cannonade: boolean, skirmish: boolean, distance: number): void {
  VOLLEY.firePoints = points;
  VOLLEY.cannonade = cannonade;
  VOLLEY.skirmish = skirmish;
  const target = targetOf(p, e);
  const modifier = volleyModifier(VOLLEY, target, p.c.options.skirmishPenalty);
  // Fire that cannot reach an effect even on the die's highest face (Lively for guns, Galling for
  // muskets) is not rolled: every face gives Desultory or a musketry Lively, which do nothing (p2).
  const hopeless = lastFace(p.c.die) + modifier < (cannonade ? 5 : 6);
  const die = hopeless ? 0 : rollDie(p.dice.fire(side), p.c.die);
  const result = hopeless ? DESULTORY : volleyResult(die + modifier);
  p.res.extras[cannonade ? X.cannonades[side] : X.volleys[side]]++;
  if (p.sink) {
    p.sink({
      type: 'fire',
      side,
      units: firers ?? [],
      target: p.c.specs[e].id,
      roll: die,
      hits: p.c.specs[e].arm === 'artillery' ? 0 : volleyHits(result),
      modifiers: volleyLabels(points, target, skirmish, p.c.options.skirmishPenalty),
      points,
      modifier,
      modified: hopeless ? 0 : die + modifier,
      result: VOLLEY_RESULT_KEYS[result],
      cannonade,
      distance,
      rolled: !hopeless,
    });
  }
  applyFire(p, side, e, result, cannonade);
}

/** Every unit of `side` fires (one half of the phase, p1 Volley & Cannonade a or b). */
export function sideFires(p: Play, side: 0 | 1): void {
  const c = p.c;
  const st = p.st;
  const units = c.sideUnits[side];
  const combined = c.options.combineFire === 'combined';
  if (combined) {
    p.combinedPoints.fill(0);
    p.combinedCannonade.fill(0);
    p.combinedSkirmish.fill(1);
    p.combinedFirers.fill(0);
    p.firedAt.fill(NO_UNIT);
  }
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (!mayFire(p, u)) continue;
    const n = candidates(p, u);
    const k = chooseTarget(p, u, p.targets, n, p.targetDist);
    if (k < 0) continue;
    const e = p.targets[k];
    const distance = p.targetDist[k];
    const points = p.targetPoints[k];
    const cannonade = c.specs[u].arm === 'artillery';
    const skirmish = !cannonade && isSkirmishRange(distance);
    if (cannonade) p.batteriesOn[e]++;
    if (combined) {
      p.combinedPoints[e] += points;
      if (cannonade) p.combinedCannonade[e] = 1;
      if (!skirmish) p.combinedSkirmish[e] = 0;
      p.combinedFirers[e]++;
      p.firedAt[u] = e;
      continue;
    }
    roll(p, side, p.sink ? [c.specs[u].id] : null, e, points, cannonade, skirmish, distance);
  }
  if (!combined) return;
  // aoe.combineFire combined: one roll a target, the points added (volley.ts combineVolleys).
  for (let e = 0; e < st.n; e++) {
    if (p.combinedFirers[e] === 0 || st.removed[e]) continue;
    const firers = p.sink ? units.filter((u) => p.firedAt[u] === e).map((u) => c.specs[u].id) : null;
    roll(p, side, firers, e, p.combinedPoints[e], p.combinedCannonade[e] === 1, p.combinedSkirmish[e] === 1, 0);
  }
}

/** The phase: the side not moving fires first, then the moving side (p1 Volley & Cannonade a, b). */
export function volleyPhase(p: Play, phasing: 0 | 1): void {
  const st = p.st;
  st.fresh.fill(0);
  p.batteriesOn.fill(0);
  sideFires(p, phasing === 0 ? 1 : 0);
  sideFires(p, phasing);
}
