/**
 * The Burt refit (src/rules/burt/refit/): classes (8), starting orders (4) and army morale (10) laid
 * over a scenario, and the standard duels of `volley refit check`.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { EngagementDice } from '../../src/core/dice.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { burt } from '../../src/rules/burt/index.js';
import { applyRefit, entries, rawUnits, valueIn } from '../../src/rules/burt/refit/apply.js';
import { duels, duelSubjects } from '../../src/rules/burt/refit/duel.js';
import { refitBody, type Refit } from '../../src/rules/burt/refit/schema.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { z } from 'zod';

const village = parse(readFileSync('sims/burt/common-a-village.scenario.yaml', 'utf8')) as Record<string, any>;
const refitOf = (r: Record<string, unknown>) => z.strictObject({ name: z.string(), ...refitBody }).parse({ name: 'r', ...r }) as Refit;
const unitOf = (data: Record<string, unknown>, id: string) => rawUnits(data).find((u) => u.unit.id === id)!.unit;

describe('Burt refit', () => {
  it('8: every unit takes the default class; a rule sets a class, another a starting order (4); armies set army morale (10)', () => {
    const r = refitOf({ defaultClass: 'D', rules: [{ match: { id: 'IR-12-I' }, set: { class: 'B' } }, { match: { side: 'French brigade', arm: 'guns' }, set: { orders: 'regroup' } }], armies: [{ side: 1, armyMorale: 4 }] });
    const out = applyRefit(village, r);
    expect(unitOf(out.data, '1-Ligne-I').class).toBe('D');
    expect(unitOf(out.data, 'IR-12-I').class).toBe('B');
    expect(unitOf(out.data, 'Foot-Bty').orders).toBe('regroup');
    expect((out.data.sides as Record<string, unknown>[])[1].armyMorale).toBe(4);
    expect(out.applied.map((a) => a.field)).toEqual(['class', 'orders', 'armyMorale']);
    expect(valueIn(out.data, out.applied[0], 'IR-12-I')).toBe('B');
    expect(unitOf(village, 'IR-12-I').class).toBeUndefined(); // the input is not changed (it rates nobody: class C by default)
    const rung = applyRefit({ sides: [{ name: 's', units: [{ id: 'u', quality: 'guard' }] }] }, r);
    expect([unitOf(rung.data, 'u').class, unitOf(rung.data, 'u').quality], 'a rung gives way to the refit\'s class').toEqual(['D', undefined]);
    expect(scenarioSchema.safeParse(out.data).success).toBe(true);
  });

  it('two rules setting one unit\'s class to different values is an error naming the second rule; the same value a warning', () => {
    const clash = refitOf({ rules: [{ match: { nationality: 'Prussian' }, set: { class: 'B' } }, { match: { id: 'IR-12-II' }, set: { class: 'A' } }] });
    expect(() => applyRefit(village, clash)).toThrow(VolleyInputError);
    const same = refitOf({ rules: [{ match: { nationality: 'Prussian' }, set: { class: 'B' } }, { match: { id: 'IR-12-II' }, set: { class: 'B' } }] });
    expect(applyRefit(village, same).warnings.length).toBe(1);
  });

  it('an omitted value is left at the default (the baseline of a paired comparison)', () => {
    const r = refitOf({ rules: [{ match: { id: 'IR-12-I' }, set: { class: 'A' } }] });
    const out = applyRefit(village, r, { file: 'r' }, { list: 'rules', ruleIndex: 0, field: 'class', unitId: 'IR-12-I' });
    expect(unitOf(out.data, 'IR-12-I').class).toBe('C');
    expect(entries(r)).toEqual([{ list: 'rules', index: 0, path: ['rules', 0, 'match'], field: 'rules[0].match', what: 'matches no unit' }]);
  });

  it('the standard duel: a unit the refit rates differently assaults, and is assaulted by, a standard class C battalion; both duels play', () => {
    const r = refitOf({ rules: [{ match: { id: 'IR-12-I' }, set: { class: 'A' } }] });
    const out = applyRefit(village, r);
    const subjects = duelSubjects([{ file: 'v', raw: village, refitted: out.data }], r);
    expect(subjects.map((s) => s.unit)).toEqual(['IR-12-I']);
    for (const { role } of duels.roles) {
      const data = duels.scenario(subjects[0].rated, role, r, 'burt', {});
      const sc = scenarioSchema.parse(data) as any;
      const c = burt.compile(sc, resolveOptions(burt.options, {}));
      const res = burt.play(c, EngagementDice.for('duel', 'cell', 0), { checkInvariants: true });
      expect(res.turns).toBeGreaterThan(0);
    }
    expect(duels.label(subjects[0].rated)).toBe('infantry 24, class A');
  });
});
