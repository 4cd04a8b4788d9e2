import { describe, expect, it } from 'vitest';
import { menLost, REMOVAL_HITS, removalThreshold, removedByHits, shakenByHits, standLossHits } from '../../src/rules/aoe/hits.js';

describe('Hits and removal (p3 Hits; aoe.removalHits, aoe.standLoss)', () => {
  it('p3 Hits: 5 hits remove a unit, 4 do not', () => {
    expect(REMOVAL_HITS).toBe(5);
    expect(removedByHits(4, removalThreshold('infantry', 6, 'five'))).toBe(false);
    expect(removedByHits(5, removalThreshold('infantry', 6, 'five'))).toBe(true);
  });
  it('aoe.removalHits five: every unit goes at 5, whatever its stands', () => {
    for (const [arm, stands] of [['infantry', 6], ['infantry', 3], ['cavalry', 4], ['cavalry', 2]] as const) expect(removalThreshold(arm, stands, 'five')).toBe(5);
  });
  it('aoe.removalHits prorated: a 3-stand battalion goes at 3 (rulings 7 C), a 6-stand unit still at 5', () => {
    expect(removalThreshold('infantry', 3, 'prorated')).toBe(3); // ceil(15 / 6)
    expect(removalThreshold('infantry', 6, 'prorated')).toBe(5);
    expect(removalThreshold('infantry', 4, 'prorated')).toBe(4); // ceil(20 / 6)
    expect(removalThreshold('infantry', 1, 'prorated')).toBe(1);
  });
  it('p3 Hits wins over the rulings formula: a standard 4-stand cavalry unit is still removed at 5 under prorated', () => {
    expect(removalThreshold('cavalry', 4, 'prorated')).toBe(5);
    expect(removalThreshold('cavalry', 2, 'prorated')).toBe(3); // ceil(10 / 4)
  });
  it('aoe.standLoss: losing a stand costs a hit (hit) or nothing (ignore)', () => {
    expect(standLossHits('hit')).toBe(1);
    expect(standLossHits('ignore')).toBe(0);
  });
  it('rulings 5: shaken at 3 and 4 hits (threshold 5); not at 2, nor once removed', () => {
    expect([0, 1, 2, 3, 4, 5].map((h) => shakenByHits(h, 5))).toEqual([false, false, false, true, true, false]);
    expect([0, 1, 2, 3].map((h) => shakenByHits(h, 3))).toEqual([false, true, true, false]);
  });
  it('rulings 5 (aoe.hitMen fifth): each hit is a fifth of the men, all of them once removed', () => {
    expect(menLost('infantry', 6, 2, false, 'fifth')).toBe(576); // 1440 * 2 / 5
    expect(menLost('cavalry', 4, 1, false, 'fifth')).toBe(96);
    expect(menLost('infantry', 6, 4, true, 'fifth')).toBe(1440);
  });
  it('aoe.hitMen stand: each hit is a stand of men, never more than the unit', () => {
    expect(menLost('infantry', 6, 2, false, 'stand')).toBe(480);
    expect(menLost('cavalry', 4, 4, false, 'stand')).toBe(480);
    expect(menLost('cavalry', 2, 4, false, 'stand')).toBe(240);
  });
});
