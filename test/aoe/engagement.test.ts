/**
 * Whole engagements (src/rules/aoe/play.ts): the end conditions of rulings 5, results in the common
 * vocabulary (men from hits per aoe.hitMen, casualties apart from the dispersed, minutes, strength by
 * turn), and every shipped scenario played with invariants on.
 */
import { describe, expect, it } from 'vitest';
import { EngagementDice } from '../../src/core/dice.js';
import { RUNG } from '../../src/core/result.js';
import { removeUnit } from '../../src/rules/aoe/effects.js';
import type { AoeEvent } from '../../src/rules/aoe/events.js';
import { compileLane } from '../../src/rules/aoe/compile.js';
import { aoeOptions } from '../../src/rules/aoe/options.js';
import { endCheck, playLane, startPlay } from '../../src/rules/aoe/play.js';
import { finishResult } from '../../src/rules/aoe/results.js';
import type { LaneScenario } from '../../src/rules/aoe/scenarios.js';
import { loadScenario } from '../../src/scenario/load.js';
import { compile, ScriptedDice, sides, VILLAGE } from './helpers.js';

const MEETING = {
  turns: 4,
  objective: { from: 18, to: 22, holder: 'none' },
  lane: { length: 40, width: 16 },
  sides: sides([{ id: 'A', formation: 'fieldColumn', front: 6 }], [{ id: 'B', formation: 'fieldColumn', front: 34 }]),
};

describe('End conditions (rulings 5, first match wins)', () => {
  it('every defending unit removed: defenderRouted; both sides gone: draw', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    removeUnit(p, 3, 'hits');
    expect(endCheck(p, false)).toEqual({ reason: 'defenderRouted', winner: 0 });
    for (const u of [0, 1, 2]) removeUnit(p, u, 'hits');
    expect(endCheck(p, false)).toEqual({ reason: 'draw', winner: null });
  });
  it('the attacker removed or its army broken (half its foot and horse gone: level 2): attackerBroken', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    p.turn = 2;
    removeUnit(p, 0, 'routs');
    expect(p.level[0]).toBe(2); // one of two troop units: floor(4 x 1 / 2)
    expect(p.res.sides[0].armyBrokenTurn).toBe(2);
    expect(endCheck(p, false)).toEqual({ reason: 'attackerBroken', winner: 1 });
  });
  it('aoe.cohesion quartersNoBreak keeps the levels but never breaks the army; none has no levels', () => {
    const c = compile(VILLAGE, { 'aoe.cohesion': 'quartersNoBreak' });
    const p = startPlay(c, new ScriptedDice({}));
    removeUnit(p, 0, 'routs');
    expect(p.level[0]).toBe(2);
    expect(endCheck(p, false)).toBeNull();
    const n = compile(VILLAGE, { 'aoe.cohesion': 'none' });
    const q = startPlay(n, new ScriptedDice({}));
    removeUnit(q, 0, 'routs');
    expect(q.level[0]).toBe(0);
  });
  it('at the time limit: repulsed once a charge met the enemy, else time (onTime draw: no winner; onTime defender)', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    expect(endCheck(p, false)).toBeNull();
    expect(endCheck(p, true)).toEqual({ reason: 'time', winner: null });
    p.chargeMet = true;
    expect(endCheck(p, true)).toEqual({ reason: 'repulsed', winner: 1 });
    const d = compile({ ...VILLAGE, onTime: 'defender' });
    expect(endCheck(startPlay(d, new ScriptedDice({})), true)).toEqual({ reason: 'time', winner: 1 });
  });
  it('a neutral objective (a meeting engagement): whoever alone stands on it at the time limit wins (held)', () => {
    const c = compile(MEETING);
    const p = startPlay(c, new ScriptedDice({}));
    expect(endCheck(p, true)).toEqual({ reason: 'time', winner: null });
    p.st.body[1].front = 20; // B steps onto the ridge
    expect(endCheck(p, true)).toEqual({ reason: 'held', winner: 1 });
    p.st.body[0].front = 19; // A too: nobody alone
    expect(endCheck(p, true)).toEqual({ reason: 'time', winner: null });
  });
});

describe('Results in the common vocabulary (rulings 5)', () => {
  it('men from hits: 2 hits are 2/5 of 1,440 (aoe.hitMen fifth); a removed unit loses all, its casualties only what its hits stand for', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    p.st.hits[0] = 2;
    p.st.hits[3] = 1;
    removeUnit(p, 3, 'routs');
    p.res.turns = 3;
    finishResult(c, p.st, p.res);
    expect(p.res.sides[0]).toMatchObject({ startMen: 2880, menLost: 576, casualties: 576, stepsLost: 2, startStrength: 48, strengthLost: 9.6 });
    expect(p.res.sides[1]).toMatchObject({ startMen: 1440, menLost: 1440, casualties: 288, stepsLost: 1, unitsEliminated: 1 });
    expect(p.res.minutes).toBe(60);
  });
  it('aoe.hitMen stand: a hit is a stand’s men (240 foot)', () => {
    const c = compile(VILLAGE, { 'aoe.hitMen': 'stand' });
    const p = startPlay(c, new ScriptedDice({}));
    p.st.hits[0] = 2;
    finishResult(c, p.st, p.res);
    expect(p.res.sides[0].menLost).toBe(480);
  });
  it('every unit on the first rung at the start; a unit starting disordered on the second', () => {
    const c = compile({ sides: sides([{ id: 'A', front: 10, disordered: true }], [{ id: 'B', front: 15 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    expect(p.res.sides[0].rungs).toEqual([1, 1, 0, 0, 0]);
    expect(p.res.sides[1].rungs).toEqual([1, 0, 0, 0, 0]);
    expect(RUNG.disordered).toBe(1);
  });
});

describe('Whole engagements of the shipped scenarios, random-legal on both sides', () => {
  for (const file of ['common-a-village', 'common-b-open', 'common-c-cavalry', 'meeting']) {
    it(`sims/aoe/${file}.scenario.yaml: 150 engagements with invariants on; no unit leaves the table by a withdrawal of its own (rulings 3.6), no defender fights twice in a phase`, () => {
      const { scenario } = loadScenario(`sims/aoe/${file}.scenario.yaml`);
      const random = { ...scenario, sides: (scenario as unknown as LaneScenario).sides.map((sd) => ({ ...sd, doctrine: 'random-legal' })) };
      const c = compileLane(random as unknown as LaneScenario, aoeOptions({}));
      for (let i = 0; i < 150; i++) {
        const events: AoeEvent[] = [];
        playLane(c, EngagementDice.for('aoe-random', file, i), { checkInvariants: true, sink: (e) => events.push(e as AoeEvent) });
        let phase = '';
        let breakthrough = false;
        const defended = new Set<string>();
        for (let k = 0; k < events.length; k++) {
          const e = events[k];
          if (e.type === 'phase') {
            phase = `${e.turn}/${e.side}/${e.phase}`;
            defended.clear();
          }
          if (e.type === 'removed') expect(events[k - 1], `engagement ${i}: ${e.unit} removed after its own withdrawal`).not.toMatchObject({ type: 'retreat', why: 'withdraw' });
          if (e.type === 'charge' && e.breakthrough) breakthrough = true;
          if (e.type !== 'melee') continue;
          // The phase's own combats, and a breakthrough's, each once: a new breakthrough charge may
          // bring a unit already fought into a new combat (p2), nothing else may.
          for (const d of e.sides[1]) {
            if (!breakthrough) expect(defended.has(d), `engagement ${i}, ${phase}: ${d} defends twice`).toBe(false);
            defended.add(d);
          }
          breakthrough = false;
        }
      }
    });
  }
});

describe('Whole engagements of the shipped scenarios', () => {
  for (const file of ['common-a-village', 'common-b-open', 'common-c-cavalry', 'meeting']) {
    it(`sims/aoe/${file}.scenario.yaml: 60 engagements with invariants on; minutes, strength by turn and losses agree; a sink only watches`, () => {
      const { scenario } = loadScenario(`sims/aoe/${file}.scenario.yaml`);
      const c = compileLane(scenario as unknown as LaneScenario, aoeOptions({}));
      for (let i = 0; i < 60; i++) {
        const r = playLane(c, EngagementDice.for('aoe-test', file, i), { checkInvariants: true });
        expect(r.minutes).toBe(20 * r.turns);
        // A value for every turn to the limit, the turns not played keeping the strength it ended with.
        for (const s of r.sides) expect(s.strengthByTurn).toEqual([...s.strengthByTurn.slice(0, r.turns), ...new Array(c.turns - r.turns).fill(s.strengthByTurn[r.turns - 1])]);
        for (const s of r.sides) {
          expect(s.menLost).toBeLessThanOrEqual(s.startMen + 1e-9);
          expect(s.casualties).toBeLessThanOrEqual(s.menLost + 1e-9);
          expect(s.strengthByTurn[s.strengthByTurn.length - 1]).toBeCloseTo(s.startStrength - s.strengthLost, 9);
        }
        if (i < 10) {
          const plain = JSON.stringify(r);
          const events: unknown[] = [];
          const watched = playLane(c, EngagementDice.for('aoe-test', file, i), { sink: (e) => events.push(e) });
          expect(JSON.stringify(watched)).toBe(plain);
          expect(events.length).toBeGreaterThan(3);
        }
      }
    });
  }
});
