import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/core/ruleset.js';
import { AOE_OPTIONS, aoeOptions, DEFAULT_AOE_OPTIONS } from '../../src/rules/aoe/options.js';

// Transcribed by hand from rulings/age-of-eagles-regimental.md section 4: name, default, alternatives.
const RULINGS_TABLE: [string, string | number | boolean, (string | number | boolean)[]][] = [
  ['die', 'd10', ['d6']],
  ['d10Faces', '1-10', ['0-9']],
  ['standLoss', 'hit', ['ignore']],
  ['cohesion', 'quarters', ['quartersNoBreak', 'none']],
  ['disorderedFire', 'half', ['none']],
  ['skirmishFire', 'perStand', ['perUnit']],
  ['skirmishPenalty', 'either', ['openOrderOnly']],
  ['squareFire', 'allStands', ['facingFace']],
  ['combineFire', 'separate', ['combined']],
  ['chargerFires', true, [false]],
  ['chargeRequires', 'anyMove', ['fullMove', 'aLaBayonette']],
  ['squareRoll', 'squareOnly', ['fullResult']],
  ['marchCheck', 'movers', ['everyUnit']],
  ['outnumberCount', 'allStands', ['frontRank']],
  ['cavVsInfantry', 'openTerrainOnly', ['anyTerrain']],
  ['armouredCav', 'replace', ['stack']],
  ['freshHits', 'double', ['once']],
  ['drawResult', 'nextPhase', ['immediate', 'attackerFallsBack']],
  ['breakthrough', 'closestAny', ['unengagedOnly']],
  ['infantryBreakthrough', 'must', ['may']],
  ['multiUnitHits', 'oneUnit', ['eachUnit']],
  ['removalHits', 'five', ['prorated']],
  ['retreatFacing', 'faceEnemy', ['aboutFaced']],
  ['retireDistance', 'musket', ['skirmish']],
  ['initiative', 'roll', ['attackerFirst']],
  ['infantryRough', 'half', ['none']],
  ['linearMasse', 'inconsistent', ['consistent']],
  ['buaCover', 2, [1, 3]],
  ['guardStep', 'sameAsElite', ['extraPlusOne']],
  ['hitMen', 'fifth', ['stand']],
];
// Readings the rulings page lacks, found since (docs/rules/aoe.md lists them): name, default, alternatives.
const ADDED: [string, string | number | boolean, (string | number | boolean)[]][] = [
  // p2: "non-countercharging cavalry" -2; the text never says when defending cavalry countercharges.
  ['countercharge', 'facingCharger', ['anyGoodOrder']],
  // p1/p3 March Mode -2 "to move in" a formation; p1: a formation change costs half a move.
  ['marchModeChange', 'moveOnly', ['changeToo']],
  // p2 +1 "changed formation"; p1/p3 Built Up Areas: entering occupies automatically, leaving is reforming.
  ['buaEntry', 'noChange', ['changedFormation']],
  // p3 Built Up Areas: cavalry attacking a unit in a BUA are always Disordered; p1 -3 disordered cavalry charging.
  ['buaCavalry', 'disordered', ['onContact', 'combatOnly']],
  // p1 Built-up Areas: a charge at a block contacts its outside edge; entering a vacant block ends the move.
  ['blockEdge', 'contact', ['noContact']],
  // p2 Telling: "1 gun stand damaged"; Galling silences; troops' results include the lower ones'.
  ['tellingGuns', 'damaged', ['silencedToo']],
  // p1 movement notes: a battery can prolong 1" without limbering; the text says no more.
  ['prolonge', 'move', ['off']],
  // p1 Play Sequence: all charges and breakthroughs resolved, results at once; silent on who joins a breakthrough's combat.
  ['breakthroughCombat', 'oncePerPhase', ['allInContact']],
  // p1 movement notes: passage of lines; p1/p3 Built-up Areas: a block holds a single unit; retreats end on friends only on the lane.
  ['retreatOntoFriend', 'beyond', ['short', 'share']],
  // p1/p2 retreat distances; rulings 3.6: a retreat off the lane removes the unit; silent on one an enemy stops.
  ['blockedRetreat', 'cutOff', ['stop']],
  // p1 Retire: beyond enemy musketry range; p2: muskets are infantry's.
  ['retireFrom', 'infantry', ['anyEnemy']],
  // p1 movement notes: passage of lines, 3" a unit penetrated; p1/p3 Built-up Areas: a block holds a single unit.
  ['friendInPath', 'passage', ['short', 'share']],
  // p1 movement notes: half a move to change formation, about no stand named; p1/p3 Built-up Areas: one unit to a block.
  ['formationRoom', 'aside', ['refuse', 'share']],
];
const ALL = [...RULINGS_TABLE, ...ADDED];

describe('Options (rulings 4: every aoe. option with its default, alternatives and source)', () => {
  it('rulings 4: the thirty options of the rulings table are declared, and no other but the readings added since', () => {
    expect(RULINGS_TABLE).toHaveLength(30);
    expect(AOE_OPTIONS.map((o) => o.name).sort()).toEqual(ALL.map(([n]) => `aoe.${n}`).sort());
  });

  for (const [name, def, alts] of ALL) {
    it(`rulings 4: aoe.${name} defaults to ${JSON.stringify(def)} with ${alts.map((a) => JSON.stringify(a)).join(', ')} as alternatives`, () => {
      const spec = AOE_OPTIONS.find((o) => o.name === `aoe.${name}`)!;
      expect(spec.default).toBe(def);
      expect([...spec.values].sort()).toEqual([def, ...alts].sort());
    });
  }

  it('every option has a source citing the text and a one-line doc', () => {
    for (const o of AOE_OPTIONS) {
      expect(o.source, o.name).toMatch(/p[123]|rulings|tables/);
      expect(o.doc.length, o.name).toBeGreaterThan(10);
      expect(o.doc, o.name).not.toContain('\n');
      expect(o.values, o.name).toContain(o.default);
    }
  });

  it('aoeOptions of the core resolver with no choices gives every default, typed', () => {
    const opts = aoeOptions(resolveOptions(AOE_OPTIONS, {}));
    expect(opts).toEqual(DEFAULT_AOE_OPTIONS);
    for (const [name, def] of ALL) expect((opts as unknown as Record<string, unknown>)[name], name).toBe(def);
    expect(Object.keys(opts)).toHaveLength(43);
  });

  it('aoeOptions carries every chosen value through', () => {
    const given = Object.fromEntries(ALL.map(([n, , alts]) => [`aoe.${n}`, alts[alts.length - 1]]));
    const opts = aoeOptions(resolveOptions(AOE_OPTIONS, given)) as unknown as Record<string, unknown>;
    for (const [n, , alts] of ALL) expect(opts[n], n).toBe(alts[alts.length - 1]);
  });

  it('aoeOptions rejects a value outside an option list (a hand-built record cannot slip past)', () => {
    expect(() => aoeOptions({ 'aoe.die': 'd20' })).toThrow(/aoe\.die/);
    expect(() => aoeOptions({ 'aoe.buaCover': 4 })).toThrow(/aoe\.buaCover/);
  });

  it('the core resolver refuses an unknown aoe option name', () => {
    expect(() => resolveOptions(AOE_OPTIONS, { 'aoe.nonsense': 1 })).toThrow(/unknown option/);
  });
});
