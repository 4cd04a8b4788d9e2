/**
 * The Bayonet & Sabre phase on the lane (src/rules/aoe/bayonetPhase.ts; p2; p3 Bayonet and Sabre;
 * rulings 3.6), dice scripted: the combat's modifiers, the results applied at once, occupation of the
 * village, breakthroughs, a 0 (aoe.drawResult), guns lost to cavalry, and how charges are counted.
 */
import { describe, expect, it } from 'vitest';
import { RUNG } from '../../src/core/result.js';
import { bayonetPhase } from '../../src/rules/aoe/bayonetPhase.js';
import type { AoeEvent } from '../../src/rules/aoe/events.js';
import { placeInContact } from '../../src/rules/aoe/geometry.js';
import { endCheck, startPlay } from '../../src/rules/aoe/play.js';
import { inContact } from '../../src/table/index.js';
import { compile, d10, ScriptedDice, sides, VILLAGE } from './helpers.js';

describe('Bayonet & Sabre at the village (p2; common scenario A)', () => {
  it('10 +1 Regular against 1 +2 cover +1 Regular: +7, the garrison takes 2 hits and leaves the block a full move; Fr-1 occupies it; carried', () => {
    const c = compile(VILLAGE);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(10)], '1/fire': [d10(1)] }), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 1;
    placeInContact(c, p.st, 0, 3, 0);
    bayonetPhase(p);
    const melee = events.find((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>;
    expect(melee).toMatchObject({ totals: [11, 4], diff: 7, band: 'defenderShattered' });
    expect(p.st.hits[3]).toBe(2);
    expect(p.st.block[3]).toBe(-1);
    expect(p.st.formationOf(3)).toBe('line');
    expect(p.st.body[3].front).toBe(24); // out of the far edge (18) in Line, then 6"
    expect(p.st.block[0]).toBe(0); // it took the block and stays there (no breakthrough out of it)
    expect(p.st.changed[0]).toBe(0); // aoe.buaEntry noChange: taking the block is no formation change
    expect(p.res.sides[1].rungs[RUNG.routed]).toBe(1);
    expect([p.res.sides[0].chargesHome, p.res.sides[0].chargesWon]).toEqual([1, 1]);
    expect(endCheck(p, false)).toEqual({ reason: 'carried', winner: 0 });
  });

  it('aoe.buaEntry changedFormation: the winner that takes the block has changed formation this turn (p2 +1 to be fired on)', () => {
    const c = compile(VILLAGE, { 'aoe.buaEntry': 'changedFormation' });
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(10)], '1/fire': [d10(1)] }));
    placeInContact(c, p.st, 0, 3, 0);
    bayonetPhase(p);
    expect([p.st.block[0], p.st.changed[0]]).toEqual([0, 1]);
  });

  it('both columns (one on a flank face): outnumbering 12:6 is +2; a 0 under aoe.drawResult nextPhase leaves them in contact, both sides a stand (hit) down', () => {
    const c = compile(VILLAGE);
    const events: AoeEvent[] = [];
    // 4 +2 outnumbering +1 Regular = 7 against 4 +2 cover +1 Regular = 7.
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(4)], '1/fire': [d10(4)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 3, 0);
    placeInContact(c, p.st, 1, 3, 1);
    bayonetPhase(p);
    const melee = events.find((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>;
    expect(melee.totals).toEqual([7, 7]);
    expect(melee.band).toBe('bothShattered');
    expect(p.st.hits[3]).toBe(1);
    expect(p.st.hits[0] + p.st.hits[1]).toBe(1); // one French unit takes the side's hit (aoe.multiUnitHits oneUnit)
    expect([p.st.chargeTarget[0], p.st.chargeTarget[1]]).toEqual([3, 3]);
    expect([p.st.disordered[0], p.st.disordered[1], p.st.disordered[3]]).toEqual([1, 1, 1]);
    expect(p.res.extras.drawnCombats).toBe(1);
  });

  it('the defender wins by 4-6: the attacker takes a hit, disordered, back 4"', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(1)], '1/fire': [d10(3)] })); // 2 against 7: -5
    placeInContact(c, p.st, 0, 3, 0);
    bayonetPhase(p);
    expect([p.st.hits[0], p.st.disordered[0], p.st.body[0].front, p.st.chargeTarget[0]]).toEqual([1, 1, 11, -1]);
    expect(p.st.block[3]).toBe(0);
    expect(p.res.sides[0].chargesWon).toBe(0);
  });
});

describe('Taking the beaten defender\'s ground (p2 +4..+6: the attacker occupies the position; rulings 2: only a charge is a move into contact)', () => {
  // Fr-1 in contact with D's front at 17; D (17-20) has E's front on its rear edge (20).
  const BEHIND = (eFront: number) => ({
    lane: { length: 40, width: 16 },
    sides: sides([{ id: 'Fr-1', formation: 'fieldColumn', front: 17 }], [{ id: 'D', formation: 'fieldColumn', front: 17 }, { id: 'E', formation: 'fieldColumn', front: eFront }]),
  });
  // 8 +1 Regular = 9 against 4 +1 Regular = 5: +4, D driven back 4".
  const play = (eFront: number) => {
    const c = compile(BEHIND(eFront));
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8)], '1/fire': [d10(4)] }));
    placeInContact(c, p.st, 0, 1, 0);
    bayonetPhase(p);
    return p;
  };
  it('the ground\'s far edge meeting E front to front, the winner stops 1" short of E, out of contact with it', () => {
    const p = play(20);
    // D back 4" would stand at 21"-24", on E (20"-23"): it goes on through E to 23" (aoe.retreatOntoFriend beyond).
    expect([p.st.hits[1], p.st.body[1].front]).toEqual([1, 23]);
    expect(p.st.body[0].front).toBe(19);
    expect(inContact(p.st.body[0], p.st.body[2])).toBe(false);
    expect(p.st.chargeTarget[0]).toBe(-1);
  });
  it('E 2" further back: the winner takes the whole ground, its front on D\'s old rear edge', () => {
    const p = play(22);
    expect(p.st.body[0].front).toBe(20);
  });
});

describe('Taking the beaten defender\'s ground where a friend stands (p1/p3 Built-up Areas: one unit a block, no two units on one ground; aoe.friendInPath)', () => {
  // Fr-1 in Line (16"-17", 6" wide) in contact with D's front at 17; D a Field Column (17"-20", 2"
  // wide). G, Fr-1's friend, a Field Column beside D (offset 2.5: 1.5"-3.5" across), 17.5"-20.5".
  const FIELD = {
    lane: { length: 40, width: 16 },
    sides: sides(
      [
        { id: 'Fr-1', formation: 'line', front: 17 },
        { id: 'G', formation: 'fieldColumn', front: 20.5, offset: 2.5 },
      ],
      [{ id: 'D', formation: 'fieldColumn', front: 17 }],
    ),
  };
  // 8 +1 Regular = 9 against 4 +1 Regular = 5: +4, D driven back 4".
  const play = (rule?: string) => {
    const c = compile(FIELD, rule ? { 'aoe.friendInPath': rule } : {});
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8)], '1/fire': [d10(4)] }));
    placeInContact(c, p.st, 0, 2, 0);
    bayonetPhase(p);
    expect(p.st.body[2].front).toBe(21); // D driven back 4"
    return p;
  };
  it('the winner taking D\'s ground (front to 20") would stand on G\'s: it stops with its front on G\'s rear edge, 17.5"', () => {
    const p = play();
    expect(p.st.body[0].front).toBe(17.5);
    expect(p.st.chargeTarget[0]).toBe(-1);
    expect(play('short').st.body[0].front).toBe(17.5);
  });
  it('share: it takes the whole ground, on G\'s (this project\'s earlier play)', () => {
    expect(play('share').st.body[0].front).toBe(20);
  });
});

describe('A flank winner where a friend stands on the beaten unit\'s ground (p1/p3 Built-up Areas: one unit to a block; aoe.friendInPath passage: a flank winner stays put)', () => {
  // D a Field Column (17"-20", 2" wide) facing the French; Fr-1, a Line 6" wide, on D's flank face
  // (front 20", offset -4: -7" to -1"). G, Fr-1's friend, a Field Column beside D (1.5"-3.5" across,
  // 17.5"-20.5"). Taking D's ground would put Fr-1's Line (offset 0, -3" to 3") across G's.
  const FIELD = {
    lane: { length: 40, width: 16 },
    sides: sides([{ id: 'Fr-1', formation: 'line', front: 10 }, { id: 'G', formation: 'fieldColumn', front: 20.5, offset: 2.5 }], [{ id: 'D', formation: 'fieldColumn', front: 17 }]),
  };
  const play = (rule?: string) => {
    const c = compile(FIELD, rule ? { 'aoe.friendInPath': rule } : {});
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8)], '1/fire': [d10(4)] }));
    placeInContact(c, p.st, 0, 2, 1);
    expect(p.st.body[0]).toMatchObject({ front: 20, offset: -4 });
    bayonetPhase(p);
    expect(p.st.body[2].front).toBe(26); // D driven back
    expect(p.st.body[1]).toMatchObject({ front: 20.5, offset: 2.5 }); // G never moves
    return p.st.body[0];
  };
  it('passage: Fr-1 stays put at offset -4, clear of G, and its breakthrough goes 3" straight on from there (front 23")', () => {
    expect(play()).toMatchObject({ front: 23, offset: -4 });
  });
  it('share: it takes D\'s ground across G\'s (offset 0) and breaks through from there (this project\'s earlier play)', () => {
    expect(play('share')).toMatchObject({ front: 23, offset: 0 });
  });
});

describe('A defender with a battery attached (p1 Special Rules; rulings 3.6: all units in contact with one defender fight one combat)', () => {
  const ATTACHED = {
    lane: { length: 30, width: 16 },
    sides: sides(
      [
        { id: 'Fr-1', formation: 'fieldColumn', front: 12, offset: -1 },
        { id: 'Fr-2', formation: 'fieldColumn', front: 12, offset: 4 },
      ],
      [
        { id: 'Pr-IR', marchMode: 'impulse', formation: 'line', front: 15, offset: 0 },
        { id: 'Pr-Bty', arm: 'artillery', front: 15, offset: 3.5 },
      ],
    ),
  };
  it('Fr-1 on the Line and Fr-2 on its battery fight one combat against both: outnumbering 12:6 is +2; 5 +2 +1 Regular = 8 against 5 +1 Regular = 6', () => {
    const c = compile(ATTACHED);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(5)], '1/fire': [d10(5)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 2, 0);
    placeInContact(c, p.st, 1, 3, 0);
    bayonetPhase(p);
    const melees = events.filter((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>[];
    expect(melees).toHaveLength(1);
    expect(melees[0].sides).toEqual([['Fr-1', 'Fr-2'], ['Pr-IR', 'Pr-Bty']]);
    expect(melees[0].totals).toEqual([8, 6]);
    expect(p.res.extras.combats).toBe(1);
  });
  it('the same when the battery comes first in unit order: the troops lead the pair', () => {
    const c = compile({ ...ATTACHED, sides: sides(ATTACHED.sides[0].units as Record<string, unknown>[], [...(ATTACHED.sides[1].units as Record<string, unknown>[])].reverse()) });
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(5)], '1/fire': [d10(5)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 3, 0);
    placeInContact(c, p.st, 1, 2, 0);
    bayonetPhase(p);
    const melees = events.filter((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>[];
    expect(melees.map((m) => m.sides)).toEqual([[['Fr-1', 'Fr-2'], ['Pr-IR', 'Pr-Bty']]]);
  });
});

describe('Cavalry and guns (p2: guns lost if defeated by cavalry; breakthrough)', () => {
  it('cuirassiers beating a lone battery by 4 or more take its guns; cavalry must break through half a move at the closest enemy', () => {
    const c = compile({
      sides: sides([{ id: 'Cuir', arm: 'cavalry', armoured: true, front: 10 }], [{ id: 'G', arm: 'artillery', front: 15 }, { id: 'I', front: 24, offset: 5 }]),
    });
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8)], '1/fire': [d10(1)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    bayonetPhase(p);
    expect(p.st.removed[1]).toBe(1);
    expect(events.some((e) => e.type === 'guns' && e.effect === 'lost')).toBe(true);
    expect(events.some((e) => e.type === 'breakthrough' && e.target === 'I')).toBe(true);
    expect(p.res.extras['breakthroughs.0']).toBe(1);
  });
});

describe('A breakthrough combat is the defender\'s combat this phase (p1 Play Sequence: charges and breakthroughs resolved once, results at once; aoe.drawResult nextPhase)', () => {
  // Cuir takes G's guns (+15) and must break through at I, 6" behind: 1 +2 cavalry at infantry in the
  // open +2 armoured +1 breakthrough +1 Regular = 7 against 5 +1 outnumbering 6:4 +1 Regular = 7: a 0.
  const play = (extra: number[]) => {
    const c = compile({ sides: sides([{ id: 'Cuir', arm: 'cavalry', armoured: true, front: 10 }], [{ id: 'G', arm: 'artillery', front: 15 }, { id: 'I', front: 21 }]) });
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8), d10(1), ...extra], '1/fire': [d10(1), d10(5), ...extra] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    bayonetPhase(p);
    return { p, melees: events.filter((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>[] };
  };
  it('a 0 in the breakthrough combat at I leaves them in contact for the next phase: the phase\'s loop does not fight I again when it comes to it', () => {
    const { p, melees } = play([d10(1)]);
    expect(melees.map((m) => [m.sides, m.band])).toEqual([
      [[['Cuir'], ['G']], 'defenderShattered'],
      [[['Cuir'], ['I']], 'bothShattered'],
    ]);
    expect([p.st.chargeTarget[0], p.st.hits[0], p.st.hits[2]]).toEqual([2, 1, 1]);
    expect(p.res.extras.combats).toBe(2);
  });
  it('the next phase fights that contact once', () => {
    const { p } = play([d10(5)]);
    const events: AoeEvent[] = [];
    p.sink = (e) => events.push(e as AoeEvent);
    bayonetPhase(p);
    expect(events.filter((e) => e.type === 'melee').map((e) => (e as Extract<AoeEvent, { type: 'melee' }>).sides)).toEqual([[['Cuir'], ['I']]]);
  });
});

describe('A breakthrough and a vacant village block (p2 breakthrough; p1 Built-up Areas: entering a vacant block ends the move)', () => {
  const BLOCK = (iFront: number, block: [number, number]) => ({
    lane: { length: 30, width: 16 },
    terrain: [{ kind: 'village', from: block[0], to: block[1], yMin: -1.5, yMax: 1.5 }],
    sides: sides([{ id: 'Cuir', arm: 'cavalry', armoured: true, front: 10 }], [{ id: 'G', arm: 'artillery', front: 15 }, { id: 'I', front: iFront }]),
  });
  const win = (fields: Record<string, unknown>, options: Record<string, string> = {}) => {
    const c = compile(fields, options);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8)], '1/fire': [d10(1)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    bayonetPhase(p);
    return { p, events };
  };
  it('the breakthrough charge within half a move (6") at I 5" on ends in the block 1" on: no second combat', () => {
    const { p, events } = win(BLOCK(21, [17, 20]));
    expect(p.st.removed[1]).toBe(1); // the guns lost to cavalry
    expect(events.filter((e) => e.type === 'melee')).toHaveLength(1);
    expect([p.st.block[0], p.st.body[0].front, p.st.chargeTarget[0]]).toEqual([0, 20, -1]);
  });
  it('the breakthrough short of I (8" on) stops in the block 2" on, not 1" short of I', () => {
    const { p } = win(BLOCK(24, [18, 21]));
    expect([p.st.block[0], p.st.body[0].front]).toEqual([0, 21]);
  });
  it('aoe.blockEdge contact (default): the block\'s far edge touching I, the breakthrough charge ends in the block in contact with I and fights it at once; the winner stays in its block (leaving one takes a full move)', () => {
    // 5 +2 cavalry at infantry in the open +2 armoured +1 breakthrough +1 Regular = 11 against 1 +1 outnumbering 6:4 +1 Regular = 3: +8.
    const c = compile(BLOCK(20, [17, 20]));
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8), d10(5)], '1/fire': [d10(1), d10(1)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    bayonetPhase(p);
    const melees = events.filter((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>[];
    expect(melees.map((m) => [m.sides, m.totals, m.band])).toEqual([
      [[['Cuir'], ['G']], [15, 0], 'defenderShattered'],
      [[['Cuir'], ['I']], [11, 3], 'defenderShattered'],
    ]);
    expect([p.st.block[0], p.st.body[0].front, p.st.chargeTarget[0]]).toEqual([0, 20, -1]);
    expect(p.st.hits[2]).toBe(2);
    expect(p.res.extras['breakthroughs.0']).toBe(1);
  });
  it('aoe.blockEdge noContact: the same breakthrough ends in the block beside I, no second combat', () => {
    const { p, events } = win(BLOCK(20, [17, 20]), { 'aoe.blockEdge': 'noContact' });
    expect(events.filter((e) => e.type === 'melee')).toHaveLength(1);
    expect([p.st.block[0], p.st.body[0].front, p.st.chargeTarget[0]]).toEqual([0, 20, -1]);
  });
});

describe('A breakthrough short of its target (p2: half a move at the closest enemy)', () => {
  it('the closest enemy beside the winner, level with it: the winner does not ride on past it', () => {
    const c = compile({
      lane: { length: 30, width: 40 },
      sides: sides([{ id: 'Cuir', arm: 'cavalry', armoured: true, front: 10 }], [{ id: 'G', arm: 'artillery', front: 15 }, { id: 'I', formation: 'line', front: 16, offset: 12 }]),
    });
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(8)], '1/fire': [d10(1)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 1, 0);
    const at = p.st.body[0].front;
    bayonetPhase(p);
    expect(events.some((e) => e.type === 'breakthrough' && e.target === 'I')).toBe(true);
    // I's near edge is at 16: the cuirassiers close to it and no further (a half move would be 6").
    expect(p.st.body[0].front).toBeCloseTo(16, 6);
    expect(p.st.body[0].front - at).toBeLessThan(6);
    expect(p.st.chargeTarget[0]).toBe(-1);
  });
});

describe('Guns beaten by infantry (p2 +1..+6: guns limber and retreat a full move)', () => {
  it('a lone battery beaten by 4-6 by infantry retreats a full move (6"), limbered and silenced', () => {
    const c = compile({ sides: sides([{ id: 'I', formation: 'fieldColumn', front: 10 }], [{ id: 'G', arm: 'artillery', front: 15 }, { id: 'R', front: 26, offset: 5 }]) });
    // 1 +4 outnumbering 6 stands to none +1 Regular = 6 against 2 -2 a lone battery +1 Regular = 1: +5.
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(1)], '1/fire': [d10(2)] }));
    placeInContact(c, p.st, 0, 1, 0);
    bayonetPhase(p);
    expect(p.st.removed[1]).toBe(0);
    expect([p.st.limbered[1], p.st.disordered[1], p.st.body[1].front]).toEqual([1, 1, 21]);
  });
});

describe('Defending cavalry countercharges (p2 -2 non-countercharging cavalry; aoe.countercharge)', () => {
  const FIELD = {
    flankFaces: 2,
    sides: sides(
      [{ id: 'I1', formation: 'fieldColumn', front: 10, offset: -1 }, { id: 'I2', formation: 'fieldColumn', front: 10, offset: 1 }],
      [{ id: 'Cav', arm: 'cavalry', formation: 'line', front: 15 }],
    ),
  };
  const totals = (options: Record<string, string>, flank: boolean) => {
    const c = compile(FIELD, options);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(1)], '1/fire': [d10(1)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 2, 0);
    if (flank) placeInContact(c, p.st, 1, 2, 1);
    bayonetPhase(p);
    return (events.find((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>).totals;
  };
  it('charged in front only, it countercharges: 1 +1 Regular = 2 (no -2)', () => {
    expect(totals({}, false)[1]).toBe(2);
  });
  it('taken in the flank too it cannot ride at the charger: 1 -3 outflanked -2 +1 = -3; under anyGoodOrder only the -3: -1', () => {
    expect(totals({}, true)[1]).toBe(-3);
    expect(totals({ 'aoe.countercharge': 'anyGoodOrder' }, true)[1]).toBe(-1);
  });
});

describe('An attacker left in contact by a 0 does not join a later breakthrough combat at its defender the same phase (p1 Play Sequence: each charge resolved once; p2 breakthrough; aoe.breakthroughCombat)', () => {
  // A1 (Field Column) on I's front, Cuir on the lone battery G beside it; I comes first in unit order.
  // I's combat: 1 +1 Regular against 1 +1 Regular, a 0: both disordered and a hit, still in contact.
  // G's combat: 8 +4 +2 +1 = 15 against 1 -2 +1 = 0: the guns are lost and Cuir must break through at
  // the closest enemy, I, on its free flank face (4" with the 3" detour, within its 6" half move).
  const play = (options: Record<string, string>) => {
    const c = compile(
      { flankFaces: 2, lane: { length: 30, width: 16 }, sides: sides([{ id: 'A1', formation: 'fieldColumn', front: 10, offset: -1.5 }, { id: 'Cuir', arm: 'cavalry', armoured: true, front: 10, offset: 4 }], [{ id: 'I', front: 16, offset: -1.5 }, { id: 'G', arm: 'artillery', front: 15, offset: 4 }]) },
      options,
    );
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/fire': [d10(1), d10(8), d10(5)], '1/fire': [d10(1), d10(1), d10(5)] }), { sink: (e) => events.push(e as AoeEvent) });
    placeInContact(c, p.st, 0, 2, 0);
    placeInContact(c, p.st, 1, 3, 0);
    bayonetPhase(p);
    const breakers = events.filter((e) => e.type === 'breakthrough').map((e) => (e as Extract<AoeEvent, { type: 'breakthrough' }>).unit);
    return { p, melees: events.filter((e) => e.type === 'melee') as Extract<AoeEvent, { type: 'melee' }>[], breakers };
  };
  it('oncePerPhase (default): Cuir fights I alone: 5 +2 cavalry at infantry in the open +2 armoured +1 breakthrough +1 Regular = 11 against 5 +1 outnumbering 6:4 -2 disordered -1 hit -3 outflanked +1 Regular = 1: +10; A1 fights no other combat and makes no breakthrough', () => {
    const { p, melees, breakers } = play({});
    expect(melees.slice(0, 3).map((m) => [m.sides, m.band])).toEqual([
      [[['A1'], ['I']], 'bothShattered'],
      [[['Cuir'], ['G']], 'defenderShattered'],
      [[['Cuir'], ['I']], 'defenderShattered'],
    ]);
    expect(melees[2].totals).toEqual([11, 1]);
    expect(melees.filter((m) => m.sides[0].includes('A1')).length).toBe(1);
    expect(breakers).not.toContain('A1');
    expect(p.st.hits[0]).toBe(1);
  });
  it('allInContact: A1 joins the breakthrough combat, its disorder and hit counting (this project\'s earlier play), and breaks through after it', () => {
    const { melees, breakers } = play({ 'aoe.breakthroughCombat': 'allInContact' });
    expect(melees[2].sides).toEqual([['A1', 'Cuir'], ['I']]);
    expect(breakers).toContain('A1');
  });
});
