/**
 * Exact odds of the first assault round of a scenario: every path of the dice is played through the
 * same round code the Monte Carlo uses (enumerateDice), so the two can only disagree by sampling.
 */
import { enumerateDice } from '../../core/enumerate.js';
import { emptyResult, type SideIndex } from '../../core/result.js';
import { FORCED, resolveAssaultRound, VOLUNTARY } from './assault.js';
import type { CompiledAssault } from './engagement.js';

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
}

function emptySideOdds(): SideOdds {
  return { hits: [], expectedHits: 0, retreatsVoluntarily: 0, retreatsOnFailedCheck: 0, eliminated: 0, holds: 0 };
}

/** The classification of one side after a round, shared with the Monte Carlo comparison in tests. */
export type SideFate = 'eliminated' | 'voluntary' | 'forced' | 'holds';

export function sideFate(c: CompiledAssault, side: SideIndex, retreat: number): SideFate {
  const st = c.workspace.st;
  const units = side === 0 ? c.attackerUnits : c.defenderUnits;
  if (units.every((u) => !st.alive(u))) return 'eliminated';
  return retreat === VOLUNTARY ? 'voluntary' : retreat === FORCED ? 'forced' : 'holds';
}

export function assaultOdds(c: CompiledAssault): AssaultOdds {
  if (c.doctrines.some((d) => d.hitAllocation === 'random')) {
    throw new Error("exact odds need a deterministic hit allocation; a side's doctrine allocates hits at random");
  }
  const { st, round } = c.workspace;
  const res = emptyResult(c.specs.length);
  const att = emptySideOdds();
  const def = emptySideOdds();
  const paths = enumerateDice(
    (dice) => {
      st.reset();
      resolveAssaultRound(st, c.firstTurn, c.options, c.doctrines, dice, res, round);
      return 0;
    },
    (p) => {
      for (const [odds, side, hits, retreat] of [
        [att, 0, round.hitsOnAttacker, round.attackerRetreat],
        [def, 1, round.hitsOnDefender, round.defenderRetreat],
      ] as const) {
        while (odds.hits.length <= hits) odds.hits.push(0);
        odds.hits[hits] += p;
        odds.expectedHits += p * hits;
        const fate = sideFate(c, side, retreat);
        if (fate === 'eliminated') odds.eliminated += p;
        else if (fate === 'voluntary') odds.retreatsVoluntarily += p;
        else if (fate === 'forced') odds.retreatsOnFailedCheck += p;
        else odds.holds += p;
      }
    },
  );
  st.reset();
  return {
    paths,
    attacker: att,
    defender: def,
    attackerRetreats: att.retreatsVoluntarily + att.retreatsOnFailedCheck,
    defenderRetreats: def.retreatsVoluntarily + def.retreatsOnFailedCheck,
    attackerEliminated: att.eliminated,
    defenderEliminated: def.eliminated,
    attackerHits: att.hits,
    defenderHits: def.hits,
  };
}
