/**
 * Units on the lane as the builders of ../odds.ts take them (UnitProfile, MeleeParty): the engine
 * compiles each charge and each melee with the same builders `volley odds` uses, so the two play the
 * same rules.
 */
import { EPS, contactWidth, overlappedEnds, sideEdge, sideSign } from '../../../table/index.js';
import { meleeDice } from '../melee.js';
import type { MeleeParty, UnitProfile } from '../odds.js';
import { type Cover, type Formation, SUPPORT_RANGE, supportsFlank, VOLLEY_FIRE_ZONE } from '../tables.js';
import { figureWidth } from '../units.js';
import { friendAheadWithin } from './geometry.js';
import { type Game, type Unit } from './state.js';

/** The figures in u's front rank now (a square: one face; a battery: its manned guns' crews). */
export function frontNow(g: Game, u: Unit): number {
  if (u.spec.arm === 'artillery') return Math.min(u.figures, 2 * u.guns);
  return u.frontFigures;
}

/** A blank profile, for profileInto to fill (the charge step keeps two). */
export function blankProfile(): UnitProfile {
  return {
    arm: 'infantry',
    cls: 'line',
    formation: 'line',
    figures: 0,
    startFigures: 0,
    front: 0,
    disordered: false,
    jubilant: 0,
    influence: 0,
    weapon: 'musket',
    fourPerThree: false,
    cavalryType: null,
    cavalryWeapon: null,
    commanderJoined: false,
    lowOnAmmo: false,
    moved: false,
    friendAhead: false,
    inVillage: false,
    lineFront: 0,
    ld: 0,
    gunnery: 0,
  };
}

/** A unit's profile now, written into `p` (every field). Influence is left to the play loop's tests (act.test). */
export function profileInto(p: UnitProfile, g: Game, u: Unit): UnitProfile {
  p.arm = u.spec.arm;
  p.cls = u.spec.cls;
  p.formation = (u.formation === 'battery' ? 'line' : u.formation) as Formation;
  p.figures = u.figures;
  p.startFigures = u.spec.startFigures;
  p.front = frontNow(g, u);
  p.disordered = u.disordered;
  p.jubilant = u.jubilant;
  p.influence = 0;
  p.weapon = u.spec.weapon;
  p.fourPerThree = u.spec.fourPerThree;
  p.cavalryType = u.spec.cavalryType;
  p.cavalryWeapon = u.spec.cavalryWeapon;
  p.commanderJoined = false;
  p.lowOnAmmo = u.lowAmmo;
  p.moved = u.moved;
  p.friendAhead = friendAheadWithin(g, u, VOLLEY_FIRE_ZONE);
  p.inVillage = u.sector >= 0;
  p.lineFront = u.spec.lineFront;
  p.ld = u.spec.ld;
  p.gunnery = u.spec.gunnery;
  return p;
}

/**
 * p15: u has a friend within 4" on each flank (friendBeside) of a kind that supports it: the army's
 * table for infantry lines and columns; batteries, cavalry and squares always. None counts for
 * infantry against cavalry. Friends in contact with the enemy or broken do not support.
 */
export function flankSupported(g: Game, u: Unit, enemy: Unit): boolean {
  if (u.spec.arm === 'infantry' && enemy.spec.arm === 'cavalry') return false;
  const army = g.c.sides[u.side].army;
  const kind = u.formation === 'battery' ? 'line' : u.formation;
  // friendBeside on each flank, in one pass over the friends that could support (no list built).
  const a = u.body;
  const sl = sideSign(a, 'left');
  const el = sideEdge(a, 'left');
  const sr = sideSign(a, 'right');
  const er = sideEdge(a, 'right');
  let left = false;
  let right = false;
  // (The table's lateral and axial extents from the kept extents; the constants in locals.)
  const ext = g.ext;
  const ka = 4 * u.spec.index;
  const ax0 = ext[ka];
  const ax1 = ext[ka + 1];
  const eps = EPS;
  const reach = SUPPORT_RANGE + EPS;
  const friends = g.sideUnits[u.side];
  for (let j = 0; j < friends.length; j++) {
    const f = friends[j];
    if (f === u || !f.active || f.fought) continue;
    const always = f.spec.arm !== 'infantry' || f.formation === 'square';
    const fk = f.formation === 'battery' ? 'line' : f.formation;
    if (!always && !(u.spec.arm === 'infantry' && supportsFlank(army, kind as never, fk as never))) continue;
    const k = 4 * f.spec.index;
    // beside: axialOverlap(a, f) > EPS on either flank.
    if (!((ax1 < ext[k + 1] ? ax1 : ext[k + 1]) - (ax0 > ext[k] ? ax0 : ext[k]) > eps)) continue;
    const y = f.body.offset;
    if (!left && beside(ext[k + 2], ext[k + 3], y, sl, el, reach)) left = true;
    if (!right && beside(ext[k + 2], ext[k + 3], y, sr, er, reach)) right = true;
    if (left && right) return true;
  }
  return false;
}

/**
 * friendBeside's test of one friend (lateral extent y0..y1, centre y) on the flank with sign s and edge
 * y `edge`, within `reach` (SUPPORT_RANGE + EPS); its axial overlap is the caller's.
 */
function beside(y0: number, y1: number, y: number, s: number, edge: number, reach: number): boolean {
  const near = s > 0 ? y0 : y1;
  if ((near - edge) * s > reach) return false;
  return (y - edge) * s > 0;
}

/**
 * p15: any unengaged friend within 4" directly behind u, whatever its state (the text names no other
 * condition: a disordered, shaken or blown friend supports too); none for infantry against cavalry.
 */
export function rearSupported(g: Game, u: Unit, enemy: Unit): boolean {
  // (EPS in a local: an imported binding is loaded and checked again at every use in a loop.)
  const eps = EPS;
  if (u.spec.arm === 'infantry' && enemy.spec.arm === 'cavalry') return false;
  // supports(u.body, f.body, SUPPORT_RANGE) over the kept extents: overlapping laterally, its near end
  // within the range behind u's rear.
  const ext = g.ext;
  const ka = 4 * u.spec.index;
  const y0 = ext[ka + 2];
  const y1 = ext[ka + 3];
  const a = u.body;
  const facing = a.facing;
  const rearX = a.front - a.facing * a.depth;
  const friends = g.sideUnits[u.side];
  for (let j = 0; j < friends.length; j++) {
    const f = friends[j];
    if (f === u || !f.active || f.fought) continue;
    const k = 4 * f.spec.index;
    if (!((y1 < ext[k + 3] ? y1 : ext[k + 3]) - (y0 > ext[k + 2] ? y0 : ext[k + 2]) > eps)) continue;
    const gap = (rearX - (facing > 0 ? ext[k + 1] : ext[k])) * facing;
    if (gap >= -eps && gap <= SUPPORT_RANGE + eps) return true;
  }
  return false;
}

/**
 * p14: the dice a unit rolls against its enemy: every front-rank figure in contact when it is the
 * narrower, else the figures facing the enemy's front plus one a lapped end (nagb.overlapDice).
 */
export function diceAgainst(g: Game, u: Unit, e: Unit): number {
  const front = frontNow(g, u);
  const w = u.spec.arm === 'artillery' ? u.body.frontage / Math.max(1, front) : figureWidth(u.spec.arm);
  const enemyWidth = Math.max(contactWidth(u.body, e.body, 0.01), Math.min(e.body.frontage, u.body.frontage));
  return meleeDice(front, w, enemyWidth, overlappedEnds(u.body, e.body), g.c.options);
}

/** A blank party: a blank profile and the melee's fields, for partyInto to fill (fight keeps two). */
export function blankParty(): MeleeParty {
  return {
    ...blankProfile(),
    dice: 0,
    charging: false,
    assaulting: 'none',
    bonus: { flankAttack: false, rearAttack: false, higherGround: false, standard: false, flankSupport: false, rearSupport: false, lapFlank: false, lapRear: false },
  };
}

/** A unit as one side of a melee (p14-15, p22, p31), written into `p` (every field). */
export function partyInto(p: MeleeParty, g: Game, u: Unit, e: Unit, charging: boolean, assaulting: Cover): MeleeParty {
  profileInto(p, g, u);
  p.dice = diceAgainst(g, u, e);
  p.charging = charging;
  p.assaulting = assaulting;
  const b = p.bonus;
  b.flankAttack = false;
  b.rearAttack = false;
  b.higherGround = false;
  b.standard = u.colours;
  b.flankSupport = flankSupported(g, u, e);
  b.rearSupport = rearSupported(g, u, e);
  // p22, p24: cavalry lapping round an infantry front it wholly contacts (both ends overlapped).
  b.lapFlank = u.spec.arm === 'cavalry' && e.spec.arm === 'infantry' && overlappedEnds(u.body, e.body) === 2 && u.body.frontage > e.body.frontage + EPS;
  b.lapRear = false;
  return p;
}
