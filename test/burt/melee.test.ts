import { describe, expect, it } from 'vitest';
import { enumerateDice } from '../../src/core/enumerate.js';
import {
  bothTestAfter,
  closeOrder,
  aftermathOf,
  CONTINUATION,
  impetusCancelled,
  meleeOutcome,
  meleePlan,
  meleeSaveModifier,
  meleeToHitModifier,
  lightCavalryPenaltyApplies,
  openOrder,
  pursues,
  pushBackDistance,
  rollMeleeRound,
  type MeleeFighter,
} from '../../src/rules/burt/melee.js';
import { DEFAULT_BURT_OPTIONS as O } from '../../src/rules/burt/options.js';
import { DISORDERED, FORMED, ROUT, SHAKEN, UNFORMED } from '../../src/rules/burt/tables.js';

const foot: MeleeFighter = {
  arm: 'infantry',
  formation: 'line',
  ranks: 2,
  level: FORMED,
  lightCavalry: false,
  armoured: false,
  lancers: false,
  chargingOrFollowingUp: false,
  attacking: false,
  cover: 'none',
  downhillOfEnemy: false,
  againstFlankOrRear: false,
};
const cuirassiers: MeleeFighter = { ...foot, arm: 'cavalry', ranks: 2, armoured: true };
const hussars: MeleeFighter = { ...foot, arm: 'cavalry', ranks: 2, lightCavalry: true };
const skirmishers: MeleeFighter = { ...foot, arm: 'skirmishers', formation: 'open', level: UNFORMED };
const hit = (own: Partial<MeleeFighter>, enemy: Partial<MeleeFighter> = {}, first = false, mode: 'currentLevel' | 'cumulative' = 'currentLevel') =>
  meleeToHitModifier({ ...foot, ...own }, { ...foot, ...enemy }, first, mode, 'attacking');

describe('Melee to hit (9)', () => {
  it('9: two formed lines standing in the open: hit on 5', () => {
    expect(hit({})).toBe(0);
  });
  it('9: target in any cover +1', () => {
    expect(hit({}, { cover: 'soft' })).toBe(1);
    expect(hit({}, { cover: 'hard' })).toBe(1);
  });
  it('9: own disordered +1, own shaken or routing +2', () => {
    expect(hit({ level: DISORDERED })).toBe(1);
    expect(hit({ level: SHAKEN })).toBe(2);
    expect(hit({ level: ROUT })).toBe(2);
  });
  it('9: charging or following up -1; deeper at first contact -1 (only at first contact)', () => {
    expect(hit({ chargingOrFollowingUp: true })).toBe(-1);
    expect(hit({ formation: 'column', ranks: 3 }, {}, true)).toBe(-1);
    expect(hit({ formation: 'column', ranks: 3 }, {}, false)).toBe(0);
    expect(hit({ ranks: 2 }, { ranks: 2 }, true)).toBe(0);
  });
  it('9: armoured cavalry or lancers -2 at first contact; cavalry against a square +1', () => {
    expect(meleeToHitModifier(cuirassiers, foot, true, 'currentLevel', 'attacking')).toBe(-2);
    expect(meleeToHitModifier({ ...hussars, lancers: true }, { ...foot, level: UNFORMED }, true, 'currentLevel', 'attacking')).toBe(-2);
    expect(meleeToHitModifier(cuirassiers, foot, false, 'currentLevel', 'attacking')).toBe(0);
  });
  it('9: a square cancels the impetus: charging cuirassiers against a formed square: +1 (square), no -1 charge, no -2 armour', () => {
    const square: MeleeFighter = { ...foot, formation: 'square', ranks: 1 };
    expect(meleeToHitModifier({ ...cuirassiers, chargingOrFollowingUp: true, ranks: 2 }, square, true, 'currentLevel', 'attacking')).toBe(1);
    expect(impetusCancelled(square)).toBe(true);
  });
  it('9: cover cancels the impetus too: charging column of 3 ranks at first contact against a line in a village: +1', () => {
    expect(hit({ chargingOrFollowingUp: true, formation: 'column', ranks: 3 }, { cover: 'hard' }, true)).toBe(1);
    expect(impetusCancelled({ formation: 'line', cover: 'soft' })).toBe(true);
    expect(impetusCancelled({ formation: 'line', cover: 'none' })).toBe(false);
  });
  it('9: close order against open order -1; skirmishers against close order get nothing for it', () => {
    expect(meleeToHitModifier(foot, skirmishers, false, 'currentLevel', 'attacking')).toBe(-1);
    expect(meleeToHitModifier(skirmishers, foot, false, 'currentLevel', 'attacking')).toBe(0);
    expect(openOrder(skirmishers)).toBe(true);
    expect(closeOrder(foot)).toBe(true);
    expect(closeOrder({ arm: 'guns', formation: 'line' })).toBe(false);
  });
  it('9: against flank or rear -1', () => {
    expect(hit({ againstFlankOrRear: true })).toBe(-1);
  });
  it('9: opponents shaken -1, routing -2; cavalry a further -1 against disordered, shaken or routing', () => {
    expect(hit({}, { level: SHAKEN })).toBe(-1);
    expect(hit({}, { level: ROUT })).toBe(-2);
    expect(hit({}, { level: DISORDERED })).toBe(0);
    expect(meleeToHitModifier(cuirassiers, { ...foot, level: DISORDERED }, false, 'currentLevel', 'attacking')).toBe(-1);
    expect(meleeToHitModifier(cuirassiers, { ...foot, level: SHAKEN }, false, 'currentLevel', 'attacking')).toBe(-2);
    expect(meleeToHitModifier(cuirassiers, { ...foot, level: ROUT }, false, 'currentLevel', 'attacking')).toBe(-3);
  });
  it('9: light cavalry attacking formed troops +1; not against unformed; heavy cavalry never', () => {
    const charging = { ...hussars, attacking: true };
    expect(meleeToHitModifier(charging, foot, false, 'currentLevel', 'attacking')).toBe(1);
    expect(meleeToHitModifier(charging, { ...foot, level: UNFORMED }, false, 'currentLevel', 'attacking')).toBe(0);
    expect(meleeToHitModifier({ ...cuirassiers, attacking: true }, foot, false, 'currentLevel', 'attacking')).toBe(0);
  });
  it('9 (burt.lightCavalryFormed): light cavalry that is attacked and does not attack takes no +1 (attacking); under fighting it does', () => {
    expect(hussars.attacking).toBe(false);
    expect(meleeToHitModifier(hussars, foot, false, 'currentLevel', 'attacking')).toBe(0);
    expect(meleeToHitModifier(hussars, foot, false, 'currentLevel', 'fighting')).toBe(1);
    expect(lightCavalryPenaltyApplies(hussars, 'attacking')).toBe(false);
    expect(lightCavalryPenaltyApplies({ ...hussars, attacking: true }, 'attacking')).toBe(true);
    expect(lightCavalryPenaltyApplies({ ...cuirassiers, attacking: true }, 'fighting')).toBe(false);
  });
  it('7, 9 (burt.cohesionModifiers cumulative): a shaken side hits at +3; against a routing side -3', () => {
    expect(hit({ level: SHAKEN }, {}, false, 'cumulative')).toBe(3);
    expect(hit({}, { level: ROUT }, false, 'cumulative')).toBe(-3);
  });
});

describe('Melee save (9)', () => {
  const save = (s: Partial<MeleeFighter>, routSavePenalty = true, cohesionModifiers: 'currentLevel' | 'cumulative' = 'currentLevel') =>
    meleeSaveModifier({ ...foot, ...s }, { routSavePenalty, cohesionModifiers });
  it('9: formed troops save on 5; unformed, disordered or shaken +1', () => {
    expect([FORMED, UNFORMED, DISORDERED, SHAKEN].map((level) => save({ level }))).toEqual([0, 1, 1, 1]);
  });
  it('9 (burt.routSavePenalty): routers +1, or not', () => {
    expect(save({ level: ROUT }, true)).toBe(1);
    expect(save({ level: ROUT }, false)).toBe(0);
  });
  it('9: downhill of the enemy +1; armoured cavalry -1', () => {
    expect(save({ downhillOfEnemy: true })).toBe(1);
    expect(meleeSaveModifier(cuirassiers, O)).toBe(-1);
    expect(save({ armoured: true })).toBe(0); // armour is a cavalry flag
  });
});

describe('Melee plan (9)', () => {
  it("9: a die per 4 figures in contact, hit on 5 + own modifier, the enemy's save on 5 + its modifier", () => {
    const p = meleePlan(10, { ...foot, chargingOrFollowingUp: true }, { ...foot, level: DISORDERED }, true, O);
    expect(p).toMatchObject({ plain: 2, penalised: 1, hitOn: 4, penalisedHitOn: 5, saveOn: 6 });
  });
});

describe('Melee outcome (9)', () => {
  it('9: equal casualties are indecisive, 0 against 0 too', () => {
    expect(meleeOutcome(2, 2, true)).toBe('indecisive');
    expect(meleeOutcome(0, 0, true)).toBe('indecisive');
  });
  it('9: more but under twice pushes the other back', () => {
    expect(meleeOutcome(3, 2, true)).toBe('bPushedBack');
    expect(meleeOutcome(2, 3, true)).toBe('aPushedBack');
    expect(meleeOutcome(5, 3, true)).toBe('bPushedBack');
  });
  it('9: at least twice as many breaks the other', () => {
    expect(meleeOutcome(4, 2, true)).toBe('bBreaks');
    expect(meleeOutcome(1, 3, true)).toBe('aBreaks');
  });
  it('9 (burt.zeroCasualtyBreak): 1 against 0 breaks, or only pushes back with 2+ against 0 breaking', () => {
    expect(meleeOutcome(1, 0, true)).toBe('bBreaks');
    expect(meleeOutcome(1, 0, false)).toBe('bPushedBack');
    expect(meleeOutcome(0, 2, false)).toBe('aBreaks');
  });
  it('9: over every pair 0..8 the outcome follows the text: twice or more breaks, more pushes back, equal neither', () => {
    for (let a = 0; a <= 8; a++) for (let b = 0; b <= 8; b++) {
      const o = meleeOutcome(a, b, true);
      if (a === b) expect(o).toBe('indecisive');
      else if (a > b) expect(o).toBe(a >= 2 * b ? 'bBreaks' : 'bPushedBack');
      else expect(o).toBe(b >= 2 * a ? 'aBreaks' : 'aPushedBack');
    }
  });
  it('9 (burt.indecisiveMelee): noBreak: both test after push-backs too; equalOnly: after equal casualties only; never after a break', () => {
    expect(bothTestAfter('indecisive', 'noBreak')).toBe(true);
    expect(bothTestAfter('aPushedBack', 'noBreak')).toBe(true);
    expect(bothTestAfter('aPushedBack', 'equalOnly')).toBe(false);
    expect(bothTestAfter('indecisive', 'equalOnly')).toBe(true);
    expect(bothTestAfter('bBreaks', 'noBreak')).toBe(false);
  });
  it('9: rollMeleeRound over every dice path of 2 figures against 1: the outcome shares follow the per-die chances', () => {
    // a: 2 figures -> one die at +1 (hit on 6), b saves on 5; b: 1 figure -> one die on 6, a saves on 5.
    const planA = meleePlan(2, foot, foot, false, O);
    const planB = meleePlan(1, foot, foot, false, O);
    const shares: Record<string, number> = {};
    enumerateDice(
      (d) => rollMeleeRound(planA, planB, 2, 1, true, d.fire(0), d.fire(1)).outcome,
      (q, o) => (shares[o] = (shares[o] ?? 0) + q),
    );
    const k = (1 / 6) * (2 / 3); // either side removes a figure
    expect(shares.bBreaks).toBeCloseTo(k * (1 - k), 14);
    expect(shares.aBreaks).toBeCloseTo(k * (1 - k), 14);
    expect(shares.indecisive).toBeCloseTo(k * k + (1 - k) * (1 - k), 14);
  });
});

describe('After the round (9, 11)', () => {
  it('9 (burt.pushBack): half a move, a full move, or an inch', () => {
    expect(pushBackDistance(6, 'halfMove')).toBe(3);
    expect(pushBackDistance(6, 'fullMove')).toBe(6);
    expect(pushBackDistance(6, 'oneInch')).toBe(1);
  });
  it('9: a push-back lets the winner follow up; a break routs the loser and the winner pursues or takes the ground; indecisive neither', () => {
    expect(aftermathOf('aPushedBack')).toEqual({ loser: 'pushedBack', winner: 'mayFollowUp' });
    expect(aftermathOf('bBreaks')).toEqual({ loser: 'routs', winner: 'pursuesOrTakesGround' });
    expect(aftermathOf('indecisive')).toEqual({ loser: null, winner: null });
  });
  it('3.3, 8 (burt.pursuit): cavalry must pursue and foot does not; all pursue; none do', () => {
    expect(pursues('cavalry', 'cavalryMust')).toBe(true);
    expect(pursues('infantry', 'cavalryMust')).toBe(false);
    expect(pursues('infantry', 'all')).toBe(true);
    expect(pursues('cavalry', 'none')).toBe(false);
  });
  it('9, 11 (burt.meleeContinuation): continuous keeps fighting a round a turn; oneRound ends the melee; neither keeps the charge bonus', () => {
    expect(CONTINUATION.continuous).toEqual({ roundsPerTurn: 1, chargeBonusAfterFirstRound: false, endsAfterRound: false });
    expect(CONTINUATION.oneRound.endsAfterRound).toBe(true);
  });
});
