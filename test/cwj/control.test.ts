import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  CONTROL_CONTROLLED,
  CONTROL_MILL,
  CONTROL_REMOVED,
  CONTROL_TABLE,
  CONTROL_UNCONTROLLED_CHARGE,
  CONTROL_UNCONTROLLED_MOVE,
  controlDisorders,
  controlModifier,
  controlResult,
  controlTestRequired,
  rollControl,
  uncontrolledContactFightsNow,
} from '../../src/rules/cwj/control.js';
import { generalDies, generalServes, generalSurvivesUnitLoss } from '../../src/rules/cwj/generals.js';

describe('Cavalry Control Table ([Control] l.255-283)', () => {
  // l.266-279 by hand: 2-4 uncontrolled charge, 5-7 uncontrolled move, 8-9 mill, 10-12 controlled.
  const TEXT: Record<number, number> = { 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4, 11: 4, 12: 4 };
  for (let s = 3; s <= 12; s++) {
    it(`[Control] l.266-279: an unmodified ${s} is ${['', 'an uncontrolled charge', 'an uncontrolled move', 'mill about', 'controlled'][TEXT[s]]}`, () => {
      expect(controlResult(s, 0)).toBe(TEXT[s]);
    });
  }
  it('[Control] l.258-259: a natural 2 removes the unit from the field, whatever the modifier', () => {
    for (const m of [-4, 0, 2, 9]) expect(controlResult(2, m)).toBe(CONTROL_REMOVED);
  });
  it('[Control]: only a natural 2 removes: a modified 2 or less is an uncontrolled charge', () => {
    expect(controlResult(4, -2)).toBe(CONTROL_UNCONTROLLED_CHARGE);
    expect(controlResult(3, -5)).toBe(CONTROL_UNCONTROLLED_CHARGE);
  });
  it('[Control] l.277: a modified total above 12 is controlled', () => {
    expect(controlResult(12, 2)).toBe(CONTROL_CONTROLLED);
  });
  it('[Control] l.264-265: general +2, British not KGL -1, disordered -1, enemy flank or rear visible -2', () => {
    const none = { generalServes: false, britishNotKgl: false, disordered: false, enemyFlankOrRearVisible: false };
    expect(controlModifier(none)).toBe(0);
    expect(controlModifier({ ...none, generalServes: true })).toBe(2);
    expect(controlModifier({ ...none, britishNotKgl: true })).toBe(-1);
    expect(controlModifier({ ...none, disordered: true })).toBe(-1);
    expect(controlModifier({ ...none, enemyFlankOrRearVisible: true })).toBe(-2);
    expect(controlModifier({ generalServes: true, britishNotKgl: true, disordered: true, enemyFlankOrRearVisible: true })).toBe(-2);
  });
  it('[Control] l.266-272: the uncontrolled results disorder; the moves are 30 and 20 cm', () => {
    expect(controlDisorders(CONTROL_UNCONTROLLED_CHARGE)).toBe(true);
    expect(controlDisorders(CONTROL_UNCONTROLLED_MOVE)).toBe(true);
    expect(controlDisorders(CONTROL_MILL)).toBe(false);
    expect(controlDisorders(CONTROL_CONTROLLED)).toBe(false);
    expect(CONTROL_TABLE.uncontrolledChargeCm).toBe(30);
    expect(CONTROL_TABLE.uncontrolledMoveCm).toBe(20);
  });
  it('[Control] l.255-279: the data bands agree with the function for every modified total -3..16 (natural 7)', () => {
    for (let t = -3; t <= 16; t++) expect(CONTROL_TABLE.bands.find((b) => t <= b.upTo)!.result).toBe(controlResult(7, t - 7));
  });
  it('[Melee] l.254, cwj.controlTest: only when the win broke contact (contactBroken), or after every win (anyWin)', () => {
    expect(controlTestRequired('contactBroken', true)).toBe(true);
    expect(controlTestRequired('contactBroken', false)).toBe(false);
    expect(controlTestRequired('anyWin', false)).toBe(true);
  });
  it('cwj.uncontrolledContact: new contacts fight next melee phase by default, or now', () => {
    expect(uncontrolledContactFightsNow('nextMeleePhase')).toBe(false);
    expect(uncontrolledContactFightsNow('samePhase')).toBe(true);
  });
  it('[Control]: rollControl draws two dice and tests the natural sum first; replayed on a second stream', () => {
    const u = aleaStream('cwj-control-replay');
    const v = aleaStream('cwj-control-replay');
    for (let i = 0; i < 2000; i++) {
      const m = (i % 7) - 3;
      const s = 2 + Math.floor(v() * 6) + Math.floor(v() * 6);
      expect(rollControl(u, m)).toBe(controlResult(s, m));
    }
  });
});

describe('Divisional generals ([Gen] l.284-292)', () => {
  it('[Gen] l.291-292: a general serves units of his own corps and arm only; artillery never', () => {
    expect(generalServes('infantry', 1, 'infantry', 1)).toBe(true);
    expect(generalServes('cavalry', 1, 'cavalry', 1)).toBe(true);
    expect(generalServes('infantry', 1, 'infantry', 2)).toBe(false);
    expect(generalServes('infantry', 1, 'cavalry', 1)).toBe(false);
    expect(generalServes('cavalry', 1, 'infantry', 1)).toBe(false);
    expect(generalServes('infantry', 1, 'artillery', 1)).toBe(false);
  });
  it('[Gen] l.290: after a use he dies on a 1 only', () => {
    expect(generalDies(1)).toBe(true);
    for (let d = 2; d <= 6; d++) expect(generalDies(d)).toBe(false);
  });
  it('cwj.generalUnitLost: he survives the loss of his unit by default, or dies with it', () => {
    expect(generalSurvivesUnitLoss('survives')).toBe(true);
    expect(generalSurvivesUnitLoss('dies')).toBe(false);
  });
});
