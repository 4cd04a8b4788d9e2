import { describe, expect, it } from 'vitest';
import { CWJ_DOCTRINE_PRESETS } from '../../src/rules/cwj/doctrine.js';
import { distanceCm, footprintOf } from '../../src/rules/cwj/layout.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { compile, parse, rawLane } from './lane.js';

const col = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'column', ...extra });
const line = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'line', formation: 'line', ...extra });

describe('the lane scenario (rulings 11): fields and cross-field checks, errors naming the field', () => {
  it('rulings 11: a minimal scenario is valid, every other field defaulted', () => {
    const p = parse(rawLane([col('a')], [line('d')]));
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.scenario.turns).toBe(12);
    expect(p.scenario.first).toBe('attacker');
    expect(p.scenario.lane).toEqual({ width: 60, edge: 40 });
    expect(p.scenario.bases).toEqual({ width: 4, depth: 2 });
  });
  it('rulings 11: unit ids are unique across both sides', () => {
    const p = parse(rawLane([col('a')], [line('a')]));
    expect(p).toMatchObject({ ok: false, path: 'defender.corps.0.units.0.id' });
    if (!p.ok) expect(p.message).toContain("duplicate unit id 'a'");
  });
  it('rulings 11: two units may not stand in one place at the start', () => {
    const p = parse(rawLane([col('a'), col('b', { behind: 2 })], [line('d')]));
    expect(p).toMatchObject({ ok: false, path: 'attacker.corps.0.units.1.behind' });
  });
  it('rulings 11: a unit must stand inside the lane, along it and across it', () => {
    expect(parse(rawLane([col('a', { behind: 45 })], [line('d')]))).toMatchObject({ ok: false, path: 'attacker.corps.0.units.0.behind' });
    expect(parse(rawLane([col('a', { offset: 29 })], [line('d')]))).toMatchObject({ ok: false, path: 'attacker.corps.0.units.0.offset' });
  });
  it('[Form] l.16-18: cavalry takes line or column only', () => {
    const p = parse(rawLane([{ id: 'c', type: 'heavyCavalry', formation: 'square' }], [line('d')]));
    expect(p).toMatchObject({ ok: false, path: 'attacker.corps.0.units.0.formation' });
  });
  it('[FrT]: a French unit of a type only the Austrian table has is refused', () => {
    expect(parse(rawLane([{ id: 'j', type: 'jager' }], [line('d')]))).toMatchObject({ ok: false, path: 'attacker.corps.0.units.0.type' });
    // A nation without a table borrows: a Prussian Jäger reads the Austrian row.
    expect(parse(rawLane([col('a')], [{ id: 'j', type: 'jager', formation: 'line' }])).ok).toBe(true);
  });
  it('[FrT] [AuT]: a field a unit has not (guard on a unit not a battery, fire on cavalry, which never fires) is refused at the field, not ignored', () => {
    const all = (raw: Record<string, unknown>) => {
      const r = scenarioSchema.safeParse(raw);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(all(rawLane([col('a', { guard: false, fire: 2 }), { id: 'c', type: 'heavyCavalry', formation: 'line', offset: 20, fire: 1, guard: true }], [{ id: 'g', type: 'mediumFootArtillery', guard: true, nation: 'austrian' }]))).toEqual([
      'attacker.corps.0.units.0.guard: only artillery has guard (Guard artillery, [FrT] l.387-390); this unit is infantry',
      'attacker.corps.0.units.1.guard: only artillery has guard (Guard artillery, [FrT] l.387-390); this unit is cavalry',
      'attacker.corps.0.units.1.fire: cavalry never fires: its rows have no fire mod ("-" in [FrT] l.347-363, [AuT] l.436-452); this unit is cavalry',
      // [AuT] has no Guard artillery.
      'defender.corps.0.units.0.guard: Guard artillery is a French battery row ([FrT] l.387-390)',
    ]);
    // Each unit's own: guard on a French battery, given or defaulted; fire on foot and guns.
    const c = compile(rawLane([col('a', { fire: 3 }), { id: 'g', type: 'mediumFootArtillery', guard: true, offset: 20 }, { id: 'h', type: 'mediumFootArtillery', guard: false, fire: 0, offset: -20 }], [{ id: 'c', type: 'heavyCavalry', formation: 'line' }]));
    expect(c.units.map((u) => [u.id, u.fire, u.rally, u.melee])).toEqual([['a', 3, 1, 4], ['g', 2, 2, 3], ['h', 0, 1, 2], ['c', null, 1, 5]]);
  });
  it('[Gen] l.291-292: a general joins a unit of his own arm and corps', () => {
    const bad = rawLane([col('a'), { id: 'c', type: 'mediumCavalry', offset: 20 }], [line('d')], {}, { attacker: { corps: [{ id: 'fr', generals: [{ id: 'g', arm: 'infantry', with: 'c' }], units: [col('a'), { id: 'c', type: 'mediumCavalry', offset: 20 }] }] } });
    expect(parse(bad)).toMatchObject({ ok: false, path: 'attacker.corps.0.generals.0.with' });
  });
  it('rulings 11: Deployed only inside a village or fortification', () => {
    expect(parse(rawLane([col('a')], [{ id: 'd', type: 'line', formation: 'deployed' }]))).toMatchObject({ ok: false, path: 'defender.corps.0.units.0.formation' });
    const ok = parse(rawLane([col('a')], [{ id: 'd', type: 'line', formation: 'deployed' }], { terrain: [{ kind: 'village', from: 0, to: 8 }] }));
    expect(ok.ok).toBe(true);
  });
  it('rulings 11: terrain lines and areas: a hedge has no depth, woods have, a slope says which way it rises', () => {
    expect(parse(rawLane([col('a')], [line('d')], { terrain: [{ kind: 'hedge', from: 5, to: 8 }] }))).toMatchObject({ ok: false, path: 'terrain.0.to' });
    expect(parse(rawLane([col('a')], [line('d')], { terrain: [{ kind: 'woods', from: 5 }] }))).toMatchObject({ ok: false, path: 'terrain.0.to' });
    expect(parse(rawLane([col('a')], [line('d')], { terrain: [{ kind: 'slope', from: 5, to: 8 }] }))).toMatchObject({ ok: false, path: 'terrain.0.rises' });
  });
  it("rulings 11: the attacker's start line is below the defender's", () => {
    expect(parse(rawLane([col('a')], [line('d')], {}, { attacker: { line: 10 } }))).toMatchObject({ ok: false, path: 'defender.line' });
  });
  it('files.md: a doctrine object without preset changes the side\'s own default (attacker columns, defender hold)', () => {
    const c = compile(rawLane([col('a')], [line('d')], {}, { attacker: { doctrine: { square: false } }, defender: { doctrine: { square: false } } }));
    expect(c.sides[0].doctrine).toEqual({ ...CWJ_DOCTRINE_PRESETS.columns.params, square: false });
    expect(c.sides[1].doctrine).toEqual({ ...CWJ_DOCTRINE_PRESETS.hold.params, square: false });
    // Named, the preset is the one named, on either side.
    const named = compile(rawLane([col('a')], [line('d')], {}, { defender: { doctrine: { preset: 'counter', square: false } } }));
    expect(named.sides[1].doctrine).toEqual({ ...CWJ_DOCTRINE_PRESETS.counter.params, square: false });
  });
});

describe('distances and footprints (rulings 1, [Form] l.18-23)', () => {
  it('rulings 1: yards convert at cwj.yardsPerCm: 400 yards is 16 cm at 25, 20 at 20, 13.3 at 30', () => {
    expect(distanceCm('400yd', 25)).toBe(16);
    expect(distanceCm('400yd', 20)).toBe(20);
    expect(distanceCm('400yd', 30)).toBeCloseTo(13.333, 3);
    expect(distanceCm('16cm', 30)).toBe(16);
    expect(distanceCm(-7, 25)).toBe(-7);
  });
  it('rulings 1: a start line in yards follows cwj.yardsPerCm', () => {
    const raw = rawLane([col('a')], [line('d')], {}, { attacker: { line: '-400yd' } });
    expect(compile(raw).units[0].front).toBe(-16);
    expect(compile(raw, { 'cwj.yardsPerCm': 20 }).units[0].front).toBe(-20);
  });
  it('[Form] l.18-23: line side by side, column two bases wide, square two ranks of two, skirmish a base deeper, limbered gun and limber', () => {
    expect(footprintOf('line', 4, 4, 2)).toEqual({ frontage: 16, depth: 2 });
    expect(footprintOf('column', 4, 4, 2)).toEqual({ frontage: 8, depth: 4 });
    expect(footprintOf('square', 4, 4, 2)).toEqual({ frontage: 8, depth: 4 });
    expect(footprintOf('skirmish', 4, 4, 2)).toEqual({ frontage: 16, depth: 4 });
    expect(footprintOf('unlimbered', 1, 4, 2)).toEqual({ frontage: 4, depth: 2 });
    expect(footprintOf('limbered', 1, 4, 2)).toEqual({ frontage: 4, depth: 4 });
    expect(footprintOf('column', 6, 4, 2)).toEqual({ frontage: 8, depth: 6 });
  });
  it('rulings 11: a Deployed unit fills its village back from its front edge', () => {
    const c = compile(rawLane([col('a')], [{ id: 'd', type: 'line', formation: 'deployed' }], { terrain: [{ kind: 'village', from: 0, to: 8 }] }));
    expect(c.startDepth[1]).toBe(8);
  });
});
