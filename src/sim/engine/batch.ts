/**
 * Running one batch of engagements into a fresh cell accumulator. The same code runs in a worker
 * thread and in-process, so both give the same numbers.
 */
import { EngagementDice } from '../../core/dice.js';
import { internAll } from '../../core/intern.js';
import type { EngagementShape, PlayOptions, Ruleset } from '../../core/ruleset.js';
import { findRuleset } from '../../rules/index.js';
import { accSize, addResult, emptyCellAcc, newExtrasOrder, type CellAccumulator } from '../../stats/cellAccumulator.js';
import { addFigures, emptyFigures, pairedMetrics } from '../../stats/pairedMetrics.js';
import { RowWriter, type LayoutProbe, type RowLayout } from '../../results/rows.js';
import { cellRuleset, type BatchTask, type RunPlan } from './plan.js';

/** The fields of an EngagementError, as they cross a thread boundary (classes do not). */
export interface EngagementFailure {
  cell: number;
  engagement: number;
  seed: string;
  reason: string;
}

/** Thrown when an engagement fails; names what is needed to replay it. */
export class EngagementError extends Error {
  constructor(
    readonly cell: number,
    readonly engagement: number,
    readonly seed: string,
    readonly reason: string,
  ) {
    super(`engagement ${engagement} of cell ${cell} (seed '${seed}') failed: ${reason}`);
    this.name = 'EngagementError';
  }

  toPlain(): EngagementFailure {
    return { cell: this.cell, engagement: this.engagement, seed: this.seed, reason: this.reason };
  }

  static fromPlain(f: EngagementFailure): EngagementError {
    return new EngagementError(f.cell, f.engagement, f.seed, f.reason);
  }
}

export interface BatchOutput {
  acc: CellAccumulator;
  /** The batch's engagement rows (export), when the runner has a row layout. */
  rows?: string;
}

export interface BatchRunnerOptions {
  /** Format one row per engagement with this layout. */
  rows?: RowLayout | null;
  /** Called before every engagement, inside its error handling (a test seam for worker faults). */
  beforePlay?: (cell: number, engagement: number) => void;
}


/** The compiled indices of the units a cell watches. */
function watchedUnits(shape: EngagementShape, ids: readonly string[] | undefined): number[] {
  return (ids ?? []).map((id) => {
    const i = shape.units.findIndex((u) => u.id === id);
    if (i < 0) throw new Error(`internal: the cell watches unit '${id}', which it does not have`);
    return i;
  });
}

/**
 * A batch being played (BatchRunner.begin): `advance` plays on, asking `enough` every ASK_EVERY
 * engagements, until the batch ends (true) or `enough` says stop for now (false; the next advance goes
 * on from there); `output` is the batch's, once it has ended.
 */
export interface BatchPlay {
  advance(enough: () => boolean): boolean;
  output(): BatchOutput;
}

/** How often BatchPlay.advance asks whether to stop for now: every this many engagements (a power of 2). */
const ASK_EVERY = 16;
const never = () => false;

/** Compiled cells a runner keeps (batches come cell by cell, so few are needed). */
export const COMPILED_KEPT = 32;

/**
 * The kinds of engagement (rule system and the scenario's `engagement`) a runner of this thread has
 * rehearsed (BatchRunner.compiledCell).
 */
const kindsRehearsed = new Set<string>();

/**
 * One EngagementDice for every runner of this thread. An engagement is played through at once and its
 * dice are reset for the next, so runners in turn (a tune round's after the one before, a run beside
 * another) can share it; and the streams' generators, whose draw functions the rules call, stay the
 * same objects: a call optimized on one draw function is thrown away at another (a new runner's dice
 * cost NAGB eight such deoptimizations).
 */
const threadDice = new EngagementDice('');

export class BatchRunner {
  /** Each cell's rule system and compiled engagement, on first use. */
  private readonly rulesets = new Map<number, Ruleset<any, any>>();
  private readonly compiled = new Map<number, unknown>();
  private readonly rows: RowWriter | null;
  /** The thread's dice (threadDice), reset for every engagement. */
  private readonly dice = threadDice;

  constructor(
    private readonly plan: RunPlan,
    private readonly options: BatchRunnerOptions = {},
  ) {
    this.rows = options.rows ? new RowWriter(options.rows) : null;
  }

  private rulesetOf(i: number): Ruleset<any, any> {
    let rs = this.rulesets.get(i);
    if (rs === undefined) {
      const id = cellRuleset(this.plan, i);
      rs = findRuleset(id);
      if (!rs) throw new Error(`unknown ruleset '${id}'`);
      this.rulesets.set(i, rs);
    }
    return rs;
  }

  /**
   * Cell i compiled, on first use. The first cell of each kind of engagement in this thread is
   * rehearsed first: a twin compiled and one engagement of it played as a batch, then thrown away.
   * V8 builds an object literal's boilerplate the second time the literal runs, and in doing so widens
   * the field types of the literal's map, which throws away every optimized function that relied on
   * them. Literals that run once a cell (in `compile`, in a cell's first engagement making its per-cell
   * workspace) or once a batch (the result, the accumulator) would do that at the thread's second cell
   * or batch, after the rules' code was optimized on the first: a corps battle's first ten engagements
   * on a second cell then took about 20 ms each against 2.5 ms warm, and every worker, every tune
   * round and the second cell of an experiment paid it. The rehearsal runs them a second time before
   * anything is optimized. Compiling is pure, and an engagement that ends leaves nothing behind in the
   * thread (a batch plays the same on any thread), so every batch plays exactly as without it. The
   * rehearsal's engagement is the cell's engagement 0 on the same dice: where it fails, the run fails
   * with that engagement named, as it would have on reaching it. It is played at once, not in slices
   * (src/sim/engine/runner.ts): the first batch of a kind on the main thread holds its events the
   * longer, once (about 0.1 s for the corps battle, which plays its first engagements cold).
   */
  private compiledCell(i: number): unknown {
    let c = this.compiled.get(i);
    if (c === undefined) {
      const cell = this.plan.cells[i];
      const rs = this.rulesetOf(i);
      const kind = `${rs.id}/${(cell.scenario as { engagement?: unknown }).engagement}`;
      // Every word of the cell internalized, in place (src/core/intern.ts): a worker's plan is a clone,
      // whose strings are copies that the rules' optimized comparisons with their own literals refuse.
      internAll(cell.scenario);
      internAll(cell.options);
      if (!kindsRehearsed.has(kind)) {
        const twin = rs.compile(cell.scenario, cell.options);
        kindsRehearsed.add(kind);
        this.rehearse(i, twin);
      }
      c = rs.compile(cell.scenario, cell.options);
      // The most recently used cells only: a compiled battle holds its map's tables (about 0.6 MB),
      // and an experiment of 10,000 cells kept them all (6 GB). Compiling is pure: a cell compiled
      // again plays the same.
      if (this.compiled.size >= COMPILED_KEPT) this.compiled.delete(this.compiled.keys().next().value!);
    } else this.compiled.delete(i);
    this.compiled.set(i, c);
    return c;
  }

  /** Engagement 0 of cell i played on `twin` as a batch of its own, its output dropped (see compiledCell). */
  private rehearse(i: number, twin: unknown): void {
    this.beginOn({ cell: i, start: 0, count: 1 }, twin, false).advance(never);
    this.rows?.take();
  }

  private play(cellIndex: number, i: number, compiled: unknown, opts: PlayOptions, hooked: boolean): void {
    const cell = this.plan.cells[cellIndex];
    const dice = this.dice.resetTo(this.plan.seed, cell.rngKey, i); // one object, its streams set anew
    try {
      if (hooked) this.options.beforePlay?.(cellIndex, i);
      this.rulesetOf(cellIndex).play(compiled, dice, opts);
    } catch (e) {
      throw new EngagementError(cellIndex, i, dice.seed, e instanceof Error ? e.message : String(e));
    }
  }

  run(task: Omit<BatchTask, 'index'>): CellAccumulator {
    return this.runBatch(task).acc;
  }

  runBatch(task: Omit<BatchTask, 'index'>): BatchOutput {
    const play = this.begin(task);
    play.advance(never);
    return play.output();
  }

  /**
   * A batch to play a few engagements at a time (BatchPlay), as runBatch plays it at once: the same
   * engagements, in the same order, into the same accumulator and rows. One at a time per runner (the
   * rows writer is the runner's; the dice are the thread's, reset for every engagement): beginning
   * another drops what one left unfinished.
   */
  begin(task: Omit<BatchTask, 'index'>): BatchPlay {
    return this.beginOn(task, this.compiledCell(task.cell), true);
  }

  /** begin on a compiled cell; `hooked`: call options.beforePlay (not for a rehearsal). */
  private beginOn(task: Omit<BatchTask, 'index'>, compiled: unknown, hooked: boolean): BatchPlay {
    const rs = this.rulesetOf(task.cell);
    const shape = rs.describe(compiled);
    const acc = emptyCellAcc(accSize(shape, rs.vocabulary));
    const extrasOrder = newExtrasOrder();
    const out = rs.newResult(compiled);
    const opts: PlayOptions = { out, checkInvariants: this.plan.checkInvariants };
    const watched = watchedUnits(shape, this.plan.cells[task.cell].watch);
    const pairs = this.plan.pairs ? (acc.pairs = emptyFigures(task.start, pairedMetrics(shape.objectives.length, watched.length).length)) : null;
    this.rows?.take(); // the rows of a batch left unfinished (stopped, or failed) go
    const cell = task.cell;
    const end = task.start + task.count;
    let next = task.start;
    return {
      advance: (enough) => {
        for (let i = next; i < end; ) {
          this.play(cell, i, compiled, opts, hooked);
          addResult(acc, out, i, extrasOrder);
          if (pairs) addFigures(pairs, out, watched);
          // The engagement's name is text built only for a row that shows it.
          this.rows?.add(cell, i, this.dice.seed, out);
          i++;
          if ((i & (ASK_EVERY - 1)) === 0 && i < end && enough()) {
            next = i;
            return false;
          }
        }
        next = end;
        return true;
      },
      output: () => {
        if (next < end) throw new Error('internal: the output of a batch not played to its end');
        return this.rows ? { acc, rows: this.rows.take() } : { acc };
      },
    };
  }

  /** Engagement 0 of every cell, played for the shape of its result (the export's columns). */
  probe(cells: readonly { label: string; factors: Record<string, unknown> }[]): LayoutProbe[] {
    return this.plan.cells.map((_, k) => {
      const rs = this.rulesetOf(k);
      const compiled = this.compiledCell(k);
      const out = rs.newResult(compiled);
      this.play(k, 0, compiled, { out, checkInvariants: this.plan.checkInvariants }, true);
      const shape = rs.describe(compiled);
      return {
        label: cells[k].label,
        factors: cells[k].factors,
        sideNames: [shape.sides[0].name, shape.sides[1].name],
        units: shape.units,
        turnLimit: shape.turns,
        result: structuredClone(out),
      };
    });
  }
}
