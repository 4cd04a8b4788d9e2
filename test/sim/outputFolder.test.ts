/**
 * Claiming an output folder in one process (src/sim/store/outputFolder.ts): the lock is held while a command
 * writes and released after it, also when the command fails; the CLI tests (test/reliability/folder)
 * cover other processes.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/sim/store/folderLock.js';
import { DICE_FORMAT } from '../../src/core/dice.js';
import { claimFolder, finishedHere, INPUTS_FILE, inputsHash, OUTPUT_MARKERS, recordInputs } from '../../src/sim/store/outputFolder.js';
import { OutputFolderError } from '../../src/sim/engine/errors.js';
import { REFIT_CHECK_FILE } from '../../src/sim/studies/refitCheck.js';
import { CHECKPOINT_FILE } from '../../src/sim/store/checkpoint.js';
import { RESULTS_FILE } from '../../src/sim/store/folderRun.js';
import { TUNE_FILE } from '../../src/sim/studies/tune.js';
import { runIntoFolder } from '../../src/sim/store/folderRun.js';
import { prepareRun } from '../../src/sim/studies/prepare.js';

const claim = { marker: 'tournament.json', command: 'tournament', force: false };

describe('claimFolder', () => {
  it('holds the folder until released: a second claim in the same process is refused, a third after release is not', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'volley-claim-')), 'out');
    const lock = claimFolder(dir, claim);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    expect(() => claimFolder(dir, { ...claim, force: true })).toThrow(/is in use by an earlier command in this process/);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    claimFolder(dir, claim).release();
  });

  it('releases the lock when the check made holding it refuses the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-claim-'));
    writeFileSync(join(dir, 'tournament.json'), '{}\n');
    expect(() => claimFolder(dir, claim)).toThrow(OutputFolderError);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    claimFolder(dir, { ...claim, force: true }).release();
  });

  it('an empty name is no folder', () => {
    expect(() => claimFolder(' ', claim)).toThrow('--out: expected a folder, found nothing');
  });

  it("knows every command's marker file by the name the command writes", () => {
    const files = OUTPUT_MARKERS.map((m) => m.file);
    for (const f of [RESULTS_FILE, CHECKPOINT_FILE, TUNE_FILE, REFIT_CHECK_FILE, 'story.txt', 'tournament.json']) expect(files).toContain(f);
  });

  it('an empty lock (created, not yet written, where there are no hard links) is held a few seconds, then stale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-claim-'));
    const lock = join(dir, LOCK_FILE);
    writeFileSync(lock, '');
    expect(() => claimFolder(dir, claim)).toThrow(/is in use by another volley command \(one starting\)/);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    claimFolder(dir, claim).release();
  });

  it('a run given up without finishing frees its folder and keeps its checkpoint: the same process resumes it', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'volley-release-')), 'run');
    const req = { file: 'sims/town-assault.scenario.yaml', engagements: 200, batch: 50, out };
    const first = await runIntoFolder(prepareRun(req), { workers: 0 });
    expect(existsSync(join(out, LOCK_FILE))).toBe(true);
    await first.release();
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    expect(existsSync(join(out, CHECKPOINT_FILE))).toBe(true);
    const again = await runIntoFolder(prepareRun(req), { workers: 0, resume: true });
    expect(again.resumedBatches).toBe(4);
    await again.finish();
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    expect(existsSync(join(out, CHECKPOINT_FILE))).toBe(false);
  });

  it('a checkpoint played with other dice is refused for --resume, naming both schemes; --force starts over', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'volley-dice-')), 'run');
    const req = { file: 'sims/town-assault.scenario.yaml', engagements: 100, batch: 50, out };
    const first = await runIntoFolder(prepareRun(req), { workers: 0 });
    await first.release();
    const file = join(out, CHECKPOINT_FILE);
    const lines = readFileSync(file, 'utf8').split('\n');
    const header = JSON.parse(lines[0]);
    expect(header.dice).toBe(DICE_FORMAT);
    // As a checkpoint written before the dice scheme was recorded (the first scheme's) would be.
    delete header.dice;
    writeFileSync(file, [JSON.stringify(header), ...lines.slice(1)].join('\n'));
    await expect(runIntoFolder(prepareRun(req), { workers: 0, resume: true })).rejects.toThrow(
      new OutputFolderError(`${file} was played with the dice scheme alea-mash/seed-path/1; this volley plays ${DICE_FORMAT}, which draws other numbers from the same seed, so its batches cannot be continued: start over with --force`),
    );
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    const forced = await runIntoFolder(prepareRun(req), { workers: 0, force: true });
    expect(forced.resumedBatches).toBe(0);
    await forced.finish();
  });
});

describe('finishedHere: the same command asked again', () => {
  const done = () => {
    const dir = mkdtempSync(join(tmpdir(), 'volley-done-'));
    writeFileSync(join(dir, 'tournament.json'), '{}\n');
    writeFileSync(join(dir, 'tournament.html'), '<p>\n');
    recordInputs(dir, 'abc');
    return dir;
  };

  it("is 'done' with the marker, the same inputs and the files asked for; 'partial' when one is missing", () => {
    const dir = done();
    expect(finishedHere(dir, 'tournament.json', 'abc', ['tournament.html'])).toBe('done');
    expect(finishedHere(dir, 'tournament.json', 'abc', ['tournament.html', 'tournament.csv'])).toBe('partial');
  });

  it('is null for other inputs, no record, no marker, a checkpoint or a command writing there', () => {
    expect(finishedHere(done(), 'tournament.json', 'abd')).toBe(null);
    expect(finishedHere(done(), 'tune.json', 'abc')).toBe(null);
    const noRecord = done();
    rmSync(join(noRecord, INPUTS_FILE));
    expect(finishedHere(noRecord, 'tournament.json', 'abc')).toBe(null);
    const unfinished = done();
    writeFileSync(join(unfinished, CHECKPOINT_FILE), '');
    expect(finishedHere(unfinished, 'tournament.json', 'abc')).toBe(null);
    const busy = done();
    // A command holding the folder (here, this process) is writing it: nothing there is finished yet.
    const lock = claimFolder(busy, { ...claim, force: true });
    recordInputs(busy, 'abc');
    expect(finishedHere(busy, 'tournament.json', 'abc')).toBe(null);
    lock.release();
    expect(finishedHere(busy, 'tournament.json', 'abc')).toBe('done');
    expect(finishedHere(join(busy, 'nowhere'), 'tournament.json', 'abc')).toBe(null);
  });

  it('the record goes when a command takes the folder, and comes back only when it records its inputs', () => {
    const dir = done();
    claimFolder(dir, { ...claim, force: true }).release();
    expect(existsSync(join(dir, INPUTS_FILE))).toBe(false);
    expect(finishedHere(dir, 'tournament.json', 'abc')).toBe(null);
  });

  it('hashes inputs whatever the order of their keys', () => {
    expect(inputsHash({ a: 1, b: [2, { c: 3, d: 4 }] })).toBe(inputsHash({ b: [2, { d: 4, c: 3 }], a: 1 }));
    expect(inputsHash({ a: 1 })).not.toBe(inputsHash({ a: 2 }));
  });
});
