import { describe, expect, it } from 'vitest';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  batteryOrderCost,
  commanderPips,
  influenceReaches,
  crewLossSurcharge,
  initiativeModifier,
  initiativeOdds,
  initiativeWinner,
  joinsGeneralAdvance,
  mayGoOnReact,
  mayReroll,
  orderCost,
  outOfRangeSurcharge,
  passageOfLinesAllowed,
  rollInitiative,
  rollPips,
} from '../../src/rules/nagb/command.js';
import { DEFAULT_NAGB_OPTIONS as O } from '../../src/rules/nagb/options.js';

describe('Command pips (p2-5)', () => {
  it('p3: a commander has d6 pips; p5: uninspiring -1 (never below 0); charismatic +1', () => {
    expect(commanderPips(4, 'competent', O)).toBe(4);
    expect(commanderPips(4, 'uninspiring', O)).toBe(3);
    expect(commanderPips(1, 'uninspiring', O)).toBe(0);
    expect(commanderPips(6, 'charismatic', O)).toBe(7);
  });
  it('p4: personal influence reaches 4"; rollPips draws one d6 with the rating', () => {
    expect(influenceReaches(4)).toBe(true);
    expect(influenceReaches(4.5)).toBe(false);
    const seen = new Array(8).fill(0);
    enumerateDice((d) => rollPips(d.stream(0, 'ai'), 'uninspiring', O), (p, v) => (seen[v] += p));
    expect(seen[0]).toBeCloseTo(1 / 6, 12);
    expect(seen[6]).toBe(0);
    expect(seen[5]).toBeCloseTo(1 / 6, 12);
  });
  it('p4: out of radius, a pip per radius or part: 12" at 8" costs 2, 21" costs 3, 8" costs 1', () => {
    expect(orderCost('move', 12, 8)).toBe(2);
    expect(orderCost('move', 21, 8)).toBe(3);
    expect(orderCost('move', 8, 8)).toBe(1);
    expect(orderCost('move', 0, 8)).toBe(1);
    expect(outOfRangeSurcharge(16.5, 8)).toBe(2);
  });
  it('p3: react costs 2 in range; the surcharge is added out of range', () => {
    expect(orderCost('react', 4, 8)).toBe(2);
    expect(orderCost('react', 12, 8)).toBe(3);
  });
  it('p3: a reroll only inside the radius', () => {
    expect(mayReroll(8, 8)).toBe(true);
    expect(mayReroll(8.5, 8)).toBe(false);
  });
  it('p3: general advance moves columns only; passage of lines both in line within 4"; react in line, good order, unmoved', () => {
    expect(joinsGeneralAdvance('attackColumn')).toBe(true);
    expect(joinsGeneralAdvance('line')).toBe(false);
    expect(passageOfLinesAllowed('line', 'line', 4)).toBe(true);
    expect(passageOfLinesAllowed('line', 'attackColumn', 2)).toBe(false);
    expect(passageOfLinesAllowed('line', 'line', 5)).toBe(false);
    expect(mayGoOnReact('line', true, false)).toBe(true);
    expect(mayGoOnReact('line', true, true)).toBe(false);
  });
});

describe('Battery pips (p19)', () => {
  it('p19: 2 guns with 8 crew, 2 lost: reload costs 2', () => {
    expect(crewLossSurcharge(8, 2)).toBe(1);
    expect(batteryOrderCost('reload', 8, 2)).toBe(2);
  });
  it('p19: 3 guns (12 crew) pay a pip for every 3 crew lost', () => {
    expect([0, 2, 3, 5, 6, 9].map((l) => crewLossSurcharge(12, l))).toEqual([0, 0, 1, 1, 2, 3]);
  });
  it('p19: a crew of 3 of 4: 2 pips to go on react, 1 more to fire, 2 to reload', () => {
    expect(batteryOrderCost('react', 4, 1)).toBe(2);
    expect(batteryOrderCost('fireOnReact', 4, 1)).toBe(1);
    expect(batteryOrderCost('reload', 4, 1)).toBe(2);
  });
  it('p19: fire costs a pip per target; move, limber, unlimber a pip', () => {
    expect(batteryOrderCost('fire', 12, 0, 2)).toBe(2);
    expect(batteryOrderCost('move', 12, 6)).toBe(1);
    expect(batteryOrderCost('limber', 12, 6)).toBe(1);
  });
});

describe('Initiative (p2, p35)', () => {
  it('p2, p35: +1 per CinC pip, +1 lost last turn, +1 French, +1 Napoleon, -1 Russian or Austrian', () => {
    expect(initiativeModifier({ pips: 2, lostLastTurn: true, nation: 'french', napoleon: true })).toBe(5);
    expect(initiativeModifier({ pips: 0, lostLastTurn: false, nation: 'russian', napoleon: false })).toBe(-1);
    expect(initiativeModifier({ pips: 0, lostLastTurn: false, nation: 'austrian', napoleon: false })).toBe(-1);
    expect(initiativeModifier({ pips: 0, lostLastTurn: false, nation: 'prussian', napoleon: false })).toBe(0);
  });
  it('p2: higher total wins; ties are rolled again', () => {
    expect(initiativeWinner(5, 3)).toBe(0);
    expect(initiativeWinner(3, 5)).toBe(1);
    expect(initiativeWinner(4, 4)).toBe(-1);
  });
  it('p2: initiative odds: even sides 1/2; otherwise a win among untied rolls, enumerated over both dice', () => {
    expect(initiativeOdds(0, 0)).toBeCloseTo(0.5, 14);
    for (const [m0, m1] of [[1, 0], [2, -1], [0, 3]]) {
      // Enumerate one round of two dice; a win conditional on no tie is the answer.
      let win = 0, tie = 0;
      enumerateDice((d) => initiativeWinner(1 + Math.floor(d.stream(0, 'ai')() * 6) + m0, 1 + Math.floor(d.stream(0, 'ai')() * 6) + m1), (p, w) => {
        if (w === 0) win += p;
        if (w === -1) tie += p;
      });
      expect(initiativeOdds(m0, m1)).toBeCloseTo(win / (1 - tie), 12);
    }
  });
  it('rollInitiative always returns a winner (ties reroll)', () => {
    let i = 0;
    const faces = [3, 3, 5, 2]; // a tie, then side 0 wins
    const u = () => (faces[i++] - 0.5) / 6;
    expect(rollInitiative(u, 0, 0)).toBe(0);
    expect(i).toBe(4);
  });
});
