/**
 * The map-free assault engagement: attacking stacks against one defending stack, one assault round
 * (7.3, 7.4) per turn, disrupted units trying to recover at turn end (6.2), until a side retreats or is
 * destroyed or time runs out.
 */
import type { EngagementDice } from '../../core/dice.js';
import { d6 } from '../../core/dice.js';
import type { AorSink } from './events.js';
import { recordCheck, resetResult, type EngagementResult, type SideIndex } from '../../core/result.js';
import type { Scale } from '../../core/vocabulary.js';
import type { PlayOptions } from '../../core/ruleset.js';
import { resolveDoctrine, type AssaultDoctrine } from './doctrine/assault.js';
import { newRoundOutcome, resolveAssaultRound, type AssaultSituation, type RoundOutcome } from './assault.js';
import { boundMorale, moraleModifierLabels, NO_SITUATION, passesCheck, unitMorale } from './morale.js';
import type { AorOptions } from './options.js';
import type { AssaultUnit, DoctrineField } from './schema.js';
import type { HexsideTerrain, HexTerrain } from './terrain.js';
import { defaultSteps, UnitState, type UnitSpec } from './units.js';
import { aorExtras, finishResult, lossOf, newAorResult, startLadder, type AorExtras } from './results.js';
import { AOR_SCALE, LOSS_CAUSES, PURPOSE } from './vocabulary.js';

export const ATTACKER: SideIndex = 0;
export const DEFENDER: SideIndex = 1;

/** The scenario fields the engagement reads (validated by the scenario schema). */
export interface AssaultScenario {
  turns: number;
  onTime: 'defender' | 'draw';
  attacker: SideDef & {
    stacks: { hexside: number; across: HexsideTerrain; terrain: HexTerrain; movedAdjacent: boolean; units: AssaultUnit[] }[];
  };
  defender: SideDef & { terrain: HexTerrain; units: AssaultUnit[] };
}

interface SideDef {
  name: string;
  orders: 'attack' | 'defend' | 'march' | 'reserve';
  demoralized: boolean;
  doctrine: DoctrineField;
}

export const EXTRAS = ['flankedRounds', 'defenderFiredFirst'] as const;
const ASSAULT_EXTRAS = aorExtras(EXTRAS);
/**
 * An assault whose defenders may fall back before it (7.11: every stack moved adjacent in the first
 * turn) also counts those retreats per side, as a battle does, so reports tell them from 7.4's.
 */
const FALL_BACK_EXTRAS = aorExtras([...EXTRAS, 'retreatsBeforeAssault.0', 'retreatsBeforeAssault.1']);

/** A result sized for the assault, with every extra at 0. */
export function newAssaultResult(c: CompiledAssault): EngagementResult {
  return newAorResult(c.specs.length, 0, 0, c.extras);
}

export interface CompiledAssault {
  readonly kind: 'assault';
  readonly options: AorOptions;
  readonly specs: readonly UnitSpec[];
  readonly turns: number;
  readonly onTime: 'defender' | 'draw';
  readonly sideNames: readonly [string, string];
  readonly doctrines: readonly [AssaultDoctrine, AssaultDoctrine];
  /** Turn 1 (stacks may have moved adjacent in LOS) and every later turn. */
  readonly firstTurn: AssaultSituation;
  readonly laterTurns: AssaultSituation;
  readonly attackerUnits: readonly number[];
  readonly defenderUnits: readonly number[];
  /** A turn an hour and 250 men a strength point (the rules leave the scale to the scenario). */
  readonly scale: Scale;
  /** The extras its results count (FALL_BACK_EXTRAS where the defenders may fall back before the assault, 7.11). */
  readonly extras: AorExtras;
  /** Reused by every play on this compiled cell (one per worker thread). */
  readonly workspace: { st: UnitState; round: RoundOutcome };
}

export function unitSpec(u: AssaultUnit, side: SideIndex, formation: string): UnitSpec {
  const maxSteps = u.steps ?? defaultSteps(u.kind);
  return {
    id: u.id,
    side,
    kind: u.kind,
    full: u.strength,
    reduced: maxSteps === 1 ? u.strength : (u.reduced ?? Math.ceil(u.strength / 2)),
    maxSteps,
    startSteps: u.damaged ? 1 : maxSteps,
    startDisrupted: u.disrupted,
    morale: u.morale,
    steadfast: u.flags.includes('steadfast'),
    oldGuard: u.flags.includes('oldGuard'),
    repeating: u.flags.includes('repeating'),
    formation: u.formation ?? formation,
    pursuit: u.pursuit ?? -1,
  };
}

export function doctrineOf(field: DoctrineField): AssaultDoctrine {
  if (typeof field === 'string') return resolveDoctrine(field);
  const { preset, ...overrides } = field;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return resolveDoctrine(preset, defined);
}

/** The assault's scale: Age of Rifles', in rounds (7: an assault is fought in rounds, and every line about it says so). */
const ASSAULT_SCALE: Scale = { ...AOR_SCALE, turnWord: 'round' };

export function compileAssault(sc: AssaultScenario, options: AorOptions): CompiledAssault {
  const specs: UnitSpec[] = [];
  const stacks = sc.attacker.stacks.map((s) => {
    const units = s.units.map((u) => specs.push(unitSpec(u, ATTACKER, sc.attacker.name)) - 1);
    return { units, direction: s.hexside, hexside: s.across, terrain: s.terrain, movedAdjacentInLos: s.movedAdjacent };
  });
  const defender = sc.defender.units.map((u) => specs.push(unitSpec(u, DEFENDER, sc.defender.name)) - 1);
  // Literals, not spreads (docs/architecture.md, step 7: compiled cells share their maps).
  // 7.11: when every stack moved adjacent in the first turn, the defender did not start it in their ZOC.
  const firstTurn: AssaultSituation = { attacker: ATTACKER, stacks, defender, defenderTerrain: sc.defender.terrain, defenderOutOfZoc: stacks.every((s) => s.movedAdjacentInLos) };
  const laterStacks = stacks.map((s) => ({ units: s.units, direction: s.direction, hexside: s.hexside, terrain: s.terrain, movedAdjacentInLos: false }));
  const laterTurns: AssaultSituation = { attacker: ATTACKER, stacks: laterStacks, defender, defenderTerrain: sc.defender.terrain };
  const st = new UnitState(specs);
  for (let u = 0; u < specs.length; u++) {
    const side = specs[u].side === ATTACKER ? sc.attacker : sc.defender;
    st.demoralized[u] = side.demoralized ? 1 : 0; // 2.2, 14.1
    st.ordersPenalty[u] = side.orders === 'march' || side.orders === 'reserve' ? 1 : 0; // 12.2
  }
  return {
    kind: 'assault',
    options,
    specs,
    turns: sc.turns,
    onTime: sc.onTime,
    sideNames: [sc.attacker.name, sc.defender.name],
    doctrines: [doctrineOf(sc.attacker.doctrine), doctrineOf(sc.defender.doctrine)],
    scale: ASSAULT_SCALE,
    firstTurn,
    laterTurns,
    attackerUnits: stacks.flatMap((s) => s.units),
    defenderUnits: defender,
    extras: firstTurn.defenderOutOfZoc ? FALL_BACK_EXTRAS : ASSAULT_EXTRAS,
    workspace: { st, round: newRoundOutcome() },
  };
}

function present(st: UnitState, units: readonly number[]): boolean {
  for (const u of units) if (st.present(u)) return true;
  return false;
}

function allEliminated(st: UnitState, units: readonly number[]): boolean {
  for (const u of units) if (st.alive(u)) return false;
  return true;
}

/** 6.2 / Turn End segment: each disrupted unit checks its own morale and recovers on a pass. */
export function recoverDisrupted(
  st: UnitState,
  units: readonly number[],
  side: SideIndex,
  bounds: AorOptions['moraleBounds'],
  dice: EngagementDice,
  res: EngagementResult,
  sink?: AorSink,
): void {
  const r = res.sides[side];
  for (const u of units) {
    if (!st.present(u) || !st.disrupted[u]) continue;
    const morale = boundMorale(unitMorale(st, u), bounds);
    const roll = d6(dice.morale(side));
    const passed = passesCheck(roll, morale);
    recordCheck(r, PURPOSE.recovery, false, -1, -1, passed);
    if (passed) st.disrupted[u] = 0;
    if (sink) {
      const labels = moraleModifierLabels(st, u, NO_SITUATION);
      sink({ type: 'check', side, purpose: 'recovery', unit: st.specs[u].id, target: morale, modifiers: labels, roll, passed });
      if (passed) sink({ type: 'cohesion', side, unit: st.specs[u].id, from: 'disrupted', to: 'good' });
    }
  }
}

/** Invariants of the map-free engagement; throws with a description on the first violation. */
export function checkAssaultInvariants(c: CompiledAssault, res: EngagementResult): void {
  const st = c.workspace.st;
  const lost = [0, 0];
  for (let u = 0; u < c.specs.length; u++) {
    const s = c.specs[u];
    if (st.steps[u] < 0 || st.steps[u] > s.maxSteps) throw new Error(`invariant: unit ${s.id} has ${st.steps[u]} steps`);
    if (st.steps[u] === 0 && st.disrupted[u]) throw new Error(`invariant: eliminated unit ${s.id} is disrupted`);
    if (res.units[u].eliminated !== (st.steps[u] === 0)) throw new Error(`invariant: unit ${s.id} elimination record disagrees`);
    const start = s.startSteps === s.maxSteps ? s.full : s.reduced;
    lost[s.side] += start - st.strength(u);
  }
  for (const side of [0, 1] as const) {
    if (lost[side] !== res.sides[side].strengthLost) {
      throw new Error(`invariant: side ${side} strength lost ${res.sides[side].strengthLost} but units lost ${lost[side]}`);
    }
    const byCause = LOSS_CAUSES.reduce((sum, cause) => sum + lossOf(res, side, cause), 0);
    if (byCause !== res.sides[side].strengthLost) throw new Error(`invariant: side ${side} strength lost ${res.sides[side].strengthLost} but ${byCause} by cause`);
  }
}

export function playAssault(c: CompiledAssault, dice: EngagementDice, opts: PlayOptions = {}): EngagementResult {
  const st = c.workspace.st;
  const res = opts.out ?? newAssaultResult(c);
  resetResult(res, false);
  c.extras.reset(res);
  st.reset();
  for (let u = 0; u < c.specs.length; u++) res.sides[c.specs[u].side].startStrength += st.strength(u);
  startLadder(res, c.specs);
  playRounds(c, dice, res, opts);
  finishResult(res, c.scale, res.turns, c.options);
  return res;
}

const ALL_UNITS_SEGMENTS: readonly (readonly SideIndex[])[] = [[ATTACKER, DEFENDER], [DEFENDER, ATTACKER]];
const PHASING_SIDE_SEGMENTS: readonly (readonly SideIndex[])[] = [[ATTACKER], [DEFENDER]];

/**
 * The Turn End segments of one game turn of the assault engagement (4, 6.2): the attacker's player turn
 * (the round is its combat), then the defender's. In each, the sides whose disrupted units check to
 * recover, the phasing side first: both sides under `allUnits` (so each disrupted unit may check twice a
 * turn), only the phasing side under `phasingSide`.
 */
export function turnEndSegments(rule: AorOptions['turnEndRecovery']): readonly (readonly SideIndex[])[] {
  return rule === 'allUnits' ? ALL_UNITS_SEGMENTS : PHASING_SIDE_SEGMENTS;
}

/** The rounds, one a turn, until a side retreats or is destroyed, or time runs out; sets winner and reason. */
function playRounds(c: CompiledAssault, dice: EngagementDice, res: EngagementResult, opts: PlayOptions): void {
  const { st, round } = c.workspace;
  const sink: AorSink | undefined = opts.sink;
  for (let turn = 1; turn <= c.turns; turn++) {
    if (sink) sink({ type: 'turn', turn });
    res.turns = turn;
    const sit = turn === 1 ? c.firstTurn : c.laterTurns;
    resolveAssaultRound(st, sit, c.options, c.doctrines, dice, res, round, sink);
    if (round.flanked) res.extras.flankedRounds++;
    if (round.defenderFiredFirst) res.extras.defenderFiredFirst++;
    // 7.11: the defenders fell back before the assault (only turn 1 offers it: FALL_BACK_EXTRAS).
    if (round.defenderFellBack || round.defenderPartFellBack) res.extras['retreatsBeforeAssault.1']++;
    if (opts.checkInvariants) checkAssaultInvariants(c, res);

    const attIn = present(st, c.attackerUnits);
    const defIn = present(st, c.defenderUnits);
    if (!attIn || !defIn) {
      // A side destroyed loses even if the other fell back in the same round; two sides that both
      // fell back with units left draw.
      const attDead = allEliminated(st, c.attackerUnits);
      const defDead = allEliminated(st, c.defenderUnits);
      if (attDead && defDead) {
        res.winner = null;
        res.reason = 'destroyed';
      } else if (defDead || (!defIn && attIn)) {
        res.winner = ATTACKER;
        res.reason = defDead ? 'destroyed' : 'retreat';
      } else if (attDead || (!attIn && defIn)) {
        res.winner = DEFENDER;
        res.reason = attDead ? 'destroyed' : 'retreat';
      } else {
        res.winner = null;
        res.reason = 'bothRetreated';
      }
      if (sink) sink({ type: 'end', winner: res.winner, reason: res.reason, turn });
      return;
    }
    for (const segment of turnEndSegments(c.options.turnEndRecovery)) {
      for (const side of segment) recoverDisrupted(st, side === ATTACKER ? c.attackerUnits : c.defenderUnits, side, c.options.moraleBounds, dice, res, sink);
    }
  }
  res.winner = c.onTime === 'defender' ? DEFENDER : null;
  res.reason = 'time';
  if (sink) sink({ type: 'end', winner: res.winner, reason: res.reason, turn: c.turns });
}
