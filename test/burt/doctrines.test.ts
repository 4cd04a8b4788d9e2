/**
 * Doctrines (src/rules/burt/doctrine/): each real doctrine must beat the random-legal baseline clearly
 * in `volley tournament` (docs/architecture.md, step 8). A doctrine plays the attacker and the defender
 * on the same dice (src/sim/studies/tournament.ts), here on scenario A. Every real doctrine's
 * tournament: test/long/burt-doctrines.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runTournament } from '../../src/sim/studies/tournament.js';
import { BURT_DOCTRINE_PRESETS, doctrineName, resolveDoctrine } from '../../src/rules/burt/doctrine/presets.js';

describe('doctrines', () => {
  const real = Object.entries(BURT_DOCTRINE_PRESETS).filter(([, p]) => p.role !== 'baseline').map(([n]) => n);

  it('two real doctrines attack (column-assault, firefight) and two defend (hold-and-fire, counter-attack), besides the random-legal baseline', () => {
    expect(real.filter((n) => BURT_DOCTRINE_PRESETS[n].role === 'attack')).toEqual(['column-assault', 'firefight']);
    expect(real.filter((n) => BURT_DOCTRINE_PRESETS[n].role === 'defend')).toEqual(['hold-and-fire', 'counter-attack']);
    expect(BURT_DOCTRINE_PRESETS['random-legal'].params.random).toBe(true);
  });

  it('a preset with overrides names itself by what it changes', () => {
    expect(doctrineName(resolveDoctrine('firefight'))).toBe('firefight');
    expect(doctrineName(resolveDoctrine('firefight', { closeTo: 5 }))).toBe('firefight with closeTo 5');
  });

  // One representative here; every real doctrine in test/long/burt-doctrines.test.ts.
  it.each(['hold-and-fire'])('%s beats random-legal clearly on scenario A: its 95% interval over 120 engagements (60 on each side) lies above 60%', async (name) => {
    const t = await runTournament({ file: 'sims/burt/common-a-village.scenario.yaml', doctrines: [name, 'random-legal'], engagements: 60, seed: 'doctrines', workers: 0 });
    const m = t.matches.find((x) => x.doctrine === name)!;
    expect(m.wins + m.losses + m.draws).toBe(120);
    expect(m.lo).toBeGreaterThan(0.6);
  });
});
