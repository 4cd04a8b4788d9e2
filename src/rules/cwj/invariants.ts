/**
 * What must hold after every phase of a CWJ engagement (DESIGN.md, "Reliability"); checked when play is
 * asked to (`checkInvariants`), and the message names the turn, phase and unit.
 */
import { EPS, lateralOverlap, onLane, withinWidth } from '../../table/index.js';
import { formationAllowed } from './types.js';
import type { Game } from './game.js';

function axial(b: { front: number; facing: number; depth: number }): [number, number] {
  const r = b.front - b.facing * b.depth;
  return b.front < r ? [b.front, r] : [r, b.front];
}

/** The violations now, as messages (empty when all holds). */
export function violations(g: Game): string[] {
  const out: string[] = [];
  const c = g.c;
  const where = `turn ${g.turn}, ${g.phase}`;
  for (let i = 0; i < g.live.length; i++) {
    const u = g.live[i];
    const b = g.bodies[u];
    const s = c.units[u];
    if (!g.alive[u]) out.push(`${where}: ${s.id} is listed alive but removed`);
    if (!onLane(c.lane, b) || !withinWidth(c.lane, b)) out.push(`${where}: ${s.id} stands off the lane (front ${b.front}, offset ${b.offset})`);
    if (!formationAllowed(s.arm, g.formation[u])) out.push(`${where}: ${s.id} (${s.arm}) is in ${g.formation[u]}`);
    if (!(b.frontage > 0 && b.depth > 0)) out.push(`${where}: ${s.id} has no footprint`);
    if (g.engaged[u] && !g.inContact(u)) out.push(`${where}: ${s.id} is in a standing melee with nobody`);
    const [a0, a1] = axial(b);
    for (let j = i + 1; j < g.live.length; j++) {
      const v = g.live[j];
      const o = g.bodies[v];
      const [o0, o1] = axial(o);
      if (lateralOverlap(b, o) > EPS && Math.min(a1, o1) - Math.max(a0, o0) > 1e-4) out.push(`${where}: ${s.id} and ${c.units[v].id} stand in one place`);
    }
  }
  let alive = 0;
  for (let u = 0; u < g.n; u++) alive += g.alive[u];
  if (alive !== g.live.length) out.push(`${where}: ${g.live.length} units listed alive, ${alive} alive`);
  for (let gen = 0; gen < g.genUnit.length; gen++) {
    const u = g.genUnit[gen];
    const spec = c.generals[gen];
    if (!g.genAlive[gen] || u < 0) continue;
    if (!g.alive[u]) out.push(`${where}: general ${spec.id} is with ${c.units[u].id}, which has left the table`);
    else if (c.units[u].arm !== spec.arm || c.units[u].corps !== spec.corps) out.push(`${where}: general ${spec.id} is with ${c.units[u].id}, not of his arm and corps`);
  }
  for (let k = 0; k < c.corps.length; k++) {
    if (g.chips[k] < 0 || g.chips[k] > g.fatigueNumber[k]) out.push(`${where}: corps ${c.corps[k].id} has ${g.chips[k]} chips of ${g.fatigueNumber[k]}`);
    if (g.passes[k] < 0) out.push(`${where}: corps ${c.corps[k].id} has ${g.passes[k]} passes`);
  }
  for (const side of [0, 1] as const) {
    const r = g.res.sides[side];
    if (r.strengthLost > r.startStrength) out.push(`${where}: side ${side} lost ${r.strengthLost} of ${r.startStrength} units`);
    if (r.menLost > r.startMen) out.push(`${where}: side ${side} lost ${r.menLost} of ${r.startMen} men`);
    if (g.dish[side] < 0) out.push(`${where}: side ${side}'s army dish holds ${g.dish[side]}`);
  }
  return out;
}

export function checkInvariants(g: Game): void {
  const v = violations(g);
  if (v.length) throw new Error(`invariant violated: ${v.join('; ')}`);
}
