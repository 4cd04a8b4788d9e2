/**
 * Mirror properties of the lane: nothing in table/ may depend on which way the lane runs or which
 * side of the centre line a body stands. Mirroring along the axis (x -> -x, facing reversed) and
 * flipping across it (y -> -y) must give the same answers, with left and right swapped by each.
 * Negation is exact in floating point, so most answers must agree to the bit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Body,
  type Side,
  axialOverlap,
  flipBody,
  lateralMax,
  lateralMin,
  lateralOverlap,
  mirrorBody,
  otherSide,
  rear,
} from '../../src/table/body.js';
import { contactGroups, contactWidth, flankContact, inContact, overlappedEnds, rearContact } from '../../src/table/contact.js';
import {
  faceToFace,
  facesAway,
  facesToward,
  frontEdgeDistance,
  frontGap,
  frontToInterval,
  isBehind,
  isBetween,
  isInFront,
} from '../../src/table/distance.js';
import { canStrikeFlank, flankOpen, flankReach, friendBeside, rearReach } from '../../src/table/flanks.js';
import { type Lane, flipLane, mirrorLane } from '../../src/table/lane.js';
import { type TerrainCost, type Way, firstInPath, leadingEdge, moveBody, moveToward } from '../../src/table/move.js';
import { abreast } from '../../src/table/placement.js';
import { gapBehind, supports } from '../../src/table/support.js';
import {
  type TerrainInterval,
  flipTerrain,
  footprintIn,
  fractionIn,
  frontIn,
  mirrorTerrain,
  passage,
  sightBlocked,
  terrainAt,
  terrainMet,
} from '../../src/table/terrain.js';

/** +0 for -0, so results compare by value. */
const n = (x: number) => x + 0;
const swap = (s: Side | null) => (s === null ? null : otherSide(s));

// Coordinates on an eighth-inch grid (exact in binary, so boundaries coincide often) or anywhere.
const coord = (lim: number) =>
  fc.oneof(fc.integer({ min: -8 * lim, max: 8 * lim }).map((k) => k / 8), fc.integer({ min: -1e4 * lim, max: 1e4 * lim }).map((k) => k / 1e4));
const size = fc.integer({ min: 1, max: 80 }).map((k) => k / 8);
const facing = fc.constantFrom<1 | -1>(1, -1);
const arbBody: fc.Arbitrary<Body> = fc.record({ front: coord(30), facing, frontage: size, depth: size, offset: coord(8) });
const KINDS = ['woods', 'hedge', 'marsh', 'rough', 'village', 'wall'];
const arbInterval: fc.Arbitrary<TerrainInterval> = fc
  .record({
    kind: fc.constantFrom(...KINDS),
    from: coord(30),
    length: fc.oneof(fc.constant(0), size),
    lateral: fc.option(fc.tuple(coord(8), size), { nil: undefined }),
  })
  .map(({ kind, from, length, lateral }) =>
    lateral === undefined
      ? { kind, from, to: from + length }
      : { kind, from, to: from + length, yMin: lateral[0], yMax: lateral[0] + lateral[1] },
  );
const arbTerrain = fc.array(arbInterval, { maxLength: 6 });
const arbLane: fc.Arbitrary<Lane> = fc.record({
  xMin: fc.integer({ min: -48, max: -32 }),
  xMax: fc.integer({ min: 32, max: 48 }),
  width: fc.constant(16),
  anchoredLow: fc.boolean(),
  anchoredHigh: fc.boolean(),
});
const way = fc.constantFrom<Way>(1, -1);
const side = fc.constantFrom<Side>('left', 'right');

// Costs: woods half speed, rough 1.5, marsh impassable; hedge toll 2, wall closed; village clear.
const COST: TerrainCost = (kind) =>
  kind === 'woods' ? 2 : kind === 'rough' ? 1.5 : kind === 'marsh' ? Infinity : kind === 'hedge' ? 2 : kind === 'wall' ? Infinity : 1;

const M = (b: Body) => mirrorBody(b);
const F = (b: Body) => flipBody(b);

describe('mirror: distances and relative position', () => {
  it('gaps, distances and overlaps are unchanged by mirroring along or across the lane', () => {
    fc.assert(
      fc.property(arbBody, arbBody, arbBody, (a, b, c) => {
        for (const T of [M, F]) {
          expect(n(frontGap(T(a), T(b)))).toBe(n(frontGap(a, b)));
          expect(frontEdgeDistance(T(a), T(b))).toBe(frontEdgeDistance(a, b));
          expect(lateralOverlap(T(a), T(b))).toBe(lateralOverlap(a, b));
          expect(axialOverlap(T(a), T(b))).toBe(axialOverlap(a, b));
          expect(isInFront(T(a), T(b))).toBe(isInFront(a, b));
          expect(isBehind(T(a), T(b))).toBe(isBehind(a, b));
          expect(facesToward(T(a), T(b))).toBe(facesToward(a, b));
          expect(facesAway(T(a), T(b))).toBe(facesAway(a, b));
          expect(faceToFace(T(a), T(b))).toBe(faceToFace(a, b));
          expect(isBetween(T(a), T(b), T(c))).toBe(isBetween(a, b, c));
        }
        expect(n(frontToInterval(M(a), -c.front, -rear(c)))).toBe(n(frontToInterval(a, c.front, rear(c))));
      }),
      { numRuns: 300 },
    );
  });
});

describe('mirror: terrain', () => {
  it('bodies in terrain: frontIn, footprintIn and fractionIn', () => {
    fc.assert(
      fc.property(arbBody, arbTerrain, (b, t) => {
        const mt = mirrorTerrain(t);
        const ft = flipTerrain(t);
        for (let i = 0; i < t.length; i++) {
          expect(frontIn(M(b), mt[i])).toBe(frontIn(b, t[i]));
          expect(frontIn(F(b), ft[i])).toBe(frontIn(b, t[i]));
          expect(footprintIn(M(b), mt[i])).toBe(footprintIn(b, t[i]));
          expect(footprintIn(F(b), ft[i])).toBe(footprintIn(b, t[i]));
          expect(fractionIn(M(b), mt[i])).toBe(fractionIn(b, t[i]));
          expect(fractionIn(F(b), ft[i])).toBeCloseTo(fractionIn(b, t[i]), 12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('passage and terrainMet of a moving edge, and sight, mirror', () => {
    fc.assert(
      fc.property(arbTerrain, coord(30), coord(30), coord(8), size, (t, x1, x2, y, w) => {
        const mt = mirrorTerrain(t);
        const ft = flipTerrain(t);
        for (let i = 0; i < t.length; i++) expect(passage(mt[i], -x1, -x2)).toBe(passage(t[i], x1, x2));
        const out: number[] = [];
        const mout: number[] = [];
        const fout: number[] = [];
        terrainMet(t, x1, x2, y, y + w, out);
        terrainMet(mt, -x1, -x2, y, y + w, mout);
        terrainMet(ft, x1, x2, -(y + w), -y, fout);
        expect(mout).toEqual(out);
        expect(fout).toEqual(out);
        const blocks = (kind: string, depth: number) => kind === 'village' || kind === 'wall' || (kind === 'woods' && depth > 2);
        const seen = sightBlocked(t, x1, x2, y, y + w, blocks);
        expect(sightBlocked(mt, -x1, -x2, y, y + w, blocks)).toBe(seen);
        expect(sightBlocked(ft, x1, x2, -(y + w), -y, blocks)).toBe(seen);
        expect(sightBlocked(t, x2, x1, y, y + w, blocks)).toBe(seen);
      }),
      { numRuns: 300 },
    );
  });

  it('terrainAt mirrors away from boundaries (point queries are half-open)', () => {
    fc.assert(
      fc.property(arbTerrain, coord(30), (t, x) => {
        fc.pre(t.every((i) => Math.abs(x - i.from) > 1e-5 && Math.abs(x - i.to) > 1e-5));
        expect(terrainAt(mirrorTerrain(t), -x)).toBe(terrainAt(t, x));
      }),
    );
  });
});

describe('mirror: movement', () => {
  const limitArb = fc.oneof(fc.constant(NaN), coord(40));

  it('moveBody mirrored along or across the lane gives the mirrored result', () => {
    fc.assert(
      fc.property(arbBody, way, size, arbLane, arbTerrain, limitArb, (b, w, budget, lane, t, limit) => {
        const r = { ...moveBody(b, w, budget * 2, lane, t, COST, limit) };
        const m = moveBody(M(b), w, budget * 2, mirrorLane(lane), mirrorTerrain(t), COST, -limit);
        expect(n(m.front)).toBe(n(-r.front));
        expect(m.moved).toBe(r.moved);
        expect(m.spent).toBe(r.spent);
        expect(m.stop).toBe(r.stop);
        expect(m.blocker).toBe(r.blocker);
        expect(m.met).toEqual(r.met);
        const f = moveBody(F(b), w, budget * 2, flipLane(lane), flipTerrain(t), COST, limit);
        expect({ ...f, met: [...f.met] }).toEqual(r);
      }),
      { numRuns: 500 },
    );
  });

  it('moveToward mirrors', () => {
    fc.assert(
      fc.property(arbBody, coord(40), size, arbLane, arbTerrain, (b, x, budget, lane, t) => {
        const r = { ...moveToward(b, x, budget * 2, lane, t, COST) };
        const m = moveToward(M(b), -x, budget * 2, mirrorLane(lane), mirrorTerrain(t), COST);
        expect(n(m.front)).toBe(n(-r.front));
        expect([m.moved, m.spent, m.stop, m.blocker]).toEqual([r.moved, r.spent, r.stop, r.blocker]);
        expect(m.met).toEqual(r.met);
      }),
      { numRuns: 300 },
    );
  });

  it('moves keep their invariants: budget, limit, lane end, and met as terrainMet of the leading edge', () => {
    fc.assert(
      fc.property(arbBody, way, size, arbLane, arbTerrain, limitArb, (b, w, budget, lane, t, limit) => {
        const r = moveBody(b, w, budget, lane, t, COST, limit);
        const dir = b.facing * w;
        const lead0 = leadingEdge(b, w);
        const lead1 = leadingEdge({ ...b, front: r.front }, w);
        expect(r.spent).toBeLessThanOrEqual(budget + 1e-9);
        expect(r.moved).toBeGreaterThanOrEqual(0);
        expect(Math.abs((lead1 - lead0) * dir - r.moved)).toBeLessThan(1e-9);
        if ((lead1 - lead0) * dir < -1e-9) throw new Error('moved backward');
        if (!Number.isNaN(limit) && (limit - lead0) * dir >= 0) expect((limit - lead1) * dir).toBeGreaterThanOrEqual(-1e-9);
        const end = dir > 0 ? lane.xMax : lane.xMin;
        // Leaving: the leading edge reached the end (or already stood beyond it and did not move).
        if (r.stop === 'leftLane') expect(lead1 === end || (r.moved === 0 && (lead0 - end) * dir >= 0)).toBe(true);
        else expect((lead1 - end) * dir <= 1e-9 || r.moved === 0).toBe(true);
        if (r.stop === 'contact') expect(Math.abs(lead1 - limit) < 1e-9 || r.moved === 0).toBe(true);
        const out: number[] = [];
        terrainMet(t, lead0, lead1, lateralMin(b), lateralMax(b), out);
        expect(r.met).toEqual(out);
      }),
      { numRuns: 500 },
    );
  });

  it('firstInPath mirrors', () => {
    fc.assert(
      fc.property(arbBody, way, fc.array(arbBody, { maxLength: 6 }), (b, w, others) => {
        const i = firstInPath(b, w, others);
        expect(firstInPath(M(b), w, others.map(M))).toBe(i);
        expect(firstInPath(F(b), w, others.map(F))).toBe(i);
      }),
    );
  });
});

describe('mirror: contact, flanks, support', () => {
  it('contact front to front is unchanged; a flank contact changes side with each mirror', () => {
    fc.assert(
      fc.property(arbBody, arbBody, (a, b) => {
        for (const T of [M, F]) {
          expect(inContact(T(a), T(b))).toBe(inContact(a, b));
          expect(contactWidth(T(a), T(b))).toBe(contactWidth(a, b));
          expect(rearContact(T(a), T(b))).toBe(rearContact(a, b));
          expect(overlappedEnds(T(a), T(b))).toBe(overlappedEnds(a, b));
          expect(flankContact(T(a), T(b))).toBe(swap(flankContact(a, b)));
        }
        expect(flankContact(M(F(a)), M(F(b)))).toBe(flankContact(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('contact at a shared front (generated in contact) mirrors too', () => {
    fc.assert(
      fc.property(arbBody, arbBody, (a, b0) => {
        const b = { ...b0, front: a.front, facing: a.facing > 0 ? (-1 as const) : (1 as const) };
        expect(inContact(a, b)).toBe(lateralOverlap(a, b) > 1e-6);
        expect(inContact(M(a), M(b))).toBe(inContact(a, b));
        expect(inContact(F(a), F(b))).toBe(inContact(a, b));
      }),
    );
  });

  it('flanks: friends beside, open flanks and reach swap sides with each mirror', () => {
    fc.assert(
      fc.property(arbBody, arbBody, fc.array(arbBody, { maxLength: 4 }), arbLane, side, size, (a, e, friends, lane, s, tol) => {
        for (const [T, L] of [
          [M, mirrorLane],
          [F, flipLane],
        ] as const) {
          const ta = T(a);
          const tf = friends.map(T);
          expect(friendBeside(ta, otherSide(s), tf, tol)).toBe(friendBeside(a, s, friends, tol));
          expect(flankOpen(ta, otherSide(s), tf, L(lane), tol)).toBe(flankOpen(a, s, friends, lane, tol));
          expect(flankReach(ta, otherSide(s), T(e))).toBe(flankReach(a, s, e));
          const hit = canStrikeFlank(a, e, 4, friends, lane, tol);
          const thit = canStrikeFlank(ta, T(e), 4, tf, L(lane), tol);
          expect(thit === null).toBe(hit === null);
          // Ties go to the left either way; otherwise the side swaps.
          if (hit !== null && flankReach(a, 'left', e) !== flankReach(a, 'right', e)) expect(thit).toBe(otherSide(hit));
          expect(rearReach(ta, T(e))).toBe(rearReach(a, e));
        }
        const r = (b: Body) => M(F(b));
        expect(flankReach(r(a), s, r(e))).toBe(flankReach(a, s, e));
        expect(flankOpen(r(a), s, friends.map(r), flipLane(mirrorLane(lane)), tol)).toBe(flankOpen(a, s, friends, lane, tol));
      }),
      { numRuns: 300 },
    );
  });

  it('supports behind mirror', () => {
    fc.assert(
      fc.property(arbBody, arbBody, size, (a, f, within) => {
        expect(n(gapBehind(M(a), M(f)))).toBe(n(gapBehind(a, f)));
        expect(supports(M(a), M(f), within)).toBe(supports(a, f, within));
        expect(supports(F(a), F(f), within)).toBe(supports(a, f, within));
      }),
      { numRuns: 300 },
    );
  });

  it('contact groups mirror', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(arbBody, fc.integer({ min: 0, max: 1 })), { maxLength: 8 }), (xs) => {
        // Put bodies on a coarse grid so contacts happen.
        const bodies = xs.map(([b]) => ({ ...b, front: Math.round(b.front / 4) * 4, depth: 2, frontage: 4, offset: Math.round(b.offset / 4) * 4 }));
        const sides = xs.map(([, s]) => s);
        const g: number[] = [];
        const gm: number[] = [];
        const gf: number[] = [];
        const k = contactGroups(bodies, sides, g);
        expect(contactGroups(bodies.map(M), sides, gm)).toBe(k);
        expect(contactGroups(bodies.map(F), sides, gf)).toBe(k);
        expect(gm).toEqual(g);
        expect(gf).toEqual(g);
      }),
      { numRuns: 300 },
    );
  });

  it('bodies abreast flip to the reversed, negated line', () => {
    fc.assert(
      fc.property(fc.array(size, { maxLength: 6 }), size, coord(8), (fr, interval, c) => {
        const ys = abreast(fr, interval, c);
        const flipped = abreast([...fr].reverse(), interval, -c);
        expect(flipped.map(n)).toEqual(ys.map((y) => n(-y)).reverse().map((y) => expect.closeTo(y, 9)));
      }),
    );
  });
});
