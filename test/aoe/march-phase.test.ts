/**
 * The March phase on the lane (src/rules/aoe/marchPhase.ts; p1 Play Sequence b, March Table; p1, p3
 * Forming Square), with the dice scripted face by face: what each result does to the unit, charges,
 * the square roll, and how each roll is recorded (rulings 5).
 */
import { describe, expect, it } from 'vitest';
import { RUNG } from '../../src/core/result.js';
import { applyMarchResult, changeFormation, marchUnit, prolonge, squareRoll } from '../../src/rules/aoe/marchPhase.js';
import { BROKEN, FALL_BACK, RETIRE, ROUTS } from '../../src/rules/aoe/march.js';
import { endCheck, playLane, startPlay } from '../../src/rules/aoe/play.js';
import { EngagementDice } from '../../src/core/dice.js';
import { chargeRoute, clearLine, enterBlock, prolongeFront, type ChargeRoute } from '../../src/rules/aoe/geometry.js';
import { newOrder, O_ADVANCE, O_HOLD, O_PROLONGE } from '../../src/rules/aoe/context.js';
import { FORMATIONS } from '../../src/rules/aoe/units.js';
import { decideOrder } from '../../src/rules/aoe/orders.js';
import { CLEAR } from '../../src/table/index.js';
import { checkLaneInvariants } from '../../src/rules/aoe/invariants.js';
import { countWithdrawal, recall, retreat } from '../../src/rules/aoe/effects.js';
import type { AoeEvent } from '../../src/rules/aoe/events.js';
import { PURPOSE } from '../../src/rules/aoe/vocabulary.js';
import { compile, d10, ScriptedDice, sides, VILLAGE } from './helpers.js';

const ALONE = (front = 14, formation = 'fieldColumn') => ({ sides: sides([{ id: 'A', formation, front }], [{ id: 'P', front: 20 }]) });

describe('March Table results on the lane (p1 March Table)', () => {
  it('Broken: back a full move (Field Column 9"), disordered, a stand lost as a hit (aoe.standLoss hit), a rout', () => {
    const c = compile(ALONE());
    const p = startPlay(c, new ScriptedDice({}));
    p.turn = 1;
    p.st.disordered[0] = 1;
    p.st.hits[0] = 2;
    expect(applyMarchResult(p, 0, BROKEN, false)).toBe(false);
    expect(p.st.body[0].front).toBe(5);
    expect(p.st.hits[0]).toBe(3);
    expect(p.st.disordered[0]).toBe(1);
    expect(p.res.sides[0].routs).toBe(1);
    expect(p.res.sides[0].rungs.slice(1)).toEqual([1, 1, 1, 0]); // routed, through shaken (3 hits) and disordered
    expect(p.res.sides[0].retreatsForced).toBe(1);
    expect(p.res.extras['marchRetreats.0']).toBe(1);
  });

  it('Broken under aoe.standLoss ignore costs no hit', () => {
    const c = compile(ALONE(), { 'aoe.standLoss': 'ignore' });
    const p = startPlay(c, new ScriptedDice({}));
    applyMarchResult(p, 0, BROKEN, false);
    expect(p.st.hits[0]).toBe(0);
  });

  it('Routs: the unit is removed; with no other foot or horse the army breaks (aoe.cohesion quarters, level 2)', () => {
    const c = compile(ALONE());
    const p = startPlay(c, new ScriptedDice({}));
    p.turn = 3;
    applyMarchResult(p, 0, ROUTS, false);
    expect(p.st.removed[0]).toBe(1);
    expect(p.res.units[0].eliminated).toBe(true);
    expect(p.res.sides[0].unitsEliminated).toBe(1);
    expect(p.res.sides[0].rungs[RUNG.removed]).toBe(1);
    expect(p.level[0]).toBe(4);
    expect(p.res.sides[0].armyBrokenTurn).toBe(3);
  });

  it('p1 Retire: beyond enemy musketry range, measured from enemy infantry (aoe.retireFrom infantry): enemy cavalry 1" away and no infantry within 3" leaves it where it is (Hold Ground); anyEnemy retires it 3.1" from the cavalry', () => {
    // French Line at 16"; Prussian cuirassiers in Line at 17" (1" away), Prussian infantry at 25" (9" away).
    const fields = { sides: sides([{ id: 'A', formation: 'line', front: 16 }], [{ id: 'K', arm: 'cavalry', formation: 'line', front: 17 }, { id: 'P', formation: 'line', front: 25 }]) };
    const p = startPlay(compile(fields), new ScriptedDice({}));
    applyMarchResult(p, 0, RETIRE, false);
    expect(p.st.body[0].front).toBe(16);
    expect(p.res.sides[0].retreatsForced).toBe(0);
    const q = startPlay(compile(fields, { 'aoe.retireFrom': 'anyEnemy' }), new ScriptedDice({}));
    applyMarchResult(q, 0, RETIRE, false);
    expect(q.st.body[0].front).toBeCloseTo(13.9, 9);
    // The infantry 2" away: it retires to 3.1" from the infantry, whatever the cavalry.
    const near = { sides: sides([{ id: 'A', formation: 'line', front: 16 }], [{ id: 'K', arm: 'cavalry', formation: 'line', front: 17, offset: 5 }, { id: 'P', formation: 'line', front: 18, offset: -1 }]) };
    const r = startPlay(compile(near), new ScriptedDice({}));
    applyMarchResult(r, 0, RETIRE, false);
    expect(r.st.body[0].front).toBeCloseTo(14.9, 9);
  });
  it('p1 Retire (aoe.retireFrom): measured only from enemies ahead of the unit\'s rear, which falling back gets away from; with enemy infantry only behind it holds its ground, and an enemy behind that stops it short never cuts it off', () => {
    // French Line A 15-16 facing the Prussians; Prussian Line P at 20-21 (4" ahead); Prussian Line Q behind A.
    const field = (qFront: number) => ({ sides: sides([{ id: 'A', formation: 'line', front: 16 }], [{ id: 'P', formation: 'line', front: 20 }, { id: 'Q', formation: 'line', front: qFront }]) });
    for (const opts of [{}, { 'aoe.retireFrom': 'anyEnemy' }, { 'aoe.blockedRetreat': 'stop' }] as Record<string, string>[]) {
      // Q 2" behind (Q 12-13; side 1's front is its edge toward side 0): P is 4" ahead, beyond range: Hold Ground, not back toward Q.
      const p = startPlay(compile(field(12), opts), new ScriptedDice({}));
      applyMarchResult(p, 0, RETIRE, false);
      expect(p.st.body[0].front).toBe(16);
      expect(p.st.removed[0]).toBe(0);
      // Q touching A's rear (Q 14-15): still Hold Ground, not cut off.
      const q = startPlay(compile(field(14), opts), new ScriptedDice({}));
      applyMarchResult(q, 0, RETIRE, false);
      expect(q.st.removed[0]).toBe(0);
      expect(q.st.body[0].front).toBe(16);
      expect(q.res.sides[0].unitsEliminated).toBe(0);
    }
    // P 1" ahead (front 17): retire 2.1" from it; Q's front 0.5" behind A's rear stops it after 0.5", not cut off.
    const near = { sides: sides([{ id: 'A', formation: 'line', front: 16 }], [{ id: 'P', formation: 'line', front: 17 }, { id: 'Q', formation: 'line', front: 13.5 }]) };
    const r = startPlay(compile(near), new ScriptedDice({}));
    applyMarchResult(r, 0, RETIRE, false);
    expect(r.st.removed[0]).toBe(0);
    expect(r.st.body[0].front).toBeCloseTo(15.5, 9);
  });
  it('Fall Back: a full move back, disordered; Retire: just beyond musket range of the nearest enemy (aoe.retireDistance), in order', () => {
    const c = compile(ALONE(16, 'line'));
    const p = startPlay(c, new ScriptedDice({}));
    applyMarchResult(p, 0, FALL_BACK, false);
    expect(p.st.body[0].front).toBe(10); // Line: 6"
    expect(p.st.disordered[0]).toBe(1);
    const near = compile(ALONE(18, 'line'));
    const q = startPlay(near, new ScriptedDice({}));
    applyMarchResult(q, 0, RETIRE, false);
    expect(20 - q.st.body[0].front).toBeCloseTo(3.1, 9); // the Prussian front edge is at 20
    expect(q.st.disordered[0]).toBe(0);
    const far = compile(ALONE(10, 'line'));
    const r = startPlay(far, new ScriptedDice({}));
    applyMarchResult(r, 0, RETIRE, false);
    expect(r.st.body[0].front).toBe(10); // already beyond musket range: Hold Ground [gap]
  });
});

describe('Orders and rolls in the March phase (p1 b1-b3; rulings 5)', () => {
  it('scenario A: Fr-1 ordered to charge rolls 9 +1 Field Column +1 secure flanks = 11, A la Bayonette: contact with the village 5" away', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(9)] }));
    p.turn = 1;
    marchUnit(p, 0);
    expect(p.st.chargeTarget[0]).toBe(3);
    expect(p.st.body[0].front).toBe(15);
    expect(p.res.sides[0].chargesDeclared).toBe(1);
    expect(p.res.sides[0].checksTaken[PURPOSE.charge]).toBe(1);
    expect(p.res.sides[0].checksFailed[PURPOSE.charge]).toBe(0);
    expect(p.res.sides[0].checksByRating).toEqual([0, 1, 0, 0]); // Regular
    expect(p.res.sides[0].checksByClass).toEqual([1, 0, 0]); // infantry
    expect(p.chargeMet).toBe(true);
  });

  it('a roll of 1 (+2 = 3, Hold Ground) is a failed check and the charge does not move', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(1)] }));
    marchUnit(p, 0);
    expect(p.st.chargeTarget[0]).toBe(-1);
    expect(p.st.body[0].front).toBe(10);
    expect(p.res.sides[0].moraleChecksFailed).toBe(1);
    expect(p.res.units[0].checksFailed).toBe(1);
  });

  it('a half move (Cautious, aoe.chargeRequires anyMove) charges only if it reaches: 4.5" falls short of 5", counted as refused', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(3)] })); // 3 + 2 = 5: Cautious
    marchUnit(p, 0);
    expect(p.st.chargeTarget[0]).toBe(-1);
    expect(p.res.extras['chargesRefused.0']).toBe(1);
    expect(p.st.body[0].front).toBeCloseTo(14, 9); // up to 1" short of the block
  });

  it('a unit in good order with nothing to do does not roll (aoe.marchCheck movers); under everyUnit it does', () => {
    const c = compile(VILLAGE);
    const p = startPlay(c, new ScriptedDice({}));
    marchUnit(p, 3); // the garrison holds
    expect(p.res.sides[1].checksTaken.reduce((a, b) => a + b, 0)).toBe(0);
    const every = compile(VILLAGE, { 'aoe.marchCheck': 'everyUnit' });
    const q = startPlay(every, new ScriptedDice({}));
    marchUnit(q, 3);
    expect(q.res.sides[1].checksTaken[PURPOSE.move]).toBe(1);
  });
});

describe('Forming square (p1, p3 Forming Square)', () => {
  const CAV = { sides: sides([{ id: 'Cuir', arm: 'cavalry', armoured: true, front: 10 }], [{ id: 'P', front: 15 }]) };
  it('infantry charged by cavalry rolls 4 (Cautious) in good order: square; the cavalry still makes contact', () => {
    const c = compile(CAV);
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(8)], '1/morale': [d10(4)] }));
    marchUnit(p, 0);
    expect(p.st.formationOf(1)).toBe('square');
    expect(p.res.sides[1].squaresFormed).toBe(1);
    expect(p.res.extras['squareChecks.1']).toBe(1);
    expect(p.res.sides[1].checksTaken[PURPOSE.square]).toBe(1);
    expect(p.st.chargeTarget[0]).toBe(1);
    // The square keeps its front edge and shrinks to 2 x 2 behind it.
    expect(p.st.body[1]).toMatchObject({ front: 15, frontage: 2, depth: 2 });
  });
  it('a roll of 3 (Hold Ground) forms no square and counts as a failed square check', () => {
    const c = compile(CAV);
    const p = startPlay(c, new ScriptedDice({ '1/morale': [d10(3)] }));
    squareRoll(p, 1);
    expect(p.st.formationOf(1)).toBe('line');
    expect(p.res.sides[1].checksFailed[PURPOSE.square]).toBe(1);
  });
  it('disordered infantry needs Rally or better (6): a 5 forms no square', () => {
    const c = compile(CAV);
    const p = startPlay(c, new ScriptedDice({ '1/morale': [d10(5)] }));
    p.st.disordered[1] = 1;
    squareRoll(p, 1);
    expect(p.st.formationOf(1)).toBe('line');
  });
  it('aoe.squareRoll fullResult: the roll’s whole result applies too (a disordered 6 rallies)', () => {
    const c = compile(CAV, { 'aoe.squareRoll': 'fullResult' });
    const p = startPlay(c, new ScriptedDice({ '1/morale': [d10(6)] }));
    p.st.disordered[1] = 1;
    squareRoll(p, 1);
    expect(p.st.formationOf(1)).toBe('square');
    expect(p.st.disordered[1]).toBe(0);
  });
});

describe('The March Mode -2 and a formation change where the unit stands (p1, p3 March Mode; aoe.marchModeChange)', () => {
  // A Columnar square with no cavalry about forms back to Line where it stands (the stand-fast defender).
  const SQUARE = { sides: sides([{ id: 'A', formation: 'fieldColumn', front: 4 }], [{ id: 'P', marchMode: 'columnar', formation: 'square', front: 20 }]) };
  const play = (options: Record<string, string>) => {
    const c = compile(SQUARE, options);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '1/morale': [d10(5)] }), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 1;
    marchUnit(p, 1);
    return { p, check: events.find((e) => e.type === 'check') as Extract<AoeEvent, { type: 'check' }> };
  };
  it('moveOnly (default): changing to Line without moving is no move in Line: 5 +1 square = 6, En Avant, and it forms Line', () => {
    const { p, check } = play({});
    expect(check.modified).toBe(6);
    expect(p.st.formationOf(1)).toBe('line');
  });
  it('changeToo: the change counts as moving in Line, -2: 4, Cautious, which allows no change but to square', () => {
    const { p, check } = play({ 'aoe.marchModeChange': 'changeToo' });
    expect(check.modified).toBe(4);
    expect(p.st.formationOf(1)).toBe('square');
  });
});

describe('A forced retreat onto a friend\'s ground (p1 movement notes: passage of lines; p1/p3 Built-up Areas: one unit a block; aoe.retreatOntoFriend)', () => {
  // A in Line at 16" falls back a full move (6") to 10" (1" deep: 9"-10"); F, a friend in Line, stands
  // at 9.5"-10.5" across the same ground.
  const BEHIND = (friends: Record<string, unknown>[], enemies: Record<string, unknown>[] = []) => ({
    sides: sides([{ id: 'A', formation: 'line', front: 16 }, ...friends], [{ id: 'P', front: 20 }, ...enemies]),
  });
  const F = { id: 'F', formation: 'line', front: 10.5 };
  const fallBackWith = (fields: Record<string, unknown>, rule?: string) => {
    const c = compile(fields, rule ? { 'aoe.retreatOntoFriend': rule } : {});
    const p = startPlay(c, new ScriptedDice({}));
    applyMarchResult(p, 0, FALL_BACK, false);
    return p;
  };
  it('beyond (default): it goes on through the friend to the first clear ground behind it, not removed', () => {
    const p = fallBackWith(BEHIND([F]));
    expect(p.st.body[0].front).toBe(9.5); // 8.5"-9.5": its front on F's rear edge
    expect(p.st.body[1].front).toBe(10.5); // F does not move
    expect(p.st.removed[0]).toBe(0);
  });
  it('beyond: through two friends one behind the other', () => {
    const p = fallBackWith(BEHIND([F, { id: 'G', formation: 'line', front: 9.5 }]));
    expect(p.st.body[0].front).toBe(8.5); // past G (8.5"-9.5") too
  });
  it('beyond: the table edge behind a friend is read as if the friend were not there: the retreat goes off the lane and removes the unit (rulings 3.6), as it would without the friend', () => {
    const c = compile({ sides: sides([{ id: 'A', formation: 'line', front: 7 }, { id: 'F', formation: 'line', front: 1 }], [{ id: 'P', front: 20 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    const ev: AoeEvent[] = [];
    p.sink = (e) => ev.push(e);
    applyMarchResult(p, 0, FALL_BACK, false); // 6" back would put A on F (0"-1"); past F is off the table
    expect(p.st.removed[0]).toBe(1);
    expect(ev.filter((e) => e.type === 'removed').map((e) => (e as { why: string }).why)).toEqual(['offLane']);
    // Without F it stops on the table (0"-1"): the friend makes the difference only by taking that ground.
    const q = startPlay(compile({ sides: sides([{ id: 'A', formation: 'line', front: 7 }], [{ id: 'P', front: 20 }]) }), new ScriptedDice({}));
    applyMarchResult(q, 0, FALL_BACK, false);
    expect(q.st.removed[0]).toBe(0);
    expect(q.st.body[0].front).toBe(1);
    // short: the friend stops it at its near edge, in play.
    const r = startPlay(compile({ sides: sides([{ id: 'A', formation: 'line', front: 7 }, { id: 'F', formation: 'line', front: 1 }], [{ id: 'P', front: 20 }]) }, { 'aoe.retreatOntoFriend': 'short' }), new ScriptedDice({}));
    applyMarchResult(r, 0, FALL_BACK, false);
    expect(r.st.removed[0]).toBe(0);
    expect(r.st.body[0].front).toBe(2);
  });
  it('beyond: an enemy behind the friend is read as if the friend were not there: cut off under aoe.blockedRetreat cutOff (as with the enemy directly behind); stop leaves it short of the friend, in play', () => {
    // Q, an enemy (facing the other way) at 8"-9": the retreat stops at it (front 10"), on F; Q keeps A from clearing F.
    const p = fallBackWith(BEHIND([F], [{ id: 'Q', formation: 'line', front: 8 }]));
    expect(p.st.removed[0]).toBe(1);
    expect(p.res.sides[0].unitsEliminated).toBe(1);
    // Two friends, then the enemy: the same.
    const two = fallBackWith(BEHIND([F, { id: 'G', formation: 'line', front: 9 }], [{ id: 'Q', formation: 'line', front: 7 }]));
    expect(two.st.removed[0]).toBe(1);
    const c = compile(BEHIND([F], [{ id: 'Q', formation: 'line', front: 8 }]), { 'aoe.blockedRetreat': 'stop' });
    const q = startPlay(c, new ScriptedDice({}));
    applyMarchResult(q, 0, FALL_BACK, false);
    expect(q.st.removed[0]).toBe(0);
    expect(q.st.body[0].front).toBe(11.5); // its rear on F's near edge
  });
  it('a cavalry recall is "up to a full move" (p2): it stops short of a friend it would end on', () => {
    const c = compile({ sides: sides([{ id: 'K', arm: 'cavalry', formation: 'line', front: 16 }, { id: 'F', formation: 'line', front: 4.5 }], [{ id: 'P', front: 20 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    recall(p, 0); // 12" would end at 4" (3"-4"), on F (3.5"-4.5")
    expect(p.st.body[0].front).toBe(5.5);
  });
  it('short: the friend stops the retreat at its near edge; share: it ends on the friend (the earlier play)', () => {
    expect(fallBackWith(BEHIND([F]), 'short').st.body[0].front).toBe(11.5);
    expect(fallBackWith(BEHIND([F]), 'share').st.body[0].front).toBe(10);
  });
  it('aoe.blockedRetreat: an enemy behind that stops the retreat short of its distance cuts the unit off (cutOff, default: removed, as off the lane, rulings 3.6); stop keeps it in play at the enemy', () => {
    const Q = [{ id: 'Q', formation: 'line', front: 12 }]; // an enemy at 12"-13", 2" behind A's rear (15")
    const cut = fallBackWith(BEHIND([], Q));
    expect(cut.st.removed[0]).toBe(1);
    expect(cut.res.sides[0].unitsEliminated).toBe(1);
    const c = compile(BEHIND([], Q), { 'aoe.blockedRetreat': 'stop' });
    const p = startPlay(c, new ScriptedDice({}));
    applyMarchResult(p, 0, FALL_BACK, false);
    expect(p.st.removed[0]).toBe(0);
    expect(p.st.body[0].front).toBe(14);
  });
  it('aoe.blockedRetreat: a recall ("up to a full move", p2) stopped short by an enemy is not cut off', () => {
    const c = compile({ sides: sides([{ id: 'K', arm: 'cavalry', formation: 'line', front: 16 }], [{ id: 'P', front: 20 }, { id: 'Q', formation: 'line', front: 12 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    recall(p, 0);
    expect(p.st.removed[0]).toBe(0);
    expect(p.st.body[0].front).toBe(14);
  });
  it('a cavalry recall ("up to a full move", p2, p3) stops at its own table edge, as a withdrawal does; it is not removed off the lane (rulings 3.6 is for retreats forced their distance)', () => {
    const c = compile({ sides: sides([{ id: 'K', arm: 'cavalry', formation: 'line', front: 8 }], [{ id: 'P', front: 20 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    const ev: AoeEvent[] = [];
    p.sink = (e) => ev.push(e);
    recall(p, 0); // 12" back from 7"-8" would end at -5"
    expect(p.st.removed[0]).toBe(0);
    expect(p.st.body[0].front).toBe(1); // 0"-1": its rear on the table edge
    expect(ev.map((e) => e.type)).toEqual(['retreat', 'recall']);
    expect(p.res.sides[0].retreatsForced).toBe(1);
  });
  it('short: stopping at a friend never brings it back past where its retreat began: a unit that starts on a friend\'s ground, an enemy at its front, stays where it was and in play', () => {
    // A in Line at 15"-16", P in contact at its front; friend F in Field Column put on 12.5"-15.5", under A.
    for (const rule of ['short', 'beyond']) {
      const c = compile({ sides: sides([{ id: 'A', formation: 'line', front: 16 }, { id: 'F', formation: 'fieldColumn', front: 10 }], [{ id: 'P', formation: 'line', front: 16 }]) }, { 'aoe.retreatOntoFriend': rule });
      const p = startPlay(c, new ScriptedDice({}));
      p.st.body[1].front = 15.5;
      retreat(p, 0, 2, 'defenderWithdraws', true); // 2" back: 13"-14", on F
      expect(p.st.removed[0]).toBe(0);
      expect(p.st.body[0].front).toBe(rule === 'short' ? 16 : 12.5); // short: not 16.5 (onto P); beyond: past F
    }
  });
  it('a retreat that is not forced, stopped short by an enemy behind, is not cut off (aoe.blockedRetreat is for forced retreats)', () => {
    const c = compile(BEHIND([], [{ id: 'Q', formation: 'line', front: 10.5 }]));
    const p = startPlay(c, new ScriptedDice({}));
    retreat(p, 0, 6, 'withdraw', false); // Q at 10.5"-11.5" stops it at 12.5"
    expect(p.st.removed[0]).toBe(0);
    expect(p.st.body[0].front).toBe(12.5);
    expect(p.res.sides[0].retreatsVoluntary).toBe(1);
  });
  it('a friend the retreat passes wholly is no matter: it ends where its distance takes it', () => {
    const p = fallBackWith(BEHIND([{ id: 'F', formation: 'line', front: 13 }]));
    expect(p.st.body[0].front).toBe(10);
  });
});

describe('A withdrawal by choice (a move, not a forced retreat; rulings 3.6, 5)', () => {
  // Random-legal's orders from scripted AI dice: 0.6 picks a withdrawal (k = 2 of 4), 0.99 its distance (8.9" of a 9" full move).
  const WITHDRAW = { '0/ai': [0.6, 0.99, 0.5], '0/morale': [d10(9)] };
  const NEAR_EDGE = { lane: { length: 30, width: 16 }, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 6 }, { id: 'B', formation: 'fieldColumn', front: 6, offset: 4 }], [{ id: 'P', front: 26 }], 'random-legal') };
  it('stops at its own table edge: the Field Column at 6" (3" deep) goes back 3" of the 8.9" wanted and stays in play; the army does not break', () => {
    const c = compile(NEAR_EDGE);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice(WITHDRAW), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 1;
    marchUnit(p, 0);
    expect(p.st.removed[0]).toBe(0);
    expect(p.st.body[0].front).toBe(3);
    expect(p.res.sides[0].unitsEliminated).toBe(0);
    expect(p.res.sides[0].armyBrokenTurn).toBe(0);
    expect(p.res.sides[0].retreatsVoluntary).toBe(1);
    expect(events.filter((e) => e.type === 'removed')).toEqual([]);
  });
  it('at the edge already it does not move and no retreat is counted', () => {
    const c = compile(NEAR_EDGE);
    const p = startPlay(c, new ScriptedDice(WITHDRAW));
    p.st.body[0].front = 3;
    marchUnit(p, 0);
    expect(p.st.body[0].front).toBe(3);
    expect(p.st.removed[0]).toBe(0);
    expect(p.res.sides[0].retreatsVoluntary).toBe(0);
  });
});

describe('Entering a vacant village block (p1 Built-up Areas; p2 +1 changed formation; aoe.buaEntry)', () => {
  const EMPTY_VILLAGE = { ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 25 }]) };
  const enter = (options: Record<string, string>) => {
    const c = compile(EMPTY_VILLAGE, options);
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(9)] })); // 9 +1 Field Column: A la Bayonette
    p.turn = 1;
    marchUnit(p, 0);
    return p;
  };
  it('noChange (default): the advance from 10" enters the block 5" ahead and ends there; no +1 to be fired on', () => {
    const p = enter({});
    expect(p.st.block[0]).toBe(0);
    expect(p.st.changed[0]).toBe(0);
  });
  it('changedFormation: occupying counts as changing formation this turn', () => {
    expect(enter({ 'aoe.buaEntry': 'changedFormation' }).st.changed[0]).toBe(1);
  });
});

describe('A vacant village block on the way (p1 Built-up Areas: a stand entering it occupies it and the move ends; contact with a block is at its outside edge; aoe.blockEdge)', () => {
  // P's Line stands against the block's far edge (18); A's Field Column is 5" short of the block.
  const AGAINST = (p0: Record<string, unknown>, doctrine0: unknown = 'column-assault') => ({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 18, ...p0 }], doctrine0) });
  const charge = (options: Record<string, string>) => {
    const c = compile(AGAINST({}), options);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(9)] }), { sink: (e) => events.push(e as AoeEvent) }); // 9 +1: A la Bayonette
    p.turn = 1;
    marchUnit(p, 0);
    expect(events.find((e) => e.type === 'order')).toMatchObject({ order: 'charge P' });
    expect([p.st.block[0], p.st.body[0].front]).toEqual([0, 18]);
    expect(p.res.sides[0].chargesDeclared).toBe(1);
    expect(events.some((e) => e.type === 'occupy' && e.block)).toBe(true);
    return { p, events };
  };
  it('contact (default): a charge at the Line ends in the block, whose far edge touches the Line: in contact with it, the charge home (a charge that reached contact)', () => {
    const { p, events } = charge({});
    expect([p.st.chargeTarget[0], p.st.chargeFace[0]]).toEqual([1, 0]);
    expect(p.chargeMet).toBe(true);
    expect(events.find((e) => e.type === 'charge')).toMatchObject({ units: ['A'], target: 'P', from: 10, to: 18, reached: true, face: 'front' });
  });
  it('noContact: the charge ends in the block short of contact, not home', () => {
    const { p, events } = charge({ 'aoe.blockEdge': 'noContact' });
    expect(p.st.chargeTarget[0]).toBe(-1);
    expect(p.chargeMet).toBe(false);
    expect(events.some((e) => e.type === 'charge')).toBe(false);
  });
  it('a charge at a Line 1" beyond the block ends in the block short of it under either reading', () => {
    for (const blockEdge of ['contact', 'noContact']) {
      const c = compile(AGAINST({ front: 19 }), { 'aoe.blockEdge': blockEdge });
      const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(9)] }));
      marchUnit(p, 0);
      expect([p.st.block[0], p.st.chargeTarget[0]], blockEdge).toEqual([0, -1]);
    }
  });
  // Random-legal from scripted AI dice: 0.3 picks an advance (k = 1 of 5, a charge being possible), 0.99 its distance (8.9").
  const advance = (options: Record<string, string>) => {
    const c = compile(AGAINST({}, 'random-legal'), options);
    const p = startPlay(c, new ScriptedDice({ '0/ai': [0.3, 0.99, 0.5], '0/morale': [d10(9)] }));
    p.turn = 1;
    marchUnit(p, 0);
    return p;
  };
  it('contact (default): an advance does not enter a block an enemy touches (only a charge moves into contact, rulings 2): it stops at the block\'s near edge', () => {
    const p = advance({});
    expect([p.st.block[0], p.st.body[0].front, p.st.chargeTarget[0]]).toEqual([-1, 15, -1]);
  });
  it('noContact: the advance enters the block and stands against the Line, out of contact', () => {
    const p = advance({ 'aoe.blockEdge': 'noContact' });
    expect([p.st.block[0], p.st.body[0].front, p.st.chargeTarget[0]]).toEqual([0, 18, -1]);
  });
  it('the invariants hold a unit in a block and an enemy at its edge to contact under contact, not under noContact', () => {
    for (const [blockEdge, throws] of [['contact', true], ['noContact', false]] as const) {
      const c = compile(AGAINST({}), { 'aoe.blockEdge': blockEdge });
      const p = startPlay(c, new ScriptedDice({}));
      enterBlock(c, p.st, 0, 0);
      if (throws) expect(() => checkLaneInvariants(p)).toThrow(/village block's edge out of contact/);
      else expect(() => checkLaneInvariants(p)).not.toThrow();
    }
  });
  it('contact (default): a charge or breakthrough does not end in a block that another enemy touches (it would stand against that one out of contact): whole engagements keep the invariants', () => {
    // P1 stands against the block's far edge, beside the column's path; P2, the charges' target, 2" beyond it.
    const lane = { turns: 6, lane: { length: 30, width: 16 }, terrain: [{ kind: 'village', from: 15, to: 18, yMin: -4, yMax: 4 }], flankFaces: 2 };
    const french = [{ id: 'F1', formation: 'fieldColumn', front: 12, offset: -1 }, { id: 'F2', formation: 'fieldColumn', front: 12, offset: 2 }, { id: 'C1', arm: 'cavalry', formation: 'line', front: 9, offset: 5 }];
    const prussians = [{ id: 'P1', formation: 'line', front: 18, offset: -3 }, { id: 'P2', formation: 'line', front: 20, offset: 3 }];
    for (const d0 of ['column-assault', 'random-legal']) {
      const c = compile({ ...lane, sides: sides(french, prussians, d0, 'stand-fast') });
      const failed: string[] = [];
      for (let i = 0; i < 300; i++) {
        try {
          playLane(c, EngagementDice.for('block-edge', d0, i), { checkInvariants: true });
        } catch (e) {
          failed.push(`${i}: ${(e as Error).message}`);
        }
      }
      expect(failed.slice(0, 3), d0).toEqual([]);
    }
  });
  it('an advance does not pass through an enemy standing before the block: it stops 1" short of it', () => {
    // Random-legal from scripted AI dice: 0.3 picks an advance (k = 1 of 5, a charge being possible), 0.99 its distance (8.9").
    const c = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 14 }], 'random-legal') });
    const p = startPlay(c, new ScriptedDice({ '0/ai': [0.3, 0.99, 0.5], '0/morale': [d10(9)] }));
    p.turn = 1;
    marchUnit(p, 0);
    expect(p.st.block[0]).toBe(-1);
    expect(p.st.body[0].front).toBe(13);
  });
});

describe('The garrison leaving its village block by choice (rulings 5: a voluntary retreat; carried)', () => {
  // Random-legal for the Prussians from scripted AI dice: 0.6 picks a withdrawal (k = 2 of 4: no charge from a block).
  const GARRISON = { ...VILLAGE, sides: sides(VILLAGE.sides[0].units as Record<string, unknown>[], VILLAGE.sides[1].units as Record<string, unknown>[], 'column-assault', 'random-legal') };
  it('A la Bayonette, a full move: out of the back of the block in Line, told as a withdrawal and counted as a voluntary retreat; a French unit then in the block has carried it', () => {
    const c = compile(GARRISON);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '1/ai': [0.6, 0.5, 0.5], '1/morale': [d10(10)] }), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 1;
    marchUnit(p, 3);
    expect(p.st.block[3]).toBe(-1);
    expect(p.st.body[3].front).toBe(18); // the block's far edge
    expect(p.res.sides[1].retreatsVoluntary).toBe(1);
    expect(p.res.units[3].retreated).toBe(true);
    expect(events.find((e) => e.type === 'retreat')).toMatchObject({ unit: 'Pr-IR', forced: false, why: 'withdraw', from: 15, to: 18 });
    expect(events.some((e) => e.type === 'move')).toBe(false);
    enterBlock(c, p.st, 0, 0);
    expect(endCheck(p, false)).toEqual({ reason: 'carried', winner: 0 });
  });
  it('out of the back onto a friend\'s ground (aoe.formationRoom; p1/p3 Built-up Areas: one unit to a block): aside forms its Line beside the friend, refuse keeps it in the block, share stands it on the friend', () => {
    // F, a Prussian Field Column 2" wide (1"-3" across), 18.5"-21.5" behind the block: the Line formed out
    // of the back (18"-19", -3"-3") would stand 2" across F's ground.
    const F = { id: 'Pr-F', formation: 'fieldColumn', front: 18.5, offset: 2 };
    const fields = { ...VILLAGE, sides: sides(VILLAGE.sides[0].units as Record<string, unknown>[], [...(VILLAGE.sides[1].units as Record<string, unknown>[]), F], 'column-assault', 'random-legal') };
    const out = (rule?: string) => {
      const c = compile(fields, rule ? { 'aoe.formationRoom': rule } : {});
      const p = startPlay(c, new ScriptedDice({ '1/ai': [0.6, 0.5, 0.5], '1/morale': [d10(10)] }));
      p.turn = 1;
      marchUnit(p, 3);
      expect(p.st.body[4]).toMatchObject({ front: 18.5, offset: 2 }); // F never moves
      const b = p.st.body[3];
      return { block: p.st.block[3], formation: p.st.formationOf(3), front: b.front, offset: b.offset, withdrawals: p.res.sides[1].retreatsVoluntary };
    };
    expect(out()).toEqual({ block: -1, formation: 'line', front: 18, offset: -2, withdrawals: 1 });
    expect(out('refuse')).toEqual({ block: 0, formation: 'none', front: 15, offset: 0, withdrawals: 0 });
    expect(out('share')).toEqual({ block: -1, formation: 'line', front: 18, offset: 0, withdrawals: 1 });
  });
  it('leaving the block moves it off in Line, named in its order or not: a Columnar unit takes March Mode\'s -2 for it, a Linear one does not (p1 Tactical Movement Modifiers, p3 March Mode)', () => {
    const roll = (marchMode: string) => {
      const garrison = (VILLAGE.sides[1].units as Record<string, unknown>[]).map((u) => ({ ...u, marchMode }));
      const c = compile({ ...VILLAGE, sides: sides(VILLAGE.sides[0].units as Record<string, unknown>[], garrison, 'column-assault', 'random-legal') });
      const events: AoeEvent[] = [];
      const p = startPlay(c, new ScriptedDice({ '1/ai': [0.6, 0.5, 0.5], '1/morale': [d10(10)] }), { sink: (e) => events.push(e as AoeEvent) });
      p.turn = 1;
      marchUnit(p, 3);
      expect(events.find((e) => e.type === 'order')).toMatchObject({ unit: 'Pr-IR', order: expect.not.stringMatching(/line/i) });
      expect(p.st.formationOf(3)).toBe('line');
      return events.find((e) => e.type === 'check') as Extract<AoeEvent, { type: 'check' }>;
    };
    const columnar = roll('columnar');
    const linear = roll('linear');
    expect(columnar.modified - linear.modified).toBe(-2);
    expect(columnar.modifiers.some((m) => /March Mode/.test(m))).toBe(true);
    expect(linear.modifiers.some((m) => /March Mode/.test(m))).toBe(false);
  });
  it('countWithdrawal: a withdrawal is a voluntary retreat; a defending unit\'s, not an attacking one\'s, opens the way to carried', () => {
    const p = startPlay(compile(VILLAGE), new ScriptedDice({}));
    countWithdrawal(p, 0);
    expect([p.res.sides[0].retreatsVoluntary, p.defenderLeft]).toEqual([1, false]);
    countWithdrawal(p, 3);
    expect([p.res.sides[1].retreatsVoluntary, p.res.units[3].retreated, p.defenderLeft]).toEqual([1, true, true]);
  });
});

describe('Cavalry charging a unit in a village block (p3 Built Up Areas: always Disordered; aoe.buaCavalry)', () => {
  const CAVALRY = { ...VILLAGE, sides: sides([{ id: 'C', arm: 'cavalry', front: 9 }], [{ id: 'Pr-IR', marchMode: 'columnar', formation: 'bua', front: 15 }]) };
  const charge = (options: Record<string, string>) => {
    const c = compile(CAVALRY, options);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(10)] }), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 6; // the last turn: the real doctrine's cavalry charges a village
    marchUnit(p, 0);
    const check = events.find((e) => e.type === 'check') as Extract<AoeEvent, { type: 'check' }>;
    return { p, check };
  };
  it('disordered (default): 10 -3 = 7, En Avant: it charges home and is disordered from contact', () => {
    const { p, check } = charge({});
    expect(check).toMatchObject({ modified: 7, result: 'enAvant' });
    expect(check.modifiers).toEqual(['-3 cavalry charging into a village, always disordered (p3)']);
    expect([p.st.chargeTarget[0], p.st.disordered[0]]).toEqual([1, 1]);
    expect(p.res.sides[0].disruptions).toBe(1);
  });
  it('onContact: 10, no -3; disordered from contact. combatOnly: in order after contact', () => {
    const on = charge({ 'aoe.buaCavalry': 'onContact' });
    expect([on.check.modified, on.p.st.chargeTarget[0], on.p.st.disordered[0]]).toEqual([10, 1, 1]);
    const only = charge({ 'aoe.buaCavalry': 'combatOnly' });
    expect([only.check.modified, only.p.st.chargeTarget[0], only.p.st.disordered[0]]).toEqual([10, 1, 0]);
  });
});

describe('The prolonge (p1 movement notes: a battery shifts 1" without limbering; aoe.prolonge)', () => {
  // Scenario A with Fr-1 halted 1" short of the village block: its column stands across the battery's
  // line of fire at the block, as after its first advance in the shipped scenario.
  const MASKED = { ...VILLAGE, sides: sides([{ id: 'Fr-1', formation: 'fieldColumn', front: 14, offset: -1 }, { id: 'Fr-2', formation: 'fieldColumn', front: 10, offset: 1 }, { id: 'Fr-Bty', arm: 'artillery', front: 10, offset: -4 }], [{ id: 'Pr-IR', marchMode: 'columnar', formation: 'bua', front: 15 }]) };
  const play = (morale: number, options: Record<string, string> = {}) => {
    const c = compile(MASKED, options);
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(morale)] }), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 1;
    marchUnit(p, 2);
    return { p, events };
  };
  it('masked by its own column, the battery (column-assault) is ordered to prolong 1" forward, which clears its line of fire', () => {
    const c = compile(MASKED);
    const p = startPlay(c, new ScriptedDice({}));
    expect(clearLine(p.st, 2, 3)).toBe(false);
    expect(decideOrder(p, 2, newOrder())).toMatchObject({ kind: O_PROLONGE, distance: 1 });
    p.st.body[2].front = 11;
    expect(clearLine(p.st, 2, 3)).toBe(true);
  });
  // An 8-gun light battery at 10" (1" deep, facing the enemy), its column well back and aside, and a
  // Prussian Line `gap` inches ahead of the battery.
  const GUNS_AT = (gap: number) => ({ lane: { length: 60, width: 16 }, sides: sides([{ id: 'Bty', arm: 'artillery', front: 10 }, { id: 'Col', formation: 'fieldColumn', front: 3, offset: -6 }], [{ id: 'P', formation: 'line', front: 10 + gap }]) });
  const orderAt = (gap: number, options: Record<string, string> = {}) => decideOrder(startPlay(compile(GUNS_AT(gap), options), new ScriptedDice({})), 0, newOrder());
  it('nothing to fire on, and a target 1" away either way: forward wins the tie (prolongeWay)', () => {
    // E1, a Line straight ahead 24.5" off: out of range (24"), in range 1" forward. E2, a Field Column
    // 4" ahead (14"-17") and 4.5" aside (5"-7" across): outside the arc (p2: the lateral gap may not
    // exceed the gap ahead), inside it 1" back (5" ahead); 1" forward leaves it 3" ahead, outside.
    const E1 = { id: 'E1', formation: 'line', front: 34.5 };
    const E2 = { id: 'E2', formation: 'fieldColumn', front: 14, offset: 6 };
    const order = (enemies: Record<string, unknown>[]) => decideOrder(startPlay(compile({ lane: { length: 60, width: 16 }, sides: sides([{ id: 'Bty', arm: 'artillery', front: 10 }, { id: 'Col', formation: 'fieldColumn', front: 3, offset: -6 }], enemies) }), new ScriptedDice({})), 0, newOrder());
    expect(order([E1])).toMatchObject({ kind: O_PROLONGE, distance: 1 });
    expect(order([E2])).toMatchObject({ kind: O_PROLONGE, distance: -1 });
    expect(order([E1, E2])).toMatchObject({ kind: O_PROLONGE, distance: 1 });
  });
  it('p2 fire points by range band: at 12.5" (8 points, -2) 1" forward reaches the 12" band (10 points, -1), so the doctrine prolongs forward; at 12" or 11.5" it holds', () => {
    expect(orderAt(12.5)).toMatchObject({ kind: O_PROLONGE, distance: 1 });
    expect(orderAt(18.5)).toMatchObject({ kind: O_PROLONGE, distance: 1 }); // 6 points (-3) to 8 (-2)
    expect(orderAt(12).kind).toBe(O_HOLD);
    expect(orderAt(11.5).kind).toBe(O_HOLD); // 10.5" is the same band
    expect(orderAt(12.5, { 'aoe.prolonge': 'off' }).kind).toBe(O_HOLD);
  });
  it('it does not prolong into enemy musket range (3", p2) for a better band: at 3.5" it holds', () => {
    expect(orderAt(3.5).kind).toBe(O_HOLD); // 2.5" would give 20 points (+1) for 12 (0), under the Line's volleys
  });
  it('within the enemy infantry\'s musket range it prolongs 1" back out of it (2.5" to 3.5"), still with a target', () => {
    expect(orderAt(2.5)).toMatchObject({ kind: O_PROLONGE, distance: -1 });
    expect(orderAt(1.5).kind).toBe(O_HOLD); // 2.5" is still within 3"
  });
  it('only enemy infantry with the battery in its arc exposes it (p2: muskets are infantry\'s, fired ahead): at 2.5" enemy cavalry, or infantry facing away, leaves it where it is', () => {
    const cav = { lane: { length: 60, width: 16 }, sides: sides([{ id: 'Bty', arm: 'artillery', front: 10 }, { id: 'Col', formation: 'fieldColumn', front: 3, offset: -6 }], [{ id: 'K', arm: 'cavalry', formation: 'line', front: 12.5 }]) };
    expect(decideOrder(startPlay(compile(cav), new ScriptedDice({})), 0, newOrder()).kind).toBe(O_HOLD);
    const away = startPlay(compile(GUNS_AT(2.5)), new ScriptedDice({}));
    const e = away.st.body[2];
    e.front = 13.5; // the same ground (12.5"-13.5"), its front now away from the battery
    e.facing = 1;
    expect(decideOrder(away, 0, newOrder()).kind).toBe(O_HOLD);
  });
  it('with a clear line of fire, or under aoe.prolonge off, it holds (in range: it does not limber)', () => {
    const clear = startPlay(compile(VILLAGE), new ScriptedDice({}));
    expect(clearLine(clear.st, 2, 3)).toBe(true);
    expect(decideOrder(clear, 2, newOrder()).kind).toBe(O_HOLD);
    const off = startPlay(compile(MASKED, { 'aoe.prolonge': 'off' }), new ScriptedDice({}));
    expect(decideOrder(off, 2, newOrder())).toMatchObject({ kind: O_HOLD, limber: 0 });
  });
  it('En Avant (7): the battery rolls as a mover and shifts from 10" to 11", still unlimbered; the order, the roll and the prolonge are told, and counted', () => {
    const { p, events } = play(7);
    expect(p.st.body[2].front).toBe(11);
    expect(p.st.limbered[2]).toBe(0);
    expect(events.find((e) => e.type === 'order')).toMatchObject({ unit: 'Fr-Bty', order: 'prolonge forward' });
    expect(events.find((e) => e.type === 'check')).toMatchObject({ unit: 'Fr-Bty', purpose: 'move', result: 'enAvant' });
    expect(events.find((e) => e.type === 'prolonge')).toEqual({ type: 'prolonge', side: 0, unit: 'Fr-Bty', from: 10, to: 11, back: false });
    expect(p.res.extras['prolonges.0']).toBe(1);
    expect(p.res.sides[0].retreatsVoluntary).toBe(0);
  });
  it('Cautious (4, a half move of 3") still prolongs the whole 1"; Hold Ground (2) does not move it', () => {
    expect(play(4).p.st.body[2].front).toBe(11);
    const held = play(2);
    expect(held.p.st.body[2].front).toBe(10);
    expect(held.events.some((e) => e.type === 'prolonge')).toBe(false);
    expect(held.p.res.extras['prolonges.0']).toBe(0);
  });
  it('the shift stops 1" (STANDOFF) short of an enemy ahead, and going back at its own table edge', () => {
    const c = compile({ sides: sides([{ id: 'G', arm: 'artillery', front: 13.5 }, { id: 'H', arm: 'artillery', front: 1.5, offset: 5 }, { id: 'A', front: 4, offset: -5 }], [{ id: 'P', front: 15 }]) });
    const p = startPlay(c, new ScriptedDice({}));
    expect(prolongeFront(c, p.st, 0, 1, 1, CLEAR)).toBe(14);
    expect(prolongeFront(c, p.st, 1, -1, 1, CLEAR)).toBe(1);
    prolonge(p, 1, -1, 1);
    expect(p.st.body[1].front).toBe(1);
  });
  it('a limbered battery does not prolong (the shift is made unlimbered)', () => {
    const c = compile(MASKED);
    const p = startPlay(c, new ScriptedDice({}));
    p.st.limbered[2] = 1;
    prolonge(p, 2, 1, 1);
    expect(p.st.body[2].front).toBe(10);
  });
});

describe('A move whose path meets a friend (p1 movement notes: passage of lines, 3" a unit penetrated; p1/p3 Built-up Areas: one unit a block; aoe.friendInPath)', () => {
  // Random-legal's orders from scripted AI dice: 0.3 picks an advance, 0.6 a withdrawal (k = 1, 2 of 4),
  // 0.99 its distance (8.91" of a 9" full move); 9 +1 Field Column: A la Bayonette, a full move.
  const ORDER = (ai: number) => ({ '0/ai': [ai, 0.99, 0.5], '0/morale': [d10(9)] });
  const ADVANCE = ORDER(0.3);
  const WITHDRAW = ORDER(0.6);
  // A, a Field Column 3" deep, with F, a friend in Line (1" deep) on its line of march; P far off.
  const FIELD = (aFront: number, fFront: number) => ({
    lane: { length: 40, width: 16 },
    sides: sides([{ id: 'A', formation: 'fieldColumn', front: aFront }, { id: 'F', formation: 'line', front: fFront }], [{ id: 'P', front: 38 }], 'random-legal'),
  });
  const moved = (fields: Record<string, unknown>, dice: Record<string, number[]>, rule?: string) => {
    const p = startPlay(compile(fields, rule ? { 'aoe.friendInPath': rule } : {}), new ScriptedDice(dice));
    p.turn = 1;
    const f = p.st.body[1].front;
    marchUnit(p, 0);
    expect(p.st.body[1].front).toBe(f); // F stays
    return p.st.body[0].front;
  };
  it('an advance passes through F (6"-7") at 3" of its 9": 6" on, to 8"-11", clear beyond it (passage); it stops on F\'s rear edge under short; share ends it 8.91" on, as if F were not there', () => {
    expect(moved(FIELD(5, 7), ADVANCE)).toBe(11);
    expect(moved(FIELD(5, 7), ADVANCE, 'short')).toBe(6);
    expect(moved(FIELD(5, 7), ADVANCE, 'share')).toBeCloseTo(13.91, 9);
  });
  it('an advance whose 6" left would still end on F (8.5"-9.5") does not pass: it stops on F\'s rear edge; share ends it clear beyond F, paying nothing, or on F\'s ground', () => {
    expect(moved(FIELD(5, 9.5), ADVANCE)).toBe(8.5);
    expect(moved(FIELD(5, 9.5), ADVANCE, 'share')).toBeCloseTo(13.91, 9); // 10.91"-13.91", clear: no 3" paid
    expect(moved(FIELD(5, 12), ADVANCE, 'share')).toBeCloseTo(13.91, 9); // 10.91"-13.91", on F (11"-12")
    expect(moved(FIELD(5, 12), ADVANCE)).toBe(11);
  });
  it('a withdrawal by choice passes back through F (9"-10") at 3" of its 9": 6" back, to 6"-9"; under short F\'s front edge stops it; share goes back 8.91"', () => {
    expect(moved(FIELD(15, 10), WITHDRAW)).toBe(9);
    expect(moved(FIELD(15, 10), WITHDRAW, 'short')).toBe(13);
    expect(moved(FIELD(15, 10), WITHDRAW, 'share')).toBeCloseTo(6.09, 9);
  });
  it('a withdrawal whose 6" left would still end on F (5.5"-6.5", under share 3.09"-6.09") stops on F\'s front edge', () => {
    expect(moved(FIELD(15, 6.5), WITHDRAW)).toBe(9.5);
    expect(moved(FIELD(15, 6.5), WITHDRAW, 'share')).toBeCloseTo(6.09, 9);
  });
  it('a village block a friend holds is closed to an advance in Field Column (p3: only friendly March Column passes through): it stops at the block\'s near edge', () => {
    const fields = { ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }, { id: 'F', formation: 'fieldColumn', front: 5, offset: 5 }], [{ id: 'P', front: 28 }], 'random-legal') };
    const run = (rule?: string) => {
      const c = compile(fields, rule ? { 'aoe.friendInPath': rule } : {});
      const p = startPlay(c, new ScriptedDice(ADVANCE));
      enterBlock(c, p.st, 1, 0); // F holds the block (15"-18")
      marchUnit(p, 0);
      return p.st.body[0].front;
    };
    expect(run()).toBe(15);
    expect(run('share')).toBeCloseTo(18.91, 9); // 15.91"-18.91", on the block F holds
  });
  // A with two friends in Line on its line of march, F1 and F2 (F2's front at f2).
  const TWO = (aFront: number, f1: number, f2: number) => ({
    lane: { length: 40, width: 16 },
    sides: sides([{ id: 'A', formation: 'fieldColumn', front: aFront }, { id: 'F1', formation: 'line', front: f1 }, { id: 'F2', formation: 'line', front: f2 }], [{ id: 'P', front: 38 }], 'random-legal'),
  });
  it('an advance that cannot clear both F1 (6"-7") and F2 (10"-11") passes F1 and stops on F2\'s rear edge, 5" on within the 6" left after one passage; under short F1 stops it', () => {
    // Through both (9" - 6" = 3") it would end on F1; through F1 alone (6") on F2.
    expect(moved(TWO(5, 7, 11), ADVANCE)).toBe(10);
    expect(moved(TWO(5, 7, 11.5), ADVANCE)).toBe(10.5); // 5.5" of 6": the count of friends crossed flips 1, 2, 1, ...
    expect(moved(TWO(5, 7, 11), ADVANCE, 'short')).toBe(6);
  });
  it('a withdrawal likewise passes back through F1 (15"-16") and stops on F2\'s front edge (12"), 5" back within 6"', () => {
    expect(moved(TWO(20, 16, 12), WITHDRAW)).toBe(15);
    expect(moved(TWO(20, 16, 12), WITHDRAW, 'short')).toBe(19);
  });
  it('an advance toward a vacant village block (15"-18") with F (8"-9") on the way pays for F first: 6" of its 9" left, the block 8" off is out of reach (passage); short stops it on F\'s rear edge; share enters the block', () => {
    const fields = { ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 7 }, { id: 'F', formation: 'line', front: 9 }], [{ id: 'P', front: 28 }], 'random-legal') };
    const run = (rule?: string) => {
      const p = startPlay(compile(fields, rule ? { 'aoe.friendInPath': rule } : {}), new ScriptedDice(ADVANCE));
      p.turn = 1;
      marchUnit(p, 0);
      return [p.st.body[0].front, p.st.block[0]];
    };
    expect(run()).toEqual([13, -1]);
    expect(run('short')).toEqual([8, -1]);
    expect(run('share')).toEqual([18, 0]);
  });
  it('an advance toward the block with F (11"-12") on the way and 6" left after passing it enters the block, clear of F', () => {
    const fields = { ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }, { id: 'F', formation: 'line', front: 12 }], [{ id: 'P', front: 28 }], 'random-legal') };
    const p = startPlay(compile(fields), new ScriptedDice(ADVANCE));
    p.turn = 1;
    marchUnit(p, 0);
    expect([p.st.body[0].front, p.st.block[0]]).toEqual([18, 0]); // 5" to the block's near edge, within 9" - 3"
  });
  it('a move that a friend blocks at once leaves A where it stood, still about-faced (aoe.retreatFacing aboutFaced: until it moves)', () => {
    const p = startPlay(compile(FIELD(5, 6), { 'aoe.friendInPath': 'short', 'aoe.retreatFacing': 'aboutFaced' }), new ScriptedDice(ADVANCE));
    p.turn = 1;
    p.st.aboutFaced[0] = 1;
    marchUnit(p, 0);
    expect(p.st.body[0].front).toBe(5);
    expect(p.st.aboutFaced[0]).toBe(1);
  });
});

describe('A charge whose path meets a friend (p1 movement notes: passage of lines, 3" a unit penetrated; rulings 2: a charge is a move into contact; aoe.friendInPath)', () => {
  // A, a Field Column (2"-5"), F, a friend in Line (6"-7") on its path, P a Prussian Line facing it.
  // Column-assault orders a charge it can reach; 9 +1 Field Column: A la Bayonette, a full move of 9".
  const FIELD = (fFront: number, pFront: number) => ({
    lane: { length: 40, width: 16 },
    sides: sides([{ id: 'A', formation: 'fieldColumn', front: 5 }, { id: 'F', formation: 'line', front: fFront }], [{ id: 'P', formation: 'line', front: pFront }]),
  });
  const charged = (fields: Record<string, unknown>, rule?: string) => {
    const c = compile(fields, rule ? { 'aoe.friendInPath': rule } : {});
    const events: AoeEvent[] = [];
    const p = startPlay(c, new ScriptedDice({ '0/morale': [d10(9)] }), { sink: (e) => events.push(e as AoeEvent) });
    p.turn = 1;
    const route: ChargeRoute = { face: -1, distance: Infinity, passed: 0 };
    chargeRoute(c, p.st, 0, 2, route);
    marchUnit(p, 0);
    expect(p.st.body[1].front).toBe(fFrontOf(fields)); // F stays
    return { route: [route.face, route.distance, route.passed], order: events.find((e) => e.type === 'order'), front: p.st.body[0].front, target: p.st.chargeTarget[0] };
  };
  const fFrontOf = (fields: Record<string, unknown>) => ((fields.sides as { units: { front: number }[] }[])[0].units[1].front);
  it('passage: P 6" off through F costs 6" + 3" = 9", a full move: the charge goes home, A at 8"-11" clear beyond F', () => {
    const r = charged(FIELD(7, 11));
    expect(r.route).toEqual([0, 9, 1]);
    expect(r.order).toMatchObject({ order: 'charge P' });
    expect([r.front, r.target]).toEqual([11, 2]);
  });
  it('passage: P 6.5" off needs 9.5", beyond the full move: no charge, the column advances instead', () => {
    const r = charged(FIELD(7, 11.5));
    expect(r.route).toEqual([0, 9.5, 1]);
    expect(r.order).toMatchObject({ order: 'advance' });
    expect(r.target).toBe(-1);
  });
  it('passage: where A would stand in contact (8"-11") F (8"-9") stands: no charge through it', () => {
    const r = charged(FIELD(9, 11));
    expect(r.route[0]).toBe(-1);
    expect(r.target).toBe(-1);
  });
  it('short and share: a friend in the path closes the front, as it did before (no charge through a friend)', () => {
    for (const rule of ['short', 'share']) {
      const r = charged(FIELD(7, 11), rule);
      expect(r.route[0], rule).toBe(-1);
      expect(r.order, rule).toMatchObject({ order: 'advance' });
      expect(r.target, rule).toBe(-1);
    }
  });
});

describe('A formation change onto a friend\'s ground (p1 movement notes: a change costs half a move, about no stand the text names; p1/p3 Built-up Areas: one unit to a block; aoe.formationRoom)', () => {
  // A and F, Field Columns 2" wide side by side (A -2"-0", F 0"-2"), fronts at 10"; P far off. A Line of
  // 6 stands is 6" wide: formed about A's centre it stands -4"-2", 2" across F's ground.
  const PAIR = (extra: Record<string, unknown>[] = [], width = 16) => ({
    lane: { length: 40, width },
    sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, offset: -1 }, { id: 'F', formation: 'fieldColumn', front: 10, offset: 1 }, ...extra], [{ id: 'P', front: 30 }]),
  });
  const formLine = (fields: Record<string, unknown>, rule?: string) => {
    const p = startPlay(compile(fields, rule ? { 'aoe.formationRoom': rule } : {}), new ScriptedDice({}));
    const made = changeFormation(p, 0, 'line');
    const b = p.st.body[0];
    expect(p.st.body[1]).toMatchObject({ offset: 1, frontage: 2 }); // F never moves
    return { made, formation: p.st.formationOf(0), offset: b.offset, frontage: b.frontage, front: b.front, changed: p.st.changed[0] };
  };
  it('aside: the Line forms off-centre, -6"-0", clear of F and still covering A\'s centre (-1"); its front edge stays', () => {
    expect(formLine(PAIR())).toEqual({ made: true, formation: 'line', offset: -3, frontage: 6, front: 10, changed: 1 });
  });
  it('refuse: no change, A stays a Field Column where it stood; share: the Line on F\'s ground (-4"-2")', () => {
    expect(formLine(PAIR(), 'refuse')).toEqual({ made: false, formation: 'fieldColumn', offset: -1, frontage: 2, front: 10, changed: 0 });
    expect(formLine(PAIR(), 'share')).toEqual({ made: true, formation: 'line', offset: -1, frontage: 6, front: 10, changed: 1 });
  });
  it('aside with no room: a friend on each side (G -4"-2"), or the table edge 4" out (lane 8" wide), and no place covering A\'s centre is clear: no change', () => {
    const G = { id: 'G', formation: 'fieldColumn', front: 10, offset: -3 };
    expect(formLine(PAIR([G]))).toMatchObject({ made: false, formation: 'fieldColumn', offset: -1, frontage: 2 });
    expect(formLine(PAIR([], 8))).toMatchObject({ made: false, formation: 'fieldColumn', offset: -1, frontage: 2 });
  });
  it('a friend ahead or behind, clear of the new footprint, leaves the change about the centre', () => {
    const fields = { lane: { length: 40, width: 16 }, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, offset: -1 }, { id: 'F', formation: 'fieldColumn', front: 14, offset: 1 }], [{ id: 'P', front: 30 }]) };
    expect(formLine(fields)).toMatchObject({ made: true, offset: -1, frontage: 6 });
  });
  it('a square with no room to form back (p1/p3 Forming Square: nothing makes a square form back; aoe.formationRoom) stays a square and holds: no order, no March roll, turn after turn, attacking or holding; with room it forms back', () => {
    // A, a square 2" wide (-2"-0"), F (0"-2") and G (-4"-2") Field Columns beside it; no cavalry on the table.
    const G = { id: 'G', formation: 'fieldColumn', front: 10, offset: -3 };
    const trio = (extra: Record<string, unknown>[]) => [{ id: 'A', formation: 'square', front: 10, offset: -1 }, { id: 'F', formation: 'fieldColumn', front: 10, offset: 1 }, ...extra];
    const run = (attacking: boolean, extra: Record<string, unknown>[], rule?: string) => {
      const mine = trio(extra);
      const enemy = [{ id: 'P', front: 30 }];
      const fields = { lane: { length: 40, width: 16 }, sides: attacking ? sides(mine, enemy, 'stand-fast') : sides(enemy, mine, 'stand-fast', 'stand-fast') };
      const c = compile(fields, rule ? { 'aoe.formationRoom': rule } : {});
      const events: AoeEvent[] = [];
      const p = startPlay(c, new ScriptedDice({}), { sink: (e) => events.push(e as AoeEvent) });
      const a = attacking ? 0 : 1;
      const orders: number[] = [];
      for (let turn = 1; turn <= 3; turn++) {
        p.turn = turn;
        orders.push(decideOrder(p, a, newOrder()).formation);
        marchUnit(p, a);
      }
      return { orders, rolls: events.filter((e) => e.type === 'check' && e.unit === 'A').length, formation: p.st.formationOf(a) };
    };
    for (const attacking of [true, false]) {
      expect(run(attacking, [G]), `attacking ${attacking}`).toEqual({ orders: [-1, -1, -1], rolls: 0, formation: 'square' });
      expect(run(attacking, [G], 'refuse'), `attacking ${attacking}`).toEqual({ orders: [-1, -1, -1], rolls: 0, formation: 'square' });
      expect(run(attacking, [G], 'share').orders[0], `attacking ${attacking}`).toBe(FORMATIONS.indexOf('line')); // ordered as before that option
      const roomy = run(attacking, []);
      expect(roomy.orders[0], `attacking ${attacking}`).toBe(FORMATIONS.indexOf('line'));
      expect(roomy.rolls, `attacking ${attacking}`).toBeGreaterThan(0);
      expect(roomy.formation, `attacking ${attacking}`).not.toBe('square');
    }
  });
  it('the doctrine does not ask for a change there is no room for: stand-fast\'s columns with a friend on each side keep their formation and advance; with room they form Line (aoe.formationRoom share: ordered as before)', () => {
    const G = { id: 'G', formation: 'fieldColumn', front: 10, offset: -3 };
    const order = (extra: Record<string, unknown>[], rule?: string) => {
      const fields = { lane: { length: 40, width: 16 }, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, offset: -1 }, { id: 'F', formation: 'fieldColumn', front: 10, offset: 1 }, ...extra], [{ id: 'P', front: 30 }], 'stand-fast') };
      const p = startPlay(compile(fields, rule ? { 'aoe.formationRoom': rule } : {}), new ScriptedDice({}));
      p.turn = 1;
      const o = decideOrder(p, 0, newOrder());
      expect(p.st.body[0]).toMatchObject({ offset: -1, frontage: 2 }); // the probe leaves A as it was
      return { formation: o.formation, kind: o.kind };
    };
    expect(order([G])).toEqual({ formation: -1, kind: O_ADVANCE });
    expect(order([])).toEqual({ formation: FORMATIONS.indexOf('line'), kind: O_ADVANCE });
    expect(order([G], 'refuse')).toEqual({ formation: -1, kind: O_ADVANCE });
    expect(order([G], 'share')).toEqual({ formation: FORMATIONS.indexOf('line'), kind: O_ADVANCE });
  });
});
