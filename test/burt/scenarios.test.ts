/**
 * The lane scenario kind (src/rules/burt/scenarios.ts): defaults, and checks across fields whose
 * errors name the field.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkLane, laneBody } from '../../src/rules/burt/scenarios.js';
import { QUALITY_LADDER } from '../../src/core/quality.js';
import { BURT_QUALITY, QUALITY_CLASS } from '../../src/rules/burt/quality.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { ASSAULT, FIRE, LINE, MANOEUVRE, OPEN } from '../../src/rules/burt/play/state.js';
import { battalion, compileSetup } from './lane.js';
import { resolveDoctrine } from '../../src/rules/burt/doctrine/presets.js';

const schema = z.strictObject(laneBody).superRefine(checkLane as never);

function issues(sides: unknown[], extra: Record<string, unknown> = {}): { path: string; message: string }[] {
  const r = schema.safeParse({ engagement: 'lane', sides, ...extra });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const side = (role: string, units: unknown[]) => ({ name: role, role, units });

describe('the lane scenario (docs/table.md)', () => {
  it('files.md: a doctrine object without preset changes the side\'s own default (column-assault attacking, hold-and-fire defending)', () => {
    const c = compileSetup({ attacker: [{ id: 'A', at: 10 }], defender: [{ id: 'D', at: 0 }], attackerDoctrine: { closeTo: 5 }, defenderDoctrine: { regroupAt: 3 } });
    expect(c.sides[0].doctrine).toEqual(resolveDoctrine('column-assault', { closeTo: 5 }));
    expect(c.sides[1].doctrine).toEqual(resolveDoctrine('hold-and-fire', { regroupAt: 3 }));
    expect(c.sides.map((s) => s.doctrineLabel)).toEqual(['column-assault with closeTo 5', 'hold-and-fire with regroupAt 3']);
    // A defender of a meeting engagement attacking: its posture's default.
    const m = compileSetup({ attacker: [{ id: 'A', at: 10 }], defender: [{ id: 'D', at: 0 }], defenderDoctrine: { closeTo: 5 }, defenderPosture: 'attack' });
    expect(m.sides[1].doctrine).toEqual(resolveDoctrine('column-assault', { closeTo: 5 }));
  });

  it('2, 4: defaults: 24 figures of foot in line, 16 of horse, 8 skirmishers in open order; MANOEUVER attacking, FIRE defending and for guns; class C', () => {
    const c = compileSetup({
      attacker: [{ id: 'A', at: 10, offset: -4 }, { id: 'H', arm: 'cavalry', at: 20 }, { id: 'G', arm: 'guns', at: 20, offset: 6 }],
      defender: [{ id: 'D', at: 0 }, { id: 'S', arm: 'skirmishers', at: -5, offset: 4 }],
    });
    const [a, h, g, d, s] = c.units;
    expect([a.figures, h.figures, s.figures]).toEqual([24, 16, 8]);
    expect([a.formation, s.formation]).toEqual([LINE, OPEN]);
    expect([a.order, h.order, g.order, d.order]).toEqual([MANOEUVRE, MANOEUVRE, FIRE, FIRE]);
    expect(a.klass).toBe('C');
    expect([g.guns, g.crew, g.figures]).toEqual([4, 4, 16]);
    expect([a.facing, d.facing]).toEqual([-1, 1]);
    void ASSAULT;
  });

  it('the quality ladder (rulings, "The common order of battle"): conscript D, line C, veteran B, elite and guard A', () => {
    expect(QUALITY_CLASS).toEqual({ conscript: 'D', line: 'C', veteran: 'B', elite: 'A', guard: 'A' });
    for (const q of QUALITY_LADDER) expect(BURT_QUALITY.fields(q, {})).toEqual({ class: QUALITY_CLASS[q] });
    const c = compileSetup({ attacker: [{ id: 'A', at: 10, quality: 'veteran' }], defender: [{ id: 'D', at: 0 }] });
    expect([c.units[0].klass, c.units[1].klass]).toEqual(['B', 'C']);
  });

  it('a scenario file: the rung becomes the class before validation; a class that disagrees is refused at the class', () => {
    const { class: _class, ...unrated } = battalion('D', 0);
    const file = (defender: Record<string, unknown>) =>
      scenarioSchema.safeParse({
        kind: 'scenario',
        name: 'q',
        ruleset: 'burt',
        engagement: 'lane',
        sides: [side('attacker', [battalion('A', 10)]), side('defender', [{ ...unrated, ...defender }])],
      });
    const ok = file({ quality: 'conscript' });
    expect(ok.success).toBe(true);
    expect((ok.data as unknown as { sides: { units: { class: string }[] }[] }).sides[1].units[0].class).toBe('D');
    expect(file({ quality: 'conscript', class: 'D' }).success).toBe(true);
    const bad = file({ quality: 'conscript', class: 'E' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['sides', 1, 'units', 0, 'class']);
  });

  it('terrain and the objective off the lane (beyond its ends, -24 to 40 by default, or its width) are refused, naming the field', () => {
    const sides = [side('attacker', [battalion('A', 10)]), side('defender', [battalion('D', 0)])];
    const paths = (extra: Record<string, unknown>) => issues(sides, extra).map((e) => e.path);
    expect(paths({ terrain: [{ kind: 'woods', from: -4, to: 2 }], objective: { from: -6, to: 2 } })).toEqual([]);
    expect(paths({ terrain: [{ kind: 'woods', from: 38, to: 44 }] })).toEqual(['terrain.0.to']);
    expect(paths({ terrain: [{ kind: 'hedge', from: -30, to: -30 }] })).toEqual(['terrain.0.from']);
    // Reaching past the lane's side is ground going on; lying wholly beside it is refused.
    expect(paths({ terrain: [{ kind: 'village', from: 0, to: 4, yMin: -10, yMax: 2 }] })).toEqual([]);
    expect(paths({ terrain: [{ kind: 'woods', from: 0, to: 4, yMin: 8, yMax: 12 }] })).toEqual(['terrain.0.yMin']);
    expect(paths({ objective: { from: 50, to: 60 } })).toEqual(['objective.from']);
    expect(paths({ objective: { from: -6, to: 2, yMin: -14, yMax: -8 } })).toEqual(['objective.yMax']);
    expect(issues(sides, { objective: { from: 50, to: 60 } })[0].message).toBe("the objective starts at 50, beyond the lane's ends (-24 to 40)");
  });

  it('units with the same id, units in one place, and units off the lane are refused, naming the field', () => {
    const errs = issues([side('attacker', [battalion('A', 10), battalion('A', 10.5)]), side('defender', [battalion('D', 0, { offset: 7 })])]);
    expect(errs.map((e) => e.path)).toEqual(expect.arrayContaining(['sides.0.units.1.id', 'sides.0.units.1.at', 'sides.1.units.0.offset']));
    expect(errs.find((e) => e.path === 'sides.0.units.1.id')!.message).toContain("duplicate unit id 'A'");
  });

  it('4, 12: guns and skirmishers cannot have ASSAULT orders, only skirmishers open order, only foot square; one side attacks, one defends', () => {
    const errs = issues([
      side('attacker', [{ id: 'G', arm: 'guns', at: 20, orders: 'assault' }, { id: 'C', arm: 'cavalry', at: 10, formation: 'square', offset: 5 }]),
      side('attacker', [{ id: 'I', at: 0, formation: 'open' }]),
    ]);
    expect(errs.map((e) => e.path)).toEqual(expect.arrayContaining(['sides.0.units.0.orders', 'sides.0.units.1.formation', 'sides.1.units.0.formation', 'sides.1.role']));
  });

  it('5, 6, 9: a field of one arm (guns, ordnance, horse, limbered; light, armoured, lancers) on a unit of another is refused at the field, not ignored', () => {
    const errs = issues([
      side('attacker', [
        { id: 'I', at: 10, offset: -4, ordnance: '12pdr', limbered: false },
        { id: 'C', arm: 'cavalry', at: 20, offset: 4, horse: true, guns: 2 },
      ]),
      side('defender', [
        { id: 'G', arm: 'guns', at: 0, offset: -5, light: true, weapon: 'musket' },
        { id: 'S', arm: 'skirmishers', at: 0, offset: 5, armoured: false, lancers: true },
      ]),
    ]);
    expect(errs.map((e) => `${e.path}: ${e.message}`)).toEqual([
      "sides.0.units.0.ordnance: only a battery (arm guns) has ordnance (6: the weapon table's 4pdr to 12pdr and howitzer); this unit is infantry",
      'sides.0.units.0.limbered: only a battery (arm guns) has limbered (4, 5: artillery limbers and unlimbers); this unit is infantry',
      'sides.0.units.1.guns: only a battery (arm guns) has guns (6: a die for every gun firing); this unit is cavalry',
      'sides.0.units.1.horse: only a battery (arm guns) has horse (5: foot guns 6", horse guns 9"); this unit is cavalry',
      'sides.1.units.0.light: only cavalry has light (5, 9: light and heavy cavalry); this unit is guns',
      'sides.1.units.0.weapon: a battery fires its ordnance (6)',
      'sides.1.units.1.armoured: only cavalry has armoured (9: armoured cavalry); this unit is skirmishers',
      'sides.1.units.1.lancers: only cavalry has lancers (9: armoured cavalry or lancers); this unit is skirmishers',
    ]);
    // Each arm's own fields, given or defaulted.
    const c = compileSetup({
      attacker: [{ id: 'H', arm: 'cavalry', at: 20, offset: -4, light: true, lancers: true }, { id: 'G', arm: 'guns', at: 20, offset: 5, ordnance: '12pdr', horse: true, limbered: true }],
      defender: [{ id: 'D', at: 0 }, { id: 'K', arm: 'cavalry', at: -6, offset: 4, armoured: true }],
    });
    expect(c.units.map((u) => [u.ordnance, u.horse, u.limbered, u.light, u.armoured, u.lancers, u.crew])).toEqual([
      ['6pdr', false, false, true, false, true, 0],
      ['12pdr', true, true, false, false, false, 5],
      ['6pdr', false, false, false, false, false, 0],
      ['6pdr', false, false, false, true, false, 0],
    ]);
  });

  it('terrain: a hedge or wall is a line, a village an area; the objective has length', () => {
    const errs = issues([side('attacker', [battalion('A', 10)]), side('defender', [battalion('D', 0)])], {
      terrain: [{ kind: 'hedge', from: 2, to: 3 }, { kind: 'village', from: 0, to: 0 }],
      objective: { from: 1, to: 1 },
    });
    expect(errs.map((e) => e.path)).toEqual(['terrain.0.to', 'terrain.1.to', 'objective.to']);
  });
});
