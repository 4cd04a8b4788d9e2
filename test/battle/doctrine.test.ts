/**
 * Battle doctrines (src/doctrine/battle.ts): presets, parameters, and the choices they change — attack
 * odds (12.2 Attack), advance (7.5), pursuit (7.7) — plus the vary path into a doctrine parameter.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { aor } from '../../src/rules/aor/index.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';
import { BATTLE_DOCTRINE_PRESETS, resolveBattleDoctrine } from '../../src/doctrine/battle.js';
import { resolveDoctrine, type AssaultDoctrine } from '../../src/doctrine/assault.js';
import { chooseAdvance, choosePursuit, moveSide, reactionZone, volunteerAttack } from '../../src/rules/aor/battle/ai.js';
import { parsePath, setPath } from '../../src/scenario/paths.js';
import { battle, builtFrom, CLEAR_ROWS, collector, mapWith, scenarioData } from './helpers.js';

describe('battle doctrine presets', () => {
  it('by-the-book, aggressive and careful differ, and overrides replace single parameters', () => {
    const names = Object.keys(BATTLE_DOCTRINE_PRESETS);
    expect(names).toEqual(['by-the-book', 'aggressive', 'careful', 'random-legal']);
    const [a, b, c] = names.map((n) => resolveBattleDoctrine(n));
    expect(new Set([a.attackOdds, b.attackOdds, c.attackOdds]).size).toBe(3);
    expect(resolveBattleDoctrine('careful', { chargeRatio: 1 })).toMatchObject({ chargeRatio: 1, pursue: false });
    expect(() => resolveBattleDoctrine('reckless')).toThrow(/unknown battle doctrine/);
  });
});

describe('a battle doctrine fights its assaults with its own assault doctrine', () => {
  const compiled = (side0: Record<string, unknown>) => {
    const { scenario } = loadScenario('sims/meeting-engagement.scenario.yaml');
    const data = structuredClone(scenario) as unknown as { sides: Record<string, unknown>[] };
    delete data.sides[0].doctrine;
    Object.assign(data.sides[0], side0);
    const cell = singleCell(data as never);
    return aor.compile(cell.scenario as never, cell.options) as unknown as { sides: { doctrine: AssaultDoctrine }[] };
  };
  it('with no assault doctrine named, each preset brings its own (7.3 fire first, 7.4 retreats, 7.1 hits)', () => {
    for (const [name, preset] of Object.entries(BATTLE_DOCTRINE_PRESETS)) {
      expect(compiled({ battleDoctrine: name }).sides[0].doctrine).toEqual(resolveDoctrine(preset.params.assault));
    }
    expect(compiled({ battleDoctrine: 'random-legal' }).sides[0].doctrine).toMatchObject({ retreatWhen: 'random', fireFirst: 'random', hitAllocation: 'random' });
    expect(compiled({ battleDoctrine: { preset: 'careful', assault: 'stubborn' } }).sides[0].doctrine).toEqual(resolveDoctrine('stubborn'));
  });
  it('an assault doctrine the side names wins over the battle doctrine\'s', () => {
    expect(compiled({ battleDoctrine: 'aggressive', doctrine: 'careful' }).sides[0].doctrine).toEqual(resolveDoctrine('careful'));
  });
});

describe('what the parameters decide', () => {
  // An Attack-order stack of strength 4 next to a defender of strength 6 in the open (odds 2/3).
  const set = () =>
    battle({
      map: mapWith(6, 3),
      units: [
        { id: 'A', side: 0, at: '2,1', strength: 4, formation: 'F' },
        { id: 'D', side: 1, at: '3,1', strength: 6 },
      ],
      formations: [{ id: 'F', objective: '5,1' }],
      supplyRule: false,
    });
  it('12.2 Attack: a stack that is not the objective is attacked only at the doctrine\'s odds', () => {
    const t = set();
    const opts = [t.h('3,1')];
    expect(volunteerAttack(t.b, t.h('2,1'), opts, resolveBattleDoctrine('by-the-book'))).toBe(false); // 0.67 < 1
    expect(volunteerAttack(t.b, t.h('2,1'), opts, resolveBattleDoctrine('aggressive', { attackOdds: 0.6 }))).toBe(true);
  });
  it('7.5: careful advances only into its objective; aggressive even where the enemy next door is stronger', () => {
    const t = set();
    const b = t.b;
    b.remove(t.u('D'));
    const attackers = [t.h('2,1')];
    expect(chooseAdvance(b, t.h('3,1'), attackers, resolveBattleDoctrine('careful'))).toBe(-1);
    expect(chooseAdvance(b, t.h('3,1'), attackers, resolveBattleDoctrine('aggressive'))).toBe(t.u('A'));
  });
  it('7.7: careful never pursues by choice; by-the-book does with fresh cavalry', () => {
    const t = battle({ map: mapWith(6, 3), units: [{ id: 'K', side: 0, at: '2,1', kind: 'cavalry', strength: 4 }, { id: 'E', side: 1, at: '4,1' }], supplyRule: false });
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,1'), resolveBattleDoctrine('careful'))).toBe(false);
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,1'), resolveBattleDoctrine('by-the-book'))).toBe(true);
  });
});

describe('vary paths into a doctrine parameter', () => {
  it('a preset name becomes { preset, parameter }', () => {
    const doc = { sides: [{ battleDoctrine: 'careful' }, {}] };
    expect(setPath(doc, parsePath('sides[0].battleDoctrine.chargeRatio', ['aor']), 1)).toBe(1);
    expect(doc.sides[0].battleDoctrine).toEqual({ preset: 'careful', chargeRatio: 1 });
    expect(setPath(doc, parsePath('sides[1].battleDoctrine.pursue', ['aor']), false)).toBe(1);
    expect(doc.sides[1]).toEqual({ battleDoctrine: { pursue: false } });
  });
});

describe('the random-legal baseline (the yardstick of play quality)', () => {
  const attackerWins = (preset: string, n: number) => {
    const { scenario } = loadScenario('sims/village-assault.scenario.yaml');
    const data = structuredClone(scenario) as unknown as { sides: { battleDoctrine: unknown }[] };
    data.sides[0].battleDoctrine = preset;
    const cell = singleCell(data as never);
    const c = aor.compile(cell.scenario as never, cell.options);
    let wins = 0;
    const first: unknown[] = [];
    for (let i = 0; i < n; i++) {
      const r = aor.play(c, EngagementDice.for('doctrine-test', 'cell', i), { checkInvariants: true });
      if (r.winner === 0) wins++;
      if (i < 3) first.push(structuredClone(r));
    }
    return { p: wins / n, first, c };
  };

  it('plays legally and reproducibly: the same seeds give the same battles', () => {
    const a = attackerWins('random-legal', 3);
    const b = attackerWins('random-legal', 3);
    expect(a.first).toEqual(b.first);
  });

  it('by-the-book attackers carry the village far more often than random-legal ones (difference > 4 standard errors, fixed seeds)', () => {
    const n = 120;
    const book = attackerWins('by-the-book', n).p;
    const random = attackerWins('random-legal', n).p;
    const se = Math.sqrt((book * (1 - book)) / n + (random * (1 - random)) / n + 1e-9);
    expect(book - random).toBeGreaterThan(4 * se);
  });
});

describe('paths (battleDoctrine.paths): screened from enemy cavalry (7.8)', () => {
  // Blue infantry (6 MP) heads for its objective 5,3, four hexes east along row 3; Red's ready cavalry
  // at 3,5 could reaction-charge anything moving within two hexes of it (7.8).
  const moved = (paths: string) => {
    const data = scenarioData({
      map: CLEAR_ROWS(10, 7),
      formations: [{ id: 'F', objective: '5,3' }],
      units: [
        { id: 'A', side: 0, at: '1,3', movement: 6, formation: 'F' },
        { id: 'K', side: 1, at: '3,5', kind: 'cavalry' },
      ],
      supplyRule: false,
    }) as { sides: Record<string, unknown>[] };
    data.sides[0].battleDoctrine = { preset: 'by-the-book', paths };
    const t = builtFrom(data);
    const { sink, events } = collector();
    moveSide(t.b, 0, false, EngagementDice.for('paths', 'cell', 0), t.res(), sink);
    const move = events.find((e) => e.type === 'move');
    return { t, path: move && move.type === 'move' ? move.path : [], zone: reactionZone(t.b, 0) };
  };
  it('cheapest: straight along the row, past the cavalry', () => {
    const { t, path, zone } = moved('cheapest');
    expect(path[path.length - 1]).toBe(t.h('5,3'));
    expect(path.length - 1).toBe(4);
    expect(path.slice(1).some((h) => zone[h])).toBe(true);
  });
  it('screened: a longer way within the allowance that no reaction charge can reach, to the same hex', () => {
    const { t, path, zone } = moved('screened');
    expect(path[path.length - 1]).toBe(t.h('5,3'));
    expect(path.slice(1).filter((h) => zone[h])).toEqual([]);
    expect(path.length - 1).toBeLessThanOrEqual(6);
  });
});
