/**
 * NAGB refits (src/rules/nagb/refit.ts): classes, leadership and drill of units (p38-40), commanders'
 * ratings (p5, p39), conflicts, and the quality ladder (rulings 7).
 */
import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { VolleyInputError } from '../../src/core/errors.js';
import { QUALITY_LADDER } from '../../src/core/ruleset.js';
import { NAGB_QUALITY } from '../../src/rules/nagb/quality.js';
import { applyRefit, entries, rawUnits, valueIn, type NagbRefit } from '../../src/rules/nagb/refit.js';
import { readYaml } from '../../src/scenario/yamlFile.js';
import { compiled, duel, laneScenario } from './lane.js';

const village = () => readYaml('sims/nagb/common-a-village.scenario.yaml').data as Record<string, unknown>;
const refit = (over: Partial<NagbRefit>): NagbRefit => ({ name: 'r', rules: [], commanders: [], ...over }) as NagbRefit;

describe('NAGB refits', () => {
  it('p39: a rule sets the class and leadership of the units it matches; the compiled Ld follows (p39: elite 10; an own Ld 9)', () => {
    const out = applyRefit(village(), refit({ rules: [{ match: { id: 'IR-12-I' }, set: { class: 'elite' } }, { match: { brigade: 'Bde-French', arm: 'infantry' }, set: { leadership: 9 } }] }));
    const c = compiled(laneScenario(out.data as Record<string, unknown>));
    expect(c.specs.find((s) => s.id === 'IR-12-I')!.ld).toBe(10);
    expect(c.specs.find((s) => s.id === 'IR-12-I')!.stubborn).toBe(true);
    expect(c.specs.filter((s) => s.brigade === 0 && s.arm === 'infantry').map((s) => s.ld)).toEqual([9, 9, 9, 9]);
    expect(out.applied.map((a) => `${a.field}=${String(a.value)} on ${a.unitIds.length}`)).toEqual(['class=elite on 1', 'leadership=9 on 4']);
  });

  it('p39-40: a rule\'s drill goes to the infantry and cavalry it matches, not its battery; the refitted scenario stays valid', () => {
    const out = applyRefit(village(), refit({ rules: [{ match: { side: 0 }, set: { class: 'veteran', drilled: false } }, { match: { arm: 'artillery' }, set: { drilled: true } }] }));
    const units = rawUnits(out.data as Record<string, unknown>).filter((u) => u.side === 0);
    expect(units.map((u) => [u.unit.id, u.unit.class, u.unit.drilled])).toEqual([
      ['1-Ligne-I', 'veteran', false],
      ['1-Ligne-II', 'veteran', false],
      ['2-Ligne-I', 'veteran', false],
      ['2-Ligne-II', 'veteran', false],
      ['Foot-Bty', 'veteran', undefined],
    ]);
    expect(out.applied.map((a) => [a.field, a.unitIds.length])).toEqual([['class', 5], ['drilled', 4]]);
    expect(() => laneScenario(out.data as Record<string, unknown>)).not.toThrow();
    // The rule for the battery alone set nothing, and says why when it is refused as unused.
    expect(entries(refit({ rules: [{ match: { arm: 'artillery' }, set: { drilled: true } }] }))[0].what).toMatch(/no infantry or cavalry \(drilled is not a battery's: p39-40\)/);
  });

  it('p5: a commander entry rates the brigade commander by his id', () => {
    const out = applyRefit(village(), refit({ commanders: [{ id: 'Gen-French', rating: 'charismatic' }] }));
    const c = compiled(laneScenario(out.data as Record<string, unknown>));
    expect(c.brigades[0].commander.rating).toBe('charismatic');
    expect(c.brigades[0].commander.row.radius).toBe(10);
    expect(valueIn(out.data as Record<string, unknown>, out.applied[0], null)).toBe('charismatic');
  });

  it('a default class rates every unit no rule names; leaving an exception out (refit check) keeps the default', () => {
    const r = refit({ defaultClass: 'veteran', rules: [{ match: { id: 'IR-12-II' }, set: { class: 'conscripts' } }] });
    const withIt = rawUnits(applyRefit(village(), r).data as Record<string, unknown>);
    expect(withIt.find((u) => u.unit.id === 'IR-12-II')!.unit.class).toBe('conscripts');
    expect(withIt.find((u) => u.unit.id === 'IR-12-I')!.unit.class).toBe('veteran');
    const without = rawUnits(applyRefit(village(), r, undefined, { list: 'rules', ruleIndex: 0, field: 'class', unitId: 'IR-12-II' }).data as Record<string, unknown>);
    expect(without.find((u) => u.unit.id === 'IR-12-II')!.unit.class).toBe('veteran');
  });

  it('two rules setting one unit\'s class to different values are an error naming the second rule', () => {
    const r = refit({ rules: [{ match: { side: 1 }, set: { class: 'line' } }, { match: { id: 'IR-12-I' }, set: { class: 'guard' } }] });
    expect(() => applyRefit(village(), r, { file: 'x.refit.yaml' })).toThrow(VolleyInputError);
    expect(() => applyRefit(village(), r, { file: 'x.refit.yaml' })).toThrow(/rules\[1\]\.set\.class/);
  });

  it('every entry is listed so that one matching nothing can be refused', () => {
    const list = entries(refit({ rules: [{ match: { id: 'nobody' }, set: { class: 'line' } }], commanders: [{ id: 'Gen-X', rating: 'competent' }] }));
    expect(list.map((e) => e.field)).toEqual(['rules[0].match', 'commanders[0].id']);
  });

  it('rulings 7: the quality ladder maps conscript to guard onto the classes', () => {
    expect(QUALITY_LADDER.map((q) => NAGB_QUALITY.fields(q, {}).class)).toEqual(['conscripts', 'line', 'veteran', 'elite', 'guard']);
  });

  it('rulings 7, p39: a unit that says quality: veteran is a Veteran (Ld 9, drilled); one that also says class elite is refused at its class', () => {
    const c = compiled(duel([{ id: 'U', front: 10, offset: 0, quality: 'veteran' }], [{ id: 'V', front: 40, offset: 0 }]));
    expect([c.specs[0].ld, c.specs[0].drilled]).toEqual([9, true]);
    let issues: { path: PropertyKey[]; message: string }[] = [];
    try {
      duel([{ id: 'U', front: 10, offset: 0, quality: 'veteran', class: 'elite' }], [{ id: 'V', front: 40, offset: 0 }]);
    } catch (e) {
      issues = (e as ZodError).issues;
    }
    expect(issues.map((i) => i.path.join('.'))).toEqual(['sides.0.brigades.0.units.0.class']);
    expect(issues[0].message).toMatch(/"elite" disagrees with quality veteran/);
  });

  it('a class the refit sets replaces the unit\'s quality rung (scenario A says quality: line); the report reads the rung\'s class as the value replaced', () => {
    const data = village();
    const out = applyRefit(data, refit({ rules: [{ match: { id: 'IR-12-I' }, set: { class: 'elite' } }] }));
    const unit = rawUnits(out.data as Record<string, unknown>).find((u) => u.unit.id === 'IR-12-I')!.unit;
    expect([unit.class, unit.quality]).toEqual(['elite', undefined]);
    expect(compiled(laneScenario(out.data as Record<string, unknown>)).specs.find((s) => s.id === 'IR-12-I')!.ld).toBe(10);
    expect(valueIn(data, out.applied[0], 'IR-12-I')).toBe('line');
    const guardData = structuredClone(data);
    rawUnits(guardData).find((u) => u.unit.id === 'IR-12-I')!.unit.quality = 'guard';
    expect(valueIn(guardData, out.applied[0], 'IR-12-I')).toBe('guard');
  });
});
