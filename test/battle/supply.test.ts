/**
 * Supply (17): a supply line runs up to five hexes across country, then along roads or trails to the
 * scenario's supply source hexes; enemy units and ZOCs cut it, and a unit with no such line when a turn
 * ends loses a step. Project ruling: a ZOC hex a friendly unit occupies does not block; scenario
 * `supplyRule: false` switches it off.
 *
 * The maps here are a corridor: row 2 of a 14 x 5 map, from 1,2 to 12,2, walled off by rivers on every
 * hexside but its E and W ones, so that a supply line can only run along it and distances are exact.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import type { AorEvent as VolleyEvent } from '../../src/rules/aor/events.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { applySupply, suppliedHexes } from '../../src/rules/aor/battle/supply.js';
import { battle, CLEAR_ROWS, collector, type BattleDesc, type Built, type UnitDesc } from './helpers.js';
import { loadScenario } from '../../src/scenario/load.js';
import { compileBattle } from '../../src/rules/aor/battle/compile.js';
import type { BattleScenario } from '../../src/rules/aor/battleSchema.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { AOR_OPTIONS, aorOptions } from '../../src/rules/aor/options.js';

const CORRIDOR_RIVERS = Array.from({ length: 12 }, (_, i) => ['NE', 'NW', 'SW', 'SE'].map((d) => `${i + 1},2/${d}`)).flat();
const ROAD_0_3 = '0,2 1,2 2,2 3,2';

/** The corridor map; side 0 draws supply from 0,2, side 1 from 13,0; a side-1 unit parked far away at 13,0. */
function corridor(units: UnitDesc[], extra: Partial<BattleDesc> = {}): Built {
  return battle({
    map: CLEAR_ROWS(14, 5),
    rivers: CORRIDOR_RIVERS,
    supply: [['0,2'], ['13,0']],
    ...extra,
    units: [...units, { id: 'Far', side: 1, at: '13,0', orders: 'reserve' }],
  });
}

const inSupply = (t: Built, side: 0 | 1, hex: string) => suppliedHexes(t.b, side)[t.h(hex)] === 1;

describe('17 supply: tracing', () => {
  it('five hexes off the end of a road connected to the source: in supply; six: not', () => {
    const t = corridor([{ id: 'U', side: 0, at: '1,2', orders: 'reserve' }], { roads: [ROAD_0_3] });
    expect(inSupply(t, 0, '8,2')).toBe(true); // 3,2 + 5
    expect(inSupply(t, 0, '9,2')).toBe(false); // 3,2 + 6
  });

  it('a trail serves as a road', () => {
    const t = corridor([{ id: 'U', side: 0, at: '1,2', orders: 'reserve' }], { trails: [ROAD_0_3] });
    expect(inSupply(t, 0, '8,2')).toBe(true);
    expect(inSupply(t, 0, '9,2')).toBe(false);
  });

  it('without a road: five hexes straight from the source', () => {
    const t = corridor([{ id: 'U', side: 0, at: '1,2', orders: 'reserve' }]);
    expect(inSupply(t, 0, '5,2')).toBe(true);
    expect(inSupply(t, 0, '6,2')).toBe(false);
  });

  it('a road that does not lead to a source does not help', () => {
    const t = corridor([{ id: 'U', side: 0, at: '1,2', orders: 'reserve' }], { roads: ['7,2 8,2 9,2 10,2'] });
    expect(inSupply(t, 0, '11,2')).toBe(false);
    const joined = corridor([{ id: 'U', side: 0, at: '1,2', orders: 'reserve' }], { roads: ['0,2 1,2 2,2 3,2 4,2 5,2 6,2 7,2 8,2 9,2 10,2'] });
    expect(inSupply(joined, 0, '11,2')).toBe(true);
  });

  it('an enemy unit on the line blocks it', () => {
    const units: UnitDesc[] = [{ id: 'U', side: 0, at: '8,2', orders: 'reserve' }];
    expect(inSupply(corridor(units, { roads: [ROAD_0_3] }), 0, '8,2')).toBe(true);
    const t = corridor([...units, { id: 'X', side: 1, at: '6,2', orders: 'reserve' }], { roads: [ROAD_0_3] });
    expect(inSupply(t, 0, '8,2')).toBe(false);
  });

  it('an enemy ZOC on the line blocks it; the same ZOC hex occupied by a friendly unit does not', () => {
    // X at 6,1 reaches 6,2 across a bridge over the corridor's river: 6,2 is in its ZOC.
    const extra = { roads: [ROAD_0_3], bridges: ['6,2/NE'] };
    const t = corridor(
      [
        { id: 'U', side: 0, at: '8,2', orders: 'reserve' },
        { id: 'X', side: 1, at: '6,1', orders: 'reserve' },
      ],
      extra,
    );
    expect(t.b.inEnemyZoc(0, t.h('6,2'))).toBe(true);
    expect(inSupply(t, 0, '8,2')).toBe(false);
    const held = corridor(
      [
        { id: 'U', side: 0, at: '8,2', orders: 'reserve' },
        { id: 'H', side: 0, at: '6,2', orders: 'reserve' },
        { id: 'X', side: 1, at: '6,1', orders: 'reserve' },
      ],
      extra,
    );
    expect(inSupply(held, 0, '8,2')).toBe(true);
    expect(inSupply(held, 0, '6,2')).toBe(true);
  });

  it('an enemy ZOC on the road cuts the road too', () => {
    // Road 0,2 .. 9,2; unit at 12,2 is three hexes off its end. X's ZOC on 6,2 leaves 5,2 as the last road hex: 7 off.
    const road = '0,2 1,2 2,2 3,2 4,2 5,2 6,2 7,2 8,2 9,2';
    const open = corridor([{ id: 'U', side: 0, at: '12,2', orders: 'reserve' }], { roads: [road] });
    expect(inSupply(open, 0, '12,2')).toBe(true);
    const cut = corridor(
      [
        { id: 'U', side: 0, at: '12,2', orders: 'reserve' },
        { id: 'X', side: 1, at: '6,1', orders: 'reserve' },
      ],
      { roads: [road], bridges: ['6,2/NE'] },
    );
    expect(inSupply(cut, 0, '12,2')).toBe(false);
  });
});

describe('17 supply: losses', () => {
  it('a unit out of supply loses a step; one in supply does not', () => {
    const t = corridor(
      [
        { id: 'In', side: 0, at: '8,2', orders: 'reserve' },
        { id: 'Out', side: 0, at: '9,2', orders: 'reserve' },
      ],
      { roads: [ROAD_0_3] },
    );
    const res = t.res();
    expect(applySupply(t.b, 0, res)).toBe(1);
    expect(t.b.st.steps[t.u('In')]).toBe(2);
    expect(t.b.st.steps[t.u('Out')]).toBe(1);
    expect(res.extras['supplyLosses.0']).toBe(1);
  });

  it('a one-step unit out of supply is eliminated and leaves the map', () => {
    const t = corridor([{ id: 'Out', side: 0, at: '9,2', orders: 'reserve', damaged: true }], { roads: [ROAD_0_3] });
    applySupply(t.b, 0, t.res());
    expect(t.b.st.steps[t.u('Out')]).toBe(0);
    expect(t.pos('Out')).toBe(-1);
  });

  it('supplyRule: false switches it off', () => {
    const t = corridor([{ id: 'Out', side: 0, at: '9,2', orders: 'reserve' }], { roads: [ROAD_0_3], supplyRule: false });
    expect(applySupply(t.b, 0, t.res())).toBe(0);
    expect(t.b.st.steps[t.u('Out')]).toBe(2);
  });

  it("in a played battle the step is lost at the end of the unit's own side's turn", () => {
    // Side 0's Out (9,2) is six hexes off the road; side 1 draws supply from 0,0, so its Cut (12,2) is far out
    // of reach while its Ok (1,0) is next to the source. Each loses its step at the end of its own side's turn.
    const t = battle({
      map: CLEAR_ROWS(14, 5),
      rivers: CORRIDOR_RIVERS,
      supply: [['0,2'], ['0,0']],
      roads: [ROAD_0_3],
      turns: 1,
      units: [
        { id: 'Out', side: 0, at: '9,2', orders: 'reserve' },
        { id: 'Cut', side: 1, at: '12,2', orders: 'reserve' },
        { id: 'Ok', side: 1, at: '1,0', orders: 'reserve' },
      ],
    });
    const { sink, events } = collector();
    playBattle(t.c, new EngagementDice('supply-timing'), { sink });
    const hitOf = (unit: string) => events.findIndex((e) => e.type === 'hit' && e.unit === unit);
    const turnEnd = (side: 0 | 1) => events.findIndex((e) => e.type === 'phase' && e.phase === 'turnEnd' && e.side === side);
    const turnStart = (side: 0 | 1) => events.findIndex((e) => e.type === 'playerTurn' && e.side === side);
    expect(hitOf('Out')).toBeGreaterThan(turnEnd(0));
    expect(hitOf('Out')).toBeLessThan(turnStart(1));
    expect(hitOf('Cut')).toBeGreaterThan(turnEnd(1));
    expect(hitOf('Ok')).toBe(-1);
    const hits = events.filter((e): e is Extract<VolleyEvent, { type: 'hit' }> => e.type === 'hit');
    expect(hits.map((e) => e.unit)).toEqual(['Out', 'Cut']);
    expect(t.b.st.steps[t.u('Out')]).toBe(1);
    expect(t.b.st.steps[t.u('Cut')]).toBe(1);
  });
});

describe('17 supply: the search that stops once every unit is reached (DESIGN.md, Performance)', () => {
  it('gives every hex asked about the answer of the whole-map search, turn after turn of the corps battle', () => {
    const { scenario } = loadScenario('sims/corps-battle.scenario.yaml');
    const c = compileBattle(scenario as unknown as BattleScenario, aorOptions(resolveOptions(AOR_OPTIONS, {})));
    const b = c.workspace;
    const n = c.map.grid.size;
    const need = new Uint8Array(n);
    let checked = 0, supplied = 0, cut = 0;
    let rng = 12345; // a fixed walk of hex subsets beside the units' own hexes
    const next = () => (rng = (rng * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const compare = (side: 0 | 1, hexes: number[]) => {
      const full = suppliedHexes(b, side).slice();
      let count = 0;
      for (const h of hexes) if (need[h] === 0) (need[h] = 1), count++;
      const early = suppliedHexes(b, side, new Uint8Array(n), need, count);
      for (const h of hexes) {
        expect(early[h]).toBe(full[h]);
        supplied += full[h];
        cut += full[h] ? 0 : 1;
      }
      need.fill(0);
      checked++;
    };
    for (let e = 0; e < 6; e++) {
      const sink = (ev: VolleyEvent) => {
        // Right where applySupply asks (turn end); nothing moves between here and there.
        if (ev.type !== 'phase' || ev.phase !== 'turnEnd') return;
        for (const side of [0, 1] as const) {
          compare(side, c.sides[side].units.map((u) => b.pos[u]).filter((h) => h >= 0));
          compare(side, Array.from({ length: 1 + Math.floor(next() * 12) }, () => Math.floor(next() * n)));
        }
      };
      playBattle(c, EngagementDice.for('supply', 'corps', e), { sink });
    }
    expect(checked).toBeGreaterThan(100);
    // Both answers occur among the hexes compared, so a wrong early stop would show.
    expect(supplied).toBeGreaterThan(100);
    expect(cut).toBeGreaterThan(20);
  });
});
