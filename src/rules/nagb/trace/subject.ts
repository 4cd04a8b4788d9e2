/**
 * What a traced NAGB engagement is about, as plain data (src/core/ruleset.ts, TraceSupport.subject):
 * the lane and its terrain, the objective, the sides with their doctrines, brigades and commanders, and
 * every unit as it starts (class, Ld, figures, formation, footprint on the lane).
 */
import { doctrineName } from '../doctrine.js';
import type { CompiledLane } from '../play/state.js';
import { unitFootprint } from '../units.js';

export interface SubjectUnit {
  id: string;
  side: 0 | 1;
  brigade: string;
  arm: string;
  cls: string;
  ld: number;
  figures: number;
  formation: string;
  drilled: boolean;
  guns: string[];
  cavalryType: string | null;
  front: number;
  offset: number;
  facing: 1 | -1;
  frontage: number;
  depth: number;
  sector: string | null;
  disordered: boolean;
}

export interface NagbSubject {
  name: string;
  title?: string;
  lane: { length: number; width: number };
  terrain: { kind: string; name: string; from: number; to: number; yMin?: number; yMax?: number }[];
  objective: { name: string; x: number; y: number };
  baseTurns: number;
  maxTurns: number;
  victory: 'objective' | 'points';
  onTime: 'defender' | 'draw';
  scale: { yardsPerInch: number; menPerFigure: number; minutesPerTurn: number };
  sides: { name: string; role: string; army: string; nation: string; doctrine: string; cinc: string | null }[];
  brigades: { id: string; name: string; side: 0 | 1; commander: { id: string; rating: string; ld: number; radius: number; x: number; y: number } }[];
  units: SubjectUnit[];
}

export function subjectOf(c: CompiledLane, name: string, title?: string): NagbSubject {
  return {
    name,
    title,
    lane: { length: c.lane.xMax, width: c.lane.width },
    terrain: c.terrain.map((t, i) => ({ kind: t.kind, name: c.terrainNames[i], from: t.from, to: t.to, ...(t.yMin !== undefined ? { yMin: t.yMin } : {}), ...(t.yMax !== undefined ? { yMax: t.yMax } : {}) })),
    objective: { ...c.objective },
    baseTurns: c.baseTurns,
    maxTurns: c.maxTurns,
    victory: c.victory,
    onTime: c.onTime,
    scale: { yardsPerInch: c.scale.yardsPerUnit, menPerFigure: c.scale.menPerStrength, minutesPerTurn: c.scale.minutesPerTurn },
    sides: c.sides.map((s) => ({
      name: s.name,
      role: c.victory === 'points' ? 'meeting' : s.role,
      army: s.army,
      nation: s.nation,
      doctrine: doctrineName(s.doctrine),
      cinc: s.cinc ? `${s.cinc.id} (${s.cinc.rating})` : null,
    })),
    brigades: c.brigades.map((b) => ({
      id: b.id,
      name: b.name,
      side: b.side,
      commander: { id: b.commander.id, rating: b.commander.rating, ld: b.commander.row.ld, radius: b.commander.row.radius, x: b.commander.x, y: b.commander.y },
    })),
    units: c.specs.map((s) => {
      const fp = unitFootprint(s.arm, s.startFormation, s.startFigures, s.startFigures, s.guns.length, s.light, c.options);
      return {
        id: s.id,
        side: s.side,
        brigade: c.brigades[s.brigade].id,
        arm: s.arm,
        cls: s.cls,
        ld: s.ld,
        figures: s.startFigures,
        formation: s.startFormation,
        drilled: s.drilled,
        guns: s.guns.slice(),
        cavalryType: s.cavalryType,
        front: s.startFront,
        offset: s.startOffset,
        facing: s.facing,
        frontage: fp.frontage,
        depth: fp.depth,
        sector: s.startSector >= 0 ? c.terrainNames[s.startSector] : null,
        disordered: s.startDisordered,
      };
    }),
  };
}
