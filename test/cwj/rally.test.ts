import { describe, expect, it } from 'vitest';
import { aleaStream } from '../../src/core/dice.js';
import {
  CHECK_PURPOSES,
  cohesionAfterRoll,
  contactCheckModifier,
  contactCheckRequired,
  generalRallyBonus,
  generalUsedOnCheck,
  heldAfterRallyRoll,
  mayUsePass,
  mustRollToRally,
  RALLY_DISORDERED,
  RALLY_PASS,
  RALLY_PASS_AT,
  RALLY_RETREAT,
  RALLY_ROUT,
  RALLY_TABLE,
  rallyModifier,
  rallyRemoves,
  rallyRetreats,
  rallyTableResult,
  rollRallyTable,
  startingPasses,
  unformedRecovers,
} from '../../src/rules/cwj/rally.js';

describe('Rally Table ([Rally] l.34-58)', () => {
  // l.38-58 by hand: 2-3 rout, 4-5 retreat, 6-8 disordered, 9-12 rally.
  const TEXT: Record<number, number> = { 2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3, 12: 3 };
  for (let t = 2; t <= 12; t++) {
    it(`[Rally] l.38-58: a modified ${t} is ${['rout', 'retreat', 'disordered', 'rally'][TEXT[t]]}`, () => {
      expect(rallyTableResult(t)).toBe(TEXT[t]);
    });
  }
  it('[Rally]: a modified total below 2 is still a rout, above 12 still a rally', () => {
    for (const t of [-5, 0, 1]) expect(rallyTableResult(t)).toBe(RALLY_ROUT);
    for (const t of [13, 20]) expect(rallyTableResult(t)).toBe(RALLY_PASS);
  });
  it('[Rally] l.55-56: the pass ("Rally (Pass)") starts at 9', () => {
    expect(RALLY_PASS_AT).toBe(9);
    expect(rallyTableResult(RALLY_PASS_AT - 1)).not.toBe(RALLY_PASS);
    expect(rallyTableResult(RALLY_PASS_AT)).toBe(RALLY_PASS);
  });
  it('[Rally] l.34-58: the data bands agree with the function for every total -3..16', () => {
    for (let t = -3; t <= 16; t++) expect(RALLY_TABLE.bands.find((b) => t <= b.upTo)!.result).toBe(rallyTableResult(t));
  });
  it('[Rally] l.38-48: a rout removes the unit; a retreat moves it 30 cm', () => {
    expect(rallyRemoves(RALLY_ROUT)).toBe(true);
    expect([RALLY_RETREAT, RALLY_DISORDERED, RALLY_PASS].some((r) => rallyRemoves(r as 1 | 2 | 3))).toBe(false);
    expect(rallyRetreats(RALLY_RETREAT)).toBe(true);
    expect(rallyRetreats(RALLY_DISORDERED)).toBe(false);
    expect(RALLY_TABLE.retreatCm).toBe(30);
  });
  it('[Rally] l.44-58: after a rally-phase roll only a pass lets the unit move this turn', () => {
    expect(heldAfterRallyRoll(RALLY_PASS)).toBe(false);
    expect(heldAfterRallyRoll(RALLY_DISORDERED)).toBe(true);
    expect(heldAfterRallyRoll(RALLY_RETREAT)).toBe(true);
  });
  it('[Rally] l.33: rollRallyTable draws two dice from its stream and reads the table (seeded, 2000 rolls agree with a replay)', () => {
    const u = aleaStream('cwj-rally-replay');
    const v = aleaStream('cwj-rally-replay');
    for (let i = 0; i < 2000; i++) {
      const r = rollRallyTable(u, 1);
      const s = 2 + Math.floor(v() * 6) + Math.floor(v() * 6);
      expect(r).toBe(rallyTableResult(s + 1));
    }
  });
});

describe('Rally Table modifiers ([Rally] l.42-43, [Gen] l.286-287, cwj.generalCheckBonus)', () => {
  it('[Rally] l.42-43: the unit\'s rally ("morale") mod, +1 for an attached general', () => {
    expect(rallyModifier(2, false, 'rally', 'allChecks')).toBe(2);
    expect(rallyModifier(-1, true, 'rally', 'allChecks')).toBe(0);
  });
  it('[Rally] l.42-43 (allChecks): the general\'s +1 applies on every purpose', () => {
    for (const p of CHECK_PURPOSES) expect(generalRallyBonus(true, p, 'allChecks'), p).toBe(1);
  });
  it('[Gen] l.286-287 (rallyPhaseOnly): only in the rally phase', () => {
    expect(generalRallyBonus(true, 'rally', 'rallyPhaseOnly')).toBe(1);
    for (const p of ['contact', 'withdrawal', 'rough'] as const) expect(generalRallyBonus(true, p, 'rallyPhaseOnly'), p).toBe(0);
  });
  it('[Gen] l.291-292: no serving general, no bonus', () => {
    for (const p of CHECK_PURPOSES) expect(generalRallyBonus(false, p, 'allChecks')).toBe(0);
  });
  it('[Gen] l.290: a general is "used" (and rolls for his life) exactly when his bonus applies', () => {
    expect(generalUsedOnCheck(true, 'contact', 'allChecks')).toBe(true);
    expect(generalUsedOnCheck(true, 'contact', 'rallyPhaseOnly')).toBe(false);
    expect(generalUsedOnCheck(false, 'rally', 'allChecks')).toBe(false);
  });
});

describe('Contact morale checks ([Contact] l.125-129)', () => {
  it('[Contact] l.127: infantry not in square contacted by cavalry checks', () => {
    for (const f of ['line', 'column', 'skirmish', 'deployed'] as const) expect(contactCheckRequired('infantry', f, 'cavalry', 'line'), f).toBe(true);
    expect(contactCheckRequired('infantry', 'square', 'cavalry', 'column')).toBe(false);
  });
  it('[Contact] l.127-128: any infantry (a square too) contacted by an infantry column checks', () => {
    for (const f of ['line', 'column', 'skirmish', 'deployed', 'square'] as const) expect(contactCheckRequired('infantry', f, 'infantry', 'column'), f).toBe(true);
  });
  it('[Contact] l.127-128: infantry in line or skirmish contacting infantry causes no check; cavalry and artillery never check', () => {
    expect(contactCheckRequired('infantry', 'line', 'infantry', 'line')).toBe(false);
    expect(contactCheckRequired('infantry', 'line', 'infantry', 'skirmish')).toBe(false);
    expect(contactCheckRequired('cavalry', 'line', 'infantry', 'column')).toBe(false);
    expect(contactCheckRequired('artillery', 'unlimbered', 'cavalry', 'line')).toBe(false);
    expect(contactCheckRequired('infantry', 'line', 'artillery', 'limbered')).toBe(false);
  });
  it('[Contact] l.129: skirmish formation checks at -3, on top of rally mod and general', () => {
    expect(contactCheckModifier(1, false, 'skirmish', 'allChecks')).toBe(-2);
    expect(contactCheckModifier(1, true, 'skirmish', 'allChecks')).toBe(-1);
    expect(contactCheckModifier(1, true, 'line', 'rallyPhaseOnly')).toBe(1);
  });
});

describe('Cohesion after a Rally Table roll', () => {
  it('[Rally] l.55-58: a rally-phase pass turns a disordered or unformed unit good', () => {
    expect(cohesionAfterRoll(RALLY_PASS, 'disordered', 'rally', true)).toBe('good');
    expect(cohesionAfterRoll(RALLY_PASS, 'unformed', 'rally', true)).toBe('good');
  });
  it('[Rally] l.44-53: a rally-phase 4-8 leaves the unit as it was (it stays disordered or unformed)', () => {
    for (const r of [RALLY_RETREAT, RALLY_DISORDERED] as const) {
      expect(cohesionAfterRoll(r, 'disordered', 'rally', true)).toBe('disordered');
      expect(cohesionAfterRoll(r, 'unformed', 'rally', false)).toBe('unformed');
    }
  });
  it('[Contact] l.128: a pass on a contact or withdrawal check changes nothing', () => {
    expect(cohesionAfterRoll(RALLY_PASS, 'good', 'contact', true)).toBe('good');
    expect(cohesionAfterRoll(RALLY_PASS, 'disordered', 'withdrawal', true)).toBe('disordered');
  });
  it('[Contact] l.128, [Rally] l.50-53: 6-8 on a check disorders the unit', () => {
    expect(cohesionAfterRoll(RALLY_DISORDERED, 'good', 'contact', false)).toBe('disordered');
    expect(cohesionAfterRoll(RALLY_DISORDERED, 'unformed', 'withdrawal', false)).toBe('disordered');
  });
  it('cwj.checkRetreatDisorders: a good unit retreating on a check is disordered (true) or stays good (false)', () => {
    expect(cohesionAfterRoll(RALLY_RETREAT, 'good', 'contact', true)).toBe('disordered');
    expect(cohesionAfterRoll(RALLY_RETREAT, 'good', 'contact', false)).toBe('good');
    expect(cohesionAfterRoll(RALLY_RETREAT, 'disordered', 'withdrawal', false)).toBe('disordered');
  });
});

describe('Morale passes ([Rally] l.24-32)', () => {
  it('[Rally] l.24-27: a pass needs one left, a unit of his own corps, within 30 cm, disordered or unformed', () => {
    expect(mayUsePass(1, true, 30, 'disordered', false)).toBe(true);
    expect(mayUsePass(1, true, 12, 'unformed', false)).toBe(true);
    expect(mayUsePass(0, true, 12, 'disordered', false)).toBe(false);
    expect(mayUsePass(1, false, 12, 'disordered', false)).toBe(false);
    expect(mayUsePass(1, true, 30.5, 'disordered', false)).toBe(false);
    expect(mayUsePass(1, true, 12, 'good', false)).toBe(false);
  });
  it('[Melee] l.254: a unit in contact may not rally, so takes no pass', () => {
    expect(mayUsePass(3, true, 5, 'disordered', true)).toBe(false);
  });
  it('[Rally] l.24, cwj.moralePasses: the scenario\'s number first, else the option', () => {
    expect(startingPasses(undefined, 3)).toBe(3);
    expect(startingPasses(5, 3)).toBe(5);
    expect(startingPasses(0, 3)).toBe(0);
  });
  it('[SoP] l.5-6, [Rally] l.29-30: every disordered unit not in contact must roll; unformed ones unless unformedNoRoll', () => {
    expect(mustRollToRally('disordered', false, 'unformed')).toBe(true);
    expect(mustRollToRally('disordered', true, 'unformed')).toBe(false);
    expect(mustRollToRally('good', false, 'unformed')).toBe(false);
    expect(mustRollToRally('unformed', false, 'unformed')).toBe(true);
    expect(mustRollToRally('unformed', false, 'unformedNoRoll')).toBe(false);
    expect(mustRollToRally('disordered', false, 'unformedNoRoll')).toBe(true);
  });
  it('[Rough] l.123-124: an unformed unit that does not move in its movement phase recovers', () => {
    expect(unformedRecovers('unformed', false)).toBe(true);
    expect(unformedRecovers('unformed', true)).toBe(false);
    expect(unformedRecovers('disordered', false)).toBe(false);
  });
});
