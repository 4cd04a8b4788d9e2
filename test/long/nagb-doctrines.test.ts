/**
 * Long check (`npm run test:long`): every real NAGB doctrine beats the random-legal baseline in every
 * shipped scenario but B (scenario B is `npm test`'s representative check, test/nagb/doctrine.test.ts):
 * in `volley tournament`'s own study, both seats on the same dice, the doctrine's share of wins must be
 * above one half by more than 4 standard errors (the standard error of a share of one half, sqrt(1/4n)).
 */
import { describe, expect, it } from 'vitest';
import { DOCTRINE_PRESETS } from '../../src/rules/nagb/doctrine.js';
import { runTournament } from '../../src/sim/studies/tournament.js';

const SCENARIOS = ['common-a-village', 'common-c-cavalry', 'meeting'];
const REAL = Object.keys(DOCTRINE_PRESETS).filter((n) => !DOCTRINE_PRESETS[n].params.random);
/** Engagements per seat. */
const N = 150;

describe('NAGB doctrines against random-legal in every scenario', () => {
  const cases = SCENARIOS.flatMap((s) => REAL.map((d) => [d, s] as const));
  it.each(cases)('%s beats random-legal in %s, playing both sides on the same dice (wins above 1/2 by 4 standard errors)', async (name, scenario) => {
    const t = await runTournament({ file: `sims/nagb/${scenario}.scenario.yaml`, doctrines: [name, 'random-legal'], engagements: N, seed: 'nagb-long-doctrines', workers: 0 });
    const m = t.matches.find((x) => x.doctrine === name)!;
    const games = m.wins + m.losses + m.draws;
    expect(games).toBe(2 * N);
    expect(m.wins / games - 0.5).toBeGreaterThan(4 * Math.sqrt(0.25 / games));
  });
});
