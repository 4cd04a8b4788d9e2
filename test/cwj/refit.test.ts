import { describe, expect, it } from 'vitest';
import { VolleyInputError } from '../../src/core/errors.js';
import { QUALITY_LADDER } from '../../src/core/ruleset.js';
import { applyRefit, entries, rawUnits, valueIn } from '../../src/rules/cwj/refit/apply.js';
import { duelScenario, duelSubjects } from '../../src/rules/cwj/refit/duel.js';
import type { Refit } from '../../src/rules/cwj/refit/schema.js';
import { CWJ_QUALITY, qualityWords } from '../../src/rules/cwj/quality.js';
import { loadRefitFile } from '../../src/scenario/refit.js';
import { readYaml } from '../../src/scenario/yamlFile.js';
import { compile, parse, rawLane } from './lane.js';

const A = readYaml('sims/cwj/common-a-village.scenario.yaml').data as Record<string, unknown>;
const refit = (r: Partial<Refit>): Refit => ({ name: 'r', nations: [], rules: [], ...r });

describe('the CWJ refit: nation tables and unit ratings ([FrT] [AuT]; rulings 1)', () => {
  it('rulings 1: a nations entry makes a nation without a table read the other table', () => {
    const out = applyRefit(A, refit({ nations: [{ nation: 'prussian', table: 'austrian' }] }));
    expect(out.data.nationTables).toEqual({ prussian: 'austrian' });
    const c = compile(out.data);
    const pr = c.units.find((u) => u.id === 'pr-1')!;
    // [AuT] l.421-424: Austrian Line 0/1/0 (cwj.austrianLineMelee, printed 0).
    expect([pr.fire, pr.rally, pr.melee]).toEqual([0, 1, 0]);
    expect(out.applied).toEqual([expect.objectContaining({ list: 'nations', target: 'prussian', field: 'table', value: 'austrian', side: 1 })]);
  });
  it('[FrT] [AuT]: rules set a unit’s type, quality or values; the compiled unit reads them', () => {
    const out = applyRefit(A, refit({ rules: [{ match: { id: 'pr-2' }, set: { type: 'landwehr' } }, { match: { corps: 'french-brigade', type: 'line' }, set: { rally: 2 } }] }));
    const c = compile(out.data);
    expect(c.units.find((u) => u.id === 'pr-2')!.type).toBe('landwehr');
    expect(c.units.filter((u) => u.side === 0 && u.type === 'line').every((u) => u.rally === 2)).toBe(true);
    expect(c.units.find((u) => u.id === 'fr-battery')!.rally).toBe(1);
  });
  it('[FrT] [AuT]: a rule’s fire mod goes to the foot and guns it matches, not its cavalry (which never fires); the refitted scenario stays valid', () => {
    const M = readYaml('sims/cwj/meeting.scenario.yaml').data as Record<string, unknown>;
    const out = applyRefit(M, refit({ rules: [{ match: { corps: 'french-brigade' }, set: { fire: 2, rally: 2 } }, { match: { id: 'au-1' }, set: { type: 'lightCavalry', fire: 1 } }] }));
    const units = rawUnits(out.data);
    expect(units.map((u) => [u.unit.id, u.unit.fire, u.unit.rally])).toEqual([
      ['fr-1', 2, 2],
      ['fr-2', 2, 2],
      ['fr-3', 2, 2],
      ['fr-battery', 2, 2],
      ['fr-dragoons', undefined, 2],
      ['au-1', undefined, undefined], // made cavalry by the same rule
      ['au-2', undefined, undefined],
      ['au-3', undefined, undefined],
      ['au-battery', undefined, undefined],
      ['au-hussars', undefined, undefined],
    ]);
    expect(out.applied.map((a) => [a.field, a.unitIds.length])).toEqual([['fire', 4], ['rally', 5], ['type', 1]]);
    expect(() => compile(out.data)).not.toThrow();
    // A rule for cavalry alone that sets only a fire mod sets nothing, and says why when it is refused as unused.
    expect(entries(refit({ rules: [{ match: { arm: 'cavalry' }, set: { fire: 1 } }] }))[0].what).toMatch(/no infantry or artillery \(cavalry never fires/);
  });
  it('two rules setting one field of one unit to different values is an error naming the second rule', () => {
    const r = refit({ rules: [{ match: { id: 'fr-1' }, set: { rally: 2 } }, { match: { corps: 'french-brigade' }, set: { rally: 0 } }] });
    expect(() => applyRefit(A, r, { file: 'x.refit.yaml' })).toThrow(VolleyInputError);
    expect(() => applyRefit(A, r, { file: 'x.refit.yaml' })).toThrow(/rules\[1\]\.set\.rally/);
  });
  it('an exception left out (volley refit check’s baseline) keeps the scenario’s value', () => {
    const r = refit({ rules: [{ match: { id: 'pr-1' }, set: { quality: 'veteran' } }] });
    const base = applyRefit(A, r, undefined, { list: 'rules', ruleIndex: 0, field: 'quality', unitId: 'pr-1' });
    expect(rawUnits(base.data).find((u) => u.unit.id === 'pr-1')!.unit.quality).toBeUndefined();
    expect(valueIn(base.data, { list: 'rules', ruleIndex: 0, unitIds: ['pr-1'], field: 'quality', value: 'veteran' }, 'pr-1')).toBe('as the table');
  });
  it('every entry says what it failed to match', () => {
    expect(entries(refit({ nations: [{ nation: 'russian', table: 'french' }], rules: [{ match: { id: 'x' }, set: { rally: 1 } }] })).map((e) => e.field)).toEqual(['nations[0].nation', 'rules[0].match']);
  });
  it('the shipped refit loads and applies to scenario A', () => {
    const { refit: r } = loadRefitFile('sims/cwj/prussians-1813.refit.yaml', 'cwj');
    const out = applyRefit(A, r as unknown as Refit);
    expect(parse(out.data).ok).toBe(true);
  });
});

describe('the standard duels of volley refit check', () => {
  it('a unit rated differently gets a duel; the same counter twice shares one', () => {
    const r = refit({ rules: [{ match: { corps: 'french-brigade', type: 'line' }, set: { rally: 2 } }] });
    const subjects = duelSubjects([{ file: 'a', raw: A, refitted: applyRefit(A, r).data }]);
    expect(subjects).toHaveLength(1);
    expect(subjects[0].units).toEqual(['fr-1', 'fr-2', 'fr-3', 'fr-4']);
    expect(subjects[0].rated.rally).toBe(2);
    expect(subjects[0].atDefaults.rally).toBeUndefined();
  });
  it('rulings 12 C: a duel is a charge scenario against a French Line battalion, valid for both roles and carrying the nation’s table', () => {
    for (const role of ['attacking', 'defending'] as const) {
      const s = duelScenario({ id: 'pr-2', type: 'landwehr', nation: 'prussian', table: 'austrian' }, role, 'cwj', {});
      const p = parse(s);
      expect(p.ok).toBe(true);
      expect(s.decision).toBe('firstClash');
      expect(s.nationTables).toEqual({ prussian: 'austrian' });
    }
  });
});

describe('the quality ladder (rulings 12, "Quality sweep")', () => {
  const unit = (quality: string, extra: Record<string, unknown> = {}) => ({ id: 'q', formation: 'column', quality, ...extra });
  const ratingsOf = (quality: string, options: Record<string, string | number> = {}, extra: Record<string, unknown> = {}, nation = 'french') => {
    const c = compile(rawLane([unit(quality, extra)], [{ id: 'd', formation: 'line' }], {}, { attacker: { nation } }), options);
    const u = c.units[0];
    return [u.type, u.fire, u.rally, u.melee];
  };
  it('rulings 12: French rows: conscript -1/-1/2, line 1/1/4, veteran 1/2/4, guard 2/2/7; elite is Grenadier 1/2/5', () => {
    expect(ratingsOf('conscript')).toEqual(['conscript', -1, -1, 2]);
    expect(ratingsOf('line')).toEqual(['line', 1, 1, 4]);
    expect(ratingsOf('veteran')).toEqual(['vetLine', 1, 2, 4]);
    expect(ratingsOf('elite')).toEqual(['grenadier', 1, 2, 5]);
    expect(ratingsOf('guard')).toEqual(['guard', 2, 2, 7]);
  });
  it('rulings 12: on the Austrian table: Landwehr, Line, Vet. Line, Grenadier (and Grenadier for guard)', () => {
    const opts = { 'cwj.missingNationTable': 'austrian' };
    expect(ratingsOf('conscript', opts, {}, 'prussian')[0]).toBe('landwehr');
    expect(ratingsOf('line', opts, {}, 'prussian')).toEqual(['line', 0, 1, 0]);
    expect(ratingsOf('line', { ...opts, 'cwj.austrianLineMelee': 4 }, {}, 'prussian')).toEqual(['line', 0, 1, 4]);
    expect(ratingsOf('guard', opts, {}, 'prussian')).toEqual(['grenadier', 1, 2, 6]);
  });
  it('docs/rules/cwj.md, "Quality": cavalry keeps its type and moves by the Guard artillery row’s steps', () => {
    expect(ratingsOf('conscript', {}, { type: 'heavyCavalry', formation: 'line' })).toEqual(['heavyCavalry', null, 0, 5]);
    expect(ratingsOf('guard', {}, { type: 'heavyCavalry', formation: 'line' })).toEqual(['heavyCavalry', null, 2, 6]);
  });
  it('[FrT] l.328-331, [AuT] l.409-416 (cwj.lightQuality): light infantry keeps its row and light bonus, stepped as cavalry; under ladderRow it takes the line row', () => {
    // French Light 2/1/3 *; Austrian Jäger 2/1/2 *, Grenz 2/0/2 *.
    const light = { type: 'lightInfantry' };
    expect(ratingsOf('line', {}, light)).toEqual(['lightInfantry', 2, 1, 3]);
    expect(ratingsOf('conscript', {}, light)).toEqual(['lightInfantry', 2, 0, 3]);
    expect(ratingsOf('veteran', {}, light)).toEqual(['lightInfantry', 2, 2, 3]);
    expect(ratingsOf('guard', {}, light)).toEqual(['lightInfantry', 2, 2, 4]);
    const austrian = { 'cwj.missingNationTable': 'austrian' };
    expect(ratingsOf('elite', austrian, { type: 'jager' }, 'prussian')).toEqual(['jager', 2, 2, 3]);
    expect(ratingsOf('veteran', austrian, { type: 'grenz' }, 'prussian')).toEqual(['grenz', 2, 1, 2]);
    expect(ratingsOf('veteran', { 'cwj.lightQuality': 'ladderRow' }, light)).toEqual(['vetLine', 1, 2, 4]);
    // The light movement bonus goes with the row.
    const lightOf = (options: Record<string, string>) => compile(rawLane([unit('veteran', light)], [{ id: 'd', formation: 'line' }]), options).units[0].light;
    expect([lightOf({}), lightOf({ 'cwj.lightQuality': 'ladderRow' })]).toEqual([true, false]);
  });
  it('rulings 12, [FrT] [AuT], cwj.lightQuality: the words `volley rulesets` shows for a rung name what play gives under either light reading', () => {
    // By hand from the tables: French Vet. Line 1/2/4, Austrian Grenadier 1/2/6; the steps rally +1 (veteran), fire/rally/melee +1 (guard batteries).
    expect(qualityWords('veteran')).toContain('infantry Vet. Line 1/2/4 (Austrian table: Vet. Line 1/2/4)');
    expect(qualityWords('guard')).toContain('infantry Guard 2/2/7 (Austrian table: Grenadier 1/2/6)');
    expect(qualityWords('line')).toContain('Line 0/1/cwj.austrianLineMelee');
    for (const q of QUALITY_LADDER) expect(qualityWords(q)).toMatch(/cwj\.lightQuality keepRow .*; under ladderRow the infantry row/);
    expect(qualityWords('veteran')).toContain('keepRow its own row, rally +1;');
    expect(qualityWords('guard')).toContain('batteries fire +1, rally +1, melee +1');
    expect(qualityWords('guard')).toContain('cavalry rally +1, melee +1;');
    // The words agree with play under each reading: a veteran French Light battalion.
    const light = { type: 'lightInfantry' };
    expect(ratingsOf('veteran', {}, light)).toEqual(['lightInfantry', 2, 2, 3]);
    expect(ratingsOf('veteran', { 'cwj.lightQuality': 'ladderRow' }, light)).toEqual(['vetLine', 1, 2, 4]);
    expect(CWJ_QUALITY.describe.veteran).toBe(qualityWords('veteran'));
  });
  it('every rung is described, and a raw unit records its rung', () => {
    for (const q of QUALITY_LADDER) {
      expect(CWJ_QUALITY.describe[q].length).toBeGreaterThan(10);
      expect(CWJ_QUALITY.fields(q, {})).toEqual({ quality: q });
    }
  });
});
