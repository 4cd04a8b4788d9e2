/**
 * A run plan: the cells, the engagements per cell and the batch size. Work is cut into batches of a
 * fixed size that never depends on the number of workers; batches are merged in order (DESIGN.md).
 */
import type { ResolvedOptions } from '../core/ruleset.js';

export interface PlanCell {
  index: number;
  rngKey: string;
  /** The validated scenario of the cell (plain JSON). */
  scenario: unknown;
  options: ResolvedOptions;
}

export interface RunPlan {
  rulesetId: string;
  seed: string | number;
  engagements: number;
  batch: number;
  cells: PlanCell[];
  checkInvariants: boolean;
  /**
   * Record each engagement's compared figures (src/stats/pairedMetrics.ts) in the batch accumulators,
   * for paired comparisons between variants; set when the experiment has variants.
   */
  pairs?: boolean;
}

export interface BatchTask {
  /** Position of the batch in merge order (batchesOf). */
  index: number;
  cell: number;
  /** Index of the first engagement of the batch within its cell. */
  start: number;
  count: number;
}

/** Batches in merge order: cell by cell, then by first engagement. */
export function batchesOf(plan: RunPlan): BatchTask[] {
  const out: BatchTask[] = [];
  for (const c of plan.cells) {
    for (let start = 0; start < plan.engagements; start += plan.batch) {
      out.push({ index: out.length, cell: c.index, start, count: Math.min(plan.batch, plan.engagements - start) });
    }
  }
  return out;
}
