/**
 * One round of assault (7.3, 7.4, 7.6): both sides fire, voluntary retreats are chosen and halve the
 * hits, hits are applied, and each side that took a hit checks morale and retreats if it fails.
 * The round knows nothing of a map: the caller says which stacks attack through which hexsides from
 * which terrain, and moves retreating units afterwards.
 */
import type { EngagementDice } from '../../core/dice.js';
import { d6, twoD6, type Uniform } from '../../core/dice.js';
import type { AorSink } from './events.js';
import { ratingIndex, reachRung, recordCheck, RUNG, type EngagementResult, type SideIndex } from '../../core/result.js';
import { assaultDrawsDice, choosesFireFirst, choosesRetreatBeforeAssault, type AssaultDoctrine, wantsVoluntaryRetreat } from './doctrine/assault.js';
import { hasRifledOrArtillery, includesArtillery, includesOldGuard, rawFireStrength, type FireMods } from './fire.js';
import { hitsFor } from './fireTable.js';
import { recordLoss } from './results.js';
import { isFlankAttack } from './flanking.js';
import { allocateHits } from './hits.js';
import { boundMorale, groupMoraleUnit, moraleModifierLabels, passesCheck, situationalModifier, unitMorale, type SituationalMorale } from './morale.js';
import { halveHits, roundHalfUp, terrainFactor } from './numbers.js';
import type { AorOptions } from './options.js';
import { ATTACK_ACROSS_HEXSIDE, ATTACK_INTO_HEX, canBeFlanked, defenderFireOutOf, type HexsideTerrain, type HexTerrain } from './terrain.js';
import { CLASS_INDEX, unitClass, type UnitSpec, type UnitState } from './units.js';
import { AOR_VOCABULARY, LOSS, MORALE_SLOTS, PURPOSE, type AorPurpose } from './vocabulary.js';

/** Whether each check purpose counts in the morale statistics (by rating and class), as the vocabulary declares. */
const COUNTED = AOR_VOCABULARY.checkPurposes.map((p) => p.counted);

export interface AttackingStack {
  units: readonly number[];
  /** The hexside of the defender's hex this stack attacks through, 0..5 (flanking, 7.6). */
  direction: number;
  /** Terrain of that hexside. */
  hexside: HexsideTerrain;
  /** A second feature of the same hexside (a crest along a stream), if any. */
  hexside2?: HexsideTerrain;
  /** Terrain of the stack's own hex (the defender fires into it). */
  terrain: HexTerrain;
  /** Moved adjacent this turn out of a non-adjacent hex in the defender's LOS (7.3): some unit of it did. */
  movedAdjacentInLos: boolean;
  /**
   * The units of the stack that did so, when only some of them did (a unit that moved up joining one
   * already adjacent); absent when every unit did or none. Read under aor.fireFirstTargets = movedUnits.
   */
  movedUnits?: readonly number[];
}

export interface AssaultSituation {
  attacker: SideIndex;
  stacks: readonly AttackingStack[];
  defender: readonly number[];
  defenderTerrain: HexTerrain;
  /**
   * 12.2: the defenders are under March orders on a road or trail hex, so flanked whatever hexsides
   * the attack comes through (aor.marchFlank says whether a town or fort still protects them).
   */
  defenderMarching?: boolean;
  /**
   * The defender's 7.3 choice, when the caller has already made it (from the defender's doctrine and
   * AI dice) for stacks that moved adjacent in its LOS; otherwise the round asks the doctrine.
   */
  defenderFiresFirst?: boolean;
  /** The defenders hold an objective hex (a doctrine may refuse to give it up voluntarily, 7.4). */
  defenderOnObjective?: boolean;
  /**
   * 7.11: the defenders did not start the turn in an enemy ZOC, so the round offers cavalry and horse
   * artillery among them the retreat before assault: the map-free assault's first turn when every stack
   * moved adjacent. A battle makes the offer on the map before the round (battle/charges.ts).
   */
  defenderOutOfZoc?: boolean;
  /**
   * 7.6 Disruption: the markers the combat segment began with, when units may have been disrupted
   * since (an earlier assault's retreat on the map); otherwise the units' markers now.
   */
  disruptedAtSegmentStart?: ArrayLike<number>;
}

export const NO_RETREAT = 0, VOLUNTARY = 1, FORCED = 2;
export type RetreatKind = typeof NO_RETREAT | typeof VOLUNTARY | typeof FORCED;

/** What happened in a round; one object is reused round after round. */
export interface RoundOutcome {
  flanked: boolean;
  defenderFiredFirst: boolean;
  /** 7.11: the defenders fell back before the assault (a voluntary retreat, no fire): the round was not fought. */
  defenderFellBack: boolean;
  /** 7.11: the defenders' cavalry and horse artillery fell back before the assault, and the others fought the round. */
  defenderPartFellBack: boolean;
  attackerStrength: number;
  defenderStrength: number;
  attackerRoll: number;
  defenderRoll: number;
  /** Steps lost to fire (hits after any halving, less those beyond the last step). */
  hitsOnDefender: number;
  hitsOnAttacker: number;
  attackerRetreat: RetreatKind;
  defenderRetreat: RetreatKind;
}

export function newRoundOutcome(): RoundOutcome {
  return {
    flanked: false,
    defenderFiredFirst: false,
    defenderFellBack: false,
    defenderPartFellBack: false,
    attackerStrength: 0,
    defenderStrength: 0,
    attackerRoll: 0,
    defenderRoll: 0,
    hitsOnDefender: 0,
    hitsOnAttacker: 0,
    attackerRetreat: NO_RETREAT,
    defenderRetreat: NO_RETREAT,
  };
}

// Scratch buffers: the kernel runs single-threaded inside one worker and is not re-entrant.
const allAtt = new Int32Array(256);
const fireFirstAtt = new Int32Array(256);
const outsideAtt = new Int32Array(256);
const dirs = new Int32Array(16);
const NONE = new Uint8Array(0);
const attMods: FireMods = { flanking: false, firesFirst: false, targetHasRifledOrArtillery: false, disrupted: NONE };
const defMods: FireMods = { flanking: false, firesFirst: false, targetHasRifledOrArtillery: false, disrupted: NONE };
const attSit: SituationalMorale = { flanked: false, firedOnByArtillery: false, attackedByOldGuard: false };
const defSit: SituationalMorale = { flanked: false, firedOnByArtillery: false, attackedByOldGuard: false };

/**
 * Whether the defender is flanked now: by the hexsides of the stacks still in the fight (7.6), or, under
 * March orders on a road or trail hex, by the order itself (12.2); towns and forts cannot be flanked
 * (7.6, 10.1), unless aor.marchFlank lets the March rule override that in towns; nor, under
 * aor.fortifiedHexsideFlank likeFort, a defender attacked only across fortified hexsides (10.2).
 */
export function flankedNow(st: UnitState, sit: AssaultSituation, o: AorOptions): boolean {
  if (o.fortifiedHexsideFlank === 'likeFort' && onlyAcrossFortified(st, sit)) return false;
  if (sit.defenderMarching === true && (canBeFlanked(sit.defenderTerrain) || (o.marchFlank === 'inTowns' && sit.defenderTerrain === 'town'))) return true;
  return canBeFlanked(sit.defenderTerrain) && flankingNow(st, sit);
}

/** 10.2: every stack still in the fight (as for flanking, 7.6) attacks across a fortified hexside. */
export function onlyAcrossFortified(st: UnitState, sit: AssaultSituation): boolean {
  // (A loop, as flankingNow's: no closure made a round.)
  let any = false;
  for (const s of sit.stacks) {
    if (!anyPresent(st, s.units, s.units.length)) continue;
    if (s.hexside !== 'fortified' && s.hexside2 !== 'fortified') return false;
    any = true;
  }
  return any;
}

/** 7.6: whether the stacks with units still in the fight attack through hexsides that flank. */
function flankingNow(st: UnitState, sit: AssaultSituation): boolean {
  let n = 0;
  for (const s of sit.stacks) if (anyPresent(st, s.units, s.units.length)) dirs[n++] = s.direction;
  return isFlankAttack(dirs, n);
}

function countSteps(st: UnitState, units: ArrayLike<number>, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) if (st.present(units[i])) s += st.steps[units[i]];
  return s;
}

function anyPresent(st: UnitState, units: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) if (st.present(units[i])) return true;
  return false;
}

/** 7.3: cavalry defending alone always retreats voluntarily. */
function onlyCavalry(st: UnitState, units: ArrayLike<number>, n: number): boolean {
  let any = false;
  for (let i = 0; i < n; i++) {
    const u = units[i];
    if (!st.present(u)) continue;
    if (st.specs[u].kind !== 'cavalry') return false;
    any = true;
  }
  return any;
}

/** Unrounded attacker fire: each stack's units under the terrain of the defender's hex and its hexside. */
function attackerRaw(st: UnitState, sit: AssaultSituation, o: AorOptions, m: FireMods): number {
  const into = ATTACK_INTO_HEX[sit.defenderTerrain];
  let raw = 0;
  for (const s of sit.stacks) {
    const f = terrainFactor(o.terrainReductions, into, ATTACK_ACROSS_HEXSIDE[s.hexside], ATTACK_ACROSS_HEXSIDE[s.hexside2 ?? 'none']);
    raw += rawFireStrength(st, s.units, s.units.length, f, m);
  }
  return raw;
}

/**
 * Terrain factor of the defender's fire at the given stacks: the reduction for firing into each stack's
 * hex (a fort's half only under aor.fortDefenderFire = halved, 10.1), and across its hexside under
 * aor.hexsideFire = both, plus the woods footnote for fire out of woods; over several stacks,
 * aor.defenderTargetTerrain picks the least or most protected.
 */
function defenderTerrainFactor(st: UnitState, sit: AssaultSituation, o: AorOptions, onlyMoved: boolean): number {
  const out = defenderFireOutOf(sit.defenderTerrain);
  let best = -1;
  for (const s of sit.stacks) {
    if (onlyMoved && !s.movedAdjacentInLos) continue;
    if (!anyPresent(st, s.units, s.units.length)) continue;
    const both = o.hexsideFire === 'both';
    const f = terrainFactor(
      o.terrainReductions,
      s.terrain === 'fort' && o.fortDefenderFire === 'full' ? 0 : ATTACK_INTO_HEX[s.terrain],
      both ? ATTACK_ACROSS_HEXSIDE[s.hexside] : 0,
      both ? ATTACK_ACROSS_HEXSIDE[s.hexside2 ?? 'none'] : 0,
      out,
    );
    if (best < 0) best = f;
    else best = o.defenderTargetTerrain === 'leastProtected' ? Math.max(best, f) : Math.min(best, f);
  }
  return best < 0 ? 1 - out : best;
}

function fire(
  side: SideIndex,
  isAttacker: boolean,
  raw: number,
  dice: EngagementDice,
  out: RoundOutcome,
  sink: AorSink | undefined,
  label: string[] | null,
): number {
  const strength = roundHalfUp(raw);
  const roll = twoD6(dice.fire(side));
  if (isAttacker) out.attackerRoll = roll;
  else out.defenderRoll = roll;
  const hits = hitsFor(strength, roll);
  if (sink) sink({ type: 'fire', side, rawStrength: raw, strength, roll, hits, modifiers: label ?? [] });
  return hits;
}

/**
 * A group morale check (2.3, 7.4). Returns true when it passes. Records the check under the side, for
 * `purpose` (a retreat after hits, forming square, ...), in the morale statistics only if the purpose is
 * counted there (a square check is not: it decides no retreat), and, when it fails, under every unit of
 * the group.
 */
export function groupCheck(
  st: UnitState,
  units: ArrayLike<number>,
  n: number,
  side: SideIndex,
  sit: SituationalMorale,
  o: AorOptions,
  dice: EngagementDice,
  res: EngagementResult,
  purpose: AorPurpose,
  sink?: AorSink,
): boolean {
  const u = groupMoraleUnit(st, units, n, o.groupMoraleFallback);
  const roll = d6(dice.morale(side));
  const morale = u < 0 ? 0 : boundMorale(unitMorale(st, u) + situationalModifier(sit), o.moraleBounds);
  const passed = u >= 0 && passesCheck(roll, morale);
  const cls = u < 0 ? CLASS_INDEX.artillery : CLASS_INDEX[unitClass(st.specs[u].kind)];
  const p = PURPOSE[purpose];
  recordCheck(res.sides[side], p, COUNTED[p], ratingIndex(morale, 0, MORALE_SLOTS), cls, passed);
  if (!passed) {
    for (let i = 0; i < n; i++) if (st.present(units[i])) res.units[units[i]].checksFailed++;
  }
  if (sink) {
    sink({
      type: 'check',
      side,
      purpose,
      unit: u < 0 ? '(none)' : st.specs[u].id,
      target: morale,
      modifiers: u < 0 ? ['no unit to check with'] : moraleModifierLabels(st, u, sit),
      roll,
      passed,
    });
  }
  return passed;
}

/** 7.4: foot artillery that must retreat cannot, and is destroyed instead (its steps lost in a blocked retreat). */
export function loseFootArtillery(st: UnitState, u: number, side: SideIndex, res: EngagementResult, sink?: AorSink): void {
  const r = res.sides[side];
  r.strengthLost += st.strength(u);
  recordLoss(res, st, u, LOSS.lostInBlockedRetreats, st.strength(u));
  r.stepsLost += st.steps[u];
  r.unitsEliminated++;
  st.steps[u] = 0;
  st.disrupted[u] = 0;
  res.units[u].eliminated = true;
  reachRung(res, side, u, RUNG.removed);
  if (sink) sink({ type: 'eliminated', side, unit: st.specs[u].id, reason: 'foot artillery cannot retreat (7.4)' });
}

/**
 * 7.4: the units of a side retreat. Each is disrupted; foot artillery, unable to retreat, is lost instead.
 * In this map-free kernel a retreating unit leaves the fight (`retreated`); a map moves it instead.
 */
export function retreatUnits(
  st: UnitState,
  units: ArrayLike<number>,
  n: number,
  side: SideIndex,
  voluntary: boolean,
  res: EngagementResult,
  sink?: AorSink,
): void {
  const r = res.sides[side];
  const names: string[] | null = sink ? [] : null;
  for (let i = 0; i < n; i++) {
    const u = units[i];
    if (!st.present(u)) continue;
    if (st.specs[u].kind === 'artillery') {
      loseFootArtillery(st, u, side, res, sink);
      continue;
    }
    if (!st.disrupted[u]) {
      st.disrupted[u] = 1;
      r.disruptions++;
      reachRung(res, side, u, RUNG.disordered);
      if (sink) sink({ type: 'cohesion', side, unit: st.specs[u].id, from: 'good', to: 'disrupted' });
    }
    st.retreated[u] = 1;
    res.units[u].retreated = true;
    if (voluntary) r.retreatsVoluntary++;
    else {
      r.retreatsForced++;
      reachRung(res, side, u, RUNG.shaken);
    }
    names?.push(st.specs[u].id);
  }
  if (sink && names) sink({ type: 'retreat', side, forced: !voluntary, units: names });
}

/**
 * The state of the round under way, between its steps: which units fight, the hits each side is to
 * take, and the voluntary retreats chosen. One object, reset by each round (the kernel is not re-entrant).
 */
const round = {
  /** Attackers in the fight (allAtt[0..na)) and those the defender may fire first at (fireFirstAtt[0..nf)). */
  na: 0,
  nf: 0,
  /** Stacks that moved adjacent in the defender's LOS this turn (7.3). */
  moved: 0,
  hitsOnAtt: 0,
  hitsOnDef: 0,
  /** Whether each side suffered a hit before any halving (7.4, aor.retreatCheckHits). */
  attWasHit: false,
  defWasHit: false,
  /** Steps the attackers lost to the defender's first fire (7.3), already applied. */
  attStepsLost: 0,
  attVoluntary: false,
  defVoluntary: false,
  /** Morale Modifiers: artillery and Old Guard among each side's firing units. */
  attArtillery: false,
  attOldGuard: false,
  defArtillery: false,
  defOldGuard: false,
};

/** The attacking units in the fight, all stacks together (morale is judged over all of them, 7.3), and those the defender may fire first at. */
function gatherAttackers(st: UnitState, sit: AssaultSituation, o: AorOptions): void {
  let na = 0, nf = 0, moved = 0;
  for (const s of sit.stacks) {
    let active = false;
    for (const u of s.units) {
      if (!st.present(u)) continue;
      allAtt[na++] = u;
      active = true;
      if (o.fireFirstTargets === 'allStacks' || (s.movedAdjacentInLos && (o.fireFirstTargets === 'movedStacks' || !s.movedUnits || s.movedUnits.includes(u)))) fireFirstAtt[nf++] = u;
    }
    if (active && s.movedAdjacentInLos) moved++;
  }
  round.na = na;
  round.nf = nf;
  round.moved = moved;
}

/**
 * 7.3: the defender fires first at the stacks that moved adjacent in its LOS, the attackers take the
 * hits (or, under aor.fireFirstRetreat = beforeReply, may retreat before replying), then the attackers
 * that are left fire. Returns false when the round is over: the attackers retreated or were destroyed.
 */
function fireFirstThenReply(st: UnitState, sit: AssaultSituation, o: AorOptions, doctrines: readonly [AssaultDoctrine, AssaultDoctrine], aRng: Uniform, dice: EngagementDice, res: EngagementResult, out: RoundOutcome, sink?: AorSink): boolean {
  const a = sit.attacker;
  const d = (1 - a) as SideIndex;
  const def = sit.defender;
  const nd = def.length;
  const dA = doctrines[a];
  const { na, nf } = round;
  out.defenderFiredFirst = true;
  defMods.flanking = false;
  defMods.firesFirst = true;
  defMods.targetHasRifledOrArtillery = hasRifledOrArtillery(st, fireFirstAtt, nf);
  const rawD = rawFireStrength(st, def, nd, defenderTerrainFactor(st, sit, o, o.fireFirstTargets !== 'allStacks'), defMods);
  out.defenderStrength = roundHalfUp(rawD);
  let hits = fire(d, false, rawD, dice, out, sink, sink ? ['fires first (7.3)'] : null);
  const combined = o.hitAllocation === 'combined';
  if (o.fireFirstRetreat === 'beforeReply' && !onlyCavalry(st, def, nd)) {
    const view = { hitsTaken: hits, hitsDealt: 0, stepsLeft: countSteps(st, allAtt, na), enemyRetreats: false };
    if (wantsVoluntaryRetreat(dA, view, aRng)) {
      hits = halveHits(hits);
      if (sink) sink({ type: 'voluntaryRetreat', side: a });
      out.hitsOnAttacker = allocateHits(st, fireFirstAtt, nf, hits, combined, dA.hitAllocation, aRng, res, sink);
      out.attackerRetreat = VOLUNTARY;
      retreatUnits(st, allAtt, na, a, true, res, sink);
      return false;
    }
  }
  round.attStepsLost = allocateHits(st, fireFirstAtt, nf, hits, combined, dA.hitAllocation, aRng, res, sink);
  out.hitsOnAttacker = round.attStepsLost;
  if (!anyPresent(st, allAtt, na)) return false; // the first fire destroyed every attacker: nobody replies
  // Then the attacker's strength is determined and it fires (7.3): a stack wiped out by the first
  // fire no longer counts towards a flank attack (7.6), nor its artillery and Old Guard to morale.
  out.flanked = flankedNow(st, sit, o);
  attMods.flanking = out.flanked;
  round.attArtillery = includesArtillery(st, allAtt, na);
  round.attOldGuard = includesOldGuard(st, allAtt, na);
  const rawA = attackerRaw(st, sit, o, attMods);
  out.attackerStrength = roundHalfUp(rawA);
  round.hitsOnDef = fire(a, true, rawA, dice, out, sink, sink ? fireLabels(out.flanked) : null);
  round.hitsOnAtt = 0; // already applied
  return true;
}

/** 7.3: both sides fire at once. */
function fireTogether(st: UnitState, sit: AssaultSituation, o: AorOptions, dice: EngagementDice, out: RoundOutcome, sink?: AorSink): void {
  const a = sit.attacker;
  const d = (1 - a) as SideIndex;
  const def = sit.defender;
  defMods.flanking = false;
  defMods.firesFirst = false;
  defMods.targetHasRifledOrArtillery = hasRifledOrArtillery(st, allAtt, round.na);
  const rawA = attackerRaw(st, sit, o, attMods);
  const rawD = rawFireStrength(st, def, def.length, defenderTerrainFactor(st, sit, o, false), defMods);
  out.attackerStrength = roundHalfUp(rawA);
  out.defenderStrength = roundHalfUp(rawD);
  round.hitsOnDef = fire(a, true, rawA, dice, out, sink, sink ? fireLabels(out.flanked) : null);
  round.hitsOnAtt = fire(d, false, rawD, dice, out, sink, null);
}

/**
 * 7.4: the attacker decides first, the defender second, whether to give ground voluntarily; either doing
 * so halves both sides' hits.
 */
function chooseVoluntaryRetreats(st: UnitState, sit: AssaultSituation, o: AorOptions, doctrines: readonly [AssaultDoctrine, AssaultDoctrine], aRng: Uniform, dRng: Uniform, out: RoundOutcome, sink?: AorSink): void {
  const a = sit.attacker;
  const d = (1 - a) as SideIndex;
  const def = sit.defender;
  const nd = def.length;
  const firedFirst = out.defenderFiredFirst;
  round.attWasHit = (firedFirst ? out.hitsOnAttacker : round.hitsOnAtt) > 0;
  round.defWasHit = round.hitsOnDef > 0;
  round.attVoluntary = wantsVoluntaryRetreat(doctrines[a], {
    hitsTaken: firedFirst ? out.hitsOnAttacker : round.hitsOnAtt,
    hitsDealt: round.hitsOnDef,
    stepsLeft: countSteps(st, allAtt, round.na) + (firedFirst ? round.attStepsLost : 0),
    enemyRetreats: false,
  }, aRng);
  // 7.3: cavalry defending alone always retreats voluntarily (aor.cavalryAloneRetreat).
  const cavalryAlone = onlyCavalry(st, def, nd) && (o.cavalryAloneRetreat === 'always' || !round.attVoluntary);
  round.defVoluntary =
    cavalryAlone ||
    wantsVoluntaryRetreat(doctrines[d], {
      hitsTaken: round.hitsOnDef,
      hitsDealt: firedFirst ? out.hitsOnAttacker : round.hitsOnAtt,
      stepsLeft: countSteps(st, def, nd),
      enemyRetreats: round.attVoluntary,
      onObjective: sit.defenderOnObjective === true,
    }, dRng);
  if (!round.attVoluntary && !round.defVoluntary) return;
  // 7.4: both sides halve the hits taken (1 becomes 0). Losses already applied by fire-first stand.
  if (sink) {
    if (round.attVoluntary) sink({ type: 'voluntaryRetreat', side: a });
    if (round.defVoluntary) sink({ type: 'voluntaryRetreat', side: d });
    sink({ type: 'halved', side: d, before: round.hitsOnDef, after: halveHits(round.hitsOnDef) });
    if (!firedFirst) sink({ type: 'halved', side: a, before: round.hitsOnAtt, after: halveHits(round.hitsOnAtt) });
  }
  round.hitsOnDef = halveHits(round.hitsOnDef);
  round.hitsOnAtt = halveHits(round.hitsOnAtt);
}

/**
 * 10.1: the attackers still in the fight whose stack does not stand in a fort, gathered in outsideAtt;
 * returns their number.
 */
function attackersOutsideForts(st: UnitState, sit: AssaultSituation): number {
  let n = 0;
  for (const s of sit.stacks) {
    if (s.terrain === 'fort') continue;
    for (const u of s.units) if (st.present(u)) outsideAtt[n++] = u;
  }
  return n;
}

/**
 * 7.4: each side that took a hit and did not retreat voluntarily checks morale, but for units in forts
 * (10.1, and under aor.fortifiedHexsideRetreat a defender attacked only across fortified hexsides) (a hit left after
 * halving, or under aor.retreatCheckHits = beforeHalving any hit suffered); those that fail, and those
 * that chose to, retreat.
 */
function checkAndRetreat(st: UnitState, sit: AssaultSituation, o: AorOptions, dice: EngagementDice, res: EngagementResult, out: RoundOutcome, inFortification: boolean, sink?: AorSink): void {
  const a = sit.attacker;
  const d = (1 - a) as SideIndex;
  const def = sit.defender;
  const nd = def.length;
  const na = round.na;
  let attForced = false, defForced = false;
  const beforeHalving = o.retreatCheckHits === 'beforeHalving';
  // 10.1: units in forts ignore retreat results, the garrison attacking out of one as well: when every
  // attacker still in the fight stands in a fort no check is made (as for a defender in one); a check
  // over a mixed group (7.3) sends back only the attackers outside forts.
  const attOutside = attackersOutsideForts(st, sit);
  if ((beforeHalving ? round.attWasHit : out.hitsOnAttacker > 0) && !round.attVoluntary && attOutside > 0) {
    attSit.flanked = false;
    attSit.firedOnByArtillery = round.defArtillery;
    attSit.attackedByOldGuard = round.defOldGuard;
    attForced = !groupCheck(st, allAtt, na, a, attSit, o, dice, res, 'retreat', sink);
  }
  if ((beforeHalving ? round.defWasHit : out.hitsOnDefender > 0) && !round.defVoluntary && anyPresent(st, def, nd) && !inFortification) {
    defSit.flanked = out.flanked;
    defSit.firedOnByArtillery = round.attArtillery;
    defSit.attackedByOldGuard = round.attOldGuard;
    defForced = !groupCheck(st, def, nd, d, defSit, o, dice, res, 'retreat', sink);
  }
  if (round.attVoluntary) {
    out.attackerRetreat = VOLUNTARY;
    retreatUnits(st, allAtt, na, a, true, res, sink);
  } else if (attForced) {
    out.attackerRetreat = FORCED;
    retreatUnits(st, outsideAtt, attOutside, a, false, res, sink);
  }
  if (round.defVoluntary || defForced) {
    out.defenderRetreat = round.defVoluntary ? VOLUNTARY : FORCED;
    retreatUnits(st, def, nd, d, round.defVoluntary, res, sink);
  }
}

/**
 * One round of assault combat (7.3, 7.4, 7.6): the attackers gathered, flanking judged, fire (the
 * defender first, or both at once), voluntary retreats chosen and hits halved, hits applied, morale
 * checked and retreats carried out. `doctrines[side]` makes that side's choices. Mutates unit state and
 * the result; fills and returns `out`.
 */
export function resolveAssaultRound(
  st: UnitState,
  sit: AssaultSituation,
  o: AorOptions,
  doctrines: readonly [AssaultDoctrine, AssaultDoctrine],
  dice: EngagementDice,
  res: EngagementResult,
  out: RoundOutcome,
  sink?: AorSink,
): RoundOutcome {
  const a = sit.attacker;
  const d = (1 - a) as SideIndex;
  const def = sit.defender;
  const nd = def.length;
  out.flanked = false;
  out.defenderFiredFirst = out.defenderFellBack = out.defenderPartFellBack = false;
  out.attackerStrength = out.defenderStrength = 0;
  out.attackerRoll = out.defenderRoll = 0;
  out.hitsOnAttacker = out.hitsOnDefender = 0;
  out.attackerRetreat = out.defenderRetreat = NO_RETREAT;
  round.hitsOnAtt = round.hitsOnDef = round.attStepsLost = 0;
  round.attWasHit = round.defWasHit = false;
  round.attVoluntary = round.defVoluntary = false;

  gatherAttackers(st, sit, o);
  const na = round.na;
  if (na === 0 || !anyPresent(st, def, nd)) return out;

  // Only a doctrine that makes some assault choice at random draws from its AI stream; others never create it.
  const aRng = assaultDrawsDice(doctrines[a]) ? dice.ai(a) : NO_DRAWS;
  const dRng = assaultDrawsDice(doctrines[d]) ? dice.ai(d) : NO_DRAWS;

  // 7.11: the defenders' cavalry and horse artillery may fall back before the assault: if they were all
  // of it no one fires; otherwise the others are assaulted, and everything below counts them alone.
  if (sit.defenderOutOfZoc && fallsBackBeforeAssault(st, sit, o, doctrines[d], dRng) > 0) {
    fallBackBeforeAssault(st, sit, o, res, out, sink);
    if (out.defenderFellBack) return out;
  }

  // 7.6 Flanking; a defender in a town or fort is never flanked; 12.2 marching defenders on a road are.
  out.flanked = flankedNow(st, sit, o);
  const inFortification =
    sit.defenderTerrain === 'fort' ||
    (o.fortifiedHexsideRetreat === 'ignore' && onlyAcrossFortified(st, sit));

  round.defArtillery = includesArtillery(st, def, nd);
  round.defOldGuard = o.oldGuardEffect === 'attackingOrDefending' && includesOldGuard(st, def, nd);
  // Morale Modifiers: artillery and Old Guard among the attackers count if they take part in the fire;
  // recomputed when the defender's first fire (7.3) eliminates them before the attacker fires.
  round.attArtillery = includesArtillery(st, allAtt, na);
  round.attOldGuard = includesOldGuard(st, allAtt, na);

  attMods.disrupted = defMods.disrupted = sit.disruptedAtSegmentStart ?? st.disrupted;
  attMods.flanking = out.flanked;
  attMods.firesFirst = false;
  attMods.targetHasRifledOrArtillery = hasRifledOrArtillery(st, def, nd);

  // 7.3: the defender may fire first at stacks that moved adjacent out of a non-adjacent hex in its LOS.
  if (round.moved > 0 && (sit.defenderFiresFirst ?? choosesFireFirst(doctrines[d], dRng))) {
    if (!fireFirstThenReply(st, sit, o, doctrines, aRng, dice, res, out, sink)) return out;
  } else fireTogether(st, sit, o, dice, out, sink);

  chooseVoluntaryRetreats(st, sit, o, doctrines, aRng, dRng, out, sink);

  // Hits are applied (simultaneously, unless the defender fired first).
  const combined = o.hitAllocation === 'combined';
  out.hitsOnDefender = allocateHits(st, def, nd, round.hitsOnDef, combined, doctrines[d].hitAllocation, dRng, res, sink);
  if (!out.defenderFiredFirst) {
    out.hitsOnAttacker = allocateHits(st, allAtt, na, round.hitsOnAtt, combined, doctrines[a].hitAllocation, aRng, res, sink);
  }

  checkAndRetreat(st, sit, o, dice, res, out, inFortification, sink);
  return out;
}

/** 7.11: a unit that may retreat before an assault, given that it started the turn out of enemy ZOCs. */
const fallsBackKind = (k: UnitSpec['kind']) => k === 'cavalry' || k === 'horseArtillery';

/**
 * 7.11: which of the defenders that did not start the turn in an enemy ZOC fall back before an assault
 * with no cavalry among the (gathered) attackers: its cavalry and horse artillery, alone when others
 * stand with them (aor.retreatBeforeAssaultMixed cavalryAlone), else only a stack wholly of them; the
 * side's choice under aor.retreatBeforeAssault = chosen, made as its doctrine makes voluntary retreats
 * (the battle's retreatBeforeAssault, battle/charges.ts, decides alike). Returns the number that go.
 */
function fallsBackBeforeAssault(st: UnitState, sit: AssaultSituation, o: AorOptions, doctrine: AssaultDoctrine, coin: Uniform): number {
  let movers = 0, others = 0;
  for (const u of sit.defender) {
    if (!st.present(u)) continue;
    if (fallsBackKind(st.specs[u].kind)) movers++;
    else others++;
  }
  if (movers === 0 || (others > 0 && o.retreatBeforeAssaultMixed === 'wholeStack')) return 0;
  for (let i = 0; i < round.na; i++) if (st.specs[allAtt[i]].kind === 'cavalry') return 0;
  return o.retreatBeforeAssault !== 'chosen' || choosesRetreatBeforeAssault(doctrine, sit.defenderOnObjective === true, coin) ? movers : 0;
}

/**
 * 7.11: the defenders' cavalry and horse artillery fall back, retreating voluntarily before anyone fires;
 * when they were the whole stack the round is over (the defender retreated), else the others fight it.
 */
function fallBackBeforeAssault(
  st: UnitState,
  sit: AssaultSituation,
  o: AorOptions,
  res: EngagementResult,
  out: RoundOutcome,
  sink?: AorSink,
): void {
  const d = (1 - sit.attacker) as SideIndex;
  const def = sit.defender;
  const r = res.sides[d];
  const names: string[] = [];
  for (const u of def) {
    if (!st.present(u) || !fallsBackKind(st.specs[u].kind)) continue;
    // 7.4 disrupts retreating units; whether this retreat is one of them is aor.retreatBeforeAssaultCohesion.
    if (o.retreatBeforeAssaultCohesion === 'disrupted' && !st.disrupted[u]) {
      st.disrupted[u] = 1;
      r.disruptions++;
      reachRung(res, d, u, RUNG.disordered);
      if (sink) sink({ type: 'cohesion', side: d, unit: st.specs[u].id, from: 'good', to: 'disrupted' });
    }
    st.retreated[u] = 1;
    res.units[u].retreated = true;
    r.retreatsVoluntary++;
    names.push(st.specs[u].id);
  }
  if (anyPresent(st, def, def.length)) out.defenderPartFellBack = true;
  else {
    out.defenderRetreat = VOLUNTARY;
    out.defenderFellBack = true;
  }
  if (sink) sink({ type: 'retreat', side: d, forced: false, units: names, beforeAssault: true });
}

const NO_DRAWS: Uniform = () => {
  throw new Error('a deterministic hit allocation drew a random number');
};

function fireLabels(flanked: boolean): string[] {
  return flanked ? ['flank attack +50% (7.6)'] : [];
}

