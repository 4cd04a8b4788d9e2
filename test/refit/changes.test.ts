/**
 * What a refit changes (src/scenario/refit.ts: refitChanges, refuseUnnamed): the table of values before
 * and after, and the refusal of a refit whose defaults change a unit no rule names unless it says
 * `resetUnnamed: true`, in every rule system whose refits have defaults.
 */
import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { findRuleset } from '../../src/rules/index.js';
import { applyRefitToAll, refitChangesTable, refitErrorAt, refitFileSchema, type Refit } from '../../src/scenario/refit.js';
import { validateFile } from '../../src/scenario/validate.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';
import { refitChangesHtml } from '../../src/report/refitChanges.js';
import { parseYamlText, readYaml, validate } from '../../src/scenario/yamlFile.js';

/** A refit of rule system `id` from YAML lines, applied to a scenario's raw data. */
function apply(id: string, lines: string[], data: unknown, scenario = 'the.scenario.yaml') {
  const rs = findRuleset(id)!;
  const src = parseYamlText('r.refit.yaml', ['kind: refit', 'name: r', `ruleset: ${id}`, ...lines, ''].join('\n'));
  const refit = validate(src, refitFileSchema(rs)) as Refit;
  return applyRefitToAll(rs, [{ file: scenario, data }], refit, refitErrorAt('r.refit.yaml', src))[0];
}

const rawOf = (file: string) => structuredClone(readYaml(file).data) as Record<string, unknown>;
const village = () => rawOf('sims/village-assault.scenario.yaml');

/** The error a refit gets, as text (or null). */
function refusal(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof VolleyInputError) return e.message;
    throw e;
  }
}

describe('Age of Rifles: a one-rule refit', () => {
  const oneRule = ['defaultMorale: 4', 'rules:', '  - match: { id: Stein-IR-12-I }', '    set: { morale: 5 }'];

  it("is refused where its default morale changes units no rule names, naming the file, the defaults' line and each unit", () => {
    // The scenario rates IR 12/II and IR 24 at 5 and the Landwehr at 3; the default 4 would move all three.
    const m = refusal(() => apply('aor', oneRule, village()));
    expect(m).toMatch(/^r\.refit\.yaml:4: defaultMorale: puts every unit no rule names at 4, which changes 3 units of the\.scenario\.yaml: /);
    expect(m).toContain('Stein-IR-12-II morale 5 -> 4');
    expect(m).toContain('Stein-IR-24 morale 5 -> 4');
    expect(m).toContain('Pirch-Landwehr morale 3 -> 4');
    expect(m).toContain("resetUnnamed: true");
  });

  it('points at the kind line when the default is not written', () => {
    const m = refusal(() => apply('aor', oneRule.slice(1), village()));
    expect(m).toMatch(/^r\.refit\.yaml:1: defaultMorale: puts every unit no rule names at 4, which changes 3 units/);
  });

  it('with resetUnnamed: true it applies, and the table lists every value it moves and what set it', () => {
    const o = apply('aor', ['resetUnnamed: true', ...oneRule], village());
    expect(o.changes.map((c) => [c.subject, c.field, c.before, c.after, c.by, c.named])).toEqual([
      // IR 12/I was 5 and the rule sets 5: not a change.
      ['Stein-IR-12-II', 'morale', 5, 4, 'defaultMorale', false],
      ['Stein-IR-24', 'morale', 5, 4, 'defaultMorale', false],
      ['Pirch-Landwehr', 'morale', 3, 4, 'defaultMorale', false],
    ]);
    expect(refitChangesTable(o.changes).split('\n')).toEqual([
      'unit            field   before  after  set by',
      '--------------  ------  ------  -----  --------------------------------',
      'Stein-IR-12-II  morale  5       4      defaultMorale (no rule names it)',
      'Stein-IR-24     morale  5       4      defaultMorale (no rule names it)',
      'Pirch-Landwehr  morale  3       4      defaultMorale (no rule names it)',
    ]);
  });

  it('a refit that names every unit it moves applies without resetUnnamed; flags and formation entries are listed', () => {
    const o = apply(
      'aor',
      [
        'rules:',
        '  - match: { formation: Bde-Steinmetz }',
        '    set: { morale: 4 }',
        '  - match: { tag: landwehr }',
        '    set: { morale: 3 }',
        '  - match: { nationality: Pomeranian }',
        '    set: { flags: [steadfast] }',
        'formations:',
        '  - { id: Bde-Steinmetz, demoralization: 12 }',
      ],
      village(),
    );
    expect(o.changes.map((c) => `${c.subject} ${c.field} ${JSON.stringify(c.before)} ${JSON.stringify(c.after)} ${c.by}`)).toEqual([
      'Stein-IR-12-I morale 5 4 rules[0]',
      'Stein-IR-12-II morale 5 4 rules[0]',
      'Stein-IR-24 morale 5 4 rules[0]',
      'Pirch-IR-2-I flags [] ["steadfast"] rules[2]',
      'Pirch-IR-2-II flags [] ["steadfast"] rules[2]',
      'Bde-Steinmetz demoralization 14 12 formations[0]',
    ]);
    expect(o.changes.every((c) => c.named)).toBe(true);
  });

  it('volley validate REFIT --scenario prints the table; the shipped village refit says resetUnnamed', () => {
    const text = validateFile('sims/refit-village.refit.yaml', ['sims/village-assault.scenario.yaml']);
    expect(text).toContain('Stein-IR-12-II  morale          5       4          defaultMorale (no rule names it)');
    expect(text).toContain('Bde-Steinmetz   demoralization  14      12         formations[0]');
    expect(validateFile('sims/refit-village.refit.yaml')).toMatch(/what it changes: volley validate sims\/refit-village\.refit\.yaml --scenario SCENARIO$/);
  });
});

describe('an experiment that applies a refit', () => {
  it('carries the table of each cell into the run (printed before it plays, kept in the provenance) and into validate', () => {
    const prep = prepareRun({ file: 'sims/refit-sweep.experiment.yaml', engagements: 10 });
    // The sweep sets the grenadiers' morale 4..7 cell by cell: one table per cell.
    expect(prep.refitChanges.map((s) => s.where)).toEqual([4, 5, 6, 7].map((m) => `refit.rules[0].set.morale=${m}`));
    expect(prep.refitChanges[0].changes[0]).toMatchObject({ subject: 'Stein-IR-12-I', field: 'morale', before: 5, after: 4, by: 'rules[0]', named: true });
    // At morale 5 the rule moves nothing: the grenadiers are not listed.
    expect(prep.refitChanges[1].changes.map((c) => c.subject)).not.toContain('Stein-IR-12-I');
    expect(prep.meta.experiment?.refitChanges).toEqual(prep.refitChanges);
    // The report's provenance shows it: a row per value, those no rule names marked.
    const html = refitChangesHtml(prep.refitChanges.slice(0, 1));
    expect(html).toContain('<tr class="unnamed"><td>Stein-IR-12-II</td><td>morale</td><td class="n">5</td><td class="n">4</td><td>defaultMorale (no rule names it)</td></tr>');
    expect(html).toContain('<tr><td>Pirch-IR-2-I</td><td>flags</td><td class="n">none</td><td class="n">steadfast</td><td>rules[2]</td></tr>');
    expect(validateFile('sims/refit-sweep.experiment.yaml')).toContain('  refit sims/refit-village.refit.yaml on sims/village-assault.scenario.yaml (refit.rules[0].set.morale=7) changes:');
  });
});

describe('the lane systems whose refits have defaults', () => {
  it('Burt: a unit the scenario rates class B, no rule naming it, is refused at defaultClass C', () => {
    const data = rawOf('sims/burt/common-a-village.scenario.yaml');
    const units = (data.sides as { units: Record<string, unknown>[] }[])[1].units;
    units[1].class = 'B';
    const lines = ['defaultClass: C', 'rules:', '  - match: { id: IR-12-I }', '    set: { class: A }'];
    expect(refusal(() => apply('burt', lines, data))).toMatch(/^r\.refit\.yaml:4: defaultClass: puts every unit no rule names at C, which changes 1 unit of the\.scenario\.yaml: IR-12-II class B -> C; name it in rules/);
    expect(apply('burt', ['resetUnnamed: true', ...lines], data).changes.map((c) => [c.subject, c.before, c.after, c.named])).toEqual([
      ['IR-12-I', 'C', 'A', true],
      ['IR-12-II', 'B', 'C', false],
    ]);
  });

  it("Burt: a quality rung counts as the unit's class (veteran is B)", () => {
    const data = rawOf('sims/burt/common-a-village.scenario.yaml');
    (data.sides as { units: Record<string, unknown>[] }[])[1].units[1].quality = 'veteran';
    expect(refusal(() => apply('burt', ['rules:', '  - match: { id: IR-12-I }', '    set: { class: A }'], data))).toContain('IR-12-II class B -> C');
  });

  it('Age of Eagles: an elite unit no rule names is refused at defaultTroops regular', () => {
    const data = rawOf('sims/aoe/common-a-village.scenario.yaml');
    (data.sides as { units: Record<string, unknown>[] }[])[1].units[0].troops = 'elite';
    expect(refusal(() => apply('aoe', ['rules:', '  - match: { id: Fr-1 }', '    set: { troops: conscript }'], data))).toMatch(/^r\.refit\.yaml:1: defaultTroops: puts every unit no rule names at regular, which changes 1 unit of the\.scenario\.yaml: Pr-IR troops elite -> regular/);
  });

  it('NAGB: only a defaultClass that is given rates units no rule names', () => {
    const data = rawOf('sims/nagb/common-a-village.scenario.yaml');
    const rule = ['rules:', '  - match: { id: IR-12-I }', '    set: { class: elite }'];
    expect(apply('nagb', rule, data).changes.map((c) => c.subject)).toEqual(['IR-12-I']);
    // Every unit is `quality: line` (class line): a default of veteran moves all the others.
    expect(refusal(() => apply('nagb', ['defaultClass: veteran', ...rule], data))).toMatch(/^r\.refit\.yaml:4: defaultClass: puts every unit no rule names at veteran, which changes \d+ units of the\.scenario\.yaml: 1-Ligne-I class line -> veteran/);
  });

  it('CWJ refits have no defaults, and no resetUnnamed field', () => {
    const rs = findRuleset('cwj')!;
    expect(rs.refit!.defaultsField).toBeUndefined();
    const src = parseYamlText('r.refit.yaml', 'kind: refit\nname: r\nruleset: cwj\nresetUnnamed: true\n');
    expect(() => validate(src, refitFileSchema(rs))).toThrow(/resetUnnamed/);
    for (const id of ['aor', 'aoe', 'burt', 'nagb']) {
      const ok = parseYamlText('r.refit.yaml', `kind: refit\nname: r\nruleset: ${id}\nresetUnnamed: true\n`);
      expect(validate(ok, refitFileSchema(findRuleset(id)!)), id).toMatchObject({ resetUnnamed: true });
    }
  });
});
