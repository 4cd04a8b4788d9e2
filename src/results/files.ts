/**
 * Writing output files atomically: a temporary file in the same folder, synced to disk, then a rename.
 * A reader (or a run resumed after a crash) sees the old file or the new one, never half of one.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * A file that could not be written: the file system's refusal (code and call kept, so the CLI reports it
 * as the machine's and not as an internal error) with the file named. The temporary file is gone.
 */
export class WriteError extends Error {
  readonly code: string | undefined;
  readonly syscall: string | undefined;

  private constructor(
    readonly file: string,
    cause: NodeJS.ErrnoException,
  ) {
    super(`cannot write ${file} (${cause.code ?? cause.message})`);
    this.name = 'WriteError';
    this.code = cause.code;
    this.syscall = cause.syscall;
  }

  static of(file: string, e: unknown): Error {
    if (e instanceof WriteError) return e;
    const err = e as NodeJS.ErrnoException;
    return e instanceof Error && typeof err.code === 'string' ? new WriteError(file, err) : (e as Error);
  }
}

/**
 * Why `dir` cannot be an output folder without trying to make it (it is a file, or lies under one), as
 * the message every command gives after `flag`, or null.
 */
export function folderProblem(dir: string, flag = '--out'): string | null {
  if (existsSync(dir) && !statSync(dir).isDirectory()) return `${flag}: ${dir} is a file, not a folder; choose another ${flag}`;
  const file = fileAbove(dir);
  return file ? `${flag}: cannot make folder ${dir}: ${file} is a file; choose another ${flag}` : null;
}

/**
 * The files and folders a user keeps in `dir` (none when it does not exist), sorted. Hidden ones (a
 * stale lock, a temporary file left by a kill, .DS_Store) are not theirs to lose.
 */
export function visibleEntries(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')).sort() : [];
}

/** A few names of a list, for a message: "a, b, c, and 4 more". */
export function someOf(names: readonly string[], shown = 3): string {
  return names.slice(0, shown).join(', ') + (names.length > shown ? `, and ${names.length - shown} more` : '');
}

/** The nearest path above `dir` that exists and is not a folder (a folder cannot be made under it), if any. */
export function fileAbove(dir: string): string | null {
  for (let d = dirname(resolve(dir)); d !== dirname(d); d = dirname(d)) if (existsSync(d)) return statSync(d).isDirectory() ? null : d;
  return null;
}

/**
 * Make a folder and the missing folders above it, one level at a time, so that a level that cannot be
 * made fails with its own error. (Node's recursive mkdir never returns on some paths: under /proc it
 * retries a level that can never be made.)
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); ) {
    missing.push(d);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i]);
    } catch (e) {
      // Made meanwhile by another run starting there: as good as made here.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(missing[i]).isDirectory()) throw e;
    }
  }
}

/** The temporary files writeFileAtomic makes: `.<hash of the name>.<pid>.tmp`. */
export const TEMP_FILE = /^\.\d+\.\d+\.tmp$/;

/**
 * Remove the temporary files a killed writer left in `dir` (a kill between the write and the rename of
 * an index.html leaves its partial copy). Call it holding the folder's lock: no other writer is at work
 * there. Returns the names removed; one that cannot be removed is left, as it harms nothing.
 */
export function removeLeftTemps(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => TEMP_FILE.test(f));
  } catch {
    return [];
  }
  return names.filter((f) => {
    try {
      rmSync(join(dir, f), { force: true });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * What a file is written from: text, bytes, or pieces of text in order (a large table written as it is
 * made, never held whole).
 */
export type FileData = string | Uint8Array | Iterable<string>;

/** Pieces of text are written a chunk of about this many characters at a time. */
const CHUNK = 1 << 20;

/**
 * Write `file` whole or not at all: into a temporary file beside it, renamed over it once complete, so
 * that no reader ever sees a part of it. `durable` (the default) also syncs the data and the folder
 * before and after the rename, so that the file survives a crash of the machine; a report's files,
 * which `volley report` writes again from results.json, are written without (a report of 40 files
 * spent a quarter of a second waiting on the disk).
 */
export function writeFileAtomic(file: string, data: FileData, { durable = true }: { durable?: boolean } = {}): void {
  const tmp = join(dirname(file), `.${Math.abs(hashName(file))}.${process.pid}.tmp`);
  let opened = false;
  try {
    makeFolder(dirname(file));
    const fd = openSync(tmp, 'w');
    opened = true;
    const put = (buf: Uint8Array) => {
      let off = 0;
      while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    };
    try {
      if (typeof data === 'string') put(Buffer.from(data, 'utf8'));
      else if (data instanceof Uint8Array) put(data);
      else {
        let chunk = '';
        for (const piece of data) {
          chunk += piece;
          if (chunk.length >= CHUNK) {
            put(Buffer.from(chunk, 'utf8'));
            chunk = '';
          }
        }
        put(Buffer.from(chunk, 'utf8'));
      }
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    if (durable) syncFolder(dirname(file));
  } catch (e) {
    if (opened) {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // the refusal to write is what the user needs to hear, not a second one to clean up
      }
    }
    throw WriteError.of(file, e);
  }
}

function hashName(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}

/** fsync a folder, so that a file just created or renamed in it survives a crash (where supported). */
export function syncFolder(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a folder (Windows); the data itself is synced.
  }
}
