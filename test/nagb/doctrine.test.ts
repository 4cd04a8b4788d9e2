/**
 * NAGB doctrines (src/rules/nagb/doctrine.ts, ./play/ai.ts): presets and overrides, and each real
 * doctrine against the random-legal baseline in `volley tournament`'s own study (both seats, the same
 * dice): its share of wins must be above one half by more than 4 standard errors.
 */
import { describe, expect, it } from 'vitest';
import { DOCTRINE_PRESETS, doctrineName, resolveDoctrine } from '../../src/rules/nagb/doctrine.js';
import { runTournament } from '../../src/sim/studies/tournament.js';

describe('NAGB doctrines', () => {
  it('a preset by name, overrides on top of it, and the name of a doctrine that differs', () => {
    expect(resolveDoctrine('hold-and-volley').square).toBe('early');
    const d = resolveDoctrine({ preset: 'column-assault', square: 'never', chargeMargin: 2 });
    expect([d.square, d.chargeMargin, d.generalAdvance]).toEqual(['never', 2, true]);
    expect(doctrineName(d)).toBe('column-assault with chargeMargin 2, square never');
    expect(doctrineName(resolveDoctrine('random-legal'))).toBe('random-legal');
    expect(Object.values(DOCTRINE_PRESETS).filter((p) => p.params.random).length).toBe(1);
  });

  const real = Object.keys(DOCTRINE_PRESETS).filter((n) => !DOCTRINE_PRESETS[n].params.random);
  it.each(real)('%s beats random-legal in scenario B, playing both sides on the same dice (wins above 1/2 by 4 standard errors)', async (name) => {
    const n = 80;
    const t = await runTournament({ file: 'sims/nagb/common-b-open.scenario.yaml', doctrines: [name, 'random-legal'], engagements: n, seed: 'doctrine-test', workers: 0 });
    const m = t.matches.find((x) => x.doctrine === name)!;
    const games = m.wins + m.losses + m.draws;
    expect(games).toBe(2 * n);
    expect(m.wins / games - 0.5).toBeGreaterThan(4 * Math.sqrt(0.25 / games));
  });
});
