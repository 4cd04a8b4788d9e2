import { describe, expect, it } from 'vitest';
import { compileAssault, type AssaultScenario } from '../../src/rules/aor/engagement.js';
import {
  boundMorale,
  groupMoraleUnit,
  passesCheck,
  passProbability,
  situationalModifier,
  unitMorale,
} from '../../src/rules/aor/morale.js';
import type { AssaultUnit } from '../../src/rules/aor/schema.js';
import { options, spec, state } from './helpers.js';

describe('Morale check (2.3)', () => {
  it('2.3: morale 0 fails on every roll', () => {
    for (let r = 1; r <= 6; r++) expect(passesCheck(r, 0)).toBe(false);
    expect(passProbability(0)).toBe(0);
    expect(passProbability(-2)).toBe(0);
  });
  it('2.3: morale 6 passes on every roll (and so does anything higher)', () => {
    for (let r = 1; r <= 6; r++) expect(passesCheck(r, 6)).toBe(true);
    expect(passProbability(6)).toBe(1);
    expect(passProbability(8)).toBe(1);
  });
  it('2.3: morale 4 passes on 1-4 and fails on 5-6 (a roll equal to morale passes)', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => passesCheck(r, 4))).toEqual([true, true, true, true, false, false]);
    expect(passProbability(4)).toBeCloseTo(4 / 6, 12);
  });
  it('2.3: passProbability(m) equals the share of faces 1..6 that pass, for m = -1..7', () => {
    for (let m = -1; m <= 7; m++) {
      const passing = [1, 2, 3, 4, 5, 6].filter((r) => passesCheck(r, m)).length;
      expect(passProbability(m)).toBeCloseTo(passing / 6, 12);
    }
  });
});

describe("A unit's own morale (2.2, Morale Modifiers table)", () => {
  it('2.2: an undamaged unit checks at its rating', () => {
    const st = state(spec('a', 0, 'infantry', 6, { morale: 5 }));
    expect(unitMorale(st, 0)).toBe(5);
  });
  it('2.2: a unit down a step has -1', () => {
    const st = state(spec('a', 0, 'infantry', 6, { morale: 4, damaged: true }));
    expect(unitMorale(st, 0)).toBe(3);
  });
  it('2.2: the step-loss -1 applies once the unit is flipped during play', () => {
    const st = state(spec('a', 0, 'infantry', 6, { morale: 4 }));
    st.steps[0] = 1;
    expect(unitMorale(st, 0)).toBe(3);
  });
  it('Morale Modifiers: a steadfast (British/KGL) unit has no step-loss -1', () => {
    const st = state(spec('a', 0, 'infantry', 6, { morale: 4, damaged: true, steadfast: true }));
    expect(unitMorale(st, 0)).toBe(4);
  });
  it('2.2 / 6.1: a one-step unit is never "damaged", so it has no step-loss -1', () => {
    const st = state(spec('g', 0, 'artillery', 3, { morale: 4 }));
    expect(unitMorale(st, 0)).toBe(4);
  });
  it('2.2: a demoralized formation gives -1 on top of the step loss', () => {
    const st = state(spec('a', 0, 'infantry', 6, { morale: 4, damaged: true }));
    st.demoralized[0] = 1;
    expect(unitMorale(st, 0)).toBe(2);
  });
  it('12.2: March or Reserve orders give -1', () => {
    const st = state(spec('a', 0, 'infantry', 6, { morale: 4 }));
    st.ordersPenalty[0] = 1;
    expect(unitMorale(st, 0)).toBe(3);
    st.demoralized[0] = 1;
    expect(unitMorale(st, 0)).toBe(2);
  });

  const unit = (id: string): AssaultUnit => ({ id, kind: 'infantry', strength: 4, damaged: false, disrupted: false, morale: 4, flags: [] });
  const scenario = (att: AssaultScenario['attacker']['orders'], def: AssaultScenario['defender']['orders'], defDemoralized = false): AssaultScenario => ({
    turns: 1,
    onTime: 'defender',
    attacker: {
      name: 'A',
      orders: att,
      demoralized: false,
      doctrine: 'stubborn',
      stacks: [{ hexside: 0, across: 'none', terrain: 'clear', movedAdjacent: false, units: [unit('a1')] }],
    },
    defender: { name: 'D', orders: def, demoralized: defDemoralized, doctrine: 'stubborn', terrain: 'clear', units: [unit('d1')] },
  });

  it('12.2: compiled orders give -1 for March and Reserve, none for Attack and Defend', () => {
    const expectations: [AssaultScenario['defender']['orders'], number][] = [
      ['attack', 4],
      ['defend', 4],
      ['march', 3],
      ['reserve', 3],
    ];
    for (const [orders, m] of expectations) {
      const c = compileAssault(scenario('attack', orders), options());
      expect(unitMorale(c.workspace.st, 1), orders).toBe(m);
      expect(unitMorale(c.workspace.st, 0)).toBe(4);
    }
  });
  it('2.2: a side compiled as demoralized has -1 on every unit', () => {
    const c = compileAssault(scenario('attack', 'defend', true), options());
    expect(unitMorale(c.workspace.st, 1)).toBe(3);
    expect(unitMorale(c.workspace.st, 0)).toBe(4);
  });
});

describe('Group morale (2.3; aor.groupMoraleFallback)', () => {
  it('2.3: a group checks with its highest-morale infantry even when a cavalry unit is higher', () => {
    const st = state(
      spec('c', 1, 'cavalry', 4, { morale: 6 }),
      spec('i1', 1, 'infantry', 6, { morale: 3 }),
      spec('i2', 1, 'infantry', 6, { morale: 5, damaged: true }), // effective 4
      spec('i3', 1, 'infantry', 6, { morale: 4 }), // effective 4; i2 came first
    );
    expect(groupMoraleUnit(st, [0, 1, 2, 3], 4, 'artillery')).toBe(2);
  });
  it('2.3: the choice uses effective morale (a damaged 5 loses to an undamaged 5)', () => {
    const st = state(spec('i1', 1, 'infantry', 6, { morale: 5, damaged: true }), spec('i2', 1, 'infantry', 6, { morale: 5 }));
    expect(groupMoraleUnit(st, [0, 1], 2, 'artillery')).toBe(1);
  });
  it('2.3: without infantry the highest cavalry checks, ahead of higher artillery', () => {
    const st = state(
      spec('g', 1, 'artillery', 3, { morale: 6 }),
      spec('c1', 1, 'cavalry', 4, { morale: 3 }),
      spec('c2', 1, 'cavalry', 4, { morale: 4 }),
    );
    expect(groupMoraleUnit(st, [0, 1, 2], 3, 'artillery')).toBe(2);
    expect(groupMoraleUnit(st, [0, 1, 2], 3, 'fails')).toBe(2);
  });
  it('2.3: artillery only: highest artillery (foot or horse) under `artillery`, -1 under `fails`', () => {
    const st = state(spec('g', 1, 'artillery', 3, { morale: 3 }), spec('h', 1, 'horseArtillery', 2, { morale: 5 }));
    expect(groupMoraleUnit(st, [0, 1], 2, 'artillery')).toBe(1);
    expect(groupMoraleUnit(st, [0, 1], 2, 'fails')).toBe(-1);
  });
  it('2.3: units that retreated or were eliminated do not count', () => {
    const st = state(spec('i', 1, 'infantry', 6, { morale: 6 }), spec('c', 1, 'cavalry', 4, { morale: 2 }), spec('i2', 1, 'infantry', 6, { morale: 5 }));
    st.retreated[0] = 1;
    st.steps[2] = 0;
    expect(groupMoraleUnit(st, [0, 1, 2], 3, 'artillery')).toBe(1);
  });
  it('2.3: an empty group has no unit to check with', () => {
    const st = state(spec('i', 1, 'infantry', 6));
    st.steps[0] = 0;
    expect(groupMoraleUnit(st, [0], 1, 'artillery')).toBe(-1);
  });
});

describe('Morale bounds (aor.moraleBounds; 2.2, 2.3)', () => {
  it("2.3 (aor.moraleBounds): 'none' leaves any value alone", () => {
    for (const m of [-3, 0, 1, 4, 5, 6, 9]) expect(boundMorale(m, 'none')).toBe(m);
  });
  it("2.3 (aor.moraleBounds): '1-5' keeps modified morale between 1 and 5", () => {
    expect([-3, 0, 1, 3, 5, 6, 9].map((m) => boundMorale(m, '1-5'))).toEqual([1, 1, 1, 3, 5, 5, 5]);
  });
});

describe('Situational modifiers (Morale Modifiers table, 7.6 Flanking)', () => {
  const none = { flanked: false, firedOnByArtillery: false, attackedByOldGuard: false };
  it('7.6: flank attack is -2', () => expect(situationalModifier({ ...none, flanked: true })).toBe(-2));
  it('Morale Modifiers: fired at by artillery in normal combat is -1', () =>
    expect(situationalModifier({ ...none, firedOnByArtillery: true })).toBe(-1));
  it('Morale Modifiers: attacked by Old Guard infantry is -1', () =>
    expect(situationalModifier({ ...none, attackedByOldGuard: true })).toBe(-1));
  it('Morale Modifiers: all three add up to -4; none is 0', () => {
    expect(situationalModifier(none)).toBe(0);
    expect(situationalModifier({ flanked: true, firedOnByArtillery: true, attackedByOldGuard: true })).toBe(-4);
  });
});
