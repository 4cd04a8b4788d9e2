/**
 * The questions of `volley odds` (src/rules/burt/oddsQuestions.ts): every exact distribution equals
 * the enumeration of every die path of the question's own sampler (the engine's functions), a second
 * and independent derivation; and hand-derived cases.
 */
import { describe, expect, it } from 'vitest';
import { enumerateDice, PathSum } from '../../src/core/enumerate.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { BURT_ODDS, meleeContact, meleeSideMorale, type MeleeParams } from '../../src/rules/burt/oddsQuestions.js';
import { situationAfterRound } from '../../src/rules/burt/odds.js';
import { moraleModifier } from '../../src/rules/burt/morale.js';
import { laneMove, MoveKind } from '../../src/rules/burt/play/moves.js';
import { setLevel } from '../../src/rules/burt/play/units.js';
import { pursuitMove, routMove } from '../../src/rules/burt/turn/compulsory.js';
import { contactFigures } from '../../src/rules/burt/turn/melee.js';
import { battalion, gameOf, unit } from './lane.js';
import { moraleModifierOf } from '../../src/rules/burt/play/units.js';
import { ROUT, UNFORMED } from '../../src/rules/burt/tables.js';
import { BURT_OPTIONS, burtOptions } from '../../src/rules/burt/options.js';

const defaults = resolveOptions(BURT_OPTIONS, {});
const question = (id: string) => BURT_ODDS.questions.find((q) => q.id === id)!;

/** Every die path of the sampler, tallied by distribution and value (whole counts per path length, read once). */
function enumerated(id: string, params: unknown, options = defaults): Map<string, Map<string, number>> {
  const q = question(id);
  const sums = new Map<string, Map<string, PathSum>>();
  enumerateDice(
    (dice) => q.sample(params, options, dice),
    (_, draw, depth) => {
      for (const [k, v] of Object.entries(draw)) {
        const m = sums.get(k) ?? new Map<string, PathSum>();
        const sum = m.get(String(v)) ?? new PathSum();
        sum.add(depth);
        m.set(String(v), sum);
        sums.set(k, m);
      }
    },
  );
  return new Map([...sums].map(([k, m]) => [k, new Map([...m].map(([v, sum]) => [v, sum.value]))]));
}

/** Melee parameters with 4 figures in contact a side: the same round, few enough die paths to walk in a test. */
const fewer = <P extends { a: object; b: object }>(p: P): P => ({ ...p, a: { ...p.a, figuresInContact: 4 }, b: { ...p.b, figuresInContact: 4 } });

function expectSame(id: string, params: unknown, options = defaults) {
  const q = question(id);
  const exact = q.exact(q.params.parse(params), options);
  const paths = enumerated(id, q.params.parse(params), options);
  for (const d of exact.distributions) {
    const m = paths.get(d.name)!;
    for (const v of d.values) expect(m.get(String(v.value)) ?? 0, `${d.name}=${v.value}`).toBeCloseTo(v.p, 12);
    for (const [v, p] of m) expect(d.values.find((x) => String(x.value) === v)?.p ?? 0, `${d.name}=${v}`).toBeCloseTo(p, 12);
  }
}

describe('volley odds: fire (6)', () => {
  it('6: 8 muskets at short range at a line in soft cover: hits and figures removed equal every die path of the engine\'s fire', () => {
    expectSame('fire', { figures: 8, range: 'short', target: { figures: 24, cover: 'soft' } });
  });
  it('6: 6 figures (a die and a 1-2 figure die at +1) at long range, chained extended die', () => {
    expectSame('fire', { figures: 6, range: 'long', firerLevel: 'shaken' }, resolveOptions(BURT_OPTIONS, { 'burt.extendedDie': 'chained' }));
  });
  it('6: 2 guns of ball at a battery: crew saves at -1, a d6 per casualty against the next gun\'s crew (destroyed on 4+ from ball)', () => {
    expectSame('fire', { guns: 2, ammunition: 'ball', range: 'short', target: { battery: { guns: 2, ordnance: '6pdr' } } });
  });
  it('6: the hand-derived case: 4 figures at medium range in the open hit on 5+ (1/3) and a hit is saved on 5+ (1/3): a figure removed 2/9', () => {
    const q = question('fire');
    const d = q.exact(q.params.parse({ figures: 4, range: 'medium' }), defaults).distributions.find((x) => x.name === 'removed')!;
    expect(d.values[1].p).toBeCloseTo(2 / 9, 14);
  });
});

describe('volley odds: a target\'s formation (6, 12)', () => {
  it('6, 12 (burt.squareDeepTarget, burt.figuresPerBase): a target\'s formation decides overTwoRanks by the figure model: guns fire as at a target given that depth', () => {
    // 24 foot in column: 6 bases two wide, 3 ranks; 12 in column: 3 bases one wide (two would leave 2
    // ranks), 3 ranks; 8: 2 bases one wide, 2 ranks; with 6 a base, 24 make 4 bases one wide, 4 ranks.
    // A square is deep under burt.squareDeepTarget true (the default) only; a line never.
    const q = question('fire');
    const cases: [string, number, Record<string, string | number | boolean>, boolean][] = [
      ['column', 24, {}, true],
      ['column', 12, {}, true],
      ['column', 8, {}, false],
      ['column', 24, { 'burt.figuresPerBase': 6 }, true],
      ['square', 24, {}, true],
      ['square', 24, { 'burt.squareDeepTarget': false }, false],
      ['line', 24, {}, false],
    ];
    for (const [formation, figures, given, deep] of cases) {
      const options = resolveOptions(BURT_OPTIONS, given);
      const shot = { guns: 2, range: 'medium', target: { figures } };
      const byFormation = q.exact(q.params.parse({ ...shot, target: { figures, formation } }), options);
      const where = `${figures} in ${formation} ${JSON.stringify(given)}`;
      expect(byFormation.distributions, where).toEqual(q.exact(q.params.parse({ ...shot, target: { figures, overTwoRanks: deep } }), options).distributions);
      expect(byFormation.distributions, `${where}: the depth counts`).not.toEqual(q.exact(q.params.parse({ ...shot, target: { figures, overTwoRanks: !deep } }), options).distributions);
    }
  });
  it('both formation and overTwoRanks are refused (the one decides the other), and a formation for skirmishers or a battery', () => {
    const q = question('fire');
    expect(q.params.safeParse({ guns: 2, range: 'short', target: { formation: 'column', overTwoRanks: false } }).error?.issues[0]).toMatchObject({ path: ['target', 'overTwoRanks'] });
    expect(q.params.safeParse({ figures: 8, range: 'short', target: { formation: 'line', skirmishers: true } }).error?.issues[0]).toMatchObject({ path: ['target', 'formation'] });
    expect(q.params.safeParse({ figures: 8, range: 'short', target: { formation: 'line', battery: { guns: 2 } } }).error?.issues[0]).toMatchObject({ path: ['target', 'formation'] });
  });
});

describe('volley odds: melee (9)', () => {
  it('9, 8: 4 against 4 figures, classes C and D: each side\'s casualties, the outcome and each side\'s rout equal every die path', () => {
    expectSame('melee', {
      a: { figuresInContact: 4, figures: 10, startFigures: 24, class: 'C', charging: true, level: 'disordered' },
      b: { figuresInContact: 4, figures: 8, startFigures: 24, class: 'D', level: 'shaken' },
    });
  });
  it("8, 9: the shipped column into a village line (sims/burt/melee-round.odds.yaml): the column, having charged, advanced this turn (+1); each side fails its step-12 test only after an indecisive round in which it lost figures, on a 1: 226/19683", () => {
    // a needs 4 less supported +2, advancing +1, casualties this turn -1; b less hard cover +2, secure
    // flank +1, casualties -1: with no loss neither can fail, with one each fails 1/6. a takes 1 or 2
    // figures off b with 16/81 and 1/81, b off a with 28/81 and 4/81; an indecisive round is equal
    // casualties: (16 * 28 + 1 * 4) / 81^2 = 452/6561, then 1/6.
    const params = {
      a: { figuresInContact: 8, figures: 22, startFigures: 24, formation: 'column', ranks: 3, class: 'C', charging: true, supported: true },
      b: { figuresInContact: 8, figures: 20, startFigures: 24, formation: 'line', ranks: 2, class: 'C', cover: 'hard', secureFlank: true },
      firstContact: true,
    };
    const q = question('melee');
    const e = q.exact(q.params.parse(params), defaults);
    const yes = (name: string) => e.distributions.find((d) => d.name === name)!.values.find((v) => v.value === 'yes')!.p;
    expect(yes('aFailsTest')).toBeCloseTo(226 / 19683, 15);
    expect(yes('bFailsTest')).toBeCloseTo(226 / 19683, 15);
    // Every die path of the sampler, at 4 figures in contact a side (3,256 paths; 8 make 427,456).
    expectSame('melee', fewer(params));
  });
  it("6, 8 (burt.villageCover): a side in a village takes the option's cover: hard by default, as given; soft, the line's step-12 test fails 2020/19683", () => {
    // b (secure flank +1) under soft cover +1 instead of hard +2: after an indecisive round with no loss
    // (64/81 x 49/81) it needs 2, failing on a 1; after one with a loss (452/6561) it needs 3.
    const params = (cover: string) => ({
      a: { figuresInContact: 8, figures: 22, startFigures: 24, formation: 'column', ranks: 3, class: 'C', charging: true, supported: true },
      b: { figuresInContact: 8, figures: 20, startFigures: 24, formation: 'line', ranks: 2, class: 'C', cover, secureFlank: true },
    });
    const q = question('melee');
    const bFails = (cover: string, options = defaults) =>
      q.exact(q.params.parse(params(cover)), options).distributions.find((d) => d.name === 'bFailsTest')!.values.find((v) => v.value === 'yes')!.p;
    expect(bFails('village')).toBe(bFails('hard'));
    const soft = resolveOptions(BURT_OPTIONS, { 'burt.villageCover': 'soft' });
    expect(bFails('village', soft)).toBeCloseTo(2020 / 19683, 15);
    expect(bFails('village', soft)).toBe(bFails('soft'));
    expectSame('melee', fewer(params('village')), soft);
  });
  it("9 (rulings, figure model; burt.meleeRanks, burt.figuresPerBase): without figuresInContact and ranks a side fights as on the lane head-on, the fronts centred: the same odds as those counts given", () => {
    // Fronts (rulings' table): 24 foot in line 12 figures, 6"; in column 2 bases wide, 8 figures, 4",
    // 3 ranks; 16 horse in line 8 at 0.75", 6"; a 24-figure square's face 8, 4"; a battery of 4 guns
    // (the default) 4"; 8 skirmishers in open order 4 at 1", 4". The narrower front is all in contact;
    // the wider side's figures within that width. Under twoRanks the second rank behind them too.
    // With 6 figures a base a 24-figure column of 4 bases is one base wide (two would leave 2 ranks):
    // 6 figures, 3", 4 ranks; with 2, 12 bases two wide: 4 figures, 2", 6 ranks.
    const q = question('melee');
    const cases: [Record<string, unknown>, Record<string, unknown>, Record<string, string | number>, number, number, number, number][] = [
      [{ formation: 'column', charging: true }, {}, {}, 8, 3, 8, 2],
      [{ formation: 'column', charging: true }, {}, { 'burt.meleeRanks': 'twoRanks' }, 16, 3, 16, 2],
      [{ formation: 'column', charging: true }, {}, { 'burt.figuresPerBase': 6 }, 6, 4, 6, 2],
      [{ formation: 'column', charging: true }, {}, { 'burt.figuresPerBase': 2 }, 4, 6, 4, 2],
      [{}, {}, {}, 12, 2, 12, 2],
      [{ arm: 'cavalry', charging: true }, { formation: 'square' }, {}, 5, 2, 8, 1],
      [{ formation: 'column' }, { arm: 'guns' }, {}, 8, 3, 16, 1],
      [{ arm: 'skirmishers' }, {}, {}, 4, 2, 8, 2],
    ];
    for (const [a, b, given, ca, ra, cb, rb] of cases) {
      const options = resolveOptions(BURT_OPTIONS, given);
      const asLane = q.exact(q.params.parse({ a, b }), options);
      const counted = q.exact(q.params.parse({ a: { ...a, figuresInContact: ca, ranks: ra }, b: { ...b, figuresInContact: cb, ranks: rb } }), options);
      const where = `${JSON.stringify(a)} against ${JSON.stringify(b)} ${JSON.stringify(given)}`;
      expect(asLane.distributions, where).toEqual(counted.distributions);
      expect(asLane.worked, where).toMatch(new RegExp(`^side a ${ca} figures in contact, ${ra} ranks?: .*; side b ${cb} figures in contact, ${rb} ranks?: `));
    }
    // And every die path of the sampler agrees with the default counts (4 against 4 with 2 a base).
    expectSame('melee', { a: { formation: 'column', charging: true, class: 'C' }, b: { class: 'D' } }, resolveOptions(BURT_OPTIONS, { 'burt.figuresPerBase': 2 }));
  });
  it('9: the default figures in contact are what the lane counts for the same two units placed head-on, centred (turn/melee.ts contactFigures)', () => {
    const q = question('melee');
    const cases: [Record<string, unknown>, Record<string, unknown>, Record<string, string | number>][] = [
      [{ formation: 'column' }, {}, {}],
      [{ formation: 'column' }, {}, { 'burt.meleeRanks': 'twoRanks' }],
      [{ formation: 'column' }, { formation: 'column' }, { 'burt.figuresPerBase': 6 }],
      [{ formation: 'column', figures: 17 }, { figures: 9 }, { 'burt.figuresPerBase': 3, 'burt.meleeRanks': 'twoRanks' }],
      [{ arm: 'cavalry', figures: 16 }, { formation: 'square' }, {}],
      [{ arm: 'cavalry', figures: 16 }, { formation: 'square' }, { 'burt.figuresPerBase': 2 }],
      [{ formation: 'column' }, { arm: 'guns' }, {}],
      [{ arm: 'skirmishers', figures: 8, formation: 'open' }, {}, { 'burt.meleeRanks': 'twoRanks' }],
    ];
    for (const [a, d, given] of cases) {
      const options = burtOptions(resolveOptions(BURT_OPTIONS, given));
      const p = q.params.parse({ a, b: d }) as MeleeParams;
      // A battery on the lane is its guns (4 by default, burt.gunsPerBattery), its figures their crews.
      const onLane = (x: Record<string, unknown>) => (x.arm === 'guns' ? { ...x, guns: 4, figures: undefined, formation: undefined } : x);
      const g = gameOf({ attacker: [battalion('A', 0, onLane(a))], defender: [battalion('D', 0, onLane(d))], options: given });
      const where = `${JSON.stringify(a)} against ${JSON.stringify(d)} ${JSON.stringify(given)}`;
      expect([meleeContact(p.a, p.b, options), meleeContact(p.b, p.a, options)], where).toEqual([contactFigures(g, unit(g, 'A'), unit(g, 'D')), contactFigures(g, unit(g, 'D'), unit(g, 'A'))]);
    }
  });
  it("7, 9, 12: a side already routing neither routs again when it breaks nor takes the step-12 test, as in play (turn/melee.ts): exact and every die path agree", () => {
    const params = { a: { figuresInContact: 8, level: 'rout', class: 'C' }, b: { figuresInContact: 8, class: 'C' }, firstContact: false };
    const q = question('melee');
    const e = q.exact(q.params.parse(params), defaults);
    const yes = (name: string) => e.distributions.find((d) => d.name === name)!.values.find((v) => v.value === 'yes')!.p;
    expect(yes('aRouts')).toBe(0);
    expect(yes('aFailsTest')).toBe(0);
    // b still routs when it breaks.
    expect(yes('bRouts')).toBeGreaterThanOrEqual(e.distributions.find((d) => d.name === 'outcome')!.values.find((v) => v.value === 'bBreaks')!.p);
    expectSame('melee', fewer(params));
  });
  it('9: without classes no tests are asked: casualties and outcome only', () => {
    const q = question('melee');
    const names = q.exact(q.params.parse({ a: { figuresInContact: 4 }, b: { figuresInContact: 4 } }), defaults).distributions.map((d) => d.name);
    expect(names).toEqual(['inflictedByA', 'inflictedByB', 'outcome']);
  });
});

describe('volley odds: morale (8)', () => {
  it('8: a class C square charged by cavalry needs 2 (4 less 2): passes 5/6, else routs', () => {
    const q = question('morale');
    const e = q.exact(q.params.parse({ class: 'C', purpose: 'assaulted', formation: 'square' }), defaults);
    expect(e.distributions[0].values[0].p).toBeCloseTo(5 / 6, 14);
    expect(e.distributions[1].values).toEqual([{ value: 'formed', p: 5 / 6 }, { value: 'rout', p: expect.closeTo(1 / 6, 14) }]);
  });
  it('7, 8: a rally test is a router\'s (routing -3; passing, it is shaken): asked of another level it is refused at the level', () => {
    const q = question('morale');
    expect(q.params.safeParse({ class: 'C', purpose: 'rally' }).error?.issues[0].path).toEqual(['level']);
    const e = q.exact(q.params.parse({ class: 'B', purpose: 'rally', level: 'rout' }), defaults);
    // B needs 3, less 3 for routing: 6.
    expect(e.distributions[0].values[0].p).toBeCloseTo(1 / 6, 14);
    expect(e.distributions[1].values).toEqual([{ value: 'shaken', p: expect.closeTo(1 / 6, 14) }, { value: 'rout', p: expect.closeTo(5 / 6, 14) }]);
  });
  it('8: a shaken class E unit under half strength (-2, -2) needs 10: it cannot pass', () => {
    expectSame('morale', { class: 'E', level: 'shaken', figures: 10, startFigures: 24 });
    const q = question('morale');
    expect(q.exact(q.params.parse({ class: 'E', level: 'shaken', figures: 10, startFigures: 24 }), defaults).distributions[0].values[0].p).toBe(0);
  });
});

describe('volley odds: advancing and retiring as play reads them (8)', () => {
  const ask = (params: unknown, options: Record<string, boolean>) => {
    const q = question('morale');
    return q.exact(q.params.parse(params), resolveOptions(BURT_OPTIONS, options)).summary as { modifier: number };
  };
  for (const routRetiring of [false, true]) {
    it(`8 (burt.routRetiring ${routRetiring}): a rally test's modifier is play's for a router that made its rout move (3.3): ${routRetiring ? '-4' : '-3'} for class C in sight of the enemy`, () => {
      const options = { 'burt.routRetiring': routRetiring };
      const g = gameOf({ attacker: [battalion('A', 30)], defender: [battalion('D', 0)], defenderMorale: 3, options });
      const d = unit(g, 'D');
      setLevel(g, d, ROUT, 'test');
      routMove(g, d);
      const played = moraleModifierOf(g, d, 'rally');
      expect(played).toBe(routRetiring ? -4 : -3);
      expect(ask({ class: 'C', purpose: 'rally', level: 'rout' }, options).modifier).toBe(played);
      // A router that could not run has not retired under either value.
      expect(ask({ class: 'C', purpose: 'rally', level: 'rout', routOrPursuitMove: false }, options).modifier).toBe(-3);
    });
  }
  for (const pursuitAdvancing of [false, true]) {
    it(`8 (burt.pursuitAdvancing ${pursuitAdvancing}): a test to stop pursuing has play's modifier for a pursuer that made its pursuit move (3.3)`, () => {
      const options = { 'burt.pursuitAdvancing': pursuitAdvancing };
      const g = gameOf({ attacker: [{ id: 'Cav', arm: 'cavalry', figures: 16, at: 10 }], defender: [battalion('D', -20)], defenderMorale: 3, options });
      const [cav, d] = [unit(g, 'Cav'), unit(g, 'D')];
      setLevel(g, d, ROUT, 'test');
      g.pursuing[cav] = d;
      pursuitMove(g, cav);
      const played = moraleModifierOf(g, cav, 'stopPursuit');
      expect(played).toBe(pursuitAdvancing ? 1 : 0);
      expect(ask({ class: 'C', purpose: 'stopPursuit', figures: 16, startFigures: 16 }, options).modifier).toBe(played);
    });
  }
  it('3.3, 8: a rout or pursuit move belongs to a rally or stop-pursuit test only; asked of another it is refused at the field', () => {
    const q = question('morale');
    expect(q.params.safeParse({ class: 'C', routOrPursuitMove: true }).error?.issues[0].path).toEqual(['routOrPursuitMove']);
  });
  it('8, 9: the melee question\'s step-12 test agrees with play for a countercharger that came 2" and was pushed back 3": advanced (+1) and pushed back (-1)', () => {
    const g = gameOf({ attacker: [battalion('A', 10)], defender: [battalion('D', 0)] });
    const d = unit(g, 'D');
    laneMove(g, d, 1, 2, MoveKind.Charge);
    laneMove(g, d, -1, 3, MoveKind.Move);
    g.pushedBack[d] = 1;
    const played = moraleModifierOf(g, d, 'melee');
    const o = burtOptions(defaults);
    const side = question('melee').params.parse({ a: { charging: true, class: 'C' }, b: { class: 'C' } }) as MeleeParams;
    expect(moraleModifier(situationAfterRound(meleeSideMorale(side.a, o), 0, true, false), 'melee', o)).toBe(played);
    // Had it not advanced (a side that held), only the -1.
    const held = question('melee').params.parse({ a: { charging: false, class: 'C' }, b: { class: 'C' } }) as MeleeParams;
    expect(moraleModifier(situationAfterRound(meleeSideMorale(held.a, o), 0, true, false), 'melee', o)).toBe(played - 1);
  });
});

describe('volley odds: supported (8, burt.supported)', () => {
  /** A Prussian line with a friend 3" behind it (FIRE orders, not committed), the French 30" off, in sight. */
  const setup = (supported: string) => ({
    attacker: [battalion('A', 30, { formation: 'column' })],
    defender: [battalion('D', 0), battalion('S', -4, { orders: 'fire' })],
    options: { 'burt.supported': supported },
  });
  const askModifier = (params: unknown, supported: string) => {
    const q = question('morale');
    return q.exact(q.params.parse(params), resolveOptions(BURT_OPTIONS, { 'burt.supported': supported })).summary as { modifier: number };
  };

  for (const mode of ['within6Behind', 'committedOnly']) {
    it(`8 (burt.supported ${mode}): 'friendBehind' is the +2 play gives a friend 3" behind, and 'committed' the +2 of a committed reserve`, () => {
      const g = gameOf(setup(mode));
      const [d, s] = [unit(g, 'D'), unit(g, 'S')];
      const behind = moraleModifierOf(g, d, 'fireLoss');
      expect(askModifier({ class: 'C', supported: 'friendBehind' }, mode).modifier).toBe(behind);
      g.supporting[s] = d; // committed to support it in step 6 (5.3)
      g.epoch++;
      const committed = moraleModifierOf(g, d, 'fireLoss');
      expect(askModifier({ class: 'C', supported: 'committed' }, mode).modifier).toBe(committed);
      // 8: +2 supported: the committed reserve under either reading; the friend behind only under within6Behind.
      expect(committed - askModifier({ class: 'C' }, mode).modifier).toBe(2);
      expect(committed - behind).toBe(mode === 'committedOnly' ? 2 : 0);
    });
  }

  it("8 (burt.supported): the option changes the answer for 'friendBehind' only; true and false decide it outright", () => {
    for (const supported of [true, false, 'committed', 'friendBehind'] as const) {
      const params = { class: 'D', supported };
      const differs = askModifier(params, 'within6Behind').modifier !== askModifier(params, 'committedOnly').modifier;
      expect(differs, String(supported)).toBe(supported === 'friendBehind');
    }
    expectSame('morale', { class: 'D', supported: 'friendBehind', casualtiesThisTurn: true }, resolveOptions(BURT_OPTIONS, { 'burt.supported': 'committedOnly' }));
  });

  it("8, 9 (burt.supported): the melee question's step-12 tests read a side's support the same way", () => {
    const q = question('melee');
    const p = fewer({ a: { class: 'C', supported: 'friendBehind' }, b: { class: 'C' } });
    const fails = (supported: string) => (q.exact(q.params.parse(p), resolveOptions(BURT_OPTIONS, { 'burt.supported': supported })).summary as { testFails: [number, number] }).testFails;
    expect(fails('within6Behind')[0]).toBeLessThan(fails('committedOnly')[0]);
    expect(fails('within6Behind')[1]).toBeCloseTo(fails('committedOnly')[1], 14);
  });
});

describe('volley odds: the order class of skirmishers and guns (7, 9)', () => {
  it('7, 9: a battery or skirmishers default to unformed, as play starts them, and save at +1 in melee (6+); formed is refused', () => {
    const q = question('melee');
    const g = gameOf({ attacker: [battalion('A', 12)], defender: [{ id: 'G', arm: 'guns', guns: 4, at: 0, offset: 0 }, { id: 'S', arm: 'skirmishers', figures: 8, at: -6, offset: 0 }] });
    expect([g.level[unit(g, 'G')], g.level[unit(g, 'S')]]).toEqual([UNFORMED, UNFORMED]);
    for (const arm of ['guns', 'skirmishers']) {
      const p = q.params.parse({ a: { formation: 'column', charging: true }, b: { arm } }) as MeleeParams;
      expect(p.b.level, arm).toBe('unformed');
      expect(q.exact(p, defaults).worked, arm).toMatch(/^side a [^;]*, b saving on 6\+;/);
      const formed = q.params.safeParse({ a: {}, b: { arm, level: 'formed' } });
      expect(formed.error?.issues[0].path, arm).toEqual(['b', 'level']);
    }
  });
});

describe('volley odds: light cavalry attacking formed troops (9, burt.lightCavalryFormed)', () => {
  /** The worked-out line of the round: each side's dice and the score they hit on. */
  const plans = (params: unknown, mode = 'attacking') => {
    const q = question('melee');
    return q.exact(q.params.parse(params), resolveOptions(BURT_OPTIONS, { 'burt.lightCavalryFormed': mode })).worked;
  };
  it('9: hussars charged by a formed column, holding, hit on 5; charging, or under fighting, on 6 (+1); attacking given for a later round', () => {
    const held = { a: { formation: 'column', charging: true }, b: { arm: 'cavalry', light: true } };
    expect(plans(held)).toMatch(/side b .*: \d+ dic?e? to hit on 5\+/);
    expect(plans(held, 'fighting')).toMatch(/side b .*: \d+ dic?e? to hit on 6\+/);
    expect(plans({ ...held, b: { ...held.b, attacking: true } })).toMatch(/side b .*: \d+ dic?e? to hit on 6\+/);
    // The hussars charging (-1) and attacking (+1): 5.
    expect(plans({ a: { formation: 'column' }, b: { arm: 'cavalry', light: true, charging: true } })).toMatch(/side b .*: \d+ dic?e? to hit on 5\+/);
    expectSame('melee', fewer(held));
  });
});

describe('a fire\'s parameters (6): the firers are figures or guns', () => {
  const issue = (params: unknown) => {
    const r = question('fire').params.safeParse(params);
    return r.success ? null : { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
  };
  it('a fire with no firers (neither figures nor guns, or 0 figures) is refused, naming figures', () => {
    expect(issue({ range: 'medium' })).toEqual({ path: 'figures', message: 'missing: expected the figures firing, or guns for a battery' });
    expect(issue({ figures: 0, range: 'medium' })?.path).toBe('figures');
  });
  it('both figures and guns are refused (one would be ignored), and canister without guns', () => {
    expect(issue({ figures: 24, guns: 2, range: 'medium' })?.path).toBe('guns');
    expect(issue({ figures: 24, ammunition: 'canister', range: 'short' })?.path).toBe('ammunition');
    expect(issue({ guns: 4, ammunition: 'canister', range: 'short' })).toBeNull();
    expect(issue({ figures: 24, range: 'short' })).toBeNull();
  });
  it('ammunition or ordnance given to small arms is refused (6: they are the guns\' own), not ignored', () => {
    expect(issue({ figures: 24, ammunition: 'ball', range: 'short' })).toEqual({ path: 'ammunition', message: 'ball is fired by guns; small arms (figures) fire neither ball nor canister' });
    expect(issue({ figures: 24, ordnance: '12pdr', range: 'short' })).toEqual({ path: 'ordnance', message: 'ordnance is the weight of guns; small arms (figures) have none' });
    const parsed = question('fire').params.parse({ guns: 2, range: 'short' }) as { ordnance: string; ammunition: string };
    expect([parsed.ordnance, parsed.ammunition]).toEqual(['6pdr', 'ball']);
  });
  it('7: a routing unit does not fire, so firers that rout are refused (the other order classes are asked)', () => {
    expect(issue({ figures: 12, range: 'medium', firerLevel: 'rout' })).toEqual({ path: 'firerLevel', message: 'a routing unit does not fire (7)' });
    expect(issue({ figures: 12, range: 'medium', firerLevel: 'shaken' })).toBeNull();
  });
});

describe('melee and morale parameters (8, 9): counts of figures that could be', () => {
  const issue = (id: string, params: unknown) => {
    const r = question(id).params.safeParse(params);
    return r.success ? null : { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
  };
  /** The melee question's own check (its defaults depend on the options). */
  const meleeIssue = (params: unknown, options: Record<string, unknown> = {}) => {
    const q = question('melee');
    const found = q.check!(q.params.parse(params), resolveOptions(BURT_OPTIONS, options as never))[0];
    return found ? { path: found.path.join('.'), message: found.message } : null;
  };
  it('more figures in contact than the side has, or more figures than it started with, are refused at the field', () => {
    const side = (o: Record<string, unknown>) => ({ figuresInContact: 8, figures: 24, ...o });
    expect(meleeIssue({ a: side({}), b: side({}) })).toBeNull();
    expect(meleeIssue({ a: side({ figuresInContact: 25 }), b: side({}) })).toEqual({ path: 'a.figuresInContact', message: '25 figures in contact, but the side has 24' });
    expect(meleeIssue({ a: side({}), b: side({ figures: 20, startFigures: 18 }) })?.path).toBe('b.figures');
    expect(issue('morale', { class: 'C', figures: 30, startFigures: 24 })).toEqual({ path: 'figures', message: '30 figures now, more than the 24 it started with (startFigures)' });
    expect(issue('morale', { class: 'C', figures: 12, startFigures: 24 })).toBeNull();
  });
  it("2: a melee side's figures default as a scenario's unit of its arm: 24 foot, 16 horse, 8 skirmishers, a battery's crew (burt.gunsPerBattery guns of 4)", () => {
    for (const [arm, n] of [['infantry', 24], ['cavalry', 16], ['skirmishers', 8], ['guns', 16]] as const) {
      expect(meleeIssue({ a: { figuresInContact: n, arm }, b: { figuresInContact: 8 } }), arm).toBeNull();
      expect(meleeIssue({ a: { figuresInContact: n + 1, arm }, b: { figuresInContact: 8 } })?.message, arm).toBe(`${n + 1} figures in contact, but the side has ${n}`);
    }
    expect(meleeIssue({ a: { figuresInContact: 20, arm: 'guns' }, b: { figuresInContact: 8 } }, { 'burt.gunsPerBattery': 8 })).toBeNull();
  });
  it('12: a side takes a formation of its arm (square infantry only, open order skirmishers only, a battery none), and skirmishers default to open order', () => {
    expect(issue('melee', { a: { figuresInContact: 8, arm: 'cavalry', formation: 'square' }, b: { figuresInContact: 8 } })).toEqual({ path: 'a.formation', message: 'only infantry forms square (12)' });
    expect(issue('melee', { a: { figuresInContact: 8 }, b: { figuresInContact: 8, formation: 'open' } })).toEqual({ path: 'b.formation', message: 'open order is only for skirmishers (12)' });
    expect(issue('melee', { a: { figuresInContact: 8, arm: 'skirmishers', formation: 'line' }, b: { figuresInContact: 8 } })?.message).toBe('skirmishers fight in open order (12)');
    expect(issue('melee', { a: { figuresInContact: 8, arm: 'guns', formation: 'column' }, b: { figuresInContact: 8 } })?.path).toBe('a.formation');
    const parsed = question('melee').params.parse({ a: { figuresInContact: 8, arm: 'skirmishers' }, b: { figuresInContact: 8, arm: 'cavalry' } }) as { a: { formation: string }; b: { formation: string } };
    expect([parsed.a.formation, parsed.b.formation]).toEqual(['open', 'line']);
  });
});

describe('a morale test\'s items that count only for one purpose (8)', () => {
  it('the charging items are refused on a test other than trying to assault, not dropped', () => {
    const issue = (params: unknown) => {
      const r = question('morale').params.safeParse(params);
      return r.success ? null : `${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`;
    };
    expect(issue({ class: 'C', purpose: 'fireLoss', chargingFlankOrRear: true })).toBe('chargingFlankOrRear: counts only when testing to assault (8); this test\'s purpose is fireLoss');
    expect(issue({ class: 'C', chargingSkirmishersOrRouters: true })?.startsWith('chargingSkirmishersOrRouters: ')).toBe(true);
    expect(issue({ class: 'C', purpose: 'assault', chargingFlankOrRear: true, chargingSkirmishersOrRouters: true })).toBeNull();
  });
});
