/**
 * Long check (`npm run test:long`): Age of Eagles' doctrines in the whole `volley tournament` (every
 * ordered pairing of its five doctrines, self-play seats included), 300 engagements a pairing, on the
 * meeting engagement and on common scenario A. Each real doctrine must beat the random-legal baseline
 * clearly (rulings 7; docs/rules/aoe.md, "Doctrines"): the 95% Wilson interval of its share of wins
 * above 75% on the meeting engagement and above 55% on the village, and 30 points above what
 * random-legal wins against it (seed 1813: 81-89% on the meeting engagement against random-legal's
 * 5-12%, 61-63% on the village against its 23-24%; docs/rules/aoe.md gives seed 1's). Random-legal no
 * longer walks its own units off the table, so it wins more than it did. test/aoe/doctrine.test.ts
 * keeps a smaller check in `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { runTournament } from '../../src/sim/studies/tournament.js';

const REAL = ['column-assault', 'fire-and-charge', 'stand-fast', 'counterattack'];

describe('Age of Eagles: every real doctrine beats random-legal in the full tournament', () => {
  for (const [file, floor] of [['sims/aoe/meeting.scenario.yaml', 0.75], ['sims/aoe/common-a-village.scenario.yaml', 0.55]] as const) {
    it(`${file}: 300 a pairing, seed 1813; each real doctrine's interval above ${Math.round(floor * 100)}% against random-legal, 30 points above the reverse`, async () => {
      const t = await runTournament({ file, engagements: 300, seed: 1813, workers: 2 });
      expect([...t.doctrines].sort()).toEqual([...REAL, 'random-legal'].sort());
      expect(t.seats).toHaveLength(5);
      for (const d of REAL) {
        const m = t.matches.find((x) => x.doctrine === d && x.opponent === 'random-legal')!;
        const back = t.matches.find((x) => x.doctrine === 'random-legal' && x.opponent === d)!;
        expect(m.n).toBe(600);
        expect(m.lo, `${d}: ${m.p}`).toBeGreaterThan(floor);
        expect(m.p - back.p, `${d}: ${m.p} against ${back.p}`).toBeGreaterThan(0.3);
      }
    });
  }
});
