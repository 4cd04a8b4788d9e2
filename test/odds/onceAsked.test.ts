/**
 * onceAsked (src/core/ruleset.ts): an odds question's sampler keeps what it works out before its dice
 * for the parameters and options it is asked with; a draw must not change what is kept.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { onceAsked, resolveOptions, type ResolvedOptions } from '../../src/core/ruleset.js';
import { RULESETS } from '../../src/rules/index.js';

describe('onceAsked: what a sampler works out before its dice, kept for the same parameters and options', () => {
  it.each(RULESETS.filter((r) => r.odds).map((r) => [r.id, r] as const))('%s: draws asked with the same objects again and again are those of fresh copies (nothing kept is changed by a draw)', (_, rs) => {
    const options = resolveOptions(rs.options, {});
    for (const q of rs.odds!.questions) {
      q.examples.forEach((params, k) => {
        for (let i = 0; i < 200; i++) {
          const kept = q.sample(params, options, EngagementDice.for('once-asked', `${q.id}-${k}`, i));
          const fresh = q.sample(structuredClone(params), { ...options }, EngagementDice.for('once-asked', `${q.id}-${k}`, i));
          expect(kept, `${q.id} #${k}, draw ${i}`).toEqual(fresh);
        }
      });
    }
  });

  it('makes once per parameters and options, and again for others', () => {
    let made = 0;
    const asked = onceAsked((p: { n: number }, o: ResolvedOptions) => ({ n: p.n, o, made: ++made }));
    const p = { n: 1 };
    const o = { 'x.a': 1 };
    expect(asked(p, o)).toBe(asked(p, o));
    expect(made).toBe(1);
    asked({ n: 1 }, o);
    asked(p, { 'x.a': 1 });
    expect(made).toBe(3);
  });
});
