import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { recordEliminations, updateDemoralization } from '../../src/rules/aor/battle/losses.js';
import { allowance } from '../../src/rules/aor/battle/movement.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { unitMorale } from '../../src/rules/aor/morale.js';
import { battle, CLEAR_ROWS, roll, ScriptedDice, type BattleDesc } from './helpers.js';

function corps(limit: number, extra: Partial<BattleDesc> = {}) {
  const t = battle({
    map: CLEAR_ROWS(7, 5),
    formations: [{ id: 'Div', demoralization: limit }],
    units: [
      { id: 'U1', side: 0, at: '0,0', strength: 6, reduced: 3, formation: 'Div', orders: 'defend' },
      { id: 'U2', side: 0, at: '0,2', strength: 4, formation: 'Div', orders: 'defend' },
      { id: 'U3', side: 0, at: '0,4', strength: 4, formation: 'Oth', orders: 'defend' },
      { id: 'E', side: 1, at: '6,2' },
    ],
    ...extra,
  });
  return { t, f: t.c.formations.findIndex((x) => x.id === 'Div') };
}

function eliminate(t: ReturnType<typeof corps>['t'], id: string, res = t.res()) {
  t.b.st.steps[t.u(id)] = 0;
  recordEliminations(t.b, res);
  return res;
}

describe('14.1 corps (formation) demoralization', () => {
  it('a formation is demoralized when the full strength of its eliminated units reaches its limit', () => {
    const { t, f } = corps(6);
    t.b.turn = 3;
    t.b.st.steps[t.u('U1')] = 1; // a flip is no elimination
    recordEliminations(t.b, t.res());
    expect(t.b.formationDemoralized[f]).toBe(0);
    const res = eliminate(t, 'U1'); // eliminated on its reduced side: still counts its full 6
    expect(t.b.formationLoss[f]).toBe(6);
    expect(t.b.formationDemoralized[f]).toBe(1);
    expect(res.formations[f].brokenTurn).toBe(3);
    expect(res.sides[0].formationsBroken).toEqual([{ formation: 'Div', turn: 3 }]);
  });

  it('its units have morale -1 and movement -1 (2.2, 14.1); other formations are unaffected', () => {
    const { t } = corps(6);
    const u2 = t.u('U2'), u3 = t.u('U3');
    expect([unitMorale(t.b.st, u2), allowance(t.b, u2)]).toEqual([4, 4]);
    eliminate(t, 'U1');
    expect([unitMorale(t.b.st, u2), allowance(t.b, u2)]).toEqual([3, 3]);
    expect([unitMorale(t.b.st, u3), allowance(t.b, u3)]).toEqual([4, 4]);
  });

  it('below the limit it is not demoralized', () => {
    const { t, f } = corps(7);
    eliminate(t, 'U1');
    expect(t.b.formationDemoralized[f]).toBe(0);
    expect(unitMorale(t.b.st, t.u('U2'))).toBe(4);
  });

  it('eliminations add up', () => {
    const { t, f } = corps(10);
    eliminate(t, 'U1');
    expect(t.b.formationDemoralized[f]).toBe(0);
    eliminate(t, 'U2');
    expect(t.b.formationLoss[f]).toBe(10);
    expect(t.b.formationDemoralized[f]).toBe(1);
  });

  it('a formation without a limit is never demoralized', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      units: [
        { id: 'U1', side: 0, at: '0,0', strength: 6, orders: 'defend' },
        { id: 'U2', side: 0, at: '0,2', orders: 'defend' },
        { id: 'E', side: 1, at: '6,2' },
      ],
    });
    t.b.st.steps[t.u('U1')] = 0;
    recordEliminations(t.b, t.res());
    expect(t.b.formationDemoralized[0]).toBe(0);
  });
});

describe('13 army demoralization', () => {
  it('an army becomes demoralized once the strength it has lost in eliminated units reaches its level, recorded with the turn', () => {
    const { t } = corps(100, { armyDemoralization: [10, undefined] });
    t.b.turn = 2;
    const res = t.res();
    eliminate(t, 'U1', res);
    expect(t.b.armyDemoralized[0]).toBe(0);
    t.b.turn = 4;
    eliminate(t, 'U2', res);
    expect(t.b.armyDemoralized[0]).toBe(1);
    expect(res.sides[0].armyBrokenTurn).toBe(4);
    expect(t.b.armyDemoralized[1]).toBe(0);
  });

  it('updateDemoralization: both at once are both recorded', () => {
    const { t } = corps(100, { armyDemoralization: [5, 5] });
    t.b.armyLoss[0] = 5;
    t.b.armyLoss[1] = 6;
    const res = t.res();
    updateDemoralization(t.b, res);
    expect([...t.b.armyDemoralized]).toEqual([1, 1]);
  });

  // A (side 0, Attack) next to D (side 1); each side has a Reserve unit far away so that no side is
  // wiped out. The phasing side's one assault decides.
  function duel(first: 0 | 1, strengths: [number, number], levels: [number | undefined, number | undefined]): BattleDesc {
    return {
      map: CLEAR_ROWS(7, 5),
      turns: 3,
      first,
      armyDemoralization: levels,
      units: [
        { id: 'A', side: 0, at: '2,2', strength: strengths[0], steps: 1, orders: first === 0 ? 'attack' : 'defend' },
        { id: 'R0', side: 0, at: '0,4', orders: 'reserve' },
        { id: 'D', side: 1, at: '3,2', strength: strengths[1], steps: 1, orders: first === 1 ? 'attack' : 'defend' },
        { id: 'R1', side: 1, at: '6,0', orders: 'reserve' },
      ],
    };
  }

  // 13 read for every army alike (aor.armyDemoralization = anyArmy): the first army demoralized loses.
  const anyArmy = { options: { 'aor.armyDemoralization': 'anyArmy' } };

  it('13, 18 (aor.armyDemoralization = anyArmy): army demoralization ends the battle at once, the other side winning', () => {
    const t = battle({ ...duel(0, [10, 2], [undefined, 2]), ...anyArmy });
    const dice = new ScriptedDice({ fire: [roll(12), roll(2)] }); // D is eliminated; nothing else is rolled
    const res = playBattle(t.c, dice);
    expect(res.reason).toBe('armyDemoralized');
    expect(res.winner).toBe(0);
    expect(res.turns).toBe(1);
    expect(res.sides[1].armyBrokenTurn).toBe(1);
  });

  it('when both armies reach their level at once, the non-phasing army is demoralized first: the phasing side wins', () => {
    for (const first of [0, 1] as const) {
      const t = battle({ ...duel(first, [10, 10], [10, 10]), ...anyArmy });
      const dice = new ScriptedDice({ fire: [roll(12), roll(12)] }); // 10 at 12: 5 hits each way
      const res = playBattle(t.c, dice);
      expect(res.sides[0].unitsEliminated, `first ${first}`).toBe(1);
      expect(res.sides[1].unitsEliminated, `first ${first}`).toBe(1);
      expect(res.reason, `first ${first}`).toBe('armyDemoralized');
      expect(res.winner, `first ${first}`).toBe(first);
    }
  });

  it('with armyDemoralizedLoses off the battle goes on', () => {
    const t = battle({ ...duel(0, [10, 2], [undefined, 2]), victory: { armyDemoralizedLoses: false }, turns: 1 });
    const res = playBattle(t.c, new ScriptedDice({ fire: [roll(12), roll(2)] }));
    expect(res.reason).toBe('victoryPoints');
  });

  it('18 as written (the default): the French, the side whose player turn comes first (4), lose at once when demoralized', () => {
    // A (side 0, moving first) attacks D, strength 10, which eliminates it: the French army is demoralized.
    const t = battle(duel(0, [2, 10], [2, undefined]));
    const res = playBattle(t.c, new ScriptedDice({ fire: [roll(2), roll(12)] }));
    expect(res.reason).toBe('armyDemoralized');
    expect(res.winner).toBe(1);
    expect(res.sides[0].armyBrokenTurn).toBe(1);
  });

  it('18 as written (the default): the other army\'s demoralization does not end the battle; it loses when it disintegrates', () => {
    const t = battle({ ...duel(0, [10, 2], [undefined, 2]), turns: 1 });
    const res = playBattle(t.c, new ScriptedDice({ fire: [roll(12), roll(2)] })); // D is eliminated
    expect(res.sides[1].armyBrokenTurn).toBe(1);
    expect(res.reason).toBe('victoryPoints');
  });

  it('over many seeded battles, a battle ended by army demoralization is lost by the first army demoralized (anyArmy)', () => {
    const t = battle({
      ...anyArmy,
      map: CLEAR_ROWS(7, 5),
      turns: 6,
      armyDemoralization: [8, 8],
      units: [
        { id: 'A1', side: 0, at: '2,1', strength: 5 },
        { id: 'A2', side: 0, at: '2,2', strength: 5 },
        { id: 'A3', side: 0, at: '2,3', strength: 5 },
        { id: 'D1', side: 1, at: '3,1', strength: 5 },
        { id: 'D2', side: 1, at: '3,2', strength: 5 },
        { id: 'D3', side: 1, at: '3,3', strength: 5 },
      ],
    });
    let ended = 0;
    for (let i = 0; i < 200; i++) {
      const res = playBattle(t.c, new EngagementDice(`army-${i}`), { checkInvariants: true });
      if (res.reason !== 'armyDemoralized') continue;
      ended++;
      const turns = res.sides.map((s) => s.armyBrokenTurn);
      const loser = res.winner === 0 ? 1 : 0;
      expect(res.winner).not.toBeNull();
      expect(turns[loser], `seed ${i}`).toBe(res.turns);
      expect(turns[res.winner!] === 0 || turns[res.winner!] === res.turns, `seed ${i}`).toBe(true);
    }
    expect(ended).toBeGreaterThan(0);
  });
});
