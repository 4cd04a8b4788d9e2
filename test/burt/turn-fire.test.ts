/**
 * Steps 8 and 9 of the sequence of play (3): regroup (4, 7) and firing (6), played with scripted dice
 * (a face per die, in the order the rules throw them).
 */
import { describe, expect, it } from 'vitest';
import { LINE, MANOEUVRE, REGROUP, RESERVE } from '../../src/rules/burt/play/state.js';
import { laneMove, MoveKind } from '../../src/rules/burt/play/moves.js';
import { changeFormation, setLimbered, turnToFace } from '../../src/rules/burt/turn/manoeuvre.js';
import type { BurtEvent } from '../../src/rules/burt/events.js';
import { loseFigures, moraleModifierOf, setLevel } from '../../src/rules/burt/play/units.js';
import { DISORDERED, ROUT, UNFORMED } from '../../src/rules/burt/tables.js';
import { fireAt, legalTargets, step8Regroup, step9Fire } from '../../src/rules/burt/turn/fire.js';
import { PURPOSE } from '../../src/rules/burt/vocabulary.js';
import { battalion, gameOf, ScriptedDice, unit } from './lane.js';

describe('3.8 regroup (4, 7)', () => {
  it('3.8, 7 (burt.regroupTest automatic): REGROUP regains one level; formed is the top, a router must rally instead', () => {
    const g = gameOf({ attacker: [battalion('A', 10, { orders: 'regroup', formation: 'column' }), battalion('B', 10, { orders: 'regroup', offset: 5 }), battalion('C', 10, { orders: 'regroup', offset: -5 })], defender: [battalion('D', 0)] });
    setLevel(g, unit(g, 'A'), DISORDERED, 'test');
    setLevel(g, unit(g, 'C'), ROUT, 'test');
    step8Regroup(g);
    expect(g.level[unit(g, 'A')]).toBe(UNFORMED);
    expect(g.level[unit(g, 'B')]).toBe(0);
    expect(g.level[unit(g, 'C')]).toBe(ROUT);
  });

  it('3.8, 7: guns regroup no higher than unformed, their best (7)', () => {
    const g = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 20, orders: 'regroup' }], defender: [battalion('D', 0)] });
    const b = unit(g, 'Bty');
    expect(g.level[b]).toBe(UNFORMED);
    step8Regroup(g);
    expect(g.level[b]).toBe(UNFORMED);
  });

  it('3.8 (burt.regroupTest moraleTest): the unit first passes a test (purpose regroup), or stays as it is', () => {
    const pass = new ScriptedDice({ '0.morale': [6] });
    const g = gameOf({ attacker: [battalion('A', 10, { orders: 'regroup' })], defender: [battalion('D', 0)], options: { 'burt.regroupTest': 'moraleTest' } }, pass);
    setLevel(g, 0, DISORDERED, 'test');
    step8Regroup(g);
    expect(g.level[0]).toBe(UNFORMED);
    expect(g.res.sides[0].checksTaken[PURPOSE.regroup]).toBe(1);
    const fail = new ScriptedDice({ '0.morale': [1] });
    const h = gameOf({ attacker: [battalion('A', 10, { orders: 'regroup' })], defender: [battalion('D', 0)], options: { 'burt.regroupTest': 'moraleTest' } }, fail);
    setLevel(h, 0, DISORDERED, 'test');
    step8Regroup(h);
    expect(h.level[0]).toBe(DISORDERED);
  });
});

describe('3.9 firing (6)', () => {
  it('6: a 24-figure line fires 6 dice at medium range hitting on 5+, each hit saved on 5+: faces 5 6 1 2 3 4 hit twice, saves 6 1 remove one figure', () => {
    const dice = new ScriptedDice({ '1.fire': [5, 6, 1, 2, 3, 4, 6, 1] });
    const g = gameOf({ attacker: [battalion('A', 5, { formation: 'column', orders: 'manoeuvre' })], defender: [battalion('D', 0)] }, dice);
    g.firedEver[unit(g, 'D')] = 1;
    step9Fire(g);
    expect(g.figures[unit(g, 'A')]).toBe(23);
    expect(dice.left(1, 'fire')).toBe(0);
  });

  it('6: the first volley of the day hits a score better (5+ less 1)', () => {
    const dice = new ScriptedDice({ '1.fire': [4, 1, 1, 1, 1, 1, 1] });
    const g = gameOf({ attacker: [battalion('A', 5, { formation: 'column', orders: 'manoeuvre' })], defender: [battalion('D', 0)] }, dice);
    step9Fire(g);
    expect(g.figures[unit(g, 'A')]).toBe(23);
  });

  const lines = (simultaneous: boolean) =>
    gameOf(
      { attacker: [battalion('A', 3, { orders: 'fire' })], defender: [battalion('D', 0)], options: { 'burt.simultaneousFire': simultaneous } },
      new ScriptedDice({ '0.fire': [6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1], '1.fire': [1, 1, 1, 1, 1, 1] }),
    );

  it('3, 6 (burt.simultaneousFire true): figures lost in step 9 are removed after every unit has fired: the Prussians still fire 6 dice', () => {
    const g = lines(true);
    g.firedEver.fill(1);
    step9Fire(g);
    expect(g.figures[unit(g, 'D')]).toBe(18);
    expect((g.dice as ScriptedDice).left(1, 'fire')).toBe(0);
  });

  it('3, 6 (burt.simultaneousFire false): casualties are removed at once, so the Prussians fire 18 figures: 5 dice', () => {
    const g = lines(false);
    g.firedEver.fill(1);
    step9Fire(g);
    expect(g.figures[unit(g, 'D')]).toBe(18);
    expect((g.dice as ScriptedDice).left(1, 'fire')).toBe(1);
  });

  it('11: small-arms casualties push a RESERVE unit into MANOEUVER, at a point of army morale (10)', () => {
    const g = gameOf({ attacker: [battalion('R', 10, { orders: 'reserve' })], defender: [battalion('D', 0)] });
    const before = g.armyMorale[0];
    loseFigures(g, 0, 1, true, true);
    expect(g.order[0]).toBe(MANOEUVRE);
    expect(g.armyMorale[0]).toBe(before - 1);
  });

  it('6: a battery\'s crew saves at -1; each casualty then rolls a d6 against the next gun\'s crew of 4: above it from small arms silences the gun', () => {
    // Muskets at short range hit on 4+: faces 6 6 hit; crew saves on 4+: 1 1 fail; the gun rolls 5 (out) and 2.
    const dice = new ScriptedDice({ '0.fire': [6, 6, 1, 1, 1, 1, 1, 1, 5, 2] });
    const g = gameOf({ attacker: [battalion('A', 3, { orders: 'fire' })], defender: [{ id: 'Bty', arm: 'guns', guns: 4, at: 0, orders: 'regroup' }] }, dice);
    g.firedEver.fill(1);
    step9Fire(g);
    const b = unit(g, 'Bty');
    expect(g.guns[b]).toBe(3);
    expect(g.figures[b]).toBe(12);
    expect(g.gunsLostTurn[b]).toBe(1);
  });

  it('6, 8, 11: casualties on a battery\'s crews that put no gun out of action still count: casualties this turn (-1 on its tests), and from small arms a RESERVE battery takes MANOEUVER orders', () => {
    // Muskets at short range hit on 4+: faces 6 6 hit; crew saves on 4+: 1 1 fail; the guns roll 2 and 3 (none out).
    const dice = new ScriptedDice({ '0.fire': [6, 6, 1, 1, 1, 1, 1, 1, 2, 3] });
    const g = gameOf({ attacker: [battalion('A', 3, { orders: 'fire' })], defender: [{ id: 'Bty', arm: 'guns', guns: 4, at: 0, orders: 'reserve' }], defenderMorale: 5 }, dice);
    g.firedEver.fill(1);
    const b = unit(g, 'Bty');
    const before = moraleModifierOf(g, b, 'melee');
    const morale = g.armyMorale[1];
    step9Fire(g);
    expect(dice.left(0, 'fire')).toBe(0);
    expect(g.guns[b]).toBe(4);
    expect(g.figures[b]).toBe(16);
    expect(g.casualtiesTurn[b]).toBe(1);
    expect(moraleModifierOf(g, b, 'melee')).toBe(before - 1);
    expect(g.order[b]).toBe(MANOEUVRE);
    expect(g.armyMorale[1]).toBe(morale - 1);
  });

  it('8, 11: casualties on a battery from canister (no small arms) leave its RESERVE orders; a reaction volley (fired at once) counts them too', () => {
    // 6pdr canister at 3" (short): two dice a gun, 8 dice hit on 4+ (not the first volley): two 6s; saves 6+ (guns, not in hard cover): 1 1.
    const dice = new ScriptedDice({ '0.fire': [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3] });
    const g = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 3, orders: 'fire' }], defender: [{ id: 'Bty2', arm: 'guns', guns: 4, at: 0, orders: 'reserve' }] }, dice);
    g.firedEver.fill(1);
    const b = unit(g, 'Bty2');
    expect(fireAt(g, unit(g, 'Bty'), b, true, true)).toBe(true);
    expect(dice.left(0, 'fire')).toBe(0);
    expect(g.guns[b]).toBe(4);
    expect(g.casualtiesTurn[b]).toBe(1);
    expect(g.order[b]).toBe(RESERVE);
  });

  it('6: a unit fires only at enemies in front of it, within range, in sight and not in melee; nobody may stand between', () => {
    const g = gameOf({ attacker: [battalion('A', 5, { offset: -4 }), battalion('B', 4, { offset: 4, formation: 'column' })], defender: [battalion('D', 0, { offset: -4 }), battalion('E', -3, { offset: 4 })] });
    expect(legalTargets(g, unit(g, 'D'), [])).toEqual([unit(g, 'A'), unit(g, 'B')]);
    // E stands 3" behind the front: B at 4" is 7" away, in musket range; A is in front too.
    expect(legalTargets(g, unit(g, 'E'), []).sort()).toEqual([unit(g, 'A'), unit(g, 'B')].sort());
    // Out of range: 10" is beyond a musket's 9".
    const far = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    expect(legalTargets(far, unit(far, 'D'), [])).toEqual([]);
  });

  it('6: guns choose ball or canister by what removes more; at 3" a 6pdr fires canister, two dice a gun', () => {
    const dice = new ScriptedDice({ '0.fire': [1, 1, 1, 1, 1, 1, 1, 1] });
    const g = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 3, orders: 'fire' }], defender: [battalion('D', 0, { orders: 'regroup' })] }, dice);
    expect(fireAt(g, 0, unit(g, 'D'), false, true)).toBe(true);
    expect(dice.left(0, 'fire')).toBe(0);
  });
});

void REGROUP;

describe('6 moving (4, 5, 12): a change of place, not of formation, facing or limber', () => {
  // 4 sets moving apart from changing formation (MANOEUVER "may move or change formation"; FIRE may
  // move but "may not change formation") and from limbering; 6's "Moving" is the first of these.
  const hitOnAt = (prepare: (g: ReturnType<typeof gameOf>, a: number) => void, mode = 'target'): number => {
    const events: BurtEvent[] = [];
    const g = gameOf({ attacker: [battalion('A', 5, { formation: 'column', orders: 'manoeuvre' })], defender: [battalion('D', 0)], options: { 'burt.movingModifier': mode } }, new ScriptedDice({ '1.fire': [1, 1, 1, 1, 1, 1] }), events);
    const a = unit(g, 'A');
    g.firedEver[unit(g, 'D')] = 1;
    prepare(g, a);
    fireAt(g, unit(g, 'D'), a, false, true);
    return (events.find((e) => e.type === 'fire') as { hitOn: number }).hitOn;
  };
  it('6 (burt.movingModifier target): a target that deployed into line where it stands is not moving (5+)', () => {
    expect(hitOnAt((g, a) => expect(changeFormation(g, a, LINE)).toBeGreaterThan(0))).toBe(5);
  });
  it('6 (burt.movingModifier target): a target that turned about is not moving (as under firer, where its moving counts for nothing)', () => {
    expect(hitOnAt((g, a) => turnToFace(g, a))).toBe(hitOnAt((g, a) => turnToFace(g, a), 'firer'));
  });
  it('6 (burt.movingModifier target): a battery that limbered where it stands is not moving', () => {
    const g = gameOf({ attacker: [{ id: 'Bty', arm: 'guns', guns: 4, at: 20, orders: 'manoeuvre' }], defender: [battalion('D', 0)] });
    setLimbered(g, unit(g, 'Bty'), 1);
    expect(g.moved[unit(g, 'Bty')]).toBe(0);
  });
  it('6 (burt.movingModifier target): a target that walked is moving (6+)', () => {
    expect(hitOnAt((g, a) => expect(laneMove(g, a, 1, 1, MoveKind.Move, 1)).toBeGreaterThan(0))).toBe(6);
  });
});
