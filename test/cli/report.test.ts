/**
 * `volley report DIR` (src/cli/report.ts): a finished run's report written again from its results.json,
 * nothing played; `--rank-by` chooses the figure a large experiment's top and bottom cells are ranked
 * by when the page opens (src/report/manyCells.ts). `volley report` runs in this process (./here.ts:
 * the command line's own main, no process to start); the runs that make the results, and the report
 * refused because another process holds the folder, are the built program's (./volley.ts).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderLock } from '../../src/sim/store/folderLock.js';
import { volleyHere } from './here.js';
import { volley } from './volley.js';

const dir = mkdtempSync(join(tmpdir(), 'volley-report-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const experiment = (name: string, vary: string[]) => {
  const file = join(dir, `${name}.experiment.yaml`);
  writeFileSync(file, ['kind: experiment', `name: ${name}`, `scenario: ${join(process.cwd(), 'sims/town-assault.scenario.yaml')}`, 'engagements: 3', 'seed: 7', 'vary:', ...vary, ''].join('\n'));
  return file;
};

describe('volley report DIR', () => {
  // 9 x 9 x 2 = 162 cells: more than the report charts cell by cell, so it ranks them.
  const many = join(dir, 'many');
  beforeAll(async () => {
    const file = experiment('many', ['  defender.units[*].morale: [1, 2, 3, 4, 5, 6, 7, 8, 9]', '  attacker.stacks[0].units[0].strength: [4, 5, 6, 7, 8, 9, 10, 11, 12]', '  turns: [1, 3]']);
    const r = await volleyHere(['run', file, '-o', many, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);

  it('writes the report the run wrote, byte for byte, from results.json alone', async () => {
    const page = readFileSync(join(many, 'index.html'), 'utf8');
    const copy = join(dir, 'copy');
    mkdirSync(copy);
    copyFileSync(join(many, 'results.json'), join(copy, 'results.json'));
    const r = await volleyHere(['report', copy]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`report:  ${join(copy, 'index.html')}`);
    expect(readFileSync(join(copy, 'index.html'), 'utf8')).toBe(page);
    for (const f of ['sweep.png', 'sweep.svg', 'sweep.vl.json', 'cells.csv']) expect(existsSync(join(copy, f)), f).toBe(true);
  }, 60_000);

  it('--rank-by opens the ranking on the figure named', async () => {
    expect(readFileSync(join(many, 'index.html'), 'utf8')).toContain('<option value="wins0" selected>');
    const r = await volleyHere(['report', many, '--rank-by', 'lost1', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toBe('');
    const page = readFileSync(join(many, 'index.html'), 'utf8');
    expect(page).toContain('<option value="lost1" selected>');
    expect(page).not.toContain('<option value="wins0" selected>');
  }, 60_000);

  it('refuses a figure the cells do not have, naming those they have (exit 2, nothing written)', async () => {
    const before = readFileSync(join(many, 'index.html'), 'utf8');
    const r = await volleyHere(['report', many, '--rank-by', 'carried0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rank-by carried0: not a figure of this run's cells; one of wins0, wins1, draws, lost0, lost1, retreat0, retreat1, fail0, fail1, turns/);
    expect(readFileSync(join(many, 'index.html'), 'utf8')).toBe(before);
  });

  it('says when --rank-by changes nothing: a report of few cells charts every one', async () => {
    const few = join(dir, 'few');
    expect((await volleyHere(['run', experiment('few', ['  turns: [1, 3]']), '-o', few, '--quiet', '--no-report'])).code).toBe(0);
    const r = await volleyHere(['report', few, '--rank-by', 'turns']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/--rank-by changes nothing here: the report charts every one of its cells/);
    expect(existsSync(join(few, 'index.html'))).toBe(true);
  }, 60_000);

  it("removes the files of the folder's earlier report that it does not write again, and nothing else", async () => {
    const f = join(dir, 'again');
    mkdirSync(f);
    copyFileSync(join(many, 'results.json'), join(f, 'results.json'));
    expect((await volleyHere(['report', f, '--quiet'])).code).toBe(0);
    expect(readFileSync(join(f, '.volley-report'), 'utf8').split('\n')).toContain('small-multiples.png');
    writeFileSync(join(f, 'notes.png'), 'mine');
    // Two cells: every chart drawn cell by cell, no small multiples, no cells.csv.
    const few = join(dir, 'few2');
    expect((await volleyHere(['run', experiment('few2', ['  turns: [1, 3]']), '-o', few, '--quiet', '--no-report'])).code).toBe(0);
    copyFileSync(join(few, 'results.json'), join(f, 'results.json'));
    expect((await volleyHere(['report', f, '--quiet'])).code).toBe(0);
    for (const gone of ['small-multiples.png', 'small-multiples.vl.json', 'sweep-2.svg', 'cells.csv']) expect(existsSync(join(f, gone)), gone).toBe(false);
    for (const kept of ['outcomes.png', 'index.html', 'results.json', 'notes.png']) expect(existsSync(join(f, kept)), kept).toBe(true);
    // Played again without a report: the earlier report (of other results) goes, the user's file stays.
    expect((await volleyHere(['run', experiment('few2', ['  turns: [1, 3]']), '-o', f, '--quiet', '--no-report', '--force'])).code).toBe(0);
    for (const gone of ['outcomes.png', 'index.html', '.volley-report']) expect(existsSync(join(f, gone)), gone).toBe(false);
    expect(readFileSync(join(f, 'notes.png'), 'utf8')).toBe('mine');
  }, 60_000);

  it('refuses a folder where a run is unfinished, or where another run holds the lock (exit 2, nothing written)', async () => {
    const copy = join(dir, 'busy');
    mkdirSync(copy);
    copyFileSync(join(many, 'results.json'), join(copy, 'results.json'));
    writeFileSync(join(copy, 'checkpoint.ndjson'), '');
    let r = await volleyHere(['report', copy]);
    expect(r.code).toBe(2);
    // A report that failed mid-way leaves this run's results.json beside the checkpoint: not called an earlier run's.
    expect(r.stderr).toBe(
      `volley: ${copy} holds an unfinished run (checkpoint.ndjson): it stopped while playing or while writing its files, so results.json may be an earlier run's, or this one's without its report; ` +
        `finish it with volley run FILE --out ${copy} --resume (the file and flags it was started with), which writes results.json and the report\n`,
    );
    rmSync(join(copy, 'checkpoint.ndjson'));
    // This test's own process holds the folder's lock, as a run writing there would.
    const lock = FolderLock.take(copy);
    try {
      r = volley(['report', copy]);
    } finally {
      lock.release();
    }
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^volley: ${copy.replace(/[.*+?^\${}()|[\]\\/]/g, '\\$&')} is in use by another volley command \\(process ${process.pid}\\); write its report once it has ended\n$`));
    expect(existsSync(join(copy, 'index.html'))).toBe(false);
  });

  it('refuses a folder that is not there, and results.json given in place of its folder (exit 2; before: "holds no results.json")', async () => {
    const gone = join(dir, 'no-such');
    let r = await volleyHere(['report', gone]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`volley: ${gone}: no such folder: give the folder of a finished run (the one volley run wrote results.json in)\n`);
    r = await volleyHere(['report', join(many, 'results.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`volley: ${join(many, 'results.json')} is a file: give the folder that holds results.json, not the file (volley report ${many})\n`);
  });

  it('a field of the wrong type is named as such, not as missing', async () => {
    const copy = join(dir, 'mistyped');
    mkdirSync(copy);
    const results = JSON.parse(readFileSync(join(many, 'results.json'), 'utf8')) as { cells: { summary: { engagements: unknown } }[] };
    results.cells[0].summary.engagements = 'abc';
    writeFileSync(join(copy, 'results.json'), JSON.stringify(results, null, 2));
    const r = await volleyHere(['report', copy]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/results\.json:\d+: cells\[0\]\.summary\.engagements: expected number, found a string "abc" \(was the file edited\?\)\n$/);
  });

  it('refuses a folder without results.json, and a results.json it cannot read (exit 2, no stack)', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    let r = await volleyHere(['report', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`volley: ${empty} holds no results.json: a finished run's folder is needed (volley run writes one)\n`);
    writeFileSync(join(empty, 'results.json'), '{ "format": ');
    r = await volleyHere(['report', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(`volley: ${join(empty, 'results.json')}: not JSON (`)).toBe(true);
    // Written by another version, or a field gone: its path and line.
    writeFileSync(join(empty, 'results.json'), '{\n  "format": "volley-results/0"\n}\n');
    r = await volleyHere(['report', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^volley: ${join(empty, 'results.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2: format: 'volley-results/0' was written by another version of volley`));
    writeFileSync(join(empty, 'results.json'), '{\n  "format": "volley-results/1"\n}\n');
    r = await volleyHere(['report', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/:1: provenance: missing/);
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
  });
});
