/**
 * Invariants of an engagement on the lane (DESIGN.md, "Reliability"), checked after every turn when
 * asked (PlayOptions.checkInvariants): no two units in one place, every unit on the lane, figures and
 * guns within their starting numbers, levels on the ladder, the result's books in step with the units.
 */
import { EPS, axialOverlap, lateralOverlap, onLane, withinWidth } from '../../../table/index.js';
import { ROUT } from '../tables.js';
import type { Game } from './state.js';

function fail(g: Game, what: string): never {
  throw new Error(`invariant (turn ${g.turn}): ${what}`);
}

export function checkInvariants(g: Game): void {
  const c = g.c;
  const lost = [0, 0];
  const start = [0, 0];
  for (let u = 0; u < c.units.length; u++) {
    const s = c.units[u];
    start[s.side] += s.figures;
    lost[s.side] += s.figures - g.figures[u];
    if (g.figures[u] < 0 || g.figures[u] > s.figures) fail(g, `${s.id} has ${g.figures[u]} figures of ${s.figures}`);
    if (g.guns[u] < 0 || g.guns[u] > s.guns) fail(g, `${s.id} has ${g.guns[u]} guns of ${s.guns}`);
    if (s.arm === 'guns' && g.present[u] === 1 && g.figures[u] !== g.guns[u] * s.crew) fail(g, `${s.id}: figures ${g.figures[u]} are not its guns' crews`);
    if (g.level[u] < 0 || g.level[u] > ROUT) fail(g, `${s.id} has level ${g.level[u]}`);
    if (g.present[u] === 1 && g.figures[u] === 0) fail(g, `${s.id} is on the lane with no figures`);
    if (g.present[u] === 0) {
      if (!g.res.units[u].eliminated) fail(g, `${s.id} was removed but the result does not say so`);
      continue;
    }
    const b = g.body[u];
    if (!onLane(c.lane, b) || !withinWidth(c.lane, b)) fail(g, `${s.id} (front ${b.front}, facing ${b.facing}) is off the lane`);
    for (let v = 0; v < u; v++) {
      if (g.present[v] === 0) continue;
      if (axialOverlap(b, g.body[v]) > EPS && lateralOverlap(b, g.body[v]) > EPS) fail(g, `${s.id} and ${c.units[v].id} stand in one place: ${JSON.stringify(b)} and ${JSON.stringify(g.body[v])}`);
    }
    if (g.res.units[u].worst < (g.level[u] === ROUT ? 3 : g.level[u] >= 2 ? g.level[u] - 1 : 0)) fail(g, `${s.id}'s worst rung is below its level`);
  }
  for (const side of [0, 1] as const) {
    const r = g.res.sides[side];
    if (r.startStrength !== start[side]) fail(g, `side ${side} started with ${r.startStrength} figures, its units with ${start[side]}`);
    if (r.strengthLost !== lost[side]) fail(g, `side ${side} lost ${r.strengthLost} figures, its units ${lost[side]}`);
    if (r.stepsLost > r.strengthLost) fail(g, `side ${side}: casualties ${r.stepsLost} above figures lost ${r.strengthLost}`);
    if (g.armyMorale[side] < 0) fail(g, `side ${side}'s army morale is ${g.armyMorale[side]}`);
  }
}
