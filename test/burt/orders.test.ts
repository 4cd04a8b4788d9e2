import { describe, expect, it } from 'vitest';
import { commandSlots, forcedOrders, leavesReserve, mayChangeOrders, ORDER_ALLOWS, orderAllowed, reactionsAllowed } from '../../src/rules/burt/orders.js';

describe('Orders (2, 4)', () => {
  it('4: RESERVE moves at reserve rate and neither fires nor fights; MANOEUVER moves and changes formation; FIRE fires; REGROUP stays', () => {
    expect(ORDER_ALLOWS.reserve).toMatchObject({ reserveMove: true, fire: false, combat: false });
    expect(ORDER_ALLOWS.manoeuvre).toMatchObject({ move: true, changeFormation: true, fire: false, combat: false });
    expect(ORDER_ALLOWS.fire).toMatchObject({ fire: true, changeFormation: false, combat: false });
    expect(ORDER_ALLOWS.assault).toMatchObject({ fire: false, combat: true });
    expect(ORDER_ALLOWS.regroup).toMatchObject({ move: false, fire: false, combat: false });
  });
  it('4: guns and skirmishers cannot take ASSAULT orders', () => {
    expect(orderAllowed('assault', 'guns')).toBe(false);
    expect(orderAllowed('assault', 'skirmishers')).toBe(false);
    expect(orderAllowed('assault', 'cavalry')).toBe(true);
  });
  it('2, 4: guns and skirmishers change orders every turn; others only touching their command element', () => {
    expect(mayChangeOrders('guns', false)).toBe(true);
    expect(mayChangeOrders('infantry', false)).toBe(false);
    expect(mayChangeOrders('infantry', true)).toBe(true);
  });
  it('2, 4 (burt.commandReach): the command element reaches 2 units, 1, or all', () => {
    expect(commandSlots(2, 4)).toBe(2);
    expect(commandSlots(Infinity, 4)).toBe(4);
    expect(commandSlots(2, 1)).toBe(1);
  });
});

describe('Assault reactions (9.r1-r4)', () => {
  it('9: FIRE may fire or hold; MANOEUVER countercharge, evade or hold; ASSAULT must countercharge; REGROUP holds', () => {
    expect(reactionsAllowed('fire', 'section9')).toEqual(['fire', 'hold']);
    expect(reactionsAllowed('manoeuvre', 'section9')).toEqual(['countercharge', 'evade', 'hold']);
    expect(reactionsAllowed('assault', 'section9')).toEqual(['countercharge']);
    expect(reactionsAllowed('regroup', 'section9')).toEqual(['hold']);
  });
  it('4, 9 (burt.reserveReaction): RESERVE may fire, countercharge, evade or hold (section9), or only evade or hold (section4)', () => {
    expect(reactionsAllowed('reserve', 'section9')).toEqual(['fire', 'countercharge', 'evade', 'hold']);
    expect(reactionsAllowed('reserve', 'section4')).toEqual(['evade', 'hold']);
  });
});

describe('Forced changes of orders (11)', () => {
  it('11: RESERVE becomes MANOEUVER on small-arms casualties or when assaulted', () => {
    expect(forcedOrders('reserve', 'smallArmsCasualties')).toBe('manoeuvre');
    expect(forcedOrders('reserve', 'assaulted')).toBe('manoeuvre');
    expect(forcedOrders('fire', 'assaulted')).toBe('fire');
  });
  it('11: a committed RESERVE becomes FIRE or ASSAULT', () => {
    expect(forcedOrders('reserve', 'committedToSupport', 'fire')).toBe('fire');
    expect(forcedOrders('reserve', 'committedToSupport', 'assault')).toBe('assault');
  });
  it('11: rallying, evading or leaving a melee gives REGROUP', () => {
    for (const why of ['rallied', 'evaded', 'leftMelee'] as const) expect(forcedOrders('assault', why)).toBe('regroup');
  });
  it('4, 10: leaving RESERVE is told apart (it costs army morale)', () => {
    expect(leavesReserve('reserve', 'manoeuvre')).toBe(true);
    expect(leavesReserve('manoeuvre', 'fire')).toBe(false);
  });
});
