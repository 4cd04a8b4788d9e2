import { describe, expect, it } from 'vitest';
import {
  cavalryMayContactInMovement,
  chargeDistance,
  mayCharge,
  mayMove,
  cohesionAfterRoughTest,
  formationRate,
  mayMoveTowardEnemy,
  mayWithdraw,
  moveAllowance,
  ROUGH_LINEAR,
  ROUGH_UPHILL,
  ROUGH_WATER,
  ROUGH_WOODS,
  roughTerrainModifier,
  roughTestModifier,
  roughTestOutcome,
  roughUnitModifier,
  roadRate,
  withdrawalDistance,
  closedForWithdrawal,
  MOVED,
  REFORMED,
  STOOD,
  type AdvanceCase,
  type Mover,
} from '../../src/rules/cwj/movement.js';
import { DEFAULT_CWJ_OPTIONS } from '../../src/rules/cwj/options.js';
import { actsDisordered, formationAllowed } from '../../src/rules/cwj/types.js';

const inf: Mover = { arm: 'infantry', light: false, horse: false };
const lightInf: Mover = { arm: 'infantry', light: true, horse: false };
const cav: Mover = { arm: 'cavalry', light: false, horse: false };
const lightCav: Mover = { arm: 'cavalry', light: true, horse: false };
const foot: Mover = { arm: 'artillery', light: false, horse: false };
const lightFoot: Mover = { arm: 'artillery', light: true, horse: false };
const horse: Mover = { arm: 'artillery', light: false, horse: true };
const lightHorse: Mover = { arm: 'artillery', light: true, horse: true };
const O = DEFAULT_CWJ_OPTIONS;

describe('Formations ([Form] l.16-23)', () => {
  it('[Form] l.16-18: infantry Square, Skirmish, Column, Line, Deployed; cavalry Line, Column; artillery limbered, unlimbered', () => {
    for (const f of ['square', 'skirmish', 'column', 'line', 'deployed'] as const) expect(formationAllowed('infantry', f), f).toBe(true);
    expect(formationAllowed('infantry', 'limbered')).toBe(false);
    expect(formationAllowed('cavalry', 'line')).toBe(true);
    expect(formationAllowed('cavalry', 'column')).toBe(true);
    expect(formationAllowed('cavalry', 'square')).toBe(false);
    expect(formationAllowed('artillery', 'unlimbered')).toBe(true);
    expect(formationAllowed('artillery', 'line')).toBe(false);
  });
  it('[Rough] l.121-122: unformed acts as disordered; good does not', () => {
    expect(actsDisordered('unformed')).toBe(true);
    expect(actsDisordered('disordered')).toBe(true);
    expect(actsDisordered('good')).toBe(false);
  });
});

describe('Movement Factors ([Move] l.59-102)', () => {
  it('[Move] l.71-78: infantry column 18, line 12; cavalry column 22, line 14; light +4', () => {
    expect(formationRate(inf, 'column', 'halfLine')).toBe(18);
    expect(formationRate(inf, 'line', 'halfLine')).toBe(12);
    expect(formationRate(cav, 'column', 'halfLine')).toBe(22);
    expect(formationRate(cav, 'line', 'halfLine')).toBe(14);
    expect(formationRate(lightInf, 'column', 'halfLine')).toBe(22);
    expect(formationRate(lightCav, 'line', 'halfLine')).toBe(18);
  });
  it('[Move] l.67-70: a road move is 30 infantry, 38 cavalry, light +6; artillery has no road rate', () => {
    expect(roadRate(inf)).toBe(30);
    expect(roadRate(cav)).toBe(38);
    expect(roadRate(lightInf)).toBe(36);
    expect(roadRate(lightCav)).toBe(44);
    expect(roadRate(foot)).toBe(0);
  });
  it('[Move] l.85-98: limbered foot 20, horse 30; unlimbered 6 either; light +4 limbered, +2 unlimbered', () => {
    expect(formationRate(foot, 'limbered', 'halfLine')).toBe(20);
    expect(formationRate(horse, 'limbered', 'halfLine')).toBe(30);
    expect(formationRate(lightFoot, 'limbered', 'halfLine')).toBe(24);
    expect(formationRate(lightHorse, 'limbered', 'halfLine')).toBe(34);
    expect(formationRate(foot, 'unlimbered', 'halfLine')).toBe(6);
    expect(formationRate(horse, 'unlimbered', 'halfLine')).toBe(6);
    expect(formationRate(lightHorse, 'unlimbered', 'halfLine')).toBe(8);
  });
  it('rulings section 3: skirmish and deployed infantry move at the line rate', () => {
    expect(formationRate(inf, 'skirmish', 'halfLine')).toBe(12);
    expect(formationRate(lightInf, 'deployed', 'halfLine')).toBe(16);
  });
  it('cwj.squareMove: a square moves at half its line rate (halfLine) or not at all (none)', () => {
    expect(formationRate(inf, 'square', 'halfLine')).toBe(6);
    expect(formationRate(lightInf, 'square', 'halfLine')).toBe(8);
    expect(formationRate(inf, 'square', 'none')).toBe(0);
  });
  it('[Form] l.16-18: a formation the arm cannot take has no rate', () => {
    expect(formationRate(cav, 'square', 'halfLine')).toBe(0);
    expect(formationRate(cav, 'skirmish', 'halfLine')).toBe(0);
    expect(formationRate(cav, 'deployed', 'halfLine')).toBe(0);
    expect(formationRate(foot, 'line', 'halfLine')).toBe(0);
    expect(formationRate(inf, 'limbered', 'halfLine')).toBe(0);
  });
});

describe('Move allowance and the * halving ([Move] l.100-102, cwj.formationChangeRate)', () => {
  const base = { road: false, cohesion: 'good' as const, changesFacing: false, heldByRally: false };
  it('[Move] l.71-72: an unchanged column moves its full 18', () => {
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'column' }, O)).toBe(18);
  });
  it('[Move] l.100-102: a facing change halves the rate, light bonus included', () => {
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'column', changesFacing: true }, O)).toBe(9);
    expect(moveAllowance(lightInf, { ...base, from: 'line', to: 'line', changesFacing: true }, O)).toBe(8);
    expect(moveAllowance(foot, { ...base, from: 'limbered', to: 'limbered', changesFacing: true }, O)).toBe(10);
  });
  it('cwj.formationChangeRate = slower: column to line moves half the line rate (6)', () => {
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'line' }, O)).toBe(6);
    expect(moveAllowance(inf, { ...base, from: 'line', to: 'column' }, O)).toBe(6);
  });
  it('cwj.formationChangeRate = start / end: the starting or the ending formation\'s rate, halved', () => {
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'line' }, { ...O, formationChangeRate: 'start' })).toBe(9);
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'line' }, { ...O, formationChangeRate: 'end' })).toBe(6);
    expect(moveAllowance(inf, { ...base, from: 'line', to: 'column' }, { ...O, formationChangeRate: 'end' })).toBe(9);
  });
  it('[Move] l.91-98: limbering or unlimbering is a formation change: half the unlimbered 6 (slower)', () => {
    expect(moveAllowance(foot, { ...base, from: 'limbered', to: 'unlimbered' }, O)).toBe(3);
    expect(moveAllowance(horse, { ...base, from: 'unlimbered', to: 'limbered' }, { ...O, formationChangeRate: 'end' })).toBe(15);
  });
  it('cwj.squareMove = none: forming or leaving square moves nothing under slower', () => {
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'square' }, { ...O, squareMove: 'none' })).toBe(0);
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'square' }, O)).toBe(3);
  });
  it('[Move] l.67-70: the road row has no *, so a road move is never halved', () => {
    expect(moveAllowance(inf, { ...base, road: true, from: 'column', to: 'column', changesFacing: true }, O)).toBe(30);
  });
  it('[Move] l.67: artillery on a road moves its limbered rate (no road rate)', () => {
    expect(moveAllowance(foot, { ...base, road: true, from: 'limbered', to: 'limbered' }, O)).toBe(20);
  });
  it('[Rally] l.50-53: a disordered unit does not move, nor one whose rally roll did not pass this turn', () => {
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'column', cohesion: 'disordered' }, O)).toBe(0);
    expect(moveAllowance(cav, { ...base, from: 'line', to: 'line', cohesion: 'unformed', heldByRally: true }, O)).toBe(0);
    expect(moveAllowance(cav, { ...base, from: 'line', to: 'line', heldByRally: true }, O)).toBe(0);
  });
  it('[Rough] l.123-124, rulings section 2: an unformed unit may move (staying still is what ends it)', () => {
    expect(mayMove('unformed', false)).toBe(true);
    expect(mayMove('disordered', false)).toBe(false);
    expect(mayMove('good', true)).toBe(false);
    expect(moveAllowance(cav, { ...base, from: 'line', to: 'line', cohesion: 'unformed' }, O)).toBe(14);
  });
  it('[Rally] l.50-53, [Rough] l.121-124: an unformed unit may not change facing, as a disordered one may not, so it may not move back (a change of facing here)', () => {
    expect(moveAllowance(cav, { ...base, from: 'line', to: 'line', cohesion: 'unformed', changesFacing: true }, O)).toBe(0);
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'column', cohesion: 'unformed', changesFacing: true }, O)).toBe(0);
    expect(moveAllowance(inf, { ...base, from: 'column', to: 'column', changesFacing: true }, O)).toBe(9);
  });
});

describe('Charge moves ([Move] l.79-83, [SoP] l.12, cwj.chargeMove)', () => {
  it('cwj.chargeMove = cavalry12: 12 cm, light cavalry 14', () => {
    expect(chargeDistance(cav, 'line', 'cavalry12')).toBe(12);
    expect(chargeDistance(lightCav, 'line', 'cavalry12')).toBe(14);
  });
  it('cwj.chargeMove = cavalry14: the cells as placed, 12 + 2 = 14, no light bonus', () => {
    expect(chargeDistance(cav, 'line', 'cavalry14')).toBe(14);
    expect(chargeDistance(lightCav, 'column', 'cavalry14')).toBe(14);
  });
  it('cwj.chargeMove = ratePlus2: the formation rate with light bonus, +2', () => {
    expect(chargeDistance(cav, 'line', 'ratePlus2')).toBe(16);
    expect(chargeDistance(cav, 'column', 'ratePlus2')).toBe(24);
    expect(chargeDistance(lightCav, 'line', 'ratePlus2')).toBe(20);
  });
  it('[SoP] l.12: only cavalry charges', () => {
    expect(chargeDistance(inf, 'column', 'cavalry12')).toBe(0);
    expect(chargeDistance(foot, 'limbered', 'ratePlus2')).toBe(0);
  });
  it('cwj.cavalryMoveContact: cavalry may end a normal move in contact (allowed) or only charge in (chargeOnly)', () => {
    expect(cavalryMayContactInMovement('allowed')).toBe(true);
    expect(cavalryMayContactInMovement('chargeOnly')).toBe(false);
  });
});

describe('Movement special cases ([Spec] l.103-109, [Win] l.304-306)', () => {
  const ok: AdvanceCase = { arm: 'infantry', formation: 'column', cohesion: 'good', heldByRally: false, corpsFatigued: false, leaderAttached: false, towardEnemy: true, intoFrontalContactWithCavalry: false };
  it('a good unit of a fresh corps may advance', () => expect(mayMoveTowardEnemy(ok)).toBe(true));
  it('[Spec] l.105: infantry is barred from moving into frontal contact with cavalry; cavalry is not', () => {
    expect(mayMoveTowardEnemy({ ...ok, intoFrontalContactWithCavalry: true })).toBe(false);
    expect(mayMoveTowardEnemy({ ...ok, arm: 'cavalry', formation: 'line', intoFrontalContactWithCavalry: true })).toBe(true);
  });
  it('[Spec] l.106: a square may not move toward a visible enemy, but may move otherwise', () => {
    expect(mayMoveTowardEnemy({ ...ok, formation: 'square' })).toBe(false);
    expect(mayMoveTowardEnemy({ ...ok, formation: 'square', towardEnemy: false })).toBe(true);
  });
  it('[Win] l.304-306: a fatigued corps\' unit may not advance unless a leader is attached', () => {
    expect(mayMoveTowardEnemy({ ...ok, corpsFatigued: true })).toBe(false);
    expect(mayMoveTowardEnemy({ ...ok, corpsFatigued: true, leaderAttached: true })).toBe(true);
    expect(mayMoveTowardEnemy({ ...ok, corpsFatigued: true, towardEnemy: false })).toBe(true);
  });
  it('[Rally] l.50-53: a disordered unit, or one held by its rally roll, may not move at all; an unformed one may', () => {
    expect(mayMoveTowardEnemy({ ...ok, cohesion: 'disordered', towardEnemy: false })).toBe(false);
    expect(mayMoveTowardEnemy({ ...ok, heldByRally: true, towardEnemy: false })).toBe(false);
    expect(mayMoveTowardEnemy({ ...ok, cohesion: 'unformed' })).toBe(true);
  });
  it('[SoP] l.12, section 2: only good cavalry not in contact charges', () => {
    expect(mayCharge('cavalry', 'good', false)).toBe(true);
    expect(mayCharge('cavalry', 'unformed', false)).toBe(false);
    expect(mayCharge('cavalry', 'good', true)).toBe(false);
    expect(mayCharge('infantry', 'good', false)).toBe(false);
  });
  it('[Spec] l.107: cavalry may withdraw when enemy infantry or artillery moves within 10 cm', () => {
    expect(mayWithdraw('cavalry', 'good', false, 'infantry', 10)).toBe(true);
    expect(mayWithdraw('cavalry', 'good', false, 'artillery', 4)).toBe(true);
    expect(mayWithdraw('cavalry', 'good', false, 'infantry', 10.5)).toBe(false);
    expect(mayWithdraw('cavalry', 'good', false, 'cavalry', 4)).toBe(false);
    expect(mayWithdraw('infantry', 'good', false, 'infantry', 4)).toBe(false);
    expect(mayWithdraw('cavalry', 'good', true, 'infantry', 4)).toBe(false);
    expect(mayWithdraw('cavalry', 'disordered', false, 'infantry', 4)).toBe(false);
    expect(mayWithdraw('cavalry', 'unformed', false, 'infantry', 4)).toBe(true);
  });
  it('[Spec] l.107, cwj.withdrawalTrigger: a change of place always closes; a formation change in place only under moveOrReform', () => {
    expect(closedForWithdrawal(MOVED, 'moveOrReform')).toBe(true);
    expect(closedForWithdrawal(MOVED, 'moveOnly')).toBe(true);
    expect(closedForWithdrawal(REFORMED, 'moveOrReform')).toBe(true);
    expect(closedForWithdrawal(REFORMED, 'moveOnly')).toBe(false);
    expect(closedForWithdrawal(STOOD, 'moveOrReform')).toBe(false);
    expect(closedForWithdrawal(STOOD, 'moveOnly')).toBe(false);
  });
  it('[Spec] l.108: the withdrawal is the 2d6 sum in cm', () => {
    expect(withdrawalDistance(1, 1)).toBe(2);
    expect(withdrawalDistance(6, 5)).toBe(11);
  });
});

describe('Rough terrain test ([Rough] l.110-124)', () => {
  it('[Rough] l.119-120: as printed (bonus) water +2, woods +3, uphill +5, linear +4', () => {
    expect(roughTerrainModifier(ROUGH_WATER, 'bonus')).toBe(2);
    expect(roughTerrainModifier(ROUGH_WOODS, 'bonus')).toBe(3);
    expect(roughTerrainModifier(ROUGH_UPHILL, 'bonus')).toBe(5);
    expect(roughTerrainModifier(ROUGH_LINEAR, 'bonus')).toBe(4);
  });
  it('cwj.roughSign = penalty: the same values subtracted', () => {
    expect(roughTerrainModifier(ROUGH_WATER, 'penalty')).toBe(-2);
    expect(roughTerrainModifier(ROUGH_UPHILL, 'penalty')).toBe(-5);
  });
  it('rulings section 3: several kinds test once with the least favourable value', () => {
    expect(roughTerrainModifier(ROUGH_WOODS | ROUGH_UPHILL, 'bonus')).toBe(3);
    expect(roughTerrainModifier(ROUGH_WATER | ROUGH_LINEAR | ROUGH_UPHILL, 'bonus')).toBe(2);
    expect(roughTerrainModifier(ROUGH_WOODS | ROUGH_UPHILL, 'penalty')).toBe(-5);
    expect(roughTerrainModifier(0, 'bonus')).toBe(0);
  });
  it('[Rough] l.117-118: a unit in line -1, cavalry -1, artillery -2, light infantry +1', () => {
    expect(roughUnitModifier('infantry', 'column', false)).toBe(0);
    expect(roughUnitModifier('infantry', 'line', false)).toBe(-1);
    expect(roughUnitModifier('infantry', 'column', true)).toBe(1);
    expect(roughUnitModifier('infantry', 'line', true)).toBe(0);
    expect(roughUnitModifier('cavalry', 'column', false)).toBe(-1);
    expect(roughUnitModifier('cavalry', 'line', false)).toBe(-2); // "unit in line" and "cavalry" both
    expect(roughUnitModifier('artillery', 'limbered', false)).toBe(-2);
  });
  it('[Rough] l.116: the usual modifiers too: rally mod and (cwj.generalCheckBonus) the general', () => {
    // Line infantry (rally 1) in column into woods with a general: 1 + 1 + 0 + 3 = 5.
    expect(roughTestModifier(1, true, 'infantry', 'column', false, ROUGH_WOODS, O)).toBe(5);
    expect(roughTestModifier(1, true, 'infantry', 'column', false, ROUGH_WOODS, { ...O, generalCheckBonus: 'rallyPhaseOnly' })).toBe(4);
    // Heavy cavalry (rally 1) in line uphill, penalty reading: 1 - 1 - 1 - 5 = -6.
    expect(roughTestModifier(1, false, 'cavalry', 'line', false, ROUGH_UPHILL, { ...O, roughSign: 'penalty' })).toBe(-6);
  });
  it('[Rough] l.112-114, l.121-124: 9+ passes; less leaves the unit unformed, or disordered (cwj.roughFailure)', () => {
    expect(roughTestOutcome(9, 'unformed')).toBe('good');
    expect(roughTestOutcome(8, 'unformed')).toBe('unformed');
    expect(roughTestOutcome(8, 'unformedNoRoll')).toBe('unformed');
    expect(roughTestOutcome(2, 'disordered')).toBe('disordered');
    expect(roughTestOutcome(-4, 'unformed')).toBe('unformed'); // never worse: no rout, no retreat
  });
  it('[Rough]: a failed test never lightens disorder to unformed', () => {
    expect(cohesionAfterRoughTest('good', 'unformed')).toBe('unformed');
    expect(cohesionAfterRoughTest('disordered', 'unformed')).toBe('disordered');
    expect(cohesionAfterRoughTest('unformed', 'good')).toBe('unformed');
  });
});
