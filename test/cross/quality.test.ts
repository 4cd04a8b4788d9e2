/**
 * The common quality ladder in scenario files and experiments (DESIGN.md, "Cross-system studies";
 * src/scenario/quality.ts): a unit's rung becomes its rule system's ratings before validation, and
 * `<role>.quality` sets the rung of every unit of one side.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergeQualityFields } from '../../src/core/quality.js';
import { VolleyInputError } from '../../src/core/errors.js';
import { loadExperiment } from '../../src/scenario/load.js';
import { scenarioSchema } from '../../src/scenario/schema.js';

const VILLAGE = 'sims/aor/common-a-village.scenario.yaml';
const raw = () => parse(readFileSync(VILLAGE, 'utf8')) as { defender: { units: Record<string, unknown>[] }; attacker: { stacks: { units: Record<string, unknown>[] }[] } };
type Unit = { id: string; morale: number; flags: string[]; quality?: string };
const defenders = (data: unknown) => (data as { defender: { units: Unit[] } }).defender.units;

describe('a unit’s quality rung (Age of Rifles mapping, docs/rules/age-of-rifles.md)', () => {
  it.each([
    ['conscript', 3, []],
    ['line', 4, []],
    ['veteran', 5, []],
    ['elite', 5, ['steadfast']],
    ['guard', 6, ['oldGuard']],
  ])('%s: morale %i (2.2) and flags %j (Morale Modifiers table)', (rung, morale, flags) => {
    const data = raw();
    data.defender.units[0].quality = rung;
    const u = defenders(scenarioSchema.parse(data))[0];
    expect([u.morale, u.flags, u.quality]).toEqual([morale, flags, rung]);
  });

  it('joins the rung’s flags with the unit’s own', () => {
    const data = raw();
    Object.assign(data.defender.units[0], { quality: 'guard', flags: ['repeating'] });
    expect(defenders(scenarioSchema.parse(data))[0].flags).toEqual(['repeating', 'oldGuard']);
  });

  it('refuses a rating that disagrees with the rung, at the rating, and accepts one that agrees', () => {
    const data = raw();
    Object.assign(data.defender.units[1], { quality: 'guard', morale: 4 });
    const r = scenarioSchema.safeParse(data);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['defender', 'units', 1, 'morale']);
    expect(r.error!.issues[0].message).toBe('morale 4 disagrees with quality guard (morale 6 in aor); give the rung or the morale, not both');
    data.defender.units[1].morale = 6;
    expect(scenarioSchema.safeParse(data).success).toBe(true);
  });

  it('refuses a rung not on the ladder, naming the rungs', () => {
    const data = raw();
    data.defender.units[0].quality = 'superb';
    const r = scenarioSchema.safeParse(data);
    expect(r.error!.issues[0].path).toEqual(['defender', 'units', 0, 'quality']);
    expect(r.error!.issues[0].message).toContain('conscript, line, veteran, elite, guard');
  });

  it('mergeQualityFields: absent fields set, lists joined without repeats, other values compared', () => {
    expect(mergeQualityFields({ a: 1, l: ['x'] }, { a: 1, b: 2, l: ['x', 'y'] })).toEqual({ merged: { a: 1, b: 2, l: ['x', 'y'] }, conflicts: [] });
    expect(mergeQualityFields({ a: 1 }, { a: 2 }).conflicts).toEqual(['a']);
  });
});

const tmp = () => mkdtempSync(join(tmpdir(), 'volley-quality-'));
function experiment(vary: string): string {
  const file = join(tmp(), 'x.experiment.yaml');
  writeFileSync(file, `kind: experiment\nname: x\nscenario: ${resolve(VILLAGE)}\nengagements: 10\nseed: 1\nvary:\n${vary}\n`);
  return file;
}

describe('the common factor <role>.quality', () => {
  it('sets the rung of every unit of the side with that role, and of no other', () => {
    const e = loadExperiment(experiment('  defender.quality: [conscript, guard]'));
    expect(e.cells.map((c) => c.label)).toEqual(['defender.quality=conscript', 'defender.quality=guard']);
    expect(e.cells.map((c) => defenders(c.scenario).map((u) => u.morale))).toEqual([
      [3, 3],
      [6, 6],
    ]);
    const attackers = (c: (typeof e.cells)[number]) => (c.scenario as unknown as ReturnType<typeof raw>).attacker.stacks.flatMap((s) => s.units.map((u) => u.morale));
    expect(e.cells.map(attackers)).toEqual([
      [4, 4, 4],
      [4, 4, 4],
    ]);
  });

  it('names the sides when no side has the role', () => {
    const file = experiment('  garrison.quality: [guard]');
    expect(() => loadExperiment(file)).toThrow(VolleyInputError);
    expect(() => loadExperiment(file)).toThrow("no side of sims/aor/common-a-village.scenario.yaml has the role 'garrison'; its sides: French brigade (attacker), Prussian battalions (defender)");
  });

  it('is refused beside a factor that sets one of the same units’ rung', () => {
    const file = experiment('  defender.quality: [guard]\n  defender.units[0].quality: [line]');
    expect(() => loadExperiment(file)).toThrow(/sets defender\.units\[0\]\.quality, which vary\.defender\.quality \(line 7\) sets too/);
  });
});
