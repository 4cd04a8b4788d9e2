/**
 * Units on the lane as the builders of ../odds.ts take them (UnitProfile, MeleeParty): the engine
 * compiles each charge and each melee with the same builders `volley odds` uses, so the two play the
 * same rules.
 */
import { type Body, EPS, axialOverlap, contactWidth, lateralMax, lateralMin, overlappedEnds, sideEdge, sideSign, supports } from '../../../table/index.js';
import { meleeDice } from '../melee.js';
import type { MeleeParty, UnitProfile } from '../odds.js';
import { type Cover, type Formation, SUPPORT_RANGE, supportsFlank } from '../tables.js';
import { figureWidth } from '../units.js';
import { type Game, type Unit } from './state.js';

/** The figures in u's front rank now (a square: one face; a battery: its manned guns' crews). */
export function frontNow(g: Game, u: Unit): number {
  if (u.spec.arm === 'artillery') return Math.min(u.figures, 2 * u.guns);
  return u.frontFigures;
}

/** A unit's profile now. Influence is left to the play loop's tests (act.test). */
export function profileOf(g: Game, u: Unit): UnitProfile {
  return {
    arm: u.spec.arm,
    cls: u.spec.cls,
    formation: (u.formation === 'battery' ? 'line' : u.formation) as Formation,
    figures: u.figures,
    startFigures: u.spec.startFigures,
    front: frontNow(g, u),
    disordered: u.disordered,
    jubilant: u.jubilant,
    influence: 0,
    weapon: u.spec.weapon,
    fourPerThree: u.spec.fourPerThree,
    cavalryType: u.spec.cavalryType,
    cavalryWeapon: u.spec.cavalryWeapon,
    commanderJoined: false,
    lowOnAmmo: u.lowAmmo,
    inVillage: u.sector >= 0,
    lineFront: u.spec.lineFront,
  };
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
  for (const f of g.sideUnits[u.side]) {
    if (f === u || !f.active || f.fought) continue;
    const always = f.spec.arm !== 'infantry' || f.formation === 'square';
    const fk = f.formation === 'battery' ? 'line' : f.formation;
    if (!always && !(u.spec.arm === 'infantry' && supportsFlank(army, kind as never, fk as never))) continue;
    if (!left && beside(a, f.body, sl, el)) left = true;
    if (!right && beside(a, f.body, sr, er)) right = true;
    if (left && right) return true;
  }
  return false;
}

/** friendBeside's test of one friend f on the flank of a with sign s and edge y `edge`, within SUPPORT_RANGE. */
function beside(a: Body, f: Body, s: number, edge: number): boolean {
  const near = s > 0 ? lateralMin(f) : lateralMax(f);
  if ((near - edge) * s > SUPPORT_RANGE + EPS) return false;
  if ((f.offset - edge) * s <= 0) return false;
  return axialOverlap(a, f) > EPS;
}

/** p15: an unengaged friend within 4" directly behind u (none for infantry against cavalry). */
export function rearSupported(g: Game, u: Unit, enemy: Unit): boolean {
  if (u.spec.arm === 'infantry' && enemy.spec.arm === 'cavalry') return false;
  for (const f of g.units) {
    if (f === u || f.side !== u.side || !f.active || f.fought || f.disordered) continue;
    if (supports(u.body, f.body, SUPPORT_RANGE)) return true;
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

/** A unit as one side of a melee (p14-15, p22, p31). */
export function partyOf(g: Game, u: Unit, e: Unit, charging: boolean, assaulting: Cover): MeleeParty {
  // One literal of every field (growing the profile's object, or spreading it, makes a slower object).
  const p: MeleeParty = {
    arm: u.spec.arm,
    cls: u.spec.cls,
    formation: (u.formation === 'battery' ? 'line' : u.formation) as Formation,
    figures: u.figures,
    startFigures: u.spec.startFigures,
    front: frontNow(g, u),
    disordered: u.disordered,
    jubilant: u.jubilant,
    influence: 0,
    weapon: u.spec.weapon,
    fourPerThree: u.spec.fourPerThree,
    cavalryType: u.spec.cavalryType,
    cavalryWeapon: u.spec.cavalryWeapon,
    commanderJoined: false,
    lowOnAmmo: u.lowAmmo,
    inVillage: u.sector >= 0,
    lineFront: u.spec.lineFront,
    dice: diceAgainst(g, u, e),
    charging,
    assaulting,
    bonus: {
      flankAttack: false,
      rearAttack: false,
      higherGround: false,
      standard: u.colours,
      flankSupport: flankSupported(g, u, e),
      rearSupport: rearSupported(g, u, e),
      // p22, p24: cavalry lapping round an infantry front it wholly contacts (both ends overlapped).
      lapFlank: u.spec.arm === 'cavalry' && e.spec.arm === 'infantry' && overlappedEnds(u.body, e.body) === 2 && u.body.frontage > e.body.frontage + EPS,
      lapRear: false,
    },
  };
  return p;
}
