import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { body, rear } from '../../src/table/body.js';
import { makeLane } from '../../src/table/lane.js';
import {
  CLEAR,
  firstInPath,
  leadingEdge,
  moveBody,
  moveToward,
  newMoveResult,
  pathLimit,
  type TerrainCost,
} from '../../src/table/move.js';
import { passage, terrainInterval, terrainMet, type TerrainInterval } from '../../src/table/terrain.js';

const lane = makeLane(-20, 40, 16);
const inf = body(0, 1, 4, 1.5); // a column facing +x, y -2..2
// Burt 5: woods halve formed infantry; hedges cost half a move (a toll of 2 on a 4" line move here);
// guns cannot cross them. Costs below are the test's.
const cost: TerrainCost = (kind) =>
  kind === 'woods' ? 2 : kind === 'marsh' ? Infinity : kind === 'hedge' ? 2 : kind === 'wall' ? Infinity : 1;

describe('moveBody on clear ground', () => {
  it('moves the whole budget forward', () => {
    const r = moveBody(inf, 1, 6, lane, [], CLEAR);
    expect(r).toEqual({ front: 6, moved: 6, spent: 6, stop: 'budget', blocker: -1, met: [] });
  });

  it('backward keeps the facing; a body facing -x moves toward -x', () => {
    expect(moveBody(inf, -1, 3, lane, [], CLEAR).front).toBe(-3);
    expect(moveBody(body(10, -1, 6, 1), 1, 4, lane, [], CLEAR).front).toBe(6);
    expect(moveBody(body(10, -1, 6, 1), -1, 4, lane, [], CLEAR).front).toBe(14);
  });

  it('no budget, no move', () => {
    expect(moveBody(inf, 1, 0, lane, [], CLEAR)).toMatchObject({ front: 0, moved: 0, spent: 0, stop: 'budget' });
    expect(moveBody(inf, 1, -2, lane, [], CLEAR)).toMatchObject({ front: 0, moved: 0, spent: 0, stop: 'budget' });
  });

  it('leadingEdge: front going forward, rear going backward', () => {
    expect(leadingEdge(inf, 1)).toBe(0);
    expect(leadingEdge(inf, -1)).toBe(-1.5);
  });
});

describe('moveBody: terrain costs', () => {
  const woods = [terrainInterval('woods', 2, 10)];

  it('half speed in woods: 2" clear, then the 4" left buy 2"', () => {
    const r = moveBody(inf, 1, 6, lane, woods, cost);
    expect(r).toEqual({ front: 4, moved: 4, spent: 6, stop: 'budget', blocker: -1, met: [0] });
  });

  it('a body exactly at the woods edge enters at once at half speed', () => {
    expect(moveBody(body(2, 1, 4, 1), 1, 6, lane, woods, cost)).toMatchObject({ front: 5, moved: 3, met: [0] });
  });

  it('a body with its front on the far edge, moving out, does not meet the woods', () => {
    expect(moveBody(body(10, 1, 4, 1), 1, 6, lane, woods, cost)).toMatchObject({ front: 16, met: [] });
  });

  it('through the woods and out: full speed again beyond', () => {
    // 2 clear + 8 woods (16 budget) + 2 clear = 20 budget for 12".
    const r = moveBody(inf, 1, 20, lane, woods, cost);
    expect(r).toMatchObject({ front: 12, moved: 12, spent: 20, stop: 'budget', met: [0] });
    expect(passage(woods[0], 0, 12)).toBe('crossed');
  });

  it('overlapping areas: the highest multiplier applies', () => {
    const t = [terrainInterval('rough', 0, 10), terrainInterval('woods', 2, 4)];
    const c: TerrainCost = (k) => (k === 'rough' ? 1.5 : 2);
    // 2" rough (3), 2" woods (4), then 5 budget / 1.5.
    const r = moveBody(inf, 1, 12, lane, t, c);
    expect(r.front).toBeCloseTo(4 + 5 / 1.5, 12);
    expect(r.met).toEqual([0, 1]);
  });

  it('terrain beside the body laterally costs nothing', () => {
    const side = [terrainInterval('woods', 2, 10, 3, 8)]; // y 3..8, the column spans y -2..2
    expect(moveBody(inf, 1, 6, lane, side, cost)).toMatchObject({ front: 6, met: [] });
    const edge = [terrainInterval('woods', 2, 10, 2, 8)]; // edge to edge: not on its path
    expect(moveBody(inf, 1, 6, lane, edge, cost)).toMatchObject({ front: 6, met: [] });
    const part = [terrainInterval('woods', 2, 10, 1, 8)]; // reaches across part of it: it pays
    expect(moveBody(inf, 1, 6, lane, part, cost)).toMatchObject({ front: 4, met: [0] });
  });

  it('a backward move is led by the rear edge', () => {
    const b = body(12, 1, 4, 2); // rear at 10
    const t = [terrainInterval('woods', 4, 9)];
    // Rear: 1" clear to 9, then 2 budget buys 1" of woods: rear 8, front 10.
    expect(moveBody(b, -1, 3, lane, t, cost)).toMatchObject({ front: 10, moved: 2, spent: 3, met: [0] });
  });
});

describe('moveBody: lines', () => {
  it('a hedge costs its toll to cross (burt 5: half a move)', () => {
    const t = [terrainInterval('hedge', 2, 2)];
    expect(moveBody(inf, 1, 6, lane, t, cost)).toEqual({ front: 4, moved: 4, spent: 6, stop: 'budget', blocker: -1, met: [0] });
  });

  it('crossing means getting beyond: with only the toll left, the edge stays on the line, short of it', () => {
    const t = [terrainInterval('hedge', 2, 2)];
    expect(moveBody(inf, 1, 4, lane, t, cost)).toEqual({ front: 2, moved: 2, spent: 2, stop: 'budget', blocker: 0, met: [] });
    // From on the line a toll of the whole budget cannot be crossed; a little more can.
    expect(moveBody(body(2, 1, 4, 1.5), 1, 2, lane, t, cost)).toMatchObject({ front: 2, spent: 0, blocker: 0, met: [] });
    expect(moveBody(body(2, 1, 4, 1.5), 1, 2.5, lane, t, cost)).toMatchObject({ front: 2.5, spent: 2.5, met: [0] });
  });

  it('a line with impassable ground just beyond is not crossed, and costs nothing', () => {
    const t = [terrainInterval('hedge', 2, 2), terrainInterval('marsh', 2, 4)];
    expect(moveBody(inf, 1, 6, lane, t, cost)).toEqual({ front: 2, moved: 2, spent: 2, stop: 'impassable', blocker: 1, met: [] });
  });

  it('a toll beyond what is left stops the body on the line, naming it', () => {
    const t = [terrainInterval('hedge', 3, 3)];
    expect(moveBody(inf, 1, 4, lane, t, cost)).toEqual({ front: 3, moved: 3, spent: 3, stop: 'budget', blocker: 0, met: [] });
  });

  it('arriving at a line with the budget spent is not crossing it', () => {
    const t = [terrainInterval('hedge', 4, 4)];
    expect(moveBody(inf, 1, 4, lane, t, cost)).toMatchObject({ front: 4, stop: 'budget', blocker: -1, met: [] });
    // Next turn, from on the line, it crosses first.
    expect(moveBody(body(4, 1, 4, 1.5), 1, 4, lane, t, cost)).toMatchObject({ front: 6, met: [0] });
  });

  it('a closed line (a wall to guns) stops the body on it', () => {
    const t = [terrainInterval('wall', 3, 3)];
    const r = moveBody(inf, 1, 6, lane, t, cost);
    expect(r).toEqual({ front: 3, moved: 3, spent: 3, stop: 'impassable', blocker: 0, met: [] });
    expect(moveBody(body(3, 1, 4, 1.5), 1, 6, lane, t, cost)).toMatchObject({ front: 3, moved: 0, stop: 'impassable' });
    // Back the other way it is free to go.
    expect(moveBody(body(3, 1, 4, 1.5), -1, 2, lane, t, cost)).toMatchObject({ front: 1, stop: 'budget' });
  });

  it('two lines at the same place each take their toll, in index order', () => {
    const t = [terrainInterval('hedge', 2, 2), terrainInterval('hedge', 2, 2)];
    expect(moveBody(inf, 1, 7, lane, t, cost)).toMatchObject({ front: 3, spent: 7, met: [0, 1] });
    // The second toll cannot be paid: the edge stops short of both (they lie at the same x).
    expect(moveBody(inf, 1, 5, lane, t, cost)).toMatchObject({ front: 2, spent: 2, stop: 'budget', blocker: 1, met: [] });
  });
});

describe('moveBody: impassable areas', () => {
  const t: TerrainInterval[] = [terrainInterval('marsh', 3, 5)];

  it('stops at the near edge, naming the interval', () => {
    expect(moveBody(inf, 1, 6, lane, t, cost)).toEqual({ front: 3, moved: 3, spent: 3, stop: 'impassable', blocker: 0, met: [] });
  });

  it('standing at the edge it cannot move on; it can move away', () => {
    expect(moveBody(body(3, 1, 4, 1), 1, 6, lane, t, cost)).toMatchObject({ front: 3, moved: 0, stop: 'impassable' });
    expect(moveBody(body(3, 1, 4, 1), -1, 2, lane, t, cost)).toMatchObject({ front: 1, stop: 'budget' });
  });

  it('a NaN cost is impassable', () => {
    expect(moveBody(inf, 1, 6, lane, t, () => NaN)).toMatchObject({ front: 3, stop: 'impassable' });
  });
});

describe('moveBody: contact', () => {
  it('stops at the limit, short of the budget', () => {
    expect(moveBody(inf, 1, 12, lane, [], CLEAR, 5)).toEqual({ front: 5, moved: 5, spent: 5, stop: 'contact', blocker: -1, met: [] });
  });

  it('a limit reached exactly with the budget spent is still contact', () => {
    expect(moveBody(inf, 1, 5, lane, [], CLEAR, 5)).toMatchObject({ front: 5, stop: 'contact' });
  });

  it('a limit beyond the budget does not stop it', () => {
    expect(moveBody(inf, 1, 4, lane, [], CLEAR, 5)).toMatchObject({ front: 4, stop: 'budget' });
  });

  it('a limit behind the leading edge allows no move', () => {
    expect(moveBody(inf, 1, 4, lane, [], CLEAR, -1)).toMatchObject({ front: 0, moved: 0, stop: 'contact' });
  });

  it('a limit before impassable terrain wins; impassable terrain before the limit wins', () => {
    const t = [terrainInterval('marsh', 3, 5)];
    expect(moveBody(inf, 1, 6, lane, t, cost, 2)).toMatchObject({ front: 2, stop: 'contact' });
    expect(moveBody(inf, 1, 6, lane, t, cost, 4)).toMatchObject({ front: 3, stop: 'impassable' });
    expect(moveBody(inf, 1, 6, lane, t, cost, 3)).toMatchObject({ front: 3, stop: 'contact' });
  });

  it('a hedge on the enemy\'s front edge is not crossed when the move stops there', () => {
    const t = [terrainInterval('hedge', 5, 5)];
    expect(moveBody(inf, 1, 12, lane, t, cost, 5)).toMatchObject({ front: 5, stop: 'contact', met: [] });
  });
});

describe('moveBody: lane ends', () => {
  it('a router running off the rear end has left the lane', () => {
    const router = body(-15, -1, 6, 1); // about-faced, rear at -14
    expect(moveBody(router, 1, 12, lane, [], CLEAR)).toEqual({ front: -20, moved: 5, spent: 5, stop: 'leftLane', blocker: -1, met: [] });
  });

  it('a body retreating backward leaves by its rear: the front ends depth inside', () => {
    const r = moveBody(body(-15, 1, 6, 2), -1, 12, lane, [], CLEAR); // rear at -17
    expect(r).toMatchObject({ front: -18, moved: 3, stop: 'leftLane' });
  });

  it('reaching the end exactly as the budget runs out, it stays on the lane', () => {
    expect(moveBody(body(-15, -1, 6, 1), 1, 5, lane, [], CLEAR)).toMatchObject({ front: -20, stop: 'budget' });
  });

  it('a body already at the end leaves at once if it moves on', () => {
    expect(moveBody(body(40, 1, 6, 1), 1, 1, lane, [], CLEAR)).toMatchObject({ front: 40, moved: 0, stop: 'leftLane' });
  });

  it('contact at the lane end is contact', () => {
    expect(moveBody(body(30, 1, 6, 1), 1, 20, lane, [], CLEAR, 40)).toMatchObject({ front: 40, stop: 'contact' });
  });
});

describe('moveToward', () => {
  it('forward to a target ahead', () => {
    expect(moveToward(inf, 4, 6, lane, [], CLEAR)).toEqual({ front: 4, moved: 4, spent: 4, stop: 'arrived', blocker: -1, met: [] });
  });

  it('backward to a target behind, keeping the facing', () => {
    const r = moveToward(inf, -3, 6, lane, [], CLEAR);
    expect(r).toMatchObject({ front: -3, moved: 3, stop: 'arrived' });
  });

  it('short of a target beyond the budget', () => {
    expect(moveToward(inf, 10, 6, lane, [], CLEAR)).toMatchObject({ front: 6, stop: 'budget' });
  });

  it('already there', () => {
    expect(moveToward(inf, 1e-9, 6, lane, [], CLEAR)).toMatchObject({ front: 0, moved: 0, stop: 'arrived' });
  });

  it('contact before the target; contact at the target wins', () => {
    expect(moveToward(inf, 10, 12, lane, [], CLEAR, 5)).toMatchObject({ front: 5, stop: 'contact' });
    expect(moveToward(inf, 5, 12, lane, [], CLEAR, 5)).toMatchObject({ front: 5, stop: 'contact' });
  });

  it('a target beyond the lane end leaves the lane', () => {
    expect(moveToward(body(38, 1, 6, 1), 50, 6, lane, [], CLEAR)).toMatchObject({ front: 40, stop: 'leftLane' });
  });

  it('through woods at half speed', () => {
    const t = [terrainInterval('woods', 2, 10)];
    expect(moveToward(inf, 3, 6, lane, t, cost)).toMatchObject({ front: 3, spent: 4, stop: 'arrived', met: [0] });
  });
});

describe('the result object', () => {
  it('can be reused: every field is rewritten', () => {
    const out = newMoveResult();
    const t = [terrainInterval('woods', 2, 10), terrainInterval('wall', 1, 1)];
    moveBody(inf, 1, 6, lane, t, cost, NaN, out);
    expect(out.stop).toBe('impassable');
    expect(out.blocker).toBe(1);
    const same = moveBody(body(3, 1, 4, 1), 1, 2, lane, t, cost, NaN, out);
    expect(same).toBe(out);
    expect(out).toEqual({ front: 4, moved: 1, spent: 2, stop: 'budget', blocker: -1, met: [0] });
    moveToward(body(3, 1, 4, 1), 3, 2, lane, t, cost, NaN, out);
    expect(out).toEqual({ front: 3, moved: 0, spent: 0, stop: 'arrived', blocker: -1, met: [] });
  });

  it('met agrees with terrainMet for the path of the leading edge', () => {
    const t = [
      terrainInterval('rough', -5, 3),
      terrainInterval('hedge', 3, 3),
      terrainInterval('woods', 3, 6, -1, 5),
      terrainInterval('stream', 8, 8, 3, 9),
      terrainInterval('rough', 9, 12),
    ];
    const out: number[] = [];
    for (const [b, way] of [
      [inf, 1],
      [body(14, -1, 4, 1), 1],
      [body(14, 1, 4, 1), -1],
      [body(2, 1, 2, 1, 4), 1],
    ] as const) {
      const r = moveBody(b, way, 30, lane, t, () => 1);
      const lead0 = leadingEdge(b, way);
      const lead1 = way > 0 ? r.front : rear({ ...b, front: r.front });
      terrainMet(t, lead0, lead1, b.offset - b.frontage / 2, b.offset + b.frontage / 2, out);
      expect(r.met).toEqual(out);
    }
  });
});

describe('firstInPath and pathLimit', () => {
  const enemies = [
    body(16, -1, 6, 1, 0), // 0: ahead, overlapping
    body(10, -1, 4, 1, 6), // 1: nearer but beside (y 4..8)
    body(12, -1, 4, 1, 4), // 2: y 2..6: edge to edge with inf (y -2..2)
    body(-4, 1, 4, 1, 0), // 3: behind
  ];

  it('the nearest body ahead that overlaps laterally', () => {
    expect(firstInPath(inf, 1, enemies)).toBe(0);
    expect(pathLimit(inf, 1, enemies[0])).toBe(16);
    const r = moveBody(inf, 1, 30, lane, [], CLEAR, pathLimit(inf, 1, enemies[0]));
    expect(r).toMatchObject({ front: 16, stop: 'contact' });
  });

  it('moving backward, the body behind', () => {
    expect(firstInPath(inf, -1, enemies)).toBe(3);
    expect(pathLimit(inf, -1, enemies[3])).toBe(-4);
    expect(moveBody(inf, -1, 30, lane, [], CLEAR, -4)).toMatchObject({ front: -2.5, stop: 'contact' });
  });

  it('for a body facing -x, mirrored', () => {
    const d = body(16, -1, 6, 1);
    expect(firstInPath(d, 1, [inf, d])).toBe(0); // itself skipped
    expect(pathLimit(d, 1, inf)).toBe(0);
  });

  it('nothing in the way: -1', () => {
    expect(firstInPath(inf, 1, [enemies[1], enemies[2], enemies[3]])).toBe(-1);
    expect(firstInPath(inf, 1, [])).toBe(-1);
  });

  it('a body already overlapping the leading edge is first, its near edge behind: no move', () => {
    const inside = body(-0.5, -1, 2, 3); // x -0.5..2.5
    expect(firstInPath(inf, 1, [enemies[0], inside])).toBe(1);
    expect(moveBody(inf, 1, 6, lane, [], CLEAR, pathLimit(inf, 1, inside))).toMatchObject({ moved: 0, stop: 'contact' });
  });

  it('ties go to the lower index', () => {
    expect(firstInPath(inf, 1, [body(10, -1, 2, 1, 1), body(10, -1, 2, 1, -1)])).toBe(0);
  });
});

describe('moves in pieces', () => {
  const t = [terrainInterval('hedge', 2, 2)];

  it('a line\'s toll is paid once: stopping on it, then crossing next move', () => {
    const first = moveBody(inf, 1, 4, lane, t, cost);
    expect(first).toMatchObject({ front: 2, spent: 2, met: [] });
    const second = moveBody(body(first.front, 1, 4, 1.5), 1, 4, lane, t, cost);
    expect(second).toMatchObject({ front: 4, spent: 4, met: [0] });
  });

  it('once beyond the line, the next move owes nothing', () => {
    const first = moveBody(inf, 1, 4.5, lane, t, cost);
    expect(first).toMatchObject({ front: 2.5, met: [0] });
    expect(moveBody(body(first.front, 1, 4, 1.5), 1, 4, lane, t, cost)).toMatchObject({ front: 6.5, met: [] });
  });

  it('splitting a move in two never gets further; without lines it gets exactly as far', () => {
    const coord = fc.integer({ min: -160, max: 160 }).map((k) => k / 8);
    const len = fc.integer({ min: 0, max: 40 }).map((k) => k / 8);
    const kinds = fc.constantFrom('woods', 'hedge', 'marsh', 'rough', 'village');
    const interval = fc.record({ kind: kinds, from: coord, length: len }).map(({ kind, from, length }) => terrainInterval(kind, from, from + length));
    fc.assert(
      fc.property(coord, fc.constantFrom<1 | -1>(1, -1), fc.constantFrom<1 | -1>(1, -1), len, len, fc.array(interval, { maxLength: 5 }), (front, facing, way, b1, b2, terrain) => {
        const b = body(front, facing, 4, 1.5);
        const whole = moveBody(b, way, b1 + b2, lane, terrain, cost);
        const one = moveBody(b, way, b1, lane, terrain, cost);
        const two = moveBody({ ...b, front: one.front }, way, b2, lane, terrain, cost);
        const dir = facing * way;
        expect((two.front - whole.front) * dir).toBeLessThanOrEqual(1e-9);
        if (terrain.every((x) => x.from !== x.to)) expect(two.front).toBeCloseTo(whole.front, 9);
      }),
      { numRuns: 500 },
    );
  });
});
