import { describe, expect, it } from 'vitest';
import { becameShaken, bestLevel, cohesionModifier, cohesionTable, loseLevels, mayFire, rally, regroup, routedNow, startLevel } from '../../src/rules/burt/cohesion.js';
import { DISORDERED, FORMED, LADDER_RUNG, ROUT, SHAKEN, UNFORMED } from '../../src/rules/burt/tables.js';

describe('The cohesion ladder (7)', () => {
  it('7: foot and horse start formed; skirmishers and guns start unformed', () => {
    expect(startLevel('infantry')).toBe(FORMED);
    expect(startLevel('cavalry')).toBe(FORMED);
    expect(startLevel('skirmishers')).toBe(UNFORMED);
    expect(startLevel('guns')).toBe(UNFORMED);
  });
  it('7: losing order goes formed, unformed, disordered, shaken, rout', () => {
    expect([FORMED, UNFORMED, DISORDERED, SHAKEN].map((l) => loseLevels(l))).toEqual([UNFORMED, DISORDERED, SHAKEN, ROUT]);
  });
  it('7, 8: a shaken unit that loses a level routs; a router stays routing', () => {
    expect(loseLevels(SHAKEN, 1)).toBe(ROUT);
    expect(loseLevels(ROUT, 1)).toBe(ROUT);
    expect(loseLevels(UNFORMED, 5)).toBe(ROUT);
  });
  it('7: losing no level changes nothing', () => {
    expect(loseLevels(DISORDERED, 0)).toBe(DISORDERED);
  });
  it('10, 8: routing now and becoming shaken now are told apart from staying there', () => {
    expect(routedNow(SHAKEN, ROUT)).toBe(true);
    expect(routedNow(ROUT, ROUT)).toBe(false);
    expect(becameShaken(DISORDERED, SHAKEN)).toBe(true);
    expect(becameShaken(SHAKEN, SHAKEN)).toBe(false);
    expect(becameShaken(ROUT, SHAKEN)).toBe(false); // a rally is not a new shaken retreat
  });
  it('7: REGROUP regains one level, never above the best level (skirmishers and guns never formed)', () => {
    expect(regroup(SHAKEN, 'infantry')).toBe(DISORDERED);
    expect(regroup(UNFORMED, 'infantry')).toBe(FORMED);
    expect(regroup(FORMED, 'infantry')).toBe(FORMED);
    expect(regroup(DISORDERED, 'skirmishers')).toBe(UNFORMED);
    expect(regroup(UNFORMED, 'guns')).toBe(UNFORMED);
    expect(bestLevel('guns')).toBe(UNFORMED);
  });
  it('7: a router does not regroup; it rallies to shaken', () => {
    expect(regroup(ROUT, 'infantry')).toBe(ROUT);
    expect(rally(ROUT)).toBe(SHAKEN);
    expect(rally(DISORDERED)).toBe(DISORDERED);
  });
  it('6: routers do not fire', () => {
    expect(mayFire(ROUT)).toBe(false);
    expect(mayFire(SHAKEN)).toBe(true);
  });
  it('rulings (mapping): formed and unformed are good; disordered, shaken, routed rungs', () => {
    expect(LADDER_RUNG).toEqual({ formed: 'good', unformed: 'good', disordered: 'disordered', shaken: 'shaken', rout: 'routed' });
  });
});

describe('Cohesion modifiers (7; burt.cohesionModifiers, burt.routSavePenalty)', () => {
  // The rulings' cohesion table, row by row: fire, morale, melee to hit, melee save, enemy to hit,
  // enemy cavalry extra, enemy light cavalry extra (currentLevel, routSavePenalty true).
  const CURRENT: Record<number, number[]> = {
    [FORMED]: [0, 0, 0, 0, 0, 0, 1],
    [UNFORMED]: [0, 0, 0, 1, 0, 0, 0],
    [DISORDERED]: [0, -1, 1, 1, 0, -1, 0],
    [SHAKEN]: [1, -2, 2, 1, -1, -1, 0],
    [ROUT]: [0, -3, 2, 1, -2, -1, 0],
  };
  const COLUMNS = ['fireToHit', 'morale', 'meleeToHit', 'meleeSave', 'enemyMeleeToHit', 'enemyCavalryMeleeToHit', 'enemyLightCavalryMeleeToHit'] as const;

  it('7 (currentLevel): each level gives exactly its own row of the table', () => {
    for (const [level, row] of Object.entries(CURRENT)) {
      COLUMNS.forEach((c, i) => expect(cohesionModifier(c, Number(level) as 0, 'currentLevel', true), `${c} ${level}`).toBe(row[i]));
    }
  });
  it('9 (burt.routSavePenalty false): routers save without the +1', () => {
    expect(cohesionModifier('meleeSave', ROUT, 'currentLevel', false)).toBe(0);
    expect(cohesionModifier('meleeSave', SHAKEN, 'currentLevel', false)).toBe(1);
  });
  it('7 (cumulative): a shaken unit is also disordered: morale -3, melee +3; a router -6 and +3; each item once', () => {
    expect(cohesionModifier('morale', SHAKEN, 'cumulative', true)).toBe(-3);
    expect(cohesionModifier('meleeToHit', SHAKEN, 'cumulative', true)).toBe(3);
    expect(cohesionModifier('morale', ROUT, 'cumulative', true)).toBe(-6);
    expect(cohesionModifier('meleeToHit', ROUT, 'cumulative', true)).toBe(3);
    expect(cohesionModifier('meleeSave', SHAKEN, 'cumulative', true)).toBe(1);
    expect(cohesionModifier('enemyMeleeToHit', ROUT, 'cumulative', true)).toBe(-3);
    expect(cohesionModifier('enemyCavalryMeleeToHit', ROUT, 'cumulative', true)).toBe(-1);
    expect(cohesionModifier('fireToHit', SHAKEN, 'cumulative', true)).toBe(1);
  });
  it('7 (cumulative): formed and unformed are as under currentLevel; light cavalry +1 only against formed', () => {
    for (const c of COLUMNS) {
      expect(cohesionModifier(c, FORMED, 'cumulative', true)).toBe(cohesionModifier(c, FORMED, 'currentLevel', true));
      expect(cohesionModifier(c, UNFORMED, 'cumulative', true)).toBe(cohesionModifier(c, UNFORMED, 'currentLevel', true));
    }
    expect(cohesionModifier('enemyLightCavalryMeleeToHit', DISORDERED, 'cumulative', true)).toBe(0);
  });
  it('7: cohesionTable holds cohesionModifier for every column and level', () => {
    const t = cohesionTable('cumulative', false);
    for (const c of COLUMNS) for (const l of [0, 1, 2, 3, 4] as const) expect(t[c][l]).toBe(cohesionModifier(c, l, 'cumulative', false));
  });
});
