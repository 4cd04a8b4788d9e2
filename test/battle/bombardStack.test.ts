/**
 * The optional bombardment stack bonus (Combat modifiers table, "Bombardment (opt.)"; 8.1):
 * `aor.bombardStackBonus`. When the option is played, artillery bombarding a hex that holds two
 * non-artillery units fires at half as much strength again; a lone unit, a stack in which only one
 * unit is not artillery, or the option left off (the default) give no bonus. The bonus is one more
 * reduction-style percentage: it is applied with the terrain's "Bomb." reduction and the result is
 * rounded once (7.1). The strength fired is read from the bombardment's 'fire' event.
 */
import { describe, expect, it } from 'vitest';
import { bombard } from '../../src/rules/aor/battle/bombard.js';
import type { UnitKind } from '../../src/rules/aor/units.js';
import { battle, collector, mapWith, roll, ScriptedDice, type UnitDesc } from './helpers.js';

interface Case {
  /** The units in the target hex 3,2 (side 1). */
  targets: { kind?: UnitKind; strength?: number }[];
  bonus: boolean;
  /** Terrain token of the target hex; default clear. */
  terrain?: string;
  gun?: { strength?: number; disrupted?: boolean };
}

/** Gun G (side 0) at 1,2 bombards 3,2 once; returns the strength it fired at. */
function firedAt(c: Case): { strength: number; rawStrength: number } {
  const units: UnitDesc[] = [
    { id: 'G', side: 0, kind: 'artillery', at: '1,2', strength: c.gun?.strength ?? 4, disrupted: c.gun?.disrupted },
    ...c.targets.map((x, i): UnitDesc => ({ id: `T${i}`, side: 1, at: '3,2', kind: x.kind, strength: x.strength ?? 4 })),
  ];
  const t = battle({
    map: mapWith(8, 5, c.terrain ? { '3,2': c.terrain } : {}),
    units,
    options: { 'aor.bombardStackBonus': c.bonus },
  });
  expect(t.c.options.bombardStackBonus).toBe(c.bonus);
  const { sink, events } = collector();
  bombard(t.b, [t.u('G')], t.h('3,2'), new ScriptedDice({ fire: [roll(2), []] }), t.res(), sink);
  const fire = events.filter((e) => e.type === 'fire');
  expect(fire).toHaveLength(1);
  const f = fire[0];
  if (f.type !== 'fire') throw new Error('not a fire event');
  return { strength: f.strength, rawStrength: f.rawStrength };
}

const INF = { kind: 'infantry' as const };

describe('Combat modifiers, Bombardment (opt.): aor.bombardStackBonus', () => {
  it('is off by default', () => {
    const t = battle({ map: mapWith(8, 5), units: [{ id: 'G', side: 0, kind: 'artillery', at: '1,2' }, { id: 'T', side: 1, at: '3,2' }] });
    expect(t.c.options.bombardStackBonus).toBe(false);
  });

  it('on: strength 4 against a stack of two infantry units fires at 6 (+50%)', () => {
    expect(firedAt({ targets: [INF, INF], bonus: true })).toEqual({ strength: 6, rawStrength: 6 });
  });

  it('on: two non-artillery units of any kind count (infantry with cavalry)', () => {
    expect(firedAt({ targets: [INF, { kind: 'cavalry' }], bonus: true }).strength).toBe(6);
  });

  it('on: a single unit gets no bonus', () => {
    expect(firedAt({ targets: [INF], bonus: true }).strength).toBe(4);
  });

  it('on: a stack of one infantry unit and one artillery unit gets no bonus (only one is non-artillery)', () => {
    expect(firedAt({ targets: [INF, { kind: 'artillery' }], bonus: true }).strength).toBe(4);
    expect(firedAt({ targets: [{ kind: 'artillery' }, { kind: 'horseArtillery' }], bonus: true }).strength).toBe(4);
  });

  it('off: the same stack of two infantry units is bombarded at plain strength 4', () => {
    expect(firedAt({ targets: [INF, INF], bonus: false })).toEqual({ strength: 4, rawStrength: 4 });
  });

  it('combines with the terrain "Bomb." reduction and a disrupted gun, rounded once at the end (7.1)', () => {
    // 8 into woods (-50%): 4, +50%: 6.
    expect(firedAt({ targets: [INF, INF], bonus: true, terrain: 'W', gun: { strength: 8 } }).strength).toBe(6);
    // A disrupted 3 gun into woods: 3 / 2 * 0.5 * 1.5 = 1.125, rounded once to 1 (rounding 0.75 to 1
    // before the bonus would give 2).
    expect(firedAt({ targets: [INF, INF], bonus: true, terrain: 'W', gun: { strength: 3, disrupted: true } })).toEqual({ strength: 1, rawStrength: 1.125 });
    expect(firedAt({ targets: [INF, INF], bonus: false, terrain: 'W', gun: { strength: 3, disrupted: true } })).toEqual({ strength: 1, rawStrength: 0.75 });
  });
});
