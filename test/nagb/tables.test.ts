import { describe, expect, it } from 'vitest';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import {
  CAVALRY_SAVE,
  cavalryMoveRate,
  cavalryRecovery,
  cavalryTerrainTest,
  classDrilled,
  classHitModifier,
  classRow,
  isStubbornClass,
  commanderRow,
  GUNS,
  INFANTRY_TERRAIN_ROW,
  infantryMoveRow,
  leadershipOf,
  ORDER_PIPS,
  supportsFlank,
  terrainCover,
  UNIT_CLASSES,
  weaponRow,
} from '../../src/rules/nagb/tables.js';

describe('Troop classes (p38-40)', () => {
  it('p39: infantry leadership militia 6, conscripts 7, line 8, veteran 9, elite 10, guard 11', () => {
    expect(UNIT_CLASSES.map((c) => leadershipOf('infantry', c, O))).toEqual([6, 7, 8, 9, 10, 11]);
  });
  it('p38 vs p39 (nagb.guardLeadership): guard 10 by option, for infantry and cavalry', () => {
    const o = withOptions({ guardLeadership: 10 });
    expect(leadershipOf('infantry', 'guard', o)).toBe(10);
    expect(leadershipOf('cavalry', 'guard', o)).toBe(10);
  });
  it('p40: cavalry Raw 7, Line 8, Veteran 9; no cavalry militia (read as Raw)', () => {
    expect(['conscripts', 'line', 'veteran'].map((c) => leadershipOf('cavalry', c as never, O))).toEqual([7, 8, 9]);
    expect(leadershipOf('cavalry', 'militia', O)).toBe(7);
  });
  it('p39: raw = militia and conscripts; drilled from veteran; stubborn elite and guard on foot (gun crews as foot)', () => {
    expect(UNIT_CLASSES.map((c) => classRow(c).raw)).toEqual([true, true, false, false, false, false]);
    expect(UNIT_CLASSES.map((c) => classRow(c).drilled)).toEqual([false, false, false, true, true, true]);
    expect(UNIT_CLASSES.map((c) => isStubbornClass('infantry', c))).toEqual([false, false, false, false, true, true]);
    expect(UNIT_CLASSES.map((c) => isStubbornClass('artillery', c))).toEqual([false, false, false, false, true, true]);
  });
  it('p40 vs p38 (nagb.veteranCavalryDrilled): veteran cavalry is not drilled by p40 (elite and guard are), drilled by p38; foot and crews as p39', () => {
    expect(UNIT_CLASSES.map((c) => classDrilled('cavalry', c, O))).toEqual([false, false, false, false, true, true]);
    const p38 = withOptions({ veteranCavalryDrilled: true });
    expect(UNIT_CLASSES.map((c) => classDrilled('cavalry', c, p38))).toEqual([false, false, false, true, true, true]);
    for (const arm of ['infantry', 'artillery'] as const) {
      for (const o of [O, p38]) expect(UNIT_CLASSES.map((c) => classDrilled(arm, c, o))).toEqual([false, false, false, true, true, true]);
    }
  });
  it('p40: of cavalry only the guard is stubborn (both cavalry tables: Elite drilled, Guard drilled and stubborn)', () => {
    expect(UNIT_CLASSES.map((c) => isStubbornClass('cavalry', c))).toEqual([false, false, false, false, false, true]);
  });
  it('p11, p39: test shares any / 10% / 25%, elite and guard not modified by casualties', () => {
    expect(UNIT_CLASSES.map((c) => classRow(c).testShare)).toEqual([0, 0, 0.1, 0.25, 0.25, 0.25]);
    expect(UNIT_CLASSES.map((c) => classRow(c).casualtyModified)).toEqual([true, true, true, true, false, false]);
  });
  it('p12, p17: defensive-fire range militia +2, conscripts +1, line 0, vet -1, elite -2, guard -3', () => {
    expect(UNIT_CLASSES.map((c) => classRow(c).standRange)).toEqual([2, 1, 0, -1, -2, -3]);
  });
  it('p10 (nagb.eliteFireBonus): raw -1, veteran +1; elite and guard +1 or 0', () => {
    expect(UNIT_CLASSES.map((c) => classHitModifier(c, O))).toEqual([-1, -1, 0, 1, 1, 1]);
    expect(UNIT_CLASSES.map((c) => classHitModifier(c, withOptions({ eliteFireBonus: 'veteranOnly' })))).toEqual([-1, -1, 0, 1, 0, 0]);
  });
  it('p40 (nagb.cavalryLostStats): recovery raw -2, line 0, veteran +2, elite/guard +2 or +4/+6', () => {
    expect(['conscripts', 'line', 'veteran', 'elite', 'guard'].map((c) => cavalryRecovery(c as never, O))).toEqual([-2, 0, 2, 2, 2]);
    const p = withOptions({ cavalryLostStats: 'progression' });
    expect(['elite', 'guard'].map((c) => cavalryRecovery(c as never, p))).toEqual([4, 6]);
  });
  it('p25: hand-to-hand saves cuirassier 4+, heavy 5+, light 6+', () => {
    expect(CAVALRY_SAVE).toEqual({ cuirassier: 4, heavy: 5, light: 6 });
  });
});

describe('Commanders (p5, p39)', () => {
  it('p5: inspirational Ld 9 radius 9, competent 8 radius 8, uninspiring 7 with -1 pip', () => {
    expect(commanderRow('inspirational', O)).toMatchObject({ ld: 9, radius: 9, pips: 0, influence: 1 });
    expect(commanderRow('competent', O)).toMatchObject({ ld: 8, radius: 8, pips: 0, influence: 1 });
    expect(commanderRow('uninspiring', O)).toMatchObject({ ld: 7, radius: 7, pips: -1 });
  });
  it('p39 (nagb.commanderTable): an uninspiring radius of 6"', () => {
    expect(commanderRow('uninspiring', withOptions({ commanderTable: 'uninspiring6' })).radius).toBe(6);
  });
  it('rulings 1: the lost first row read as charismatic Ld 10, +1 pip, 10"', () => {
    expect(commanderRow('charismatic', O)).toMatchObject({ ld: 10, pips: 1, radius: 10 });
  });
});

describe('Movement tables (p6, p8, p22)', () => {
  it('p6: line 2/6/6+d6, attack column 2/8/8+d6 (nagb.columnChargeBase 6), march column no charge, square 1"', () => {
    expect(infantryMoveRow('line', O)).toMatchObject({ backSide: 2, normal: 6, charge: 6 });
    expect(infantryMoveRow('attackColumn', O)).toMatchObject({ backSide: 2, normal: 8, charge: 8 });
    expect(infantryMoveRow('attackColumn', withOptions({ columnChargeBase: 6 })).charge).toBe(6);
    expect(infantryMoveRow('marchColumn', O)).toMatchObject({ normal: 8, charge: null });
    expect(infantryMoveRow('square', O)).toMatchObject({ backSide: 1, slow: 1, normal: 1, charge: null });
  });
  it('p22: cavalry walk 6, trot 8, canter 10 (skirmishers 12), back/side 2', () => {
    expect(['backSide', 'walk', 'trot', 'canter'].map((p) => cavalryMoveRate('line', p as never))).toEqual([2, 6, 8, 10]);
    expect(cavalryMoveRate('column', 'canter')).toBe(10);
    expect(cavalryMoveRate('skirmish', 'canter')).toBe(12);
  });
  it('p6: infantry terrain row: light woods -4, heavy woods auto, rough auto, fence -4, hedge auto, stream -4, slope -4', () => {
    const r = INFANTRY_TERRAIN_ROW;
    expect([r.lightWoods, r.heavyWoods, r.rough, r.fence, r.hedge, r.stream, r.steepSlope]).toEqual([-4, 'auto', 'auto', -4, 'auto', -4, -4]);
    expect(r.clear).toBe('none');
  });
  it('p22: cavalry in light woods: walk no test, trot -2, canter and charge -4; heavy woods closed but to Cossacks', () => {
    expect(['walk', 'trot', 'canter', 'charge'].map((p) => cavalryTerrainTest('lightWoods', p as never, false))).toEqual(['none', -2, -4, -4]);
    expect(cavalryTerrainTest('heavyWoods', 'trot', false)).toBe('closed');
    expect(cavalryTerrainTest('heavyWoods', 'trot', true)).toBe(-2);
  });
  it('p22: cavalry over rough, hedges, streams, slopes: walk no test, faster a plain test', () => {
    for (const t of ['rough', 'hedge', 'wall', 'ditch', 'stream', 'steepSlope'] as const) {
      expect(cavalryTerrainTest(t, 'walk', false), t).toBe('none');
      expect(cavalryTerrainTest(t, 'trot', false), t).toBe(0);
      expect(cavalryTerrainTest(t, 'charge', false), t).toBe(0);
    }
  });
});

describe('Ranges, cover and guns (p10, p21, p31-32)', () => {
  it('p10: musket 5"/8" (nagb.musketShortRange 4"), rifle 9" without long-range penalty, carbine 3/6, pistol 1/2', () => {
    expect(weaponRow('musket', O)).toEqual({ short: 5, long: 8, longPenalty: true });
    expect(weaponRow('musket', withOptions({ musketShortRange: 4 })).short).toBe(4);
    expect(weaponRow('rifle', O)).toEqual({ short: 9, long: 9, longPenalty: false });
    expect(weaponRow('carbine', O)).toMatchObject({ short: 3, long: 6 });
    expect(weaponRow('pistol', O)).toMatchObject({ short: 1, long: 2 });
  });
  it('p31-32: woods, hedges, fences soft; stone walls hard; a village per nagb.villageCover', () => {
    expect(terrainCover('lightWoods', O)).toBe('soft');
    expect(terrainCover('hedge', O)).toBe('soft');
    expect(terrainCover('fence', O)).toBe('soft');
    expect(terrainCover('wall', O)).toBe('hard');
    expect(terrainCover('crops', O)).toBe('none');
    expect(terrainCover('village', O)).toBe('hard');
    expect(terrainCover('village', withOptions({ villageCover: 'soft' }))).toBe('soft');
  });
  it('p21: canister 10"/5, 10"/6, 12"/7, howitzer 8"/5; ball 16/32, 18/36, 24/48', () => {
    expect(['light', 'medium', 'heavy', 'howitzer'].map((g) => [GUNS[g as never as 'light'].canisterRange, GUNS[g as 'light'].canisterShots])).toEqual([
      [10, 5],
      [10, 6],
      [12, 7],
      [8, 5],
    ]);
    expect([GUNS.light.ballShort, GUNS.light.ballLong, GUNS.medium.ballShort, GUNS.medium.ballLong, GUNS.heavy.ballShort, GUNS.heavy.ballLong]).toEqual([16, 32, 18, 36, 24, 48]);
    expect(GUNS.howitzer.ballShort).toBeNull();
  });
  it('p21: moves unlimbered / limbered foot / horse: light 3/6/10, medium 2/4/8, heavy 1/3/foot only', () => {
    expect([GUNS.light.unlimbered, GUNS.light.limberedFoot, GUNS.light.limberedHorse]).toEqual([3, 6, 10]);
    expect([GUNS.medium.unlimbered, GUNS.medium.limberedFoot, GUNS.medium.limberedHorse]).toEqual([2, 4, 8]);
    expect([GUNS.heavy.unlimbered, GUNS.heavy.limberedFoot, GUNS.heavy.limberedHorse]).toEqual([1, 3, null]);
  });
  it('p21: shell 10-30, 12-32, 15-36 British only; howitzer 8-36 for all', () => {
    expect([GUNS.light.shellMin, GUNS.light.shellMax, GUNS.light.shellBritishOnly]).toEqual([10, 30, true]);
    expect([GUNS.heavy.shellMin, GUNS.heavy.shellMax]).toEqual([15, 36]);
    expect([GUNS.howitzer.shellMin, GUNS.howitzer.shellMax, GUNS.howitzer.shellBritishOnly]).toEqual([8, 36, false]);
  });
});

describe('Support and command tables (p3, p15)', () => {
  it('p15: French lines and columns support each other', () => {
    expect(supportsFlank('french', 'line', 'attackColumn')).toBe(true);
    expect(supportsFlank('french', 'attackColumn', 'line')).toBe(true);
  });
  it('p15: British, Russian, Austrian, early Prussian: lines by lines only', () => {
    for (const a of ['british', 'russian', 'austrian', 'earlyPrussian'] as const) {
      expect(supportsFlank(a, 'line', 'line'), a).toBe(true);
      expect(supportsFlank(a, 'line', 'attackColumn'), a).toBe(false);
      expect(supportsFlank(a, 'attackColumn', 'attackColumn'), a).toBe(false);
    }
  });
  it('p15: later Prussians: lines by lines, columns by columns', () => {
    expect(supportsFlank('laterPrussian', 'line', 'line')).toBe(true);
    expect(supportsFlank('laterPrussian', 'attackColumn', 'attackColumn')).toBe(true);
    expect(supportsFlank('laterPrussian', 'line', 'attackColumn')).toBe(false);
  });
  it('p3: orders cost a pip; react 2; change formation then charge 2', () => {
    expect(ORDER_PIPS.move).toBe(1);
    expect(ORDER_PIPS.charge).toBe(1);
    expect(ORDER_PIPS.react).toBe(2);
    expect(ORDER_PIPS.changeFormationThenCharge).toBe(2);
    expect(ORDER_PIPS.volley).toBe(1);
  });
});
