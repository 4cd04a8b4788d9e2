import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  advancingItem,
  friendsRoutingTestDue,
  isSupported,
  levelAfterTest,
  MORALE_FAILURE,
  MORALE_PURPOSES,
  moraleModifier,
  moralePassProbability,
  moraleTarget,
  noEnemyInSight,
  retiringItem,
  rollMoraleTest,
  strengthModifier,
  testsToTake,
  type MoraleSituation,
} from '../../src/rules/burt/morale.js';
import { DEFAULT_BURT_OPTIONS as O } from '../../src/rules/burt/options.js';
import { DISORDERED, FORMED, ROUT, SHAKEN, UNFORMED } from '../../src/rules/burt/tables.js';

const calm: MoraleSituation = {
  figures: 24,
  startFigures: 24,
  level: FORMED,
  nearestVisibleEnemy: 12,
  chargingSkirmishersOrRouters: false,
  chargingFlankOrRear: false,
  commanderInChief: false,
  subordinateGeneral: false,
  commandElement: false,
  formation: 'line',
  supported: false,
  cover: 'none',
  advancingOrPushingBack: false,
  retiringOrPushedBack: false,
  secureFlank: false,
  casualtiesThisTurn: false,
  armyDemoralised: false,
};
const mod = (s: Partial<MoraleSituation>, purpose: Parameters<typeof moraleModifier>[1] = 'fireLoss', o = O) => moraleModifier({ ...calm, ...s }, purpose, o);

describe('Morale test (8)', () => {
  it('8: the die must equal or exceed the class score less the modifiers: C with +1 needs 3', () => {
    expect(moraleTarget('C', 1)).toBe(3);
    expect(moraleTarget('E', -2)).toBe(8);
  });
  it('8: classes A-E unmodified pass on 2+, 3+, 4+, 5+, 6: 5/6 .. 1/6', () => {
    (['A', 'B', 'C', 'D', 'E'] as const).forEach((k, i) => expect(moralePassProbability(k, 0, 'stepped', 'noEffect')).toBeCloseTo((5 - i) / 6, 14));
  });
  it('6, 8: a class E unit at -1 needs a 7: a 6 then 4+ (stepped)', () => {
    expect(moralePassProbability('E', -1, 'stepped', 'noEffect')).toBeCloseTo(3 / 36, 14);
    expect(moralePassProbability('E', -1, 'none', 'noEffect')).toBe(0);
  });
  it('8: a class A unit at +2 passes always, unless a rolled 1 fails (burt.naturalOne)', () => {
    expect(moralePassProbability('A', 2, 'stepped', 'noEffect')).toBe(1);
    expect(moralePassProbability('A', 2, 'stepped', 'alwaysFails')).toBeCloseTo(5 / 6, 14);
  });
  it('8: rollMoraleTest over every dice path gives moralePassProbability, for every class and modifier -4..+3', () => {
    for (const k of ['A', 'B', 'C', 'D', 'E'] as const) for (let m = -4; m <= 3; m++) {
      let p = 0;
      enumerateDice((d) => rollMoraleTest(k, m, 'stepped', 'noEffect', d.morale(0)), (q, ok) => (p += ok ? q : 0));
      expect(p, `${k} ${m}`).toBeCloseTo(moralePassProbability(k, m, 'stepped', 'noEffect'), 14);
    }
  });
  it('8: 100000 seeded class C tests at -1 pass within 4 standard errors of 2/6 (they need a 5)', () => {
    const u = aleaStream('burt-morale');
    const n = 100_000;
    let k = 0;
    for (let i = 0; i < n; i++) if (rollMoraleTest('C', -1, 'stepped', 'noEffect', u)) k++;
    const p = 2 / 6; // needs a 5
    expect(Math.abs(k / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });
});

describe('Morale modifiers (8)', () => {
  it('8: a formed, full-strength unit with an enemy in sight and nothing else: 0', () => {
    expect(mod({})).toBe(0);
  });
  it('8 (burt.sightRange): no enemy in sight +2 when the nearest visible enemy is beyond the range', () => {
    expect(noEnemyInSight(48, 48)).toBe(false);
    expect(noEnemyInSight(49, 48)).toBe(true);
    expect(mod({ nearestVisibleEnemy: Infinity })).toBe(2);
    expect(mod({ nearestVisibleEnemy: 30 }, 'fireLoss', { ...O, sightRange: 24 })).toBe(2);
  });
  it('8: testing to charge skirmishers or routers +2, a flank or rear +2: only for the assault test', () => {
    expect(mod({ chargingSkirmishersOrRouters: true }, 'assault')).toBe(2);
    expect(mod({ chargingFlankOrRear: true, chargingSkirmishersOrRouters: true }, 'assault')).toBe(4);
    expect(mod({ chargingFlankOrRear: true }, 'fireLoss')).toBe(0);
  });
  it('8: being charged in square +2, in column +1: only for the assaulted test', () => {
    expect(mod({ formation: 'square' }, 'assaulted')).toBe(2);
    expect(mod({ formation: 'column' }, 'assaulted')).toBe(1);
    expect(mod({ formation: 'line' }, 'assaulted')).toBe(0);
    expect(mod({ formation: 'square' }, 'melee')).toBe(0);
  });
  it('8: C-in-C +2, subordinate general +1; the command element counts only under burt.commandElementAsGeneral, and never twice', () => {
    expect(mod({ commanderInChief: true })).toBe(2);
    expect(mod({ subordinateGeneral: true })).toBe(1);
    expect(mod({ commandElement: true })).toBe(0);
    expect(mod({ commandElement: true }, 'fireLoss', { ...O, commandElementAsGeneral: true })).toBe(1);
    expect(mod({ commandElement: true, subordinateGeneral: true }, 'fireLoss', { ...O, commandElementAsGeneral: true })).toBe(1);
  });
  it('8: supported +2; hard cover +2, soft cover +1', () => {
    expect(mod({ supported: true })).toBe(2);
    expect(mod({ cover: 'hard' })).toBe(2);
    expect(mod({ cover: 'soft' })).toBe(1);
  });
  it('8: advancing or pushing back +1; retiring or pushed back -1; a secure flank +1', () => {
    expect(mod({ advancingOrPushingBack: true })).toBe(1);
    expect(mod({ retiringOrPushedBack: true })).toBe(-1);
    expect(mod({ secureFlank: true })).toBe(1);
  });
  it('8 (rulings: advancing / retiring = moved toward / away from the enemy this turn): every move counts, so a charger pushed back further than it came is advancing and retiring at once', () => {
    // Charged 2", pushed back 3": both items, which cancel (+1 - 1), not the -1 of the net 1" back.
    const advancing = advancingItem(2, 0, false, 'melee', O);
    const retiring = retiringItem(3, 0, true, 'melee', O);
    expect([advancing, retiring]).toEqual([true, true]);
    expect(mod({ advancingOrPushingBack: advancing, retiringOrPushedBack: retiring }, 'melee')).toBe(0);
    // No move at all: neither, unless pushing back or pushed back.
    expect([advancingItem(0, 0, false, 'melee', O), retiringItem(0, 0, false, 'melee', O)]).toEqual([false, false]);
    expect([advancingItem(0, 0, true, 'melee', O), retiringItem(0, 0, true, 'melee', O)]).toEqual([true, true]);
  });
  it('8 (burt.routRetiring): a router\'s own rout move is not retiring on its rally test by default (routing -3 prices the flight); true, it is (-1 more)', () => {
    // A router that ran 8" (its whole move this turn) tests to rally.
    expect(retiringItem(8, 8, false, 'rally', O)).toBe(false);
    expect(retiringItem(8, 8, false, 'rally', { ...O, routRetiring: true })).toBe(true);
    // A push-back, or a move away besides the rout move, still counts.
    expect(retiringItem(8, 8, true, 'rally', O)).toBe(true);
    expect(retiringItem(10, 8, false, 'rally', O)).toBe(true);
    // Class C routing (-3) needs 7, 1/12; with the rout move as retiring (-4) it needs 8, 1/18.
    const rally = (o: typeof O) => moralePassProbability('C', mod({ level: ROUT, retiringOrPushedBack: retiringItem(8, 8, false, 'rally', o) }, 'rally', o), 'stepped', 'noEffect');
    expect(rally(O)).toBeCloseTo(1 / 12, 14);
    expect(rally({ ...O, routRetiring: true })).toBeCloseTo(1 / 18, 14);
    // Only the rally test: the option leaves every other purpose's moves alone.
    expect(retiringItem(8, 8, false, 'fireLoss', O)).toBe(true);
  });
  it('8 (burt.pursuitAdvancing): a pursuer\'s own pursuit move is not advancing on its test to stop by default; true, it is (+1)', () => {
    expect(advancingItem(12, 12, false, 'stopPursuit', O)).toBe(false);
    expect(advancingItem(12, 12, false, 'stopPursuit', { ...O, pursuitAdvancing: true })).toBe(true);
    expect(advancingItem(12, 12, true, 'stopPursuit', O)).toBe(true);
    expect(advancingItem(12, 12, false, 'melee', O)).toBe(true);
    // Class C, nothing else: 4+ (1/2) by default, 3+ (2/3) with the pursuit as advancing.
    const stop = (o: typeof O) => moralePassProbability('C', mod({ advancingOrPushingBack: advancingItem(12, 12, false, 'stopPursuit', o) }, 'stopPursuit', o), 'stepped', 'noEffect');
    expect(stop(O)).toBeCloseTo(1 / 2, 14);
    expect(stop({ ...O, pursuitAdvancing: true })).toBeCloseTo(2 / 3, 14);
  });
  it('8: casualties this turn -1; army demoralised -1', () => {
    expect(mod({ casualtiesThisTurn: true })).toBe(-1);
    expect(mod({ armyDemoralised: true })).toBe(-1);
  });
  it('8: disordered -1, shaken -2, routing -3; unformed nothing (burt.cohesionModifiers currentLevel)', () => {
    expect([UNFORMED, DISORDERED, SHAKEN, ROUT].map((level) => mod({ level }))).toEqual([0, -1, -2, -3]);
  });
  it('7, 8 (burt.cohesionModifiers cumulative): shaken -3, routing -6', () => {
    expect(mod({ level: SHAKEN }, 'fireLoss', { ...O, cohesionModifiers: 'cumulative' })).toBe(-3);
    expect(mod({ level: ROUT }, 'fireLoss', { ...O, cohesionModifiers: 'cumulative' })).toBe(-6);
  });
  it('8: strength is against starting figures, strictly under: 18 of 24 is not under three quarters, 17 is', () => {
    expect(strengthModifier(18, 24, 'worstOnly')).toBe(0);
    expect(strengthModifier(17, 24, 'worstOnly')).toBe(-1);
    expect(strengthModifier(12, 24, 'worstOnly')).toBe(-1);
    expect(strengthModifier(11, 24, 'worstOnly')).toBe(-2);
    expect(strengthModifier(8, 24, 'worstOnly')).toBe(-2);
    expect(strengthModifier(7, 24, 'worstOnly')).toBe(-3);
  });
  it('8 (burt.strengthModifiers cumulative): under a third is -1 -2 -3 = -6; under half -3', () => {
    expect(strengthModifier(7, 24, 'cumulative')).toBe(-6);
    expect(strengthModifier(11, 24, 'cumulative')).toBe(-3);
    expect(strengthModifier(17, 24, 'cumulative')).toBe(-1);
    expect(mod({ figures: 7 }, 'fireLoss', { ...O, strengthModifiers: 'cumulative' })).toBe(-6);
  });
  it('8: the items add: a shaken unit at half strength with casualties, pushed back, in soft cover: -2 -2 -1 -1 +1 = -5', () => {
    expect(mod({ level: SHAKEN, figures: 11, casualtiesThisTurn: true, retiringOrPushedBack: true, cover: 'soft' }, 'melee')).toBe(-5);
  });
});

describe('Supported, seeing routs, several reasons (8)', () => {
  it('8 (burt.supported within6Behind): a committed support, or a friend within 6" behind that is not shaken or routing', () => {
    expect(isSupported('within6Behind', true, null)).toBe(true);
    expect(isSupported('within6Behind', false, { distance: 6, level: DISORDERED })).toBe(true);
    expect(isSupported('within6Behind', false, { distance: 6.5, level: FORMED })).toBe(false);
    expect(isSupported('within6Behind', false, { distance: 3, level: SHAKEN })).toBe(false);
    expect(isSupported('within6Behind', false, null)).toBe(false);
  });
  it('8 (burt.supported committedOnly): only a committed support counts', () => {
    expect(isSupported('committedOnly', false, { distance: 2, level: FORMED })).toBe(false);
    expect(isSupported('committedOnly', true, null)).toBe(true);
  });
  it('8 (burt.seeingRouts): newRoutsOnly tests on a friend starting to rout; anyRouting on any router seen', () => {
    expect(friendsRoutingTestDue(0, 2, 'newRoutsOnly')).toBe(false);
    expect(friendsRoutingTestDue(1, 1, 'newRoutsOnly')).toBe(true);
    expect(friendsRoutingTestDue(0, 2, 'anyRouting')).toBe(true);
    expect(friendsRoutingTestDue(0, 0, 'anyRouting')).toBe(false);
  });
  it('8 (burt.testsPerTurn): eachReason keeps every test; onePerStep keeps the one whose failure is worst', () => {
    expect(testsToTake(['fireLoss', 'friendsRouting'], 'eachReason')).toEqual(['fireLoss', 'friendsRouting']);
    expect(testsToTake(['fireLoss', 'friendsRouting'], 'onePerStep')).toEqual(['fireLoss']);
    expect(testsToTake(['support', 'assaulted'], 'onePerStep')).toEqual(['assaulted']);
    expect(testsToTake([], 'onePerStep')).toEqual([]);
  });
});

describe('What a failed test does (8)', () => {
  it('8: the table of purposes: fire loss, assault, support, melee, seeing routs, army morale lose a level; assaulted routs', () => {
    for (const p of ['fireLoss', 'assault', 'support', 'melee', 'friendsRouting', 'armyMorale'] as const) expect(MORALE_FAILURE[p].level, p).toBe('loseLevel');
    expect(MORALE_FAILURE.assaulted.level).toBe('rout');
    expect(MORALE_FAILURE.assault.cancels).toBe('assault');
    expect(MORALE_FAILURE.support.cancels).toBe('support');
    expect(MORALE_FAILURE.rally.continues).toBe('rout');
    expect(MORALE_FAILURE.stopPursuit.continues).toBe('pursuit');
    expect(MORALE_PURPOSES).toHaveLength(10);
  });
  it('8: failing loses a level; a shaken unit failing routs; failing the assaulted test routs from any level', () => {
    expect(levelAfterTest(FORMED, 'fireLoss', false)).toBe(UNFORMED);
    expect(levelAfterTest(SHAKEN, 'melee', false)).toBe(ROUT);
    expect(levelAfterTest(FORMED, 'assaulted', false)).toBe(ROUT);
  });
  it('8: passing changes nothing, except a rally: rout to shaken', () => {
    expect(levelAfterTest(DISORDERED, 'fireLoss', true)).toBe(DISORDERED);
    expect(levelAfterTest(ROUT, 'rally', true)).toBe(SHAKEN);
    expect(levelAfterTest(ROUT, 'rally', false)).toBe(ROUT);
  });
  it('8: failing to stop a pursuit changes no level', () => {
    expect(levelAfterTest(FORMED, 'stopPursuit', false)).toBe(FORMED);
  });
});
