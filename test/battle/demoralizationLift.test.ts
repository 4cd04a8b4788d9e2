/**
 * Lifting a formation's demoralization (14.1, 15). A corps is demoralized while the full strength of
 * its eliminated units stands at or above its demoralization limit; when night-time reorganization
 * (15) brings units back so that this total drops under the limit, the formation stops being
 * demoralized and its units lose the morale and movement penalties (2.2, 14.1). A total still at the
 * limit keeps it demoralized, and so does a failed 5-6 roll (a demoralized corps reorganizes only on
 * a 5 or 6, 15), since the unit is then lost for good. A unit eliminated again counts again (14.1
 * counts eliminated units before or after reorganization).
 *
 * Small battles from ./helpers.ts, with a formation leader added to the scenario (15 needs one): the
 * Reserve formation Div (side 0) with its leader alone at 1,2, hidden from the enemy at 7,2 by a line of
 * town hexes down column 5 (15: out of any enemy line of sight). Turn 2 is a night turn.
 */
import { describe, expect, it } from 'vitest';
import { commandPhase } from '../../src/rules/aor/battle/command.js';
import { recordEliminations } from '../../src/rules/aor/battle/losses.js';
import { allowance } from '../../src/rules/aor/battle/movement.js';
import { newBattleResult } from '../../src/rules/aor/battle/play.js';
import { hasLineOfSight } from '../../src/rules/aor/los.js';
import { unitMorale } from '../../src/rules/aor/morale.js';
import { builtFrom, mapWith, ScriptedDice, scenarioData, type BattleDesc } from './helpers.js';

const WALL = Object.fromEntries([0, 1, 2, 3, 4].map((r) => [`5,${r}`, 'T']));

/** Div (limit `limit`): A 6/3 at 1,1, B 4 at 1,3, C 4 at 2,2; leader L at 1,2. Enemy E at 7,2. */
function setUp(limit: number) {
  const desc: BattleDesc = {
    map: mapWith(9, 5, WALL),
    turns: 4,
    night: [2],
    supplyRule: false,
    formations: [{ id: 'Div', demoralization: limit }],
    units: [
      { id: 'A', side: 0, at: '1,1', strength: 6, reduced: 3, formation: 'Div', orders: 'reserve' },
      { id: 'B', side: 0, at: '1,3', strength: 4, formation: 'Div', orders: 'reserve' },
      { id: 'C', side: 0, at: '2,2', strength: 4, formation: 'Div', orders: 'reserve' },
      { id: 'E', side: 1, at: '7,2', orders: 'defend' },
    ],
  };
  // The leader is added to the scenario data here, then validated by the real schema as battle() does.
  const data = scenarioData(desc) as { sides: { formations: { id: string; leader?: unknown }[] }[] };
  data.sides[0].formations.find((f) => f.id === 'Div')!.leader = { id: 'L', rating: 3, at: '1,2' };
  const { c, b, h, u } = builtFrom(data);
  const f = c.formations.findIndex((x) => x.id === 'Div');
  const res = newBattleResult(c);
  expect(hasLineOfSight(c.map, h('7,2'), h('1,2'))).toBe(false); // 15: the leader is out of enemy sight
  expect(b.leaderPos[c.leaderOf[f]]).toBe(h('1,2'));
  return { c, b, h, u, f, res };
}

type T = ReturnType<typeof setUp>;

/** Eliminate units in the current turn, as combat would. */
function eliminate(t: T, ...ids: string[]) {
  for (const id of ids) t.b.st.steps[t.u(id)] = 0;
  recordEliminations(t.b, t.res);
}

/** The night turn's Command and Reorganization Phase, with the side's reorganization rolls (15). */
function nightCommand(t: T, rolls: number[]) {
  t.b.turn = 2;
  const dice = new ScriptedDice({ morale: [rolls, []] });
  commandPhase(t.b, dice, t.res);
  expect(dice.used.morale).toEqual([rolls.length, 0]); // every roll given was needed
}

describe('14.1, 15: reorganization lifts demoralization', () => {
  it('a 5 brings the eliminated unit back: the eliminated total drops under the limit and demoralization is lifted', () => {
    const t = setUp(6);
    const B = t.u('B');
    const [morale, move] = [unitMorale(t.b.st, B), allowance(t.b, B)];
    t.b.turn = 1;
    eliminate(t, 'A');
    expect(t.b.formationLoss[t.f]).toBe(6);
    expect(t.b.formationDemoralized[t.f]).toBe(1);
    expect([unitMorale(t.b.st, B), allowance(t.b, B)]).toEqual([morale - 1, move - 1]);

    nightCommand(t, [5]);
    const A = t.u('A');
    expect(t.b.pos[A]).toBe(t.h('1,2')); // back in the leader's hex on its reduced side (15)
    expect(t.b.st.steps[A]).toBe(1);
    expect(t.b.formationLoss[t.f]).toBe(0);
    expect(t.b.formationDemoralized[t.f]).toBe(0);
    // 2.2, 14.1: the penalties go with it, for every unit of the formation.
    expect([unitMorale(t.b.st, B), allowance(t.b, B)]).toEqual([morale, move]);
    for (const id of ['A', 'B', 'C']) expect(t.b.st.demoralized[t.u(id)], id).toBe(0);
    expect(allowance(t.b, A)).toBe(move);

    // It stays lifted through the next turn's phase...
    t.b.turn = 3;
    commandPhase(t.b, new ScriptedDice({}), t.res);
    expect(t.b.formationDemoralized[t.f]).toBe(0);
    // ...until eliminations bring the total back to the limit: the reorganized unit counts again.
    eliminate(t, 'A');
    expect(t.b.formationLoss[t.f]).toBe(6);
    expect(t.b.formationDemoralized[t.f]).toBe(1);
    expect(t.res.sides[0].formationsBroken).toEqual([
      { formation: 'Div', turn: 1 },
      { formation: 'Div', turn: 3 },
    ]);
  });

  it('a roll under 5: the unit is lost for good and the formation stays demoralized', () => {
    const t = setUp(6);
    t.b.turn = 1;
    eliminate(t, 'A');
    nightCommand(t, [4]);
    expect(t.b.pos[t.u('A')]).toBe(-1);
    expect(t.b.permanent[t.u('A')]).toBe(1);
    expect(t.b.formationLoss[t.f]).toBe(6);
    expect(t.b.formationDemoralized[t.f]).toBe(1);
    expect(t.b.st.demoralized[t.u('B')]).toBe(1);
  });

  it('the total must drop below the limit: at the limit the formation stays demoralized', () => {
    // A (6) and C (4) eliminated: 10. A comes back on a 6, C is lost on a 1: 4 remain eliminated.
    const at = setUp(4);
    at.b.turn = 1;
    eliminate(at, 'A', 'C');
    expect(at.b.formationDemoralized[at.f]).toBe(1);
    nightCommand(at, [6, 1]);
    expect(at.b.pos[at.u('A')]).toBe(at.h('1,2'));
    expect(at.b.pos[at.u('C')]).toBe(-1);
    expect(at.b.formationLoss[at.f]).toBe(4);
    expect(at.b.formationDemoralized[at.f]).toBe(1);
    expect(at.b.st.demoralized[at.u('B')]).toBe(1);
    // Never lifted in between: still the demoralization of turn 1, not a new one in turn 2.
    expect(at.res.sides[0].formationsBroken).toEqual([{ formation: 'Div', turn: 1 }]);
    expect(at.res.formations[at.f].brokenTurn).toBe(1);

    // The same with a limit of 5: 4 is below it, lifted though C is still missing.
    const below = setUp(5);
    below.b.turn = 1;
    eliminate(below, 'A', 'C');
    expect(below.b.formationDemoralized[below.f]).toBe(1);
    nightCommand(below, [6, 1]);
    expect(below.b.formationLoss[below.f]).toBe(4);
    expect(below.b.formationDemoralized[below.f]).toBe(0);
    expect(below.b.st.demoralized[below.u('B')]).toBe(0);
  });
});
