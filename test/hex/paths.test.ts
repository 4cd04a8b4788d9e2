import { describe, expect, it } from 'vitest';
import { findCells, parseAscii, renderAscii, type AsciiMap } from '../../src/hex/ascii.js';
import { HexGrid } from '../../src/hex/grid.js';
import fc from 'fast-check';
import { bfsDistance, costField, costFieldMasked, LazyCostField, newReached, pathTo, reachable, type StepCost } from '../../src/hex/paths.js';

function load(text: string): { m: AsciiMap; g: HexGrid } {
  const m = parseAscii(text);
  return { m, g: new HexGrid(m.width, m.height) };
}

/** A path is valid if each step is to a neighbour at a finite cost and the costs sum to the field's value. */
function checkPath(g: HexGrid, path: number[], cost: StepCost): number {
  let total = 0;
  for (let k = 1; k < path.length; k++) {
    const d = g.directionTo(path[k - 1], path[k]);
    expect(d).toBeGreaterThanOrEqual(0);
    total += cost(path[k - 1], d, path[k]);
  }
  return total;
}

// A wall of '#' down column 3 with one gap at (3,2).
const WALLED = `
. . . # . . .
 . . . # . . .
. . . . . . .
 . . . # . . .
. . . # . . .
`;

describe('costField and pathTo', () => {
  it('goes around an impassable wall through the gap', () => {
    const { m, g } = load(WALLED);
    const cost: StepCost = (_f, _d, to) => (m.cells[to] === '#' ? Infinity : 1);
    const s = g.index(0, 0);
    const t = g.index(6, 0);
    const field = costField(g, [s], cost);
    expect(g.distance(s, t)).toBe(6);
    // Through the gap: 4 steps to (3,2) and 4 more to (6,0).
    expect(field[t]).toBe(8);
    for (const w of findCells(m, '#')) expect(field[w]).toBe(Infinity);
    const path = pathTo(g, field, t, cost);
    expect(path[0]).toBe(s);
    expect(path[path.length - 1]).toBe(t);
    expect(path).toHaveLength(9);
    expect(path).toContain(g.index(3, 2));
    expect(checkPath(g, path, cost)).toBe(8);
  });

  it('closing the gap makes the far side unreachable, and pathTo returns []', () => {
    const { m, g } = load(WALLED);
    const cost: StepCost = (_f, _d, to) => (m.cells[to] === '#' || to === g.index(3, 2) ? Infinity : 1);
    const field = costField(g, [g.index(0, 0)], cost);
    expect(field[g.index(6, 0)]).toBe(Infinity);
    expect(field[g.index(2, 4)]).toBe(4);
    expect(pathTo(g, field, g.index(6, 0), cost)).toEqual([]);
  });

  it('a +2 hexside changes the path; a +0.5 one does not', () => {
    const { g } = load(`
      . . . . . .
       . . . . . .
      . . . . . .
    `);
    const s = g.index(0, 1);
    const t = g.index(4, 1);
    const marked = g.hexsideId(g.index(1, 1), 0); // between (1,1) and (2,1)
    const costWith =
      (extra: number): StepCost =>
      (from, d) =>
        1 + (g.hexsideId(from, d) === marked ? extra : 0);
    const stream = costWith(2);
    const field = costField(g, [s], stream);
    expect(field[t]).toBe(5);
    const path = pathTo(g, field, t, stream);
    expect(checkPath(g, path, stream)).toBe(5);
    for (let k = 1; k < path.length; k++) expect(g.hexsideId(path[k - 1], g.directionTo(path[k - 1], path[k]))).not.toBe(marked);

    const ditch = costWith(0.5);
    const f2 = costField(g, [s], ditch);
    expect(f2[t]).toBe(4.5);
    expect(pathTo(g, f2, t, ditch)).toEqual([0, 1, 2, 3, 4].map((c) => g.index(c, 1)));
  });

  it('breaks ties by walking back in direction order (pinned path)', () => {
    const g = new HexGrid(5, 3);
    const one: StepCost = () => 1;
    const field = costField(g, [g.index(0, 0)], one);
    const path = pathTo(g, field, g.index(2, 2), one);
    expect(path).toEqual([g.index(0, 0), g.index(1, 0), g.index(1, 1), g.index(2, 2)]);
    const m = { width: 5, height: 3, cells: new Array<string>(15).fill('.') };
    expect(renderAscii(m, (i) => (path.includes(i) ? '*' : undefined))).toBe(
      ['* * . . .', ' . * . . .', '. . * . .'].join('\n'),
    );
  });

  it('with several sources each hex gets the cost from the nearest one, and the path starts there', () => {
    const g = new HexGrid(9, 5);
    const one: StepCost = () => 1;
    const a = g.index(0, 2);
    const b = g.index(8, 2);
    const field = costField(g, [a, b], one);
    for (let i = 0; i < g.size; i++) expect(field[i]).toBe(Math.min(g.distance(i, a), g.distance(i, b)));
    expect(pathTo(g, field, g.index(7, 0), one)[0]).toBe(b);
    expect(pathTo(g, field, g.index(1, 4), one)[0]).toBe(a);
    expect(pathTo(g, field, a, one)).toEqual([a]);
  });

  it('maxCost leaves hexes beyond it at Infinity; reachable lists those within a budget', () => {
    const g = new HexGrid(9, 9);
    const c = g.index(4, 4);
    const one: StepCost = () => 1;
    const out = new Float64Array(g.size).fill(123);
    const field = costField(g, [c], one, 2, out);
    expect(field).toBe(out);
    for (let i = 0; i < g.size; i++) expect(field[i]).toBe(g.distance(i, c) <= 2 ? g.distance(i, c) : Infinity);
    expect(reachable(field, 2)).toHaveLength(19);
    expect(reachable(field, 1)).toEqual([...Array(g.size).keys()].filter((i) => g.distance(i, c) <= 1));
  });

  it('costs of hexes entered: a detour around woods is taken only when cheaper', () => {
    const { m, g } = load(`
      . W W W .
       . . W . .
      . . . . .
    `);
    const s = g.index(1, 0);
    const t = g.index(4, 0);
    const woods = (w: number): StepCost => (_f, _d, to) => (m.cells[to] === 'W' ? w : 1);
    // Straight east enters W, W, clear; the detour (1,1) (2,2) (3,2) (3,1) (4,0) enters five clear hexes.
    const heavy = woods(4);
    const f4 = costField(g, [s], heavy);
    expect(f4[t]).toBe(5);
    expect(pathTo(g, f4, t, heavy)).toEqual([[1, 0], [1, 1], [2, 2], [3, 2], [3, 1], [4, 0]].map(([c, r]) => g.index(c, r)));
    const light = woods(1.5);
    const f1 = costField(g, [s], light);
    expect(f1[t]).toBe(4);
    expect(pathTo(g, f1, t, light)).toEqual([1, 2, 3, 4].map((c) => g.index(c, 0)));
  });

  it('rejects negative or NaN step costs', () => {
    const g = new HexGrid(3, 3);
    expect(() => costField(g, [0], () => -1)).toThrow(RangeError);
    expect(() => costField(g, [0], () => NaN)).toThrow(RangeError);
    // The cached heap is still usable afterwards.
    expect(costField(g, [0], () => 1)[8]).toBe(g.distance(0, 8));
  });

  it('a nested call from inside a cost callback does not disturb the outer search', () => {
    const g = new HexGrid(6, 6);
    const one: StepCost = () => 1;
    const cost: StepCost = (from, d, to) => {
      costField(g, [to], one);
      return one(from, d, to);
    };
    const f = costField(g, [0], cost);
    for (let i = 0; i < g.size; i++) expect(f[i]).toBe(g.distance(0, i));
  });
});

describe('bfsDistance', () => {
  it('equals hex distance on an open map', () => {
    const g = new HexGrid(10, 8);
    const out = new Int32Array(g.size);
    const s = g.index(3, 5);
    bfsDistance(g, [s], () => true, out);
    for (let i = 0; i < g.size; i++) expect(out[i]).toBe(g.distance(s, i));
  });

  it('equals a unit-cost costField with walls, -1 where unreachable', () => {
    const { m, g } = load(WALLED);
    const passable = (i: number) => m.cells[i] !== '#';
    const out = bfsDistance(g, [g.index(0, 0)], passable, new Int32Array(g.size));
    const field = costField(g, [g.index(0, 0)], (_f, _d, to) => (passable(to) ? 1 : Infinity));
    for (let i = 0; i < g.size; i++) expect(out[i]).toBe(field[i] === Infinity ? -1 : field[i]);
    expect(out[g.index(6, 0)]).toBe(8);
    expect(out[g.index(3, 0)]).toBe(-1);
  });

  it('sources count as 0 even when not passable', () => {
    const g = new HexGrid(3, 1);
    const out = bfsDistance(g, [0], (i) => i !== 0, new Int32Array(3));
    expect([...out]).toEqual([0, 1, 2]);
  });
});

describe('costFieldMasked and LazyCostField against costField (the same least costs)', () => {
  // Random maps with costs in halves (Dial's buckets), masks and a bound; and costs in thirds (the heap).
  const arb = fc.record({
    w: fc.integer({ min: 2, max: 9 }),
    h: fc.integer({ min: 2, max: 7 }),
    seed: fc.integer({ min: 1, max: 1e9 }),
    unit: fc.constantFrom(0.5, 1 / 3),
    extra: fc.constantFrom(0, 1),
    max: fc.constantFrom(3, 4.5, Infinity),
  });
  const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

  it('give identical fields; the reached list holds the finite hexes; stopAt makes its hex exact', () => {
    fc.assert(
      fc.property(arb, ({ w, h, seed, unit, extra, max }) => {
        const g = new HexGrid(w, h);
        const r = rand(seed);
        const steps = new Float64Array(g.size * 6);
        for (let i = 0; i < steps.length; i++) steps[i] = g.neighbors[i] < 0 || r() < 0.1 ? Infinity : unit * (1 + Math.floor(r() * 8));
        const enter = Uint8Array.from({ length: g.size }, () => (r() < 0.15 ? 0 : 1));
        const leave = Uint8Array.from({ length: g.size }, () => (r() < 0.15 ? 0 : 1));
        const src = Math.floor(r() * g.size);
        const cost: StepCost = (from, d, to) => (enter[to] === 0 || (from !== src && leave[from] === 0) ? Infinity : steps[from * 6 + d] + (from === src ? extra * unit : 0));
        const want = costField(g, [src], cost, max);
        const reached = newReached(g);
        const got = costFieldMasked(g, [src], steps, enter, leave, extra * unit, max, undefined, reached);
        expect(Array.from(got)).toEqual(Array.from(want));
        expect([...reached.hexes.slice(0, reached.count)].sort((a, b) => a - b)).toEqual([...Array(g.size).keys()].filter((i) => want[i] < Infinity));
        const target = Math.floor(r() * g.size);
        expect(costFieldMasked(g, [src], steps, enter, leave, extra * unit, max, undefined, undefined, target)[target]).toBe(want[target]);
        // Again into one buffer kept with its reached list (cleared hex by hex), from another source.
        const src2 = Math.floor(r() * g.size);
        const cost2: StepCost = (from, d, to) => (enter[to] === 0 || (from !== src2 && leave[from] === 0) ? Infinity : steps[from * 6 + d]);
        expect(Array.from(costFieldMasked(g, [src2], steps, enter, leave, 0, max, got, reached))).toEqual(Array.from(costField(g, [src2], cost2, max)));
        // The lazy field: no leave mask, no bound; read in a random order.
        const open: StepCost = (_f, d, to) => (enter[to] === 0 ? Infinity : steps[_f * 6 + d]);
        const full = costField(g, [src], open);
        const lazy = new LazyCostField(g);
        lazy.enter.set(enter);
        lazy.start([src], steps);
        const order = [...Array(g.size).keys()].sort(() => r() - 0.5);
        for (const i of order) expect(lazy.at(i)).toBe(full[i]);
      }),
      { numRuns: 150 },
    );
  });

  it('with StepVariations (barred steps, a price for leaving a hex, other costs into empty hexes) match the same rules as a callback', () => {
    fc.assert(
      fc.property(arb, ({ w, h, seed, unit, extra, max }) => {
        const g = new HexGrid(w, h);
        const r = rand(seed);
        const table = () => Float64Array.from({ length: g.size * 6 }, (_, i) => (g.neighbors[i] < 0 || r() < 0.1 ? Infinity : unit * (1 + Math.floor(r() * 8))));
        const steps = table(), emptySteps = table();
        const enter = Uint8Array.from({ length: g.size }, () => (r() < 0.1 ? 0 : 1));
        const leave = Uint8Array.from({ length: g.size }, () => (r() < 0.1 ? 0 : 1));
        const bar = Uint8Array.from({ length: g.size * 6 }, () => (r() < 0.1 ? 1 : 0));
        const occupancy = Uint8Array.from({ length: g.size }, () => (r() < 0.5 ? 0 : 1));
        const leaveExtra = Float64Array.from({ length: g.size }, () => (r() < 0.3 ? unit * Math.floor(r() * 4) : 0));
        const maxLeaveExtra = Math.max(...leaveExtra);
        const src = Math.floor(r() * g.size);
        const cost: StepCost = (from, d, to) => {
          if (enter[to] === 0 || (from !== src && leave[from] === 0) || bar[from * 6 + d] === 1) return Infinity;
          const step = occupancy[to] === 0 ? emptySteps[from * 6 + d] : steps[from * 6 + d];
          return step + (from === src ? extra * unit : leaveExtra[from]);
        };
        const want = costField(g, [src], cost, max);
        const vary = { bar, leaveExtra, maxLeaveExtra, emptySteps, occupancy };
        expect(Array.from(costFieldMasked(g, [src], steps, enter, leave, extra * unit, max, undefined, undefined, -1, vary))).toEqual(Array.from(want));
        // Each variation alone (the others null) is the same search with only that rule.
        const barOnly: StepCost = (from, d, to) => (bar[from * 6 + d] === 1 ? Infinity : enter[to] === 0 || (from !== src && leave[from] === 0) ? Infinity : steps[from * 6 + d] + (from === src ? extra * unit : 0));
        const none = { bar: null, leaveExtra: null, maxLeaveExtra: 0, emptySteps: null, occupancy: null };
        expect(Array.from(costFieldMasked(g, [src], steps, enter, leave, extra * unit, max, undefined, undefined, -1, { ...none, bar }))).toEqual(Array.from(costField(g, [src], barOnly, max)));
      }),
      { numRuns: 150 },
    );
  });

  it('LazyCostField.atMost: the exact cost up to the bound, Infinity beyond it; at() stays exact after bounded reads', () => {
    fc.assert(
      fc.property(arb, ({ w, h, seed, unit }) => {
        const g = new HexGrid(w, h);
        const r = rand(seed);
        const steps = new Float64Array(g.size * 6);
        for (let i = 0; i < steps.length; i++) steps[i] = g.neighbors[i] < 0 || r() < 0.1 ? Infinity : unit * (1 + Math.floor(r() * 8));
        const enter = Uint8Array.from({ length: g.size }, () => (r() < 0.15 ? 0 : 1));
        const src = Math.floor(r() * g.size);
        const full = costField(g, [src], (_f, d, to) => (enter[to] === 0 ? Infinity : steps[_f * 6 + d]));
        const finite = Array.from(full).filter((x) => x < Infinity);
        const lazy = new LazyCostField(g);
        lazy.enter.set(enter);
        lazy.start([src], steps);
        // Bounds from the field's own values (ties at the bound), between them, and beyond every one.
        const bounds = [...finite, ...finite.map((x) => x - unit / 2), Infinity, 0];
        for (let k = 0; k < 3 * g.size; k++) {
          const i = Math.floor(r() * g.size);
          const bound = bounds[Math.floor(r() * bounds.length)];
          expect(lazy.atMost(i, bound)).toBe(full[i] <= bound ? full[i] : Infinity);
          const j = Math.floor(r() * g.size);
          if (r() < 0.3) expect(lazy.at(j)).toBe(full[j]);
        }
        for (let i = 0; i < g.size; i++) expect(lazy.at(i)).toBe(full[i]);
      }),
      { numRuns: 150 },
    );
  });
});
