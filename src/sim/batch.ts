/**
 * Running one batch of engagements into a fresh cell accumulator. The same code runs in a worker
 * thread and in-process, so both give the same numbers.
 */
import { EngagementDice } from '../core/dice.js';
import { emptyResult } from '../core/result.js';
import type { Ruleset } from '../core/ruleset.js';
import { findRuleset } from '../rules/index.js';
import { addResult, emptyCellAcc, type CellAccumulator } from '../stats/cellAccumulator.js';
import type { BatchTask, RunPlan } from './plan.js';

/** Thrown when an engagement fails; names what is needed to replay it. */
export class EngagementError extends Error {
  constructor(
    readonly cell: number,
    readonly engagement: number,
    readonly seed: string,
    cause: string,
  ) {
    super(`engagement ${engagement} of cell ${cell} (seed '${seed}') failed: ${cause}`);
    this.name = 'EngagementError';
  }
}

export class BatchRunner {
  private readonly ruleset: Ruleset<any, any>;
  private readonly compiled = new Map<number, unknown>();

  constructor(private readonly plan: RunPlan) {
    const rs = findRuleset(plan.rulesetId);
    if (!rs) throw new Error(`unknown ruleset '${plan.rulesetId}'`);
    this.ruleset = rs;
  }

  private compiledCell(i: number): unknown {
    let c = this.compiled.get(i);
    if (c === undefined) {
      const cell = this.plan.cells[i];
      c = this.ruleset.compile(cell.scenario, cell.options);
      this.compiled.set(i, c);
    }
    return c;
  }

  run(task: BatchTask): CellAccumulator {
    const compiled = this.compiledCell(task.cell);
    const cell = this.plan.cells[task.cell];
    const units = this.ruleset.unitNames(compiled).length;
    const acc = emptyCellAcc(units);
    const out = emptyResult(units);
    const opts = { out, checkInvariants: this.plan.checkInvariants };
    for (let i = task.start; i < task.start + task.count; i++) {
      const dice = EngagementDice.for(this.plan.seed, cell.rngKey, i);
      try {
        this.ruleset.play(compiled, dice, opts);
      } catch (e) {
        throw new EngagementError(task.cell, i, dice.seed, e instanceof Error ? e.message : String(e));
      }
      addResult(acc, out);
    }
    return acc;
  }
}
