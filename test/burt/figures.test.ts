import { describe, expect, it } from 'vitest';
import { columnWidthBases, figureDice, figureModel, figuresInContact, figuresInOverlap, squareFaces } from '../../src/rules/burt/figures.js';

describe('Dice from figures (6, 9)', () => {
  it('6: a die per four figures: 24 figures roll 6 dice, 4 roll 1', () => {
    expect(figureDice(24, 'penalisedDie')).toEqual({ plain: 6, penalised: 0 });
    expect(figureDice(4, 'penalisedDie')).toEqual({ plain: 1, penalised: 0 });
  });
  it('6: a left-over 3 counts as four: 7 figures roll 2 dice, 3 roll 1', () => {
    expect(figureDice(7, 'penalisedDie')).toEqual({ plain: 2, penalised: 0 });
    expect(figureDice(3, 'dropped')).toEqual({ plain: 1, penalised: 0 });
  });
  it('6 (burt.leftoverFigures penalisedDie): a left-over 1 or 2 rolls one die more at +1', () => {
    expect(figureDice(5, 'penalisedDie')).toEqual({ plain: 1, penalised: 1 });
    expect(figureDice(22, 'penalisedDie')).toEqual({ plain: 5, penalised: 1 });
    expect(figureDice(2, 'penalisedDie')).toEqual({ plain: 0, penalised: 1 });
  });
  it('6 (burt.leftoverFigures dropped): a left-over 1 or 2 rolls nothing', () => {
    expect(figureDice(5, 'dropped')).toEqual({ plain: 1, penalised: 0 });
    expect(figureDice(2, 'dropped')).toEqual({ plain: 0, penalised: 0 });
  });
  it('6: no figures, no dice', () => {
    expect(figureDice(0, 'penalisedDie')).toEqual({ plain: 0, penalised: 0 });
    expect(figureDice(-2, 'penalisedDie')).toEqual({ plain: 0, penalised: 0 });
  });
  it('6: for 1..40 figures, dice = ceil(N/4) when the rest is 0 or 3, and the total never exceeds ceil(N/4)', () => {
    for (let n = 1; n <= 40; n++) {
      const d = figureDice(n, 'penalisedDie');
      expect(d.plain + d.penalised).toBe(Math.ceil(n / 4));
      expect(d.penalised).toBe(n % 4 === 1 || n % 4 === 2 ? 1 : 0);
    }
  });
});

describe('Figure model (12; rulings figure-model table)', () => {
  it('12: a 24-figure line is 3 bases wide x 2: 12 figures, 6" front; all 24 fire; 12 in contact; not over two ranks', () => {
    const m = figureModel('infantry', 'line', 24, 4, true);
    expect(m).toMatchObject({ bases: 6, frontageFigures: 12, ranks: 2, frontageInches: 6, firingFigures: 24, frontRankFigures: 12, overTwoRanks: false });
    expect(m.depthInches).toBe(1);
  });
  it('12: a 24-figure column is 2 bases wide x 3: 8 figures, 4"; 16 fire (the front two ranks); 8 in contact; over two ranks', () => {
    const m = figureModel('infantry', 'column', 24, 4, true);
    expect(m).toMatchObject({ bases: 6, frontageFigures: 8, ranks: 3, frontageInches: 4, firingFigures: 16, frontRankFigures: 8, secondRankFigures: 8, overTwoRanks: true });
  });
  it('12: a 24-figure square has faces of 2, 1, 2, 1 bases in one rank: the face of 8 figures (4") fires and fights', () => {
    const m = figureModel('infantry', 'square', 24, 4, true);
    expect(m).toMatchObject({ frontageFigures: 8, ranks: 1, frontageInches: 4, firingFigures: 8, frontRankFigures: 8, secondRankFigures: 0, depthInches: 2 });
  });
  it('6 (burt.squareDeepTarget): a square is over two ranks for guns, or not', () => {
    expect(figureModel('infantry', 'square', 24, 4, true).overTwoRanks).toBe(true);
    expect(figureModel('infantry', 'square', 24, 4, false).overTwoRanks).toBe(false);
  });
  it('12: 16 cavalry are 2 ranks of 8 figures, 6" (0.75" each); one rank (8) fires; 8 in contact', () => {
    const m = figureModel('cavalry', 'line', 16, 4, true);
    expect(m).toMatchObject({ frontageFigures: 8, ranks: 2, frontageInches: 6, firingFigures: 8, frontRankFigures: 8, overTwoRanks: false });
  });
  it('12 (other sizes): a line has ceil(N/2) figures of frontage (21 figures: 11)', () => {
    const m = figureModel('infantry', 'line', 21, 4, true);
    expect(m).toMatchObject({ frontageFigures: 11, ranks: 2, firingFigures: 21, frontRankFigures: 11, secondRankFigures: 10 });
  });
  it('12 (other sizes): a column is 2 bases wide when that leaves more than 2 ranks, else 1', () => {
    expect(columnWidthBases(6)).toBe(2); // 3 ranks
    expect(columnWidthBases(5)).toBe(2); // 3 ranks
    expect(columnWidthBases(4)).toBe(1); // 2 wide would be 2 ranks
    expect(columnWidthBases(3)).toBe(1);
    expect(figureModel('infantry', 'column', 16, 4, true)).toMatchObject({ frontageFigures: 4, ranks: 4, firingFigures: 8, overTwoRanks: true });
    expect(figureModel('infantry', 'column', 20, 4, true)).toMatchObject({ frontageFigures: 8, ranks: 3, firingFigures: 16 });
  });
  it('12: every column has more ranks than bases across (for 9..40 figures)', () => {
    for (let n = 9; n <= 40; n++) {
      const m = figureModel('infantry', 'column', n, 4, true);
      expect(m.ranks, `${n}`).toBeGreaterThan(m.frontageFigures / 4);
    }
  });
  it('12 (other sizes): square faces as equal as possible in whole bases', () => {
    expect(squareFaces(6)).toEqual([2, 2, 1, 1]);
    expect(squareFaces(8)).toEqual([2, 2, 2, 2]);
    expect(squareFaces(5)).toEqual([2, 1, 1, 1]);
    expect(squareFaces(7)).toEqual([2, 2, 2, 1]);
    for (let b = 1; b <= 20; b++) {
      const f = squareFaces(b);
      expect(f.reduce((x, y) => x + y, 0)).toBe(b);
      expect(Math.max(...f) - Math.min(...f)).toBeLessThanOrEqual(1);
    }
  });
  it('12 (burt.figuresPerBase): six-figure bases make a 24-figure column one base wide and 4 ranks deep', () => {
    expect(figureModel('infantry', 'column', 24, 6, true)).toMatchObject({ bases: 4, frontageFigures: 6, ranks: 4, firingFigures: 12 });
  });
  it('12: skirmishers in open order stand at double width: 12 figures cover 6"', () => {
    expect(figureModel('skirmishers', 'open', 12, 4, true)).toMatchObject({ frontageFigures: 6, frontageInches: 6, firingFigures: 12 });
  });
  it('6: a battery of 4 gun models is 4" wide and fires 4 guns', () => {
    expect(figureModel('guns', 'line', 4, 4, true)).toMatchObject({ frontageInches: 4, firingFigures: 4 });
  });
});

describe('Figures in contact (9)', () => {
  it('9: whole figures inside an overlap: 4" of infantry is 8 figures, of cavalry 5', () => {
    expect(figuresInOverlap(4, 0.5)).toBe(8);
    expect(figuresInOverlap(4, 0.75)).toBe(5);
    expect(figuresInOverlap(0, 0.5)).toBe(0);
  });
  it('9 (burt.meleeRanks front): a line met head-on by a column fights with the 8 figures the column overlaps', () => {
    const line = figureModel('infantry', 'line', 24, 4, true);
    expect(figuresInContact(line, 8, 'front')).toBe(8);
    expect(figuresInContact(line, 20, 'front')).toBe(12); // no more than its front rank
  });
  it('9 (burt.meleeRanks twoRanks): the second rank behind the overlapped figures fights too', () => {
    const column = figureModel('infantry', 'column', 24, 4, true);
    expect(figuresInContact(column, 8, 'twoRanks')).toBe(16);
    const square = figureModel('infantry', 'square', 24, 4, true);
    expect(figuresInContact(square, 8, 'twoRanks')).toBe(8); // one rank only
    const line = figureModel('infantry', 'line', 21, 4, true);
    expect(figuresInContact(line, 11, 'twoRanks')).toBe(21);
  });
});
