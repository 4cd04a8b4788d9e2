/**
 * Casualties apart from strength lost (src/rules/aor/results.ts; docs/rules/age-of-rifles.md,
 * "Casualties"): every strength point lost is tallied under its cause (a step lost, an elimination, a
 * blocked retreat, off the map, supply), and the casualty model counts the killed and wounded of each
 * cause with its own share (aor.casualtyModel, aor.casualtiesStep, aor.casualtiesEliminated,
 * aor.casualtiesBlocked). 7.1's note: an eliminated unit has lost its cohesion for a while; its men are
 * not all dead.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { retreatUnits } from '../../src/rules/aor/assault.js';
import { carryOutRetreat } from '../../src/rules/aor/battle/retreat.js';
import { playBattle } from '../../src/rules/aor/battle/play.js';
import { allocateHits } from '../../src/rules/aor/hits.js';
import { AOR_OPTIONS, aorOptions, DEFAULT_AOR_OPTIONS } from '../../src/rules/aor/options.js';
import { casualtyStrength, finishResult, lossOf, newAorResult, recordReturn } from '../../src/rules/aor/results.js';
import { AOR_SCALE, LOSS, LOSS_CAUSES } from '../../src/rules/aor/vocabulary.js';
import { battle, CLEAR_ROWS, ScriptedDice } from '../battle/helpers.js';
import { spec, state } from './helpers.js';

const noRng = () => {
  throw new Error('no draw expected');
};
const options = (given: Record<string, unknown> = {}) => aorOptions(resolveOptions(AOR_OPTIONS, given));

describe('strength lost, by cause', () => {
  it('each cause is tallied per side under `${cause}.${side}`, made at 0 with the result; play names a cause by its index in LOSS', () => {
    expect(LOSS_CAUSES.map((c) => LOSS[c])).toEqual(LOSS_CAUSES.map((_, i) => i));
    const res = newAorResult(0);
    expect(Object.keys(res.extras)).toEqual(LOSS_CAUSES.flatMap((c) => [`${c}.0`, `${c}.1`]));
    expect(Object.values(res.extras).every((v) => v === 0)).toBe(true);
    res.extras['lostOffMap.1'] = 4;
    expect(lossOf(res, 1, 'lostOffMap')).toBe(4);
    expect(lossOf(res, 1, LOSS.lostOffMap)).toBe(4);
    expect(lossOf(res, 0, 'lostOffMap')).toBe(0);
  });

  it('7.2: a hit that flips a unit is a step lost; the hit that takes its last step is an elimination', () => {
    const st = state(spec('I', 1, 'infantry', 6, { reduced: 3 }));
    const res = newAorResult(1);
    allocateHits(st, [0], 1, 1, true, 'leastStrength', noRng, res);
    expect(lossOf(res, 1, 'lostInSteps')).toBe(3);
    expect(lossOf(res, 1, 'lostInEliminations')).toBe(0);
    allocateHits(st, [0], 1, 1, true, 'leastStrength', noRng, res);
    expect(lossOf(res, 1, 'lostInEliminations')).toBe(3);
    expect(res.sides[1].strengthLost).toBe(6);
    // A one-step unit loses its whole strength to its only hit: an elimination.
    const one = state(spec('G', 0, 'artillery', 4));
    const r1 = newAorResult(1);
    allocateHits(one, [0], 1, 1, true, 'leastStrength', noRng, r1);
    expect(lossOf(r1, 0, 'lostInEliminations')).toBe(4);
  });

  it('7.4: foot artillery that cannot retreat is lost to a blocked retreat', () => {
    const st = state(spec('I', 1, 'infantry', 6, { reduced: 3 }), spec('G', 1, 'artillery', 4));
    const res = newAorResult(2);
    retreatUnits(st, [0, 1], 2, 1, false, res);
    expect(lossOf(res, 1, 'lostInBlockedRetreats')).toBe(4);
    expect(res.sides[1].strengthLost).toBe(4);
  });

  it('7.4 and 5.6 on the map: a retreat with nowhere to go is a blocked retreat; off the map it leaves the field', () => {
    // D at 2,2 with an enemy stack in each of its six neighbours: nowhere to go, eliminated (aor.blockedRetreat).
    const boxed = battle({
      map: CLEAR_ROWS(5, 5),
      supplyRule: false,
      units: [
        { id: 'D', side: 1, at: '2,2', strength: 6, reduced: 3 },
        ...['3,2', '2,1', '1,1', '1,2', '1,3', '2,3'].map((at, i) => ({ id: `A${i}`, side: 0 as const, at })),
      ],
    });
    const d = boxed.u('D');
    boxed.b.st.retreated[d] = 1;
    const res = boxed.res();
    carryOutRetreat(boxed.b, boxed.h('2,2'), [boxed.h('3,2')], new ScriptedDice({}), res);
    expect(boxed.b.st.steps[d]).toBe(0);
    expect(lossOf(res, 1, 'lostInBlockedRetreats')).toBe(6);

    // D at 0,2 on the west edge with enemies in its three on-map neighbours: it retreats off the map.
    const edge = battle({ map: CLEAR_ROWS(5, 5), supplyRule: false, supply: [['4,2'], ['0,0']], units: [{ id: 'D', side: 1, at: '0,2', strength: 6, reduced: 3 }, { id: 'A', side: 0, at: '1,2' }, { id: 'B', side: 0, at: '0,1' }, { id: 'C', side: 0, at: '0,3' }] });
    const e = edge.u('D');
    edge.b.st.retreated[e] = 1;
    const r2 = edge.res();
    carryOutRetreat(edge.b, edge.h('0,2'), [edge.h('1,2')], new ScriptedDice({}), r2);
    expect(edge.b.exited[e]).toBe(1);
    expect(lossOf(r2, 1, 'lostOffMap')).toBe(6);
    expect(lossOf(r2, 1, 'lostInBlockedRetreats')).toBe(0);
  });

  it('15: strength that a reorganization brings back leaves the tally of the cause it was last lost to, on its own side', () => {
    for (const side of [0, 1] as const) {
      const st = state(spec('I', side, 'infantry', 6, { reduced: 3 }));
      const res = newAorResult(1);
      allocateHits(st, [0], 1, 2, true, 'leastStrength', noRng, res);
      recordReturn(res, st, 0, 3);
      expect(lossOf(res, side, 'lostInSteps'), `side ${side}`).toBe(3);
      expect(lossOf(res, side, 'lostInEliminations'), `side ${side}`).toBe(0);
      expect(lossOf(res, (1 - side) as 0 | 1, 'lostInEliminations'), `side ${side}`).toBe(0);
    }
  });

  it('over seeded battles with invariants on, the causes add up to the strength lost (and casualties stay within the men lost)', () => {
    const t = battle({
      map: CLEAR_ROWS(7, 5),
      turns: 6,
      units: [
        { id: 'A1', side: 0, at: '2,1', strength: 6, reduced: 3 },
        { id: 'A2', side: 0, at: '2,2', strength: 6, reduced: 3 },
        { id: 'A3', side: 0, at: '2,3', strength: 6, reduced: 3 },
        { id: 'G', side: 0, at: '1,2', kind: 'artillery', strength: 3 },
        { id: 'D1', side: 1, at: '4,1', strength: 6, reduced: 3 },
        { id: 'D2', side: 1, at: '4,3', strength: 6, reduced: 3 },
      ],
    });
    for (let i = 0; i < 40; i++) {
      const res = playBattle(t.c, new EngagementDice(`causes/${i}`), { checkInvariants: true });
      for (const side of [0, 1] as const) {
        const sum = LOSS_CAUSES.reduce((a, c) => a + lossOf(res, side, c), 0);
        expect(sum, `seed ${i}`).toBe(res.sides[side].strengthLost);
        expect(res.sides[side].casualties).toBeLessThanOrEqual(res.sides[side].menLost + 1e-9);
      }
    }
  });
});

describe('the casualty model', () => {
  /** A result in which side 0 lost 6 in steps, 9 in eliminations, 4 in blocked retreats, 2 off the map, 1 to supply. */
  function lossesOf(): ReturnType<typeof newAorResult> {
    const res = newAorResult(0);
    const by: Record<string, number> = { lostInSteps: 6, lostInEliminations: 9, lostInBlockedRetreats: 4, lostOffMap: 2, lostToSupply: 1 };
    for (const [k, v] of Object.entries(by)) res.extras[`${k}.0`] = v;
    res.sides[0].strengthLost = 22;
    res.sides[0].startStrength = 100;
    return res;
  }

  it('defaults: 0.8 of a step lost, 0.4 of an elimination, 0.1 of a blocked retreat; none of off the map or supply', () => {
    expect([DEFAULT_AOR_OPTIONS.casualtyModel, DEFAULT_AOR_OPTIONS.casualtiesStep, DEFAULT_AOR_OPTIONS.casualtiesEliminated, DEFAULT_AOR_OPTIONS.casualtiesBlocked]).toEqual(['shares', 0.8, 0.4, 0.1]);
    const res = lossesOf();
    expect(casualtyStrength(res, 0, DEFAULT_AOR_OPTIONS)).toBeCloseTo(0.8 * 6 + 0.4 * 9 + 0.1 * 4, 12);
    finishResult(res, AOR_SCALE, 5, DEFAULT_AOR_OPTIONS);
    expect(res.sides[0].menLost).toBe(22 * 250);
    expect(res.sides[0].casualties).toBeCloseTo((0.8 * 6 + 0.4 * 9 + 0.1 * 4) * 250, 9);
    expect(res.minutes).toBe(300);
  });

  it('each share is its own option', () => {
    const res = lossesOf();
    expect(casualtyStrength(res, 0, options({ 'aor.casualtiesStep': 1, 'aor.casualtiesEliminated': 0, 'aor.casualtiesBlocked': 0 }))).toBe(6);
    expect(casualtyStrength(res, 0, options({ 'aor.casualtiesStep': 0, 'aor.casualtiesEliminated': 1, 'aor.casualtiesBlocked': 0 }))).toBe(9);
    expect(casualtyStrength(res, 0, options({ 'aor.casualtiesStep': 0, 'aor.casualtiesEliminated': 0, 'aor.casualtiesBlocked': 1 }))).toBe(4);
  });

  it('aor.casualtyModel = everyManLost: every man lost is a casualty, as the rules count strength', () => {
    const res = lossesOf();
    finishResult(res, AOR_SCALE, 5, options({ 'aor.casualtyModel': 'everyManLost' }));
    expect(res.sides[0].casualties).toBe(res.sides[0].menLost);
  });
});
