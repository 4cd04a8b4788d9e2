import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/core/ruleset.js';
import { DEFAULT_NAGB_OPTIONS, NAGB_OPTIONS, nagbOptions, withOptions } from '../../src/rules/nagb/options.js';

// The option table of the rulings page (section 4), written out by hand with each default.
const RULINGS_TABLE: Record<string, string | number | boolean> = {
  groundScale: 25,
  figureScale: 30,
  turnMinutes: 10,
  musketShortRange: 5,
  volleyRange: 8,
  columnChargeBase: 8,
  guardLeadership: 11,
  eliteFireBonus: 'veteranUp',
  cavalryLostStats: 'flat',
  commanderTable: 'uninspiring7',
  initiative: 'winnerIsA',
  smallArmsOrder: 'simultaneous',
  cavalryPhaseBSide: 'B',
  fireAtEngaged: false,
  attackColumnWidth: 8,
  squareFace: 'lineFrontQuarter',
  slowPace: 4,
  infantryTerrainDisorder: 'sameForBoth',
  villageAssaultDisorder: false,
  pointBlank: 'defensiveOnly',
  casualtyRemoval: 'rearFirst',
  lowAmmo: 'more6sThan1s',
  shootingTestScope: 'perStep',
  failedChargeTest: 'hold',
  standAndShootVolley: 'testNoPip',
  halfChargeRounding: 'floor',
  overlapDice: 'perOverlappedEnd',
  outnumberBasis: 'wholeUnit',
  buildingAssault: 'hardOnly',
  disorderedLoser: 'breaksExceptStubborn',
  caughtFleeing: 'pursuitAtLeastFlight',
  freeHack: 'round',
  lostColours: 'shaken',
  rallyModifier: -1,
  routerMove: 'fleeEachTurn',
  brigadeLosses: 'figures',
  brigadeTestFrequency: 'onceEachThreshold',
  brokenBrigade: 'testsOnly',
  villageCover: 'hard',
  townFireFigures: 'facingFrontage',
  ballFigures: 'minRanksBounce',
  nearMiss: 'shortOnly',
  shellHits: 6,
  buildingDamage: false,
  scenarioYear: 1815,
  gameLength: 'sevenThenRoll',
};

// Readings the rulings' table lacks, found in play since, each with its default (docs/rules/nagb.md lists them).
const ADDED: Record<string, string | number | boolean> = {
  // p19 vs p12: what a battery's fire at its chargers costs when it fires and flees.
  batteryChargeFire: 'pip',
  // p10 vs p19-21: whether a battery none of whose guns can hit (7+) fires.
  batteryHoldFire: 'fires',
  // p8 and p40 vs p39: a stubborn loser in march column or beaten by charging heavy cavalry.
  stubbornAutobreak: 'breaks',
  // p2 vs p23: which cavalry is blown after a melee.
  blownCavalry: 'foughtAny',
  // p9 vs p23: how far blown cavalry rides back in its movement phase.
  blownRide: 'toSafety',
  // p23 vs p6: how far recalled cavalry rides back, whether through friends (p28's burst-through) and whether off the table.
  recallRide: 'throughFriends',
  // p29 vs p19, p21: what a battery's failed brigade test does.
  batteryBrigadeTest: 'silenced',
  // p22-23 on the lane: how far cavalry breaking through cavalry rides, measured from where.
  cavalryBreakThrough: 'fromContact',
  // p10 vs p3, p8: whether an attack column volleys.
  volleyFormations: 'lineOrAttackColumn',
  // p8 vs p10, p12: whether cavalry with carbines or pistols ever volleys.
  cavalryVolley: 'never',
  // p40 vs p38: whether veteran cavalry is drilled.
  veteranCavalryDrilled: false,
  // p8, p10 vs p12: what a square that may not volley fires at chargers.
  squareWithoutVolley: 'holdsFire',
  // p35: which way the Russian guns' "minus one to the number needed to hit" goes.
  russianArtillery: 'easier',
  // p20, p21 vs p10: whether a gun needing exactly 7 to hit with ball or shell can still near-miss on a 6.
  nearMissAtSeven: 'none',
  // p28: where the gap of a base width lies that lets routers flow past friends.
  routerGap: 'reached',
  // p28 vs p15: whether a melee loser's break test and a proximity test count as one break test a phase.
  breakTestsPerPhase: 'one',
  // p21 vs p20 (rulings 3.9.2 give shell p20's list): which modifiers a shell's roll to hit takes.
  shellModifiers: 'p21',
  // p20: canister's own list (veterans/guard +1, raw -1) vs ball's (rulings 3.9.2).
  canisterModifiers: 'p20',
  // p23: what resets blown cavalry's recovery tally, any hit (p10, p20-21: the roll to hit) or a casualty.
  recoveryReset: 'hit',
  // p20 vs p10: what blocks small arms fire, the strip between the footprints or artillery's centre line.
  lineOfFire: 'strip',
};
const ALL = { ...RULINGS_TABLE, ...ADDED };

describe('NAGB options (rulings 4)', () => {
  it('rulings 4: every option of the rulings table is declared, and nothing else but the readings added since (46 + 20)', () => {
    const names = NAGB_OPTIONS.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(ALL).map((n) => `nagb.${n}`).sort());
    expect(Object.keys(RULINGS_TABLE)).toHaveLength(46);
    expect(names).toHaveLength(66);
  });
  it('rulings 4: each default is the rulings default and one of its values', () => {
    for (const o of NAGB_OPTIONS) {
      expect(o.default, o.name).toBe(ALL[o.name.slice(5)]);
      expect(o.values, o.name).toContain(o.default);
      expect(o.values.length, o.name).toBeGreaterThan(1);
    }
  });
  it('every option cites a page of the text and has a one-line doc', () => {
    for (const o of NAGB_OPTIONS) {
      expect(o.source, o.name).toMatch(/p\d+/);
      expect(o.doc.length, o.name).toBeGreaterThan(10);
      expect(o.doc, o.name).not.toMatch(/\n/);
    }
  });
  it('nagbOptions reads every resolved option into the typed object, defaults first', () => {
    const resolved = resolveOptions(NAGB_OPTIONS, {});
    const typed = nagbOptions(resolved);
    expect(Object.keys(typed).sort()).toEqual(Object.keys(ALL).sort());
    for (const [k, v] of Object.entries(ALL)) expect((typed as unknown as Record<string, unknown>)[k], k).toBe(v);
    expect(DEFAULT_NAGB_OPTIONS).toEqual(typed);
  });
  it('nagbOptions carries a changed reading through (nagb.guardLeadership 10, nagb.lowAmmo off)', () => {
    const typed = nagbOptions(resolveOptions(NAGB_OPTIONS, { 'nagb.guardLeadership': 10, 'nagb.lowAmmo': 'off' }));
    expect(typed.guardLeadership).toBe(10);
    expect(typed.lowAmmo).toBe('off');
    expect(withOptions({ shellHits: 5 }).shellHits).toBe(5);
  });
  it('resolveOptions rejects a value the option does not list', () => {
    expect(() => resolveOptions(NAGB_OPTIONS, { 'nagb.volleyRange': 10 })).toThrow(/cannot be/);
  });
  it('nagbOptions refuses options that were not resolved', () => {
    expect(() => nagbOptions({})).toThrow(/not resolved/);
  });
  it('rulings 1: the scales are options: 25 yd per inch, 30 men per figure, 10 minutes per turn', () => {
    expect(DEFAULT_NAGB_OPTIONS.groundScale * 16).toBe(400);
    expect(DEFAULT_NAGB_OPTIONS.figureScale * 24).toBe(720);
    expect(DEFAULT_NAGB_OPTIONS.turnMinutes).toBe(10);
  });
  it('docs/rules/nagb.md names every option with its default', () => {
    const doc = readFileSync('docs/rules/nagb.md', 'utf8');
    for (const o of NAGB_OPTIONS) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${o.name}\` |`));
      expect(row, o.name).toBeDefined();
      expect(row!.split('|')[2], o.name).toContain(String(o.default));
    }
  });
});
