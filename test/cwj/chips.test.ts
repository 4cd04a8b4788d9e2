import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  armyDefeated,
  armyDishGain,
  armyMorale,
  chipsForLeavingTable,
  chipsForRallyResult,
  corpsChipsAfter,
  corpsFatigued,
  corpsFatigueNumber,
  explodingSixes,
  generalBonusChips,
  objectiveLost,
} from '../../src/rules/cwj/chips.js';
import { DEFAULT_CWJ_OPTIONS } from '../../src/rules/cwj/options.js';
import { RALLY_DISORDERED, RALLY_PASS, RALLY_RETREAT, RALLY_ROUT } from '../../src/rules/cwj/rally.js';

const O = DEFAULT_CWJ_OPTIONS;

describe('Corps fatigue ([Win] l.297-306)', () => {
  it('[Win] l.299-300: 1 chip per unit and 1 per divisional general, plus the exploding-die sixes', () => {
    expect(corpsFatigueNumber(5, 1, 0)).toBe(6); // rulings section 12: 5 units + 1 general
    expect(corpsFatigueNumber(5, 1, 2)).toBe(8);
    expect(corpsFatigueNumber(3, 0, 0)).toBe(3);
  });
  it('[Win] l.303: a unit leaving the table costs 2 chips', () => {
    expect(chipsForLeavingTable()).toBe(2);
  });
  it('[Win] l.304: a failed rally-phase roll (4-8) costs 1 chip; a pass costs none', () => {
    expect(chipsForRallyResult(RALLY_PASS, 'rally', false, O)).toBe(0);
    expect(chipsForRallyResult(RALLY_DISORDERED, 'rally', false, O)).toBe(1);
    expect(chipsForRallyResult(RALLY_RETREAT, 'rally', false, O)).toBe(1);
  });
  it('[Rough] l.122-123: an unformed unit\'s failed rally costs no chip', () => {
    expect(chipsForRallyResult(RALLY_DISORDERED, 'rally', true, O)).toBe(0);
    expect(chipsForRallyResult(RALLY_ROUT, 'rally', true, O)).toBe(0);
  });
  it('cwj.routChips = both: a rout costs the failed-rally chip (plus 2 for leaving); removalOnly drops the 1', () => {
    expect(chipsForRallyResult(RALLY_ROUT, 'rally', false, O) + chipsForLeavingTable()).toBe(3);
    expect(chipsForRallyResult(RALLY_ROUT, 'rally', false, { ...O, routChips: 'removalOnly' }) + chipsForLeavingTable()).toBe(2);
  });
  it('cwj.checkFailureChips: contact and withdrawal failures cost nothing (rallyPhaseOnly) or 1 (anyRallyTable)', () => {
    for (const p of ['contact', 'withdrawal'] as const) {
      expect(chipsForRallyResult(RALLY_DISORDERED, p, false, O)).toBe(0);
      expect(chipsForRallyResult(RALLY_DISORDERED, p, false, { ...O, checkFailureChips: 'anyRallyTable' })).toBe(1);
      expect(chipsForRallyResult(RALLY_PASS, p, false, { ...O, checkFailureChips: 'anyRallyTable' })).toBe(0);
    }
  });
  it('[Rough] l.114: a failed rough-terrain test never costs a chip', () => {
    expect(chipsForRallyResult(RALLY_ROUT, 'rough', false, { ...O, checkFailureChips: 'anyRallyTable' })).toBe(0);
  });
  it('[Win] l.303-305: a corps dish never goes below zero', () => {
    expect(corpsChipsAfter(5, 2)).toBe(3);
    expect(corpsChipsAfter(1, 2)).toBe(0);
    expect(corpsChipsAfter(0, 1)).toBe(0);
  });
  it('cwj.chipTally: every chip lost goes to the army dish (count), or only those the corps had (capAtCorps)', () => {
    expect(armyDishGain(1, 2, 'count')).toBe(2);
    expect(armyDishGain(1, 2, 'capAtCorps')).toBe(1);
    expect(armyDishGain(0, 2, 'capAtCorps')).toBe(0);
    expect(armyDishGain(5, 2, 'capAtCorps')).toBe(2);
  });
  it('[Win] l.304-306, cwj.singleCorpsFatigue: an empty corps is fatigued; a side\'s only one too unless skip', () => {
    expect(corpsFatigued(1, 2, 'apply')).toBe(false);
    expect(corpsFatigued(0, 2, 'apply')).toBe(true);
    expect(corpsFatigued(0, 2, 'skip')).toBe(true);
    expect(corpsFatigued(0, 1, 'apply')).toBe(true);
    expect(corpsFatigued(0, 1, 'skip')).toBe(false);
  });
});

describe('Army morale ([Win] l.294-296)', () => {
  it('[Win] l.296: the sum of fatigue numbers, +2 per objective held, -2 per objective lost', () => {
    expect(armyMorale(8, 0, 0)).toBe(8);
    expect(armyMorale(8, 1, 0)).toBe(10);
    expect(armyMorale(8, 1, 2)).toBe(6);
  });
  it('[Win] l.296, cwj.objectiveLost held: an objective the enemy holds now is lost to a side that has held it, at the start or taken in play', () => {
    // French (0) took it in play (nobody at the start), the Austrians (1) hold it now: lost to the French.
    expect(objectiveLost(0, 1, 0b11, -1, 'held')).toBe(true);
    expect(objectiveLost(0, 1, 0b11, 0, 'held')).toBe(true); // held at the start
    expect(objectiveLost(0, 1, 0b10, -1, 'held')).toBe(false); // never the French's
    expect(objectiveLost(0, 0, 0b11, -1, 'held')).toBe(false); // theirs again: held, not lost
    expect(objectiveLost(1, 0, 0b11, 1, 'held')).toBe(true);
  });
  it('rulings 8, cwj.objectiveLost heldAtStart: only an objective held at the start counts as lost', () => {
    expect(objectiveLost(0, 1, 0b11, -1, 'heldAtStart')).toBe(false);
    expect(objectiveLost(0, 1, 0b11, 0, 'heldAtStart')).toBe(true);
    expect(objectiveLost(1, 0, 0b11, 1, 'heldAtStart')).toBe(true);
  });
  it('[Win] l.295: defeated when the dish holds as many chips as the army morale (or more, once morale falls)', () => {
    expect(armyDefeated(5, 6)).toBe(false);
    expect(armyDefeated(6, 6)).toBe(true);
    expect(armyDefeated(7, 6)).toBe(true);
  });
});

describe('The generals\' exploding die ([Win] l.300-303)', () => {
  it('[Win] l.300-303: each 6 adds a chip and rolls again; replay against d6 faces drawn from a second stream', () => {
    const u = aleaStream('cwj-explode-replay');
    const v = aleaStream('cwj-explode-replay');
    for (let i = 0; i < 3000; i++) {
      let want = 0;
      while (1 + Math.floor(v() * 6) === 6) want++;
      expect(explodingSixes(u)).toBe(want);
    }
  });
  it('[Win] l.300-301: one die per general, summed', () => {
    const u = aleaStream('cwj-bonus-replay');
    const v = aleaStream('cwj-bonus-replay');
    for (let i = 0; i < 500; i++) {
      const g = i % 4;
      let want = 0;
      for (let k = 0; k < g; k++) want += explodingSixes(v);
      expect(generalBonusChips(u, g)).toBe(want);
    }
  });
  it('[Win] l.300-303: the mean number of sixes is 1/5 per general (geometric, p = 1/6; within 4 standard errors over 100,000)', () => {
    const u = aleaStream('cwj-explode-mean');
    const n = 100_000;
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const k = explodingSixes(u);
      s += k;
      s2 += k * k;
    }
    const mean = s / n;
    // Sixes before a non-six: mean (1/6)/(5/6) = 1/5, variance (1/6)/(5/6)^2 = 6/25.
    const se = Math.sqrt(6 / 25 / n);
    expect(Math.abs(mean - 0.2)).toBeLessThan(4 * se);
    expect(Math.abs(s2 / n - mean * mean - 6 / 25)).toBeLessThan(0.02);
  });
});
