/**
 * Output folders of every command that writes one (DESIGN.md, "Reliability"): what a folder holds, made
 * and locked before any work is done, and refused when a command's earlier output or someone else's
 * files would be written over without --force. `volley run` adds its checkpoint rules (folderRun.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FolderLock, inUse, LOCK_FILE, lockHolder } from './folderLock.js';
import { OutputFolderError } from '../engine/errors.js';
import { folderProblem, makeFolder, removeLeftTemps, someOf, visibleEntries, writeFileAtomic } from '../../results/files.js';
import { canonicalJson } from '../../results/results.js';
import { BUILD_ID } from '../../results/version.js';
import { CHECKPOINT_FILE } from './checkpoint.js';

/** The file each command writes that shows its output is in a folder, and that output in words. */
export const OUTPUT_MARKERS: readonly { file: string; what: string }[] = [
  { file: 'results.json', what: 'a finished volley run' },
  { file: 'checkpoint.ndjson', what: 'an unfinished volley run' },
  { file: 'story.txt', what: 'a trace' },
  { file: 'tournament.json', what: 'a tournament' },
  { file: 'tune.json', what: 'a tune' },
  { file: 'refit-check.json', what: 'a refit check' },
];

/** The visible entries of a folder (none if it does not exist), or a refusal naming it. */
export function folderEntries(dir: string, flag = '--out'): string[] {
  try {
    return visibleEntries(dir);
  } catch (e) {
    throw new OutputFolderError(`cannot read ${dir} (${(e as NodeJS.ErrnoException).code ?? String(e)}); choose another ${flag}`);
  }
}

/** The first volley output among a folder's entries, in words with its file: "a trace (story.txt)". */
export function volleyOutputIn(entries: readonly string[]): string | null {
  const m = OUTPUT_MARKERS.find((k) => entries.includes(k.file));
  return m ? `${m.what} (${m.file})` : null;
}

/**
 * The record of what a command was asked (a hash of its inputs), written last, once its output is
 * complete: a command asked the same again finds its answer there (finishedHere).
 */
export const INPUTS_FILE = '.volley-inputs';

/**
 * The sha256 of what a command was asked (a JSON value, its object keys sorted), in 64 hex digits, with
 * the build that plays it (BUILD_ID): a volley whose code changed plays the command again.
 */
export const inputsHash = (inputs: unknown): string => createHash('sha256').update(canonicalJson({ build: BUILD_ID, inputs })).digest('hex');

/** Record, last of all, that the folder holds the complete output of the command asked `hash`. */
export function recordInputs(dir: string, hash: string): void {
  writeFileAtomic(join(dir, INPUTS_FILE), `${hash}\n`);
}

/**
 * Whether `dir` holds the finished output of a command asked exactly `hash`: its marker file and the
 * record of its inputs, no checkpoint and no command writing there. 'done' when the files `needs`
 * are there too; 'partial' when one is missing (a report asked for now, not then: played again, the
 * same inputs give the same output); null when it is another command's or another question's.
 */
export function finishedHere(dir: string, marker: string, hash: string, needs: readonly string[] = []): 'done' | 'partial' | null {
  try {
    if (!existsSync(join(dir, marker)) || existsSync(join(dir, CHECKPOINT_FILE)) || lockHolder(dir)) return null;
    if (readFileSync(join(dir, INPUTS_FILE), 'utf8').trim() !== hash) return null;
  } catch {
    return null;
  }
  return needs.every((f) => existsSync(join(dir, f))) ? 'done' : 'partial';
}

/** Make the folder and take its lock; a folder the system will not make or lock is refused (exit 2). */
export function makeAndLock(dir: string, flag = '--out'): FolderLock {
  const refusal = (what: string, e: unknown): unknown => {
    const err = e as NodeJS.ErrnoException | null;
    if (e instanceof OutputFolderError || !err?.code) return e;
    const where = err.path && err.path !== dir && !err.path.startsWith(join(dir, LOCK_FILE)) ? ` at ${err.path}` : '';
    return new OutputFolderError(`${flag}: cannot ${what} ${dir} (${err.code}${where}); choose another ${flag}`);
  };
  try {
    makeFolder(dir);
  } catch (e) {
    throw refusal('make folder', e);
  }
  try {
    const lock = FolderLock.take(dir);
    // The folder is ours now: what a writer killed mid-file left (a partial index.html) goes, and so
    // does the record of a finished output, written again once this command's is complete.
    removeLeftTemps(dir);
    rmSync(join(dir, INPUTS_FILE), { force: true });
    return lock;
  } catch (e) {
    throw refusal('write the lock file in', e);
  }
}

/** What a command other than `run` claims: its marker file, its name, and whether --force was given. */
export interface FolderClaim {
  /** The file that shows the command has written there before (tournament.json). */
  marker: string;
  /** The command: "trace", "tournament", "tune", "refit check". */
  command: string;
  /** --force: write over whatever the folder holds. */
  force: boolean;
}

function checkClaim(dir: string, claim: FolderClaim, flag: string, lockedHere: boolean): void {
  if (dir.trim() === '') throw new OutputFolderError(`${flag}: expected a folder, found nothing`);
  const problem = folderProblem(dir, flag);
  if (problem) throw new OutputFolderError(problem);
  const who = lockedHere ? null : lockHolder(dir);
  if (who) throw inUse(dir, who);
  if (claim.force) return;
  const entries = folderEntries(dir, flag);
  if (entries.length === 0) return;
  const own = OUTPUT_MARKERS.find((m) => m.file === claim.marker);
  if (entries.includes(claim.marker)) {
    throw new OutputFolderError(`${dir} already holds ${own?.what ?? `a ${claim.command}`} (${claim.marker}) of other inputs (file, flags or build of volley); add --force to overwrite it, or choose another ${flag}`);
  }
  const other = volleyOutputIn(entries);
  if (other) throw new OutputFolderError(`${dir} holds ${other}, not a ${claim.command}; add --force to write into it anyway, or choose another ${flag}`);
  throw new OutputFolderError(`${dir} is not empty and holds no volley ${claim.command} (${someOf(entries)}); add --force to write into it anyway, or choose another ${flag}`);
}

/**
 * The output folder of trace, tournament, tune and refit check, claimed as `volley run` claims its own:
 * refused while another command writes there (its lock), or when it holds files and --force is not
 * given (an earlier tournament is not lost to the next); then made, locked, and checked again holding
 * the lock. Release the lock when the command ends (the process's exit releases it too).
 */
export function claimFolder(dir: string, claim: FolderClaim, flag = '--out'): FolderLock {
  checkClaim(dir, claim, flag, false);
  const lock = makeAndLock(dir, flag);
  try {
    checkClaim(dir, claim, flag, true);
  } catch (e) {
    lock.release();
    throw e;
  }
  return lock;
}
