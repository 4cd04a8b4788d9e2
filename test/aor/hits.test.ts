import { newAorResult } from '../../src/rules/aor/results.js';
import { describe, expect, it } from 'vitest';
import { allocateHits, applyStepLoss, eligibleForHit, hitCost, pickHitTarget } from '../../src/rules/aor/hits.js';
import type { UnitSpec } from '../../src/rules/aor/units.js';
import { spec, state } from './helpers.js';

const noRng = () => {
  throw new Error('the rng should not be used by this policy');
};

function setup(...specs: UnitSpec[]) {
  const st = state(...specs);
  const res = newAorResult(specs.length);
  const all = specs.map((_, i) => i);
  return { st, res, all };
}

describe('Hit allocation (7.1)', () => {
  it('7.1: the first hit goes to infantry even when a cavalry unit is already damaged', () => {
    const { st, res, all } = setup(
      spec('cav', 1, 'cavalry', 4, { reduced: 2, damaged: true }),
      spec('inf', 1, 'infantry', 6, { reduced: 3 }),
    );
    const lost = allocateHits(st, all, 2, 1, true, 'leastStrength', noRng, res);
    expect(lost).toBe(1);
    expect(st.steps[0]).toBe(1); // cavalry untouched
    expect(st.steps[1]).toBe(1); // infantry flipped
  });

  it('7.1: the first hit goes to infantry even though a cavalry flip would cost less', () => {
    const { st, res, all } = setup(spec('cav', 1, 'cavalry', 4, { reduced: 3 }), spec('inf', 1, 'infantry', 8, { reduced: 4 }));
    allocateHits(st, all, 2, 1, true, 'leastStrength', noRng, res);
    expect(Array.from(st.steps)).toEqual([2, 1]);
  });

  it('7.1: with no infantry in the target the first hit may go to anyone (damaged first)', () => {
    const { st, res, all } = setup(spec('g', 1, 'artillery', 3), spec('cav', 1, 'cavalry', 4, { reduced: 2, damaged: true }));
    allocateHits(st, all, 2, 1, true, 'leastStrength', noRng, res);
    expect(Array.from(st.steps)).toEqual([1, 0]);
  });

  it('7.1: later hits go to damaged units while any are present', () => {
    // Two full infantry and a full cavalry; 2 hits: the first flips an infantry, the second must finish it.
    const { st, res, all } = setup(
      spec('i1', 1, 'infantry', 6, { reduced: 3 }),
      spec('i2', 1, 'infantry', 6, { reduced: 3 }),
      spec('cav', 1, 'cavalry', 4, { reduced: 3 }), // flip would cost only 1
    );
    allocateHits(st, all, 3, 2, true, 'leastStrength', noRng, res);
    expect(Array.from(st.steps)).toEqual([0, 2, 2]);
  });

  it('7.1: a later hit goes to a damaged cavalry unit rather than flipping a full one', () => {
    const { st, res, all } = setup(
      spec('inf', 1, 'infantry', 6, { reduced: 3 }),
      spec('c1', 1, 'cavalry', 6, { reduced: 5 }), // flip costs 1
      spec('c2', 1, 'cavalry', 4, { reduced: 4, damaged: true }), // elimination costs 4
    );
    // hit 1 -> infantry (flip, cost 3); hit 2 -> a damaged unit: inf (3) or c2 (4) -> inf; hit 3 -> c2.
    allocateHits(st, all, 3, 3, true, 'leastStrength', noRng, res);
    expect(Array.from(st.steps)).toEqual([0, 2, 0]);
  });

  it("7.1 (aor.hitAllocation): with damaged infantry present, 'combined' sends the first hit to it, 'infantryFirst' may flip a full one", () => {
    const mk = () =>
      setup(
        spec('full', 1, 'infantry', 4, { reduced: 3 }), // flip costs 1
        spec('dmg', 1, 'infantry', 6, { reduced: 3, damaged: true }), // elimination costs 3
      );
    const a = mk();
    allocateHits(a.st, a.all, 2, 1, true, 'leastStrength', noRng, a.res);
    expect(Array.from(a.st.steps)).toEqual([2, 0]);
    expect(a.res.sides[1].strengthLost).toBe(3);

    const b = mk();
    allocateHits(b.st, b.all, 2, 1, false, 'leastStrength', noRng, b.res);
    expect(Array.from(b.st.steps)).toEqual([1, 1]);
    expect(b.res.sides[1].strengthLost).toBe(1);
  });

  it("7.1 (aor.hitAllocation): under 'infantryFirst' the second hit still goes to a damaged unit", () => {
    const { st, res, all } = setup(
      spec('full', 1, 'infantry', 4, { reduced: 3 }),
      spec('dmg', 1, 'infantry', 6, { reduced: 3, damaged: true }),
      spec('cav', 1, 'cavalry', 6, { reduced: 5 }),
    );
    allocateHits(st, all, 3, 2, false, 'leastStrength', noRng, res);
    // hit 1 flips 'full' (cost 1); hit 2 must go to a damaged unit: full (3) vs dmg (3) tie -> first listed.
    expect(st.steps[2]).toBe(2);
    expect(st.steps[0] + st.steps[1]).toBe(1);
    expect(res.sides[1].stepsLost).toBe(2);
  });

  it("7.1: 'combined' with damaged cavalry but no damaged infantry still sends the first hit to infantry", () => {
    const { st, res, all } = setup(spec('inf', 1, 'infantry', 6, { reduced: 3 }), spec('cav', 1, 'cavalry', 4, { reduced: 2, damaged: true }));
    allocateHits(st, all, 2, 1, true, 'leastStrength', noRng, res);
    expect(Array.from(st.steps)).toEqual([1, 1]);
  });

  it('7.1 (doctrine leastStrength): among eligible units the cheapest hit is taken', () => {
    const { st, res, all } = setup(
      spec('big', 1, 'infantry', 8, { reduced: 4 }), // flip costs 4
      spec('small', 1, 'infantry', 6, { reduced: 5 }), // flip costs 1
    );
    expect(hitCost(st, 0)).toBe(4);
    expect(hitCost(st, 1)).toBe(1);
    allocateHits(st, all, 2, 1, true, 'leastStrength', noRng, res);
    expect(Array.from(st.steps)).toEqual([2, 1]);
    expect(res.sides[1].strengthLost).toBe(1);
  });

  it('7.1 (doctrine lowestMorale): the lowest-morale eligible unit takes the hit', () => {
    const { st, res, all } = setup(spec('brave', 1, 'infantry', 6, { morale: 5 }), spec('shaky', 1, 'infantry', 8, { morale: 3, reduced: 4 }));
    allocateHits(st, all, 2, 1, true, 'lowestMorale', noRng, res);
    expect(Array.from(st.steps)).toEqual([2, 1]);
  });

  it('7.1 (doctrine random): the pick comes from the rng and only from eligible units', () => {
    const { st, all } = setup(spec('c', 1, 'cavalry', 4), spec('i1', 1, 'infantry', 6), spec('i2', 1, 'infantry', 6));
    const out = new Int32Array(8);
    const k = eligibleForHit(st, all, 3, true, true, out);
    expect(Array.from(out.slice(0, k))).toEqual([1, 2]);
    expect(pickHitTarget(st, out, k, 'random', () => 0.1)).toBe(1);
    expect(pickHitTarget(st, out, k, 'random', () => 0.9)).toBe(2);
  });

  it('7.1, 7.2: over every stack of up to three units (infantry, cavalry, artillery; full, damaged, eliminated, retreated), the eligible units are those of a plain reading', () => {
    const kinds = ['infantry', 'cavalry', 'artillery'] as const;
    const states = ['full', 'damaged', 'eliminated', 'retreated'] as const;
    /** 7.1: the first hit to infantry if any is present (under combined, damaged infantry if any); otherwise damaged units if any. */
    const plain = (units: { kind: string; state: string }[], first: boolean, combined: boolean): number[] => {
      const present = units.map((u, i) => ({ ...u, i })).filter((u) => u.state === 'full' || u.state === 'damaged');
      const inf = present.filter((u) => u.kind === 'infantry');
      let pool = present;
      if (first && inf.length > 0) {
        pool = inf;
        if (combined && inf.some((u) => u.state === 'damaged')) pool = inf.filter((u) => u.state === 'damaged');
      } else if (present.some((u) => u.state === 'damaged')) pool = present.filter((u) => u.state === 'damaged');
      return pool.map((u) => u.i);
    };
    const units: { kind: (typeof kinds)[number]; state: (typeof states)[number] }[][] = [[]];
    for (let size = 1; size <= 3; size++) {
      for (const prefix of units.filter((x) => x.length === size - 1)) for (const kind of kinds) for (const state of states) units.push([...prefix, { kind, state }]);
    }
    let stacks = 0;
    for (const stack of units) {
      // Two steps each (a battery too, as a scenario may give it), so that every kind can be damaged (6.1).
      const specs = stack.map((u, i) => spec(`u${i}`, 1, u.kind, 6, { reduced: 3, maxSteps: 2, damaged: u.state === 'damaged' }));
      const st = state(...specs);
      stack.forEach((u, i) => {
        if (u.state === 'eliminated') st.steps[i] = 0;
        if (u.state === 'retreated') st.retreated[i] = 1;
      });
      for (const first of [true, false]) {
        for (const combined of [true, false]) {
          const out = new Int32Array(8);
          const k = eligibleForHit(st, stack.map((_, i) => i), stack.length, first, combined, out);
          expect(Array.from(out.slice(0, k)), JSON.stringify({ stack, first, combined })).toEqual(plain(stack, first, combined));
        }
      }
      stacks++;
    }
    expect(stacks).toBe(1 + 12 + 144 + 1728);
  });

  it('7.1: eliminated and retreated units cannot take hits', () => {
    const { st, all } = setup(spec('i1', 1, 'infantry', 6), spec('i2', 1, 'infantry', 6), spec('c', 1, 'cavalry', 4));
    st.steps[0] = 0;
    st.retreated[1] = 1;
    const out = new Int32Array(8);
    const k = eligibleForHit(st, all, 3, true, true, out);
    expect(Array.from(out.slice(0, k))).toEqual([2]);
  });
});

describe('Step losses (6.1, 7.2)', () => {
  it('6.1 / 7.2: a hit flips a full two-step unit and records the strength difference', () => {
    const { st, res } = setup(spec('i', 1, 'infantry', 7, { reduced: 4 }));
    applyStepLoss(st, 0, res);
    expect(st.steps[0]).toBe(1);
    expect(st.strength(0)).toBe(4);
    expect(res.sides[1]).toMatchObject({ strengthLost: 3, stepsLost: 1, unitsEliminated: 0 });
    expect(res.units[0].eliminated).toBe(false);
  });

  it('7.2: a hit on a flipped unit eliminates it', () => {
    const { st, res } = setup(spec('i', 1, 'infantry', 7, { reduced: 4, damaged: true }));
    applyStepLoss(st, 0, res);
    expect(st.steps[0]).toBe(0);
    expect(res.sides[1]).toMatchObject({ strengthLost: 4, stepsLost: 1, unitsEliminated: 1 });
    expect(res.units[0].eliminated).toBe(true);
  });

  it('6.1: a one-step unit (not backprinted) is eliminated by one hit, losing all its strength', () => {
    const { st, res, all } = setup(spec('i', 1, 'infantry', 5, { maxSteps: 1 }));
    const lost = allocateHits(st, all, 1, 1, true, 'leastStrength', noRng, res);
    expect(lost).toBe(1);
    expect(st.alive(0)).toBe(false);
    expect(res.sides[1]).toMatchObject({ strengthLost: 5, stepsLost: 1, unitsEliminated: 1 });
    expect(res.units[0].eliminated).toBe(true);
  });

  it('7.2: an eliminated unit is no longer disrupted', () => {
    const { st, res } = setup(spec('i', 1, 'infantry', 5, { maxSteps: 1, disrupted: true }));
    applyStepLoss(st, 0, res);
    expect(st.disrupted[0]).toBe(0);
  });

  it('7.1: hits beyond the last step are lost (5 hits on one two-step unit cost 2 steps)', () => {
    const { st, res, all } = setup(spec('i', 1, 'infantry', 6, { reduced: 3 }));
    const lost = allocateHits(st, all, 1, 5, true, 'leastStrength', noRng, res);
    expect(lost).toBe(2);
    expect(res.sides[1]).toMatchObject({ strengthLost: 6, stepsLost: 2, unitsEliminated: 1 });
    expect(res.sides[0]).toMatchObject({ strengthLost: 0, stepsLost: 0, unitsEliminated: 0 });
  });

  it('7.1 / 7.2: three hits on a stack of two full units: one eliminated, one flipped, totals recorded', () => {
    const { st, res, all } = setup(spec('i1', 0, 'infantry', 6, { reduced: 3 }), spec('i2', 0, 'infantry', 8, { reduced: 5 }));
    // hit 1: infantry, cheapest flip is i2 (3) vs i1 (3) -> tie, equal morale -> i1 (first).
    // hit 2: must go to damaged i1 -> eliminated (3). hit 3: no damaged left -> flip i2 (3).
    const lost = allocateHits(st, all, 2, 3, true, 'leastStrength', noRng, res);
    expect(lost).toBe(3);
    expect(Array.from(st.steps)).toEqual([0, 1]);
    expect(res.sides[0]).toMatchObject({ strengthLost: 9, stepsLost: 3, unitsEliminated: 1 });
    expect(res.units.map((u) => u.eliminated)).toEqual([true, false]);
  });

  it('7.1: zero hits change nothing', () => {
    const { st, res, all } = setup(spec('i', 1, 'infantry', 6));
    expect(allocateHits(st, all, 1, 0, true, 'leastStrength', noRng, res)).toBe(0);
    expect(st.steps[0]).toBe(2);
    expect(res.sides[1].stepsLost).toBe(0);
  });
});
