/** The battle readings made options: aor.riverAssault and aor.targetRuleOrder (7.3). */
import { describe, expect, it } from 'vitest';
import { assaultTargets, planAttacks } from '../../src/rules/aor/battle/combat.js';
import { battle, mapWith } from './helpers.js';

describe('aor.riverAssault (Terrain Effects: no River row; 5.4)', () => {
  const set = (value: string) =>
    battle({
      map: mapWith(6, 3),
      units: [
        { id: 'A', side: 0, at: '2,1' },
        { id: 'D', side: 1, at: '3,1' },
      ],
      rivers: ['3,1/W'],
      options: { 'aor.riverAssault': value },
      supplyRule: false,
    });
  it('forbidden (default): no assault across a river without a bridge', () => {
    const t = set('forbidden');
    expect(assaultTargets(t.b, t.h('2,1'), 0)).toEqual([]);
  });
  it('asStream: the river may be assaulted across, as a stream', () => {
    const t = set('asStream');
    expect(assaultTargets(t.b, t.h('2,1'), 0)).toEqual([t.h('3,1')]);
  });
});

describe('aor.targetRuleOrder (7.3)', () => {
  // A1 at 5,0 can only attack X (infantry, 4,1) and goes first; A2 at 3,1 may attack X or Y (cavalry, 4,2).
  const set = (value: string) =>
    battle({
      map: mapWith(8, 4),
      units: [
        { id: 'A1', side: 0, at: '5,0' },
        { id: 'A2', side: 0, at: '3,1' },
        { id: 'X', side: 1, at: '4,1' },
        { id: 'Y', side: 1, at: '4,2', kind: 'cavalry' },
      ],
      options: { 'aor.targetRuleOrder': value },
      supplyRule: false,
    });
  const plan = (value: string) => {
    const t = set(value);
    t.b.computeZoc();
    const p = planAttacks(t.b, 0, (_h, o) => o[0], () => false);
    return { t, target: p.get(t.h('3,1')) };
  };
  it('distributionFirst (default): A2 spreads the attack to the unattacked cavalry', () => {
    const { t, target } = plan('distributionFirst');
    expect(target).toBe(t.h('4,2'));
  });
  it('priorityFirst: A2, a stack with infantry, must take infantry before cavalry and joins the attack on X', () => {
    const { t, target } = plan('priorityFirst');
    expect(target).toBe(t.h('4,1'));
  });
});
