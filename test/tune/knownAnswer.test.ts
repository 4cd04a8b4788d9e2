/**
 * `volley tune` on cases with a known answer (issue 6, item 4; docs/files.md, "volley tune"):
 * - a whole-number parameter: the defender's morale in one round of assault, where `volley odds`
 *   gives the exact chance that the defender retreats (7.4: a failed check after hits) for every
 *   morale; the tune must find the morale whose exact chance is the target;
 * - a real parameter: victory points per eliminated strength point (18), which changes nothing in
 *   play, so on the same dice a side's mean victory points is exactly linear in it; two plain runs give
 *   the value that meets the target, and the tune must land on it, with an interval as wide as the
 *   standard error over the slope says.
 */
import { AOR_VOCABULARY } from '../../src/rules/aor/vocabulary.js';
import type { AssaultScenario } from '../../src/rules/aor/engagement.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAssault } from '../../src/rules/aor/engagement.js';
import { assaultOdds } from '../../src/rules/aor/odds.js';
import { aorOptions } from '../../src/rules/aor/options.js';
import { findRuleset } from '../../src/rules/index.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { runPlan } from '../../src/sim/engine/runner.js';
import { prepareTune, type TuneResults } from '../../src/sim/studies/tune.js';
import { runTune } from '../../src/sim/studies/tuneRun.js';
import { summarizeCell } from '../../src/stats/summary.js';

const ONE_ROUND = 'test/tune/one-round.scenario.yaml';
const SKIRMISH = 'test/tune/skirmish.scenario.yaml';

/** The exact chance that the lone defender retreats in the round, at each morale. */
function exactRetreat(morale: number): number {
  const { scenario } = loadScenario(ONE_ROUND);
  if (scenario.engagement !== 'assault') throw new Error('expected an assault');
  const s = structuredClone(scenario) as unknown as AssaultScenario & typeof scenario;
  s.defender.units[0].morale = morale;
  const cell = singleCell(s);
  const d = assaultOdds(compileAssault(s, aorOptions(cell.options))).defender;
  return d.retreatsVoluntarily + d.retreatsOnFailedCheck;
}

describe('tuning a whole-number parameter against the exact odds (7.4, volley odds)', () => {
  const N = 3000;
  const p = Array.from({ length: 11 }, (_, m) => exactRetreat(m));
  const se = (q: number) => Math.sqrt((q * (1 - q)) / N);

  it('finds the morale whose exact retreat chance is the target, alone in its interval', async () => {
    // The neighbours' exact chances lie 1.96 + 2.5 of their standard errors from the target or more,
    // so their intervals leave it out: an interval that holds them, or a search that stops beside the
    // answer, fails.
    expect(p[3] - p[4]).toBeGreaterThan((1.96 + 2.5) * se(p[3]));
    expect(p[4] - p[5]).toBeGreaterThan((1.96 + 2.5) * se(p[5]));
    // The answer's own interval holds the target in 95% of seeds, not all: under the dice scheme
    // alea-mix32/int-key/2 the seed 'tune-int' draws morale 4's estimate 2.4 standard errors low (with
    // every other morale, on the same dice), a 1.5% tail; this seed draws it 0.2 low.
    const prep = prepareTune({ file: ONE_ROUND, param: 'defender.units[*].morale', target: `side[Grey].retreatRate = ${p[4]}`, range: '1..7', engagements: N, seed: 'tune-int-2' });
    expect(prep.param.integer).toBe(true);
    const r = await runTune(prep, { workers: 0 });
    expect(r.method.name).toBe('every candidate');
    expect(r.chosen.x).toBe(4);
    expect(r.interval).toMatchObject({ lo: 4, hi: 4, kind: 'contains' });
    // Every value's estimate agrees with its exact chance within 4 standard errors.
    for (const pt of r.points) expect(Math.abs(pt.value - p[pt.x]), `morale ${pt.x}`).toBeLessThanOrEqual(4 * se(p[pt.x]) + 1e-12);
  });

  it('bisection on the same dice finds the nearest morale of a wide search', async () => {
    // A target a fifth of the way from p(2) to p(3): morale 2 is nearest by 3 standard errors or more.
    const target = p[2] - 0.2 * (p[2] - p[3]);
    expect(0.6 * (p[2] - p[3])).toBeGreaterThan(3 * se(target));
    const prep = prepareTune({ file: ONE_ROUND, param: 'defender.units[*].morale', target: `side[1].retreatRate = ${target}`, range: '1..7', engagements: N, seed: 'tune-int' });
    const r = await runTune(prep, { workers: 0, everyCandidateUpTo: 3 });
    expect(r.method.name).toBe('bisection');
    expect(r.chosen.x).toBe(2);
    expect(r.points.length).toBeLessThan(7);
  });

  it('without --workers (autoStart) short rounds play in this thread and search the same', async () => {
    const target = p[2] - 0.2 * (p[2] - p[3]);
    const prep = prepareTune({ file: ONE_ROUND, param: 'defender.units[*].morale', target: `side[1].retreatRate = ${target}`, range: '1..7', engagements: N, seed: 'tune-int' });
    const started: number[] = [];
    const auto = await runTune(prep, { workers: 2, autoStart: true, everyCandidateUpTo: 3, onWorkers: (n) => started.push(n) });
    expect(started).toEqual([]);
    expect(auto).toEqual(await runTune(prep, { workers: 0, everyCandidateUpTo: 3 }));
  });

  it('without --workers, once a round starts the workers, the later rounds play on one pool of a worker fewer, this thread beside it, and search the same', async () => {
    const target = p[2] - 0.2 * (p[2] - p[3]);
    const prep = prepareTune({ file: ONE_ROUND, param: 'defender.units[*].morale', target: `side[1].retreatRate = ${target}`, range: '1..7', engagements: N, seed: 'tune-int' });
    const started: [number, number][] = [];
    // Thresholds of 0: the first round starts its workers after this thread's second batch.
    const auto = await runTune(prep, { workers: 3, autoStart: { warmMs: 0, restMs: 0 }, everyCandidateUpTo: 3, onWorkers: (n, t) => started.push([n, t]) });
    expect(started).toEqual([[2, 3]]);
    expect(auto).toEqual(await runTune(prep, { workers: 0, everyCandidateUpTo: 3 }));
    // Workers told to inject a fault (the test hook, here one that changes nothing) play every batch:
    // the first round's pool is a full one (here of 1), and so is the one the later rounds share.
    process.env.VOLLEY_FAULT = 'delay:ms=0';
    const full: [number, number][] = [];
    try {
      const hooked = await runTune(prep, { workers: 1, autoStart: { warmMs: 0, restMs: 0 }, everyCandidateUpTo: 3, onWorkers: (n, t) => full.push([n, t]) });
      expect(hooked).toEqual(auto);
    } finally {
      delete process.env.VOLLEY_FAULT;
    }
    expect(full).toEqual([[1, 1]]);
  });
});

describe('tuning a real parameter on common random numbers (18: victory points are linear in the points per strength)', () => {
  const N = 200;
  const SEED = 'tune-real';
  const TARGET = 7;
  let r: TuneResults;
  let f0: number;
  let f1: number;

  /** Blue's mean victory points at eliminationVp = e, from a plain run of the scenario file. */
  async function blueVp(e: number, seed: string | number, n: number): Promise<number> {
    const data = structuredClone(loadScenario(SKIRMISH).src.data) as { victory: { eliminationVp: number } };
    data.victory.eliminationVp = e;
    const scenario = scenarioSchema.parse(data);
    const cell = singleCell(scenario);
    const [acc] = await runPlan(
      { rulesetId: 'aor', seed, engagements: n, batch: 500, cells: [{ index: 0, rngKey: 'cell', scenario, options: cell.options }], checkInvariants: false },
      { workers: 0 },
    );
    const rs = findRuleset('aor')!;
    return summarizeCell(acc, rs.describe(rs.compile(scenario, cell.options)), rs.vocabulary).sides[0].victoryPoints.mean;
  }

  beforeAll(async () => {
    [f0, f1] = [await blueVp(0, SEED, N), await blueVp(1, SEED, N)];
    const prep = prepareTune({ file: SKIRMISH, param: 'victory.eliminationVp', target: `side[Blue].victoryPoints = ${TARGET}`, range: '0..4', engagements: N, seed: SEED });
    expect(prep.param.integer).toBe(false);
    r = await runTune(prep, { workers: 0 });
  });

  it('lands on the value two plain runs give, with the interval the standard error over the slope gives', () => {
    const root = (TARGET - f0) / (f1 - f0);
    expect(root).toBeGreaterThan(0.5);
    expect(root).toBeLessThan(3.5);
    const tol = r.method.resolution;
    expect(tol).toBeCloseTo(0.04, 12);
    expect(r.reached).toBe(true);
    expect(Math.abs(r.chosen.x - root)).toBeLessThanOrEqual(tol);
    // Every value tried lies on the line through f0 and f1 (the same dice: the same engagements).
    for (const pt of r.points) expect(pt.value).toBeCloseTo(f0 + pt.x * (f1 - f0), 9);
    // The interval: where the line is within 1.96 standard errors of the target, to the tolerance.
    const half = (1.96 * r.chosen.se) / (f1 - f0);
    expect(r.interval!.kind).toBe('contains');
    expect(Math.abs(r.interval!.lo - (root - half))).toBeLessThanOrEqual(2 * tol);
    expect(Math.abs(r.interval!.hi - (root + half))).toBeLessThanOrEqual(2 * tol);
  });

  it('its interval holds the value found on other dice with four times the engagements (95%)', async () => {
    const [g0, g1] = [await blueVp(0, 'other dice', 4 * N), await blueVp(1, 'other dice', 4 * N)];
    const elsewhere = (TARGET - g0) / (g1 - g0);
    expect(elsewhere).toBeGreaterThanOrEqual(r.interval!.lo);
    expect(elsewhere).toBeLessThanOrEqual(r.interval!.hi);
  });
});
