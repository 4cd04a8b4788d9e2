import { describe, expect, it } from 'vitest';
import {
  buaContactDisorders,
  aboutFacedAfterRetreat,
  ATTACKER_DRIVEN_BACK,
  ATTACKER_SHATTERED,
  ATTACKER_WITHDRAWS,
  attackerModifier,
  BAYONET_BAND_KEYS,
  bayonetBand,
  bayonetLeaderCaptured,
  bayonetSides,
  bayonetUnitOutcome,
  bayonetWinner,
  BOTH_SHATTERED,
  breakthroughReach,
  breakthroughRequired,
  breakthroughTarget,
  cavalryVsInfantryDrm,
  combatQualityDrm,
  countercharges,
  coverDrm,
  DEFENDER_DRIVEN_BACK,
  DEFENDER_SHATTERED,
  DEFENDER_WITHDRAWS,
  defenderModifier,
  disorderDrm,
  fightsAgain,
  freshHitsDrm,
  heavyCavalryDrm,
  hitsDrm,
  hitsForUnit,
  infantryVsSquareDrm,
  lancersDrm,
  leaderDrm,
  losesBreakthroughBonus,
  outnumberDrm,
  outnumberStands,
  RETREAT_FULL_MOVE,
  rollBayonet,
  squareHolds,
  type BayonetSides,
  type CombatUnit,
} from '../../src/rules/aoe/bayonet.js';
import { D10 } from '../../src/rules/aoe/dice.js';
import { DEFAULT_AOE_OPTIONS } from '../../src/rules/aoe/options.js';

const unit = (x: Partial<CombatUnit> = {}): CombatUnit => ({
  arm: 'infantry', stands: 6, formation: 'line', troops: 'regular', hits: 0, freshHits: 0, disordered: false, cover: 0,
  lancers: false, heavy: false, armoured: false, countercharging: false, attached: false, leader: 0, ...x,
});
const cav = (x: Partial<CombatUnit> = {}) => unit({ arm: 'cavalry', stands: 4, ...x });
const gun = (x: Partial<CombatUnit> = {}) => unit({ arm: 'artillery', stands: 1, ...x });
const o = DEFAULT_AOE_OPTIONS;
const noSit = { breakthrough: false, defenderOutflanked: false };

describe('Bayonet & Sabre modifiers (p2 Bayonet & Sabre Die Roll Modifiers; p3)', () => {
  it('p2: an attached leader +1, a charismatic one +2 (the best of the side)', () => {
    expect(leaderDrm([unit({ leader: 1 })])).toBe(1);
    expect(leaderDrm([unit({ leader: 1 }), unit({ leader: 2 })])).toBe(2);
    expect(leaderDrm([unit()])).toBe(0);
  });
  it('p2: outnumbering 3:2 +1, 2:1 +2, 3:1 +3, 4:1 or more +4, at the exact ratios', () => {
    expect([outnumberDrm(9, 6), outnumberDrm(8, 6), outnumberDrm(12, 6), outnumberDrm(18, 6), outnumberDrm(24, 6), outnumberDrm(30, 6)]).toEqual([1, 0, 2, 3, 4, 4]);
    expect(outnumberDrm(6, 6)).toBe(0);
    expect(outnumberDrm(6, 9)).toBe(0);
    expect(outnumberDrm(6, 4)).toBe(1); // 6:4 is 3:2
  });
  it('p2 (a reading): a side facing no troop stands at all outnumbers it 4:1; a side of none outnumbers nobody', () => {
    expect(outnumberDrm(4, 0)).toBe(4);
    expect(outnumberDrm(0, 0)).toBe(0);
  });
  it('rulings 4: gun stands never count; aoe.outnumberCount allStands counts all troop stands, frontRank those in contact', () => {
    expect(outnumberStands([unit({ formation: 'fieldColumn' }), gun({ attached: true })], 'allStands')).toBe(6);
    expect(outnumberStands([unit({ formation: 'fieldColumn' })], 'frontRank')).toBe(2);
    expect(outnumberStands([unit({ formation: 'none' })], 'frontRank')).toBe(6); // p3: all stands in a BUA count
  });
  it('p3 (note 2): cavalry charging infantry in square -3, in masse -2, in neither +2', () => {
    expect(cavalryVsInfantryDrm([cav()], [unit({ formation: 'square' })], 'openTerrainOnly')).toBe(-3);
    expect(cavalryVsInfantryDrm([cav()], [unit({ formation: 'masse' })], 'openTerrainOnly')).toBe(-2);
    expect(cavalryVsInfantryDrm([cav()], [unit({ formation: 'line' })], 'openTerrainOnly')).toBe(2);
    expect(cavalryVsInfantryDrm([cav(), unit()], [unit({ formation: 'square' })], 'openTerrainOnly')).toBe(-3); // one unit is enough
    expect(cavalryVsInfantryDrm([unit()], [unit({ formation: 'square' })], 'openTerrainOnly')).toBe(0);
    expect(cavalryVsInfantryDrm([cav()], [cav()], 'openTerrainOnly')).toBe(0);
  });
  it('aoe.cavVsInfantry: the +2 needs open ground under openTerrainOnly (p2 "in Open"), not under anyTerrain (p3)', () => {
    expect(cavalryVsInfantryDrm([cav()], [unit({ cover: 1 })], 'openTerrainOnly')).toBe(0);
    expect(cavalryVsInfantryDrm([cav()], [unit({ cover: 1 })], 'anyTerrain')).toBe(2);
    expect(cavalryVsInfantryDrm([cav()], [unit({ formation: 'none', cover: 2 })], 'openTerrainOnly')).toBe(0);
    expect(cavalryVsInfantryDrm([cav()], [unit({ formation: 'none', cover: 2 })], 'anyTerrain')).toBe(2);
    expect(cavalryVsInfantryDrm([cav()], [unit({ formation: 'square', cover: 1 })], 'anyTerrain')).toBe(-3);
  });
  it('p2 (note 2): infantry charging infantry in square +1', () => {
    expect(infantryVsSquareDrm([unit()], [unit({ formation: 'square' })])).toBe(1);
    expect(infantryVsSquareDrm([unit()], [unit({ formation: 'line' })])).toBe(0);
    expect(infantryVsSquareDrm([cav()], [unit({ formation: 'square' })])).toBe(0);
  });
  it('p2 (note 1): lancers charging infantry in the open +1 when half the attacking stands are lancers', () => {
    expect(lancersDrm([cav({ lancers: true })], [unit()])).toBe(1);
    expect(lancersDrm([cav({ lancers: true })], [unit({ cover: 1 })])).toBe(0);
    expect(lancersDrm([cav({ lancers: true, stands: 2 }), cav({ stands: 2 })], [unit()])).toBe(1); // 2 of 4: half
    expect(lancersDrm([cav({ lancers: true, stands: 2 }), cav({ stands: 4 })], [unit()])).toBe(0); // 2 of 6
    expect(lancersDrm([cav({ lancers: true })], [cav()])).toBe(0);
  });
  it('p2 (note 1; aoe.armouredCav): heavy +1; armoured +2 in place of it (replace) or on top (stack, +3)', () => {
    expect(heavyCavalryDrm([cav({ heavy: true })], 'replace')).toBe(1);
    expect(heavyCavalryDrm([cav({ heavy: true, armoured: true })], 'replace')).toBe(2);
    expect(heavyCavalryDrm([cav({ armoured: true })], 'stack')).toBe(3);
    expect(heavyCavalryDrm([cav({ heavy: true })], 'stack')).toBe(1);
    expect(heavyCavalryDrm([cav({ heavy: true, stands: 2 }), unit()], 'replace')).toBe(0); // 2 of 8 stands
  });
  it('p2 (note 1): -2 once for disordered, non-countercharging cavalry, Open Order or an unattached battery', () => {
    expect(disorderDrm([unit({ disordered: true })], 'attacker', [unit()])).toBe(-2);
    expect(disorderDrm([unit({ formation: 'openOrder', disordered: true })], 'attacker', [unit()])).toBe(-2); // not cumulative
    expect(disorderDrm([cav()], 'defender', [unit()])).toBe(-2);
    expect(disorderDrm([cav({ countercharging: true })], 'defender', [unit()])).toBe(0);
    expect(disorderDrm([cav()], 'attacker', [unit()])).toBe(0); // charging cavalry is not "non-countercharging"
    expect(disorderDrm([gun()], 'defender', [unit()])).toBe(-2);
    expect(disorderDrm([unit(), gun({ attached: true })], 'defender', [unit()])).toBe(0);
    expect(disorderDrm([unit({ disordered: true, stands: 2 }), unit({ stands: 4 })], 'attacker', [unit()])).toBe(0); // 2 of 6
    expect(disorderDrm([unit({ disordered: true, stands: 3 }), unit({ stands: 3 })], 'attacker', [unit()])).toBe(-2); // half
  });
  it('p2 countercharging cavalry (aoe.countercharge): in good order it countercharges, unless outflanked under facingCharger; nothing else does', () => {
    expect(countercharges('cavalry', false, false, 'facingCharger')).toBe(true);
    expect(countercharges('cavalry', false, true, 'facingCharger')).toBe(false);
    expect(countercharges('cavalry', false, true, 'anyGoodOrder')).toBe(true);
    for (const rule of ['facingCharger', 'anyGoodOrder'] as const) {
      expect(countercharges('cavalry', true, false, rule)).toBe(false);
      expect(countercharges('infantry', false, false, rule)).toBe(false);
    }
    // Outflanked cavalry in good order: -3 and, not countercharging, -2 as well under the default.
    const taken = [cav({ countercharging: countercharges('cavalry', false, true, 'facingCharger') })];
    expect(defenderModifier([unit()], taken, { breakthrough: false, defenderOutflanked: true }, o)).toBe(-3 - 2 + 1);
  });
  it('p3 Built Up Areas: cavalry attacking a unit in a BUA counts as disordered (-2) whatever its state; under aoe.buaCavalry disordered and onContact it is disordered from contact on', () => {
    expect(disorderDrm([cav()], 'attacker', [unit({ formation: 'none', cover: 2 })])).toBe(-2);
    expect(disorderDrm([cav()], 'attacker', [unit()])).toBe(0);
    expect([buaContactDisorders('disordered'), buaContactDisorders('onContact'), buaContactDisorders('combatOnly')]).toEqual([true, true, false]);
  });
  it('p2 (note 1): -1 for each hit, at the count half the stands carry', () => {
    expect(hitsDrm([unit({ hits: 3 })])).toBe(-3);
    expect(hitsDrm([unit({ hits: 3, stands: 3 }), unit({ hits: 1, stands: 3 })])).toBe(-3); // 3 of 6 stands have 3
    expect(hitsDrm([unit({ hits: 3, stands: 2 }), unit({ hits: 1, stands: 4 })])).toBe(-1);
    expect(hitsDrm([unit()])).toBe(-0);
  });
  it('aoe.freshHits double: a hit of this fire phase is -1 more on top of the each-hit line; once: nothing more', () => {
    expect(freshHitsDrm([unit({ hits: 2, freshHits: 1 })], 'double')).toBe(-1);
    expect(freshHitsDrm([unit({ hits: 2, freshHits: 1 })], 'once')).toBe(0);
    expect(hitsDrm([unit({ hits: 2, freshHits: 1 })]) + freshHitsDrm([unit({ hits: 2, freshHits: 1 })], 'double')).toBe(-3);
  });
  it('p2 (note 1): defending in or behind cover +1/+2/+3 by level', () => {
    expect([0, 1, 2, 3].map((c) => coverDrm([unit({ cover: c })]))).toEqual([0, 1, 2, 3]);
    expect(coverDrm([unit({ cover: 2 }), gun({ cover: 0, attached: true })])).toBe(2); // 6 of 7 stands
  });
  it('p2 (note 1; aoe.guardStep): Regular +1, Elite +2, Conscript 0; guard +3 under extraPlusOne', () => {
    expect(combatQualityDrm([unit({ troops: 'conscript' })], 'sameAsElite')).toBe(0);
    expect(combatQualityDrm([unit()], 'sameAsElite')).toBe(1);
    expect(combatQualityDrm([unit({ troops: 'elite' })], 'sameAsElite')).toBe(2);
    expect(combatQualityDrm([unit({ troops: 'guard' })], 'extraPlusOne')).toBe(3);
    expect(combatQualityDrm([unit({ troops: 'elite', stands: 3 }), unit({ troops: 'conscript', stands: 3 })], 'sameAsElite')).toBe(2);
    expect(combatQualityDrm([unit({ troops: 'elite', stands: 2 }), unit({ troops: 'conscript', stands: 4 })], 'sameAsElite')).toBe(0);
  });

  it('p2: totals: French column of Regulars against Prussian Regulars in the village block (rulings 7 A)', () => {
    const att = [unit({ formation: 'fieldColumn' })];
    const def = [unit({ formation: 'none', cover: o.buaCover })];
    // attacker: Regular +1, stands 6 v 6 no outnumbering; defender: Regular +1, cover +2.
    expect(attackerModifier(att, def, noSit, o)).toBe(1);
    expect(defenderModifier(att, def, noSit, o)).toBe(3);
  });
  it('p2: totals: cuirassiers against a line in the open, and against a square (rulings 7 C)', () => {
    const att = [cav({ heavy: true, armoured: true })];
    // v line: +2 cavalry v infantry, +2 armoured, +1 regular; the defender outnumbers 6:4 (+1) and is Regular (+1).
    expect(attackerModifier(att, [unit()], noSit, o)).toBe(5);
    expect(defenderModifier(att, [unit()], noSit, o)).toBe(2);
    expect(attackerModifier(att, [unit({ formation: 'square' })], noSit, o)).toBe(-3 + 2 + 1);
  });
  it('p2: breakthrough +1 to the attacker; outflanked or rear -3 to the defender', () => {
    expect(attackerModifier([unit()], [unit()], { breakthrough: true, defenderOutflanked: false }, o)).toBe(2);
    expect(defenderModifier([unit()], [unit()], { breakthrough: false, defenderOutflanked: true }, o)).toBe(1 - 3);
  });
  it('p2 Bayonet & Sabre: rollBayonet is attacker die + modifier less defender die + modifier', () => {
    expect(rollBayonet(() => 0.95, () => 0.05, D10, 2, 1)).toBe(10 + 2 - (1 + 1));
  });
});

describe('The differential table (p2 Die Diff. Effects)', () => {
  it('p2: +7 or more, +4..+6, +1..+3, 0, -1..-3, -4..-6, -7 or less', () => {
    const expected = (d: number) => (d >= 7 ? 0 : d >= 4 ? 1 : d >= 1 ? 2 : d === 0 ? 3 : d >= -3 ? 4 : d >= -6 ? 5 : 6);
    for (let d = -15; d <= 15; d++) expect(bayonetBand(d), `diff ${d}`).toBe(expected(d));
    expect(BAYONET_BAND_KEYS).toHaveLength(7);
  });

  const sides = (x: Partial<BayonetSides> = {}): BayonetSides => ({ attackerCavalry: false, defenderSquare: false, attackerHasTroops: true, defenderHasTroops: true, ...x });
  const inf = { arm: 'infantry' as const, countercharging: false };
  const horse = { arm: 'cavalry' as const, countercharging: false };
  const guns = { arm: 'artillery' as const, countercharging: false };

  it('p2 +7 Shattered: the defender takes 2 hits, disordered, retreats a full move; its leader is captured', () => {
    expect(bayonetUnitOutcome(DEFENDER_SHATTERED, 'defender', inf, sides(), o)).toMatchObject({ hits: 2, disordered: true, retreat: RETREAT_FULL_MOVE });
    expect(bayonetLeaderCaptured(DEFENDER_SHATTERED, 'defender')).toBe(true);
    expect(bayonetLeaderCaptured(DEFENDER_DRIVEN_BACK, 'defender')).toBe(false);
  });
  it('p2 +7: the attacker breaks through a half move (infantry per aoe.infantryBreakthrough), taking the position first (a reading)', () => {
    expect(bayonetUnitOutcome(DEFENDER_SHATTERED, 'attacker', inf, sides(), o)).toMatchObject({ occupies: true, breakthrough: 2, hits: 0 });
    expect(bayonetUnitOutcome(DEFENDER_SHATTERED, 'attacker', inf, sides(), { ...o, infantryBreakthrough: 'may' }).breakthrough).toBe(1);
    expect(bayonetUnitOutcome(DEFENDER_SHATTERED, 'attacker', horse, sides({ attackerCavalry: true }), o).breakthrough).toBe(2);
  });
  it('p2 +7 and +4..+6: guns silenced, retreat a full move, and are lost when beaten by cavalry', () => {
    for (const band of [DEFENDER_SHATTERED, DEFENDER_DRIVEN_BACK]) {
      expect(bayonetUnitOutcome(band, 'defender', guns, sides(), o)).toMatchObject({ disordered: true, retreat: RETREAT_FULL_MOVE, gunsLost: false });
      expect(bayonetUnitOutcome(band, 'defender', guns, sides({ attackerCavalry: true }), o).gunsLost).toBe(true);
    }
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'defender', guns, sides({ attackerCavalry: true }), o)).toMatchObject({ retreat: RETREAT_FULL_MOVE, gunsLost: false });
  });
  it('p2 +4..+6 Driven Back: the defender takes 1 hit, disordered, retreats 4"; the attacker occupies, its cavalry must break through', () => {
    expect(bayonetUnitOutcome(DEFENDER_DRIVEN_BACK, 'defender', inf, sides(), o)).toMatchObject({ hits: 1, disordered: true, retreat: 4 });
    expect(bayonetUnitOutcome(DEFENDER_DRIVEN_BACK, 'attacker', inf, sides(), o)).toMatchObject({ occupies: true, breakthrough: 0 });
    expect(bayonetUnitOutcome(DEFENDER_DRIVEN_BACK, 'attacker', horse, sides({ attackerCavalry: true }), o)).toMatchObject({ occupies: true, breakthrough: 2 });
  });
  it('p2 +1..+3 Withdrawal: the defender is disordered and retreats 2", no hit; its cavalry may recall', () => {
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'defender', inf, sides(), o)).toMatchObject({ hits: 0, disordered: true, retreat: 2, mayRecall: false });
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'defender', horse, sides(), o)).toMatchObject({ retreat: 2, mayRecall: true });
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'attacker', inf, sides(), o)).toMatchObject({ occupies: true, breakthrough: 0 });
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'attacker', horse, sides({ attackerCavalry: true }), o)).toMatchObject({ occupies: true, mayRecall: true, breakthrough: 0 });
  });
  it('p2 +1..+3: a square charged by cavalry holds (disordered); the cavalry goes back 2" disordered and nobody occupies', () => {
    const s = sides({ attackerCavalry: true, defenderSquare: true });
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'defender', inf, s, o)).toMatchObject({ retreat: 0, disordered: true });
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'attacker', horse, s, o)).toMatchObject({ occupies: false, retreat: 2, disordered: true, mayRecall: true });
    expect(bayonetUnitOutcome(DEFENDER_WITHDRAWS, 'attacker', inf, s, o)).toMatchObject({ occupies: false, retreat: 0 });
    // A square beaten by +4 is driven back all the same.
    expect(bayonetUnitOutcome(DEFENDER_DRIVEN_BACK, 'defender', inf, s, o).retreat).toBe(4);
  });
  it('p2 0 (printed "Shattered!"): both disordered, each loses a stand (aoe.standLoss hit: 1 hit; ignore: none)', () => {
    for (const role of ['attacker', 'defender'] as const) {
      expect(bayonetUnitOutcome(BOTH_SHATTERED, role, inf, sides(), o)).toMatchObject({ hits: 1, disordered: true, retreat: 0 });
      expect(bayonetUnitOutcome(BOTH_SHATTERED, role, inf, sides(), { ...o, standLoss: 'ignore' }).hits).toBe(0);
    }
  });
  it('p2 0: a side of guns only has a gun stand wrecked instead; guns beside troops are only silenced', () => {
    expect(bayonetUnitOutcome(BOTH_SHATTERED, 'defender', guns, sides({ defenderHasTroops: false }), o)).toMatchObject({ gunWrecked: true, disordered: true });
    expect(bayonetUnitOutcome(BOTH_SHATTERED, 'defender', guns, sides(), o)).toMatchObject({ gunWrecked: false, disordered: true });
  });
  it('p2 0: the breakthrough bonus is lost; aoe.drawResult says whether and when they fight again', () => {
    expect(losesBreakthroughBonus(BOTH_SHATTERED)).toBe(true);
    expect(losesBreakthroughBonus(DEFENDER_WITHDRAWS)).toBe(false);
    expect(fightsAgain(BOTH_SHATTERED, 'nextPhase')).toBe('nextPhase');
    expect(fightsAgain(BOTH_SHATTERED, 'immediate')).toBe('immediate');
    expect(fightsAgain(BOTH_SHATTERED, 'attackerFallsBack')).toBe('no');
    expect(fightsAgain(DEFENDER_WITHDRAWS, 'immediate')).toBe('no');
    expect(bayonetUnitOutcome(BOTH_SHATTERED, 'attacker', inf, sides(), { ...o, drawResult: 'attackerFallsBack' }).retreat).toBe(2);
    expect(bayonetUnitOutcome(BOTH_SHATTERED, 'defender', inf, sides(), { ...o, drawResult: 'attackerFallsBack' }).retreat).toBe(0);
  });
  it('p2 -1..-3 Withdrawal: the attacker is disordered and goes back 2" (cavalry may recall); the defender holds', () => {
    expect(bayonetUnitOutcome(ATTACKER_WITHDRAWS, 'attacker', inf, sides(), o)).toMatchObject({ hits: 0, disordered: true, retreat: 2, mayRecall: false });
    expect(bayonetUnitOutcome(ATTACKER_WITHDRAWS, 'attacker', horse, sides(), o).mayRecall).toBe(true);
    expect(bayonetUnitOutcome(ATTACKER_WITHDRAWS, 'defender', inf, sides(), o)).toMatchObject({ hits: 0, disordered: false, retreat: 0 });
  });
  it('p2 -4..-6 Driven Back: the attacker takes 1 hit, disordered, back 4"', () => {
    expect(bayonetUnitOutcome(ATTACKER_DRIVEN_BACK, 'attacker', inf, sides(), o)).toMatchObject({ hits: 1, disordered: true, retreat: 4 });
  });
  it('p2 -7 Shattered: the attacker takes 2 hits, disordered, a full move back, leader captured; defending cavalry disordered [layout]', () => {
    expect(bayonetUnitOutcome(ATTACKER_SHATTERED, 'attacker', inf, sides(), o)).toMatchObject({ hits: 2, disordered: true, retreat: RETREAT_FULL_MOVE });
    expect(bayonetLeaderCaptured(ATTACKER_SHATTERED, 'attacker')).toBe(true);
    expect(bayonetUnitOutcome(ATTACKER_SHATTERED, 'defender', horse, sides(), o).disordered).toBe(true);
    expect(bayonetUnitOutcome(ATTACKER_SHATTERED, 'defender', inf, sides(), o).disordered).toBe(false);
  });
  it('p2 -1 and worse: cavalry that countercharged may take the position or recall; other defenders just hold', () => {
    for (const band of [ATTACKER_WITHDRAWS, ATTACKER_DRIVEN_BACK, ATTACKER_SHATTERED]) {
      expect(bayonetUnitOutcome(band, 'defender', { arm: 'cavalry', countercharging: true }, sides(), o).mayCarryOrRecall).toBe(true);
      expect(bayonetUnitOutcome(band, 'defender', horse, sides(), o).mayCarryOrRecall).toBe(false);
      expect(bayonetUnitOutcome(band, 'defender', inf, sides(), o).mayCarryOrRecall).toBe(false);
    }
  });
  it('p2 differential table: an outcome object can be reused: every field is reset', () => {
    const out = bayonetUnitOutcome(DEFENDER_SHATTERED, 'defender', guns, sides({ attackerCavalry: true }), o);
    const again = bayonetUnitOutcome(ATTACKER_WITHDRAWS, 'defender', inf, sides(), o, out);
    expect(again).toBe(out);
    expect(again).toEqual({ hits: 0, disordered: false, retreat: 0, mayRecall: false, gunsLost: false, gunWrecked: false, occupies: false, breakthrough: 0, mayCarryOrRecall: false });
  });
  it('p2 differential table: bayonetSides reads cavalry among the attackers, a defending square and troops on each side', () => {
    expect(bayonetSides([cav()], [unit({ formation: 'square' })])).toEqual({ attackerCavalry: true, defenderSquare: true, attackerHasTroops: true, defenderHasTroops: true });
    expect(bayonetSides([unit()], [gun()])).toEqual({ attackerCavalry: false, defenderSquare: false, attackerHasTroops: true, defenderHasTroops: false });
  });
  it('p2 +1..+3 Withdrawal: a square holds against cavalry, and that band is then the defender’s; any other pairing, or another band, is not', () => {
    const square = sides({ attackerCavalry: true, defenderSquare: true });
    expect(squareHolds(DEFENDER_WITHDRAWS, square)).toBe(true);
    expect(bayonetWinner(DEFENDER_WITHDRAWS, square)).toBe('defender');
    for (const band of [DEFENDER_SHATTERED, DEFENDER_DRIVEN_BACK]) {
      expect(squareHolds(band, square)).toBe(false);
      expect(bayonetWinner(band, square)).toBe('attacker');
    }
    expect(bayonetWinner(BOTH_SHATTERED, square)).toBe('draw');
    for (const band of [ATTACKER_WITHDRAWS, ATTACKER_DRIVEN_BACK, ATTACKER_SHATTERED]) expect(bayonetWinner(band, square)).toBe('defender');
    // Infantry against a square, cavalry against a line: Withdrawal is the attacker's.
    expect(bayonetWinner(DEFENDER_WITHDRAWS, sides({ attackerCavalry: false, defenderSquare: true }))).toBe('attacker');
    expect(bayonetWinner(DEFENDER_WITHDRAWS, sides({ attackerCavalry: true, defenderSquare: false }))).toBe('attacker');
  });
  it('aoe.multiUnitHits: one unit the owner picks takes them all, or each troop unit does; guns never', () => {
    expect(hitsForUnit(2, 'infantry', true, 'oneUnit')).toBe(2);
    expect(hitsForUnit(2, 'infantry', false, 'oneUnit')).toBe(0);
    expect(hitsForUnit(2, 'infantry', false, 'eachUnit')).toBe(2);
    expect(hitsForUnit(2, 'artillery', true, 'eachUnit')).toBe(0);
  });
  it('aoe.retreatFacing: about-faced after a retreat only under aboutFaced', () => {
    expect(aboutFacedAfterRetreat('faceEnemy')).toBe(false);
    expect(aboutFacedAfterRetreat('aboutFaced')).toBe(true);
  });
});

describe('Breakthrough (p2 +7 and +4..+6; aoe.breakthrough, aoe.infantryBreakthrough)', () => {
  it('p2: cavalry must break through on +4 or more; infantry on +7 must (default) or may; never otherwise', () => {
    expect(breakthroughRequired(DEFENDER_DRIVEN_BACK, 'cavalry', 'must')).toBe(2);
    expect(breakthroughRequired(DEFENDER_WITHDRAWS, 'cavalry', 'must')).toBe(0);
    expect(breakthroughRequired(DEFENDER_SHATTERED, 'infantry', 'must')).toBe(2);
    expect(breakthroughRequired(DEFENDER_SHATTERED, 'infantry', 'may')).toBe(1);
    expect(breakthroughRequired(DEFENDER_DRIVEN_BACK, 'infantry', 'must')).toBe(0);
    expect(breakthroughRequired(DEFENDER_SHATTERED, 'artillery', 'must')).toBe(0);
  });
  it('p2: a breakthrough charge reaches half a move (cavalry 6")', () => expect(breakthroughReach(12)).toBe(6));
  it('aoe.breakthrough closestAny: the closest enemy, the beaten unit included; unengagedOnly skips beaten and engaged units', () => {
    const cands = [
      { distance: 6, beaten: false, engaged: false },
      { distance: 4, beaten: true, engaged: false },
      { distance: 5, beaten: false, engaged: true },
    ];
    expect(breakthroughTarget(cands, 'closestAny')).toBe(1);
    expect(breakthroughTarget(cands, 'unengagedOnly')).toBe(0);
    expect(breakthroughTarget([{ distance: 4, beaten: true, engaged: false }], 'unengagedOnly')).toBe(-1);
    expect(breakthroughTarget([], 'closestAny')).toBe(-1);
  });
});
