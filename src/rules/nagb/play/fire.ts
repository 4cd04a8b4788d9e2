/**
 * The fire phases (p2, p10-11, p19-21, p27): artillery first, its casualties removed and tested; then
 * small arms, both sides together (nagb.smallArmsOrder: simultaneous, or the moving side first), and
 * their tests. Each unit fires once a turn (it reloads in the End phase); units in contact neither fire
 * nor are fired at (nagb.fireAtEngaged). Tests are taken per fire step, per firing unit or per phase
 * (nagb.shootingTestScope).
 */
import { EPS, axialMax, axialMin, frontEdgeDistance, frontWithinArc, hypot2, lateralMax, lateralMin, rangeOverlap } from '../../../table/index.js';
import {
  artilleryHitNeeded,
  ballBand,
  type GunneryModifiers,
  batteryHitLocation,
  canisterInRange,
  rollBallShot,
  rollShellShot,
  shotMayStrike,
  shellInRange,
  shellLong,
} from '../artillery.js';
import { batterySilenceThreshold, needsShootingTest, PANIC_FLIGHT_DICE, shootingTestFailure, shootingTestLd } from '../disorder.js';
import { sumD6 } from '../roll.js';
import { diceForFigures, holdsFire, lowOnAmmo, mayVolley, rangeBand, rollHits, rollKills, toHitNeeded, townFiringFigures } from '../shooting.js';
import { CANISTER_KILL, GUNS, SMALL_ARMS_KILL, VOLLEY_FIRE_ZONE, weaponRow, type Gun } from '../tables.js';
import { bump, casualties, disorder, jubilate, ldOf, remove, rout, silence, spendPips, test, X } from './act.js';
import { PURPOSE as P } from '../vocabulary.js';
import type { GunFire } from '../events.js';
import { COLLAPSE_FLIGHT_DICE } from '../morale.js';
import { collapsed, structureAfterDamage } from '../village.js';
import { batteryFires, costFor, firesNow, pickTarget, wantsVolley } from './ai.js';
import { coverOf, figuresInArc, friendAheadWithin, friendInCanisterArc, GUN_ARC, lineOfFireBlocked, MUSKET_ARC } from './geometry.js';
import { frontNow } from './profiles.js';
import { BROKEN, type Contact, type Game, type Unit, clear } from './state.js';

/** The ammunition bits of a battery's fire, and their names in bit order. */
const CANISTER = 1;
const BALL = 2;
const SHELL = 4;
const AMMO_NAMES = ['canister', 'ball', 'shell'] as const;

/** A unit is in base contact with an enemy (a melee is pending). */
export function engaged(g: Game, u: Unit): boolean {
  // (Small enough to be inlined everywhere: most of the time there is no contact at all.)
  return g.contacts.length !== 0 && inContact(g.contacts, u.spec.index);
}

function inContact(contacts: readonly Contact[], i: number): boolean {
  for (let k = 0; k < contacts.length; k++) if (contacts[k].a === i || contacts[k].b === i) return true;
  return false;
}

/** Greatest range a unit's fire reaches (p10, p21). */
export function maxRange(g: Game, u: Unit): number {
  if (u.spec.arm === 'artillery') {
    let r = 0;
    for (const gun of u.spec.guns) {
      const row = GUNS[gun];
      r = Math.max(r, row.canisterRange, row.ballLong ?? 0, row.shellBritishOnly && g.c.sides[u.side].nation !== 'british' ? 0 : row.shellMax);
    }
    return r;
  }
  const w = u.spec.weapon;
  if (w === null) return 0; // p25, p40: cavalry without carbines or pistols fires nothing
  const row = weaponRow(w, g.c.options);
  return w === 'musket' ? Math.max(row.long, g.c.options.volleyRange) : row.long;
}

/**
 * Targets u may fire at now, written into g.cand (their count returned) in the order of units, with
 * their footprint distance from u in g.candGap: enemies in range, in arc, not engaged (shooting.mayFireAt),
 * with nothing standing between; none at all when the nearest enemy is beyond the unit's greatest range.
 * `lineOfFire` false leaves that last (the costliest) check to the caller. One pass over the enemies
 * measures what frontEdgeDistance, frontWithinArc and bodyGap would, u's edges found once, and leaves
 * the nearest enemy's distance in nearestEnemyDistance's cache.
 */
function candidates(g: Game, u: Unit, lineOfFire = true): number {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  const range = g.range[u.spec.index];
  const i = u.spec.index;
  const enemy = 1 - u.side;
  const known = g.nearUnit[i] === g.unitEpoch[i] && g.nearEnemy[i] === g.sideEpoch[enemy];
  // Nothing within reach of any weapon: no need to look further.
  if (known && g.nearCache[i] > range + eps) return 0;
  const slope = u.spec.arm === 'artillery' ? GUN_ARC : MUSKET_ARC;
  const opts = g.c.options;
  const anyEngaged = !opts.fireAtEngaged && g.contacts.length > 0;
  const uEngaged = anyEngaged && engaged(g, u);
  const out = g.cand;
  const gaps = g.candGap;
  const cdx = g.candDx;
  const cdy = g.candDy;
  const ext = g.ext;
  const front = u.body.front;
  const facing = u.body.facing;
  const ka = 4 * i;
  const xa0 = ext[ka];
  const xa1 = ext[ka + 1];
  const ya0 = ext[ka + 2];
  const ya1 = ext[ka + 3];
  const list = g.idxLists[enemy];
  const gone = g.gone;
  // The enemy's front edge from its extents (all of a side face its way).
  const efwd = g.c.sides[enemy].facing > 0 ? 1 : 0;
  let nearest = Infinity;
  let n = 0;
  const reachable = range + eps;
  const reach2 = reachable * reachable;
  for (let j = 0; j < list.length; j++) {
    const ti = list[j];
    if (gone[ti]) continue;
    const kb = 4 * ti;
    const xb0 = ext[kb];
    const xb1 = ext[kb + 1];
    const yb0 = ext[kb + 2];
    const yb1 = ext[kb + 3];
    // bodyGap's legs (its hypot only where it can matter: it is never below the larger leg)
    let dy = (ya0 > yb0 ? ya0 : yb0) - (ya1 < yb1 ? ya1 : yb1);
    if (!(dy > 0)) dy = 0;
    let gx = (xa0 > xb0 ? xa0 : xb0) - (xa1 < xb1 ? xa1 : xb1);
    if (!(gx > 0)) gx = 0;
    if (!known) {
      let gap = -1;
      if (gx === 0) gap = dy;
      else if (dy === 0) gap = gx;
      else if ((gx > dy ? gx : dy) < nearest) gap = hypot2(gx, dy);
      if (gap >= 0 && gap < nearest) nearest = gap;
    }
    // frontEdgeDistance > range: never below either leg; its square far from the range's settles it
    // without the hypot (whose error is a few parts in 1e16), else the hypot itself.
    const dx = Math.abs(ext[kb + efwd] - front);
    if (dx > reachable || dy > reachable) continue;
    if (dy !== 0) {
      const s2 = dx * dx + dy * dy;
      if (s2 > reach2 * (1 + 1e-9)) continue;
      if (s2 >= reach2 * (1 - 1e-9) && hypot2(dx, dy) > reachable) continue;
    }
    // frontWithinArc > eps
    const ahead = Math.min((xb0 - front) * facing, (xb1 - front) * facing);
    if (!(ahead >= -eps)) continue;
    const reach = slope * Math.max(0, ahead);
    if (!(rangeOverlap(ya0, ya1, yb0 - reach, yb1 + reach) > eps)) continue;
    if (anyEngaged && (uEngaged || engaged(g, g.units[ti]))) continue;
    cdx[n] = gx;
    cdy[n] = dy;
    out[n++] = ti;
  }
  if (!known) {
    g.nearUnit[i] = g.unitEpoch[i];
    g.nearEnemy[i] = g.sideEpoch[enemy];
    g.nearState[i] = g.stateEpoch;
    g.nearCache[i] = nearest;
  }
  if (!known && nearest > range + eps) return 0;
  if (!lineOfFire || n === 0) return n;
  let m = 0;
  for (let j = 0; j < n; j++) {
    if (lineOfFireBlocked(g, u, g.units[out[j]])) continue;
    cdx[m] = cdx[j];
    cdy[m] = cdy[j];
    out[m++] = out[j];
  }
  return m;
}

/**
 * The target u fires at (ai.pickTarget over the candidates), or -1. A doctrine's nearest target is found
 * without testing the line of fire to every candidate: the nearest first (ties to the first in the order
 * of units, as pickTarget), then the next if it is blocked. The footprint distances (bodyGap) are found
 * only when there are two or more to choose from.
 */
function targetOf(g: Game, u: Unit): number {
  if (g.doctrine(u.side).random) return pickTarget(g, u, g.cand, candidates(g, u));
  const n = candidates(g, u, false);
  if (n === 0) return -1;
  const cand = g.cand;
  if (n === 1) return lineOfFireBlocked(g, u, g.units[cand[0]]) ? -1 : cand[0];
  const gaps = g.candGap;
  const cdx = g.candDx;
  const cdy = g.candDy;
  for (let j = 0; j < n; j++) {
    const gx = cdx[j];
    const dy = cdy[j];
    gaps[j] = gx === 0 ? dy : dy === 0 ? gx : hypot2(gx, dy);
  }
  for (let tries = 0; tries < n; tries++) {
    let best = -1;
    let bd = Infinity;
    for (let j = 0; j < n; j++) {
      if (cand[j] < 0) continue;
      if (best < 0) best = j;
      if (gaps[j] < bd) {
        bd = gaps[j];
        best = j;
      }
    }
    const k = cand[best];
    if (!lineOfFireBlocked(g, u, g.units[k])) return k;
    cand[best] = -1;
  }
  return -1;
}

/**
 * Whether u can fire at all now: loaded, on the table and not fleeing, not silenced, not forbidden this
 * turn; squares fire only at chargers (p8); foot and horse only with small arms (p25, p40: cavalry its
 * scenario gives no carbines or pistols never fires).
 */
function canFire(g: Game, u: Unit): boolean {
  if (u.removed || u.state === BROKEN || !u.loaded || u.noFire || u.silenced) return false;
  if (u.formation === 'square') return false;
  if (u.spec.arm === 'artillery') return u.guns > 0 && u.pips >= 1;
  return u.spec.weapon !== null;
}

/** Casualties on a battery (p21): a d6 for each, 1-5 the crew, 6 the gun (only ball destroys it; ball kills one crew a hit). */
function onBattery(g: Game, t: Unit, kills: number, ball: boolean, side: 0 | 1): number {
  const u = g.fire(side);
  let crew = 0;
  for (let i = 0; i < kills; i++) {
    const loc = batteryHitLocation(1 + Math.floor(u() * 6));
    if (loc === 'crew') crew++;
    else if (ball && t.guns > 0) t.guns--;
  }
  return crew;
}

/**
 * One unit's small-arms fire (p10, p30, p35): its target, the figures in arc (half, a volley all, half
 * the facing figures out of a village), the score with every modifier, a die a figure, 4+ to kill.
 * Returns the target and the casualties (the caller applies them), or -1.
 */
function smallArms(g: Game, f: Unit, pend: { t: number; k: number }): boolean {
  const opts = g.c.options;
  const weapon = f.spec.weapon;
  if (weapon === null) return false; // (canFire has said so)
  // (No target when the nearest enemy is beyond range: candidates looks at that first.)
  // A doctrine (no dice in either question) asks first whether it fires now, the cheaper question and
  // often no (holding fire against a charge), before looking for a target; random-legal play keeps
  // the order its dice are drawn in (a target picked, then a coin).
  let ti: number;
  if (g.doctrine(f.side).random) {
    ti = targetOf(g, f);
    if (ti < 0 || !firesNow(g, f)) return false;
  } else {
    if (!firesNow(g, f)) return false;
    ti = targetOf(g, f);
    if (ti < 0) return false;
  }
  const t = g.units[ti];
  const dist = frontEdgeDistance(f.body, t.body);
  const front = frontNow(g, f);
  const inArc = figuresInArc(f, t, front, MUSKET_ARC);
  const inVillage = f.sector >= 0;
  let volley = false;
  if (
    mayVolley({
      ordered: true,
      arm: f.spec.arm,
      formation: f.formation === 'battery' ? 'line' : f.formation,
      goodOrder: !f.disordered,
      movedThisTurn: f.moved,
      friendAheadWithin: friendAheadWithin(g, f, VOLLEY_FIRE_ZONE) ? 0 : Infinity,
      lowOnAmmo: f.lowAmmo,
      inVillage,
    }, opts) &&
    rangeBand(weapon, dist, true, false, opts) !== 'out' &&
    wantsVolley(g, f, dist) &&
    g.pips[f.spec.brigade] >= costFor(g, f, 1)
  ) {
    volley = spendPips(g, f, 'volley', 1);
  }
  const band = rangeBand(weapon, dist, volley, false, opts);
  if (band === 'out') return false;
  const figures = inVillage ? townFiringFigures(f.figures, f.spec.lineFront, opts) : volley ? inArc : Math.ceil(inArc / 2);
  const need = toHitNeeded(
    {
      firerClass: f.spec.cls,
      firerDisordered: f.disordered,
      band,
      cover: coverOf(g, t),
      targetCharging: false,
      targetSkirmishers: t.formation === 'skirmish',
      targetDeployedArtillery: t.spec.arm === 'artillery',
      mounted: f.spec.arm === 'cavalry',
      portugueseLine: false,
    },
    opts,
  );
  // p10: needing 7 or more, the unit holds its fire (and its load).
  if (holdsFire(need) || figures <= 0) return false;
  const dice = diceForFigures(figures, f.spec.fourPerThree);
  const u = g.fire(f.side);
  const rec = rollHits(u, dice, need, g.hitRoll);
  let kills = rollKills(u, rec.hits, SMALL_ARMS_KILL);
  if (rec.hits > 0) hitWhileBlown(g, t);
  f.loaded = false;
  f.fired = true;
  if (volley) {
    bump(g, X.volleys, f.side);
    if (lowOnAmmo(rec.sixes, rec.ones, opts)) {
      f.lowAmmo = true;
      bump(g, X.lowAmmo, f.side);
    }
  }
  if (t.spec.arm === 'artillery') kills = onBattery(g, t, kills, false, f.side);
  if (g.sink) {
    g.sink({ type: 'fire', side: f.side, units: [f.spec.id], target: t.spec.id, roll: dice, hits: rec.hits, modifiers: [], kind: volley ? 'volley' : 'musket', distance: dist, dice, need, kills });
  }
  bump(g, X.smallArmsKills, f.side, Math.min(kills, t.figures));
  pend.t = ti;
  pend.k = kills;
  return true;
}

/**
 * One battery's fire (p19-21): a pip, all its manned guns at one target: canister within its range
 * (no friend in range and arc), ball beyond, shell from howitzers (and British guns); with no target in
 * a clear line of fire, its howitzers alone shell one over the units before it (p20, overheadTarget).
 * Returns the target and casualties in `pend`.
 */
function battery(g: Game, b: Unit, pend: { t: number; k: number }): boolean {
  const opts = g.c.options;
  const manned = Math.min(b.guns, b.figures);
  let ti = targetOf(g, b);
  // p20: howitzers fire overhead without restriction: with no target in a clear line of fire, its
  // howitzers alone may shell one that units stand before.
  const overhead = ti < 0;
  if (overhead) ti = overheadTarget(g, b, manned);
  if (ti < 0 || !batteryFires(g, b)) return false;
  const t = g.units[ti];
  const dist = frontEdgeDistance(b.body, t.body);
  const cover = coverOf(g, t);
  const british = g.c.sides[b.side].nation === 'british';
  const friendInArc = friendInCanisterArc(g, b, dist);
  // One record for the battery's guns, longRange set afresh for each; p20's -1 at skirmishers (ball's list).
  const mods = { crewClass: b.spec.cls, disordered: b.disordered, longRange: false, cover, movedOrUnlimbered: b.moved, targetSkirmishers: t.formation === 'skirmish', targetCharging: false, national: b.spec.gunnery, shell: false, canister: false };
  // p10 (nagb.batteryHoldFire holdsFire): no gun able to hit or near-miss, the battery holds its fire, pip and load.
  if (opts.batteryHoldFire === 'holdsFire' && everyGunHolds(g, b, manned, dist, friendInArc, british, mods, overhead)) return false;
  b.pips--;
  bump(g, X.pipsSpent, b.side);
  b.loaded = false;
  b.fired = true;
  const u = g.fire(b.side);
  const hits = g.gunHits;
  hits.n = 0;
  hits.struck = 0;
  let kills = 0;
  let dice = 0;
  let need = 7;
  let ammo = 0; // CANISTER | BALL | SHELL
  // What each gun fired and needed, for the fire event (only when someone listens).
  const told: GunFire[] | null = g.sink ? [] : null;
  for (let i = 0; i < manned; i++) {
    const gun = b.spec.guns[i];
    const fires = gunAmmo(gun, dist, friendInArc, british, overhead, mods);
    if (fires === 0) continue;
    ammo |= fires;
    need = artilleryHitNeeded(mods, opts);
    if (fires === CANISTER) {
      const shots = GUNS[gun].canisterShots;
      dice += shots;
      if (told) told.push({ gun, ammo: 'canister', dice: shots, need });
      const rec = rollHits(u, shots, need, g.hitRoll);
      if (rec.hits > 0) hitWhileBlown(g, t);
      const k = rollKills(u, rec.hits, CANISTER_KILL);
      kills += t.spec.arm === 'artillery' ? onBattery(g, t, k, false, b.side) : k;
    } else if (fires === BALL) {
      dice++;
      if (told) told.push({ gun, ammo: 'ball', dice: 1, need });
      const k = rollBallShot(u, need, mods.longRange ? 'long' : 'short', t.spec.arm === 'artillery' ? 1 : t.ranks, opts, hits);
      kills += t.spec.arm === 'artillery' ? onBattery(g, t, Math.min(1, k), true, b.side) : k;
    } else {
      dice++;
      if (told) told.push({ gun, ammo: 'shell', dice: 1, need });
      const k = rollShellShot(u, need, mods.longRange ? 'long' : 'short', t.body.depth, opts, hits);
      kills += t.spec.arm === 'artillery' ? onBattery(g, t, k, false, b.side) : k;
    }
  }
  if (g.sink && told) {
    const kind = ammo & CANISTER ? 'canister' : ammo & BALL ? 'ball' : 'shell';
    // What the battery fired, named when its guns fired more than one ammunition (the story's head).
    const fired = AMMO_NAMES.filter((_, i) => (ammo & (1 << i)) !== 0);
    const modifiers = fired.length > 1 ? [`${fired.slice(0, -1).join(', ')} and ${fired[fired.length - 1]}`] : overhead ? ['shell overhead'] : [];
    // p19-21: each gun's score is its own (range band, ammunition); `need` is the least of them.
    let least = told.length > 0 ? told[0].need : need;
    for (const f of told) if (f.need < least) least = f.need;
    g.sink({ type: 'fire', side: b.side, units: [b.spec.id], target: t.spec.id, roll: dice, hits: kills, modifiers, kind, distance: dist, dice, need: least, kills, guns: told });
  }
  bump(g, X.artilleryKills, b.side, Math.min(kills, t.figures));
  // p23: ball or shell that struck the target's figures (a near miss too; not a shell burst clear of it).
  if (hits.struck > 0) hitWhileBlown(g, t);
  if (t.sector >= 0 && hits.n > 0) damageSector(g, t.sector, hits.n, b.side);
  pend.t = ti;
  pend.k = kills;
  return true;
}

/**
 * p20: the target b's howitzers shell over the units standing before it when no target is in a clear
 * line of fire (targetOf found none): among the enemies in range and arc (candidates, the line of fire
 * left out), those within the shell span (8-36") of one of its manned howitzers, as the doctrine picks
 * (pickTarget); -1 when there is none or no howitzer.
 */
function overheadTarget(g: Game, b: Unit, manned: number): number {
  let howitzer = false;
  for (let i = 0; i < manned; i++) if (b.spec.guns[i] === 'howitzer') howitzer = true;
  if (!howitzer) return -1;
  const cand = g.cand;
  const n = candidates(g, b, false);
  let m = 0;
  for (let j = 0; j < n; j++) if (shellInRange('howitzer', frontEdgeDistance(b.body, g.units[cand[j]].body), false)) cand[m++] = cand[j];
  return pickTarget(g, b, cand, m);
}

/**
 * p10 vs p19-21 (nagb.batteryHoldFire): whether each of b's first `manned` guns that reaches the target
 * `dist` away needs 7 or more to hit with the ammunition battery would fire from it (canister within its
 * range with no friend in range and arc, else ball, else shell), so that none can do anything. Under
 * nagb.nearMissAtSeven onSix a ball or shell gun needing exactly 7 can still near-miss (p20, p21): it
 * can do something, so its battery does not hold (shotMayStrike); canister, musketry, never near-misses.
 * `mods` is battery's record (its longRange set here as battery sets it). Firing `overhead` (p20), only
 * its howitzers' shell counts.
 */
function everyGunHolds(g: Game, b: Unit, manned: number, dist: number, friendInArc: boolean, british: boolean, mods: GunneryModifiers, overhead: boolean): boolean {
  const opts = g.c.options;
  for (let i = 0; i < manned; i++) {
    const fires = gunAmmo(b.spec.guns[i], dist, friendInArc, british, overhead, mods);
    if (fires === 0) continue;
    const need = artilleryHitNeeded(mods, opts);
    if (fires === CANISTER ? !holdsFire(need) : shotMayStrike(need, opts)) return false;
  }
  return true;
}

/**
 * p20, p21: what `gun` fires at a target `dist` away: canister within its range with no friend in range
 * and arc, else ball within its range, else shell within its span; firing `overhead` (p20), a howitzer
 * alone and never canister. CANISTER, BALL or SHELL, 0 when it reaches nothing; `mods.longRange`,
 * `mods.shell` and `mods.canister` are set for its roll. The fire (battery) and the hold-fire check (everyGunHolds) ask it alike.
 */
function gunAmmo(gun: Gun, dist: number, friendInArc: boolean, british: boolean, overhead: boolean, mods: GunneryModifiers): number {
  mods.longRange = false;
  mods.shell = false;
  mods.canister = false;
  if (overhead && gun !== 'howitzer') return 0;
  if (!overhead && canisterInRange(gun, dist) && !friendInArc) {
    mods.canister = true;
    return CANISTER;
  }
  const band = ballBand(gun, dist);
  if (band !== 'out') {
    mods.longRange = band === 'long';
    return BALL;
  }
  if (!shellInRange(gun, dist, british)) return 0;
  mods.longRange = shellLong(gun, dist);
  mods.shell = true;
  return SHELL;
}

/**
 * p23 (nagb.recoveryReset hit): blown cavalry hit by artillery or small arms fire loses its recovery
 * tally, whether or not the hit killed (a small-arms or canister die's roll to hit, p10, p20; a ball or
 * shell that struck its figures, p20-21: ShotRecord). Under firedOn any fire at it resets it (land);
 * casualties reset it under every value (shootingTests).
 */
function hitWhileBlown(g: Game, t: Unit): void {
  if (t.blown && t.spec.arm === 'cavalry' && g.c.options.recoveryReset === 'hit') t.recovery = 0;
}

/**
 * p31 (nagb.buildingDamage): each ball or shell hit on a unit in a village sector does d6 damage; at 0
 * hit points the sector collapses: its cover drops a step, and the units in it test, fleeing 2d6 out of
 * it on a failure.
 */
function damageSector(g: Game, sector: number, hits: number, side: 0 | 1): void {
  const opts = g.c.options;
  if (!opts.buildingDamage || g.collapsed[sector]) return;
  const u = g.fire(side);
  let hp = g.sectorHP[sector];
  for (let i = 0; i < hits; i++) hp = structureAfterDamage(hp, 1 + Math.floor(u() * 6), opts);
  g.sectorHP[sector] = hp;
  if (!collapsed(hp)) return;
  g.collapsed[sector] = 1;
  if (g.sink) g.sink({ type: 'collapse', sector: g.c.terrainNames[sector] });
  for (const x of g.units) {
    if (x.removed || x.sector !== sector) continue;
    if (!test(g, x, P.panic, ldOf(g, x))) rout(g, x, sumD6(g.morale(x.side), COLLAPSE_FLIGHT_DICE));
  }
}

/** p11, p19, p21, p27, p31: the tests of units that took casualties in the step; the counters reset. */
export function shootingTests(g: Game): void {
  const opts = g.c.options;
  for (const u of g.units) {
    const cas = u.stepCasualties;
    u.stepCasualties = 0;
    if (cas <= 0 || u.removed) continue;
    if (u.spec.arm === 'cavalry' && u.blown) u.recovery = 0; // p23: hit while recovering (any hit under nagb.recoveryReset hit: hitWhileBlown)
    if (u.state === BROKEN) continue;
    if (u.spec.arm === 'artillery') {
      if (cas < batterySilenceThreshold(u.spec.startFigures)) continue;
      const ld = shootingTestLd({ ld: u.spec.ld, cls: u.spec.cls, casualties: cas, disordered: u.disordered, jubilant: u.jubilant, enfilade: false, influence: 0 });
      if (test(g, u, u.disordered ? P.panic : P.shootingDisorder, ld)) continue;
      if (u.silenced) {
        // A silenced battery failing again: its crew run and the guns are abandoned.
        remove(g, u, 'abandoned');
        g.res.sides[u.side].routs++;
        g.ranFromFire.push(u.spec.index);
        continue;
      }
      silence(g, u);
      continue;
    }
    if (!needsShootingTest(u.spec.cls, u.spec.startFigures, cas)) continue;
    const ld = shootingTestLd({ ld: u.spec.ld, cls: u.spec.cls, casualties: cas, disordered: u.disordered, jubilant: u.jubilant, enfilade: false, influence: 0 });
    if (test(g, u, u.disordered ? P.panic : P.shootingDisorder, ld)) continue;
    if (shootingTestFailure(u.disordered, u.sector >= 0) === 'broken') {
      rout(g, u, sumD6(g.morale(u.side), PANIC_FLIGHT_DICE));
      g.ranFromFire.push(u.spec.index);
    } else disorder(g, u);
  }
  jubilateFirers(g);
}

/**
 * p28: the firers whose fire hit (casualties) since the last tests and whose target it destroyed or
 * made run become jubilant, if they are in good order now that the tests are taken.
 */
function jubilateFirers(g: Game): void {
  const ran = g.ranFromFire;
  if (ran.length > 0) {
    for (const f of g.shooters) {
      const u = g.units[f];
      if (ran.includes(u.shotAt)) jubilate(g, u);
    }
  }
  clear(g.shooters);
  clear(ran);
}

const pend = { t: -1, k: 0 };

/** Apply firer f's casualties on t (and test at once under nagb.shootingTestScope perFiringUnit). */
function land(g: Game, f: number, t: number, k: number): void {
  const u = g.units[t];
  if (g.c.options.shootingTestScope === 'perFiringUnit') u.stepCasualties = 0;
  // A firer that killed nobody caused nothing (p28).
  if (k > 0) {
    g.units[f].shotAt = t;
    g.shooters.push(f);
  }
  const was = u.removed;
  casualties(g, u, k);
  // p28: fire that destroys its target (jubilateFirers, after the tests).
  if (!was && u.removed) g.ranFromFire.push(t);
  u.firedAtTurn = g.turn;
  // p23 (nagb.recoveryReset firedOn, rulings 3.8): being fired on resets blown cavalry's tally, every die missing or not.
  if (u.blown && u.spec.arm === 'cavalry' && g.c.options.recoveryReset === 'firedOn') u.recovery = 0;
  if (g.c.options.shootingTestScope === 'perFiringUnit') shootingTests(g);
}

/** One fire phase: `moving` is the side that has just moved (its units declare and fire first). */
export function firePhase(g: Game, moving: 0 | 1): void {
  const scope = g.c.options.shootingTestScope;
  const units = g.units;
  for (let j = 0; j < units.length; j++) units[j].stepCasualties = 0;
  // Artillery (p2, p19-21): the moving side's batteries, then the other's; casualties, then tests.
  const pf = g.pendF;
  const pt = g.pendT;
  const pk = g.pendK;
  clear(pf);
  clear(pt);
  clear(pk);
  for (let s = 0; s < 2; s++) {
    const side = s === 0 ? moving : 1 - moving;
    const members = g.batteries[side];
    for (let m = 0; m < members.length; m++) {
      const b = g.units[members[m]];
      if (!canFire(g, b)) continue;
      if (battery(g, b, pend)) {
        pf.push(b.spec.index);
        pt.push(pend.t);
        pk.push(pend.k);
      }
    }
  }
  for (let j = 0; j < pt.length; j++) land(g, pf[j], pt[j], pk[j]);
  if (scope === 'perStep') shootingTests(g);
  // Small arms (p2, nagb.smallArmsOrder).
  const simultaneous = g.c.options.smallArmsOrder === 'simultaneous';
  clear(pf);
  clear(pt);
  clear(pk);
  for (let s = 0; s < 2; s++) {
    const side = s === 0 ? moving : 1 - moving;
    // The side's foot and horse (idxLists filter 1), in the order of units.
    const members = g.idxLists[2 + side];
    for (let m = 0; m < members.length; m++) {
      const f = g.units[members[m]];
      if (!canFire(g, f)) continue;
      if (!smallArms(g, f, pend)) continue;
      if (simultaneous) {
        pf.push(f.spec.index);
        pt.push(pend.t);
        pk.push(pend.k);
      } else land(g, f.spec.index, pend.t, pend.k);
    }
    if (!simultaneous && scope === 'perStep') shootingTests(g);
  }
  for (let j = 0; j < pt.length; j++) land(g, pf[j], pt[j], pk[j]);
  if (scope === 'perStep' || scope === 'perPhase') shootingTests(g);
}
