/**
 * Contacts at the edges of the lane's bookkeeping: a front contacted by two enemies in one movement
 * phase ([Fire] l.131-134), and a melee at the crest of a slope ([Melee] l.238).
 */
import { describe, expect, it } from 'vitest';
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { executeMove, fireTargets } from '../../src/rules/cwj/phases.js';
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
