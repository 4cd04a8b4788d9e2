/**
 * Invariants under charges (7.6-7.11): 300 engagements of sims/cavalry-vs-squares.scenario.yaml under
 * each reading of aor.squareEffect, with checkInvariants on; and the charges really happen there.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { compileBattle, type CompiledBattle } from '../../src/rules/aor/battle/compile.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { aorOptions } from '../../src/rules/aor/options.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';

const FILE = fileURLToPath(new URL('../../sims/cavalry-vs-squares.scenario.yaml', import.meta.url));

function compiled(options: Record<string, string | boolean> = {}): CompiledBattle {
  const cell = singleCell(loadScenario(FILE).scenario);
  return compileBattle(cell.scenario as unknown as BattleScenario, aorOptions({ ...cell.options, ...options }));
}

describe('battle invariants with cavalry charges (cavalry-vs-squares)', () => {
  for (const effect of ['7.6', '7.10'] as const) {
    it(`300 engagements under aor.squareEffect=${effect} with checkInvariants never throw`, () => {
      const c = compiled({ 'aor.squareEffect': effect });
      expect(c.options.squareEffect).toBe(effect);
      let charges = 0, squares = 0, formed = 0;
      for (let i = 0; i < 300; i++) {
        const res = playBattle(c, new EngagementDice(`charge-invariants/${effect}/${i}`), { checkInvariants: true });
        expect(res.turns).toBeGreaterThanOrEqual(1);
        expect(res.turns).toBeLessThanOrEqual(c.turns);
        expect(res.extras.squaresFormed).toBeLessThanOrEqual(res.extras.squareChecks);
        charges += res.extras['charges.0'] + res.extras['charges.1'];
        squares += res.extras.squareChecks;
        formed += res.extras.squaresFormed;
      }
      // The scenario exercises what it is meant to.
      expect(charges).toBeGreaterThan(0);
      expect(squares).toBeGreaterThan(0);
      expect(formed).toBeGreaterThan(0);
    });
  }
});
