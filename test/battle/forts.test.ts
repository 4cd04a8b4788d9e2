/**
 * Forts (10.1): a fort holds one unit; its garrison never has to attack, exerts ZOCs as usual and has
 * to be attacked; no unit advances or retreats into an occupied fort; and a unit that could attack
 * either a fort or some other stack attacks the fort, unless another unit is already attacking it.
 */
import { describe, expect, it } from 'vitest';
import { newRoundOutcome } from '../../src/rules/aor/assault.js';
import { moveSide } from '../../src/rules/aor/battle/ai.js';
import { combatSegment, mustAttack, planAttacks } from '../../src/rules/aor/battle/combat.js';
import { retreatHex } from '../../src/rules/aor/battle/retreat.js';
import { stackLimit } from '../../src/rules/aor/battle/movement.js';
import { battle, collector, mapWith, roll, ScriptedDice, type BattleDesc, type Built, type UnitDesc } from './helpers.js';

const never = () => false;
const always = () => true;

function setUp(units: UnitDesc[], cells: Record<string, string>, extra: Partial<BattleDesc> = {}): Built {
  return battle({ map: mapWith(9, 5, cells), supply: [['0,2'], ['8,2']], supplyRule: false, ...extra, units });
}

describe('10.1 forts', () => {
  it('units in a fort are never required to attack, even under Attack orders next to the enemy', () => {
    const t = setUp(
      [
        { id: 'A', side: 0, at: '3,2', orders: 'attack' },
        { id: 'E', side: 1, at: '4,2' },
      ],
      { '3,2': 'X' },
    );
    expect(mustAttack(t.b, t.h('3,2'), 0)).toBe(false);
    expect(planAttacks(t.b, 0, (_h, o) => o[0], never).size).toBe(0);
    // The same stack in the open must attack (the test would otherwise say nothing).
    const open = setUp(
      [
        { id: 'A', side: 0, at: '3,2', orders: 'attack' },
        { id: 'E', side: 1, at: '4,2' },
      ],
      {},
    );
    expect(mustAttack(open.b, open.h('3,2'), 0)).toBe(true);
  });

  it('a stack that could attack a fort or another stack attacks the fort', () => {
    // S at 2,2 is next to the fort F (3,2) and to E (2,1); the doctrine would rather hit E.
    const t = setUp(
      [
        { id: 'S', side: 0, at: '2,2', orders: 'attack' },
        { id: 'F', side: 1, at: '3,2' },
        { id: 'E', side: 1, at: '2,1' },
      ],
      { '3,2': 'X' },
    );
    const preferOpen = (_h: number, o: number[]) => o.find((x) => x !== t.h('3,2')) ?? o[0];
    expect(planAttacks(t.b, 0, preferOpen, never).get(t.h('2,2'))).toBe(t.h('3,2'));
    // Also a stack that volunteers (Defend orders).
    const d = setUp(
      [
        { id: 'S', side: 0, at: '2,2', orders: 'defend' },
        { id: 'F', side: 1, at: '3,2' },
        { id: 'E', side: 1, at: '2,1' },
      ],
      { '3,2': 'X' },
    );
    expect(planAttacks(d.b, 0, (_h, o) => o.find((x) => x !== d.h('3,2')) ?? o[0], always).get(d.h('2,2'))).toBe(d.h('3,2'));
  });

  it('unless the fort is already attacked by another unit', () => {
    // S1 at 4,2 can only reach the fort and attacks it; S2 (Defend orders, volunteering) is then free to take E.
    const t = setUp(
      [
        { id: 'S1', side: 0, at: '4,2', orders: 'attack' },
        { id: 'S2', side: 0, at: '2,2', orders: 'defend' },
        { id: 'F', side: 1, at: '3,2' },
        { id: 'E', side: 1, at: '2,1' },
      ],
      { '3,2': 'X' },
    );
    const preferOpen = (_h: number, o: number[]) => o.find((x) => x !== t.h('3,2')) ?? o[0];
    const plan = planAttacks(t.b, 0, preferOpen, always);
    expect(plan.get(t.h('4,2'))).toBe(t.h('3,2'));
    expect(plan.get(t.h('2,2'))).toBe(t.h('2,1'));
  });

  it('no advance into a fort emptied by the assault', () => {
    // A (8, halved against the fort: 4) at 12: 2 hits eliminate the one-step F; F (2) at 2: no hits.
    const t = setUp(
      [
        { id: 'A', side: 0, at: '2,2', orders: 'attack', strength: 8 },
        { id: 'F', side: 1, at: '3,2', strength: 2, steps: 1 },
      ],
      { '3,2': 'X' },
    );
    const { sink, events } = collector();
    const dice = new ScriptedDice({ fire: [roll(12), roll(2)], morale: [[1, 1], [1, 1]] });
    const advance = () => [t.u('A')];
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), advance, dice, t.res(), newRoundOutcome(), sink);
    expect(t.b.st.steps[t.u('F')]).toBe(0);
    expect(t.b.count[t.h('3,2')]).toBe(0);
    expect(t.pos('A')).toBe(t.h('2,2'));
    expect(events.some((e) => e.type === 'relocate' && e.why === 'advance')).toBe(false);
  });

  it('the same assault on open ground does advance (control)', () => {
    const t = setUp(
      [
        { id: 'A', side: 0, at: '2,2', orders: 'attack', strength: 4 },
        { id: 'F', side: 1, at: '3,2', strength: 2, steps: 1 },
      ],
      {},
    );
    const dice = new ScriptedDice({ fire: [roll(12), roll(2)], morale: [[1, 1], [1, 1]] });
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), () => [t.u('A')], dice, t.res(), newRoundOutcome());
    expect(t.pos('A')).toBe(t.h('3,2'));
  });

  it('10.1 (aor.fortDefenderFire): a garrison attacking out of its fort draws the defender\'s fire halved, or at full strength', () => {
    // G (4) in the fort 2,2 attacks E (6) at 3,2 in the open; each fires once (dice give no hits).
    const defenderFire = (options: Record<string, string>) => {
      const t = setUp(
        [
          { id: 'G', side: 0, at: '2,2', orders: 'attack', strength: 4 },
          { id: 'E', side: 1, at: '3,2', strength: 6 },
        ],
        { '2,2': 'X' },
        { options },
      );
      const { sink, events } = collector();
      const dice = new ScriptedDice({ fire: [roll(2), roll(2)], morale: [[1, 1], [1, 1]] });
      combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), () => [], dice, t.res(), newRoundOutcome(), sink);
      const fire = events.find((e) => e.type === 'fire' && e.side === 1);
      return fire && fire.type === 'fire' ? fire.rawStrength : NaN;
    };
    expect(defenderFire({})).toBe(3);
    expect(defenderFire({ 'aor.fortDefenderFire': 'full' })).toBe(6);
  });

  it('10.1, 7.4: a garrison attacking out of its fort ignores retreat results: hit, it checks no morale and stays in the fort, undisrupted', () => {
    // G (4) in the fort 2,2 attacks E (12) at 3,2; E fires at 12 halved into the fort (6) @ 8 -> 1 hit.
    // A check, were one made, would fail (a 6); in the open, under the same fire (E 6), G is disrupted and falls back.
    const play = (cells: Record<string, string>, e: number) => {
      const t = setUp(
        [
          { id: 'G', side: 0, at: '2,2', orders: 'attack', strength: 4 },
          { id: 'E', side: 1, at: '3,2', strength: e },
        ],
        cells,
      );
      const { sink, events } = collector();
      const dice = new ScriptedDice({ fire: [roll(2), roll(8)], morale: [[6, 6], [6, 6]] });
      combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), () => [], dice, t.res(), newRoundOutcome(), sink);
      const g = t.u('G');
      return {
        moved: t.pos('G') !== t.h('2,2'),
        disrupted: t.b.st.disrupted[g],
        steps: t.b.st.steps[g],
        checks: events.filter((e) => e.type === 'check' && e.side === 0).length,
      };
    };
    expect(play({ '2,2': 'X' }, 12)).toEqual({ moved: false, disrupted: 0, steps: 1, checks: 0 });
    expect(play({}, 6)).toEqual({ moved: true, disrupted: 1, steps: 1, checks: 1 });
  });

  it('no advance into a fort vacated by cavalry retreating before the assault (7.11)', () => {
    const t = setUp(
      [
        { id: 'A', side: 0, at: '2,2', orders: 'attack' },
        { id: 'C', side: 1, at: '3,2', kind: 'cavalry' },
      ],
      { '3,2': 'X' },
      { options: { 'aor.retreatBeforeAssault': 'always' } },
    );
    combatSegment(t.b, 0, new Map([[t.h('2,2'), t.h('3,2')]]), () => [t.u('A')], new ScriptedDice({}), t.res(), newRoundOutcome());
    expect(t.pos('C')).not.toBe(t.h('3,2'));
    expect(t.pos('A')).toBe(t.h('2,2'));
  });

  it('a fort holds one unit: stacking limit 1, no retreat into an occupied fort, no second unit moved in', () => {
    const t = setUp(
      [
        { id: 'G', side: 1, at: '5,2' },
        { id: 'D', side: 1, at: '4,2' },
        { id: 'A', side: 0, at: '3,2', orders: 'attack' },
      ],
      { '5,2': 'X' },
    );
    expect(stackLimit(t.b, t.h('5,2'))).toBe(1);
    expect(stackLimit(t.b, t.h('4,2'))).toBe(2);
    // D retreating from 4,2 away from A would go east toward its supply; the occupied fort 5,2 is barred.
    const to = retreatHex(t.b, 1, t.h('4,2'), [t.h('3,2')], 1);
    expect(to).toBeGreaterThanOrEqual(0);
    expect(to).not.toBe(t.h('5,2'));
    // Empty the fort: now it is the retreat the supply rule prefers.
    t.b.moveTo(t.u('G'), t.h('7,0'));
    t.b.computeZoc();
    expect(retreatHex(t.b, 1, t.h('4,2'), [t.h('3,2')], 1)).toBe(t.h('5,2'));
  });

  it('movement never puts a second unit into a fort', () => {
    // Two infantry units of an Attack formation head for the fort hex 4,2 (their objective); only one may end there.
    const t = setUp(
      [
        { id: 'A1', side: 0, at: '1,2', orders: 'attack', formation: 'Att' },
        { id: 'A2', side: 0, at: '1,1', orders: 'attack', formation: 'Att' },
        { id: 'E', side: 1, at: '8,4', orders: 'reserve' },
      ],
      { '4,2': 'X' },
      { formations: [{ id: 'Att', objective: '4,2' }] },
    );
    moveSide(t.b, 0, false, new ScriptedDice({}), t.res());
    expect(t.b.count[t.h('4,2')]).toBe(1);
  });
});
