/**
 * A run that writes into an output folder and survives being stopped: the checkpoint records every
 * batch as it completes, `resume` continues from it, and the engagement export (if any) is streamed to
 * `engagements.<format>.partial` and put in place at the end (DESIGN.md, "Reliability").
 */
import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { CellAccumulator } from '../../stats/cellAccumulator.js';
import { AppendFile } from './appendFile.js';
import { syncFolder } from '../../results/files.js';
import { BatchRunner } from '../engine/batch.js';
import { CHECKPOINT_FILE, CHECKPOINT_FORMAT, CheckpointWriter, readCheckpoint, type CheckpointContents, type CheckpointHeader } from './checkpoint.js';
import { RowWriter, rowLayout, type ExportFormat } from '../../results/rows.js';
import { batchesOf, type BatchTask } from '../engine/plan.js';
import { planHash } from '../engine/planHash.js';
import { DICE_FORMAT } from '../../core/dice.js';
import type { PreparedRun } from '../studies/prepare.js';
import { runPlanOutcome, type CellStop, type RunOptions, type RunProgress } from '../engine/runner.js';
import { OutputFolderError, RunInterrupted } from '../engine/errors.js';
import { FolderLock, inUse, lockHolder } from './folderLock.js';
import { folderProblem, someOf, WriteError } from '../../results/files.js';
import { folderEntries, makeAndLock, volleyOutputIn } from './outputFolder.js';

export const RESULTS_FILE = 'results.json';

/**
 * A run stopped because a file it appends to while playing (the checkpoint, the export) could not be
 * written: the file and the machine's refusal, and how many batches the checkpoint holds for --resume.
 */
export class RunWriteError extends Error {
  readonly code: string | undefined;

  constructor(
    cause: WriteError,
    /** The checkpoint the batches are saved in. */
    readonly checkpoint: string,
    readonly savedBatches: number,
    readonly totalBatches: number,
  ) {
    super(cause.message);
    this.name = 'RunWriteError';
    this.code = cause.code;
  }
}
const DEFAULT_RESULTS_FILE = RESULTS_FILE;

export interface FolderRunOptions {
  workers: number;
  /** `workers` is the most to use; the pool starts only for a long run (RunOptions.autoStart). */
  autoStart?: boolean;
  /** Continue the run whose checkpoint is in the folder. */
  resume?: boolean;
  /** Start over in a folder that holds a finished or unfinished run. */
  force?: boolean;
  /** Write one row per engagement to `engagements.<format>`. */
  export?: ExportFormat | null;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  /** The file whose presence says the run finished (default results.json; refit check: refit-check.json). */
  resultsFile?: string;
  /** What the command writes, in messages (default 'run'; 'refit check'). */
  what?: string;
  /** Where the batches are played, if not on `workers` threads (RunOptions.executor). */
  executor?: RunOptions['executor'];
}

/** What a run into a folder plays: the plan, where, and (for an export's columns) the cells' labels and factors. */
export type FolderRunInput = Pick<PreparedRun, 'plan' | 'outDir'> & { cells?: PreparedRun['cells'] };

export interface FolderRun {
  accumulators: CellAccumulator[];
  /** Seconds spent playing the batches run now, summed over threads (RunOutcome). */
  batchSeconds: number;
  /** The worker threads started (RunOutcome). */
  workers: number;
  /** The threads that played to the end, this one included if it did (RunOutcome). */
  threads: number;
  /** With a precision target: how each cell stopped. */
  stops: CellStop[] | null;
  /** Batches, and their engagements, taken from the checkpoint instead of being run. */
  resumedBatches: number;
  resumedEngagements: number;
  /** Where the export will be once finish() has run. */
  exportFile: string | null;
  /** Call once results.json is written: puts the export in place and removes the checkpoint. */
  finish(): Promise<void>;
  /**
   * Give the folder up without finishing (results not written): files closed, the checkpoint kept for
   * --resume, the lock released. finish() releases the lock too, whether it succeeds or not.
   */
  release(): Promise<void>;
}

export const exportFileName = (format: ExportFormat) => `engagements.${format}`;

/** Refuse a folder whose run would be lost or mixed up (exit code 2). */
export function checkOutputFolder(outDir: string, opts: { resume?: boolean; force?: boolean; resultsFile?: string; what?: string }, lockedHere = false): void {
  const RESULTS_FILE = opts.resultsFile ?? DEFAULT_RESULTS_FILE;
  const what = opts.what ?? 'run';
  const problem = folderProblem(outDir);
  if (problem) throw new OutputFolderError(problem);
  // A run going on there first: whatever else the folder holds is that run's business.
  const who = lockedHere ? null : lockHolder(outDir);
  if (who) throw inUse(outDir, who);
  const checkpoint = existsSync(join(outDir, CHECKPOINT_FILE));
  const results = existsSync(join(outDir, RESULTS_FILE));
  if (opts.resume) {
    if (checkpoint) return;
    throw new OutputFolderError(
      results
        ? `nothing to resume: ${outDir} holds a finished run (${RESULTS_FILE}) and no ${CHECKPOINT_FILE}; use --force instead of --resume to run it again`
        : `nothing to resume: ${outDir} has no ${CHECKPOINT_FILE}; run without --resume to start`,
    );
  }
  if (opts.force) return;
  if (checkpoint) {
    throw new OutputFolderError(`${outDir} holds an unfinished run (${CHECKPOINT_FILE}); add --resume to continue it, or --force to start over`);
  }
  // The same inputs were shown from the folder before this is reached (src/cli): these are others.
  if (results) throw new OutputFolderError(`${outDir} already holds a ${what === 'run' ? 'finished run' : what} (${RESULTS_FILE}) of other inputs (file, flags or build of volley); add --force to overwrite it, or choose another --out`);
  // Another command's output, or someone else's files: a report of ours would replace any of the same name.
  const entries = folderEntries(outDir);
  if (entries.length === 0) return;
  const other = volleyOutputIn(entries);
  if (other) throw new OutputFolderError(`${outDir} holds ${other}, not a volley run; add --force to write into it anyway, or choose another --out`);
  throw new OutputFolderError(`${outDir} is not empty and holds no volley ${what} (${someOf(entries)}); add --force to write into it anyway, or choose another --out`);
}

function headerOf(prep: FolderRunInput, batches: number, format: ExportFormat | null): CheckpointHeader {
  const p = prep.plan;
  return {
    format: CHECKPOINT_FORMAT,
    hash: planHash(p),
    dice: DICE_FORMAT,
    seed: p.seed,
    engagements: p.engagements,
    batch: p.batch,
    cells: p.cells.length,
    batches,
    export: format,
    ...(p.precision ? { precision: p.precision.halfWidth } : {}),
  };
}

/** The dice scheme of checkpoints that do not name one: the first. */
const FIRST_DICE = 'alea-mash/seed-path/1';

function checkHeader(file: string, found: CheckpointHeader, wanted: CheckpointHeader): void {
  // Its batches were played with other dice: continuing would mix two sets of numbers in one result.
  const dice = found.dice ?? FIRST_DICE;
  if (dice !== wanted.dice) {
    throw new OutputFolderError(
      `${file} was played with the dice scheme ${dice}; this volley plays ${wanted.dice ?? FIRST_DICE}, which draws other numbers from the same seed, so its batches cannot be continued: start over with --force`,
    );
  }
  if (found.hash !== wanted.hash) {
    const diffs = (['seed', 'engagements', 'batch', 'cells', 'precision'] as const)
      .filter((k) => (found[k] ?? null) !== (wanted[k] ?? null))
      .map((k) => `${k} ${JSON.stringify(found[k] ?? null)} there, ${JSON.stringify(wanted[k] ?? null)} now`);
    throw new OutputFolderError(
      `${file} belongs to a different run (${diffs.length ? diffs.join('; ') : 'the scenario, options or cells differ'}); ` +
        'resume with the same file and flags, or start over with --force',
    );
  }
  if ((found.export ?? null) !== wanted.export) {
    const was = found.export ? `--export ${found.export}` : 'no --export';
    throw new OutputFolderError(`${file} was written with ${was}; resume with the same --export, or start over with --force`);
  }
}

export async function runIntoFolder(prep: FolderRunInput, opts: FolderRunOptions): Promise<FolderRun> {
  const outDir = prep.outDir;
  // Checked before anything is written, then again holding the folder's lock (another run may have
  // changed the folder in between).
  checkOutputFolder(outDir, opts);
  const lock = makeAndLock(outDir);
  try {
    checkOutputFolder(outDir, opts, true);
    return await runLocked(prep, opts, lock);
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** runIntoFolder once the folder is checked and locked; finish() releases the lock. */
async function runLocked(prep: FolderRunInput, opts: FolderRunOptions, lock: FolderLock): Promise<FolderRun> {
  const outDir = prep.outDir;
  const plan = prep.plan;
  const tasks = batchesOf(plan);
  const format = opts.export ?? null;
  const header = headerOf(prep, tasks.length, format);
  const ckFile = join(outDir, CHECKPOINT_FILE);
  const partialFile = format ? join(outDir, `${exportFileName(format)}.partial`) : null;

  // The export's columns come from engagement 0 of every cell, played before anything is written.
  const layout = format ? rowLayout(format, new BatchRunner(plan).probe(prep.cells ?? plan.cells.map((c) => ({ label: String(c.index), factors: {} })))) : null;

  let contents: CheckpointContents | null = null;
  let checkpoint: CheckpointWriter;
  let rowsFile: AppendFile | null = null;
  let rowsFrom = 0;
  // Where the rows of the batch at each merge position end in the partial export, and where its header ends.
  const rowEnds: number[] = [];
  let headerBytes = 0;
  try {
    if (opts.resume) {
      contents = readCheckpoint(ckFile, tasks, (found) => checkHeader(ckFile, found, header));
    }
    if (!opts.resume) {
      // A fresh start: nothing of an earlier run in this folder may mix with this one.
      for (const f of [CHECKPOINT_FILE, ...['csv', 'ndjson'].flatMap((x) => [`engagements.${x}`, `engagements.${x}.partial`, `engagements.${x}.sorting`])]) {
        rmSync(join(outDir, f), { force: true });
      }
    }
    checkpoint = contents ? CheckpointWriter.reopen(ckFile, contents) : CheckpointWriter.create(ckFile, header);
    if (layout && partialFile) {
      const mark = contents?.exported;
      if (mark && existsSync(partialFile) && statSync(partialFile).size >= mark.bytes) {
        // Rows past the mark were written after the checkpoint last saw them: cut them off.
        truncateSync(partialFile, mark.bytes);
        rowsFile = new AppendFile(partialFile, 'append', mark.bytes);
        rowsFrom = mark.batches;
        for (const [b, bytes] of contents!.exportEnds) if (b <= rowsFrom) rowEnds[b - 1] = bytes;
      } else {
        rowsFile = new AppendFile(partialFile, 'new');
        rowsFile.append(new RowWriter(layout).header());
      }
      headerBytes = Buffer.byteLength(new RowWriter(layout).header(), 'utf8');
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException | null)?.code;
    if (code) throw new OutputFolderError(`cannot write into ${outDir} (${code}); choose another --out`);
    throw e;
  }
  const done = contents?.done ?? new Map<number, CellAccumulator>();

  let savedNow = 0;
  const closeAll = async () => {
    await checkpoint.close();
    await rowsFile?.close();
  };
  let outcome: Awaited<ReturnType<typeof runPlanOutcome>>;
  try {
    outcome = await runPlanOutcome(plan, {
      workers: opts.workers,
      autoStart: opts.autoStart,
      done,
      onBatch: (i, acc) => {
        checkpoint.batch(i, acc);
        savedNow++;
      },
      rows:
        layout && rowsFile
          ? {
              layout,
              from: rowsFrom,
              write: (pos, text) => {
                rowsFile!.append(text);
                rowEnds[pos] = rowsFile!.bytes;
                checkpoint.exported(pos + 1, rowsFile!.bytes);
              },
            }
          : undefined,
      signal: opts.signal,
      onProgress: opts.onProgress,
      executor: opts.executor,
    });
  } catch (e) {
    await closeAll().catch(() => undefined);
    if (e instanceof RunInterrupted) throw new RunInterrupted(done.size + savedNow, tasks.length);
    // The checkpoint or the export could not be appended to (a full disk): what was saved stays usable,
    // a line cut short being dropped on --resume.
    if (e instanceof WriteError) throw new RunWriteError(e, ckFile, done.size + savedNow, tasks.length);
    throw e;
  }
  const exportFile = format ? join(outDir, exportFileName(format)) : null;
  return {
    accumulators: outcome.accumulators,
    batchSeconds: outcome.batchSeconds,
    workers: outcome.workers,
    threads: outcome.threads,
    stops: outcome.stops,
    resumedBatches: done.size,
    resumedEngagements: [...done.keys()].reduce((n, i) => n + tasks[i].count, 0),
    exportFile,
    finish: async () => {
      try {
        await closeAll();
        if (partialFile && exportFile) {
          // A precision run merges its cells round by round; the file lists them cell by cell.
          if (plan.precision) writeInBatchOrder(partialFile, exportFile, headerBytes, rowEnds, outcome.order);
          else renameSync(partialFile, exportFile);
        }
        rmSync(ckFile, { force: true });
        syncFolder(outDir);
      } finally {
        lock.release();
      }
    },
    release: async () => {
      try {
        await closeAll();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * Write the export `to` from the partial file `from`, whose rows are in merge order: the header, then
 * every batch's rows in batch order (cell by cell, engagement by engagement). `ends[p]` is where the
 * rows of the batch merged at position p end. Written beside and renamed, like every output file.
 */
function writeInBatchOrder(from: string, to: string, headerBytes: number, ends: readonly number[], order: readonly BatchTask[]): void {
  const pieces = order.map((t, pos) => {
    const start = pos === 0 ? headerBytes : ends[pos - 1];
    const end = ends[pos];
    if (start === undefined || end === undefined) throw new Error(`internal: no export mark for merge position ${pos}`);
    return { index: t.index, start, end };
  });
  pieces.sort((a, b) => a.index - b.index);
  const tmp = `${to}.sorting`;
  const src = openSync(from, 'r');
  const dst = openSync(tmp, 'w');
  try {
    const copy = (start: number, end: number) => {
      const buf = Buffer.alloc(end - start);
      let got = 0;
      while (got < buf.length) {
        const r = readSync(src, buf, got, buf.length - got, start + got);
        if (r === 0) throw new Error(`internal: ${from} ends before byte ${end}`);
        got += r;
      }
      let off = 0;
      while (off < buf.length) off += writeSync(dst, buf, off, buf.length - off);
    };
    copy(0, headerBytes);
    for (const p of pieces) copy(p.start, p.end);
    fsyncSync(dst);
  } finally {
    closeSync(src);
    closeSync(dst);
  }
  renameSync(tmp, to);
  rmSync(from, { force: true });
}
