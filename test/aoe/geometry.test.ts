/**
 * What Age of Eagles asks of the lane (src/rules/aoe/geometry.ts; rulings 6): fire arcs and lines,
 * faces and charge distances (one attacker a face, p1 Special Rules), contact, outflanking, secure
 * flanks (p3), cover, village blocks (p1 Built-up Areas), moves with their stand-off, retreats off
 * the table.
 */
import { describe, expect, it } from 'vitest';
import {
  advance,
  allRound,
  attachedPartner,
  blockAhead,
  chargeRoute,
  clearLine,
  coverOf,
  defendingPair,
  enterBlock,
  fallBack,
  flankChargeDistance,
  flankPlacement,
  frontChargeDistance,
  hasSecureFlanks,
  inArc,
  NO_COST,
  outflanked,
  pairAttacked,
  placeInContact,
  roomBehind,
  STANDOFF,
  unitDistance,
  type ChargeRoute,
} from '../../src/rules/aoe/geometry.js';
import { inContact } from '../../src/table/index.js';
import { compile, sides, VILLAGE } from './helpers.js';

const route = (): ChargeRoute => ({ face: -1, distance: Infinity, passed: 0 });

describe('Distances, arcs and lines of fire (p2 ranges measured front to front; rulings 3.5)', () => {
  const c = compile(VILLAGE);
  const st = c.state;
  it('unitDistance is the gap between the footprints: 5" from the French fronts to the village edge', () => {
    expect(unitDistance(st.body[0], st.body[3])).toBe(5);
    // The battery 4" off the centre line: 5" along, 2" across to the block's corner.
    expect(unitDistance(st.body[2], st.body[3])).toBeCloseTo(Math.hypot(5, 2), 12);
  });
  it('the arc: ahead of the front, no further to the side than ahead; a village unit fires every way', () => {
    expect(inArc(st, 2, 3)).toBe(true);
    expect(inArc(st, 3, 0)).toBe(true);
    expect(allRound(st, 3)).toBe(true);
    expect(inArc(st, 0, 1)).toBe(false); // beside it, not ahead
  });
  it('a column beside the battery’s line of fire does not block it; one across it does', () => {
    expect(clearLine(st, 2, 3)).toBe(true);
    st.body[0].offset = -2.5; // Fr-1 now straddles the line from the battery to the block's corner
    st.body[0].front = 12;
    expect(clearLine(st, 2, 3)).toBe(false);
    st.reset();
  });
});

describe('Charges: faces and contact (p1 Special Rules: one attacking unit a face; rulings 6)', () => {
  it('the front face is the first body in the path; the distance is the gap to it', () => {
    const c = compile(VILLAGE);
    expect(frontChargeDistance(c.state, 0, 3)).toBe(5);
    expect(frontChargeDistance(c.state, 2, 3)).toBe(Infinity); // the battery does not overlap the block
  });
  it('a flank face whose place would put the charger front to front with another enemy, out of contact, is not free (rulings 2: a charge contacts its target; p1 Special Rules)', () => {
    // D (Field Column, 3" deep) at 20-23; E behind its left flank, its front on D's rear edge.
    const layout = (eFront: number) => compile({ flankFaces: 1, lane: { length: 40, width: 16 }, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, offset: -5 }], [{ id: 'D', formation: 'fieldColumn', front: 20 }, { id: 'E', formation: 'fieldColumn', front: eFront, offset: -2 }]) });
    const c = layout(23);
    const place = flankPlacement(c, c.state, 0, 1, { front: 0, facing: 1, frontage: 1, depth: 1, offset: 0 });
    expect(place).toMatchObject({ front: 23, offset: -2 });
    expect(inContact(place, c.state.body[2])).toBe(true);
    expect(flankChargeDistance(c, c.state, 0, 1)).toBe(Infinity);
    // 1" further back, E no longer meets the place: the flank is free, 10" away and the 3" detour.
    const far = layout(24);
    expect(flankChargeDistance(far, far.state, 0, 1)).toBe(13);
  });
  it('the front face is not free when the contact would meet another enemy level with the target across the charger’s frontage (rulings 2: a charge contacts its target; p1 Special Rules)', () => {
    // A in Line (6" wide) faces D and E side by side, both Field Columns with fronts at 20.
    const layout = (eFront: number, flankFaces: number) => compile({ flankFaces, lane: { length: 40, width: 16 }, sides: sides([{ id: 'A', formation: 'line', front: 10 }], [{ id: 'D', formation: 'fieldColumn', front: 20, offset: -2 }, { id: 'E', formation: 'fieldColumn', front: eFront, offset: 2 }]) });
    const c = layout(20, 0);
    expect(frontChargeDistance(c.state, 0, 1)).toBe(10); // D is in the path, 10" on
    expect(chargeRoute(c, c.state, 0, 1, route())).toEqual({ face: -1, distance: Infinity, passed: 0 });
    // 1" further back E no longer meets A's place at D's front: the front is free.
    const far = layout(21, 0);
    expect(chargeRoute(far, far.state, 0, 1, route())).toEqual({ face: 0, distance: 10, passed: 0 });
  });
  it('a flank face costs the scenario’s detour (3") and is offered only while flankFaces are free', () => {
    const c = compile(VILLAGE);
    const st = c.state;
    const r = route();
    chargeRoute(c, st, 0, 3, r);
    expect(r).toEqual({ face: 0, distance: 5, passed: 0 });
    placeInContact(c, st, 0, 3, 0);
    expect(st.body[0].front).toBe(15);
    chargeRoute(c, st, 1, 3, r);
    expect(r).toEqual({ face: 1, distance: 8, passed: 0 });
    expect(flankChargeDistance(c, st, 1, 3)).toBe(8);
    placeInContact(c, st, 1, 3, 1);
    // Beside the block's flank, level with it.
    expect(st.body[1]).toMatchObject({ front: 18, offset: 2.5 });
    // A village block is never outflanked (rulings 3.4).
    expect(outflanked(st, 3)).toBe(false);
  });
  it('with no flank faces open, a second attacker finds no face; a line in the open attacked in the flank is outflanked', () => {
    const c = compile({ flankFaces: 0, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, offset: -1 }, { id: 'B', formation: 'fieldColumn', front: 10, offset: 1 }], [{ id: 'P', front: 15 }]) });
    const r = route();
    placeInContact(c, c.state, 0, 2, 0);
    chargeRoute(c, c.state, 1, 2, r);
    expect(r.face).toBe(-1);
    const open = compile({ flankFaces: 1, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10, offset: -1 }, { id: 'B', formation: 'fieldColumn', front: 10, offset: 1 }], [{ id: 'P', front: 15 }]) });
    placeInContact(open, open.state, 0, 2, 0);
    chargeRoute(open, open.state, 1, 2, r);
    expect(r.face).toBe(1);
    placeInContact(open, open.state, 1, 2, 1);
    expect(outflanked(open.state, 2)).toBe(true);
  });
});

describe('Flanks, attachment, cover (p3 Secure Flanks; p1 Special Rules; p2 cover)', () => {
  it('secure flanks: a friend within 3" of each flank', () => {
    const col = (id: string, offset: number) => ({ id, formation: 'fieldColumn', front: 10, offset });
    const c = compile({ sides: sides([col('L', -4), col('C', 0), col('R', 4)], [{ id: 'P', front: 20 }]) });
    expect(hasSecureFlanks(c, c.state, 1)).toBe(true); // 2" gap to each neighbour
    c.state.body[2].offset = 5; // 3" on the right: still within 3"
    expect(hasSecureFlanks(c, c.state, 1)).toBe(true);
    c.state.body[2].offset = 5.5; // 3.5" on the right
    expect(hasSecureFlanks(c, c.state, 1)).toBe(false);
  });
  it('p1 Special Rules, rulings 3.6: the defending pair of a combat is the troops first and the battery attached to them, from either', () => {
    const c = compile({ sides: sides([{ id: 'A', front: 5 }], [{ id: 'G', arm: 'artillery', front: 20, offset: 3.5 }, { id: 'P', front: 20, offset: 0 }]) });
    const pair = new Int32Array(2);
    expect([...defendingPair(c, c.state, 2, pair)]).toEqual([2, 1]);
    expect([...defendingPair(c, c.state, 1, pair)]).toEqual([2, 1]);
    expect(pairAttacked(c.state, pair)).toBe(false);
    c.state.chargeTarget[0] = 1; // A in contact with the battery alone
    expect(pairAttacked(c.state, pair)).toBe(true);
    c.state.body[1].offset = 5; // no longer touching: each alone
    expect([...defendingPair(c, c.state, 2, pair)]).toEqual([2, -1]);
    expect([...defendingPair(c, c.state, 1, pair)]).toEqual([1, -1]);
  });
  it('a battery touching a friendly troop unit is attached to it', () => {
    const c = compile({ sides: sides([{ id: 'I', formation: 'fieldColumn', front: 10, offset: 0 }, { id: 'G', arm: 'artillery', front: 10, offset: 1.5 }], [{ id: 'P', front: 20 }]) });
    expect(attachedPartner(c, c.state, 1)).toBe(0);
    expect(attachedPartner(c, c.state, 0)).toBe(1);
    c.state.body[1].offset = 2;
    expect(attachedPartner(c, c.state, 1)).toBe(-1);
  });
  it('cover: the village block aoe.buaCover (2 by default, 3 as an option); woods 1 when the unit stands in them', () => {
    expect(coverOf(compile(VILLAGE), compile(VILLAGE).state, 3)).toBe(2);
    const three = compile(VILLAGE, { 'aoe.buaCover': 3 });
    expect(coverOf(three, three.state, 3)).toBe(3);
    const woods = compile({ terrain: [{ kind: 'woods', from: 14, to: 20 }], sides: sides([{ id: 'A', front: 10 }], [{ id: 'P', front: 15 }]) });
    expect(coverOf(woods, woods.state, 1)).toBe(1);
    expect(coverOf(woods, woods.state, 0)).toBe(0);
  });
  it('p3 Built Up Areas: a block covers only the unit that occupies it; a Field Column standing on its ground without holding it has no cover', () => {
    const c = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 17 }], [{ id: 'P', front: 25 }]) });
    expect(c.state.block[0]).toBe(-1);
    expect(coverOf(c, c.state, 0)).toBe(0); // its footprint 14"-17" lies across the block 15"-18"
    enterBlock(c, c.state, 0, 0);
    expect(coverOf(c, c.state, 0)).toBe(2);
  });
});

describe('Moves, blocks and retreats (p1 movement, Built-up Areas; rulings 3.2, 3.6)', () => {
  it('an advance stops STANDOFF short of the enemy ahead: only a charge makes contact', () => {
    const c = compile({ sides: sides([{ id: 'A', front: 10 }], [{ id: 'P', front: 15 }]) });
    const st = c.state;
    const moved = advance(c, st, 0, 12, NO_COST, NaN);
    expect(moved).toBeCloseTo(5 - STANDOFF, 9);
    expect(st.body[0].front).toBeCloseTo(14, 9);
  });
  it('a vacant village block ahead within reach is entered and filled; an occupied one is not offered', () => {
    const c = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 25 }]) });
    const st = c.state;
    expect(blockAhead(c, st, 0, 4, STANDOFF)).toBe(-1);
    expect(blockAhead(c, st, 0, 5, STANDOFF)).toBe(0);
    enterBlock(c, st, 0, 0);
    expect(st.body[0]).toMatchObject({ front: 18, depth: 3, frontage: 3, offset: 0 });
    expect(st.formationOf(0)).toBe('none');
    const held = compile(VILLAGE);
    expect(blockAhead(held, held.state, 0, 9, STANDOFF)).toBe(-1);
  });
  it('p1 Built-up Areas: a move does not pass through an enemy to reach a vacant block: an advance only to a block STANDOFF short of the first enemy in its path', () => {
    const between = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 14 }]) });
    expect(blockAhead(between, between.state, 0, 9, STANDOFF)).toBe(-1); // P stands at 14"-15", the block at 15"
    expect(blockAhead(between, between.state, 0, 9, 0)).toBe(-1);
    between.state.body[1].offset = 5; // P beside the path: the block is open again
    expect(blockAhead(between, between.state, 0, 9, STANDOFF)).toBe(0);
  });
  it('p1 Built-up Areas: a charge\'s path ends in a vacant block before its target (standoff 0), not in one beyond it', () => {
    const beyond = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 18 }]) });
    expect(blockAhead(beyond, beyond.state, 0, 8, 0)).toBe(0); // the block 15"-18" lies before P's front at 18"
    expect(blockAhead(beyond, beyond.state, 0, 8, STANDOFF)).toBe(0);
    const short = compile({ ...VILLAGE, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 10 }], [{ id: 'P', front: 15 }]) });
    expect(blockAhead(short, short.state, 0, 5, 0)).toBe(-1); // P at 15"-16" stands on the block: not vacant
    short.state.body[1].offset = 4.5; // P (1.5"-7.5" across) beside the block, its front level with the block's near edge
    short.state.body[0].offset = 1; // A (0"-2" across) overlaps both
    expect(blockAhead(short, short.state, 0, 5, 0)).toBe(-1); // contact with P comes first
    short.state.body[1].front = 16; // P 1" further on: now the block comes first
    expect(blockAhead(short, short.state, 0, 6, 0)).toBe(0);
  });
  it('rulings 3.6 [gap]: a retreat that would leave the table removes the unit; otherwise it goes straight back, facing kept', () => {
    const c = compile({ sides: sides([{ id: 'A', front: 4 }], [{ id: 'P', front: 15 }]) });
    expect(fallBack(c, c.state, 0, 2)).toBe('ok');
    expect(c.state.body[0]).toMatchObject({ front: 2, facing: 1 });
    expect(fallBack(c, c.state, 0, 6)).toBe('offLane');
  });
  it('rulings 3.6 [gap] removes only a retreat off the table: the room a withdrawal by choice has is the gap from the rear edge to the own table edge', () => {
    const c = compile({ lane: { length: 30, width: 16 }, sides: sides([{ id: 'A', formation: 'fieldColumn', front: 6 }], [{ id: 'P', formation: 'fieldColumn', front: 26 }]) });
    expect(roomBehind(c.lane, c.state.body[0])).toBe(3); // Field Column 3" deep: rear at 3", the edge at 0
    expect(roomBehind(c.lane, c.state.body[1])).toBe(1); // facing the other way: rear at 29", the edge at 30"
    c.state.body[0].front = 3;
    expect(roomBehind(c.lane, c.state.body[0])).toBe(0);
  });
});
