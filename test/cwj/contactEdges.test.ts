/**
 * Contacts at the edges of the lane's bookkeeping: a front contacted by two enemies in one movement
 * phase ([Fire] l.131-134), and a melee at the crest of a slope ([Melee] l.238).
 */
import { describe, expect, it } from 'vitest';
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { contactGroups, executeMove, fightGroup, fireTargets } from '../../src/rules/cwj/phases.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { compile, rawLane } from './lane.js';

function dice(face: number): EngagementDice {
  const f: Uniform = () => face;
  return { fire: () => f, morale: () => f, ai: () => () => 0.5 } as unknown as EngagementDice;
}

describe('[Fire] l.131-134: every enemy that came onto the front in the movement phase is a target', () => {
  // d: a Prussian line, 16 wide (-8 to 8). a: a column at offset -4 (-8 to 0); b: a line of two bases
  // at offset 4 (0 to 8). Both move 4 cm onto d's front, a first.
  function twoContacts(options: Record<string, string> = {}) {
    const c = compile(
      rawLane(
        [{ id: 'a', type: 'line', formation: 'column', offset: -4 }, { id: 'b', type: 'line', formation: 'line', offset: 4, bases: 2 }],
        [{ id: 'd', type: 'line', formation: 'line' }],
        { armyMorale: false },
        { attacker: { line: -4 } },
      ),
      options,
    );
    const g = gameFor(c);
    const events: CwjEvent[] = [];
    g.reset(dice(0.99), newLaneResult(c), (e) => events.push(e as CwjEvent)); // every die a 6: d passes its check
    startResult(g);
    g.phasing = 0;
    g.phaseNo++;
    expect(executeMove(g, 0, { way: 1, distance: 4, to: 'column' })).toBe(true);
    expect(executeMove(g, 1, { way: 1, distance: 4, to: 'line' })).toBe(true);
    expect(g.touch[2 * g.n + 0] & 2).toBe(2);
    expect(g.touch[2 * g.n + 1] & 2).toBe(2);
    const n = fireTargets(g, 2, 1, false);
    return Array.from(g.targets.slice(0, n)).map((v) => g.c.units[v].id).sort();
  }
  it('cwj.fireIntoContact contactedOnly: d may fire at both a and b, not only at b, the last', () => {
    expect(twoContacts()).toEqual(['a', 'b']);
  });
  it('cwj.fireIntoContact freshContact: the same', () => {
    expect(twoContacts({ 'cwj.fireIntoContact': 'freshContact' })).toEqual(['a', 'b']);
  });
});

describe('[Melee] l.238: uphill from the enemy at a slope\'s crest, middle and foot', () => {
  // Two lines front to front at x; a slope from -6 to 0. The defender faces -x, the attacker +x. Every
  // die a 2; a line's melee factor 2: 4 a side, 5 for the side uphill of the other.
  function totals(x: number, rises: 'towardDefender' | 'towardAttacker'): [number, number] {
    const c = compile(
      rawLane([{ id: 'a', type: 'line', formation: 'line' }], [{ id: 'd', type: 'line', formation: 'line' }], {
        armyMorale: false,
        terrain: [{ kind: 'slope', from: -6, to: 0, rises }],
      }, { attacker: { line: -20 } }),
    );
    const g = gameFor(c);
    const events: CwjEvent[] = [];
    g.reset(dice(0.3), newLaneResult(c), (e) => events.push(e as CwjEvent));
    startResult(g);
    g.bodies[0].front = x;
    g.bodies[1].front = x;
    g.changed();
    expect(contactGroups(g)).toBe(1);
    fightGroup(g, g.group[0]);
    const m = events.find((e) => e.type === 'melee') as Extract<CwjEvent, { type: 'melee' }>;
    return m.totals as [number, number];
  }
  it('the defender on the crest (front on the high end, body on the level ground above), the attacker on the slope below: the defender +1', () => {
    expect(totals(0, 'towardDefender')).toEqual([4, 5]);
  });
  it('the defender 1 cm down the slope, and at its foot (its body on the slope, the attacker on the level ground below): the defender +1', () => {
    expect(totals(-1, 'towardDefender')).toEqual([4, 5]);
    expect(totals(-6, 'towardDefender')).toEqual([4, 5]);
  });
  it('the slope rising toward the attacker: the attacker +1 on its crest, on it and at its foot', () => {
    expect(totals(-6, 'towardAttacker')).toEqual([5, 4]);
    expect(totals(-3, 'towardAttacker')).toEqual([5, 4]);
    expect(totals(0, 'towardAttacker')).toEqual([5, 4]);
  });
  it('away from the slope: neither', () => {
    expect(totals(-10, 'towardDefender')).toEqual([4, 4]);
    expect(totals(4, 'towardAttacker')).toEqual([4, 4]);
  });
});
