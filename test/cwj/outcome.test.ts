import { describe, expect, it } from 'vitest';
import {
  LADDER_REMOVED,
  LADDER_ROUTED,
  OUTCOME_ATTACKER_BROKEN,
  OUTCOME_CARRIED,
  OUTCOME_DEFENDER_ROUTED,
  OUTCOME_DRAW,
  OUTCOME_NONE,
  OUTCOME_REPULSED,
  OUTCOME_TIME_LIMIT,
  outcomeOf,
  outcomeWinner,
  removalRungs,
  removedMenAs,
  retreatKind,
  type OutcomeCase,
} from '../../src/rules/cwj/outcome.js';
import { RETREAT_OFF_TABLE, RETREAT_STAYS, RETREAT_SURRENDERS, retreatFate } from '../../src/rules/cwj/retreat.js';

const going: OutcomeCase = {
  attackerDefeated: false,
  defenderDefeated: false,
  attackerUnitsLeft: 5,
  defenderUnitsLeft: 2,
  attackerHoldsObjective: false,
  endOfPlayerTurn: true,
  attackerFatigued: false,
  attackerLeaderLedCanAdvance: true,
  turnLimitReached: false,
  phasing: 0,
};

describe('Outcomes (rulings section 10, [Win] l.293-306)', () => {
  it('section 10: nothing decided yet', () => expect(outcomeOf(going, 'draw')).toBe(OUTCOME_NONE));
  it('section 10: the attacker\'s army defeated: attacker broken, the defender wins', () => {
    const o = outcomeOf({ ...going, attackerDefeated: true }, 'draw');
    expect(o).toBe(OUTCOME_ATTACKER_BROKEN);
    expect(outcomeWinner(o, -1)).toBe(1);
  });
  it('section 10: the defender\'s army defeated, or all its units removed: defender routed', () => {
    expect(outcomeOf({ ...going, defenderDefeated: true }, 'draw')).toBe(OUTCOME_DEFENDER_ROUTED);
    expect(outcomeOf({ ...going, defenderUnitsLeft: 0 }, 'draw')).toBe(OUTCOME_DEFENDER_ROUTED);
    expect(outcomeWinner(OUTCOME_DEFENDER_ROUTED, 1)).toBe(0);
  });
  it('section 10: an attacker with no units left is broken', () => {
    expect(outcomeOf({ ...going, attackerUnitsLeft: 0 }, 'draw')).toBe(OUTCOME_ATTACKER_BROKEN);
  });
  it('section 10: army defeat is judged before carrying', () => {
    expect(outcomeOf({ ...going, attackerHoldsObjective: true, defenderDefeated: true }, 'draw')).toBe(OUTCOME_DEFENDER_ROUTED);
    expect(outcomeOf({ ...going, attackerHoldsObjective: true, attackerDefeated: true }, 'draw')).toBe(OUTCOME_ATTACKER_BROKEN);
  });
  it('cwj.mutualDefeat: both defeated at once is a draw, or the phasing side loses', () => {
    const both = { ...going, attackerDefeated: true, defenderDefeated: true };
    expect(outcomeOf(both, 'draw')).toBe(OUTCOME_DRAW);
    expect(outcomeWinner(OUTCOME_DRAW, 0)).toBe(-1);
    expect(outcomeOf(both, 'phasingLoses')).toBe(OUTCOME_ATTACKER_BROKEN);
    expect(outcomeOf({ ...both, phasing: 1 }, 'phasingLoses')).toBe(OUTCOME_DEFENDER_ROUTED);
  });
  it('section 10: the attacker holding the objective at a player turn\'s end carries the position', () => {
    expect(outcomeOf({ ...going, attackerHoldsObjective: true }, 'draw')).toBe(OUTCOME_CARRIED);
    expect(outcomeOf({ ...going, attackerHoldsObjective: true, endOfPlayerTurn: false }, 'draw')).toBe(OUTCOME_NONE);
    expect(outcomeWinner(OUTCOME_CARRIED, 0)).toBe(0);
  });
  it('section 10, [Win] l.304-306: a fatigued attacker with no leader-led unit able to advance is repulsed', () => {
    expect(outcomeOf({ ...going, attackerFatigued: true, attackerLeaderLedCanAdvance: false }, 'draw')).toBe(OUTCOME_REPULSED);
    expect(outcomeOf({ ...going, attackerFatigued: true, attackerLeaderLedCanAdvance: true }, 'draw')).toBe(OUTCOME_NONE);
    expect(outcomeWinner(OUTCOME_REPULSED, 0)).toBe(1);
  });
  it('section 10: at the time limit the objective\'s holder wins; nobody holding it leaves it to the defender', () => {
    const o = outcomeOf({ ...going, turnLimitReached: true }, 'draw');
    expect(o).toBe(OUTCOME_TIME_LIMIT);
    expect(outcomeWinner(o, 0)).toBe(0);
    expect(outcomeWinner(o, 1)).toBe(1);
    expect(outcomeWinner(o, -1)).toBe(1);
  });
});

describe('The common vocabulary (rulings section 10)', () => {
  it('section 10: eliminated men are casualties, routed dispersed, surrendered captured', () => {
    expect(removedMenAs('eliminated')).toBe('casualties');
    expect(removedMenAs('routed')).toBe('dispersed');
    expect(removedMenAs('surrendered')).toBe('captured');
    expect(removedMenAs('offTable')).toBe('dispersed');
    expect(removedMenAs('controlRemoved')).toBe('dispersed');
  });
  it('section 10: a rout reaches routed and removed; other removals removed only', () => {
    expect(removalRungs('routed')).toEqual([LADDER_ROUTED, LADDER_REMOVED]);
    for (const c of ['eliminated', 'surrendered', 'offTable', 'controlRemoved'] as const) expect(removalRungs(c)).toEqual([LADDER_REMOVED]);
  });
  it('section 10: fire, melee and Rally Table retreats are forced; withdrawals voluntary', () => {
    expect(retreatKind('fire')).toBe('forced');
    expect(retreatKind('melee')).toBe('forced');
    expect(retreatKind('rallyTable')).toBe('forced');
    expect(retreatKind('withdrawal')).toBe('voluntary');
  });
});

describe('Retreats ([Rally] l.44-48, [Fire] l.153-155, [Melee] l.243-245)', () => {
  it('[Rally] l.46-47: a retreat with room and no enemy behind simply retreats', () => {
    expect(retreatFate(30, Infinity, 40)).toBe(RETREAT_STAYS);
    expect(retreatFate(30, Infinity, 30)).toBe(RETREAT_STAYS); // ends at the edge
  });
  it('[Rally] l.47-48: a retreat that would meet another enemy surrenders', () => {
    expect(retreatFate(30, 12, 40)).toBe(RETREAT_SURRENDERS);
    expect(retreatFate(20, 20, 40)).toBe(RETREAT_SURRENDERS);
    expect(retreatFate(20, 21, 40)).toBe(RETREAT_STAYS);
  });
  it('rulings section 4.6: a retreat past the table edge leaves the table', () => {
    expect(retreatFate(30, Infinity, 29)).toBe(RETREAT_OFF_TABLE);
  });
  it('rulings section 4.6: the nearer obstacle decides between surrender and leaving', () => {
    expect(retreatFate(30, 10, 20)).toBe(RETREAT_SURRENDERS);
    expect(retreatFate(30, 25, 20)).toBe(RETREAT_OFF_TABLE);
  });
});
