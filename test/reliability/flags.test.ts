/**
 * Bad command-line values, through every command that takes them: exit code 2, one line naming the flag
 * and what is wrong, no stack, and nothing played or written (DESIGN.md, "Reliability"). The bad-input
 * corpus covers bad files; this covers bad flags and output folders.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { volleyHere } from '../cli/here.js';
import { startVolley, tmp, volley, type CliResult } from './cli.js';

const dir = tmp();
/** A plain file where a folder is wanted. */
const file = join(dir, 'a-file');
writeFileSync(file, 'not a folder\n');
const unused = join(dir, 'unused');

const TOWN = 'sims/town-assault.scenario.yaml';
const MEETING = 'sims/meeting-engagement.scenario.yaml';
const quick = ['-n', '20', '--quiet', '--no-report'];

/** [what, arguments, the message expected]. */
const cases: [string, string[], RegExp][] = [
  ['run: -n and --engagements with two values', ['run', TOWN, '-n', '5', '--engagements', '6', '--out', unused], /^volley: --engagements given more than once \(5, 6\); give it once$/],
  ['run: --out twice', ['run', TOWN, ...quick, '--out', unused, '--out', join(dir, 'other')], /^volley: --out given more than once \(.*unused, .*other\); give it once$/],
  ['run: --seed with nothing', ['run', TOWN, ...quick, '--seed', '', '--out', unused], /^volley: --seed: expected a number or a word, found nothing$/],
  ['run: --out a file', ['run', TOWN, ...quick, '--out', file], /^volley: --out: .*a-file is a file, not a folder; choose another --out$/],
  ['run: --out under a file', ['run', TOWN, ...quick, '--out', join(file, 'x')], /^volley: --out: cannot make folder .*a-file\/x: .*a-file is a file; choose another --out$/],
  ['trace: --out a file', ['trace', TOWN, '--engagement', '0', '--out', file], /^volley: --out: .*a-file is a file, not a folder; choose another --out$/],
  ['trace: --out under a file', ['trace', TOWN, '--engagement', '0', '--out', join(file, 'x', 'y')], /^volley: --out: cannot make folder .*a-file\/x\/y: .*a-file is a file; choose another --out$/],
  ['trace: --seed with nothing', ['trace', TOWN, '--engagement', '0', '--seed', '', '--out', unused], /^volley: --seed: expected a number or a word, found nothing$/],
  ['tournament: -n 0', ['tournament', MEETING, '--doctrines', 'careful,aggressive', '-n', '0', '--out', unused], /^volley: --engagements: expected a whole number from 1 to 100,000,000, found 0$/],
  ['tournament: -n 2.5', ['tournament', MEETING, '--doctrines', 'careful,aggressive', '-n', '2.5', '--out', unused], /^volley: --engagements: expected a whole number from 1 to 100,000,000, found 2.5$/],
  ['tournament: an empty doctrine between two commas (before: dropped, the list read as careful,aggressive)', ['tournament', MEETING, '--doctrines', 'careful,,aggressive', '-n', '4', '--out', unused], /^volley: --doctrines: item 2 of 'careful,,aggressive' is empty; name a doctrine between each pair of commas$/],
  ['tournament: a comma at the end', ['tournament', MEETING, '--doctrines', 'careful,aggressive,', '-n', '4', '--out', unused], /^volley: --doctrines: item 3 of 'careful,aggressive,' is empty; name a doctrine between each pair of commas$/],
  ['tournament: --doctrines with nothing', ['tournament', MEETING, '--doctrines', '', '-n', '4', '--out', unused], /^volley: --doctrines: expected doctrines separated by commas, found nothing$/],
  ['tournament: a doctrine twice', ['tournament', MEETING, '--doctrines', 'careful,careful', '-n', '4', '--out', unused], /^volley: --doctrines: 'careful' is named twice; name each doctrine once$/],
  ['tournament: --out under a file, refused before playing', ['tournament', MEETING, '--doctrines', 'careful,aggressive', '-n', '4', '--out', join(file, 'x')], /^volley: --out: cannot make folder .*: .*a-file is a file; choose another --out$/],
  ['tournament: --workers -1', ['tournament', MEETING, '--doctrines', 'careful,aggressive', '-n', '4', '-w', '-1', '--out', unused], /^volley: --workers: expected a whole number of 0 or more$/],
  ['refit check: --out under a file', ['refit', 'check', 'sims/refit-village.refit.yaml', '--scenario', 'sims/village-assault.scenario.yaml', '-n', '4', '--out', join(file, 'x')], /^volley: --out: cannot make folder .*: .*a-file is a file; choose another --out$/],
  ['refit check: the same scenario twice (before: played and reported twice)', ['refit', 'check', 'sims/refit-village.refit.yaml', '--scenario', 'sims/village-assault.scenario.yaml', '--scenario', 'sims/village-assault.scenario.yaml', '-n', '4', '--out', unused], /^volley: --scenario: 'sims\/village-assault\.scenario\.yaml' is given twice; give each scenario once$/],
  ['refit check: one scenario by two paths', ['refit', 'check', 'sims/refit-village.refit.yaml', '--scenario', 'sims/village-assault.scenario.yaml', '--scenario', './sims/village-assault.scenario.yaml', '-n', '4', '--out', unused], /^volley: --scenario: '\.\/sims\/village-assault\.scenario\.yaml' and 'sims\/village-assault\.scenario\.yaml' are the same file; give each scenario once$/],
  ['validate: --scenario with a scenario, not a refit (before: ignored)', ['validate', TOWN, '--scenario', MEETING], /^volley: --scenario applies a refit file to scenarios, and sims\/town-assault\.scenario\.yaml is a scenario; give it with a refit file \(kind: refit\), or leave it out$/],
  ['validate: --scenario with files none of which is a refit', ['validate', TOWN, 'sims/town-assault.experiment.yaml', '--scenario', MEETING], /^volley: --scenario applies a refit file to scenarios, and none of the files is a refit; give it with a refit file \(kind: refit\), or leave it out$/],
  ['--version with a word beside it (before: the version, exit 0)', ['--version', 'extra'], /^volley: --version takes nothing else: give it alone \(volley --version\), not with 'extra'$/],
  ['a command with --version', ['run', '--version'], /^volley: --version takes nothing else: give it alone \(volley --version\), not with 'run'$/],
  ['tune: --out under a file', ['tune', 'sims/village-assault.scenario.yaml', '--param', 'sides[0].formations[Div-Foy].demoralization', '--target', 'formation[Div-Foy].demoralizedByTurn[8] = 30%', '--range', '8..28', '-n', '20', '--out', join(file, 'x')], /^volley: --out: cannot make folder .*: .*a-file is a file; choose another --out$/],
  ['run: --queue not a redis URL', ['run', TOWN, ...quick, '--queue', 'http://:pw@host/0', '--out', unused], /^volley: --queue: expected a redis:\/\/ URL, not http:\/\/ .*$/],
  ['run: --queue database 99', ['run', TOWN, ...quick, '--queue', 'redis://host/99', '--out', unused], /^volley: --queue: the database '99' is not a number from 0 to 15$/],
  ['worker: --concurrency 0', ['worker', '--queue', 'redis://127.0.0.1:1/0', '--concurrency', '0'], /^volley: --concurrency: expected a whole number of 1 or more$/],
  ['schema: --out a file', ['schema', '--out', file], /^volley: --out: .*a-file is a file, not a folder; choose another --out$/],
  // 1e9 is a whole number: the range check names the run's engagements, not "expected a whole number".
  ['trace: --engagement 1e9', ['trace', TOWN, '--engagement', '1e9', '--out', unused], /^volley: --engagement 1000000000: the run has \d+ engagements per cell, 0 to \d+/],
  ['trace: --engagement 1e20', ['trace', TOWN, '--engagement', '1e20', '--out', unused], /^volley: --engagement: 1e20 is more than any run's engagements \(at most 100,000,000 a cell\)$/],
];

describe('bad flags and output folders: exit 2, one line, nothing written', () => {
  // In this process (test/cli/here.ts): each case is refused before anything is played or written.
  const results: Omit<CliResult, 'signal'>[] = [];
  beforeAll(async () => {
    for (const [, args] of cases) results.push(await volleyHere(args));
  });

  cases.forEach(([what, , message], i) => {
    it(what, () => {
      const r = results[i];
      const where = `${what}:\n${r.stderr}`;
      expect(r.code, where).toBe(2);
      expect(r.stderr.trim(), where).toMatch(message);
      expect(r.stderr.trim().split('\n'), where).toHaveLength(1);
      expect(r.stdout, where).toBe('');
    });
  });

  it('wrote nothing anywhere', () => {
    expect(existsSync(unused)).toBe(false);
    expect(existsSync(join(dir, 'other'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['a-file']);
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
  });
});

describe('a value that starts with a minus sign', () => {
  it('given without = reads as a flag: the message says how to give it', async () => {
    const r = await volleyHere(['tune', 'sims/village-assault.scenario.yaml', '--param', 'sides[0].formations[Div-Foy].demoralization', '--target', 'formation[Div-Foy].demoralizedByTurn[8] = 30%', '--range', '-1..5', '-n', '20', '--out', unused]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe("volley: Unknown argument: 1; a value that starts with '-' goes after '=': --range=-1..5");
    expect(existsSync(unused)).toBe(false);
  });
});

describe('switches', () => {
  it('a switch given a value other than true or false is refused, not read as false', async () => {
    const r = await volleyHere(['odds', TOWN, '--json=abc']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("volley: --json is a switch: give it alone (or =true, =false), not 'abc'");
    expect(r.stdout).toBe('');
    // A one-letter alias given a value, as its long name (before: -q=yes and -q=1 read as false, silently).
    for (const v of ['yes', '1']) {
      const q = await volleyHere(['run', TOWN, ...quick.filter((a) => a !== '--quiet'), `-q=${v}`, '--out', unused]);
      expect(q.code).toBe(2);
      expect(q.stderr.trim()).toBe(`volley: -q is a switch: give it alone (or =true, =false), not '${v}'`);
      expect(existsSync(unused)).toBe(false);
    }
    const j = await volleyHere(['odds', TOWN, '--json=true']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout).paths).toBeGreaterThan(0);
  });
});

describe('volley validate of several files', () => {
  it('checks every file: each error on a line of its own, a count last, exit 2', async () => {
    const r = await volleyHere(['validate', TOWN, 'test/corpus/bad/batch-0.experiment.yaml', MEETING, 'test/corpus/bad/vary-overlap.experiment.yaml']);
    expect(r.code).toBe(2);
    expect(r.stdout.trim().split('\n')).toEqual([
      `${TOWN}: valid scenario 'town-assault' (aor assault, 6 units)`,
      expect.stringMatching(new RegExp(`^${MEETING}: valid scenario`)),
    ]);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^volley: test\/corpus\/bad\/batch-0\.experiment\.yaml:7: batch: /);
    expect(lines[1]).toMatch(/^volley: test\/corpus\/bad\/vary-overlap\.experiment\.yaml:9: vary\.defender\.units\[d1\]\.morale: /);
    expect(lines[2]).toBe('volley: 2 of 4 files have errors');
  });
});

describe('repeated and generous flags that are harmless', () => {
  it('the same value twice is taken once', async () => {
    const out = join(tmp(), 'twice');
    const r = await volleyHere(['run', TOWN, '-n', '20', '-n', '20', '--quiet', '--quiet', '--no-report', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).provenance.engagementsPerCell).toBe(20);
  });

  it('more workers than batches start only as many as there are batches', async () => {
    const out = join(tmp(), 'many');
    const r = await volleyHere(['run', TOWN, '-n', '300', '--batch', '100', '-w', '64', '--quiet', '--no-report', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // Three batches, and never more threads than cores (the cap of --workers).
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).timing.workers).toBe(Math.min(3, availableParallelism()));
  });

  it('--workers past the cores is capped at the cores, with a message (500 threads took 5.4 GB); --quiet keeps it silent', async () => {
    const out = join(tmp(), 'capped');
    const cores = availableParallelism();
    const r = volley(['run', TOWN, '-n', '200', '--batch', '25', '-w', '500', '--no-report', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`volley: --workers 500: capped at the ${cores} ${cores === 1 ? "core" : "cores"} available`);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).timing.workers).toBe(Math.min(cores, 8)); // 8 batches
    const q = await volleyHere(['run', TOWN, '-n', '20', '-w', '500', '--quiet', '--no-report', '--out', join(tmp(), 'quiet')]);
    expect(q.code).toBe(0);
    expect(q.stderr).toBe('');
  });
});

// Node's own recursive mkdir never returns on a path under /proc (it retries a level that cannot be
// made); volley makes folders one level at a time and refuses at once.
describe.runIf(existsSync('/proc/self'))('an output folder that cannot be made', () => {
  it('is refused at once, not retried for ever', async () => {
    const { child, done } = startVolley(['run', TOWN, ...quick, '--out', '/proc/volley-no-such/x']);
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const r = await done;
    clearTimeout(guard);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^volley: --out: cannot make folder \/proc\/volley-no-such\/x \(ENOENT at \/proc\/volley-no-such\); choose another --out$/);
  });

  it('a device given as the file is refused unread (it would never end)', async () => {
    const { child, done } = startVolley(['validate', '/dev/zero']);
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const r = await done;
    clearTimeout(guard);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('volley: /dev/zero: cannot read: a device, not a file');
  });

  it('a FIFO given as the file is refused unread (it would wait for a writer for ever)', async () => {
    const fifo = join(tmp(), 'pipe.scenario.yaml');
    execFileSync('mkfifo', [fifo]);
    const { child, done } = startVolley(['validate', fifo]);
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const r = await done;
    clearTimeout(guard);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`volley: ${fifo}: cannot read: a FIFO (named pipe), not a file`);
  });

  it('a folder given as the file is refused as a folder', async () => {
    const d = tmp();
    const r = await volleyHere(['validate', d]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`volley: ${d}: cannot read: a folder, not a file`);
  });

  it('a folder under a file is refused with the file named', async () => {
    const base = tmp();
    mkdirSync(join(base, 'ok'));
    writeFileSync(join(base, 'ok', 'f'), '');
    const r = await volleyHere(['trace', TOWN, '--engagement', '0', '--out', join(base, 'ok', 'f', 'deeper', 'still')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/ok\/f is a file; choose another --out$/);
  });
});

describe('--quiet on tournament and trace, as on the other commands', () => {
  it('tournament -q and trace -q print nothing and write their files', async () => {
    const base = tmp();
    const t = await volleyHere(['tournament', MEETING, '--doctrines', 'careful,aggressive', '-n', '2', '-w', '0', '-q', '--out', join(base, 't')]);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout + t.stderr).toBe('');
    expect(existsSync(join(base, 't', 'tournament.json'))).toBe(true);
    const r = await volleyHere(['trace', TOWN, '--engagement', '0', '-q', '--out', join(base, 'r')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toBe('');
    expect(existsSync(join(base, 'r', 'story.txt'))).toBe(true);
  });
});
