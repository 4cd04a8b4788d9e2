import { describe, expect, it } from 'vitest';
import { resolveOptions, OptionError } from '../../src/core/ruleset.js';
import { BURT_OPTIONS, burtOptions, DEFAULT_BURT_OPTIONS, DEFAULT_BURT_RESOLVED } from '../../src/rules/burt/options.js';

// The rulings page's Options table, transcribed by hand: name, default, alternatives.
const RULINGS: [string, unknown, unknown[]][] = [
  ['extendedDie', 'stepped', ['chained', 'none']],
  ['naturalOne', 'noEffect', ['alwaysFails']],
  ['leftoverFigures', 'penalisedDie', ['dropped']],
  ['movingModifier', 'firer', ['target', 'either']],
  ['simultaneousFire', true, [false]],
  ['firstVolleyArtillery', true, [false]],
  ['gunsPerBattery', 4, [1, 2, 6, 8]],
  ['gunCasualtyRoll', 'perCasualty', ['summed']],
  ['squareDeepTarget', true, [false]],
  ['villageCover', 'hard', ['soft']],
  ['figuresPerBase', 4, [2, 3, 6]],
  ['meleeRanks', 'front', ['twoRanks']],
  ['commandReach', 2, [1, 'all']],
  ['reserveReaction', 'section9', ['section4']],
  ['reactionFire', 'twice', ['once']],
  ['assaultOutOfReach', 'advance', ['stand']],
  ['assaultedTargetManoeuvre', 'formationOnly', ['full', 'none']],
  ['contactedAlwaysFight', true, [false]],
  ['routBeforeContact', 'meleeRouters', ['fleeAtOnce']],
  ['evadeContact', 'catchInReach', ['noContact']],
  ['zeroCasualtyBreak', true, [false]],
  ['indecisiveMelee', 'noBreak', ['equalOnly']],
  ['meleeContinuation', 'continuous', ['oneRound']],
  ['pushBack', 'halfMove', ['fullMove', 'oneInch']],
  ['pursuit', 'cavalryMust', ['all', 'none']],
  ['routMove', 'reserveRate', ['normalMove']],
  ['retreatMove', 'normalMove', ['halfMove']],
  ['strengthModifiers', 'worstOnly', ['cumulative']],
  ['cohesionModifiers', 'currentLevel', ['cumulative']],
  ['routSavePenalty', true, [false]],
  ['fireTestBase', 'startOfTurn', ['original']],
  ['seeingRouts', 'newRoutsOnly', ['anyRouting']],
  ['testsPerTurn', 'eachReason', ['onePerStep']],
  ['supported', 'within6Behind', ['committedOnly']],
  ['sightRange', 48, [24, 96]],
  ['commandElementAsGeneral', false, [true]],
  ['regroupTest', 'automatic', ['moraleTest']],
  ['woodsCavalry', 'quarter', ['threeQuarters']],
  ['villageMovement', 'asWoods', ['open']],
  ['armyMoraleStart', 'units', [1, 5, 12]],
];

// Readings the project found open beyond the rulings page (docs/rules/burt.md, Options).
const OWN: [string, unknown, unknown[]][] = [
  ['lightCavalryFormed', 'attacking', ['fighting']],
  ['routRetiring', false, [true]],
  ['pursuitAdvancing', false, [true]],
  ['mutualAssault', 'bothRoles', ['firstDeclared']],
  ['assaultedReserveOrders', 'afterReaction', ['atDeclaration']],
  ['turnAboutCost', 'quarterMove', ['none']],
  ['fireMoveFrame', 'towardEnemy', ['ownFront']],
  ['followUpOrders', 'anyOrders', ['assaultOrders']],
  ['evadeInContact', 'allowed', ['barred']],
  ['gunsCompulsoryMove', 'asTheyStand', ['limberFirst']],
  ['supportFrame', 'awayFromEnemy', ['ownRear']],
  ['routedReserve', 'keepsReserve', ['leavesAtRout']],
  ['terrainLoss', 'perTurn', ['perMove']],
  ['evaders', 'anyOrdered', ['notGunsOrSquares']],
];

describe('Options (rulings: Options table)', () => {
  it('every option of the rulings page is declared, and the project\'s own (docs/rules/burt.md), and no other (40 + 13)', () => {
    expect(RULINGS).toHaveLength(40);
    expect(BURT_OPTIONS.map((o) => o.name).sort()).toEqual([...RULINGS, ...OWN].map(([n]) => `burt.${n}`).sort());
  });

  for (const [name, def, alts] of [...RULINGS, ...OWN]) {
    it(`burt.${name}: default ${JSON.stringify(def)}, alternatives listed, a source section and a one-line doc`, () => {
      const o = BURT_OPTIONS.find((x) => x.name === `burt.${name}`)!;
      expect(o.default).toBe(def);
      expect(o.values).toContain(def);
      for (const a of alts) expect(o.values).toContain(a);
      expect(o.source).toMatch(/\d/);
      expect(o.doc.length).toBeGreaterThan(10);
      expect(o.doc).not.toContain('\n');
    });
  }

  it('values are unique within each option', () => {
    for (const o of BURT_OPTIONS) expect(new Set(o.values).size, o.name).toBe(o.values.length);
  });

  it('resolveOptions fills every default, and burtOptions reads them typed', () => {
    const resolved = resolveOptions(BURT_OPTIONS);
    expect(resolved).toEqual(DEFAULT_BURT_RESOLVED);
    const o = burtOptions(resolved);
    expect(o.extendedDie).toBe('stepped');
    expect(o.figuresPerBase).toBe(4);
    expect(o.commandReach).toBe(2);
    expect(o.sightRange).toBe(48);
    expect(o.armyMoraleStart).toBe('units');
    expect(Object.keys(o)).toHaveLength(54);
    expect(DEFAULT_BURT_OPTIONS).toEqual(o);
  });

  it('2, 4 (burt.commandReach): "all" reads as Infinity', () => {
    expect(burtOptions(resolveOptions(BURT_OPTIONS, { 'burt.commandReach': 'all' })).commandReach).toBe(Infinity);
  });

  it('numeric options keep their numbers (figuresPerBase, gunsPerBattery, sightRange, armyMoraleStart)', () => {
    const o = burtOptions(resolveOptions(BURT_OPTIONS, { 'burt.figuresPerBase': 6, 'burt.gunsPerBattery': 8, 'burt.sightRange': 24, 'burt.armyMoraleStart': 7 }));
    expect([o.figuresPerBase, o.gunsPerBattery, o.sightRange, o.armyMoraleStart]).toEqual([6, 8, 24, 7]);
  });

  it('a value not listed is refused by resolveOptions', () => {
    expect(() => resolveOptions(BURT_OPTIONS, { 'burt.extendedDie': 'exploding' })).toThrow(OptionError);
    expect(() => resolveOptions(BURT_OPTIONS, { 'burt.figuresPerBase': 5 })).toThrow(OptionError);
  });

  it('burtOptions refuses a record missing a burt option', () => {
    const partial = { ...DEFAULT_BURT_RESOLVED };
    delete partial['burt.pushBack'];
    expect(() => burtOptions(partial)).toThrow(/burt\.pushBack/);
  });
});
