/**
 * The files of a folder's report, recorded so that the next report written there (a run played again
 * with --force, `volley report` with a newer build, a cross-system run where a single one was) removes
 * those it does not write again: a chart of an earlier report left beside a new one would be read as
 * part of it. Only files a report of volley wrote are ever removed; a folder written before the record
 * existed keeps whatever it has.
 */
import { lstatSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../results/files.js';

/** The record of the report's files, in the report's folder: one path a line, relative to it. */
export const REPORT_MANIFEST = '.volley-report';

/** The paths a manifest lists; none when there is none (or it cannot be read). */
export function readManifest(dir: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(dir, REPORT_MANIFEST), 'utf8');
  } catch {
    return [];
  }
  // Only paths inside the folder: a line that leads out of it is not a report file of ours.
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => {
      if (l === '' || isAbsolute(l)) return false;
      const inside = relative(dir, resolve(dir, l));
      return inside !== '' && !isAbsolute(inside) && !inside.split(/[\\/]/).includes('..');
    });
}

/** Whether a plain file is at `path` (a folder or nothing is not one of a report's files). */
function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Record `written` (paths of files in `dir` or below it) as the folder's report, once it is complete,
 * and remove the files of the report recorded before that are not among them, with any subfolder that
 * leaves empty (a cross-system report's systems/<id>/). `written` empty: the folder has no report now.
 * Returns the paths removed, relative to `dir`.
 */
export function recordReport(dir: string, written: readonly string[]): string[] {
  const now = written.map((f) => relative(dir, f).split(sep).join('/'));
  const keep = new Set(now);
  const removed: string[] = [];
  for (const old of readManifest(dir)) {
    if (keep.has(old) || !isFile(join(dir, old))) continue;
    rmSync(join(dir, old), { force: true });
    removed.push(old);
    // Subfolders the file was in, innermost first, while they are empty.
    for (let d = dirname(old); d !== '.' && d !== ''; d = dirname(d)) {
      try {
        if (readdirSync(join(dir, d)).length > 0) break;
        rmdirSync(join(dir, d));
      } catch {
        break;
      }
    }
  }
  if (now.length) writeFileAtomic(join(dir, REPORT_MANIFEST), `${now.join('\n')}\n`);
  else rmSync(join(dir, REPORT_MANIFEST), { force: true });
  return removed;
}
