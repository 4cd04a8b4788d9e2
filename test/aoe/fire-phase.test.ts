/**
 * The Volley & Cannonade phase on the lane (src/rules/aoe/firePhase.ts; p2, p3 Fire Points, Volley and
 * Cannonade; rulings 3.5), dice scripted: who fires first, at whom, with how many points, what the
 * results do, charges checked, the two-battery limit and combined fire.
 */
import { describe, expect, it } from 'vitest';
import { sideFires, volleyPhase, firePointsAt } from '../../src/rules/aoe/firePhase.js';
import { placeInContact } from '../../src/rules/aoe/geometry.js';
import { startPlay } from '../../src/rules/aoe/play.js';
import type { AoeEvent } from '../../src/rules/aoe/events.js';
import { compile, d10, ScriptedDice, sides, VILLAGE } from './helpers.js';

/** Scenario B's line in the open and a French column in contact with it. */
const B = { sides: sides([{ id: 'Fr', formation: 'fieldColumn', front: 10 }], [{ id: 'Pr', front: 15 }]) };

describe('Fire points where units stand (p2 Fire Points at Range)', () => {
  it('scenario A: the garrison 6 points in contact (half in a village), nothing at 5" (no skirmish from a village); a column 2 points skirmishing at 5"; the battery 12 at 5"', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    expect(firePointsAt(p, 3, 0)).toBe(0);
    expect(firePointsAt(p, 0, 3)).toBe(2);
    expect(firePointsAt(p, 2, 3)).toBe(12);
    placeInContact(c, p.st, 0, 3, 0);
    expect(firePointsAt(p, 3, 0)).toBe(6);
    expect(firePointsAt(p, 0, 3)).toBe(4); // 2 front stands x 2
  });
});

describe('Fire at a charger in contact (p2 Die Result; notes: charge checked)', () => {
  it('the line (12 points, 0) rolls 7 at a Field Column (+1): 8, Telling: 1 hit, disordered, the charge checked 2" back', () => {
    const c = compile(B);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '1/fire': [d10(7)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    sideFires(p, 1);
    expect(p.st.hits[0]).toBe(1);
    expect(p.st.fresh[0]).toBe(1);
    expect(p.st.disordered[0]).toBe(1);
    expect(p.st.chargeTarget[0]).toBe(-1);
    expect(p.st.body[0].front).toBe(13);
    expect(p.res.extras['chargesChecked.0']).toBe(1);
    expect(p.res.extras['fireHits.1']).toBe(1);
    expect(p.res.sides[0].retreatsForced).toBe(1);
    const fire = events.find((e) => e.type === 'fire') as Extract<AoeEvent, { type: 'fire' }>;
    expect(fire).toMatchObject({ points: 12, modifier: 1, roll: 7, modified: 8, result: 'telling', distance: 0 });
  });
  it('a 6 (Galling) disorders without a hit and checks nothing', () => {
    const c = compile(B);
    const p = startPlay(c, new ScriptedDice({ '1/fire': [d10(5)] }));
    placeInContact(c, p.st, 0, 1, 0);
    sideFires(p, 1);
    expect([p.st.hits[0], p.st.disordered[0], p.st.chargeTarget[0]]).toEqual([0, 1, 1]);
  });
  it('the phase: the side not moving fires first, then the moving side (p1 Volley & Cannonade a, b)', () => {
    const c = compile(B);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({}), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    volleyPhase(p, 0);
    const fires = events.filter((e) => e.type === 'fire') as Extract<AoeEvent, { type: 'fire' }>[];
    expect(fires[0].side).toBe(1);
    if (fires.length > 1) expect(fires[fires.length - 1].side).toBe(0);
  });
});

describe('Batteries (p2, p3 Volley and Cannonade)', () => {
  const GUNS = {
    sides: sides(
      [
        { id: 'G1', arm: 'artillery', front: 5, offset: -3 },
        { id: 'G2', arm: 'artillery', front: 5, offset: -1 },
        { id: 'G3', arm: 'artillery', front: 5, offset: 1 },
        { id: 'Guard', formation: 'fieldColumn', front: 3, offset: 6 },
      ],
      [{ id: 'Near', formation: 'fieldColumn', front: 12, offset: -1 }, { id: 'Far', formation: 'fieldColumn', front: 14, offset: 4 }],
    ),
  };
  it('at most two batteries fire at one unit while another target is in reach: the third fires at the next', () => {
    const c = compile(GUNS);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({}), { sink: (e) => events.push(e as AoeEvent) });
    sideFires(p, 0);
    const targets = (events.filter((e) => e.type === 'fire') as Extract<AoeEvent, { type: 'fire' }>[]).map((e) => e.target);
    expect(targets.filter((t) => t === 'Near').length).toBeLessThanOrEqual(2);
    expect(targets.length).toBe(3);
  });
  it('Telling fire damages a gun stand; damaged again it is wrecked and the battery removed [gap]; Galling silences it', () => {
    const c = compile({ sides: sides([{ id: 'I', front: 10 }], [{ id: 'G', arm: 'artillery', front: 12 }, { id: 'Far', front: 28, offset: 5 }]) });
    // 6 stands x 2 at 2": 12 points (0); a 9 is Telling, then another 9.
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(9), d10(9)] }));
    sideFires(p, 0);
    expect(p.st.damaged[1]).toBe(1);
    expect(p.st.removed[1]).toBe(0);
    sideFires(p, 0);
    expect(p.st.removed[1]).toBe(1);
    const q = startPlay(c, new ScriptedDice({ '0/fire': [d10(6)] }));
    sideFires(q, 0);
    expect([q.st.disordered[1], q.st.damaged[1]]).toEqual([1, 0]);
  });
  it('aoe.tellingGuns silencedToo: Telling fire damages and silences the gun stand, counted as one gun harmed', () => {
    const c = compile({ sides: sides([{ id: 'I', front: 10 }], [{ id: 'G', arm: 'artillery', front: 12 }, { id: 'Far', front: 28, offset: 5 }]) }, { 'aoe.tellingGuns': 'silencedToo' });
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(9)] }));
    sideFires(p, 0);
    expect([p.st.damaged[1], p.st.disordered[1]]).toEqual([1, 1]);
    expect(p.res.extras['gunsSilenced.1']).toBe(1);
    const q = startPlay(compile({ sides: sides([{ id: 'I', front: 10 }], [{ id: 'G', arm: 'artillery', front: 12 }, { id: 'Far', front: 28, offset: 5 }]) }), new ScriptedDice({ '0/fire': [d10(9)] }));
    sideFires(q, 0);
    expect([q.st.damaged[1], q.st.disordered[1], q.res.extras['gunsSilenced.1']]).toEqual([1, 0, 1]);
  });
  it('a silenced or limbered battery does not fire', () => {
    const c = compile({ sides: sides([{ id: 'G', arm: 'artillery', front: 10 }, { id: 'Rear', front: 2, offset: 5 }], [{ id: 'I', front: 14 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    p.st.disordered[0] = 1;
    sideFires(p, 0);
    p.st.disordered[0] = 0;
    p.st.limbered[0] = 1;
    sideFires(p, 0);
    expect(p.res.extras['cannonades.0']).toBe(0);
  });
});

describe('aoe.combineFire', () => {
  it('combined: one roll a target with the points added; separate: a roll each', () => {
    const two = { sides: sides([{ id: 'A', front: 10, offset: -3 }, { id: 'B', front: 10, offset: 3 }], [{ id: 'P', front: 12 }]) };
    const sep = startPlay(compile(two), new ScriptedDice({}));
    sideFires(sep, 0);
    expect(sep.res.extras['volleys.0']).toBe(2);
    const comb = compile(two, { 'aoe.combineFire': 'combined' });
    const events: AoeEvent[] = [];
    const p = startPlay(comb, new ScriptedDice({}), { sink: (e) => events.push(e as AoeEvent) });
    sideFires(p, 0);
    expect(p.res.extras['volleys.0']).toBe(1);
    expect((events.find((e) => e.type === 'fire') as Extract<AoeEvent, { type: 'fire' }>).points).toBe(24);
  });
});
