import { describe, expect, it } from 'vitest';
import {
  engagementOutcome,
  ladderRung,
  outcomeWinner,
  RUNG_DISORDERED,
  RUNG_GOOD,
  RUNG_KEYS,
  RUNG_REMOVED,
  RUNG_ROUTED,
  RUNG_SHAKEN,
  type OutcomeState,
  type RungState,
} from '../../src/rules/aoe/outcome.js';

describe('The cohesion ladder (rulings 5 "Ladder")', () => {
  const s = (x: Partial<RungState>): RungState => ({ removed: false, routedThisTurn: false, hits: 0, threshold: 5, disordered: false, ...x });
  it('rulings 5: good order is good; disordered or silenced is disordered', () => {
    expect(ladderRung(s({}))).toBe(RUNG_GOOD);
    expect(ladderRung(s({ disordered: true }))).toBe(RUNG_DISORDERED);
  });
  it('rulings 5: 3-4 hits is shaken (the parent\'s Spent), worse than disordered', () => {
    expect(ladderRung(s({ hits: 3 }))).toBe(RUNG_SHAKEN);
    expect(ladderRung(s({ hits: 4, disordered: true }))).toBe(RUNG_SHAKEN);
    expect(ladderRung(s({ hits: 2, disordered: true }))).toBe(RUNG_DISORDERED);
  });
  it('rulings 5: Broken this turn or beaten by +7 is routed; removed is the worst', () => {
    expect(ladderRung(s({ routedThisTurn: true, hits: 4 }))).toBe(RUNG_ROUTED);
    expect(ladderRung(s({ removed: true, routedThisTurn: true }))).toBe(RUNG_REMOVED);
    expect(RUNG_KEYS).toEqual(['good', 'disordered', 'shaken', 'routed', 'removed']);
  });
});

describe('End of the engagement (rulings 5 "Outcomes": first match wins)', () => {
  const s = (x: Partial<OutcomeState>): OutcomeState => ({ attackerUnits: 2, defenderUnits: 1, attackerArmyBroken: false, carried: false, atTimeLimit: false, chargeMet: false, ...x });
  it('rulings 5: nothing decided yet: null', () => expect(engagementOutcome(s({}))).toBeNull());
  it('rulings 5: both sides gone is a draw, ahead of everything else', () => {
    expect(engagementOutcome(s({ attackerUnits: 0, defenderUnits: 0, carried: true, atTimeLimit: true }))).toBe('draw');
    expect(outcomeWinner('draw')).toBe(-1);
  });
  it('rulings 5: every defending unit removed: defenderRouted, an attacker win, ahead of a broken attacker army', () => {
    expect(engagementOutcome(s({ defenderUnits: 0, attackerArmyBroken: true }))).toBe('defenderRouted');
    expect(outcomeWinner('defenderRouted')).toBe(0);
  });
  it('rulings 5: the objective carried after a defender retreat: carried, an attacker win, ahead of attackerBroken', () => {
    expect(engagementOutcome(s({ carried: true, attackerArmyBroken: true }))).toBe('carried');
    expect(outcomeWinner('carried')).toBe(0);
  });
  it('rulings 5: every attacking unit removed, or the attacker army broken: attackerBroken, a defender win', () => {
    expect(engagementOutcome(s({ attackerUnits: 0 }))).toBe('attackerBroken');
    expect(engagementOutcome(s({ attackerArmyBroken: true }))).toBe('attackerBroken');
    expect(outcomeWinner('attackerBroken')).toBe(1);
  });
  it('rulings 5: at the time limit, repulsed (defender) if a charge met the enemy or was checked, else time', () => {
    expect(engagementOutcome(s({ atTimeLimit: true, chargeMet: true }))).toBe('repulsed');
    expect(engagementOutcome(s({ atTimeLimit: true }))).toBe('time');
    expect(outcomeWinner('repulsed')).toBe(1);
    expect(outcomeWinner('time')).toBe(-1);
  });
});
