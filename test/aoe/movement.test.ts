import { describe, expect, it } from 'vitest';
import {
  fullMove,
  moveAllowance,
  moveRow,
  MOVEMENT_TABLE,
  PASSAGE_OF_LINES,
  PROLONGE,
  rateOn,
  roadRateApplies,
  roughFactor,
  travelDistance,
} from '../../src/rules/aoe/movement.js';

// p1 movement table transcribed by hand: basic, road ('-' as null), rough (blank as null), ford loss.
const TEXT: Record<string, [number, number | null, number | null, number]> = {
  infantryColumn: [9, 12, null, 2],
  infantryLine: [6, null, null, 2],
  openOrder: [12, null, null, 2],
  cavalry: [12, 15, 1 / 3, 2],
  footArtillery: [6, 9, 1 / 3, 3],
  horseArtillery: [9, 12, 1 / 3, 3],
  leader: [12, 15, 1 / 3, 3],
};

describe('Movement rates (p1 movement table)', () => {
  for (const [row, [basic, road, rough, ford]] of Object.entries(TEXT)) {
    it(`p1 movement table: ${row} moves ${basic}" basic, road ${road ?? '-'}, rough ${rough === null ? 'blank' : 'x1/3'}, ford -${ford}"`, () => {
      expect(MOVEMENT_TABLE[row as keyof typeof MOVEMENT_TABLE]).toEqual({ basic, road, rough, ford });
    });
  }
  it('rulings 3.2: infantry "column" is Field Column, Masse and March Column', () => {
    for (const f of ['fieldColumn', 'masse', 'marchColumn'] as const) expect(moveRow('infantry', f)).toBe('infantryColumn');
    expect(moveRow('infantry', 'line')).toBe('infantryLine');
    expect(moveRow('infantry', 'openOrder')).toBe('openOrder');
  });
  it('rulings 3.2 [gap]: a square does not move; a unit in a BUA has no row (it leaves by a full move reforming, p3)', () => {
    expect(moveRow('infantry', 'square')).toBeNull();
    expect(moveRow('infantry', 'none')).toBeNull();
  });
  it('p1 movement table: cavalry moves on its one row whatever its formation; batteries on foot or horse artillery', () => {
    expect(moveRow('cavalry', 'line')).toBe('cavalry');
    expect(moveRow('artillery', 'line')).toBe('footArtillery');
    expect(moveRow('artillery', 'line', true)).toBe('horseArtillery');
  });
  it('rulings 3.2: a full move is the basic rate: line 6", column 9", cavalry 12", foot guns 6", horse guns 9"', () => {
    expect(fullMove('infantry', 'line')).toBe(6);
    expect(fullMove('infantry', 'fieldColumn')).toBe(9);
    expect(fullMove('cavalry', 'fieldColumn')).toBe(12);
    expect(fullMove('artillery', 'line')).toBe(6);
    expect(fullMove('artillery', 'line', true)).toBe(9);
  });
  it('rulings 3.4: a square or a BUA unit retreats as infantry in Line (6")', () => {
    expect(fullMove('infantry', 'square')).toBe(6);
    expect(fullMove('infantry', 'none')).toBe(6);
  });
  it('aoe.infantryRough: the blank infantry rough cells read as half (default) or no effect; others x1/3', () => {
    expect(roughFactor('infantryLine', 'half')).toBe(0.5);
    expect(roughFactor('infantryColumn', 'none')).toBe(1);
    expect(roughFactor('cavalry', 'half')).toBeCloseTo(1 / 3, 12);
    expect(rateOn('infantryColumn', 'rough', false, 'half')).toBe(4.5);
    expect(rateOn('cavalry', 'rough', false, 'half')).toBeCloseTo(4, 12);
  });
  it('rulings 3.2 [gap]: the road rate only in March Column for troops; batteries and leaders use it', () => {
    expect(roadRateApplies('infantry', 'marchColumn')).toBe(true);
    expect(roadRateApplies('infantry', 'fieldColumn')).toBe(false);
    expect(roadRateApplies('cavalry', 'line')).toBe(false);
    expect(roadRateApplies('artillery', 'line')).toBe(true);
    expect(rateOn('infantryColumn', 'road', true, 'half')).toBe(12);
    expect(rateOn('infantryColumn', 'road', false, 'half')).toBe(9);
    expect(rateOn('infantryLine', 'road', true, 'half')).toBe(6); // "-": no road rate
  });
});

describe('Move allowance (p1 movement notes)', () => {
  it('p1: a formation change costs half a move; a half move that changes formation leaves nothing', () => {
    expect(moveAllowance(9, 1, false, 0)).toBe(9);
    expect(moveAllowance(9, 1, true, 0)).toBe(4.5);
    expect(moveAllowance(9, 0.5, true, 0)).toBe(0);
  });
  it('p1: 3" for each unit passed through (passage of lines), never below 0', () => {
    expect(PASSAGE_OF_LINES).toBe(3);
    expect(moveAllowance(12, 1, false, 1)).toBe(9);
    expect(moveAllowance(6, 1, false, 3)).toBe(0);
  });
  it('p1: a battery may prolong 1" without limbering', () => expect(PROLONGE).toBe(1));
  it('p1 movement table (rough, ford): travelDistance: 9" of column movement gets 4" through open ground then 2.5" into rough at half rate', () => {
    expect(travelDistance(9, 9, [{ length: 4, rate: 9 }, { length: 10, rate: 4.5 }])).toBeCloseTo(4 + 2.5, 12);
  });
  it('p1 movement table (rough, ford): travelDistance: a ford toll of 2" comes off the allowance on entering it', () => {
    expect(travelDistance(6, 6, [{ length: 1, rate: 6 }, { length: 10, rate: 6, toll: 2 }])).toBeCloseTo(1 + 3, 12);
  });
  it('p1 movement table (rough, ford): travelDistance: movement stops at the end of the path', () => {
    expect(travelDistance(12, 12, [{ length: 5, rate: 12 }])).toBe(5);
  });
  it('p1 movement table (rough, ford): travelDistance: an impassable stretch (rate 0) stops the unit at its edge', () => {
    expect(travelDistance(12, 12, [{ length: 2, rate: 12 }, { length: 5, rate: 0 }])).toBe(2);
  });
});
