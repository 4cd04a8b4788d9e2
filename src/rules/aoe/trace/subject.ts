/**
 * What a traced Age of Eagles engagement is about, as plain data the story and the pictures read
 * besides the events: the sides and their doctrines, the units as the scenario set them up, the lane,
 * its terrain and objective, the turn limit and the options in play.
 */
import type { CompiledLane } from '../compile.js';
import { doctrineName } from '../doctrine.js';

export interface TraceUnit {
  id: string;
  side: 0 | 1;
  arm: 'infantry' | 'cavalry' | 'artillery';
  stands: number;
  troops: string;
  formation: string;
  marchMode: string | null;
  musket: number;
  flags: string[];
  guns: number;
  weight: string;
  threshold: number;
  men: number;
  front: number;
  offset: number;
}

export interface TraceSubject {
  name: string;
  title?: string;
  sides: [{ name: string; role: string; doctrine: string }, { name: string; role: string; doctrine: string }];
  units: TraceUnit[];
  lane: { length: number; width: number };
  terrain: { kind: string; from: number; to: number; yMin?: number; yMax?: number }[];
  objective: { name: string; from: number; to: number; yMin: number; yMax: number; held: boolean };
  flankFaces: number;
  flankDetour: number;
  turns: number;
  minutesPerTurn: number;
  options: Record<string, unknown>;
}

export function subjectOf(c: CompiledLane, name: string, title?: string): TraceSubject {
  return {
    name,
    title,
    sides: [0, 1].map((s) => ({ name: c.sideNames[s], role: s === c.attacker ? 'attacker' : 'defender', doctrine: doctrineName(c.doctrines[s]) })) as TraceSubject['sides'],
    units: c.specs.map((s) => ({
      id: s.id,
      side: s.side,
      arm: s.arm,
      stands: s.stands,
      troops: s.troops,
      formation: s.arm === 'artillery' ? (s.startLimbered ? 'limbered' : 'battery') : s.startFormation === 'none' ? 'bua' : s.startFormation,
      marchMode: s.marchMode,
      musket: s.ranks,
      flags: [s.light && 'light', s.lancers && 'lancers', s.armoured ? 'armoured' : s.heavy && 'heavy', s.horse && 'horse', s.leader === 1 && 'leader', s.leader === 2 && 'charismatic leader'].filter((f): f is string => typeof f === 'string'),
      guns: s.guns,
      weight: s.weight,
      threshold: s.threshold,
      men: s.men,
      front: s.startBody.front,
      offset: s.startBody.offset,
    })),
    lane: { length: c.lane.xMax - c.lane.xMin, width: c.lane.width },
    terrain: c.terrain.map((t) => ({ kind: t.kind, from: t.from, to: t.to, ...(t.yMin !== undefined ? { yMin: t.yMin } : {}), ...(t.yMax !== undefined ? { yMax: t.yMax } : {}) })),
    objective: { name: c.objective.name, from: c.objective.from, to: c.objective.to, yMin: c.objective.yMin, yMax: c.objective.yMax, held: c.objective.held },
    flankFaces: c.flankFaces,
    flankDetour: c.flankDetour,
    turns: c.turns,
    minutesPerTurn: c.scale.minutesPerTurn,
    options: { ...c.options },
  };
}
