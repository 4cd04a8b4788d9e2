import { EngagementDice } from '../../src/core/dice.js';
import { describe, expect, it } from 'vitest';
import { moveSide } from '../../src/rules/aor/battle/ai.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { commandPhase } from '../../src/rules/aor/battle/command.js';
import { battle, CLEAR_ROWS, mapWith, roll, ScriptedDice, type BattleDesc } from './helpers.js';

// A (side 0, strength 10) destroys D1 (side 1, strength 3, one step) on turn 1 and advances into its
// hex, objective O1 (2 VP, held by side 1 at the start). Side 1 keeps D2 on objective O2 (4 VP).
function game(victory: BattleDesc['victory']): BattleDesc {
  return {
    map: CLEAR_ROWS(7, 5),
    turns: 1,
    victory,
    objectives: [
      { at: '3,2', vp: 2, holder: 1 },
      { at: '6,0', vp: 4 },
    ],
    units: [
      { id: 'A', side: 0, at: '2,2', strength: 10 },
      { id: 'D1', side: 1, at: '3,2', strength: 3, steps: 1 },
      { id: 'D2', side: 1, at: '6,0' },
    ],
  };
}

const play = (d: BattleDesc) => playBattle(battle(d).c, new ScriptedDice({ fire: [roll(12), roll(2)] }));

describe('18 victory conditions', () => {
  it('an objective with a unit in it at the start is held by that side', () => {
    const t = battle(game({}));
    expect([...t.b.holder]).toEqual([1, 1]);
  });

  it('VP: objectives held plus the full strength of eliminated enemy units', () => {
    const res = play(game({}));
    expect(res.reason).toBe('victoryPoints');
    expect(res.objectives).toEqual([0, 1]); // A advanced into O1
    expect(res.sides[0].victoryPoints).toBe(3 + 2);
    expect(res.sides[1].victoryPoints).toBe(4);
    expect(res.winner).toBe(0);
  });

  it('eliminationVp scales the VP for eliminated strength', () => {
    const res = play(game({ eliminationVp: 0 }));
    expect(res.sides[0].victoryPoints).toBe(2);
    expect(res.winner).toBe(1);
    expect(play(game({ eliminationVp: 2 })).sides[0].victoryPoints).toBe(6 + 2);
  });

  it('a lead no larger than the draw margin is a draw', () => {
    const draw = play(game({ drawMargin: 1 }));
    expect(draw.winner).toBeNull();
    expect(draw.reason).toBe('victoryPoints');
    expect(play(game({ drawMargin: 0.5 })).winner).toBe(0);
  });

  it('an objective is held by the last side to move a unit through it', () => {
    const t = battle({
      map: CLEAR_ROWS(10, 3),
      // The objective 2,0 lies beyond engageRadius (4) of the formation's own, so it is no goal of its own.
      formations: [{ id: 'Div', objective: '7,0' }],
      objectives: [{ at: '2,0', vp: 1, holder: 1 }],
      units: [
        { id: 'A', side: 0, at: '0,0', movement: 5, formation: 'Div', orders: 'attack' },
        { id: 'E', side: 1, at: '9,2' },
      ],
    });
    expect(t.b.holder[0]).toBe(1);
    moveSide(t.b, 0, false, new EngagementDice('moves'), t.res());
    expect(t.pos('A')).toBe(t.h('5,0')); // straight along row 0, through 2,0
    expect(t.b.holder[0]).toBe(0);
  });

  // A unit with Attack orders for 6,0 passes near the victory objective 3,1 (held by `holder`, if any).
  const passing = (holder?: 0 | 1) => {
    const t = battle({
      map: CLEAR_ROWS(10, 3),
      formations: [{ id: 'Div', objective: '6,0' }],
      objectives: [{ at: '3,1', vp: 1, ...(holder !== undefined ? { holder } : {}) }],
      units: [
        { id: 'A', side: 0, at: '0,1', movement: 4, formation: 'Div', orders: 'attack' },
        { id: 'E', side: 1, at: '9,2' },
      ],
    });
    moveSide(t.b, 0, false, new EngagementDice('moves'), t.res());
    return t;
  };

  it('Attack orders: an empty victory objective near the formation\'s own is taken on the way (18)', () => {
    const t = passing();
    expect(t.pos('A')).toBe(t.h('3,1'));
  });

  it('...but not one its side already holds (18: the last side through it holds it)', () => {
    const t = passing(0);
    expect(t.pos('A')).not.toBe(t.h('3,1'));
    expect(t.b.c.map.grid.distance(t.pos('A'), t.h('6,0'))).toBeLessThan(3);
  });
});

describe('18 occupation by units the rules move', () => {
  it('a 12.3 fall back that ends in an objective hex takes it: the last to move a unit into the hex', () => {
    // U's formation lost a step since the last Command Phase (12.3): on a failed check (6 against rating 1)
    // its units fall back three hexes away from E, ending on the objective 6,2 that side 1 held.
    const t = battle({
      map: mapWith(8, 5),
      supply: [['7,2'], ['0,2']],
      units: [
        { id: 'U', side: 0, at: '3,2', orders: 'attack', formation: 'F' },
        { id: 'E', side: 1, at: '2,2', orders: 'defend' },
      ],
      formations: [{ id: 'F', objective: '2,2', leader: { id: 'L', rating: 1, at: '3,2' } }],
      objectives: [{ at: '6,2', vp: 5, holder: 1 }],
      turns: 3,
      supplyRule: false,
    });
    t.b.turn = 2;
    t.b.stepsAtCommand[0] = 99;
    commandPhase(t.b, new ScriptedDice({ morale: [[6], [6]], ai: [[], []] }), t.res());
    expect(t.pos('U')).toBe(t.h('6,2'));
    expect(t.b.holder[0]).toBe(0);
  });
});
