/**
 * Formation changes at a table edge (rulings 11: the lane's ends are table edges): the new footprint,
 * front edge kept, must stand wholly on the table, as it must stand on no other unit.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { body } from '../../src/table/index.js';
import { squareLegal } from '../../src/rules/cwj/ai.js';
import type { Game } from '../../src/rules/cwj/game.js';
import { violations } from '../../src/rules/cwj/invariants.js';
import { footprintFits } from '../../src/rules/cwj/layout.js';
import { executeMove } from '../../src/rules/cwj/phases.js';
import { gameFor } from '../../src/rules/cwj/play.js';
import { newLaneResult, startResult } from '../../src/rules/cwj/results.js';
import { compile, rawLane } from './lane.js';

const lane = { xMin: -15, xMax: 15, width: 60, anchoredLow: false, anchoredHigh: false };

/** A French line (4 bases, 2 cm deep) whose rear stands on its table edge (front -13, edge -15). */
function lineOnEdge(): Game {
  const c = compile(rawLane([{ id: 'a', type: 'line', formation: 'line' }], [{ id: 'd', type: 'line', formation: 'line' }], { lane: { width: 60, edge: 2 }, armyMorale: false }, { attacker: { line: -13 } }));
  const g = gameFor(c);
  g.reset(EngagementDice.for('edge', 'cell', 0), newLaneResult(c), undefined);
  startResult(g);
  expect(g.c.lane.xMin).toBe(-15);
  return g;
}

describe('formation changes stay on the table (rulings 11)', () => {
  it('rulings 11: a footprint fits only wholly on the lane, across and along it, and on no other unit', () => {
    expect(footprintFits(lane, body(-11, 1, 8, 4, 0), false)).toBe(true); // rear on the edge
    expect(footprintFits(lane, body(-13, 1, 8, 4, 0), false)).toBe(false); // rear 2 cm past it
    expect(footprintFits(lane, body(13, -1, 8, 4, 0), false)).toBe(false); // the other end
    expect(footprintFits(lane, body(0, 1, 8, 4, 28), false)).toBe(false); // past a side edge
    expect(footprintFits(lane, body(0, 1, 8, 4, 0), true)).toBe(false); // on another unit
  });
  it('[Form], rulings 11: a line with its rear on the table edge does not form column there (4 cm deep): the change is cancelled', () => {
    const g = lineOnEdge();
    executeMove(g, 0, { way: 0, distance: 0, to: 'column' });
    expect(g.formation[0]).toBe('line');
    expect(g.bodies[0].depth).toBe(2);
    expect(violations(g)).toEqual([]);
    // 2 cm further forward it may.
    g.bodies[0].front = -11;
    g.changed();
    executeMove(g, 0, { way: 0, distance: 0, to: 'column' });
    expect(g.formation[0]).toBe('column');
    expect(violations(g)).toEqual([]);
  });
  it('[SoP] l.10-11, rulings 11: nor may it form square there (2 cm further forward it may)', () => {
    const g = lineOnEdge();
    expect(squareLegal(g, 0)).toBe(false);
    g.bodies[0].front = -11;
    g.changed();
    expect(squareLegal(g, 0)).toBe(true);
  });
});
