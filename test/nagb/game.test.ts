import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  engagementOutcome,
  gameLengthDistribution,
  holdsObjective,
  inches,
  men,
  minutes,
  type OutcomeState,
  playsAnotherTurn,
  rollsForGameEnd,
  victoryPoints,
  yards,
} from '../../src/rules/nagb/game.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';

describe('Game length (p37)', () => {
  it('p37: seven turns; after turn 7 a 5+ plays turn 8; after turn 8 a 6 plays turn 9; never a tenth', () => {
    expect(playsAnotherTurn(6, 1, O)).toBe(true);
    expect([4, 5].map((d) => playsAnotherTurn(7, d, O))).toEqual([false, true]);
    expect([5, 6].map((d) => playsAnotherTurn(8, d, O))).toEqual([false, true]);
    expect(playsAnotherTurn(9, 6, O)).toBe(false);
    expect(rollsForGameEnd(7, O)).toBe(true);
    expect(rollsForGameEnd(6, O)).toBe(false);
  });
  it('p37 (nagb.gameLength fixed7): exactly seven turns', () => {
    const f = withOptions({ gameLength: 'fixed7' });
    expect(playsAnotherTurn(7, 6, f)).toBe(false);
    expect(gameLengthDistribution(f)[7]).toBe(1);
  });
  it('p37: 7 turns 2/3, 8 turns 5/18, 9 turns 1/18; 100,000 seeded games agree within 4 standard errors', () => {
    const d = gameLengthDistribution(O);
    expect(d[7] + d[8] + d[9]).toBeCloseTo(1, 14);
    const u = aleaStream('nagb-length');
    const n = 100_000;
    const c = new Array(10).fill(0);
    for (let i = 0; i < n; i++) {
      let t = 1;
      while (playsAnotherTurn(t, 1 + Math.floor(u() * 6), O)) t++;
      c[t]++;
    }
    for (const t of [7, 8, 9]) expect(Math.abs(c[t] / n - d[t])).toBeLessThan(4 * Math.sqrt((d[t] * (1 - d[t])) / n));
  });
});

describe('Victory (p37) and outcomes (rulings 5)', () => {
  it('p37: broken brigade 5, shaken unit 1, shattered unit 2, objective 5', () => {
    expect(victoryPoints({ brokenBrigades: 1, shakenUnits: 2, shatteredUnits: 1, objectives: 1 })).toBe(14);
  });
  it('p37: an objective is held with an unbroken unit within 4" and no enemy within 6"', () => {
    expect(holdsObjective(4, 6.5)).toBe(true);
    expect(holdsObjective(4.5, 10)).toBe(false);
    expect(holdsObjective(2, 6)).toBe(false);
  });
  const going: OutcomeState = { attackerBroken: false, attackersLeft: 4, attackerHoldsObjective: false, defenderBroken: false, defendersNearObjective: 2, attackerFaltered: false, lastTurn: false };
  it('rulings 5: nothing decided mid-game', () => expect(engagementOutcome(going)).toBeNull());
  it('rulings 5: checked in order: attacker broken before carried before defender routed', () => {
    expect(engagementOutcome({ ...going, attackerBroken: true, attackerHoldsObjective: true })).toBe('attackerBroken');
    expect(engagementOutcome({ ...going, attackersLeft: 0 })).toBe('attackerBroken');
    expect(engagementOutcome({ ...going, attackerHoldsObjective: true, defenderBroken: true })).toBe('carried');
    expect(engagementOutcome({ ...going, defenderBroken: true })).toBe('defenderRouted');
    expect(engagementOutcome({ ...going, defendersNearObjective: 0 })).toBe('defenderRouted');
  });
  it('rulings 5: after the last turn, repulsed if the attacker faltered, else time limit', () => {
    expect(engagementOutcome({ ...going, lastTurn: true, attackerFaltered: true })).toBe('attackRepulsed');
    expect(engagementOutcome({ ...going, lastTurn: true })).toBe('timeLimit');
  });
  it('rulings 1, 7: 24 figures are 720 men; 16" are 400 yd; 7 turns 70 minutes', () => {
    expect(men(24, O)).toBe(720);
    expect(yards(16, O)).toBe(400);
    expect(inches(400, O)).toBe(16);
    expect(minutes(7, O)).toBe(70);
  });
});
