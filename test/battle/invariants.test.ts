import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { compileBattle, type CompiledBattle } from '../../src/rules/aor/battle/compile.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { aorOptions } from '../../src/rules/aor/options.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';

const FILE = fileURLToPath(new URL('../../sims/village-assault.scenario.yaml', import.meta.url));

function compiled(options: Record<string, string | boolean> = {}): CompiledBattle {
  const cell = singleCell(loadScenario(FILE).scenario);
  return compileBattle(cell.scenario as unknown as BattleScenario, aorOptions({ ...cell.options, ...options }));
}

describe('battle invariants (village-assault)', () => {
  it('500 engagements with checkInvariants and distinct seeds never throw', () => {
    const c = compiled();
    const reasons = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const res = playBattle(c, new EngagementDice(`invariants/${i}`), { checkInvariants: true });
      reasons.add(res.reason);
      expect(res.turns).toBeGreaterThanOrEqual(1);
      expect(res.turns).toBeLessThanOrEqual(c.turns);
      for (const s of res.sides) expect(s.strengthByTurn.length).toBe(c.turns);
    }
    expect(reasons.size).toBeGreaterThan(0);
  });

  it('under other readings too (blocked retreats cost a step, hexside fire both ways, bombardment retreat checks)', () => {
    const c = compiled({ 'aor.blockedRetreat': 'stepLoss', 'aor.hexsideFire': 'both', 'aor.bombardmentRetreatCheck': true, 'aor.bombardStackBonus': true });
    for (let i = 0; i < 150; i++) playBattle(c, new EngagementDice(`variants/${i}`), { checkInvariants: true });
  });

  it('the same seed gives the same result twice (determinism), also after other engagements on the same workspace', () => {
    const c = compiled();
    const first = JSON.stringify(playBattle(c, new EngagementDice('same-seed')));
    for (let i = 0; i < 5; i++) playBattle(c, new EngagementDice(`other/${i}`));
    const again = JSON.stringify(playBattle(c, new EngagementDice('same-seed')));
    expect(again).toBe(first);
    const fresh = JSON.stringify(playBattle(compiled(), new EngagementDice('same-seed')));
    expect(fresh).toBe(first);
  });

  it('different seeds give different battles', () => {
    const c = compiled();
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) seen.add(JSON.stringify(playBattle(c, new EngagementDice(`spread/${i}`))));
    expect(seen.size).toBeGreaterThan(1);
  });
});
