/**
 * Invariants of an engagement on the lane, checked after every phase when asked (DESIGN.md,
 * "Reliability"): no unit in two places (no two footprints on the same ground), every unit on the lane,
 * figures within their start, at most one unit to a village sector, pips never negative, losses within
 * strength, the ladder's counts in order.
 */
import { axialMax, axialMin, axialOverlap, lateralMax, lateralMin, onLane, overlapsLaterally, withinWidth } from '../../../table/index.js';
import type { Game } from './state.js';

function fail(where: string, what: string): never {
  throw new Error(`invariant broken ${where}: ${what}`);
}

export function checkLaneInvariants(g: Game, where: string): void {
  const c = g.c;
  for (const u of g.units) {
    const k = 4 * u.spec.index;
    const b = u.body;
    if (g.ext[k] !== axialMin(b) || g.ext[k + 1] !== axialMax(b) || g.ext[k + 2] !== lateralMin(b) || g.ext[k + 3] !== lateralMax(b)) fail(where, `${u.spec.id}: kept extents out of step with its body`);
    if (u.figures < 0 || u.figures > u.spec.startFigures) fail(where, `${u.spec.id} has ${u.figures} figures of ${u.spec.startFigures}`);
    if (u.killed + u.dispersed + (u.removed ? 0 : u.figures) !== u.spec.startFigures) fail(where, `${u.spec.id}: killed ${u.killed}, dispersed ${u.dispersed}, left ${u.figures}, started ${u.spec.startFigures}`);
    if (u.removed) continue;
    if (!onLane(c.lane, u.body)) fail(where, `${u.spec.id} is off the lane (front ${u.body.front})`);
    if (!withinWidth(c.lane, u.body)) fail(where, `${u.spec.id} is beyond the lane's width (offset ${u.body.offset})`);
    if (u.spec.arm === 'artillery' && u.guns < 0) fail(where, `${u.spec.id} has ${u.guns} guns`);
    for (const o of g.units) {
      if (o.spec.index <= u.spec.index || o.removed) continue;
      if (axialOverlap(u.body, o.body) > 1e-3 && overlapsLaterally(u.body, o.body)) fail(where, `${u.spec.id} and ${o.spec.id} stand on the same ground`);
    }
  }
  for (const v of c.villages) {
    let n = 0;
    for (const u of g.units) if (!u.removed && u.sector === v) n++;
    if (n > 1) fail(where, `${n} units hold ${c.terrainNames[v]}`);
  }
  for (let b = 0; b < c.brigades.length; b++) if (g.pips[b] < 0) fail(where, `brigade ${c.brigades[b].id} has ${g.pips[b]} pips`);
  for (const side of [0, 1] as const) {
    const s = g.res.sides[side];
    for (let k = 1; k < s.rungs.length; k++) if (s.rungs[k] > s.rungs[k - 1]) fail(where, `side ${side}: rung ${k} counts ${s.rungs[k]} units, more than rung ${k - 1}`);
    if (s.chargesHome > s.chargesDeclared || s.chargesWon > s.chargesHome) fail(where, `side ${side}: charges ${s.chargesDeclared}/${s.chargesHome}/${s.chargesWon}`);
  }
}
