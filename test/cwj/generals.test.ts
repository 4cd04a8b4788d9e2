/**
 * A divisional general's death roll in melee ([Gen] l.289-290): he gives his unit +1 and, used, rolls
 * 1d6 once, dying on a 1, however many units of his side the melee removes.
 */
import { describe, expect, it } from 'vitest';
import type { EngagementDice, Uniform } from '../../src/core/dice.js';
import type { CwjEvent } from '../../src/rules/cwj/events.js';
import { contactGroups, fightGroup } from '../../src/rules/cwj/phases.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { compile, rawLane } from './lane.js';

/** Dice whose every draw is fixed per stream; the defender's morale draws are counted. */
function fixedDice(fire: [number, number], morale: number, counted: { n: number }): EngagementDice {
  const fixed = (v: number): Uniform => () => v;
  const defenderMorale: Uniform = () => (counted.n++, morale);
  return {
    fire: (s: 0 | 1) => fixed(fire[s]),
    morale: (s: 0 | 1) => (s === 1 ? defenderMorale : fixed(0.99)),
    ai: () => fixed(0.5),
  } as unknown as EngagementDice;
}

/**
 * A Guard column front to front with two conscript columns side by side, the defenders' general with
 * d1; the Guard rolls a 6 and the conscripts a 1: 13 against 2 + 2 + 1 + 1 (general), a difference of
 * 7, both conscript columns eliminated ([Melee] l.240-241).
 */
function melee(morale: number): { events: CwjEvent[]; draws: number; leadersLost: number } {
  const c = compile(
    rawLane([{ id: 'a1', type: 'guard', formation: 'column' }], [], { armyMorale: false }, {
      attacker: { line: -10 },
      defender: { corps: [{ id: 'pr', generals: [{ id: 'g', arm: 'infantry', with: 'd1' }], units: [
        { id: 'd1', type: 'conscript', formation: 'column', offset: -4 },
        { id: 'd2', type: 'conscript', formation: 'column', offset: 4 },
      ] }] },
    }),
  );
  const counted = { n: 0 };
  const events: CwjEvent[] = [];
  const g = gameFor(c);
  g.reset(fixedDice([0.99, 0], morale, counted), newLaneResult(c), (e) => events.push(e as CwjEvent));
  startResult(g);
  g.bodies[0].front = 0; // the column brought up to both defenders' fronts
  g.changed();
  expect(contactGroups(g)).toBe(2);
  const root = g.group[0];
  counted.n = 0;
  fightGroup(g, root);
  return { events, draws: counted.n, leadersLost: g.res.sides[1].leadersLost };
}

describe('[Gen] l.290: one death roll per use in melee', () => {
  it('[Melee] l.240-241: the set-up eliminates both defending columns', () => {
    const { events } = melee(0.99);
    expect(events.filter((e) => e.type === 'removed').map((e) => (e as { unit: string }).unit)).toEqual(['d1', 'd2']);
  });
  it('[Gen] l.290: his unit and the unit he would join both eliminated in one melee, he rolls once (he used to roll again for the second unit)', () => {
    expect(melee(0.99).draws).toBe(1);
  });
  it('[Gen] l.290: on a 1 he dies with the unit he served in the melee, before the result moves him (counted once as a leader lost)', () => {
    const { events, leadersLost } = melee(0);
    const dies = events.filter((e): e is Extract<CwjEvent, { type: 'general' }> => e.type === 'general' && e.what === 'dies');
    expect(dies).toEqual([expect.objectContaining({ general: 'g', unit: 'd1' })]);
    expect(leadersLost).toBe(1);
  });
});
