import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  aggressiveRange,
  blownAfterMelee,
  blownRide,
  blownStop,
  dismountedFigures,
  mayTestNotToCharge,
  mustAttemptCharge,
  recallLd,
  recallRide,
  recallStop,
  blownRecallLd,
  recallSavesProbability,
  recovered,
  recoveryPhases,
  recoveryTally,
} from '../../src/rules/nagb/cavalry.js';
import { passesTest } from '../../src/rules/nagb/leadership.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';

describe('Aggressive cavalry (p4, p22, p35)', () => {
  const c = { disordered: false, blown: false, skirmishing: false, inCommand: true, nation: 'french' as const, nearestFormedEnemy: 8 };
  it('p22: formed enemy infantry within 8" compels a charge', () => {
    expect(mustAttemptCharge(c)).toBe(true);
    expect(mustAttemptCharge({ ...c, nearestFormedEnemy: 9 })).toBe(false);
  });
  it('p4: out of command 12"; p35: British 12" (and may test not to)', () => {
    expect(aggressiveRange(false, 'french')).toBe(12);
    expect(aggressiveRange(true, 'british')).toBe(12);
    expect(mustAttemptCharge({ ...c, inCommand: false, nearestFormedEnemy: 12 })).toBe(true);
  });
  it('p4, p5, p35: British in command and others out of command may test not to charge; British out of command may not', () => {
    expect(mayTestNotToCharge(true, 'british')).toBe(true);
    expect(mayTestNotToCharge(false, 'british')).toBe(false);
    expect(mayTestNotToCharge(false, 'french')).toBe(true);
    expect(mayTestNotToCharge(true, 'french')).toBe(false);
  });
  it('p22-24: disordered, blown and skirmishing cavalry are not aggressive', () => {
    expect(mustAttemptCharge({ ...c, disordered: true })).toBe(false);
    expect(mustAttemptCharge({ ...c, blown: true })).toBe(false);
    expect(mustAttemptCharge({ ...c, skirmishing: true })).toBe(false);
  });
});

describe('Recall and blown cavalry (p23, p24, p40)', () => {
  it('p23: veteran dragoons (Ld 9) who won by 3 recall on 6 or less; the example roll 3 + 1 = 4 passes', () => {
    const ld = recallLd(9, 3, false, 0, 0);
    expect(ld).toBe(6);
    expect(passesTest(4, ld)).toBe(true);
  });
  it('p2, p23: blown cavalry recalled in the rally phase tests at its own Ld, disordered: Line cavalry (Ld 8) on 7, veterans on 8', () => {
    expect([blownRecallLd(8), blownRecallLd(9)]).toEqual([7, 8]);
  });
  it('p23: a melee with a formed unit blows cavalry unless recalled; running down fleeing units does not', () => {
    expect(blownAfterMelee(true, false, false, 1, 1)).toBe(true);
    expect(blownAfterMelee(false, false, false, 1, 1)).toBe(false);
    expect(blownAfterMelee(true, false, true, 1, 1)).toBe(false);
  });
  it('p23 table: recalled after the 1st charge never blown; 2nd not blown on 4+; 3rd or more only on a 6', () => {
    expect(blownAfterMelee(true, true, false, 1, 1)).toBe(false);
    expect([1, 2, 3, 4, 5, 6].map((d) => blownAfterMelee(true, true, false, 2, d))).toEqual([true, true, true, false, false, false]);
    expect([1, 2, 3, 4, 5, 6].map((d) => blownAfterMelee(true, true, false, 3, d))).toEqual([true, true, true, true, true, false]);
    expect([1, 2, 3].map(recallSavesProbability)).toEqual([1, 0.5, 1 / 6]);
  });
  it('p9, p23 (nagb.blownRide): blown cavalry rides back up to its 3d6, as far as safety and never past its own table edge; or the whole roll', () => {
    expect(blownRide(15, 4.2, 9.99, O)).toBe(4.2);
    expect(blownRide(3, 4.2, 9.99, O)).toBe(3);
    expect(blownRide(15, 20, 1.99, O)).toBe(1.99);
    expect(blownRide(15, 0, 10, O)).toBe(0);
    expect(blownRide(15, 4, -0.01, O)).toBe(0);
    expect(blownRide(15, 4.2, 1.99, withOptions({ blownRide: 'fullRoll' }))).toBe(15);
  });
  it('p6, p23 (nagb.recallRide): recalled cavalry rides its 3d6 back, cut short at a unit behind it or its own table edge; or the whole roll', () => {
    const within = withOptions({ recallRide: 'withinTable' });
    expect(recallRide(15, 20, within)).toBe(15);
    expect(recallRide(15, 9.99, within)).toBe(9.99);
    expect(recallRide(15, -0.01, within)).toBe(0);
    expect(recallRide(15, 9.99, O)).toBe(9.99);
    expect(recallRide(15, 9.99, withOptions({ recallRide: 'fullRoll' }))).toBe(15);
  });
  it('p23, p28 (nagb.recallRide throughFriends, the default): a recall rides through friends, ending on nobody\'s ground: short of a friend it cannot ride wholly past', () => {
    expect(O.recallRide).toBe('throughFriends');
    // Nobody behind: the limit (the roll, or the table edge or an enemy less a hair).
    expect(recallStop(12, [])).toBe(12);
    expect(recallStop(-0.01, [])).toBe(0);
    // A friend whose ground the rider's rear would stand on from 0.99" to 9.01" back: ridden past with 10, stopped short with 8.
    expect(recallStop(10, [[0.99, 9.01]])).toBe(10);
    expect(recallStop(8, [[0.99, 9.01]])).toBe(0.99);
    expect(recallStop(9.01, [[0.99, 9.01]])).toBe(9.01);
    // Two friends: past the first, short of the second; a ride ending in the second backs off past the first too when they overlap.
    expect(recallStop(14, [[0.99, 9.01], [11.99, 20.01]])).toBe(11.99);
    expect(recallStop(14, [[0.99, 9.01], [6, 15]])).toBe(0.99);
    // In contact with a friend it cannot pass: no ride.
    expect(recallStop(5, [[-0.01, 8]])).toBe(0);
  });
  it('p9, p23, p28 (nagb.blownRide throughFriends): a blown ride stops at safety, ridden on past a friend it would stand on there when the roll carries it past; short of it when not', () => {
    // Nobody behind: as far as safety, or the limit.
    expect(blownStop(9.01, 15, [])).toBe(9.01);
    expect(blownStop(9.01, 6, [])).toBe(6);
    expect(blownStop(0, 15, [])).toBe(0);
    // A friend from 0.99" to 9.01": safety at 5 lies on its ground; a roll of 10 carries it past, one of 8 does not.
    expect(blownStop(5, 10, [[0.99, 9.01]])).toBe(9.01);
    expect(blownStop(5, 8, [[0.99, 9.01]])).toBe(0.99);
    // Safety short of the friend, or past it: the friend does not matter, or is ridden past.
    expect(blownStop(0.5, 15, [[0.99, 9.01]])).toBe(0.5);
    expect(blownStop(12, 15, [[0.99, 9.01]])).toBe(12);
    // Two friends one behind the other: past both (to 20.01) only if the roll reaches; past the first, into the second, backs off to both's front.
    expect(blownStop(5, 21, [[0.99, 9.01], [8, 20.01]])).toBe(20.01);
    expect(blownStop(5, 15, [[0.99, 9.01], [8, 20.01]])).toBe(0.99);
  });
  it('p23, p40: recovery adds d6 plus the modifier (at least 0) to the tally; 10 recovers', () => {
    expect(recoveryTally(4, 3, 2)).toBe(9);
    expect(recoveryTally(4, 1, -2)).toBe(4);
    expect(recovered(9)).toBe(false);
    expect(recovered(10)).toBe(true);
  });
  it('p23: a line unit (modifier 0) needs at least 2 phases: P(2 phases) = P(2d6 >= 10) = 6/36', () => {
    const d = recoveryPhases(0, 10);
    expect(d[1]).toBe(0);
    expect(d[2]).toBeCloseTo(6 / 36, 14);
  });
  it('p23: phases to recover agree with 100,000 seeded recoveries within 4 standard errors (raw, -2)', () => {
    const exact = recoveryPhases(-2, 30);
    const u = aleaStream('nagb-recovery');
    const n = 100_000;
    const counts = new Array(31).fill(0);
    for (let i = 0; i < n; i++) {
      let t = 0, k = 0;
      while (!recovered(t)) {
        t = recoveryTally(t, 1 + Math.floor(u() * 6), -2);
        k++;
      }
      if (k <= 30) counts[k]++;
    }
    for (let k = 1; k <= 30; k++) {
      const se = Math.sqrt((exact[k] * (1 - exact[k])) / n);
      expect(Math.abs(counts[k] / n - exact[k]), `phase ${k}`).toBeLessThanOrEqual(4 * se + 1e-12);
    }
  });
  it('p25: dismounting leaves one figure in four with the horses', () => {
    expect(dismountedFigures(12)).toBe(9);
    expect(dismountedFigures(10)).toBe(7);
  });
});
