/**
 * Steps 1, 2 and 7 of the sequence of play (3): order chits, the initiative, the command element.
 */
import { describe, expect, it } from 'vitest';
import { ASSAULT, FIRE, MANOEUVRE, RESERVE } from '../../src/rules/burt/play/state.js';
import { setOrder } from '../../src/rules/burt/play/units.js';
import { step1Orders, step2Initiative, step7Command } from '../../src/rules/burt/turn/orders.js';
import { EXTRA_INDEX } from '../../src/rules/burt/vocabulary.js';
import { battalion, gameOf, ScriptedDice, unit } from './lane.js';

/** Two French columns 8" (a column's charge reach) from a Prussian line. */
const inReach = {
  attacker: [battalion('A1', 8, { formation: 'column', offset: -3, orders: 'manoeuvre' }), battalion('A2', 8, { formation: 'column', offset: 3, orders: 'manoeuvre' })],
  defender: [battalion('D', 0, { offset: 0 })],
};

describe('3.1 orders (2, 4)', () => {
  it('3.1: turn 1 keeps the scenario\'s chits, though the doctrine would assault', () => {
    const g = gameOf(inReach);
    g.commandTouch.fill(1);
    step1Orders(g);
    expect(g.order[unit(g, 'A1')]).toBe(MANOEUVRE);
  });

  it('3.1, 2, 4: a unit the command element touches takes the order its doctrine wants; one it does not keeps its chit', () => {
    const g = gameOf(inReach);
    g.turn = 2;
    g.commandTouch[unit(g, 'A1')] = 1;
    step1Orders(g);
    expect(g.order[unit(g, 'A1')]).toBe(ASSAULT);
    expect(g.order[unit(g, 'A2')]).toBe(MANOEUVRE);
  });

  it('2, 4: guns change orders each turn without the command element (a limbered battery takes MANOEUVER to unlimber)', () => {
    const g = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 20, limbered: true, orders: 'fire' }], defender: [battalion('D', 0)] });
    g.turn = 2;
    step1Orders(g);
    expect(g.order[unit(g, 'Bty')]).toBe(MANOEUVRE);
  });

  it('4, 10: leaving RESERVE costs the army a point of morale, and a reserve once left is never regained', () => {
    const g = gameOf({ attacker: [battalion('R', 20, { orders: 'reserve' })], defender: [battalion('D', 0)] });
    const r = unit(g, 'R');
    expect(g.order[r]).toBe(RESERVE);
    const before = g.armyMorale[0];
    setOrder(g, r, MANOEUVRE, null);
    expect(g.armyMorale[0]).toBe(before - 1);
    expect(g.counters[2 * EXTRA_INDEX.reservesCommitted]).toBe(1);
  });
});

describe('3.2 initiative', () => {
  it('3.2: each side rolls a die, a tie is rolled again, and the higher (column-assault) acts first', () => {
    const dice = new ScriptedDice({ '0.morale': [3, 5], '1.morale': [3, 2] });
    const g = gameOf(inReach, dice);
    step2Initiative(g);
    expect(g.first).toBe(0);
    expect(dice.left(0, 'morale')).toBe(0);
  });

  it('3.2: a winner whose doctrine acts second lets the other side act first', () => {
    const dice = new ScriptedDice({ '0.morale': [1], '1.morale': [6] });
    const g = gameOf({ ...inReach, defenderDoctrine: { preset: 'hold-and-fire', initiative: 'second' } }, dice);
    step2Initiative(g);
    expect(g.first).toBe(0);
  });
});

describe('3.7 command elements (2, 4)', () => {
  const three = {
    attacker: [
      battalion('Near', 6, { formation: 'column', offset: -5, orders: 'manoeuvre' }),
      battalion('Mid', 7, { formation: 'column', offset: 0, orders: 'manoeuvre' }),
      battalion('Far', 8, { formation: 'column', offset: 5, orders: 'manoeuvre' }),
    ],
    defender: [battalion('D', 0, { offset: -4 }), battalion('E', 0, { offset: 4 })],
  };
  it('3.7 (burt.commandReach 2): the command element touches two units whose order should change, nearest the enemy first', () => {
    const g = gameOf(three);
    step7Command(g);
    expect([...g.commandTouch.slice(0, 3)]).toEqual([1, 1, 0]);
  });
  it('3.7 (burt.commandReach 1 and all): one unit, or every unit that wants a new order', () => {
    const one = gameOf({ ...three, options: { 'burt.commandReach': 1 } });
    step7Command(one);
    expect([...one.commandTouch.slice(0, 3)]).toEqual([1, 0, 0]);
    const all = gameOf({ ...three, options: { 'burt.commandReach': 'all' } });
    step7Command(all);
    expect([...all.commandTouch.slice(0, 3)]).toEqual([1, 1, 1]);
  });
  it('3.7: a unit whose order the doctrine would keep is not reached (a defender holding with FIRE)', () => {
    const g = gameOf(three);
    step7Command(g);
    expect(g.commandTouch[unit(g, 'D')]).toBe(0);
    expect(g.order[unit(g, 'D')]).toBe(FIRE);
  });
});
