/**
 * Every real Burt doctrine against the random-legal baseline in `volley tournament` on scenario A
 * (docs/architecture.md, step 8): each plays 150 engagements as the attacker and 150 as the defender
 * on the same dice (src/sim/studies/tournament.ts). test/burt/doctrines.test.ts keeps one of them.
 */
import { describe, expect, it } from 'vitest';
import { runTournament } from '../../src/sim/studies/tournament.js';
import { BURT_DOCTRINE_PRESETS } from '../../src/rules/burt/doctrine/presets.js';

const REAL = Object.entries(BURT_DOCTRINE_PRESETS)
  .filter(([, p]) => p.role !== 'baseline')
  .map(([n]) => n);

describe('Burt doctrines against random-legal', () => {
  it.each(REAL)('%s beats random-legal clearly on scenario A: its 95% interval over 300 engagements (150 on each side) lies above 60%', async (name) => {
    const t = await runTournament({ file: 'sims/burt/common-a-village.scenario.yaml', doctrines: [name, 'random-legal'], engagements: 150, seed: 'doctrines-long', workers: 0 });
    const m = t.matches.find((x) => x.doctrine === name)!;
    expect(m.wins + m.losses + m.draws).toBe(300);
    expect(m.lo).toBeGreaterThan(0.6);
  });
});
