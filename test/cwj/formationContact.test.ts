/**
 * A contact made by a formation change alone: a unit standing level with an enemy in the next file
 * widens (column to line, rulings 11 footprints) so that its frontage now overlaps the enemy's, front
 * to front. The text's contact rules do not ask how the contact came about: the contacted infantry
 * checks ([Contact] l.125-129, after withdrawals, [SoP] l.7-9), may fire at the unit that came onto its
 * front ([Fire] l.131-134), and a widening the unit could not move into ([Spec] l.105-106, [Win]
 * l.304-306, `cwj.cavalryMoveContact`) is not made.
 */
import { describe, expect, it } from 'vitest';
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import type { Game } from '../../src/rules/cwj/game.js';
import { violations } from '../../src/rules/cwj/invariants.js';
import { squareLegal } from '../../src/rules/cwj/ai.js';
import { REFORMED } from '../../src/rules/cwj/movement.js';
import { contactCheck, defensiveFirePhase, executeMove, meleePhase, movementPhase } from '../../src/rules/cwj/phases.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { compile, rawLane } from './lane.js';

const fixed = (v: number): Uniform => () => v;
/** Uniforms handed out in order, then the last one for ever. */
const seq = (vs: number[]): Uniform => {
  let i = 0;
  return () => vs[Math.min(i++, vs.length - 1)];
};

/**
 * Dice for one movement phase: the attacker's random-legal AI draws 0.8 (k = 3 of 4: a formation
 * change) then 0.1 (the first formation of its arm: line); every morale die is `morale`.
 */
function dice(morale: number): EngagementDice {
  const ai = seq([0.8, 0.1]);
  return { fire: () => fixed(0.99), morale: () => fixed(morale), ai: () => ai } as unknown as EngagementDice;
}

/**
 * Attacker unit `a` (offset 0, front 0, facing +x) and a Prussian Line battalion `d` in line in the
 * next file (offset 12: 4 to 20 across), its front also at 0, facing the French: a column (8 wide, -4
 * to 4) stands beside it, out of contact; a line (16 wide, -8 to 8) overlaps it front to front.
 */
function game(attacker: Record<string, unknown>, morale: number, options: Record<string, string> = {}, events?: CwjEvent[], corps: Record<string, unknown> = {}): Game {
  const c = compile(
    rawLane([attacker], [{ id: 'd', type: 'line', formation: 'line', offset: 12 }], { armyMorale: false }, { attacker: { line: -10, doctrine: 'random-legal', ...corps } }),
    options,
  );
  const g = gameFor(c);
  g.reset(dice(morale), newLaneResult(c), events ? (e) => events.push(e as CwjEvent) : undefined);
  startResult(g);
  g.bodies[0].front = 0;
  g.changed();
  expect(g.inContact(0)).toBe(false);
  return g;
}

const cavalry = { id: 'h', type: 'heavyCavalry', formation: 'column' };
const column = { id: 'a', type: 'line', formation: 'column' };

describe('a contact made by a formation change ([Contact] l.125-129, [SoP] l.7-9)', () => {
  it('[Contact] l.125-129: cavalry widening into line onto an infantry front: the battalion checks (double 1 + rally 1 = 3: it routs)', () => {
    const events: CwjEvent[] = [];
    const g = game(cavalry, 0, {}, events);
    movementPhase(g);
    expect(g.formation[0]).toBe('line');
    const checks = events.filter((e) => e.type === 'check');
    expect(checks).toEqual([expect.objectContaining({ purpose: 'contact', unit: 'd', roll: [1, 1], modifier: 1, result: 'rout' })]);
    expect(g.alive[1]).toBe(0);
    expect(violations(g)).toEqual([]);
  });
  it('rulings 10: that cavalry moved into contact: a charge declared and home', () => {
    const g = game(cavalry, 0.99);
    movementPhase(g);
    expect(g.alive[1]).toBe(1); // 6 + 6 + 1 passes
    expect(g.inContact(0)).toBe(true);
    expect(g.res.sides[0].chargesDeclared).toBe(1);
    expect(g.res.sides[0].chargesHome).toBe(1);
  });
  it('[Fire] l.131-134, cwj.fireIntoContact contactedOnly: the battalion may fire at the cavalry that came onto its front', () => {
    const events: CwjEvent[] = [];
    const g = game(cavalry, 0.99, {}, events);
    movementPhase(g);
    defensiveFirePhase(g);
    expect(events.filter((e) => e.type === 'fire')).toEqual([expect.objectContaining({ units: ['d'], target: 'h' })]);
  });
  it('[Contact] l.126-127: infantry that widens into line contacts as a line, not a column: no check', () => {
    const events: CwjEvent[] = [];
    const g = game(column, 0, {}, events);
    movementPhase(g);
    expect(g.formation[0]).toBe('line');
    expect(g.inContact(1)).toBe(true);
    expect(events.filter((e) => e.type === 'check')).toEqual([]);
    expect(g.contactedBy[1 * g.n + 0]).toBe(1);
  });
});

describe('a formation change may not make a contact the unit could not move into', () => {
  it('[Spec] l.105: infantry does not widen onto the front of cavalry in the next file', () => {
    const c = compile(rawLane([column], [{ id: 'k', type: 'mediumCavalry', formation: 'line', offset: 12 }], { armyMorale: false }, { attacker: { line: -10 } }));
    const g = gameFor(c);
    g.reset(dice(0.5), newLaneResult(c), undefined);
    startResult(g);
    g.bodies[0].front = 0;
    g.changed();
    executeMove(g, 0, { way: 0, distance: 0, to: 'line' });
    expect(g.formation[0]).toBe('column');
    expect(g.bodies[0].frontage).toBe(8);
    expect(g.inContact(0)).toBe(false);
  });
  it('[Spec] l.107-109, [Rough] l.123-124: a change refused with no distance gone is no move: the cavalry beside it may not withdraw, and an unformed battalion that stood recovers', () => {
    const c = compile(rawLane([column], [{ id: 'k', type: 'mediumCavalry', formation: 'line', offset: 12 }], { armyMorale: false }, { attacker: { line: -10, doctrine: 'random-legal' }, defender: { doctrine: 'random-legal' } }));
    const g = gameFor(c);
    const events: CwjEvent[] = [];
    // The attacker's random-legal draws: a formation change (0.8), into line (0.1); the cavalry's: withdraw (0).
    const ai = [seq([0.8, 0.1]), fixed(0)];
    g.reset({ fire: () => fixed(0.5), morale: () => fixed(0.99), ai: (s: number) => ai[s] } as unknown as EngagementDice, newLaneResult(c), (e) => events.push(e as CwjEvent));
    startResult(g);
    g.bodies[0].front = 0;
    g.changed();
    g.cohesion[0] = 'unformed'; // failed a rough test in an earlier move
    expect(executeMove(g, 0, { way: 0, distance: 0, to: 'line' })).toBe(false);
    expect(g.moved[0]).toBe(0);
    movementPhase(g);
    expect(g.formation[0]).toBe('column');
    expect(events.filter((e) => e.type === 'retreat' || e.type === 'check')).toEqual([]);
    expect(g.cohesion[0]).toBe('good');
  });
  it('[Spec] l.107-109, cwj.withdrawalTrigger: a column 6 cm from cavalry deploying into line in place: moveOrReform (default) lets the cavalry withdraw, moveOnly does not', () => {
    function reformBefore(options: Record<string, string>): { g: Game; events: CwjEvent[] } {
      const c = compile(rawLane([column], [{ id: 'k', type: 'mediumCavalry', formation: 'line' }], { armyMorale: false }, { attacker: { line: -10, doctrine: 'random-legal' }, defender: { doctrine: 'random-legal' } }), options);
      const g = gameFor(c);
      const events: CwjEvent[] = [];
      // The attacker's random-legal draws: a formation change (0.8), into line (0.1); the cavalry's: withdraw (0).
      const ai = [seq([0.8, 0.1]), fixed(0)];
      g.reset({ fire: () => fixed(0.5), morale: () => fixed(0.99), ai: (s: number) => ai[s] } as unknown as EngagementDice, newLaneResult(c), (e) => events.push(e as CwjEvent));
      startResult(g);
      g.bodies[0].front = -6;
      g.changed();
      expect(g.distance(0, 1)).toBe(6);
      movementPhase(g);
      expect(g.formation[0]).toBe('line');
      expect(g.bodies[0].front).toBe(-6);
      return { g, events };
    }
    const withdrew = reformBefore({});
    expect(withdrew.g.moved[0]).toBe(REFORMED);
    expect(withdrew.events.filter((e) => e.type === 'retreat')).toEqual([expect.objectContaining({ units: ['k'], forced: false, why: 'withdrawal', cm: 12 })]);
    expect(withdrew.events.filter((e) => e.type === 'check')).toEqual([expect.objectContaining({ purpose: 'withdrawal', unit: 'k', passed: true })]);
    const stayed = reformBefore({ 'cwj.withdrawalTrigger': 'moveOnly' });
    expect(stayed.events.filter((e) => e.type === 'retreat' || e.type === 'check')).toEqual([]);
    expect(stayed.g.distance(0, 1)).toBe(6);
  });
  it('cwj.cavalryMoveContact chargeOnly: cavalry does not widen into contact in its movement phase (allowed: it does)', () => {
    const only = game(cavalry, 0.5, { 'cwj.cavalryMoveContact': 'chargeOnly' });
    executeMove(only, 0, { way: 0, distance: 0, to: 'line' });
    expect(only.formation[0]).toBe('column');
    expect(only.inContact(0)).toBe(false);
    const allowed = game(cavalry, 0.5);
    executeMove(allowed, 0, { way: 0, distance: 0, to: 'line' });
    expect(allowed.formation[0]).toBe('line');
    expect(allowed.inContact(0)).toBe(true);
  });
  it('[Win] l.304-306: a unit of a fatigued corps without a leader does not widen into contact; with its general it does', () => {
    const without = game(column, 0.5);
    without.fatigued[0] = 1;
    executeMove(without, 0, { way: 0, distance: 0, to: 'line' });
    expect(without.formation[0]).toBe('column');
    const led = game(column, 0.5, {}, undefined, { corps: [{ id: 'fr', generals: [{ id: 'g', arm: 'infantry', with: 'a' }], units: [column] }] });
    led.fatigued[0] = 1;
    executeMove(led, 0, { way: 0, distance: 0, to: 'line' });
    expect(led.formation[0]).toBe('line');
    expect(led.inContact(0)).toBe(true);
  });
  it('[Win] l.304-306: a widening that touches nobody is no move toward an enemy: a fatigued corps still makes it', () => {
    const g = game({ ...column, offset: -20 }, 0.5);
    g.fatigued[0] = 1;
    executeMove(g, 0, { way: 0, distance: 0, to: 'line' });
    expect(g.formation[0]).toBe('line');
    expect(g.inContact(0)).toBe(false);
  });
});

/**
 * cwj.moveFormation: a unit that changes formation in its move. The text halves such a move ([Move]
 * l.100-102) but does not say whether the change comes before or after the distance moved, and three
 * rules ask the formation of the unit as it moves: the contact check (is the contactor an infantry
 * column, [Contact] l.126-127), the rough-terrain test (unit in line -1, [Rough] l.115-118) and the ban
 * on squares moving toward a visible enemy ([Spec] l.106). One reading serves all three: `end` (default)
 * the formation it ends in (the change made first), `start` the one it starts in (the change at the
 * halt). Attacker battalion `a` (front at -4, facing +x) and the Prussian Line battalion `d` in line in
 * the same file, front at 0: a move of 4 cm at the halved rate (6) touches it.
 */
describe('cwj.moveFormation: the formation a changing unit moves in ([Move] l.100-102)', () => {
  function ahead(attacker: Record<string, unknown>, options: Record<string, string>, events: CwjEvent[], extra: Record<string, unknown> = {}, front = -4): Game {
    const c = compile(rawLane([attacker], [{ id: 'd', type: 'line', formation: 'line' }], { armyMorale: false, ...extra }, { attacker: { line: -10 } }), options);
    const g = gameFor(c);
    g.reset(dice(0), newLaneResult(c), (e) => events.push(e as CwjEvent));
    startResult(g);
    g.bodies[0].front = front;
    g.changed();
    expect(g.inContact(0)).toBe(false);
    return g;
  }
  /** `a` moves 4 cm into `d` changing to `to`, then the movement phase's checks are taken (as movementPhase does, after withdrawals). */
  function moveIn(from: string, to: 'line' | 'column', options: Record<string, string> = {}): { g: Game; checks: CwjEvent[] } {
    const events: CwjEvent[] = [];
    const g = ahead({ id: 'a', type: 'line', formation: from }, options, events);
    expect(executeMove(g, 0, { way: 1, distance: 4, to })).toBe(true);
    expect(g.formation[0]).toBe(to);
    expect(g.inContact(1)).toBe(true);
    if (g.targets[1] > 0) contactCheck(g, 1, g.targets[1] - 1);
    return { g, checks: events.filter((e) => e.type === 'check') };
  }
  const routs = [expect.objectContaining({ purpose: 'contact', unit: 'd', roll: [1, 1], result: 'rout' })];

  it('[Contact] l.126-127, end (default): a line forming column as it moves in contacts as a column: the battalion checks (double 1: it routs)', () => {
    const { g, checks } = moveIn('line', 'column');
    expect(checks).toEqual(routs);
    expect(g.alive[1]).toBe(0);
  });
  it('[Contact] l.126-127, end: a column deploying into line as it moves in contacts as a line: no check', () => {
    expect(moveIn('column', 'line').checks).toEqual([]);
  });
  it('[Contact] l.126-127, start: the line that forms column moved in as a line: no check', () => {
    const { g, checks } = moveIn('line', 'column', { 'cwj.moveFormation': 'start' });
    expect(checks).toEqual([]);
    expect(g.alive[1]).toBe(1);
  });
  it('[Contact] l.126-127, start: the column that deploys into line moved in as a column: the battalion checks', () => {
    expect(moveIn('column', 'line', { 'cwj.moveFormation': 'start' }).checks).toEqual(routs);
  });
  it('[Contact] l.126-127: a contact only the widening makes is made in the new formation under either reading (a column widening into line onto the next file: no check)', () => {
    for (const v of ['end', 'start']) {
      const events: CwjEvent[] = [];
      const g = game(column, 0, { 'cwj.moveFormation': v }, events);
      movementPhase(g);
      expect(g.formation[0]).toBe('line');
      expect(g.inContact(1)).toBe(true);
      expect(events.filter((e) => e.type === 'check'), v).toEqual([]);
    }
  });
  it('[Spec] l.106: a square widening into line onto an enemy in the next file makes that contact as a line, under either reading: it is no square moving toward the enemy', () => {
    for (const v of ['end', 'start']) {
      const g = game({ id: 'a', type: 'line', formation: 'square' }, 0.99, { 'cwj.moveFormation': v });
      expect(executeMove(g, 0, { way: 0, distance: 0, to: 'line' })).toBe(true);
      expect(g.formation[0]).toBe('line');
      expect(g.inContact(1), v).toBe(true);
    }
  });

  /** `a` (French Line, rally 1, no general) moves 4 cm from -14 through woods at -12 to -11, changing from `from` to `to`: its rough test's modifier. */
  function roughIn(from: string, to: 'line' | 'column', options: Record<string, string> = {}): number {
    const events: CwjEvent[] = [];
    const g = ahead({ id: 'a', type: 'line', formation: from }, options, events, { terrain: [{ kind: 'woods', from: -12, to: -11 }] }, -14);
    expect(executeMove(g, 0, { way: 1, distance: 4, to })).toBe(true);
    expect(g.formation[0]).toBe(to);
    const checks = events.filter((e) => e.type === 'check');
    expect(checks).toEqual([expect.objectContaining({ purpose: 'rough', unit: 'a' })]);
    return (checks[0] as { modifier: number }).modifier;
  }
  it('[Rough] l.115-119, end (default): a column deploying into line in the woods tests as a line: rally 1 + woods 3 - line 1 = 3; a line forming column, as a column: 4', () => {
    expect(roughIn('column', 'line')).toBe(3);
    expect(roughIn('line', 'column')).toBe(4);
  });
  it('[Rough] l.115-119, start: the same moves test in the formation they set off in: the column 4, the line 3', () => {
    expect(roughIn('column', 'line', { 'cwj.moveFormation': 'start' })).toBe(4);
    expect(roughIn('line', 'column', { 'cwj.moveFormation': 'start' })).toBe(3);
  });

  /** `a` in `from` 10 cm from `d` tries 4 cm toward it changing to `to`: how far it went. */
  function advanced(from: string, to: 'square' | 'column', options: Record<string, string> = {}): number {
    const g = ahead({ id: 'a', type: 'line', formation: from }, options, [], {}, -10);
    executeMove(g, 0, { way: 1, distance: 3, to });
    expect(g.formation[0]).toBe(to);
    return g.bodies[0].front + 10;
  }
  it('[Spec] l.106, end (default): a line forming square may not advance toward the enemy it sees (it squares in place); a square forming column may', () => {
    expect(advanced('line', 'square')).toBe(0);
    expect(advanced('square', 'column')).toBe(3);
  });
  it('[Spec] l.106, start: the line forming square moved as a line and advances; the square forming column moved as a square and does not', () => {
    expect(advanced('line', 'square', { 'cwj.moveFormation': 'start' })).toBe(3);
    expect(advanced('square', 'column', { 'cwj.moveFormation': 'start' })).toBe(0);
  });
  it('[Spec] l.106, either reading: a square told to deploy into line as it advances, with a friend beside it leaving the line no room 3 cm ahead, has not advanced toward the enemy it sees', () => {
    for (const value of ['end', 'start']) {
      const events: CwjEvent[] = [];
      const c = compile(rawLane([{ id: 'a', type: 'line', formation: 'square' }, { id: 'f', type: 'line', formation: 'line', offset: 12 }], [{ id: 'd', type: 'line', formation: 'line' }], { armyMorale: false }, { attacker: { line: -10 } }), { 'cwj.moveFormation': value });
      const g = gameFor(c);
      g.reset(dice(0), newLaneResult(c), (e) => events.push(e as CwjEvent));
      startResult(g);
      g.bodies[0].front = -10;
      g.bodies[1].front = -6;
      g.changed();
      const moved = executeMove(g, 0, { way: 1, distance: 3, to: 'line' });
      expect(g.bodies[0].front, value).toBe(-10);
      expect(events.filter((e) => e.type === 'move'), value).toEqual([]);
      expect(violations(g), value).toEqual([]);
      if (value === 'end') {
        // Read as a line moving, it advanced 3 cm, where the line had no room: it is a square that stood.
        expect(moved).toBe(false);
        expect(g.formation[0]).toBe('square');
      } else {
        // Read as a square moving, it may not advance, and it deploys into line where it stands (room there).
        expect(moved).toBe(true);
        expect(g.formation[0]).toBe('line');
      }
    }
  });
});

/**
 * A square formed in contact ([SoP] l.10-11: forming square is barred only by cavalry contact): on the
 * table the unit forms where it stands and its contactor still touches it, so the melee is fought
 * ([Melee] l.226-227). On the lane offsets never change (rulings 11), so a line 16 wide (-8 to 8)
 * squaring into 8 (-4 to 4) would stand clear of a column touching only its end (6 to 14): that square
 * is not formed. The Prussian battalion `d` is played by the random-legal player, whose every draw here
 * is 0 (it squares whenever it may); every fire and melee die is a 1 (its fire has no effect).
 */
describe('a square may not leave a contact by its narrower footprint ([SoP] l.10-11, [Melee] l.226-227)', () => {
  function contacted(offset: number): { g: Game; events: CwjEvent[] } {
    const events: CwjEvent[] = [];
    const c = compile(rawLane([{ id: 'a', type: 'line', formation: 'column', offset }], [{ id: 'd', type: 'line', formation: 'line' }], { armyMorale: false }, { attacker: { line: -10 }, defender: { doctrine: 'random-legal' } }));
    const g = gameFor(c);
    g.reset({ fire: () => fixed(0), morale: () => fixed(0.99), ai: () => fixed(0) } as unknown as EngagementDice, newLaneResult(c), (e) => events.push(e as CwjEvent));
    startResult(g);
    g.bodies[0].front = -4;
    g.changed();
    expect(executeMove(g, 0, { way: 1, distance: 4, to: 'column' })).toBe(true);
    expect(g.inContact(1)).toBe(true);
    return { g, events };
  }
  it('a column touching the end of the line: no square; the battalion fires instead, and the melee is fought', () => {
    const { g, events } = contacted(10);
    expect(squareLegal(g, 1)).toBe(false);
    expect(g.formation[1]).toBe('line');
    expect(g.bodies[1].frontage).toBe(16);
    defensiveFirePhase(g);
    expect(g.formation[1]).toBe('line');
    expect(events.filter((e) => e.type === 'fire')).toEqual([expect.objectContaining({ units: ['d'], target: 'a' })]);
    expect(g.inContact(1)).toBe(true);
    meleePhase(g);
    expect(events.filter((e) => e.type === 'melee')).toHaveLength(1);
  });
  it('a column touching the middle of the line: the square keeps the contact and is formed', () => {
    const { g, events } = contacted(0);
    expect(squareLegal(g, 1)).toBe(true);
    expect(g.formation[1]).toBe('line'); // the trial shape is undone
    expect(g.bodies[1].frontage).toBe(16);
    defensiveFirePhase(g);
    expect(g.formation[1]).toBe('square');
    expect(g.inContact(1)).toBe(true);
    meleePhase(g);
    expect(events.filter((e) => e.type === 'melee')).toHaveLength(1);
  });
});

/**
 * Unformed units ([Rough] l.121-124) are "identical" to disordered ones save that a failed rally costs
 * no chip and staying still in the movement phase ends the state; a disordered unit may not change
 * formation ([Rally] l.50-53). So an unformed battalion may not form square in the defensive fire
 * phase ([SoP] l.10-11), nor change formation as it moves (it may still move, rulings 2). The French
 * cuirassiers `h` stand 10 cm in front of the Prussian battalion `d` (hold: it squares against cavalry
 * that could charge it), out of musket range.
 */
describe('an unformed unit may not change formation ([Rough] l.121-124, [Rally] l.50-53)', () => {
  function facing(cohesion: 'good' | 'unformed' | 'disordered'): Game {
    const c = compile(rawLane([{ id: 'h', type: 'heavyCavalry', formation: 'line' }], [{ id: 'd', type: 'line', formation: 'line' }], { armyMorale: false }, { attacker: { line: -10 } }));
    const g = gameFor(c);
    g.reset(dice(0.5), newLaneResult(c), undefined);
    startResult(g);
    g.cohesion[1] = cohesion;
    return g;
  }
  it('[SoP] l.10-11: a good battalion squares against the cavalry; an unformed one, as a disordered one, may not', () => {
    for (const [cohesion, legal, formation] of [['good', true, 'square'], ['unformed', false, 'line'], ['disordered', false, 'line']] as const) {
      const g = facing(cohesion);
      expect(squareLegal(g, 1), cohesion).toBe(legal);
      defensiveFirePhase(g);
      expect(g.formation[1], cohesion).toBe(formation);
    }
  });
  it('rulings 2: an unformed column told to deploy as it advances moves on, still a column, at the column rate', () => {
    const c = compile(rawLane([column], [{ id: 'd', type: 'line', formation: 'line' }], { armyMorale: false }, { attacker: { line: -30 } }));
    const g = gameFor(c);
    g.reset(dice(0.5), newLaneResult(c), undefined);
    startResult(g);
    g.cohesion[0] = 'unformed';
    expect(executeMove(g, 0, { way: 1, distance: 10, to: 'line' })).toBe(true);
    expect(g.formation[0]).toBe('column');
    expect(g.bodies[0].front).toBe(-20);
    expect(g.cohesion[0]).toBe('unformed');
  });
});
