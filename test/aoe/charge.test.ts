import { describe, expect, it } from 'vitest';
import {
  ATTACKERS_PER_FACE,
  CHARGE_CHECKED_RETREAT,
  chargeChecked,
  chargeCheckedRetreat,
  chargeReaches,
  mayCharge,
} from '../../src/rules/aoe/charge.js';
import { A_LA_BAYONETTE, BROKEN, CAUTIOUS, ELAN, EN_AVANT, FALL_BACK, HOLD_GROUND, RALLY, RETIRE, ROUTS, SHAKEN, WAVERING } from '../../src/rules/aoe/march.js';
import { DESULTORY, GALLING, LIVELY, TELLING, WITHERING } from '../../src/rules/aoe/volley.js';

const ALL = [A_LA_BAYONETTE, EN_AVANT, CAUTIOUS, HOLD_GROUND, RETIRE, FALL_BACK, ELAN, RALLY, SHAKEN, WAVERING, BROKEN, ROUTS];

describe('Who may charge (p1 March Table; aoe.chargeRequires)', () => {
  it('aoe.chargeRequires anyMove: any result that moves: A la Bayonette, En Avant, Cautious, Elan, Rally', () => {
    expect(ALL.filter((r) => mayCharge(r, 'anyMove'))).toEqual([A_LA_BAYONETTE, EN_AVANT, CAUTIOUS, ELAN, RALLY]);
  });
  it('aoe.chargeRequires fullMove: only results that move normally: A la Bayonette, En Avant, Elan', () => {
    expect(ALL.filter((r) => mayCharge(r, 'fullMove'))).toEqual([A_LA_BAYONETTE, EN_AVANT, ELAN]);
  });
  it('aoe.chargeRequires aLaBayonette: only the top band (A la Bayonette, or Elan when disordered)', () => {
    expect(ALL.filter((r) => mayCharge(r, 'aLaBayonette'))).toEqual([A_LA_BAYONETTE, ELAN]);
  });
  it('rulings 3.1: a half move charges if it reaches contact', () => {
    expect(chargeReaches(4.5, 4.5)).toBe(true);
    expect(chargeReaches(4.6, 4.5)).toBe(false);
  });
  it('p1 Special Rules: one attacking unit per face of the defender', () => expect(ATTACKERS_PER_FACE).toBe(1));
});

describe('Charge checked (p2 Die Result, p3 Volley and Cannonade)', () => {
  it('p2/p3: Telling and Withering fire check a charge; Galling, Lively and Desultory do not', () => {
    expect([DESULTORY, LIVELY, GALLING, TELLING, WITHERING].map(chargeChecked)).toEqual([false, false, false, true, true]);
  });
  it('p2 notes: a checked charger goes back 2"', () => {
    expect(CHARGE_CHECKED_RETREAT).toBe(2);
    expect(chargeCheckedRetreat('infantry', 6, 9)).toBe(2);
  });
  it('p2 notes: checked cavalry may recall instead, up to a full move', () => {
    expect(chargeCheckedRetreat('cavalry', 0, 12)).toBe(2);
    expect(chargeCheckedRetreat('cavalry', 8, 12)).toBe(8);
    expect(chargeCheckedRetreat('cavalry', 20, 12)).toBe(12);
  });
});
