import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  batteryFireLossTestDue,
  chooseAmmunition,
  coverOf,
  expectedCasualties,
  fireLossTestDue,
  firePlan,
  fireSaveModifier,
  fireToHitModifier,
  gunCasualtyEffect,
  gunDice,
  gunFirePlan,
  gunsInBattery,
  gunOut,
  gunOutChance,
  gunShot,
  LONG,
  MEDIUM,
  movedForFire,
  rangeBand,
  rollCasualties,
  rollGunCasualties,
  rollHits,
  SHORT,
  weaponBands,
  type FireSituation,
} from '../../src/rules/burt/fire.js';
import { DEFAULT_BURT_OPTIONS as O } from '../../src/rules/burt/options.js';
import { DISORDERED, FORMED, SHAKEN } from '../../src/rules/burt/tables.js';

const base: FireSituation = {
  band: MEDIUM,
  firerMoved: false,
  targetMoved: false,
  targetInCover: false,
  firerLevel: FORMED,
  guns: false,
  skirmishers: false,
  targetOverTwoRanks: false,
  firstVolley: false,
};

describe('Range bands (6)', () => {
  it('6: muskets: short to 3", medium to 6", long to 9"; a band includes its edge; beyond 9" no fire', () => {
    const b = weaponBands('musket');
    expect([0, 3, 3.01, 6, 6.5, 9, 9.01].map((d) => rangeBand(d, b))).toEqual([SHORT, SHORT, MEDIUM, MEDIUM, LONG, LONG, -1]);
  });
  it('6: a 6pdr reaches 48" with ball and 12" with canister; a howitzer 48" with shell', () => {
    expect(rangeBand(48, weaponBands('6pdr', 'ball'))).toBe(LONG);
    expect(rangeBand(13, weaponBands('6pdr', 'canister'))).toBe(-1);
    expect(rangeBand(10, weaponBands('6pdr', 'canister'))).toBe(LONG);
    expect(rangeBand(40, weaponBands('howitzer', 'ball'))).toBe(LONG);
    expect(gunShot('howitzer', 'ball')).toBe('shell');
    expect(gunShot('6pdr', 'ball')).toBe('ball');
    expect(gunShot('howitzer', 'canister')).toBe('canister');
  });
  it('6: rifles and carbines have their own bands', () => {
    expect(rangeBand(12, weaponBands('rifle'))).toBe(LONG);
    expect(rangeBand(5, weaponBands('carbine'))).toBe(LONG);
    expect(rangeBand(7, weaponBands('carbine'))).toBe(-1);
  });
});

describe('Cover (6, 8)', () => {
  it('6, 8 (burt.villageCover): woods and hedges soft, walls hard, a village hard or soft, open ground and fords none', () => {
    expect(coverOf('woods', 'hard')).toBe('soft');
    expect(coverOf('hedge', 'hard')).toBe('soft');
    expect(coverOf('wall', 'soft')).toBe('hard');
    expect(coverOf('village', 'hard')).toBe('hard');
    expect(coverOf('village', 'soft')).toBe('soft');
    expect(coverOf('open', 'hard')).toBe('none');
    expect(coverOf('ford', 'hard')).toBe('none');
  });
});

describe('To-hit modifiers (6)', () => {
  const mod = (s: Partial<FireSituation>, o = O) => fireToHitModifier({ ...base, ...s }, o);
  it('6: at medium range, standing, formed, in the open, nothing is added: hit on 5', () => {
    expect(mod({})).toBe(0);
  });
  it('6: long range +1, short range -1', () => {
    expect(mod({ band: LONG })).toBe(1);
    expect(mod({ band: SHORT })).toBe(-1);
  });
  it('6 (burt.movingModifier): the +1 for moving goes with the firer, the target, or either (once)', () => {
    expect(mod({ firerMoved: true })).toBe(1);
    expect(mod({ targetMoved: true })).toBe(0);
    expect(mod({ targetMoved: true }, { ...O, movingModifier: 'target' })).toBe(1);
    expect(mod({ firerMoved: true }, { ...O, movingModifier: 'target' })).toBe(0);
    expect(mod({ firerMoved: true, targetMoved: true }, { ...O, movingModifier: 'either' })).toBe(1);
    expect(movedForFire({ firerMoved: false, targetMoved: true }, 'either')).toBe(true);
  });
  it('6: target in any cover +1', () => {
    expect(mod({ targetInCover: true })).toBe(1);
  });
  it('6: firers shaken +1; disordered firers no worse than formed', () => {
    expect(mod({ firerLevel: SHAKEN })).toBe(1);
    expect(mod({ firerLevel: DISORDERED })).toBe(0);
  });
  it('6: guns at a target over two ranks deep -1; small arms get nothing for it', () => {
    expect(mod({ guns: true, targetOverTwoRanks: true })).toBe(-1);
    expect(mod({ targetOverTwoRanks: true })).toBe(0);
  });
  it('6: first volley of the day -1, not for skirmishers; guns only under burt.firstVolleyArtillery', () => {
    expect(mod({ firstVolley: true })).toBe(-1);
    expect(mod({ firstVolley: true, skirmishers: true })).toBe(0);
    expect(mod({ firstVolley: true, guns: true })).toBe(-1);
    expect(mod({ firstVolley: true, guns: true }, { ...O, firstVolleyArtillery: false })).toBe(0);
  });
  it('6: modifiers add: long range, moving, cover and shaken make 9; short, deep, first volley for guns make 2', () => {
    expect(5 + mod({ band: LONG, firerMoved: true, targetInCover: true, firerLevel: SHAKEN })).toBe(9);
    expect(5 + mod({ band: SHORT, guns: true, targetOverTwoRanks: true, firstVolley: true })).toBe(2);
  });
});

describe('Save modifiers (6)', () => {
  it('6: small arms in the open: save on 5', () => {
    expect(fireSaveModifier('smallArms', 'none', false)).toBe(0);
    expect(fireSaveModifier('smallArms', 'soft', false)).toBe(0);
  });
  it('6: shot at by guns out of hard cover +1 (ball, shell or canister)', () => {
    for (const s of ['ball', 'shell', 'canister'] as const) {
      expect(fireSaveModifier(s, 'none', false)).toBe(1);
      expect(fireSaveModifier(s, 'soft', false)).toBe(1);
    }
  });
  it('6: in hard cover -1 against small arms or canister; ball or shell in hard cover neither', () => {
    expect(fireSaveModifier('smallArms', 'hard', false)).toBe(-1);
    expect(fireSaveModifier('canister', 'hard', false)).toBe(-1);
    expect(fireSaveModifier('ball', 'hard', false)).toBe(0);
    expect(fireSaveModifier('shell', 'hard', false)).toBe(0);
  });
  it('6: skirmishers or gun crew -1, adding to the rest', () => {
    expect(fireSaveModifier('smallArms', 'none', true)).toBe(-1);
    expect(fireSaveModifier('smallArms', 'hard', true)).toBe(-2);
    expect(fireSaveModifier('canister', 'none', true)).toBe(0);
  });
});

describe('Fire plans and rolls (6)', () => {
  it('6: 22 figures with no modifier: 5 dice on 5, the 1-2 figure die on 6, saves on 5', () => {
    const p = firePlan(22, 0, 0, O);
    expect(p).toMatchObject({ plain: 5, penalised: 1, hitOn: 5, penalisedHitOn: 6, saveOn: 5 });
  });
  it('6 (burt.gunsPerBattery): a battery fields the guns the scenario gives, else the number of the option', () => {
    expect(gunsInBattery(undefined, 4)).toBe(4);
    expect(gunsInBattery(6, 4)).toBe(6);
    expect(gunsInBattery(undefined, O.gunsPerBattery)).toBe(4);
  });
  it('6: guns roll a die each, two with canister; no 1-2 figure die', () => {
    expect(gunDice(4, 'ball')).toBe(4);
    expect(gunDice(4, 'canister')).toBe(8);
    expect(gunFirePlan(3, 'canister', -1, 1, O)).toMatchObject({ plain: 6, penalised: 0, hitOn: 4, saveOn: 6 });
  });
  it('6: rollHits over every dice path of 5 figures (hit on 5, 1-2 die on 6) gives 1/3 and 1/6 per die', () => {
    const p = firePlan(5, 0, 0, O);
    const dist = [0, 0, 0];
    enumerateDice((d) => rollHits(p, d.fire(0)), (q, h) => (dist[h] += q));
    // Independent by hand: P(0) = 2/3 * 5/6, P(2) = 1/3 * 1/6.
    expect(dist[0]).toBeCloseTo((2 / 3) * (5 / 6), 14);
    expect(dist[2]).toBeCloseTo((1 / 3) * (1 / 6), 14);
    expect(dist[1]).toBeCloseTo(1 - dist[0] - dist[2], 14);
  });
  it('6: the figures removed never exceed the target figures', () => {
    const p = firePlan(40, -4, 4, O); // hit on 1, saves on 9
    const u = aleaStream('burt-fire-cap');
    for (let i = 0; i < 200; i++) expect(rollCasualties(p, 3, u)).toBeLessThanOrEqual(3);
  });
  it('6: expected casualties = dice x P(hit) x P(fail save); 24 figures at 5, save 5: 6 x 1/3 x 2/3', () => {
    expect(expectedCasualties(firePlan(24, 0, 0, O))).toBeCloseTo(6 * (1 / 3) * (2 / 3), 14);
  });
  it('6: 100000 seeded volleys of 24 figures land within 4 standard errors of the expected casualties', () => {
    const p = firePlan(24, 0, 0, O);
    const u = aleaStream('burt-fire-mean');
    const n = 100_000;
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const c = rollCasualties(p, 24, u);
      s += c;
      s2 += c * c;
    }
    const m = s / n;
    const se = Math.sqrt((s2 / n - m * m) / n);
    expect(Math.abs(m - expectedCasualties(p))).toBeLessThan(4 * se);
  });
});

describe('Ammunition (6)', () => {
  const target = { distance: 10, targetMoved: false, cover: 'none' as const, targetOverTwoRanks: false, skirmishersOrCrew: false };
  const firer = { moved: false, level: FORMED, firstVolley: false } as const;
  it('6: beyond ball range nothing; beyond canister only ball', () => {
    expect(chooseAmmunition('6pdr', 4, { ...target, distance: 49 }, firer, O)).toBeNull();
    expect(chooseAmmunition('6pdr', 4, { ...target, distance: 30 }, firer, O)).toBe('ball');
  });
  it('6: at short canister range canister (8 dice on 4) beats short-range ball (4 dice on 4)', () => {
    expect(chooseAmmunition('6pdr', 4, { ...target, distance: 3 }, firer, O)).toBe('canister');
  });
  it('6: at 10" a 6pdr does better with short-range ball (hit on 4) than long-range canister (2 dice on 6)', () => {
    // by hand, per gun: ball 1/2 x 5/6 = 0.417; canister 2 x 1/6 x 5/6 = 0.278.
    expect(chooseAmmunition('6pdr', 4, target, firer, O)).toBe('ball');
  });
});

describe('Hits on artillery (6)', () => {
  it('6: small arms or canister silence a gun on a d6 higher than its crew; ball or shell destroy on equal or higher', () => {
    expect(gunCasualtyEffect('smallArms')).toBe('silenced');
    expect(gunCasualtyEffect('canister')).toBe('silenced');
    expect(gunCasualtyEffect('ball')).toBe('destroyed');
    expect(gunCasualtyEffect('shell')).toBe('destroyed');
    expect([1, 2, 3, 4, 5, 6].map((r) => gunOut(r, 4, 'smallArms'))).toEqual([false, false, false, false, true, true]);
    expect([1, 2, 3, 4, 5, 6].map((r) => gunOut(r, 4, 'ball'))).toEqual([false, false, false, true, true, true]);
  });
  it('6: per casualty, a 4pdr (crew 3) is silenced on 4-6 (1/2), a 12pdr (crew 5) on a 6 (1/6); destroyed by ball on 3-6, 5-6', () => {
    expect(gunOutChance(3, 'smallArms')).toBeCloseTo(3 / 6, 14);
    expect(gunOutChance(5, 'canister')).toBeCloseTo(1 / 6, 14);
    expect(gunOutChance(3, 'ball')).toBeCloseTo(4 / 6, 14);
    expect(gunOutChance(5, 'shell')).toBeCloseTo(2 / 6, 14);
  });
  it('6 (perCasualty): guns lost over every dice path of 2 casualties on 4 guns of crew 4 from muskets: Binomial(2, 1/3)', () => {
    const dist = [0, 0, 0];
    enumerateDice((d) => rollGunCasualties(2, 4, 4, 'smallArms', 'perCasualty', d.fire(0)), (q, g) => (dist[g] += q));
    expect(dist).toEqual([4 / 9, 4 / 9, 1 / 9].map((x) => expect.closeTo(x, 14)));
  });
  it('6 (perCasualty): no more guns lost than there are guns', () => {
    const u = aleaStream('burt-guns-cap');
    for (let i = 0; i < 100; i++) expect(rollGunCasualties(10, 2, 3, 'ball', 'perCasualty', u)).toBeLessThanOrEqual(2);
  });
  it('6 (summed): 2 casualties on one gun of crew 4 from ball: a total of 2d6 >= 4 destroys it (33/36)', () => {
    let p = 0;
    enumerateDice((d) => rollGunCasualties(2, 1, 4, 'ball', 'summed', d.fire(0)), (q, g) => (p += q * g));
    expect(p).toBeCloseTo(33 / 36, 14);
  });
  it('6 (summed): 3 casualties on 2 guns are dealt 2 and 1: P(both out, crew 4, muskets) = P(2d6 > 4) x P(d6 > 4)', () => {
    let both = 0;
    enumerateDice((d) => rollGunCasualties(3, 2, 4, 'smallArms', 'summed', d.fire(0)), (q, g) => (both += g === 2 ? q : 0));
    expect(both).toBeCloseTo((30 / 36) * (2 / 6), 14);
  });
  it('6: no casualties or no guns, no guns lost', () => {
    const u = aleaStream('x');
    expect(rollGunCasualties(0, 4, 4, 'ball', 'perCasualty', u)).toBe(0);
    expect(rollGunCasualties(3, 0, 4, 'ball', 'summed', u)).toBe(0);
  });
});

describe('The fire-loss test (8)', () => {
  it('8 (burt.fireTestBase startOfTurn): 10% of the figures at the start of the turn: 2 of 20, not 1', () => {
    expect(fireLossTestDue(2, 20, 24, 'startOfTurn')).toBe(true);
    expect(fireLossTestDue(1, 20, 24, 'startOfTurn')).toBe(false);
  });
  it('8 (burt.fireTestBase original): 10% of the starting figures: 3 of 24, not 2', () => {
    expect(fireLossTestDue(2, 20, 24, 'original')).toBe(false);
    expect(fireLossTestDue(3, 20, 24, 'original')).toBe(true);
  });
  it('8: no casualties, no test (even for a unit of 0 figures)', () => {
    expect(fireLossTestDue(0, 0, 24, 'startOfTurn')).toBe(false);
  });
  it('8 (rulings): a battery tests when a gun is put out of action', () => {
    expect(batteryFireLossTestDue(1)).toBe(true);
    expect(batteryFireLossTestDue(0)).toBe(false);
  });
});
