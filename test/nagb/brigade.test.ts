import { describe, expect, it } from 'vitest';
import {
  armyBroken,
  batteryBrigadeTestFailure,
  batteryTakesBrigadeTest,
  brigadeLossFraction,
  brigadeStatus,
  brigadeTestDue,
  brigadeTestFailure,
  brokenBrigadeMayAdvance,
  type BrigadeUnit,
} from '../../src/rules/nagb/brigade.js';
import { DEFAULT_NAGB_OPTIONS as O, withOptions } from '../../src/rules/nagb/options.js';

const bn = (figures: number, removed = false): BrigadeUnit => ({ startFigures: 24, figures, removed, battery: false });
const guns: BrigadeUnit = { startFigures: 12, figures: 0, removed: true, battery: true };

describe('Brigade morale (p29)', () => {
  it('p29 (nagb.brigadeLosses figures): casualties plus the remaining figures of removed units, guns left out', () => {
    const units = [bn(12), bn(20), bn(5, true), bn(24), guns];
    expect(brigadeLossFraction(units, O)).toBeCloseTo((12 + 4 + 24 + 0) / 96, 14);
  });
  it('p29 (casualtiesOnly): only the figures shot or cut down', () => {
    expect(brigadeLossFraction([bn(12), bn(20), bn(5, true), bn(24), guns], withOptions({ brigadeLosses: 'casualtiesOnly' }))).toBeCloseTo((12 + 4 + 19) / 96, 14);
  });
  it('p29 (units): units removed of all units', () => {
    expect(brigadeLossFraction([bn(12), bn(5, true), bn(24), guns], withOptions({ brigadeLosses: 'units' }))).toBe(0.5);
  });
  it('p19, p21, p29 (nagb.batteryBrigadeTest): a battery failing its brigade test keeps its guns where they are: silenced in good order, its crew flee when disordered or silenced; under exempt it takes no test', () => {
    expect(batteryTakesBrigadeTest(O)).toBe(true);
    expect(batteryTakesBrigadeTest(withOptions({ batteryBrigadeTest: 'exempt' }))).toBe(false);
    expect(batteryBrigadeTestFailure(true)).toBe('silenced');
    expect(batteryBrigadeTestFailure(false)).toBe('flee');
  });
  it('p29: 50% faltering, 60% broken', () => {
    expect(brigadeStatus(0.49)).toBe('intact');
    expect(brigadeStatus(0.5)).toBe('faltering');
    expect(brigadeStatus(0.59)).toBe('faltering');
    expect(brigadeStatus(0.6)).toBe('broken');
    expect(brigadeStatus(57.6 / 96)).toBe('broken');
  });
  it('p29 (nagb.brigadeTestFrequency): tests once at each threshold, or in every command phase', () => {
    expect(brigadeTestDue('faltering', 'intact', O)).toBe(true);
    expect(brigadeTestDue('faltering', 'faltering', O)).toBe(false);
    expect(brigadeTestDue('broken', 'faltering', O)).toBe(true);
    expect(brigadeTestDue('faltering', 'faltering', withOptions({ brigadeTestFrequency: 'everyCommandPhase' }))).toBe(true);
    expect(brigadeTestDue('intact', 'intact', withOptions({ brigadeTestFrequency: 'everyCommandPhase' }))).toBe(false);
  });
  it('p29: failing, good order falls back 2d6 and tests at -1 (faltering) or -2 (broken); disordered or shaken flee 2d6', () => {
    expect(brigadeTestFailure('faltering', true)).toEqual({ kind: 'fallBack', dice: 2, disorderTestModifier: -1 });
    expect(brigadeTestFailure('broken', true)).toEqual({ kind: 'fallBack', dice: 2, disorderTestModifier: -2 });
    expect(brigadeTestFailure('broken', false)).toEqual({ kind: 'flee', dice: 2 });
  });
  it('p29 (nagb.brokenBrigade withdraw): a broken brigade no longer advances', () => {
    expect(brokenBrigadeMayAdvance('broken', O)).toBe(true);
    expect(brokenBrigadeMayAdvance('broken', withOptions({ brokenBrigade: 'withdraw' }))).toBe(false);
    expect(brokenBrigadeMayAdvance('faltering', withOptions({ brokenBrigade: 'withdraw' }))).toBe(true);
  });
  it('rulings 5: the army breaks when every brigade has', () => {
    expect(armyBroken(['broken', 'broken'])).toBe(true);
    expect(armyBroken(['broken', 'faltering'])).toBe(false);
    expect(armyBroken([])).toBe(false);
  });
});
