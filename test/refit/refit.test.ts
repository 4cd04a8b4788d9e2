/** Refit files (src/scenario/refit.ts, refitSchema.ts): matching, errors with file:line: field. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRefit as applyWith, applyRefitToAll as applyAllWith, refitErrorAt, refitFileSchema } from '../../src/scenario/refit.js';
import type { Refit } from '../../src/rules/aor/refit/schema.js';
import type { RefitOmit } from '../../src/core/ruleset.js';
import { aor } from '../../src/rules/aor/index.js';
import type { YamlSource } from '../../src/scenario/yamlFile.js';
import { assaultScenarioSchema } from '../helpers.js';

/** The Age of Rifles refit file schema, as src/scenario builds it. */
const refitSchema = refitFileSchema(aor) as unknown as { parse(d: unknown): Refit };
const at = (a?: { file: string; src?: YamlSource }) => (a ? refitErrorAt(a.file, a.src) : undefined);
const applyRefit = (data: unknown, refit: Refit, where?: { file: string; src?: YamlSource }, omit?: RefitOmit) => applyWith(aor.refit!, data, refit as never, at(where), omit);
const applyRefitToAll = (scenarios: { file: string; data: unknown }[], refit: Refit, where: { file: string; src?: YamlSource }) => applyAllWith(aor, scenarios, refit as never, at(where)!);
import { parseYamlText, validate } from '../../src/scenario/yamlFile.js';
import { validateFile } from '../../src/scenario/validate.js';

/** A raw assault scenario whose units carry formation, nationality, kind and tags. */
function raw(): Record<string, unknown> {
  return {
    kind: 'scenario',
    name: 'refit-test',
    ruleset: 'aor',
    engagement: 'assault',
    attacker: {
      name: 'French',
      stacks: [
        {
          hexside: 0,
          units: [
            { id: 'A1', strength: 6, formation: 'Div-1', nationality: 'French', tags: ['guard'] },
            { id: 'A2', strength: 6, formation: 'Div-1', nationality: 'Swiss' },
          ],
        },
        { hexside: 1, units: [{ id: 'A3', kind: 'cavalry', strength: 4, formation: 'Div-2', nationality: 'French' }] },
      ],
    },
    defender: {
      name: 'Prussians',
      units: [
        { id: 'D1', strength: 6, morale: 5, nationality: 'Prussian', tags: ['landwehr'] },
        { id: 'D2', kind: 'artillery', strength: 4, nationality: 'Prussian' },
      ],
    },
  };
}

const refitOf = (r: Partial<Refit> & { rules?: unknown[] }): Refit => refitSchema.parse({ kind: 'refit', name: 'r', ...r });

function moraleOf(data: Record<string, unknown>): Record<string, number> {
  const s = assaultScenarioSchema.parse(data);
  const units = [...s.attacker.stacks.flatMap((st) => st.units), ...s.defender.units];
  return Object.fromEntries(units.map((u) => [u.id, u.morale]));
}

describe('applyRefit', () => {
  it('sets the default morale everywhere and matches by id, formation, nationality, kind and tag', () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ id: 'A2' }, ['A2']],
      [{ formation: 'Div-1' }, ['A1', 'A2']],
      [{ nationality: 'Prussian' }, ['D1', 'D2']],
      [{ kind: 'cavalry' }, ['A3']],
      [{ kind: 'infantry' }, ['A1', 'A2', 'D1']],
      [{ tag: 'landwehr' }, ['D1']],
      [{ nationality: 'French', formation: 'Div-1' }, ['A1']],
    ];
    for (const [match, ids] of cases) {
      const { data, applied } = applyRefit(raw(), refitOf({ defaultMorale: 4, rules: [{ match, set: { morale: 6 }, note: 'why' }] }));
      expect(applied, JSON.stringify(match)).toEqual([{ list: 'rules', ruleIndex: 0, unitIds: ids, field: 'morale', value: 6, note: 'why' }]);
      const m = moraleOf(data);
      for (const id of Object.keys(m)) expect(m[id], `${JSON.stringify(match)} ${id}`).toBe(ids.includes(id) ? 6 : 4);
    }
  });

  it('adds flags and sets pursuit, and leaves its input alone', () => {
    const input = raw();
    const before = structuredClone(input);
    const { data, applied } = applyRefit(input, refitOf({ rules: [{ match: { kind: 'cavalry' }, set: { flags: ['steadfast'], pursuit: 3 } }] }));
    expect(input).toEqual(before);
    const a3 = assaultScenarioSchema.parse(data).attacker.stacks[1].units[0];
    expect(a3.flags).toEqual(['steadfast']);
    expect(a3.pursuit).toBe(3);
    expect(applied.map((a) => a.field)).toEqual(['pursuit', 'flags.steadfast']);
  });

  it('leaves one value out for the baseline of a paired comparison', () => {
    const refit = refitOf({ defaultMorale: 4, rules: [{ match: { formation: 'Div-1' }, set: { morale: 6 } }] });
    const { data } = applyRefit(raw(), refit, undefined, { list: 'rules', ruleIndex: 0, field: 'morale', unitId: 'A2' });
    expect(moraleOf(data)).toMatchObject({ A1: 6, A2: 4 });
  });
});

const REFIT_TEXT = `kind: refit
name: r
rules:
  - match: { nationality: Prussian }
    set: { morale: 5 }
  - match: { tag: nobody }
    set: { morale: 3 }
`;

describe('refit errors', () => {
  it('a rule that matches no unit in any scenario is an error with file:line: field', () => {
    const src = parseYamlText('r.refit.yaml', REFIT_TEXT);
    const refit = validate(src, refitFileSchema(aor)) as unknown as Refit;
    expect(() => applyRefitToAll([{ file: 'a.yaml', data: raw() }], refit, { file: 'r.refit.yaml', src })).toThrow(
      /^r\.refit\.yaml:6: rules\[1\]\.match: matches no unit in a\.yaml$/,
    );
  });

  it('a rule that matches in one of several scenarios is fine', () => {
    const src = parseYamlText('r.refit.yaml', REFIT_TEXT);
    const refit = validate(src, refitFileSchema(aor)) as unknown as Refit;
    const other = raw();
    (other.attacker as { stacks: { units: { tags?: string[] }[] }[] }).stacks[1].units[0].tags = ['nobody'];
    expect(applyRefitToAll([{ file: 'a.yaml', data: raw() }, { file: 'b.yaml', data: other }], refit, { file: 'r.refit.yaml', src })).toHaveLength(2);
  });

  it('two rules setting one field of one unit to different values are reported, naming both rules and the unit', () => {
    const text = `kind: refit
name: r
rules:
  - match: { nationality: Prussian }
    set: { morale: 5 }
  - match: { tag: landwehr }
    set: { morale: 3 }
`;
    const src = parseYamlText('r.refit.yaml', text);
    expect(() => applyRefit(raw(), validate(src, refitFileSchema(aor)) as unknown as Refit, { file: 'r.refit.yaml', src })).toThrow(
      /^r\.refit\.yaml:7: rules\[1\]\.set\.morale: rules\[0\] and rules\[1\] both set morale of unit 'D1', to 5 and 3$/,
    );
  });

  it('two rules setting the same value are a warning', () => {
    const r = refitOf({ rules: [{ match: { tag: 'landwehr' }, set: { morale: 3 } }, { match: { id: 'D1' }, set: { morale: 3 } }] });
    expect(applyRefit(raw(), r).warnings).toEqual([expect.stringMatching(/rules\[0\] and rules\[1\] both set morale of unit 'D1'/)]);
  });

  it('schema errors name the line and field; validate accepts the shipped refit', () => {
    const src = parseYamlText('r.refit.yaml', 'kind: refit\nname: r\nrules:\n  - match: {}\n    set: { morale: 5 }\n');
    expect(() => validate(src, refitFileSchema(aor))).toThrow(/^r\.refit\.yaml:4: rules\[0\]\.match: a match needs at least one/);
    const dir = mkdtempSync(join(tmpdir(), 'volley-refit-'));
    writeFileSync(join(dir, 'x.yaml'), 'kind: refit\nruleset: aor\nname: x\nrules:\n  - match: { id: A }\n    set: { moral: 5 }\n');
    expect(() => validateFile(join(dir, 'x.yaml'))).toThrow(/x\.yaml:6: rules\[0\]\.set\.moral: unknown field 'moral'/);
    expect(validateFile('sims/refit-village.refit.yaml')).toMatch(/valid refit 'refit-village'/);
  });
});
