/**
 * The checkpoint of a run (`DIR/checkpoint.ndjson`): what has been done, so that `volley run --resume`
 * continues a run that was killed or interrupted without losing or double-counting a batch.
 *
 *   line 1   {"format":"volley-checkpoint/1","hash":..., "dice":..., ...}   the plan it belongs to
 *   then     {"batch":7,"acc":{...}}                                         one per completed batch,
 *                                                                           in completion order
 *            {"exported":5,"bytes":123456}                                   the first 5 batches in merge
 *                                                                           order fill the export file's
 *                                                                           first bytes
 *
 * Every line is appended whole and reaches the OS at once; fsyncs follow in the background. A last
 * line without its newline (a kill mid-write) is ignored and cut off before appending again.
 */
import { readFileSync, truncateSync } from 'node:fs';
import type { CellAccumulator } from '../../stats/cellAccumulator.js';
import { AppendFile } from './appendFile.js';
import { syncFolder } from '../../results/files.js';
import type { ExportFormat } from '../../results/rows.js';
import type { BatchTask } from '../engine/plan.js';
import { OutputFolderError } from '../engine/errors.js';
import { dirname } from 'node:path';

export const CHECKPOINT_FILE = 'checkpoint.ndjson';
export const CHECKPOINT_FORMAT = 'volley-checkpoint/1';

export interface CheckpointHeader {
  format: string;
  /** planHash of the plan (src/sim/engine/planHash.ts). */
  hash: string;
  /**
   * The dice scheme the batches were played with (DICE_FORMAT); absent in checkpoints written before it
   * was recorded, which played 'alea-mash/seed-path/1'.
   */
  dice?: string;
  /** Shown when a different run meets this checkpoint. */
  seed: string | number;
  engagements: number;
  batch: number;
  cells: number;
  batches: number;
  export: ExportFormat | null;
  /** The precision target (--precision), if any; `engagements` is then the most per cell. */
  precision?: number | null;
}

export interface CheckpointContents {
  header: CheckpointHeader;
  /** Completed batches: batch index -> accumulator. */
  done: Map<number, CellAccumulator>;
  /** The last export mark: the first `batches` batches fill the first `bytes` of the export file. */
  exported: { batches: number; bytes: number } | null;
  /** Every export mark, by `batches` (a later line for the same count wins): where each batch's rows end. */
  exportEnds: Map<number, number>;
  /** Length of the file up to the end of its last whole line. */
  validBytes: number;
}

function damaged(file: string, why: string): OutputFolderError {
  return new OutputFolderError(`${file} is damaged (${why}); start over with --force`);
}

/** Read a checkpoint; `tasks` are the plan's batches, to check every line against. */
export function readCheckpoint(file: string, tasks: readonly BatchTask[], checkHeader?: (header: CheckpointHeader) => void): CheckpointContents {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  // The piece after the last newline is a line cut short by a kill (or nothing).
  const whole = lines.slice(0, -1);
  let validBytes = 0;
  const parsed: unknown[] = [];
  for (let i = 0; i < whole.length; i++) {
    let v: unknown;
    try {
      v = JSON.parse(whole[i]);
    } catch {
      // Only the last line can be cut short; anything earlier means the file was damaged.
      if (i === whole.length - 1 && i > 0) break;
      throw damaged(file, `line ${i + 1} is not JSON`);
    }
    parsed.push(v);
    validBytes += Buffer.byteLength(whole[i], 'utf8') + 1;
  }
  const header = parsed[0] as CheckpointHeader | undefined;
  if (!header || typeof header !== 'object' || header.format !== CHECKPOINT_FORMAT || typeof header.hash !== 'string') {
    throw damaged(file, 'no checkpoint header on line 1');
  }
  // A checkpoint of another run (other flags) is said to be so before its batches are read as this run's.
  checkHeader?.(header);
  const done = new Map<number, CellAccumulator>();
  let exported: CheckpointContents['exported'] = null;
  const exportEnds = new Map<number, number>();
  parsed.slice(1).forEach((v, k) => {
    const line = k + 2;
    const o = v as { batch?: unknown; acc?: CellAccumulator; exported?: unknown; bytes?: unknown };
    if (o && typeof o === 'object' && typeof o.exported === 'number' && typeof o.bytes === 'number') {
      exported = { batches: o.exported, bytes: o.bytes };
      exportEnds.set(o.exported, o.bytes);
      return;
    }
    const b = typeof o?.batch === 'number' ? tasks[o.batch] : undefined;
    const pairs = o?.acc?.pairs;
    if (!b || !o.acc || typeof o.acc !== 'object' || o.acc.n !== b.count || (pairs && (pairs.start !== b.start || pairs.count !== b.count))) {
      throw damaged(file, `line ${line} is not a batch of this run`);
    }
    done.set(b.index, o.acc);
  });
  return { header, done, exported, exportEnds, validBytes };
}

export class CheckpointWriter {
  private constructor(private readonly out: AppendFile) {}

  /** Start a new checkpoint holding only its header (replacing any old one). */
  static create(file: string, header: CheckpointHeader): CheckpointWriter {
    const out = new AppendFile(file, 'new');
    out.append(`${JSON.stringify(header)}\n`);
    syncFolder(dirname(file));
    return new CheckpointWriter(out);
  }

  /** Continue a checkpoint read with readCheckpoint, dropping a line cut short. */
  static reopen(file: string, contents: CheckpointContents): CheckpointWriter {
    truncateSync(file, contents.validBytes);
    return new CheckpointWriter(new AppendFile(file, 'append', contents.validBytes));
  }

  get file(): string {
    return this.out.file;
  }

  batch(index: number, acc: CellAccumulator): void {
    this.out.append(`${JSON.stringify({ batch: index, acc })}\n`);
  }

  exported(batches: number, bytes: number): void {
    this.out.append(`${JSON.stringify({ exported: batches, bytes })}\n`);
  }

  flush(): Promise<void> {
    return this.out.flush();
  }

  close(): Promise<void> {
    return this.out.close();
  }
}
