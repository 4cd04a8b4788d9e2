/**
 * Battle doctrines (src/rules/aor/doctrine/battle.ts): presets, parameters, and the choices they change — attack
 * odds (12.2 Attack), advance (7.5), pursuit (7.7) — plus the vary path into a doctrine parameter.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { aor } from '../../src/rules/aor/index.js';
import { loadScenario, singleCell } from '../../src/scenario/load.js';
import { BATTLE_DOCTRINE_PRESETS, resolveBattleDoctrine } from '../../src/rules/aor/doctrine/battle.js';
import { resolveDoctrine, type AssaultDoctrine } from '../../src/rules/aor/doctrine/assault.js';
import { defendsObjective, movedAdjacentInLos } from '../../src/rules/aor/battle/combat.js';
import { chooseAdvance, choosePursuit, coveredApproach, moveSide, supportedAt, volunteerAttack } from '../../src/rules/aor/battle/ai.js';
import { costField, pathTo } from '../../src/hex/paths.js';
import { hasLineOfSight } from '../../src/rules/aor/los.js';
import { parsePath, setPath } from '../../src/scenario/paths.js';
import { battle, builtFrom, CLEAR_ROWS, mapWith, scenarioData, type BattleDesc, type Built } from './helpers.js';

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
  it('7.5, 12.2 Defend: a counterattack that clears the formation\'s own objective goes back into it; into any other hex it stays', () => {
    const defend = (objective: string) => {
      const t = battle({
        map: mapWith(6, 3),
        units: [
          { id: 'A', side: 0, at: '2,1', strength: 4, formation: 'F', orders: 'defend' },
          { id: 'D', side: 1, at: '3,1', strength: 6 },
        ],
        formations: [{ id: 'F', objective }],
        supplyRule: false,
      });
      t.b.remove(t.u('D'));
      return t;
    };
    for (const name of ['careful', 'by-the-book', 'aggressive'] as const) {
      const home = defend('3,1');
      expect(chooseAdvance(home.b, home.h('3,1'), [home.h('2,1')], resolveBattleDoctrine(name)), name).toBe(home.u('A'));
      const elsewhere = defend('5,1');
      expect(chooseAdvance(elsewhere.b, elsewhere.h('3,1'), [elsewhere.h('2,1')], resolveBattleDoctrine(name)), name).toBe(-1);
    }
  });
  it('7.7: careful never pursues by choice; by-the-book does with fresh cavalry', () => {
    const t = battle({ map: mapWith(6, 3), units: [{ id: 'K', side: 0, at: '2,1', kind: 'cavalry', strength: 4 }, { id: 'E', side: 1, at: '4,1' }], supplyRule: false });
    const fled = [{ hex: t.h('4,1'), retreated: true }];
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,1'), fled, false, resolveBattleDoctrine('careful'))).toBe(-1);
    expect(choosePursuit(t.b, [t.u('K')], t.h('3,1'), fled, false, resolveBattleDoctrine('by-the-book'))).toBe(0);
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

/** A battle of the description with side 0 playing the battle doctrine `preset`. */
function playing(preset: unknown, desc: BattleDesc): Built {
  const data = scenarioData(desc) as { sides: Record<string, unknown>[] };
  data.sides[0].battleDoctrine = preset;
  return builtFrom(data);
}

describe('support (battleDoctrine.support): no lone step into contact, which would force an attack (7.3, 12.2)', () => {
  // Blue's unit of strength 4 heads east; Red's stack of strength 8 stands in the open in its way.
  const set = (preset: string) => {
    const t = playing(preset, {
      map: CLEAR_ROWS(12, 3),
      formations: [{ id: 'F', objective: '9,1' }],
      units: [
        { id: 'A', side: 0, at: '1,1', formation: 'F' },
        { id: 'E', side: 1, at: '6,1', strength: 8 },
      ],
      supplyRule: false,
    });
    t.b.turn = 1;
    return t;
  };
  const inContact = (t: ReturnType<typeof set>) => t.b.inEnemyZoc(0, t.pos('A'));
  it('by-the-book waits a turn short of the enemy\'s zone when its odds there are under 1, then goes in', () => {
    const t = set('by-the-book');
    expect(supportedAt(t.b, t.u('A'), t.h('5,1'), 1)).toBe(false); // 4 against 8
    moveSide(t.b, 0, false, EngagementDice.for('support', 'cell', 0), t.res());
    expect(inContact(t)).toBe(false);
    expect(t.b.heldBack[t.u('A')]).toBe(1);
    t.b.turn = 2;
    moveSide(t.b, 0, false, EngagementDice.for('support', 'cell', 0), t.res());
    expect(inContact(t)).toBe(true);
  });
  it('aggressive (support 0) walks straight into contact', () => {
    const t = set('aggressive');
    moveSide(t.b, 0, false, EngagementDice.for('support', 'cell', 0), t.res());
    expect(inContact(t)).toBe(true);
  });
  it('only a step it would have taken counts as waiting: an unsupported contact off its way does not', () => {
    const t = playing('by-the-book', {
      map: CLEAR_ROWS(14, 6),
      formations: [{ id: 'F', objective: '12,1' }],
      units: [
        { id: 'A', side: 0, at: '1,1', formation: 'F' },
        { id: 'E', side: 1, at: '8,1', strength: 8 },
        { id: 'O', side: 1, at: '3,4', strength: 8 },
      ],
      supplyRule: false,
    });
    const dice = EngagementDice.for('support', 'cell', 0);
    t.b.turn = 1;
    moveSide(t.b, 0, false, dice, t.res());
    expect(t.b.heldBack[t.u('A')]).toBe(-1); // it walked on, past O's zone, out of E's reach
    t.b.turn = 2;
    moveSide(t.b, 0, false, dice, t.res());
    expect(inContact(t)).toBe(false); // now it waits, short of E
    expect(t.b.heldBack[t.u('A')]).toBe(2);
  });
  it('no waiting next to an objective the enemy holds: attacking it is the order (12.2)', () => {
    const t = playing('by-the-book', {
      map: CLEAR_ROWS(12, 3),
      formations: [{ id: 'F', objective: '6,1' }],
      units: [
        { id: 'A', side: 0, at: '1,1', formation: 'F' },
        { id: 'E', side: 1, at: '6,1', strength: 8 },
      ],
      supplyRule: false,
    });
    t.b.turn = 1;
    moveSide(t.b, 0, false, EngagementDice.for('support', 'cell', 0), t.res());
    expect(inContact(t)).toBe(true);
  });
  it('friends with Attack orders within two hexes of the enemy stack count as support', () => {
    const t = builtFrom(
      scenarioData({
        map: CLEAR_ROWS(12, 3),
        formations: [{ id: 'F', objective: '9,1' }],
        units: [
          { id: 'A', side: 0, at: '1,1', formation: 'F' },
          { id: 'B', side: 0, at: '4,1', formation: 'F' },
          { id: 'E', side: 1, at: '6,1', strength: 8 },
        ],
        supplyRule: false,
      }),
    );
    expect(supportedAt(t.b, t.u('A'), t.h('5,1'), 1)).toBe(true); // 4 + 4 against 8
  });
});

describe('defendsObjective: where a holdObjective doctrine stands (7.4)', () => {
  it('a victory objective, or the objective of Defend orders; not the target of Attack orders', () => {
    const t = battle({
      map: CLEAR_ROWS(10, 3),
      formations: [{ id: 'F', objective: '4,1' }, { id: 'D', objective: '6,1' }],
      objectives: [{ at: '8,1', vp: 1 }],
      units: [
        { id: 'A', side: 0, at: '4,1', formation: 'F', orders: 'attack' },
        { id: 'B', side: 1, at: '6,1', formation: 'D', orders: 'defend' },
        { id: 'C', side: 1, at: '8,1', formation: 'D', orders: 'defend' },
        { id: 'E', side: 1, at: '2,1', formation: 'D', orders: 'defend' },
      ],
    });
    expect(defendsObjective(t.b, [t.u('A')], t.h('4,1'))).toBe(false);
    expect(defendsObjective(t.b, [t.u('B')], t.h('6,1'))).toBe(true);
    expect(defendsObjective(t.b, [t.u('C')], t.h('8,1'))).toBe(true);
    expect(defendsObjective(t.b, [t.u('E')], t.h('2,1'))).toBe(false);
  });
});

describe("approach (battleDoctrine.approach 'covered'): into contact unseen, so the defender may not fire first (7.3)", () => {
  // Blue (0,2, 6 MP) makes for the town 4,3 next to Red at 5,2. The cheapest way comes in from 3,3,
  // two hexes from Red and in its sight; the town itself hides 4,4 from Red.
  const t = battle({ map: mapWith(8, 5, { '4,3': 'T' }), units: [{ id: 'A', side: 0, at: '0,2' }, { id: 'E', side: 1, at: '5,2' }], supplyRule: false });
  const g = t.grid;
  const start = t.h('0,2');
  // As movement costs it: no step out of an enemy ZOC hex (5.4).
  const cost = (from: number) => (from !== start && t.b.inEnemyZoc(0, from) ? Infinity : 1);
  const reach = costField(g, [start], cost, 6);
  const cheapest = pathTo(g, reach, t.h('4,3'), cost);
  it('the cheapest way lets the defender fire first; the covered one does not, within the allowance', () => {
    expect(cheapest[cheapest.length - 2]).toBe(t.h('3,3'));
    expect(movedAdjacentFrom(t.h('3,3'))).toBe(true);
    const covered = coveredApproach(t.b, 0, cheapest, reach, cost, 6);
    expect(covered[0]).toBe(start);
    expect(covered[covered.length - 1]).toBe(t.h('4,3'));
    expect(covered[covered.length - 2]).toBe(t.h('4,4'));
    expect(movedAdjacentFrom(t.h('4,4'))).toBe(false);
    for (let i = 1; i < covered.length; i++) expect(g.distance(covered[i - 1], covered[i])).toBe(1);
    expect(covered.length - 1).toBeLessThanOrEqual(6);
  });
  it('with no spare allowance the path stays the cheapest', () => {
    expect(coveredApproach(t.b, 0, cheapest, reach, cost, cheapest.length - 1)).toBe(cheapest);
  });
  // 7.3 as combat reads it: from a hex not adjacent to the defender and in its line of sight.
  function movedAdjacentFrom(from: number): boolean {
    return g.distance(from, t.h('5,2')) > 1 && hasLineOfSight(t.map, t.h('5,2'), from);
  }
});

describe('approach in play: moveSide takes the covered last step, and 7.3 then gives no first fire', () => {
  const moved = (preset: string) => {
    const t = playing(preset, {
      map: mapWith(8, 5, { '4,3': 'T' }),
      formations: [{ id: 'F', objective: '4,3' }],
      units: [
        { id: 'A', side: 0, at: '0,2', movement: 6, formation: 'F' },
        { id: 'E', side: 1, at: '5,2' },
      ],
      supplyRule: false,
    });
    t.b.turn = 1;
    moveSide(t.b, 0, false, EngagementDice.for('approach', 'cell', 0), t.res());
    expect(t.pos('A')).toBe(t.h('4,3'));
    return movedAdjacentInLos(t.b, [t.u('A')], t.h('5,2'));
  };
  it('by-the-book (covered): entered from behind the town, unseen', () => expect(moved('by-the-book')).toBe(false));
  it('aggressive (cheapest): entered in sight, so the defender may fire first', () => expect(moved('aggressive')).toBe(true));
});
