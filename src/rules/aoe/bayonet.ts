/**
 * Bayonet & Sabre (p2 Bayonet & Sabre; p3 Bayonet and Sabre, Built Up Areas; rulings 3.6). All units
 * in contact with one defender fight one combat. Each side rolls one die and adds its modifiers; the
 * attacker's total less the defender's is read on the differential table, whose results are applied at
 * once, breakthroughs included.
 *
 * Notes of the modifier table [layout]: (1) a line applies when half or more of the side's
 * participating stands qualify; (2) when one or more of its participating units do. Participating
 * stands are all stands of the units in the combat, gun stands included (a reading, docs/rules/aoe.md).
 */
import type { Uniform } from '../../core/dice.js';
import { rollDie, type Die } from './dice.js';
import type { AoeOptions } from './options.js';
import { bayonetQualityDrm, frontRankStands, troopsRank, type Arm, type Formation, type Troops } from './units.js';
import { standLossHits } from './hits.js';

/** One unit taking part in a combat. */
export interface CombatUnit {
  arm: Arm;
  /** Troop stands, or 1 for a battery's gun stand. */
  stands: number;
  /** `none` in a BUA (all its stands count, p3 Built Up Areas). */
  formation: Formation;
  troops: Troops;
  /** Hits on the unit, those of this fire phase included. */
  hits: number;
  /** Hits the unit took in the current fire phase. */
  freshHits: number;
  /** Troops disordered, or a battery silenced. */
  disordered: boolean;
  /** Cover level where it stands: 0 in the open, a BUA block aoe.buaCover, woods 1 (rulings 6). */
  cover: number;
  lancers: boolean;
  heavy: boolean;
  /** Armoured heavy cavalry (cuirassiers); an armoured unit is heavy too. */
  armoured: boolean;
  /** Defending cavalry that countercharges. */
  countercharging: boolean;
  /** A battery attached to a troop unit it touches (p1 Special Rules; it fights with that unit). */
  attached: boolean;
  /** 0 none, 1 an attached leader, 2 an attached charismatic leader. */
  leader: 0 | 1 | 2;
}

/** What the modifiers need beyond the units. */
export interface BayonetSituation {
  /** The attacker makes a breakthrough charge and has not lost the bonus to a 0 result. */
  breakthrough: boolean;
  /** The defender is outflanked or attacked in the rear. */
  defenderOutflanked: boolean;
}

export type Role = 'attacker' | 'defender';

// ---- Counting helpers ----

/** All stands of the units in the combat (note 1's "participating stands"). */
export function participatingStands(units: readonly CombatUnit[]): number {
  let n = 0;
  for (let i = 0; i < units.length; i++) n += units[i].stands;
  return n;
}

/** Note (1): half or more of `total` stands. */
export function halfOrMore(qualifying: number, total: number): boolean {
  return total > 0 && 2 * qualifying >= total;
}

/**
 * Troop stands a side counts for outnumbering (gun stands never count, rulings 4 "Fixed"):
 * aoe.outnumberCount `allStands`: every troop stand; `frontRank`: the stands in contact (the front
 * rank of its formation; all stands of a unit in a BUA, p3 Built Up Areas).
 */
export function outnumberStands(units: readonly CombatUnit[], rule: AoeOptions['outnumberCount']): number {
  let n = 0;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (u.arm === 'artillery') continue;
    n += rule === 'allStands' ? u.stands : frontRankStands(u.formation, u.stands);
  }
  return n;
}

// ---- Modifier lines (p2 Bayonet & Sabre Die Roll Modifiers) ----

/** Leader attached: +1, charismatic +2; the best among the side's units. */
export function leaderDrm(units: readonly CombatUnit[]): number {
  let best = 0;
  for (let i = 0; i < units.length; i++) if (units[i].leader > best) best = units[i].leader;
  return best;
}

/**
 * Outnumbering the enemy in troop stands: 3:2 +1, 2:1 +2, 3:1 +3, 4:1 or more +4. A side facing no
 * troop stands at all (a lone battery) outnumbers it 4:1 or more (a reading).
 */
export function outnumberDrm(own: number, enemy: number): number {
  if (own <= 0) return 0;
  if (own >= 4 * enemy) return 4;
  if (own >= 3 * enemy) return 3;
  if (own >= 2 * enemy) return 2;
  if (2 * own >= 3 * enemy) return 1;
  return 0;
}

function hasArm(units: readonly CombatUnit[], arm: Arm): boolean {
  for (let i = 0; i < units.length; i++) if (units[i].arm === arm) return true;
  return false;
}

/** The defending infantry unit whose formation the charging lines read (the first one), or null. */
export function defendingInfantry(defenders: readonly CombatUnit[]): CombatUnit | null {
  for (let i = 0; i < defenders.length; i++) if (defenders[i].arm === 'infantry') return defenders[i];
  return null;
}

/** In the open: no cover and not in a BUA. */
export function inOpen(u: CombatUnit): boolean {
  return u.cover === 0 && u.formation !== 'none';
}

/**
 * Cavalry charging infantry (note 2, the p3 values): -3 against a square, -2 against a masse, +2
 * against infantry in neither, which under aoe.cavVsInfantry `openTerrainOnly` must also be in the open
 * (p2 "in Open"), under `anyTerrain` anywhere (p3 list).
 */
export function cavalryVsInfantryDrm(attackers: readonly CombatUnit[], defenders: readonly CombatUnit[], rule: AoeOptions['cavVsInfantry']): number {
  const inf = defendingInfantry(defenders);
  if (inf === null || !hasArm(attackers, 'cavalry')) return 0;
  if (inf.formation === 'square') return -3;
  if (inf.formation === 'masse') return -2;
  return rule === 'anyTerrain' || inOpen(inf) ? 2 : 0;
}

/** Infantry charging infantry in square: +1 (note 2). */
export function infantryVsSquareDrm(attackers: readonly CombatUnit[], defenders: readonly CombatUnit[]): number {
  const inf = defendingInfantry(defenders);
  return inf !== null && inf.formation === 'square' && hasArm(attackers, 'infantry') ? 1 : 0;
}

/** Lancers charging infantry in the open (open ground, as the cavalry line reads "in Open"): +1 (note 1). */
export function lancersDrm(attackers: readonly CombatUnit[], defenders: readonly CombatUnit[]): number {
  const inf = defendingInfantry(defenders);
  if (inf === null || !inOpen(inf)) return 0;
  let q = 0;
  for (let i = 0; i < attackers.length; i++) if (attackers[i].arm === 'cavalry' && attackers[i].lancers) q += attackers[i].stands;
  return halfOrMore(q, participatingStands(attackers)) ? 1 : 0;
}

/**
 * Heavy cavalry +1, armoured heavy cavalry +2 (note 1), for either side. aoe.armouredCav `replace`:
 * armoured gets +2 in place of +1; `stack`: +1 and +2.
 */
export function heavyCavalryDrm(units: readonly CombatUnit[], rule: AoeOptions['armouredCav']): number {
  let heavy = 0, armoured = 0;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (u.arm !== 'cavalry') continue;
    if (u.heavy || u.armoured) heavy += u.stands;
    if (u.armoured) armoured += u.stands;
  }
  const total = participatingStands(units);
  const h = halfOrMore(heavy, total) ? 1 : 0;
  const a = halfOrMore(armoured, total) ? 2 : 0;
  if (rule === 'stack') return h + a;
  return a > 0 ? a : h;
}

/**
 * Defending cavalry countercharges (p2: no -2, and it may carry the position or recall when it wins)
 * when in good order and, under aoe.countercharge `facingCharger`, not outflanked or attacked in the
 * rear: it rides at a charger it faces. The text names no other condition [gap].
 */
export function countercharges(arm: Arm, disordered: boolean, outflanked: boolean, rule: AoeOptions['countercharge']): boolean {
  return arm === 'cavalry' && !disordered && (rule === 'anyGoodOrder' || !outflanked);
}

/** Breakthrough charge: +1 for the attacker. */
export function breakthroughDrm(s: BayonetSituation): number {
  return s.breakthrough ? 1 : 0;
}

/**
 * p3 Built Up Areas: cavalry attacking a unit in a BUA are always Disordered. Under aoe.buaCavalry
 * `disordered` and `onContact` the cavalry becomes disordered when it makes contact and stays so until
 * a March result rallies it; under `combatOnly` it only counts as disordered in the combat.
 */
export function buaContactDisorders(rule: AoeOptions['buaCavalry']): boolean {
  return rule !== 'combatOnly';
}

/**
 * -2 once (note 1) when half the side's stands are disordered (silenced), cavalry defending without
 * countercharging, Open Order, or an unattached battery; cavalry attacking a unit in a BUA always
 * counts as disordered (p3 Built Up Areas), whatever its state.
 */
export function disorderDrm(units: readonly CombatUnit[], role: Role, enemies: readonly CombatUnit[]): number {
  let enemyInBua = false;
  if (role === 'attacker') for (let i = 0; i < enemies.length; i++) if (enemies[i].formation === 'none') enemyInBua = true;
  let q = 0;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const cav = u.arm === 'cavalry';
    if (
      u.disordered ||
      (cav && role === 'defender' && !u.countercharging) ||
      u.formation === 'openOrder' ||
      (u.arm === 'artillery' && !u.attached) ||
      (cav && enemyInBua)
    ) q += u.stands;
  }
  return halfOrMore(q, participatingStands(units)) ? -2 : 0;
}

/** The largest k such that units with k or more hits hold half or more of the side's stands (note 1, per hit). */
export function hitsHeldByHalf(units: readonly CombatUnit[]): number {
  const total = participatingStands(units);
  let best = 0;
  for (let i = 0; i < units.length; i++) {
    const k = units[i].hits;
    if (k <= best) continue;
    let q = 0;
    for (let j = 0; j < units.length; j++) if (units[j].hits >= k) q += units[j].stands;
    if (halfOrMore(q, total)) best = k;
  }
  return best;
}

/** -1 for each hit on the unit (note 1). */
export function hitsDrm(units: readonly CombatUnit[]): number {
  return -hitsHeldByHalf(units);
}

/**
 * -1 for each hit taken in the current fire phase (no note: every such hit on the side's units counts).
 * aoe.freshHits `double`: on top of the each-hit line; `once`: already counted there, nothing more.
 */
export function freshHitsDrm(units: readonly CombatUnit[], rule: AoeOptions['freshHits']): number {
  if (rule === 'once') return 0;
  let n = 0;
  for (let i = 0; i < units.length; i++) n += units[i].freshHits;
  return -n;
}

/** Defending in or behind cover: +1/+2/+3 by level, the level half the stands reach (note 1). */
export function coverDrm(defenders: readonly CombatUnit[]): number {
  const total = participatingStands(defenders);
  let best = 0;
  for (let i = 0; i < defenders.length; i++) {
    const c = defenders[i].cover;
    if (c <= best) continue;
    let q = 0;
    for (let j = 0; j < defenders.length; j++) if (defenders[j].cover >= c) q += defenders[j].stands;
    if (halfOrMore(q, total)) best = c;
  }
  return best;
}

/** Defender outflanked or attacked in the rear: -3 to the defender. */
export function outflankedDrm(s: BayonetSituation): number {
  return s.defenderOutflanked ? -3 : 0;
}

/** Regular +1, Elite +2 (guard per aoe.guardStep): the best quality half the stands have or beat (note 1). */
export function combatQualityDrm(units: readonly CombatUnit[], guardStep: AoeOptions['guardStep']): number {
  const total = participatingStands(units);
  let best: Troops = 'conscript';
  for (let i = 0; i < units.length; i++) {
    const q = units[i].troops;
    if (troopsRank(q) <= troopsRank(best)) continue;
    let n = 0;
    for (let j = 0; j < units.length; j++) if (troopsRank(units[j].troops) >= troopsRank(q)) n += units[j].stands;
    if (halfOrMore(n, total)) best = q;
  }
  return bayonetQualityDrm(best, guardStep);
}

type ModOpts = Pick<AoeOptions, 'outnumberCount' | 'cavVsInfantry' | 'armouredCav' | 'freshHits' | 'guardStep'>;

/** The attacker's total modifier. */
export function attackerModifier(att: readonly CombatUnit[], def: readonly CombatUnit[], s: BayonetSituation, o: ModOpts): number {
  return (
    leaderDrm(att) +
    outnumberDrm(outnumberStands(att, o.outnumberCount), outnumberStands(def, o.outnumberCount)) +
    cavalryVsInfantryDrm(att, def, o.cavVsInfantry) +
    infantryVsSquareDrm(att, def) +
    lancersDrm(att, def) +
    heavyCavalryDrm(att, o.armouredCav) +
    breakthroughDrm(s) +
    disorderDrm(att, 'attacker', def) +
    freshHitsDrm(att, o.freshHits) +
    hitsDrm(att) +
    combatQualityDrm(att, o.guardStep)
  );
}

/** The defender's total modifier. */
export function defenderModifier(att: readonly CombatUnit[], def: readonly CombatUnit[], s: BayonetSituation, o: ModOpts): number {
  return (
    leaderDrm(def) +
    outnumberDrm(outnumberStands(def, o.outnumberCount), outnumberStands(att, o.outnumberCount)) +
    heavyCavalryDrm(def, o.armouredCav) +
    disorderDrm(def, 'defender', att) +
    freshHitsDrm(def, o.freshHits) +
    hitsDrm(def) +
    coverDrm(def) +
    outflankedDrm(s) +
    combatQualityDrm(def, o.guardStep)
  );
}

/** One combat roll: attacker's die + modifier less the defender's. */
export function rollBayonet(uAttacker: Uniform, uDefender: Uniform, die: Die, attackerMod: number, defenderMod: number): number {
  const a = rollDie(uAttacker, die) + attackerMod;
  return a - (rollDie(uDefender, die) + defenderMod);
}

// ---- The differential table (p2 Die Diff. Effects) ----

/** Bands of the difference, from the attacker's best to its worst. */
export const DEFENDER_SHATTERED = 0, DEFENDER_DRIVEN_BACK = 1, DEFENDER_WITHDRAWS = 2, BOTH_SHATTERED = 3,
  ATTACKER_WITHDRAWS = 4, ATTACKER_DRIVEN_BACK = 5, ATTACKER_SHATTERED = 6;
export const BAYONET_BAND_KEYS: readonly string[] = Object.freeze([
  'defenderShattered', 'defenderDrivenBack', 'defenderWithdraws', 'bothShattered', 'attackerWithdraws', 'attackerDrivenBack', 'attackerShattered',
]);

/** +7 or more, +4..+6, +1..+3, 0, -1..-3, -4..-6, -7 or less. */
export function bayonetBand(diff: number): number {
  if (diff >= 7) return DEFENDER_SHATTERED;
  if (diff >= 4) return DEFENDER_DRIVEN_BACK;
  if (diff >= 1) return DEFENDER_WITHDRAWS;
  if (diff === 0) return BOTH_SHATTERED;
  if (diff >= -3) return ATTACKER_WITHDRAWS;
  if (diff >= -6) return ATTACKER_DRIVEN_BACK;
  return ATTACKER_SHATTERED;
}

/** Hits a side takes in a band, before any stand loss: defender 2 / 1 on +7 / +4..+6, attacker 1 / 2 on -4..-6 / -7. */
export function bandHits(band: number, role: Role): number {
  if (role === 'defender') return band === DEFENDER_SHATTERED ? 2 : band === DEFENDER_DRIVEN_BACK ? 1 : 0;
  return band === ATTACKER_SHATTERED ? 2 : band === ATTACKER_DRIVEN_BACK ? 1 : 0;
}

/** A retreat of a full move (the basic rate, movement.ts fullMove), as opposed to a number of inches. */
export const RETREAT_FULL_MOVE = -1;

/** What one unit of a side must or may do after the combat. */
export interface UnitOutcome {
  /** Hits the side takes (stand loss included); aoe.multiUnitHits says which units take them (hitsForUnit). */
  hits: number;
  /** The unit ends disordered (troops) or silenced (guns). */
  disordered: boolean;
  /** Inches it retreats from the enemy, RETREAT_FULL_MOVE for a full move, 0 when it holds. */
  retreat: number;
  /** Cavalry may recall, as far as a full move, in place of the retreat or the occupation. */
  mayRecall: boolean;
  /** Guns lost (beaten by cavalry): the battery is removed. */
  gunsLost: boolean;
  /** A gun stand wrecked (result 0 for a side of guns only): the battery is removed. */
  gunWrecked: boolean;
  /** It takes the position the defender held. */
  occupies: boolean;
  /** Breakthrough charge: 0 none, 1 may, 2 must (breakthroughRequired). */
  breakthrough: 0 | 1 | 2;
  /** Cavalry that countercharged may take the attacker's ground or recall, as far as a full move. */
  mayCarryOrRecall: boolean;
}

/** Who is in the combat, as the results read it. */
export interface BayonetSides {
  /** One or more attacking units are cavalry ("defeated by cavalry", "cavalry v square"). */
  attackerCavalry: boolean;
  /** The defending infantry is in square. */
  defenderSquare: boolean;
  /** The side of the unit has troop stands (result 0: a troop stand is lost, else a gun stand is wrecked). */
  attackerHasTroops: boolean;
  defenderHasTroops: boolean;
}

/** The sides' facts the results need, from their units. */
export function bayonetSides(att: readonly CombatUnit[], def: readonly CombatUnit[]): BayonetSides {
  const inf = defendingInfantry(def);
  return {
    attackerCavalry: hasArm(att, 'cavalry'),
    defenderSquare: inf !== null && inf.formation === 'square',
    attackerHasTroops: hasArm(att, 'infantry') || hasArm(att, 'cavalry'),
    defenderHasTroops: hasArm(def, 'infantry') || hasArm(def, 'cavalry'),
  };
}

/** p2 +1..+3: a square that cavalry only pushes to Withdrawal holds its position; the cavalry go back 2" disordered. */
export function squareHolds(band: number, sides: BayonetSides): boolean {
  return band === DEFENDER_WITHDRAWS && sides.defenderSquare && sides.attackerCavalry;
}

export type BayonetWinner = 'attacker' | 'draw' | 'defender';

/**
 * Who carries the combat (p2): the attacker on +1 and more, unless a square holds against cavalry (then the
 * defender, who keeps the ground); nobody on 0 (both shattered); the defender below 0.
 */
export function bayonetWinner(band: number, sides: BayonetSides): BayonetWinner {
  if (band === BOTH_SHATTERED) return 'draw';
  return band < BOTH_SHATTERED && !squareHolds(band, sides) ? 'attacker' : 'defender';
}

/**
 * Breakthrough after a win (p2 +7, +4..+6): cavalry must break through on +4 or more; infantry on +7
 * must or may (aoe.infantryBreakthrough); never otherwise, nor for guns.
 */
export function breakthroughRequired(band: number, arm: Arm, rule: AoeOptions['infantryBreakthrough']): 0 | 1 | 2 {
  if (arm === 'cavalry') return band === DEFENDER_SHATTERED || band === DEFENDER_DRIVEN_BACK ? 2 : 0;
  if (arm === 'infantry' && band === DEFENDER_SHATTERED) return rule === 'must' ? 2 : 1;
  return 0;
}

export function newUnitOutcome(): UnitOutcome {
  return { hits: 0, disordered: false, retreat: 0, mayRecall: false, gunsLost: false, gunWrecked: false, occupies: false, breakthrough: 0, mayCarryOrRecall: false };
}

/**
 * The differential table for one unit of a side (p2), conditions resolved:
 * - defender, +7: 2 hits, disordered (silenced), troops and guns retreat a full move, guns lost to
 *   cavalry; +4..+6: 1 hit, disordered, troops 4", guns limber and retreat a full move, lost to cavalry;
 *   +1..+3: disordered, troops 2" (a square charged by cavalry holds), cavalry may recall, guns limber
 *   and retreat a full move; -1 and worse: holds, countercharging cavalry may carry or recall, and on -7
 *   its cavalry is disordered.
 * - attacker, +7: breaks through and (a reading) takes the position first; +4..+6: occupies, cavalry
 *   must break through; +1..+3: occupies, but with cavalry against a square nobody occupies and the
 *   cavalry goes back 2" disordered; cavalry may recall; -1..-3: disordered, 2"; -4..-6: 1 hit,
 *   disordered, 4"; -7: 2 hits, disordered, a full move. Its guns (a reading) retreat a full move,
 *   silenced, whenever its troops retreat.
 * - 0: both disordered (silenced); each side loses a troop stand (aoe.standLoss), or with no troops a
 *   gun stand is wrecked; under aoe.drawResult attackerFallsBack the attacker goes back 2".
 * Leaders captured: bayonetLeaderCaptured.
 */
export function bayonetUnitOutcome(
  band: number,
  role: Role,
  unit: Pick<CombatUnit, 'arm' | 'countercharging'>,
  sides: BayonetSides,
  opts: Pick<AoeOptions, 'standLoss' | 'infantryBreakthrough' | 'drawResult'>,
  out: UnitOutcome = newUnitOutcome(),
): UnitOutcome {
  out.hits = bandHits(band, role);
  out.disordered = false;
  out.retreat = 0;
  out.mayRecall = false;
  out.gunsLost = false;
  out.gunWrecked = false;
  out.occupies = false;
  out.breakthrough = 0;
  out.mayCarryOrRecall = false;
  const arm = unit.arm;
  const guns = arm === 'artillery';
  const cav = arm === 'cavalry';
  if (band === BOTH_SHATTERED) {
    out.disordered = true;
    const hasTroops = role === 'attacker' ? sides.attackerHasTroops : sides.defenderHasTroops;
    if (hasTroops) out.hits = standLossHits(opts.standLoss);
    else out.gunWrecked = guns;
    if (role === 'attacker' && opts.drawResult === 'attackerFallsBack') out.retreat = guns ? RETREAT_FULL_MOVE : 2;
    return out;
  }
  const wins = role === 'attacker' ? band < BOTH_SHATTERED : band > BOTH_SHATTERED;
  if (wins) {
    if (role === 'defender') {
      out.mayCarryOrRecall = cav && unit.countercharging;
      out.disordered = cav && band === ATTACKER_SHATTERED;
      return out;
    }
    if (guns) return out;
    if (squareHolds(band, sides)) {
      if (cav) {
        out.disordered = true;
        out.retreat = 2;
        out.mayRecall = true;
      }
      return out;
    }
    out.occupies = true;
    out.breakthrough = breakthroughRequired(band, arm, opts.infantryBreakthrough);
    out.mayRecall = cav && band === DEFENDER_WITHDRAWS;
    return out;
  }
  // The losing side.
  out.disordered = true;
  if (guns) {
    out.retreat = RETREAT_FULL_MOVE;
    out.gunsLost = role === 'defender' && band <= DEFENDER_DRIVEN_BACK && sides.attackerCavalry;
    return out;
  }
  if (role === 'defender') {
    if (band === DEFENDER_SHATTERED) out.retreat = RETREAT_FULL_MOVE;
    else if (band === DEFENDER_DRIVEN_BACK) out.retreat = 4;
    else {
      out.retreat = sides.defenderSquare && sides.attackerCavalry && arm === 'infantry' ? 0 : 2;
      out.mayRecall = cav;
    }
    return out;
  }
  if (band === ATTACKER_WITHDRAWS) {
    out.retreat = 2;
    out.mayRecall = cav;
  } else out.retreat = band === ATTACKER_DRIVEN_BACK ? 4 : RETREAT_FULL_MOVE;
  return out;
}

/** An attached leader is captured: the defender's on +7, the attacker's on -7. */
export function bayonetLeaderCaptured(band: number, role: Role): boolean {
  return role === 'defender' ? band === DEFENDER_SHATTERED : band === ATTACKER_SHATTERED;
}

/** After a 0 (aoe.drawResult): fight again next Bayonet & Sabre phase, at once, or not (the attacker fell back). */
export function fightsAgain(band: number, rule: AoeOptions['drawResult']): 'no' | 'nextPhase' | 'immediate' {
  if (band !== BOTH_SHATTERED || rule === 'attackerFallsBack') return 'no';
  return rule;
}

/** p2 result 0: the attacker loses the breakthrough modifier for any further fight. */
export function losesBreakthroughBonus(band: number): boolean {
  return band === BOTH_SHATTERED;
}

/**
 * aoe.multiUnitHits: with several units on a side, the side's hits go to the one unit its owner picks
 * (`oneUnit`), or each troop unit takes them (`eachUnit`). Guns never take hits.
 */
export function hitsForUnit(sideHits: number, arm: Arm, picked: boolean, rule: AoeOptions['multiUnitHits']): number {
  if (arm === 'artillery') return 0;
  return rule === 'eachUnit' || picked ? sideHits : 0;
}

/** aoe.retreatFacing: a unit that retreated ends about-faced (+1 to fire at it until it moves), or facing the enemy. */
export function aboutFacedAfterRetreat(rule: AoeOptions['retreatFacing']): boolean {
  return rule === 'aboutFaced';
}

// ---- Breakthrough (p2 +7 and +4..+6; rulings 3.6) ----

/** A breakthrough charge moves up to half a move toward the closest enemy. */
export function breakthroughReach(fullMoveInches: number): number {
  return fullMoveInches / 2;
}

/** A possible target of a breakthrough charge. */
export interface BreakthroughCandidate {
  distance: number;
  /** The unit just beaten in this combat. */
  beaten: boolean;
  /** In contact with another of the winner's units, or still to fight this phase. */
  engaged: boolean;
}

/**
 * The unit a breakthrough charge goes at: the closest enemy (aoe.breakthrough `closestAny`, the beaten
 * unit included), or the closest neither beaten nor engaged (`unengagedOnly`); ties go to the first
 * listed; -1 when there is none. The charge fights only if the target is within breakthroughReach.
 */
export function breakthroughTarget(cands: readonly BreakthroughCandidate[], rule: AoeOptions['breakthrough']): number {
  let best = -1;
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i];
    if (rule === 'unengagedOnly' && (c.beaten || c.engaged)) continue;
    if (best < 0 || c.distance < cands[best].distance) best = i;
  }
  return best;
}
