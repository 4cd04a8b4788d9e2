/**
 * A file written by appending: every append reaches the operating system at once (a killed process
 * loses nothing it appended), and fsyncs are grouped: one runs at a time in the background and covers
 * every append made before it started, so a slow disk never holds up the run. flush() waits until all
 * appends are on disk.
 */
import { closeSync, fsync, fsyncSync, openSync, writeSync } from 'node:fs';
import { WriteError } from '../../results/files.js';

export class AppendFile {
  private fd: number;
  private syncing: Promise<void> | null = null;
  private dirty = false;
  private syncError: Error | null = null;
  /** Bytes in the file (as opened, plus every append). */
  bytes: number;

  /** Open `file` for appending; `size` is its current length (0 for a new file). */
  constructor(
    readonly file: string,
    mode: 'new' | 'append',
    size = 0,
  ) {
    this.fd = openSync(file, mode === 'new' ? 'w' : 'a');
    this.bytes = mode === 'new' ? 0 : size;
  }

  append(text: string): void {
    if (this.fd < 0) throw new Error(`${this.file} is closed`);
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    try {
      while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
    } catch (e) {
      // A full disk (ENOSPC), a file grown past its limit (EFBIG): the refusal, naming the file.
      throw WriteError.of(this.file, e);
    }
    this.bytes += buf.length;
    this.dirty = true;
    this.syncSoon();
  }

  private syncSoon(): void {
    if (this.syncing || this.fd < 0) return;
    this.dirty = false;
    const fd = this.fd;
    this.syncing = new Promise<void>((done) =>
      fsync(fd, (err) => {
        if (err) this.syncError = err;
        done();
      }),
    ).then(() => {
      this.syncing = null;
      if (this.dirty) this.syncSoon();
    });
  }

  /** Wait until every append so far is on disk. */
  async flush(): Promise<void> {
    while (this.syncing) await this.syncing;
    try {
      if (this.fd >= 0 && this.dirty) {
        fsyncSync(this.fd);
        this.dirty = false;
      }
      if (this.syncError) throw this.syncError;
    } catch (e) {
      throw WriteError.of(this.file, e);
    }
  }

  async close(): Promise<void> {
    if (this.fd < 0) return;
    try {
      await this.flush();
    } finally {
      closeSync(this.fd);
      this.fd = -1;
    }
  }
}
