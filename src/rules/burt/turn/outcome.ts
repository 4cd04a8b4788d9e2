/**
 * How an engagement ends (rulings, "Mapping to the common result vocabulary": the text has no victory
 * rules). At the end of each turn, in order: carried, defenderRouted, attackerBroken, repulsed; at the
 * turn limit, time.
 */
import { EPS, axialMax, axialMin, rangeOverlap } from '../../../table/index.js';
import { givesUp } from '../doctrine/choose.js';
import { ROUT, SHAKEN } from '../tables.js';
import type { Game } from '../play/state.js';

/** The unit stands in the objective zone: its footprint overlaps the zone. */
export function inObjective(g: Game, u: number): boolean {
  const o = g.c.objective;
  if (o === null || g.present[u] === 0) return false;
  // fractionIn(g.body[u], o.area) > EPS, with the lateral extent the game keeps.
  const b = g.body[u];
  const t = o.area;
  if (t.from === t.to || !(b.depth > 0) || !(b.frontage > 0)) return false;
  const ax = rangeOverlap(axialMin(b), axialMax(b), t.from, t.to);
  if (ax === 0) return false; // no area in it: the fraction is 0
  const ay = rangeOverlap(g.lo[u], g.hi[u], t.yMin ?? -Infinity, t.yMax ?? Infinity);
  if (ay === 0) return false;
  return Math.min(1, (ax * ay) / (b.depth * b.frontage)) > EPS;
}

/** Foot and horse: the arms whose rout or removal breaks an attack (guns do not count). */
function footOrHorse(g: Game, u: number): boolean {
  return g.c.units[u].arm !== 'guns';
}

/** The side alone (not routing) in the objective zone, or -1. */
export function holder(g: Game): number {
  const held = [false, false];
  for (let u = 0; u < g.c.units.length; u++) if (g.level[u] !== ROUT && inObjective(g, u)) held[g.c.units[u].side] = true;
  return held[0] === held[1] ? -1 : held[0] ? 0 : 1;
}

/**
 * The outcome at the end of a turn, or null to play on: `carried` (an attacker not routing in the
 * objective zone, no defender not routing there; in a meeting engagement, where the defender attacks
 * too, either side), `defenderRouted` (every defender routing or
 * removed), `attackerBroken` (every attacking foot and horse routing or removed), `repulsed` (no
 * attacking foot or horse better than shaken, or the attacker's doctrine gives up).
 */
export function outcomeNow(g: Game): { winner: 0 | 1; reason: string } | null {
  const A = g.c.attacker;
  const D: 0 | 1 = A === 0 ? 1 : 0;
  const units = g.c.units;
  let attackerIn = false;
  let defenderIn = false;
  let defenderStands = false;
  let attackerFootOrHorse = false;
  let attackerStands = false;
  let attackerSteady = false;
  for (let u = 0; u < units.length; u++) {
    const alive = g.present[u] === 1 && g.level[u] !== ROUT;
    if (units[u].side === D) {
      if (alive) defenderStands = true;
      if (alive && inObjective(g, u)) defenderIn = true;
      continue;
    }
    if (alive && inObjective(g, u)) attackerIn = true;
    if (!footOrHorse(g, u)) continue;
    attackerFootOrHorse = true;
    if (alive) attackerStands = true;
    if (alive && g.level[u] < SHAKEN) attackerSteady = true;
  }
  if (!g.c.holdToEnd) {
    if (attackerIn && !defenderIn) return { winner: A, reason: 'carried' };
    // A defender that attacks too carries the objective the same way.
    if (defenderIn && !attackerIn && g.c.sides[D].posture === 'attack') return { winner: D, reason: 'carried' };
  }
  if (!defenderStands) return { winner: A, reason: 'defenderRouted' };
  if (attackerFootOrHorse && !attackerStands) return { winner: D, reason: 'attackerBroken' };
  if ((attackerFootOrHorse && !attackerSteady) || givesUp(g, A)) return { winner: D, reason: 'repulsed' };
  return null;
}

/** The outcome when time runs out (onTime). */
export function timeOutcome(g: Game): 0 | 1 | null {
  switch (g.c.onTime) {
    case 'defender':
      return g.c.attacker === 0 ? 1 : 0;
    case 'attacker':
      return g.c.attacker;
    case 'draw':
      return null;
    default: {
      const h = holder(g);
      return h < 0 ? null : (h as 0 | 1);
    }
  }
}
