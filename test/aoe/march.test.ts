import { describe, expect, it } from 'vitest';
import { D10 } from '../../src/rules/aoe/dice.js';
import {
  chargesAsDisordered,
  attachedLeaderMarchDrm,
  BROKEN,
  CAUTIOUS,
  detachedLeaderDrm,
  disorderedAfter,
  disorderedChargeDrm,
  ELAN,
  EN_AVANT,
  FALL_BACK,
  formationMarchDrm,
  HOLD_GROUND,
  inconsistentWithMarchMode,
  MARCH_RESULTS,
  marchBand,
  marchCheckFailed,
  marchModeDrm,
  marchModifier,
  marchResult,
  marchStandLossHits,
  mayChangeFormation,
  moveShare,
  movesForMarchMode,
  RALLY,
  retireBeyond,
  retireDistance,
  RETIRE,
  rollMarch,
  rollsOnMarchTable,
  ROUTS,
  SHAKEN,
  WAVERING,
  A_LA_BAYONETTE,
  type MarchSituation,
} from '../../src/rules/aoe/march.js';
import { DEFAULT_AOE_OPTIONS } from '../../src/rules/aoe/options.js';

// The March Table of p1, transcribed by hand: lowest modified roll of each row, disordered and good-order names.
const TABLE: [number, string, string][] = [
  [9, 'elan', 'aLaBayonette'],
  [6, 'rally', 'enAvant'],
  [4, 'shaken', 'cautious'],
  [2, 'wavering', 'holdGround'],
  [0, 'broken', 'retire'],
  [-Infinity, 'routs', 'fallBack'],
];
function expected(modified: number, disordered: boolean): string {
  const row = TABLE.find(([low]) => modified >= low)!;
  return disordered ? row[1] : row[2];
}

describe('March Table results (p1 March Table)', () => {
  for (const disordered of [false, true]) {
    it(`p1 March Table: every modified roll from -4 to 14 reads the ${disordered ? 'disordered/silenced' : 'good order'} column as printed`, () => {
      for (let m = -4; m <= 14; m++) expect(MARCH_RESULTS[marchResult(m, disordered)].key, `modified ${m}`).toBe(expected(m, disordered));
    });
  }
  it('p1 March Table: the band edges are 9, 6, 4, 2, 0 (less than 0 the last)', () => {
    expect([9, 8, 6, 5, 4, 3, 2, 1, 0, -1].map(marchBand)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
  });
  it('p1: the two top good-order results both move normally and allow any formation change', () => {
    for (const r of [A_LA_BAYONETTE, EN_AVANT, ELAN]) {
      expect(MARCH_RESULTS[r].move).toBe('full');
      expect(mayChangeFormation(r, 'other')).toBe(true);
    }
  });
  it('p1 Rally: rallies, half move, no formation change but to square', () => {
    expect(MARCH_RESULTS[RALLY]).toMatchObject({ move: 'half', rallies: true, unsilences: true });
    expect([mayChangeFormation(RALLY, 'square'), mayChangeFormation(RALLY, 'limber'), mayChangeFormation(RALLY, 'other')]).toEqual([true, false, false]);
  });
  it('p1 Cautious: half move, no formation change but to square or limbering/unlimbering', () => {
    expect(MARCH_RESULTS[CAUTIOUS].move).toBe('half');
    expect([mayChangeFormation(CAUTIOUS, 'square'), mayChangeFormation(CAUTIOUS, 'limber'), mayChangeFormation(CAUTIOUS, 'other')]).toEqual([true, true, false]);
  });
  it('p1 Shaken: troops rally but do not move or change; a battery stays silenced', () => {
    expect(MARCH_RESULTS[SHAKEN]).toMatchObject({ move: 'none', change: 'none', rallies: true, unsilences: false });
    expect(disorderedAfter(SHAKEN, 'infantry')).toBe(false);
    expect(disorderedAfter(SHAKEN, 'artillery')).toBe(true);
  });
  it('p1 Special Rules: a Rally (and an Elan, rulings 3.1) removes a silenced marker', () => {
    expect(disorderedAfter(RALLY, 'artillery')).toBe(false);
    expect(disorderedAfter(ELAN, 'artillery')).toBe(false);
  });
  it('p1 Wavering and Hold Ground: no move or change; a wavering unit stays disordered', () => {
    for (const r of [WAVERING, HOLD_GROUND]) expect(MARCH_RESULTS[r]).toMatchObject({ move: 'none', change: 'none' });
    expect(disorderedAfter(WAVERING, 'infantry')).toBe(true);
    expect(disorderedAfter(HOLD_GROUND, 'infantry')).toBe(false);
  });
  it('p1 Broken: a full move back, disordered, troops lose a stand (aoe.standLoss: a hit, or nothing)', () => {
    expect(MARCH_RESULTS[BROKEN]).toMatchObject({ move: 'retreat', disordered: true, loseStand: true });
    expect(marchStandLossHits(BROKEN, 'infantry', 'hit')).toBe(1);
    expect(marchStandLossHits(BROKEN, 'cavalry', 'ignore')).toBe(0);
    expect(marchStandLossHits(BROKEN, 'artillery', 'hit')).toBe(0); // troops only
    expect(marchStandLossHits(WAVERING, 'infantry', 'hit')).toBe(0);
  });
  it('p1 Routs: removed from play; Fall Back: a full move back, disordered; Retire: no disorder stated', () => {
    expect(MARCH_RESULTS[ROUTS].move).toBe('removed');
    expect(MARCH_RESULTS[FALL_BACK]).toMatchObject({ move: 'retreat', disordered: true });
    expect(MARCH_RESULTS[RETIRE]).toMatchObject({ move: 'retire', disordered: false });
    expect(disorderedAfter(FALL_BACK, 'infantry')).toBe(true);
    expect(disorderedAfter(RETIRE, 'infantry')).toBe(false);
  });
  it('p1 March Table: moveShare is full 1, half 1/2, none and retreats 0', () => {
    expect([A_LA_BAYONETTE, EN_AVANT, CAUTIOUS, HOLD_GROUND, RETIRE, FALL_BACK].map(moveShare)).toEqual([1, 1, 0.5, 0, 0, 0]);
    expect([ELAN, RALLY, SHAKEN, WAVERING, BROKEN, ROUTS].map(moveShare)).toEqual([1, 0.5, 0, 0, 0, 0]);
  });
  it('p1 March Table: rollMarch is a d10 face plus the modifier read in the right column', () => {
    expect(rollMarch(() => 0.85, D10, 0, false)).toBe(A_LA_BAYONETTE); // 9
    expect(rollMarch(() => 0.85, D10, -4, true)).toBe(SHAKEN); // 9 - 4 = 5
    expect(rollMarch(() => 0, D10, -2, true)).toBe(ROUTS); // 1 - 2 = -1
  });
});

describe('March Table modifiers (p1 Tactical Movement Modifiers; p3 March Table)', () => {
  const base: MarchSituation = {
    arm: 'infantry', disordered: false, formation: 'line', troops: 'regular', hits: 0, attachedLeader: 0,
    detachedLeaders: 0, detachedCharismatic: 0, marchMode: 'impulse', moving: true, movingFormation: 'line',
    secureFlanks: false, charging: false, chargeAtBua: false, cohesionLevel: 0,
  };
  const mod = (s: Partial<MarchSituation>, o = DEFAULT_AOE_OPTIONS) => marchModifier({ ...base, ...s }, o);

  it('p1 Tactical Movement Modifiers: a plain Regular unit in line, impulse, no leader, no hits has modifier 0', () => expect(mod({})).toBe(0));
  it('p1: detached division or army leaders within 12" give +1 each, +2 a charismatic one, at most +4 [layout]', () => {
    expect(detachedLeaderDrm(1, 0)).toBe(1);
    expect(detachedLeaderDrm(0, 1)).toBe(2);
    expect(detachedLeaderDrm(1, 1)).toBe(3);
    expect(detachedLeaderDrm(2, 2)).toBe(4);
    expect(detachedLeaderDrm(5, 0)).toBe(4);
  });
  it('p1: an attached leader +2, an attached charismatic leader +3', () => {
    expect([0, 1, 2].map((l) => attachedLeaderMarchDrm(l as 0 | 1 | 2))).toEqual([0, 2, 3]);
    expect(mod({ attachedLeader: 2 })).toBe(3);
  });
  it('p1: +1 in Field or March Column, Masse or Square; nothing in Line, Open Order, a BUA, or for a battery', () => {
    for (const f of ['fieldColumn', 'marchColumn', 'masse', 'square'] as const) expect(formationMarchDrm('infantry', f)).toBe(1);
    for (const f of ['line', 'openOrder', 'none'] as const) expect(formationMarchDrm('infantry', f)).toBe(0);
    expect(formationMarchDrm('artillery', 'fieldColumn')).toBe(0);
    expect(formationMarchDrm('cavalry', 'fieldColumn')).toBe(1);
  });
  it('p3 March Mode: Linear is out of mode in Field Column; in Masse too under aoe.linearMasse inconsistent (p1) but not consistent (p3)', () => {
    expect(inconsistentWithMarchMode('linear', 'fieldColumn', 'inconsistent')).toBe(true);
    expect(inconsistentWithMarchMode('linear', 'fieldColumn', 'consistent')).toBe(true);
    expect(inconsistentWithMarchMode('linear', 'masse', 'inconsistent')).toBe(true);
    expect(inconsistentWithMarchMode('linear', 'masse', 'consistent')).toBe(false);
    expect(inconsistentWithMarchMode('linear', 'line', 'inconsistent')).toBe(false);
  });
  it('p3 March Mode: Columnar is out of mode in Line; Impulse never', () => {
    expect(inconsistentWithMarchMode('columnar', 'line', 'inconsistent')).toBe(true);
    expect(inconsistentWithMarchMode('columnar', 'fieldColumn', 'inconsistent')).toBe(false);
    for (const f of ['line', 'fieldColumn', 'masse', 'marchColumn'] as const) expect(inconsistentWithMarchMode('impulse', f, 'inconsistent')).toBe(false);
  });
  it('p3 March Mode: the -2 applies only to a unit wanting to move in that formation', () => {
    expect(marchModeDrm('columnar', 'line', true, 'inconsistent')).toBe(-2);
    expect(marchModeDrm('columnar', 'line', false, 'inconsistent')).toBe(0);
    expect(marchModeDrm(null, 'line', true, 'inconsistent')).toBe(0);
    expect(mod({ marchMode: 'linear', formation: 'fieldColumn', movingFormation: 'fieldColumn' })).toBe(1 - 2);
  });
  it('p3 March Mode, aoe.marchModeChange: a move along the ground always wants to move; a change where it stands only under changeToo', () => {
    for (const rule of ['moveOnly', 'changeToo'] as const) {
      expect(movesForMarchMode(true, false, rule)).toBe(true);
      expect(movesForMarchMode(true, true, rule)).toBe(true);
      expect(movesForMarchMode(false, false, rule)).toBe(false);
    }
    expect(movesForMarchMode(false, true, 'moveOnly')).toBe(false);
    expect(movesForMarchMode(false, true, 'changeToo')).toBe(true);
  });
  it('p3 Secure Flanks: +1', () => expect(mod({ secureFlanks: true })).toBe(1));
  it('p1: Elite +1, Conscript -1', () => {
    expect(mod({ troops: 'elite' })).toBe(1);
    expect(mod({ troops: 'conscript' })).toBe(-1);
  });
  it('p1: -1 for each hit on the unit', () => expect(mod({ hits: 3 })).toBe(-3));
  it('p1: -3 for disordered cavalry moving into a charge, not for infantry nor cavalry in order', () => {
    expect(disorderedChargeDrm('cavalry', true, true)).toBe(-3);
    expect(disorderedChargeDrm('cavalry', false, true)).toBe(0);
    expect(disorderedChargeDrm('infantry', true, true)).toBe(0);
    expect(disorderedChargeDrm('cavalry', true, false)).toBe(0);
  });
  it('p3 Built Up Areas (cavalry attacking a unit in a BUA are always Disordered), aoe.buaCavalry disordered: cavalry in order charging a unit in a block takes the -3 of p1; onContact and combatOnly do not', () => {
    expect(DEFAULT_AOE_OPTIONS.buaCavalry).toBe('disordered');
    expect(chargesAsDisordered(false, true, 'disordered')).toBe(true);
    expect(chargesAsDisordered(false, true, 'onContact')).toBe(false);
    expect(chargesAsDisordered(false, true, 'combatOnly')).toBe(false);
    expect(chargesAsDisordered(true, false, 'combatOnly')).toBe(true);
    expect(chargesAsDisordered(false, false, 'disordered')).toBe(false);
    const cavalryAtVillage = { arm: 'cavalry' as const, marchMode: null, charging: true, chargeAtBua: true };
    expect(mod(cavalryAtVillage)).toBe(-3);
    expect(mod(cavalryAtVillage, { ...DEFAULT_AOE_OPTIONS, buaCavalry: 'onContact' })).toBe(0);
    expect(mod({ ...cavalryAtVillage, arm: 'infantry', marchMode: 'impulse' })).toBe(0); // infantry: no such line
  });
  it('p1: -1 for each army cohesion level', () => expect(mod({ cohesionLevel: 2 })).toBe(-2));
  it('p1: the lines add (a disordered elite cavalry charge with a charismatic leader, 1 hit, cohesion 1)', () => {
    const m = mod({ arm: 'cavalry', disordered: true, charging: true, troops: 'elite', attachedLeader: 2, hits: 1, cohesionLevel: 1, marchMode: null, formation: 'line' });
    expect(m).toBe(3 + 1 - 1 - 3 - 1);
  });
});

describe('Who rolls, failed checks and Retire (p1 Play Sequence; p1 Retire; rulings 3.1, 5)', () => {
  it('aoe.marchCheck movers: only units wanting to move, change, charge or rally roll; everyUnit: all', () => {
    expect(rollsOnMarchTable(true, 'movers')).toBe(true);
    expect(rollsOnMarchTable(false, 'movers')).toBe(false);
    expect(rollsOnMarchTable(false, 'everyUnit')).toBe(true);
  });
  it('rulings 5: a modified 3 or less is a failed check (Hold Ground and worse, Wavering and worse)', () => {
    expect([5, 4, 3, 2, -1].map(marchCheckFailed)).toEqual([false, false, true, true, true]);
  });
  it('p1 Retire (aoe.retireDistance): beyond 3" is 3.1" (ranges in tenths, p2 3.1"), beyond 6" is 6.1"', () => {
    expect(retireBeyond('musket')).toBe(3.1);
    expect(retireBeyond('skirmish')).toBe(6.1);
  });
  it('p1 Retire: a unit in contact retires 3.1"; at 2" it retires 1.1"; beyond range it does not move (Hold Ground) [gap]', () => {
    expect(retireDistance(0, 'musket')).toBeCloseTo(3.1, 12);
    expect(retireDistance(2, 'musket')).toBeCloseTo(1.1, 12);
    expect(retireDistance(4, 'musket')).toBe(0);
    expect(retireDistance(4, 'skirmish')).toBeCloseTo(2.1, 12);
  });
});
