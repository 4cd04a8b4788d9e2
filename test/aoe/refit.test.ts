/**
 * Age of Eagles refits (src/rules/aoe/refit/): troop quality per unit from a default with exceptions,
 * March Mode and musket; conflicts; what refit check reads; the standard duels, which must be valid
 * scenarios that play.
 */
import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { EngagementDice } from '../../src/core/dice.js';
import { aoe } from '../../src/rules/aoe/index.js';
import { applyRefit, entries, rawUnits, valueIn } from '../../src/rules/aoe/refit/apply.js';
import { duelScenario, duelSubjects } from '../../src/rules/aoe/refit/duel.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { laneData, VILLAGE } from './helpers.js';

type Rule = { match: Record<string, unknown>; set: Record<string, unknown>; note?: string };
const refit = (rules: Rule[], defaultTroops = 'regular') => ({ name: 'r', defaultTroops, rules }) as never;
const raw = () => laneData(structuredClone(VILLAGE));

describe('Applying a refit (rulings 7: quality per unit)', () => {
  it('every unit takes the default quality unless a rule sets it; rules match by id, side (index or name), arm, tag', () => {
    const out = applyRefit(raw(), refit([{ match: { id: 'Fr-1' }, set: { troops: 'conscript' } }, { match: { side: 'Prussians' }, set: { troops: 'elite', marchMode: 'linear' } }], 'elite'));
    const units = rawUnits(out.data);
    expect(units.map((u) => [u.unit.id, u.unit.troops])).toEqual([['Fr-1', 'conscript'], ['Fr-2', 'elite'], ['Fr-Bty', 'elite'], ['Pr-IR', 'elite']]);
    expect(units[3].unit.marchMode).toBe('linear');
    expect(out.applied.map((a) => [a.field, a.unitIds])).toEqual([['troops', ['Fr-1']], ['troops', ['Pr-IR']], ['marchMode', ['Pr-IR']]]);
    expect(scenarioSchema.safeParse(out.data).success).toBe(true);
    expect(valueIn(out.data, out.applied[0], 'Fr-1')).toBe('conscript');
  });
  it('p2, p3: a rule’s March Mode and musket go to the infantry it matches, not its battery; the refitted scenario stays valid', () => {
    const out = applyRefit(raw(), refit([{ match: { side: 0 }, set: { troops: 'elite', marchMode: 'columnar', musket: 2 } }]));
    const units = rawUnits(out.data);
    expect(units.map((u) => [u.unit.id, u.unit.troops, u.unit.marchMode, u.unit.musket])).toEqual([
      ['Fr-1', 'elite', 'columnar', 2],
      ['Fr-2', 'elite', 'columnar', 2],
      ['Fr-Bty', 'elite', undefined, undefined],
      ['Pr-IR', 'regular', 'columnar', undefined], // its own, unmatched
    ]);
    expect(out.applied.map((a) => [a.field, a.unitIds])).toEqual([['troops', ['Fr-1', 'Fr-2', 'Fr-Bty']], ['marchMode', ['Fr-1', 'Fr-2']], ['musket', ['Fr-1', 'Fr-2']]]);
    expect(scenarioSchema.safeParse(out.data).success).toBe(true);
  });

  it('p2, p3: a rule that sets only March Mode or musket and matches no infantry is refused as such, not as matching no unit', () => {
    expect(entries(refit([{ match: { arm: 'artillery' }, set: { musket: 2 } }]))[0].what).toBe("matches no infantry (marchMode and musket are infantry's: p2, p3)");
    expect(entries(refit([{ match: { arm: 'artillery' }, set: { troops: 'elite', musket: 2 } }]))[0].what).toBe('matches no unit');
    const out = applyRefit(raw(), refit([{ match: { arm: 'artillery' }, set: { musket: 2 } }]));
    expect(out.applied).toEqual([]);
  });

  it('the input is not changed; leaving one value out (refit check’s baseline) keeps the default there', () => {
    const data = raw();
    const before = JSON.stringify(data);
    const out = applyRefit(data, refit([{ match: { id: 'Fr-1' }, set: { troops: 'conscript' } }]), { file: 'r' }, { list: 'rules', ruleIndex: 0, field: 'troops', unitId: 'Fr-1' });
    expect(JSON.stringify(data)).toBe(before);
    expect(rawUnits(out.data)[0].unit.troops).toBe('regular');
  });
  it('two rules setting one field of one unit differently is an error naming the second; the same value is a warning', () => {
    expect(() => applyRefit(raw(), refit([{ match: { arm: 'infantry' }, set: { troops: 'elite' } }, { match: { id: 'Fr-1' }, set: { troops: 'conscript' } }]))).toThrow(VolleyInputError);
    expect(() => applyRefit(raw(), refit([{ match: { arm: 'infantry' }, set: { troops: 'elite' } }, { match: { id: 'Fr-1' }, set: { troops: 'conscript' } }]))).toThrow(/rules\[1\]\.set\.troops: rules\[0\] and rules\[1\] both set troops of unit 'Fr-1'/);
    const w = applyRefit(raw(), refit([{ match: { arm: 'infantry' }, set: { troops: 'elite' } }, { match: { id: 'Fr-1' }, set: { troops: 'elite' } }]));
    expect(w.warnings).toEqual([expect.stringMatching(/both set troops of unit 'Fr-1' \(to the same value "elite"\)/)]);
    expect(entries(refit([{ match: { id: 'x' }, set: { troops: 'elite' } }]))[0]).toMatchObject({ list: 'rules', field: 'rules[0].match' });
  });
});

describe('The standard duels of volley refit check', () => {
  it('a unit rated differently from the defaults is a subject; its duels are valid lane scenarios that play', () => {
    const data = raw();
    const out = applyRefit(data, refit([{ match: { id: 'Pr-IR' }, set: { troops: 'elite' } }]));
    const subjects = duelSubjects([{ file: 'v', raw: data, refitted: out.data }], { defaultTroops: 'regular' });
    expect(subjects.map((s) => [s.unit, s.rated.troops, s.atDefaults.troops, s.rated.formation])).toEqual([['Pr-IR', 'elite', 'regular', 'line']]);
    for (const role of ['attacking', 'defending'] as const) {
      const sc = scenarioSchema.parse(duelScenario(subjects[0].rated, role, { defaultTroops: 'regular' }, 'aoe', {}));
      const c = aoe.compile(sc as never, Object.fromEntries(aoe.options.map((o) => [o.name, o.default])));
      const r = aoe.play(c, EngagementDice.for('duel', role, 0), { checkInvariants: true });
      expect(r.turns).toBeGreaterThan(0);
    }
  });
});
