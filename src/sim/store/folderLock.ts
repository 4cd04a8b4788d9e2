/**
 * One run at a time in an output folder: a lock file holding the process id of the run (and, where the
 * system tells it, when that process started, so that a process id reused by another program does not
 * hold the lock). Two runs started on one folder (two --resume, two --force) would otherwise write the
 * same checkpoint and export. A lock left by a process that no longer exists (killed) is taken over.
 *
 * The lock file is written whole beside its name and linked into place (a link fails if the name
 * exists), so nobody reads it half-written; where the file system has no hard links it is created
 * exclusively and written at once, and an empty lock younger than a few seconds counts as held (its
 * writer is between the two). A stale one is renamed away before it is removed, so two runs taking
 * over the same stale lock cannot remove each other's.
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { OutputFolderError } from '../engine/errors.js';

export const LOCK_FILE = '.volley-lock';

/** How long an empty lock file counts as held: its writer created it and is about to write it. */
const EMPTY_LOCK_GRACE_MS = 10_000;

/** Lock files this process holds (a run in this process is as much in the way as one in another). */
const held = new Set<string>();

/** When process `pid` started, in clock ticks since boot (Linux), or null where the system does not say. */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process the lock names is still running (signal 0 checks without sending anything). */
function running(pid: number, start: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A process of that id that started at another time is another program.
  const now = start === null ? null : startOf(pid);
  return start === null || now === null || now === start;
}

/** Who holds the lock of `dir`, in words, or null when nobody (no lock, or one left by a killed run). */
export function lockHolder(dir: string): string | null {
  const file = join(dir, LOCK_FILE);
  return held.has(file) ? 'this process' : holderOf(file);
}

/**
 * The time by the folder's file system (the lock's own clock, and no clock of this process): the
 * modification time of a file written beside `file` now.
 */
function fileSystemNow(file: string): number {
  const probe = `${file}.now.${process.pid}`;
  try {
    writeFileSync(probe, '');
    return statSync(probe).mtimeMs;
  } finally {
    rmSync(probe, { force: true });
  }
}

/** The live process a lock file names, in words, or null (no file, or a process that has ended). */

function holderOf(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (text.trim() === '') {
    // Created and not yet written (no hard links here): held, unless left so long that its writer died.
    try {
      if (fileSystemNow(file) - statSync(file).mtimeMs < EMPTY_LOCK_GRACE_MS) return 'one starting';
    } catch {
      return null;
    }
    return null;
  }
  const [pidText, start] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return pid !== process.pid && running(pid, start ?? null) ? `process ${pid}` : null;
}

/** The refusal when another command (a run, a trace, a tournament, a tune) holds the folder. */
export function inUse(dir: string, who: string): OutputFolderError {
  const holder = who === 'this process' ? 'an earlier command in this process' : `another volley command (${who})`;
  return new OutputFolderError(
    `${dir} is in use by ${holder}; wait for it to end, or choose another --out ` +
      `(if no volley command is writing there, delete ${join(dir, LOCK_FILE)})`,
  );
}

/**
 * Put `own` in place as `file` unless `file` exists: a hard link (the lock appears whole), or, where the
 * file system has no hard links (FAT, some network shares), an exclusive create written at once.
 */
function placeLock(own: string, file: string, text: string): void {
  try {
    linkSync(own, file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    const fd = openSync(file, 'wx'); // EEXIST as from the link
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  }
}

export class FolderLock {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(private readonly file: string) {
    // A run that exits any way but a kill leaves no lock behind.
    process.on('exit', this.onExit);
  }

  /** Take the folder's lock (the folder exists), or refuse: another live run holds it. */
  static take(dir: string): FolderLock {
    const file = join(dir, LOCK_FILE);
    const own = `${file}.${process.pid}`;
    const text = `${process.pid} ${startOf(process.pid) ?? ''}\n`;
    writeFileSync(own, text);
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          placeLock(own, file, text);
          held.add(file);
          return new FolderLock(file);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
        const who = lockHolder(dir);
        if (who) throw inUse(dir, who);
        // Left by a run that was killed: renamed away first, so that of two runs doing this at once
        // only one removes it, and neither removes a lock the other has just taken.
        const stale = `${file}.stale.${process.pid}`;
        try {
          renameSync(file, stale);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
          continue; // another run moved it first
        }
        // What was moved may be a lock another run took in the meantime: then it goes back.
        const moved = holderOf(stale);
        if (moved) {
          try {
            placeLock(stale, file, readFileSync(stale, 'utf8'));
          } catch {
            // a third run holds the name now: it refuses or takes over as this one did
          }
          rmSync(stale, { force: true });
          throw inUse(dir, moved);
        }
        rmSync(stale, { force: true });
      }
    } finally {
      rmSync(own, { force: true });
    }
    throw new OutputFolderError(`${dir}: could not take ${LOCK_FILE}; another run is starting there, choose another --out`);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    held.delete(this.file);
    rmSync(this.file, { force: true });
  }
}
