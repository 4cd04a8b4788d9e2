/**
 * A run plan: the cells, the engagements per cell and the batch size. Work is cut into batches of a
 * fixed size that never depends on the number of workers; batches are merged in order (DESIGN.md).
 */
import type { ResolvedOptions } from '../../core/ruleset.js';

export interface PlanCell {
  index: number;
  rngKey: string;
  /** The validated scenario of the cell (plain JSON). */
  scenario: unknown;
  options: ResolvedOptions;
  /**
   * With `pairs`: units (by id) whose own figures each engagement records too (eliminated, retreated,
   * checks failed): `volley refit check` compares the unit an exception rates.
   */
  watch?: string[];
  /** The cell's rule system, where it is not the plan's (a cross-system experiment's cells each name theirs). */
  ruleset?: string;
}

export interface RunPlan {
  /** The rule system of the cells that do not name their own. */
  rulesetId: string;
  seed: string | number;
  /** Engagements per cell; with `precision`, the most a cell may play. */
  engagements: number;
  batch: number;
  cells: PlanCell[];
  checkInvariants: boolean;
  /**
   * Record each engagement's compared figures (src/stats/pairedMetrics.ts) in the batch accumulators,
   * for paired comparisons between variants; set when the experiment has variants.
   */
  pairs?: boolean;
  /**
   * Stop each cell once every primary proportion's 95% half-width is at most `halfWidth`
   * (src/stats/precision.ts); absent: every cell plays `engagements`.
   */
  precision?: { halfWidth: number };
}

export interface BatchTask {
  /**
   * The batch's number in batchesOf(plan): its identity in checkpoints. Without a precision target it
   * is also its position in merge order; with one, cells merge batch after batch in the order the
   * rounds schedule them (src/sim/engine/runner.ts).
   */
  index: number;
  cell: number;
  /** Index of the first engagement of the batch within its cell. */
  start: number;
  count: number;
}

/** The rule system cell `i` plays. */
export function cellRuleset(plan: RunPlan, i: number): string {
  return plan.cells[i].ruleset ?? plan.rulesetId;
}

/**
 * Worker threads worth starting for the plan: no more than it has batches (with a precision target, no
 * more than it may have). The count never changes the results, only how long a run takes.
 */
export function usefulWorkers(plan: RunPlan, workers: number): number {
  return Math.min(workers, plan.cells.length * Math.ceil(plan.engagements / plan.batch));
}

/** Every batch of the plan, cell by cell, then by first engagement (with a precision target: every batch a cell may play). */
export function batchesOf(plan: RunPlan): BatchTask[] {
  const out: BatchTask[] = [];
  for (const c of plan.cells) {
    for (let start = 0; start < plan.engagements; start += plan.batch) {
      out.push({ index: out.length, cell: c.index, start, count: Math.min(plan.batch, plan.engagements - start) });
    }
  }
  return out;
}
