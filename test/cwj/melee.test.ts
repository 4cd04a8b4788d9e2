import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  cavalryCapApplies,
  MELEE_DISORDER,
  MELEE_ELIMINATE,
  MELEE_RETREAT,
  MELEE_STANDOFF,
  MELEE_TABLE,
  meleeKeepsContact,
  meleeLoser,
  meleeResult,
  newMeleeRoll,
  resolveMelee,
  sideMeleeModifier,
  sideMeleeTotal,
  unitMeleeValue,
  type MeleeUnit,
} from '../../src/rules/cwj/melee.js';

describe('Melee table ([Melee] l.231-253)', () => {
  it('[Melee] l.251-253: a difference of 0 is a standoff (all disordered, stay in contact)', () => {
    expect(meleeResult(0, false)).toBe(MELEE_STANDOFF);
  });
  it('[Melee] l.247-249: 1: the loser is disordered and stays in contact', () => {
    expect(meleeResult(1, false)).toBe(MELEE_DISORDER);
    expect(meleeResult(-1, false)).toBe(MELEE_DISORDER);
  });
  it('[Melee] l.243-245: 2-4: the loser retreats 20 cm, disordered', () => {
    for (const d of [2, 3, 4, -4]) expect(meleeResult(d, false)).toBe(MELEE_RETREAT);
    expect(MELEE_TABLE.retreatCm).toBe(20);
  });
  it('[Melee] l.240-241: 5+: the loser is eliminated', () => {
    for (const d of [5, 6, 11, -7]) expect(meleeResult(d, false)).toBe(MELEE_ELIMINATE);
  });
  it('[Melee] l.239: capped, a difference of 5+ counts as 4 (retreat)', () => {
    for (const d of [5, 8, 12]) expect(meleeResult(d, true)).toBe(MELEE_RETREAT);
    expect(meleeResult(1, true)).toBe(MELEE_DISORDER);
    expect(meleeResult(0, true)).toBe(MELEE_STANDOFF);
  });
  it('[Melee] l.229-230: the lower total loses; equal totals have no loser', () => {
    expect(meleeLoser(5, 7)).toBe(0);
    expect(meleeLoser(9, 7)).toBe(1);
    expect(meleeLoser(7, 7)).toBe(-1);
  });
  it('[Melee] l.247-254: a standoff or a 1 keeps contact; a retreat or elimination breaks it', () => {
    expect(meleeKeepsContact(MELEE_STANDOFF)).toBe(true);
    expect(meleeKeepsContact(MELEE_DISORDER)).toBe(true);
    expect(meleeKeepsContact(MELEE_RETREAT)).toBe(false);
    expect(meleeKeepsContact(MELEE_ELIMINATE)).toBe(false);
  });
});

describe('Melee modifiers ([Melee] l.236-239)', () => {
  const line: MeleeUnit = { factor: 4, arm: 'infantry', formation: 'line', disordered: false, flankOrRear: false, generalServes: false };
  it('[Melee] l.228: a unit\'s value is its melee factor when nothing applies', () => {
    expect(unitMeleeValue(line, false)).toBe(4);
  });
  it('[Melee] l.236: disordered -2, hit in flank or rear -2', () => {
    expect(unitMeleeValue({ ...line, disordered: true }, false)).toBe(2);
    expect(unitMeleeValue({ ...line, flankOrRear: true }, false)).toBe(2);
    expect(unitMeleeValue({ ...line, disordered: true, flankOrRear: true }, false)).toBe(0);
  });
  it('[Melee] l.236-237: infantry neither in square nor in a defensive area, against cavalry, -2', () => {
    expect(unitMeleeValue(line, true)).toBe(2);
    expect(unitMeleeValue({ ...line, formation: 'column' }, true)).toBe(2);
    expect(unitMeleeValue({ ...line, formation: 'deployed' }, true)).toBe(4);
  });
  it('[Melee] l.238: a square against cavalry +4 (and no -2)', () => {
    expect(unitMeleeValue({ ...line, formation: 'square' }, true)).toBe(8);
    expect(unitMeleeValue({ ...line, formation: 'square' }, false)).toBe(4);
  });
  it('[Melee] l.236-238: cavalry and artillery take neither the -2 nor the +4', () => {
    expect(unitMeleeValue({ ...line, arm: 'cavalry', factor: 5 }, true)).toBe(5);
    expect(unitMeleeValue({ ...line, arm: 'artillery', formation: 'unlimbered', factor: 2 }, true)).toBe(2);
  });
  it('[Melee] l.238, [Gen] l.289-290: an attached general of the unit\'s arm +1', () => {
    expect(unitMeleeValue({ ...line, generalServes: true }, false)).toBe(5);
  });
  it('[Melee] l.237-238, cwj.villageWall: a wall or fortification +1, uphill +1; a village counts only under villageWall', () => {
    expect(sideMeleeModifier(false, false, false, false)).toBe(0);
    expect(sideMeleeModifier(true, false, false, false)).toBe(1);
    expect(sideMeleeModifier(false, false, true, false)).toBe(1);
    expect(sideMeleeModifier(true, false, true, false)).toBe(2);
    expect(sideMeleeModifier(false, true, false, false)).toBe(0);
    expect(sideMeleeModifier(false, true, false, true)).toBe(1);
    expect(sideMeleeModifier(true, true, false, true)).toBe(1); // once per side
  });
});

describe('Several units a side ([Melee] l.228, cwj.meleeMultiUnit)', () => {
  it('cwj.meleeMultiUnit = sum: the units\' values add, then the side modifier', () => {
    expect(sideMeleeTotal([4, 2, 5], 3, 1, 'sum')).toBe(12);
    expect(sideMeleeTotal([4, 2, 5, 99], 3, 0, 'sum')).toBe(11); // only n values read
  });
  it('cwj.meleeMultiUnit = bestPlusOne: the best value, +1 for each other unit', () => {
    expect(sideMeleeTotal([4, 2, 5], 3, 1, 'bestPlusOne')).toBe(5 + 2 + 1);
    expect(sideMeleeTotal([3], 1, 0, 'bestPlusOne')).toBe(3);
  });
  it('[Melee] l.228: one unit a side is the same under both readings', () => {
    for (const v of [-2, 0, 7]) expect(sideMeleeTotal([v], 1, 1, 'sum')).toBe(sideMeleeTotal([v], 1, 1, 'bestPlusOne'));
  });
});

describe('cwj.cavalryCap ([Melee] l.239)', () => {
  it('loser (default): a losing cavalry unit is capped, whoever beat it', () => {
    expect(cavalryCapApplies('loser', true, false)).toBe(true);
    expect(cavalryCapApplies('loser', false, true)).toBe(false);
  });
  it('winner: a side of cavalry alone never eliminates', () => {
    expect(cavalryCapApplies('winner', false, true)).toBe(true);
    expect(cavalryCapApplies('winner', true, false)).toBe(false);
  });
  it('both and none', () => {
    expect(cavalryCapApplies('both', true, false)).toBe(true);
    expect(cavalryCapApplies('both', false, true)).toBe(true);
    expect(cavalryCapApplies('both', false, false)).toBe(false);
    expect(cavalryCapApplies('none', true, true)).toBe(false);
  });
});

describe('resolveMelee ([Melee] l.228-253)', () => {
  it('[Melee] l.228-230: one d6 a side from its own stream; replayed on second streams of the same seeds', () => {
    const u0 = aleaStream('cwj-melee-a');
    const u1 = aleaStream('cwj-melee-b');
    const v0 = aleaStream('cwj-melee-a');
    const v1 = aleaStream('cwj-melee-b');
    const out = newMeleeRoll();
    for (let i = 0; i < 2000; i++) {
      const t0 = i % 7;
      const t1 = 3;
      const cap1 = i % 3 === 0;
      const r = resolveMelee(u0, u1, t0, t1, false, cap1, out);
      const a = t0 + 1 + Math.floor(v0() * 6);
      const b = t1 + 1 + Math.floor(v1() * 6);
      expect(out.difference).toBe(a - b);
      expect(out.loser).toBe(a < b ? 0 : a > b ? 1 : -1);
      const d = Math.abs(a - b);
      const want = d === 0 ? MELEE_STANDOFF : d === 1 ? MELEE_DISORDER : d <= 4 || (a > b && cap1) ? MELEE_RETREAT : MELEE_ELIMINATE;
      expect(r).toBe(want);
      expect(out.result).toBe(want);
    }
  });
});
