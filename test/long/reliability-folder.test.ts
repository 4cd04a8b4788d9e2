/**
 * The output folder of `volley run` (DESIGN.md, "Reliability"): one run at a time in it, someone
 * else's files left alone without --force, and a run whose results cannot all be written keeps its
 * checkpoint so that --resume writes them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startVolley, tmp, volley, waitFor } from '../reliability/cli.js';

const SCENARIO = 'sims/town-assault.scenario.yaml';
const LOCK = '.volley-lock';

function withoutTiming(dir: string): unknown {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  delete r.timing;
  return r;
}

describe('one run at a time in an output folder', () => {
  it('refuses a second run, --resume or --force, while the first runs; Ctrl-C frees the folder', async () => {
    const out = join(tmp(), 'busy');
    // Long enough (400 batches of at least 50 ms) never to end by itself while the checks run.
    const args = ['run', SCENARIO, '-n', '40000', '--batch', '100', '-w', '1', '--no-report', '--quiet', '--out', out];
    const first = startVolley(args, { VOLLEY_FAULT: 'delay:ms=50' });
    await waitFor(() => existsSync(join(out, 'checkpoint.ndjson')), 20_000, 'the first run to start');
    const [pid] = readFileSync(join(out, LOCK), 'utf8').trim().split(' ');
    expect(pid).toBe(String(first.child.pid));
    for (const extra of [[], ['--resume'], ['--force']]) {
      const second = volley([...args, ...extra]);
      expect(second.code, second.stderr).toBe(2);
      expect(second.stderr.trim()).toBe(
        `volley: ${out} is in use by another volley command (process ${pid}); wait for it to end, or choose another --out (if no volley command is writing there, delete ${join(out, LOCK)})`,
      );
    }
    first.child.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(readdirSync(out).sort()).toEqual(['checkpoint.ndjson']);
  });

  it('a process id that now names another program does not hold the folder', () => {
    const out = join(tmp(), 'reused');
    mkdirSync(out);
    // This test's own process, said to have started at another time: the id was reused.
    writeFileSync(join(out, LOCK), `${process.pid} 1\n`);
    const r = volley(['run', SCENARIO, '-n', '100', '--no-report', '--quiet', '--out', out]);
    if (existsSync(`/proc/${process.pid}/stat`)) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    } else {
      // Where the system does not say when a process started, the id alone decides.
      expect(r.code).toBe(2);
    }
  });

  it('takes over the lock a killed run left behind', () => {
    const out = join(tmp(), 'stale');
    mkdirSync(out);
    // The id of a process that has ended.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(out, LOCK), `${gone}\n`);
    const r = volley(['run', SCENARIO, '-n', '100', '--no-report', '--quiet', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['.volley-inputs', 'results.json']);
  });

  it('a folder holding only hidden files (a stale lock, a temporary file left by a kill) is used', () => {
    const out = join(tmp(), 'hidden');
    mkdirSync(out);
    writeFileSync(join(out, '.12345.678.tmp'), 'half');
    writeFileSync(join(out, '.DS_Store'), '');
    const r = volley(['run', SCENARIO, '-n', '100', '--no-report', '--quiet', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('the partial report file a kill left (.<hash>.<pid>.tmp) is removed by the next command that takes the folder; other hidden files stay', () => {
    const out = join(tmp(), 'killed');
    const first = volley(['run', SCENARIO, '-n', '50', '--quiet', '--out', out]);
    expect(first.code).toBe(0);
    // What writeFileAtomic leaves when killed between writing index.html's copy and the rename.
    writeFileSync(join(out, '.1234567.4242.tmp'), '<!doctype html><html><bo');
    writeFileSync(join(out, '.DS_Store'), '');
    const again = volley(['run', SCENARIO, '-n', '50', '--quiet', '--force', '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    const hidden = readdirSync(out).filter((f) => f.startsWith('.'));
    expect(hidden.sort()).toEqual(['.DS_Store', '.volley-inputs', '.volley-report']); // the report's list of its files stays
    // A trace folder is cleaned the same way.
    const traceOut = join(tmp(), 'trace');
    mkdirSync(traceOut);
    writeFileSync(join(traceOut, '.99.1.tmp'), 'half a story');
    const t = volley(['trace', SCENARIO, '--engagement', '0', '-q', '--out', traceOut]);
    expect(t.code, t.stderr).toBe(0);
    expect(readdirSync(traceOut).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe("someone else's folder", () => {
  it('is refused without --force, untouched, and written into with it', () => {
    const out = join(tmp(), 'mine');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), 'my page\n');
    writeFileSync(join(out, 'notes.txt'), 'my notes\n');
    const r = volley(['run', SCENARIO, '-n', '50', '--quiet', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`volley: ${out} is not empty and holds no volley run (index.html, notes.txt); add --force to write into it anyway, or choose another --out`);
    expect(readdirSync(out).sort()).toEqual(['index.html', 'notes.txt']);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('my page\n');

    const forced = volley(['run', SCENARIO, '-n', '50', '--quiet', '--no-report', '--force', '--out', out]);
    expect(forced.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['.volley-inputs', 'index.html', 'notes.txt', 'results.json']);
  });

  it('an empty folder is written into; an empty --out is refused', () => {
    const out = join(tmp(), 'empty');
    mkdirSync(out);
    expect(volley(['run', SCENARIO, '-n', '50', '--quiet', '--no-report', '--out', out]).code).toBe(0);
    const r = volley(['run', SCENARIO, '-n', '50', '--quiet', '--out', '']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('volley: --out: expected a folder, found nothing');
  });
});

describe("the other commands' folders (trace, tournament, tune, refit check)", () => {
  it('a trace of the same engagement is written again; another trace is not written over without --force; with it, it is', () => {
    const out = join(tmp(), 'trace');
    const args = ['trace', 'sims/village-assault.scenario.yaml', '--engagement', '3', '--out', out];
    expect(volley(args).code).toBe(0);
    const story = readFileSync(join(out, 'story.txt'), 'utf8');
    writeFileSync(join(out, 'story.txt'), 'kept\n');
    const same = volley(args);
    expect(same.code, same.stderr).toBe(0);
    expect(readFileSync(join(out, 'story.txt'), 'utf8')).toBe(story);
    writeFileSync(join(out, 'story.txt'), 'kept\n');
    const other = ['trace', 'sims/village-assault.scenario.yaml', '--engagement', '4', '--out', out];
    const again = volley(other);
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe(`volley: ${out} already holds a trace (story.txt) of other inputs (file, flags or build of volley); add --force to overwrite it, or choose another --out`);
    expect(readFileSync(join(out, 'story.txt'), 'utf8')).toBe('kept\n');
    const forced = volley([...other, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(out, 'story.txt'), 'utf8')).not.toBe('kept\n');
    expect(readdirSync(out).sort()).toEqual(['.volley-inputs', 'events.ndjson', 'story.txt', 'trace.html']);
  });

  // Each refusal comes before anything is played, so the arguments need only be good ones.
  const commands: [string, string, string[]][] = [
    ['tournament', 'tournament.json', ['tournament', 'sims/meeting-engagement.scenario.yaml', '-n', '2', '-w', '0']],
    ['tune', 'tune.json', ['tune', 'sims/village-assault.scenario.yaml', '--param', 'sides[0].formations[Div-Foy].demoralization', '--target', 'formation[Div-Foy].demoralizedByTurn[8] = 30%', '--range', '8..28', '-n', '20', '-w', '0']],
    ['refit check', 'refit-check.json', ['refit', 'check', 'sims/refit-village.refit.yaml', '--scenario', 'sims/village-assault.scenario.yaml', '-n', '2', '-w', '0']],
  ];
  for (const [what, marker, args] of commands) {
    it(`${what}: its earlier output, someone else's files and a folder in use are refused, untouched`, () => {
      const out = join(tmp(), what.replace(' ', '-'));
      mkdirSync(out);
      writeFileSync(join(out, marker), '{}\n');
      const earlier = volley([...args, '--out', out]);
      expect(earlier.code, earlier.stderr).toBe(2);
      expect(earlier.stderr.trim()).toBe(`volley: ${out} already holds a ${what} (${marker}) of other inputs (file, flags or build of volley); add --force to overwrite it, or choose another --out`);
      expect(readFileSync(join(out, marker), 'utf8')).toBe('{}\n');

      rmSync(join(out, marker));
      writeFileSync(join(out, 'notes.txt'), 'mine\n');
      const others = volley([...args, '--out', out]);
      expect(others.code, others.stderr).toBe(2);
      expect(others.stderr.trim()).toBe(`volley: ${out} is not empty and holds no volley ${what} (notes.txt); add --force to write into it anyway, or choose another --out`);

      // This test's process holds the folder (no start time given: the id alone decides).
      writeFileSync(join(out, LOCK), `${process.pid}\n`);
      const busy = volley([...args, '--out', out, '--force']);
      expect(busy.code, busy.stderr).toBe(2);
      expect(busy.stderr).toContain(`${out} is in use by another volley command (process ${process.pid})`);
      expect(readdirSync(out).sort()).toEqual([LOCK, 'notes.txt']);
    });
  }

  it("another command's output is named as such; --force writes a tournament beside it", () => {
    const out = join(tmp(), 'beside-a-run');
    expect(volley(['run', SCENARIO, '-n', '50', '--quiet', '--no-report', '--out', out]).code).toBe(0);
    const args = ['tournament', 'sims/meeting-engagement.scenario.yaml', '--doctrines', 'by-the-book,careful', '-n', '2', '-w', '0', '--out', out];
    const refused = volley(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`volley: ${out} holds a finished volley run (results.json), not a tournament; add --force to write into it anyway, or choose another --out`);
    const r = volley([...args, '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['.volley-inputs', 'results.json', 'tournament.html', 'tournament.json']);
    // And the other way round: a run is not written over a trace.
    const traced = join(tmp(), 'traced');
    mkdirSync(traced);
    writeFileSync(join(traced, 'story.txt'), 'a story\n');
    const run = volley(['run', SCENARIO, '-n', '50', '--quiet', '--no-report', '--out', traced]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`volley: ${traced} holds a trace (story.txt), not a volley run; add --force to write into it anyway, or choose another --out`);
  });
});

describe('results that cannot all be written', () => {
  it('keep the checkpoint, name the file, leave no temporary file, and --resume writes them', () => {
    const root = tmp();
    const out = join(root, 'blocked');
    // A folder where the report's index.html should go: the report cannot be written.
    mkdirSync(join(out, 'index.html'), { recursive: true });
    writeFileSync(join(out, 'index.html', 'in-the-way'), '');
    const args = ['run', SCENARIO, '-n', '300', '--batch', '100', '--quiet', '--export', 'csv', '--out', out];
    const r = volley([...args, '--force']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^volley: cannot write ${join(out, 'index.html')} \\((EISDIR|ENOTEMPTY|EEXIST)\\)\n`));
    expect(r.stderr).toContain(`every batch is saved in ${join(out, 'checkpoint.ndjson')}; continue with: npm run volley -- run ${SCENARIO}`);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(existsSync(join(out, 'checkpoint.ndjson'))).toBe(true);
    expect(existsSync(join(out, LOCK))).toBe(false);
    expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    rmSync(join(out, 'index.html'), { recursive: true });
    const resumed = volley([...args, '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(existsSync(join(out, 'checkpoint.ndjson'))).toBe(false);
    expect(existsSync(join(out, 'index.html'))).toBe(true);

    const ref = join(root, 'ref');
    expect(volley(['run', SCENARIO, '-n', '300', '--batch', '100', '--quiet', '--no-report', '--export', 'csv', '--out', ref]).code).toBe(0);
    expect(withoutTiming(out)).toEqual(withoutTiming(ref));
    expect(readFileSync(join(out, 'engagements.csv'), 'utf8')).toBe(readFileSync(join(ref, 'engagements.csv'), 'utf8'));
  });
});
