import { describe, expect, it } from 'vitest';
import {
  BALL_RANGES,
  CANISTER_RANGES,
  COHESION_ITEMS,
  COHESION_LEVELS,
  DICE_PER_GUN,
  FIRE_SAVE,
  FIRE_TO_HIT,
  GUN_CREW,
  MELEE_SAVE,
  MELEE_TO_HIT,
  MORALE_CLASS_TARGET,
  MORALE_MODIFIERS,
  MOVEMENT_RATES,
  SCALE,
  SMALL_ARMS_RANGES,
  TABLE_SECTIONS,
  TROOP_TYPES,
} from '../../src/rules/burt/tables.js';

// Independent transcriptions from the rule text (its table cells, one row a line; NA and blanks as -).
const MOVEMENT_TEXT = `
infantryColumn 6 8 12
infantryLine 4 6 8
infantrySquare 3 - 6
skirmishers 8 - 16
heavyCavalry 10 12 20
lightCavalry 12 16 24
footGuns 6 - 12
horseGuns 9 - 18
staff 24 - -
wagons 6 - -
`;

const WEAPON_TEXT = `
carbine 2 4 6
musket 3 6 9
rifle 4 8 12
4pdr-canister 3 6 9
6pdr-canister 4 8 12
9pdr-canister 5 10 15
12pdr-canister 6 12 18
howitzer-canister 4 8 12
4pdr-ball 12 24 36
6pdr-ball 16 32 48
9pdr-ball 20 40 60
12pdr-ball 24 48 72
howitzer-ball 16 32 48
`;

const rows = (t: string) => t.trim().split('\n').map((l) => l.trim().split(/\s+/));
const num = (s: string) => (s === '-' ? null : Number(s));

describe('Scale (1)', () => {
  it('1: an inch is 25 yards, a figure 30 men, a turn 15 minutes', () => {
    expect(SCALE).toEqual({ yardsPerInch: 25, menPerFigure: 30, minutesPerTurn: 15 });
  });
});

describe('Movement table (5)', () => {
  it('5: ten troop types, each row as the text gives move, charge and reserve (NA and blank: none)', () => {
    const text = rows(MOVEMENT_TEXT);
    expect(TROOP_TYPES).toHaveLength(text.length);
    for (const [type, move, charge, reserve] of text) {
      expect(MOVEMENT_RATES[type as keyof typeof MOVEMENT_RATES], type).toEqual({ move: num(move), charge: num(charge), reserve: num(reserve) });
    }
  });
  it('5: reserve is twice the move wherever the text gives both (a check of the transcription)', () => {
    for (const t of TROOP_TYPES) {
      const r = MOVEMENT_RATES[t];
      if (r.reserve !== null) expect(r.reserve, t).toBe(2 * r.move);
    }
  });
});

describe('Weapon ranges (6)', () => {
  it('6: every weapon row as the text gives short, medium, long', () => {
    for (const [name, s, m, l] of rows(WEAPON_TEXT)) {
      const [weapon, ammo] = name.split('-');
      const bands = ammo === undefined ? SMALL_ARMS_RANGES[weapon as 'musket'] : ammo === 'canister' ? CANISTER_RANGES[weapon as '6pdr'] : BALL_RANGES[weapon as '6pdr'];
      expect([...bands], name).toEqual([Number(s), Number(m), Number(l)]);
    }
  });
  it('6: medium is twice and long three times short in every row (a check of the transcription)', () => {
    for (const table of [SMALL_ARMS_RANGES, CANISTER_RANGES, BALL_RANGES]) {
      for (const [k, [s, m, l]] of Object.entries(table)) expect([m, l], k).toEqual([2 * s, 3 * s]);
    }
  });
  it('6: crew 3 for 4pdrs, 4 for 6 and 9pdrs, 5 for 12pdrs (howitzer ruled 4)', () => {
    expect(GUN_CREW).toEqual({ '4pdr': 3, '6pdr': 4, '9pdr': 4, '12pdr': 5, howitzer: 4 });
  });
  it('6: a die per gun, two with canister', () => {
    expect(DICE_PER_GUN).toEqual({ ball: 1, canister: 2 });
  });
});

describe('Fire and melee modifiers (6, 9)', () => {
  it('6: to hit on 5; +1 long range, moving, 1-2 figures, cover; -1 short, guns at deep targets, first volley', () => {
    expect(FIRE_TO_HIT).toEqual({ base: 5, longRange: 1, moving: 1, smallGroup: 1, targetInCover: 1, shortRange: -1, gunsAtDeepTarget: -1, firstVolley: -1 });
  });
  it('6: firers shaken +1 to hit is the one cohesion item of fire', () => {
    expect(COHESION_ITEMS.filter((i) => i.column === 'fireToHit').map((i) => [i.value, i.levels])).toEqual([[1, [3]]]);
  });
  it('6: save on 5; +1 against guns out of hard cover; -1 in hard cover against small arms or canister; -1 skirmishers or crew', () => {
    expect(FIRE_SAVE).toEqual({ base: 5, gunsNotInHardCover: 1, hardCoverVsSmallArmsOrCanister: -1, skirmishersOrCrew: -1 });
  });
  it('9: melee to hit on 5 with the add-1, deduct-1 and deduct-2 items that do not name a level', () => {
    expect(MELEE_TO_HIT).toEqual({
      base: 5,
      smallGroup: 1,
      targetInCover: 1,
      cavalryAttackingSquare: 1,
      chargingOrFollowingUp: -1,
      deeperAtFirstContact: -1,
      closeOrderVsOpenOrder: -1,
      againstFlankOrRear: -1,
      armouredOrLancersAtFirstContact: -2,
    });
  });
  it('9: melee save on 5; +1 downhill; -1 armoured cavalry', () => {
    expect(MELEE_SAVE).toEqual({ base: 5, downhillOfEnemy: 1, armouredCavalry: -1 });
  });
});

describe('Cohesion items (7, 8, 9)', () => {
  const L = (name: string) => COHESION_LEVELS.indexOf(name as never);
  const find = (column: string, text: string) => COHESION_ITEMS.find((i) => i.column === column && i.text === text);
  it('7: the five levels in order formed, unformed, disordered, shaken, rout', () => {
    expect(COHESION_LEVELS).toEqual(['formed', 'unformed', 'disordered', 'shaken', 'rout']);
  });
  it('8: morale -1 disordered, -2 shaken, -3 routing', () => {
    expect(find('morale', 'disordered')).toMatchObject({ value: -1, levels: [L('disordered')] });
    expect(find('morale', 'shaken')).toMatchObject({ value: -2, levels: [L('shaken')] });
    expect(find('morale', 'routing')).toMatchObject({ value: -3, levels: [L('rout')] });
  });
  it('9: own melee +1 disordered, +2 shaken or routing; save +1 unformed, disordered or shaken', () => {
    expect(find('meleeToHit', 'disordered')).toMatchObject({ value: 1, levels: [L('disordered')] });
    expect(find('meleeToHit', 'shaken or routing')).toMatchObject({ value: 2, levels: [L('shaken'), L('rout')] });
    expect(find('meleeSave', 'unformed, disordered or shaken')).toMatchObject({ value: 1, levels: [L('unformed'), L('disordered'), L('shaken')] });
  });
  it("9: the enemy's melee: -1 against shaken, -2 against routing, cavalry -1 more against disordered, shaken, routing, light cavalry +1 against formed", () => {
    expect(find('enemyMeleeToHit', 'opponents shaken')).toMatchObject({ value: -1, levels: [L('shaken')] });
    expect(find('enemyMeleeToHit', 'opponents routing')).toMatchObject({ value: -2, levels: [L('rout')] });
    expect(COHESION_ITEMS.find((i) => i.column === 'enemyCavalryMeleeToHit')).toMatchObject({ value: -1, levels: [L('disordered'), L('shaken'), L('rout')] });
    expect(COHESION_ITEMS.find((i) => i.column === 'enemyLightCavalryMeleeToHit')).toMatchObject({ value: 1, levels: [L('formed')] });
  });
  it('7: unformed affects melee only; disordered morale and melee; shaken fire, morale and melee', () => {
    const columnsOf = (level: number) => new Set(COHESION_ITEMS.filter((i) => i.levels.includes(level as never) && !i.column.startsWith('enemy')).map((i) => i.column));
    expect([...columnsOf(L('unformed'))]).toEqual(['meleeSave']);
    expect([...columnsOf(L('disordered'))].sort()).toEqual(['meleeSave', 'meleeToHit', 'morale']);
    expect([...columnsOf(L('shaken'))].sort()).toEqual(['fireToHit', 'meleeSave', 'meleeToHit', 'morale']);
  });
});

describe('Morale (8)', () => {
  it('8: classes A-E need 2, 3, 4, 5, 6', () => {
    expect(MORALE_CLASS_TARGET).toEqual({ A: 2, B: 3, C: 4, D: 5, E: 6 });
  });
  it('8: the modifier table, +2 to -3, each item under its heading', () => {
    const byValue: Record<number, string[]> = {};
    for (const [k, v] of Object.entries(MORALE_MODIFIERS)) (byValue[v] ??= []).push(k);
    expect(byValue[2].sort()).toEqual(['chargedInSquare', 'chargingFlankOrRear', 'chargingSkirmishersOrRouters', 'commanderInChief', 'hardCover', 'noEnemyInSight', 'supported']);
    expect(byValue[1].sort()).toEqual(['advancingOrPushingBack', 'chargedInColumn', 'secureFlank', 'softCover', 'subordinateGeneral']);
    expect(byValue[-1].sort()).toEqual(['armyDemoralised', 'casualtiesThisTurn', 'retiringOrPushedBack', 'underThreeQuarters']);
    expect(byValue[-2]).toEqual(['underHalf']);
    expect(byValue[-3]).toEqual(['underThird']);
  });
});

describe('Table sections', () => {
  it('every table names the section it comes from', () => {
    for (const [name, section] of Object.entries(TABLE_SECTIONS)) expect(section, name).toMatch(/^\d/);
    expect(Object.keys(TABLE_SECTIONS)).toContain('MOVEMENT_RATES');
  });
});
