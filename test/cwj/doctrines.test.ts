import { describe, expect, it } from 'vitest';
import { CWJ_DOCTRINE_PRESETS, doctrineName, doctrineOf, resolveDoctrine } from '../../src/rules/cwj/doctrine.js';
import { findRuleset } from '../../src/rules/index.js';
import { scoreAgainstRandom } from './versusRandom.js';

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
  // A fast representative check: every real doctrine in A, two in the meeting engagement, on few
  // engagements (the scores are near 97%, far above the 4-SE bar even at 60 and 30 engagements). The
  // same check on more engagements, every doctrine in both scenarios, is test/long/cwj-doctrines.test.ts.
  for (const [file, n, doctrines] of [
    ['sims/cwj/common-a-village.scenario.yaml', 30, REAL],
    ['sims/cwj/meeting.scenario.yaml', 15, ['columns', 'hold']],
  ] as const) {
    for (const d of doctrines) {
      it(`${d} beats random-legal in ${file}, both ways round on the same dice: its score exceeds 1/2 by 4 standard errors (${2 * n} engagements)`, async () => {
        expect(await scoreAgainstRandom(file, d, n)).toBeGreaterThan(0);
      });
    }
  }
});
