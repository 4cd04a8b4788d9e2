import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import {
  diceForFigures,
  firingFigures,
  formationMayVolley,
  frontAfterLosses,
  frontOf,
  holdsFire,
  lowOnAmmo,
  mayFireAt,
  mayReload,
  mayVolley,
  newHitRoll,
  rangeBand,
  ranksOf,
  rollCasualties,
  rollHits,
  type ShotModifiers,
  smallArmOf,
  smallArmRefusal,
  smallArmsOfArm,
  splitCasualties,
  squareFace,
  squareFireAtChargers,
  toHitNeeded,
  townFiringFigures,
  type VolleyConditions,
} from '../../src/rules/nagb/shooting.js';

const plain: ShotModifiers = {
  firerClass: 'line',
  firerDisordered: false,
  band: 'short',
  cover: 'none',
  targetCharging: false,
  targetSkirmishers: false,
  targetDeployedArtillery: false,
  mounted: false,
  portugueseLine: false,
};

describe('Range bands (p10, p12, p17)', () => {
  it('p10: musket short to 5", long to 8", out beyond', () => {
    expect(rangeBand('musket', 5, false, false, O)).toBe('short');
    expect(rangeBand('musket', 5.5, false, false, O)).toBe('long');
    expect(rangeBand('musket', 8, false, false, O)).toBe('long');
    expect(rangeBand('musket', 8.5, false, false, O)).toBe('out');
  });
  it('p17 (nagb.musketShortRange 4): long range over 4"', () => {
    expect(rangeBand('musket', 4.5, false, false, withOptions({ musketShortRange: 4 }))).toBe('long');
  });
  it('p8 (nagb.volleyRange 9): a musket volley reaches 9"; normal fire still 8"', () => {
    const o = withOptions({ volleyRange: 9 });
    expect(rangeBand('musket', 9, true, false, o)).toBe('long');
    expect(rangeBand('musket', 9, false, false, o)).toBe('out');
    expect(rangeBand('musket', 9, true, false, O)).toBe('out');
  });
  it('p10: rifles reach 9" with no long-range band', () => {
    expect(rangeBand('rifle', 9, false, false, O)).toBe('short');
  });
  it('p12 (nagb.pointBlank): 1" or less is point blank for defensive fire only, or for all fire', () => {
    expect(rangeBand('musket', 1, false, true, O)).toBe('pointBlank');
    expect(rangeBand('musket', 1, false, false, O)).toBe('short');
    expect(rangeBand('musket', 1, false, false, withOptions({ pointBlank: 'allFire' }))).toBe('pointBlank');
    expect(rangeBand('musket', 0, false, true, O)).toBe('pointBlank');
  });
});

describe('The score to hit (p10, p12, p17-18)', () => {
  it('p10: 4+ for line troops at short range in the open', () => {
    expect(toHitNeeded(plain, O)).toBe(4);
  });
  it('p18: shooting at charging infantry needs 5+ (the French fire 6 dice needing 5+)', () => {
    expect(toHitNeeded({ ...plain, targetCharging: true }, O)).toBe(5);
  });
  it('p12: charging units get no cover', () => {
    expect(toHitNeeded({ ...plain, targetCharging: true, cover: 'hard' }, O)).toBe(5);
  });
  it('p10: veterans +1, raw -1, disordered -1, long -1, soft -1, hard -2, skirmishers -1, guns -1, mounted -1', () => {
    expect(toHitNeeded({ ...plain, firerClass: 'veteran' }, O)).toBe(3);
    expect(toHitNeeded({ ...plain, firerClass: 'conscripts' }, O)).toBe(5);
    expect(toHitNeeded({ ...plain, firerDisordered: true }, O)).toBe(5);
    expect(toHitNeeded({ ...plain, band: 'long' }, O)).toBe(5);
    expect(toHitNeeded({ ...plain, cover: 'soft' }, O)).toBe(5);
    expect(toHitNeeded({ ...plain, cover: 'hard' }, O)).toBe(6);
    expect(toHitNeeded({ ...plain, targetSkirmishers: true }, O)).toBe(5);
    expect(toHitNeeded({ ...plain, targetDeployedArtillery: true }, O)).toBe(5);
    expect(toHitNeeded({ ...plain, mounted: true }, O)).toBe(5);
  });
  it('p12: point blank +1; p35: the Portuguese line one off the number needed', () => {
    expect(toHitNeeded({ ...plain, band: 'pointBlank', targetCharging: true }, O)).toBe(4);
    expect(toHitNeeded({ ...plain, portugueseLine: true }, O)).toBe(3);
  });
  it('p10: needing 7+ the unit holds its fire (raw, disordered, long range, hard cover: 9)', () => {
    const need = toHitNeeded({ ...plain, firerClass: 'militia', firerDisordered: true, band: 'long', cover: 'hard' }, O);
    expect(need).toBe(9);
    expect(holdsFire(need)).toBe(true);
    expect(holdsFire(6)).toBe(false);
  });
  it('rulings 3.3: 2+ is the best possible score', () => {
    expect(toHitNeeded({ ...plain, firerClass: 'veteran', band: 'pointBlank', portugueseLine: true }, O)).toBe(2);
  });
});

describe('Figures and dice (p8, p10, p30, p35)', () => {
  it('p10: half the front rank rounded up; a volley all of it; skirmishers every figure', () => {
    expect(firingFigures('normal', 12, 24)).toBe(6);
    expect(firingFigures('normal', 7, 13)).toBe(4);
    expect(firingFigures('volley', 12, 24)).toBe(12);
    expect(firingFigures('skirmish', 1, 8)).toBe(8);
  });
  it('p30 (nagb.townFireFigures): half the facing figures rounded up: 12 on the edge fire 6; all 24 facing, 12', () => {
    expect(townFiringFigures(24, 12, O)).toBe(6);
    expect(townFiringFigures(24, 12, withOptions({ townFireFigures: 'allFacing' }))).toBe(12);
    expect(townFiringFigures(9, 12, O)).toBe(5);
  });
  it('p35: British line rolls four dice for each three figures', () => {
    expect(diceForFigures(6, true)).toBe(8);
    expect(diceForFigures(7, true)).toBe(9);
    expect(diceForFigures(7, false)).toBe(7);
  });
  it('p8, p14 (nagb.squareFace): a square face is a quarter of the line front (12: 3) or of the figures (24: 6)', () => {
    expect(squareFace(24, 12, O)).toBe(3);
    expect(squareFace(24, 12, withOptions({ squareFace: 'figuresQuarter' }))).toBe(6);
  });
  it('rulings 3.2 (nagb.attackColumnWidth): 24 figures: line 12 x 2, attack column 8 x 3 (or 4 x 6), march column 2 wide', () => {
    expect([frontOf('infantry', 'line', 24, false, O), ranksOf('infantry', 'line', 24, false, O)]).toEqual([12, 2]);
    expect([frontOf('infantry', 'attackColumn', 24, false, O), ranksOf('infantry', 'attackColumn', 24, false, O)]).toEqual([8, 3]);
    const narrow = withOptions({ attackColumnWidth: 4 });
    expect([frontOf('infantry', 'attackColumn', 24, false, narrow), ranksOf('infantry', 'attackColumn', 24, false, narrow)]).toEqual([4, 6]);
    expect(frontOf('infantry', 'marchColumn', 24, false, O)).toBe(2);
    expect(frontOf('infantry', 'square', 24, false, O)).toBe(3);
    expect(ranksOf('infantry', 'square', 24, false, O)).toBe(4);
  });
  it('rulings 7: a 16-figure cuirassier line two deep has 8 in front; columns 2 wide (light 3)', () => {
    expect(frontOf('cavalry', 'line', 16, false, O)).toBe(8);
    expect(frontOf('cavalry', 'column', 16, false, O)).toBe(2);
    expect(frontOf('cavalry', 'column', 16, true, O)).toBe(3);
  });
  it('p8 (nagb.casualtyRemoval): rear ranks first keep the front; proportional thins it', () => {
    expect(frontAfterLosses(20, 12, 2, O)).toBe(12);
    expect(frontAfterLosses(10, 12, 2, O)).toBe(10);
    expect(frontAfterLosses(20, 12, 2, withOptions({ casualtyRemoval: 'proportional' }))).toBe(10);
    expect(frontAfterLosses(0, 12, 2, O)).toBe(0);
  });
  it('p10: casualties shared between two units ahead: 4 give 2 and 2; 5 give 3 and 2', () => {
    expect([splitCasualties(4, 2, 0), splitCasualties(4, 2, 1)]).toEqual([2, 2]);
    expect([splitCasualties(5, 2, 0), splitCasualties(5, 2, 1)]).toEqual([3, 2]);
  });
});

describe('Volleys and ammunition (p8, p10)', () => {
  const ok: VolleyConditions = { ordered: true, arm: 'infantry', formation: 'line', goodOrder: true, movedThisTurn: false, friendAheadWithin: Infinity, lowOnAmmo: false, inVillage: false };
  it('p10: a volley needs an order, line or attack column, good order, no move, no friend within 8" ahead', () => {
    expect(mayVolley(ok, O)).toBe(true);
    expect(mayVolley({ ...ok, formation: 'attackColumn' }, O)).toBe(true);
    expect(mayVolley({ ...ok, formation: 'marchColumn' }, O)).toBe(false);
    expect(mayVolley({ ...ok, ordered: false }, O)).toBe(false);
    expect(mayVolley({ ...ok, goodOrder: false }, O)).toBe(false);
    expect(mayVolley({ ...ok, movedThisTurn: true }, O)).toBe(false);
    expect(mayVolley({ ...ok, friendAheadWithin: 8 }, O)).toBe(false);
    expect(mayVolley({ ...ok, friendAheadWithin: 9 }, O)).toBe(true);
    expect(mayVolley({ ...ok, lowOnAmmo: true }, O)).toBe(false);
    expect(mayVolley({ ...ok, inVillage: true }, O)).toBe(false);
  });
  it('p8, p25 (nagb.cavalryVolley): the volley is infantry fire: cavalry never volleys by default; under inLine a cavalry line volleys on the same conditions, a column never', () => {
    const horse = { ...ok, arm: 'cavalry' as const };
    expect(mayVolley(horse, O)).toBe(false);
    expect(formationMayVolley('cavalry', 'line', O)).toBe(false);
    const inLine = withOptions({ cavalryVolley: 'inLine' });
    expect(mayVolley(horse, inLine)).toBe(true);
    expect(mayVolley({ ...horse, formation: 'column' }, inLine)).toBe(false);
    expect(mayVolley({ ...horse, goodOrder: false }, inLine)).toBe(false);
    expect(formationMayVolley('infantry', 'attackColumn', O)).toBe(true);
    expect(formationMayVolley('infantry', 'marchColumn', inLine)).toBe(false);
    expect(formationMayVolley('artillery', 'line', inLine)).toBe(false);
  });
  it('p10 vs p3, p8 (nagb.volleyFormations): a line or attack column volleys (p10, the default); under lineOnly an attack column does not', () => {
    const lineOnly = withOptions({ volleyFormations: 'lineOnly' });
    expect(mayVolley({ ...ok, formation: 'attackColumn' }, lineOnly)).toBe(false);
    expect(mayVolley(ok, lineOnly)).toBe(true);
    expect(formationMayVolley('infantry', 'attackColumn', O)).toBe(true);
    expect(formationMayVolley('infantry', 'attackColumn', lineOnly)).toBe(false);
    expect(formationMayVolley('cavalry', 'line', withOptions({ volleyFormations: 'lineOnly', cavalryVolley: 'inLine' }))).toBe(true);
  });
  it('p10 (nagb.lowAmmo): more 6s than 1s; or the reverse; or never', () => {
    expect(lowOnAmmo(3, 2, O)).toBe(true);
    expect(lowOnAmmo(2, 2, O)).toBe(false);
    expect(lowOnAmmo(1, 2, withOptions({ lowAmmo: 'more1sThan6s' }))).toBe(true);
    expect(lowOnAmmo(5, 0, withOptions({ lowAmmo: 'off' }))).toBe(false);
  });
  it('p8, p10, p12 (nagb.squareWithoutVolley): a square volleys at chargers only in good order with ammunition; else it holds fire, or fires half its face', () => {
    expect(squareFireAtChargers(false, false, O)).toBe('volley');
    expect(squareFireAtChargers(true, false, O)).toBe('none');
    expect(squareFireAtChargers(false, true, O)).toBe('none');
    const half = withOptions({ squareWithoutVolley: 'halfFace' });
    expect(squareFireAtChargers(false, false, half)).toBe('volley');
    expect([squareFireAtChargers(true, false, half), squareFireAtChargers(false, true, half), squareFireAtChargers(true, true, half)]).toEqual(['normal', 'normal', 'normal']);
  });
  it('p10: rifles do not reload after moving; p2 (nagb.fireAtEngaged): no fire in base contact by default', () => {
    expect(mayReload('rifle', true)).toBe(false);
    expect(mayReload('musket', true)).toBe(true);
    expect(mayFireAt(false, true, O)).toBe(false);
    expect(mayFireAt(false, true, withOptions({ fireAtEngaged: true }))).toBe(true);
  });
});

describe('Who carries small arms (p10, p19, p25, p38-40)', () => {
  it('p39: infantry fires its musket unless given a rifle (p10, p38)', () => {
    expect(smallArmOf('infantry', undefined)).toBe('musket');
    expect(smallArmOf('infantry', 'rifle')).toBe('rifle');
    expect(smallArmsOfArm('infantry')).toEqual(['musket', 'rifle']);
  });
  it('p40: light and heavy cavalry "may have" carbines or pistols by scenario: none unless given; p25: given carbines, it fires them mounted; p10: pistols have their range too', () => {
    expect(smallArmOf('cavalry', undefined)).toBeNull();
    expect(smallArmOf('cavalry', 'none')).toBeNull();
    expect(smallArmOf('cavalry', 'carbine')).toBe('carbine');
    expect(smallArmOf('cavalry', 'pistol')).toBe('pistol');
    expect(smallArmsOfArm('cavalry')).toEqual(['carbine', 'pistol', 'none']);
  });
  it("p19-21: a battery's crew carry no small arms (its guns fire)", () => {
    expect(smallArmOf('artillery', undefined)).toBeNull();
    expect(smallArmsOfArm('artillery')).toEqual(['none']);
  });
  it('the refusals name the pages', () => {
    expect(smallArmRefusal('infantry', 'none')).toBe("infantry carries muskets or rifles (p10, p38-39); found 'none'");
    expect(smallArmRefusal('cavalry', 'musket')).toBe("cavalry carries carbines or pistols, or none (p25, p40); found 'musket'");
  });
});

describe('Rolling hits and kills (p10, p18)', () => {
  it('p18: the example dice 5,5,6,3,1,5 at 5+ give 4 hits, one 6 and one 1; kills 4,4,6,2 at 4+ give 3', () => {
    const faces = [5, 5, 6, 3, 1, 5, 4, 4, 6, 2];
    let i = 0;
    const u = () => (faces[i++] - 0.5) / 6;
    const rec = newHitRoll();
    expect(rollCasualties(u, 6, 5, 4, 30, rec)).toBe(3);
    expect(rec).toEqual({ hits: 4, sixes: 1, ones: 1 });
    expect(i).toBe(10);
  });
  it('p10: casualties never exceed the target figures', () => {
    const u = () => 0.99;
    expect(rollCasualties(u, 10, 4, 4, 3, newHitRoll())).toBe(3);
  });
  it('p10: a unit holding fire rolls nothing', () => {
    const never = () => {
      throw new Error('no dice');
    };
    expect(rollCasualties(never, 6, 7, 4, 30, newHitRoll())).toBe(0);
  });
  it('p10: 3 dice at 4+ then 4+: P(k kills) by enumeration of every face is Binomial(3, 1/4)', () => {
    const got = [0, 0, 0, 0];
    enumerateDice((d) => rollCasualties(d.stream(0, 'fire'), 3, 4, 4, 10, newHitRoll()), (p, k) => (got[k] += p));
    const want = [27 / 64, 27 / 64, 9 / 64, 1 / 64];
    for (let k = 0; k <= 3; k++) expect(got[k]).toBeCloseTo(want[k], 12);
  });
  it('p10: 12 dice at 4+: hits average 6 over 50,000 seeded rolls (within 4 standard errors)', () => {
    const u = aleaStream('nagb-hits');
    const rec = newHitRoll();
    const n = 50_000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += rollHits(u, 12, 4, rec).hits;
    const se = Math.sqrt(12 * 0.25 / n);
    expect(Math.abs(sum / n - 6)).toBeLessThan(4 * se);
  });
});
