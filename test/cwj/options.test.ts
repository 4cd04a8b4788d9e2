import { describe, expect, it } from 'vitest';
import { OptionError, resolveOptions } from '../../src/core/ruleset.js';
import { CWJ_OPTIONS, cwjOptions, DEFAULT_CWJ_OPTIONS } from '../../src/rules/cwj/options.js';
import { cmToYards, playerTurnsToGameTurns, turnsToMinutes, yardsToCm } from '../../src/rules/cwj/scale.js';

// The option table of the rulings page (../shared/rulings/cwj-napoleonic-rules.md, section 9),
// transcribed by hand: name, default, other values. One deliberate difference: the text's printed
// Austrian Line melee 0 is the default (the text wins), the ruling's 4 an alternative.
const RULINGS: [string, unknown, unknown[]][] = [
  ['yardsPerCm', 25, [20, 30]],
  ['minutesPerTurn', 10, [5, 15]],
  ['missingNationTable', 'french', ['austrian']],
  ['austrianLineMelee', 0, [4, 3]],
  ['lancerMelee', 'charging', ['vsInfantry', 'always3', 'always5']],
  ['chargeMove', 'cavalry12', ['cavalry14', 'ratePlus2']],
  ['cavalryMoveContact', 'allowed', ['chargeOnly']],
  ['formationChangeRate', 'slower', ['start', 'end']],
  ['squareMove', 'halfLine', ['none']],
  ['roughSign', 'bonus', ['penalty']],
  ['roughFailure', 'unformed', ['unformedNoRoll', 'disordered']],
  ['villageCover', 'hard', ['soft']],
  ['villageWall', false, [true]],
  ['generalCheckBonus', 'allChecks', ['rallyPhaseOnly']],
  ['checkRetreatDisorders', true, [false]],
  ['fireIntoContact', 'contactedOnly', ['freshContact']],
  ['artilleryTargetMods', 'stack', ['single']],
  ['meleeMultiUnit', 'sum', ['bestPlusOne']],
  ['cavalryCap', 'loser', ['winner', 'both', 'none']],
  ['controlTest', 'contactBroken', ['anyWin']],
  ['uncontrolledContact', 'nextMeleePhase', ['samePhase']],
  ['routChips', 'both', ['removalOnly']],
  ['checkFailureChips', 'rallyPhaseOnly', ['anyRallyTable']],
  ['chipTally', 'count', ['capAtCorps']],
  ['singleCorpsFatigue', 'apply', ['skip']],
  ['chipUnit', 'unit', ['regiment']],
  ['moralePasses', 3, [0, 1, 2, 4, 5]],
  ['mutualDefeat', 'draw', ['phasingLoses']],
  ['generalUnitLost', 'survives', ['dies']],
  ['fireArc', '45each', ['45total']],
];
// Readings the rulings page lacks, found since (docs/rules/cwj.md lists them): name, default, other values.
const ADDED: [string, unknown, unknown[]][] = [
  // Rulings 12 names line rows for the quality sweep; the light rows are marked * ([FrT], [AuT]).
  ['lightQuality', 'keepRow', ['ladderRow']],
  // [Melee] "Defending wall": a wall line both fronts stand on is defended by one side.
  ['wallDefence', 'nonPhasing', ['either']],
  // [Fire] l.202-204 names no arm for the -2 at cavalry in contact; the rulings say infantry.
  ['cavalryContactFire', 'anyFirer', ['infantryOnly']],
  // [Fire] l.217-224: who is "in" a wall's or hedge's cover when two units meet across it.
  ['lineCover', 'holder', ['either']],
  // [Win] l.296: -2 for an objective "lost to the enemy"; the rulings (section 8) count only one held at the start.
  ['objectiveLost', 'held', ['heldAtStart']],
  // Rulings 11: whether enemies side by side in neighbouring files of the lane touch.
  ['besideContact', 'none', ['flanks']],
  // [Move] l.100-102, read by [Rough] l.115-118, [Contact] l.126-127 and [Spec] l.106: the formation a unit changing it moves in.
  ['moveFormation', 'end', ['start']],
  // [Spec] l.107: whether a formation change in place is a move that lets cavalry within 10 cm withdraw.
  ['withdrawalTrigger', 'moveOrReform', ['moveOnly']],
  // [Contact] l.125-129 vs [Melee] l.254: whether a contact check's retreat takes a unit out of its standing melee.
  ['meleeContactCheck', 'retreats', ['stays']],
];

describe('options (rulings section 9)', () => {
  it('section 9: every option of the rulings page is declared, and no other but the readings added since', () => {
    expect(CWJ_OPTIONS.map((o) => o.name).sort()).toEqual([...RULINGS, ...ADDED].map(([n]) => `cwj.${n}`).sort());
    expect(CWJ_OPTIONS).toHaveLength(39);
  });

  for (const [name, def, others] of [...RULINGS, ...ADDED]) {
    it(`section 9: cwj.${name} defaults to ${JSON.stringify(def)} and offers ${others.map((o) => JSON.stringify(o)).join(', ')}`, () => {
      const spec = CWJ_OPTIONS.find((o) => o.name === `cwj.${name}`)!;
      expect(spec.default).toBe(def);
      expect([...spec.values].sort()).toEqual([def, ...others].sort());
      expect(spec.source.length).toBeGreaterThan(0);
      expect(spec.doc.length).toBeGreaterThan(10);
      if (spec.valueDocs) for (const v of Object.keys(spec.valueDocs)) expect(spec.values.map(String)).toContain(v);
    });
  }

  it('section 9: sources cite a heading tag of the rulings page, or say that the text has none', () => {
    for (const o of CWJ_OPTIONS) expect(o.source, o.name).toMatch(/\[(SoP|Form|Rally|Move|Spec|Rough|Contact|Fire|Melee|Control|Gen|Win|FrT|AuT)\]|^none/);
  });

  it('cwjOptions reads every resolved default into the typed object', () => {
    const o = cwjOptions(resolveOptions(CWJ_OPTIONS));
    expect(o).toEqual(DEFAULT_CWJ_OPTIONS);
    for (const [name, def] of RULINGS) expect((o as unknown as Record<string, unknown>)[name], name).toBe(def);
  });

  it('cwjOptions passes a chosen value through, and resolveOptions refuses a value the option lacks', () => {
    const o = cwjOptions(resolveOptions(CWJ_OPTIONS, { 'cwj.cavalryCap': 'both', 'cwj.moralePasses': 5, 'cwj.villageWall': true }));
    expect(o.cavalryCap).toBe('both');
    expect(o.moralePasses).toBe(5);
    expect(o.villageWall).toBe(true);
    expect(() => resolveOptions(CWJ_OPTIONS, { 'cwj.moralePasses': 6 })).toThrow(OptionError);
    expect(() => resolveOptions(CWJ_OPTIONS, { 'cwj.nope': 1 })).toThrow(OptionError);
  });

  it('cwjOptions refuses options that were not resolved', () => {
    expect(() => cwjOptions({})).toThrow(/not resolved/);
  });
});

describe('scales (rulings section 1)', () => {
  it('section 1: musket range 5 cm is 125 yards at 25 yd/cm; heavy triple range 60 cm is 1,500 yards', () => {
    expect(cmToYards(5, 25)).toBe(125);
    expect(cmToYards(60, 25)).toBe(1500);
  });
  it('section 12: 400 yards is 16 cm at 25 yd/cm, 20 at 20, 13.3 at 30', () => {
    expect(yardsToCm(400, 25)).toBe(16);
    expect(yardsToCm(400, 20)).toBe(20);
    expect(yardsToCm(400, 30)).toBeCloseTo(13.33, 2);
  });
  it('section 1: a game turn is two player turns; 12 game turns are 120 minutes at 10 minutes a turn', () => {
    expect(playerTurnsToGameTurns(24)).toBe(12);
    expect(turnsToMinutes(12, 10)).toBe(120);
    expect(turnsToMinutes(12, 15)).toBe(180);
  });
});
