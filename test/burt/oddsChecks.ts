/**
 * The exact odds of ./odds.ts checked against enumeration of every die face and seeded samples: the
 * helpers and the cases shared by test/burt/odds.test.ts (the quick cases) and
 * test/long/burt-odds.test.ts (the cases whose enumeration takes a second or more).
 */
import { expect, it } from 'vitest';
import { aleaStream, type Uniform } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { LONG, MEDIUM, rollCasualties, rollHits, rollSaves, SHORT, type FireSituation } from '../../src/rules/burt/fire.js';
import { bothTestAfter, rollMeleeRound, type MeleeFighter, type MeleeRoundResult } from '../../src/rules/burt/melee.js';
import { levelAfterTest, moraleModifier, rollMoraleTest, type MoraleSituation } from '../../src/rules/burt/morale.js';
import { fireOdds, meleeOdds, type MeleeOddsSide } from '../../src/rules/burt/odds.js';
import { DEFAULT_BURT_OPTIONS as O, type BurtOptions } from '../../src/rules/burt/options.js';
import { DISORDERED, FORMED, ROUT, SHAKEN, type MoraleClass } from '../../src/rules/burt/tables.js';

/** The cases left to `npm run test:long` (each enumeration costs a second or more). */
export const LONG_CASES: ReadonlySet<string> = new Set([
  '2 guns of canister at short range at a column, first volley (4 dice on 3; save 6)',
  'a charging column (5 in contact) against a disordered line (4), classes C and D',
  'cuirassiers (6) at first contact against a shaken line (4), B and E, equalOnly, no zero break',
]);

export const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);
/** 4 standard errors of a proportion p estimated from n draws (at least a floor for p near 0 or 1). */
export const fourSE = (p: number, n: number) => 4 * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);

export const situation: FireSituation = { band: MEDIUM, firerMoved: false, targetMoved: false, targetInCover: false, firerLevel: FORMED, guns: false, skirmishers: false, targetOverTwoRanks: false, firstVolley: false };


/** Every dice path of a fire through the sampling code: the hits and the figures removed. */
export function enumerateFire(plan: ReturnType<typeof fireOdds>['plan'], cap: number): { hits: number[]; removed: number[] } {
  const hits: number[] = [];
  const removed: number[] = [];
  enumerateDice(
    (d) => {
      const u = d.fire(0);
      const h = rollHits(plan, u);
      const lost = Math.min(cap, rollSaves(h, plan.saveOn, plan.die, plan.naturalOne, u));
      return [h, lost] as const;
    },
    (q, [h, lost]) => {
      hits[h] = (hits[h] ?? 0) + q;
      removed[lost] = (removed[lost] ?? 0) + q;
    },
  );
  return { hits: Array.from(hits, (x) => x ?? 0), removed: Array.from(removed, (x) => x ?? 0) };
}

export function expectSameDistribution(exact: readonly number[], other: readonly number[], label: string) {
  const n = Math.max(exact.length, other.length);
  for (let k = 0; k < n; k++) expect(other[k] ?? 0, `${label} at ${k}`).toBeCloseTo(exact[k] ?? 0, 10);
}

/** Monte Carlo: every bucket of a sampled distribution within 4 standard errors of the exact one. */
export function expectSampled(exact: readonly number[], draw: (u: Uniform) => number, seed: string, n: number) {
  const u = aleaStream(seed);
  const counts = new Array(exact.length + 5).fill(0);
  for (let i = 0; i < n; i++) counts[draw(u)]++;
  for (let k = 0; k < counts.length; k++) {
    const p = exact[k] ?? 0;
    expect(Math.abs(counts[k] / n - p), `bucket ${k}`).toBeLessThan(fourSE(p, n));
  }
}


export const line: MeleeFighter = { arm: 'infantry', formation: 'line', ranks: 2, level: FORMED, lightCavalry: false, armoured: false, lancers: false, chargingOrFollowingUp: false, attacking: false, cover: 'none', downhillOfEnemy: false, againstFlankOrRear: false };
export const calm: MoraleSituation = {
  figures: 24, startFigures: 24, level: FORMED, nearestVisibleEnemy: 1, chargingSkirmishersOrRouters: false, chargingFlankOrRear: false, commanderInChief: false,
  subordinateGeneral: false, commandElement: false, formation: 'line', supported: false, cover: 'none', advancingOrPushingBack: false, retiringOrPushedBack: false,
  secureFlank: false, casualtiesThisTurn: false, armyDemoralised: false,
};

/**
 * The round played through the sampling code, and the step-12 tests rolled on the same dice, with the
 * post-round situation built here by hand.
 */
export function playRound(a: MeleeOddsSide, b: MeleeOddsSide, odds: ReturnType<typeof meleeOdds>, o: BurtOptions, u: Uniform, r: MeleeRoundResult): { outcome: string; failA: boolean; failB: boolean; routA: boolean; routB: boolean } {
  rollMeleeRound(odds.planA, odds.planB, a.figures, b.figures, o.zeroCasualtyBreak, u, u, r);
  let failA = false, failB = false, routA = r.outcome === 'aBreaks', routB = r.outcome === 'bBreaks';
  if (bothTestAfter(r.outcome, o.indecisiveMelee) && a.morale && b.morale) {
    const after = (m: MoraleSituation, lost: number, pushed: boolean, pushing: boolean): MoraleSituation => ({
      ...m, figures: m.figures - lost, casualtiesThisTurn: m.casualtiesThisTurn || lost > 0,
      retiringOrPushedBack: m.retiringOrPushedBack || pushed, advancingOrPushingBack: m.advancingOrPushingBack || pushing,
    });
    const sa = after(a.morale.situation, r.inflictedByB, r.outcome === 'aPushedBack', r.outcome === 'bPushedBack');
    const sb = after(b.morale.situation, r.inflictedByA, r.outcome === 'bPushedBack', r.outcome === 'aPushedBack');
    failA = !rollMoraleTest(a.morale.klass, moraleModifier(sa, 'melee', o), o.extendedDie, o.naturalOne, u);
    failB = !rollMoraleTest(b.morale.klass, moraleModifier(sb, 'melee', o), o.extendedDie, o.naturalOne, u);
    if (failA && levelAfterTest(sa.level, 'melee', false) === ROUT) routA = true;
    if (failB && levelAfterTest(sb.level, 'melee', false) === ROUT) routB = true;
  }
  return { outcome: r.outcome, failA, failB, routA, routB };
}

export const side = (figures: number, inContact: number, f: Partial<MeleeFighter>, klass?: MoraleClass, m: Partial<MoraleSituation> = {}): MeleeOddsSide => ({
  fighter: { ...line, ...f },
  figuresInContact: inContact,
  figures,
  morale: klass ? { klass, situation: { ...calm, figures, startFigures: Math.max(figures, 24), level: f.level ?? FORMED, ...m } } : undefined,
});

export type FireCase = [string, Parameters<typeof fireOdds>[0], Partial<FireSituation>, Parameters<typeof fireOdds>[2], Partial<BurtOptions>];

/** Fires checked against enumeration of every face and a seeded sample. */
export const FIRE_CASES: FireCase[] = [
  ['10 muskets at long range at skirmishers in hard cover (hit 6, the 1-2 die needs 7; save 3)', { figures: 10 }, { band: LONG }, { cover: 'hard', skirmishersOrCrew: true, figures: 12 }, {}],
  ['7 muskets, shaken, at a line in the open at short range, chained die', { figures: 7 }, { band: SHORT, firerLevel: SHAKEN }, { cover: 'none', skirmishersOrCrew: false, figures: 24 }, { extendedDie: 'chained' }],
  ['6 muskets moving at long range at a unit in cover (hit on 8; the 1-2 die on 9); cap of 1 figure', { figures: 6 }, { band: LONG, firerMoved: true, targetInCover: true }, { cover: 'soft', skirmishersOrCrew: false, figures: 1 }, {}],
  ['2 guns of canister at short range at a column, first volley (4 dice on 3; save 6)', { guns: 2, ordnance: '6pdr', ammunition: 'canister' }, { band: SHORT, guns: true, targetOverTwoRanks: true, firstVolley: true }, { cover: 'none', skirmishersOrCrew: false, figures: 24 }, {}],
  ['3 howitzers of shell at long range at a village (hit 6; save 5), naturalOne alwaysFails', { guns: 3, ordnance: 'howitzer', ammunition: 'ball' }, { band: LONG, guns: true, targetInCover: true }, { cover: 'hard', skirmishersOrCrew: false, figures: 24 }, { naturalOne: 'alwaysFails' }],
];

/** The enumeration and the sample of each fire, one test each. */
export function fireCaseTests(cases: readonly FireCase[]): void {
  for (const [name, firers, s, target, opts] of cases) {
    it(`6: ${name}: hits and figures removed equal enumeration exactly`, () => {
      const o = { ...O, ...opts };
      const odds = fireOdds(firers, { ...situation, ...s }, target, o);
      expect(sum(odds.hits)).toBeCloseTo(1, 10);
      expect(sum(odds.removed)).toBeCloseTo(1, 10);
      const e = enumerateFire(odds.plan, target.figures);
      expectSameDistribution(odds.hits, e.hits, 'hits');
      expectSameDistribution(odds.removed, e.removed, 'removed');
    });
    it(`6: ${name}: 100000 seeded fires fall within 4 standard errors of every bucket`, () => {
      const o = { ...O, ...opts };
      const odds = fireOdds(firers, { ...situation, ...s }, target, o);
      expectSampled(odds.removed, (u) => rollCasualties(odds.plan, target.figures, u), `burt-odds-fire-${name}`, 100_000);
    });
  }

}

export type MeleeCase = [string, MeleeOddsSide, MeleeOddsSide, boolean, Partial<BurtOptions>];

/** Melee rounds checked against enumeration of every face and a seeded sample. */
export const MELEE_CASES: MeleeCase[] = [
  ['a charging column (5 in contact) against a disordered line (4), classes C and D', side(24, 5, { formation: 'column', ranks: 3, chargingOrFollowingUp: true }, 'C'), side(13, 4, { level: DISORDERED }, 'D'), true, {}],
  ['cuirassiers (6) at first contact against a shaken line (4), B and E, equalOnly, no zero break', side(16, 6, { arm: 'cavalry', armoured: true, chargingOrFollowingUp: true }, 'B'), side(20, 4, { level: SHAKEN }, 'E', { casualtiesThisTurn: true }), true, { indecisiveMelee: 'equalOnly', zeroCasualtyBreak: false }],
  ['two lines of 3 and 2 figures in a second round, cumulative cohesion, one figure left to lose', side(2, 3, { level: SHAKEN }, 'C'), side(1, 2, {}, 'A'), false, { cohesionModifiers: 'cumulative' }],
];

/** The enumeration and the sample of each melee round, one test each. */
export function meleeCaseTests(cases: readonly MeleeCase[]): void {
  for (const [name, a, b, first, opts] of cases) {
    const o = { ...O, ...opts };
    it(`9: ${name}: the joint distribution, the outcomes and the tests equal enumeration of every face`, () => {
      const odds = meleeOdds(a, b, first, o);
      expect(sum(odds.joint.flat())).toBeCloseTo(1, 10);
      expect(sum(Object.values(odds.outcomes))).toBeCloseTo(1, 10);
      const joint: number[][] = [];
      const outcomes: Record<string, number> = {};
      let fails = [0, 0];
      let routs = [0, 0];
      const r: MeleeRoundResult = { inflictedByA: 0, inflictedByB: 0, outcome: 'indecisive' };
      enumerateDice(
        (d) => {
          const res = playRound(a, b, odds, o, d.fire(0), r);
          return { ...res, i: r.inflictedByA, j: r.inflictedByB };
        },
        (q, v) => {
          (joint[v.i] ??= [])[v.j] = (joint[v.i]?.[v.j] ?? 0) + q;
          outcomes[v.outcome] = (outcomes[v.outcome] ?? 0) + q;
          if (v.failA) fails[0] += q;
          if (v.failB) fails[1] += q;
          if (v.routA) routs[0] += q;
          if (v.routB) routs[1] += q;
        },
      );
      for (let i = 0; i < odds.joint.length; i++) for (let j = 0; j < odds.joint[i].length; j++) expect(joint[i]?.[j] ?? 0, `joint ${i},${j}`).toBeCloseTo(odds.joint[i][j], 10);
      for (const [k, p] of Object.entries(odds.outcomes)) expect(outcomes[k] ?? 0, k).toBeCloseTo(p, 10);
      expect(fails[0]).toBeCloseTo(odds.testFails![0], 10);
      expect(fails[1]).toBeCloseTo(odds.testFails![1], 10);
      expect(routs[0]).toBeCloseTo(odds.routs![0], 10);
      expect(routs[1]).toBeCloseTo(odds.routs![1], 10);
    });
    it(`9: ${name}: 100000 seeded rounds put every outcome and each side's rout within 4 standard errors`, () => {
      const odds = meleeOdds(a, b, first, o);
      const u = aleaStream(`burt-odds-melee-${name}`);
      const n = 100_000;
      const counts: Record<string, number> = {};
      let routA = 0, routB = 0;
      const r: MeleeRoundResult = { inflictedByA: 0, inflictedByB: 0, outcome: 'indecisive' };
      for (let i = 0; i < n; i++) {
        const res = playRound(a, b, odds, o, u, r);
        counts[res.outcome] = (counts[res.outcome] ?? 0) + 1;
        if (res.routA) routA++;
        if (res.routB) routB++;
      }
      for (const [k, p] of Object.entries(odds.outcomes)) expect(Math.abs((counts[k] ?? 0) / n - p), k).toBeLessThan(fourSE(p, n));
      expect(Math.abs(routA / n - odds.routs![0])).toBeLessThan(fourSE(odds.routs![0], n));
      expect(Math.abs(routB / n - odds.routs![1])).toBeLessThan(fourSE(odds.routs![1], n));
    });
  }

}
