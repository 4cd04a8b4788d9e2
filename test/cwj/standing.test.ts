/**
 * Standing melees ([Melee] l.254, [SoP] l.10-14): a unit left in contact by a melee phase may not
 * move, rally or fire and is no target, but only while it is still in contact.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { removeUnit, retreatUnit } from '../../src/rules/cwj/effects.js';
import type { Game } from '../../src/rules/cwj/game.js';
import { violations } from '../../src/rules/cwj/invariants.js';
import { stillInStandingMelee } from '../../src/rules/cwj/melee.js';
import { advancingFirePhase, defensiveFirePhase } from '../../src/rules/cwj/phases.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { compile, rawLane } from './lane.js';

const col = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'column', ...extra });
const line = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'line', ...extra });

/**
 * A French column a (offset 0) front to front with the Prussian line d1 at x = 0, in a standing melee
 * with it; the Prussian line d2 stands 4 cm behind d1 (front at 4: 4 cm from a, within musket range).
 */
function standingMelee(events: CwjEvent[]): Game {
  const c = compile(rawLane([col('a')], [line('d1'), line('d2', { behind: 4 })], { armyMorale: false }, { attacker: { line: -10 } }));
  const g = gameFor(c);
  g.reset(EngagementDice.for('standing', 'cell', 0), newLaneResult(c), (e) => events.push(e as CwjEvent));
  startResult(g);
  // The column brought up to d1's front.
  g.bodies[0].front = 0;
  g.changed();
  expect(g.inContact(0) && g.inContact(1), 'a and d1 touch front to front').toBe(true);
  g.engaged[0] = 1;
  g.engaged[1] = 1;
  return g;
}

describe('a standing melee lasts while its units are in contact ([Melee] l.254)', () => {
  it('[Melee] l.254: left in contact and still in contact is a standing melee; either missing is not', () => {
    expect(stillInStandingMelee(true, true)).toBe(true);
    expect(stillInStandingMelee(true, false)).toBe(false);
    expect(stillInStandingMelee(false, true)).toBe(false);
  });

  it('[Melee] l.254: the enemy removed between melee phases, the unit is out of its standing melee at once (invariants hold)', () => {
    const g = standingMelee([]);
    removeUnit(g, 1, 'routed');
    expect(g.engaged[0]).toBe(0);
    expect(violations(g)).toEqual([]);
  });

  it('[Melee] l.254, [Contact] l.125-129: the enemy retreating out of the contact (a check, a shot) frees the unit at once', () => {
    const g = standingMelee([]);
    // d1 retreats 30 cm away from a (through d2, its friend).
    expect(retreatUnit(g, 1, 0, 30, true, 'contact')).toBe(true);
    expect(g.inContact(0)).toBe(false);
    expect(g.engaged[0]).toBe(0);
    expect(violations(g)).toEqual([]);
  });

  it('[SoP] l.13: freed, it fires in its advancing fire (at d2, 4 cm off)', () => {
    const events: CwjEvent[] = [];
    const g = standingMelee(events);
    removeUnit(g, 1, 'routed');
    g.phasing = 0;
    advancingFirePhase(g);
    const fire = events.find((e): e is Extract<CwjEvent, { type: 'fire' }> => e.type === 'fire');
    expect(fire).toMatchObject({ units: ['a'], target: 'd2' });
  });

  it('[SoP] l.10-11, [Melee] l.254: freed, it is a target of the enemy\'s defensive fire', () => {
    const events: CwjEvent[] = [];
    const g = standingMelee(events);
    removeUnit(g, 1, 'routed');
    g.phasing = 0;
    defensiveFirePhase(g);
    const fire = events.find((e): e is Extract<CwjEvent, { type: 'fire' }> => e.type === 'fire');
    expect(fire).toMatchObject({ units: ['d2'], target: 'a' });
  });
});
