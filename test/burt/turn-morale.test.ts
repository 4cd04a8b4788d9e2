/**
 * Step 12 of the sequence of play (3): morale tests (8); the army morale counter (10); how an
 * engagement ends (rulings, "Mapping to the common result vocabulary").
 */
import { describe, expect, it } from 'vitest';
import { MANOEUVRE, REGROUP, RESERVE } from '../../src/rules/burt/play/state.js';
import { faceAbout, touchingUnits } from '../../src/rules/burt/play/lane.js';
import { laneMove, MoveKind } from '../../src/rules/burt/play/moves.js';
import { moraleModifierOf, rallyUnit, setLevel } from '../../src/rules/burt/play/units.js';
import { pursuitMove, routMove } from '../../src/rules/burt/turn/compulsory.js';
import { supportable } from '../../src/rules/burt/turn/manoeuvre.js';
import { ROUT, SHAKEN } from '../../src/rules/burt/tables.js';
import { fireLossDue, step12Morale } from '../../src/rules/burt/turn/morale.js';
import { outcomeNow, timeOutcome } from '../../src/rules/burt/turn/outcome.js';
import { PURPOSE } from '../../src/rules/burt/vocabulary.js';
import { battalion, gameOf, ScriptedDice, unit } from './lane.js';

const pair = () => ({ attacker: [battalion('A', 10, { offset: -4 }), battalion('B', 10, { offset: 4 })], defender: [battalion('D', 0)] });

describe('3.12 morale tests (8)', () => {
  it('8 (burt.fireTestBase startOfTurn): 3 of 24 figures lost to fire this turn (over 10%) call for a test; 2 do not', () => {
    const g = gameOf(pair());
    g.fireLosses[0] = 3;
    expect(fireLossDue(g, 0)).toBe(true);
    g.fireLosses[0] = 2;
    expect(fireLossDue(g, 0)).toBe(false);
  });

  it('8: the fire-loss test is taken in step 12 and, failed, costs a level', () => {
    const dice = new ScriptedDice({ '0.morale': [1] });
    const g = gameOf(pair(), dice);
    g.fireLosses[0] = 3;
    step12Morale(g);
    expect(g.res.sides[0].checksTaken[PURPOSE.fireLoss]).toBe(1);
    expect(g.level[0]).toBe(1);
  });

  it('8 (burt.seeingRouts newRoutsOnly): a friend seen starting to rout calls for one test, not one every turn', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 6] });
    const g = gameOf(pair(), dice);
    setLevel(g, unit(g, 'B'), ROUT, 'test');
    step12Morale(g);
    expect(g.res.sides[0].checksTaken[PURPOSE.friendsRouting]).toBe(1);
    g.turn = 2;
    step12Morale(g); // B tests to rally (6 passes) but A does not test again
    expect(g.res.sides[0].checksTaken[PURPOSE.friendsRouting]).toBe(1);
  });

  it('8 (burt.seeingRouts anyRouting): every turn a friend is seen routing, a test', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 1, 6] });
    const g = gameOf({ ...pair(), options: { 'burt.seeingRouts': 'anyRouting' } }, dice);
    setLevel(g, unit(g, 'B'), ROUT, 'test');
    step12Morale(g);
    g.turn = 2;
    step12Morale(g); // B fails to rally (1), A tests again (6)
    expect(g.res.sides[0].checksTaken[PURPOSE.friendsRouting]).toBe(2);
  });

  it('3, 8 (burt.seeingRouts newRoutsOnly): a rout not yet seen (it began in the last step 12) is seen in this step 12 even by a friend that tests after the router has rallied', () => {
    // B routed in turn 1's step 12 (after its friends tested), so turn 2's step 12 is where A sees it;
    // B comes first in the alternation and rallies (a 6), but A saw a friend routing all the same
    // (its test, the second 6): the order of the tests within the step does not undo it.
    const dice = new ScriptedDice({ '0.morale': [6, 6] });
    const g = gameOf({ attacker: [battalion('B', 10, { offset: 4 }), battalion('A', 10, { offset: -4 })], defender: [battalion('D', 0)] }, dice);
    const b = unit(g, 'B');
    setLevel(g, b, ROUT, 'test');
    g.turn = 2;
    step12Morale(g);
    expect(g.level[b]).toBe(SHAKEN);
    expect(g.res.sides[0].checksTaken[PURPOSE.friendsRouting]).toBe(1);
    expect(dice.left(0, 'morale')).toBe(0);
  });

  it('3, 8 (burt.seeingRouts anyRouting): a friend routing when step 12 begins is seen by every unit, whether it rallies before or after their tests', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 6] });
    const g = gameOf({ attacker: [battalion('B', 10, { offset: 4 }), battalion('A', 10, { offset: -4 })], defender: [battalion('D', 0)], options: { 'burt.seeingRouts': 'anyRouting' } }, dice);
    const b = unit(g, 'B');
    setLevel(g, b, ROUT, 'test');
    g.routUnseen[b] = 0; // seen already in turn 1
    g.turn = 2;
    step12Morale(g);
    expect(g.level[b]).toBe(SHAKEN);
    expect(g.res.sides[0].checksTaken[PURPOSE.friendsRouting]).toBe(1);
    expect(dice.left(0, 'morale')).toBe(0);
  });

  it('3, 8 (burt.seeingRouts anyRouting): a rout during step 12 is seen in the next, not by the friends testing after it in this one', () => {
    // B fails its fire-loss test while shaken and routs; A, after it in the alternation, sees no rout yet.
    const dice = new ScriptedDice({ '0.morale': [1] });
    const g = gameOf({ attacker: [battalion('B', 10, { offset: 4 }), battalion('A', 10, { offset: -4 })], defender: [battalion('D', 0)], options: { 'burt.seeingRouts': 'anyRouting' } }, dice);
    const b = unit(g, 'B');
    setLevel(g, b, SHAKEN, 'test');
    g.fireLosses[b] = 3;
    step12Morale(g);
    expect(g.level[b]).toBe(ROUT);
    expect(g.res.sides[0].checksTaken[PURPOSE.friendsRouting]).toBe(0);
  });

  it('8 (burt.supportFrame awayFromEnemy): a router that ran through its reserve is not supported by it, now between it and the enemy (+2 only under ownRear)', () => {
    const mod = (frame?: string) => {
      const g = gameOf({ attacker: [battalion('A', 12), battalion('R', 5)], defender: [battalion('D', 0)], options: frame ? { 'burt.supportFrame': frame } : {} });
      const a = unit(g, 'A');
      setLevel(g, a, ROUT, 'test');
      expect(g.body[a].facing).toBe(1); // facing away from the enemy, R 4" from its rear
      return moraleModifierOf(g, a, 'rally');
    };
    expect(mod('ownRear') - mod()).toBe(2);
    expect(mod('awayFromEnemy')).toBe(mod());
  });

  it('8 (burt.supportFrame awayFromEnemy): a unit facing away (an evader) is supported by a friend further from the enemy, not under ownRear', () => {
    const mod = (frame?: string) => {
      const g = gameOf({ attacker: [battalion('A', 5), battalion('R', 12)], defender: [battalion('D', 0)], options: frame ? { 'burt.supportFrame': frame } : {} });
      const a = unit(g, 'A');
      faceAbout(g, a);
      return moraleModifierOf(g, a, 'friendsRouting');
    };
    expect(mod() - mod('ownRear')).toBe(2);
  });

  it('5.3, 8 (burt.supportFrame): a reserve may be committed to an assaulted friend from the ground its +2 "Supported" reads as behind', () => {
    // A faces away from the enemy (an evader, say), assaulted; R a reserve between it and the enemy
    // (at 2) or further from the enemy (at 12).
    const committable = (frame: string, rAt: number) => {
      const g = gameOf({ attacker: [battalion('A', 6), battalion('R', rAt, { orders: 'reserve' })], defender: [battalion('D', -10)], options: { 'burt.supportFrame': frame } });
      const a = unit(g, 'A');
      faceAbout(g, a);
      g.assaultedBy[a] = 1;
      return supportable(g, unit(g, 'R')) === a;
    };
    expect([committable('awayFromEnemy', 2), committable('awayFromEnemy', 12)]).toEqual([false, true]);
    expect([committable('ownRear', 2), committable('ownRear', 12)]).toEqual([true, false]);
  });

  it('8 (burt.supportFrame): facing the enemy, both frames find the same friend behind (+2)', () => {
    const mod = (frame: string, behind: boolean) => {
      const g = gameOf({ attacker: [battalion('A', 5), battalion('R', behind ? 12 : 30)], defender: [battalion('D', 0)], options: { 'burt.supportFrame': frame } });
      return moraleModifierOf(g, unit(g, 'A'), 'friendsRouting');
    };
    for (const frame of ['awayFromEnemy', 'ownRear']) expect(mod(frame, true) - mod(frame, false)).toBe(2);
  });

  it('7, 8, 11: a router tests to rally from the turn after it routed; passing, it is shaken, faces the enemy, with REGROUP orders', () => {
    // Routing (-3) a class C unit needs 7: a 6 and then a 4 or better on the extended die (6).
    const dice = new ScriptedDice({ '1.morale': [6, 6, 4] });
    const g = gameOf({ attacker: [battalion('A', 30)], defender: [battalion('D', 0), battalion('E', -10, { offset: 5 })] }, dice);
    const d = unit(g, 'D');
    setLevel(g, d, ROUT, 'test');
    step12Morale(g);
    expect(g.level[d]).toBe(ROUT); // no rally test in the turn it routed (the 6 went to E's friendsRouting test)
    g.turn = 2;
    step12Morale(g);
    expect(g.level[d]).toBe(SHAKEN);
    expect(g.body[d].facing).toBe(1);
    expect(g.order[d]).toBe(REGROUP);
    expect(g.shakenRetreat[d]).toBe(0);
  });

  it('8: a pursuer tests to stop from the turn after it began; passing, it stops with REGROUP orders (11)', () => {
    const dice = new ScriptedDice({ '0.morale': [6] });
    const g = gameOf({ attacker: [{ id: 'Cav', arm: 'cavalry', figures: 16, at: 10 }], defender: [battalion('D', 0)] }, dice);
    g.pursuing[0] = 1;
    g.pursuitTurn[0] = 1;
    g.turn = 2;
    step12Morale(g);
    expect(g.pursuing[0]).toBe(-1);
    expect(g.order[0]).toBe(REGROUP);
  });
});

describe('8: advancing and retiring in play (moves this turn)', () => {
  for (const routRetiring of [false, true]) {
    it(`8 (burt.routRetiring ${routRetiring}): a router that made its rout move (3.3) tests to rally at -3${routRetiring ? ', -1 more for retiring' : ', its flight no retiring'}; a 6 then a 4 (7) ${routRetiring ? 'fails' : 'passes'}`, () => {
      const dice = new ScriptedDice({ '1.morale': [6, 4] });
      const g = gameOf({ attacker: [battalion('A', 30)], defender: [battalion('D', 0)], defenderMorale: 3, options: { 'burt.routRetiring': routRetiring } }, dice);
      const d = unit(g, 'D');
      setLevel(g, d, ROUT, 'test');
      g.turn = 2;
      const still = moraleModifierOf(g, d, 'rally');
      routMove(g, d);
      expect(g.body[d].front).toBeLessThan(0); // it ran
      expect(moraleModifierOf(g, d, 'rally')).toBe(still - (routRetiring ? 1 : 0));
      step12Morale(g);
      expect(g.level[d]).toBe(routRetiring ? ROUT : SHAKEN);
    });
  }

  for (const pursuitAdvancing of [false, true]) {
    it(`8 (burt.pursuitAdvancing ${pursuitAdvancing}): a pursuer that made its pursuit move (3.3) tests to stop ${pursuitAdvancing ? 'at +1 for advancing' : 'without the +1'}; a 3 ${pursuitAdvancing ? 'stops it' : 'does not'}`, () => {
      const dice = new ScriptedDice({ '0.morale': [3] });
      const g = gameOf({ attacker: [{ id: 'Cav', arm: 'cavalry', figures: 16, at: 10 }], defender: [battalion('D', -20)], defenderMorale: 3, options: { 'burt.pursuitAdvancing': pursuitAdvancing } }, dice);
      const [cav, d] = [unit(g, 'Cav'), unit(g, 'D')];
      setLevel(g, d, ROUT, 'test');
      g.routedTurn[d] = 2; // routed this turn: no rally test of its own
      g.pursuing[cav] = d;
      g.pursuitTurn[cav] = 1;
      g.turn = 2;
      const still = moraleModifierOf(g, cav, 'stopPursuit');
      pursuitMove(g, cav);
      expect(g.body[cav].front).toBeLessThan(10); // it went after the router
      expect(moraleModifierOf(g, cav, 'stopPursuit')).toBe(still + (pursuitAdvancing ? 1 : 0));
      step12Morale(g);
      expect(g.pursuing[cav]).toBe(pursuitAdvancing ? -1 : d);
    });
  }

  it.each([
    ['in its path', 4, 'manoeuvre'],
    ["beyond the pursuit's reach", -10, 'reserve'],
  ] as const)('3.3, 11, 10: a RESERVE unit %s: a pursuer that meets it draws it into the fight (MANOEUVER orders, its army a point down), as a charge does', (_, at, after) => {
    const g = gameOf({ attacker: [{ id: 'Cav', arm: 'cavalry', figures: 16, at: 10 }], defender: [battalion('D', -20), battalion('R', at, { orders: 'reserve' })] });
    const [cav, d, r] = [unit(g, 'Cav'), unit(g, 'D'), unit(g, 'R')];
    setLevel(g, d, ROUT, 'test');
    g.pursuing[cav] = d;
    g.pursuitTurn[cav] = 1;
    const morale = g.armyMorale[1];
    pursuitMove(g, cav);
    expect(touchingUnits(g, cav, r)).toBe(after === 'manoeuvre');
    expect(g.order[r]).toBe(after === 'manoeuvre' ? MANOEUVRE : RESERVE);
    expect(g.armyMorale[1]).toBe(after === 'manoeuvre' ? morale - 1 : morale);
  });

  it('8 (rulings: advancing is having moved toward the enemy this turn): a countercharger that came 2" and was pushed back 3" has advanced (+1) and was pushed back (-1), not only retired', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    const d = unit(g, 'D');
    const still = moraleModifierOf(g, d, 'melee');
    laneMove(g, d, 1, 2, MoveKind.Charge);
    expect(moraleModifierOf(g, d, 'melee')).toBe(still + 1);
    laneMove(g, d, -1, 3, MoveKind.Move);
    g.pushedBack[d] = 1;
    expect(g.body[d].front).toBeCloseTo(-1, 9); // 1" behind where it started
    expect(moraleModifierOf(g, d, 'melee')).toBe(still);
    // Only moved back: retiring alone.
    const h = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    laneMove(h, unit(h, 'D'), -1, 3, MoveKind.Move);
    expect(moraleModifierOf(h, unit(h, 'D'), 'melee')).toBe(still - 1);
  });
});

describe('10 army morale', () => {
  it('10: a rout costs a point; reaching 0 every unit tests at once at -1, and the army broken turn is recorded', () => {
    const dice = new ScriptedDice({ '0.morale': [6, 6] });
    const g = gameOf({ attacker: [battalion('A', 10, { offset: -5 }), battalion('B', 10, { offset: 5 }), battalion('C', 10, { offset: 0, formation: 'column' })], defender: [battalion('D', 0)], attackerMorale: 1 }, dice);
    g.turn = 3;
    setLevel(g, unit(g, 'C'), ROUT, 'test');
    expect(g.armyMorale[0]).toBe(0);
    expect(g.res.sides[0].armyBrokenTurn).toBe(3);
    expect(g.res.sides[0].checksTaken[PURPOSE.armyMorale]).toBe(2);
  });
});

describe('10, 4, 11 (burt.routedReserve): a unit that routs under RESERVE orders', () => {
  const reserve = (routedReserve?: string) => gameOf({ attacker: [battalion('R', 20, { orders: 'reserve' })], defender: [battalion('D', 0)], attackerMorale: 5, ...(routedReserve ? { options: { 'burt.routedReserve': routedReserve } } : {}) });

  it('keepsReserve (default): the rout costs a point and the router keeps its RESERVE chit; rallying gives REGROUP (11), leaving RESERVE, a second point (10)', () => {
    const g = reserve();
    const r = unit(g, 'R');
    setLevel(g, r, ROUT, 'test');
    expect(g.armyMorale[0]).toBe(4);
    expect(g.order[r]).toBe(RESERVE);
    rallyUnit(g, r);
    expect(g.order[r]).toBe(REGROUP);
    expect(g.armyMorale[0]).toBe(3);
  });

  it('leavesAtRout: the rout ends RESERVE status (MANOEUVER orders) at its one point; rallying costs nothing more', () => {
    const g = reserve('leavesAtRout');
    const r = unit(g, 'R');
    setLevel(g, r, ROUT, 'test');
    expect(g.armyMorale[0]).toBe(4);
    expect(g.order[r]).toBe(MANOEUVRE);
    rallyUnit(g, r);
    expect(g.order[r]).toBe(REGROUP);
    expect(g.armyMorale[0]).toBe(4);
  });
});

describe('outcomes (rulings, "Mapping")', () => {
  const village = { terrain: [{ kind: 'village', from: -4, to: 0 }], objective: { from: -4, to: 0 } };
  it('carried: an attacker not routing in the objective zone and no defender not routing in it', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)], ...village });
    expect(outcomeNow(g)).toBeNull();
    setLevel(g, unit(g, 'D'), ROUT, 'test');
    g.body[unit(g, 'D')].front = -10; // it ran
    g.body[unit(g, 'A')].front = -1;
    expect(outcomeNow(g)).toEqual({ winner: 0, reason: 'carried' });
  });

  it('defenderRouted: every defender routing or removed', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    setLevel(g, unit(g, 'D'), ROUT, 'test');
    expect(outcomeNow(g)).toEqual({ winner: 0, reason: 'defenderRouted' });
  });

  it('attackerBroken: every attacking foot and horse routing or removed; the guns do not count', () => {
    const g = gameOf({ attacker: [battalion('A', 10), { id: 'Bty', arm: 'guns', at: 20, offset: 6 }], defender: [battalion('D', 0)] });
    setLevel(g, unit(g, 'A'), ROUT, 'test');
    expect(outcomeNow(g)).toEqual({ winner: 1, reason: 'attackerBroken' });
  });

  it('repulsed: no attacking foot or horse better than shaken', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    setLevel(g, unit(g, 'A'), SHAKEN, 'test');
    expect(outcomeNow(g)).toEqual({ winner: 1, reason: 'repulsed' });
  });

  it('repulsed: the attacker\'s doctrine gives up when its army morale reaches 0 (giveUp armyDemoralised)', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)], attackerDoctrine: { preset: 'firefight', giveUp: 'armyDemoralised' } });
    g.armyMorale[0] = 0;
    expect(outcomeNow(g)).toEqual({ winner: 1, reason: 'repulsed' });
  });

  it('time: the defender\'s by default; holder: the side alone in the objective, else a draw; a defender that attacks carries too', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    expect(timeOutcome(g)).toBe(1);
    const m = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', -10)], objective: { from: -2, to: 2 }, onTime: 'holder', defenderPosture: 'attack' });
    expect(timeOutcome(m)).toBeNull();
    m.body[unit(m, 'D')].front = 1;
    expect(timeOutcome(m)).toBe(1);
    expect(outcomeNow(m)).toEqual({ winner: 1, reason: 'carried' });
  });
});
