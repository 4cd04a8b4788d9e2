/**
 * What a Burt trace is about: plain data of the compiled engagement (sides, units, the lane, its
 * terrain and objective, the options) that the story and the pictures read besides the events.
 */
import type { SideIndex } from '../../../core/result.js';
import type { BurtOptions } from '../options.js';
import { FORMATION_LIST, ORDER_LIST, type CompiledLane } from '../play/state.js';

export interface TraceUnit {
  id: string;
  side: SideIndex;
  arm: string;
  figures: number;
  guns: number;
  crew: number;
  ordnance: string;
  weapon: string;
  klass: string;
  formation: string;
  orders: string;
  brigade: string;
  at: number;
  offset: number;
  facing: 1 | -1;
  flags: string[];
}

export interface TraceSubject {
  name: string;
  title?: string;
  sides: { name: string; role: string; posture: string; doctrine: string; armyMorale: number }[];
  units: TraceUnit[];
  lane: { xMin: number; xMax: number; width: number; anchoredLow: boolean; anchoredHigh: boolean };
  terrain: { kind: string; from: number; to: number; yMin?: number; yMax?: number }[];
  objective: { name: string; from: number; to: number; yMin?: number; yMax?: number } | null;
  turns: number;
  onTime: string;
  options: BurtOptions;
}

export function subjectOf(c: CompiledLane, name: string, title?: string): TraceSubject {
  return {
    name,
    ...(title !== undefined ? { title } : {}),
    sides: c.sides.map((s) => ({ name: s.name, role: s.role, posture: s.posture, doctrine: s.doctrineLabel, armyMorale: s.armyMorale })),
    units: c.units.map((u) => ({
      id: u.id,
      side: u.side,
      arm: u.arm,
      figures: u.figures,
      guns: u.guns,
      crew: u.crew,
      ordnance: u.ordnance,
      weapon: u.weapon,
      klass: u.klass,
      formation: FORMATION_LIST[u.formation],
      orders: ORDER_LIST[u.order],
      brigade: c.brigades[u.brigade].name,
      at: u.at,
      offset: u.offset,
      facing: u.facing,
      flags: [u.light && 'light', u.armoured && 'armoured', u.lancers && 'lancers', u.horse && 'horse artillery', u.general !== 'none' && u.general].filter((f): f is string => typeof f === 'string'),
    })),
    lane: { ...c.lane },
    terrain: c.terrain.map((t) => ({ ...t })),
    objective: c.objective ? { name: c.objective.name, from: c.objective.area.from, to: c.objective.area.to, ...(c.objective.area.yMin !== undefined ? { yMin: c.objective.area.yMin } : {}), ...(c.objective.area.yMax !== undefined ? { yMax: c.objective.area.yMax } : {}) } : null,
    turns: c.turns,
    onTime: c.onTime,
    options: { ...c.options },
  };
}
