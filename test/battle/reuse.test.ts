/**
 * One result object serves a batch's engagements one after the other (src/sim/engine/batch.ts): a
 * battle (4) played into a result used before must give what a fresh result gets, every extra and
 * tally back to 0 first.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { EngagementResult } from '../../src/core/result.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { compileBattle } from '../../src/rules/aor/battle/compile.js';
import { newBattleResult, playBattle } from '../../src/rules/aor/battle/play.js';
import { aorOptions } from '../../src/rules/aor/options.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';

const file = (name: string) => fileURLToPath(new URL(`../../sims/${name}`, import.meta.url));

describe('a battle played into a result used before', () => {
  for (const name of ['cavalry-vs-squares.scenario.yaml', 'corps-battle.scenario.yaml']) {
    it(`gives the fresh result's every figure, extras included (${name})`, () => {
      const cell = singleCell(loadScenario(file(name)).scenario);
      const c = compileBattle(cell.scenario as unknown as BattleScenario, aorOptions(cell.options));
      const out = newBattleResult(c);
      const nonZero = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const seed = `reuse/${name}/${i}`;
        const reused: EngagementResult = playBattle(c, new EngagementDice(seed), { out });
        const fresh = playBattle(c, new EngagementDice(seed));
        expect(JSON.stringify(reused), seed).toBe(JSON.stringify(fresh));
        for (const [k, v] of Object.entries(fresh.extras)) if (v !== 0) nonZero.add(k);
      }
      // Extras that a result left behind would show: several were counted.
      expect(nonZero.size).toBeGreaterThan(4);
    });
  }
});
