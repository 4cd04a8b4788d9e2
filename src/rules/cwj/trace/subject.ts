/**
 * What a traced CWJ engagement is about, as plain data (src/core/ruleset.ts, TraceSupport.subject):
 * the sides, corps, units with their ratings, the lane, its terrain and objective, and the options.
 */
import type { ResolvedOptions } from '../../../core/ruleset.js';
import type { CompiledLane } from '../compile.js';
import { doctrineName } from '../doctrine.js';

export interface TraceUnit {
  id: string;
  side: 0 | 1;
  arm: string;
  type: string;
  nation: string;
  fire: number | null;
  rally: number;
  melee: number;
  men: number;
  formation: string;
  corps: string;
  source: string;
}

export interface TraceSubject {
  name: string;
  title?: string;
  sides: { name: string; role: string; doctrine: string }[];
  corps: { id: string; name: string; side: 0 | 1; passes: number; generals: { id: string; arm: string }[] }[];
  units: TraceUnit[];
  lane: { xMin: number; xMax: number; width: number };
  terrain: { kind: string; from: number; to: number; yMin?: number; yMax?: number; rises: number }[];
  objective: { name: string; from: number; to: number; yMin?: number; yMax?: number; terrain: boolean; carry: boolean } | null;
  turns: number;
  first: 0 | 1;
  decision: string;
  armyMorale: boolean;
  yardsPerCm: number;
  minutesPerTurn: number;
  options: ResolvedOptions;
}

export function subjectOf(c: CompiledLane, name: string, title?: string): TraceSubject {
  return {
    name,
    title,
    sides: c.sides.map((s) => ({ name: s.name, role: s.role, doctrine: doctrineName(s.doctrine) })),
    corps: c.corps.map((k) => ({ id: k.id, name: k.name, side: k.side, passes: k.passes, generals: k.generals.map((g) => ({ id: c.generals[g].id, arm: c.generals[g].arm })) })),
    units: c.units.map((u) => ({
      id: u.id,
      side: u.side,
      arm: u.arm,
      type: u.type,
      nation: u.nation,
      fire: u.fire,
      rally: u.rally,
      melee: u.melee,
      men: u.men,
      formation: u.formation,
      corps: c.corps[u.corps].id,
      source: u.source,
    })),
    lane: { xMin: c.lane.xMin, xMax: c.lane.xMax, width: c.lane.width },
    terrain: c.terrain.map((t) => ({ kind: t.kind, from: t.from, to: t.to, yMin: t.yMin, yMax: t.yMax, rises: t.rises })),
    objective: c.objective
      ? { name: c.objective.name, from: c.objective.interval.from, to: c.objective.interval.to, yMin: c.objective.interval.yMin, yMax: c.objective.interval.yMax, terrain: c.objective.terrain, carry: c.objective.carry }
      : null,
    turns: c.turns,
    first: c.first,
    decision: c.decision,
    armyMorale: c.armyMorale,
    yardsPerCm: c.options.yardsPerCm,
    minutesPerTurn: c.options.minutesPerTurn,
    options: { ...c.resolved },
  };
}
