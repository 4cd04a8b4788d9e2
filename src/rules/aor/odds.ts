/**
 * Exact odds of the first assault round of a scenario: every path of the dice is played through the
 * same round code the Monte Carlo uses (enumerateDice), so the two can only disagree by sampling.
 */
import { z } from 'zod';
import type { EngagementDice } from '../../core/dice.js';
import { enumerateDice, PathSum } from '../../core/enumerate.js';
import type { SideIndex } from '../../core/result.js';
import type { OddsDistribution, OddsQuestion, OddsSupport, ResolvedOptions } from '../../core/ruleset.js';
import { FORCED, resolveAssaultRound, VOLUNTARY } from './assault.js';
import { compileAssault, type AssaultScenario, type CompiledAssault } from './engagement.js';
import { aorOptions } from './options.js';
import { newAorResult } from './results.js';
import { rawUnits } from './refit/apply.js';
import { volleyCommand } from '../../core/command.js';
import { checkAssault } from './scenarios.js';
import { assaultScenarioBody } from './schema.js';

export interface SideOdds {
  /** P(steps lost in the fire = h), index h. */
  hits: number[];
  expectedHits: number;
  retreatsVoluntarily: number;
  retreatsOnFailedCheck: number;
  /** Every unit of the side eliminated (by hits, or foot artillery unable to retreat). */
  eliminated: number;
  holds: number;
}

export interface AssaultOdds {
  paths: number;
  attacker: SideOdds;
  defender: SideOdds;
  /** The outcomes the command's JSON names at top level. */
  attackerRetreats: number;
  defenderRetreats: number;
  attackerEliminated: number;
  defenderEliminated: number;
  attackerHits: number[];
  defenderHits: number[];
  /** The fire strengths each side fired at, lowest and highest over the paths (0, 0 when it never fired: 7.1). */
  attackerStrength: [number, number];
  defenderStrength: [number, number];
  /** The defender fired first (7.3); the defender was flanked when the attacker fired (7.6), on any path. */
  defenderFiredFirst: boolean;
  /** The chance the defender fires first (7.3): 1 or 0 but for a doctrine that chooses on a coin flip (fireFirst: random). */
  defenderFiresFirstChance: number;
  /**
   * The chance the defenders fall back before the assault (7.11), so that no one fires: 0 but where
   * cavalry and horse artillery are assaulted by stacks that all moved adjacent, and then 1 or the
   * doctrine's coin flip under aor.retreatBeforeAssault = chosen.
   */
  defenderFallsBackChance: number;
  /** The chance the defenders' cavalry and horse artillery fall back before the assault and the others fight it (7.11, aor.retreatBeforeAssaultMixed cavalryAlone). */
  defenderPartFallsBackChance: number;
  flanked: boolean;
}

/** A side's odds while the paths are counted (PathSum: exact until read). */
interface SideTally {
  hits: PathSum[];
  expectedHits: PathSum;
  fate: Record<SideFate, PathSum>;
}

function emptyTally(): SideTally {
  return { hits: [], expectedHits: new PathSum(), fate: { eliminated: new PathSum(), voluntary: new PathSum(), forced: new PathSum(), holds: new PathSum() } };
}

function sideOdds(t: SideTally): SideOdds {
  return {
    hits: t.hits.map((h) => h.value),
    expectedHits: t.expectedHits.value,
    retreatsVoluntarily: t.fate.voluntary.value,
    retreatsOnFailedCheck: t.fate.forced.value,
    eliminated: t.fate.eliminated.value,
    holds: t.fate.holds.value,
  };
}

/** A side's retreats, voluntary or forced, as one exact sum (two doubles added would round again). */
const retreats = (t: SideTally) => new PathSum().addAll(t.fate.voluntary).addAll(t.fate.forced).value;

/** The classification of one side after a round, shared with the Monte Carlo comparison in tests. */
export type SideFate = 'eliminated' | 'voluntary' | 'forced' | 'holds';

export function sideFate(c: CompiledAssault, side: SideIndex, retreat: number): SideFate {
  const st = c.workspace.st;
  const units = side === 0 ? c.attackerUnits : c.defenderUnits;
  if (units.every((u) => !st.alive(u))) return 'eliminated';
  return retreat === VOLUNTARY ? 'voluntary' : retreat === FORCED ? 'forced' : 'holds';
}

/**
 * The sides whose doctrine allocates hits at random (7.1, hitAllocation: random) among two units or
 * more: exact odds are refused. The enumeration draws a d6 for every pick, which splits evenly only
 * among 1, 2, 3 or 6 units, and a pick for every hit on top of the coin flips multiplies the paths
 * past what can be counted (two units a side already pass five million). A lone unit is never picked.
 */
function randomAllocation(c: CompiledAssault): SideIndex[] {
  return ([0, 1] as const).filter((s) => c.doctrines[s].hitAllocation === 'random' && (s === 0 ? c.attackerUnits : c.defenderUnits).length > 1);
}

export function assaultOdds(c: CompiledAssault): AssaultOdds {
  if (randomAllocation(c).length > 0) {
    throw new Error("exact odds need a deterministic hit allocation; a side's doctrine allocates hits at random (the question's check refuses it)");
  }
  const { st, round } = c.workspace;
  const res = newAorResult(c.specs.length);
  const tally = [emptyTally(), emptyTally()];
  const strength = { att: [Infinity, 0], def: [Infinity, 0] };
  let firedFirst = false;
  const firesFirst = new PathSum();
  const fallsBack = new PathSum();
  const partFallsBack = new PathSum();
  let flanked = false;
  const range = (r: number[], v: number) => {
    if (v <= 0) return;
    if (v < r[0]) r[0] = v;
    if (v > r[1]) r[1] = v;
  };
  const paths = enumerateDice(
    (dice) => {
      st.reset();
      resolveAssaultRound(st, c.firstTurn, c.options, c.doctrines, dice, res, round);
      return 0;
    },
    (_p, _v, depth) => {
      range(strength.att, round.attackerStrength);
      range(strength.def, round.defenderStrength);
      firedFirst ||= round.defenderFiredFirst;
      if (round.defenderFiredFirst) firesFirst.add(depth);
      if (round.defenderFellBack) fallsBack.add(depth);
      if (round.defenderPartFellBack) partFallsBack.add(depth);
      flanked ||= round.flanked;
      for (const [t, side, hits, retreat] of [
        [tally[0], 0, round.hitsOnAttacker, round.attackerRetreat],
        [tally[1], 1, round.hitsOnDefender, round.defenderRetreat],
      ] as const) {
        while (t.hits.length <= hits) t.hits.push(new PathSum());
        t.hits[hits].add(depth);
        t.expectedHits.add(depth, hits);
        t.fate[sideFate(c, side, retreat)].add(depth);
      }
    },
  );
  st.reset();
  const att = sideOdds(tally[0]);
  const def = sideOdds(tally[1]);
  return {
    paths,
    attacker: att,
    defender: def,
    attackerRetreats: retreats(tally[0]),
    defenderRetreats: retreats(tally[1]),
    attackerEliminated: att.eliminated,
    defenderEliminated: def.eliminated,
    attackerHits: att.hits,
    defenderHits: def.hits,
    attackerStrength: strength.att[1] > 0 ? [strength.att[0], strength.att[1]] : [0, 0],
    defenderStrength: strength.def[1] > 0 ? [strength.def[0], strength.def[1]] : [0, 0],
    defenderFiredFirst: firedFirst,
    defenderFiresFirstChance: firesFirst.value,
    defenderFallsBackChance: fallsBack.value,
    defenderPartFallsBackChance: partFallsBack.value,
    flanked,
  };
}

/** A chance as a share of the dice: "50%", "12.5%". */
const ofTheDice = (p: number) => `${+(p * 100).toFixed(2)}% of the dice`;

/**
 * What the first round worked out before its dice, in words: the fall back before the assault (7.11) of
 * the whole defender or of its cavalry and horse artillery alone, the fire strengths (7.1), fire first
 * (7.3), flanking (7.6).
 */
export function assaultWorked(o: AssaultOdds): string {
  if (o.defenderFallsBackChance === 1) return 'the defender always falls back before the assault (7.11): no one fires';
  const at = ([lo, hi]: [number, number]) => (hi === 0 ? 'does not fire' : lo === hi ? `fires at strength ${lo}` : `fires at strength ${lo} to ${hi}`);
  const first = !o.defenderFiredFirst
    ? ''
    : o.defenderFiresFirstChance === 1
      ? ' (it fires first, 7.3; the attacker replies with what is left)'
      : ` (it fires first only when its doctrine's coin flip says so, ${ofTheDice(o.defenderFiresFirstChance)}, 7.3; the attacker then replies with what is left)`;
  const fire = `the attacker ${at(o.attackerStrength)}${o.flanked ? ', the defender flanked (7.6)' : ''}; the defender ${at(o.defenderStrength)}${first} (7.1)`;
  if (o.defenderFallsBackChance > 0) return `the defender falls back before the assault (7.11) on ${ofTheDice(o.defenderFallsBackChance)}; otherwise ${fire}`;
  if (o.defenderPartFallsBackChance === 1) return `the defender's cavalry and horse artillery fall back before the assault (7.11), the others stand; ${fire}`;
  return o.defenderPartFallsBackChance > 0 ? `the defender's cavalry and horse artillery fall back before the assault (7.11) on ${ofTheDice(o.defenderPartFallsBackChance)}, the others stand; ${fire}` : fire;
}

const FATES: readonly SideFate[] = ['holds', 'voluntary', 'forced', 'eliminated'];

/** The compiled assault of a scenario and its options, compiled once per (scenario, options) pair. */
const compiledOf = (() => {
  const cache = new WeakMap<object, { key: string; c: CompiledAssault }>();
  return (scenario: AssaultScenario, options: ResolvedOptions): CompiledAssault => {
    const key = JSON.stringify(options);
    const hit = cache.get(scenario);
    if (hit && hit.key === key) return hit.c;
    const c = compileAssault(scenario, aorOptions(options));
    cache.set(scenario, { key, c });
    return c;
  };
})();

function hitsDistribution(name: string, label: string, hits: readonly number[]): OddsDistribution {
  return { name, label, values: hits.map((p, h) => ({ value: h, p })) };
}

function fateDistribution(name: string, label: string, s: SideOdds): OddsDistribution {
  const p: Record<SideFate, number> = { holds: s.holds, voluntary: s.retreatsVoluntarily, forced: s.retreatsOnFailedCheck, eliminated: s.eliminated };
  return { name, label, values: FATES.map((f) => ({ value: f, p: p[f] })) };
}

/**
 * An odds file's params: an assault scenario's body less what only later rounds read (`turns`, when time
 * runs out; `onTime`, who is credited then), so a field that could change nothing is refused as unknown.
 * The scenario's defaults fill them in for the compiler; the scenario's checks across fields apply.
 */
const { turns, onTime, ...firstRoundBody } = assaultScenarioBody;
const firstRoundParams = z
  .strictObject(firstRoundBody)
  .superRefine((p, ctx) => checkAssault(p, ctx, ['params']))
  .transform((p) => ({ ...p, turns: turns.parse(undefined), onTime: onTime.parse(undefined) }) as AssaultScenario) as unknown as z.ZodType<AssaultScenario>;

/**
 * The first round sampled: an assault scenario of one turn plays that round alone, and its results'
 * steps lost and retreats are the round's (an odds file's params are such a scenario's body).
 */
const SAMPLING = `to sample the round instead, play the assault as a scenario file with turns: 1 (${volleyCommand('run')})`;

/** `volley odds` of an assault scenario: its first round (7.3, 7.4, 7.6), every roll of the dice enumerated. */
const firstRound: OddsQuestion<AssaultScenario> = {
  id: 'assault',
  doc: 'The first assault round of an assault scenario: the hits each side takes and whether it holds, retreats by choice, retreats after a failed check, or is eliminated.',
  params: firstRoundParams,
  sampling: SAMPLING,
  // The params are an assault scenario's body: its units take the quality ladder as the scenario's do.
  qualityUnits: rawUnits,
  check(scenario, options) {
    return randomAllocation(compiledOf(scenario, options)).map((s) => {
      const side = s === 0 ? 'attacker' : 'defender';
      const field = scenario[side].doctrine;
      const name = typeof field === 'string' ? field : `${field.preset} with hitAllocation: ${field.hitAllocation ?? 'random'}`;
      return {
        path: [side, 'doctrine'],
        message: `the doctrine ${name} allocates hits at random (7.1): exact odds need a deterministic allocation (a random pick for every hit multiplies the dice paths past counting); give { preset: ${typeof field === 'string' ? field : field.preset}, hitAllocation: leastStrength } or lowestMorale; ${SAMPLING}`,
      };
    });
  },
  exact(scenario, options) {
    const odds = assaultOdds(compiledOf(scenario, options));
    return {
      paths: odds.paths,
      distributions: [
        hitsDistribution('attackerHits', 'steps the attacker loses', odds.attacker.hits),
        hitsDistribution('defenderHits', 'steps the defender loses', odds.defender.hits),
        fateDistribution('attackerFate', 'the attacker', odds.attacker),
        fateDistribution('defenderFate', 'the defender', odds.defender),
      ],
      summary: { ...odds },
      worked: assaultWorked(odds),
    };
  },
  sample(scenario, options, dice: EngagementDice) {
    const c = compiledOf(scenario, options);
    const { st, round } = c.workspace;
    st.reset();
    resolveAssaultRound(st, c.firstTurn, c.options, c.doctrines, dice, newAorResult(c.specs.length), round);
    const out = {
      attackerHits: round.hitsOnAttacker,
      defenderHits: round.hitsOnDefender,
      attackerFate: sideFate(c, 0, round.attackerRetreat),
      defenderFate: sideFate(c, 1, round.defenderRetreat),
    };
    st.reset();
    return out;
  },
  examples: [],
};

export const AOR_ODDS: OddsSupport = {
  questions: [firstRound],
  ofScenario: (scenario: { engagement?: unknown }) => (scenario.engagement === 'assault' ? { question: 'assault', params: scenario } : null),
  scenariosAnswered: 'one round of an assault scenario (engagement: assault)',
};
