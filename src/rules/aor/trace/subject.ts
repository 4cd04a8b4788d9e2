/**
 * What a trace is about: a plain-data description of one compiled engagement (units, formations, the
 * map) that the story and the page read besides the events. The CLI builds it from the rule system's
 * compiled data; nothing here knows a rule system.
 */
import type { SideIndex } from '../../../core/result.js';

export interface TraceUnit {
  id: string;
  side: SideIndex;
  kind: string;
  /** Strength on the front side and on the reverse side (equal for a one-step unit). */
  full: number;
  reduced: number;
  maxSteps: number;
  startSteps: number;
  startDisrupted: boolean;
  morale: number;
  flags: string[];
  /** Formation id (battle), or the side's name (assault). */
  formation: string;
  /** Battle: movement allowance and starting hex index. */
  movement?: number;
  start?: number;
  /** Battle: the turn a reinforcement enters at `start` (9); 1 or absent for units on the map at the start. */
  arrives?: number;
}

export interface TraceSide {
  name: string;
  role: string;
  /** How the side makes its assault choices, in words (e.g. "by-the-book"). */
  doctrine: string;
  /** Battle: how the side plays its orders (a battle doctrine preset, and what differs from it). */
  battleDoctrine?: string;
  /** Battle: army demoralization level (0: none) and supply hexes. */
  armyLevel?: number;
  supply?: number[];
}

export interface TraceFormation {
  id: string;
  name: string;
  side: SideIndex;
  orders: string;
  /** Objective hex, -1 for none. */
  objective: number;
  /** Demoralization limit, 0 for none. */
  limit: number;
}

export interface TraceLeader {
  id: string;
  name: string;
  side: SideIndex;
  /** 'leader' of the formation `formation` (its id); 'oc' (overall) or 'wc' (wing) commander. */
  role: 'leader' | 'oc' | 'wc';
  formation?: string;
  rating: number;
  /** Starting hex index. */
  start: number;
}

export const HEXSIDE_FEATURES = ['stream', 'river', 'bridge', 'crest', 'fortified'] as const;
export type HexsideFeature = (typeof HEXSIDE_FEATURES)[number];

export interface TraceMap {
  width: number;
  height: number;
  /** Terrain name of each hex (clear, town, chateau, woods, forest, fort), by hex index row * width + col. */
  terrain: string[];
  /** Hexsides with features: the hex on one side and the direction (0 E .. 5 SE) of the other. */
  hexsides: { hex: number; dir: number; features: HexsideFeature[] }[];
  /** Road and trail crossings, as hexsides. */
  roads: { hex: number; dir: number; kind: 'road' | 'trail' }[];
}

export interface TraceObjective {
  name: string;
  hex: number;
  vp: number;
  /** Side holding it at the start, -1 for nobody. */
  holder: number;
}

interface Common {
  /** Scenario name and title. */
  name: string;
  title?: string;
  sides: [TraceSide, TraceSide];
  units: TraceUnit[];
  turns: number;
  /** The rule options in force (a few readings change what the story can infer). */
  options?: Record<string, string | number | boolean>;
}

export interface BattleSubject extends Common {
  kind: 'battle';
  map: TraceMap;
  formations: TraceFormation[];
  /** Formation leaders, then commanders (11, 12); absent in traces written before leaders were traced. */
  leaders?: TraceLeader[];
  objectives: TraceObjective[];
  night: number[];
  first: SideIndex;
  victory: { eliminationVp: number; drawMargin: number; armyDemoralizedLoses: boolean };
}

export interface AssaultStack {
  /** Hexside of the defender's hex it attacks through, 0 E .. 5 SE. */
  direction: number;
  /** Hexside terrain (none, stream, crest, bridge, fortified) and a second feature, if any. */
  across: string;
  terrain: string;
  movedAdjacent: boolean;
  /** Indexes into `units`. */
  units: number[];
}

export interface AssaultSubject extends Common {
  kind: 'assault';
  onTime: 'defender' | 'draw';
  defenderTerrain: string;
  stacks: AssaultStack[];
  defender: number[];
}

export type TraceSubject = BattleSubject | AssaultSubject;

/** Where the engagement ended up, from the result (victory points are not in the events). */
export interface TraceFinal {
  victoryPoints?: [number, number];
  /** Side holding each objective at the end, -1 for nobody. */
  objectives?: number[];
}

/** Which run the engagement comes from, for the page's header and the first line of events.ndjson. */
export interface TraceProvenance {
  file: string;
  cell: number;
  label: string;
  engagement: number;
  seed: string;
  version: string;
}

export const DIRECTION_NAMES = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;

/** "col,row" as in the scenario files. */
export function hexName(width: number, hex: number): string {
  return `${hex % width},${Math.floor(hex / width)}`;
}
