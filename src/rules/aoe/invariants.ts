/**
 * Invariants of an engagement on the lane, checked after every phase when asked (PlayOptions
 * checkInvariants; DESIGN.md, "Reliability"): no unit in two places, no enemy bodies overlapping, every
 * unit on the lane, hits within the removal threshold, a village block holding one unit, one attacker
 * a face, contacts between live enemies that touch, an enemy touching a village block's edge in
 * contact with its occupier (aoe.blockEdge contact), and the result agreeing with the state.
 */
import { axialOverlap, EPS, inContact, lateralGap, lateralOverlap, onLane, withinWidth } from '../../table/index.js';
import type { Play } from './context.js';
import { blockEdgeContact, facesTaken } from './geometry.js';
import { F_NONE, NO_UNIT } from './state.js';

const FACES = new Int32Array(2);

function fail(message: string): never {
  throw new Error(`invariant: ${message}`);
}

export function checkLaneInvariants(p: Play): void {
  const c = p.c;
  const st = p.st;
  const eliminated = [0, 0];
  for (let u = 0; u < st.n; u++) {
    const s = c.specs[u];
    const b = st.body[u];
    if (st.removed[u]) {
      eliminated[s.side]++;
      if (!p.res.units[u].eliminated) fail(`${s.id} is removed but its result says not`);
      if (st.chargeTarget[u] !== NO_UNIT) fail(`removed ${s.id} still charges`);
      if (st.block[u] >= 0) fail(`removed ${s.id} still holds a village block`);
      continue;
    }
    if (p.res.units[u].eliminated) fail(`${s.id} is in play but its result says eliminated`);
    if (st.hits[u] >= s.threshold) fail(`${s.id} has ${st.hits[u]} hits, its removal threshold is ${s.threshold}`);
    if (s.arm === 'artillery' && st.hits[u] !== 0) fail(`battery ${s.id} has hits`);
    if (!(b.frontage > 0 && b.depth > 0) || !Number.isFinite(b.front) || !Number.isFinite(b.offset)) fail(`${s.id} has a broken footprint`);
    if (!onLane(c.lane, b)) fail(`${s.id} (front ${b.front}, depth ${b.depth}) is off the lane`);
    if (!withinWidth(c.lane, b)) fail(`${s.id} (offset ${b.offset}, frontage ${b.frontage}) is beyond the lane's width`);
    if ((st.block[u] >= 0) !== (st.formation[u] === F_NONE)) fail(`${s.id}: in a village block exactly when it has no formation`);
    const t = st.chargeTarget[u];
    if (t !== NO_UNIT) {
      if (st.removed[t]) fail(`${s.id} charges removed ${c.specs[t].id}`);
      if (c.specs[t].side === s.side) fail(`${s.id} charges a friend`);
      const other = st.body[t];
      const touching = st.chargeFace[u] === 0 ? inContact(b, other) : lateralGap(b, other) <= EPS && axialOverlap(b, other) > EPS;
      if (!touching) fail(`${s.id} charges ${c.specs[t].id} on its ${st.chargeFace[u] === 0 ? 'front' : 'flank'} but does not touch it`);
    }
    facesTaken(st, u, FACES);
    if (FACES[0] > 1) fail(`${FACES[0]} attackers on ${s.id}'s front face (p1: one a face)`);
    if (FACES[1] > c.flankFaces) fail(`${FACES[1]} attackers on ${s.id}'s flank faces, the scenario opens ${c.flankFaces}`);
    for (let v = u + 1; v < st.n; v++) {
      if (st.removed[v]) continue;
      if (st.block[u] >= 0 && st.block[u] === st.block[v]) fail(`${s.id} and ${c.specs[v].id} in one village block`);
      if (c.specs[v].side === s.side) continue;
      const o = st.body[v];
      if (axialOverlap(b, o) > 1e-4 && lateralOverlap(b, o) > 1e-4) fail(`${s.id} and ${c.specs[v].id} stand in the same place`);
      // aoe.blockEdge contact: an enemy against a block's outside edge is in contact with its occupier.
      if (blockEdgeContact(c.options.blockEdge) && (st.block[u] >= 0 || st.block[v] >= 0) && inContact(b, o) && st.chargeTarget[u] !== v && st.chargeTarget[v] !== u) {
        fail(`${s.id} and ${c.specs[v].id} touch at a village block's edge out of contact (aoe.blockEdge contact)`);
      }
    }
  }
  for (const side of [0, 1] as const) {
    if (eliminated[side] !== p.res.sides[side].unitsEliminated) fail(`side ${side} has ${eliminated[side]} units removed, its result says ${p.res.sides[side].unitsEliminated}`);
  }
}
