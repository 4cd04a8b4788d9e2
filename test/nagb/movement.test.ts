import { describe, expect, it } from 'vitest';
import {
  cavalryChargesOver,
  cavalryPaceFor,
  cavalryRate,
  chargeBase,
  chargeDice,
  chargeReach,
  disorderedByTerrain,
  fallBackDice,
  fallBackFailure,
  fallBackTestModifier,
  fleeMoveDice,
  formationChangeCost,
  formationMayCharge,
  frenchInfantryDrilled,
  gunMoveRate,
  infantryMoveRate,
  mayChangeFormation,
  mayEnter,
  mayMoveAndChangeFormation,
  pinningTestRequired,
  reserveFormationChange,
  reserveMoveCost,
  type ReserveMove,
  terrainDisorderTest,
} from '../../src/rules/nagb/movement.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';

describe('Movement rates (p6, p8, p22)', () => {
  it('p6: line 6", columns 8", march column 10" on a road, square 1"', () => {
    expect(infantryMoveRate('line', 'normal', false, O)).toBe(6);
    expect(infantryMoveRate('attackColumn', 'normal', false, O)).toBe(8);
    expect(infantryMoveRate('marchColumn', 'normal', true, O)).toBe(10);
    expect(infantryMoveRate('attackColumn', 'normal', true, O)).toBe(8);
    expect(infantryMoveRate('square', 'normal', false, O)).toBe(1);
  });
  it('p6 vs p8 (nagb.slowPace): slow pace 4" or 2"; back and side 2"', () => {
    expect(infantryMoveRate('line', 'slow', false, O)).toBe(4);
    expect(infantryMoveRate('line', 'slow', false, withOptions({ slowPace: 2 }))).toBe(2);
    expect(infantryMoveRate('attackColumn', 'backSide', false, O)).toBe(2);
  });
  it('p6, p8: march columns and squares do not charge', () => {
    expect(formationMayCharge('infantry', 'marchColumn')).toBe(false);
    expect(formationMayCharge('infantry', 'square')).toBe(false);
    expect(formationMayCharge('infantry', 'line')).toBe(true);
    expect(infantryMoveRate('square', 'charge', false, O)).toBe(0);
  });
  it('p12, p13, p22: charges: line 6+d6, column 8+d6 (nagb.columnChargeBase 6), cavalry 10+2d6 (the hussars\' 17)', () => {
    expect(chargeBase('infantry', 'line', O)).toBe(6);
    expect(chargeBase('infantry', 'attackColumn', O)).toBe(8);
    expect(chargeBase('infantry', 'attackColumn', withOptions({ columnChargeBase: 6 }))).toBe(6);
    expect(chargeBase('cavalry', 'line', O)).toBe(10);
    expect([chargeDice('infantry'), chargeDice('cavalry')]).toEqual([1, 2]);
    expect(chargeBase('cavalry', 'line', O) + 4 + 3).toBe(17);
    expect(chargeReach(10, 2)).toBe(22);
  });
  it('p22: cavalry rates by pace; a charge starts from the canter', () => {
    expect(cavalryRate('line', 'trot')).toBe(8);
    expect(cavalryRate('column', 'charge')).toBe(10);
  });
  it('p22, p30-32: cavalry charges over, into and out of clear ground only (roads and crops are clear; rough, woods, villages, slopes, obstacles and streams are not)', () => {
    expect(['clear', 'road', 'crops'].map((t) => cavalryChargesOver(t as never))).toEqual([true, true, true]);
    for (const t of ['rough', 'lightWoods', 'heavyWoods', 'village', 'steepSlope', 'hedge', 'fence', 'wall', 'ditch', 'stream'] as const) expect(cavalryChargesOver(t), t).toBe(false);
  });
  it('p22: a cavalry move goes at the slowest pace that covers it: a walk to 6", a trot to 8", else a canter', () => {
    expect([0, 5.9, 6].map((d) => cavalryPaceFor('line', d))).toEqual(['walk', 'walk', 'walk']);
    expect([6.01, 8].map((d) => cavalryPaceFor('column', d))).toEqual(['trot', 'trot']);
    expect([8.01, 10, 12].map((d) => cavalryPaceFor('skirmish', d))).toEqual(['canter', 'canter', 'canter']);
  });
  it('p19, p32, p35: guns: medium limbered foot 4" (+2 road), horse 8", unlimbered 2", -1" per crew lost, French guard +1"', () => {
    expect(gunMoveRate('medium', true, false, 0, false, false)).toBe(4);
    expect(gunMoveRate('medium', true, false, 0, true, false)).toBe(6);
    expect(gunMoveRate('medium', true, true, 0, false, false)).toBe(8);
    expect(gunMoveRate('medium', false, false, 0, false, false)).toBe(2);
    expect(gunMoveRate('medium', false, false, 3, false, false)).toBe(0);
    expect(gunMoveRate('heavy', true, true, 0, false, true)).toBe(4);
  });
});

describe('Formation changes (p7, p24, p35, p39)', () => {
  it('p7: half a move for regulars; p39: raw troops the whole move', () => {
    expect(formationChangeCost('infantry', 'line', false, false, 'line', 'attackColumn')).toBe(0.5);
    expect(formationChangeCost('infantry', 'conscripts', false, false, 'line', 'attackColumn')).toBe(1);
    expect(formationChangeCost('infantry', 'militia', false, false, 'line', 'square')).toBe(1);
  });
  it('p39: drilled troops change line/column free; square still costs half', () => {
    expect(formationChangeCost('infantry', 'veteran', true, false, 'attackColumn', 'line')).toBe(0);
    expect(formationChangeCost('infantry', 'veteran', true, false, 'line', 'square')).toBe(0.5);
  });
  it('p7: a march column forms line on the spot for its whole move, drilled troops free', () => {
    expect(formationChangeCost('infantry', 'line', false, false, 'marchColumn', 'line')).toBe(1);
    expect(formationChangeCost('infantry', 'line', true, false, 'marchColumn', 'line')).toBe(0);
  });
  it('p24: light cavalry changes formation free', () => {
    expect(formationChangeCost('cavalry', 'line', false, true, 'column', 'line')).toBe(0);
    expect(formationChangeCost('cavalry', 'line', false, false, 'column', 'line')).toBe(0.5);
  });
  it('p35 (nagb.scenarioYear): Russians before 1812, Prussians before 1813, minor nations never move and change together', () => {
    expect(mayMoveAndChangeFormation('russian', 1811)).toBe(false);
    expect(mayMoveAndChangeFormation('russian', 1812)).toBe(true);
    expect(mayMoveAndChangeFormation('prussian', 1812)).toBe(false);
    expect(mayMoveAndChangeFormation('prussian', 1815)).toBe(true);
    expect(mayMoveAndChangeFormation('minor', 1815)).toBe(false);
    expect(mayMoveAndChangeFormation('french', 1805)).toBe(true);
  });
  it('p35: French foot is drilled except in 1813-1814', () => {
    expect([1812, 1813, 1814, 1815].map(frenchInfantryDrilled)).toEqual([true, false, false, true]);
  });
  it('p7: pinning: enemy foot or horse within 8" and the charge arc; guns do not pin', () => {
    expect(pinningTestRequired(8, true, 'infantry')).toBe(true);
    expect(pinningTestRequired(8.1, true, 'cavalry')).toBe(false);
    expect(pinningTestRequired(4, false, 'infantry')).toBe(false);
    expect(pinningTestRequired(4, true, 'artillery')).toBe(false);
  });
});

describe('Terrain disorder (p6, p22, p26, p30)', () => {
  it('p6: slow pace never risks disorder; normal pace through light woods -4, rough automatic', () => {
    expect(terrainDisorderTest('infantry', 'line', 'slow', 'rough', false, O)).toBe('none');
    expect(terrainDisorderTest('infantry', 'line', 'normal', 'lightWoods', false, O)).toBe(-4);
    expect(terrainDisorderTest('infantry', 'line', 'normal', 'rough', false, O)).toBe('auto');
    expect(terrainDisorderTest('infantry', 'line', 'charge', 'hedge', false, O)).toBe('auto');
    expect(terrainDisorderTest('infantry', 'line', 'normal', 'clear', false, O)).toBe('none');
  });
  it('p6 (nagb.infantryTerrainDisorder normalUnmodified): normal pace a plain test, charges the row', () => {
    const o = withOptions({ infantryTerrainDisorder: 'normalUnmodified' });
    expect(terrainDisorderTest('infantry', 'line', 'normal', 'lightWoods', false, o)).toBe(0);
    expect(terrainDisorderTest('infantry', 'line', 'normal', 'rough', false, o)).toBe(0);
    expect(terrainDisorderTest('infantry', 'line', 'charge', 'lightWoods', false, o)).toBe(-4);
  });
  it('p30 (nagb.villageAssaultDisorder): entering a village: no test, or -4 as its fence', () => {
    expect(terrainDisorderTest('infantry', 'attackColumn', 'charge', 'village', false, O)).toBe('none');
    expect(terrainDisorderTest('infantry', 'attackColumn', 'charge', 'village', false, withOptions({ villageAssaultDisorder: true }))).toBe(-4);
  });
  it('p26: skirmishers are never disordered by terrain; p22: cavalry by its own table', () => {
    expect(terrainDisorderTest('infantry', 'skirmish', 'normal', 'rough', false, O)).toBe('none');
    expect(terrainDisorderTest('cavalry', 'line', 'trot', 'lightWoods', false, O)).toBe(-2);
  });
  it('disorderedByTerrain: auto disorders without dice; none rolls nothing; -4 at Ld 8 is a test at 4', () => {
    const never = () => {
      throw new Error('no dice');
    };
    expect(disorderedByTerrain(never, 8, 'auto')).toBe(true);
    expect(disorderedByTerrain(never, 8, 'none')).toBe(false);
    const faces = [2, 3]; // 5 > 4: fails
    let i = 0;
    expect(disorderedByTerrain(() => (faces[i++] - 0.5) / 6, 8, -4)).toBe(true);
    i = 0;
    const low = [1, 3];
    expect(disorderedByTerrain(() => (low[i++] - 0.5) / 6, 8, -4)).toBe(false);
  });
});

describe('Falling back and the reserve phase (p2, p3, p6, p8)', () => {
  it('p3, p6: fall back d6 or 2d6 (test at -1); cavalry one d6 more', () => {
    expect(fallBackDice('infantry', false)).toBe(1);
    expect(fallBackDice('infantry', true)).toBe(2);
    expect(fallBackDice('cavalry', false)).toBe(2);
    expect(fallBackDice('cavalry', true)).toBe(3);
    expect(fallBackTestModifier(true, 'none')).toBe(-1);
    expect(fallBackTestModifier(false, -4)).toBe(-4);
    expect(fallBackTestModifier(true, 'auto')).toBe('auto');
  });
  it('p4: out of command, a unit breaking while falling back runs 2d6, cavalry 3d6', () => {
    expect(fleeMoveDice('infantry')).toBe(2);
    expect(fleeMoveDice('cavalry')).toBe(3);
  });
  it('p6: failing it, good order becomes disordered; disordered breaks', () => {
    expect(fallBackFailure(false)).toBe('disordered');
    expect(fallBackFailure(true)).toBe('broken');
  });
  const base: ReserveMove = { arm: 'infantry', formation: 'marchColumn', limbered: false, goodOrder: true, firedOrFought: false, nearestSeeingEnemy: 20, entersVillage: false, double: false };
  it('p2, p8: march columns free (double a pip), attack columns a pip, lines and squares never', () => {
    expect(reserveMoveCost(base)).toBe(0);
    expect(reserveMoveCost({ ...base, double: true })).toBe(1);
    expect(reserveMoveCost({ ...base, formation: 'attackColumn' })).toBe(1);
    expect(reserveMoveCost({ ...base, formation: 'line' })).toBe(-1);
    expect(reserveMoveCost({ ...base, formation: 'square' })).toBe(-1);
  });
  it('p2, p6, p30: not within 8" of a seeing enemy, not after firing, not disordered, not into a village', () => {
    expect(reserveMoveCost({ ...base, nearestSeeingEnemy: 8 })).toBe(-1);
    expect(reserveMoveCost({ ...base, firedOrFought: true })).toBe(-1);
    expect(reserveMoveCost({ ...base, goodOrder: false })).toBe(-1);
    expect(reserveMoveCost({ ...base, entersVillage: true })).toBe(-1);
  });
  it('p24, p26: cavalry lines (a pip) and columns, and skirmishers, move in the reserve phase; light cavalry may change formation there', () => {
    expect(reserveMoveCost({ ...base, arm: 'cavalry', formation: 'line' })).toBe(1);
    expect(reserveMoveCost({ ...base, arm: 'cavalry', formation: 'column' })).toBe(0);
    expect(reserveMoveCost({ ...base, formation: 'skirmish' })).toBe(0);
    expect(reserveFormationChange('cavalry', true)).toBe(true);
    expect(reserveFormationChange('cavalry', false)).toBe(false);
    expect(reserveFormationChange('infantry', false)).toBe(false);
  });
  it('p19: only limbered guns move in the reserve phase', () => {
    expect(reserveMoveCost({ ...base, arm: 'artillery', limbered: true })).toBe(1);
    expect(reserveMoveCost({ ...base, arm: 'artillery', limbered: false })).toBe(-1);
  });
});

describe('Who may go where (p27, p30, p32)', () => {
  it('p27: a disordered unit changes formation only to try square when charged', () => {
    expect(mayChangeFormation(true, false)).toBe(false);
    expect(mayChangeFormation(true, true)).toBe(true);
    expect(mayChangeFormation(false, false)).toBe(true);
  });
  it('p32: heavy woods: no cavalry but Cossacks, no artillery; skirmishers anywhere', () => {
    expect(mayEnter('cavalry', 'line', 'heavyWoods', false, false, false)).toBe(false);
    expect(mayEnter('cavalry', 'line', 'heavyWoods', false, true, false)).toBe(true);
    expect(mayEnter('artillery', 'line', 'heavyWoods', true, false, false)).toBe(false);
    expect(mayEnter('infantry', 'line', 'heavyWoods', false, false, false)).toBe(true);
    expect(mayEnter('cavalry', 'skirmish', 'heavyWoods', false, false, false)).toBe(true);
  });
  it('p30: guns cross difficult terrain only limbered; p32: bridges only in march column', () => {
    expect(mayEnter('artillery', 'line', 'rough', false, false, false)).toBe(false);
    expect(mayEnter('artillery', 'line', 'rough', true, false, false)).toBe(true);
    expect(mayEnter('infantry', 'line', 'stream', false, false, true)).toBe(false);
    expect(mayEnter('infantry', 'marchColumn', 'stream', false, false, true)).toBe(true);
  });
});
