import { describe, expect, it } from 'vitest';
import { armyDemoralised, armyMoraleStart, dropArmyMorale, reachedZeroNow } from '../../src/rules/burt/armyMorale.js';
import { levelAfterTest, moraleModifier, type MoraleSituation } from '../../src/rules/burt/morale.js';
import { DEFAULT_BURT_OPTIONS as O } from '../../src/rules/burt/options.js';
import { FORMED, UNFORMED } from '../../src/rules/burt/tables.js';

describe('Army morale (10)', () => {
  it('10 (burt.armyMoraleStart): one per unit, or a given number', () => {
    expect(armyMoraleStart('units', 5)).toBe(5);
    expect(armyMoraleStart(3, 5)).toBe(3);
  });
  it('10: each rout or unit leaving RESERVE costs one; it stops at 0', () => {
    expect(dropArmyMorale(5)).toBe(4);
    expect(dropArmyMorale(5, 2)).toBe(3);
    expect(dropArmyMorale(1, 3)).toBe(0);
    expect(dropArmyMorale(0)).toBe(0);
  });
  it('10: the drop that first reaches 0 calls every unit to test; later drops do not', () => {
    expect(reachedZeroNow(1, 0)).toBe(true);
    expect(reachedZeroNow(2, 0)).toBe(true);
    expect(reachedZeroNow(0, 0)).toBe(false);
    expect(reachedZeroNow(3, 2)).toBe(false);
  });
  it('10: an army at 0 is demoralised: every test, the mass test included, has -1; failing it loses a level', () => {
    expect(armyDemoralised(0)).toBe(true);
    expect(armyDemoralised(1)).toBe(false);
    const s: MoraleSituation = {
      figures: 24, startFigures: 24, level: FORMED, nearestVisibleEnemy: 10, chargingSkirmishersOrRouters: false, chargingFlankOrRear: false,
      commanderInChief: false, subordinateGeneral: false, commandElement: false, formation: 'line', supported: false, cover: 'none',
      advancingOrPushingBack: false, retiringOrPushedBack: false, secureFlank: false, casualtiesThisTurn: false, armyDemoralised: armyDemoralised(0),
    };
    expect(moraleModifier(s, 'armyMorale', O)).toBe(-1);
    expect(levelAfterTest(FORMED, 'armyMorale', false)).toBe(UNFORMED);
  });
});
