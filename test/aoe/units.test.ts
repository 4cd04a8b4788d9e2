import { describe, expect, it } from 'vitest';
import { DEFAULT_AOE_OPTIONS } from '../../src/rules/aoe/options.js';
import {
  bayonetQualityDrm,
  BUA_BLOCK,
  footprint,
  FORMATIONS,
  frontRankStands,
  inchesFromYards,
  isColumnMasseOrSquare,
  marchQualityDrm,
  MEN_PER_FIGURE,
  MEN_PER_STAND,
  MINUTES_PER_TURN,
  TROOPS_FROM_LADDER,
  troopsRank,
  squareFace,
  STANDARD_STANDS,
  unitMen,
  YARDS_PER_INCH,
} from '../../src/rules/aoe/units.js';

describe('Scale (p1 Regimental Scale, p3 Scale, p3 Units)', () => {
  it('p1 Regimental Scale: 1" is 80 yards, so 400 yards is 5" and musket range 3" is 240 yards', () => {
    expect(YARDS_PER_INCH).toBe(80);
    expect(inchesFromYards(400)).toBe(5);
    expect(3 * YARDS_PER_INCH).toBe(240);
  });
  it('p1 Regimental Scale: an infantry stand is 240 men, a cavalry stand 120; a turn 20 minutes', () => {
    expect(MEN_PER_STAND.infantry).toBe(240);
    expect(MEN_PER_STAND.cavalry).toBe(120);
    expect(MINUTES_PER_TURN).toBe(20);
  });
  it('p3 Units: 6-stand infantry is 1,440 men, 4-stand cavalry 480; four figures of 60 make an infantry stand', () => {
    expect(unitMen('infantry', STANDARD_STANDS.infantry)).toBe(1440);
    expect(unitMen('cavalry', STANDARD_STANDS.cavalry)).toBe(480);
    expect(MEN_PER_STAND.infantry / MEN_PER_FIGURE).toBe(4);
    expect(STANDARD_STANDS.artillery).toBe(1);
    expect(unitMen('artillery', 1)).toBe(0); // guns are counted apart (rulings 5)
  });
});

describe('Quality (p1 Tactical Movement Modifiers; p2 Bayonet & Sabre; rulings 7; aoe.guardStep)', () => {
  it('p1: Elite +1, Conscript -1, Regular 0 on the March Table', () => {
    expect(marchQualityDrm('elite', 'sameAsElite')).toBe(1);
    expect(marchQualityDrm('conscript', 'sameAsElite')).toBe(-1);
    expect(marchQualityDrm('regular', 'sameAsElite')).toBe(0);
  });
  it('p2: Regular +1, Elite +2, Conscript 0 in Bayonet & Sabre', () => {
    expect(bayonetQualityDrm('regular', 'sameAsElite')).toBe(1);
    expect(bayonetQualityDrm('elite', 'sameAsElite')).toBe(2);
    expect(bayonetQualityDrm('conscript', 'sameAsElite')).toBe(0);
  });
  it('aoe.guardStep: guard is Elite under sameAsElite, and +1 more on each under extraPlusOne', () => {
    expect(marchQualityDrm('guard', 'sameAsElite')).toBe(marchQualityDrm('elite', 'sameAsElite'));
    expect(bayonetQualityDrm('guard', 'sameAsElite')).toBe(bayonetQualityDrm('elite', 'sameAsElite'));
    expect(marchQualityDrm('guard', 'extraPlusOne')).toBe(2);
    expect(bayonetQualityDrm('guard', 'extraPlusOne')).toBe(3);
    expect(marchQualityDrm('elite', 'extraPlusOne')).toBe(1); // only guard moves
  });
  it('rulings 7: the common ladder maps conscript/line/veteran/guard to Conscript/Regular/Elite/guard', () => {
    expect(TROOPS_FROM_LADDER.conscript).toBe('conscript');
    expect(TROOPS_FROM_LADDER.line).toBe('regular');
    expect(TROOPS_FROM_LADDER.veteran).toBe('elite');
    expect(TROOPS_FROM_LADDER.guard).toBe('guard');
    expect(troopsRank(TROOPS_FROM_LADDER.elite)).toBeGreaterThanOrEqual(troopsRank('guard'));
  });
  it('rulings 7: quality ranks rise conscript < regular < elite < guard', () => {
    expect([troopsRank('conscript'), troopsRank('regular'), troopsRank('elite'), troopsRank('guard')]).toEqual([0, 1, 2, 3]);
    expect(DEFAULT_AOE_OPTIONS.guardStep).toBe('sameAsElite');
  });
});

describe('Formations and footprints (p1 Formations; rulings 1 lane footprints) [gap]', () => {
  it('p1 Formations: Line, Field Column, Masse, March Column, Open Order, Square, and none in a BUA', () => {
    expect([...FORMATIONS]).toEqual(['line', 'fieldColumn', 'masse', 'marchColumn', 'openOrder', 'square', 'none']);
  });
  it('rulings 1: Line is 6 stands wide and 1 deep, 6" of frontage', () => {
    expect(footprint('line', 6)).toEqual({ wide: 6, deep: 1, frontage: 6, depth: 1 });
  });
  it('rulings 1: Field Column and Masse are 2 wide and 3 deep', () => {
    for (const f of ['fieldColumn', 'masse'] as const) expect(footprint(f, 6)).toMatchObject({ wide: 2, deep: 3, frontage: 2 });
  });
  it('rulings 1: March Column is 1 wide and 6 deep', () => {
    expect(footprint('marchColumn', 6)).toMatchObject({ wide: 1, deep: 6, frontage: 1 });
  });
  it('rulings 1: Open Order spreads 6 stands over 12"', () => {
    expect(footprint('openOrder', 6)).toMatchObject({ wide: 6, deep: 1, frontage: 12 });
  });
  it('rulings 1: a square of 6 has 2 stands in front, 2 in the rear and 1 on each flank', () => {
    expect([squareFace(6, 'front'), squareFace(6, 'rear'), squareFace(6, 'flank')]).toEqual([2, 2, 1]);
    expect(squareFace(6, 'front') + squareFace(6, 'rear') + 2 * squareFace(6, 'flank')).toBe(6);
    expect(footprint('square', 6)).toMatchObject({ wide: 2, deep: 2, frontage: 2 });
  });
  it('p1 Formations (square) [gap]: faces account for every stand for 3 to 8 stands', () => {
    for (let n = 3; n <= 8; n++) expect(squareFace(n, 'front') + squareFace(n, 'rear') + 2 * squareFace(n, 'flank')).toBe(n);
  });
  it('p1/p3 Built-up Areas: a unit in a BUA fills its 3" x 3" block', () => {
    expect(footprint('none', 6)).toMatchObject({ frontage: BUA_BLOCK, depth: BUA_BLOCK });
    expect(BUA_BLOCK).toBe(3);
  });
  it('rulings 1 [gap]: 4-stand cavalry: Line 4 wide, column 2 x 2', () => {
    expect(footprint('line', 4)).toMatchObject({ wide: 4, deep: 1, frontage: 4 });
    expect(footprint('fieldColumn', 4)).toMatchObject({ wide: 2, deep: 2 });
  });
  it('rulings 3.5: front ranks are Line 6, Field Column and Masse 2, March Column 1, Open Order 6, square 2, BUA all', () => {
    expect(frontRankStands('line', 6)).toBe(6);
    expect(frontRankStands('fieldColumn', 6)).toBe(2);
    expect(frontRankStands('masse', 6)).toBe(2);
    expect(frontRankStands('marchColumn', 6)).toBe(1);
    expect(frontRankStands('openOrder', 6)).toBe(6);
    expect(frontRankStands('square', 6)).toBe(2);
    expect(frontRankStands('none', 6)).toBe(6);
  });
  it('p1 Tactical Movement Modifiers: column (Field or March), Masse and Square count as "column, masse or square"', () => {
    expect(FORMATIONS.filter(isColumnMasseOrSquare)).toEqual(['fieldColumn', 'masse', 'marchColumn', 'square']);
  });
});
