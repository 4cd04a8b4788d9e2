/**
 * Doctrine tournaments: every ordered pair of doctrines plays the same engagements (same seeds: one
 * random-number key for all pairings), each doctrine once as side 0 and once as side 1, so neither the
 * dice nor the side favours either. A match's score is the share of its 2n engagements a doctrine wins,
 * with a Wilson 95% interval; draws count as not won. Every doctrine also plays itself, which measures
 * what the seat alone is worth (the scenario's balance). Without a list, every doctrine of the
 * scenario's rule system for its kind of engagement takes part. A doctrine seats a side wholly as its
 * rule system's `assign` does (Age of Rifles: with the assault doctrine it names).
 */
import { doctrinesFor } from '../../core/ruleset.js';
import { findRuleset } from '../../rules/index.js';
import { VolleyInputError } from '../../core/errors.js';
import { didYouMean } from '../../core/suggest.js';
import { checkCount, MAX_ENGAGEMENTS } from '../../scenario/limits.js';
import { loadScenario, singleCell } from '../../scenario/load.js';
import { scenarioSchema } from '../../scenario/schema.js';
import { wilson } from '../../stats/intervals.js';
import { advantageOf } from '../../results/balance.js';
import type { RunPlan } from '../engine/plan.js';
import { runPlan, type RunProgress } from '../engine/runner.js';
import { VOLLEY_VERSION } from '../../results/version.js';

export interface TournamentRequest {
  file: string;
  /** The doctrines; every one of the rule system's for the scenario when absent. */
  doctrines?: string[];
  /** Engagements per ordered pairing. */
  engagements: number;
  seed: string | number;
  workers: number;
}

export type { Match, TournamentResult } from '../../results/tournament.js';
import type { Match, Seat, TournamentResult } from '../../results/tournament.js';

/** A tournament read and checked, nothing played yet. */
export interface PreparedTournament {
  req: TournamentRequest & { doctrines: string[] };
  ruleset: string;
  sides: [string, string];
  /** The ordered pairs, one cell each: [side 0's doctrine, side 1's]. */
  pairs: [string, string][];
  plan: RunPlan;
}

/** Read and check a tournament request; input errors are VolleyInputErrors. */
export function prepareTournament(request: TournamentRequest): PreparedTournament {
  const given = request.doctrines;
  if (given && given.length < 2) throw new VolleyInputError('--doctrines', undefined, undefined, 'name at least two doctrines');
  const twice = given?.find((d, i) => given.indexOf(d) !== i);
  if (twice) throw new VolleyInputError('--doctrines', undefined, undefined, `'${twice}' is named twice; name each doctrine once`);
  checkCount('--engagements', request.engagements, MAX_ENGAGEMENTS);
  const { scenario, src } = loadScenario(request.file);
  const rs = findRuleset(scenario.ruleset)!;
  const known = doctrinesFor(rs.doctrines, scenario.engagement).map((d) => d.name);
  const req = { ...request, doctrines: given ?? known };
  for (const d of req.doctrines) {
    if (!known.includes(d)) {
      throw new VolleyInputError('--doctrines', undefined, undefined, `unknown doctrine '${d}' for this ${rs.id}${scenario.engagement ? ` ${scenario.engagement}` : ''} scenario; known: ${known.join(', ')}${didYouMean(d, known)}`);
    }
  }
  const pairs: [string, string][] = [];
  for (const a of req.doctrines) for (const b of req.doctrines) pairs.push([a, b]);
  const raw = src.data as Record<string, unknown>;
  const cells = pairs.map(([a, b], index) => {
    const data = rs.doctrines.assign(rs.doctrines.assign(raw, 0, a), 1, b);
    const cell = singleCell(scenarioSchema.parse(data));
    return { index, rngKey: 'tournament', scenario: cell.scenario, options: cell.options };
  });
  const plan: RunPlan = { rulesetId: scenario.ruleset, seed: req.seed, engagements: req.engagements, batch: 100, cells, checkInvariants: false };
  const shape = rs.describe(rs.compile(cells[0].scenario, cells[0].options));
  return { req, ruleset: rs.id, sides: [shape.sides[0].name, shape.sides[1].name], pairs, plan };
}

/** Play every ordered pairing (a request, or one prepareTournament has checked); `onProgress` after each batch. */
export async function runTournament(
  request: TournamentRequest | PreparedTournament,
  opts: {
    onProgress?: (p: RunProgress) => void;
    /** `workers` is the most to use; the pool starts only for a long run (RunOptions.autoStart). */
    autoStart?: boolean;
    /** Aborted: the play stops between batches with RunInterrupted (Ctrl-C). */
    signal?: AbortSignal;
  } = {},
): Promise<TournamentResult> {
  const { req, pairs, plan, ruleset, sides } = 'plan' in request ? request : prepareTournament(request);
  const accs = await runPlan(plan, { workers: req.workers, autoStart: opts.autoStart, onProgress: opts.onProgress, signal: opts.signal });
  const at = (a: string, b: string) => accs[pairs.findIndex(([x, y]) => x === a && y === b)];
  const matches: Match[] = [];
  const seats: Seat[] = [];
  for (const [a, b] of pairs) {
    if (a === b) {
      const acc = at(a, a);
      const [w0, w1, d] = [wilson(acc.winners[0], acc.n), wilson(acc.winners[1], acc.n), wilson(acc.winners[2], acc.n)];
      seats.push({ doctrine: a, wins: [w0, w1], draws: d, advantage: advantageOf(w0.p, w1.p, acc.n) });
      continue;
    }
    const asSide0 = at(a, b); // a plays side 0
    const asSide1 = at(b, a); // a plays side 1
    const wins = asSide0.winners[0] + asSide1.winners[1];
    const losses = asSide0.winners[1] + asSide1.winners[0];
    const draws = asSide0.winners[2] + asSide1.winners[2];
    matches.push({ doctrine: a, opponent: b, wins, losses, draws, ...wilson(wins, wins + losses + draws) });
  }
  return {
    format: 'volley-tournament/1',
    volley: VOLLEY_VERSION,
    scenario: req.file,
    ruleset,
    sides,
    seed: req.seed,
    engagementsPerPairing: req.engagements,
    doctrines: req.doctrines,
    matches,
    seats,
  };
}
