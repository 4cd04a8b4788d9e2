/**
 * The figures of one engagement that paired comparisons between variants compare, and the compact
 * per-engagement record a batch keeps of them (DESIGN.md, "common random numbers"; docs/files.md,
 * "Variants").
 *
 * Design: with variants, every batch records, besides its accumulator, one row of these figures per
 * engagement. Batches of a cell merge in engagement order, so merging concatenates the rows; the
 * checkpoint keeps them with the batch. Once the run is done, the rows of the variants of each
 * combination are paired engagement by engagement (src/stats/comparison.ts), and dropped: results.json
 * holds the comparisons, not the rows.
 */
import type { EngagementResult } from '../core/result.js';

/** How a figure is compared: a 0/1 per engagement (a share), or a count per engagement (a mean). */
export type PairedKind = 'share' | 'count';

export interface PairedMetricDef {
  /** won, anyRetreat, armyBroken, strengthLost, casualties, unitsEliminated, moraleChecksFailed, draw, turns, objectiveHeld, unitEliminated, unitRetreated, unitChecksFailed. */
  id: string;
  /** The side whose figure it is; null for draw and turns; 0 for objectives (held by side 0). */
  side: 0 | 1 | null;
  kind: PairedKind;
  /** The unit of a count (and of its difference); shares differ in percentage points. */
  unit: 'share' | 'strength points' | 'men' | 'units' | 'checks' | 'turns';
  /** For objectiveHeld: the objective's index. */
  objective?: number;
  /** For the unit figures: the index of the watched unit (in the cell's list of watched units). */
  watched?: number;
}

/** What is recorded of each watched unit (`volley refit check` watches the unit an exception rates). */
export const UNIT_METRICS: readonly { id: string; kind: PairedKind; unit: PairedMetricDef['unit'] }[] = [
  { id: 'unitEliminated', kind: 'share', unit: 'share' },
  { id: 'unitRetreated', kind: 'share', unit: 'share' },
  { id: 'unitChecksFailed', kind: 'count', unit: 'checks' },
];

/** The figures every engagement has, in record order; objectives follow. */
export const FIXED_METRICS: readonly PairedMetricDef[] = [
  { id: 'won', side: 0, kind: 'share', unit: 'share' },
  { id: 'won', side: 1, kind: 'share', unit: 'share' },
  { id: 'draw', side: null, kind: 'share', unit: 'share' },
  { id: 'anyRetreat', side: 0, kind: 'share', unit: 'share' },
  { id: 'anyRetreat', side: 1, kind: 'share', unit: 'share' },
  { id: 'armyBroken', side: 0, kind: 'share', unit: 'share' },
  { id: 'armyBroken', side: 1, kind: 'share', unit: 'share' },
  { id: 'strengthLost', side: 0, kind: 'count', unit: 'strength points' },
  { id: 'strengthLost', side: 1, kind: 'count', unit: 'strength points' },
  // Killed and wounded in men (EngagementResult's casualties): what a casualty-model reading moves
  // without moving a step of strength.
  { id: 'casualties', side: 0, kind: 'count', unit: 'men' },
  { id: 'casualties', side: 1, kind: 'count', unit: 'men' },
  { id: 'unitsEliminated', side: 0, kind: 'count', unit: 'units' },
  { id: 'unitsEliminated', side: 1, kind: 'count', unit: 'units' },
  { id: 'moraleChecksFailed', side: 0, kind: 'count', unit: 'checks' },
  { id: 'moraleChecksFailed', side: 1, kind: 'count', unit: 'checks' },
  { id: 'turns', side: null, kind: 'count', unit: 'turns' },
];

/**
 * The figures recorded for an engagement with `objectives` objectives and `watched` watched units: the
 * fixed ones, then each objective held by side 0, then the figures of each watched unit.
 */
export function pairedMetrics(objectives: number, watched = 0): PairedMetricDef[] {
  const held = Array.from({ length: objectives }, (_, k): PairedMetricDef => ({ id: 'objectiveHeld', side: 0, kind: 'share', unit: 'share', objective: k }));
  const units = Array.from({ length: watched }, (_, w) => UNIT_METRICS.map((m): PairedMetricDef => ({ ...m, side: null, watched: w }))).flat();
  return [...FIXED_METRICS, ...held, ...units];
}

/** Append the engagement's figures, in the order of pairedMetrics(r.objectives.length, watched.length); `watched` are unit indices. */
export function pushEngagementFigures(r: EngagementResult, out: number[], watched: readonly number[] = []): void {
  const [a, b] = r.sides;
  out.push(
    r.winner === 0 ? 1 : 0,
    r.winner === 1 ? 1 : 0,
    r.winner === null ? 1 : 0,
    a.retreatsForced + a.retreatsVoluntary > 0 ? 1 : 0,
    b.retreatsForced + b.retreatsVoluntary > 0 ? 1 : 0,
    a.armyBrokenTurn > 0 ? 1 : 0,
    b.armyBrokenTurn > 0 ? 1 : 0,
    a.strengthLost,
    b.strengthLost,
    a.casualties,
    b.casualties,
    a.unitsEliminated,
    b.unitsEliminated,
    a.moraleChecksFailed,
    b.moraleChecksFailed,
    r.turns,
  );
  for (let k = 0; k < r.objectives.length; k++) out.push(r.objectives[k] === 0 ? 1 : 0);
  for (const u of watched) {
    const x = r.units[u];
    out.push(x.eliminated ? 1 : 0, x.retreated ? 1 : 0, x.checksFailed);
  }
}

/**
 * The figures of consecutive engagements start, start + 1, ... of one cell: `width` numbers each,
 * engagement-major. Plain JSON, so it crosses worker threads and checkpoints.
 */
export interface EngagementFigures {
  start: number;
  count: number;
  width: number;
  values: number[];
}

export const emptyFigures = (start: number, width: number): EngagementFigures => ({ start, count: 0, width, values: [] });

export function addFigures(f: EngagementFigures, r: EngagementResult, watched: readonly number[] = []): void {
  pushEngagementFigures(r, f.values, watched);
  f.count++;
}

/** Append `from` (the engagements right after `into`'s) to `into`. */
export function concatFigures(into: EngagementFigures, from: EngagementFigures): void {
  if (from.start !== into.start + into.count || from.width !== into.width) {
    throw new Error(`internal: engagement figures merged out of order (${into.start}+${into.count} then ${from.start})`);
  }
  for (const v of from.values) into.values.push(v);
  into.count += from.count;
}

/** Column j of the figures: one value per engagement. */
export function column(f: EngagementFigures, j: number): Float64Array {
  const out = new Float64Array(f.count);
  for (let i = 0; i < f.count; i++) out[i] = f.values[i * f.width + j];
  return out;
}
