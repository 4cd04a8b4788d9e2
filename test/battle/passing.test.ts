/**
 * 7.12 passing fire during movement, 12.2 a March ended by a ZOC, and 7.10's underlined value against
 * a charge (aor.chargeDefenceFire).
 */
import { describe, expect, it } from 'vitest';
import { moveSide, passingFireSteps } from '../../src/rules/aor/battle/ai.js';
import { resolveCharge } from '../../src/rules/aor/battle/charges.js';
import { drawsPassingFire, passingFireOnMove } from '../../src/rules/aor/battle/retreat.js';
import { updateCommandRange } from '../../src/rules/aor/battle/command.js';
import { EngagementDice } from '../../src/core/dice.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { narrate } from '../../src/rules/aor/trace/narrate.js';
import { subjectOf } from '../../src/rules/aor/trace/index.js';
import { battle, builtFrom, collector, hexName, mapWith, roll, scenarioData, ScriptedDice, type UnitDesc } from './helpers.js';

describe('7.12 passing fire during movement', () => {
  // E at 4,1 projects its ZOC into 4,0 and 3,1 (its NW and W neighbours, next to each other): stepping
  // 4,0 -> 3,1 moves from one ZOC hex of E into another.
  const set = (morale = 4) =>
    battle({
      map: mapWith(9, 3),
      units: [
        { id: 'K', side: 0, at: '3,1', kind: 'cavalry', strength: 4, morale },
        { id: 'E', side: 1, at: '4,1', strength: 6 },
      ],
      supplyRule: false,
    });

  it('the stack fires at half strength (6 -> 3); no hit, the move goes on', () => {
    const t = set();
    t.b.computeZoc();
    const { sink, events } = collector();
    const stopped = passingFireOnMove(t.b, t.u('K'), t.h('4,0'), t.h('3,1'), new ScriptedDice({ fire: [[], roll(7)] }), t.res(), sink);
    expect(stopped).toBe(false);
    const fire = events.find((e) => e.type === 'fire');
    expect(fire).toMatchObject({ side: 1, strength: 3, roll: 7, hits: 0 }); // row 3, roll 7: no hit
    // Said to be a move's, into which hex: the story tells it after the move line (narrate.ts, tellingOrder).
    expect(fire).toMatchObject({ modifiers: ['passing fire at half strength on the move into 3,1 (7.12)'] });
  });

  it('7.6 Armament on the move: repeating firers +50% against rifled muskets or artillery (a battery whatever its flags), not against repeating infantry', () => {
    const rawAt = (kind: 'infantry' | 'horseArtillery', flags: 'repeating'[]) => {
      const t = battle({
        map: mapWith(9, 3),
        units: [
          { id: 'K', side: 0, at: '3,1', kind, strength: 2, flags },
          { id: 'E', side: 1, at: '4,1', strength: 6, flags: ['repeating'] },
        ],
        supplyRule: false,
      });
      t.b.computeZoc();
      const { sink, events } = collector();
      passingFireOnMove(t.b, t.u('K'), t.h('4,0'), t.h('3,1'), new ScriptedDice({ fire: [[], roll(2)] }), t.res(), sink);
      const fire = events.find((e) => e.type === 'fire');
      return fire?.type === 'fire' ? fire.rawStrength : NaN;
    };
    expect(rawAt('horseArtillery', [])).toBe(4.5);
    expect(rawAt('horseArtillery', ['repeating'])).toBe(4.5);
    expect(rawAt('infantry', ['repeating'])).toBe(3);
  });

  it("aor.cavalryPassingFire = ignored: cavalry ignores ZOCs under all circumstances (5.4), so no fire; infantry still draws it", () => {
    const data = (kind: 'cavalry' | 'infantry') =>
      battle({
        map: mapWith(9, 3),
        units: [
          { id: 'K', side: 0, at: '3,1', kind, strength: 4 },
          { id: 'E', side: 1, at: '4,1', strength: 6 },
        ],
        supplyRule: false,
        options: { 'aor.cavalryPassingFire': 'ignored' },
      });
    const cav = data('cavalry');
    cav.b.computeZoc();
    const { sink, events } = collector();
    expect(passingFireOnMove(cav.b, cav.u('K'), cav.h('4,0'), cav.h('3,1'), new ScriptedDice({}), cav.res(), sink)).toBe(false); // any die would throw
    expect(events).toEqual([]);
    const inf = data('infantry');
    inf.b.computeZoc();
    const dice = new ScriptedDice({ fire: [[], roll(7)] });
    expect(passingFireOnMove(inf.b, inf.u('K'), inf.h('4,0'), inf.h('3,1'), dice, inf.res())).toBe(false);
    expect(dice.used.fire[1]).toBe(2); // E fired (two dice), and missed
  });

  it('each enemy stack whose ZOC the step stays in fires, one after the other', () => {
    // E2 at 3,0 is next to both 4,0 and 3,1 as well: the step 4,0 -> 3,1 draws E's fire and E2's.
    const t = battle({
      map: mapWith(9, 3),
      units: [
        { id: 'K', side: 0, at: '3,1', kind: 'cavalry', strength: 4 },
        { id: 'E', side: 1, at: '4,1', strength: 6 },
        { id: 'E2', side: 1, at: '3,0', strength: 4 },
      ],
      supplyRule: false,
    });
    t.b.computeZoc();
    const { sink, events } = collector();
    const dice = new ScriptedDice({ fire: [[], [...roll(7), ...roll(7)]] });
    expect(passingFireOnMove(t.b, t.u('K'), t.h('4,0'), t.h('3,1'), dice, t.res(), sink)).toBe(false);
    const fires = events.filter((e) => e.type === 'fire');
    expect(fires.map((e) => e.type === 'fire' && e.strength).sort()).toEqual([2, 3]); // E 6 and E2 4, halved
    expect(dice.used.fire[1]).toBe(4);
  });

  it('a hit makes the unit check morale as in 7.4; a failure sends it back one hex, disrupted', () => {
    const t = set(2);
    t.b.computeZoc();
    const res = t.res();
    // Strength 3, roll 8: one hit (Fire Table row 3); morale 2 - 1 for the lost step, roll 6: fails.
    const stopped = passingFireOnMove(t.b, t.u('K'), t.h('4,0'), t.h('3,1'), new ScriptedDice({ fire: [[], roll(8)], morale: [[6], []] }), res);
    expect(stopped).toBe(true);
    expect(t.b.st.steps[t.u('K')]).toBe(1);
    expect(t.pos('K')).not.toBe(t.h('3,1'));
    expect(t.b.st.disrupted[t.u('K')]).toBe(1);
    expect(res.sides[0].retreatsForced).toBe(1);
  });

  it('7.4: foot artillery that fails the check cannot go back: it is destroyed instead', () => {
    const t = battle({
      map: mapWith(9, 3),
      units: [
        { id: 'K', side: 0, at: '3,1', kind: 'artillery', strength: 2, morale: 2 },
        { id: 'E', side: 1, at: '4,1', strength: 6 },
      ],
      supplyRule: false,
    });
    t.b.computeZoc();
    const res = t.res();
    // As above: one hit, the check failed.
    const stopped = passingFireOnMove(t.b, t.u('K'), t.h('4,0'), t.h('3,1'), new ScriptedDice({ fire: [[], roll(8)], morale: [[6], []] }), res);
    expect(stopped).toBe(true);
    expect(t.b.st.steps[t.u('K')]).toBe(0);
    expect(t.pos('K')).toBe(-1);
    expect(res.units[t.u('K')].eliminated).toBe(true);
    expect(res.sides[0].retreatsForced).toBe(0);
  });

  it('the Terrain Effects table applies to passing fire as to any fire: into woods -50%, across a stream -25% (7.12)', () => {
    const fireAt = (cells: Record<string, string>, streams: string[] = []) => {
      const t = battle({
        map: mapWith(9, 3, cells),
        units: [
          { id: 'K', side: 0, at: '3,1', kind: 'cavalry', strength: 4 },
          { id: 'E', side: 1, at: '4,1', strength: 6 },
        ],
        streams,
        supplyRule: false,
      });
      t.b.computeZoc();
      const { sink, events } = collector();
      passingFireOnMove(t.b, t.u('K'), t.h('4,0'), t.h('3,1'), new ScriptedDice({ fire: [[], roll(2)] }), t.res(), sink);
      return events.find((e) => e.type === 'fire');
    };
    expect(fireAt({ '3,1': 'W' })).toMatchObject({ rawStrength: 1.5, strength: 2 }); // 6 x 1/2 x 1/2
    expect(fireAt({}, ['3,1/E'])).toMatchObject({ rawStrength: 2.25, strength: 2 }); // 6 x 1/2 x 3/4
    expect(fireAt({})).toMatchObject({ rawStrength: 3, strength: 3 });
  });

  it('no fire when the unit did not come from the same stack\'s ZOC', () => {
    const t = set();
    t.b.computeZoc();
    const stopped = passingFireOnMove(t.b, t.u('K'), t.h('2,1'), t.h('3,1'), new ScriptedDice({}), t.res());
    expect(stopped).toBe(false);
  });
});

describe('12.2 March orders', () => {
  it('a marching formation whose unit is stopped by an enemy ZOC turns to Defend, its leader placed with the leading unit; the story says both', () => {
    const t = battle({
      map: mapWith(10, 3),
      units: [
        { id: 'M', side: 0, at: '1,1', orders: 'march', formation: 'F' },
        { id: 'E', side: 1, at: '5,1', strength: 6 },
      ],
      formations: [{ id: 'F', objective: '8,1', leader: { id: 'L', rating: 2, at: '0,1' } }],
      roads: ['0,1 1,1 2,1 3,1 4,1 5,1 6,1 7,1 8,1 9,1'],
      supplyRule: false,
    });
    const b = t.b;
    b.reset();
    b.turn = 1;
    b.computeZoc();
    updateCommandRange(b);
    // March orders may not enter a ZOC (12.2): the unit stops short of E's zone, and the order ends.
    const { sink, events } = collector();
    moveSide(b, 0, false, new ScriptedDice({}), t.res(), sink);
    expect(b.inEnemyZoc(0, t.pos('M'))).toBe(false);
    expect(b.c.map.grid.distance(t.pos('M'), t.h('5,1'))).toBe(2);
    expect(b.ordersOf(b.c.formationOf[t.u('M')])).toBe('defend');
    expect(b.leaderPos[0]).toBe(t.pos('M'));
    const told = narrate(events, subjectOf(t.c, 'x')).lines.map((l) => l.text);
    expect(told).toContain("F's march is stopped by an enemy zone of control (12.2): it goes to defend orders");
    expect(told).toContain(`L is placed with the leading unit at ${hexName(t.grid, t.pos('M'))} (12.2)`);
  });
});

describe('7.10 the underlined value against a charge (aor.chargeDefenceFire)', () => {
  const fireBack = (option: string, repeating: boolean) => {
    const t = battle({
      map: mapWith(6, 3),
      units: [
        { id: 'K', side: 0, at: '1,1', kind: 'cavalry', strength: 4 },
        { id: 'I', side: 1, at: '2,1', strength: 6, disrupted: true, flags: repeating ? ['repeating'] : [] },
      ],
      options: { 'aor.chargeDefenceFire': option },
      supplyRule: false,
    });
    const { sink, events } = collector();
    resolveCharge(t.b, [t.u('K')], t.h('1,1'), t.h('2,1'), new ScriptedDice({ fire: [roll(2), roll(2)] }), t.res(), {}, sink);
    return events.filter((e) => e.type === 'fire')[1] as { rawStrength: number };
  };
  it('full (default): the target fires its strength (disrupted: half of 6)', () => {
    expect(fireBack('full', false).rawStrength).toBe(3);
  });
  it('halvedUnlessRepeating: halved again, but not for repeating weapons', () => {
    expect(fireBack('halvedUnlessRepeating', false).rawStrength).toBe(1.5);
    expect(fireBack('halvedUnlessRepeating', true).rawStrength).toBe(3);
  });
});

describe('5.4, 7.12: infantry moving through enemy ZOCs (aor.zocMovement)', () => {
  // Two lines of infantry, no cavalry: only infantry can draw passing fire on a move.
  const units: UnitDesc[] = [
    { id: 'A1', side: 0, at: '2,2' },
    { id: 'A2', side: 0, at: '2,3' },
    { id: 'A3', side: 0, at: '2,4' },
    { id: 'D1', side: 1, at: '6,2' },
    { id: 'D2', side: 1, at: '6,4' },
  ];
  function passingFires(battleDoctrine: string, options: Record<string, string>, seeds = 30): number {
    const data = scenarioData({ map: mapWith(10, 7), turns: 4, supplyRule: false, options, units, objectives: [{ at: '6,3', vp: 5 }] });
    for (const side of data.sides as { battleDoctrine?: string }[]) side.battleDoctrine = battleDoctrine;
    const t = builtFrom(data);
    let n = 0;
    for (let i = 0; i < seeds; i++) {
      const res = playBattle(t.c, new EngagementDice(`through/${battleDoctrine}/${i}`), { checkInvariants: true });
      n += res.extras['passingFire.0'] + res.extras['passingFire.1'];
    }
    return n;
  }

  it('moving through, a random-legal mover draws passing fire; under entryStops infantry never does', () => {
    expect(passingFires('random-legal', {})).toBeGreaterThan(0);
    expect(passingFires('random-legal', { 'aor.zocMovement': 'entryStops' })).toBe(0);
  });

  it('the by-the-book doctrine never takes a step that draws passing fire (it moves around or stops)', () => {
    expect(passingFires('by-the-book', {})).toBe(0);
  });
});

describe('passingFireSteps (7.12) from the enemy stacks', () => {
  it('marks exactly the steps drawsPassingFire says draw passing fire, chateaux, forts and rivers included', () => {
    const t = battle({
      map: mapWith(9, 7, { '4,3': 'C', '6,2': 'X', '2,5': 'W' }),
      units: [
        ...['A', 'B', 'C', 'D', 'E', 'F'].map((id, i) => ({ id, side: 0 as const, at: `0,${i}` })),
        ...['P', 'Q', 'R', 'S', 'T', 'U'].map((id, i) => ({ id, side: 1 as const, at: `8,${i}` })),
      ],
      rivers: ['3,2/E', '5,4/NE'],
      streams: ['2,2/SE'],
      supplyRule: false,
    });
    const b = t.b;
    let seed = 7;
    let marked = 0;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 60; trial++) {
      // Stacks of one or two units of a side.
      for (let u = 0; u < t.c.specs.length; u++) b.remove(u);
      for (let u = 0; u < t.c.specs.length; u++) {
        let h = Math.floor(next() * t.grid.size);
        while (b.count[h] >= 2 || (b.count[h] > 0 && b.sideAt[h] !== t.c.specs[u].side)) h = (h + 1) % t.grid.size;
        b.place(u, h);
      }
      b.computeZoc();
      for (const side of [0, 1] as const) {
        b.passBarReady = 0;
        const bar = passingFireSteps(b, side);
        for (let from = 0; from < t.grid.size; from++) {
          for (let d = 0; d < 6; d++) {
            const to = t.grid.neighbors[from * 6 + d];
            const want = to >= 0 && drawsPassingFire(b, side, from, to) ? 1 : 0;
            marked += want;
            expect(bar[from * 6 + d], `trial ${trial}, side ${side}, ${from} -> ${to}`).toBe(want);
          }
        }
      }
    }
    expect(marked).toBeGreaterThan(100);
  });
});
