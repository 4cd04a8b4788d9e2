/**
 * Units side by side in neighbouring files (rulings 11: parallel files of the lane), `cwj.besideContact`:
 * by default they never touch, as a unit sees, moves into and retreats into only what overlaps its
 * frontage; under `flanks` they touch flank to flank, and then moves stop and retreats surrender at
 * such a contact as at any other. Retreats go toward the unit's own rear unless their cause stands
 * wholly behind it (rulings 4.6, [Rally] l.47).
 */
import { describe, expect, it } from 'vitest';
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import { EngagementDice as Dice } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { retreatUnit } from '../../src/rules/cwj/effects.js';
import type { Game } from '../../src/rules/cwj/game.js';
import { violations } from '../../src/rules/cwj/invariants.js';
import { contactGroups, executeMove, fightGroup, meleePhase } from '../../src/rules/cwj/phases.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { allowanceFor } from '../../src/rules/cwj/ai.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { retreatSign } from '../../src/rules/cwj/retreat.js';
import { compile, rawLane } from './lane.js';

const col = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'column', ...extra });
const line = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'line', ...extra });

function gameOf(raw: Record<string, unknown>, options: Record<string, string> = {}, dice: EngagementDice = Dice.for('beside', 'cell', 0), events?: CwjEvent[]): Game {
  const c = compile(raw, options);
  const g = gameFor(c);
  g.reset(dice, newLaneResult(c), events ? (e) => events.push(e as CwjEvent) : undefined);
  startResult(g);
  return g;
}

/**
 * A French column a (offset 0: -4 to 4 across) 10 cm short of the Prussian line d in the next file
 * (offset -12: -20 to -4 across, edge to edge with a), front at 0; nothing in a's own file.
 */
const passing = (options: Record<string, string> = {}) =>
  gameOf(rawLane([col('a')], [line('d', { offset: -12 })], { armyMorale: false }, { attacker: { line: -10 } }), options);

describe('retreat direction (rulings 4.6, [Rally] l.47)', () => {
  it('rulings 4.6: back toward its own rear unless the cause stands wholly behind it; a cause level beside it is not behind', () => {
    // A unit facing +x, rear edge at -2 (front 0, 2 deep).
    expect(retreatSign(1, -2, 20)).toBe(-1); // the cause in front
    expect(retreatSign(1, -2, 0)).toBe(-1); // level beside it, reaching its front edge
    expect(retreatSign(1, -2, -1)).toBe(-1); // beside it, reaching halfway along it
    expect(retreatSign(1, -2, -2)).toBe(1); // touching its rear edge from behind
    expect(retreatSign(1, -2, -30)).toBe(1); // wholly behind
    // Facing -x, rear edge at 2: mirrored.
    expect(retreatSign(-1, 2, -20)).toBe(1);
    expect(retreatSign(-1, 2, 1)).toBe(1);
    expect(retreatSign(-1, 2, 2)).toBe(-1);
  });
});

describe('cwj.besideContact none (default): neighbouring files do not touch', () => {
  it('rulings 11: a column moving up beside an enemy line in the next file goes on alongside it and touches nothing: no contact check, no melee', () => {
    const events: CwjEvent[] = [];
    const c = compile(rawLane([col('a')], [line('d', { offset: -12 })], { armyMorale: false }, { attacker: { line: -10 } }));
    const g = gameFor(c);
    g.reset(Dice.for('beside', 'cell', 0), newLaneResult(c), (e) => events.push(e as CwjEvent));
    startResult(g);
    executeMove(g, 0, { way: 1, distance: 12, to: 'column' });
    expect(g.bodies[0].front).toBe(2); // -2 to 2: alongside d (0 to 2)
    expect(g.inContact(0) || g.inContact(1)).toBe(false);
    meleePhase(g);
    expect(events.filter((e) => e.type === 'melee' || e.type === 'check')).toEqual([]);
    expect(violations(g)).toEqual([]);
  });
});

describe('cwj.besideContact flanks: neighbouring files touch, and moves and retreats see it', () => {
  it('rulings 11, [Melee] l.226-227: the same move stops level with the enemy in the next file, out of contact', () => {
    const g = passing({ 'cwj.besideContact': 'flanks' });
    executeMove(g, 0, { way: 1, distance: 12, to: 'column' });
    expect(g.bodies[0].front).toBe(0);
    expect(g.inContact(0)).toBe(false);
  });
  it('[Rally] l.47-48, rulings 4.6: a retreat that would come beside an enemy in the next file surrenders', () => {
    // d stands beside a's path 20 cm behind a (front -20, facing the French, -20 to -18).
    const g = gameOf(rawLane([col('a'), col('b', { behind: 30, offset: 20 })], [line('d', { offset: -12 }), line('e', { offset: 20 })], { armyMorale: false }, { attacker: { line: -10 } }), { 'cwj.besideContact': 'flanks' });
    g.bodies[2].front = -20;
    g.changed();
    expect(retreatUnit(g, 0, 20, 30, true, 'fire')).toBe(false);
    expect(g.alive[0]).toBe(0);
    expect(g.res.sides[0].menLost).toBe(720);
  });
  it('rulings 4.6: beaten by an enemy level beside it (flank to flank), the loser retreats toward its own rear, not past the enemy', () => {
    // a (facing +x, front 0, 4 deep) and d (facing -x, front -2, 2 deep) side by side, each hit in flank:
    // a 4 + 3 - 2 = 5 against d 4 + 6 - 2 = 8, a loses by 3 and retreats 20 cm ([Melee] l.243-245).
    const fixed = (v: number): Uniform => () => v;
    const dice = { fire: (s: 0 | 1) => fixed(s === 0 ? 0.4 : 0.99), morale: () => fixed(0.99), ai: () => fixed(0.5) } as unknown as EngagementDice;
    const g = gameOf(rawLane([col('a')], [line('d', { offset: -12 })], { armyMorale: false }, { attacker: { line: -10 } }), { 'cwj.besideContact': 'flanks' }, dice);
    g.bodies[0].front = 0;
    g.bodies[1].front = -2;
    g.changed();
    expect(g.inContact(0)).toBe(true);
    expect(contactGroups(g)).toBe(1);
    fightGroup(g, g.group[0]);
    expect(g.bodies[0].front).toBe(-20);
    expect(violations(g)).toEqual([]);
  });
});

describe('unformed units and facing ([Rally] l.50-53, [Rough] l.121-124)', () => {
  it('[Rally] l.50-53, [Rough] l.121-124: an unformed column ordered back (a change of facing) stays where it is, and so recovers; forward it moves', () => {
    const back = passing();
    back.cohesion[0] = 'unformed';
    const x0 = back.bodies[0].front;
    expect(executeMove(back, 0, { way: -1, distance: 9, to: 'column' })).toBe(false);
    expect(back.bodies[0].front).toBe(x0);
    expect(allowanceFor(back, 0, 'column', true)).toBe(0);
    const forward = passing();
    forward.cohesion[0] = 'unformed';
    expect(executeMove(forward, 0, { way: 1, distance: 4, to: 'column' })).toBe(true);
    expect(forward.bodies[0].front).not.toBe(x0);
    const good = passing();
    expect(executeMove(good, 0, { way: -1, distance: 9, to: 'column' })).toBe(true);
    expect(good.bodies[0].front).not.toBe(x0);
  });
});
