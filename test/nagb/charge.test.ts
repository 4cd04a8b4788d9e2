import { describe, expect, it } from 'vitest';
import {
  caught,
  type ChargeCircumstances,
  chargeTestRequired,
  counterChargeMeeting,
  defensiveNeed,
  defensiveFireDistance,
  evadeResult,
  fireAndFleeDice,
  firedHigh,
  fleeDice,
  formSquareFailure,
  formSquareLd,
  halfChargeMove,
  horseArtilleryFlight,
  mayDeclareCharge,
  moveAfterFailedChargeTest,
  newChargeResult,
  type ReactionCase,
  reactionAllowed,
  resolveCharge,
  standAndShootRange,
} from '../../src/rules/nagb/charge.js';
import { chargeSpec } from '../../src/rules/nagb/odds.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';
import { battalion, cuirassiers, faces } from './helpers.js';

const foot: ChargeCircumstances = {
  arm: 'infantry',
  formation: 'attackColumn',
  disordered: false,
  inVillage: false,
  targetArm: 'infantry',
  skirmishers: false,
  targetSkirmishers: false,
  frontal: true,
  cavalryBlocked: false,
};

describe('Declaring a charge (p6, p8, p12, p22-27, p31)', () => {
  it('p12: infantry may charge infantry, never cavalry', () => {
    expect(mayDeclareCharge(foot)).toBe(true);
    expect(mayDeclareCharge({ ...foot, targetArm: 'cavalry' })).toBe(false);
  });
  it('p6, p8: march columns and squares never charge; p27: nor disordered units; p31: nor out of a village', () => {
    expect(mayDeclareCharge({ ...foot, formation: 'marchColumn' })).toBe(false);
    expect(mayDeclareCharge({ ...foot, formation: 'square' })).toBe(false);
    expect(mayDeclareCharge({ ...foot, disordered: true })).toBe(false);
    expect(mayDeclareCharge({ ...foot, inVillage: true })).toBe(false);
  });
  it('p26: skirmishers charge only skirmishers; p24: skirmishing cavalry not formed units frontally', () => {
    expect(mayDeclareCharge({ ...foot, formation: 'skirmish', skirmishers: true })).toBe(false);
    expect(mayDeclareCharge({ ...foot, formation: 'skirmish', skirmishers: true, targetSkirmishers: true })).toBe(true);
    const skCav = { ...foot, arm: 'cavalry' as const, formation: 'skirmish' as const, skirmishers: true };
    expect(mayDeclareCharge(skCav)).toBe(false);
    expect(mayDeclareCharge({ ...skCav, frontal: false })).toBe(true);
  });
  it('p22, p32: cavalry not over obstacles, slopes, into woods or villages, nor at units behind hedges or walls', () => {
    expect(mayDeclareCharge({ ...foot, arm: 'cavalry', formation: 'line' })).toBe(true);
    expect(mayDeclareCharge({ ...foot, arm: 'cavalry', formation: 'line', cavalryBlocked: true })).toBe(false);
  });
  it('p12: a frontal charge on a formed unit in good order needs a test unless outnumbering it over 2:1', () => {
    const c = { frontal: true, targetFormedGoodOrder: true, chargerWeighted: 48, targetWeighted: 24, aggressive: false, skirmishingCavalry: false };
    expect(chargeTestRequired(c)).toBe(true);
    expect(chargeTestRequired({ ...c, chargerWeighted: 49 })).toBe(false);
    expect(chargeTestRequired({ ...c, frontal: false })).toBe(false);
    expect(chargeTestRequired({ ...c, targetFormedGoodOrder: false })).toBe(false);
  });
  it('p22: aggressive cavalry charges need no test; p24: skirmishing cavalry tests from any side', () => {
    const c = { frontal: true, targetFormedGoodOrder: true, chargerWeighted: 32, targetWeighted: 24, aggressive: true, skirmishingCavalry: false };
    expect(chargeTestRequired(c)).toBe(false);
    expect(chargeTestRequired({ ...c, aggressive: false, skirmishingCavalry: true, frontal: false })).toBe(true);
  });
  it('p3, p12 (nagb.failedChargeTest): after a failed test the unit holds, or moves normally', () => {
    expect(moveAfterFailedChargeTest(O)).toBe(false);
    expect(moveAfterFailedChargeTest(withOptions({ failedChargeTest: 'moveNormally' }))).toBe(true);
  });
});

describe('Charge reactions (p5, p12-13, p19, p26)', () => {
  const line: ReactionCase = { arm: 'infantry', formation: 'line', armed: true, loaded: true, skirmishers: false, lightCavalry: false, crew: false, onReact: false, chargerFormed: true, squareFires: false };
  it('p8, p10: a square stands and shoots only when it may fire (its volley, or nagb.squareWithoutVolley halfFace); a line ignores squareFires', () => {
    const square: ReactionCase = { ...line, formation: 'square' };
    expect(reactionAllowed('standAndShoot', square)).toBe(false);
    expect(reactionAllowed('standAndShoot', { ...square, squareFires: true })).toBe(true);
    expect(reactionAllowed('stand', square)).toBe(true);
  });
  it('p12: stand and shoot and fire and flee need a loaded unit', () => {
    expect(reactionAllowed('standAndShoot', line)).toBe(true);
    expect(reactionAllowed('standAndShoot', { ...line, loaded: false })).toBe(false);
    expect(reactionAllowed('fireAndFlee', { ...line, loaded: false })).toBe(false);
  });
  it('p25, p40: cavalry charged by cavalry stands and shoots, or fires and flees, with the carbines or pistols it carries; without small arms it may only stand, flee or evade', () => {
    const horse: ReactionCase = { ...line, arm: 'cavalry', lightCavalry: true };
    expect(reactionAllowed('standAndShoot', horse)).toBe(true);
    expect(reactionAllowed('fireAndFlee', horse)).toBe(true);
    const unarmed = { ...horse, armed: false };
    expect(reactionAllowed('standAndShoot', unarmed)).toBe(false);
    expect(reactionAllowed('fireAndFlee', unarmed)).toBe(false);
    for (const r of ['stand', 'flee', 'evade'] as const) expect(reactionAllowed(r, unarmed)).toBe(true);
  });
  it('p12: only light cavalry, skirmishers and crews evade; p26: skirmishers charged by formed troops may not stand', () => {
    expect(reactionAllowed('evade', line)).toBe(false);
    expect(reactionAllowed('evade', { ...line, skirmishers: true })).toBe(true);
    expect(reactionAllowed('stand', { ...line, skirmishers: true })).toBe(false);
    expect(reactionAllowed('stand', { ...line, skirmishers: true, chargerFormed: false })).toBe(true);
  });
  it('p13: infantry may form (or leave) square; cavalry may not; p5: counter-charge on a reaction token', () => {
    expect(reactionAllowed('formSquare', line)).toBe(true);
    expect(reactionAllowed('formSquare', { ...line, arm: 'cavalry' })).toBe(false);
    expect(reactionAllowed('counterCharge', line)).toBe(false);
    expect(reactionAllowed('counterCharge', { ...line, onReact: true })).toBe(true);
  });
  it('p17: the defensive fire range: the regular French roll 3 and fire at 3"; militia +2 ... guard -3, disordered +1', () => {
    expect(standAndShootRange(3, 'line', false)).toBe(3);
    expect(standAndShootRange(3, 'militia', false)).toBe(5);
    expect(standAndShootRange(3, 'guard', false)).toBe(0);
    expect(standAndShootRange(3, 'line', true)).toBe(4);
  });
  it('p13: a 6" fire range with chargers starting 5" away is fired high; 4" hits', () => {
    expect(firedHigh(6, 5)).toBe(true);
    expect(firedHigh(4, 5)).toBe(false);
    expect(firedHigh(5, 5)).toBe(false);
  });
  it('p12: the fire is delivered at the range, or where a short charge move stopped', () => {
    expect(defensiveFireDistance(3, 5, 9)).toBe(3);
    expect(defensiveFireDistance(1, 8, 6)).toBe(2);
  });
  it('p13 (nagb.halfChargeRounding): half of a 17" charge is 8 (rounded down) or 8.5', () => {
    expect(halfChargeMove(17, O)).toBe(8);
    expect(halfChargeMove(17, withOptions({ halfChargeRounding: 'exact' }))).toBe(8.5);
  });
  it('p13: forming square from line with the chargers within half their move: Ld 8 -1 -4 = 3', () => {
    expect(formSquareLd(8, 'line', false, 0, 0, 8, 17, O)).toBe(3);
    expect(formSquareLd(8, 'line', false, 0, 0, 9, 17, O)).toBe(7);
    expect(formSquareLd(8, 'attackColumn', false, 0, 0, 9, 17, O)).toBe(8);
    expect(formSquareLd(8, 'marchColumn', true, 0, 0, 9, 17, O)).toBe(6);
  });
  it('p13: a failed square test disorders; already disordered, the unit flees', () => {
    expect(formSquareFailure(false)).toBe('disordered');
    expect(formSquareFailure(true)).toBe('flees');
  });
  it('p12, p19: flee 2d6 (horse guns 3d6); fire and flee one d6 less; horse guns halve while limbering', () => {
    expect(fleeDice('infantry', false)).toBe(2);
    expect(fleeDice('cavalry', false)).toBe(2);
    expect(fleeDice('artillery', true)).toBe(3);
    expect(fleeDice('artillery', false)).toBe(2);
    expect(fireAndFleeDice('infantry', false)).toBe(1);
    expect(horseArtilleryFlight(11, true)).toBe(5);
    expect(horseArtilleryFlight(11, false)).toBe(11);
  });
  it('p16 (nagb.caughtFleeing): a pursuit equal to the flight catches, or must exceed it', () => {
    expect(caught(9, 9, O)).toBe(true);
    expect(caught(9, 9, withOptions({ caughtFleeing: 'pursuitExceedsFlight' }))).toBe(false);
    expect(caught(8, 9, O)).toBe(false);
  });
  it('p12: an evade passed slips away; failed, the unit flees; p5: counter-chargers meet half way', () => {
    expect(evadeResult(true)).toBe('evades');
    expect(evadeResult(false)).toBe('flees');
    expect(counterChargeMeeting(9)).toBe(4.5);
  });
});

describe('One charge played with the dice (p12-13, p17-18)', () => {
  const russians = battalion({ formation: 'attackColumn', figures: 30, startFigures: 30, front: 10 });
  const french = battalion();
  const o6 = withOptions({ columnChargeBase: 6 });
  it('p17-18: the worked example: volley test failed, 6 dice at 5+ hit 4 and kill 3; the Russians test at 5, roll 9 and halt disordered', () => {
    const spec = chargeSpec(russians, french, { distance: 5, reaction: 'standAndShoot', frontal: true, aggressive: false, contactTest: 'none' }, o6);
    expect(spec.chargeBase).toBe(6);
    expect(spec.fire.normalDice).toBe(6);
    expect(spec.fire.needShort).toBe(5);
    // charge test 3+2; volley test 4+5; charge d6 4; range d6 3; hits 5,5,6,3,1,5; kills 4,4,6,2; press-home test 3+6
    const u = faces(3, 2, 4, 5, 4, 3, 5, 5, 6, 3, 1, 5, 4, 4, 6, 2, 3, 6);
    const r = resolveCharge(u, spec, newChargeResult());
    expect(u.used()).toBe(18);
    expect(r).toMatchObject({ ending: 'halted', chargerCasualties: 3, chargerDisordered: true, volley: false, firedHigh: false, chargeMove: 10 });
  });
  it('p17: the same charge pressing home on a roll of 5 or less', () => {
    const spec = chargeSpec(russians, french, { distance: 5, reaction: 'standAndShoot', frontal: true, aggressive: false, contactTest: 'none' }, o6);
    const u = faces(3, 2, 4, 5, 4, 3, 5, 5, 6, 3, 1, 5, 4, 4, 6, 2, 2, 3);
    expect(resolveCharge(u, spec, newChargeResult())).toMatchObject({ ending: 'home', chargerDisordered: false });
  });
  it('p12: a failed charge test ends the charge before any other die', () => {
    const spec = chargeSpec(russians, french, { distance: 5, reaction: 'stand', frontal: true, aggressive: false, contactTest: 'none' }, O);
    const u = faces(6, 5);
    expect(resolveCharge(u, spec, newChargeResult()).ending).toBe('refused');
    expect(u.used()).toBe(2);
  });
  it('p12: a charge move short of the target stops and tests for disorder', () => {
    const spec = chargeSpec(russians, french, { distance: 12, reaction: 'stand', frontal: false, aggressive: false, contactTest: 'none' }, O);
    expect(spec.chargeTestLd).toBeNull();
    const r = resolveCharge(faces(3, 6, 6), spec, newChargeResult()); // 8 + 3 = 11 < 12; test 12 > 8
    expect(r).toMatchObject({ ending: 'fellShort', chargerDisordered: true, chargeMove: 11 });
  });
  it('p12: fired high, the chargers come on and make contact; terrain at contact is tested there', () => {
    const spec = chargeSpec(russians, french, { distance: 3, reaction: 'standAndShoot', frontal: false, aggressive: false, contactTest: 'auto' }, O);
    const r = resolveCharge(faces(6, 6, 1, 4), spec, newChargeResult()); // volley test 12 fails; move 9; range 4 > 3
    expect(r).toMatchObject({ ending: 'home', firedHigh: true, chargerDisordered: true, chargerCasualties: 0 });
  });
  it('p13: cuirassiers at 8" against a line forming square: 17" charge, half 8, the test at 3', () => {
    const spec = chargeSpec(cuirassiers(), french, { distance: 8, reaction: 'formSquare', frontal: true, aggressive: true, contactTest: 'none' }, O);
    expect(spec.chargeTestLd).toBeNull();
    expect(spec.squareLd).toBe(7);
    const formed = resolveCharge(faces(4, 3, 1, 2), spec, newChargeResult()); // move 17; test 3 <= 3
    expect(formed).toMatchObject({ ending: 'home', target: 'square' });
    const failed = resolveCharge(faces(4, 3, 2, 2), spec, newChargeResult()); // 4 > 3
    expect(failed).toMatchObject({ ending: 'home', target: 'disordered' });
  });
  it('p12: a fleeing target is caught when the charge reaches its flight (the distance plus 2d6)', () => {
    const spec = chargeSpec(cuirassiers(), french, { distance: 8, reaction: 'flee', frontal: true, aggressive: true, contactTest: 'none' }, O);
    expect(resolveCharge(faces(2, 3, 1, 2), spec, newChargeResult())).toMatchObject({ ending: 'caught', target: 'fled' }); // 13 >= 8 + 5
    expect(resolveCharge(faces(6, 6, 1, 2), spec, newChargeResult()).ending).toBe('escaped'); // 13 < 20
  });
  it('p10, p12, p17: the defensive fire needs 4+ at point blank, 5+ at short, 6+ at long, nothing beyond 8"', () => {
    const spec = chargeSpec(russians, french, { distance: 8, reaction: 'standAndShoot', frontal: true, aggressive: false, contactTest: 'none' }, O);
    expect([1, 0, 3, 5, 6, 8, 9].map((d) => defensiveNeed(spec, d, false))).toEqual([4, 4, 5, 5, 6, 6, 7]);
  });
  it('p12: a fire range of 0 or less (a guard\'s d6 of 1, -3) is point blank: the fire lands at contact, told as 0" (never as no fire, -1)', () => {
    const guard = battalion({ cls: 'guard' });
    const spec = chargeSpec(russians, guard, { distance: 5, reaction: 'standAndShoot', frontal: true, aggressive: false, contactTest: 'none' }, O);
    expect(spec.fire.rangeModifier).toBe(-3);
    // charge test 3+2; volley test 4+5 (Ld 11); charge d6 4 (12"); range d6 1: 1 - 3 = -2; twelve volley dice all 1s (no hit)
    const u = faces(3, 2, 4, 5, 4, 1, ...new Array(12).fill(1));
    const r = resolveCharge(u, spec, newChargeResult());
    expect(u.used()).toBe(18);
    expect(r).toMatchObject({ ending: 'home', volley: true, firedHigh: false, fireDistance: 0, chargerCasualties: 0 });
    // Needing 7+ the target holds its fire (p10): no fire to tell.
    const militia = battalion({ cls: 'militia', disordered: true });
    const held = chargeSpec(russians, militia, { distance: 8, reaction: 'standAndShoot', frontal: true, aggressive: false, contactTest: 'none' }, O);
    // No charge test (a disordered target), no volley; charge d6 3 (11"); range d6 2 + 2 (militia) + 1
    // (disordered) = 5": short range, 4 +1 (raw) +1 (disordered) +1 (at chargers) = 7: it holds its fire.
    const hu = faces(3, 2);
    const h = resolveCharge(hu, held, newChargeResult());
    expect(hu.used()).toBe(2);
    expect(h).toMatchObject({ ending: 'home', firedHigh: false, fireDistance: -1, chargerCasualties: 0 });
  });
  it('p8: a square fires its face as a volley at chargers without a test', () => {
    const square = battalion({ formation: 'square', front: 3 });
    const spec = chargeSpec(russians, square, { distance: 4, reaction: 'standAndShoot', frontal: true, aggressive: false, contactTest: 'none' }, O);
    expect(spec.fire.volleyAlways).toBe(true);
    expect(spec.fire.volleyDice).toBe(3);
  });
});
