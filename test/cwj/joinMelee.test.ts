/**
 * A unit joining a standing melee ([Melee] l.254: "join new units into the melee space permitting")
 * contacts infantry that is already fighting. [Contact] l.125-129 has any infantry contacted by an
 * infantry column (or unsquared infantry contacted by cavalry) check on the Rally Table and do as it
 * says, and a 4-5 result retreats it 30 cm; [Melee] l.254 has units in contact stay so until the
 * melee is fought again. `cwj.meleeContactCheck` reads the clash: `retreats` (default) applies the
 * result, a 4-5 retreating the unit out of its melee; `stays` keeps it in the melee, the 4-5 disordering
 * it where it stands.
 *
 * The French column a (offset 0) stands in a standing melee front to front with the Prussian line d
 * (16 wide, -8 to 8) at x = 0; the French column a2 (offset 8: 4 to 12) comes up 4 cm onto d's front
 * beside a. Every morale die is 1 then 2: Prussian Line (rally 1) totals 4, a retreat.
 */
import { describe, expect, it } from 'vitest';
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import type { Game } from '../../src/rules/cwj/game.js';
import { violations } from '../../src/rules/cwj/invariants.js';
import { contactCheck, executeMove } from '../../src/rules/cwj/phases.js';
import { eventText } from '../../src/rules/cwj/trace/narrate.js';
import { subjectOf } from '../../src/rules/cwj/trace/subject.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { compile, rawLane } from './lane.js';

const col = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'column', ...extra });

function joined(options: Record<string, string>, dieFaces: number[], arm: 'infantry' | 'cavalry' = 'infantry', standing = true): { g: Game; events: CwjEvent[] } {
  const events: CwjEvent[] = [];
  const joiner = arm === 'infantry' ? col('a2', { offset: 8 }) : { id: 'a2', type: 'heavyCavalry', formation: 'column', offset: 8 };
  const c = compile(rawLane([col('a'), joiner], [{ id: 'd', type: 'line', formation: 'line' }], { armyMorale: false }, { attacker: { line: -10 } }), options);
  const g = gameFor(c);
  let i = 0;
  const faces: Uniform = () => (dieFaces[i++ % dieFaces.length] - 1) / 6 + 0.01;
  g.reset({ fire: () => faces, morale: () => faces, ai: () => () => 0.5 } as unknown as EngagementDice, newLaneResult(c), (e) => events.push(e as CwjEvent));
  startResult(g);
  g.bodies[0].front = 0;
  g.bodies[1].front = -4;
  g.changed();
  expect(g.inContact(0) && g.inContact(2)).toBe(true);
  expect(g.inContact(1)).toBe(false);
  g.engaged[0] = standing ? 1 : 0;
  g.engaged[2] = standing ? 1 : 0;
  expect(executeMove(g, 1, { way: 1, distance: 4, to: 'column' })).toBe(true);
  expect(g.inContact(1)).toBe(true);
  if (g.targets[2] > 0) contactCheck(g, 2, g.targets[2] - 1);
  return { g, events };
}

describe('cwj.meleeContactCheck: infantry in a standing melee contacted by a new column ([Contact] l.125-129, [Melee] l.254)', () => {
  it('[Contact] l.126-127: the fighting battalion checks on the column joining its melee (under either reading)', () => {
    for (const v of ['retreats', 'stays']) {
      const checks = joined({ 'cwj.meleeContactCheck': v }, [1, 2]).events.filter((e) => e.type === 'check');
      expect(checks, v).toEqual([expect.objectContaining({ purpose: 'contact', unit: 'd', roll: [1, 2], modifier: 1, result: 'retreat' })]);
    }
  });
  it('retreats (default): a 4 retreats it 30 cm, disordered, out of the melee; both columns are free', () => {
    const { g } = joined({}, [1, 2]);
    expect(g.alive[2]).toBe(1);
    expect(g.cohesion[2]).toBe('disordered');
    expect(g.bodies[2].front).toBe(30);
    expect(g.inContact(2)).toBe(false);
    expect(g.engaged[0]).toBe(0);
    expect(violations(g)).toEqual([]);
  });
  it('stays: the 4 disorders it where it stands; it stays in its melee with both columns', () => {
    const { g } = joined({ 'cwj.meleeContactCheck': 'stays' }, [1, 2]);
    expect(g.cohesion[2]).toBe('disordered');
    expect(g.bodies[2].front).toBe(0);
    expect(g.inContact(2) && g.inContact(0) && g.inContact(1)).toBe(true);
    expect(g.engaged[0]).toBe(1);
    expect(g.engaged[2]).toBe(1);
    expect(violations(g)).toEqual([]);
  });
  it('the story says why the retreat rolled is not taken under stays, and says nothing more under retreats', () => {
    const story = (v: string) => {
      const { g, events } = joined({ 'cwj.meleeContactCheck': v }, [1, 2]);
      const check = events.find((e) => e.type === 'check')!;
      return eventText(check, subjectOf(g.c, 'join'));
    };
    expect(story('stays')).toBe('d rolls a contact check [Contact]: 1+2, +1 = 4: retreat, taken where it stands: it stays in its melee, disordered (cwj.meleeContactCheck stays)');
    expect(story('retreats')).toBe('d rolls a contact check [Contact]: 1+2, +1 = 4: retreat');
  });
  it('stays: a rout (double 1) still removes it ([Rally] l.39-41)', () => {
    const { g } = joined({ 'cwj.meleeContactCheck': 'stays' }, [1, 1]);
    expect(g.alive[2]).toBe(0);
  });
  it('[Contact] l.125-126, stays: cavalry joining the melee makes the unsquared battalion check; a 4 leaves it in place, disordered', () => {
    const { g, events } = joined({ 'cwj.meleeContactCheck': 'stays' }, [1, 2], 'cavalry');
    expect(events.filter((e) => e.type === 'check')).toEqual([expect.objectContaining({ purpose: 'contact', unit: 'd', result: 'retreat' })]);
    expect(g.bodies[2].front).toBe(0);
    expect(g.cohesion[2]).toBe('disordered');
  });
  it('stays: a battalion touching a column but in no standing melee (a contact made this player turn) still retreats on a 4', () => {
    const { g } = joined({ 'cwj.meleeContactCheck': 'stays' }, [1, 2], 'infantry', false);
    expect(g.bodies[2].front).toBe(30);
    expect(g.inContact(2)).toBe(false);
  });
});
