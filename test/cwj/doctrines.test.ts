import { describe, expect, it } from 'vitest';
import { CWJ_DOCTRINE_PRESETS, doctrineName, doctrineOf, resolveDoctrine } from '../../src/rules/cwj/doctrine.js';
import { findRuleset } from '../../src/rules/index.js';
import { runTournament } from '../../src/sim/studies/tournament.js';

const REAL = Object.keys(CWJ_DOCTRINE_PRESETS).filter((d) => !CWJ_DOCTRINE_PRESETS[d].params.random);

describe('doctrines (docs/architecture.md step 8)', () => {
  it('at least two real doctrines for each role, and a random-legal baseline', () => {
    expect(REAL.length).toBeGreaterThanOrEqual(4);
    const cwj = findRuleset('cwj')!;
    expect(cwj.doctrines.list.filter((d) => d.baseline).map((d) => d.name)).toEqual(['random-legal']);
    // Attack-minded (columns, counter: straight into contact) and defence-minded (hold, firefight: fire first).
    expect(new Set(REAL.map((d) => CWJ_DOCTRINE_PRESETS[d].params.assault))).toEqual(new Set(['column', 'fireFirst']));
    expect(new Set(REAL.map((d) => CWJ_DOCTRINE_PRESETS[d].params.defend))).toEqual(new Set(['hold', 'counter']));
  });
  it('a scenario names a preset and may override its parameters', () => {
    const d = doctrineOf({ preset: 'hold', cavalry: 'contact' });
    expect(d).toEqual({ ...resolveDoctrine('hold'), cavalry: 'contact' });
    expect(doctrineName(d)).toBe('hold with cavalry contact');
    expect(() => resolveDoctrine('nonsense')).toThrow(/unknown cwj doctrine/);
  });
  for (const [file, n] of [
    ['sims/cwj/common-a-village.scenario.yaml', 100],
    ['sims/cwj/meeting.scenario.yaml', 40],
  ] as const) {
    for (const d of REAL) {
      it(`${d} beats random-legal in ${file}, both ways round on the same dice: its score exceeds 1/2 by 4 standard errors (${2 * n} engagements)`, async () => {
        const t = await runTournament({ file, doctrines: [d, 'random-legal'], engagements: n, seed: 'doctrines', workers: 0 });
        const m = t.matches.find((x) => x.doctrine === d)!;
        const total = m.wins + m.losses + m.draws;
        const score = m.wins / total;
        expect(score - 0.5).toBeGreaterThan(4 * Math.sqrt(0.25 / total));
      });
    }
  }
});
