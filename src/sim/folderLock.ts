/**
 * One run at a time in an output folder: a lock file made exclusively, holding the process id. Two runs
 * started on one folder (two --resume, two --force) would otherwise write the same checkpoint and
 * export. A lock left by a process that no longer exists (killed) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { OutputFolderError } from './runErrors.js';

export const LOCK_FILE = '.volley-lock';

/** Lock files this process holds (a run in this process is as much in the way as one in another). */
const held = new Set<string>();

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
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
    for (let attempt = 0; attempt < 2; attempt++) {
      let fd: number;
      try {
        fd = openSync(file, 'wx');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const pid = Number.parseInt(readLock(file), 10);
        if (held.has(file) || (Number.isInteger(pid) && pid !== process.pid && alive(pid))) {
          const who = held.has(file) ? 'this process' : `process ${pid}`;
          throw new OutputFolderError(`${dir} is in use by another volley run (${who}); wait for it to end, or choose another --out`);
        }
        rmSync(file, { force: true }); // left by a run that was killed
        continue;
      }
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(file);
      return new FolderLock(file);
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

function readLock(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
