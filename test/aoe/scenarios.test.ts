/** The lane scenario (src/rules/aoe/scenarios.ts; rulings 6): defaults, cross-field checks naming the field, compile. */
import { describe, expect, it } from 'vitest';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { compile, laneData, parseLane, sides, VILLAGE } from './helpers.js';

function issues(fields: Record<string, unknown>): string[] {
  const r = scenarioSchema.safeParse(laneData(fields));
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const INF = (id: string, front: number, offset = 0, more: Record<string, unknown> = {}) => ({ id, front, offset, ...more });

describe('The lane scenario kind (rulings 6, 7)', () => {
  it('defaults: 6 turns (rulings 7), a 30" x 16" lane, Regular Impulse infantry of 6 stands in Line, no flank faces', () => {
    const s = parseLane({ sides: sides([INF('A', 10)], [INF('B', 15)]) });
    expect(s.turns).toBe(6);
    expect(s.lane).toEqual({ length: 30, width: 16 });
    expect(s.flankFaces).toBe(0);
    expect(s.flankDetour).toBe(3);
    expect(s.sides[0].units[0]).toMatchObject({ arm: 'infantry', troops: 'regular', formation: 'line' });
    const c = compile({ sides: sides([INF('A', 10)], [INF('B', 15)]) });
    expect(c.specs.map((u) => [u.stands, u.threshold, u.men, u.figures])).toEqual([[6, 5, 1440, 24], [6, 5, 1440, 24]]);
    expect(c.specs[0]).toMatchObject({ marchMode: 'impulse', ranks: 3, light: false });
  });

  it('rulings 7: a unit’s common quality rung sets its troops (veteran: elite, guard: guard); a troops that disagrees is an error at the field', () => {
    const s = parseLane({ sides: sides([INF('A', 10, 0, { quality: 'veteran' })], [INF('B', 15, -4, { quality: 'guard' }), INF('C', 15, 4, { quality: 'line', troops: 'regular' })]) });
    expect(s.sides[0].units[0]).toMatchObject({ quality: 'veteran', troops: 'elite' });
    expect(s.sides[1].units.map((u) => u.troops)).toEqual(['guard', 'regular']);
    expect(issues({ sides: sides([INF('A', 10, 0, { quality: 'conscript', troops: 'elite' })], [INF('B', 15)]) })).toEqual([
      'sides.0.units.0.troops: troops "elite" disagrees with quality conscript (troops "conscript" in aoe); give the rung or the troops, not both',
    ]);
    expect(issues({ sides: sides([INF('A', 10, 0, { quality: 'regular' })], [INF('B', 15)]) })[0]).toMatch(/^sides\.0\.units\.0\.quality: expected a rung of the quality ladder/);
    expect(compile({ sides: sides([INF('A', 10, 0, { quality: 'conscript' })], [INF('B', 15)]) }).specs.map((u) => u.troops)).toEqual(['conscript', 'regular']);
  });

  it('p3 Units: cavalry 4 stands (480 men), a battery one gun stand with no men', () => {
    const c = compile({ sides: sides([{ id: 'C', arm: 'cavalry', front: 10 }, { id: 'G', arm: 'artillery', front: 10, offset: 5 }], [INF('B', 15)]) });
    expect(c.specs.map((u) => [u.arm, u.stands, u.men])).toEqual([['cavalry', 4, 480], ['artillery', 1, 0], ['infantry', 6, 1440]]);
  });

  it('side 0 faces up the lane and side 1 down it; footprints follow rulings 1 (Line 6 x 1, Field Column 2 x 3)', () => {
    const c = compile({ sides: sides([INF('A', 10, 0, { formation: 'fieldColumn' })], [INF('B', 15)]) });
    expect(c.specs[0].startBody).toEqual({ front: 10, facing: 1, frontage: 2, depth: 3, offset: 0 });
    expect(c.specs[1].startBody).toEqual({ front: 15, facing: -1, frontage: 6, depth: 1, offset: 0 });
  });

  it('p1 Built-up Areas: formation bua puts the unit in the village block its front stands in, filling it', () => {
    const c = compile(VILLAGE);
    const pr = c.specs.find((u) => u.id === 'Pr-IR')!;
    expect(pr.startFormation).toBe('none');
    expect(pr.startBlock).toBe(0);
    expect(pr.startBody).toEqual({ front: 15, facing: -1, frontage: 3, depth: 3, offset: 0 });
    expect(c.objective).toMatchObject({ from: 15, to: 18, held: true, block: 0 });
  });

  it('rulings 5: without an objective or a village, the objective is the ground the defending troops stand on', () => {
    const c = compile({ sides: sides([INF('A', 10)], [INF('B', 15, 1)]) });
    expect(c.objective).toMatchObject({ from: 15, to: 16, yMin: -2, yMax: 4, held: true, block: -1 });
  });

  it('checks name the field: duplicate ids, both sides attacking, overlaps, units off the lane, bua without a village', () => {
    expect(issues({ sides: sides([INF('A', 10)], [INF('A', 15)]) })).toEqual([expect.stringMatching(/^sides\.1\.units\.0\.id: duplicate unit id 'A'/)]);
    const both = sides([INF('A', 10)], [INF('B', 15)]);
    both[1].role = 'attacker';
    expect(issues({ sides: both })).toEqual([expect.stringMatching(/^sides\.1\.role: both sides are attackers/)]);
    expect(issues({ sides: sides([INF('A', 10)], [INF('B', 9.5)]) })).toEqual([expect.stringMatching(/^sides\.1\.units\.0\.front: overlaps sides\[0\]\.units\[0\]/)]);
    expect(issues({ sides: sides([INF('A', 0.5, 0, { formation: 'fieldColumn' })], [INF('B', 15)]) })).toEqual([expect.stringMatching(/^sides\.0\.units\.0\.front: the unit \(3" deep\) does not fit on the lane/)]);
    expect(issues({ sides: sides([INF('A', 10, 6)], [INF('B', 15)]) })).toEqual([expect.stringMatching(/^sides\.0\.units\.0\.offset: the unit \(6" wide\) does not fit across the lane/)]);
    expect(issues({ sides: sides([INF('A', 10)], [INF('B', 15, 0, { formation: 'bua' })]) })).toContainEqual(expect.stringMatching(/^sides\.1\.units\.0\.front: formation bua: no village block/));
  });

  it('checks: Open Order is for light infantry only (p1 Formations); a village block needs its width and holds one unit', () => {
    expect(issues({ sides: sides([INF('A', 10, 0, { formation: 'openOrder' })], [INF('B', 15)]) })).toEqual([expect.stringMatching(/only light infantry may form Open Order/)]);
    expect(issues({ terrain: [{ kind: 'village', from: 15, to: 18 }], sides: sides([INF('A', 10)], [INF('B', 15)]) })).toContainEqual(expect.stringMatching(/^terrain\.0\.yMin: a village block needs its lateral extent/));
    expect(issues({ ...VILLAGE, sides: sides([INF('A', 10)], [INF('B', 15, 0, { formation: 'bua' }), INF('C', 16, 0, { formation: 'bua' })]) })).toContainEqual(expect.stringMatching(/holds one unit/));
  });

  it('checks: a field of one arm (p2 Troop Types, p3 March Mode) on a unit of another is refused at the field, not ignored', () => {
    const C = (more: Record<string, unknown>) => ({ id: 'C', arm: 'cavalry', front: 10, offset: -4, ...more });
    const G = (more: Record<string, unknown>) => ({ id: 'G', arm: 'artillery', front: 10, offset: 5, ...more });
    expect(issues({ sides: sides([C({ marchMode: 'linear' }), G({ lancers: true })], [INF('B', 15, 0, { guns: 6, limbered: false })]) })).toEqual([
      'sides.0.units.0.marchMode: only infantry has marchMode; this unit is cavalry',
      'sides.0.units.1.lancers: only cavalry has lancers; this unit is artillery',
      'sides.1.units.0.guns: only artillery has guns; this unit is infantry',
      'sides.1.units.0.limbered: only artillery has limbered; this unit is infantry',
    ]);
    expect(issues({ sides: sides([C({ musket: 2, heavy: true }), G({ formation: 'square', hits: 1 })], [INF('B', 15, 0, { light: true, armoured: false })]) })).toEqual([
      'sides.0.units.0.musket: only infantry has musket; this unit is cavalry',
      'sides.0.units.1.formation: a battery has no formation (limbered or not: limbered); found square',
      'sides.0.units.1.hits: a battery takes no hits: its gun stand is damaged or wrecked instead (p2 Fire Table)',
      'sides.1.units.0.armoured: only cavalry has armoured; this unit is infantry',
    ]);
    // Each arm's own fields, given or defaulted.
    const c = compile({ sides: sides([C({ lancers: true, armoured: true }), G({ guns: 6, weight: 'heavy', horse: true, limbered: true })], [INF('B', 15, 0, { marchMode: 'columnar', musket: 2, light: true })]) });
    expect(c.specs.map((u) => [u.marchMode, u.ranks, u.light, u.lancers, u.heavy, u.armoured, u.guns, u.weight, u.horse, u.startLimbered])).toEqual([
      [null, 3, false, true, true, true, 8, 'light', false, false],
      [null, 3, false, false, false, false, 6, 'heavy', true, true],
      ['columnar', 2, true, false, false, false, 8, 'light', false, false],
    ]);
  });

  it('checks: each side needs foot or horse (rulings 5: men are counted from troops, guns apart)', () => {
    expect(issues({ sides: sides([{ id: 'G', arm: 'artillery', front: 10 }], [INF('B', 15)]) })).toEqual([expect.stringMatching(/^sides\.0\.units: each side needs foot or horse/)]);
  });
});
